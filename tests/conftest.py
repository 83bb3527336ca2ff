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
# Where a pack text parsed from memory says it lives: a folder that does not exist, so a picture it names is
# looked for where nothing is (the same on every machine) and nothing is written.
UNSAVED = ROOT / "tests" / "unsaved"


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield


# The user's folders the program writes to by itself (userdirs.py: journals of bundled shows, unpacked packs'
# media), the home folder, and the media cache's override: a test's own, so no test writes into the home of the
# machine it runs on nor finds there what an earlier run left. Subprocesses inherit them.
USER_FOLDERS = ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


def _home_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(folder))
    for name in USER_FOLDERS:
        monkeypatch.setenv(name, str(folder / name.removeprefix("XDG_").removesuffix("_HOME").lower()))
    monkeypatch.delenv("QUIZSHOW_CACHE", raising=False)


@pytest.fixture(scope="session", autouse=True)
def _session_home(tmp_path_factory: pytest.TempPathFactory):
    """For the fixtures shared by several tests (built before any test's own home)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _home_in(tmp_path_factory.mktemp("home"), monkeypatch)
        yield


@pytest.fixture(autouse=True)
def _test_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's own home, beside its tmp_path (not in it: a test may list what its tmp_path holds)."""
    _home_in(tmp_path_factory.mktemp("home"), monkeypatch)


SHOTS = "QUIZSHOW_SHOTS"  # a folder where the frames the tests render are kept for a person to look at


def keep_shot(surface: pygame.Surface, name: str) -> Path | None:
    """Saves `surface` as `name` in the folder $QUIZSHOW_SHOTS names, when one is named (off by default: a test
    writes only under its tmp_path). Returns where it went."""
    folder = os.environ.get(SHOTS)
    if not folder:
        return None
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


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
    """The pictures of a format, as the registry ties them to its name."""
    from quizshow import registry

    return registry.views(fmt.id)


def words_of(fmt, language: str = "ru"):
    """The words of a show of this format (or of the format named), as the app composes them: the house's and
    the format's own, with its refusals."""
    return format_words(fmt if isinstance(fmt, str) else fmt.id, language)


@cache
def every_format_words(language: str = "ru"):
    """The house's words with every format's own (for a check over every format's wording)."""
    from quizshow import registry
    from quizshow.house_words import show_words

    return show_words(language, *(registry.spec(name).phrases for name in registry.names()))


@cache
def format_words(name: str, language: str = "ru"):
    from quizshow import registry
    from quizshow.house_words import show_words

    spec = registry.spec(name)
    return show_words(language, spec.phrases, refusals=spec.refusals)


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
