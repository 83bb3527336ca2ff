"""A SiqDocument as our pack: rounds, themes, question types, content and media (docs/siq.md).

Pure: it decides where each media file will live (`media_root`/Images/…) and lists the archive entries
to copy there; the caller copies them. Every guess or loss is a warning in the report.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote

from quizshow.packs.loader import AUDIO_TYPES, IMAGE_TYPES, VIDEO_TYPES
from quizshow.packs.model import EMPTY_CELL, CatInfo, Credits, Pack, Question, Round, Theme
from quizshow.packs.siq.document import FOLDERS, MAX_VALUE, Info, Item, SiqDocument, SiqQuestion, SiqRound

PLAYABLE = {"image": IMAGE_TYPES, "audio": AUDIO_TYPES, "video": VIDEO_TYPES, "html": (".html", ".htm")}
MAX_CAT_VALUES = 30

# SIGame type → (our type, the warning when ours is only the nearest rule)
TYPES: dict[str, tuple[str, str | None]] = {
    "": ("regular", None),
    "simple": ("regular", None),
    "stake": ("auction", None),
    "stakeAll": ("auction", "stakeAll (everyone bids) is played as an ordinary auction: the chooser opens the "
                            "bidding and the highest bid answers alone"),
    "secret": ("cat", None),
    "secretPublicPrice": ("cat", None),
    "secretNoQuestion": ("cat", "secretNoQuestion (a gift with no question) is played as a cat: the host "
                                "accepts the receiver's answer to give the points"),
    "noRisk": ("sponsor", None),
    "forAll": ("regular", "forAll (everyone answers in writing) is played as a regular question: the first "
                          "to press answers"),
}


@dataclass(frozen=True)
class Entry:
    """Media the pack uses: where it is in the archive (if anywhere) and where it will live."""

    kind: str
    name: str  # as the pack writes it
    target: Path  # relative to the media root
    found: bool
    playable: bool


@dataclass
class Report:
    """What an import found: counts, media, and every warning (line, message)."""

    title: str
    version: float
    rounds: int = 0
    finals: int = 0
    themes: int = 0
    types: Counter[str] = field(default_factory=Counter)  # SIGame type names ("simple" for none)
    played_as: Counter[str] = field(default_factory=Counter)
    empty: int = 0
    media: dict[tuple[str, str], Entry] = field(default_factory=dict)
    warnings: list[tuple[int, str]] = field(default_factory=list)
    host_notes: list[tuple[str, str]] = field(default_factory=list)  # (round, its comment): not a problem

    def warn(self, line: int, message: str) -> None:
        self.warnings.append((line, message))

    def notes(self) -> tuple[tuple[str, tuple[tuple[str, object], ...]], ...]:
        """What the host is told at start-up (phrase keys of packs/siq/words.py, with their values)."""
        summary = (("version", f"{self.version:g}"), ("title", self.title), ("rounds", self.rounds),
                   ("finals", self.finals), ("themes", self.themes), ("questions", self.questions),
                   ("empty", self.empty))
        return (("pack.siq_summary", summary),
                *(("pack.host_note", (("round", name), ("text", text))) for name, text in self.host_notes))

    @property
    def questions(self) -> int:
        return sum(self.types.values())

    @property
    def found(self) -> list[Entry]:
        return [e for e in self.media.values() if e.found]

    @property
    def missing(self) -> list[Entry]:
        return [e for e in self.media.values() if not e.found]

    def lines(self) -> list[str]:
        """The report as the host reads it (English; the console shows it as is)."""
        kinds = ", ".join(f"{name} {n}" for name, n in sorted(self.types.items()))
        ours = ", ".join(f"{name} {n}" for name, n in sorted(self.played_as.items()))
        out = [f"SIGame pack v{self.version:g} «{self.title}»: {self.rounds} round(s) + {self.finals} final, "
               f"{self.themes} theme(s), {self.questions} question(s), {self.empty} empty cell(s)",
               f"question types: {kinds or '-'}; played as: {ours or '-'}",
               f"media: {len(self.found)} found, {len(self.missing)} missing"]
        out += [f"missing media: {FOLDERS[e.kind]}/{e.name}" for e in self.missing]
        out += [f"round '{name}', for the host: {text}" for name, text in self.host_notes]
        out += [f"content.xml:{line}: warning: {message}" for line, message in self.warnings]
        return out


class Media(Protocol):
    """The pack's files, by kind and the name the pack writes."""

    def size(self, kind: str, name: str) -> int | None: ...  # None: not in the pack

    def text(self, kind: str, name: str) -> str | None: ...


