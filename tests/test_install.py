"""Issue 27, items 1–6: installing and running (requirements, bundled shows by name, where a journal goes,
a quiet start without sound, the windows side by side, portable calls, the command line)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV_TOOLS = {"pytest", "hypothesis", "ruff", "mypy", "playwright", "av"}


def _names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[=<>~!\[ ]", line)[0].lower())
    return names


def _code_lines(markdown: str) -> list[str]:
    """The one-line code blocks of a markdown page."""
    return re.findall(r"```\n([^\n`]+)\n```", markdown)


# --- item 1: requirements --------------------------------------------------------------------------

def test_runtime_requirements_hold_no_test_tools():
    runtime = _names(ROOT / "requirements.txt")
    assert not runtime & DEV_TOOLS and not any(n.startswith("types-") for n in runtime), runtime
    assert {"pygame-ce", "platformdirs", "filelock"} <= runtime
    dev_text = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    assert "-r requirements.txt" in dev_text.splitlines()
    assert DEV_TOOLS <= _names(ROOT / "requirements-dev.txt")


def test_package_dependencies_are_the_runtime_requirements():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {re.split(r"[=<>~!\[ ]", d)[0].lower() for d in project["dependencies"]}
    assert declared == _names(ROOT / "requirements.txt")


def test_readme_test_command_installs_the_dev_tools_and_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _code_lines(readme)
    run = next(line for line in commands if "main.py" in line)
    test = next(line for line in commands if "pytest" in line)
    assert run.startswith("pip install -r requirements.txt ")
    assert test.startswith("pip install -r requirements-dev.txt ")
    ci = [line for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#")]
    assert test in ci, "CI runs exactly the README's test command"
    assert any("chromium" in line for line in ci)


def test_readme_says_which_python_and_how_on_a_fresh_debian():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11 or newer" in readme
    assert "PEP 668" in readme
    assert "python3 -m venv .venv" in readme
    assert len(_code_lines(readme)) == 2  # a fresh machine needs only the two commands: run the demo, run the tests


# --- item 2: bundled shows by name -----------------------------------------------------------------

import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": str(tmp_path / "data-home"), **extra}


def quizshow(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`quizshow ARGS` as the installed command runs it, from a folder that is not the repository."""
    return subprocess.run([sys.executable, "-m", "quizshow", *args], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=_env(tmp_path, **env))


def run_until_live(tmp_path: Path, *args: str, headless: bool = True, **env: str) -> tuple[int, str]:
    """Start a show (headless, or on SDL's dummy video driver), wait for its «osc: listening» line (the show
    is up), stop it with SIGTERM; its exit code and everything it wrote on stderr."""
    mode = ["--headless"] if headless else []
    proc = subprocess.Popen([sys.executable, "-m", "quizshow", *args, *mode, "--osc-port", "0", "--web-port", "0"],
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tmp_path,
                            env=_env(tmp_path, **env))
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("osc: listening"):
            proc.send_signal(signal.SIGTERM)
            break
    rest, _ = proc.communicate(timeout=60)[1], None
    return proc.returncode, "".join(seen) + (rest or "")


def test_list_names_every_bundled_show_with_its_title(tmp_path):
    out = quizshow(tmp_path, "--list")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for stem, title in (("brainring", "Брейн-ринг"), ("svoyak", "Своя игра"), ("written", "Письменный квиз")):
        assert any(line.split()[0] == stem and title in line for line in lines), out.stdout
    assert len([line for line in lines if line.split()[0] in {p.stem for p in (ROOT / "shows").glob("*.yaml")}]) \
        == len(list((ROOT / "shows").glob("*.yaml")))


def test_a_bundled_show_runs_by_name_from_another_folder(tmp_path):
    journal = tmp_path / "j.jsonl"
    code, err = run_until_live(tmp_path, "brainring", "--journal", str(journal))
    assert code == 0, err
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    assert Path(header["show"]).name == "brainring.yaml", header
    assert quizshow(tmp_path, "--check", "brainring.yaml").returncode == 0  # with its suffix too
    missing = quizshow(tmp_path, "--check", "no-such-show")
    assert missing.returncode == 1 and "no-such-show" in missing.stdout


