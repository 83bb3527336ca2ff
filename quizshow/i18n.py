"""On-screen and console words: Russian by default, English as the second locale.

The lookup alone, at the bottom floor: `Words` is the value a show speaks (every phrase table it was built
from, in each language, and the language it speaks), built once by whoever composes the show
(quizshow/house_words.py composes the house's tables with a format's and a tool's own) and handed down to
what draws or writes words. The number helpers are pure functions. Importing this module changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

# A phrase table: language -> key -> words («{n|очко|очка|очков}» for a word after a number).
Table = Mapping[str, Mapping[str, str]]


class Say(Protocol):
    """A phrase by its key with its values, in the show's language (`Words.say`)."""

    def __call__(self, key: str, **values: object) -> str: ...


class Notice(Protocol):
    """Tells the operator a phrase by its key with its values (a console notice)."""

    def __call__(self, key: str, **values: object) -> None: ...


NBSP = "\u00a0"  # a no-break space: «№\u00a05», «в\u00a0Москве»
THIN = "\u202f"  # a narrow no-break space: the thousands separator, «12\u202f500»
MINUS = "\u2212"  # a real minus: «−10», never a hyphen

# A format words its own refusals in its phrases: "refusal." + the English template -> the words.
REFUSAL = "refusal."


@dataclass(frozen=True, eq=False)
class Words:
    """The words a show speaks in its language: its phrase tables (every language, read-only), the Russian
    wording of the engine's and the formats' refusals, and the language. Build one with `compose`."""

    language: str
    phrases: Mapping[str, Mapping[str, str]]  # language -> key -> words
    refusals_ru: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # template -> Russian

    def __post_init__(self) -> None:  # the two tables every lookup reads, found once
        ru = self.phrases.get("ru", MappingProxyType({}))
        object.__setattr__(self, "_ru", ru)
        object.__setattr__(self, "_own", self.phrases.get(self.language, ru))

    def say(self, key: str, **values: object) -> str:
        """A phrase with its values: whole numbers as `number` writes them, words after a number in their
        plural form (`{n|секунда|секунды|секунд}`); a key no table has is said as it is."""
        text = self._own.get(key) or self._ru.get(key) or key
        return fill(text, self.language, values)

    def knows(self, key: str) -> bool:
        """Whether a table has the phrase (in this language or in Russian)."""
        return key in self._own or key in self._ru

    def refusal(self, template: str, values: Mapping[str, object]) -> str:
        """Why a command was refused, in this language (English is the templates' own)."""
        own = self._own.get(REFUSAL + template)  # a format's own (its spec's phrases)
        text = own or (self.refusals_ru.get(template, template) if self.language == "ru" else template)
        shown = {k: decimal(v, None, self.language) if isinstance(v, float) else v for k, v in values.items()}
        if "command" in shown:  # a command by the console's name for it, never its class name («Judge»)
            shown["command"] = self._own.get(f"command.{shown['command']}") or self._own.get("command.any", "")
        return text.format(**shown) if shown else text

    def decimal(self, value: float, places: int | None = 1, signed: bool = False) -> str:
        """`decimal` in this language (its decimal mark)."""
        return decimal(value, places, self.language, signed)

    def duration(self, seconds: float, signed: bool = False) -> str:
        """A time gap (a press behind the first, a round trip): below a second in milliseconds, else in
        seconds, one decimal, in the locale's decimal mark: «0,3 мс», «953,7 мс», «2,7 с», «11,4 с»."""
        if abs(seconds) < 1:
            return f"{decimal(seconds * 1000, 1, self.language, signed)} {self.say('unit.ms')}"
        return f"{decimal(seconds, 1, self.language, signed)} {self.say('unit.s')}"

    def into(self, language: str) -> Words:
        """The same tables spoken in another language."""
        return self if language == self.language else Words(language, self.phrases, self.refusals_ru)

    _ru: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _own: Mapping[str, str] = field(init=False, repr=False, compare=False)


def compose(language: str, tables: Iterable[Table], refusals: Iterable[Mapping[str, str]] = ()) -> Words:
    """The words of one show: its phrase tables merged, and its refusals' Russian wording. A key two tables
    give other words is a mistake, not an override: refused here, when the show's words are built."""
    merged: dict[str, dict[str, str]] = {"ru": {}, "en": {}}
    for table in tables:
        for table_language, phrases in table.items():
            known = merged.setdefault(table_language, {})
            for key, text in phrases.items():
                if known.get(key, text) != text:
                    raise ValueError(f"phrase '{key}' ({table_language}) is already defined with other words")
                known[key] = text
    worded: dict[str, str] = {}
    for table_ru in refusals:
        for template, text in table_ru.items():
            if worded.get(template, text) != text:
                raise ValueError(f"refusal {template!r} is already said otherwise")
            worded[template] = text
    frozen = MappingProxyType({lang: MappingProxyType(found) for lang, found in merged.items()})
    return Words(language, frozen, MappingProxyType(worded))


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


_RAW = {"port", "fw", "id"}  # numbers that are names, not amounts: no thousands separator
# «{n|очко|очка|очков}» in a phrase: the form of the word for the value named n.
_PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def fill(text: str, language: str, values: Mapping[str, object]) -> str:
    """A phrase's words with its values put in: whole numbers as `number` writes them, the plural forms."""
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
