"""Show and pack validation: every problem at once as FILE:LINE, suggestions, --check exit codes."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from quizshow.cli import check_files
from quizshow.config import load_show
from quizshow.packs.loader import load_pack
from quizshow.yamlfile import Problems
from tests.conftest import ROOT

BROKEN_PACK = textwrap.dedent("""\
    title: "Сломанный пакет"
    autor: "Кто-то"
    rounds:
      - name: "Раунд 1"
        values: [10, 20, 30]
        themes:
          - name: "Реки"
            questions:
              - {q: "Первый?", a: "Да"}
              - {q: "Второй?", a: "Да", type: cat}
          - name: "Горы"
            questions:
              - {q: "Третий?", a: "Да", imgae: x.png}
              - {q: "Без ответа"}
              - {q: "Лишний?", a: "Да", type: riddle}
      - name: "Финал"
        final: true
        themes:
          - name: "Космос"
            questions: [{q: "1", a: "1"}, {q: "2", a: "2"}]
          - name: "Музыка"
            questions: [{q: "1", a: "1", image: missing.png}]
    """)


def _messages(tmp_path, name, text, loader):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    problems = Problems()
    loader(path, problems)
    return path, [str(p) for p in problems.items]


def test_broken_pack_yields_every_expected_file_line_message(tmp_path):
    path, got = _messages(tmp_path, "pack.yaml", BROKEN_PACK, load_pack)
    expected = [
        f"{path}:2: unknown key 'autor' (did you mean 'author'?)",
        f"{path}:10: warning: a cat question («Кот в мешке») has no image: the rules always illustrate it with one "
        "(the built-in cat card stands in on air)",
        f"{path}:10: warning: a cat question («Кот в мешке») has no 'cat:' block: the screen names the question's own "
        "theme and the receiver chooses the round's lowest or highest value; to choose, give cat: "
        '{theme: "…", values: [N, M]}',
        f"{path}:13: unknown key 'imgae' (did you mean 'image'?)",
        f"{path}:14: missing key 'a' in a question",
        f"{path}:15: type 'riddle' is not one of: regular, cat, auction, sponsor",
        f"{path}:19: final theme 'Космос' must have exactly one question (it has 2)",
        f"{path}:22: warning: image 'missing.png' not found (a placeholder will be shown)",
    ]
    for message in expected:
        assert message in got
    assert len(got) == len(expected)


def test_values_must_match_the_question_count(tmp_path):
    text = 'title: t\nrounds:\n  - name: r\n    values: [10, 20, 30]\n    themes:\n' \
           '      - {name: a, questions: [{q: "1", a: "1"}, {q: "2", a: "2"}]}\n'
    path, got = _messages(tmp_path, "p.yaml", text, load_pack)
    assert got == [f"{path}:4: 'values' has 3 entries but the longest theme has 2 questions"]


def test_unknown_show_keys_get_suggestions_and_bad_values_their_lines(tmp_path):
    (tmp_path / "p.yaml").write_text('title: t\nrounds:\n  - {name: r, questions: [{q: "1", a: "1"}]}\n')
    text = textwrap.dedent("""\
        title: x
        format: demo
        pack: p.yaml
        rules: {timer_s: "долго", warnig_s: 3}
        teams:
          - name: A
            colour: red
            buzzer: box9:1
          - {name: B, color: "#zzz"}
        devices:
          osc: {listen: "nope", allow: ["300.1.1.1/8"]}
        keys: {go: [PAGEDOWN, FOO]}
        """)
    path, got = _messages(tmp_path, "show.yaml", text, load_show)
    for message in [
        f"{path}:4: rule 'timer_s' must be a whole number",
        f"{path}:4: unknown key 'warnig_s' (did you mean 'warning_s'?)",
        f"{path}:7: unknown key 'colour' (did you mean 'color'?)",
        f"{path}:8: buzzer 'box9:1' names box 'box9', which devices.serial does not list",
        f"{path}:9: color '#zzz' must look like #d83a3a",
        f"{path}:11: listen 'nope' must be HOST:PORT, like 127.0.0.1:7400",
        f"{path}:11: '300.1.1.1/8' is not an address range like 192.168.1.0/24",
        f"{path}:12: unknown key name(s) FOO for 'go'",
    ]:
        assert message in got, got


def test_broken_yaml_names_its_line(tmp_path):
    path, got = _messages(tmp_path, "show.yaml", "title: x\nteams: [a, b\nformat: demo\n", load_show)
    assert len(got) == 1 and got[0].startswith(f"{path}:") and "not valid YAML" in got[0]


def test_the_bundled_files_are_clean(capsys):
    files = sorted((ROOT / "shows").glob("*.yaml")) + sorted((ROOT / "packs").glob("*.yaml"))
    assert check_files(files) == 0
    assert "0 error(s)" in capsys.readouterr().out


def _main(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=cwd, timeout=60, env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                                     "PATH": "/usr/bin:/bin"})


def test_check_exits_1_on_problems_and_0_when_clean(tmp_path):
    bad = tmp_path / "pack.yaml"
    bad.write_text(BROKEN_PACK, encoding="utf-8")
    result = _main("--check", str(bad))
    assert result.returncode == 1 and f"{bad}:2: unknown key 'autor'" in result.stdout
    assert _main("--check", str(ROOT / "shows" / "demo.yaml")).returncode == 0


def test_running_a_broken_show_prints_the_list_and_exits_1_without_a_traceback(tmp_path):
    show = tmp_path / "show.yaml"
    show.write_text("title: x\nformat: demo\nteams: [{name: A, colour: red}]\n", encoding="utf-8")
    result = _main(str(show), "--headless")
    assert result.returncode == 1
    assert f"{show}:3: unknown key 'colour'" in result.stderr and "Traceback" not in result.stderr
