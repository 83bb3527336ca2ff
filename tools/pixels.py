#!/usr/bin/env python3
"""Every picture a refactoring must leave as it was: each shipped show's contact sheet (its scenes through
their transitions to the settled picture) and the operator's console at each of those pictures, hashed.

    python tools/pixels.py OUT_DIR                       # render, write OUT_DIR/pixels.json and the PNGs
    python tools/pixels.py OUT_DIR --against BASE_DIR    # the same, then every picture that differs from BASE

A change that should not change what is drawn (moving code between rooms, a new way of wiring) is proven by
running this before and after it: "identical" is every hash equal. The PNGs are kept so that a difference
can be opened and looked at. Headless (SDL's dummy driver); not part of the test command.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

CONSOLE_SIZE = (1280, 800)


def _digest(surface: pygame.Surface) -> str:
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def render_show(path: Path, out: Path) -> dict[str, str]:
    """The show's sheet and its console at every picture: {picture name: hash}."""
    from quizshow import registry
    from quizshow.core.engine import Engine
    from quizshow.display.sheet import contact_sheet
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from quizshow.event_file import load_any
    from quizshow.house_words import show_words
    from quizshow.inputs.keymap import KeyMap
    from quizshow.yamlfile import Problems

    config = load_any(path, Problems())
    if config is None:
        raise SystemExit(f"{path}: does not load")
    theme = load_theme(config.theme)
    text = TextCache(theme.fonts)
    views = registry.views(config.format)
    spec = registry.spec(config.format)
    keymap = KeyMap.build(dict(config.keys), config.devices.keyboard_buzzers)
    words = show_words(config.language, spec.phrases, refusals=spec.refusals)  # as the show's composition root
    hashes: dict[str, str] = {}
    surface = pygame.Surface(CONSOLE_SIZE)

    def observe(engine: Engine, now: float) -> None:
        console = _console(engine, theme, keymap, words, text, views, spec)
        console.render(surface, now, _status())
        name = f"{path.stem}.console.{len(hashes):03d}.{engine.state.phase}"
        hashes[name] = _digest(surface)
        pygame.image.save(surface, str(out / f"{name}.png"))

    sheet = out / f"{path.stem}.sheet.png"
    contact_sheet(config, sheet, text=text, observe=observe)
    hashes[f"{path.stem}.sheet"] = _digest(pygame.image.load(str(sheet)))
    return hashes


def _console(engine: object, theme: object, keymap: object, words: object, text: object, views: object,
             spec: object) -> object:
    """The console as this tree builds it (its constructor is what a refactoring may change)."""
    from quizshow.display.console.window import Console

    return Console(lambda: engine, theme, lambda: keymap, words, text, views.panel,  # type: ignore[attr-defined]
                   journal_words=spec.journal_words, panel_keys=views.keys)  # type: ignore[attr-defined]


def _status() -> object:
    """The operator's state as this tree names it, empty."""
    from quizshow.runtime.operator.state import OperatorState

    return OperatorState()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--against", type=Path, help="a folder this script wrote before")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    hashes: dict[str, str] = {}
    for path in sorted((ROOT / "shows").glob("*.yaml")):
        hashes |= render_show(path, args.out)
        print(f"{path.name}: {sum(1 for name in hashes if name.startswith(path.stem + '.'))} pictures", flush=True)
    (args.out / "pixels.json").write_text(json.dumps(hashes, indent=1, sort_keys=True))
    if args.against is None:
        return 0
    base = json.loads((args.against / "pixels.json").read_text())
    differ = sorted(name for name in base.keys() & hashes.keys() if base[name] != hashes[name])
    missing, new = sorted(base.keys() - hashes.keys()), sorted(hashes.keys() - base.keys())
    for name in differ:
        print(f"differs: {name}")
    for name in missing:
        print(f"missing: {name}")
    for name in new:
        print(f"new: {name}")
    same = len(base.keys() & hashes.keys()) - len(differ)
    print(f"{same} identical, {len(differ)} differ, {len(missing)} missing, {len(new)} new")
    return 1 if differ or missing or new else 0


if __name__ == "__main__":
    raise SystemExit(main())
