"""`--import PACK.siq --out DIR`, `--export-siq PACK --out FILE.siq` and `--proof PACK --out DIR` (docs/siq.md)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from quizshow.packs.model import Pack
from quizshow.yamlfile import Problems


def import_command(pack: Path, out: Path, stream: TextIO | None = None) -> int:
    """Write our YAML and the media; print the report; check the YAML as `--check` would."""
    from quizshow.packs.loader import load_pack
    from quizshow.packs.siq import import_siq

    stream = stream or sys.stdout
    problems = Problems()
    done = import_siq(pack, out, problems)
    for problem in problems.errors:
        print(problem, file=stream)
    if done is None:
        return 1
    target, report = done
    for line in report.lines():
        print(line, file=stream)
    check = Problems()
    load_pack(target, check)
    for problem in check.items:
        print(problem, file=stream)
    print(f"wrote {target} ({len(report.found)} media file(s)); "
          f"--check: {len(check.errors)} error(s), {len(check.items) - len(check.errors)} warning(s)", file=stream)
    return 1 if check.errors else 0


def export_command(pack: Path, out: Path, stream: TextIO | None = None) -> int:
    """Write the pack (YAML, .siq or .4s) as a SIGame v5 .siq; print what went in and every warning; read the
    .siq back as `--check` would (it must come out with no errors)."""
    from quizshow.packs.loader import load_pack
    from quizshow.packs.siq.export import ExportError, export_siq

    stream = stream or sys.stdout
    problems = Problems()
    loaded = load_pack(pack, problems)
    for problem in problems.items:
        print(problem, file=stream)
    if loaded is None or problems.errors:
        print(f"{pack}: fix these first; nothing was written", file=stream)
        return 1
    if out.suffix.lower() != ".siq" or out.is_dir():
        print(f"{out}: --export-siq writes a file named *.siq", file=stream)
        return 2
    if loaded.id is None and pack.suffix.lower() in (".yaml", ".yml"):
        loaded = _new_id(loaded, pack, stream)
    try:
        done = export_siq(loaded, out)
    except (ExportError, OSError) as why:
        print(f"{out}:1: cannot export: {why}", file=stream)
        return 1
    for line in done.lines(out):
        print(line, file=stream)
    check = Problems()
    load_pack(out, check)
    for problem in check.items:
        print(problem, file=stream)
    print(f"--check {out.name}: {len(check.errors)} error(s), {len(check.items) - len(check.errors)} warning(s)",
          file=stream)
    return 1 if check.errors else 0


def _new_id(loaded: Pack, pack: Path, stream: TextIO) -> Pack:
    """A YAML pack exported for the first time: a new random SIGame id, kept in the pack (SIGame tells played
    packs apart by it, so two packs of one title must not share one, and one pack must keep its own)."""
    import uuid

    from quizshow.packs.writer import remember_id

    package = str(uuid.uuid4())
    if remember_id(pack, package):
        print(f"{pack}: its SIGame id {package} is kept in the pack (`id:`): an export again is the same package",
              file=stream)
    else:
        print(f"{pack}: warning: the SIGame id {package} could not be written into the pack: an export again "
              "makes another", file=stream)
    return replace(loaded, id=package)


def proof_command(pack: Path, out: Path, stream: TextIO | None = None) -> int:
    from quizshow.tools.proof import proof

    return proof(pack, out, stream or sys.stdout)


def check_media(pack: Pack, problems: Problems) -> None:
    """Videos whose first frame does not decode (a codec we lack, a damaged file): a warning each, as the
    projector will show a placeholder for them."""
    from quizshow.display.video import probe
    from quizshow.packs.siq import problem_file

    where = problem_file(pack.path) if pack.path.suffix.lower() == ".siq" else pack.path
    seen: dict[Path, str | None] = {}
    for rnd in pack.rounds:
        for question in rnd.all_questions:
            for key in ("video", "answer_video"):
                path = getattr(question, key)
                if path is None or not path.exists() or path.stat().st_size == 0:
                    continue  # missing files are reported by the loader
                if path not in seen:
                    seen[path] = probe(path)
                if seen[path] is not None:
                    problems.add(where, question.line, f"{key} '{path.name}' cannot be played ({seen[path]}): "
                                                       "a placeholder is shown", warning=True)
