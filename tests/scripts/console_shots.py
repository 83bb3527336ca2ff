"""Render the console at the states issue 22 changes (SDL dummy driver) into PNGs to look at:
python tests/scripts/console_shots.py OUT_DIR"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from quizshow.app import Action  # noqa: E402
from tests.console_traps_kit import svoyak_at_the_stakes  # noqa: E402
from tests.undo_kit import svoyak_shootout_won  # noqa: E402


def shot(app, out: Path, name: str, size: tuple[int, int] = (1280, 800)) -> None:
    app.pump_views()
    surface = pygame.Surface(size)
    app.console.render(surface, 1.0, app.status, None)
    pygame.image.save(surface, str(out / f"{name}.png"))


def main(out: Path) -> None:
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = svoyak_shootout_won(Path(tmp))
        shot(app, out, "undo_far_button")
        app.action(Action("undo", 10_000.0))
        shot(app, out, "undo_far_prompt")
        shot(app, out, "undo_far_prompt_small", (1024, 600))
        app.action(Action("undo", 10_001.0))
        shot(app, out, "undo_far_done")
        app.close()
    with tempfile.TemporaryDirectory() as tmp:
        app = svoyak_at_the_stakes(Path(tmp))
        for digit in "999":
            app.action(Action("amount", 2.0, args=(digit,)))
        app.action(Action("stake", 2.0, args=(2,)))
        shot(app, out, "stake_refused")
        app.action(Action("blank", 3.0))
        shot(app, out, "blank")
        app.status.devices = [("Клавиатура: кнопки 1–3", True), ("box1 3,1 мс", True), ("box2 2,9 мс", True),
                              ("OSC 127.0.0.1:7400 · 2 пульта", True)]
        app.notice("Геймпад 1 подключён", "info")
        app.notice("box3: потерян 00:12 (нет ответа)")
        shot(app, out, "devices")
        app.close()
    with tempfile.TemporaryDirectory() as tmp:  # the board: ДАЛЕЕ names no key (a cell is clicked)
        from quizshow.app import ShowApp
        from quizshow.core import commands as c
        from tests.conftest import svoyak_config

        app = ShowApp(svoyak_config(), journal_path=Path(tmp) / "j.jsonl", fresh=True, sound=False, seed=9)
        while app.engine.state.phase != "board":
            app.submit(c.Go(at=1.0))
        shot(app, out, "board_next")
        app.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
