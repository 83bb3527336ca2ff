"""Ports and addresses on the command line: a wrong one is exit 2 and one line saying what was expected
(argparse's own), never a traceback from the socket; any text gives a port in range or that line."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quizshow.cli import parse_args
from quizshow.ports import follow_url, listen_port, target
from tests.conftest import ROOT


@pytest.mark.parametrize("flags, said", [
    (["--osc-port", "99999"], "argument --osc-port: '99999' is not a port: expected a whole number from 0 to 65535"),
    (["--osc-port", "-5"], "argument --osc-port: '-5' is not a port"),
    (["--web-port", "70000", "--headless"], "argument --web-port: '70000' is not a port"),
    (["--seats", "--web-port", "65536"], "argument --web-port: '65536' is not a port"),
    (["--follow", "http://127.0.0.1:99999"], "argument --follow: 'http://127.0.0.1:99999' is not an address"),
])
def test_a_wrong_port_is_one_line_and_exit_2(tmp_path, flags, said):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "quizshow", *flags], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env=env)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr  # no usage block burying the reason
    assert done.stderr.splitlines()[-1] == f"quizshow: error: {said}" or said in done.stderr.splitlines()[-1]


def test_the_report_tool_checks_its_address(capsys):
    from quizshow.tools.report import main

    with pytest.raises(SystemExit) as exited:
        main(["show.yaml", "--fixture", "A1", "--to", "127.0.0.1:99999"])
    assert exited.value.code == 2
    assert "'127.0.0.1:99999' is not an address: expected HOST:PORT" in capsys.readouterr().err


def test_good_ports_pass():
    args = parse_args(["--osc-port", "0", "--web-port", "65535", "--follow", "127.0.0.1:8080"])
    assert (args.osc_port, args.web_port, args.follow) == (0, 65535, "127.0.0.1:8080")
    assert target("localhost:7400") == ("localhost", 7400)


@given(st.one_of(st.text(), st.integers().map(str), st.from_regex(r"\A[^:]{0,9}:-?\d{0,7}\Z")))
def test_any_text_is_a_port_in_range_or_one_line(text):
    for check in (listen_port, target, follow_url):
        try:
            value = check(text)
        except argparse.ArgumentTypeError as why:
            assert "\n" not in str(why) and "expected" in str(why) or "not an address" in str(why)
            continue
        if check is listen_port:
            assert isinstance(value, int) and 0 <= value <= 65535
        elif check is target:
            assert isinstance(value, tuple) and 1 <= value[1] <= 65535
        else:
            assert value == text
