"""QA of the written quiz (shows/written-40.yaml): the results table's motion after a corrected cell and
on a tour's first frames, the score overlay, the tie-break's journal line."""

from __future__ import annotations

import pygame
import pytest

from quizshow.display.projector.projector import Projector
from quizshow.display.written.results import MOVE_S, STAGGER_S
from quizshow.formats.written import commands as wc
from quizshow.house_words import show_words
from tests.conftest import views_of, words_of
from tests.written_display_kit import config, layout_for, played_tours

SETTLE = MOVE_S + STAGGER_S * 40 + 0.5


@pytest.fixture(scope="module")
def theme():
    from quizshow.display.theme import load_theme
    return load_theme(config().theme)


def frame_at(projector: Projector, state, now: float) -> pygame.Surface:
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, state, now)
    return surface


def place_ink(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int]]:
    """The bright (letter) pixels of a place cell, relative to the cell."""
    return {(x - rect.x, y - rect.y) for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)
            if min(surface.get_at((x, y))[:3]) >= 160}


def place_cell(box, row: int) -> pygame.Rect:
    slot = box.slot(row)
    x, wd = box.columns["place"]
    return pygame.Rect(slot.x + x, slot.y + 3, wd, slot.height - 6)


def a_correction_that_reorders(e) -> wc.Mark:
    """A wrong answer marked right that moves its team up the table (a sheet re-read)."""
    lines = e.format.lines(e.state)
    order = [line.team for line in lines]
    for line in reversed(lines[5:]):
        for number in range(len(e.format.main)):
            cmd = wc.Mark(at=0, team=line.team, number=number, correct=True)
            out = e.dispatch(cmd)
            if out.accepted and [ln.team for ln in e.format.lines(e.state)] != order:
                return cmd
            if out.accepted:
                e.dispatch(wc.Mark(at=0, team=line.team, number=number, correct=False))
    raise AssertionError("no correction reorders the table")


def test_a_corrected_cell_on_the_final_table_moves_rows_from_where_they_stand(theme):
    """w10p01v.png: the rows jumped back to the tour-2 order for half a second, then slid again."""
    e, t = played_tours(3)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), views=views_of(e.format))
    frame_at(projector, e.state, t)
    before = frame_at(projector, e.state, t + SETTLE)  # the final table, standing still
    box = layout_for(e, e.format.lines(e.state))
    a_correction_that_reorders(e)
    now = t + SETTLE + 5
    after = frame_at(projector, e.state, now)  # the first frame after the correction
    # Every row still stands where it stood: the names' column is the same picture except the corrected rows.
    x, wd = box.columns["name"]
    same = 0
    for row in range(40):
        slot = box.slot(row)
        name = pygame.Rect(slot.x + x, slot.y, wd, slot.height)
        same += pygame.image.tobytes(before.subsurface(name), "RGB") == pygame.image.tobytes(
            after.subsurface(name), "RGB")
    assert same >= 36, same
    # And the rows then slide to the new order and stand there.
    frame_at(projector, e.state, now + 0.5)
    settled = frame_at(projector, e.state, now + SETTLE)
    fresh = Projector(e.format, theme, "ЧГК", words_of(e.format), views=views_of(e.format))
    frame_at(fresh, e.state, 0)
    assert pygame.image.tobytes(settled, "RGB") == pygame.image.tobytes(frame_at(fresh, e.state, SETTLE), "RGB")


def test_a_rows_place_moves_with_its_row_on_a_tours_first_frames(theme):
    """w06p02.png: the place column showed the new places while the rows still stood in the old order."""
    e, t = played_tours(2)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format), views=views_of(e.format))
    first = frame_at(projector, e.state, t)  # the rows stand in the order before the tour
    settled = frame_at(projector, e.state, t + SETTLE)
    lines = e.format.lines(e.state)
    box = layout_for(e, lines)
    checked = 0
    for row, line in enumerate(lines):
        if line.place[0] <= 3:
            continue  # a medal row's letters are dark on its tab
        end = place_ink(settled, place_cell(box, row))
        # Where the team's row stood on the first frame: its place letters stand there with it.
        start_row = _row_before(e, line.team)
        if start_row is None or start_row == row:
            continue
        if lines[start_row].place_text == line.place_text:
            continue
        shown = place_ink(first, place_cell(box, start_row))
        overlap = len(shown & end) / max(1, len(shown | end))
        assert overlap > 0.8, (line.name, line.place_text, lines[start_row].place_text, overlap)
        checked += 1
    assert checked >= 5


def _row_before(e, team: int) -> int | None:
    from quizshow.formats.written.standings import standings
    w = e.state.fmt
    asked = e.format.asked(e.state)
    cut = next(i for i, a in enumerate(asked) if a.tour == w.results_after)
    names = [tm.name for tm in e.state.teams]
    old = standings(names, asked[:cut], len(e.format.tours), w, int(e.format.rules["extra_player_penalty"]))
    return next((row for row, ln in enumerate(old) if ln.team == team), None)




@pytest.mark.parametrize(("language", "line"), [("ru", "Далее: дополнительный вопрос 1"),
                                                ("en", "Next: extra question 1")])
