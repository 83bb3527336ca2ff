"""The `.4s` text format of ЧГК packs (chgksuite 1.3.2), so a club's existing pack plays as it is.

Read the way chgksuite reads it (its `parse_4s`, and its pptx composer for what the screen shows; checked
against files chgksuite itself wrote, tests/fixtures/chgksuite/): a line whose first word is a marker starts
a field; a field goes on over single line breaks and ends at the next marker or a blank line, and a blank
line ends a question that has its question and its answer. Markers: `###` the title, `##` a tour, `#` information
(`#DATE`, `#EDITOR`, `###LJ` alike), `#B`, `#R`, `#T` a battle, round and theme (chgksuite's game variants),
`№ N` the question's own number, `№№ N` the numbering goes on from N, `>` the handout, `?` question, `!` answer,
`=` accepted (each line one more), `!=` not accepted, `/` comment, `^` sources, `@` authors. Lines starting
with `- ` inside a field are a list: chgksuite numbers its items on screen, and several sources (accepted
answers) in a list are several.

Inside a field, for the screen: `(img [w=… h=… big inline] file)` is a picture (several may follow one
another; in the answer, comment or accepted answers it is shown with the answer), `(screen print|screen)`
shows its screen half, `_italic_`, `__bold__`, `___underline___` and `~strike~` show their text (the
markers go; a `\\_` is an underscore), `(PAGEBREAK)` goes and `(LINEBREAK)` breaks the line. In the
question, `[Раздаточный материал: …]` (or a line starting so) is the handout's text, `[Помощь клуба: …]` the
question's «помощь клуба» and any other `[…]` a note for the host (chgksuite's screen leaves them all out).

chgksuite's game variants (`.si4s` «Своя игра», `.br4s` «Брейн-ринг», `.tr4s` «Тройка») are read by the same
rules and the suffix: their themes and the question values their numbers carry (docs/files.md).

A question with neither text nor answer (`?` and `!` alone, as chgksuite writes a question a .docx left
empty) is skipped with a warning; it keeps its number, as in chgksuite. Every question carries the number
chgksuite gives it (1, 2, … on through the tours, `№`/`№№` as above), which the projector shows. A warm-up
(a tour «Разминка…», or a question numbered `№ 0`) is flagged so the written quiz never scores it.

A tour named «Резерв…», «Запасн…» or «Доп…» holds the extra questions. Problems are reported as FILE:LINE
(the line in the `.4s` file) like the YAML packs; every size has a limit. `Builder` and `Draft` are shared
with the question database's text export (packs/dbtext.py), which reads into the same model.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from quizshow.packs.model import Pack, Question, Round, Theme
from quizshow.yamlfile import IMAGE_SUFFIXES, Problems, media_problem, text_problem

MAX_BYTES = 2_000_000
MAX_QUESTIONS = 1000
MAX_TOURS = 50
MAX_FIELD = 20_000  # characters in one field
MAX_PICTURES = 4  # pictures shown with one question (the card splits its picture column among them)
IMAGE_TYPES = IMAGE_SUFFIXES  # every format the projector decodes (picture_file.py)
GAMES = {".4s": "chgk", ".si4s": "si", ".br4s": "brain", ".tr4s": "troika"}  # chgksuite's suffixes
# A line's first word → what it starts (chgksuite's parse_4s mapping). Only a whole first word is a marker:
# «?Вопрос» is not one.
TOKENS = {"###LJ": "ljheading", "###": "heading", "##": "section", "#": "meta", "#B": "battle", "#R": "round",
          "#T": "theme", "#EDITOR": "editor", "#DATE": "date", "?": "q", "№": "number", "№№": "setcounter",
          "!": "a", "=": "accept", "!=": "reject", "/": "comment", "^": "source", "@": "author", ">": "handout"}
OPENERS = ("q", "number", "setcounter", "handout")  # `№`, `№№` and `>` come before their question's `?`
FIELDS = ("a", "accept", "reject", "comment", "source", "author")
THEME_CREDITS = ("author", "comment", "source")  # a field standing after `#T` belongs to the theme (si, troika)
# What opens a round of the pack, by game (a `#T` opens a theme in «Своя игра» and «Тройка»)
GROUPS = {"chgk": ("section",), "brain": ("section", "battle"), "si": ("section", "battle", "round"),
          "troika": ("section", "battle", "round")}
RESERVE_NAMES = re.compile(r"^\s*(резерв|запасн|доп)", re.IGNORECASE)
WARMUP_NAMES = re.compile(r"^\s*(разминк|нулев)", re.IGNORECASE)
HANDOUT_LABEL = r"Р[Аа][Зз][Дд][Аа][Тт][Оо][Чч][Нн][Ыы][Йй]\s+[Мм][Аа][Тт][Ее][Рр][Ии][Аа][Лл]"
HANDOUT_LINE = re.compile(rf"^\s*{HANDOUT_LABEL}\s*[.:][ \t]*(.*)$", re.MULTILINE)  # «Раздаточный материал:» + text
HINT_LABEL = re.compile(r"\s*помощь\s+клуба\s*[.:]\s*", re.IGNORECASE)  # `[Помощь клуба: …]`: ours, for the host
SIZE = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(in|em|px)?$", re.IGNORECASE)  # what chgksuite's w=/h= take
URL = re.compile(r"https?://\S+")
EMPHASIS = re.compile(r"(?<![\\_])(_{1,6})(?!_)(.+?)(?<![\\_])\1(?!_)|(?<!\\)~(?!~)(.+?)(?<!\\)~", re.DOTALL)
ESCAPES = {"\\_": "_", "\\~": "~", "\\.": ".", "\\[": "[", "\\]": "]"}


@dataclass
class Reporter:
    """Problems of one file, each at its line."""

    path: Path
    problems: Problems

    def error(self, line: int, message: str) -> None:
        self.problems.add(self.path, line, message)

    def warn(self, line: int, message: str) -> None:
        self.problems.add(self.path, line, message, warning=True)


@dataclass(frozen=True)
class Picture:
    """One `(img …)` of a field: the file as written and chgksuite's options for it."""

    name: str
    big: bool
    offset: int  # where it stands in the field's text (for its line)
    sizes: tuple[str, ...] = ()  # its `w=` and `h=` options as written


