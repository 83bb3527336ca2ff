"""Shared fixtures: SDL dummy drivers, the demo show, engines with a fake clock."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from quizshow.assemble import make_format  # noqa: E402
from quizshow.config import ShowConfig, load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.core.effects import EventKind  # noqa: E402
from quizshow.core.engine import Engine, Outcome  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEMO_SHOW = ROOT / "shows" / "demo.yaml"


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield


def demo_config() -> ShowConfig:
    problems = Problems()
    config = load_show(DEMO_SHOW, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    return config


@pytest.fixture
def demo() -> ShowConfig:
    return demo_config()


def demo_engine(seed: int = 7) -> Engine:
    return Engine(make_format(demo_config()), seed)


SVOYAK_SHOW = ROOT / "shows" / "svoyak.yaml"


def svoyak_config(path: Path = SVOYAK_SHOW) -> ShowConfig:
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    return config


def svoyak_engine(seed: int = 7) -> Engine:
    return Engine(make_format(svoyak_config()), seed)


def click(app, action: str, at: float) -> None:
    """Render the console, find the button of `action`, click its centre: the same path as the mouse."""
    from quizshow.app import Action

    surface = pygame.Surface((1280, 800))
    app.console.render(surface, at, app.status)
    rect = next(r for r, a in app.console.buttons if a == action)
    assert app.console.click(rect.center) == action
    app.action(Action(action, at, "console"))


# --- engine steps in the rule tests ----------------------------------------------------------------------


def ok(e: Engine, cmd: c.Command) -> Outcome:
    out = e.dispatch(cmd)
    assert out.refused is None, f"{cmd} refused: {out.refused}"
    return out


def refused(e: Engine, cmd: c.Command) -> str:
    out = e.dispatch(cmd)
    assert out.refused, f"{cmd} should be refused"
    return out.refused


def kinds(out: Outcome) -> list[EventKind]:
    return [ev.kind for ev in out.events]
