"""Sound cues through pygame.mixer, played on effects.

Every cue is synthesised in code (so no sound file is needed); a theme may name files instead.
Synthesis runs in a background thread so start-up is not held up. No audio device: one warning,
and the show goes on silently.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import tempfile
import threading
from array import array
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from quizshow.core.effects import Event, EventKind

log = logging.getLogger(__name__)

RATE = 22050
PLAYED_KEPT = 256
SPECIAL_KINDS = ("cat", "auction", "sponsor")


@contextmanager
def without_alsa_noise() -> Iterator[None]:
    """While audio starts, keep libasound's «ALSA lib …» lines (16 of them on a machine with no sound card)
    off the terminal, so the show's one clean line («sound: no audio device …; the show goes on
    silently») is all the operator reads. Everything else written to stderr meanwhile is passed on.

    Why this way: SDL has no setting that quiets ALSA, and ALSA has no environment switch. Its own switch,
    snd_lib_error_set_handler, needs a C function: a Python (ctypes) handler deadlocks, because SDL's ALSA
    hot-plug thread calls it while the main thread holds the GIL and waits for that thread. So the stderr
    file descriptor is caught in a temporary file for the moment audio starts (os.dup2 works on every
    system; only Linux has ALSA, elsewhere this does nothing) and its lines other than ALSA's are written
    back. Used around pygame.init() and pygame.mixer.init()."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no stderr at all (a service): nothing to keep clean
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            try:
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            for line in caught.read().splitlines(keepends=True):
                if not line.startswith(b"ALSA lib "):
                    os.write(2, line)


def _tone(freqs: list[tuple[float, float]], volume: float = 0.5, wave: str = "sine",
          attack: float = 0.005, release: float = 0.08, rate: int = RATE) -> array:
    """Notes (frequency Hz, seconds) one after another, each with a short attack and release."""
    samples = array("h")
    for freq, seconds in freqs:
        n = int(rate * seconds)
        a, r = max(1, int(rate * attack)), max(1, int(rate * min(release, seconds / 2)))
        for i in range(n):
            phase = 2 * math.pi * freq * i / rate
            if freq <= 0:
                value = 0.0
            elif wave == "square":
                value = 0.6 if math.sin(phase) >= 0 else -0.6
            else:
                value = math.sin(phase) + 0.25 * math.sin(2 * phase)
            env = min(1.0, i / a, (n - i) / r)
            samples.append(int(32767 * volume * 0.8 * value * env))
    return samples


def synthesise(teams: int, rate: int = RATE) -> dict[str, array]:
    def note(freqs: list[tuple[float, float]], volume: float = 0.5, wave: str = "sine",
             release: float = 0.08) -> array:
        return _tone(freqs, volume, wave, release=release, rate=rate)

    cues = {
        "correct": note([(523.3, 0.11), (659.3, 0.11), (784.0, 0.11), (1046.5, 0.3)]),
        "wrong": note([(155.6, 0.28), (0, 0.06), (146.8, 0.45)], wave="square", volume=0.35),
        "false_start": note([(880, 0.08), (660, 0.08)] * 4, wave="square", volume=0.3),
        "warning": note([(1000, 0.12), (0, 0.1)] * 3),
        "time_up": note([(587.3, 0.9)], release=0.6),
        "round_start": note([(392, 0.14), (523.3, 0.14), (659.3, 0.14), (784, 0.5)]),
        "announce": note([(660, 0.12), (880, 0.25)], volume=0.4),
        "winner": note([(523.3, 0.15), (659.3, 0.15), (784, 0.15), (1046.5, 0.15), (784, 0.12), (1046.5, 0.6)],
                       volume=0.45),
        "special": note([(1318.5, 0.07), (1568, 0.07), (2093, 0.07), (1568, 0.07), (2637, 0.3)], volume=0.35),
        # A calm arpeggio that loops for as long as the final's clock runs.
        "final_music": note([(f, 0.25) for f in (220, 261.6, 329.6, 392, 329.6, 261.6, 196, 246.9,
                                                  293.7, 392, 293.7, 246.9)] * 2, volume=0.3, release=0.12),
    }
    for team in range(teams):  # a distinct pitch per team, a whole tone apart
        base = 440 * 2 ** (2 * team / 12)
        cues[f"buzz{team}"] = note([(base, 0.09), (base * 1.5, 0.22)], volume=0.55)
    return cues


