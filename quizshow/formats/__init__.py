"""Formats (rules as reducers) and their presets (rules as data)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from quizshow.core.format import Format
from quizshow.formats.brainring import BrainringFormat
from quizshow.formats.demo import DemoFormat
from quizshow.formats.duel import DuelFormat
from quizshow.formats.svoyak import SvoyakFormat

FORMATS: dict[str, type[Format]] = {SvoyakFormat.id: SvoyakFormat, BrainringFormat.id: BrainringFormat,
                                    DemoFormat.id: DemoFormat, DuelFormat.id: DuelFormat}
# Format ids of the show file contract (spec/files.md) that later issues add.
PLANNED = ("written", "melee")

_PRESETS_FILE = Path(__file__).with_name("presets.yaml")


def presets() -> dict[str, dict[str, dict[str, Any]]]:
    """{format: {preset: parameters}}, each preset with the common parameters merged in."""
    data = yaml.safe_load(_PRESETS_FILE.read_text(encoding="utf-8"))
    common = data.pop("common")
    return {fmt: {name: {**common, **params} for name, params in sets.items()} for fmt, sets in data.items()}
