"""Formats (rules as reducers, one package each) and their presets (rules as data: each format's
`presets.yaml` in its own folder, the parameters every format has in this folder's `presets.yaml`).

Which formats exist is said in one place: quizshow/registry.py.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from quizshow.core.loose import Rules

_HERE = Path(__file__).parent
_COMMON_FILE = _HERE / "presets.yaml"


@cache
def _presets_data() -> dict[str, Rules]:
    """{"common": parameters, format: {preset: parameters}} from the shipped files (read once)."""
    data: dict[str, Rules] = {"common": yaml.safe_load(_COMMON_FILE.read_text(encoding="utf-8"))["common"]}
    for own in sorted(_HERE.glob("*/presets.yaml")):  # a format's presets live in its own folder
        data[own.parent.name] = yaml.safe_load(own.read_text(encoding="utf-8"))
    return data


def presets() -> dict[str, dict[str, Rules]]:
    """{format: {preset: parameters}}, each preset with the common parameters merged in (read once)."""
    data = dict(_presets_data())
    common = data.pop("common")
    return {fmt: {name: {**common, **params} for name, params in sets.items()} for fmt, sets in data.items()}


def common_rules() -> Rules:
    """The parameters every format has (formats/presets.yaml `common`)."""
    common: Rules = _presets_data()["common"]
    return dict(common)
