"""The `.4s` text format of ЧГК packs (chgksuite), so a club's existing pack plays as it is.

Read the way chgksuite reads it (its `parse_4s`, and its pptx composer for what the screen shows; checked
against files chgksuite itself wrote, tests/fixtures/chgksuite/): each field is a line starting with its
marker, then spaces, then the text; a field goes on over single line breaks and ends at a blank line or
the next marker. Markers: `###` the title, `##` a tour, `#` information (`#DATE`, `#EDITOR`, `###LJ`
alike), `№ N` the question's own number, `№№ N` the numbering goes on from N, `>` the handout, `?`
question, `!` answer, `=` accepted, `!=` not accepted, `/` comment, `^` sources, `@` authors.

Inside a field, for the screen: `(img [w=… h=… big inline] file)` is a picture (several may follow one
another; in the answer, comment or accepted answers it is shown with the answer), `(screen print|screen)`
shows its screen half, `_italic_`, `__bold__`, `___underline___` and `~strike~` show their text (the
markers go; a `\\_` is an underscore), `(PAGEBREAK)` goes and `(LINEBREAK)` breaks the line. In the
question, `[Раздаточный материал: …]` (or a line starting so) is the handout's text and any other
`[…]` is a note for the host (chgksuite's screen leaves both out of the question).

A question with neither text nor answer (`?` and `!` alone, as chgksuite writes a question a .docx left
empty) is skipped with a warning; it keeps its number, as in chgksuite. Every question carries the number
chgksuite gives it (1, 2, … on through the tours, `№`/`№№` as above), which the projector shows.

Our extension, harmless to chgksuite (it reads `#` lines as information): `#HINT text` after a question
is its «помощь клуба». A tour named «Резерв…», «Запасн…» or «Доп…» holds the extra questions.
Problems are reported as FILE:LINE (the line in the `.4s` file) like the YAML packs; every size has a limit.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from quizshow.packs.model import Pack, Question, Round
from quizshow.yamlfile import Problems, media_problem, text_problem

MAX_BYTES = 2_000_000
MAX_QUESTIONS = 1000
MAX_TOURS = 50
MAX_FIELD = 20_000  # characters in one field
MAX_PICTURES = 4  # pictures shown with one question (the card splits its picture column among them)
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".gif", ".webp")
# Longest first: `!=` before `!`, `###` before `##` before `#`.
MARKERS = ("###LJ", "###", "##", "#DATE", "#EDITOR", "#HINT", "#", "№№", "№", "!=", "?", "!", "=", "/", "^", "@",
           ">")
QUESTION_FIELDS = {"!": "a", "=": "accept", "!=": "reject", "/": "comment", "^": "source", "@": "author",
                   "#HINT": "hint", ">": "handout"}
BEFORE_QUESTION = ("№", "№№", ">")  # the fields chgksuite writes before their question's `?`
RESERVE_NAMES = re.compile(r"^\s*(резерв|запасн|доп)", re.IGNORECASE)
HANDOUT_LABEL = r"Р[Аа][Зз][Дд][Аа][Тт][Оо][Чч][Нн][Ыы][Йй]\s+[Мм][Аа][Тт][Ее][Рр][Ии][Аа][Лл]"
HANDOUT_LINE = re.compile(rf"^\s*{HANDOUT_LABEL}\s*[.:][ \t]*(.*)$", re.MULTILINE)  # «Раздаточный материал:» + text
URL = re.compile(r"https?://\S+")
EMPHASIS = re.compile(r"(?<![\\_])(_{1,6})(?!_)(.+?)(?<![\\_])\1(?!_)|(?<!\\)~(?!~)(.+?)(?<!\\)~", re.DOTALL)
ESCAPES = {"\\_": "_", "\\~": "~", "\\.": ".", "\\[": "[", "\\]": "]"}
Report = Callable[[int, str], None]


@dataclass(frozen=True)
class Picture:
    """One `(img …)` of a field: the file as written and chgksuite's options for it."""

    name: str
    big: bool
    offset: int  # where it stands in the field's text (for its line)


@dataclass
class Screen:
    """A field as the screen shows it: the text, its pictures, and (in the question) the handout's text
    and the notes for the host that chgksuite's screen leaves out."""

    text: str
    pictures: list[Picture] = field(default_factory=list)
    handout: list[str] = field(default_factory=list)
    host: list[str] = field(default_factory=list)
    odd: list[int] = field(default_factory=list)  # where a `(screen …)` without its `|` stands