def _channels(samples: array, channels: int) -> bytes:
    """Mono samples as the mixer's channel layout (it may have been opened stereo by pygame.init)."""
    if channels == 1:
        return samples.tobytes()
    wide = array("h", bytes(len(samples) * 2 * channels))
    for ch in range(channels):
        wide[ch::channels] = samples
    return wide.tobytes()


class SoundCues:
    def __init__(self, teams: int, files: dict[str, Path] | None = None, enabled: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self._files = files or {}
        self._teams = teams
        self._question_kind = "regular"
        # The latest cues played, for the console and the tests (bounded: a long day plays thousands).
        self.played: deque[str] = deque(maxlen=PLAYED_KEPT)
        if not enabled:
            return
        try:
            pygame.mixer.pre_init(RATE, -16, 1, 512)
            with without_alsa_noise():
                pygame.mixer.init()
            self.available = True
        except pygame.error as why:
            log.warning("sound: no audio device (%s); the show goes on silently", why)
            return
        self._ready = threading.Thread(target=self._load, name="sound-synth", daemon=True)
        self._ready.start()

    def _load(self) -> None:
        mixer = pygame.mixer.get_init()
        if mixer is None:  # closed meanwhile: nothing to play on
            return
        rate, _size, channels = mixer
        made = synthesise(self._teams, rate)
        for name, samples in made.items():
            self.sounds[name] = self._from_file(name) or pygame.mixer.Sound(buffer=_channels(samples, channels))

    def _from_file(self, name: str) -> pygame.mixer.Sound | None:
        key = "buzz" if name.startswith("buzz") else name
        path = self._files.get(key)
        if path is None:
            return None
        try:
            return pygame.mixer.Sound(str(path))
        except pygame.error as why:
            log.warning("sound: cannot play %s (%s); using the built-in cue", path, why)
            return None

    def wait_ready(self, timeout: float = 5.0) -> None:
        if self.available:
            self._ready.join(timeout)

    def cue_for(self, event: Event) -> str | None:
        kind = event.kind
        if kind == EventKind.BUZZ:
            return f"buzz{event.team}" if event.margin_s == 0 else None
        if kind == EventKind.QUESTION:
            self._question_kind = event.question_kind or "regular"
            return "special" if self._question_kind in SPECIAL_KINDS else None
        if kind == EventKind.TIMER_START and self._question_kind == "final":
            return "final_music"
        return {EventKind.CORRECT: "correct", EventKind.WRONG: "wrong", EventKind.FALSE_START: "false_start",
                EventKind.TIMER_WARNING: "warning", EventKind.TIMER_EXPIRED: "time_up",
                EventKind.ROUND_START: "round_start", EventKind.FINAL_START: "round_start",
                EventKind.WINNER: "winner", EventKind.ANNOUNCE: "announce",
                EventKind.TEAM_REMOVED: "wrong"}.get(kind)

    def on_events(self, events: list[Event]) -> None:
        for event in events:
            if event.kind in (EventKind.TIMER_EXPIRED, EventKind.TIMER_STOP, EventKind.REVEAL):
                self.stop("final_music")
            name = self.cue_for(event)
            if name is not None:
                self.play(name, loop_s=event.seconds if name == "final_music" else None)

    def play(self, name: str, loop_s: float | None = None) -> None:
        self.played.append(name)
        sound = self.sounds.get(name)
        if sound is None:
            return
        if loop_s:
            sound.play(loops=-1, maxtime=int(loop_s * 1000))
        else:
            sound.play()

    def stop(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is not None:
            sound.stop()
