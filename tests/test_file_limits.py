"""Hostile and broken show and pack files (issue 12): every size, depth, count, number and text has a
limit, each refusal is FILE:LINE and quick, and a stop signal ends a load that is still running."""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import sys
import time
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizshow.cli import check_files
from quizshow.config import load_show
from quizshow.core.limits import MAX_POINTS
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, Problems, image_size
from tests.conftest import ROOT

PACK_HEAD = "title: t\nrounds:\n  - name: r\n    questions:\n      - {q: q, a: a}\n"
SHOW_HEAD = "title: t\nformat: svoyak\nteams: [{name: A}]\n"
PACK_LINE = f"pack: {ROOT / 'packs' / 'svoyak-demo.yaml'}\n"  # a «Своя игра» without one is an error of its own


def problems_of(tmp_path, text: str, loader=load_pack, name: str = "file.yaml") -> tuple[object, list[str], float]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    started = time.monotonic()
    loader(path, problems)
    return path, [str(p) for p in problems.errors], time.monotonic() - started


def png(width: int, height: int) -> bytes:
    """A PNG whose header says width × height (the pixels themselves are never needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def jpeg(width: int, height: int) -> bytes:
    """A JPEG header: SOI, an APP0 segment, a DQT, then the SOF0 frame header with the size."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00" + bytes(9)
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + bytes(65)
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + bytes(3)
    return b"\xff\xd8" + app0 + dqt + sof + b"\xff\xd9"


def test_a_10_kb_alias_bomb_is_refused_in_well_under_a_second_with_its_line(tmp_path):
    levels = ["a: &a [" + ", ".join(["x"] * 10) + "]"]
    for i in range(1, 10):
        levels.append(f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 10) + "]")
    text = PACK_HEAD + "bomb:\n" + "".join(f"  {line}\n" for line in levels)
    path, errors, took = problems_of(tmp_path, text)
    assert len(errors) == 1 and errors[0].startswith(f"{path}:")
    assert f"more than {MAX_NODES} values" in errors[0]
    line = int(errors[0].split(":")[1])
    assert 7 <= line <= 15  # at the alias that tips it over, not line 1
    assert took < 2.0


def test_50_000_nested_brackets_are_an_error_with_a_line_not_a_recursion_error(tmp_path):
    path, errors, _ = problems_of(tmp_path, "title: t\nrounds: " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert errors == [f"{path}:2: nested deeper than {MAX_DEPTH} levels"]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "w") as file:
        file.write(PACK_HEAD)
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: refused by its size, whatever it holds
    problems = Problems()
    assert load_pack(path, problems) is None
    assert [str(p) for p in problems.errors] == [f"{path}:1: cannot read the file: too large: 4.2 MB "
                                                 "(the limit is 4 MB)"]


def test_pack_dev_zero_is_refused_as_not_a_regular_file(tmp_path):
    path, errors, took = problems_of(tmp_path, SHOW_HEAD + "pack: /dev/zero\n", load_show)
    assert errors == [f"{path}:4: pack '/dev/zero' is not a regular file"]
    assert took < 1.0
    problems = Problems()
    load_pack(__import__("pathlib").Path("/dev/zero"), problems)  # --check /dev/zero
    assert [p.message for p in problems.errors] == ["cannot read the file: not a regular file: /dev/zero"]


