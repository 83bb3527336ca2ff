"""The report of the night as one self-contained HTML page (docs/report.md): inline CSS, each question's presses
as an inline SVG, no script, nothing fetched; it prints on A4. Every text from the show (names, questions,
answers, the journal's sentences) is escaped."""

from __future__ import annotations

import time
from html import escape

from quizshow.display.replay.axis import axis_for
from quizshow.display.replay.words import error_words, lane_name, ms, tick
from quizshow.history.presses import Race, Timing
from quizshow.i18n import Words
from quizshow.report.night import Figures, Night, QuestionNight, Step

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "report.title": "Отчёт о вечере",
        "report.made": "Составлен по журналу: {lines} {lines|строка|строки|строк}; {when}",
        "report.span": "с {start} до {end}",
        "report.results": "Итоги",
        "report.winner": "Победитель: {who}",
        "report.place": "Место",
        "report.team": "Команда",
        "report.score": "Очки",
        "report.questions": "Вопросы",
        "report.question": "Вопрос {n}",
        "report.answer": "Ответ:",
        "report.presses": "Нажатия",
        "report.no_presses": "нажатий не было",
        "report.press_place": "№",
        "report.press_who": "Кто",
        "report.press_time": "От открытия кнопок",
        "report.press_margin": "Отставание",
        "report.press_source": "Время по",
        "report.source.box": "часам кнопки",
        "report.source.phone": "телефону ± связь",
        "report.source.arrival": "приходу нажатия",
        "report.false_start": "фальстарт",
        "report.steps": "Ход вопроса",
        "report.time": "Время",
        "report.what": "Что произошло",
        "report.undone": "отменено",
        "report.took_back": "Отменено: {what}",
        "report.figures.presses": "нажали: {pressed}; фальстартов: {false_starts}",
        "report.figures.verdicts": "верно: {correct}, неверно: {wrong}; очков разыграно: +{won} / −{lost}",
        "report.to_first": "первое нажатие через {when}",
        "report.lead": "отрыв первого: {margin}",
        "report.before": "До первого вопроса",
        "report.disputes": "Споры и апелляции",
        "report.no_disputes": "Споров и апелляций не было.",
        "report.undos": "Отмены",
        "report.no_undos": "Отмен не было.",
        "report.devices": "Устройства",
        "report.no_devices": "Кнопками не нажимали.",
        "report.device": "Устройство",
        "report.device_presses": "Нажатий",
        "report.device_teams": "Кто нажимал",
        "report.device_timing": "Время по",
        "report.device_error": "Худшая точность",
        "report.in_question": "вопрос {n}",
    },
    "en": {
        "report.title": "Report of the night",
        "report.made": "Made from the journal: {lines} {lines|line|lines}; {when}",
        "report.span": "from {start} to {end}",
        "report.results": "Results",
        "report.winner": "Winner: {who}",
        "report.place": "Place",
        "report.team": "Team",
        "report.score": "Points",
        "report.questions": "Questions",
        "report.question": "Question {n}",
        "report.answer": "Answer:",
        "report.presses": "Presses",
        "report.no_presses": "nobody pressed",
        "report.press_place": "#",
        "report.press_who": "Who",
        "report.press_time": "From the buttons opening",
        "report.press_margin": "Behind",
        "report.press_source": "Timed by",
        "report.source.box": "the box's clock",
        "report.source.phone": "the phone ± link",
        "report.source.arrival": "its arrival",
        "report.false_start": "false start",
        "report.steps": "How it went",
        "report.time": "Time",
        "report.what": "What happened",
        "report.undone": "undone",
        "report.took_back": "Undone: {what}",
        "report.figures.presses": "pressed: {pressed}; false starts: {false_starts}",
        "report.figures.verdicts": "correct: {correct}, wrong: {wrong}; points played: +{won} / −{lost}",
        "report.to_first": "first press after {when}",
        "report.lead": "first by {margin}",
        "report.before": "Before the first question",
        "report.disputes": "Disputes and appeals",
        "report.no_disputes": "No disputes or appeals.",
        "report.undos": "Undos",
        "report.no_undos": "Nothing was undone.",
        "report.devices": "Devices",
        "report.no_devices": "No button was pressed.",
        "report.device": "Device",
        "report.device_presses": "Presses",
        "report.device_teams": "Pressed by",
        "report.device_timing": "Timed by",
        "report.device_error": "Worst accuracy",
        "report.in_question": "question {n}",
    },
}

