"""Our pack as a SIGame v5 `.siq` (docs/siq.md, «The round trip»): content.xml valid against siq_5.xsd and the
media inside, as SIQuester writes them, so a club can edit a pack in SIQuester and play it here, or the reverse.

What SIGame cannot hold is said as a warning (never dropped silently); SIGame's reader limits are kept, so
SIGame reads every exported question. `content_xml` is pure (the pack in, bytes and the media list out);
`export_siq` writes the zip.
"""

from __future__ import annotations

import hashlib
import re
import uuid
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote
from xml.etree import ElementTree as ET

from quizshow.packs.model import CatInfo, Pack, Question, Round, Theme, entries
from quizshow.packs.siq.archive import MAX_ENTRIES, MAX_RATIO, MAX_UNPACKED, RATIO_FLOOR
from quizshow.packs.siq.document import (
    FOLDERS,
    MAX_ITEMS,
    MAX_PRICE,
    MAX_QUESTIONS,
    MAX_ROUNDS,
    MAX_TEXT,
    MAX_THEMES,
    MAX_VALUE,
)

NS = "https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd"
TYPES = {"auction": "stake", "sponsor": "noRisk", "cat": "secret"}  # ours → SIGame v5 (regular: no type)
URL = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.I)
# Uri.EscapeUriString (SIQuester's zip entry names): RFC 3986 reserved and unreserved characters stay as they are
ESCAPE_SAFE = ":/?#[]@!$&'()*+,;=~"
CONTENT_TYPES = ('<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                 'content-types"><Default Extension="xml" ContentType="si/xml" /></Types>')


class ExportError(Exception):
    """The pack cannot be written as a .siq at all: one line, the reason."""


@dataclass
class Exported:
    """What went into the .siq: counts, the media (entry name → file) and every warning."""

    rounds: int = 0
    finals: int = 0
    themes: int = 0
    questions: int = 0
    media: dict[str, Path] = field(default_factory=dict)  # zip entry name → the file on disk
    warnings: list[str] = field(default_factory=list)

    def lines(self, target: Path) -> list[str]:
        size = sum(path.stat().st_size for path in self.media.values()) if self.media else 0
        return [f"wrote {target}: SIGame pack v5, {self.rounds} round(s) + {self.finals} final, {self.themes} "
                f"theme(s), {self.questions} question(s), {len(self.media)} media file(s) "
                f"({size / (1024 * 1024):.1f} MB)", *self.warnings]


def escaped(name: str) -> str:
    """A media name as SIQuester writes it into the zip (`Uri.EscapeUriString`; SIGame looks it up so)."""
    return quote(name, safe=ESCAPE_SAFE)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    node = ET.SubElement(parent, f"{{{NS}}}{tag}", attrs)
    if text is not None:
        node.text = text
    return node


def package_id(pack: Pack) -> str:
    """The package's id: the pack's own (an imported pack's, or the one its first export wrote into its YAML:
    tools/siq_tools.py); a pack that has no place to keep one (a `.4s`, a database `.txt`) gets one made from
    its file's bytes, so the same file is always the same package and two packs of one title are two."""
    if pack.id:
        return pack.id
    try:
        body = pack.path.read_bytes()
    except OSError:  # a pack made in code: its title and questions are what it is
        body = repr((pack.title, [(q.q, q.a) for r in pack.rounds for q in r.all_questions])).encode()
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "quizshow:" + hashlib.sha256(body).hexdigest()))