class _Mapper:
    def __init__(self, doc: SiqDocument, files: Media, media_root: Path, report: Report) -> None:
        self.doc, self.files, self.root, self.report = doc, files, media_root, report

    def warn(self, line: int, message: str) -> None:
        self.report.warn(line, message)

    # --- structure ------------------------------------------------------------------------------------

    def rounds(self) -> tuple[Round, ...]:
        out = []
        for rnd in self.doc.rounds:
            if rnd.info.comments:  # said once, not per question, and not a problem: the host is told at start-up
                self.report.host_notes.append((rnd.name, rnd.info.comments[:300]))
            mapped = self.final(rnd) if rnd.final else self.board(rnd)
            if mapped is not None:
                out.append(mapped)
        if not out:
            self.warn(1, "the pack has no question to play")
        return tuple(out)

    def board(self, rnd: SiqRound) -> Round | None:
        prices = [q.price for t in rnd.themes for q in t.questions if not q.empty]
        themes = []
        for theme in rnd.themes:
            if not any(not q.empty for q in theme.questions):
                self.warn(theme.line, f"theme '{theme.name}' has no questions: left out")
                self.report.empty += len(theme.questions)
                continue
            questions = tuple(self.question(q, prices) for q in theme.questions)
            themes.append(Theme(name=theme.name or "—", questions=questions, **_credits(theme.info)))
        if not themes:
            self.warn(rnd.line, f"round '{rnd.name}' has no questions: left out")
            return None
        # A shorter theme's missing cells are empty cells, so every theme is as long as the round's longest
        # (the board's grid; the console's board asked every theme for every column and failed on them).
        width = max(len(t.questions) for t in themes)
        themes = [replace(t, questions=t.questions + (EMPTY_CELL,) * (width - len(t.questions))) for t in themes]
        self.report.rounds += 1
        self.report.themes += len(themes)
        return Round(name=rnd.name or f"{self.report.rounds}", themes=tuple(themes), **_credits(rnd.info))

    def final(self, rnd: SiqRound) -> Round | None:
        """Our final: one question per theme (SIGame plays only each theme's first)."""
        themes = []
        for theme in rnd.themes:
            played = [q for q in theme.questions if not q.empty]
            self.report.empty += len(theme.questions) - len(played)
            if not played:
                self.warn(theme.line, f"final theme '{theme.name}' has no question: left out")
                continue
            for extra in played[1:]:
                self.warn(extra.line, f"final theme '{theme.name}': only its first question is played")
                self.count(extra, "unplayed")
            first = played[0]
            if first.type:
                self.warn(first.line, f"a final question of type '{first.type}' is played as a final question")
            question = self.question(first, [], final=True)
            themes.append(Theme(name=theme.name or "—", questions=(question,), **_credits(theme.info)))
        if not themes:
            self.warn(rnd.line, f"final round '{rnd.name}' has no questions: left out")
            return None
        self.report.finals += 1
        self.report.themes += len(themes)
        return Round(name=rnd.name or "Final", themes=tuple(themes), final=True, **_credits(rnd.info))

    def count(self, q: SiqQuestion, ours: str) -> None:
        self.report.types[q.type or "simple"] += 1
        self.report.played_as[ours] += 1

    # --- a question ------------------------------------------------------------------------------------

    def question(self, q: SiqQuestion, prices: list[int], final: bool = False) -> Question:
        if q.empty:
            self.report.empty += 1
            return EMPTY_CELL
        kind, note = ("final", None) if final else TYPES.get(q.type, ("regular", None))
        if q.type not in TYPES and not final:
            note = f"question type '{q.type}' is played as a regular question (its own rules are the host's)"
        self.count(q, kind)
        if note:
            self.warn(q.line, note)
        web: list[str] = []  # what the question shows from the web (not fetched): the card names it
        screen, host = self.content(q.question, q.line, "question", web)
        answer_text, _ = self.content(q.answer, q.line, "answer")
        answer_type = q.param("answerType")
        if q.options:
            labels = [f"{label}) {' '.join(i.value for i in items if i.kind == 'text')}" for label, items in q.options]
            screen.append("\n".join(labels))
            self.warn(q.line, "answer options (select) are shown in the question text; the host judges the "
                              "spoken choice")
        elif answer_type == "select":
            self.warn(q.line, "answerType select without options: played as a regular question")
        if answer_type == "number":
            deviation = q.param("answerDeviation")
            self.warn(q.line, "a numeric answer is judged by the host" + (f" (within ±{deviation})"
                                                                          if deviation else ""))
            if deviation:
                host.append(f"± {deviation}")
        elif answer_type in ("point", "client"):
            self.warn(q.line, f"answerType '{answer_type}' is judged by the host")
        host += [q.info.host] if q.info.host else []  # the theme's and round's stay theme's and round's
        right = list(q.right) or ([" ".join(answer_text)] if answer_text else [])
        media = self.media(q.question, "question", host, web)
        answer_media = self.media(q.answer, "answer", host)
        return Question(
            q="\n".join(s for s in screen if s), a=right[0] if right else "", accept=tuple(right[1:]),
            reject=tuple(q.wrong),
            comment=q.info.comments or None, source=_sources(q.info), author=_authors(q.info),
            image=media.get("image"), audio=media.get("audio"), video=media.get("video"),
            answer_image=answer_media.get("image"), answer_audio=answer_media.get("audio"),
            answer_video=answer_media.get("video"),
            type=kind if kind != "final" else "regular", cat=self.cat(q, prices) if kind == "cat" else None,
            value=None if final else q.price, line=q.line, host="\n".join(host) or None,
            seconds=next((i.duration for i in q.question if i.duration), None),
            wait=all(i.wait for i in q.question if i.kind in ("audio", "video")),
            web=tuple(dict.fromkeys(web)),
        )

    def cat(self, q: SiqQuestion, prices: list[int]) -> CatInfo:
        """Theme, the receiver's price choice and who may receive it (spec/siq.md §2, `cost`/`price`)."""
        low, high, step = q.price_set or (q.price, q.price, 0)
        if low == 0 and high == 0:  # 0 = the choice between the round's minimum and maximum
            values = tuple(sorted({min(prices, default=q.price), max(prices, default=q.price)}))
        elif step > 0 and high > low:
            values = tuple(range(low, high + 1, step))
            if len(values) > MAX_CAT_VALUES:
                self.warn(q.line, f"a price choice of {len(values)} values: the first {MAX_CAT_VALUES} are offered")
                values = values[:MAX_CAT_VALUES]
        else:
            values = tuple(sorted({max(0, low), max(0, high)}))
        to = "anyone" if q.param("selectionMode").lower() == "any" else "others"
        theme = q.param("theme").strip() or None
        return CatInfo(theme=None if theme == "-" else theme, values=values, to=to)

    def content(self, items: tuple[Item, ...], line: int, what: str, web: list[str] | None = None
                ) -> tuple[list[str], list[str]]:
        """(text for the screen, lines for the host)."""
        screen: list[str] = []
        host: list[str] = []
        for item in items:
            if item.kind == "text":
                (host if item.placement == "replic" else screen).append(item.value)
            elif item.kind == "html":
                screen.append(self.html(item))
                if not item.ref and re.match(r"https?://", item.value):
                    host.append(item.value)
                    if web is not None:
                        web.append("html")
        return screen, host

    def html(self, item: Item) -> str:
        if item.ref:
            source = self.files.text("html", item.value)
            if source is None:
                self.warn(item.line, f"html '{item.value}' is not in the pack: not shown")
                return ""
            self.warn(item.line, f"html '{item.value}' is shown as its text only")
            return html_text(source)[:MAX_VALUE]
        if re.match(r"https?://", item.value):
            self.warn(item.line, "html content from the web is not shown (its address goes to the host)")
            return ""
        self.warn(item.line, "html content is shown as its text only")
        return html_text(item.value)

    def media(self, items: tuple[Item, ...], what: str, host: list[str], web: list[str] | None = None
              ) -> dict[str, Path]:
        found: dict[str, Path] = {}
        for item in items:
            if item.kind not in ("image", "audio", "video"):
                continue
            if not item.ref:
                if re.match(r"[a-z]+://", item.value, re.I):
                    self.warn(item.line, f"external {item.kind} {item.value[:80]} is not fetched: not shown "
                                         "(its address goes to the host)")
                    host.append(item.value)
                    if web is not None:
                        web.append(item.kind)
                    continue
                item = Item(item.kind, item.value, True, item.placement, item.duration, item.wait, item.line)
            if item.kind in found:
                self.warn(item.line, f"a second {item.kind} in the {what}: only the first is shown")
                continue
            path = self.entry(item)
            if path is None:
                host.append(f"{FOLDERS[item.kind]}/{item.value}")
            else:
                found[item.kind] = path
        return found

    def entry(self, item: Item) -> Path | None:
        key = (item.kind, item.value)
        known = self.report.media.get(key)
        if known is None:
            size = self.files.size(item.kind, item.value)
            target = Path(FOLDERS[item.kind]) / safe_name(item.value)
            playable = target.suffix.lower() in PLAYABLE[item.kind]
            known = Entry(item.kind, item.value, target, found=bool(size), playable=playable)
            self.report.media[key] = known
            if size == 0:
                self.warn(item.line, f"{item.kind} '{item.value}' is an empty file in the pack: a placeholder "
                                     "is shown")
            elif size is None:
                self.warn(item.line, f"{item.kind} '{item.value}' is not in the pack: a placeholder is shown")
            if not playable:
                self.warn(item.line, f"{item.kind} '{item.value}': the format {target.suffix or '(none)'} is not "
                                     "supported: not shown (its name goes to the host)")
        if not known.playable:
            return None
        return self.root / known.target


