"""Video inside the question card: PyAV decodes in a worker thread into a small frame queue; the frame loop
only turns the frame that is due into a surface and blits it (docs/siq.md).

Frames are scaled to the card's box by the worker (libswscale), so the main thread never resizes. The clock of
a video is its own: a frame is shown when the time the card has been playing reaches its timestamp; the card
holds the picture while someone answers. A file that cannot be opened or decoded leaves the placeholder (logged
once); nothing here can block the frame loop: the worker waits on a bounded queue with a timeout and stops when
asked. The video's sound is decoded by a second worker and played through pygame.mixer once ready.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

QUEUE_FRAMES = 6  # ~10 MB at 960×540: enough to ride out a slow decode, small enough to bound memory
MAX_AUDIO_S = 600  # a longer soundtrack is not decoded (memory); the picture still plays
LATE_S = 0.05  # a decoded frame this far behind the video's clock is dropped unscaled
WORKER_NICE = 10  # the decoders yield the cores to the frame loop
THREADING = "NONE"  # ffmpeg frame threads would take both cores from the frame loop (measured: p99 up)


def _have_av() -> bool:
    """Whether PyAV imports: the package is optional, without it every video is a placeholder. Its users
    import it themselves once this says yes (typed, and still imported only when a video plays)."""
    try:
        import av  # noqa: F401
    except ImportError:
        return False
    return True


def _yield_cpu() -> None:
    """The decoding threads run at a lower priority (Linux: nice is per thread), so on a busy machine the
    frame loop gets the core first and the video drops frames instead of the show stuttering."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)
    except (AttributeError, OSError):
        pass  # not Linux, or not allowed: the same priority as the show


