#!/bin/sh
# Dev step (not run by CI): have chgksuite write the test packs of the `.4s` family and dump what it read from
# them. Needs chgksuite 1.3.2 installed in its own venv (it is not a dependency of quizshow):
#   python3 -m venv /work/venv-chgk && /work/venv-chgk/bin/pip install chgksuite==1.3.2
#   CHGKSUITE_VENV=/work/venv-chgk sh tests/scripts/make_chgksuite_fixtures.sh
# Writes tests/fixtures/chgksuite/:
#   club.4s        chgksuite parse of a .docx
#   handouts.4s    a hand-written .4s read and written back by chgksuite (`>`, №/№№)
#   answers.4s     the same, with several `=` lines, `!=`, #HINT, a warm-up, lists, several sources and authors
#                  (NAME_source.4s: each hand-written file as it was typed, before chgksuite wrote it back)
#   sizes.4s       a picture with w=8cm (chgksuite's pptx composer refuses it: its log is kept)
#   si.si4s, troika.tr4s, brain.br4s   chgksuite parse --game si|troika|brain of plain texts
#   database.txt   a pack in the question database's text export (written by hand from the format), with the
#                  .4s chgksuite parse wrote from it (database.4s)
# their pictures, and NAME.chgksuite.json: chgksuite's parse of each, and the slides its pptx composer made.
set -eu
VENV=${CHGKSUITE_VENV:-/work/venv-chgk}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/../fixtures/chgksuite
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
CHGK="$VENV/bin/chgksuite"
DUMP="$VENV/bin/python $HERE/chgksuite_dump.py $WORK"
"$VENV/bin/python" "$HERE/chgksuite_source.py" "$WORK"
cd "$WORK"
# --numbers_handling all: every question keeps its «Вопрос N» as `№ N`; -pf: bold stays as __bold__.
"$CHGK" parse -pf --numbers_handling all --add_ts off club.docx >parse.log 2>&1
for name in handouts answers sizes; do
    $DUMP "$name" --write "${name}_source.4s"
done
for name in club handouts answers sizes; do
    if "$CHGK" compose --add_ts off pptx "$name.4s" >"compose-$name.log" 2>&1; then :; fi
    if [ -f "${name}_source.4s" ]; then
        $DUMP "$name" --compose-log "compose-$name.log" --source "${name}_source.4s"
    else
        $DUMP "$name" --compose-log "compose-$name.log"
    fi
done
for game in si troika brain; do
    "$CHGK" parse --game "$game" --add_ts off "$game.txt" >"parse-$game.log" 2>&1
    $DUMP "$game" --game "$game"
done
# The database's pictures are looked up beside the file (chgksuite fetches a missing one from the database's
# site: every picture the fixture names is there).
"$CHGK" parse --add_ts off database.txt >parse-database.log 2>&1
$DUMP database --database
mkdir -p "$OUT"
rm -f "$OUT"/*
cp club.4s handouts.4s answers.4s sizes.4s ./*_source.4s si.si4s troika.tr4s brain.br4s database.txt database.4s \
    ./*.png ./*.chgksuite.json "$OUT"/
echo "chgksuite $("$CHGK" --version 2>&1): wrote $(ls "$OUT" | wc -l) files to tests/fixtures/chgksuite/"
