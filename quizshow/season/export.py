"""A season's standings written out: CSV (a row a team: place, team, each evening's value, the total) and a
printable, self-contained HTML page (docs/season.md). Pure."""

from __future__ import annotations

import csv
import io
from html import escape

from quizshow.season.model import EveningResult, Season, Standing
from quizshow.season.words import PHRASES, place_text, tie_words, value_text

__all__ = ["PHRASES", "standings_csv", "standings_html"]


def _header(season: Season, evenings: list[EveningResult]) -> list[str]:
    say = season.words.say
    return [say("season.place"), say("season.team"), *(e.label for e in evenings), say("season.total")]


def standings_csv(season: Season, evenings: list[EveningResult], table: list[Standing]) -> str:
    """Dropped evenings in brackets («(6)»); an evening not played by the team is empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_header(season, evenings))
    for row in table:
        cells = [value_text(v, gone, season.words, csv=True) for v, gone in zip(row.values, row.dropped,
                                                                                   strict=True)]
        writer.writerow([place_text(row), row.team, *cells, value_text(row.total, False, season.words, csv=True)])
    return out.getvalue()


CSS = ("@page{size:A4;margin:12mm}body{font-family:'PT Sans','Noto Sans','DejaVu Sans',Arial,sans-serif;"
       "color:#16182a;max-width:190mm;margin:0 auto;padding:8mm 0;font-size:10.5pt}h1{font-size:18pt;margin:0 0 2mm}"
       ".meta{color:#5b6078;margin:0 0 4mm}table{border-collapse:collapse;width:100%}thead{display:table-header-group}"
       "th,td{border:1px solid #c9cde0;padding:1mm 2mm;text-align:center}th{background:#f1f3fa}"
       "td.team{text-align:left;font-weight:bold}td.total{font-weight:bold}td.gone{color:#8a90a8;"
       "text-decoration:line-through}tr.band td{background:#f6f7fb}tr{break-inside:avoid}"
       ".ties{margin:3mm 0 0;color:#5b6078}@media print{body{padding:0;max-width:none}}")


def standings_html(season: Season, evenings: list[EveningResult], table: list[Standing]) -> str:
    lang, words = season.language, season.words
    out = ["<!DOCTYPE html>", f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
           f"<title>{escape(season.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{escape(season.title)}</h1>",
           f'<p class="meta">{escape(words.say("season.rule_words", rule=rule_text(season)))}</p>',
           "<table><thead><tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in _header(season, evenings))
           + "</tr></thead><tbody>"]
    band, last = False, None
    for row in table:
        if row.place != last:
            band, last = not band, row.place
        cells = "".join(f'<td{" class=gone" if gone else ""}>{escape(value_text(v, False, words))}</td>'
                        for v, gone in zip(row.values, row.dropped, strict=True))
        out.append(f'<tr class="{"band" if band else ""}"><td>{escape(place_text(row))}</td>'
                   f'<td class="team">{escape(row.team)}</td>{cells}'
                   f'<td class="total">{escape(value_text(row.total, False, words))}</td></tr>')
    out.append("</tbody></table>")
    notes = [tie_words(row, table[i + 1], words) for i, row in enumerate(table[:-1]) if row.decided_by]
    if notes:
        out.append('<p class="ties">' + "<br>".join(escape(n) for n in notes) + "</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def rule_text(season: Season) -> str:
    from quizshow.season.words import rule_words

    return rule_words(season.rule, len(season.evenings), season.words)
