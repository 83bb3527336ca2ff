"""Issue 24 for «Своя игра»: the format lives in its own folders (its commands, its phrases, its hooks),
and every journal written before the move still resumes."""

from __future__ import annotations

import json

from quizshow.core import commands as c
from tests.conftest import words_of


def test_svoyak_commands_live_in_its_folder_and_old_journal_lines_still_decode():
    from quizshow.core import commands as core
    from quizshow.formats.svoyak import commands as sc
    from quizshow.formats.svoyak.spec import SPEC

    moved = (sc.SelectCell, sc.PickTeam, sc.GiveCat, sc.CatValue, sc.Bid, sc.Pass, sc.FinalRemove, sc.FinalStake,
             sc.EndRound)
    assert set(SPEC.commands) == set(moved)
    for cls in moved:
        assert not hasattr(core, cls.__name__), f"{cls.__name__} is still a shared command"
    # Lines as journals before the move wrote them: the bare class name is the journal name.
    lines = ['{"type": "SelectCell", "at": 3.0, "theme": 1, "question": 2}',
             '{"type": "Bid", "at": 4.0, "team": 0, "amount": 0, "all_in": true}',
             '{"type": "FinalRemove", "at": 5.0, "theme": 3}', '{"type": "EndRound", "at": 6.0}']
    decoded = [core.from_json(json.loads(line), complete=True) for line in lines]
    assert decoded == [sc.SelectCell(at=3.0, theme=1, question=2), sc.Bid(at=4.0, team=0, all_in=True),
                       sc.FinalRemove(at=5.0, theme=3), sc.EndRound(at=6.0)]
    assert [core.to_json(cmd)["type"] for cmd in decoded] == ["SelectCell", "Bid", "FinalRemove", "EndRound"]


def test_the_console_journal_says_what_the_format_names_for_its_command():
    """The console's journal line and Undo label take a board's names from the format's own hook
    (Format.command_words): the console names no format and reads no format's fields."""
    from quizshow.core.effects import Event, EventKind
    from quizshow.core.engine import Entry
    from quizshow.display.console.words import describe
    from quizshow.formats.svoyak import commands as sc
    from tests.conftest import demo_engine, svoyak_engine

    fmt = demo_engine().format  # any format may name what its command opened
    fmt.command_words = lambda cmd, events: ("journal.cell", {"theme": "Кино", "value": 40})  # type: ignore[method-assign]
    opened = Entry(sc.SelectCell(at=1.0, theme=0, question=0), (Event(EventKind.QUESTION, round=0, number=0),))
    assert describe(opened, ["Анна"], words_of("svoyak"), None, fmt) == "Открыт вопрос «Кино» за 40"

    svoyak = svoyak_engine()
    words = svoyak.format.command_words
    board = svoyak.format.game.rounds[0]
    theme = board.round.themes[1].name
    assert words(sc.SelectCell(at=1.0, theme=1, question=2), opened.events) == \
        ("journal.cell", {"theme": theme, "value": board.value((1, 2))})
    assert words(sc.SelectCell(at=1.0, theme=1, question=2), ()) is None  # nothing opened: the spec's words
    final = svoyak.format.game.final_themes
    assert words(sc.FinalRemove(at=1.0, theme=0), ()) == ("journal.FinalRemove", {"theme": f"«{final[0]}»"})


def test_a_show_resumed_in_the_final_is_told_by_the_phase_flag_not_the_phase_name():
    """«Продолжено: Финал: ставки» (no round number) because the final's phases say they are beyond the
    rounds; the app reads the flag, never a phase name's prefix (a house rule:
    tests/house/test_phases_are_enum_members.py)."""
    from quizshow.formats.svoyak.spec import SPEC, SvoyakPhase

    beyond = {phase for phase in SvoyakPhase if phase.flags.beyond_rounds}
    assert beyond == {SvoyakPhase.FINAL_THEMES, SvoyakPhase.FINAL_STAKES, SvoyakPhase.FINAL_QUESTION,
                      SvoyakPhase.FINAL_REVEAL, SvoyakPhase.FINAL_ANSWER, SvoyakPhase.SHOOTOUT}  # after the final
    assert SPEC.flags("final_stakes").amount_entry  # the flags it had stay