@dataclass
class Screen:
    """A field as the screen shows it: the text, its pictures, and (in the question) the handout's text,
    the club help and the notes for the host that chgksuite's screen leaves out."""

    text: str
    pictures: list[Picture] = field(default_factory=list)
    handout: list[str] = field(default_factory=list)
    host: list[str] = field(default_factory=list)
    hint: list[str] = field(default_factory=list)
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
    sizes = tuple(w for w in words[:-1] if w.partition("=")[0] in ("w", "h") and "=" in w)
    return Picture(name=name, big="big" in words[:-1], offset=offset, sizes=sizes)


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
    """`[Раздаточный материал: …]` to the handout, `[Помощь клуба: …]` to the club help, any other `[…]` to the
    host (`\\[` stays; an unclosed `[` is plain text). The pairs are found in one pass, so a line of ten
    thousand `[` costs no more."""
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
        hint = HINT_LABEL.match(body)
        if label:
            if body[label.end():].strip():
                screen.handout.append(body[label.end():].strip())
        elif hint:
            if body[hint.end():].strip():
                screen.hint.append(body[hint.end():].strip())
        elif body.strip():
            screen.host.append(body.strip())
        i = end + 1
    return "".join(out)


def screen_text(raw: str, question: bool = False, handout: bool = False) -> Screen:
    """A field as chgksuite's screen form shows it (the module's docstring); `question`: handouts, the club
    help and host notes come out of the text; `handout` (the `>` field): its «Раздаточный материал:» label goes,
    as chgksuite's slides drop it (the sheet says what it is)."""
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
    if handout:
        text = re.sub(rf"^\s*{HANDOUT_LABEL}\s*[.:]?[ \t]*", "", text)
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
    screen.hint = [_emphasis(h) for h in screen.hint]
    return screen


def _rew(text: str) -> str:
    """chgksuite's whitespace cleaning: the ends stripped, spaces around a line break gone."""
    return re.sub(r"\s+\n\s+", "\n", text.strip())


