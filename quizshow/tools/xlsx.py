"""A format's spreadsheet (core/spec.Sheet) as an .xlsx workbook: openpyxl writes it, the bytes are returned.

The ЧГК rating takes its upload table as .xlsx (docs/written.md «The rating's table»); a whole number stays a
number, text stays text (a disputed answer, «X»)."""

from __future__ import annotations

import io

from openpyxl import Workbook

from quizshow.core.spec import Sheet

MAX_TITLE = 31  # the longest sheet title Excel takes


def workbook(sheet: Sheet) -> bytes:
    book = Workbook()
    page = book.active
    assert page is not None, "a new workbook has a sheet"
    page.title = sheet.title[:MAX_TITLE] or "Sheet1"
    for row in sheet.rows:
        page.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
