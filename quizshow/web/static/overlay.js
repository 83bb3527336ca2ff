// The broadcast overlay (docs/overlay.md): draws the show's snapshots from WS /overlay/ws over a
// transparent page. Read-only: it never sends anything. Scores count up, the answering team flashes,
// the clock counts down by itself between snapshots.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const params = new URLSearchParams(location.search);
  const layout = ["scores", "clock", "lower"].includes(params.get("layout")) ? params.get("layout") : "all";
  body.classList.replace("layout-all", "layout-" + layout);
  const countUp = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--count-up-s")) || 0.9;
  const MAX_TEAMS = 12, LEADERS = 10, RING = 150.8;
  let words = { answering: "Отвечает" };
  let clock = null, clockAt = 0;
  const pills = new Map(); // team number -> {li, name, score, shown, target, from, start}

  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/overlay/ws");
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.t === "hello") {
        words = msg.words || words;
        document.documentElement.lang = msg.lang || "ru";
      } else if (msg.t === "snapshot") {
        draw(msg);
      }
    };
    ws.onclose = () => setTimeout(connect, 1000); // the last picture stays on air meanwhile
  }

  function draw(s) {
    body.classList.remove("waiting");
    body.classList.toggle("blank", !!s.blank);
    document.documentElement.lang = s.lang || document.documentElement.lang;
    drawScores(s.teams || []);
    clock = s.clock; clockAt = performance.now();
    $("clock").classList.toggle("hidden", !clock);
    drawClock();
    const all = (s.teams || []).filter((t) => t.answering); // the melee's table: several at once
    const who = all[0];
    $("answering").classList.toggle("hidden", !who);
    if (who) {
      $("answering-label").textContent = words.answering + ":";
      $("answering-name").textContent = all.map((t) => t.name).join(", ");
      $("answering").style.setProperty("--team", who.colour);
      if ($("answering").dataset.team !== String(who.number)) { // a new answerer: play the entrance again
        $("answering").dataset.team = String(who.number);
        restart($("answering"));
      }
    } else {
      delete $("answering").dataset.team;
    }
    drawLine(s);
    drawWinner(s.winner || []);
    body.dataset.seq = String(s.seq); // (tests and custom CSS can read which snapshot is on screen)
  }

  function drawWinner(won) {  // the game decided: the winner's graphic, in its colour
    const box = $("winner");
    box.classList.toggle("hidden", !won.length);
    if (!won.length) { delete box.dataset.key; return; }
    $("winner-label").textContent = won.length > 1 ? (words.winners || "Победители") : (words.winner || "Победитель");
    $("winner-name").textContent = won.map((t) => t.name).join(", ");
    box.style.setProperty("--team", won[0].colour);
    const key = won.map((t) => t.number).join(",");
    if (box.dataset.key !== key) { box.dataset.key = key; restart(box); }
  }

  function shownTeams(teams) {
    if (teams.length <= MAX_TEAMS) return teams;
    // A big written quiz: the leaders, and whoever answers now, readable from the back of the hall.
    const leaders = [...teams].sort((a, b) => b.score - a.score || a.number - b.number).slice(0, LEADERS);
    const answering = teams.filter((t) => t.answering && !leaders.includes(t));
    return [...leaders, ...answering];
  }

  function drawScores(all) {
    const teams = shownTeams(all);
    const list = $("scores");
    // Up to five in one row at full size; more: a grid of five or six columns, each as wide as its
    // longest name allows, names on up to two lines.
    const n = teams.length, rows = n <= 5 ? 1 : 2, cols = rows > 1 ? (n <= 10 ? 5 : 6) : Math.max(1, n);
    list.classList.toggle("rows", rows > 1);
    list.style.setProperty("--cols", String(cols));
    // A row's pills all as wide (a grid's columns as wide as their names): the score's column has a fixed width,
    // so a score that grows or turns negative never moves a pill sideways.
    list.style.setProperty("--pill-w", Math.min(420, Math.floor((1460 - 12 * (cols - 1)) / cols)) + "px");
    list.style.setProperty("--pill-h", (rows > 1 ? 70 : 84) + "px");
    list.style.setProperty("--name-px", (rows > 1 ? 27 : 31) + "px");
    list.style.setProperty("--score-px", (rows > 1 ? 44 : 52) + "px");
    const keep = new Set(teams.map((t) => t.number));
    for (const [number, pill] of pills) {
      if (!keep.has(number)) { pill.li.remove(); pills.delete(number); }
    }
    teams.forEach((t, i) => {
      let pill = pills.get(t.number);
      if (!pill) {
        const li = document.createElement("li");
        li.className = "panel enter";
        li.innerHTML = '<span class="name"></span><span class="score"></span>';
        pill = { li, name: li.firstChild, score: li.lastChild, shown: t.score, target: t.score, from: t.score, start: 0 };
        pill.score.textContent = fmt(t.score);
        pill.score.classList.toggle("negative", t.score < 0);
        pills.set(t.number, pill);
      }
      if (list.children[i] !== pill.li) list.insertBefore(pill.li, list.children[i] || null);
      pill.li.dataset.team = String(t.number);
      pill.li.style.setProperty("--team", t.colour);
      if (pill.name.textContent !== t.name) { pill.name.textContent = t.name; pill.fitted = false; }
      const wasAnswering = pill.li.classList.contains("answering");
      pill.li.classList.toggle("answering", !!t.answering);
      if (t.answering && !wasAnswering) restart(pill.li);
      pill.li.classList.toggle("out", !!t.out && !t.answering);
      pill.score.dataset.target = String(t.score);
      if (!pill.fitted) { pill.fitted = true; requestAnimationFrame(() => fit(pill.name)); } // once laid out
      if (t.score !== pill.target) { // count up (or down) from what is on screen now
        pill.from = pill.shown; pill.target = t.score; pill.start = performance.now();
        pill.li.classList.remove("bump"); void pill.li.offsetWidth; pill.li.classList.add("bump");
      }
    });
  }

  function fit(el) { // smaller type before an ellipsis: a name is read whole
    el.style.fontSize = "";
    let px = parseFloat(getComputedStyle(el).fontSize);
    const min = $("scores").classList.contains("rows") ? 16 : 20;
    while ((el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1) && px > min) {
      px -= 1; el.style.fontSize = px + "px";
    }
  }

  function restart(el) { const a = el.style.animation; el.style.animation = "none"; void el.offsetWidth; el.style.animation = a; }

  function fmt(n) { return n < 0 ? "\u2212" + Math.abs(n) : String(n); }

  function drawLine(s) {
    const text = $("line-text");
    text.textContent = "";
    const parts = [];
    if (s.round) parts.push([s.round, "gold"]);
    if (s.question) {
      const q = s.question.split(" · ");
      q.forEach((p, i) => parts.push([p, i === q.length - 1 && q.length > 1 ? "gold" : ""]));
    }
    if (!parts.length && s.title) parts.push([s.title, ""]);
    parts.forEach(([p, cls], i) => {
      if (i) { const sep = document.createElement("span"); sep.className = "sep"; sep.textContent = "·"; text.append(sep); }
      const span = document.createElement("span");
      if (cls) span.className = cls;
      span.textContent = p;
      text.append(span);
    });
    $("line").classList.toggle("hidden", !parts.length);
    const key = text.textContent;
    if ($("line").dataset.key !== key) { $("line").dataset.key = key; restart($("line")); }
  }

  function drawClock() {
    if (!clock) return;
    let left = clock.left_s;
    if (clock.running) left = Math.max(0, left - (performance.now() - clockAt) / 1000);
    const secs = Math.ceil(left - 1e-6);
    const text = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
    if ($("clock-text").textContent !== text) $("clock-text").textContent = text;
    const share = clock.total_s > 0 ? Math.min(1, left / clock.total_s) : 0;
    $("ring").style.strokeDashoffset = String(RING * (1 - share));
    $("clock").classList.toggle("warn", clock.running && left <= 5 && clock.total_s > 5);
    $("clock").classList.toggle("stopped", !clock.running);
  }

  function frame(now) {
    for (const pill of pills.values()) {
      if (pill.shown === pill.target) continue;
      const k = Math.min(1, (now - pill.start) / (countUp * 1000));
      const eased = 1 - Math.pow(1 - k, 3);
      pill.shown = k >= 1 ? pill.target : Math.round(pill.from + (pill.target - pill.from) * eased);
      pill.score.textContent = fmt(pill.shown);
      pill.score.classList.toggle("negative", pill.shown < 0);
    }
    drawClock();
    requestAnimationFrame(frame);
  }

  function scale() { // a source of another size (1280×720, 3840×2160) gets the same picture, scaled
    const k = Math.min(innerWidth / 1920, innerHeight / 1080);
    $("stage").style.transform = Math.abs(k - 1) < 1e-3 ? "" : "scale(" + k + ")";
  }
  addEventListener("resize", scale);
  scale();
  requestAnimationFrame(frame);
  if (document.fonts) { // the theme's font came in: names are measured again in it
    document.fonts.addEventListener("loadingdone", () => pills.forEach((pill) => fit(pill.name)));
  }
  connect();
})();
