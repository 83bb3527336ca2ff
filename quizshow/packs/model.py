"""The pack model: rounds of themes (a board or a themed sheet) or of plain questions."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict

QUESTION_TYPES = ("regular", "cat", "auction", "sponsor")
CAT_RECEIVERS = ("others", "anyone")  # who the chooser may hand a cat to


class Credits(TypedDict):
    """What a round or theme says once for all its questions (Round/Theme fields of the same names)."""

    author: str | None
    source: str | None
    comment: str | None
    host: str | None


@dataclass(frozen=True)
class CatInfo:
    theme: str | None = None
    values: tuple[int, ...] = ()
    to: str = "others"  # "anyone": the chooser may keep it (SIGame `selectionMode=any`)


@dataclass(frozen=True)
class Question:
    q: str
    a: str
    accept: tuple[str, ...] = ()  # every other answer that counts («Зачёт», `=` in a .4s pack), one an entry
    reject: tuple[str, ...] = ()  # answers that do not count («Незачёт», `!=`): said to the operator, never accepted
    comment: str | None = None
    source: str | None = None  # several sources (authors) are one a line, as the pack lists them: `entries`
    author: str | None = None
    image: Path | None = None
    audio: Path | None = None
    type: str = "regular"  # one of QUESTION_TYPES, or "empty": a board cell with no question
    cat: CatInfo | None = None
    value: int | None = None
    line: int = 0
    video: Path | None = None
    host: str | None = None  # for the host's eyes only (console): lines to say, wrong versions, notes
    answer_image: Path | None = None  # the answer's own media, shown at the reveal
    answer_audio: Path | None = None
    answer_video: Path | None = None
    seconds: float | None = None  # how long the media runs before the clock may start (SIGame `duration`)
    wait: bool = True  # the clock waits for the question's sound or video to finish (SIGame `waitForFinish`)
    hint: str | None = None  # «помощь клуба» (written quiz): read or handed to a team that asks
    web: tuple[str, ...] = ()  # what the question shows from the web, not fetched: "image", "audio", "video", "html"
    # A ЧГК pack's own (`.4s`, docs/files.md): the number the pack gives the question (shown on the projector),
    # the handout's text, every picture (`image` is the first) and chgksuite's `big` (the picture's larger share).
    number: str | None = None
    handout: str | None = None
    images: tuple[Path, ...] = ()
    big_image: bool = False

    @property
    def empty(self) -> bool:
        return self.type == "empty"

    @property
    def zero(self) -> bool:
        """A warm-up question by its number, as chgksuite tells one: «0…» or «Размин…» (`№ 0`)."""
        return self.number is not None and self.number.strip().casefold().startswith(("0", "размин"))


def entries(text: str | None) -> tuple[str, ...]:
    """The authors (or sources) of a credit, as the pack wrote them: one a line, never split inside a line
    («Анна Иванова, Борис Петров (Москва)» is one line and stays one)."""
    return tuple(line.strip() for line in (text or "").split("\n") if line.strip())


HOST_QUESTION = Question(q="", a="", type="host")  # the pack ran out: the host reads one of their own
EMPTY_CELL = Question(q="", a="", type="empty")  # a hole in the board: nothing to choose there


@dataclass(frozen=True)
class Theme:
    name: str
    questions: tuple[Question, ...]
    line: int = 0
    # Said once for the whole theme (SIGame's theme info), inherited by its questions when shown (`credited`).
    author: str | None = None
    source: str | None = None
    comment: str | None = None  # for the host, with every question of the theme («Назовите исполнителя»)
    host: str | None = None  # the host's notes for the whole theme


@dataclass(frozen=True)
class Round:
    name: str
    themes: tuple[Theme, ...] = ()
    questions: tuple[Question, ...] = ()  # a plain list (no themes)
    values: tuple[int, ...] | None = None
    final: bool = False
    reserve: bool = False
    line: int = 0
    warmup: bool = False  # a warm-up («Разминка»): played first, never scored (the written quiz: docs/written.md)
    author: str | None = None  # the round's own, inherited by its themes' questions when shown
    source: str | None = None
    comment: str | None = None  # for the host once, at start-up (an imported pack's notes), not per question
    host: str | None = None  # the host's notes for every question of the round

    @property
    def all_questions(self) -> tuple[Question, ...]:
        """Every question in reading order: theme by theme, or the plain list."""
        if self.themes:
            return tuple(q for theme in self.themes for q in theme.questions)
        return self.questions


@dataclass(frozen=True)
class Pack:
    title: str
    path: Path
    rounds: tuple[Round, ...]
    author: str | None = None
    language: str = "ru"
    report: tuple[str, ...] = ()  # an imported pack's import report (English: --check, --import, the log)
    # What the host is told at start-up, in the show's language: (phrase key, its values) — the summary of
    # an imported pack and the pack's notes for the host (a SIGame round's comment).
    notes: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    source: str | None = None  # the pack's own, inherited by every question without one when shown
    comment: str | None = None  # about the pack (SIGame's package comment): not shown during the game
    id: str | None = None  # the SIGame package id: an imported pack's, or the one its first export made

    @property
    def playing_rounds(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if not r.reserve)

    @property
    def reserve(self) -> tuple[Question, ...]:
        return tuple(q for r in self.rounds if r.reserve for q in r.all_questions)


def credited(pack: Pack | None, question: Question) -> Question:
    """The question as the host sees it: author and source inherited from its theme, its round, then the pack
    (each said once where it belongs, not copied onto every question); the theme's and round's notes for the
    host added to its own. A question that is in no round of the pack is returned as it is."""
    if pack is None or question.empty:
        return question
    found = _places(pack).get(id(question))
    if found is None or found[0] is not question:
        return question
    _, theme, rnd = found
    levels = (question, theme, rnd, pack)
    author = next((x.author for x in levels if x.author), None)
    source = next((x.source for x in levels if x.source), None)
    host = "\n".join(x for x in (question.host, theme.host, rnd.host, theme.comment) if x) or None
    if (author, source, host) == (question.author, question.source, question.host):
        return question
    return replace(question, author=author, source=source, host=host)


_PLACES: list[tuple[Pack, dict[int, tuple[Question, Theme, Round]]]] = []  # the last pack asked about


def _places(pack: Pack) -> dict[int, tuple[Question, Theme, Round]]:
    """Each question of the pack (by identity) → its theme and round; kept for the pack the console shows."""
    if _PLACES and _PLACES[0][0] is pack:
        return _PLACES[0][1]
    places: dict[int, tuple[Question, Theme, Round]] = {}
    for rnd in pack.rounds:
        for theme in rnd.themes or (Theme(name="", questions=rnd.questions),):
            for q in theme.questions:
                places.setdefault(id(q), (q, theme, rnd))
    _PLACES[:] = [(pack, places)]
    return places


def rounds_credited(pack: Pack, joined: Pack) -> tuple[Round, ...]:
    """The pack's rounds as a show that joins several packs into `joined` (the first's title, author and
    source) plays them: where this pack's author or source differ from the joined pack's, its rounds carry
    them (unless they have their own), so each pack's credits stay with its own rounds."""
    if (pack.author, pack.source) == (joined.author, joined.source):
        return pack.rounds
    return tuple(replace(r, author=r.author or pack.author, source=r.source or pack.source) for r in pack.rounds)
