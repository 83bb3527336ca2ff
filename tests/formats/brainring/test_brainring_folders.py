"""Issue 24 — «Брейн-ринг» and «Куча мала» as formats of the new generation: their commands, phrases and
phases live in their own folders, their views read the show through the typed contract (FormatSpec), and
journals written before the move still resume."""

from __future__ import annotations

import json

from quizshow.core import commands as c
from quizshow.i18n import Words, compose
from tests import brainring_kit as kit
from tests.conftest import ok

# Lines of a journal written while these commands lived in core/commands.py (their `to_json` bodies then).
OLD_LINES = [
    '{"type": "Go", "at": 1}',
    '{"type": "SinglePlayer", "at": 2, "team": 1, "player": 2}',
    '{"type": "Announce", "at": 10}',
    '{"type": "TimerStart", "at": 12}',
    '{"type": "Tally", "at": 12.5, "team": 2}',
    '{"type": "Buzz", "at": 13, "team": 0}',
    '{"type": "SetAnswerer", "at": 13.5, "team": 0, "player": 1}',
    '{"type": "Judge", "at": 14, "correct": false, "provisional": true}',
    '{"type": "Buzz", "at": 15, "team": 1}',
    '{"type": "Judge", "at": 16, "correct": true}',
    '{"type": "Ruling", "at": 17, "correct": true}',
    '{"type": "Withdraw", "at": 18}',
]


# --- item 1: the brain-ring's commands in its own folder; old journals still read ----------------------------


def test_the_brainring_commands_live_in_the_brainring_folder_not_in_core():
    """Ruling, Tally, Withdraw, SetAnswerer, SinglePlayer and PassRight are the ring's own: declared in
    formats/brainring/commands.py and by its spec; core/commands.py keeps only what formats share."""
    from quizshow.formats.brainring import commands as bc
    from quizshow.formats.brainring.spec import SPEC

    for name in ("SetAnswerer", "SinglePlayer", "PassRight", "Ruling", "Withdraw", "Tally"):
        assert not hasattr(c, name), f"core/commands.py still holds {name}"
        cls = getattr(bc, name)
        assert cls in SPEC.commands and cls.__module__ == "quizshow.formats.brainring.commands"
    for shared in (c.Announce, c.Judge, c.Discipline):  # svoyak's «Затяжка» is a Discipline too
        assert shared not in bc.COMMANDS


def test_a_journal_written_before_the_move_resumes_with_the_old_command_names():
    """A journal line says `{"type": "Ruling", …}` (the bare class name): it still decodes to the ring's
    command, the replay lands where the show was (the lone player's team ruled right, the hall's written
    answer counted, the question withdrawn), and a new line is written under the same name."""
    from quizshow.core.journal import parse_command
    from quizshow.formats.brainring import commands as bc

    e = kit.engine(tally_teams=1)
    decoded = [parse_command(json.loads(line), teams=3) for line in OLD_LINES]
    assert [type(cmd) for cmd in decoded if type(cmd).__module__ != c.__name__] == [
        bc.SinglePlayer, bc.Tally, bc.SetAnswerer, bc.Ruling, bc.Withdraw]
    assert decoded[6] == bc.SetAnswerer(at=13.5, team=0, player=1)
    scores = []
    for cmd in decoded:
        ok(e, cmd)
        scores.append([t.score for t in e.state.teams[:2]])
    assert scores[-3] == [0, 2]  # the lone player's team answered right: double
    assert scores[-2] == [1, 0]  # the ruling: the first answer was right after all; the later one no longer counts
    assert scores[-1] == [0, 0]  # withdrawn: the question's points taken back
    assert e.state.fmt.tally == frozenset({(0, 2)})
    assert e.state.fmt.source == ("reserve", 0)
    assert c.to_json(bc.Ruling(at=1.0, correct=False))["type"] == "Ruling"


# --- item 2: the ring's words in its own folder ---------------------------------------------------------------

RING_WORDS = ("console.brainring", "console.tally", "console.withdraw_confirm", "console.disc_penalty",
              "scene.brainring_question", "scene.removed_for_penalties", "phase.attention", "next.announce",
              "journal.Tally", "journal.Ruling")


def _shared_table() -> Words:
    """The house's words alone (quizshow/house_words.py), without any format's."""
    from quizshow.house_words import HOUSE, HOUSE_REFUSALS

    return compose("ru", HOUSE, (HOUSE_REFUSALS,))