def test_the_journal_names_the_tie_break_question_without_a_dangling_question(language, line):
    """w12cz.png: «Далее: дополнительный вопрос 1 · вопрос»."""
    from quizshow.core import commands as c
    from quizshow.core.engine import Entry
    from quizshow.display.console.words import describe
    from quizshow.formats.written.spec import SPEC
    from tests.written_kit import engine, go, mark, pack, play_question

    words = show_words(language, SPEC.phrases)  # a written quiz's words
    e = engine(the_pack=pack(tours=(1,)))
    go(e, 1.0)
    t = play_question(e, 2.0)
    mark(e, 0, 0, 1, at=t)  # Альфа and Бета share first place
    go(e, t)
    assert e.state.phase == "results"
    cmd = c.Go(at=t + 1)
    out = e.dispatch(cmd)
    assert e.state.phase == "question" and e.format.is_extra(e.state.fmt.number)
    names = [team.name for team in e.state.teams]
    assert describe(Entry(cmd, tuple(out.events)), names, words, fmt=e.format, after=e.state) == line


@pytest.mark.parametrize(("language", "title", "more"), [("ru", "ПОЛОЖЕНИЕ · ТУР 2", "и ещё {n} команд"),
                                                         ("en", "STANDINGS · TOUR 2", "and {n} more teams")])
def test_the_score_overlay_shows_the_tables_places_and_order_readably(theme, language, title, more):
    """w08s.png: «ПОЛОЖЕНИЕ · РАУНД 2», places 1..11 beside a table of «2–3», tied teams in another order,
    11 of 40 teams with no word of the rest, stopping mid-tie, names ~11 px at 1280×720."""
    from quizshow.core import commands as c
    from tests.written_display_kit import SizeRecorder

    e, t = played_tours(2)
    e.dispatch(c.ViewScores(at=t, on=True))
    text = SizeRecorder(theme.fonts)
    projector = Projector(e.format, theme, "ЧГК", words_of(e.format, language), text, views=views_of(e.format))
    surface = pygame.Surface((1280, 720))
    projector.render(surface, e.state, t)
    projector.render(surface, e.state, t + 5)  # the card is up
    said = [s for s, _ in text.sizes]
    assert title in said, said
    card = [one for i, one in enumerate(text.sizes[said.index(title) + 1:], said.index(title) + 1)
            if text.sizes[i - 1] != one]  # (a text fitted is laid out twice)
    lines = e.format.lines(e.state)
    rows = []
    for line in lines:  # each row: its place, its total, its name
        found = next((i for i, (s, _) in enumerate(card) if s == line.name), None)
        if found is None:
            break
        assert [s for s, _ in card[found - 2:found]] == [line.place_text, str(line.total)], line.name
        assert card[found][1] >= round(32 * 720 / 1080), (line.name, card[found][1])  # 32 px at 1080 lines
        rows.append(found)
    assert rows == sorted(rows) and len(rows) >= 5  # the table's order, from the top
    shown = len(rows)
    assert lines[shown].place != lines[shown - 1].place  # a tie is never cut
    rest = 40 - shown
    expected = more.replace("{n}", str(rest))
    if language == "ru" and rest % 10 in (2, 3, 4) and rest % 100 not in (12, 13, 14):
        expected = expected.replace("команд", "команды")
    assert expected in said, said


def test_the_tie_break_point_counts_in_the_total_as_the_rules_say():
    """rules.md § 5 / seed 001: extra questions are played «пока не определится команда набравшая единолично
    наибольшее количество очков» — the winner leads alone in points, so the extra point is in СУММА (QA saw
    8+9+9 and 1 extra = 27: right). The table shows it in its own «Доп» column. (Protects present behaviour.)"""
    from tests.written_kit import engine, go, mark, pack, play_question

    e = engine(the_pack=pack(tours=(1,)))
    go(e, 1.0)
    t = play_question(e, 2.0)
    mark(e, 0, 0, 1, at=t)
    go(e, t)
    go(e, t + 1)  # the extra question
    number = e.state.fmt.number
    t = play_question(e, t + 2)
    mark(e, number, 1, at=t)
    lines = {line.team: line for line in e.format.lines(e.state)}
    assert (lines[1].tours[0], lines[1].extra, lines[1].total) == (1, 1, 2)
    assert lines[1].place == (1, 1) and lines[0].place == (2, 2)


def test_the_overlay_cuts_between_ties_unless_that_leaves_the_card_mostly_empty():
    """w08s.png stopped mid-tie; a long tie for 4th must not leave a 12-team card with 3 rows either."""
    from quizshow.display.written.standings_card import shown_lines
    from quizshow.formats.written.standings import Line

    def lines(*places):
        return [Line(team=i, name=str(i), tours=(0,), extra=None, penalty=0, total=0, place=p)
                for i, p in enumerate(places)]

    five_six = lines((1, 1), (2, 3), (2, 3), (4, 4), (5, 6), (5, 6), (7, 7), (8, 8))
    shown, more = shown_lines(five_six, 6)
    assert len(shown) == 4 and more == 4  # not «5–6» alone on the last row: «и ещё 4 команды» instead
    long_tie = lines((1, 1), (2, 2), (3, 3), *[(4, 12)] * 9)
    shown, more = shown_lines(long_tie, 7)
    assert len(shown) == 6 and more == 6  # filled: «4–12» on each row tells the tie goes on
    assert shown_lines(five_six, 8) == (five_six, 0)
