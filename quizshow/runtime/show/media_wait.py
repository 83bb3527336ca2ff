"""The waiting-media rule: a question that waits for its own sound or video (SIGame `waitForFinish`)
opens its answer window once they have played, through the journal, like the host's own «Время!».
Which media it waits for is the format's word (`awaited_media`); whether they have played, the
players' (read on the window thread)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from quizshow.core.format import Format
from quizshow.core.state import ShowState


class Player(Protocol):
    def finished(self, path: Path) -> bool: ...


def media_over(fmt: Format, state: ShowState, *players: Player) -> bool:
    """True when the question waits for media and every one of them has played on one of the players."""
    waiting = fmt.awaited_media(state)
    return bool(waiting) and all(any(player.finished(path) for player in players) for path in waiting)
