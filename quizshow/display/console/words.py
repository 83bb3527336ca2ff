"""The console's sentences (text only): a journal line and the undo button's label, where the show stands, a margin."""

from __future__ import annotations

from collections.abc import Sequence

from quizshow.core import commands as c
from quizshow.core.effects import EventKind
from quizshow.core.engine import Entry
from quizshow.core.format import Format
from quizshow.core.spec import JournalWords, valued
from quizshow.core.state import ShowState
from quizshow.i18n import Words, number


def quoted(text: str) -> str:
    """«text», unless it has guillemets of its own (no «««Внимание! Вопрос!»»», no ««Время!» — …»)."""
    return text if "«" in text else f"«{text}»"


def margin_text(seconds: float, words: Words) -> str:
    """A press's margin behind the first: in ms below a second (box presses differ by fractions of one),
    with the locale's decimal mark (Words.duration): «+0,3 мс», «+2,7 с»."""
    return words.duration(seconds, signed=True)


def margin_words(seconds: float, words: Words) -> str:
    return margin_text(seconds, words).replace("+", "на\u00a0" if words.language == "ru" else "by ", 1)


# Events that say what a command did, in the order they are looked for.
_EVENT_WORDS = {
    EventKind.FALSE_START: "journal.false_start", EventKind.CORRECT: "journal.correct",
    EventKind.WRONG: "journal.wrong", EventKind.SCORE: "journal.score", EventKind.WINNER: "journal.winner",
    EventKind.MATCH_RESULT: "journal.match_result", EventKind.FINAL_START: "journal.final_start",
    EventKind.ROUND_START: "journal.round_start", EventKind.REVEAL: "journal.reveal",
    EventKind.ANNOUNCE: "journal.announce", EventKind.TIMER_START: "journal.timer_start",
    EventKind.TIMER_STOP: "journal.timer_stop", EventKind.TIMER_EXPIRED: "journal.time_up",
}

# Events a format's own words say better (its command says which question, which table).
_TEAM_CHANGES = frozenset({EventKind.SCORE, EventKind.CORRECT, EventKind.WRONG, EventKind.WINNER})
# ... and the clock its own command started (the cat's value, the last bid): «Время пошло» says nothing of it.
_SAID_BETTER = _TEAM_CHANGES | {EventKind.TIMER_START}


