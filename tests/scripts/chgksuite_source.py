"""The sources chgksuite turns into the test packs (tests/fixtures/chgksuite/): a .docx a club would have, its
pictures, hand-written `.4s` files with the markup a .docx cannot carry (the `>` field, №/№№ numbering, several
`=` lines, `!=`, `#HINT`, a warm-up, lists, several sources, `w=8cm`), the plain texts chgksuite's `parse
--game si|troika|brain` turns into its game variants, and a pack in the ЧГК question database's text export
(written from the format as chgksuite's database reader takes it). Run by make_chgksuite_fixtures.sh with
chgksuite's own Python (it needs python-docx and Pillow): python chgksuite_source.py OUT_DIR"""

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


ANSWERS = """\
### Зачёты, разминка и списки

#EDITOR Редактор — Анна Иванова

## Разминка

№ 0
? Разминка: какой город называют Северной столицей?
! Санкт-Петербург.
= Питер.
= Петербург.
!= Ленинград.
/ Разминка не идёт в зачёт.

## Тур 1

? (img red.png) (img blue.png) (img green.png) (img yellow.png) Какие цвета на картинках?
! Красный, синий, зелёный, жёлтый.
= В любом порядке.
!= Только красный.
/ Все четыре картинки — раздатка.
^ Наблюдение.
^ Палитра художника.
@ Анна Иванова, Борис Петров (Москва)
#HINT Цвета радуги.

? Назовите пропущенное слово в раздаточном материале.
> Раздаточный материал: Первый, второй, третий.
! Четвёртый.
/ (img red.png) Красный — первый цвет радуги.
^ Счёт.

? Перечислите:
- первое;
- второе.
! Оба пункта:
- один;
- два.
^
- Первый источник.
- Второй источник.
@ Совы

? [Помощь клуба: подумайте о птицах] Кто ухает ночью?
! Сова.
!= Филин.
= Ночная птица; сова-неясыть.
"""

PICTURE_SIZES = """\
### Размеры картинок

## Тур 1

? (img w=8cm red.png) Какой это цвет?
! Красный.

? (img w=3in h=2in blue.png) А этот?
! Синий.
"""

# The plain texts `chgksuite parse --game …` reads (its SI and Troika readers; brain-ring is its ЧГК reader).
SI = """\
Кубок клуба по своей игре

Бой 1

Тема 1. Реки
Автор: Анна Иванова (Москва)
10. Самая длинная река Европы.
Ответ: Волга.
20. Река, на которой стоит Париж.
Ответ: Сена.
Зачёт: Seine.
30. Река в Египте.
Ответ: Нил.

Тема 2. Горы
10. Высочайшая гора мира.
Ответ: Эверест.
Зачёт: Джомолунгма.
20. Гора в Японии.
Ответ: Фудзи.
Источник: энциклопедия.
30. Высшая точка Европы.
Ответ: Эльбрус.

Бой 2

Тема 1. Птицы
10. Самая большая птица.
Ответ: Страус.
20. Птица — символ мира.
Ответ: Голубь.
"""

TROIKA = """\
Турнир по тройке

Бой 1

Тема: Птицы
1. Какая птица не летает и живёт в Антарктиде?
Ответ: пингвин.
2. Какая птица самая быстрая?
Ответ: сапсан.
3. Какая птица подкладывает яйца в чужие гнёзда?
Ответ: кукушка.

Тема: Рыбы
1. Самая большая рыба?
Ответ: китовая акула.
2. Рыба, которая может ползать по суше?
Ответ: илистый прыгун.
3. Рыба-молот — это акула или нет?
Ответ: акула.
"""

BRAIN = """\
Брейн-ринг: кубок школы

Тур 1

Вопрос 1. Сколько дней в високосном году?
Ответ: 366.
Зачёт: Триста шестьдесят шесть.

Вопрос 2. Столица Австралии?
Ответ: Канберра.
Незачёт: Сидней.

Тур 2

Вопрос 1. Самая большая планета Солнечной системы?
Ответ: Юпитер.
"""

# The question database's text export, as the database writes it (and chgksuite's database reader takes it):
# a label on a line of its own, its text under it, a blank line after; three spaces start a new line.
DATABASE = """\
Чемпионат:
Кубок клуба «Сова»

Дата:
01-Oct-2026

Редактор:
Анна Иванова

Инфо:
Пакет для проверки.

Тур:
Нулевой вопрос

Вопрос 1:
Разминка: сколько будет дважды два?

Ответ:
Четыре.

Тур:
1 тур

Вопрос 1:
Сколько ног у паука?

Ответ:
Восемь.

Зачет:
8.

Незачет:
Шесть.

Комментарий:
У насекомых шесть ног, у паука
восемь.

Источник:
   1. Энциклопедия.
   2. Учебник биологии.

Автор:
Анна Иванова, Борис Петров (Москва)

Вопрос 2:
(pic: red.png)
Назовите цвет на картинке.

Ответ:
Красный.

Вопрос 3:
   <раздатка>
   Я иду с мечем судия
   </раздатка>
Как называется такая фраза? Ответ
дайте одним словом.
   Подсказка: её можно прочесть и задом наперёд.

Ответ:
Палиндром.

Тур:
2 тур

Вопрос 1:
Что объединяет эти слова?
   1. Шалаш.
   2. Казак.

Ответ:
Палиндромы.

"""


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pictures(out)
    club_docx(out)
    (out / "handouts_source.4s").write_text(HANDOUTS, encoding="utf-8")
    (out / "answers_source.4s").write_text(ANSWERS, encoding="utf-8")
    (out / "sizes_source.4s").write_text(PICTURE_SIZES, encoding="utf-8")
    for name, text in (("si", SI), ("troika", TROIKA), ("brain", BRAIN)):
        (out / f"{name}.txt").write_text(text, encoding="utf-8")
    (out / "database.txt").write_text(DATABASE, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
