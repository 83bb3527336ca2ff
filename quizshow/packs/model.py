"""The pack model: rounds of themes (a board or a themed sheet) or of plain questions."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

QUESTION_TYPES = ("regular", "cat", "auction", "sponsor")
CAT_RECEIVERS = ("others", "anyone")  # who the chooser may hand a cat to


@dataclass(frozen=True)
class CatInfo:
    theme: str | None = None
    values: tuple[int, ...] = ()
    to: str = "others"  # "anyone": the chooser may keep it (SIGame `selectionMode=any`)


@dataclass(frozen=True)
class Question:
    q: str
    a: str
    accept: tuple[str, ...] = ()
    comment: str | None = None
    source: str | None = None
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


HOST_QUESTION = Question(q="", a="", type="host")  # the pack ran out: the host reads one of their own
EMPTY_CELL = Question(q="", a="", type="empty")  # a hole in the board: nothing to choose there


@dataclass(frozen=True)
class Theme:
    name: str
    questions: tuple[Question, ...]
    line: int = 0


@dataclass(frozen=True)
class Round:
    name: str
    themes: tuple[Theme, ...] = ()
    questions: tuple[Question, ...] = ()  # a plain list (no themes)
    values: tuple[int, ...] | None = None
    final: bool = False
    reserve: bool = False
    line: int = 0

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

    @property
    def playing_rounds(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if not r.reserve)

    @property
    def reserve(self) -> tuple[Question, ...]:
        return tuple(q for r in self.rounds if r.reserve for q in r.all_questions)