def _authors(info: Info) -> str | None:
    return "\n".join(info.authors) or None  # one a line, as SIGame lists them (packs/model.entries)


def _sources(info: Info) -> str | None:
    return "\n".join(info.sources) or None


def _credits(info: Info) -> Credits:
    """A round's or theme's info, kept at its level: its questions inherit it when shown (model.credited)."""
    return Credits(author=_authors(info), source=_sources(info), comment=info.comments or None,
                   host=info.host or None)


def safe_name(name: str) -> str:
    """A file name that is safe on every file system, from a name as the pack writes it."""
    base = unquote(name).replace("\\", "/").rsplit("/", 1)[-1]
    base = re.sub(r'[\x00-\x1f<>:"|?*]', "_", base).strip(" .") or "file"
    if len(base) > 120:
        stem, dot, ext = base.rpartition(".")
        base = (stem[:100] + dot + ext[:15]) if dot else base[:120]
    return base


class _Text(HTMLParser):
    """The words of a page as a reader sees them: every text node (entities resolved), scripts and styles
    not."""

    HIDDEN = ("script", "style", "template", "noscript")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        self.words.append(" ")  # a tag parts words (<p>a</p><p>b</p> is «a b»)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1
        self.words.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.append(data)


def html_text(source: str) -> str:
    """The readable text of an html page (the standard library's parser): tags, scripts and styles dropped."""
    parser = _Text()
    parser.feed(source)
    parser.close()
    return " ".join("".join(parser.words).split())


def to_pack(doc: SiqDocument, files: Media, path: Path, media_root: Path) -> tuple[Pack, Report]:
    report = Report(title=doc.name, version=doc.version, warnings=list(doc.warnings))
    if doc.logo:
        report.warn(1, f"the pack logo '{doc.logo}' is not shown")
    rounds = _Mapper(doc, files, media_root, report).rounds()
    language = "en" if doc.language.lower().startswith("en") else "ru"
    pack = Pack(title=doc.name, path=path, rounds=rounds, author=_authors(doc.info), source=_sources(doc.info),
                comment=doc.info.comments or None, language=language, id=doc.id or None,
                report=tuple(report.lines()), notes=report.notes())
    return pack, report

