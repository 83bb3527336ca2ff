"""What chgksuite read from each fixture (run with chgksuite's own Python by make_chgksuite_fixtures.sh): its
parse (`parse_4s`, the structure every composer works from) and, from the slides its pptx composer made
(chgksuite's screen form), each slide's text, number and pictures.

    python chgksuite_dump.py FIXTURE_DIR NAME [--write|--source SOURCE.4s] [--game GAME] [--compose-log LOG]
    python chgksuite_dump.py FIXTURE_DIR NAME --database

`--write`: read SOURCE.4s with chgksuite and write it back with chgksuite's own writer (compose_4s, every
question numbered) as NAME.4s first — the `>` field and № numbering come out as chgksuite writes them;
`--source`: NAME.4s was so written from SOURCE.4s. Either way chgksuite's parse of SOURCE.4s is kept too.
`--game si|troika|brain`: NAME.si4s / .tr4s / .br4s, parsed as that game (chgksuite picks it by the suffix).
`--compose-log`: the pptx composer's log, kept when it did not make the slides (what it refused).
`--database`: NAME.txt is the question database's text export: its parse by chgksuite's database reader
(`chgk_parse_db`) and the `.4s` chgksuite's `parse` wrote from it (NAME.4s), parsed again."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from chgksuite.common import compose_4s
from chgksuite.composer.chgksuite_parser import parse_4s
from chgksuite.composer.composer_common import ext_to_game
from pptx import Presentation

SUFFIX = {"si": ".si4s", "troika": ".tr4s", "brain": ".br4s", None: ".4s"}


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


def database(folder: Path, name: str) -> dict:
    from chgksuite.parser_db import chgk_parse_db

    text = (folder / f"{name}.txt").read_text(encoding="utf-8")
    dump: dict = {"file": f"{name}.txt", "structure": chgk_parse_db(text)}
    written = folder / f"{name}.4s"
    if written.exists():
        dump["written"] = written.read_text(encoding="utf-8")
        dump["fours"] = parse_4s(dump["written"])
    return dump


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("name")
    parser.add_argument("--write", metavar="SOURCE")
    parser.add_argument("--source", metavar="SOURCE", help="the file NAME was written from (its parse is kept)")
    parser.add_argument("--game", choices=("si", "troika", "brain"))
    parser.add_argument("--compose-log", type=Path)
    parser.add_argument("--database", action="store_true")
    args = parser.parse_args()
    if args.database:
        dump = database(args.folder, args.name)
    else:
        target = args.folder / f"{args.name}{SUFFIX[args.game]}"
        if args.write:
            structure = parse_4s((args.folder / args.write).read_text(encoding="utf-8"))
            target.write_text(compose_4s(structure, argparse.Namespace(numbers_handling="all")), encoding="utf-8")
        game = ext_to_game(target.name)
        dump = {"file": target.name, "game": game,
                "structure": parse_4s(target.read_text(encoding="utf-8-sig"), game=game)}
        typed = args.write or args.source
        if typed:  # the file as it was typed, before chgksuite wrote it back
            dump["source"] = typed
            dump["source_structure"] = parse_4s((args.folder / typed).read_text(encoding="utf-8"), game=game)
        pptx = args.folder / f"{args.name}.pptx"
        if pptx.exists():
            dump["slides"] = slides(pptx, args.folder)
        elif args.compose_log is not None:
            log = args.compose_log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
            dump["compose"] = [line for line in log if "Error" in line or "error" in line][-3:] or log[-3:]
    (args.folder / f"{args.name}.chgksuite.json").write_text(
        json.dumps(dump, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
