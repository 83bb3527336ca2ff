"""«Брейн-ринг» engines over the demo pack, with any preset and rule overrides."""

from __future__ import annotations

from pathlib import Path

from quizshow.config import load_show
from quizshow.core.engine import Engine
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.formats import presets
from quizshow.formats.brainring import BrainringFormat
from quizshow.yamlfile import Problems

ROOT = Path(__file__).resolve().parent.parent
SHOW = ROOT / "shows" / "brainring.yaml"


def pack():
    config = load_show(SHOW, Problems())
    return config.pack


def engine(preset: str = "brainring-60", players: tuple[int, int] = (5, 5), tally_teams: int = 1, seed: int = 1,
           **rules) -> Engine:
    params = {**presets()["brainring"][preset], **rules}
    teams = []
    for name, count in zip(("Альфа", "Бета"), players, strict=True):
        roster = tuple(f"{name} {n + 1}" for n in range(count))
        teams.append(Team(name, "", captain=roster[0] if roster else None, players=roster))
    teams += [Team(f"Зал {i + 1}", "") for i in range(tally_teams)]
    setup = Setup(title="Брейн-ринг", teams=tuple(teams), rules=params, pack=pack())
    return Engine(BrainringFormat(setup), seed)
