"""What the OSC benches share: a three-player «Своя игра» listening on a free port, and a percentile."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from quizshow.app import ShowApp  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.launch import SWITCH_INTERVAL_S  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def osc_show(title: str, prefix: str) -> tuple[ShowApp, Path]:
    """A show in a fresh folder, listening for OSC on 127.0.0.1 (a free port), as the app runs it."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    show = folder / "show.yaml"
    show.write_text(f'''title: "{title}"
format: svoyak
pack: "{ROOT / 'packs' / 'svoyak-demo.yaml'}"
teams: [{{name: "Анна"}}, {{name: "Борис"}}, {{name: "Вера"}}]
''', encoding="utf-8")
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the app does
    pygame.init()
    config = load_show(show, Problems())
    assert config is not None
    app = ShowApp(config, journal_path=folder / "journal.jsonl", fresh=True, sound=False, devices=False, osc=True,
                  osc_port=0)
    return app, folder
