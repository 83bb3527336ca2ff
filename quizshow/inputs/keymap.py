"""The key map: keys (and presenter clickers, which send keys) → logical actions.

Actions, not keys, reach the rest of the app, so a presenter, a key, the console's buttons and an
OSC message are the same action. A show file may override any action's keys (`keys:`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from quizshow.core.actions import Call
from quizshow.core.format import Refused
from quizshow.core.limits import MAX_POINTS
from quizshow.i18n import Words

# action -> default keys. "CTRL+Z" means the key with Ctrl held.
DEFAULT_KEYS: dict[str, tuple[str, ...]] = {
    "go": ("PAGEDOWN", "RIGHT", "SPACE"),
    "back": ("PAGEUP", "LEFT"),
    "timer": ("F5",),  # start/stop; Escape is never bound to anything that starts or changes the game
    "escape": ("ESCAPE",),  # closes the help and a prompt, cancels assigning: nothing more
    "blank": ("B", "PERIOD"),
    "correct": ("Y", "PLUS", "KP_PLUS", "EQUALS"),
    "wrong": ("N", "MINUS", "KP_MINUS"),
    "undo": ("CTRL+Z",),
    "announce": ("A",),
    "scores": ("S",),
    "replay": ("R",),  # the buzz replay of the latest question with presses, and off
    "replay_earlier": ("SHIFT+R",),  # ...one question earlier
    "help": ("F1", "SHIFT+SLASH"),
    "linecheck": ("F9",),  # «Проверка кнопок»
    "assign": ("F10",),  # assign buzzers by pressing
    "join": ("F7",),  # «Подключение игроков» on the projector (phones' QR codes), and back
    "phone_codes": ("F6",),  # the phones' QR codes on the console (Esc closes)
    "quit": ("CTRL+Q",),
}
BUZZER_KEYS = {f"buzz{n}": (str(n % 10), f"KP{n % 10}") for n in range(1, 11)}
ACTIONS = {**DEFAULT_KEYS, **BUZZER_KEYS}
# The binding names of a show file's `keys:` -> the action call each means (buzzN: team N's buzzer).
CALLS: dict[str, Call] = {**{name: Call(name) for name in DEFAULT_KEYS},
                          **{f"buzz{n}": Call("buzz", (n - 1,)) for n in range(1, 11)}}

_MODIFIERS = {"CTRL": pygame.KMOD_CTRL, "SHIFT": pygame.KMOD_SHIFT, "ALT": pygame.KMOD_ALT}


def player_buzzer(name: str) -> Call | None:
    """`buzzN.P`: the button of player P of team N (both from 1), where players have their own."""
    found = re.fullmatch(r"buzz(\d{1,2})\.(\d{1,2})", name)
    return None if found is None else Call("buzz", (int(found[1]) - 1, int(found[2]) - 1))


def key_code(name: str) -> int | None:
    for candidate in (name, name.lower(), name.upper()):
        code = getattr(pygame, f"K_{candidate}", None)
        if isinstance(code, int):
            return code
    return None


def _parse(spec: str) -> tuple[int, int] | None:
    *mods, name = spec.split("+")  # the plus key itself is named PLUS, so "+" only joins
    code = key_code(name)
    if code is None or any(m.upper() not in _MODIFIERS for m in mods):
        return None
    mask = 0
    for m in mods:
        mask |= _MODIFIERS[m.upper()]
    return code, mask


def unknown_key_names(names: tuple[str, ...] | list[str]) -> list[str]:
    return [n for n in names if _parse(n) is None]


@dataclass
class KeyMap:
    bindings: dict[tuple[int, int], str]

    @classmethod
    def build(cls, overrides: dict[str, tuple[str, ...]] | None = None, keyboard_buzzers: bool = False,
              buttons: int | None = None) -> KeyMap:
        """`keyboard_buzzers`: the digit keys are the buzzers — of the first `buttons` only (the format's
        buttons that can press, Format.buttons: 1 and 2 at two tables), all ten when None."""
        table = dict(DEFAULT_KEYS)
        if keyboard_buzzers:
            table.update(list(BUZZER_KEYS.items())[:buttons])
        table.update(overrides or {})
        bindings: dict[tuple[int, int], str] = {}
        for action, specs in table.items():
            for spec in specs:
                parsed = _parse(spec)
                if parsed is not None:
                    bindings[parsed] = action
        return cls(bindings)

    def action_for(self, key: int, mod: int) -> str | None:
        """The action of a key press; a modifier combination wins over the bare key."""
        for (code, need), action in self.bindings.items():
            if code == key and need and all(mod & m for m in _MODIFIERS.values() if need & m):
                return action
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None  # Ctrl+B is not B
        return self.bindings.get((key, 0))

    def call_for(self, key: int, mod: int) -> Call | None:
        """The action call of a key press (see action_for)."""
        name = self.action_for(key, mod)
        return None if name is None else CALLS.get(name) or player_buzzer(name)

    def keys_of(self, action: str, words: Words, taken: Callable[[int, int], bool] | None = None) -> list[str]:
        """The keys of an action as a keyboard labels them, in the console's language («PgDn»,
        «стрелка вправо», «Пробел»); a key `taken(code, mods)` says another takes first is left out."""
        names = []
        for (code, mask), bound in self.bindings.items():
            if bound == action and not (taken is not None and taken(code, mask)):
                mods = [n.capitalize() for n, m in _MODIFIERS.items() if mask & m]
                own = pygame.key.name(code).capitalize() or str(code)
                label = words.say(f"key.{key_name(code)}")
                names.append("+".join([*mods, own if label.startswith("key.") else label]))
        return names


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """1, 2, 3, 5 → (1, 3), (5, 5)."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _digit_run(a: int, b: int) -> str:
    """Teams a..b on the digit keys of their numbers (team 10 on 0): «1–3», «1–9, 0», «7»."""
    if b < 10:
        return str(a) if a == b else f"{a}–{b}"
    head = "" if a == 10 else (f"{a}, " if a == 9 else f"{a}–9, ")
    return head + "0"