def listed(text: str) -> tuple[str, list[str]]:
    """A field's `- ` list as chgksuite reads it (its process_list): (the text as its screen numbers the items,
    the entries — the lines before the list, then each item — when there are two or more items, else []). A
    lone `- item` is the item's text; line breaks stay where they were (each line keeps its file line)."""
    if "-" not in text:
        return text, []
    lines = [_rew(x) for x in text.split("\n")]
    marks = [i for i, line in enumerate(lines) if line.startswith("-")]
    if not marks:
        return text, []
    items = [_rew("\n".join(lines[i:j])[1:]) for i, j in zip(marks, [*marks[1:], len(lines)], strict=True)]
    if len(items) == 1:
        return re.sub(r"(^|\n)- +", r"\1", text), []
    preamble = "\n".join(lines[:marks[0]])
    shown = "\n".join([*([preamble] if preamble else []), *(f"{n}. {item}" for n, item in enumerate(items, 1))])
    return shown, [*([preamble] if preamble.strip() else []), *items]


@dataclass
class Part:
    """One marker's text (its line and the lines that go on from it) and where each of its lines stands."""

    text: str
    lines: list[int]

    @property
    def line(self) -> int:
        return self.lines[0]

    def line_at(self, offset: int) -> int:
        return self.lines[min(self.text.count("\n", 0, offset), len(self.lines) - 1)]

    def add(self, text: str, line: int, report: Reporter) -> None:
        """A line that goes on; the whole held to the length limit (the first line counts too)."""
        self.text += "\n" + text
        self.lines.append(line)
        self.check(report)

    def check(self, report: Reporter) -> None:
        if len(self.text) > MAX_FIELD:
            report.error(self.lines[-1], f"a field is too long: {len(self.text)} characters (at most {MAX_FIELD})")
            self.text = self.text[:MAX_FIELD]


@dataclass
class Draft:
    """A question as it is read: each field's parts in the order written (`=` twice is two parts)."""

    line: int  # its first field's line
    parts: dict[str, list[Part]] = field(default_factory=dict)
    label: int | None = None  # the line that names it, where its format has one («Вопрос 3:»)

    def add(self, key: str, part: Part) -> None:
        self.parts.setdefault(key, []).append(part)

    @property
    def complete(self) -> bool:
        return "q" in self.parts and "a" in self.parts

    @property
    def question_line(self) -> int:
        if self.label is not None:
            return self.label
        return self.parts["q"][0].line if "q" in self.parts else self.line

    def value(self, key: str) -> str:
        return "\n".join(p.text for p in self.parts.get(key, ())).strip()


@dataclass
class _Shown:
    """One part as the screen shows it, and its entries when it is a list."""

    part: Part
    screen: Screen
    entries: list[str]


class Numbers:
    """chgksuite's numbering: 1, 2, … through every tour; `№ N` names one question without moving the
    count, `№№ N` sets it; a theme (`#T`) sets it to 10 («Своя игра» values; 1 in «Тройка»), a battle or tour
    of «Брейн-ринг» and «Тройка» back to 1."""

    def __init__(self) -> None:
        self.next = 1

    def take(self, draft: Draft, report: Reporter) -> str:
        if "setcounter" in draft.parts:
            value = draft.value("setcounter")
            if value.isdigit():
                self.next = int(value)
            else:
                report.error(draft.parts["setcounter"][0].line,
                             f"№№ needs a whole number to number on from (found '{value}')")
        if draft.value("number"):
            return draft.value("number")
        number, self.next = self.next, self.next + 1
        return str(number)


@dataclass
class _Theme:
    name: str
    line: int
    questions: list[Question] = field(default_factory=list)
    credits: dict[str, str] = field(default_factory=dict)


@dataclass
class _Group:
    """A round of the pack as it is read (a tour; a battle or round of the game variants) and its themes."""

    name: str
    line: int
    kind: str
    questions: list[Question] = field(default_factory=list)
    themes: list[_Theme] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.questions and not any(t.questions for t in self.themes)


