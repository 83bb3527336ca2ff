#!/bin/sh
# Dev step (not run by CI): have chgksuite write the `.4s` test packs of tests/test_w27_fours_chgksuite.py
# and dump what it read from them. Needs chgksuite installed in its own venv:
#   python3 -m venv /work/venv-chgk && /work/venv-chgk/bin/pip install chgksuite
#   CHGKSUITE_VENV=/work/venv-chgk sh tests/scripts/make_chgksuite_fixtures.sh
# Writes tests/fixtures/chgksuite/: club.4s (chgksuite parse of a .docx), handouts.4s (a hand-written .4s
# read and written back by chgksuite), their pictures, and NAME.chgksuite.json (chgksuite's parse of each,
# and the slides its pptx composer made from it).
set -eu
VENV=${CHGKSUITE_VENV:-/work/venv-chgk}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/../fixtures/chgksuite
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$VENV/bin/python" "$HERE/chgksuite_source.py" "$WORK"
cd "$WORK"
# --numbers_handling all: every question keeps its «Вопрос N» as `№ N`; -pf: bold stays as __bold__.
"$VENV/bin/chgksuite" parse -pf --numbers_handling all --add_ts off club.docx >parse.log 2>&1
"$VENV/bin/python" "$HERE/chgksuite_dump.py" "$WORK" handouts --write handouts_source.4s
for name in club handouts; do
    "$VENV/bin/chgksuite" compose --add_ts off pptx "$name.4s" >"compose-$name.log" 2>&1
    "$VENV/bin/python" "$HERE/chgksuite_dump.py" "$WORK" "$name"
done
mkdir -p "$OUT"
rm -f "$OUT"/*
cp club.4s handouts.4s ./*.png ./*.chgksuite.json "$OUT"/
echo "chgksuite $("$VENV/bin/chgksuite" --version 2>&1): wrote $(ls "$OUT" | wc -l) files to tests/fixtures/chgksuite/"