def keyboard_line(keymap: KeyMap, teams: Sequence[tuple[str, int]], every_team: bool, words: Words,
                  named: bool = False) -> str | None:
    """The console's DEVICES words for the keyboard's buzzers, exactly as the key map has them: «Клавиатура:
    кнопки 1–9, 0; нет кнопки: команды 11–12», «Клавиатура: Альфа Q W E R; Бета U I O P». `teams`: the
    buttons that can press (Format.buttons), each a name and how many players have a button of their own
    (0: one button for the team); `every_team`: the show gives every team a digit key (keyboard_buzzers), so a
    team without one is said; `named`: the buttons are not teams but tables, each digit is named («1 — красный
    стол, 2 — зелёный стол»). None: no key is anyone's buzzer."""

    def first(action: str) -> str | None:
        keys = keymap.keys_of(action, words)
        return keys[0] if keys else None

    digits: list[int] = []
    own: list[str] = []
    missing: list[int] = []
    for i, (name, players) in enumerate(teams):
        if players:
            keys = [first(f"buzz{i + 1}.{p + 1}") for p in range(players)]
            if any(keys):
                own.append(f"{name} {' '.join(k or '—' for k in keys)}")
            else:
                missing.append(i + 1)
            continue
        key = first(f"buzz{i + 1}")
        if key is None:
            missing.append(i + 1)
        elif key == str((i + 1) % 10):
            digits.append(i + 1)
        else:
            own.append(f"{name} {key}")
    if not digits and not own:
        return None
    parts = []
    if digits and named:
        parts.append(", ".join(f"{n % 10} — {teams[n - 1][0]}" for n in digits))
    elif digits:
        parts.append(words.say("console.kb_digits", keys=", ".join(_digit_run(a, b) for a, b in _runs(digits))))
    parts += own
    if missing and (every_team or own):
        runs = _runs(missing)
        names = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)
        key = "console.kb_team" if len(missing) == 1 else "console.kb_teams"
        parts.append(words.say("console.kb_none", teams=words.say(key, n=names)))
    return words.say("console.keyboard", keys="; ".join(parts))


class QuitGuard:
    """Quitting needs the quit action twice within `window_s` seconds (a stray key never ends a show)."""

    def __init__(self, window_s: float = 2.0) -> None:
        self.window_s = window_s
        self.armed_at: float | None = None

    def press(self, now: float) -> bool:
        if self.armed_at is not None and now - self.armed_at <= self.window_s:
            self.armed_at = None
            return True
        self.armed_at = now
        return False

    def armed(self, now: float) -> bool:
        return self.armed_at is not None and now - self.armed_at <= self.window_s


@functools.cache
def key_name(key: int) -> str:
    """The name a show file uses for a key (`F1`, `A`, `KP1`), from pygame's K_ constants (looked up once a
    key: the console names its keys every frame it draws)."""
    for attr in dir(pygame):
        if attr.startswith("K_") and getattr(pygame, attr) == key:
            return attr[2:].upper()
    return str(key)


def digit_key(key: int) -> str | None:
    """The digit a key types, on the main row or the keypad."""
    if pygame.K_0 <= key <= pygame.K_9:
        return str(key - pygame.K_0)
    for digit in range(10):
        if key == getattr(pygame, f"K_KP{digit}", None):
            return str(digit)
    return None


def amount_key(key: int) -> str | None:
    """A digit or Backspace typed into the console's amount (bids, stakes)."""
    digit = digit_key(key)
    if digit is not None:
        return digit
    return "back" if key == pygame.K_BACKSPACE else None


def edit_amount(amount: str, edit: str) -> str:
    """The amount after one edit: a digit, `back`, `clear` or `+N`. An amount above MAX_POINTS is
    refused (Refused: the console says why) and the amount stays as it was."""
    if edit == "back":
        return amount[:-1]
    if edit == "clear":
        return ""
    if edit.startswith("+") and edit[1:].isdigit():
        result = int(amount or 0) + int(edit[1:])
    elif edit.isdigit() and len(edit) == 1:
        result = int(amount + edit)  # no leading zeros
    else:
        return amount
    if result > MAX_POINTS:
        raise Refused("an amount is at most {max}", max=MAX_POINTS)
    return str(result)
