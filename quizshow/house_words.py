"""The words a show speaks, composed once from the tables each part of the program exports (their lookup is
quizshow/i18n.py's `Words`). Whoever composes a show (the composition root for the live show; the contact
sheet, the proof, the night's report and the season for theirs) calls `show_words` with the house's tables,
the format's own and its own, and hands the value down."""

from __future__ import annotations

from collections.abc import Mapping

from quizshow import i18n
from quizshow.core import phrases as show_phrases
from quizshow.display import projector_phrases
from quizshow.display.console import phrases as console_phrases
from quizshow.display.replay import phrases as replay_phrases
from quizshow.i18n import Table, Words
from quizshow.inputs import device_phrases, key_phrases
from quizshow.inputs.phones import console_words as phone_phrases
from quizshow.outputs.overlay import words as overlay_words
from quizshow.packs.siq import words as siq_words

# Every show, sheet and report says these.
HOUSE: tuple[Table, ...] = (
    show_phrases.PHRASES,  # phases, what Next does, units (core/phrases.py)
    projector_phrases.PHRASES,  # banners, the shared scenes, the join codes (display/projector_phrases.py)
    console_phrases.PHRASES,  # the console's panels, journal sentences, runtime notices
    device_phrases.PHRASES,  # boxes, pads, keyboard buzzers, OSC, the web port (inputs/device_phrases.py)
    phone_phrases.PHRASES,  # the console's words about phones (inputs/phones/console_words.py)
    key_phrases.PHRASES,  # actions and keys (inputs/key_phrases.py)
    replay_phrases.PHRASES,  # the buzz replay, on screen and in the night's report (display/replay/phrases.py)
    overlay_words.WORDS,  # the broadcast overlay's labels (outputs/overlay/words.py)
    siq_words.PHRASES,  # an imported SIGame pack's start-up notes (packs/siq/words.py)
)
HOUSE_REFUSALS: Mapping[str, str] = show_phrases.REFUSALS_RU  # the engine's refusals in Russian


def show_words(language: str, *own: Table, refusals: Mapping[str, str] | None = None) -> Words:
    """The house's words with `own` tables (a format's `spec.phrases`, a tool's captions) and a format's
    refusals (`spec.refusals`), in `language`. A key two tables give other words is refused here."""
    return i18n.compose(language, (*HOUSE, *own), (HOUSE_REFUSALS, refusals or {}))