class _Writer:
    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.out = Exported()
        self.names: dict[tuple[str, Path], str] = {}  # (kind, file) → the name inside its folder
        self.taken: set[tuple[str, str]] = set()
        self.boards = 0

    def warn(self, line: int, message: str) -> None:
        where = f"{self.pack.path}:{line}: " if line else f"{self.pack.path}: "
        self.out.warnings.append(f"{where}warning: {message}")

    def text(self, value: str, what: str, line: int, limit: int = MAX_TEXT) -> str:
        value = value.strip()
        if len(value) > limit:
            self.warn(line, f"{what} is {len(value)} characters long: SIGame reads {limit}; cut")
            value = value[:limit]
        return value

    def capped(self, items: tuple, limit: int, what: str, line: int) -> tuple:
        if len(items) > limit:
            self.warn(line, f"{len(items)} {what}: SIGame reads at most {limit}; the rest are not exported")
            return items[:limit]
        return items

    # --- the package --------------------------------------------------------------------------------

    def package(self) -> ET.Element:
        pack = self.pack
        root = ET.Element(f"{{{NS}}}package", {
            "name": self.text(pack.title, "the pack title", 0) or "quizshow", "version": "5",
            "id": package_id(pack),
            "language": "en-US" if pack.language == "en" else "ru-RU", "generator": "quizshow"})
        self.info(root, pack.author, pack.source, pack.comment, None, 0)
        rounds = _sub(root, "rounds")
        playing = []
        for rnd in pack.rounds:
            if rnd.reserve:
                self.warn(rnd.line, f"round '{rnd.name}' is the reserve: SIGame has no reserve questions; "
                                    "not exported")
            else:
                playing.append(rnd)
        for rnd in self.capped(tuple(playing), MAX_ROUNDS, "rounds", 0):
            self.round(rounds, rnd)
        return root

    def info(self, parent: ET.Element, author: str | None, source: str | None, comment: str | None,
             host: str | None, line: int) -> None:
        if not (author or source or comment or host):
            return
        info = _sub(parent, "info")
        if author:  # one <author> per author as the pack lists them (one a line), never split inside a line
            authors = _sub(info, "authors")
            for name in entries(author):
                _sub(authors, "author", self.text(name, "an author", line))
        if source:
            sources = _sub(info, "sources")
            for name in entries(source):
                _sub(sources, "source", self.text(name, "a source", line))
        if comment:
            _sub(info, "comments", self.text(comment, "a comment", line, MAX_VALUE))
        if host:
            _sub(info, "showmanComments", self.text(host, "the host's notes", line, MAX_VALUE))

    def round(self, parent: ET.Element, rnd: Round) -> None:
        themes = rnd.themes
        if not themes:  # a plain list (brain-ring, a written quiz's tour): SIGame needs themes
            chunks = [rnd.questions[i:i + MAX_QUESTIONS] for i in range(0, len(rnd.questions), MAX_QUESTIONS)]
            themes = tuple(Theme(name=rnd.name if n == 0 else f"{rnd.name} ({n + 1})", questions=chunk)
                           for n, chunk in enumerate(chunks))
            self.warn(rnd.line, f"round '{rnd.name}' is a plain list of questions: exported as "
                                f"{len(themes)} theme(s) of the same name")
        themes = tuple(t for t in themes if self.has_questions(t, rnd))
        if not themes:
            self.warn(rnd.line, f"round '{rnd.name}' has no question: not exported")
            return
        node = _sub(parent, "round", name=self.text(rnd.name, "a round name", rnd.line) or "—")
        if rnd.final:
            node.set("type", "final")
            self.out.finals += 1
        else:
            self.out.rounds += 1
            self.boards += 1
        self.info(node, rnd.author, rnd.source, rnd.comment, rnd.host, rnd.line)
        holder = _sub(node, "themes")
        width = max(len(t.questions) for t in themes)
        for theme in self.capped(themes, MAX_THEMES, f"themes in round '{rnd.name}'", rnd.line):
            self.theme(holder, theme, rnd, width)

    def has_questions(self, theme: Theme, rnd: Round) -> bool:
        if any(not q.empty for q in theme.questions):
            return True
        self.warn(theme.line, f"theme '{theme.name}' has no question: not exported")
        return False

    def theme(self, parent: ET.Element, theme: Theme, rnd: Round, width: int) -> None:
        node = _sub(parent, "theme", name=self.text(theme.name, "a theme name", theme.line) or "—")
        self.out.themes += 1
        self.info(node, theme.author, theme.source, theme.comment, theme.host, theme.line)
        holder = _sub(node, "questions")
        questions = theme.questions
        if rnd.final and len([q for q in questions if not q.empty]) > 1:
            self.warn(theme.line, f"final theme '{theme.name}': SIGame plays only its first question")
        for col, q in enumerate(self.capped(questions, MAX_QUESTIONS, f"questions in theme '{theme.name}'",
                                            theme.line)):
            if rnd.final:
                self.question(holder, q, 0, final=True)
            else:
                self.question(holder, q, self.price(q, rnd, col, width))

    def price(self, q: Question, rnd: Round, col: int, width: int) -> int:
        """The cell's value as «Своя игра» plays it: its own, the round's `values`, else the preset's."""
        if q.value is not None:
            return min(q.value, MAX_PRICE)
        if rnd.values and len(rnd.values) == width:
            return rnd.values[col]
        return (10 if width <= 4 else 100) * self.boards * (col + 1)

    # --- a question -----------------------------------------------------------------------------------

    def question(self, parent: ET.Element, q: Question, price: int, final: bool = False) -> None:
        if q.empty:
            node = _sub(parent, "question", price="-1")
            _sub(_sub(_sub(node, "params"), "param", name="question", type="content"), "item", "")
            _sub(node, "right")
            return
        self.out.questions += 1
        node = _sub(parent, "question", price=str(price))
        if not final and q.type in TYPES:
            node.set("type", TYPES[q.type])
        elif not final and q.type not in ("regular", "cat", "auction", "sponsor"):
            self.warn(q.line, f"question type '{q.type}' is exported as a simple question")
        if q.hint:
            self.warn(q.line, "a question's club hint («помощь клуба») has no place in SIGame: not exported")
        host = (q.host or "").split("\n") if q.host else []
        # Not accepted: the pack's own (`reject`, «Незачёт»), and the host-note lines «≠ …» older imports wrote
        wrong = [*q.reject, *(line[2:] for line in host if line.startswith("≠ "))]
        host = [line for line in host if not line.startswith("≠ ")]
        web_urls: list[tuple[str, str]] = []
        for kind in q.web:  # what the question showed from the web: its address is in the host's notes
            url = next((line for line in host if URL.match(line.strip())), None)
            if url is not None:
                host.remove(url)
                web_urls.append((kind, url.strip()))
        self.info(node, q.author, q.source, q.comment, "\n".join(host) or None, q.line)
        params = _sub(node, "params")
        if q.type == "cat" and not final:
            self.cat(params, q.cat or CatInfo(), q)
        content = _sub(params, "param", name="question", type="content")
        if q.handout:  # a ЧГК handout's text: its own item, before the question (SIGame shows them in turn)
            _sub(content, "item", self.text(q.handout, "the handout", q.line, MAX_VALUE))
        if q.q:
            _sub(content, "item", self.text(q.q, "the question text", q.line, MAX_VALUE))
        pictures = q.images or ((q.image,) if q.image is not None else ())  # every one, in order (SIGame shows
        shown = tuple(("image", p) for p in pictures)  # a question's content items one after another)
        timed = self.media(content, q, (*shown, ("audio", q.audio), ("video", q.video)), web_urls)
        if q.seconds is not None:
            whole = int(round(q.seconds))
            if whole != q.seconds:
                self.warn(q.line, f"seconds {q.seconds:g}: SIGame counts whole seconds; {whole} exported")
            target = timed or (content[0] if len(content) else _sub(content, "item", ""))
            if whole > 0:
                target.set("duration", f"{whole // 3600:02d}:{whole // 60 % 60:02d}:{whole % 60:02d}")
        if not q.wait:
            for item in content:
                if item.get("type") in ("audio", "video"):
                    item.set("waitForFinish", "False")
        answer = (("image", q.answer_image), ("audio", q.answer_audio), ("video", q.answer_video))
        if any(path for _, path in answer):
            self.media(_sub(params, "param", name="answer", type="content"), q, answer, [])
        right = _sub(node, "right")
        for text in (q.a, *q.accept)[:MAX_ITEMS]:
            if text.strip():
                _sub(right, "answer", self.text(text, "an answer", q.line))
        if wrong:
            holder = _sub(node, "wrong")
            for text in wrong[:MAX_ITEMS]:
                _sub(holder, "answer", self.text(text, "a wrong answer", q.line))

    def cat(self, params: ET.Element, cat: CatInfo, q: Question) -> None:
        """SIGame's `secret`: its theme, the receiver's price choice (a number set) and who may receive it."""
        if cat.theme:
            _sub(params, "param", self.text(cat.theme, "a cat theme", q.line), name="theme")
        values = sorted(set(cat.values))
        if not values:  # ours: the round's lowest or highest value; SIGame's 0 means the same
            number_set = _sub(params, "param", name="price", type="numberSet")
            _sub(number_set, "numberSet", minimum="0", maximum="0", step="0")
        else:
            low, high, step = values[0], values[-1], 0
            if len(values) > 2:
                step = values[1] - values[0]
                if list(range(low, high + 1, step)) != values:
                    self.warn(q.line, f"cat prices {', '.join(map(str, values))} are not evenly spaced: SIGame "
                                      f"offers {low} to {high} by {step}")
            if high == 0:
                self.warn(q.line, "a cat price of 0: SIGame reads it as the round's minimum or maximum")
            number_set = _sub(params, "param", name="price", type="numberSet")
            _sub(number_set, "numberSet", minimum=str(low), maximum=str(high), step=str(step))
        _sub(params, "param", "any" if cat.to == "anyone" else "exceptCurrent", name="selectionMode")

    def media(self, content: ET.Element, q: Question, items: tuple[tuple[str, Path | None], ...],
              web: list[tuple[str, str]]) -> ET.Element | None:
        """Content items of the question's (or answer's) media; the first audio/video or image item (the one a
        duration belongs to)."""
        first: ET.Element | None = None
        for kind, path in items:
            if path is None:
                continue
            name = self.entry(kind, path, q.line)
            if name is None:
                continue
            attrs = {"type": kind, "isRef": "True"}
            if kind == "audio":
                attrs["placement"] = "background"  # SIQuester writes the audio's placement explicitly
            item = _sub(content, "item", name, **attrs)
            if first is None or (kind in ("audio", "video") and first.get("type") == "image"):
                first = item
        for kind, url in web:
            _sub(content, "item", url, type=kind)
        return first

    def entry(self, kind: str, path: Path, line: int) -> str:
        """The file's name inside its SIGame folder (one entry per file; two files of one name are told apart)."""
        known = self.names.get((kind, path))
        if known is not None:
            return known
        missing = not path.is_file()
        stem, suffix = path.stem, path.suffix
        if len(path.name) > 120:  # a name is text SIGame reads up to 350 characters, escaped up to 9 bytes each
            self.warn(line, f"{kind} '{path.name[:40]}…': a name of {len(path.name)} characters is shortened")
            stem, suffix = stem[:100], suffix[:15]
        name = stem + suffix
        n = 1
        while (kind, name.lower()) in self.taken:
            n += 1
            name = f"{stem} ({n}){suffix}"
        self.taken.add((kind, name.lower()))
        self.names[(kind, path)] = name
        if missing:  # as the pack had it: SIGame (and we) show a placeholder for it
            self.warn(line, f"{kind} '{path}' is not found: the .siq names it but holds no file for it")
        else:
            self.out.media[f"{FOLDERS[kind]}/{escaped(name)}"] = path
        return name


