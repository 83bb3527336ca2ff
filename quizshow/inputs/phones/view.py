"""What a phone seat shows for the show's state (spec/web.md, «Show → phone»): pure.

Read from the format's phase flags (`buzzers_live`), the state's presses, `answering` and `locked`, and
the format's own `answering_seat` — never from a phase's name. A phone never learns an answer: nothing
here reads the question.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from quizshow import i18n
from quizshow.core.format import AnswerAsk
from quizshow.core.spec import PhaseFlags
from quizshow.core.state import ShowState

PHASES = ("waiting", "idle", "open", "pressed", "answering", "locked", "stake", "answer", "ended")


@dataclass(frozen=True)
class PhoneView:
    phase: str
    can_press: bool
    score: int | None
    prompt: str
    # Beyond the spec's fields (docs/phones.md): the pressed screen's place and lag, why a seat is out.
    place: int | None = None  # 1: first
    place_text: str | None = None  # «вы вторые»
    behind: str | None = None  # «+0,041 с» behind the first press
    why: str | None = None  # "false_start" on a locked seat that started early
    stake: dict[str, int] | None = None  # {"min": …, "max": …}: this seat's own bounds, never another's stake
    # {"question": Q, "until": show time | None, "text": the answer that counts so far | None, and where the
    # window runs past the hall's clock "clock_until": show time, "then": "hand_in" | "extra_minute"}: the
    # server turns `until` and `clock_until` into the phone's own clock (`until_ms`, `clock_until_ms`).
    answer: dict[str, object] | None = None

    def message(self) -> dict[str, object]:
        return {"t": "state", **asdict(self)}


def seat_view(state: ShowState, flags: PhaseFlags, team: int, player: int | None,
              answering: tuple[int, int | None] | None, finished: bool, accepted: bool = True,
              language: str = "ru", stake: tuple[int, int, str] | None = None,
              answer: AnswerAsk | None = None, buttons: bool = True) -> PhoneView:
    """`stake`: the bounds of what this seat may stake or bid now and the action it goes to (Format.stake_ask:
    `bid`, `stake`, `catvalue` — each has its own prompt), None: nothing. `answer`: the typed answer this seat
    may send now (Format.answer_ask); `buttons`: False where the format takes no presses at all (the written quiz:
its idle screen says when to type, not when the button lights)."""
    def say(key: str, **values: object) -> str:
        return i18n.phrase(f"phone.{key}", language, **values)

    score = state.teams[team].score if 0 <= team < len(state.teams) else None
    if not accepted:
        return PhoneView("waiting", False, score, say("waiting_hint"))
    if finished:
        return PhoneView("ended", False, score, say("ended_hint"))
    if stake is not None:
        return PhoneView("stake", False, score, say(f"stake_hint.{stake[2]}", low=stake[0], high=stake[1]),
                         stake={"min": stake[0], "max": stake[1]})
    if answer is not None:
        asked: dict[str, object] = {"question": answer.question, "until": answer.until, "text": answer.kept}
        if answer.clock_until is not None:  # the hall's clock ends first: the phone counts it, as the hall sees it
            asked["clock_until"] = answer.clock_until
        if answer.then is not None:  # the seconds after the hall's clock: «сдача ответов: 7 с»
            asked["then"] = answer.then
        return PhoneView("answer", False, score, say("answer_hint"), answer=asked)
    if answering is not None and answering[0] == team and (answering[1] is None or answering[1] == player):
        return PhoneView("answering", False, score, say("answering_hint"))
    if team in state.locked:
        banner = state.banner
        early = banner is not None and banner.team == team and banner.text_key == "banner.false_start"
        return PhoneView("locked", False, score, say("locked_hint"), why="false_start" if early else None)
    presses = state.presses
    mine = [p for p in presses.presses if p.team == team and (player is None or p.player == player)]
    if mine and (flags.buzzers_live or state.answering is not None):
        press = mine[0]
        place = (presses.team_order().index(team) if player is None else presses.presses.index(press)) + 1
        ordinals = say("ordinals").split("|")
        ordinal = ordinals[place - 1] if place <= len(ordinals) else f"{place}."
        lag = presses.margin(press)
        seconds = f"{lag:.3f}".replace(".", "," if language == "ru" else ".")
        return PhoneView("pressed", False, score, say("pressed_hint"), place=place,
                         place_text=say("place", ordinal=ordinal),
                         behind=f"+{seconds}{i18n.NBSP}{say('seconds')}")
    if flags.buzzers_live:
        return PhoneView("open", True, score, say("press_hint"))
    return PhoneView("idle", False, score, say("idle_hint" if buttons else "idle_hint_typed"))