def test_the_brainring_words_come_from_its_spec_in_both_languages_not_from_the_shared_table():
    """The ring's projector, console, Next, journal and refusal words are data in formats/brainring/phrases.py,
    declared by its spec, in Russian and English alike; quizshow/i18n.py no longer holds them."""
    from quizshow.formats.brainring.spec import SPEC

    assert set(SPEC.phrases["ru"]) == set(SPEC.phrases["en"])
    for key in (*RING_WORDS, "refusal.the match is over", "refusal.already counted"):
        assert SPEC.phrases["ru"][key] and SPEC.phrases["en"][key], key
    assert SPEC.phrases["ru"]["refusal.the match is over"] == "Матч окончен"
    assert SPEC.phrases["en"]["refusal.the match is over"] == "the match is over"  # English is the template
    shared = _shared_table()
    for key in RING_WORDS:
        assert key not in shared.phrases["ru"] and key not in shared.phrases["en"], key
    assert "the match is over" not in shared.refusals_ru and "already counted" not in shared.refusals_ru
    # Words the ring shares with the other formats stay shared («Затяжка», the verdicts, «Отвечает»).
    for key in ("console.disc_stall", "scene.right", "scene.answering", "journal.Discipline"):
        assert key in shared.phrases["ru"], key


def test_a_tournament_speaks_the_words_of_the_ring_it_nests():
    """A brain-ring match inside a tournament day: the tournament's spec carries the ring's words (its
    console, its refusals in Russian), since the app adds only the show's own format's words."""
    from quizshow import registry
    from quizshow.formats.brainring.spec import SPEC

    day = registry.spec("tournament").phrases
    for language in ("ru", "en"):
        for key in (*RING_WORDS, "refusal.there is no provisional wrong answer to rule on"):
            assert day[language][key] == SPEC.phrases[language][key], (language, key)


def test_the_journal_says_a_removal_in_shared_words():
    """«Бета снята: 3 штрафных очка»: a team removed (by the ring's penalties or the tournament's jury) is a
    shared event, said by the console in the shared table's words, not a scene phrase of the ring."""
    from quizshow.core.effects import Event, EventKind
    from quizshow.core.engine import Entry
    from quizshow.display.console.words import describe

    shared = _shared_table()
    assert "journal.team_removed" in shared.phrases["ru"] and "journal.team_removed" in shared.phrases["en"]
    entry = Entry(c.Discipline(at=1, team=1, what="penalty"),
                  (Event(EventKind.TEAM_REMOVED, team=1, name="Бета", points=3),))
    assert describe(entry, ["Альфа", "Бета"], shared) == "Бета снята: 3 штрафных очка"
    assert describe(entry, ["Alpha", "Beta"], shared.into("en")) == "Бета removed: 3 penalty points"


# --- item 3: no ring special case in shared code ---------------------------------------------------------------

def test_the_sheets_captions_of_the_rings_walk_are_the_rings_own_words():
    """The contact sheet speaks of a format only through its spec: the captions of the ring's walk are the
    ring's words, not the sheet's (that no shared module says them is a house rule:
    tests/house/test_a_format_is_its_own_folders.py)."""
    from quizshow.display.sheet import CAPTIONS
    from quizshow.formats.brainring.spec import SPEC
    from quizshow.formats.melee.spec import SPEC as MELEE

    own = set(SPEC.phrases["ru"]) | set(MELEE.phrases["ru"])
    assert {"sheet.attention", "sheet.match_result"} <= set(SPEC.phrases["ru"])
    assert not own & set(CAPTIONS["ru"]) and not own & set(CAPTIONS["en"])


# --- items 4 and 5: typed phases, views through the contract ----------------------------------------------------


