"""What chgksuite read from each rating table quizshow exported (run with chgksuite's own Python by
make_rating_fixtures.sh): chgksuite 1.3.2's reader of the rating's «вопросная таблица» (`xlsx_to_results`,
`custom_csv_to_results` in chgksuite/common.py), its results and the warnings it logged.

    python rating_dump.py FIXTURE_DIR NAME...   # NAME.rating.xlsx and NAME.rating.csv → NAME.chgksuite.json"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from chgksuite.common import custom_csv_to_results, xlsx_to_results


class Log:
    def __init__(self) -> None:
        self.warnings: list[str] = []

    def warning(self, *args: object, **_: object) -> None:
        self.warnings.append(" ".join(str(a) for a in args))

    def info(self, *args: object, **_: object) -> None:
        pass

    debug = error = info


def main(folder: Path, names: list[str]) -> None:
    for name in names:
        found = {}
        for kind, read in (("xlsx", xlsx_to_results), ("csv", custom_csv_to_results)):
            log = Log()
            path = folder / f"{name}.rating.{kind}"
            results = read(str(path), logger=log)
            found[kind] = {"results": results, "warnings": [w.replace(str(path), path.name) for w in log.warnings]}
        (folder / f"{name}.chgksuite.json").write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n",
                                                      encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
