"""Show and pack files that used to pass `--check` wrongly, or crash it: each is now FILE:LINE and what was
expected (or read as meant, with a warning where the show really runs); and any YAML value of any type in
any key of a show file gives problems or a config, never an exception."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.config import load_show
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

PACK = ROOT / "packs" / "svoyak-demo.yaml"


def _check(tmp_path: Path, text: str, name: str = "show.yaml", bom: bool = False) -> tuple[Path, list[str], int]:
    path = tmp_path / name
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    out = io.StringIO()
    code = check_files([path], out)
    return path, out.getvalue().splitlines()[:-1], code


def _show(body: str, fmt: str = "svoyak", pack: bool = True) -> str:
    return f"title: x\nformat: {fmt}\n" + (f"pack: {PACK}\n" if pack else "") + body


TEAMS = "teams:\n  - name: A\n  - name: B\n"


def test_an_unknown_preset_is_a_line_and_the_pack_is_still_checked(tmp_path):
    path, said, code = _check(tmp_path, _show("preset: nosuch\n" + TEAMS))
    assert code == 1
    assert said == [f"{path}:4: preset 'nosuch' is not one of format svoyak: svoyak, svoyak-teams"]  # no KeyError


def test_a_byte_order_mark_is_read_past(tmp_path):
    text = _show(TEAMS + "colour: red\n")
    plain, said_plain, _ = _check(tmp_path, text, "plain.yaml")
    marked, said_marked, code = _check(tmp_path, text, "marked.yaml", bom=True)
    assert code == 1 and said_marked == [line.replace(str(plain), str(marked)) for line in said_plain]
    assert len(said_marked) == 1 and said_marked[0].startswith(f"{marked}:7: unknown key 'colour'")  # its own line
    good, _, code = _check(tmp_path, _show(TEAMS), "good.yaml", bom=True)
    config = load_show(good, Problems())
    assert code == 0 and config is not None and config.title == "x" and [t.name for t in config.teams] == ["A", "B"]
    pack = tmp_path / "pack.yaml"
    pack.write_bytes(b"\xef\xbb\xbf" + PACK.read_bytes())
    problems = Problems()
    loaded = load_pack(pack, problems)
    assert loaded is not None and loaded.title == load_pack(PACK, Problems()).title  # type: ignore[union-attr]


def test_a_team_name_written_as_a_number_is_read_as_written_and_warned(tmp_path):
    path, said, code = _check(tmp_path, _show("teams:\n  - name: 42\n  - name: 0042\n"))
    assert code == 0
    assert said[0] == (f"{path}:5: warning: team name 42 is a number: read as the text '42'; write it in quotes "
                       'to say so (name: "42")')
    config = load_show(path, Problems())
    assert config is not None and [t.name for t in config.teams] == ["42", "0042"]  # not "42.0", not "34"


def test_a_team_name_written_as_a_list_says_what_it_may_be_in_plain_words(tmp_path):
    """It read «team name must be text or a whole number or a number»."""
    path, said, code = _check(tmp_path, _show("teams:\n  - name: [A]\n  - name: B\n"))
    assert code == 1
    assert f"{path}:5: team name must be text or a number" in said


def test_a_number_where_text_is_meant_keeps_its_digits(tmp_path):
    path, _, _ = _check(tmp_path, _show(TEAMS + "devices:\n  osc:\n    passcode: 0042\n"))
    config = load_show(path, Problems())
    assert config is not None and config.devices.osc.passcode == "0042"


def test_a_show_without_a_pack(tmp_path):
    path, said, code = _check(tmp_path, _show(TEAMS, pack=False))
    assert code == 1 and said == [f"{path}:1: missing key 'pack' in the show: format svoyak plays its questions "
                                  "from a pack (pack: FILE, or a list of packs played in order)"]
    players = '["1", "2", "3", "4", "5"]'
    teams = f"teams:\n  - {{name: A, players: {players}}}\n  - {{name: B, players: {players}}}\n"
    path, said, code = _check(tmp_path, _show(teams, "brainring", pack=False), "brainring.yaml")
    assert code == 0 and said == [f"{path}:1: warning: the show has no 'pack': the host reads the questions from "
                                  "paper and the screens show none (format brainring); give pack: FILE to show them"]
    path, said, code = _check(tmp_path, _show(TEAMS, "melee", pack=False), "melee.yaml")
    assert code == 0 and said == []  # «Куча мала» is played from paper as a matter of course


def test_a_cue_with_an_unknown_or_broken_placeholder(tmp_path):
    def cue(address: str) -> str:
        cues = f'    cues:\n      buzz: [{{to: "127.0.0.1:8000", address: "{address}"}}]\n'
        return _show(TEAMS + "devices:\n  osc:\n" + cues)

    path, said, code = _check(tmp_path, cue("/eos/cue/{nosuch}/fire"))
    assert code == 1 and said == [f"{path}:10: OSC address '/eos/cue/{{nosuch}}/fire': unknown placeholder "
                                  "{nosuch}; expected one of {team}, {score}, {points}, {round}, {name}, {player}"]
    path, said, code = _check(tmp_path, cue("/eos/cue/{team/fire"))
    assert code == 1 and len(said) == 1 and said[0].startswith(f"{path}:10: OSC address '/eos/cue/{{team/fire': ")
    path, said, code = _check(tmp_path, cue("/eos/cue/{team}/{score:+d}/{{literal}}"))
    assert code == 0 and said == []


def test_a_serial_port_given_as_a_number(tmp_path):
    path, said, code = _check(tmp_path, _show("teams:\n  - {name: A, buzzer: 'box1:1'}\n  - name: B\n"
                                              "devices:\n  serial:\n    - {id: box1, port: 3}\n"))
    assert code == 1 and said == [f"{path}:9: port 3 is a number; expected auto, a device path (/dev/ttyUSB3, COM3, "
                                  "/dev/cu.usbserial-…) or a pyserial URL (socket://HOST:PORT)"]


def test_a_cat_question_without_its_cat_block_is_warned(tmp_path):
    pack = ('title: p\nrounds:\n  - name: r\n    themes:\n      - name: t\n        questions:\n'
            '          - {q: q1, a: a1, type: cat, image: x.png}\n'
            '          - {q: q2, a: a2, type: cat, image: x.png, cat: {theme: Music, values: [10, 20]}}\n')
    path, said, code = _check(tmp_path, pack, "pack.yaml")
    cat = [line for line in said if "'cat:' block" in line]
    assert code == 0 and cat == [f"{path}:7: warning: a cat question («Кот в мешке») has no 'cat:' block: the "
                                 "screen names the question's own theme and the receiver chooses the round's lowest "
                                 'or highest value; to choose, give cat: {theme: "…", values: [N, M]}']


# --- the fuzz: any YAML value of any type in any key ---------------------------------------------------------

GOOD: dict[str, Any] = {
    "title": "x", "format": "svoyak", "preset": "svoyak", "rules": {"answer_window_s": 3, "wrong_penalty": True},
    "pack": str(PACK), "language": "ru", "theme": "broadcast",
    "teams": [{"name": "A", "color": "#d83a3a", "captain": "a", "players": ["a", "b"], "buzzer": "box1:1"},
              {"name": "B", "buzzer": "key:2"}],
    "devices": {"serial": [{"id": "box1", "port": "loop://", "protocol": "qbx", "baud": 115200}],
                "keyboard_buzzers": True, "gamepads": False,
                "osc": {"listen": "127.0.0.1:7400", "allow": ["127.0.0.0/8"], "passcode": "p",
                        "feedback": ["127.0.0.1:8000"], "rate_limit": 50, "go_interval_s": 0.3,
                        "cues": {"buzz": [{"to": "127.0.0.1:8000", "address": "/x/{team}"}]}},
                "web": {"listen": "0.0.0.0:8080", "wifi": "w", "follow_passcode": "f"}},
    "keys": {"go": ["SPACE"]},
}


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and list item of the show, as a path from its root."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*at, index))
    return found


PATHS = _paths(GOOD)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["auto", "0x1F", "1e3", "0042", ".inf", "{team}", "~",
                                                           "2001-13-45", "box1:1", "127.0.0.1:99999"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=8)


def _replaced(show: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(show, dict):
        return {**show, head: _replaced(show[head], rest, value)}
    return [_replaced(item, rest, value) if i == head else item for i, item in enumerate(show)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), value=VALUES, bom=st.booleans())
def test_any_value_of_any_type_in_any_key_is_problems_or_a_config(tmp_path, path, value, bom):
    show = tmp_path / "fuzz.yaml"
    text = yaml.safe_dump(_replaced(GOOD, path, value), allow_unicode=True)
    show.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogatepass"))
    problems = Problems()
    config = load_show(show, problems)  # never raises
    assert all(p.line >= 1 and p.file == show for p in problems.items if p.file == show)
    assert config is not None or problems.errors


def test_a_tournament_file_that_starts_with_a_byte_order_mark_and_its_regulation(tmp_path):
    from quizshow.event_file import load_any

    lines = (ROOT / "shows" / "tournament-004.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if line.startswith("regulation:")) + \
        "".join(line for line in lines if not line.startswith(("regulation:", "#")))
    path = tmp_path / "day.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("../packs/", f"{ROOT / 'packs'}/").encode("utf-8"))
    problems = Problems()
    config = load_any(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    assert config.format == "tournament"  # read as the day it is, not as a show missing its format