CSS = """
:root{--ink:#16182a;--muted:#5b6078;--line:#c9cde0;--band:#f1f3fa;--gold:#a77800;--bad:#b3261e;--good:#1b7337}
*{box-sizing:border-box}
body{font-family:"PT Sans","Noto Sans","DejaVu Sans",Arial,sans-serif;color:var(--ink);margin:0 auto;
  max-width:190mm;padding:10mm 0;font-size:10pt;line-height:1.3}
h1{font-size:20pt;margin:0 0 2mm}h2{font-size:14pt;margin:8mm 0 3mm;border-bottom:2px solid var(--ink)}
h3{font-size:11.5pt;margin:0 0 1.5mm}
.meta{color:var(--muted);margin:0 0 4mm}
table{border-collapse:collapse;width:100%;margin:1.5mm 0 3mm}
thead{display:table-header-group}
th,td{border:1px solid var(--line);padding:.6mm 1.6mm;text-align:left;vertical-align:top}
th{background:var(--band);font-weight:bold}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.wide{font-size:8pt}table.wide th,table.wide td{padding:.6mm 1mm;text-align:center}
table.wide td:nth-child(2){text-align:left;font-weight:bold}
tr.undone td{color:var(--muted);text-decoration:line-through}
tr.undo td,tr.dispute td{background:#fff7e0}
tr.first td{font-weight:bold}
tr.false td{color:var(--bad)}
.winner{font-size:12pt;font-weight:bold;color:var(--gold)}
section.q{border:1px solid var(--line);border-radius:2mm;padding:2.5mm 3.5mm;margin:0 0 3mm}
.head{break-inside:avoid}
.question{margin:0 0 1mm}.answer{margin:0 0 2mm}.answer b{color:var(--good)}
.figures{color:var(--muted);margin:1mm 0 2mm}
.none{color:var(--muted);font-style:italic}
svg.race{display:block;width:100%;height:auto;margin:1mm 0 2mm}
@page{size:A4;margin:12mm 12mm 14mm}
@media print{body{max-width:none;padding:0;font-size:9pt}h2{break-after:avoid}tr{break-inside:avoid}
  a{color:inherit}}
"""


