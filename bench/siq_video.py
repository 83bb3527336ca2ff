"""A video question at 1920×1080: the projector's frame times while SIGame's 1080p test clip plays inside the
card, the video frames shown against the clip's own rate, and peak memory. Headless (SDL dummy driver).

    python bench/siq_video.py [PACK.siq] [--seconds 6]

Targets: frame p99 ≤ 8 ms while the video plays; memory ≤ 300 MB. Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT.parent / "shared" / "siq" / "SIGameTest-v4.siq"
if not SAMPLE.exists():
    SAMPLE = Path("/work/shared/siq/SIGameTest-v4.siq")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pack", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--seconds", type=float, default=6.0)
    args = parser.parse_args()
    os.environ["QUIZSHOW_CACHE"] = tempfile.mkdtemp()
    import pygame

    from quizshow.launch import SWITCH_INTERVAL_S

    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the app runs

    from quizshow import registry
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine
    from quizshow.core.format import Setup
    from quizshow.core.state import Team
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.formats import presets
    from quizshow.formats.svoyak import commands as sc
    from quizshow.house_words import show_words
    from quizshow.packs.loader import load_pack
    from quizshow.resources import themes_dir
    from quizshow.yamlfile import Problems

    pack = load_pack(args.pack, Problems())
    cell = next((t, q) for r in pack.rounds[:1] for t, theme in enumerate(r.themes)
                for q, question in enumerate(theme.questions) if question.video is not None and not question.q)
    pygame.init()
    setup = Setup(title="bench", teams=(Team("A", ""), Team("B", ""), Team("C", "")),
                  rules=dict(presets()["svoyak"]["svoyak"]), pack=pack)
    engine = Engine(registry.spec("svoyak").make(setup), 1)
    for cmd in (c.Go(at=1), c.Go(at=2), sc.SelectCell(at=3, theme=cell[0], question=cell[1])):
        engine.dispatch(cmd)
    projector = Projector(engine.format, load_theme(themes_dir() / "broadcast"), "bench",
                          show_words("ru", registry.spec("svoyak").phrases),
                          views=registry.views("svoyak"))
    video = projector.video
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, engine.state, 5.0)
    times, shown, last = [], 0, None
    start = time.perf_counter()
    while (now := time.perf_counter() - start) < args.seconds:
        t0 = time.perf_counter()
        projector.render(surface, engine.state, 10.0 + now)
        times.append((time.perf_counter() - t0) * 1000)
        current = video.player._surface if video.player else None
        if current is not None and current is not last:
            shown, last = shown + 1, current
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    player = video.player
    elapsed = player.elapsed if player else 0.0
    video.stop()
    times.sort()
    p99 = times[int(len(times) * 0.99) - 1]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("| video (card at 1920×1080) | frames drawn | median ms | p99 ms | video frames shown / video s | "
          "peak memory MB |")
    print("|---|---|---|---|---|---|")
    print(f"| {(player.path.name if player else '?')} | {len(times)} | {statistics.median(times):.2f} | {p99:.2f} | "
          f"{shown} / {elapsed:.1f} s ({shown / max(elapsed, 0.01):.0f} fps) | {rss:.0f} |")


if __name__ == "__main__":
    main()