class Builder:
    """The pack being read, the same for every reader of the format's family: titles, rounds (and themes),
    questions as chgksuite would show them, every problem at its line."""

    def __init__(self, path: Path, report: Reporter, game: str = "chgk") -> None:
        self.path, self.report, self.game = path, report, game
        self.title: str | None = None
        self.editor: str | None = None
        self.groups: list[_Group] = []
        self.numbers = Numbers()
        self.count = 0
        self.answer_hint = "a line starting with !"  # how the format writes an answer (for its messages)

    @property
    def themed(self) -> bool:
        return self.game in ("si", "troika")

    def heading(self, kind: str, text: str, line: int) -> bool:
        """A line of the pack's outline; False: the pack has too many tours (stop reading)."""
        if kind == "heading":
            self.title = self.title or text
        elif kind == "editor":
            self.editor = self.editor or text
        elif kind == "theme":
            self.numbers.next = 1 if self.game == "troika" else 10
            if self.themed:
                self._current(line).themes.append(_Theme(re.sub(r"(?i)^тема\s+\d+(?:\s*\([^)]+\))?\.\s*", "", text)
                                                         or text, line))
        elif kind in GROUPS[self.game]:
            if self.game in ("brain", "troika"):
                self.numbers.next = 1
            return self.group(kind, text, line)
        return True

    def group(self, kind: str, text: str, line: int) -> bool:
        """A new round; a battle that is still empty names the rounds under it («Бой 1 · Раунд 1»)."""
        name = text or f"Тур {len(self.groups) + 1}"
        last = self.groups[-1] if self.groups else None
        if self.game != "chgk" and last is not None and last.empty:
            self.groups.pop()
            if last.kind != "round" and kind == "round":
                name = f"{last.name} · {name}"
        if len(self.groups) >= MAX_TOURS:
            self.report.error(line, f"a pack holds at most {MAX_TOURS} tours")
            return False
        self.groups.append(_Group(name, line, kind))
        return True

    def _current(self, line: int) -> _Group:
        if not self.groups:
            self.groups.append(_Group("Тур 1", line, "section"))
        return self.groups[-1]

    def credit(self, key: str, part: Part) -> None:
        """A field that stands apart from any question: a theme's own (the game variants), else left out."""
        group = self.groups[-1] if self.groups else None
        theme = group.themes[-1] if group is not None and group.themes else None
        if self.themed and key in THEME_CREDITS and theme is not None and not theme.questions:
            shown = screen_text(listed(part.text)[0]).text
            theme.credits[key] = "\n".join(x for x in (theme.credits.get(key), shown) if x)
            return
        self.report.warn(part.line, "a field with no question before it (a blank line ends a question) is left "
                                    "out, as chgksuite leaves it out")

    def question(self, draft: Draft) -> bool:
        """A question read whole; False: the pack has too many (stop reading)."""
        self.count += 1
        if self.count > MAX_QUESTIONS:
            self.report.error(draft.line, f"a pack holds at most {MAX_QUESTIONS} questions")
            return False
        question = build_question(draft, self.path, self.report, self.numbers, valued=self.themed,
                                  answer_hint=self.answer_hint)
        if question is not None:
            group = self._current(draft.line)
            if self.themed:
                if not group.themes:
                    group.themes.append(_Theme(group.name, draft.line))
                group.themes[-1].questions.append(question)
            else:
                group.questions.append(question)
        return True

    def pack(self) -> Pack:
        rounds = []
        for group in self.groups:
            name = _clean(group.name)
            themes = tuple(Theme(name=_clean(t.name), questions=tuple(t.questions), line=t.line,
                                 author=t.credits.get("author"), source=t.credits.get("source"),
                                 comment=t.credits.get("comment")) for t in group.themes if t.questions)
            if group.empty:
                self.report.error(group.line, f"tour '{name}' has no questions")
                continue
            warmup = bool(WARMUP_NAMES.match(name)) or all(q.zero for q in group.questions) and not themes
            rounds.append(Round(name=name, questions=tuple(group.questions), themes=themes, line=group.line,
                                reserve=bool(RESERVE_NAMES.match(name)), warmup=warmup))
        if not rounds:
            self.report.error(1, "a pack needs at least one question (a line starting with ?)")
        return Pack(title=_clean(self.title or self.path.stem), path=self.path, rounds=tuple(rounds),
                    author=_clean(self.editor) if self.editor else None)


