"""Issue 24, every colour in the theme: a design colour is named in quizshow/themefile.py (DEFAULT_COLORS, each
name saying what it colours) and read through the theme, never written as an RGB literal in display/. A theme
file may change any of them; an unknown name is an error at its line."""

from __future__ import annotations

import ast
import re

import pygame

from tests.conftest import ROOT

DISPLAY = ROOT / "quizshow" / "display"
THEME_MODULES = {"theme.py"}  # the theme itself: its fallbacks for a colour a theme file writes wrongly
HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?:[0-9a-fA-F]{2})?")
# Literals that are no design colour, each with its reason: (module under display/, the function it is written in,
# the literal as written).
ALLOWED = {
    # A QR code's modules are black on white whatever the theme: a phone's camera reads nothing else.
    ("scenes/join.py", "qr_surface", "(255, 255, 255)"), ("scenes/join.py", "qr_surface", "(0, 0, 0)"),
    # The blanked projector sends no light at all: black is «off», not a colour of the design.
    ("scenes/cards.py", "draw_moving", "(0, 0, 0)"),
    # Probes and masks: the missing-glyph test renders white on black and compares; a panel's alpha mask is
    # opaque white; the scratch reserved for panels is drawn from a 1×1 panel whose fill is never seen.
    ("glyphs.py", "missing_glyphs", "(255, 255, 255)"), ("glyphs.py", "missing_glyphs", "(0, 0, 0)"),
    ("paint.py", "panel", "(255, 255, 255, 255)"), ("paint.py", "reserve_scratch", "(0, 0, 0, 255)"),
    # The corner mask cleared (transparent) before the bottom corners' rows are drawn into it.
    ("paint.py", "panel", "(0, 0, 0, 0)"),
    # The ends of a tint (paint.WHITE, paint.BLACK): mix(c, WHITE, t) lightens, mix(c, BLACK, t) darkens.
    ("paint.py", "<module>", "(255, 255, 255)"), ("paint.py", "<module>", "(0, 0, 0)"),
    # Not a colour: the speaker's sound arcs' radii (in hundredths of its height).
    ("motion/artwork.py", "speaker", "(20, 36, 52)"),
}


def _literals(path) -> list[tuple[int, str, str]]:
    """Every RGB(A) literal in a module (line, where, literal): a tuple or list of 3 or 4 whole numbers 0–255, a
    «#rrggbb» string, a pygame.Color made of constants; `where` is the function (or class) it is written in."""
    source = path.read_text(encoding="utf-8")
    found = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            where = node.name
        literal = None
        if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) in (3, 4) and all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255 for e in node.elts):
            literal = ast.get_source_segment(source, node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and HEX.fullmatch(node.value):
            literal = node.value
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "Color" \
                and node.args and all(isinstance(a, ast.Constant) for a in node.args):
            literal = ast.get_source_segment(source, node)
        if literal is not None:
            found.append((getattr(node, "lineno", 0), where, literal))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(ast.parse(source), "<module>")
    return found


def test_display_writes_no_colour_outside_the_theme():
    stray = []
    for path in sorted(DISPLAY.rglob("*.py")):
        name = path.relative_to(DISPLAY).as_posix()
        if name in THEME_MODULES:
            continue
        for line, where, literal in _literals(path):
            if (name, where, literal) not in ALLOWED:
                stray.append(f"quizshow/display/{name}:{line}: {literal}")
    assert not stray, "a design colour belongs in themefile.DEFAULT_COLORS:\n" + "\n".join(stray)


def test_the_colour_check_can_fail(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('import pygame\nA = (12, 200, 3)\nB = pygame.Color("#ffc83d")\nC = "#0d0f17"\nD = (1, 2)\n'
                      'E = [9, 9, 9]\n', encoding="utf-8")
    assert sorted(line for line, _, _ in _literals(sample)) == [2, 3, 3, 4, 6]


def test_every_theme_colour_colours_something():
    """No dead name in the theme table: each is read somewhere in display/."""
    from quizshow.themefile import DEFAULT_COLORS

    sources = "".join(path.read_text(encoding="utf-8") for path in DISPLAY.rglob("*.py"))
    def read(name: str) -> bool:  # by its name; a console_ one by console/style._color; duel_ by f"duel_{...}"
        prefix, _, rest = name.partition("_")
        return f'"{name}"' in sources or f'_color("{rest}")' in sources and prefix == "console" or \
            f'f"{prefix}_{{' in sources

    unread = [name for name in DEFAULT_COLORS if not read(name)]
    assert not unread, unread


def test_a_theme_file_may_set_a_projector_colour_but_not_the_consoles(tmp_path):
    """The join scene's, the artwork's, the sheet's colours are a theme's to change; the console is the house's:
    a theme naming a console_ colour gets an error at its line, like any unknown colour."""
    from quizshow.display.motion import artwork
    from quizshow.display.theme import load_theme
    from quizshow.themefile import check_theme
    from quizshow.yamlfile import Problems

    (tmp_path / "theme.yaml").write_text('name: "t"\ncolors:\n  art_cat_fur: "#123456"\n  join_done: "#0000ff"\n'
                                         '  console_background: "#ffffff"\n', encoding="utf-8")
    problems = Problems()
    check_theme(tmp_path, problems)
    assert [(p.line, "console_background" in p.message) for p in problems.errors] == [(5, True)]
    theme = load_theme(tmp_path, Problems())
    assert artwork.colors(theme.color, artwork.CAT_COLORS)[0] == (0x12, 0x34, 0x56)  # the cat is drawn in it
    assert theme.color("join_done") == pygame.Color("#0000ff")