def content_xml(pack: Pack) -> tuple[bytes, Exported]:
    """content.xml (UTF-8 with a BOM, as SIQuester writes it) and what it holds."""
    writer = _Writer(pack)
    root = writer.package()
    ET.register_namespace("", NS)
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return b"\xef\xbb\xbf" + f'<?xml version="1.0" encoding="utf-8"?>{body}'.encode(), writer.out


def export_siq(pack: Pack, target: Path) -> Exported:
    """Write the .siq (content.xml deflated, media stored, as SIQuester does); ExportError if it cannot be."""
    data, out = content_xml(pack)
    if len(out.media) + 2 > MAX_ENTRIES:
        raise ExportError(f"the pack has {len(out.media)} media files: a .siq holds at most {MAX_ENTRIES - 2}")
    total = len(data) + sum(path.stat().st_size for path in out.media.values())
    if total > MAX_UNPACKED:
        raise ExportError(f"the pack and its media come to {total // (1024 * 1024)} MB: a .siq is read up to "
                          f"{MAX_UNPACKED // (1024 * 1024)} MB")
    # A very repetitive content.xml deflates past the ratio a reader takes for a zip bomb (ours refuses it):
    # such a one is stored as it is.
    squeezed = len(data) > RATIO_FLOOR and len(data) > MAX_RATIO * len(zlib.compress(data))
    part = target.with_name(target.name + ".part")
    try:
        with zipfile.ZipFile(part, "w") as zf:
            zf.writestr(zipfile.ZipInfo("content.xml"), data,
                        compress_type=zipfile.ZIP_STORED if squeezed else zipfile.ZIP_DEFLATED)
            for name, path in out.media.items():
                zf.write(path, name, compress_type=zipfile.ZIP_STORED)
            zf.writestr(zipfile.ZipInfo("[Content_Types].xml"), "\ufeff" + CONTENT_TYPES,
                        compress_type=zipfile.ZIP_DEFLATED)
        part.replace(target)
    finally:
        part.unlink(missing_ok=True)
    return out
