"""Several tables at once: another table reports its match's result to the tournament over OSC — real UDP
datagrams on 127.0.0.1, the server bound to port 0, the passcode — and the standings update live."""

from __future__ import annotations

import socket

import pytest

from quizshow.core import commands as c
from quizshow.core.clock import SYSTEM
from quizshow.event import day as D
from quizshow.event_file import load_any
from quizshow.outputs.osc_out import message
from quizshow.tools.report import match_result, send_result
from quizshow.yamlfile import Problems
from tests.tournament_osc_kit import (
    PASSCODE,
    app,  # noqa: F401 - fixtures
)


def test_another_table_reports_a_result_and_the_standings_update(app):  # noqa: F811
    fixture = D.next_fixture(app.runtime.state.fmt.day)
    code, text = send_result(app.osc.address, fixture.id, (3, 1), passcode=PASSCODE, clock=SYSTEM)
    assert (code, text) == (200, "ok")
    day = app.runtime.state.fmt.day
    result = day.result(fixture.id)
    assert result is not None and result.source == "osc" and result.winner == fixture.teams[0]
    table = next(t for t in D.tables(day) if fixture.teams[0] in [r.team for r in t.rows])
    assert table.rows[0].team == fixture.teams[0] and dict(table.rows[0].cells)["points"] == "2"
    # The same match reported twice is refused (409), not counted twice.
    code, text = send_result(app.osc.address, fixture.id, (3, 1), passcode=PASSCODE, clock=SYSTEM)
    assert code == 409 and "already" in text


def test_a_report_without_the_passcode_is_denied(app):  # noqa: F811
    fixture = D.next_fixture(app.runtime.state.fmt.day)
    code, _ = send_result(app.osc.address, fixture.id, (2, 2), passcode="не тот", clock=SYSTEM)
    assert code == 401 and app.runtime.state.fmt.day.result(fixture.id) is None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:  # and with none at all
        sock.settimeout(2)
        sock.sendto(message("/quiz/tournament/result", fixture.id, 2, 2), app.osc.address)
        data, _ = sock.recvfrom(65536)
        assert b"passcode needed" in data
    assert app.runtime.state.fmt.day.result(fixture.id) is None


@pytest.mark.parametrize("args", [("A1", 3), ("a1; drop", 1, 2), ("A1", -1, 2), ("A1", 1, 2, "maybe"),
                                  (5, 1, 2)])
def test_a_malformed_report_gets_400(app, args):  # noqa: F811
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(2)
        sock.sendto(message("/quiz/connect", PASSCODE), app.osc.address)
        sock.sendto(message("/quiz/tournament/result", *args), app.osc.address)
        data, _ = sock.recvfrom(65536)
        assert b"expected s fixture" in data
    assert not app.runtime.state.fmt.day.results


def test_a_report_of_an_unknown_fixture_or_a_knockout_draw_is_refused(app):  # noqa: F811
    assert send_result(app.osc.address, "Z9", (1, 0), passcode=PASSCODE, clock=SYSTEM)[0] == 409
    first = D.next_fixture(app.runtime.state.fmt.day)
    drawn = send_result(app.osc.address, first.id, (2, 2), "draw", passcode=PASSCODE, clock=SYSTEM)
    assert drawn == (200, "ok")  # a group


def test_the_other_table_reads_its_own_journal(tmp_path):
    """The reporting side: the other instance's show (a «Брейн-ринг» match) decided, its scores read back."""
    from tests.brainring_kit import SHOW

    text = SHOW.read_text(encoding="utf-8").replace("../packs/", str(SHOW.parent.parent / "packs") + "/")
    show = tmp_path / "table2.yaml"
    show.write_text(text, encoding="utf-8")
    assert match_result(show) is None  # nothing played yet
    config = load_any(show, Problems())
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine
    from quizshow.runtime.journal.file import Journal, dispatch_journalled

    journal, loaded = Journal.open(config.journal_path, str(config.path), seed=2)
    engine = Engine(make_format(config), loaded.seed)
    at = 1.0
    while engine.state.phase != "result":
        at += 1
        phase = engine.state.phase
        cmd = (c.Buzz(at=at, team=0, source_time=at) if phase == "clock" else
               c.Judge(at=at, correct=True) if phase == "answering" else c.Go(at=at))
        dispatch_journalled(engine, journal, cmd)
    journal.close()
    a, b, outcome = match_result(show)
    assert (a, b) == (engine.state.teams[0].score, engine.state.teams[1].score) and a > b and outcome == "win"


def test_the_other_tables_match_reaches_the_standings_end_to_end(app, tmp_path, capsys):  # noqa: F811
    """Another quizshow plays A-fixture's match at its own table; `quizshow.tools.report` reads its journal
    and reports over real UDP; the tournament's standings have it."""
    from quizshow.assemble import make_format
    from quizshow.core.engine import Engine
    from quizshow.runtime.journal.file import Journal, dispatch_journalled
    from quizshow.tools.report import main
    from tests.brainring_kit import SHOW

    fixture = D.next_fixture(app.runtime.state.fmt.day)
    show = tmp_path / "table2.yaml"
    show.write_text(SHOW.read_text(encoding="utf-8").replace("../packs/", str(SHOW.parent.parent / "packs") + "/"),
                    encoding="utf-8")
    config = load_any(show, Problems())
    journal, loaded = Journal.open(config.journal_path, str(config.path), seed=2)
    engine = Engine(make_format(config), loaded.seed)
    at, k = 1.0, 0
    while engine.state.phase != "result":
        at += 1
        phase = engine.state.phase
        k += phase == "clock"
        cmd = (c.Buzz(at=at, team=k % 2, source_time=at) if phase == "clock" else
               c.Judge(at=at, correct=True) if phase == "answering" else c.Go(at=at))
        dispatch_journalled(engine, journal, cmd)
    journal.close()
    host, port = app.osc.address
    assert main([str(show), "--fixture", fixture.id, "--to", f"{host}:{port}", "--passcode", PASSCODE]) == 0
    assert "200 ok" in capsys.readouterr().out
    result = app.runtime.state.fmt.day.result(fixture.id)
    assert result.scores == (engine.state.teams[0].score, engine.state.teams[1].score) and result.source == "osc"
