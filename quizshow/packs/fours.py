"""The `.4s` text format of ЧГК packs (chgksuite), so a club's existing pack plays as it is.

Written from the format's public description: each field is a line starting with its marker, then
spaces, then the text; a field goes on over single line breaks and ends at a blank line or the next
marker. Markers: `###` the title, `##` a tour, `#` information (`#DATE`, `#EDITOR`, `###LJ` alike),
`№`/`№№` numbering, `?` question, `!` answer, `=` accepted, `!=` not accepted, `/` comment, `^` sources,
`@` authors. `(img file)` in a question is its handout picture; `(PAGEBREAK)` is dropped.

Our extension, harmless to chgksuite (it reads `#` lines as information): `#HINT text` after a question
is its «помощь клуба». A tour named «Резерв…», «Запасн…» or «Доп…» holds the extra questions.
Problems are reported as FILE:LINE like the YAML packs; every size has a limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from quizshow.packs.model import Pack, Question, Round
from quizshow.yamlfile import Problems, text_problem

MAX_BYTES = 2_000_000
MAX_QUESTIONS = 1000
MAX_TOURS = 50
MAX_FIELD = 20_000  # characters in one field
IMAGE_TYPES = (".png", ".jpg", ".jpeg")
# Longest first: `!=` before `!`, `###` before `##` before `#`.
MARKERS = ("###LJ", "###", "##", "#DATE", "#EDITOR", "#HINT", "#", "№№", "№", "!=", "?", "!", "=", "/", "^", "@")
QUESTION_FIELDS = {"!": "a", "=": "accept", "!=": "reject", "/": "comment", "^": "source", "@": "author",
                   "#HINT": "hint"}
RESERVE_NAMES = re.compile(r"^\s*(резерв|запасн|доп)", re.IGNORECASE)
IMG = re.compile(r"\(img\s+([^)]+)\)")


@dataclass
class _Draft:
    line: int
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class _Tour:
    name: str
    line: int
    questions: list[Question] = field(default_factory=list)


def _marker(line: str) -> tuple[str, str] | None:
    for marker in MARKERS:
        if line.startswith(marker):
            rest = line[len(marker):]
            if not rest or rest[0].isspace() or marker in ("?", "!", "=", "/", "^", "@", "!=", "№", "№№"):
                return marker, rest.strip()
    return None


def _clean(text: str) -> str:
    text = text.replace("(PAGEBREAK)", "")
    text = re.sub(r"(?<!\\)_([^_\n]+)(?<!\\)_", r"\1", text)  # _italics_
    text = text.replace("\\_", "_")
    text = re.sub(r"\[Раздаточный материал:\s*\]", "", text)
    return "\n".join(part.rstrip() for part in text.strip().split("\n")).strip()


def parse_fours(text: str, path: Path, problems: Problems) -> Pack | None:
    """A pack from .4s text; every problem at once, each with its line."""
    def error(line: int, message: str) -> None:
        problems.add(path, line, message)

    title: str | None = None
    editor: str | None = None
    tours: list[_Tour] = []
    draft: _Draft | None = None
    current: tuple[str, int] | None = None  # (what the open field is, the line it started)
    values: dict[tuple[str, int], str] = {}
    count = 0

    def finish() -> None:
        nonlocal draft
        if draft is None:
            return
        question = _question(draft, path, error)
        if question is not None:
            if not tours:
                tours.append(_Tour("Тур 1", draft.line))
            tours[-1].questions.append(question)
        draft = None

    def grow(key: tuple[str, int], value: str, number: int) -> None:
        """The open field's text so far, held to the length limit (the first line counts too)."""
        if len(value) > MAX_FIELD:
            error(number, f"a field is too long: {len(value)} characters (at most {MAX_FIELD})")
            value = value[:MAX_FIELD]
        values[key] = value
        _store(draft, key, value)

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        problem = text_problem(line, "the line")  # the characters YAML refuses: a NUL never reaches a screen
        if problem is not None:
            error(number, problem)
            line = ""
        if not line.strip():
            current = None
            continue
        found = _marker(line)
        if found is None:
            if current is None:
                error(number, "expected a field: a line starting with ? ! = != / ^ @ ## ### or #")
                continue
            grow(current, values[current] + "\n" + line, number)
            continue
        marker, rest = found
        current = None
        if marker == "?":
            finish()
            count += 1
            if count > MAX_QUESTIONS:
                error(number, f"a pack holds at most {MAX_QUESTIONS} questions")
                return None
            draft = _Draft(number)
            current = ("q", number)
        elif marker in QUESTION_FIELDS:
            if draft is None:
                error(number, f"'{marker}' belongs to a question: put it after a line starting with ?")
                continue
            current = (QUESTION_FIELDS[marker], number)
        elif marker == "##":
            finish()
            if len(tours) >= MAX_TOURS:
                error(number, f"a pack holds at most {MAX_TOURS} tours")
                return None
            tours.append(_Tour(rest or f"Тур {len(tours) + 1}", number))
        elif marker == "###":
            title = title or rest
        elif marker == "#EDITOR":
            editor = editor or rest
        if current is not None:
            grow(current, rest, number)
    finish()
    rounds = []
    for tour in tours:
        if not tour.questions:
            error(tour.line, f"tour '{tour.name}' has no questions")
            continue
        rounds.append(Round(name=_clean(tour.name), questions=tuple(tour.questions),
                            reserve=bool(RESERVE_NAMES.match(tour.name))))
    if not rounds:
        error(1, "a pack needs at least one question (a line starting with ?)")
    return Pack(title=_clean(title or path.stem), path=path, rounds=tuple(rounds),
                author=_clean(editor) if editor else None)


def _store(draft: _Draft | None, key: tuple[str, int], value: str) -> None:
    if draft is not None:
        draft.fields[key[0]] = value


def _question(draft: _Draft, path: Path, error) -> Question | None:
    f = draft.fields
    text = f.get("q", "")
    image = None
    pictures = IMG.findall(text)
    if pictures:
        name = pictures[0].strip()
        candidate = (path.parent / name).resolve()
        if Path(name).suffix.lower() not in IMAGE_TYPES:
            error(draft.line, f"handout '{name}' must be one of: {', '.join(IMAGE_TYPES)}")
        elif not candidate.is_file():
            error(draft.line, f"handout '{name}' not found beside the pack")
        else:
            image = candidate
        text = IMG.sub("", text)
    text, answer = _clean(text), _clean(f.get("a", ""))
    if not text and image is None:
        error(draft.line, "the question has no text")
    if not answer:
        error(draft.line, "the question needs an answer: a line starting with !")
        return None
    accept = tuple(a for a in (_clean(f.get("accept", "")),) if a)
    if f.get("reject"):
        accept = (*accept, "не засчитывать: " + _clean(f["reject"]))
    def optional(name: str) -> str | None:
        return _clean(f[name]) or None if name in f else None
    return Question(q=text, a=answer, accept=accept, comment=optional("comment"), source=optional("source"),
                    author=optional("author"), image=image, hint=optional("hint"), line=draft.line)


def load_fours(path: Path, problems: Problems) -> Pack | None:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            problems.add(path, 1, f"the file is larger than {MAX_BYTES // 1_000_000} MB")
            return None
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as why:
        problems.add(path, 1, f"cannot read the file: {why.strerror or why}")
        return None
    except UnicodeDecodeError as why:
        problems.add(path, 1, f"the file is not UTF-8 text ({why.reason} at byte {why.start})")
        return None
    return parse_fours(text, path, problems)