def fitted(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """`size` scaled to fit `box`, even sides (the scaler prefers them)."""
    scale = min(box[0] / max(1, size[0]), box[1] / max(1, size[1]))
    return max(2, int(size[0] * scale) // 2 * 2), max(2, int(size[1] * scale) // 2 * 2)


def probe(path: Path) -> str | None:
    """Why this video cannot be shown, or None when its first frame decodes."""
    if not _have_av():
        return "no video decoder installed (PyAV)"
    import av

    try:
        with av.open(str(path)) as container:
            if not container.streams.video:
                return "no video stream"
            for _ in container.decode(container.streams.video[0]):
                return None
            return "no frame decodes"
    except Exception as why:  # av.error.* and damaged files: the reason, never a crash
        return f"cannot decode: {type(why).__name__}"


class VideoPlayer:
    """One video: a decoding worker, the frame due now, the elapsed play time."""

    def __init__(self, path: Path, box: tuple[int, int], sound: bool = True) -> None:
        self.path = path
        self.box = box
        self.failed: str | None = None
        self.done = False
        self.elapsed = 0.0
        self._last: float | None = None
        self._queue: queue.Queue[tuple[float, bytes, tuple[int, int], int]] = queue.Queue(QUEUE_FRAMES)
        self._next: tuple[float, bytes, tuple[int, int], int] | None = None
        self._surface: pygame.Surface | None = None
        self._stop = threading.Event()
        self._sound: pygame.mixer.Sound | None = None
        self._channel: pygame.mixer.Channel | None = None
        self._worker = threading.Thread(target=self._decode, name="video-decode", daemon=True)
        self._worker.start()
        self._audio = None
        if sound and pygame.mixer.get_init() is not None:
            self._audio = threading.Thread(target=self._decode_audio, name="video-audio", daemon=True)
            self._audio.start()

    # --- workers ----------------------------------------------------------------------------------------

    def _decode(self) -> None:
        _yield_cpu()
        if not _have_av():
            self.failed, self.done = "no video decoder installed (PyAV)", True
            return
        import av

        try:
            with av.open(str(self.path)) as container:
                stream = container.streams.video[0]
                stream.thread_type = THREADING
                size = fitted((stream.codec_context.width, stream.codec_context.height), self.box)
                for frame in container.decode(stream):
                    if self._stop.is_set():
                        return
                    if float(frame.time or 0.0) < self.elapsed - LATE_S:
                        continue  # behind the clock: drop this frame rather than scale it (the clip keeps time)
                    image = frame.reformat(width=size[0], height=size[1], format="rgb24")
                    plane = image.planes[0]
                    item = (float(frame.time or 0.0), bytes(plane), size, plane.line_size)
                    while not self._stop.is_set():
                        try:
                            self._queue.put(item, timeout=0.1)
                            break
                        except queue.Full:
                            continue
        except Exception as why:  # a codec we lack, a damaged file: the placeholder stays
            self.failed = f"{type(why).__name__}: {why}"
            log.warning("video: cannot decode %s (%s); a placeholder is shown", self.path.name, self.failed)
        finally:
            self.done = True

    def _decode_audio(self) -> None:
        _yield_cpu()
        mixer = pygame.mixer.get_init()
        if not _have_av() or mixer is None:  # the mixer may have closed since the player started
            return
        import av

        rate, _bits, channels = mixer
        try:
            with av.open(str(self.path)) as container:
                if not container.streams.audio:
                    return
                resampler = av.AudioResampler(format="s16", layout="stereo" if channels == 2 else "mono", rate=rate)
                chunks: list[bytes] = []
                limit = MAX_AUDIO_S * rate * channels * 2
                size = 0
                for frame in container.decode(container.streams.audio[0]):
                    if self._stop.is_set():
                        return
                    for out in resampler.resample(frame):
                        chunk = bytes(out.planes[0])[: out.samples * channels * 2]
                        chunks.append(chunk)
                        size += len(chunk)
                    if size > limit:
                        log.warning("video: the sound of %s is longer than %d s: not played", self.path.name,
                                    MAX_AUDIO_S)
                        return
                self._sound = pygame.mixer.Sound(buffer=b"".join(chunks))
        except Exception as why:
            log.warning("video: cannot decode the sound of %s (%s)", self.path.name, why)

    # --- the frame loop ------------------------------------------------------------------------------------

    def surface(self, now: float, playing: bool = True) -> pygame.Surface | None:
        """The frame due at this moment of play (None until the first one is decoded)."""
        if self._last is not None and playing:
            self.elapsed += max(0.0, min(0.25, now - self._last))  # a stall does not skip the video ahead
        self._last = now
        self._follow_sound(playing)
        due = None
        while True:
            if self._next is None:
                try:
                    self._next = self._queue.get_nowait()
                except queue.Empty:
                    break
            if self._next[0] > self.elapsed and (due is not None or self._surface is not None):
                break
            due, self._next = self._next, None
        if due is not None:
            _t, data, size, pitch = due
            self._surface = pygame.image.frombuffer(data, size, "RGB", pitch)
        return self._surface

    def _follow_sound(self, playing: bool) -> None:
        if self._sound is None:
            return
        if self._channel is None and playing:
            self._channel = self._sound.play()
        elif self._channel is not None:
            if playing:
                self._channel.unpause()
            else:
                self._channel.pause()

    def stop(self) -> None:
        self._stop.set()
        if self._channel is not None:
            self._channel.stop()


class VideoScreen:
    """The one video on screen: a new file starts a new player and stops the old one. The projector owns
    it and hands it to the scenes in their Frame; it lives on the window thread (nothing else touches it)."""

    def __init__(self, sound: bool = True) -> None:
        self.player: VideoPlayer | None = None
        self.sound = sound
        self._shown = False

    def show(self, path: Path, box: tuple[int, int], now: float, playing: bool) -> pygame.Surface | None:
        if self.player is None or self.player.path != path or self.player.box != box:
            self.stop()
            self.player = VideoPlayer(path, box, sound=self.sound)
        self._shown = True
        return self.player.surface(now, playing)

    def finished(self, path: Path) -> bool:
        """The video on screen has shown its last frame (or cannot be decoded)."""
        player = self.player
        if player is None or player.path != path:
            return False
        return player.failed is not None or (player.done and player._queue.empty() and player._next is None)

    def frame_done(self) -> None:
        """Called after every projector frame: a video that was not drawn in it is over."""
        if not self._shown:
            self.stop()
        self._shown = False

    def frame_abandoned(self) -> None:
        """A projector frame stopped before its end (stale: a press came): a video it drew counts as not shown
        (the next frame says whether it goes on). Its clock is its own: the time played is not touched."""
        self._shown = False

    def stop(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None

