"""Dev step of make_rating_fixtures.sh (run with quizshow's Python): the rating evening of tests/rating_kit.py,
played through a real journal and exported by `--export-results`, in both layouts of the rating's table.

    python tests/scripts/rating_export.py OUT_DIR

Writes OUT_DIR/evening.{rating.csv,rating.xlsx,players.csv} (one row per team) and
OUT_DIR/evening-tours.{rating.csv,rating.xlsx} (one row per team and tour)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from quizshow.tools.export import export  # noqa: E402
from tests.rating_kit import rating_evening  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, rules in (("evening", None), ("evening-tours", {"rating_table": "tours"})):
        with tempfile.TemporaryDirectory() as work:
            journal = Path(work) / "evening.journal.jsonl"
            evening = rating_evening(journal, rules)
            evening.close()
            for path in export(evening.config, journal, Path(work) / name):
                if ".rating." in path.name or (name == "evening" and path.name.endswith(".players.csv")):
                    (out / path.name).write_bytes(path.read_bytes())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
