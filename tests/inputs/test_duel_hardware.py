"""The duel's buttons: a button per player (8 inputs of a QBX/1 box over a real pty, or keys), each
press carrying its team and player; the lamps show the queue (asked ON, the next ones BLINK); F10
assigns the players' buttons by pressing, saved beside the show and used at the next start."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.app import Action
from quizshow.cli import check_files
from quizshow.config import load_show
from quizshow.core.clock import SYSTEM
from quizshow.inputs.buzzers import assignment_path
from quizshow.tools.fakebox import FakeBox
from quizshow.yamlfile import Problems
from tests.conftest import ROOT
from tests.hardware_kit import make_app
from tests.serial_kit import wait_for

PLAYERS = {"Альфа": ["А1", "А2", "А3", "А4"], "Бета": ["Б1", "Б2", "Б3", "Б4"]}


def duel_show(tmp_path, buzzers: dict[str, list[str]], serial_port: str | None = None):
    serial = f'''  serial:
    - {{id: box1, port: "{serial_port}"}}
''' if serial_port else ""
    teams = "\n".join(f'  - {{name: "{name}", players: {players}, captain: "{players[3]}", '
                      f'buzzers: {buzzers.get(name, [])}}}' for name, players in PLAYERS.items())
    path = tmp_path / "duel.yaml"
    path.write_text(f'''title: "Дуэль"
format: duel
pack: "{ROOT / "packs" / "duel-demo.yaml"}"
teams:
{teams}
devices:
{serial}  keyboard_buzzers: false
''', encoding="utf-8")
    return path


@pytest.fixture
def box(tmp_path):
    fake = FakeBox("box1", inputs=8, link=tmp_path / "box1", clock=SYSTEM).start()
    yield fake
    fake.stop()


def test_each_player_has_their_own_box_input_and_the_lamps_show_the_queue(tmp_path, box):
    specs = {"Альфа": [f"box1:{n}" for n in range(1, 5)], "Бета": [f"box1:{n}" for n in range(5, 9)]}
    app = make_app(tmp_path, duel_show(tmp_path, specs, str(box.link)))
    try:
        assert wait_for(lambda: app.hardware.boxes["box1"].status.connected)
        app.action(Action("go", 1.0))
        box.press(7)  # Бета's red
        assert wait_for(lambda: (app.drain(), len(app.engine.state.presses.presses))[1] == 1)
        box.press(1)  # Альфа's green
        assert wait_for(lambda: (app.drain(), len(app.engine.state.presses.presses))[1] == 2)
        seats = [(p.team, p.player) for p in app.engine.state.presses.presses]
        assert seats == [(1, 2), (0, 0)]
        assert wait_for(lambda: box.lamps.get(7) == "ON" and box.lamps.get(1) == "BLINK")
        assert box.lamps.get(2, "OFF") == "OFF"
        app.action(Action("wrong", 5.0))
        assert wait_for(lambda: box.lamps.get(7) == "OFF" and box.lamps.get(1) == "ON")
    finally:
        app.close()


def test_keys_of_the_show_file_are_the_players_buttons(tmp_path):
    specs = {"Альфа": ["key:Q", "key:W", "key:E", "key:R"], "Бета": ["key:U", "key:I", "key:O", "key:P"]}
    app = make_app(tmp_path, duel_show(tmp_path, specs), devices=False)
    try:
        app.action(Action("go", 1.0))
        app.key(pygame.K_o, 0, 2.0)
        app.key(pygame.K_w, 0, 2.1)
        assert [(p.team, p.player) for p in app.engine.state.presses.presses] == [(1, 2), (0, 1)]
    finally:
        app.close()


def test_the_keys_section_names_a_players_own_button_as_buzz_team_dot_player(tmp_path):
    """`keys: {buzz2.3: [J]}`: the key J is Бета's third player (both from 1), as F10 would save it."""
    path = duel_show(tmp_path, {})
    path.write_text(path.read_text(encoding="utf-8") + 'keys:\n  buzz2.3: ["J"]\n  buzz1.4: ["K", "KP7"]\n',
                    encoding="utf-8")
    app = make_app(tmp_path, path, devices=False)
    try:
        app.action(Action("go", 1.0))
        app.key(pygame.K_j, 0, 2.0)
        app.key(pygame.K_KP7, 0, 2.1)
        assert [(p.team, p.player) for p in app.engine.state.presses.presses] == [(1, 2), (0, 3)]
    finally:
        app.close()


@pytest.mark.parametrize("name,why", [("buzz3.1", "the show has no team 3 (1 to 2)"),
                                      ("buzz1.5", "team 1 has no player 5 (1 to 4)"),
                                      ("buzz1.0", "team 1 has no player 0 (1 to 4)")])
