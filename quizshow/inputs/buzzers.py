"""Which button is whose: the teams' `buzzer:` specs (BOX:INPUT, key:NAME, pad:N:B) as lookup tables,
with the assignment saved by pressing (`<show>.buzzers.yaml` beside the show file) taking precedence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from quizshow.yamlfile import FileReader, Problems


@dataclass
class BuzzerMap:
    boxes: dict[str, dict[int, int]] = field(default_factory=dict)  # box id → input → team
    pads: dict[tuple[int, int], int] = field(default_factory=dict)  # (pad, button) → team
    keys: dict[str, int] = field(default_factory=dict)  # key name → team

    @classmethod
    def build(cls, specs: list[str | None]) -> BuzzerMap:
        found = cls()
        for team, spec in enumerate(specs):
            found.add(team, spec)
        return found

    def add(self, team: int, spec: str | None) -> None:
        if not spec:
            return
        kind, _, rest = spec.partition(":")
        if kind == "key":
            self.keys[rest] = team
        elif kind == "pad":
            pad, _, button = rest.partition(":")
            self.pads[(int(pad), int(button))] = team
        else:
            self.boxes.setdefault(kind, {})[int(rest)] = team

    def spec_of(self, team: int) -> str | None:
        for name, t in self.keys.items():
            if t == team:
                return f"key:{name}"
        for (pad, button), t in self.pads.items():
            if t == team:
                return f"pad:{pad}:{button}"
        for box, inputs in self.boxes.items():
            for number, t in inputs.items():
                if t == team:
                    return f"{box}:{number}"
        return None


def assignment_path(show: Path) -> Path:
    return show.with_name(f"{show.stem}.buzzers.yaml")


def load_assignment(show: Path, teams: list[str], problems: Problems) -> dict[str, str]:
    """The saved assignment: team name → buzzer spec. A broken file is reported, never fatal."""
    path = assignment_path(show)
    if not path.exists():
        return {}
    from quizshow.config import BUZZER_PATTERN

    reader = FileReader(path, problems)
    root = reader.load()
    keys = reader.mapping(root, ["teams"], what="the buzzer assignment")
    found = {}
    for name, node in reader.mapping(keys.get("teams"), teams, what="teams").items():
        spec = reader.text(node, "buzzer")
        if spec is not None and not BUZZER_PATTERN.match(spec):
            reader.error(node, f"buzzer '{spec}' must be BOX:INPUT, key:NAME or pad:N:B")
        elif spec is not None:
            found[name] = spec
    return found


def save_assignment(show: Path, assignment: dict[str, str]) -> Path:
    path = assignment_path(show)
    text = "# Saved by «Назначить кнопки» on the console; loaded with the show. Team name → buzzer.\n"
    text += yaml.safe_dump({"teams": assignment}, allow_unicode=True, sort_keys=False)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
