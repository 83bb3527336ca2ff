"""SIGame packs built by the tests themselves (zip in tmp_path), and a scripted game to the end."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from quizshow.tools.autoplay import play_to_end  # noqa: F401  (the tests' scripted game)

V5_NS = "https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd"
V4_NS = "http://vladimirkhil.com/ygpackage3.0.xsd"
OLD_NS = "http://ur-quan1986.narod.ru/ygpackage3.0.xsd"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
                    "53de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082")


def write_siq(path: Path, content: str | bytes, files: dict[str, bytes] | None = None, bom: bool = True,
              media_stored: bool = True) -> Path:
    """A .siq as SIQuester writes it: content.xml deflated (with a BOM), media stored."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    if bom and isinstance(content, str):
        data = b"\xef\xbb\xbf" + data
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(zipfile.ZipInfo("content.xml"), data, compress_type=zipfile.ZIP_DEFLATED)
        for name, body in (files or {}).items():
            zf.writestr(zipfile.ZipInfo(name), body,
                        compress_type=zipfile.ZIP_STORED if media_stored else zipfile.ZIP_DEFLATED)
    return path


def v5(rounds: str, name: str = "Тест", extra: str = "") -> str:
    return (f'<?xml version="1.0" encoding="utf-8"?><package name="{name}" version="5" xmlns="{V5_NS}">'
            f'{extra}<rounds>{rounds}</rounds></package>')


def v5_round(themes: str, name: str = "Раунд", final: bool = False) -> str:
    kind = ' type="final"' if final else ""
    return f'<round name="{name}"{kind}><themes>{themes}</themes></round>'


def v5_theme(questions: str, name: str = "Тема") -> str:
    return f'<theme name="{name}"><questions>{questions}</questions></theme>'


def v5_q(price: int, text: str = "Вопрос", answer: str = "Ответ", kind: str = "", params: str = "",
         items: str = "", wrong: str = "") -> str:
    kind_attr = f' type="{kind}"' if kind else ""
    body = items or f"<item>{text}</item>"
    wrong_xml = f"<wrong><answer>{wrong}</answer></wrong>" if wrong else ""
    return (f'<question price="{price}"{kind_attr}><params>{params}<param name="question" type="content">{body}'
            f'</param></params><right><answer>{answer}</answer></right>{wrong_xml}</question>')


def v4(rounds: str, ns: str = V4_NS, prefix: str = "") -> str:
    body = (f'<?xml version="1.0" encoding="utf-8"?><package name="Тест4" version="4" id="x" xmlns="{ns}">'
            f'<rounds>{rounds}</rounds></package>')
    if prefix:  # the same document with every element prefixed (old packs write yg:)
        body = re.sub(r"<(/?)([a-zA-Z]+)", rf"<\1{prefix}:\2", body).replace("xmlns=", f"xmlns:{prefix}=")
    return body


def v4_q(price: int, atoms: str = "<atom>Вопрос</atom>", answer: str = "Ответ", type_xml: str = "") -> str:
    return (f'<question price="{price}">{type_xml}<scenario>{atoms}</scenario>'
            f'<right><answer>{answer}</answer></right></question>')


def count_content(path: Path) -> dict[str, object]:
    """content.xml counted independently of the reader: rounds, themes, questions by type."""
    with zipfile.ZipFile(path) as zf:
        text = zf.read("content.xml").decode("utf-8-sig")
    rounds = re.findall(r"<round\b([^>]*)>(.*?)</round>", text, re.S)
    finals = sum(1 for attrs, _ in rounds if 'type="final"' in attrs)
    themes = sum(len(re.findall(r"<theme\b", body)) for _, body in rounds)
    types: dict[str, int] = {}
    for attrs, body in re.findall(r"<question\b([^>]*)>(.*?)</question>", text, re.S):
        if 'price="-1"' in attrs:
            continue
        v5_type = re.search(r'\btype="([^"]*)"', attrs)
        v4_type = re.search(r'<type name="([^"]*)"', body)
        name = v5_type[1] if v5_type else (v4_type[1] if v4_type else "simple")
        if v4_type:
            knows = re.search(r'<param name="knows">([^<]*)<', body)
            name = {"auction": "stake", "sponsored": "noRisk", "simple": "simple"}.get(name, name)
            if v4_type[1] in ("cat", "bagcat"):
                name = {"before": "secretPublicPrice", "never": "secretNoQuestion"}.get(
                    knows[1] if knows else "after", "secret")
        types[name] = types.get(name, 0) + 1
    return {"rounds": len(rounds) - finals, "finals": finals, "themes": themes, "types": types}


def make_video(path: Path, seconds: int = 2, fps: int = 25, size: tuple[int, int] = (320, 240),
               sound: bool = False) -> Path:
    """An mp4 (MPEG-4 part 2, encoded by PyAV): red for the first second, then blue; with `sound`, an AAC
    track of a 440 Hz tone as long as the picture."""
    import math

    import av

    with av.open(str(path), "w") as out:
        stream = out.add_stream("mpeg4", rate=fps)
        stream.width, stream.height = size
        stream.pix_fmt = "yuv420p"
        if sound:
            audio = out.add_stream("aac", rate=44100)
            tone = b"".join(int(8000 * math.sin(i * 2 * math.pi * 440 / 44100)).to_bytes(2, "little", signed=True)
                            for i in range(1024))
            for n in range(seconds * 44100 // 1024):
                chunk = av.AudioFrame(format="s16", layout="mono", samples=1024)
                chunk.planes[0].update(tone)
                chunk.sample_rate = 44100
                chunk.pts = n * 1024
                for packet in audio.encode(chunk):
                    out.mux(packet)
            for packet in audio.encode():
                out.mux(packet)
        for i in range(seconds * fps):
            frame = av.VideoFrame(size[0], size[1], "rgb24")
            frame.planes[0].update(bytes((255, 0, 0) if i < fps else (0, 0, 255)) * (size[0] * size[1]))
            for packet in stream.encode(frame.reformat(format="yuv420p")):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    return path


class SigameRead:
    """content.xml as SIGame's own reader takes it (VladimirKhil/SI, SIPackages: Package, InfoOwner, Question):
    the package's `id`; in a question, every `answer` after a `right` element is a right answer and every one
    after a `wrong` element a wrong one (Question.ReadXml switches on the element, in document order); each
    `author` and `source` element of an `info` one name; the question's content items in order."""

    def __init__(self, siq: Path) -> None:
        from xml.etree import ElementTree as ET

        with zipfile.ZipFile(siq) as zf:
            self.root = ET.fromstring(zf.read("content.xml").decode("utf-8-sig"))
        self.id = self.root.get("id")

    @staticmethod
    def local(element) -> str:
        return element.tag.rsplit("}", 1)[-1]

    def questions(self) -> list[dict]:
        found = []
        for node in self.root.iter():
            if self.local(node) != "question":
                continue
            right, wrong, items, authors, sources = [], [], [], [], []
            mode = right
            for element in node.iter():
                name = self.local(element)
                if name == "right":
                    mode = right
                elif name == "wrong":
                    mode = wrong
                elif name == "answer":
                    mode.append(element.text or "")
                elif name == "author":
                    authors.append(element.text or "")
                elif name == "source":
                    sources.append(element.text or "")
            for param in node.iter():
                if self.local(param) == "param" and param.get("name") == "question":
                    items = [(item.get("type") or "text", item.text or "") for item in param
                             if self.local(item) == "item"]
            found.append({"right": right, "wrong": wrong, "items": items, "authors": authors, "sources": sources})
        return found