def test_copy_demo_gives_shows_to_edit_whose_paths_still_work(tmp_path):
    out = quizshow(tmp_path, "--copy-demo", "mine")
    assert out.returncode == 0, out.stderr
    shows = sorted((tmp_path / "mine" / "shows").glob("*.yaml"))
    assert {p.name for p in shows} == {p.name for p in (ROOT / "shows").glob("*.yaml")}
    assert (tmp_path / "mine" / "packs" / "svoyak-demo.yaml").is_file()
    assert (tmp_path / "mine" / "themes" / "broadcast" / "theme.yaml").is_file()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = quizshow(elsewhere, "--check", *map(str, shows))
    assert checked.returncode == 0 and " 0 error(s)" in checked.stdout, checked.stdout
    # The copy is the one used: its pack and its theme, not the package's.
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems

    config = load_show(tmp_path / "mine" / "shows" / "svoyak.yaml", Problems())
    assert config is not None
    assert config.theme.resolve() == (tmp_path / "mine" / "themes" / "broadcast").resolve()
    assert config.packs[0].path.resolve().is_relative_to((tmp_path / "mine").resolve())
    again = quizshow(tmp_path, "--copy-demo", "mine")  # nothing is overwritten
    assert again.returncode == 1 and "not empty" in again.stderr


# --- item 3: where a journal goes ------------------------------------------------------------------


def _bundled(name: str) -> Path:
    from quizshow.resources import bundled_show

    show = bundled_show(name)
    assert show is not None
    return show


def test_a_bundled_show_journals_in_the_user_data_folder_and_the_console_says_where(tmp_path, monkeypatch):
    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.yamlfile import Problems
    from tests.conftest import notices

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    config = load_show(_bundled("brainring"), Problems())
    assert config is not None
    from quizshow.userdirs import show_key

    key = show_key(_bundled("brainring"))
    expected = tmp_path / "share" / "quizshow" / "journals" / key / "brainring.journal.jsonl"
    assert config.journal_path == expected
    app = ShowApp(config, sound=False, devices=False, seed=3)
    try:
        assert expected.is_file()
        told = [n.text for n in notices(app) if n.level == "info"]
        folder = str(expected.parent) + os.sep
        assert any(text == f"Журнал: {folder}" for text in told), told
    finally:
        app.close()
    beside = _bundled("brainring").parent / ".quizshow" / "brainring.journal.jsonl"
    assert not beside.exists() or beside.stat().st_mtime < expected.stat().st_mtime


def test_a_show_in_a_read_only_folder_journals_in_the_user_data_folder(tmp_path, monkeypatch):
    from quizshow import userdirs

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    show = tmp_path / "cd" / "final.yaml"
    show.parent.mkdir()
    show.write_text("title: x\n", encoding="utf-8")
    assert userdirs.journal_path(show) == show.parent / ".quizshow" / "final.journal.jsonl"  # writable: beside it
    real_access = os.access
    monkeypatch.setattr(userdirs.os, "access", lambda p, mode: Path(p) != show.parent and real_access(p, mode))
    key = userdirs.show_key(show)
    assert userdirs.journal_path(show) == tmp_path / "share/quizshow/journals" / key / "final.journal.jsonl"


def test_a_bundled_show_run_by_name_leaves_nothing_in_the_package(tmp_path):
    package_journals = ROOT / "shows" / ".quizshow" / "written.journal.jsonl"
    before = package_journals.stat().st_mtime_ns if package_journals.exists() else None
    code, err = run_until_live(tmp_path, "written")
    assert code == 0, err
    from quizshow.userdirs import show_key

    journal = tmp_path / "data-home" / "quizshow" / "journals" / show_key(_bundled("written")) / "written.journal.jsonl"
    assert journal.is_file() and str(journal) in err, err
    after = package_journals.stat().st_mtime_ns if package_journals.exists() else None
    assert after == before


# --- item 4: a quiet start without sound; the two windows side by side ------------------------------