def describe(entry: Entry, teams: list[str], words: Words, journal: JournalWords | None = None,
             fmt: object = None, players: Sequence[Sequence[str]] = (), after: ShowState | None = None,
             brief: bool = False) -> str:
    """One journal line (and the undo button's label) as a sentence about the game: «Борис: верно, +20»,
    «Фальстарт: Бета», «Открыт вопрос «Кино» за 40», «Далее: показан ответ», in `words`. `journal`: the format's own
    wording of its commands (FormatSpec.journal_words); `fmt` names board cells and final themes; `players`:
    each team's roster, to name who pressed where each player has a button; `after`: the state the step led
    to, when known — a Next or Back that says nothing else says where it went («Далее: вопрос 2», «Далее:
    табло, раунд 1»), or the question it opened; `brief`: the format's short words where it has them
    (`<key>.brief`: «Красный стол ответил верно» without who sits at it), for a label that must stay short."""
    cmd = entry.command

    say = words.say

    def team_name(team: object) -> str:
        return teams[team] if isinstance(team, int) and 0 <= team < len(teams) else "—"
    if entry.late and isinstance(cmd, c.Buzz):  # kept for the replay; it changed nothing
        return say("journal.press_late", team=team_name(cmd.team))

    own = journal(cmd) if journal is not None else None
    when = own[1].get("when") if own is not None else None  # words that fit only some steps (a table's verdict)
    if own is not None and callable(when):
        own = (own[0], {k: v for k, v in own[1].items() if k != "when"}) if when(entry.events) else None
    shown = valued(fmt.command_words(cmd, entry.events), entry.events, words) if isinstance(fmt, Format) else None
    own = valued(own, entry.events, words)  # values worked out from the events (what a ruling took, from whom)
    own_said = ""
    verdict = isinstance(cmd, c.Judge)  # a format may word a verdict itself (a table that answered, a player)
    # Its own command (namespaced, or declared in its folder: the ring's Ruling), a verdict or a discipline step.
    theirs = "." in type(cmd).journal_name or type(cmd).__module__ != c.__name__
    worded = verdict or isinstance(cmd, c.Discipline)
    if own is not None and (theirs or worded):
        # The format's own command (a namespaced journal name, «<format>.Mark») in its own words, rather than
        # the score change or verdict it made: «Совы: вопрос 1.7 засчитан», «Красный стол ответил верно:
        # Сфинкс». {who}: the names its events carry; {q}: the format's own name of question `number`
        # (`label`, «1.7»). Other events (a match result, a round begun) still speak first.
        key, values = own
        label = getattr(fmt, "label", None)
        asked = values.get("number")
        if isinstance(asked, int):
            values = {**values, "q": label(asked) if callable(label) else asked + 1}
        named = [e for e in entry.events if e.kind in (EventKind.CORRECT, EventKind.WRONG)] if verdict else []
        who = ", ".join(dict.fromkeys(e.name for e in named or entry.events if e.name and e.kind != EventKind.STAGE))
        found = say(key, **{"team": team_name(getattr(cmd, "team", None)), "who": who, **values})
        short = say(f"{key}.brief", **values) if brief else ""
        found = short if short and short != f"{key}.brief" else found
        own_said = found if found != key else ""
        if own_said and (worded or all(e.kind in _SAID_BETTER for e in entry.events)):
            return own_said
    said, said_by = "", None
    if isinstance(cmd, (c.Go, c.Back)) and shown is not None and \
            not any(e.kind == EventKind.QUESTION for e in entry.events):  # a step the format names itself
        step, done = say("action.go" if isinstance(cmd, c.Go) else "action.back"), say(shown[0], **shown[1])
        return f"{step}: {done[:1].lower()}{done[1:]}"
    if isinstance(cmd, c.Tick) and shown is not None:  # the clock ran out: the format says what follows
        return say(shown[0], **shown[1])
    for event in entry.events:
        name = event.name or team_name(event.team)  # an event may name who it means (a table's teams)
        if event.kind in (EventKind.BUZZ, EventKind.QUESTION) and shown is not None:
            return say(shown[0], **shown[1])  # in the format's words: the question, a table by its colour
        if event.kind == EventKind.BUZZ:
            if event.player is not None and isinstance(event.team, int):  # a button per player: say who
                roster = players[event.team] if 0 <= event.team < len(players) else ()
                who = roster[event.player] if 0 <= event.player < len(roster) else \
                    say("journal.player_no", n=event.player + 1)
                name = say("journal.player", team=name, player=who)
            if event.margin_s:
                return say("journal.buzz_later", team=name, margin=margin_words(event.margin_s, words))
            return say("journal.buzz", team=name)
        if event.kind == EventKind.TEAM_REMOVED and event.points:  # why a match ended: a team removed
            return say("journal.team_removed", team=event.name or name, n=event.points)
        if event.kind == EventKind.STAGE:  # a day's step (nesting matches): own words, else «journal.stage.<step>»
            if own_said:
                return own_said
            others = [e for e in entry.events if e is not event]
            stage_key = f"journal.stage.{event.name}"
            found = say(stage_key, who=", ".join(e.name for e in others if e.name),
                        n=next((e.points for e in others if e.points), ""))
            said = found if found != stage_key else ""
            break
        if event.kind == EventKind.ROUND_START and shown is not None:  # in the format's word: «начат бой 2»
            said = say(shown[0], **shown[1])
            break
        event_key = _EVENT_WORDS.get(event.kind)
        if event_key:
            said_by = event.kind
            said = say(event_key, team=name, points=number(event.points or 0, signed=True),
                       loss=", " + number(-(event.points or 0)) if event.points else "",  # «неверно, −10»
                       n=(event.round or 0) + 1).strip()
            break
    if isinstance(cmd, (c.Go, c.Back)):
        step = say("action.go" if isinstance(cmd, c.Go) else "action.back")
        opened = any(e.kind == EventKind.QUESTION for e in entry.events)  # «время пошло» says less than which
        if (not said or opened and said_by == EventKind.TIMER_START) and isinstance(fmt, Format) and after is not None:
            said = where_words(fmt, after, words)  # where it went: a question opened, the board, the tables
        return f"{step}: {said[:1].lower()}{said[1:]}" if said else say("journal.next_step", step=step)
    if said or own_said:
        return said or own_said
    command_key = {c.TimerStart: "journal.timer_start", c.TimerStop: "journal.timer_stop",
                   c.Announce: "journal.announce", c.ViewBlank: "journal.blank",
                   c.ViewScores: "journal.scores", c.ViewReplay: "journal.replay"}.get(type(cmd))
    if command_key:
        off = isinstance(cmd, (c.ViewBlank, c.ViewScores, c.ViewReplay)) and not cmd.on  # which way it went
        return say(f"{command_key}_off" if off else command_key)
    team = getattr(cmd, "team", None)
    if own is not None:
        words_key, values = own
    else:
        words_key = f"journal.{type(cmd).__name__}"
        values = {n: getattr(cmd, n) for n in ("theme", "question", "value", "amount") if hasattr(cmd, n)}
        player = getattr(cmd, "player", None)
        if isinstance(player, int):  # by the team's roster: «Альфа: отвечает Ирина Белова»
            roster = players[team] if isinstance(team, int) and 0 <= team < len(players) else ()
            values["player"] = roster[player] if 0 <= player < len(roster) else say("journal.player_no", n=player + 1)
        if isinstance(cmd, (c.ScoreAdd, c.ScoreSet)):
            values["points"] = number(cmd.points, signed=isinstance(cmd, c.ScoreAdd))
        elif isinstance(cmd, c.Judge):
            values["verdict"] = say("action.correct" if cmd.correct else "action.wrong").lower()
        elif isinstance(cmd, c.TimerAdd):  # «Убавлено время: 48 с», never «Добавлено время: -48 с»
            values["seconds"] = words.decimal(abs(cmd.seconds), None)
            words_key += "_less" if cmd.seconds < 0 else ""
    if shown is not None:
        words_key, values = shown
    found = say(words_key, team=team_name(team), **values)
    return found if found != words_key else say("journal.command", what=type(cmd).__name__)


