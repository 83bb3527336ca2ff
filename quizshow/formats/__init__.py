"""Formats (rules as reducers, one package each) and their presets (rules as data).

Which formats exist is said in one place: quizshow/registry.py.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

_PRESETS_FILE = Path(__file__).with_name("presets.yaml")


@cache
def _presets_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(_PRESETS_FILE.read_text(encoding="utf-8"))
    return data


def presets() -> dict[str, dict[str, dict[str, Any]]]:
    """{format: {preset: parameters}}, each preset with the common parameters merged in (read once)."""
    data = dict(_presets_data())
    common = data.pop("common")
    return {fmt: {name: {**common, **params} for name, params in sets.items()} for fmt, sets in data.items()}


def common_rules() -> dict[str, Any]:
    """The parameters every format has (presets.yaml `common`)."""
    common: dict[str, Any] = _presets_data()["common"]
    return dict(common)