def _token(line: str) -> tuple[str, str] | None:
    """The marker a line starts with and the text after it (chgksuite: the line's first word)."""
    words = line.split(None, 1)
    if not words or words[0] not in TOKENS:
        return None
    return words[0], words[1].strip() if len(words) > 1 else ""


def _clean(text: str) -> str:
    return screen_text(text).text


def parse_fours(text: str, path: Path, problems: Problems, game: str = "chgk") -> Pack | None:
    """A pack from .4s text (`game`: chgksuite's variant, by the file's suffix); every problem at once, each
    with its line."""
    report = Reporter(path, problems)
    book = Builder(path, report, game)
    draft: Draft | None = None
    current: Part | None = None  # the field that a line without a marker goes on

    def finish() -> bool:
        nonlocal draft
        done, draft = draft, None
        return done is None or book.question(done)

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        problem = text_problem(line, "the line")  # the characters YAML refuses: a NUL never reaches a screen
        if problem is not None:
            report.error(number, problem)
            line = ""
        if not line.strip():  # a blank line ends the field, and a question that has its question and answer
            current = None
            if draft is not None and draft.complete and not finish():
                return None
            continue
        found = _token(line)
        if found is None:
            if line.lstrip().startswith("#"):  # `#HINT` and the like: chgksuite knows no such marker
                report.warn(number, f"'{line.split()[0][:20]}' is not a chgksuite marker: chgksuite adds this line "
                                    "to the field above" + ("" if current else " (after a blank line: it leaves it "
                                    "out)") + "; write a club help as [Помощь клуба: …] in the question")
                if current is None:
                    continue
            elif current is None:
                report.error(number, "expected a field: a line starting with ? ! = != / ^ @ > № ## ### or #")
                continue
            current.add(line, number, report)
            continue
        token, rest = found
        kind = TOKENS[token]
        current = Part(rest, [number])
        current.check(report)
        if kind in OPENERS:
            # `№`, `№№` and `>` come before their question's `?` as chgksuite writes them: after an answer
            # they open the next question; a `?` opens one unless they did. A `>` on an open question adds
            # to its handout; a second `?` or `№` in a row is another question.
            if draft is None or "a" in draft.parts:
                opens = True
            else:
                opens = kind != "handout" and kind in draft.parts
            if opens:
                if not finish():
                    return None
                draft = Draft(number)
            assert draft is not None
            draft.add(kind, current)
        elif kind in FIELDS:
            if draft is not None:
                draft.add(kind, current)
            elif kind in THEME_CREDITS:
                book.credit(kind, current)
            else:
                report.error(number, f"'{token}' belongs to a question: put it after a line starting with ?")
                current = None
        else:
            current = None
            if kind in ("section", "battle", "round", "theme") and not finish():
                return None
            if not book.heading(kind, rest, number):
                return None
    if not finish():
        return None
    return book.pack()


def _shown(draft: Draft, key: str, question: bool = False, handout: bool = False) -> list[_Shown]:
    found = []
    for part in draft.parts.get(key, ()):
        text, entries = listed(part.text)
        found.append(_Shown(Part(text, part.lines), screen_text(text, question, handout), entries))
    return found


def _pictures(shown: list[_Shown], path: Path, report: Reporter, host: list[str]) -> list[Path]:
    """The field's pictures, each problem at the line its `(img …)` stands on; a missing file is a warning and
    a placeholder on screen, as in a YAML pack."""
    found: list[Path] = []
    for item in shown:
        part, screen = item.part, item.screen
        for offset in screen.odd:
            report.warn(part.line_at(offset), "(screen …) needs two versions, (screen for print|for the screen): "
                                              "all of it is shown")
        for picture in screen.pictures:
            line = part.line_at(picture.offset)
            name = picture.name
            for size in picture.sizes:
                if not SIZE.match(size.partition("=")[2]):
                    report.warn(line, f"picture '{name}': {size} is not a size chgksuite takes (a number of in, em "
                                      "or px): its composer stops on it; the screen fits the picture to its place")
            if re.match(r"[a-z]+://", name, re.IGNORECASE):
                report.warn(line, f"picture {name[:80]} is on the web and is not fetched: not shown (its address "
                                  "goes to the host)")
                host.append(name)
                continue
            candidate = (path.parent / name).resolve() if name else path.parent
            if Path(name).suffix.lower() not in IMAGE_TYPES:
                report.error(line, f"picture '{name}' must be one of: {', '.join(IMAGE_TYPES)}")
            elif not candidate.exists():
                report.warn(line, f"picture '{name}' not found beside the pack (a placeholder will be shown)")
                found.append(candidate)
            else:
                problem = media_problem(candidate)
                if problem:
                    report.error(line, f"picture '{name}': {problem}")
                else:
                    found.append(candidate)
    return found