def where_words(fmt: Format, state: ShowState, words: Words) -> str:
    """Where the show stands, in a few words for the operator: «перестрелка, вопрос 1 · ответ участника»,
    «раунд 2, вопрос 5 · ответ показан», «финал: ставки» (a format may name its stage in its view model:
    `stage_key`, a phrase with {n}, and `stage_n`)."""
    pos = fmt.position(state)
    parts = []
    if pos.get("stage_key"):
        parts.append(words.say(pos["stage_key"], n=pos.get("stage_n") or 1))
    elif (asked := pos.get("question")) is not None and not pos.get("between"):
        round_key = pos.get("round_key", "console.round")
        if round_key is not None:
            parts.append(words.say(round_key, n=(pos.get("round") or 0) + 1))
        n = pos.get("played") or asked + 1
        parts.append(words.say(pos.get("question_key") or "where.question", n=n))
    phase = words.say(pos.get("phase_key") or f"phase.{state.phase}").lower()
    where = ", ".join(parts)
    if where and parts[-1].lower().startswith(phase):  # «вопрос 2», never «вопрос 2 · вопрос»
        return where
    if where:
        return f"{where} · {phase}"
    # Between questions the phase alone («табло») is every round's: the round says which («табло, раунд 3»).
    round_key = pos.get("round_key", "console.round")
    round_no = pos.get("round")
    if round_key is None or round_no is None or pos.get("stage_key"):
        return phase
    in_round = words.say(round_key, n=round_no + 1)
    return in_round if in_round.lower().startswith(phase) else f"{phase}, {in_round}"
