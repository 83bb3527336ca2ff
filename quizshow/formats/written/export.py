"""The results grid as CSV and as a printable HTML page: pure functions of the show's state.

One row per team in table order: place, team, every question's mark (1 right, 0 no, «late», «author»
with the point it earned, «спорный: …» while the jury has not ruled, «снят» when the appeal jury removed it,
empty when the team did not play it), each tour's sum, extras, penalty, total; then «Взяли N из M» under each
question. The rating's own tables are in rating.py.
"""

from __future__ import annotations

import csv
import html
import io

from quizshow.core.state import ShowState
from quizshow.core.typed import shown
from quizshow.formats.written.format import WrittenFormat
from quizshow.formats.written.standings import author_point


def grid_rows(fmt: WrittenFormat, state: ShowState) -> list[list[str]]:
    """The header and one row per team, as text."""
    w = fmt.own(state)
    asked = fmt.asked(state)
    lines = fmt.lines(state)
    head = ["Место", "Команда"] + [fmt.label(a.number) for a in asked]
    head += [f"Т{t + 1}" for t in range(len(fmt.tours))] + ["Доп", "Штраф", "Сумма"]
    rows = [head]
    for line in lines:
        cells = []
        for a in asked:
            dispute = w.dispute_of(line.team, a.number)
            if a.number in w.removed:
                cells.append("снят")
            elif dispute is not None and dispute.accepted is None:
                cells.append(f"спорный: {shown(dispute.text)}")
            elif a.author == line.team:
                cells.append(f"автор {int(author_point(a, w))}")
            elif line.team not in a.players:
                cells.append("")
            elif (line.team, a.number) in w.grid.late:
                cells.append("опоздание")
            else:
                cells.append("1" if w.grid.is_correct(line.team, a.number) else "0")
        tours = ["" if v is None else str(v) for v in line.tours]
        extra = "" if line.extra is None else str(line.extra)
        rows.append([line.place_text, line.name, *cells, *tours, extra, str(-line.penalty) if line.penalty else "",
                     str(line.total)])
    # «Взяли N из M» under each question (never «12/40»: a spreadsheet would read it as a date)
    taken = ["снят" if f.removed else f"{f.taken} из {f.of}" for f in fmt.figures(state)]
    rows.append(["", "Взяли", *taken, *[""] * (len(head) - 2 - len(taken))])
    return rows


def grid_csv(fmt: WrittenFormat, state: ShowState) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(grid_rows(fmt, state))
    return out.getvalue()


def grid_html(fmt: WrittenFormat, state: ShowState, title: str) -> str:
    """A page that prints on A4 landscape: the table with a repeated header, ties read as blocks."""
    rows = grid_rows(fmt, state)
    lines = fmt.lines(state)
    out = ["<!DOCTYPE html>", '<html lang="ru"><head><meta charset="utf-8">',
           f"<title>{html.escape(title)}</title>",
           "<style>@page{size:A4 landscape;margin:10mm}body{font-family:'PT Sans',Arial,sans-serif;font-size:10pt}"
           "h1{font-size:16pt}table{border-collapse:collapse;width:100%}thead{display:table-header-group}"
           "th,td{border:1px solid #999;padding:2px 4px;text-align:center}td.name{text-align:left;font-weight:bold}"
           "tr.band td{background:#eef}td.sum{font-weight:bold}tr{page-break-inside:avoid}"
           "tr.figures td{font-style:italic;border-top:2px solid #666}</style></head><body>",
           f"<h1>{html.escape(title)}</h1>", "<table><thead><tr>"]
    out += [f"<th>{html.escape(cell)}</th>" for cell in rows[0]]
    out.append("</tr></thead><tbody>")
    band, last_place = False, None
    for line, row in zip(lines, rows[1:-1], strict=True):
        if line.place != last_place:
            band, last_place = not band, line.place
        cells = []
        for i, cell in enumerate(row):
            kind = ' class="name"' if i == 1 else ' class="sum"' if i == len(row) - 1 else ""
            cells.append(f"<td{kind}>{html.escape(cell)}</td>")
        out.append(f'<tr class="{"band" if band else ""}">' + "".join(cells) + "</tr>")
    out.append('<tr class="figures">' + "".join(f"<td>{html.escape(cell)}</td>" for cell in rows[-1]) + "</tr>")
    out.append("</tbody></table></body></html>")
    return "\n".join(out) + "\n"
