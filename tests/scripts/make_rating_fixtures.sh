#!/bin/sh
# Dev step (not run by CI): quizshow exports the rating evening of tests/rating_kit.py (forty teams from the
# rating's roster, two disputed answers, a jury's verdict, a removed question) as the rating's upload table, and
# chgksuite — whose reader of the rating's «вопросная таблица» is the open-source one the community uses — reads
# it back. Needs chgksuite 1.3.2 in its own venv (it is not a dependency of quizshow):
#   python3 -m venv /work/venv-chgk && /work/venv-chgk/bin/pip install chgksuite==1.3.2
#   CHGKSUITE_VENV=/work/venv-chgk sh tests/scripts/make_rating_fixtures.sh
# Writes tests/fixtures/rating/: evening.rating.{csv,xlsx}, evening-tours.rating.{csv,xlsx}, evening.players.csv
# and NAME.chgksuite.json (what chgksuite read from each table, and what it warned about).
set -eu
VENV=${CHGKSUITE_VENV:-/work/venv-chgk}
PYTHON=${QUIZSHOW_PYTHON:-python3}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/../fixtures/rating
"$PYTHON" "$HERE/rating_export.py" "$OUT"
"$VENV/bin/python" "$HERE/rating_dump.py" "$OUT" evening evening-tours
echo "chgksuite $("$VENV/bin/chgksuite" --version 2>&1): read $(ls "$OUT"/*.chgksuite.json | wc -l) tables in tests/fixtures/rating/"
