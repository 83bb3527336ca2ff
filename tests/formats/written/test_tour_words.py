"""The written quiz says «тур» in its journal as its header does (issue 35, item 9): the Next that opens a tour's
first question reads «Начат тур 2», never «Начат раунд 2»."""

from __future__ import annotations

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.core import commands as c
from quizshow.core.engine import Engine
from quizshow.display.console.words import describe
from tests.conftest import ROOT, svoyak_config, words_of


def test_the_next_that_begins_a_tour_is_journalled_as_a_tour():
    e = Engine(make_format(svoyak_config(ROOT / "shows" / "written.yaml")), 7)
    t = 1.0
    while e.state.fmt.number < 10:  # through tour 1 (ten questions) and its results, to the first of tour 2
        out = e.dispatch(c.Go(at=t))
        if out.refused:  # a minute runs: it ends, the sheets come in
            e.dispatch(c.Tick(at=t + 61))
            e.dispatch(c.Tick(at=t + 72))
            t += 72
        t += 1
    entry = e.entries[-1]
    words = describe(entry, [team.name for team in e.state.teams], words_of(e.format),
                     registry.spec("written").journal_words, e.format, after=e.state)
    assert words == "Далее: начат тур 2"
