"""The ЧГК question database's text export (the `.txt` a club downloads; chgksuite's `parse` reads it too).

The file starts with «Чемпионат:»; each field is a label on a line of its own (`Чемпионат:`, `Дата:`, `Редактор:`,
`Инфо:`, `URL:`, `Тур:`, `Вопрос N:`, `Ответ:`, `Зачет:`, `Незачет:`, `Комментарий:`, `Источник:`, `Автор:`), its
text on the lines after it, ended by a blank line. Inside a text a line that starts with three spaces starts a new
line; any other line goes on the one before it (the database wraps long lines). `   1. …` lines are a list,
`<раздатка>` … `</раздатка>` the handout's text, `(pic: NAME)` a picture beside the file (on a line of its own in
the question: the handout picture). Read into the same model as a `.4s` pack (packs/fours.py: its fields, lists,
pictures and screen rules), every problem at its line; the question keeps the database's number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from quizshow.packs.fours import MAX_BYTES, Builder, Draft, Part, Reporter
from quizshow.packs.model import Pack
from quizshow.yamlfile import Problems, text_problem

HEAD = "Чемпионат:"
# A label line → the field it starts (the question's number is the label's own)
LABELS = {"чемпионат": "heading", "дата": "date", "редактор": "editor", "инфо": "meta", "url": "meta",
          "тур": "section", "ответ": "a", "зачет": "accept", "зачёт": "accept", "незачет": "reject",
          "незачёт": "reject", "комментарий": "comment", "источник": "source", "автор": "author"}
LABEL = re.compile(r"^(?P<name>[A-Za-zА-Яа-яЁё]+)(?:\s+(?P<number>\d+))?:\s*$")
LIST_ITEM = re.compile(r"^\s{3}\d+\.\s(.+)$")
PICTURE = re.compile(r"\((pic|aud):\s([\d.\w]+)\)", re.IGNORECASE)  # as the database writes them
HANDOUT_OPEN = re.compile(r"^\s{3}<раздатка>\s*$", re.IGNORECASE)
HANDOUT_CLOSE = re.compile(r"^\s{3}</раздатка>\s*$", re.IGNORECASE)
ENCODINGS = ("utf-8-sig", "cp1251", "koi8-r")  # the database's exports of every year: the head tells which


@dataclass
class _Field:
    kind: str
    number: str | None
    line: int
    text: str = ""
    lines: list[int] | None = None  # the file line of each line of `text`

    def add(self, value: str, line: int) -> None:
        """A line of the field: three spaces start a new line, anything else goes on the last one."""
        if self.lines is None:
            self.text, self.lines = value.strip(), [line]
        elif value.startswith("   "):
            self.text += "\n" + value.strip()
            self.lines.append(line)
        else:
            self.text += " " + value.strip()


def _decode(data: bytes) -> str | None:
    for encoding in ENCODINGS:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if text.lstrip().startswith(HEAD):
            return text
    return None


def _line(raw: str, kind: str, report: Reporter, number: int) -> str:
    """One line of a field as the .4s reader takes it: pictures as `(img …)` (a picture line of the question is
    its handout picture), a list item as `- …`, the handout's markers as its brackets."""
    if kind == "q" and HANDOUT_OPEN.match(raw):
        return "   [Раздаточный материал:"
    if kind == "q" and HANDOUT_CLOSE.match(raw):
        return "   ]"
    for sound in PICTURE.finditer(raw):
        if sound[1].lower() == "aud":
            report.warn(number, f"sound '{sound[2]}' is not played: its name goes to the host")
    text = PICTURE.sub(lambda m: f"(img {m[2]})" if m[1].lower() == "pic" else f"[{m[2]}]", raw)
    if kind == "q" and PICTURE.sub("", raw).strip() == "" and "(img" in text:
        return "   [Раздаточный материал:" + text.strip() + "]"
    item = LIST_ITEM.match(text)
    return f"   - {item[1]}" if item else text


def parse_dbtext(text: str, path: Path, problems: Problems) -> Pack | None:
    """A pack from the database's text export; every problem at once, each with its line."""
    report = Reporter(path, problems)
    book = Builder(path, report)
    book.answer_hint = "an «Ответ:» field"
    draft: Draft | None = None
    open_field: _Field | None = None

    def close() -> bool:
        """The field that a blank line (or the next label) ends goes where it belongs."""
        nonlocal open_field, draft
        done, open_field = open_field, None
        if done is None:
            return True
        value = (done.text or "").strip()
        if done.kind in ("heading", "editor", "section", "date", "meta"):
            if done.kind == "section" and draft is not None:
                if not book.question(draft):
                    return False
                draft = None
            return book.heading(done.kind, value, done.line)
        if done.kind == "q":
            if draft is not None and not book.question(draft):
                return False
            draft = Draft(done.line, label=done.line)
            draft.add("number", Part(done.number or "", [done.line]))
        if draft is None:
            report.error(done.line, "this field belongs to a question: put it after a «Вопрос N:» line")
            return True
        draft.add(done.kind, Part(done.text, done.lines or [done.line]))
        return True

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        problem = text_problem(line, "the line")
        if problem is not None:
            report.error(number, problem)
            line = ""
        label = LABEL.match(line)
        kind = None
        if label:
            name = label["name"].casefold()
            kind = "q" if name == "вопрос" and label["number"] else LABELS.get(name) if not label["number"] else None
        if kind is not None and label is not None:
            if not close():
                return None
            open_field = _Field(kind, label["number"], number)
            continue
        if not line.strip():
            if open_field is not None and open_field.lines is not None and not close():
                return None
            continue
        if open_field is None:
            report.error(number, "expected a field: a line «Вопрос N:», «Ответ:», «Зачет:», «Незачет:», "
                                 "«Комментарий:», «Источник:», «Автор:» or «Тур:»")
            continue
        open_field.add(_line(line, open_field.kind, report, number), number)
        if len(open_field.text) > 20_000:
            report.error(number, f"a field is too long: {len(open_field.text)} characters (at most 20000)")
            open_field.text = open_field.text[:20_000]
    if not close() or draft is not None and not book.question(draft):
        return None
    return _tour_numbers(book.pack())


def _tour_numbers(pack: Pack) -> Pack:
    """The database numbers each tour's questions from 1: numbers that repeat in the pack are the tour's own,
    so the question keeps none and is told by its tour and place («Тур 2 · Вопрос 1», «2.1» on the grid)."""
    numbers = [q.number for r in pack.rounds for q in r.all_questions]
    if len(set(numbers)) == len(numbers):
        return pack
    rounds = tuple(replace(r, questions=tuple(replace(q, number=None) for q in r.questions)) for r in pack.rounds)
    return replace(pack, rounds=rounds)


def load_dbtext(path: Path, problems: Problems) -> Pack | None:
    """A `.txt` pack: the database's text export (told by its first line, «Чемпионат:»), in UTF-8 or the
    Cyrillic code pages the database wrote in earlier years."""
    try:
        if path.stat().st_size > MAX_BYTES:
            problems.add(path, 1, f"the file is larger than {MAX_BYTES // 1_000_000} MB")
            return None
        data = path.read_bytes()
    except OSError as why:
        problems.add(path, 1, f"cannot read the file: {why.strerror or why}")
        return None
    text = _decode(data)
    if text is None:
        problems.add(path, 1, "not a pack: a .txt pack is the ЧГК question database's text export, which starts "
                              "with «Чемпионат:» (chgksuite's .4s files end in .4s)")
        return None
    return parse_dbtext(text, path, problems)
