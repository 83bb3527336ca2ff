// The phone page of one seat (spec/web.md, docs/phones.md). No build step, nothing from the internet.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  let ws = null, words = {}, hello = null, state = null, nextId = 1, retry = 500, gone = false, wake = null;
  let staking = null, asked = null;  // the stake sent last (until its ack); the bounds on screen
  let typing = null, question = null, ticker = null;  // the answer sent last (until its ack); its question
  let pressing = 0;  // the id of the press sent last: a refusal of it is said under the screen
  const device = (() => {  // this phone's own id: a reconnect from it takes its seat back (nobody else's can)
    const fresh = () => {  // 128 random bits: the seat's link is on the projector, this id is not guessable
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    };
    let id = "";
    try { id = localStorage.getItem("quizshow-device") || ""; } catch (e) { /* private mode: this page's own */ }
    if (!/^[0-9a-z]{16,64}$/.test(id)) {
      id = fresh();
      try { localStorage.setItem("quizshow-device", id); } catch (e) { /* kept while the page lives */ }
    }
    return id;
  })();
  const clock = (t) => performance.timeOrigin + (t === undefined ? performance.now() : t);
  const say = (key, fallback) => words[key] || fallback || "";

  function phase(name) { body.className = "phase-" + name; }

  function connect() {
    if (gone) return;
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + location.pathname.replace(/\/$/, "") +
      "/ws?device=" + encodeURIComponent(device);
    ws = new WebSocket(url);
    ws.onopen = () => { retry = 500; };
    ws.onmessage = (e) => { let m; try { m = JSON.parse(e.data); } catch (x) { return; } receive(m); };
    ws.onclose = () => {
      ws = null;
      if (gone) return;
      phase("offline");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 3000);
    };
  }

  function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); }

  function receive(m) {
    if (m.t === "ping") {
      send({ t: "pong", id: m.id, c: clock() });
      if (typeof m.rtt_ms === "number") {
        // A clock the show does not trust (too slow to judge by): said on the pill, which turns red.
        const slow = m.trusted === false;
        $("rtt").textContent = m.rtt_ms + " " + say("ms", "мс") + (slow ? " · " + say("untrusted", "") : "");
        $("rtt").parentElement.classList.toggle("untrusted", slow);
      }
    } else if (m.t === "hello") {
      hello = m; words = m.words || {};
      document.documentElement.lang = m.lang || "ru";
      if (m.colour) document.documentElement.style.setProperty("--team", m.colour);
      document.title = m.name;
      fill();
    } else if (m.t === "state") {
      const before = state && state.phase;
      // A refusal said under the screen is about the moment it came: gone when the screen changes (a lit button
      // after «Отвечает Борис» must not keep saying it).
      if (before !== m.phase && $("said").classList.contains("no")) { $("said").textContent = ""; $("said").className = "said"; }
      state = m; render();
      if (m.phase === "answering" && before !== "answering" && navigator.vibrate) navigator.vibrate([200, 100, 200]);
    } else if (m.t === "ack" && staking && m.id === staking.id) {
      // What became of the stake, under the screen whatever the phase now (a bid taken passes the turn on).
      const taken = say("stake_taken." + (asked ? asked.kind : ""), say("stake_taken", "{value}"));
      tell(m.code === 200, m.code === 200 ? taken.replace("{value}", staking.value) : m.message);
      staking = null;
    } else if (m.t === "ack" && typing && m.id === typing.id) {
      // What became of the typed answer: «Ответ принят», or why not («Поздно…») — under the screen.
      tell(m.code === 200, m.code === 200 ? say("answer_taken") : m.message);
      typing = null;
    } else if (m.t === "ack" && m.id === pressing && m.code !== 200) {
      tell(false, m.message);  // a press refused: why, in the show's language («Кнопки сейчас закрыты»)
    } else if (m.t === "bye") {
      gone = true; phase("offline"); $("offline-title").textContent = say("replaced");
      document.querySelector("#offline .spinner").style.display = "none";
    }
  }

  function tell(ok, words) {  // a line under the screen (a refusal stays longer, to be read)
    const said = $("said");
    said.className = "said " + (ok ? "ok" : "no");
    said.textContent = words;
    clearTimeout(said.timer);
    said.timer = setTimeout(() => { said.textContent = ""; said.className = "said"; }, ok ? 6000 : 12000);
  }

  function text(id, value) { const el = $(id); if (el) el.textContent = value == null ? "" : value; }

  function fill() {  // the words that do not change with the state
    const name = hello.name, team = hello.team_name || hello.name;
    const seat = hello.solo ? "player_n" : "team_n";  // a solo contestant («Своя игра») is «Игрок», not «Команда»
    text("team-name", name); text("seat-name", name); text("seat-team", say(seat, "").replace("{n}", hello.team).toLowerCase());
    text("band-name", team); text("team-n", say(seat).replace("{n}", hello.team));
    text("pad-name", name); text("answering-name", name); text("title", hello.title);
    for (const [id, key] of [["waiting-title", "waiting"], ["joining", "joining"], ["keep-open", "keep_open"],
      ["score-label", "score"], ["ended-label", "score"], ["idle-title", "idle"], ["press-word", "press"],
      ["pressed-title", "pressed"], ["answering-title", "answering"], ["locked-sub", "locked_sub"],
      ["ended-title", "ended"], ["offline-title", "offline"], ["stake-title", "stake"], ["stake-send", "stake_send"],
      ["answer-title", "answer"]]) text(id, say(key));
    $("answer-text").placeholder = say(hello.solo ? "answer_placeholder_solo" : "answer_placeholder");
  }

  function quickValues(stake) {  // the values one tap away: the only legal ones, or the bounds (and ½ between them)
    if (stake.choices && stake.choices.length) return stake.choices.map((v) => [v, say("stake_value")]);
    const lo = stake.min, hi = stake.max, half = Math.round(hi / 2), found = [[lo, say("stake_min")]];
    if (half > lo && half < hi) found.push([half, "½"]);  // only where it is a choice of its own
    if (hi > lo) found.push([hi, say("stake_max")]);
    return found;
  }

  function render() {
    const s = state, score = s.score == null ? "" : String(s.score).replace("-", "\u2212");
    const line = say("score_line", "{score}").replace("{score}", score);
    text("score", score); text("ended-score", score);
    text("answering-score", line); text("locked-score", line);
    text(s.phase + "-hint", s.prompt);
    if (s.phase === "idle") {  // the headline says why the button is dark; the same words are not said twice
      text("idle-title", s.title || say("idle"));
      text("idle-hint", s.prompt === s.title ? "" : s.prompt);
    }
    if (s.phase === "open") text("press-hint", s.prompt);
    if (s.phase === "pressed") {  // the place in the queue where the format asks in order; none while settling
      text("place", s.place); text("place-text", s.place_text); text("behind", s.place > 1 ? s.behind : "");
      $("placebox").style.display = s.place == null ? "none" : "";
    }
    if (s.phase === "stake" && s.stake) {
      const st = s.stake, fixed = !!(st.choices && st.choices.length);
      if (!asked || asked.min !== st.min || asked.max !== st.max || asked.kind !== st.kind) {
        $("stake-value").value = ""; text("said", "");
        const quick = $("stake-quick"), values = quickValues(st);
        quick.textContent = ""; quick.style.gridTemplateColumns = "repeat(" + values.length + ", 1fr)";
        for (const [v, label] of values) {
          const b = document.createElement("button"); b.type = "button"; b.dataset.v = v;
          b.innerHTML = "<b></b><small></small>"; b.querySelector("b").textContent = v;
          b.querySelector("small").textContent = label;
          b.addEventListener("click", () => { $("stake-value").value = b.dataset.v; });
          quick.appendChild(b);
        }
      }
      asked = st;
      text("stake-title", say("stake_title." + st.kind, say("stake")));
      text("stake-send", say("stake_send." + st.kind, say("stake_send")));
      $("stake-value").readOnly = fixed;  // the cat's value: one of its choices, nothing typed
      text("stake-kept", st.held == null ? "" : say("stake_held", "{value}").replace("{value}", st.held));
    }
    if (s.phase !== "stake") asked = null;
    if (s.phase === "answer" && s.answer) {
      const kept = s.answer.text;
      // A new question: an empty field (or the answer taken so far, after a reload: to correct it).
      if (question !== s.answer.question) { $("answer-text").value = kept || ""; question = s.answer.question; }
      text("answer-kept", kept ? say("answer_yours", "{text}").replace("{text}", kept) : "");
      text("answer-send", say(kept ? "answer_resend" : "answer_send"));
      if (!ticker) ticker = setInterval(countdown, 250);
      countdown();
    } else if (ticker) { clearInterval(ticker); ticker = null; }
    if (s.phase === "locked") text("locked-title", s.why === "false_start" ? say("false_start") : say("locked"));
    phase(s.phase);
  }

  function countdown() {  // the seconds left, on this phone's own clock (until_ms is on it)
    const answer = state && state.answer ? state.answer : null, el = $("answer-left");
    const until = answer ? answer.until_ms : null;
    if (until == null) { el.textContent = say("answer_no_clock"); el.className = "left wait"; return; }
    // The hall's clock first (the minute, as the projector shows it), then the seconds after it by their name
    // («сдача ответов: 7 с»): the phone never counts a number the hall does not see.
    const hall = answer.clock_until_ms, now = clock(), onHall = hall != null && now < hall;
    const left = Math.ceil(((onHall ? hall : until) - now) / 1000);
    const key = onHall ? (answer.clock ? "answer_left_" + answer.clock : "answer_left")
      : (answer.then ? "answer_left_" + answer.then : "answer_left");
    el.textContent = left > 0 ? say(key, say("answer_left", "{s}")).replace("{s}", left) : say("answer_over");
    el.className = "left" + (left <= 10 ? " soon" : "");
  }

  function sendAnswer() {
    const words = $("answer-text").value.trim();
    if (!words) { tell(false, say("answer_empty")); $("answer-text").focus(); return; }
    if (!state || !state.answer) return;
    typing = { id: nextId++, text: words };
    $("said").textContent = "";
    send({ t: "answer", id: typing.id, question: state.answer.question, text: words, c: clock() });
  }
  $("answer-send").addEventListener("click", sendAnswer);
  $("answer-text").addEventListener("keydown", (e) => { if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); sendAnswer(); } });
  $("answer-text").addEventListener("focus", () => {  // the on-screen keyboard: keep the field and its button in sight
    setTimeout(() => $("answer-send").scrollIntoView({ block: "nearest" }), 300);
  });
  if (window.visualViewport) {  // the page is as tall as what the keyboard leaves visible
    const fit = () => document.documentElement.style.setProperty("--vh", window.visualViewport.height + "px");
    window.visualViewport.addEventListener("resize", fit); fit();
  }

  function press(e) {
    if (!state || (state.phase !== "open" && state.phase !== "idle")) return;
    if (hello && hello.buttons === false) return;  // a format of typed answers only: a tap is no press
    e.preventDefault();
    // The touch's own timestamp (ms since the page's time origin), not when this code got to run.
    const t = e.timeStamp > 1e12 ? e.timeStamp : clock(e.timeStamp);
    pressing = nextId;
    send({ t: "press", id: nextId++, c: t });
    keepAwake();
  }
  $("pad").addEventListener("pointerdown", press);
  function sendStake() {
    const value = parseInt($("stake-value").value.replace(/\D/g, ""), 10);
    if (isNaN(value)) { $("stake-value").focus(); return; }
    staking = { id: nextId++, value: value };
    $("said").textContent = "";
    send({ t: "stake", id: staking.id, value: value });
  }
  $("stake-send").addEventListener("click", sendStake);
  $("stake-value").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); sendStake(); } });
  $("idle").addEventListener("pointerdown", press);

  async function keepAwake() {
    try { if (!wake && navigator.wakeLock) { wake = await navigator.wakeLock.request("screen"); wake.onrelease = () => { wake = null; }; } }
    catch (e) { wake = null; }
  }
  document.addEventListener("pointerdown", keepAwake, { passive: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    keepAwake();
    if (!ws && !gone) { retry = 500; connect(); }  // the phone woke: back at once
  });
  phase("connecting");
  connect();
  keepAwake();
})();
