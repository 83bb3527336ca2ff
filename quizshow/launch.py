"""Run one show from the command line: load it (a show or a pack played directly), say what is wrong or
where it listens, prepare the process (display and sound drivers, the interpreter's switch interval, the
allocator), build the ShowApp and hand it to the window loop until the operator quits."""

from __future__ import annotations

import os
import sys
from argparse import Namespace
from pathlib import Path

from quizshow.app import ShowApp
from quizshow.runtime.journal.file import JournalError, OtherShowJournal
from quizshow.yamlfile import Problems

# While the main thread draws, a thread back from a system call (a box's port, the journal, an OSC
# socket) waits up to this long for the interpreter (the GIL; Python's default is 5 ms). Only threads
# that want it pay: the box readers and the OSC server sleep in the kernel until something arrives.
SWITCH_INTERVAL_S = 0.0001

def run(args: Namespace, show_path: Path) -> int:
    from quizshow.packs.play import console_notice, load_playable, notice, played_directly  # a show or a pack

    problems = Problems()
    config = load_playable(show_path, problems)
    for problem in problems.items:
        print(problem, file=sys.stderr)
    if config is not None and played_directly(config):
        print(notice(config), file=sys.stderr)
    if config is None or problems:
        print(f"{show_path}: the show cannot start until these are fixed", file=sys.stderr)
        return 1
    from quizshow.display.windows import no_display, say_no_display

    if not args.headless and (why := no_display(os.environ)):
        return say_no_display(why)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    from quizshow.runtime.memory.trim import tune_allocator

    tune_allocator()  # pictures freed give their memory back (runtime/memory/trim.py)
    # Gamepad buttons count even while another window (the console, a browser) has the focus.
    os.environ.setdefault("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1")
    # Window pictures go to the window system as they are (X11 shared memory, GDI). SDL's accelerated path
    # draws every flip through OpenGL, which without a GPU driver (a venue laptop's fallback, Xvfb) costs
    # 11-14 ms of CPU a flip whatever changed. Set it to 1 to get the accelerated path back (docs/performance.md).
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    import pygame

    from quizshow.outputs.sound import without_alsa_noise

    with without_alsa_noise():  # no sound card: one clean line from us, not ALSA's sixteen (outputs/sound.py)
        pygame.init()
    if not args.headless and (why := no_display(os.environ, pygame.display.get_driver())):
        pygame.quit()
        return say_no_display(why)
    try:
        app = ShowApp(config, journal_path=args.journal, fresh=args.fresh, sound=not args.headless, osc=True,
                      osc_port=args.osc_port, resume_to_damage=args.resume_to_damage, web=True,
                      web_port=args.web_port)
    except OtherShowJournal as why:  # whose it is, and the command that runs this show with its own
        from quizshow.runtime.journal.other_show import advice

        print(f"journal: {advice(why, config.path, sys.argv[0], sys.argv[1:])}", file=sys.stderr)
        return 1
    except JournalError as why:
        print(f"journal: {why}", file=sys.stderr)
        return 1
    if played_directly(config):  # the console says it too, in the show's language
        app.notice(console_notice(config), "info")
    if app.osc is not None:  # at every log level: the user must know the port (--osc-port 0)
        print("osc: listening on {}:{}".format(*app.osc.address), file=sys.stderr, flush=True)
    if app.web is not None:
        print("web: listening on {}:{}".format(*app.web.address), file=sys.stderr, flush=True)
    from quizshow.display.windows import Windows

    windows = Windows(args, config.title, headless=args.headless)
    try:
        # The projector's buffers, still layers and first picture before the first frame (issue 28).
        app.projector.start(windows.projector_target(),
                            app.engine.state, app.clock.now())
        windows.loop(app)
    finally:
        app.close()
        pygame.quit()
    return 0
