"""`--import PACK.siq --out DIR` and `--proof PACK --out DIR` (docs/siq.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

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


def proof_command(pack: Path, out: Path, stream: TextIO | None = None) -> int:
    from quizshow.tools.proof import proof

    return proof(pack, out, stream or sys.stdout)
