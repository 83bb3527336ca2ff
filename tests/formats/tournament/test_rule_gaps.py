"""Issue 22: rule gaps against the seeds (001, 004) and what a host tripped on in a tournament day."""

from __future__ import annotations

import re

from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.event.model import Fixture
from tests import tournament_kit as tk
from tests.conftest import ok, words_of


def _to_clock(e: Engine, at: float) -> None:
    if e.state.phase == "title":
        ok(e, c.Go(at=at - 1))
    ok(e, c.Announce(at=at))
    ok(e, c.TimerStart(at=at + 5))


def _nobody_answers(e: Engine, at: float) -> None:
    while e.state.phase == "clock":
        ok(e, c.Tick(at=at))
        at += 100
    ok(e, c.Go(at=at))


# --- item 1: seed 001 3C, the play-off ------------------------------------------------------------------


def test_seed001_playoff_every_question_is_worth_one_point_no_carry_over():
    """3C «дополнительный бой из 3-х вопросов, каждый 1 очко»: a question nobody answered does not make the
    next one worth 2 (the qualifying games keep the 1-2-1 carry-over)."""
    fmt = make_format(tk.config(tk.SEED001))
    playoff = Engine(fmt._format_for(Fixture("PO1", "playoff", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(playoff, 10)
    _nobody_answers(playoff, 100)
    _to_clock(playoff, 1000)
    assert playoff.state.fmt.value == 1
    ok(playoff, c.Buzz(at=1006, team=1))
    ok(playoff, c.Judge(at=1007, correct=True))
    assert [t.score for t in playoff.state.teams[:2]] == [0, 1]
    qualifying = Engine(fmt._format_for(Fixture("Q1", "qualifying", (0, 1)), (0, 1)), 1)  # type: ignore[attr-defined]
    _to_clock(qualifying, 10)
    _nobody_answers(qualifying, 100)
    _to_clock(qualifying, 1000)
    assert qualifying.state.fmt.value == 2


# --- item 2: seed 004 6.1, a full team only -------------------------------------------------------------


def _tournament_copy(tmp_path, source, edit):
    text = source.read_text(encoding="utf-8").replace("../packs/", f"{tk.ROOT}/packs/")
    path = tmp_path / source.name
    path.write_text(edit(text), encoding="utf-8")
    return path


def test_tournament_file_team_of_four_in_seed_004_is_an_error_at_file_line(tmp_path, capsys):
    """6.1 Команды к играм допускаются ТОЛЬКО В ПОЛНОМ СОСТАВЕ (5 человек): a tournament file's teams are
    checked against their matches' preset like a show file's."""
    from quizshow.cli import check_files

    path = _tournament_copy(tmp_path, tk.SEED004, lambda t: t.replace(', "Денис Соколов"', ""))
    assert check_files([path]) == 1
    out = capsys.readouterr().out
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "Северяне" in row)
    assert f"{path}:{line}: team 'Северяне' has 4 players; stage 'group' (preset brainring-60) needs 5" in out
    assert "1 error(s)" in out  # once for the team, not once per stage
    assert check_files([tk.SEED004, tk.SEED001]) == 0


def test_tournament_file_seed_001_team_of_three_is_a_warning_and_loads(tmp_path, capsys):
    """Seed 001: «Количество человек в команде от 4 до 12» — a warning, the day still loads."""
    from quizshow.cli import check_files

    path = _tournament_copy(tmp_path, tk.SEED001, lambda t: re.sub(r', "[^"]+"\]', "]", t, count=1))
    assert check_files([path]) == 0
    out = capsys.readouterr().out
    assert "has 3 players; stage 'qualifying' (preset brainring-40) needs 4–12" in out and "1 warning(s)" in out


# --- item 6: seed 004 6.15, the removal offered at once ----------------------------------------------------


def _finish_match(app, at: float) -> float:
    """Next (and the clock run out) until the match has its result; Next again closes it."""
    state = app.runtime.state
    while state.phase != "result":
        at += 100
        app.runtime.submit(c.Tick(at=at) if state.phase == "clock" else c.Go(at=at))
        state = app.runtime.state
    app.runtime.submit(c.Go(at=at + 1))
    return at + 2


def _seed004_app(tmp_path):
    from quizshow.app import ShowApp

    app = ShowApp(tk.config(tk.SEED004), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    for k in range(12):
        app.runtime.submit(c.Go(at=1 + k * 0.1))
    return app


def test_third_penalty_point_offers_the_removal_at_once_during_the_match(tmp_path):
    """6.15 Три штрафных очка, заработанных командой, дают право Жюри снять команду с Чемпионата: two in
    one match, the third in the next one — the console offers the removal the moment it is given, and the
    jury's removal ends the match in progress (the other table wins)."""
    import pygame

    from quizshow.event import day as D
    from quizshow.formats.tournament import model as m
    from tests.conftest import click

    app = _seed004_app(tmp_path)
    try:
        app.runtime.submit(m.Play(at=5, fixture="A1"))
        ev: m.EventState = app.runtime.state.fmt
        red = ev.roster[0]
        app.runtime.submit(c.Go(at=6))
        app.runtime.submit(c.Go(at=7))  # «Внимание! Вопрос!»
        for i in range(2):
            assert app.runtime.submit(c.Discipline(at=8 + i, team=0, what="penalty")).accepted
        at = _finish_match(app, 10)
        assert app.runtime.state.fmt.day.result("A1").penalties[0] == 2 and app.runtime.state.fmt.notice is None
        second = next(f for f in D.plan(app.runtime.state.fmt.day).fixtures if red in f.teams and f.id != "A1")
        app.runtime.submit(m.Play(at=at, fixture=second.id))
        table = app.runtime.state.fmt.roster.index(red)
        app.runtime.submit(c.Go(at=at + 1))
        app.runtime.submit(c.Go(at=at + 2))
        assert app.runtime.submit(c.Discipline(at=at + 3, team=table, what="penalty")).accepted
        ev = app.runtime.state.fmt
        assert ev.match is not None and app.runtime.state.phase != "result"  # the match goes on
        assert ev.notice is not None and ev.notice[0] == "event.notice.removal"
        surface = pygame.Surface((1280, 800))
        app.console.render(surface, at + 4, app.status)
        assert any(call.name == "remove" and call.args == (red,) for _, call in app.console.buttons)
        assert any(call.name in ("answerer", "disc") for _, call in app.console.buttons)  # the match's panel too
        click(app, "remove", at + 5, red)
        click(app, "remove", at + 5.5, red)  # confirmed
        ev = app.runtime.state.fmt
        assert red in ev.day.removed_teams
        result = ev.day.result(second.id)
        assert result is not None and result.winner == second.teams[1 - second.teams.index(red)]
        assert app.runtime.state.phase == "result"
        from quizshow.display.console.words import describe  # item 21: the journal says why, the day's points

        names = [t.name for t in app.runtime.state.teams]
        assert describe(app.engine.entries[-1], names, words_of(app.format)) == f"{names[table]} снята: 3 штрафных очка"
    finally:
        app.close()


# --- item 21: a removal says why ------------------------------------------------------------------------


def _removed_by_penalties(size=(1920, 1080)):
    """A «Брейн-ринг» match (brainring.yaml, seed 004) where Бета gets its third penalty point."""
    import pygame

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.brainring_display_kit import config, engine
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    e = engine()
    theme = load_theme(config().theme)
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Брейн-ринг", words_of(e.format), text, views=views_of(e.format))
    outs = []
    for cmd in (c.Go(at=1), c.Announce(at=2), *(c.Discipline(at=3 + i, team=1, what="penalty") for i in range(3))):
        out = ok(e, cmd)
        projector.on_events(out.events, cmd.at)
        outs.append(out)
    surface = pygame.Surface(size)
    projector.render(surface, e.state, 6.1)
    text.fitted.clear()
    projector.render(surface, e.state, 9)
    return e, outs, text, surface


def test_removal_by_penalties_result_card_says_who_was_removed_and_why():
    """The result picture no longer reads «ПОБЕДА Альфа 2 : −1 · Очки за матч: 0 — 0» with no reason: it
    says «Бета снята: 3 штрафных очка», and the winner's match points are those of a win."""
    e, _, text, surface = _removed_by_penalties()
    assert e.state.phase == "result" and e.state.fmt.result == "removed"
    shown = [what for what, _, _ in text.fitted]
    assert any("БЕТА СНЯТА: 3 ШТРАФНЫХ ОЧКА" in str(w).upper() for w in shown), shown
    assert "Очки за матч: 2 — 0" in shown
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"


def test_removal_by_penalties_journal_line_says_why():
    """The console's journal: the third penalty reads «Бета снята: 3 штрафных очка», not «Матч окончен»."""
    from quizshow.display.console.words import describe

    e, _, _, _ = _removed_by_penalties()
    entry = e.entries[-1]
    assert describe(entry, ["Альфа", "Бета"], words_of(e.format)) == "Бета снята: 3 штрафных очка"


# --- item 19: a shared place reads as a place --------------------------------------------------------------


def _ink_bands(surface, x0: int, x1: int, y0: int, y1: int):
    """Each line of white text in the strip x0..x1, as (top, bottom, clusters of ink columns): a cluster
    is ink with gaps under 9 px (the letters of one word or number)."""
    def ink(x, y):
        r, g, b, _ = surface.get_at((x, y))
        return r > 200 and g > 200 and b > 200

    rows = [y for y in range(y0, y1) if any(ink(x, y) for x in range(x0, x1))]
    bands, start = [], None
    for y in range(y0, y1 + 1):
        if y in rows and start is None:
            start = y
        elif y not in rows and start is not None:
            bands.append((start, y))
            start = None
    out = []
    for top, bottom in bands:
        columns = [x for x in range(x0, x1) if any(ink(x, y) for y in range(top, bottom))]
        clusters = [[columns[0], columns[0]]]
        for x in columns[1:]:
            if x - clusters[-1][1] < 9:
                clusters[-1][1] = x
            else:
                clusters.append([x, x])
        place_rows = [y for y in range(top, bottom) if any(ink(x, y) for x in range(clusters[0][0],
                                                                                     clusters[0][1] + 1))]
        out.append((top, bottom, clusters, max(place_rows) - min(place_rows)))
    return out


def test_shared_place_reads_as_a_place_with_a_gap_before_the_name_in_the_places_size():
    """«2-3Эрудиты» / «3-8Сфинкс»: a shared place was shrunk and ran into the name. Now «3–4» is as tall
    as «1», in its own column, with a clear gap before the team's name."""
    from dataclasses import replace

    import pygame

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.event import day as D
    from tests.conftest import views_of, words_of
    from tests.event_kit import play as play_pair

    e = tk.tournament(tk.SEED004)
    ev = e.state.fmt
    day = replace(ev.day, order=tuple(range(12)))  # group А: teams 0, 3, 6, 9
    for a, b, sa, sb in ((0, 3, 3, 0), (0, 6, 3, 0), (0, 9, 3, 0), (3, 6, 2, 0), (3, 9, 2, 0), (6, 9, 1, 1)):
        day = play_pair(day, a, b, sa, sb)
    group_a = next(t for t in D.tables(day) if t.title == "A")
    assert [r.place for r in group_a.rows] == [(1, 1), (2, 2), (3, 4), (3, 4)]
    e.state = replace(e.state, phase="ev_standings", fmt=replace(ev, day=day))
    theme = load_theme(tk.config(tk.SEED004).theme)
    surface = pygame.Surface((1920, 1080))
    projector = Projector(e.format, theme, "Кубок", words_of(e.format), None, views=views_of(e.format))
    projector.render(surface, e.state, 5.0)
    projector.render(surface, e.state, 8.0)
    bands = _ink_bands(surface, 66, 330, 250, 640)  # group А's rows: the place column and the names
    assert len(bands) == 4, bands
    heights = [h for _, _, _, h in bands]
    assert max(heights) - min(heights) <= 2, heights  # «3–4» in the same size as «1» and «2»
    for top, _, clusters, _ in bands:
        assert len(clusters) >= 2, (top, clusters)  # the place, a clear gap, then the name
        assert clusters[1][0] - clusters[0][1] >= 14, (top, clusters)
    widths = [c[0][1] - c[0][0] for _, _, c, _ in bands]
    assert widths[2] > 2 * widths[0]  # «3–4» whole, not squeezed into a single digit's cell


# --- item 24: the match's opening card, tie captions, the qualifying bar ------------------------------------

# Group А (0, 3, 6, 9): 6 and 9 share 3–4 below the line. Group Б (1, 4, 7, 10): 1 over 7 on head-to-head.
# Group В (2, 5, 8, 11): 8 above on the difference, 2 and 11 share 2–3 across the line (a replay due).
TIES = ((0, 3, 3, 0), (0, 6, 3, 0), (0, 9, 3, 0), (3, 6, 2, 0), (3, 9, 2, 0), (6, 9, 1, 1),
        (1, 4, 1, 1), (1, 7, 1, 0), (1, 10, 0, 1), (4, 7, 2, 2), (4, 10, 1, 0), (7, 10, 1, 0),
        (2, 5, 2, 0), (2, 8, 0, 2), (2, 11, 1, 1), (5, 8, 1, 0), (5, 11, 0, 0), (8, 11, 1, 1))


def _ties_engine():
    from dataclasses import replace

    from tests.event_kit import play as play_pair

    e = tk.tournament(tk.SEED004)
    ev = e.state.fmt
    day = replace(ev.day, order=tuple(range(12)))
    for a, b, sa, sb in TIES:
        day = play_pair(day, a, b, sa, sb)
    e.state = replace(e.state, phase="ev_standings", fmt=replace(ev, day=day))
    return e, day


def _render(e, size=(1920, 1080), now=5.0, events=()):
    import pygame

    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of
    from tests.display_kit import RecordingText

    theme = load_theme(tk.config(tk.SEED004).theme)
    text = RecordingText(theme.fonts)
    projector = Projector(e.format, theme, "Кубок города", words_of(e.format), text, views=views_of(e.format))
    for out_events, at in events:
        projector.on_events(out_events, at)
    surface = pygame.Surface(size)
    projector.render(surface, e.state, now)
    projector.render(surface, e.state, now + 3)
    return text, surface


def test_tournament_match_opening_card_names_its_fixture_and_group():
    """The match opened on the show's title card: now the card says «A1 · Группа А» (and a knockout match
    its stage), the two teams at the tables in the strip."""
    from quizshow.formats.tournament import model as m

    e = tk.tournament(tk.SEED004)
    for k in range(12):
        ok(e, c.Go(at=1 + k * 0.1))
    out = ok(e, m.Play(at=5, fixture="B2"))
    assert e.state.phase == "title"
    text, _ = _render(e, now=5.0, events=[(out.events, 5.0)])
    shown = [what for what, _, _ in text.fitted]
    assert "Б2 · Группа Б" in shown, shown  # the code in the show's language (issue 22, item 5)
    assert "Кубок города" not in shown
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"


def test_every_tie_frame_in_the_group_tables_has_its_caption():
    """Groups with a shared place below the line, a head-to-head split and a replay due: every gold frame
    is explained under its table — the shared place too, and the replay as well as the difference."""
    e, day = _ties_engine()
    name = [t.name for t in day.teams]
    text, _ = _render(e)
    shown = [what for what, _, _ in text.fitted]
    assert f"{name[6]} и {name[9]} делят места 3–4" in shown, shown  # group А: below the line
    assert f"{name[1]} выше по личной встрече" in shown  # group Б
    assert f"{name[8]} выше по разнице ответов" in shown  # group В: the difference …
    assert f"Переигровка: {name[2]}, {name[11]}" in shown  # … and the replay still due
    for what, box, got in text.fitted:
        assert got[0] <= box[0] and got[1] <= box[1], f"{what!r} {got} overflows {box}"


def test_qualifying_bar_marks_both_teams_sharing_the_qualifying_place():
    """«выходят»: 2 and 11 share 2–3 with two going on; both are marked (a replay decides), not only the one
    listed first; once the groups are settled the best thirds that go on are marked too."""
    from dataclasses import replace

    from quizshow.event import day as D
    from quizshow.event.model import Result

    _, day = _ties_engine()
    group_c = next(t for t in D.tables(day) if t.title == "C")
    assert {r.team: r.goes_on for r in group_c.rows} == {8: True, 2: True, 11: True, 5: False}
    group_a = next(t for t in D.tables(day) if t.title == "A")
    assert [r.goes_on for r in group_a.rows] == [True, True, False, False]  # groups not settled yet
    day = replace(day, results=(*day.results, Result("RC1", (2, 11), (2, 1), "win", winner=2)))
    going = {r.team for t in D.tables(day) for r in t.rows if r.goes_on}
    knockout = {t for f in D.plan(day).fixtures if f.stage == "quarterfinal" for t in f.teams}
    assert going == knockout and len(going) == 8