def clock(wall: float | None, at: float) -> str:
    """A step's time: the wall clock when the journal has it (HH:MM:SS), else the show clock."""
    if wall is not None:
        return time.strftime("%H:%M:%S", time.localtime(wall))
    minutes, seconds = divmod(int(at), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"


def page(night: Night) -> str:
    """The whole page."""
    words = night.words
    out = ["<!DOCTYPE html>", f'<html lang="{escape(night.language)}"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(night.title)} — {escape(words.say('report.title'))}</title>",
           f"<style>{CSS}</style></head><body>"]
    out += _header(night, words)
    out += _results(night, words)
    out.append(f"<h2>{escape(words.say('report.questions'))}</h2>")
    if night.opening:
        out.append(f'<section class="q"><h3>{escape(words.say("report.before"))}</h3>')
        out += _steps(night.opening, words)
        out.append("</section>")
    for question in night.questions:
        out += _question(night, question, words)
    out += _disputes(night, words)
    out += _undos(night, words)
    out += _devices(night, words)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _header(night: Night, words: Words) -> list[str]:
    when = ""
    if night.started is not None and night.ended is not None:
        day = time.strftime("%d.%m.%Y", time.localtime(night.started))
        when = f"{day}, " + words.say("report.span", start=clock(night.started, 0), end=clock(night.ended, 0))
    return [f"<h1>{escape(night.title)}</h1>",
            f'<p class="meta">{escape(words.say("report.title"))}<br>'
            f'{escape(words.say("report.made", lines=night.lines, when=when))}</p>']


def _results(night: Night, words: Words) -> list[str]:
    out = [f"<h2>{escape(words.say('report.results'))}</h2>"]
    if night.winners:
        out.append(f'<p class="winner">{escape(words.say("report.winner", who=", ".join(night.winners)))}</p>')
    rows = night.results
    wide = ' class="wide"' if rows and len(rows[0]) > 6 else ""
    out.append(f"<table{wide}><thead><tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in rows[0])
               + "</tr></thead><tbody>")
    for row in rows[1:]:
        out.append("<tr>" + "".join(f'<td{" class=n" if _numeric(cell) else ""}>{escape(cell)}</td>' for cell in row)
                   + "</tr>")
    out.append("</tbody></table>")
    return out


def _numeric(text: str) -> bool:
    return text.lstrip("+-−").replace(",", "").replace(".", "").isdigit()


def _question(night: Night, question: QuestionNight, words: Words) -> list[str]:
    out = [f'<section class="q" id="q{question.number}"><div class="head">',
           f"<h3>{question.number}. {escape(question.where or words.say('report.question', n=question.number))}</h3>"]
    if question.text:
        out.append(f'<p class="question">{escape(question.text)}</p>')
    if question.answer:
        out.append(f'<p class="answer">{escape(words.say("report.answer"))} <b>{escape(question.answer)}</b></p>')
    figures = _figures(question.figures, words)
    if figures:
        out.append(f'<p class="figures">{escape(figures)}</p>')
    if question.race is not None:
        out += _race(question.race, words)
    out.append("</div>")  # the question, its figures and presses stay on one page; its steps may run on
    out += _steps(question.steps, words)
    out.append("</section>")
    return out


def _figures(found: Figures, words: Words) -> str:
    """What the question's figures say: its presses (where it had any), its verdicts and points (where it had
    any): a question with neither says nothing."""
    parts = []
    if found.pressed or found.false_starts:
        parts.append(words.say("report.figures.presses", pressed=found.pressed, false_starts=found.false_starts))
    if found.correct or found.wrong:
        parts.append(words.say("report.figures.verdicts", correct=found.correct, wrong=found.wrong, won=found.won,
                         lost=found.lost))
    if found.to_first is not None:
        parts.append(words.say("report.to_first", when=ms(found.to_first, words)))
    if found.lead is not None:
        parts.append(words.say("report.lead", margin=ms(found.lead, words)))
    return "; ".join(parts)


def _race(race: Race, words: Words) -> list[str]:
    """Who pressed in what order, with margins and where each time came from; the presses drawn on a line."""
    out = [_race_svg(race, words)]
    head = ("report.press_place", "report.press_who", "report.press_time", "report.press_margin",
            "report.press_source")
    out.append("<table><thead><tr>" + "".join(f"<th>{escape(words.say(k))}</th>" for k in head)
               + "</tr></thead><tbody>")
    for press in race.presses:
        kind = "false" if press.false_start else "first" if press.place == 1 else ""
        place = words.say("report.false_start") if press.false_start else str(press.place)
        margin = "" if press.margin is None else ms(press.margin, words, signed=True)
        source = words.say(f"report.source.{press.timing.value}")
        if press.error:
            source += f" ({error_words(press.error, words)})"
        source += f" · {press.device or '—'}"
        cells = [place, lane_name(race, press, words), ms(press.time - race.opened, words, signed=True),
                 margin, source]
        out.append(f'<tr class="{kind}">' + "".join(
            f'<td{" class=n" if i in (2, 3) else ""}>{escape(cell)}</td>' for i, cell in enumerate(cells)) + "</tr>")
    out.append("</tbody></table>")
    return out


SVG_W, SVG_LANE = 700, 22
SVG_NAME = 22  # characters of a name beside its lane


def _race_svg(race: Race, words: Words) -> str:
    """The presses on a line from the buttons opening: a lane each, a disc (a box), a pill over its interval (a
    phone), a square (a key); the zone before the signal shaded."""
    axis = axis_for(race)
    left, width = 150, SVG_W - 170
    height = SVG_LANE * len(race.presses) + 26
    parts = [f'<svg class="race" viewBox="0 0 {SVG_W} {height}" xmlns="http://www.w3.org/2000/svg" role="img" '
             f'aria-label="{escape(words.say("report.presses"))}">']
    if axis.zone is not None:
        x0, x1 = axis.x(axis.zone, left, width), axis.x(0.0, left, width)
        parts.append(f'<rect x="{x0}" y="0" width="{max(1, x1 - x0)}" height="{height - 22}" fill="#f6d9d6"/>')
    zero = axis.x(0.0, left, width)
    parts.append(f'<line x1="{zero}" y1="0" x2="{zero}" y2="{height - 20}" stroke="#a77800" stroke-width="2"/>')
    if axis.window is not None:
        x = axis.x(axis.window, left, width)
        parts.append(f'<line x1="{x}" y1="0" x2="{x}" y2="{height - 20}" stroke="#5b6078" stroke-dasharray="3 3"/>')
    base = height - 20
    parts.append(f'<line x1="{left}" y1="{base}" x2="{left + width}" y2="{base}" stroke="#5b6078"/>')
    for t, step in axis.ticks():
        x = axis.x(t, left, width)
        parts.append(f'<text x="{x}" y="{height - 6}" font-size="10" text-anchor="middle" fill="#5b6078">'
                     f"{escape(tick(t, step, words))}</text>")
    for i, press in enumerate(race.presses):
        y = 12 + i * SVG_LANE
        x = axis.x(press.time - race.opened, left, width)
        ink = "#b3261e" if press.false_start else "#16182a"
        name = lane_name(race, press, words)
        name = name if len(name) <= SVG_NAME else name[:SVG_NAME - 1] + "…"  # the table under it names it whole
        parts.append(f'<text x="0" y="{y + 4}" font-size="11" fill="{ink}">{escape(name)}</text>')
        parts.append(f'<line x1="{left}" y1="{y}" x2="{left + width}" y2="{y}" stroke="#e3e6f0"/>')
        if press.error:
            x0 = axis.x(press.time - press.error - race.opened, left, width)
            x1 = axis.x(press.time + press.error - race.opened, left, width)
            parts.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="{ink}" stroke-width="3"/>')
        edge = ' stroke="#a77800" stroke-width="3"' if press.place == 1 else ""
        if press.timing is Timing.BOX:
            parts.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{ink}"{edge}/>')
        elif press.timing is Timing.PHONE:
            parts.append(f'<rect x="{x - 9}" y="{y - 6}" width="18" height="12" rx="6" fill="{ink}"{edge}/>')
        else:
            parts.append(f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" rx="2" fill="{ink}"{edge}/>')
    parts.append("</svg>")
    return "".join(parts)


def _steps(steps: list[Step], words: Words) -> list[str]:
    if not steps:
        return []
    out = [f"<table><thead><tr><th>{escape(words.say('report.time'))}</th><th>{escape(words.say('report.what'))}</th>"
           "</tr></thead><tbody>"]
    for step in steps:
        kind = "undone" if step.undone else step.kind if step.kind in ("undo", "dispute") else ""
        said = words.say("report.took_back", what=step.took_back) if step.took_back else step.words
        if step.undone:
            said += f" ({words.say('report.undone')})"
        out.append(f'<tr class="{kind}"><td class="n">{escape(clock(step.wall, step.at))}</td>'
                   f"<td>{escape(said)}</td></tr>")
    out.append("</tbody></table>")
    return out


def _listed(steps: list[Step], title: str, none: str, words: Words) -> list[str]:
    out = [f"<h2>{escape(words.say(title))}</h2>"]
    if not steps:
        return [*out, f'<p class="none">{escape(words.say(none))}</p>']
    out.append(f"<table><thead><tr><th>{escape(words.say('report.time'))}</th><th>{escape(words.say('report.questions'))}</th>"
               f"<th>{escape(words.say('report.what'))}</th></tr></thead><tbody>")
    for step in steps:
        where = words.say("report.in_question", n=step.question) if step.question is not None else "—"
        said = words.say("report.took_back", what=step.took_back) if step.took_back else step.words
        out.append(f'<tr><td class="n">{escape(clock(step.wall, step.at))}</td><td>{escape(where)}</td>'
                   f"<td>{escape(said)}</td></tr>")
    out.append("</tbody></table>")
    return out


def _disputes(night: Night, words: Words) -> list[str]:
    return _listed(night.disputes, "report.disputes", "report.no_disputes", words)


def _undos(night: Night, words: Words) -> list[str]:
    return _listed(night.undos, "report.undos", "report.no_undos", words)


def _devices(night: Night, words: Words) -> list[str]:
    out = [f"<h2>{escape(words.say('report.devices'))}</h2>"]
    if not night.devices:
        return [*out, f'<p class="none">{escape(words.say("report.no_devices"))}</p>']
    head = ("report.device", "report.device_presses", "report.device_teams", "report.device_timing",
            "report.device_error")
    out.append("<table><thead><tr>" + "".join(f"<th>{escape(words.say(k))}</th>" for k in head)
               + "</tr></thead><tbody>")
    for use in night.devices:
        worst = error_words(use.worst_error, words) if use.worst_error is not None else "—"
        cells = (use.device, str(use.presses), ", ".join(use.teams), words.say(f"report.source.{use.timing.value}"),
                 worst)
        out.append("<tr>" + "".join(f'<td{" class=n" if i in (1, 4) else ""}>{escape(cell)}</td>'
                                    for i, cell in enumerate(cells)) + "</tr>")
    out.append("</tbody></table>")
    return out