def test_a_players_key_outside_the_show_is_an_error_at_its_line(tmp_path, name, why):
    path = duel_show(tmp_path, {})
    text = path.read_text(encoding="utf-8") + f'keys:\n  go: ["G"]\n  {name}: ["J"]\n'
    path.write_text(text, encoding="utf-8")
    line = len(text.splitlines())
    assert check_files([path]) == 1
    problems = Problems()
    load_show(path, problems)
    assert [str(p) for p in problems.errors] == [f"{path}:{line}: '{name}': {why}"]


def test_a_players_key_in_a_format_with_a_button_per_team_is_an_error(tmp_path):
    path = tmp_path / "svoyak.yaml"
    text = (ROOT / "shows" / "svoyak.yaml").read_text(encoding="utf-8").replace("../packs/", f"{ROOT}/packs/")
    path.write_text(text + 'keys:\n  buzz1.1: ["J"]\n', encoding="utf-8")
    problems = Problems()
    load_show(path, problems)
    assert [str(p) for p in problems.errors] == [
        f"{path}:{len(text.splitlines()) + 2}: 'buzz1.1': this format gives a button per team, not per player "
        "(use buzz1)"]


def test_f10_assigns_every_players_button_by_pressing_and_the_next_start_uses_it(tmp_path):
    path = duel_show(tmp_path, {})
    app = make_app(tmp_path, path, devices=False)
    try:
        app.action(Action("assign", 1.0))
        assert "Альфа: А1" in app.status.prompt[0]
        app.key(pygame.K_q, 0, 1.1)
        app.key(pygame.K_q, 0, 1.15)  # taken already: refused, still asking for А2
        assert app.hardware.assigning == 1
        for key in (pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_u, pygame.K_i, pygame.K_o, pygame.K_p):
            app.key(key, 0, 1.2)
        assert app.hardware.assigning is None and assignment_path(path).exists()
        app.action(Action("go", 2.0))
        app.key(pygame.K_i, 0, 3.0)
        assert [(p.team, p.player) for p in app.engine.state.presses.presses] == [(1, 1)]
    finally:
        app.close()
    again = make_app(tmp_path, path, devices=False)
    try:
        again.action(Action("go", 5.0))
        again.key(pygame.K_r, 0, 6.0)  # Альфа's captain
        assert [(p.team, p.player) for p in again.engine.state.presses.presses] == [(0, 3)]
    finally:
        again.close()
    assert check_files([path]) == 0


def test_more_buttons_than_players_is_reported_with_its_line(tmp_path):
    path = duel_show(tmp_path, {"Альфа": ["key:Q", "key:W", "key:E", "key:R", "key:T"]})
    problems = Problems()
    load_show(path, problems)
    assert any(":5:" in str(p) and "5 buzzers for 4 players" in str(p) for p in problems.items), \
        [str(p) for p in problems.items]


SPEC_PIECES = ["key:Q", "box1:3", "pad:0:1", "key:", "box9:1", ":", "key:Ё", "12", "[", "]", "{", "}", "- ",
               "null", "'", '"', ",", " ", "\n", "\t", "#", "box1:99999999999999999999"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(buzzers=st.lists(st.sampled_from(SPEC_PIECES), max_size=12).map("".join),
       saved=st.lists(st.sampled_from(SPEC_PIECES + ["teams:", "Альфа:", "Бета:"]), max_size=16).map("".join))
def test_the_buttons_of_a_show_and_the_saved_assignment_never_break_the_loader(tmp_path, buzzers, saved):
    """Bad input gets a clear message: any text in `buzzers:` or in the saved assignment is read, or
    reported as FILE:LINE; it never raises, and every button that is read is a valid spec."""
    from quizshow.config import BUZZER_PATTERN
    from quizshow.inputs.buzzers import load_assignment

    path = tmp_path / "fuzz.yaml"
    path.write_text(f'''title: "Дуэль"
format: duel
pack: "{ROOT / "packs" / "duel-demo.yaml"}"
teams:
  - name: "Альфа"
    players: ["А1", "А2", "А3", "А4"]
    buzzers: {buzzers}
  - name: "Бета"
''', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert all(str(p).startswith(str(path)) for p in problems.items)
    if config is not None and not problems:
        assert all(BUZZER_PATTERN.match(spec) for spec in config.teams[0].buzzers)
    assignment_path(path).write_text(saved, encoding="utf-8")
    found = load_assignment(path, ["Альфа", "Бета"], Problems())
    for spec in found.values():
        assert all(BUZZER_PATTERN.match(s) for s in ((spec,) if isinstance(spec, str) else spec))
