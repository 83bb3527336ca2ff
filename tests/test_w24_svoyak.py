"""Issue 24 for «Своя игра»: the format lives in its own folders (its commands, its phrases, its hooks),
and every journal written before the move still resumes."""

from __future__ import annotations

import json


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
