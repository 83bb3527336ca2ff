"""A question's own sound (pack media) through pygame.mixer.music: while the card is up, the answer's at the reveal.

It follows the state, never drives it: the clock is the host's (the window opens on the read signal, so the
host waits for a `wait: true` sound before pressing Next). A file pygame cannot play is logged once and the
show goes on without it (--check already warned).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from quizshow.packs.model import Question

log = logging.getLogger(__name__)

PLAYING_PHASES = ("question",)
PAUSED_PHASES = ("answering",)  # someone answers: the sound holds, as in SIGame
REVEAL_PHASES = ("reveal",)


def wanted(question: Question | None, phase: str) -> Path | None:
    """The file that should be sounding for this question in this phase."""
    if question is None:
        return None
    if phase in PLAYING_PHASES or phase in PAUSED_PHASES:
        return question.audio
    if phase in REVEAL_PHASES:
        return question.answer_audio
    return None


class PackMedia:
    def __init__(self, enabled: bool = True) -> None:
        self.available = enabled and pygame.mixer.get_init() is not None
        self.current: Path | None = None
        self.paused = False
        self.failed: set[Path] = set()
        self.played: list[Path] = []  # what was started, for the console and the tests

    def follow(self, question: Question | None, phase: str) -> None:
        want = wanted(question, phase)
        if want != self.current:
            self._stop()
            if want is not None and want not in self.failed:
                self._start(want)
        if self.current is None or not self.available:
            return
        hold = phase in PAUSED_PHASES
        if hold and not self.paused:
            pygame.mixer.music.pause()
        elif not hold and self.paused:
            pygame.mixer.music.unpause()
        self.paused = hold

    def finished(self, path: Path) -> bool:
        """The file has played to its end (or could not be played at all): the clock need not wait for it."""
        if path in self.failed or not self.available:
            return path in self.failed or path == self.current
        return path == self.current and not self.paused and not pygame.mixer.music.get_busy()

    def _start(self, path: Path) -> None:
        self.current = path
        self.paused = False
        self.played.append(path)
        if not self.available:
            return
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.play()
        except (pygame.error, OSError) as why:
            log.warning("media: cannot play %s (%s); the show goes on without it", path.name, why)
            self.failed.add(path)

    def _stop(self) -> None:
        if self.current is not None and self.available:
            pygame.mixer.music.stop()
        self.current = None
        self.paused = False

    def close(self) -> None:
        self._stop()
