"""Nights written to a real journal (under a test's tmp_path) for the report and the season: a show's own
contact-sheet walk played through a Runtime, so every format's night is there to report."""

from __future__ import annotations

from pathlib import Path

from quizshow import registry
from quizshow.assemble import make_format
from quizshow.config import ShowConfig
from quizshow.core import commands as c
from quizshow.core.engine import Outcome
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.display.sheet import Driver, generic_walk
from quizshow.event_file import load_any
from quizshow.runtime.show.journalled import Runtime
from quizshow.yamlfile import Problems


class Journalled:
    """What a contact-sheet Driver drives, journalling every command as the show does (Runtime.submit)."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    @property
    def state(self) -> ShowState:
        return self.runtime.engine.state

    @property
    def format(self) -> Format:
        return self.runtime.engine.format

    def dispatch(self, command: c.Command) -> Outcome:
        return self.runtime.submit(command)


def config_of(show: Path) -> ShowConfig:
    problems = Problems()
    config = load_any(show, problems)
    assert config is not None and not problems, [str(p) for p in problems.items]
    return config


def runtime_for(config: ShowConfig, journal: Path, seed: int = 7) -> Runtime:
    return Runtime(make_format(config), journal, str(config.path), fresh=True, seed=seed)


def walked_night(show: Path, journal: Path, seed: int = 7) -> ShowConfig:
    """The show's contact-sheet walk, journalled to `journal`; its config."""
    config = config_of(show)
    registry.views(config.format)  # the format's pictures (and its walk) as the app loads them
    runtime = runtime_for(config, journal, seed)
    try:
        driver = Driver(Journalled(runtime), lambda events, at: None)  # type: ignore[arg-type]
        for _ in (registry.views(config.format).walk or generic_walk)(driver):
            pass
    finally:
        runtime.close()
    return config
