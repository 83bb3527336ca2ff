"""Typed answers (a phone's `answer`, spec/web.md): what a format keeps of them and the operator's hint.

Pure. A format that takes typed answers (the written quiz, «Своя игра»'s final) keeps, per team and
question, the last answer sent in time (by its own sent time, not by when it arrived) and the last one sent
too late; the console shows them beside the marks, with a suggestion where the text matches the question's
answer or an accepted form — the operator still decides: nothing here marks anything.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

MAX_TEXT = 500  # characters of one typed answer (spec/web.md)


@dataclass(frozen=True)
class Typed:
    """One team's typed answer to a question: `sent` on the show clock (the phone's clock mapped, clamped as
    a press is); `late`: sent after the window closed — kept for the journal and the console, never counted."""

    team: int
    question: int
    text: str
    sent: float
    late: bool = False


def keep(kept: tuple[Typed, ...], new: Typed) -> tuple[Typed, ...]:
    """`kept` with `new`: per team, question and lateness the one sent last stays (an answer that arrives
    after a later-sent one it overtook on the way replaces nothing)."""
    same = next((t for t in kept if (t.team, t.question, t.late) == (new.team, new.question, new.late)), None)
    if same is not None and same.sent > new.sent:
        return kept
    return (*(t for t in kept if t is not same), new)


def find(kept: tuple[Typed, ...], team: int, question: int, late: bool = False) -> Typed | None:
    return next((t for t in kept if (t.team, t.question, t.late) == (team, question, late)), None)


_NOT_WORD = re.compile(r"[\W_]+", re.UNICODE)


@lru_cache(maxsize=4096)  # the console asks once a frame for every team
def normalise(text: str) -> str:
    """Case, «ё»/«е», punctuation, quotes and spaces aside: «Ёж, ёлка!» and "ЕЖ ЕЛКА" read the same."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")
    return " ".join(_NOT_WORD.sub(" ", folded).split())


@lru_cache(maxsize=256)
def forms(answer: str, accept: tuple[str, ...] = (), reject: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The forms a typed answer may match, normalised: the answer, the answer without its [optional] parts
    (a club pack's «Пушкин [Александр Сергеевич]»), every «зачёт» form (several in one entry split by «;»).
    A «незачёт» form (`reject`) is never one, even where it reads like the answer; nor is an entry an older
    import wrote as «не засчитывать: …»."""
    found: list[str] = []
    candidates = [answer, re.sub(r"\[[^\]]*\]", " ", answer), answer.replace("[", " ").replace("]", " ")]
    for entry in accept:
        if entry.casefold().startswith("не засчитывать"):
            continue
        candidates += entry.split(";")
    refused = rejected(reject)
    for candidate in candidates:
        norm = normalise(candidate)
        if norm and norm not in found and norm not in refused:
            found.append(norm)
    return tuple(found)


def rejected(reject: tuple[str, ...]) -> frozenset[str]:
    """The «незачёт» forms, normalised (several in one entry split by «;»)."""
    return frozenset(n for entry in reject for part in entry.split(";") if (n := normalise(part)))


def matches(text: str, answer: str, accept: tuple[str, ...] = (), reject: tuple[str, ...] = ()) -> bool:
    """The typed text reads as the answer or one of its accepted forms, and as none of its not-accepted ones
    (the console's suggestion: the operator decides)."""
    norm = normalise(text)
    return bool(norm) and norm in forms(answer, accept, reject)


# What a player's text may carry that must not reach a screen as it is: line and paragraph breaks (a space),
# control characters (NUL breaks the font's drawing, ESC a terminal), bidi controls (an override makes an answer
# read differently to the operator), zero-width and other invisible format characters, lone surrogates.
_BREAKS = frozenset("\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029")
HIDDEN = "\u00b7"  # «·»: something invisible was here


@lru_cache(maxsize=4096)  # the console asks once a frame for every team
def shown(text: str) -> str:
    """A player's text made safe to show (the console, the journal's words, the report, an export): every
    break a space, every control, format (bidi, zero-width) or surrogate character a visible «·». The one place
    that decides it: whatever shows a phone's text shows `shown(text)`."""
    out = []
    for ch in text:
        if ch in _BREAKS:
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            out.append(HIDDEN)
        else:
            out.append(ch)
    return "".join(out)


def short(text: str, most: int = 60) -> str:
    """A typed answer in a journal line: shown safely (`shown`), one line, at most `most` characters."""
    flat = " ".join(shown(text).split())
    return flat if len(flat) <= most else flat[:most - 1] + "…"


def journal_words(cmd: object) -> tuple[str, dict[str, object]] | None:
    """A format's words for a phone's typed answer (phrases `journal.typed_answer`, `…_late` in its tables)."""
    from quizshow.core.commands import TypedAnswer

    if not isinstance(cmd, TypedAnswer):
        return None
    return ("journal.typed_answer_late" if cmd.late else "journal.typed_answer"), {"text": short(cmd.text)}


# The words of those lines and of the refusals a format taking typed answers may give (added to its tables).
PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "journal.TypedAnswer": "{team}: ответ с телефона",
        "journal.typed_answer": "{team}: ответ с телефона — «{text}»",
        "journal.typed_answer_late": "{team}: ответ с телефона пришёл поздно — «{text}»",
        "refusal.an answer needs some text": "Ответ пустой",
        "refusal.there is no question {n} to answer now": "Сейчас нет вопроса {n}, на который можно ответить",
        "refusal.typed answers are not taken now": "Сейчас ответы с телефона не принимаются",
        "refusal.the final's answers are typed by its contestants": "Ответ в финале пишут только его участники",
    },
    "en": {
        "journal.TypedAnswer": "{team}: answer from the phone",
        "journal.typed_answer": "{team}: answer from the phone — «{text}»",
        "journal.typed_answer_late": "{team}: answer from the phone came late — «{text}»",
        "refusal.an answer needs some text": "the answer is empty",
        "refusal.there is no question {n} to answer now": "there is no question {n} to answer now",
        "refusal.typed answers are not taken now": "typed answers are not taken now",
        "refusal.the final's answers are typed by its contestants": "the final's answers are typed by its contestants",
    },
}
