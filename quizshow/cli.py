"""The command line (spec/cli.md)."""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from quizshow import __version__, language, stopping
from quizshow.core.clock import SYSTEM
from quizshow.ports import follow_url, listen_port
from quizshow.resources import bundled_show, bundled_shows, copy_demo, demo_show, show_summary
from quizshow.yamlfile import Problems, decoding_pictures

if TYPE_CHECKING:
    from quizshow.config import ShowConfig


class _OneLineParser(argparse.ArgumentParser):
    """A wrong command line is one line, `quizshow: error: WHY`, and exit 2 (docs/cli.md): argparse's usage block
    before it (15 lines) buried the reason; `--help` still shows it."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = _OneLineParser(prog="quizshow", description="Run a quiz show, or check its files.",
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("show", nargs="?", type=Path,
                   help="the show file, or a bundled show's name (see --list); default: the bundled demo")
    p.add_argument("--list", action="store_true", help="list the bundled shows, one line each, then exit")
    p.add_argument("--copy-demo", type=Path, default=None, metavar="DIR",
                   help="copy the bundled shows, packs and themes into DIR to edit, then exit")
    p.add_argument("--check", nargs="+", type=Path, metavar="FILE", help="validate show and pack files")
    p.add_argument("--fullscreen", action="store_true", help="projector window full screen")
    p.add_argument("--display", type=int, default=None, metavar="N", help="projector on display N")
    p.add_argument("--console-display", type=int, default=None, metavar="M", help="console on display M")
    p.add_argument("--no-console", action="store_true", help="projector window only")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help="window size")
    p.add_argument("--headless", action="store_true", help="no windows, no sound; everything else runs")
    p.add_argument("--fresh", action="store_true", help="start over; the old journal is kept renamed")
    p.add_argument("--resume-to-damage", action="store_true",
                   help="resume a damaged journal up to its first damaged line (the whole file is copied aside)")
    p.add_argument("--journal", type=Path, default=None, metavar="PATH", help="journal file")
    p.add_argument("--osc-port", type=listen_port, default=None, metavar="P", help="OSC listen port (0 = any)")
    p.add_argument("--web-port", type=listen_port, default=None, metavar="P", help="phones' web server port (0 = any)")
    p.add_argument("--seats", action="store_true", help="print each phone seat's join link, then exit")
    p.add_argument("--new", action="store_true", help="with --seats: make new join links (the old stop working)")
    p.add_argument("--sheet", type=Path, default=None, metavar="OUT.png",
                   help="render every scene of the show's format at 1920x1080 into one contact sheet, then exit")
    p.add_argument("--export-results", type=Path, default=None, metavar="PREFIX",
                   help="write the show's results from its journal as PREFIX.<suffix>, one file for each "
                        "its format exports (e.g. PREFIX.csv and PREFIX.html)")
    p.add_argument("--report", type=Path, default=None, metavar="PREFIX",
                   help="write the report of the night from the show's journal as PREFIX.report.html and, printed "
                        "by a headless Chromium, PREFIX.report.pdf (docs/report.md)")
    p.add_argument("--season-export", type=Path, default=None, metavar="PREFIX",
                   help="with a season file: write its standings as PREFIX.csv and PREFIX.html (docs/season.md)")
    # follower screens (docs/screens.md)
    p.add_argument("--follow", type=follow_url, metavar="http://HOST:PORT",
                   help="mirror a running show on this screen (read-only)")
    p.add_argument("--passcode", metavar="P", help="with --follow: the show's devices.web.follow_passcode")
    p.add_argument("--host-view", action="store_true", help="with --follow: the host's monitor (answer, notes)")
    p.add_argument("--windowed", action="store_true", help="with --follow: a window, not full screen")
    p.add_argument("--follow-report", type=Path, metavar="FILE", help="with --follow: its state as JSON (tests)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="what is logged on stderr, each line with its time (default: info)")
    p.add_argument("--language", choices=["ru", "en"], default=None,
                   help="the screens' language (default: the show file's, else LANG's, else ru)")
    p.add_argument("--version", action="version", version=f"quizshow {__version__}")
    # SIGame packs and proof sheets (docs/siq.md)
    p.add_argument("--import", dest="import_pack", type=Path, metavar="PACK", help="convert a .siq pack to our YAML")
    p.add_argument("--proof", type=Path, metavar="PACK", help="render every question card of a pack to images")
    p.add_argument("--export-siq", type=Path, metavar="PACK", help="write a pack as a SIGame .siq (--out FILE.siq)")
    p.add_argument("--out", type=Path, metavar="DIR", help="where --import and --proof write (--export-siq: the .siq)")
    args = p.parse_args(argv)
    if (why := conflict(args)) is not None:
        p.error(why)  # the reason, exit 2
    return args


EPILOG = """\
examples:
  quizshow                              the bundled demo show («Своя игра»)
  quizshow --list                       the bundled shows, one line each
  quizshow brainring                    a bundled show by name
  quizshow --copy-demo myshows          copy the bundled shows, packs and themes to edit
  quizshow myshows/shows/svoyak.yaml --fullscreen --display 1
  quizshow pack.siq                     play a pack as it is
  quizshow --export-siq pack.yaml --out pack.siq   a pack for SIGame (docs/siq.md)
  quizshow --check show.yaml pack.yaml  validate files (FILE:LINE: message)
  quizshow show.yaml --headless --osc-port 9000 --log-level warning

