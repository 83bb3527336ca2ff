"""Child process for the signal test: where does a SIGTERM go once pygame is initialised?"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from quizshow import stopping  # noqa: E402

if sys.argv[1] == "install-first":
    stopping.install()
import pygame  # noqa: E402

pygame.init()
os.kill(os.getpid(), signal.SIGTERM)
time.sleep(0.2)
events = [e.type for e in pygame.event.get()]
print("stop_requested" if stopping.stop_requested.is_set() else "no_stop_request",
      "sdl_quit_event" if pygame.QUIT in events else "no_sdl_quit_event", flush=True)
