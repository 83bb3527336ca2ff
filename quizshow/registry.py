"""The one place that knows the formats: a format's name -> its FormatSpec and its views.

Adding a format is one line in FORMATS (see docs/architecture.md, "How to add a format"). Nothing here
runs at import beyond building this table; the views (pygame) are imported only when asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from quizshow.core.format import Format
from quizshow.core.spec import FormatSpec, Phase
from quizshow.formats.brainring.spec import SPEC as BRAINRING
from quizshow.formats.demo.spec import SPEC as DEMO
from quizshow.formats.duel.spec import SPEC as DUEL
from quizshow.formats.melee.spec import SPEC as MELEE
from quizshow.formats.sprint.spec import SPEC as SPRINT
from quizshow.formats.svoyak.spec import SPEC as SVOYAK
from quizshow.formats.tournament.spec import tournament_spec
from quizshow.formats.written.spec import SPEC as WRITTEN

if TYPE_CHECKING:
    from quizshow.display.views import FormatViews


@dataclass(frozen=True)
class Entry:
    spec: FormatSpec[Format, object, Phase]
    views: str  # the module of its pictures (display/<name>/), holding VIEWS


FORMATS: dict[str, Entry] = {
    "svoyak": Entry(SVOYAK, "quizshow.display.svoyak"),
    "brainring": Entry(BRAINRING, "quizshow.display.brainring"),
    "demo": Entry(DEMO, "quizshow.display.demo"),
    "written": Entry(WRITTEN, "quizshow.display.written"),
    "duel": Entry(DUEL, "quizshow.display.duel"),
    "melee": Entry(MELEE, "quizshow.display.melee"),
    "sprint": Entry(SPRINT, "quizshow.display.sprint"),
}
# A tournament's stage plays any format above that declares a MatchRole (FormatSpec.match).
TOURNAMENT = tournament_spec([entry.spec for entry in FORMATS.values()])  # typed: the day's views read it
FORMATS["tournament"] = Entry(TOURNAMENT, "quizshow.display.event")
# Format names of the show file contract (spec/files.md) that later issues add.
PLANNED: tuple[str, ...] = ()


def spec(name: str) -> FormatSpec[Format, object, Phase]:
    return FORMATS[name].spec


def views(name: str) -> FormatViews:
    module = importlib.import_module(FORMATS[name].views)
    found: FormatViews = module.VIEWS
    return found


def names() -> list[str]:
    return list(FORMATS)