def _text(shown: list[_Shown]) -> str:
    return "\n".join(s.screen.text for s in shown if s.screen.text)


def _entries(shown: list[_Shown]) -> list[str]:
    """Each line one entry (a `- ` list: each item one), as the screen shows it. chgksuite keeps a field's lines
    apart and writes two `=` lines back as one `=` with two lines, so a line is what tells two accepted answers
    (sources, authors) apart."""
    out: list[str] = []
    for item in shown:
        texts = [screen_text(e).text for e in item.entries] if item.entries else [item.screen.text]
        out += [line.strip() for t in texts for line in t.split("\n") if line.strip()]
    return out


def build_question(draft: Draft, path: Path, report: Reporter, numbers: Numbers, valued: bool = False,
                   answer_hint: str = "a line starting with !") -> Question | None:
    """The question a draft makes, as chgksuite's screen shows it; None when it is left out (said why).
    `valued`: its number is its value on a board («Своя игра», «Тройка»)."""
    number = numbers.take(draft, report)
    line = draft.question_line
    if "q" not in draft.parts:
        report.warn(draft.line, "a handout or a number with no question after it is left out (a line starting "
                                "with ? should follow)")
        return None
    asked = _shown(draft, "q", question=True)
    handout = _shown(draft, "handout", handout=True)
    host = [h for s in asked for h in s.screen.host]
    pictures = _pictures(handout, path, report, host) + _pictures(asked, path, report, host)
    if len(pictures) > MAX_PICTURES:
        report.warn(line, f"{len(pictures)} pictures: the screen shows the first {MAX_PICTURES}")
        pictures = pictures[:MAX_PICTURES]
    fields = {key: _shown(draft, key) for key in FIELDS}
    answer_pictures: list[Path] = []
    for key in FIELDS:
        found = _pictures(fields[key], path, report, host)
        for extra in found[1 if not answer_pictures else 0:]:  # said at the field it is in (an «=» line too)
            report.warn(draft.parts[key][0].line, f"picture '{extra.name}' with the answer: the answer shows its "
                                                  "first picture only")
        answer_pictures += found
    handout_text = "\n".join([t for t in (_text(handout), *(h for s in asked for h in s.screen.handout)) if t]) or None
    text, answer = _text(asked), _text(fields["a"])
    empty = not text and not pictures and not handout_text
    if empty and not answer:
        report.warn(line, f"question {number} is empty (no text, no answer): skipped; the next question keeps its "
                          "number")
        return None
    if empty:
        report.error(line, "the question has no text")
    if not answer:
        report.error(line, f"the question needs an answer: {answer_hint}")
        return None
    hint = "\n".join(h for s in asked for h in s.screen.hint) or None

    def joined(key: str) -> str | None:
        return "\n".join(_entries(fields[key])) or None

    return Question(q=text, a=answer, accept=tuple(_entries(fields["accept"])),
                    reject=tuple(_entries(fields["reject"])), comment=_text(fields["comment"]) or None,
                    source=joined("source"), author=joined("author"), image=pictures[0] if pictures else None,
                    hint=hint, line=line, number=number, handout=handout_text, images=tuple(pictures),
                    big_image=any(p.big for s in (*handout, *asked) for p in s.screen.pictures),
                    answer_image=answer_pictures[0] if answer_pictures else None, host="\n".join(host) or None,
                    value=int(number) if valued and number.isdigit() and len(number) < 10 else None)


def load_fours(path: Path, problems: Problems) -> Pack | None:
    """A `.4s` file, or one of chgksuite's game variants (`.si4s`, `.br4s`, `.tr4s`) by its suffix."""
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
    return parse_fours(text, path, problems, GAMES.get(path.suffix.lower(), "chgk"))
