"""The demo format's own words (both languages; FormatSpec.phrases, composed into the show's Words)."""

from __future__ import annotations

RU: dict[str, str] = {
    "next.demo_round_card": "Заставка следующего раунда",
    "phase.round_card": "Заставка раунда",
    "scene.demo_round": "Раунд {n}",
}

EN: dict[str, str] = {
    "next.demo_round_card": "The next round's title card",
    "phase.round_card": "Round title card",
    "scene.demo_round": "Round {n}",
}

PHRASES = {"ru": RU, "en": EN}