def _closing(text: str, start: int) -> int:
    """The index of the `)` that closes the `(` at `start`, or -1 (chgksuite counts round brackets only)."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _picture(body: str, offset: int) -> Picture:
    try:
        words = shlex.split(body)
    except ValueError:  # an unclosed quote: chgksuite would stop here; we take the words as they are
        words = body.split()
    name = words[-1].replace("\\", "/") if words else ""  # chgksuite takes a Windows path too
    return Picture(name=name, big="big" in words[:-1], offset=offset)


def _emphasis(text: str) -> str:
    """The text of `_…_`, `__…__`, `___…___` and `~…~` without their markers, URLs untouched."""
    urls: list[str] = []

    def keep(match: re.Match[str]) -> str:
        urls.append(match[0])
        return f"\0{len(urls) - 1}\0"

    text = URL.sub(keep, text)
    for _ in range(3):  # nested markers (`__~x~__`) come off one layer at a time
        text = EMPHASIS.sub(lambda m: m[2] if m[2] is not None else m[3], text)
    for key, value in ESCAPES.items():
        text = text.replace(key, value)
    return re.sub(r"\0(\d+)\0", lambda m: urls[int(m[1])], text)


def _brackets(text: str, screen: Screen) -> str:
    """`[Раздаточный материал: …]` to the handout, any other `[…]` to the host (`\\[` stays; an unclosed
    `[` is plain text). The pairs are found in one pass, so a line of ten thousand `[` costs no more."""
    pairs: dict[int, int] = {}
    opened: list[int] = []
    i = 0
    while i < len(text):
        if text.startswith(("\\[", "\\]"), i):
            i += 2
            continue
        if text[i] == "[":
            opened.append(i)
        elif text[i] == "]" and opened:
            pairs[opened.pop()] = i
        i += 1
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith(("\\[", "\\]"), i):
            out.append(text[i:i + 2])
            i += 2
            continue
        end = pairs.get(i)
        if end is None:
            out.append(text[i])
            i += 1
            continue
        body = text[i + 1:end]
        label = re.match(rf"\s*{HANDOUT_LABEL}\s*[.:]?\s*", body, re.DOTALL)
        if label:
            if body[label.end():].strip():
                screen.handout.append(body[label.end():].strip())
        elif body.strip():
            screen.host.append(body.strip())
        i = end + 1
    return "".join(out)


def screen_text(raw: str, question: bool = False) -> Screen:
    """A field as chgksuite's screen form shows it (the module's docstring); `question`: handouts and host
    notes come out of the text."""
    screen = Screen("")
    out: list[str] = []
    i = 0
    while i < len(raw):
        if raw.startswith("(img", i) and i + 4 < len(raw) or raw.startswith("(screen", i) and i + 7 < len(raw):
            end = _closing(raw, i)
            end = len(raw) if end < 0 else end
            if raw.startswith("(img", i):
                screen.pictures.append(_picture(raw[i + 4:end], i))
            else:
                body = raw[i + 7:end].lstrip()
                out.append(body.split("|", 1)[1] if "|" in body else body)
                if "|" not in body:
                    screen.odd.append(i)
            i = end + 1
            continue
        if raw.startswith("(PAGEBREAK)", i):
            i += len("(PAGEBREAK)")
            continue
        if raw.startswith("(LINEBREAK)", i):
            out.append("\n")
            i += len("(LINEBREAK)")
            continue
        out.append(raw[i])
        i += 1
    text = "".join(out)
    if question:
        text = _brackets(text, screen)
        label = HANDOUT_LINE.search(text)
        if label:
            if label[1].strip():
                screen.handout.append(label[1].strip())
            text = text[:label.start()] + text[label.end():]
    text = _emphasis(text).replace("`", "").replace("\u0301", "")  # stress marks: chgksuite's screen drops them
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r" ([.,!?:])", r"\1", text)
    screen.text = "\n".join(line.strip() for line in text.strip().split("\n")).strip()
    screen.handout = [_emphasis(h) for h in screen.handout]
    return screen


@dataclass
class _Draft:
    line: int  # its first field's line
    fields: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)  # where each field starts

    @property
    def asked(self) -> bool:
        return "q" in self.fields

    @property
    def question_line(self) -> int:
        return self.lines.get("q", self.line)


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
    return screen_text(text).text


class _Numbers:
    """chgksuite's numbering: 1, 2, … through every tour; `№ N` names one question without moving the
    count, `№№ N` sets it."""

    def __init__(self) -> None:
        self.next = 1

    def take(self, draft: _Draft, error: Report) -> str:
        if "setcounter" in draft.fields:
            value = draft.fields["setcounter"].strip()
            if value.isdigit():
                self.next = int(value)
            else:
                error(draft.lines["setcounter"], f"№№ needs a whole number to number on from (found '{value}')")
        if "number" in draft.fields and draft.fields["number"].strip():
            return draft.fields["number"].strip()
        number, self.next = self.next, self.next + 1
        return str(number)


def parse_fours(text: str, path: Path, problems: Problems) -> Pack | None:
    """A pack from .4s text; every problem at once, each with its line."""
    def error(line: int, message: str) -> None:
        problems.add(path, line, message)

    def warn(line: int, message: str) -> None:
        problems.add(path, line, message, warning=True)

    title: str | None = None
    editor: str | None = None
    tours: list[_Tour] = []
    draft: _Draft | None = None
    current: tuple[str, int] | None = None  # (what the open field is, the line it started)
    values: dict[tuple[str, int], str] = {}
    count = 0
    numbers = _Numbers()

    def finish() -> None:
        nonlocal draft
        if draft is None:
            return
        question = _question(draft, path, error, warn, numbers)
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
        if draft is not None:
            draft.fields[key[0]] = value
            draft.lines.setdefault(key[0], key[1])

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
                error(number, "expected a field: a line starting with ? ! = != / ^ @ > № ## ### or #")
                continue
            grow(current, values[current] + "\n" + line, number)
            continue
        marker, rest = found
        current = None
        if marker == "?" or marker in BEFORE_QUESTION:
            # `№`, `№№` and `>` come before their question's `?` as chgksuite writes them: after an answer
            # they open the next question; a `?` opens one unless they did. A `>` on an open question adds
            # to its handout; a second `?` or `№` in a row is another question.
            key = {"?": "q", "№": "number", "№№": "setcounter", ">": "handout"}[marker]
            if draft is None or "a" in draft.fields:
                opens = True
            else:
                opens = key != "handout" and key in draft.fields
            if opens:
                finish()
                count += 1
                if count > MAX_QUESTIONS:
                    error(number, f"a pack holds at most {MAX_QUESTIONS} questions")
                    return None
                draft = _Draft(number)
            assert draft is not None
            if key == "handout" and "handout" in draft.fields:
                current = ("handout", draft.lines["handout"])
                rest = draft.fields["handout"] + "\n" + rest
            else:
                current = (key, number)
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
                            reserve=bool(RESERVE_NAMES.match(tour.name)), line=tour.line))
    if not rounds:
        error(1, "a pack needs at least one question (a line starting with ?)")
    return Pack(title=_clean(title or path.stem), path=path, rounds=tuple(rounds),
                author=_clean(editor) if editor else None)


def _pictures(draft: _Draft, key: str, screen: Screen, path: Path, error: Report, warn: Report,
              host: list[str]) -> list[Path]:
    """The field's pictures that can be shown: each problem at the line its `(img …)` stands on."""
    found: list[Path] = []
    raw = draft.fields.get(key, "")
    for offset in screen.odd:
        warn(draft.lines.get(key, draft.line) + raw.count("\n", 0, offset),
             "(screen …) needs two versions, (screen for print|for the screen): all of it is shown")
    for picture in screen.pictures:
        line = draft.lines.get(key, draft.line) + raw.count("\n", 0, picture.offset)
        name = picture.name
        if re.match(r"[a-z]+://", name, re.IGNORECASE):
            warn(line, f"picture {name[:80]} is on the web and is not fetched: not shown (its address goes to "
                       "the host)")
            host.append(name)
            continue
        candidate = (path.parent / name).resolve() if name else path.parent
        if Path(name).suffix.lower() not in IMAGE_TYPES:
            error(line, f"picture '{name}' must be one of: {', '.join(IMAGE_TYPES)}")
        elif not candidate.is_file():
            error(line, f"picture '{name}' not found beside the pack")
        else:
            problem = media_problem(candidate)
            if problem:
                error(line, f"picture '{name}': {problem}")
            else:
                found.append(candidate)
    return found


