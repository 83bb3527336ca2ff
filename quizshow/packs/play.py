"""A pack file run directly (`python main.py PACK.siq`): it plays "as it is" in a default show.

A pack with a board (rounds of themes) plays as «Своя игра» (preset `svoyak`), a plain list of
questions (a `.4s` pack, a written quiz's or brain-ring's YAML) on the demo format's question cards;
either with three players on the keyboard buzzers 1, 2, 3. The journal is kept beside the pack
(`.quizshow/<pack>.journal.jsonl`), so a restart resumes. A show file chooses everything else.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from quizshow import registry
from quizshow.config import Devices, ShowConfig, TeamConfig
from quizshow.formats import presets
from quizshow.i18n import Words
from quizshow.i18n import compose as compose_words
from quizshow.language import pick
from quizshow.packs.loader import OTHER_LOADERS, load_pack
from quizshow.packs.model import Pack
from quizshow.yamlfile import Problems, compose, read_bounded

# The console's words for it: all that `console_notice` says.
PHRASES: dict[str, dict[str, str]] = {
    "ru": {"pack.played_directly": "{name}: пакет играется как есть — {how}; участники {players} на клавишах 1, 2, 3 "
                                   "(формат, участников и кнопки задаёт файл шоу)",
           "pack.as_svoyak": "«Своя игра»", "pack.as_cards": "карточки вопросов"},
    "en": {"pack.played_directly": "{name}: the pack plays as it is — {how}; players {players} on keys 1, 2, 3 "
                                   "(a show file sets the format, the players and the buzzers)",
           "pack.as_svoyak": "«Своя игра»", "pack.as_cards": "question cards"},
}

PLAYERS = {"ru": ("Игрок 1", "Игрок 2", "Игрок 3"), "en": ("Player 1", "Player 2", "Player 3")}


def looks_like_pack(path: Path) -> bool:
    """A `.siq` or `.4s` file, or a YAML file with `rounds` and no `format` (a pack, not a show)."""
    if path.suffix.lower() in OTHER_LOADERS:
        return True
    if not path.is_file() or path.stat().st_size > 4 * 1024 * 1024:
        return False  # the show loader reports it (not a regular file, or over the size limit)
    try:
        node = compose(read_bounded(path))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False  # the show loader reports it
    if not isinstance(node, yaml.MappingNode):
        return False
    keys = {str(k.value) for k, _ in node.value}
    return "rounds" in keys and "format" not in keys


def format_for(pack: Pack) -> str:
    """«Своя игра» for a board; the demo format's cards for a plain list of questions."""
    return "svoyak" if any(rnd.themes for rnd in pack.playing_rounds) else "demo"


def pack_show(path: Path, problems: Problems) -> ShowConfig | None:
    """The default show of a pack file; None (its problems told) when the pack cannot be read."""
    pack = load_pack(path, problems)
    if pack is None:
        return None
    fmt = format_for(pack)
    rules = dict(presets()[fmt][fmt])
    spec = registry.spec(fmt)
    for check, warning in ((spec.check_pack, False), (spec.warn_pack, True)):  # as a show file's pack
        for line, message in check(pack, rules) if check is not None else ():
            problems.add(pack.path, line, message, warning=warning)
    language = pick(pack.language)  # --language, else the pack's
    names = PLAYERS.get(language, PLAYERS["ru"])
    teams = tuple(TeamConfig(name, buzzer=f"key:{i + 1}") for i, name in enumerate(names))
    return ShowConfig(path=path.resolve(), title=pack.title or path.stem, format=fmt, preset=fmt, rules=rules,
                      packs=(pack,), language=language, teams=teams, devices=Devices(keyboard_buzzers=True))


def played_directly(config: ShowConfig) -> bool:
    """The show is a pack file's default show (pack_show), not a show file's."""
    return any(pack.path.resolve() == config.path for pack in config.packs)


def notice(config: ShowConfig) -> str:
    """What the operator is told when a pack file is run directly (English, as the command line is)."""
    played = "«Своя игра»" if config.format == "svoyak" else "question cards (the demo format)"
    return (f"{config.path.name}: a pack, played as it is: {played}, three players "
            f"({', '.join(t.name for t in config.teams)}) on the keyboard buzzers 1, 2, 3; "
            "a show file chooses the format, the players and their buzzers (docs/files.md)")


def console_notice(config: ShowConfig) -> str:
    """The same, on the console in the show's language (its own table is all it says)."""
    words: Words = compose_words(config.language, (PHRASES,))
    how = words.say("pack.as_svoyak" if config.format == "svoyak" else "pack.as_cards")
    return words.say("pack.played_directly", name=config.path.name, how=how,
                     players=", ".join(t.name for t in config.teams))


def load_playable(path: Path, problems: Problems) -> ShowConfig | None:
    """A show file, a tournament file, or a pack file in its default show."""
    if looks_like_pack(path):
        return pack_show(path, problems)
    from quizshow.event_file import load_any

    return load_any(path, problems)
