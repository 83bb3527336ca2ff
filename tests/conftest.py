"""Shared fixtures: SDL dummy drivers, the demo show, engines with a fake clock."""

from __future__ import annotations

import os
from functools import cache

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
# The team's shared folder (SIGame sample packs, seeds) stands beside the checkout, in CI's clean clone too.
SHARED = next((p for p in (ROOT.parent / "shared", Path("/work/shared")) if p.is_dir()), ROOT.parent / "shared")
DEMO_SHOW = ROOT / "shows" / "demo.yaml"


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield


@cache
def demo_config() -> ShowConfig:
    """The demo show, read once (a ShowConfig is frozen: every engine may share it)."""
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


@cache
def svoyak_config(path: Path = SVOYAK_SHOW) -> ShowConfig:
    from quizshow.event_file import load_any  # a show file, or a tournament day's

    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    return config


def svoyak_engine(seed: int = 7) -> Engine:
    return Engine(make_format(svoyak_config()), seed)


def views_of(fmt):
    """The pictures of a format, as the registry ties them to its name, with the format's own words added
    as the app adds them for the show it runs."""
    from quizshow import i18n, registry

    i18n.add_phrases(registry.spec(fmt.id).phrases)
    return registry.views(fmt.id)


def click(app, name: str, at: float, *args) -> None:
    """Render the console, find the button of action `name` with `args`, click its centre: the same path
    as the mouse."""
    from quizshow.app import Action
    from quizshow.core.actions import Call

    call = Call(name, tuple(args))
    surface = pygame.Surface((1280, 800))
    app.console.render(surface, at, app.status)
    app.pump_views()
    rect = next(r for r, a in app.console.buttons if a == call)
    assert app.console.click(rect.center) == call
    app.action(Action(name, at, "console", tuple(args)))


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


def notices(app) -> list:
    """The console's notices as the next frame shows them (view changes from input threads are applied
    by the window thread: here, the test's)."""
    app.pump_views()
    return app.status.notices


def closed_at_end(make_one):
    """A fixture's body: yields `make` (builds a live show with `make_one`'s arguments) and, when the test
    ends however it ends, stops and closes every show it built."""
    made = []

    def make(*args, **kw):
        app = make_one(*args, **kw)
        made.append(app)
        return app

    yield make
    for app in made:
        app.running = False
        app.close()
