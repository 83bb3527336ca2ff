"""A tournament day as one format over one journal: the match nested (its own reducer), results flowing
into the standings, undo into the match and (confirmed) back to the last result, corrections, a result
entered by hand, kill -9 in the middle of a match in the middle of the day."""

from __future__ import annotations

from dataclasses import replace

from quizshow.core import commands as c
from quizshow.event import day as D
from quizshow.event import seed001
from quizshow.formats.brainring.format import BrainringFormat
from quizshow.formats.brainring.model import Ring
from quizshow.formats.tournament import model as m
from quizshow.runtime.journal.file import Journal, dispatch_journalled
from tests.crash_worker import kill_at_random
from tests.tournament_kit import SEED004, fingerprint, play, tournament


def test_whole_seed001_day_played_through_the_engine_ends_with_standings():
    """7A Команды получают очки в зависимости от того, как они выступили в турнире."""
    engine = tournament()
    accepted = play(engine)
    ev: m.EventState = engine.state.fmt
    assert D.finished(ev.day) and engine.state.phase == "ev_standings"
    assert [r.fixture for r in ev.day.results][:2] == ["M0", "Q1"] and ev.day.results[-1].fixture == "F"
    points = D.tables(ev.day)[1]
    # Points add up: 8 × 1 for taking part, 2 per win at the tables, 2 + 2 for the finalists, 3 for the winner.
    wins = sum(1 for r in ev.day.results if r.fixture != "M0" and r.winner is not None)
    assert sum(int(dict(r.cells)["points"]) for r in points.rows) == 8 + 2 * wins + 4 + 3
    assert points.rows[0].team == ev.day.results[-1].winner
    assert accepted > 100


def test_the_match_is_nested_not_copied():
    """Design principle 10: the match's own format state, nested; its commands go to its own reducer."""
    engine = tournament()
    while engine.state.fmt.playing != "Q1":
        assert play(engine, steps=1)
    ev: m.EventState = engine.state.fmt
    assert isinstance(ev.match.fmt, Ring) and isinstance(engine.format.match_format(ev), BrainringFormat)
    engine.dispatch(c.Go(at=1000))
    ev = engine.state.fmt
    assert ev.match.phase == "ready" and engine.state.phase == "ready"  # the show state is its projection
    assert engine.state.teams == ev.match.teams


def test_undo_reaches_into_the_match_and_only_with_confirmation_back_to_the_result():
    engine = tournament()
    while not (engine.state.fmt.playing == "Q2"):
        assert play(engine, steps=1)
    # Take back the match's start: back between matches, Q1 still recorded.
    assert engine.dispatch(c.Undo(at=5000)).accepted
    assert engine.state.fmt.playing is None and engine.state.fmt.day.result("Q1") is not None
    refused = engine.dispatch(c.Undo(at=5001))
    assert not refused.accepted and "confirmation" in refused.refused
    assert engine.dispatch(c.Undo(at=5002, confirmed=True)).accepted
    ev: m.EventState = engine.state.fmt
    assert ev.playing == "Q1" and engine.state.phase == "result" and ev.day.result("Q1") is not None
    # Undo inside the match takes back the answer that decided it: the result leaves the day.
    assert engine.dispatch(c.Undo(at=5003)).accepted
    assert engine.state.fmt.day.result("Q1") is None and engine.state.fmt.playing == "Q1"