exit codes:
  0  the show ended (Ctrl+Q twice, SIGINT, SIGTERM) or the files are clean
  1  errors in the files, a journal problem, no display (see the message)
  2  a wrong command line (an unknown flag, a bad value, modes that cannot go together)

documentation: docs/cli.md in the quizshow sources (all flags), docs/install.md, docs/files.md
"""

# One thing at a time: each of these does its job and exits.
MODES = {"check": "--check", "list": "--list", "copy_demo": "--copy-demo", "seats": "--seats", "sheet": "--sheet",
         "export_results": "--export-results", "import_pack": "--import", "proof": "--proof",
         "export_siq": "--export-siq", "report": "--report", "season_export": "--season-export"}


def conflict(args: argparse.Namespace) -> str | None:
    """Why the flags given cannot go together, or None."""
    modes = [flag for name, flag in MODES.items() if getattr(args, name)]
    if len(modes) > 1:
        return f"{modes[0]} and {modes[1]} cannot be used together: give one of them"
    mode = modes[0] if modes else None
    if args.out is not None and mode not in ("--import", "--proof", "--export-siq"):
        return (f"--out is where --import, --proof and --export-siq write; it does nothing "
                f"{'with ' + mode if mode else 'here'}")
    if args.new and mode != "--seats":
        return "--new makes new join links: it goes with --seats"
    if args.show is not None and mode in ("--check", "--list", "--copy-demo", "--import", "--proof", "--export-siq"):
        return f"{mode} takes no show file before it: {args.show} (to check it: --check {args.show})"
    return None


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{3,5})x(\d{3,5})", text)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1920x1080")
    return int(match[1]), int(match[2])


def find_show(path: Path | None) -> Path:
    """The show to run: the file named; else a bundled show of that name (`brainring`); none: the demo."""
    if path is None:
        return demo_show()
    if path.exists():
        return path
    return bundled_show(str(path)) or path  # not a bundled name either: the loader says it is not found


def list_shows(out: TextIO | None = None) -> int:
    """`--list`: each bundled show's name (what `quizshow NAME` runs), title and format."""
    out = out or sys.stdout
    shows = bundled_shows()
    width = max((len(show.stem) for show in shows), default=0)
    for show in shows:
        print(f"{show.stem:<{width}}  {show_summary(show)}", file=out)
    print("Run one with: quizshow NAME (e.g. quizshow brainring); "
          "copy them to edit with: quizshow --copy-demo DIR", file=out)
    return 0


def copy_demo_command(target: Path, out: TextIO | None = None) -> int:
    """`--copy-demo DIR`: the bundled shows, packs and themes copied into DIR (exit 1 if it is in the way)."""
    out = out or sys.stdout
    try:
        copy_demo(target)
    except (FileExistsError, OSError) as why:
        print(f"{target}: cannot copy the demo shows: {why}", file=sys.stderr)
        return 1
    print(f"{target}: the bundled shows, packs and themes are copied (shows/, packs/, themes/). "
          f"Run one with: quizshow {target / 'shows' / 'svoyak.yaml'}", file=out)
    return 0


def check_files(paths: list[Path], out: TextIO | None = None) -> int:
    """Validate each file as a show or a pack; print every problem; 1 if any error."""
    from quizshow.event_file import load_any as load_show  # a show or a tournament day
    from quizshow.inputs.buzzers import load_assignment
    from quizshow.packs.loader import load_pack

    out = out or sys.stdout
    problems = Problems()
    with stopping.loading(), decoding_pictures():  # each picture decoded whole, once: as the projector will
        for path in paths:
            if _looks_like_season(path):
                from quizshow.season.command import load as load_season

                load_season(path, problems)
            elif _looks_like_pack(path):
                pack = load_pack(path, problems)
                for line in pack.report[:3] if pack is not None else ():  # an imported pack: what it holds
                    print(f"{path}: {line}", file=out)
                if pack is not None:
                    from quizshow.tools.siq_tools import check_media

                    check_media(pack, problems)
            else:
                config = load_show(path, problems)
                if config is not None:  # the buzzers assigned by pressing, saved beside the show
                    load_assignment(path, [t.name for t in config.teams], problems)
    order = {str(path.resolve()): i for i, path in enumerate(paths)}
    # A pack named on the line and by the show is read twice: each of its problems is told once.
    found = list({str(p): p for p in problems.items}.values())
    for problem in sorted(found, key=lambda p: (order.get(str(p.file), len(order)), str(p.file), p.line)):
        print(problem, file=out)
    errors = sum(1 for p in found if not p.warning)
    print(f"{len(paths)} file(s) checked: {errors} error(s), {len(found) - errors} warning(s)", file=out)
    return 1 if errors else 0


