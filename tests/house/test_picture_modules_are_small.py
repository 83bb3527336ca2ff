"""A format's pictures are split by job (the board, the specials, the final and what they share each in a room
of its own, as display/svoyak/ shows): no module of a format's pictures folder (display/<name>/) is longer than
a reader takes in at once. The modules not yet split are listed, each with its length and why it waits."""

from __future__ import annotations

from quizshow import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "quizshow"
MOST = 400  # lines
NOT_YET = {  # module → (its lines today, why it is not split yet); it may not grow
    "display/brainring/scenes.py": (448, "the ring's scenes are not split by job yet (the rule came with "
                                         "«Своя игра»'s split)"),
    "display/written/results.py": (515, "the written quiz's results pages are not split by job yet (the rule came "
                                        "with «Своя игра»'s split)"),
}


def picture_folders() -> list[str]:
    return sorted({"display/" + registry.FORMATS[name].views.rsplit(".", 1)[-1] for name in registry.names()})


def too_long(sizes: dict[str, int]) -> list[str]:
    """The modules of `sizes` (module → lines) in a format's pictures folder over their limit."""
    folders = picture_folders()
    return [f"{module}: {lines} lines" for module, lines in sorted(sizes.items())
            if any(module.startswith(folder + "/") for folder in folders)
            and lines > NOT_YET.get(module, (MOST, ""))[0]]


def _sizes() -> dict[str, int]:
    return {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_of_a_formats_pictures_is_longer_than_its_limit():
    assert too_long(_sizes()) == []


def test_every_module_not_yet_split_is_still_over_the_limit():
    sizes = _sizes()
    assert [module for module in NOT_YET if sizes.get(module, 0) <= MOST] == []


def test_the_check_finds_a_long_picture_module():
    sizes = {**_sizes(), "display/svoyak/board.py": MOST + 1, "display/brainring/scenes.py": 449,
             "display/scenes/cards.py": 900}  # a shared module: not a format's pictures
    assert too_long(sizes) == ["display/brainring/scenes.py: 449 lines", f"display/svoyak/board.py: {MOST + 1} lines"]
