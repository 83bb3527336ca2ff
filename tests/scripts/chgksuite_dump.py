"""What chgksuite read from each fixture `.4s` (run with chgksuite's own Python by
make_chgksuite_fixtures.sh): its parse (`parse_4s`, the structure every composer works from) and, from the
slides its pptx composer made (chgksuite's screen form), each question slide's text, number and pictures.

    python chgksuite_dump.py FIXTURE_DIR NAME [--write NAME.4s]

`--write`: read SOURCE.4s with chgksuite and write it back with chgksuite's own writer (compose_4s, every
question numbered) as NAME.4s first — the `>` field and № numbering come out as chgksuite writes them."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from chgksuite.common import compose_4s
from chgksuite.composer.chgksuite_parser import parse_4s
from pptx import Presentation


def sha(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def slides(pptx: Path, folder: Path) -> list[dict]:
    """Each slide: its texts (the number box apart) and its pictures by file name (by their bytes)."""
    names = {sha(p.read_bytes()): p.name for p in folder.glob("*.png")}
    found = []
    for slide in Presentation(str(pptx)).slides:
        texts, pics = [], []
        for shape in slide.shapes:
            if shape.shape_type == 13:  # a picture
                pics.append(names.get(sha(shape.image.blob), "?"))
            elif shape.has_text_frame:
                texts.append(shape.text_frame.text.replace("\x0b", "\n"))
        found.append({"texts": texts, "pictures": pics})
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("name")
    parser.add_argument("--write", metavar="SOURCE")
    args = parser.parse_args()
    target = args.folder / f"{args.name}.4s"
    if args.write:
        structure = parse_4s((args.folder / args.write).read_text(encoding="utf-8"))
        target.write_text(compose_4s(structure, argparse.Namespace(numbers_handling="all")), encoding="utf-8")
    structure = parse_4s(target.read_text(encoding="utf-8"))
    dump = {"file": target.name, "structure": structure}
    pptx = args.folder / f"{args.name}.pptx"
    if pptx.exists():
        dump["slides"] = slides(pptx, args.folder)
    (args.folder / f"{args.name}.chgksuite.json").write_text(
        json.dumps(dump, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
