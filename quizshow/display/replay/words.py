"""The buzz replay's words: its phrases, a press's time in milliseconds, who each lane is, the heading, and the
verdict a host can read aloud. Text only (no pygame): the scene puts them on screen, the report prints them."""

from __future__ import annotations

from quizshow import i18n
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.history.presses import Race, ReplayPress, Timing, Verdict
from quizshow.i18n import decimal, number, phrase

PHRASES = {
    "ru": {
        "replay.title": "Повтор нажатий",
        "replay.none": "Нажатий пока не было",
        "replay.none_hint": "повтор покажет вопрос, на котором нажали кнопку",
        "replay.opened": "Кнопки открыты",
        "replay.false_zone": "Фальстарт",
        "replay.window_end": "окно закрыто",
        "replay.window_later": "окно закрылось на {when}",
        "replay.first": "раньше всех",
        "replay.false_start": "фальстарт {when}",
        "replay.legend.box": "кнопка: время по её часам",
        "replay.legend.phone": "телефон: время касания ± связь",
        "replay.legend.arrival": "клавиша, пульт: время прихода",
        "replay.question": "вопрос {n}",
        "replay.of": "{n} из {count}",
        "replay.ms": "{value} мс",
        "replay.s": "{value} с",
        "replay.verdict.first": "Первое нажатие: {first} — на {margin} раньше, чем {second}",
        "replay.verdict.alone": "Нажатие только одно: {first}",
        "replay.verdict.nobody": "Честных нажатий не было",
        "replay.verdict.certain": "Разница больше погрешности ({error}).",
        "replay.verdict.uncertain": "Разница в пределах погрешности ({error}): решено по измеренному времени.",
        "replay.verdict.exact": "Время — по часам кнопок.",
        "replay.verdict.arrival": "Время клавиши, пульта или кнопки без своих часов — когда нажатие пришло.",
        "replay.verdict.false_start": "{who}: нажатие до сигнала, фальстарт.",
        "replay.verdict.pressed_one": "нажал",
        "replay.verdict.pressed_many": "нажали",
        "replay.lane_player": "{team} · {player}",
    },
    "en": {
        "replay.title": "Buzz replay",
        "replay.none": "No presses yet",
        "replay.none_hint": "the replay shows a question on which a button was pressed",
        "replay.opened": "Buttons open",
        "replay.false_zone": "False start",
        "replay.window_end": "window closed",
        "replay.window_later": "window closed at {when}",
        "replay.first": "first",
        "replay.false_start": "false start {when}",
        "replay.legend.box": "box: timed by its own clock",
        "replay.legend.phone": "phone: touch time ± link",
        "replay.legend.arrival": "key, desk: time of arrival",
        "replay.question": "question {n}",
        "replay.of": "{n} of {count}",
        "replay.ms": "{value} ms",
        "replay.s": "{value} s",
        "replay.verdict.first": "{first} pressed first — {margin} ahead of {second}",
        "replay.verdict.alone": "Only {first} pressed",
        "replay.verdict.nobody": "No fair press",
        "replay.verdict.certain": "The margin is larger than the uncertainty ({error}).",
        "replay.verdict.uncertain": "The margin is within the uncertainty ({error}): decided by the measured times.",
        "replay.verdict.exact": "Timed by the boxes' clocks.",
        "replay.verdict.arrival": "A key, a desk or a button without its own clock is timed by when its press arrived.",
        "replay.verdict.false_start": "{who} {verb} before the signal: a false start.",
        "replay.verdict.pressed_one": "pressed",
        "replay.verdict.pressed_many": "pressed",
        "replay.lane_player": "{team} · {player}",
    },
}
i18n.add_phrases(PHRASES)


def ms(seconds: float, language: str, signed: bool = False) -> str:
    """A press's time or margin as the hall reads it: «+3,4 мс» under 10 ms (a box tells microseconds), «+37 мс»
    under a second, «+2,7 с» from a second on."""
    size = abs(seconds)
    if size < 0.00005:  # a tie, or the first press itself
        return phrase("replay.ms", language, value="+0" if signed else "0")
    if size >= 1:
        return phrase("replay.s", language, value=decimal(seconds, 1, language, signed))
    if size < 0.01:
        return phrase("replay.ms", language, value=decimal(seconds * 1000, 1, language, signed))
    return phrase("replay.ms", language, value=number(seconds * 1000, signed))