def test_no_sound_card_is_one_clean_line_without_alsa_noise(tmp_path):
    """A machine whose ALSA has no such card (here forced: card 99): ALSA's own lines used to come first."""
    code, err = run_until_live(tmp_path, "brainring", "--journal", str(tmp_path / "j.jsonl"), headless=False,
                               SDL_AUDIODRIVER="alsa", AUDIODEV="hw:99,0")
    assert code == 0, err
    assert "ALSA lib" not in err, err
    assert err.count("no audio device") == 1, err
    assert "the show goes on silently" in err


def test_alsa_noise_is_dropped_and_other_lines_are_kept(capfd):
    import pygame

    from quizshow.outputs.sound import without_alsa_noise

    with without_alsa_noise():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        os.write(2, b"something else the operator must see\n")
        try:
            pygame.mixer.init()  # whatever the machine has: a card, none, or the dummy driver
        except pygame.error:
            pass
        finally:
            pygame.mixer.quit()
    err = capfd.readouterr().err
    assert "ALSA lib" not in err and "something else the operator must see" in err


def test_the_two_windows_sharing_a_screen_open_side_by_side():
    from quizshow.display.windows import side_by_side

    projector, console = side_by_side((3840, 1200), (1280, 720), (1280, 800))
    assert projector[0] + 1280 <= console[0]  # they do not overlap
    assert 0 <= projector[0] and console[0] + 1280 <= 3840
    # A laptop screen too narrow for both: the projector at the left edge, the console at the right one.
    projector, console = side_by_side((1920, 1080), (1280, 720), (1280, 800))
    assert projector[0] == 0 and console[0] == 1920 - 1280
    # On a second display the positions are that display's.
    projector, console = side_by_side((1920, 1080), (640, 360), (1024, 700), origin=(1920, 0))
    assert 1920 <= projector[0] and projector[0] + 640 <= console[0] and console[0] + 1024 <= 3840


def test_the_windows_open_apart_without_a_window_manager(monkeypatch):
    import argparse

    import pygame

    from quizshow.display import windows as windows_module
    from quizshow.display.windows import Windows

    pygame.display.init()  # the dummy driver: no window manager moves anything
    monkeypatch.setattr(windows_module, "_desktop", lambda index: (2560, 1440))  # one wide screen
    args = argparse.Namespace(size=(640, 360), display=None, console_display=None, fullscreen=False,
                              no_console=False)
    windows = Windows(args, "Шоу", headless=False)
    try:
        assert windows.projector is not None and windows.console is not None
        (px, _), (cx, _) = windows.projector.position, windows.console.position
        assert windows.console.size == (1280, 800)
        assert px + 640 <= cx and cx + 1280 <= 2560  # side by side, each whole on the screen
    finally:
        for window in (windows.projector, windows.console):
            if window is not None:
                window.destroy()


# --- item 5: the POSIX-only calls behind one small module each --------------------------------------


