"""The day on paper: the standings and every result as CSV, and one printable HTML page. Pure: text in,
text out (quizshow/tools/export.py writes the files)."""

from __future__ import annotations

import csv
import html
import io

from quizshow.event import day as D
from quizshow.event.common import effective
from quizshow.event.model import GROUP_IDS, GROUP_NAMES, Correction, Day
from quizshow.event.tiebreak import Split

COLUMNS = {"played": "И", "won": "В", "drawn": "Н", "lost": "П", "for": "Отв.+", "against": "Отв.−",
           "diff": "Разн.", "points": "Очки", "rating": "Рейтинг", "finals": "Финалы", "final_wins": "Поб. в финале",
           "tally": "За столом"}
CRITERIA = {"h2h": "личная встреча", "diff": "разница ответов", "replay": "переигровка", "points": "очки",
            "rating": "рейтинг", "playoff": "доп. бой", "two_wins": "две победы", "played": "сыгранные игры",
            "final_wins": "победы в финале", "finals": "финалы", "table_wins": "победы за столами",
            "present": "соперник снят"}
STAGES = {"melee": "Куча мала", "qualifying": "Отборочная", "playoff": "Доп. бой", "semifinal": "Полуфинал",
          "final": "Финал", "group": "Группа", "replay": "Переигровка", "quarterfinal": "Четвертьфинал"}


def _title(table: str) -> str:
    if len(table) == 1 and table in GROUP_IDS:
        return f"Группа {GROUP_NAMES[GROUP_IDS.index(table)]}"
    return {"qualifying": "Отборочные игры", "points": "Очки турнира", "final": "Итог дня"}.get(table, table)


def _place(place: tuple[int, int]) -> str:
    return str(place[0]) if place[0] == place[1] else f"{place[0]}–{place[1]}"


def _split(day: Day, split: Split | None) -> str:
    if split is None or split.criterion in ("points", "present"):
        return ""
    values = ", ".join(f"{day.teams[t].name} {v}" for t, v in zip(split.teams, split.values, strict=False))
    return CRITERIA.get(split.criterion, split.criterion) + (f" ({values})" if values else "")


def standings_csv(day: Day) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    tables = D.tables(day)
    keys = list(dict.fromkeys(k for t in tables for r in t.rows for k, _ in r.cells))
    writer.writerow(["таблица", "место", "команда", *[COLUMNS.get(k, k) for k in keys], "решено по", "статус"])
    for table in tables:
        for row in table.rows:
            cells = dict(row.cells)
            status = "снята" if row.removed else "выходит дальше" if row.goes_on else ""
            writer.writerow([_title(table.title), _place(row.place), day.teams[row.team].name,
                             *[cells.get(k, "") for k in keys], _split(day, row.split), status])
    return out.getvalue()


def results_csv(day: Day, corrections: tuple[Correction, ...] = ()) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["матч", "этап", "группа", "команда 1", "команда 2", "счёт 1", "счёт 2", "исход", "победитель",
                     "порядок", "источник", "исправлено"])
    fixed = {c.fixture: c.reason for c in corrections}
    for fixture in D.plan(day).fixtures:
        res = effective(day, fixture)
        if res is None:
            continue
        names = [day.teams[t].name for t in fixture.teams]
        two = names if len(names) == 2 else ["", ""]
        scores = [str(s) for s in res.scores] if len(res.scores) == 2 else ["", ""]
        order = ", ".join(day.teams[t].name for t in res.order)
        winner = day.teams[res.winner].name if res.winner is not None else ""
        group = GROUP_NAMES[GROUP_IDS.index(fixture.group)] if fixture.group and fixture.group in GROUP_IDS else ""
        writer.writerow([fixture.id, STAGES.get(fixture.stage, fixture.stage), group, *two, *scores, res.outcome,
                         winner, order, res.source, fixed.get(fixture.id, "")])
    return out.getvalue()


def page(day: Day, title: str, corrections: tuple[Correction, ...] = ()) -> str:
    """One printable HTML page: every table with the criterion that decided each close place, every
    result, every correction with its reason."""
    e = html.escape
    parts = [f"<!doctype html><html lang='ru'><head><meta charset='utf-8'><title>{e(title)}</title><style>",
             "body{font-family:'PT Sans',Arial,sans-serif;margin:16mm;color:#111}"
             "h1{font-size:20pt}h2{font-size:14pt;margin-top:10mm}"
             "table{border-collapse:collapse;margin:4mm 0;page-break-inside:avoid}"
             "th,td{border:1px solid #999;padding:1.5mm 3mm;text-align:center}td.n{text-align:left}"
             "tr.on td{background:#e4f6ea}tr.out td{color:#888;text-decoration:line-through}"
             "small{color:#555}@media print{body{margin:10mm}}",
             "</style></head><body>", f"<h1>{e(title)}</h1>"]
    for table in D.tables(day):
        keys = [k for k, _ in table.rows[0].cells] if table.rows else []
        parts.append(f"<h2>{e(_title(table.title))}</h2><table><tr><th>М</th><th>Команда</th>"
                     + "".join(f"<th>{e(COLUMNS.get(k, k))}</th>" for k in keys) + "<th>Решено по</th></tr>")
        for row in table.rows:
            cells = dict(row.cells)
            css = "out" if row.removed else "on" if row.goes_on else ""
            parts.append(f"<tr class='{css}'><td>{e(_place(row.place))}</td><td class='n'>"
                         f"{e(day.teams[row.team].name)}</td>"
                         + "".join(f"<td>{e(cells.get(k, ''))}</td>" for k in keys)
                         + f"<td class='n'><small>{e(_split(day, row.split))}</small></td></tr>")
        parts.append("</table>")
    parts.append("<h2>Результаты</h2><table><tr><th>Матч</th><th>Этап</th><th>Команды</th><th>Счёт</th>"
                 "<th>Победитель</th><th>Источник</th></tr>")
    for line in list(csv.reader(io.StringIO(results_csv(day, corrections))))[1:]:
        fid, stage, group, a, b, sa, sb, _outcome, winner, order, source, _fixed = line
        teams = f"{a} — {b}" if a else order
        score = f"{sa}:{sb}" if sa else ""
        parts.append(f"<tr><td>{e(fid)}</td><td>{e(stage + (' ' + group if group else ''))}</td>"
                     f"<td class='n'>{e(teams)}</td><td>{e(score)}</td><td>{e(winner)}</td><td>{e(source)}</td></tr>")
    parts.append("</table>")
    if corrections:
        parts.append("<h2>Исправления</h2><ul>")
        for fix in corrections:
            before = ":".join(map(str, fix.before.scores)) if fix.before and fix.before.scores else "—"
            after = ":".join(map(str, fix.after.scores)) if fix.after and fix.after.scores else "—"
            parts.append(f"<li>{e(fix.fixture)}: {e(before)} → {e(after)} — {e(fix.reason)}</li>")
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts)