def _looks_like_season(path: Path) -> bool:
    from quizshow.season.file import looks_like_season

    return looks_like_season(path)


def _looks_like_pack(path: Path) -> bool:
    from quizshow.packs.play import looks_like_pack

    return looks_like_pack(path)


def _show_or_problems(show: Path, out: TextIO) -> ShowConfig | None:
    """The show (or tournament day) to read a journal of; None once its problems are printed."""
    from quizshow.event_file import load_any as load_show  # a show or a tournament day

    problems = Problems()
    config = load_show(show, problems)
    if config is None or problems:
        for problem in problems.items:
            print(problem, file=out)
        return None
    return config


def export_results(show: Path, journal: Path | None, prefix: Path, out: TextIO | None = None) -> int:
    from quizshow.tools.export import export

    out = out or sys.stdout
    config = _show_or_problems(show, out)
    if config is None:
        return 1
    try:
        for path in export(config, journal or config.journal_path, prefix):
            print(path, file=out)
    except ValueError as why:
        print(why, file=out)
        return 1
    return 0


def report(show: Path, journal: Path | None, prefix: Path, out: TextIO | None = None) -> int:
    """`--report PREFIX`: the report of the night (quizshow/report/), from the show's journal."""
    from quizshow.report import write_report

    out = out or sys.stdout
    config = _show_or_problems(show, out)
    if config is None:
        return 1
    for path in write_report(config, journal or config.journal_path, prefix, out):
        print(path, file=out)
    return 0


LOG_FORMAT = "%(asctime)s.%(msecs)03d %(levelname)s %(name)s: %(message)s"  # 21:14:03.512 WARNING …


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format=LOG_FORMAT, datefmt="%H:%M:%S", stream=sys.stderr)
    language.choose(args.language, os.environ)  # before any file is read
    try:
        return _main(args)
    finally:
        language.reset()


def _main(args: argparse.Namespace) -> int:
    try:
        if args.list:
            return list_shows()
        if args.copy_demo:
            return copy_demo_command(args.copy_demo)
        if args.check:
            return check_files([find_show(path) for path in args.check])
        if args.follow:
            from quizshow.runtime.follow.client import run_follow

            return run_follow(args, SYSTEM)
        show = find_show(args.show)
        if _looks_like_season(show):  # a season's standings (docs/season.md), not a show
            from quizshow.season.command import run as run_season

            return run_season(args, show, SYSTEM)
        if args.seats:
            from quizshow.runtime.web.phones import print_seats

            return print_seats(show, args.journal, args.new, args.web_port)
        if args.sheet:
            return sheet(show, args.sheet)
        if args.export_results:
            return export_results(show, args.journal, args.export_results)
        if args.report:
            return report(show, args.journal, args.report)
        if args.season_export:
            print(f"--season-export takes a season file (docs/season.md); {show} is not one", file=sys.stderr)
            return 1
        if args.export_siq:
            from quizshow.tools.siq_tools import export_command

            if args.out is None:
                print("--export-siq needs --out FILE.siq", file=sys.stderr)
                return 2
            return export_command(args.export_siq, args.out)
        if args.import_pack or args.proof:
            from quizshow.tools.siq_tools import import_command, proof_command

            if args.out is None:
                print("--import and --proof need --out DIR", file=sys.stderr)
                return 2
            if args.import_pack:
                return import_command(args.import_pack, args.out)
            return proof_command(args.proof, args.out)
        from quizshow.launch import run

        return run(args, show)
    except stopping.Stopped as why:  # a signal while the files were loading: nothing was started
        print(f"{why.signal_name()}: stopped while loading", file=sys.stderr)
        return 1 if args.check else 0  # an interrupted check has not passed


def sheet(show: Path, out: Path) -> int:
    """`--sheet OUT.png`: the contact sheet of the show (display/sheet.py), headless; nothing is journalled."""
    import os

    from quizshow.packs.play import load_playable as load_show  # a show, a tournament day or a pack

    problems = Problems()
    config = load_show(show, problems)
    for problem in problems.items:
        print(problem, file=sys.stderr)
    if config is None or problems:
        print(f"{show}: fix these first", file=sys.stderr)
        return 1
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from quizshow.display.sheet import contact_sheet

    pygame.init()
    captions = contact_sheet(config, out)
    print(f"{out}: {len(captions)} pictures at 1920x1080 — " + ", ".join(caption for caption, _ in captions))
    return 0
