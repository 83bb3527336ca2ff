"""Which button is whose: the teams' `buzzer:` specs (BOX:INPUT, key:NAME, pad:N:B, buzz:N) as lookup tables,
with the assignment saved by pressing (`<show>.buzzers.yaml` beside the show file) taking precedence.
A team's `buzzers:` list gives each player a button of their own: its target is the seat
(team, player) instead of the team.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.nodes import SequenceNode

from quizshow.inputs.buzz import handset_of
from quizshow.yamlfile import FileReader, Problems

Target = int | tuple[int, int]  # a team, or a seat (team, player) with a button of its own


def split_target(target: Target) -> tuple[int, int | None]:
    """(team, player or None)."""
    return target if isinstance(target, tuple) else (target, None)


@dataclass
class BuzzerMap:
    boxes: dict[str, dict[int, Target]] = field(default_factory=dict)  # box id → input → team or seat
    pads: dict[tuple[int, int], Target] = field(default_factory=dict)  # (pad, button) → team or seat
    keys: dict[str, Target] = field(default_factory=dict)  # key name → team or seat
    buzz: dict[int, Target] = field(default_factory=dict)  # a Buzz! handset (1..4) → team or seat

    @classmethod
    def build(cls, specs: list[str | None], players: list[tuple[str | None, ...]] | None = None) -> BuzzerMap:
        """`specs`: a button per team; `players`: per team, a button per player (in roster order)."""
        found = cls()
        for team, spec in enumerate(specs):
            found.add(team, spec)
        for team, each in enumerate(players or []):
            for player, spec in enumerate(each):
                found.add((team, player), spec)
        return found

    def add(self, target: Target, spec: str | None) -> None:
        if not spec or spec == "phone":  # a phone seat presses over the web server (runtime/web/server.py)
            return
        kind, _, rest = spec.partition(":")
        if kind == "key":
            self.keys[rest] = target
        elif kind == "buzz":
            self.buzz[int(rest)] = target
        elif kind == "pad":
            pad, _, button = rest.partition(":")
            self.pads[(int(pad), int(button))] = target
        else:
            self.boxes.setdefault(kind, {})[int(rest)] = target

    def spec_of(self, team: int) -> str | None:
        for name, t in self.keys.items():
            if t == team:
                return f"key:{name}"
        for (pad, button), t in self.pads.items():
            if t == team:
                return f"pad:{pad}:{button}"
        for handset, t in self.buzz.items():
            if t == team:
                return f"buzz:{handset}"
        for box, inputs in self.boxes.items():
            for number, t in inputs.items():
                if t == team:
                    return f"{box}:{number}"
        return None


def assignment_path(show: Path) -> Path:
    return show.with_name(f"{show.stem}.buzzers.yaml")


def load_assignment(show: Path, teams: list[str], problems: Problems) -> dict[str, str | tuple[str, ...]]:
    """The saved assignment: team name → buzzer spec (or a list, a spec per player). A broken file is
    reported, never fatal."""
    path = assignment_path(show)
    if not path.exists():
        return {}
    from quizshow.config import BUZZER_PATTERN

    reader = FileReader(path, problems)
    root = reader.load()
    keys = reader.mapping(root, ["teams"], what="the buzzer assignment")
    found = {}
    for name, node in reader.mapping(keys.get("teams"), teams, what="teams").items():
        listed = isinstance(node, SequenceNode)  # a list: a button per player
        specs = reader.text_list(node, "buzzers") if listed else (reader.text(node, "buzzer") or "",)
        bad = [spec for spec in specs if not BUZZER_PATTERN.match(spec)
               or (spec.startswith("buzz:") and handset_of(spec) is None)]
        for spec in bad:
            reader.error(node, f"buzzer '{spec}' must be BOX:INPUT, key:NAME, pad:N:B, buzz:N or phone")
        if not bad:
            found[name] = specs if listed else specs[0]
    return found


def save_assignment(show: Path, assignment: dict[str, str | list[str]]) -> Path:
    path = assignment_path(show)
    text = "# Saved by «Назначить кнопки» on the console; loaded with the show. Team name → buzzer.\n"
    text += yaml.safe_dump({"teams": assignment}, allow_unicode=True, sort_keys=False)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
