"""Opening a SIGame pack to the first frame, in a new process each time, headless, at 1920×1080.

    python bench/siq_open.py              # the sample packs in ../shared/siq, 3 runs each
    python bench/siq_open.py PACK.siq …   # any packs

Targets: the 15 KB real pack ≤ 1 s, the 1.8 MB test pack ≤ 2 s (cold: media unpacked into an empty cache;
warm: the cache from the previous run). Each run: interpreter start, imports, reading and mapping the pack,
unpacking its media, the «Своя игра» format and the title card drawn. Prints a table; asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent / "shared" / "siq"
if not SAMPLES.exists():
    SAMPLES = Path("/work/shared/siq")

CHILD = r"""
import json, os, sys, time
start = time.perf_counter()
sys.path.insert(0, sys.argv[2])
from pathlib import Path
import pygame
from quizshow import registry
from quizshow.resources import themes_dir
from quizshow.core.format import Setup
from quizshow.core.state import Team
from quizshow.display.projector.projector import Projector
from quizshow.display.theme import load_theme
from quizshow.formats import presets
from quizshow.core.engine import Engine
from quizshow.house_words import show_words
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
imported = time.perf_counter()
pack = load_pack(Path(sys.argv[1]), Problems())
loaded = time.perf_counter()
pygame.init()
setup = Setup(title=pack.title, teams=(Team("A", ""), Team("B", ""), Team("C", "")),
              rules=dict(presets()["svoyak"]["svoyak"]), pack=pack)
engine = Engine(registry.spec("svoyak").make(setup), 1)
surface = pygame.Surface((1920, 1080))
Projector(engine.format, load_theme(themes_dir() / "broadcast"), pack.title,
          show_words("ru", registry.spec("svoyak").phrases),
          views=registry.views("svoyak")).render(surface, engine.state, 0.0)
done = time.perf_counter()
print(json.dumps({"imports": imported - start, "pack": loaded - imported, "frame": done - loaded,
                  "total": done - start}))
"""


def run(pack: Path, cache: Path) -> dict[str, float]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "QUIZSHOW_CACHE": str(cache)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(pack), str(ROOT)], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    packs = [Path(a) for a in argv] or [SAMPLES / "real-2010_1-v5.siq", SAMPLES / "SIGameTest-v4.siq"]
    print("| pack | size | cache | pack read + mapped + media ms | first frame s (median of 3) | max s |")
    print("|---|---|---|---|---|---|")
    for pack in packs:
        with tempfile.TemporaryDirectory() as tmp:
            for label in ("cold", "warm"):
                runs = []
                for i in range(3):
                    cache = Path(tmp) / (f"cold{i}" if label == "cold" else "warm")
                    runs.append(run(pack, cache))
                total = [r["total"] for r in runs]
                size = pack.stat().st_size
                print(f"| {pack.name} | {size / 1024:.0f} KB | {label} | "
                      f"{statistics.median(r['pack'] for r in runs) * 1000:.0f} | "
                      f"{statistics.median(total):.2f} | {max(total):.2f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
