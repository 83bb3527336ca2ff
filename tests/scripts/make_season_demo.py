"""Writes the demo season's three evenings (shows/season-demo/evening-N.csv) as a club would have them: the
bundled written quiz (shows/written.yaml) played three times through a real journal, each sheet marked by a
seeded lot (the stronger teams more often right), then exported with `--export-results` as the venue does.

    python tests/scripts/make_season_demo.py

Run from the repository's root; the journals go to a temporary folder, the CSVs are committed.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from quizshow.assemble import make_format  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.event_file import load_any  # noqa: E402
from quizshow.formats.written import commands as wc  # noqa: E402
from quizshow.formats.written.model import Phase  # noqa: E402
from quizshow.formats.written.spec import SPEC  # noqa: E402
from quizshow.runtime.show.journalled import Runtime  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402

SHOW = ROOT / "shows" / "written.yaml"
OUT = ROOT / "shows" / "season-demo"
STRENGTH = (0.72, 0.55, 0.62, 0.48, 0.5, 0.4, 0.58, 0.35, 0.45, 0.3, 0.52, 0.38)  # each team's chance, in show order


def play(journal: Path, seed: int) -> None:
    config = load_any(SHOW, Problems())
    assert config is not None
    lot = random.Random(seed)
    runtime = Runtime(make_format(config), journal, str(config.path), fresh=True, seed=seed)
    at = 10.0
    marked: set[int] = set()
    try:
        for _ in range(2000):
            state = runtime.engine.state
            if state.phase == Phase.PODIUM:
                return
            number = SPEC.state_of(state).number
            if state.phase == Phase.ANSWER and number not in marked:
                marked.add(number)
                for team in range(len(state.teams)):
                    if lot.random() < STRENGTH[team % len(STRENGTH)]:
                        runtime.submit(wc.Mark(at=at, team=team, number=number, correct=True))
            at += 1.0
            if not runtime.submit(c.Go(at=at)).accepted:
                at += 80.0
                runtime.submit(c.Tick(at=at))
        raise AssertionError(f"the evening did not end (phase {runtime.engine.state.phase})")
    finally:
        runtime.close()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="season-demo-"))
    try:
        for evening in (1, 2, 3):
            journal = folder / f"evening-{evening}.jsonl"
            play(journal, seed=2025 + evening)
            prefix = OUT / f"evening-{evening}"
            subprocess.run([sys.executable, str(ROOT / "main.py"), str(SHOW), "--journal", str(journal),
                            "--export-results", str(prefix)], check=True, cwd=ROOT)
            (OUT / f"evening-{evening}.html").unlink(missing_ok=True)  # the season reads the CSV
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