def test_result_entered_by_hand_and_its_correction_recompute_downstream():
    """A result typed for a match played elsewhere; a correction (with its reason) recomputes everything."""
    engine = tournament(SEED004)
    for _ in range(12):
        assert engine.dispatch(c.Go(at=1)).accepted  # the draw, number by number
    first = D.next_fixture(engine.state.fmt.day)
    assert first.id == "A1"
    out = engine.dispatch(m.Enter(at=2, fixture="A1", scores="3:1"))
    assert out.accepted
    day = engine.state.fmt.day
    assert day.result("A1").winner == first.teams[0] and day.result("A1").source == "hand"
    table = D.tables(day)[0]
    assert table.rows[0].team == first.teams[0] and dict(table.rows[0].cells)["points"] == "2"
    assert not engine.dispatch(m.Correct(at=3, fixture="A1", scores="1:3")).accepted  # no reason: refused
    assert engine.dispatch(m.Correct(at=4, fixture="A1", scores="1:3", reason="ошибка секретаря")).accepted
    ev: m.EventState = engine.state.fmt
    assert ev.day.result("A1").winner == first.teams[1]
    assert ev.corrections[-1].reason == "ошибка секретаря" and ev.corrections[-1].before.scores == (3, 1)
    assert any(key == "event.changed.place" for key, _ in ev.changes)
    # Plain undo does not take back a correction; a confirmed one does.
    assert not engine.dispatch(c.Undo(at=5)).accepted
    assert engine.dispatch(c.Undo(at=6, confirmed=True)).accepted
    assert engine.state.fmt.day.result("A1").winner == first.teams[0]


def test_draw_is_seeded_and_reproducible():
    """The draw by lot comes from the journal's seed: the same seed draws the same order, another differs."""
    def order(seed: int) -> tuple[int, ...]:
        engine = tournament(SEED004, seed=seed)
        for _ in range(12):
            engine.dispatch(c.Go(at=1))
        return engine.state.fmt.day.order

    assert order(3) == order(3) and sorted(order(3)) == list(range(12))
    assert order(3) != order(4)


def journalled_day(path, seed: int, steps: int):
    """(the live engine, the journal read back, an engine restored from it) after `steps` of the day."""
    journal, loaded = Journal.open(path, "day", seed=seed)
    engine = tournament(seed=loaded.seed)
    play(engine, steps=steps, submit=lambda cmd: dispatch_journalled(engine, journal, cmd))
    journal.close()
    reader, again = Journal.open(path, "day")
    reader.close()
    resumed = tournament(seed=again.seed)
    again.restore(resumed)
    return engine, again, resumed


def test_journal_replay_gives_the_same_day(tmp_path):
    engine, _, replayed = journalled_day(tmp_path / "day.jsonl", 9, 400)
    assert replayed.state == engine.state


def test_kill_9_in_the_middle_of_a_match_in_the_middle_of_the_day_resumes_exactly(tmp_path):
    path = tmp_path / "day.jsonl"
    acked = None
    for run, fixture in enumerate(("Q3", "Q6", "SF1")):
        def mid_match(line: str, fixture: str = fixture) -> bool:
            return line.startswith("ack") and f'"{fixture}"' in line and '"clock"' in line

        acked, pending = kill_at_random("tournament_crash_worker.py", path, run, 0.0, mid_match, acked)
        reader, loaded = Journal.open(path, "tournament-crash")
        reader.close()
        engine = tournament(seed=loaded.seed)
        loaded.restore(engine)
        got = fingerprint(engine)
        assert got in {acked, pending}, f"restart shows {got}; last ack {acked}; being written {pending}"
        assert engine.state.fmt.match is not None  # it was killed with a match being played
        acked = got
    # The day goes on from there to its end.
    reader, loaded = Journal.open(path, "tournament-crash")
    reader.close()
    engine = tournament(seed=loaded.seed)
    loaded.restore(engine)
    play(engine, at=loaded.last_at + 1)
    assert D.finished(engine.state.fmt.day)


def test_removal_offered_after_three_penalties_and_applied():
    """6.15 Три штрафных очка, заработанных командой, дают право Жюри снять команду с Чемпионата."""
    engine = tournament(SEED004)
    for _ in range(12):
        engine.dispatch(c.Go(at=1))
    engine.dispatch(c.Go(at=2))  # play A1
    ev: m.EventState = engine.state.fmt
    red = ev.roster[0]
    engine.dispatch(c.Go(at=3))
    for i in range(3):
        engine.dispatch(c.Discipline(at=4 + i, team=0, what="penalty"))
    ev = engine.state.fmt
    assert ev.notice is not None and ev.notice[0] == "event.notice.removal"
    assert ev.day.result("A1") is not None  # the match removed the team: a result
    engine.dispatch(c.Go(at=10))  # close
    assert engine.dispatch(m.Remove(at=11, team=red, reason="§6.15")).accepted
    table = next(t for t in D.tables(engine.state.fmt.day) if red in [r.team for r in t.rows])
    assert table.rows[-1].team == red and table.rows[-1].removed


