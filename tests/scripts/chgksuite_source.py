"""The sources chgksuite turns into the `.4s` test packs (tests/fixtures/chgksuite/): a .docx a club
would have, its pictures, and a hand-written `.4s` with the markup a .docx cannot carry (the `>` field,
№/№№ numbering). Run by make_chgksuite_fixtures.sh with chgksuite's own Python (it needs python-docx and
Pillow): python chgksuite_source.py OUT_DIR"""

from __future__ import annotations

import sys
from pathlib import Path

from docx import Document
from docx.shared import Inches
from PIL import Image

COLOURS = {"red": (200, 40, 40), "blue": (40, 40, 200), "green": (40, 160, 40), "yellow": (230, 180, 30)}
SIZES = {"red": (320, 200), "blue": (200, 320), "green": (300, 300), "yellow": (240, 160)}


def pictures(out: Path) -> None:
    for name, colour in COLOURS.items():
        Image.new("RGB", SIZES[name], colour).save(out / f"{name}.png", optimize=True)


def club_docx(out: Path) -> None:
    """Every item of issue 27 item 10 a .docx can carry; chgksuite parse writes club.4s from it."""
    d = Document()

    def para(*runs: str | tuple[str, str]) -> None:
        p = d.add_paragraph()
        for r in runs:
            text, style = r if isinstance(r, tuple) else (r, "")
            run = p.add_run(text)
            run.bold = "b" in style or None
            run.italic = "i" in style or None

    para("Клубный турнир «Проверка»")
    para("Редактор — Анна Иванова")
    para("Тур 1")
    para("Вопрос 7. (img w=3in red.png) Назовите цвет на картинке.")
    para("Ответ: красный.")
    para("Зачёт: алый.")
    para("Комментарий: ~не синий~, а ", ("красный", "b"), ".")
    para("Источник: наблюдение.")
    para("Автор: Анна Иванова.")
    para("Вопрос 8. (img big blue.png) (img green.png) Что на (screen распечатке|экране)?")
    para("Ответ: синий и зелёный.")
    para("Автор: Совы.")
    para("Вопрос 9. Какой цвет ", ("жирный", "b"), ", а какой ~зачёркнутый~?")
    para("Ответ: жёлтый.")
    para("Вопрос 10. Раздаточный материал: ")
    d.add_paragraph().add_run().add_picture(str(out / "yellow.png"), width=Inches(1))
    para("Какой это цвет?")
    para("Ответ: жёлтый.")
    para("Вопрос 11.")
    para("Ответ:")
    para("Вопрос 12. Последний вопрос тура.")
    para("Ответ: последний.")
    d.save(str(out / "club.docx"))


HANDOUTS = """\
### Раздатки и номера

## Тур 1

№ 0
? Разминка: сколько будет два плюс два?
! Четыре.

№№ 5
> Палиндром — слово, которое читается одинаково в обе стороны.
? Перед вами определение. Назовите палиндром из пяти букв.
! Шалаш.
= Казак.

? Назовите цвет на раздаточном материале.
> (img yellow.png)
! Жёлтый.
/ (img red.png) Красный был бы в другом вопросе.

? [Раздаточный материал: Я иду с мечем судия] Как называется такая фраза?
! Палиндром.

№ 20
? Вопрос с номером из пакета.
! Двадцать.

? Следующий без номера.
! Семь.

## Тур 2

? Вопрос второго тура, \\_подчёркивание\\_ и ___подчёркнутый___ текст.
! Восемь.

? Назовите [Ведущему: читать медленно] город на Неве.
! Санкт-Петербург.
"""


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pictures(out)
    club_docx(out)
    (out / "handouts_source.4s").write_text(HANDOUTS, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