def test_the_ring_and_the_melee_set_their_phases_as_typed_members():
    """Every phase the two reducers set is a member of their own Phase enum (a str, so journals, OSC and the
    tournament's projection read the same names), and their specs declare those enums."""
    from quizshow.formats.brainring import commands as bc
    from quizshow.formats.brainring.model import Phase as RingPhase
    from quizshow.formats.brainring.spec import SPEC
    from quizshow.formats.melee.format import Phase as MeleePhase
    from quizshow.formats.melee.spec import SPEC as MELEE
    from tests.melee_kit import melee as melee_engine

    assert SPEC.phases is RingPhase and MELEE.phases is MeleePhase
    e = kit.engine()
    seen = {type(e.state.phase)}
    for cmd in (c.Go(at=1), bc.SinglePlayer(at=2, team=1, player=2), c.Announce(at=10), c.TimerStart(at=12),
                c.Buzz(at=13, team=0), c.Judge(at=14, correct=False, provisional=True), c.Buzz(at=15, team=1),
                c.Judge(at=16, correct=True), c.Go(at=17)):
        ok(e, cmd)
        seen.add(type(e.state.phase))
        assert SPEC.phase_of(e.state) == e.state.phase
    for k in range(3):
        ok(e, c.Discipline(at=20 + k, team=0, what="penalty"))
    assert e.state.phase is RingPhase.RESULT and seen == {RingPhase}
    m = melee_engine(4)
    phases = [m.state.phase]
    for cmd in (c.Go(at=1), c.Go(at=2), c.Buzz(at=3, team=0), c.Judge(at=4, correct=True)):
        ok(m, cmd)
        phases.append(m.state.phase)
    assert all(type(p) is MeleePhase for p in phases), phases
    assert phases[:4] == [MeleePhase.TITLE, MeleePhase.TABLES, MeleePhase.QUESTION, MeleePhase.ANSWERING]


def test_a_ring_or_melee_view_given_another_formats_show_says_so_by_name():
    """The scenes and panels read the match through `SPEC.state_of` (a house rule:
    tests/house/test_views_read_their_format_through_its_spec.py): given another format's show, a view says
    so by name instead of drawing nonsense."""
    import pytest

    from quizshow.display.brainring.scenes import ring_of
    from quizshow.display.melee.scenes import melee_of
    from tests.conftest import demo_engine

    other = demo_engine().state

    class Shown:
        state = other

    with pytest.raises(TypeError, match="brainring"):
        ring_of(Shown())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="melee"):
        melee_of(Shown())  # type: ignore[arg-type]


def test_a_brainring_journal_resumes_from_its_snapshot_and_an_older_plain_string_phase_plays_on(tmp_path,
                                                                                               monkeypatch):
    """The snapshot holds typed phases now: a resume from it gives the live state, which plays on. A snapshot
    written before (its phase a plain string) still plays: the reducer compares members by value."""
    from dataclasses import replace

    from quizshow.core.journal import parse_command
    from quizshow.formats.brainring.model import Phase
    from quizshow.runtime.journal import file as journal_file
    from quizshow.runtime.journal.file import Journal, dispatch_journalled

    monkeypatch.setattr(journal_file, "SNAPSHOT_EVERY", 3)
    path = tmp_path / "ring.jsonl"
    journal, _ = Journal.open(path, "ring", seed=1)
    live = kit.engine()
    for line in OLD_LINES[:5]:  # up to «Время!» and the hall's written answer
        dispatch_journalled(live, journal, parse_command(json.loads(line), teams=3))
    journal.close()
    journal, loaded = Journal.open(path, "ring", teams=3)
    journal.close()
    assert loaded.snapshot is not None
    resumed = kit.engine()
    loaded.restore(resumed)
    assert resumed.state == live.state and resumed.state.phase is Phase.CLOCK
    ok(resumed, c.Buzz(at=15, team=1))
    assert resumed.state.phase is Phase.ANSWERING
    older = replace(live.state, phase="clock")  # as a snapshot of the old code held it
    state, _ = live.format.handle(older, c.Buzz(at=15, team=1))
    assert state.phase is Phase.ANSWERING and state.answering == 1


def test_the_melee_has_the_shape_of_the_new_formats():
    """«Куча мала» keeps its command, its words and its phases in files of their own, as the duel does:
    `melee.Decide` in commands.py (its journal name unchanged), its phrases in phrases.py."""
    from quizshow.core.journal import parse_command
    from quizshow.formats.melee import commands as mc
    from quizshow.formats.melee.phrases import PHRASES
    from quizshow.formats.melee.spec import SPEC

    assert SPEC.commands == (mc.Decide,) and SPEC.phrases is PHRASES
    assert parse_command({"type": "melee.Decide", "at": 3.0, "side": 1}, teams=4) == mc.Decide(at=3.0, side=1)
    assert set(PHRASES["ru"]) == set(PHRASES["en"])
