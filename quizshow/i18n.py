"""On-screen and console words: Russian by default, English as the second locale."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

from quizshow.core import phrases as show_phrases
from quizshow.display import projector_phrases
from quizshow.display.console import phrases as console_phrases
from quizshow.inputs import device_phrases, key_phrases
from quizshow.inputs.phones import console_words as phone_phrases

# The shared phrase tables, each kept by the part of the program that says its words (a format's own come
# with its spec, FormatSpec.phrases, and are added by the composition root): merged here, where they are
# looked up. No two tables may give a key other words (add_phrases refuses).
TABLES: tuple[dict[str, dict[str, str]], ...] = (
    show_phrases.PHRASES,  # phases, what Next does, units (core/phrases.py)
    projector_phrases.PHRASES,  # banners, the shared scenes (display/projector_phrases.py)
    console_phrases.PHRASES,  # the console's panels, journal sentences, runtime notices
    device_phrases.PHRASES,  # boxes, pads, keyboard buzzers, OSC, the web port (inputs/device_phrases.py)
    phone_phrases.PHRASES,  # the console's words about phones (inputs/phones/console_words.py)
    key_phrases.PHRASES,  # actions and keys (inputs/key_phrases.py)
)
PHRASES: dict[str, dict[str, str]] = {"ru": {}, "en": {}}


class Say(Protocol):
    """A phrase by its key with its values, in the show's language (the console's and the app's `say`)."""

    def __call__(self, key: str, **values: object) -> str: ...


class Notice(Protocol):
    """Tells the operator a phrase by its key with its values (a console notice)."""

    def __call__(self, key: str, **values: object) -> None: ...


def add_phrases(tables: Mapping[str, Mapping[str, str]]) -> None:
    """A format's own phrases (FormatSpec.phrases), added by the composition root for the show it runs.
    A key the shared table already has with other words is a mistake, not an override."""
    for language, table in tables.items():
        known = PHRASES.setdefault(language, {})
        for key, text in table.items():
            if known.get(key, text) != text:
                raise ValueError(f"phrase '{key}' ({language}) is already defined with other words")
            known[key] = text


for _table in TABLES:
    add_phrases(_table)

NBSP = "\u00a0"  # a no-break space: «№\u00a05», «в\u00a0Москве»
THIN = "\u202f"  # a narrow no-break space: the thousands separator, «12\u202f500»
MINUS = "\u2212"  # a real minus: «−10», never a hyphen


def plural_form(n: int, forms: tuple[str, ...] | list[str], language: str = "ru") -> str:
    """The form of a word for the number n: Russian one/few/many («1 очко», «2 очка», «5 очков»,
    «11 очков», «21 очко»), English one/other. The one plural rule every phrase uses."""
    n = abs(int(n))
    if language == "ru" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


def number(n: int | float, signed: bool = False) -> str:
    """A number as it goes on air and on the console: a real minus, and thousands apart by a narrow
    no-break space from five digits on (Russian typesetting: «1200», «12\u202f500», «−300»)."""
    value = int(round(n))
    digits = str(abs(value))
    if len(digits) >= 5:
        groups: list[str] = []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        digits = THIN.join(groups)
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    return sign + digits


def decimal(value: float, places: int | None = 1, language: str = "ru", signed: bool = False) -> str:
    """The one formatter of a number with a fraction, on the console and on air: the locale's decimal mark
    (a comma in Russian: «2,7»), a real minus, `places` digits after it (None: as few as it needs, «2,5»,
    «48»)."""
    digits = f"{abs(value):g}" if places is None else f"{abs(value):.{places}f}"
    zero = float(digits) == 0
    sign = MINUS if value < 0 and not zero else ("+" if signed and value > 0 and not zero else "")
    return sign + (digits.replace(".", ",") if language == "ru" else digits)


def duration(seconds: float, language: str = "ru", signed: bool = False) -> str:
    """A time gap (a press behind the first, a round trip): below a second in milliseconds, else in
    seconds, one decimal, in the locale's decimal mark: «0,3 мс», «953,7 мс», «2,7 с», «11,4 с»."""
    if abs(seconds) < 1:
        return f"{decimal(seconds * 1000, 1, language, signed)} {phrase('unit.ms', language)}"
    return f"{decimal(seconds, 1, language, signed)} {phrase('unit.s', language)}"


_RAW = {"port", "fw", "id"}  # numbers that are names, not amounts: no thousands separator
# «{n|очко|очка|очков}» in a phrase: the form of the word for the value named n.
_PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def phrase(key: str, language: str = "ru", **values: object) -> str:
    """A phrase with its values: whole numbers as `number` writes them, words after a number in their
    plural form (`{n|секунда|секунды|секунд}`)."""
    table = PHRASES.get(language, PHRASES["ru"])
    text = table.get(key) or PHRASES["ru"].get(key) or key
    if "|" in text:
        text = _PLURAL.sub(lambda m: plural_form(_count(values.get(m[1], 0)), m[2].split("|"), language), text)
    if not values:
        return text
    shown = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) and k not in _RAW else v
             for k, v in values.items()}
    return text.format(**shown)


def _count(value: object) -> int:
    try:
        return int(str(value).replace(THIN, "").replace(MINUS, "-"))
    except ValueError:
        return 0


# Why a command was refused: the formats' English templates and their Russian wording (core/phrases.py).
REFUSALS_RU: dict[str, str] = dict(show_phrases.REFUSALS_RU)


# A format words its own refusals in its phrases: "refusal." + the English template -> the words.
REFUSAL = "refusal."


def add_refusals(table: Mapping[str, str]) -> None:
    """A format's own refusals in Russian (FormatSpec.refusals), added with its phrases."""
    for template, text in table.items():
        if REFUSALS_RU.get(template, text) != text:
            raise ValueError(f"refusal {template!r} is already said otherwise")
        REFUSALS_RU[template] = text


def refusal(template: str, values: dict[str, object], language: str = "ru") -> str:
    """A refusal in the console's language (English is the templates' own)."""
    own = PHRASES.get(language, {}).get(REFUSAL + template)  # a format's own (its spec's phrases)
    text = own or (REFUSALS_RU.get(template, template) if language == "ru" else template)
    values = {k: decimal(v, None, language) if isinstance(v, float) else v for k, v in values.items()}
    if "command" in values:  # a command by the console's name for it, never its class name («Judge»)
        table = PHRASES.get(language, PHRASES["ru"])
        values["command"] = table.get(f"command.{values['command']}") or table.get("command.any", "")
    return text.format(**values) if values else text