def test_an_image_of_too_many_pixels_is_refused_from_its_header(tmp_path):
    (tmp_path / "huge.png").write_bytes(png(16000, 16000))
    (tmp_path / "huge.jpg").write_bytes(jpeg(16000, 16000))
    (tmp_path / "fine.png").write_bytes(png(1920, 1080))
    (tmp_path / "fine.jpg").write_bytes(jpeg(4000, 3000))
    (tmp_path / "text.png").write_text("not a picture")
    text = ("title: t\nrounds:\n  - name: r\n    questions:\n"
            "      - {q: q, a: a, image: huge.png}\n      - {q: q, a: a, image: huge.jpg}\n"
            "      - {q: q, a: a, image: fine.png}\n      - {q: q, a: a, image: fine.jpg}\n"
            "      - {q: q, a: a, image: text.png}\n")
    path, errors, _ = problems_of(tmp_path, text)
    assert [e.split(":")[1] for e in errors] == ["5", "6", "9"]
    # 256 million pixels is past Pillow's own decompression-bomb guard: refused at the header, by its count
    assert "256 million pixels is too many" in errors[0] and "256 million" in errors[1]
    assert "not a PNG, JPEG, GIF, WEBP, BMP or TIFF image" in errors[2]
    assert image_size(tmp_path / "fine.jpg") == (4000, 3000)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(head=st.sampled_from([b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8", b"\xff\xd8\xff\xe0", jpeg(10, 20)[:30]]),
       body=st.binary(max_size=200))
def test_the_image_header_reader_takes_any_bytes(tmp_path, head, body):
    """Random bytes after a PNG or JPEG start: a size or None, never an exception or a long scan."""
    path = tmp_path / "x.jpg"
    path.write_bytes(head + body)
    size = image_size(path)
    assert size is None or (len(size) == 2 and all(0 <= n < 1 << 32 for n in size))


def test_a_pack_value_of_3_000_000_000_is_refused_at_its_line(tmp_path):
    text = ("title: t\nrounds:\n  - name: r\n    values: [100, 3000000000]\n    themes:\n      - name: t\n"
            "        questions:\n          - {q: q, a: a}\n          - {q: q, a: a, value: -1}\n"
            "          - {q: q, a: a, type: cat, image: x.png, cat: {values: [" + str(MAX_POINTS + 1) + "]}}\n")
    path, errors, _ = problems_of(tmp_path, text)
    assert f"{path}:4: a value must be from 0 to {MAX_POINTS} (found 3000000000)" in errors
    assert f"{path}:9: value must be from 0 to {MAX_POINTS} (found -1)" in errors
    assert f"{path}:10: a value must be from 0 to {MAX_POINTS} (found {MAX_POINTS + 1})" in errors


def test_a_nul_in_a_title_and_a_lone_surrogate_in_a_name_are_refused(tmp_path):
    path, errors, _ = problems_of(tmp_path, 'title: "Пакет\\0"\nrounds:\n  - name: "\\ud800"\n'
                                            '    questions: [{q: "' + "я" * 2001 + '", a: "a\\tb\\nc"}]\n')
    assert sorted(errors) == [f"{path}:1: title holds a character that cannot be shown (U+0000 at position 6)",
                              f"{path}:3: name holds a character that cannot be shown (U+D800 at position 1)",
                              f"{path}:4: q is too long: 2001 characters (at most 2000)"]
    path, errors, _ = problems_of(tmp_path, 'title: t\nformat: svoyak\nteams: [{name: "Al\\x07pha"}]\n' + PACK_LINE,
                                  load_show, "show.yaml")
    assert errors == [f"{path}:3: team name holds a character that cannot be shown (U+0007 at position 3)"]


def test_every_numeric_setting_of_the_show_file_has_a_range(tmp_path):
    text = SHOW_HEAD + ("devices:\n  osc: {rate_limit: -5, go_interval_s: .inf, feedback: ['127.0.0.1:0']}\n"
                        "  serial: [{id: b, baud: 0, protocol: simple, map: {'a': 0, 'b': 1000}}]\n" + PACK_LINE)
    path, errors, _ = problems_of(tmp_path, text, load_show)
    assert sorted(errors) == sorted([
        f"{path}:5: rate_limit must be from 1 to 10000 (found -5)",
        f"{path}:5: go_interval_s must be a number from 0 to 10 (found inf)",
        f"{path}:5: feedback '127.0.0.1:0' must be HOST:PORT, like 127.0.0.1:7400",
        f"{path}:6: baud must be from 50 to 4000000 (found 0)",
        f"{path}:6: map entry 'a' must be from 1 to 999 (found 0)",
        f"{path}:6: map entry 'b' must be from 1 to 999 (found 1000)",
    ])
    path, errors, _ = problems_of(tmp_path, SHOW_HEAD + "devices: {osc: {listen: '127.0.0.1:0', go_interval_s: 0}}\n"
                                  + PACK_LINE,
                                  load_show)
    assert errors == []
    config = load_show(path, Problems())
    assert config.devices.osc.go_interval_s == 0.0 and config.devices.osc.listen == ("127.0.0.1", 0)


def test_a_value_yaml_cannot_build_is_a_line_not_a_traceback(tmp_path):
    path, errors, _ = problems_of(tmp_path, PACK_HEAD.replace("{q: q, a: a}", "{q: 2001-13-45, a: " + "9" * 5000 + "}")
                                  + "      - {q: !!int , a: !!bool maybe}\n")
    assert [e.split(":")[1] for e in errors] == ["5", "5", "6", "6"]
    assert all("cannot read this value" in e for e in errors)


YAMLISH = st.lists(st.sampled_from(list("ab01 -:[]{}&*!|>'\"#,?%@`\\\n\t") + [
    "\x00", "\ud800", "é", "title: ", "rounds: ", "q: ", "&a ", "*a", "!!int ", "!!python/object ", "\\0",
    "\\ud800", "- ", "\n  ", "9" * 50, "2001-13-45", ".inf", "<<: ", "!!float ", "!!bool ", "!!timestamp ",
    "!!binary ", "!!set ", "!!omap ", "!!pairs ", "!!str ", "!!map ", "!!seq ", "? "]), max_size=80).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAMLISH, shape=st.sampled_from(["pack", "show", "raw"]))
def test_any_yamlish_text_is_problems_never_an_exception(tmp_path, text, shape):
    """Random YAML-ish text, alone or inside a pack or show: the loaders report problems (FILE:LINE) and
    never raise; --check gives its summary."""
    body = {"pack": PACK_HEAD + "x: " + text, "show": SHOW_HEAD + "title: " + text, "raw": text}[shape]
    path = tmp_path / "fuzz.yaml"
    try:
        path.write_text(body, encoding="utf-8", errors="surrogatepass")
    except UnicodeEncodeError:
        return
    for loader in (load_pack, load_show):
        problems = Problems()
        loader(path, problems)
        assert all(p.line >= 1 and p.file for p in problems.items)
    out = __import__("io").StringIO()
    assert check_files([path], out) in (0, 1)
    assert "file(s) checked" in out.getvalue()


def slow_pack(tmp_path) -> object:
    """A pack inside every limit that still takes seconds to load on this machine."""
    path = tmp_path / "slow.yaml"
    path.write_text("title: t\nrounds:\n  - name: r\n    questions:\n"
                    + "      - {q: question text, a: answer}\n" * (MAX_NODES // 5 - 10), encoding="utf-8")
    return path


def _stopped_while_loading(args: list[str], sig: int, cwd, slow) -> subprocess.CompletedProcess:
    """Start main.py, wait until it reports reading the slow pack (its debug line), then send `sig`."""
    process = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--log-level", "debug", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
                               env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert process.stderr is not None
    lines: list[str] = []
    for line in process.stderr:  # blocks on the child's own output: no guessing how long start-up takes
        lines.append(line)
        if f"reading {slow}" in line:
            break
    else:
        raise AssertionError("the child never began reading the pack:\n" + "".join(lines))
    process.send_signal(sig)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    return subprocess.CompletedProcess(args, process.returncode, out, "".join(lines) + err)


def test_sigterm_ends_a_check_that_is_still_loading_at_once(tmp_path):
    """«At once»: the pack takes seconds to load, and the child ends before it finished (no summary)."""
    slow = slow_pack(tmp_path)
    result = _stopped_while_loading(["--check", str(slow)], signal.SIGTERM, tmp_path, slow)
    assert result.returncode == 1 and "SIGTERM: stopped while loading" in result.stderr
    assert "Traceback" not in result.stderr and "file(s) checked" not in result.stdout


def test_sigint_ends_a_show_that_is_still_loading_cleanly(tmp_path):
    show = tmp_path / "show.yaml"
    slow = slow_pack(tmp_path)
    show.write_text(SHOW_HEAD + f"pack: {slow}\n", encoding="utf-8")
    result = _stopped_while_loading([str(show), "--headless", "--osc-port", "0"], signal.SIGINT, tmp_path, slow)
    assert result.returncode == 0 and "SIGINT: stopped while loading" in result.stderr
    assert "Traceback" not in result.stderr and "osc: listening" not in result.stderr
