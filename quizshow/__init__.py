"""quizshow: a broadcast-style quiz show display and controller for live stage events."""

__version__ = "0.1.0"

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
