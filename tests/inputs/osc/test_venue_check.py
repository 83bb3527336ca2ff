"""Issue 27, item 7: a show that names desks on other machines but listens on this machine only is told
so by `--check`, at the line that names the other machine."""

from __future__ import annotations

import io

from quizshow.cli import check_files
from tests.osc_kit import show


def checked(tmp_path, osc: str) -> list[str]:
    path = show(tmp_path, "brainring", osc)
    out = io.StringIO()
    assert check_files([path], out) == 0  # a warning, never an error: the show still runs
    return out.getvalue().splitlines()


def line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_check_warns_when_desks_on_other_machines_meet_a_loopback_only_listen(tmp_path):
    lines = checked(tmp_path, '    allow: ["127.0.0.0/8", "192.168.1.0/24"]\n'
                              '    feedback: ["127.0.0.1:9000", "192.168.1.20:8000"]\n')
    path = tmp_path / "brainring.yaml"
    warnings = [line for line in lines if "warning:" in line]
    assert len(warnings) == 2, lines
    allow, feedback = warnings
    assert allow.startswith(f"{path}:{line_of(path, 'allow:')}: warning: osc: allow '192.168.1.0/24'")
    assert feedback.startswith(f"{path}:{line_of(path, 'feedback:')}: warning: osc: feedback '192.168.1.20:8000'")
    assert "listens on 127.0.0.1" in feedback and '0.0.0.0:7400' in feedback
    assert lines[-1].endswith("0 error(s), 2 warning(s)")


def test_check_is_quiet_for_a_loopback_only_show_and_for_one_on_the_venue_network(tmp_path):
    here = checked(tmp_path, '    allow: ["127.0.0.0/8"]\n    feedback: ["127.0.0.1:9000", "localhost:9001"]\n')
    assert here[-1].endswith("0 error(s), 0 warning(s)"), here
    venue = tmp_path / "venue"
    venue.mkdir()
    path = show(venue, "brainring", '    allow: ["127.0.0.0/8", "192.168.1.0/24"]\n'
                                    '    feedback: ["192.168.1.20:8000"]\n    passcode: "ёлка-42"\n')
    text = path.read_text(encoding="utf-8").replace("127.0.0.1:7400", "0.0.0.0:7400")
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert check_files([path], out) == 0
    assert out.getvalue().splitlines()[-1].endswith("0 error(s), 0 warning(s)"), out.getvalue()
