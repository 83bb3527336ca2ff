"""content.xml (v4 `ygpackage3.0` and v5 `siq_5`) read into one neutral model, the v5 way.

v4 is upgraded as SIGame upgrades it (spec/siq.md §2): `auction` → `stake`, `sponsored` → `noRisk`,
`cat`/`bagcat` → `secret*`, atoms → content items with `marker` splitting question from answer.
SIGame's reader limits are kept as caps: beyond them a warning and the rest cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from quizshow.packs.siq.xmltree import Element

MAX_ROUNDS = 50
MAX_THEMES = 30
MAX_QUESTIONS = 30
MAX_PARAMS = 30
MAX_ITEMS = 30
MAX_TEXT = 350
MAX_VALUE = 1500
MAX_PRICE = 1_000_000_000

MEDIA_KINDS = ("image", "audio", "video", "html")
FOLDERS = {"image": "Images", "audio": "Audio", "video": "Video", "html": "Html"}
V4_TYPES = {"auction": "stake", "sponsored": "noRisk", "simple": ""}
NUMBER_SET = re.compile(r"\[\s*(-?\d+)\s*;\s*(-?\d+)\s*\](?:\s*/\s*(\d+))?")


@dataclass(frozen=True)
class Item:
    """One piece of content: text, a host line, or a media reference."""

    kind: str  # text | image | audio | video | html
    value: str
    ref: bool = False  # names a file in the pack (else text, or an external URL for media)
    placement: str = "screen"  # screen | replic (the host says it) | background
    duration: float | None = None  # seconds
    wait: bool = True  # waitForFinish
    line: int = 0


@dataclass(frozen=True)
class Info:
    authors: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    comments: str = ""
    host: str = ""  # showmanComments


@dataclass(frozen=True)
class SiqQuestion:
    price: int
    type: str  # the v5 name: "" (simple), stake, stakeAll, secret…, noRisk, forAll, or any custom name
    line: int
    question: tuple[Item, ...] = ()
    answer: tuple[Item, ...] = ()  # the answer's own content (v5 `answer` param, v4 atoms after `marker`)
    right: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    params: tuple[tuple[str, str], ...] = ()  # simple params: theme, selectionMode, answerType, …
    price_set: tuple[int, int, int] | None = None  # (min, max, step) of a secret's price
    options: tuple[tuple[str, tuple[Item, ...]], ...] = ()  # answerOptions: (label, content)
    info: Info = Info()

    def param(self, name: str, default: str = "") -> str:
        return dict(self.params).get(name, default)

    @property
    def empty(self) -> bool:
        return self.price < 0


@dataclass(frozen=True)
class SiqTheme:
    name: str
    line: int
    questions: tuple[SiqQuestion, ...]
    info: Info = Info()


@dataclass(frozen=True)
class SiqRound:
    name: str
    line: int
    final: bool
    themes: tuple[SiqTheme, ...]
    info: Info = Info()


@dataclass(frozen=True)
class SiqDocument:
    name: str
    version: float
    rounds: tuple[SiqRound, ...]
    info: Info = Info()
    language: str = ""
    logo: str = ""
    warnings: tuple[tuple[int, str], ...] = ()
    id: str = ""  # the package's own id (SIGame keeps a played pack's history by it)


@dataclass
class _Reader:
    """Walks the tree once; every cut, guess and oddity is a (line, message) warning."""

    v4: bool
    authors: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    warnings: list[tuple[int, str]] = field(default_factory=list)

    def warn(self, line: int, message: str) -> None:
        self.warnings.append((line, message))

    def capped(self, nodes: list[Element], limit: int, what: str, line: int) -> list[Element]:
        if len(nodes) > limit:
            self.warn(line, f"{len(nodes)} {what}: SIGame reads at most {limit}; the rest are cut")
            return nodes[:limit]
        return nodes

    def text(self, value: str | None, line: int, what: str, limit: int = MAX_TEXT) -> str:
        value = (value or "").strip()
        if len(value) > limit:
            self.warn(line, f"{what} is {len(value)} characters long: cut to {limit}")
            value = value[:limit]
        return value

    # --- info ---------------------------------------------------------------------------------------

    def info(self, node: Element | None) -> Info:
        if node is None:
            return Info()
        info = node.child("info") or Element("info", {}, node.line)
        authors = tuple(self._linked(a.text, self.authors) for a in info.path("authors", "author") if a.text.strip())
        sources = tuple(self._linked(s.text, self.sources) for s in info.path("sources", "source") if s.text.strip())
        comments = next((c.text.strip() for c in info.all("comments")), "")
        host = next((c.text.strip() for c in info.all("showmanComments")), "")
        return Info(authors, sources, self.text(comments, info.line, "a comment", MAX_VALUE),
                    self.text(host, info.line, "a host comment", MAX_VALUE))

    @staticmethod
    def _linked(text: str, table: dict[str, str]) -> str:
        """v4 `@id` (or `@id#page`) links into Texts/authors.xml and Texts/sources.xml."""
        text = text.strip()
        if text.startswith("@"):
            key, _, page = text[1:].partition("#")
            if key in table:
                return f"{table[key]}, {page}" if page else table[key]
        return text

    # --- the package ----------------------------------------------------------------------------------

    def package(self, root: Element, version: float) -> SiqDocument:
        round_nodes = self.capped(root.path("rounds", "round"), MAX_ROUNDS, "rounds", root.line)
        rounds = tuple(self.round(r) for r in round_nodes)
        return SiqDocument(
            name=self.text(root.get("name"), root.line, "the pack name") or "SIGame",
            version=version, rounds=rounds, info=self.info(root),
            language=root.get("language", "") or "", logo=(root.get("logo") or "").removeprefix("@"),
            warnings=tuple(self.warnings), id=self.text(root.get("id"), root.line, "the package id"),
        )

    def round(self, node: Element) -> SiqRound:
        kind = (node.get("type") or "standart").strip().lower()
        if kind not in ("standart", "standard", "final"):
            self.warn(node.line, f"round type '{kind}' is played as an ordinary round")
        themes = self.capped(node.path("themes", "theme"), MAX_THEMES, "themes in a round", node.line)
        return SiqRound(self.text(node.get("name"), node.line, "a round name"), node.line, kind == "final",
                        tuple(self.theme(t) for t in themes), self.info(node))

    def theme(self, node: Element) -> SiqTheme:
        questions = self.capped(node.path("questions", "question"), MAX_QUESTIONS, "questions in a theme",
                                node.line)
        return SiqTheme(self.text(node.get("name"), node.line, "a theme name"), node.line,
                        tuple(self.question(q) for q in questions), self.info(node))

    def price(self, node: Element) -> int:
        raw = (node.get("price") or "").strip()
        try:
            price = int(float(raw))
        except ValueError:
            self.warn(node.line, f"price '{raw[:20]}' is not a number: the cell is left empty")
            return -1
        if price > MAX_PRICE:
            self.warn(node.line, f"price {price} is too large: cut to {MAX_PRICE}")
            return MAX_PRICE
        return -1 if price < 0 else price

    def answers(self, node: Element, name: str) -> tuple[str, ...]:
        found = [self.text(a.text, a.line, "an answer") for a in node.path(name, "answer")]
        return tuple(a for a in found[:MAX_ITEMS] if a)

    def question(self, node: Element) -> SiqQuestion:
        price = self.price(node)
        base = SiqQuestion(price=price, type="", line=node.line, right=self.answers(node, "right"),
                           wrong=self.answers(node, "wrong"), info=self.info(node))
        if price < 0:
            return base  # an empty cell: its type and content do not matter (SIGame resets them too)
        if self.v4 or (node.child("params") is None and node.child("scenario") is not None):
            return self.v4_question(node, base)
        return self.v5_question(node, base)

    # --- v5 --------------------------------------------------------------------------------------------

    def v5_question(self, node: Element, q: SiqQuestion) -> SiqQuestion:
        params = self.capped(node.path("params", "param"), MAX_PARAMS, "params", node.line)
        for step in node.path("script", "step"):
            self.warn(step.line, "a scripted question (script/step): its content params are shown in order")
            params += [p for p in step.all("param") if not _true(p.get("isRef"))][:MAX_PARAMS]
        simple: list[tuple[str, str]] = []
        question: list[Item] = []
        answer: list[Item] = []
        options: list[tuple[str, tuple[Item, ...]]] = []
        price_set = None
        for param in params:
            name, kind = param.get("name") or "", (param.get("type") or "simple").strip()
            if kind == "content":
                items = self.items(param)
                if name == "answer":
                    answer += items
                else:
                    question += items
                    if name != "question":
                        self.warn(param.line, f"content param '{name}' is shown as part of the question")
            elif kind == "group":
                if name != "answerOptions":
                    self.warn(param.line, f"param group '{name}' is shown as answer options")
                for option in param.all("param")[:MAX_PARAMS]:
                    options.append((self.text(option.get("name"), option.line, "an option name"),
                                    tuple(self.items(option))))
            elif kind == "numberSet":
                price_set = self.number_set(param)
            else:
                simple.append((name, self.text(param.text, param.line, f"param '{name}'")))
        return replace(q, type=(node.get("type") or "").strip(), question=tuple(question[:MAX_ITEMS]),
                     answer=tuple(answer[:MAX_ITEMS]), params=tuple(simple), price_set=price_set,
                     options=tuple(options))

    def items(self, param: Element) -> list[Item]:
        nodes = self.capped(param.all("item"), MAX_ITEMS, "content items", param.line)
        return [self.item(n) for n in nodes]

    def item(self, node: Element) -> Item:
        kind = (node.get("type") or "text").strip().lower()
        if kind not in ("text", *MEDIA_KINDS):
            self.warn(node.line, f"content type '{kind}' is shown as text")
            kind = "text"
        default = "background" if kind == "audio" else "screen"
        return Item(kind=kind, value=self.text(node.text, node.line, "a content value", MAX_VALUE),
                    ref=_true(node.get("isRef")), placement=(node.get("placement") or default).strip(),
                    duration=self.duration(node), wait=_true(node.get("waitForFinish"), True), line=node.line)

    def duration(self, node: Element) -> float | None:
        raw = (node.get("duration") or "").strip()
        if not raw:
            return None
        match = re.fullmatch(r"(?:(\d+)\.)?(\d{1,2}):(\d{1,2}):(\d{1,2}(?:\.\d+)?)", raw)
        if not match:
            self.warn(node.line, f"duration '{raw[:20]}' is not hh:mm:ss: ignored")
            return None
        days, hours, minutes, seconds = match.groups()
        return int(days or 0) * 86400 + int(hours) * 3600 + int(minutes) * 60 + float(seconds)

    def number_set(self, param: Element) -> tuple[int, int, int] | None:
        node = param.child("numberSet")
        if node is None:
            return self.cost(param.text, param.line)
        try:
            return tuple(int(node.get(k) or 0) for k in ("minimum", "maximum", "step"))  # type: ignore[return-value]
        except ValueError:
            self.warn(node.line, "a price set that is not numbers: the question's own price is played")
            return None

    def cost(self, text: str, line: int) -> tuple[int, int, int] | None:
        """v4 `cost`: `N`, `[min;max]` or `[min;max]/step` (0 = the round's minimum or maximum)."""
        text = text.strip()
        match = NUMBER_SET.fullmatch(text)
        if match:
            return int(match[1]), int(match[2]), int(match[3] or 0)
        if re.fullmatch(r"-?\d+", text):
            value = int(text)
            return value, value, 0
        if text:
            self.warn(line, f"cost '{text[:30]}' is not N, [min;max] or [min;max]/step: the own price is played")
        return None

    # --- v4 --------------------------------------------------------------------------------------------

    def v4_question(self, node: Element, q: SiqQuestion) -> SiqQuestion:
        question: list[Item] = []
        answer: list[Item] = []
        target = question
        atoms = self.capped(node.path("scenario", "atom"), MAX_ITEMS, "atoms", node.line)
        for atom in atoms:
            kind = (atom.get("type") or "text").strip().lower()
            if kind == "marker":
                if target is question:
                    target = answer
                continue
            target.append(self.atom(atom, kind))
        type_node = node.child("type")
        name = (type_node.get("name") or "").strip() if type_node is not None else ""
        params = {p.get("name") or "": (p.text.strip(), p.line) for p in
                  (type_node.all("param") if type_node is not None else [])[:MAX_PARAMS]}
        q = replace(q, question=tuple(question), answer=tuple(answer))
        if name in ("cat", "bagcat"):
            knows = params.get("knows", ("after", 0))[0].lower() if name == "bagcat" else "after"
            own_self = name == "bagcat" and params.get("self", ("false", 0))[0].lower() == "true"
            kind = {"before": "secretPublicPrice", "never": "secretNoQuestion"}.get(knows, "secret")
            cost, cost_line = params.get("cost", ("", node.line))
            simple = [("selectionMode", "any" if own_self else "exceptCurrent")]
            if kind != "secretNoQuestion" and "theme" in params:
                simple.append(("theme", self.text(params["theme"][0], params["theme"][1], "a cat theme")))
            return replace(q, type=kind, params=tuple(simple), price_set=self.cost(cost, cost_line))
        kept = tuple((k, self.text(v, line, f"param '{k}'")) for k, (v, line) in params.items())
        return replace(q, type=V4_TYPES.get(name, name), params=kept)

    def atom(self, node: Element, kind: str) -> Item:
        value = self.text(node.text, node.line, "an atom", MAX_VALUE)
        time = (node.get("time") or "").strip()
        duration, wait = None, True
        if time:
            try:
                seconds = int(float(time))  # SIGame reads it with int.TryParse: decimals dropped
            except ValueError:
                self.warn(node.line, f"time '{time[:20]}' is not a number: ignored")
                seconds = 0
            if seconds < 0:
                wait = False
            elif seconds > 0:
                duration = float(seconds)
        if kind == "say":
            return Item("text", value, placement="replic", duration=duration, wait=wait, line=node.line)
        if kind == "voice":
            kind = "audio"
        if kind not in MEDIA_KINDS:
            if kind != "text":
                self.warn(node.line, f"atom type '{kind}' is shown as text")
            return Item("text", value, duration=duration, wait=wait, line=node.line)
        ref = value.startswith("@")
        return Item(kind, value[1:] if ref else value, ref=ref,
                    placement="background" if kind == "audio" else "screen", duration=duration, wait=wait,
                    line=node.line)


def _true(value: str | None, default: bool = False) -> bool:
    """C#-style `True`/`False` (and `true`, `1`)."""
    if value is None or not value.strip():
        return default
    return value.strip().lower() in ("true", "1", "yes")


def read_globals(texts: dict[str, Element | None]) -> tuple[dict[str, str], dict[str, str]]:
    """v4 Texts/authors.xml and Texts/sources.xml: id → a printable name."""
    tables: list[dict[str, str]] = []
    for name in ("authors", "sources"):
        root = texts.get(name)
        table: dict[str, str] = {}
        for node in (root.children if root is not None else [])[:1000]:
            parts = [c.text.strip() for c in node.children if c.text.strip()]
            if node.get("id"):
                table[node.get("id") or ""] = " ".join(parts)[:MAX_TEXT]
        tables.append(table)
    return tables[0], tables[1]


def read_document(root: Element, authors: dict[str, str] | None = None,
                  sources: dict[str, str] | None = None) -> SiqDocument:
    """The package element → SiqDocument (v4 when version < 5)."""
    raw = (root.get("version") or "").strip()
    try:
        version = float(raw.replace(",", "."))
    except ValueError:
        version = 5.0 if root.child("rounds") is not None and "params" in _names(root) else 4.0
    reader = _Reader(v4=version < 5, authors=authors or {}, sources=sources or {})
    if root.name != "package":
        reader.warn(root.line, f"the root element is <{root.name}>, not <package>: read as a package")
    if not raw:
        reader.warn(root.line, f"the package has no version: read as v{int(version)}")
    return reader.package(root, version)


def _names(root: Element) -> set[str]:
    seen: set[str] = set()
    stack = [root]
    while stack and len(seen) < 200:
        node = stack.pop()
        seen.add(node.name)
        stack.extend(node.children)
    return seen
