"""What a phone seat shows for the show's state (spec/web.md, «Show → phone»): pure.

Whether the seat may press comes from the format's one answer (`Format.press_answer`: the Buzz the press would
be, tried by the reducer), with its refusal as the words under the screen; the stake and the typed answer from
the format's capabilities (`Stakes.stake_ask`, `TypedAnswers.answer_ask`). Nothing here works a rule out again,
nor reads a phase's name. A phone never learns an answer (nothing here reads the question), nor who answers
before the hall is told (`ShowState.settling`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from quizshow.core.capabilities import AnswerAsk, StakeAsk
from quizshow.core.format import PressAnswer, PressKind, Refused
from quizshow.core.state import ShowState
from quizshow.i18n import NBSP, Words

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
    # {"min", "max", "kind": the action (bid, stake, catvalue), "choices": the only values allowed ([]: any from min
    # to max), "held": what this seat holds already}: this seat's own, never another's stake
    stake: dict[str, object] | None = None
    # {"question": Q, "until": show time | None, "text": the answer that counts so far | None, and where the
    # window runs past the clock the hall sees "clock_until": show time, "clock": what that clock is
    # ("extra_minute"), "then": "hand_in" | "extra_minute"}: the server turns `until` and `clock_until` into the
    # phone's own clock (`until_ms`, `clock_until_ms`).
    answer: dict[str, object] | None = None
    title: str | None = None  # the idle screen's headline («Ждём вопроса», «Ставка принята: 300»)
    held: int | None = None  # the stake or bid this seat holds (shown until the phase moves on)

    def message(self) -> dict[str, object]:
        return {"t": "state", **asdict(self)}


@dataclass(frozen=True)
class SeatFacts:
    """What the format says about one seat now (runtime/web/phones.py asks it; tests build it)."""

    press: PressAnswer | None  # None: the format takes no presses at all (the written quiz)
    stake: StakeAsk | None = None
    held: int | None = None  # Stakes.stake_held
    answer: AnswerAsk | None = None
    typed_why: Refused | None = None  # why it may not type now (TypedAnswers.typed_refusal)
    live: bool = False  # a question is being played (the phase's `buzzers_live`): the idle screen's headline
    score: int | None = None  # the score the hall has been shown (Format.seat_score)


def seat_view(state: ShowState, team: int, player: int | None, facts: SeatFacts, finished: bool, words: Words,
              accepted: bool = True) -> PhoneView:
    """The seat's screen in the show's words: not yet accepted, the game over, a stake or a typed answer to give,
    then what a press would be now (the format's answer)."""
    def say(key: str, **values: object) -> str:
        return words.say(f"phone.{key}", **values)

    def refused(why: Refused | None) -> str:
        return "" if why is None else words.refusal(why.template, why.values)

    score = facts.score
    held = facts.held
    if not accepted:
        return PhoneView("waiting", False, score, say("waiting_hint"))
    if finished:
        return PhoneView("ended", False, score, say("ended_hint"))
    stake = facts.stake
    if stake is not None:
        choices = list(stake.choices)
        hint = say(f"stake_hint.{stake.action}", low=stake.low, high=stake.high,
                   values=say("or").join(str(v) for v in choices))
        return PhoneView("stake", False, score, hint, stake={"min": stake.low, "max": stake.high, "kind": stake.action,
                                                             "choices": choices, "held": held}, held=held)
    if facts.answer is not None:
        ask = facts.answer
        asked: dict[str, object] = {"question": ask.question, "until": ask.until, "text": ask.kept}
        if ask.clock_until is not None:  # the clock the hall sees ends first: the phone counts it, as the hall does
            asked["clock_until"] = ask.clock_until
            if ask.clock is not None:
                asked["clock"] = ask.clock  # «доп. минута: 59 с», as the team's own clock on the projector
        if ask.then is not None:  # the seconds after it: «сдача ответов: 7 с»
            asked["then"] = ask.then
        return PhoneView("answer", False, score, say("answer_hint"), answer=asked)
    title = say("stake_held", value=held) if held is not None else None
    press = facts.press
    if press is None:  # a format of typed answers only: when it may type, or why not («автор вопроса»)
        why = refused(facts.typed_why)
        return PhoneView("idle", False, score, why or say("idle_hint_typed"), title=title or why or say("idle"),
                         held=held)
    settling = state.settling is not None
    mine = [p for p in state.presses.presses if p.team == team and (player is None or p.player == player)]
    if settling and (press.kind is PressKind.ANSWERING or (mine and not press.taken)):
        # Its press is in; who answers is told once no earlier press can still come.
        return PhoneView("pressed", False, score, say("settling_hint"), held=held)
    if press.kind is PressKind.ANSWERING:
        return PhoneView("answering", False, score, say("answering_hint"), held=held)
    if press.taken:
        return PhoneView("open", True, score, say("press_hint"), held=held)
    if press.kind is PressKind.OUT:
        banner = state.banner
        early = banner is not None and banner.team == team and banner.text_key == "banner.false_start"
        return PhoneView("locked", False, score, say("locked_hint"), why="false_start" if early else None, held=held)
    if press.kind is PressKind.QUEUED and mine:
        presses = state.presses
        place = presses.team_order().index(team) + 1 if player is None else presses.presses.index(mine[0]) + 1
        ordinals = say("ordinals").split("|")
        ordinal = ordinals[place - 1] if place <= len(ordinals) else f"{place}."
        seconds = f"{presses.margin(mine[0]):.3f}".replace(".", "," if words.language == "ru" else ".")
        return PhoneView("pressed", False, score, say("pressed_hint"), place=place,
                         place_text=say("place", ordinal=ordinal),
                         behind=f"+{seconds}{NBSP}{say('seconds')}", held=held)
    if press.kind is PressKind.EARLY:  # a tap now would be a false start: the button stays dark
        return PhoneView("idle", False, score, say("early_hint"), title=title or say("early"), held=held)
    if settling:  # never the name of who answers before the hall hears it
        return PhoneView("idle", False, score, say("settling_others"), title=title or say("settling"), held=held)
    why = refused(press.why)
    # While a question is played (not by this seat now) the reason is the headline: «Отвечает Борис».
    headline = title or (why if facts.live and why else say("idle"))
    return PhoneView("idle", False, score, why, title=headline, held=held)
