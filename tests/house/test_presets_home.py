"""A format's presets live in its own folder: the shared presets file holds only what every format has."""

from __future__ import annotations

from pathlib import Path

import yaml

import quizshow.formats as formats
from quizshow import registry

FORMATS = Path(formats.__file__).parent


def test_shared_presets_file_holds_only_the_common_parameters():
    shared = yaml.safe_load((FORMATS / "presets.yaml").read_text(encoding="utf-8"))
    assert set(shared) == {"common"}


def test_every_formats_presets_come_from_its_own_folder_with_the_common_parameters_merged():
    common = formats.common_rules()
    for name, sets in formats.presets().items():
        own = yaml.safe_load((FORMATS / name / "presets.yaml").read_text(encoding="utf-8"))
        assert registry.spec(name).name == name  # only registered formats bring presets files
        assert set(sets) == set(own)
        for preset, params in sets.items():
            assert params == {**common, **own[preset]}
    assert {"svoyak", "brainring", "duel", "demo"} <= set(formats.presets())