def test_replay_state_equal_after_json_roundtrip():
    """A journalled result has lists where the live command had tuples: the state is the same."""
    engine = tournament(SEED004)
    for _ in range(12):
        engine.dispatch(c.Go(at=1))
    cmd = m.Enter(at=2, fixture="A1", scores="2:2")
    again = c.from_json(c.to_json(cmd))
    other = tournament(SEED004)
    for _ in range(12):
        other.dispatch(c.Go(at=1))
    engine.dispatch(cmd)
    other.dispatch(again)
    assert engine.state == other.state and replace(engine.state) == other.state


def test_a_day_resumes_from_a_snapshot_and_the_lines_after_it(tmp_path, monkeypatch):
    """The journal's snapshots (pickled engine) hold the nested match too: a resume from one is exact."""
    from quizshow.runtime.journal import file as journal_module

    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 97)
    engine, again, resumed = journalled_day(tmp_path / "day.jsonl", 4, 420)
    assert again.snapshot is not None and len(again.commands) < 97
    assert resumed.state == engine.state
    assert [e.command for e in resumed.entries][-50:] == [e.command for e in engine.entries][-50:]


def test_the_nested_match_knows_its_own_phase_flags():
    """The match is made by its spec with its phase flags: after the verdict no time can be added."""
    engine = tournament()
    while not (engine.state.fmt.playing == "Q1" and engine.state.phase == "reveal"):
        assert play(engine, steps=1)
    assert engine.format.match_format(engine.state.fmt).setup.flags("reveal").clock_over
    out = engine.dispatch(c.TimerAdd(at=9000, seconds=10))
    assert not out.accepted


def test_replacement_path_through_the_engine_a_new_melee_then_the_replacement_semifinal():
    """4C–Д (through the engine): SF1 disqualified → a new «Куча мала» played here (the melee nested) → the
    5th meets its winner → the final."""
    from quizshow.formats.melee.format import Decide

    engine = tournament()
    while D.draw_stage(engine.state.fmt.day) != "done":
        assert play(engine, steps=1)
    at = 500.0
    for f in D.plan(engine.state.fmt.day).fixtures:
        if f.stage == "qualifying":
            at += 1
            assert engine.dispatch(m.Enter(at=at, fixture=f.id, scores="3:1")).accepted
    day = engine.state.fmt.day
    sf1, sf2 = (D.plan(day).get(x) for x in ("SF1", "SF2"))
    assert engine.dispatch(m.Enter(at=at + 1, fixture="SF1", scores="1:1", outcome="disqualified")).accepted
    assert engine.dispatch(m.Enter(at=at + 2, fixture="SF2", scores="5:2")).accepted
    assert engine.dispatch(c.Go(at=at + 3)).accepted  # plays the next fixture: the new melee
    ev: m.EventState = engine.state.fmt
    fifth = seed001.qualifying_ranking(ev.day).order[4]
    assert ev.playing == "MR" and engine.state.phase == "melee_title"
    assert set(ev.roster) == set(range(8)) - {sf2.teams[0], fifth}
    t = at + 4
    while engine.state.phase != "melee_result":
        engine.dispatch(c.Go(at=t))
        if engine.state.phase == "melee_question":
            engine.dispatch(Decide(at=t + 0.1, side=0))
        t += 1
    winner = engine.state.fmt.day.result("MR").order[0]
    engine.dispatch(c.Go(at=t))  # close
    nxt = D.next_fixture(engine.state.fmt.day)
    assert nxt.id == "SFR" and nxt.teams == (fifth, winner) and sf1.teams != nxt.teams
    assert engine.dispatch(m.Enter(at=t + 1, fixture="SFR", scores="5:3")).accepted
    assert D.next_fixture(engine.state.fmt.day).teams == (fifth, sf2.teams[0])