def test_the_journal_is_locked_even_where_there_is_no_fcntl(tmp_path, monkeypatch):
    """Windows has no fcntl: the journal used to go unlocked there, and two shows could write one file."""
    from quizshow.runtime.journal.file import Journal, JournalLocked

    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` fails from here on, as on Windows
    path = tmp_path / "j.jsonl"
    journal, _ = Journal.open(path, "show", seed=1)
    try:
        try:
            Journal.open(path, "show")
        except JournalLocked as why:
            assert f"in use by process {os.getpid()}" in str(why)
        else:
            raise AssertionError("a second open of a held journal was not refused")
    finally:
        journal.close()
    again, _ = Journal.open(path, "show")  # released on close
    again.close()


def test_without_o_dsync_every_journal_line_is_fsynced(tmp_path, monkeypatch):
    from quizshow.core import commands as c
    from quizshow.runtime.journal import durable
    from quizshow.runtime.journal.file import Journal

    monkeypatch.setattr(durable, "SYNC_ON_OPEN", 0)  # as on Windows
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    journal, _ = Journal.open(tmp_path / "j.jsonl", "show", seed=1)
    try:
        before = len(synced)
        journal.append(c.Go(at=1))
        journal.append(c.Go(at=2))
        assert len(synced) - before == 2  # one fsync a line
    finally:
        journal.close()


# --- item 6: the command line -----------------------------------------------------------------------

import pytest  # noqa: E402


def test_log_lines_carry_the_time_and_log_level_error_quiets_them(tmp_path):
    code, err = run_until_live(tmp_path, "written")  # a bundled show: its journal's folder is logged (INFO)
    assert code == 0, err
    assert re.search(r"^\d\d:\d\d:\d\d\.\d{3} INFO quizshow\.\S+: journal: ", err, re.M), err
    code, err = run_until_live(tmp_path, "written", "--log-level", "error")
    assert code == 0, err
    assert not re.search(r" (INFO|WARNING) quizshow", err), err
    assert "osc: listening" in err  # the port is said at every level


def test_help_shows_examples_exit_codes_and_where_the_docs_are(capsys):
    from quizshow.cli import parse_args

    with pytest.raises(SystemExit) as leaving:
        parse_args(["--help"])
    assert leaving.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text and "quizshow brainring" in text and "quizshow --check" in text
    assert "exit codes:" in text and re.search(r"^\s+2\s+a wrong command line", text, re.M)
    assert "docs/cli.md" in text
    assert "--language {ru,en}" in text and "error" in text


@pytest.mark.parametrize("argv, said", [
    (["--out", "d", "--check", "f.yaml"], "--out"),
    (["--sheet", "o.png", "--check", "f.yaml"], "--check and --sheet cannot be used together"),
    (["--import", "p.siq", "--proof", "p.siq", "--out", "d"], "--import and --proof cannot be used together"),
    (["--list", "--copy-demo", "d"], "--list and --copy-demo cannot be used together"),
    (["--seats", "--export-results", "r"], "cannot be used together"),
    (["--new"], "--new makes new join links"),
    (["show.yaml", "--list"], "--list takes no show file"),
])
def test_conflicting_modes_are_refused_with_a_clear_message_and_exit_2(argv, said, capsys):
    from quizshow.cli import parse_args

    with pytest.raises(SystemExit) as leaving:
        parse_args(argv)
    assert leaving.value.code == 2
    assert said in capsys.readouterr().err


def test_language_comes_from_the_command_line_else_the_show_else_lang(tmp_path, monkeypatch):
    from quizshow import cli, launch
    from quizshow.packs.play import load_playable
    from quizshow.yamlfile import Problems

    plain = tmp_path / "plain.yaml"  # a show that names no language
    text = (ROOT / "shows" / "svoyak.yaml").read_text(encoding="utf-8").replace("../packs/", str(ROOT / "packs") + "/")
    plain.write_text("\n".join(line for line in text.splitlines() if not line.startswith("language:")),
                     encoding="utf-8")
    russian = tmp_path / "russian.yaml"
    russian.write_text(text if "language: ru" in text else text + "\nlanguage: ru\n", encoding="utf-8")
    spoken: list[str] = []

    def fake_run(args, show):  # what the show would speak
        config = load_playable(show, Problems())
        assert config is not None
        spoken.append(config.language)
        return 0

    monkeypatch.setattr(launch, "run", fake_run)
    cases = [("plain", [], "C.UTF-8"), ("plain", [], "en_GB.UTF-8"), ("russian", [], "en_GB.UTF-8"),
             ("russian", ["--language", "en"], "ru_RU.UTF-8"), ("plain", ["--language", "ru"], "en_US")]
    for name, argv, lang in cases:
        monkeypatch.setenv("LANG", lang)
        monkeypatch.delenv("LC_ALL", raising=False)
        monkeypatch.delenv("LC_MESSAGES", raising=False)
        assert cli.main([str(tmp_path / f"{name}.yaml"), *argv]) == 0
    assert spoken == ["ru", "en", "ru", "en", "ru"]
    from quizshow.config import load_show

    config = load_show(plain, Problems())  # after the command line: back to the default
    assert config is not None and config.language == "ru"