def tick(seconds: float, step: float, language: str) -> str:
    """A tick's time, as fine as the ticks are apart: «+500 мс», «+1,5 с», «+3,05 с», «0»."""
    if abs(seconds) < 1e-9:
        return "0"
    if abs(seconds) >= 1:
        places = 1 if step >= 0.1 - 1e-9 else 2 if step >= 0.01 - 1e-9 else 3
        return phrase("replay.s", language, value=decimal(seconds, places, language, signed=True))
    places = 0 if step >= 0.001 - 1e-9 else 1
    return phrase("replay.ms", language, value=decimal(seconds * 1000, places, language, signed=True))


def error_words(error: float, language: str) -> str:
    """«±18 мс»."""
    return "±" + ms(error, language)


def lane_name(race: Race, press: ReplayPress, language: str) -> str:
    """Who pressed: the team, or the player where each has a button of their own («Альфа · Ирина»)."""
    teams = race.state.teams
    if not 0 <= press.team < len(teams):
        return "—"
    team = teams[press.team]
    if press.player is None:
        return team.name
    roster = team.players
    player = roster[press.player] if 0 <= press.player < len(roster) else phrase("journal.player_no", language,
                                                                                   n=press.player + 1)
    return phrase("replay.lane_player", language, team=team.name, player=player)


def heading(fmt: Format, state: ShowState, language: str) -> str:
    """Which question: «Раунд 2 · Кино · вопрос 4 · 30 очков», as much as the format's position says."""
    pos = fmt.position(state)
    parts: list[str] = []
    if pos.get("stage_key"):
        parts.append(phrase(pos["stage_key"], language, n=pos.get("stage_n") or 1))
    else:
        round_key = pos.get("round_key", "console.round")
        round_no = pos.get("round")
        if round_key is not None and round_no is not None:
            parts.append(phrase(round_key, language, n=round_no + 1))
    if pos.get("theme"):
        parts.append(str(pos["theme"]))
    question = pos.get("question")
    if question is not None and not pos.get("stage_key"):
        parts.append(phrase(pos.get("question_key") or "replay.question", language,
                            n=pos.get("played") or int(question) + 1))
    value = pos.get("value")
    if isinstance(value, int) and value > 0 and not pos.get("value_key"):
        parts.append(phrase("scene.points", language, n=value))
    said = " · ".join(part for part in parts if part)
    return said[:1].upper() + said[1:]


def verdict_lines(race: Race, language: str) -> tuple[str, str]:
    """The verdict in one sentence a host can read aloud, and the line under it: whether the margin is larger
    than the presses' uncertainty; who pressed before the signal."""
    found: Verdict | None = race.verdict()
    notes: list[str] = []
    if found is None:
        headline = phrase("replay.verdict.nobody", language)
    elif found.second is None or found.margin is None:
        headline = phrase("replay.verdict.alone", language, first=lane_name(race, found.first, language))
    else:
        headline = phrase("replay.verdict.first", language, first=lane_name(race, found.first, language),
                          second=lane_name(race, found.second, language), margin=ms(found.margin, language))
        timings = {found.first.timing, found.second.timing}
        if found.error > 0:
            key = "replay.verdict.certain" if found.certain else "replay.verdict.uncertain"
            notes.append(phrase(key, language, error=error_words(found.error, language)))
        elif timings == {Timing.BOX}:
            notes.append(phrase("replay.verdict.exact", language))
        if Timing.ARRIVAL in timings:
            notes.append(phrase("replay.verdict.arrival", language))
    early = list(dict.fromkeys(lane_name(race, p, language) for p in race.false_starts))
    if early:
        verb = phrase("replay.verdict.pressed_one" if len(early) == 1 else "replay.verdict.pressed_many", language)
        notes.append(phrase("replay.verdict.false_start", language, who=", ".join(early), verb=verb))
    return headline, " ".join(notes)


def press_label(press: ReplayPress, race: Race, language: str) -> str:
    """The words beside a press: «+0 мс · раньше всех», «+37 мс (±18 мс)», «фальстарт −121 мс»."""
    if press.false_start:
        return phrase("replay.false_start", language, when=ms(press.time - race.opened, language, signed=True))
    margin = press.margin or 0.0
    said = ms(margin, language, signed=True) if margin else "+" + phrase("replay.ms", language, value="0")
    if press.place == 1:
        said += " · " + phrase("replay.first", language)
    if press.error:
        said += f" ({error_words(press.error, language)})"
    return said
