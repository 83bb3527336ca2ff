"""The buzz replay's words: a press's time in milliseconds, who each lane is, the heading, and the verdict a
host can read aloud (its phrase table is phrases.py). Text only (no pygame): the scene puts them on screen, the
report prints them."""

from __future__ import annotations

from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.history.presses import Race, ReplayPress, Timing, Verdict
from quizshow.i18n import Words, decimal, number


def ms(seconds: float, words: Words, signed: bool = False) -> str:
    """A press's time or margin as the hall reads it: «+3,4 мс» under 10 ms (a box tells microseconds), «+37 мс»
    under a second, «+2,7 с» from a second on."""
    size = abs(seconds)
    if size < 0.00005:  # a tie, or the first press itself
        return words.say("replay.ms", value="+0" if signed else "0")
    if size >= 1:
        return words.say("replay.s", value=decimal(seconds, 1, words.language, signed))
    if size < 0.01:
        return words.say("replay.ms", value=decimal(seconds * 1000, 1, words.language, signed))
    return words.say("replay.ms", value=number(seconds * 1000, signed))


def tick(seconds: float, step: float, words: Words) -> str:
    """A tick's time, as fine as the ticks are apart: «+500 мс», «+1,5 с», «+3,05 с», «0»."""
    if abs(seconds) < 1e-9:
        return "0"
    if abs(seconds) >= 1:
        places = 1 if step >= 0.1 - 1e-9 else 2 if step >= 0.01 - 1e-9 else 3
        return words.say("replay.s", value=decimal(seconds, places, words.language, signed=True))
    places = 0 if step >= 0.001 - 1e-9 else 1
    return words.say("replay.ms", value=decimal(seconds * 1000, places, words.language, signed=True))


def error_words(error: float, words: Words) -> str:
    """«±18 мс»."""
    return "±" + ms(error, words)


def lane_name(race: Race, press: ReplayPress, words: Words) -> str:
    """Who pressed: the team, or the player where each has a button of their own («Альфа · Ирина»)."""
    teams = race.state.teams
    if not 0 <= press.team < len(teams):
        return "—"
    team = teams[press.team]
    if press.player is None:
        return team.name
    roster = team.players
    player = roster[press.player] if 0 <= press.player < len(roster) else words.say("journal.player_no",
                                                                                     n=press.player + 1)
    return words.say("replay.lane_player", team=team.name, player=player)


def heading(fmt: Format, state: ShowState, words: Words) -> str:
    """Which question: «Раунд 2 · Кино · вопрос 4 · 30 очков», as much as the format's position says."""
    pos = fmt.position(state)
    parts: list[str] = []
    if pos.get("stage_key"):
        parts.append(words.say(pos["stage_key"], n=pos.get("stage_n") or 1))
    else:
        round_key = pos.get("round_key", "console.round")
        round_no = pos.get("round")
        if round_key is not None and round_no is not None:
            parts.append(words.say(round_key, n=round_no + 1))
    if pos.get("theme"):
        parts.append(str(pos["theme"]))
    question = pos.get("question")
    if question is not None and not pos.get("stage_key"):
        parts.append(words.say(pos.get("question_key") or "replay.question",
                               n=pos.get("played") or int(question) + 1))
    value = pos.get("value")
    if isinstance(value, int) and value > 0 and not pos.get("value_key"):
        parts.append(words.say("scene.points", n=value))
    said = " · ".join(part for part in parts if part)
    return said[:1].upper() + said[1:]


def verdict_lines(race: Race, words: Words) -> tuple[str, str]:
    """The verdict in one sentence a host can read aloud, and the line under it: whether the margin is larger
    than the presses' uncertainty; who pressed before the signal."""
    found: Verdict | None = race.verdict()
    notes: list[str] = []
    if found is None:
        headline = words.say("replay.verdict.nobody")
    elif found.second is None or found.margin is None:
        headline = words.say("replay.verdict.alone", first=lane_name(race, found.first, words))
    else:
        headline = words.say("replay.verdict.first", first=lane_name(race, found.first, words),
                             second=lane_name(race, found.second, words), margin=ms(found.margin, words))
        timings = {found.first.timing, found.second.timing}
        if found.error > 0:
            key = "replay.verdict.certain" if found.certain else "replay.verdict.uncertain"
            notes.append(words.say(key, error=error_words(found.error, words)))
        elif timings == {Timing.BOX}:
            notes.append(words.say("replay.verdict.exact"))
        if Timing.ARRIVAL in timings:
            notes.append(words.say("replay.verdict.arrival"))
    early = list(dict.fromkeys(lane_name(race, p, words) for p in race.false_starts))
    if early:
        verb = words.say("replay.verdict.pressed_one" if len(early) == 1 else "replay.verdict.pressed_many")
        notes.append(words.say("replay.verdict.false_start", who=", ".join(early), verb=verb))
    return headline, " ".join(notes)


def press_label(press: ReplayPress, race: Race, words: Words) -> str:
    """The words beside a press: «+0 мс · раньше всех», «+37 мс (±18 мс)», «фальстарт −121 мс»."""
    if press.false_start:
        return words.say("replay.false_start", when=ms(press.time - race.opened, words, signed=True))
    margin = press.margin or 0.0
    said = ms(margin, words, signed=True) if margin else "+" + words.say("replay.ms", value="0")
    if press.place == 1:
        said += " · " + words.say("replay.first")
    if press.error:
        said += f" ({error_words(press.error, words)})"
    return said
