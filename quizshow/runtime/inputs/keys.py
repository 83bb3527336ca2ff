"""The keys of a show: the key map built from the show's `keys:` section and the buzzers that are keys
(a team's `key:1`, or assigned by pressing), and the buzzers themselves, read from the show and its
saved assignment."""

from __future__ import annotations

from collections.abc import Callable

from quizshow.config import ShowConfig
from quizshow.core.format import Format
from quizshow.core.state import ShowState
from quizshow.inputs.buzzers import BuzzerMap, load_assignment, split_target
from quizshow.inputs.keymap import KeyMap
from quizshow.yamlfile import Problems


def key_table(buzzers: BuzzerMap, keys: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Action → key names: `buzzN` (team N's) and `buzzN.P` (player P of team N, from 1) for every buzzer
    that is a key, then the show's own `keys:` (which win)."""
    key_buzzers: dict[str, tuple[str, ...]] = {}
    for name, target in buzzers.keys.items():
        team, player = split_target(target)
        action = f"buzz{team + 1}" if player is None else f"buzz{team + 1}.{player + 1}"
        key_buzzers[action] = (*key_buzzers.get(action, ()), name)
    return {**key_buzzers, **keys}


def key_map(config: ShowConfig, buzzers: BuzzerMap, buttons: int | None = None) -> KeyMap:
    """`buttons`: how many buzzer buttons the format has (Format.buttons): the digit keys beyond are no one's."""
    return KeyMap.build(key_table(buzzers, config.keys), config.devices.keyboard_buzzers, buttons)


def buzzer_map(config: ShowConfig, problem: Callable[[str], None]) -> BuzzerMap:
    """The show's buzzers: a team's saved assignment (assigned by pressing), else its `buzzer:`; a list is a
    button per player (FormatSpec.player_buzzers). The assignment file's problems are told, not raised."""
    problems = Problems()
    saved = load_assignment(config.path, [t.name for t in config.teams], problems)
    for found in problems.items:
        problem(str(found))
    teams = [(saved.get(t.name, t.buzzer), t.buzzers) for t in config.teams]
    return BuzzerMap.build([None if isinstance(one, tuple) else one for one, _ in teams],
                           [one if isinstance(one, tuple) else each for one, each in teams])


class Keys:
    """The key map now: the show's keys and the buzzers that are keys, built anew when buzzers are assigned
    by pressing."""

    def __init__(self, config: ShowConfig, buzzers: BuzzerMap, fmt: Format, state: Callable[[], ShowState]) -> None:
        self.config = config
        self.format = fmt
        self.state = state
        self.map = key_map(config, buzzers, self.buttons())

    def buttons(self) -> int:
        """How many buzzer buttons the format has now (Format.buttons): the digit keys beyond are no one's."""
        return len(self.format.buttons(self.state()))

    def current(self) -> KeyMap:
        return self.map

    def assigned(self, buzzers: BuzzerMap) -> None:
        """After buzzers were assigned (the window thread): keys named by the new map become those teams'
        buzzers (the console draws the current map)."""
        self.map = key_map(self.config, buzzers, self.buttons())