def _question(draft: _Draft, path: Path, error: Report, warn: Report, numbers: _Numbers) -> Question | None:
    f = draft.fields
    number = numbers.take(draft, error)
    line = draft.question_line
    if "q" not in f:
        warn(draft.line, "a handout or a number with no question after it is left out (a line starting with ? "
                         "should follow)")
        return None
    asked = screen_text(f["q"], question=True)
    handout = screen_text(f.get("handout", ""))
    host = list(asked.host)
    pictures = (_pictures(draft, "handout", handout, path, error, warn, host)
                + _pictures(draft, "q", asked, path, error, warn, host))
    if len(pictures) > MAX_PICTURES:
        warn(line, f"{len(pictures)} pictures: the screen shows the first {MAX_PICTURES}")
        pictures = pictures[:MAX_PICTURES]
    answer_pictures: list[Path] = []
    texts: dict[str, str] = {}
    for key in ("a", "accept", "reject", "comment", "source", "author", "hint"):
        if key in f:
            screen = screen_text(f[key])
            texts[key] = screen.text
            answer_pictures += _pictures(draft, key, screen, path, error, warn, host)
    handout_text = "\n".join([t for t in (handout.text, *asked.handout) if t]) or None
    answer = texts.get("a", "")
    empty = not asked.text and not pictures and not handout_text and not asked.pictures and not handout.pictures
    if empty and not answer:
        warn(line, f"question {number} is empty (no text, no answer): skipped; the next question keeps its "
                   "number")
        return None
    if empty:
        error(line, "the question has no text")
    if not answer:
        error(line, "the question needs an answer: a line starting with !")
        return None
    accept = tuple(a for a in (texts.get("accept", ""),) if a)
    if texts.get("reject"):
        accept = (*accept, "не засчитывать: " + texts["reject"])

    def optional(name: str) -> str | None:
        return texts.get(name) or None

    return Question(q=asked.text, a=answer, accept=accept, comment=optional("comment"), source=optional("source"),
                    author=optional("author"), image=pictures[0] if pictures else None, hint=optional("hint"),
                    line=line, number=number, handout=handout_text, images=tuple(pictures),
                    big_image=any(p.big for p in (*handout.pictures, *asked.pictures)),
                    answer_image=answer_pictures[0] if answer_pictures else None, host="\n".join(host) or None)


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