def test_svoyak_words_come_with_its_spec_and_the_shared_tables_hold_none_of_them():
    """The board's, the specials' and the final's words, Next's hints and the refusals travel with the
    format (FormatSpec.phrases, FormatSpec.refusals) in both languages; i18n.py keeps the shared ones."""
    import subprocess
    import sys

    from quizshow.formats.svoyak.spec import SPEC
    from tests.conftest import ROOT

    own = ("scene.auction", "scene.final_answers", "console.give_cat", "next.pick_cell", "journal.cell",
           "journal.Bid", "phase.final_stakes", "console.end_round_confirm")
    for language in ("ru", "en"):
        assert all(SPEC.phrases[language].get(key) for key in own), language
    assert set(SPEC.phrases["ru"]) == set(SPEC.phrases["en"])  # every word in both languages
    assert SPEC.refusals["the cat must go to an opponent"] == "Кота нужно отдать сопернику"
    # The shared tables as the package defines them, before any format adds its own.
    probe = ("import json; from quizshow.house_words import HOUSE, HOUSE_REFUSALS; "
             "print(json.dumps([sorted({k for t in HOUSE for said in t.values() for k in said}), "
             "list(HOUSE_REFUSALS)]))")
    shared, refusals = __import__("json").loads(
        subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    assert not set(shared) & set(SPEC.phrases["ru"])
    assert not set(refusals) & set(SPEC.refusals)
    said = words_of(SPEC.name).refusal("the value is one of {values}", {"values": "10, 40"})  # as a show's console
    assert said == "Стоимость: 10, 40"


def test_svoyak_phases_are_its_enum_members():
    """The reducer sets SvoyakPhase members (that its folders name no phase in a string is a house rule:
    tests/house/test_phases_are_enum_members.py)."""
    from quizshow.formats.svoyak import commands as sc
    from quizshow.formats.svoyak.model import SvoyakPhase
    from tests.conftest import svoyak_engine

    engine = svoyak_engine()
    for cmd in (c.Go(at=1.0), c.Go(at=2.0), sc.PickTeam(at=3.0, team=0), sc.SelectCell(at=4.0, theme=0, question=0)):
        engine.dispatch(cmd)
        assert type(engine.state.phase) is SvoyakPhase, (cmd, engine.state.phase)


def test_proof_of_a_board_pack_with_a_final_and_a_plain_round_writes_the_plain_cards(tmp_path):
    """The final's other themes are proofed on branches of the game; its loop once reused the name of the
    picture theme, so the plain round's cards were drawn with a number for a theme and --proof crashed."""
    import io

    import yaml

    from quizshow.tools.proof import proof
    from tests.conftest import ROOT

    demo = yaml.safe_load((ROOT / "packs" / "svoyak-demo.yaml").read_text(encoding="utf-8"))
    final = next(r for r in demo["rounds"] if r.get("final"))
    plain = {"name": "Разминка", "questions": [{"q": "Какая река длиннее всех в Европе?", "a": "Волга"},
                                               {"q": "Сколько нот в октаве?", "a": "Семь"}]}
    pack = tmp_path / "mixed.yaml"
    pack.write_text(yaml.safe_dump({**demo, "rounds": [demo["rounds"][0], plain, final]}, allow_unicode=True),
                    encoding="utf-8")
    out = io.StringIO()
    assert proof(pack, tmp_path / "proof", out) == 0, out.getvalue()
    assert "2 question(s) not on a board: proofed on the plain question card" in out.getvalue()
    assert len(list((tmp_path / "proof" / "final").glob("final-*-question.png"))) == len(final["themes"])
    assert {p.name for p in (tmp_path / "proof" / "round-2").glob("q*.png")} == {
        "q1-question.png", "q1-answer.png", "q2-question.png", "q2-answer.png"}


def test_svoyak_pictures_are_split_by_job_and_every_phase_has_its_scene():
    """display/svoyak: the board, the specials, the final and what they share each in a room of its own (each
    short: a house rule, tests/house/test_picture_modules_are_small.py); VIEWS still shows a scene for every
    phase."""
    import importlib

    from quizshow import registry
    from quizshow.formats.svoyak.model import SvoyakPhase

    for job in ("board", "specials", "final", "common"):
        importlib.import_module(f"quizshow.display.svoyak.{job}")
    views = registry.views("svoyak")
    assert set(views.scenes) == set(SvoyakPhase)
    assert {views.scenes[SvoyakPhase.AUCTION].name, views.scenes[SvoyakPhase.FINAL_ANSWER].name} == {
        "svoyak_auction", "svoyak_final_reveal"}
