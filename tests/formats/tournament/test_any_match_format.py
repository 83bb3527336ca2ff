"""Issue 24 (the event's part): a tournament nests any match format through the contract, and a new
match format («Спринт») is its own folders plus one registry line, played by a tournament's stage."""

from __future__ import annotations

from pathlib import Path

from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.event_file import load_any
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

SPRINT_DAY = ROOT / "shows" / "tournament-sprint.yaml"


def _match_formats() -> list[str]:
    from quizshow import registry

    return [name for name in registry.names() if registry.spec(name).match is not None]


def _day(path: Path = SPRINT_DAY, seed: int = 7) -> Engine:
    from quizshow.assemble import make_format

    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, problems.items
    return Engine(make_format(config), seed)


def test_a_tournament_stage_plays_a_sprint_match_to_a_recorded_result():
    engine = _day()
    at = 1.0
    while engine.state.fmt.match is None:  # the draw, then «Играть следующий матч»
        at += 1
        assert engine.dispatch(c.Go(at=at)).accepted
    ev = engine.state.fmt
    red, green = ev.roster
    assert engine.state.phase == "sprint_title" and len(engine.state.teams) == 2
    for _ in range(3):  # the red table answers three questions: first to 3
        for command in (c.Go, lambda at: c.Buzz(at=at, team=0, source_time=at),
                        lambda at: c.Judge(at=at, correct=True)):
            at += 1
            outcome = engine.dispatch(command(at=at))
            assert outcome.accepted, outcome.refused
    assert engine.state.phase == "sprint_result"
    result = engine.state.fmt.day.result(ev.playing)
    assert result is not None and result.source == "played"
    assert result.teams == (red, green) and result.scores == (3, 0) and result.winner == red
    assert engine.format.next_action(engine.state).key == "next.close_match"
    at += 1
    assert engine.dispatch(c.Go(at=at)).accepted  # to the standings: the win counts there
    assert engine.state.phase == "ev_standings" and engine.state.fmt.match is None
    from quizshow.event import day as D

    table = D.tables(engine.state.fmt.day)[0]
    points = {row.team: dict(row.cells)["points"] for row in table.rows}
    assert points[red] == "2" and points[green] == "0"  # seed 004: a win is 2 points


def test_the_sprint_lamps_follow_its_own_phase_flags_inside_a_tournament():
    engine = _day()
    at = 1.0
    while engine.state.phase != "sprint_open":
        at += 1
        assert engine.dispatch(c.Go(at=at)).accepted
    from quizshow import registry

    flags = registry.spec("tournament").flags(engine.state.phase)
    assert flags.buzzers_live and flags.lamps_live


def test_the_ring_the_melee_and_the_sprint_are_match_formats_by_their_spec():
    """A tournament nests what declares a MatchRole (FormatSpec.match); it names none of them (the house rule
    tests/house/test_a_format_is_its_own_folders.py)."""
    assert {"brainring", "melee", "sprint"} <= set(_match_formats())


def test_a_stage_names_any_match_format_and_only_one(tmp_path):
    text = SPRINT_DAY.read_text(encoding="utf-8").replace("../packs/", str(ROOT / "packs") + "/")
    problems = Problems()
    good = tmp_path / "good.yaml"
    good.write_text(text, encoding="utf-8")
    config = load_any(good, problems)
    assert config is not None and not problems.errors, problems.items
    assert config.rules["plan"].stages["group"].format == "sprint"
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("group: {format: sprint", "group: {format: svoyak"), encoding="utf-8")
    problems = Problems()
    load_any(bad, problems)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.lstrip().startswith("group:"))
    assert any(f"{bad}:{line}:" in str(item) and "a stage is played as brainring, melee or sprint, not svoyak"
               in str(item) for item in problems.items), problems.items


def test_the_edge_of_those_who_go_on_is_the_themes_colour():
    """Item 5: the tournament's colours are theme colours (a theme may recolour them), not constants."""
    import dataclasses

    import pygame

    from quizshow.display.theme import load_theme
    from tests.event_rules_kit import GROUP_RESULTS
    from tests.tournament_display_kit import _count, _groups
    from tests.tournament_kit import SEED004, config

    theme = load_theme(config(SEED004).theme)
    assert theme.color("tournament_goes_on") == pygame.Color("#2fbf71")  # the broadcast theme names it
    magenta = dataclasses.replace(theme, colors={**theme.colors, "tournament_goes_on": pygame.Color("#ff00ff")})
    assert _count(_groups(magenta, GROUP_RESULTS), (255, 0, 255), 20) > 50
    assert _count(_groups(theme, GROUP_RESULTS), (255, 0, 255), 20) == 0


def test_two_nested_formats_sharing_a_phase_name_with_other_flags_are_refused():
    """The show reads one flag set per phase name: a tournament cannot nest a format whose «title» lights
    the lamps beside the brain-ring's dark «title»."""
    import pytest

    from quizshow import registry
    from quizshow.core.match import MatchRole
    from quizshow.core.spec import FormatSpec, Phase, PhaseFlags
    from quizshow.formats.tournament.spec import tournament_spec

    class Lit(Phase):
        TITLE = "title", PhaseFlags(lamps_live=True)

    melee = registry.spec("melee")
    lit = FormatSpec(name="lit", make=melee.make, phases=Lit, rules={}, state=melee.state, match=MatchRole())
    with pytest.raises(ValueError, match="brainring and lit both have a phase 'title'"):
        tournament_spec([registry.spec("brainring"), lit])
    assert tournament_spec([registry.spec("brainring"), registry.spec("sprint")]).name == "tournament"
