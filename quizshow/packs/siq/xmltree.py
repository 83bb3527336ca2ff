"""content.xml as a small tree of elements by local name, each with its line; DTDs and entities refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers.expat import ExpatError

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import DefusedXMLParser  # type: ignore[import-untyped]

from quizshow.packs.siq.archive import SiqError

MAX_DEPTH = 64
MAX_ELEMENTS = 200_000


@dataclass
class Element:
    name: str  # local name: namespaces and prefixes (yg:, the three SIGame namespaces) dropped
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def get(self, attr: str, default: str | None = None) -> str | None:
        return self.attrs.get(attr, default)

    def child(self, name: str) -> Element | None:
        return next((c for c in self.children if c.name == name), None)

    def all(self, name: str) -> list[Element]:
        return [c for c in self.children if c.name == name]

    def path(self, *names: str) -> list[Element]:
        """The children named by the last of `names` under the chain of the others (`themes`, `theme`)."""
        nodes = [self]
        for name in names:
            nodes = [c for n in nodes for c in n.all(name)]
        return nodes


def _local(name: str) -> str:
    name = name.rsplit("}", 1)[-1]
    return name.rsplit(":", 1)[-1]


class _Builder:
    def __init__(self) -> None:
        self.stack: list[Element] = []
        self.root: Element | None = None
        self.count = 0
        self.where = lambda: 0

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise SiqError(f"refused: content.xml has more than {MAX_ELEMENTS} elements")
        if len(self.stack) >= MAX_DEPTH:
            raise SiqError(f"refused: content.xml nests deeper than {MAX_DEPTH} levels")
        node = Element(_local(tag), {_local(k): v for k, v in attrib.items()}, self.where())
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)

    def end(self, tag: str) -> None:
        self.stack.pop()

    def data(self, text: str) -> None:
        if self.stack:
            self.stack[-1].parts.append(text)

    def close(self) -> Element | None:
        return self.root


def parse(data: bytes) -> Element:
    """The root element; any malformed, hostile or empty document is a SiqError with its line."""
    builder = _Builder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    expat = parser.parser
    builder.where = lambda: expat.CurrentLineNumber
    try:
        parser.feed(data)  # bytes: expat honours the BOM and the declared encoding
        root = parser.close()
    except DefusedXmlException as why:
        raise SiqError(f"content.xml:{expat.CurrentLineNumber}: refused: {type(why).__name__} "
                       "(DTDs and entities are not allowed in a pack)") from None
    except (ExpatError, SyntaxError) as why:
        raise SiqError(f"content.xml: not well-formed XML: {why}") from None
    except RecursionError:
        raise SiqError("content.xml: refused: nested too deep") from None
    except LookupError as why:  # the declaration names an encoding Python does not know
        raise SiqError(f"content.xml:1: {why} (a pack is UTF-8)") from None
    if root is None:
        raise SiqError("content.xml: the document is empty")
    return root
