"""A played evening with phones, to look at (issue 35): a whole «Своя игра» with three phones (rebounds, an
auction, a cat, a sponsor question, the final), a «Брейн-ринг» match with two and the written quiz with four —
real pages in headless Chromium at 390×844 with touch, tapped as a player taps, and the projector's frames, as
PNGs in OUT_DIR (phones side by side with the projector, one sheet a moment):

    python tests/scripts/phones_evening.py OUT_DIR

The operator's steps are the console's commands; the players' taps, stakes and answers are the pages' own."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from quizshow.app import ShowApp  # noqa: E402
from quizshow.config import load_show  # noqa: E402
from quizshow.core import commands as c  # noqa: E402
from quizshow.formats.svoyak import commands as sc  # noqa: E402
from quizshow.formats.written import commands as wc  # noqa: E402
from quizshow.yamlfile import Problems  # noqa: E402
from tests.phones_kit import phone_app, seat_url, shipped_with_phones, web_show  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


class Evening:
    def __init__(self, app: ShowApp, browser, out: Path, teams: list[int], prefix: str) -> None:
        self.app, self.out, self.prefix, self.n = app, out, prefix, 0
        self.pages = []
        for team in teams:
            context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                          has_touch=True, is_mobile=True)
            page = context.new_page()
            page.goto(seat_url(app, team))
            self.pages.append(page)
        for page in self.pages:
            page.wait_for_selector("body:not(.phase-connecting)")
        self.wait(1.0)  # the phones' first clock samples

    def wait(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.tick()
            time.sleep(0.02)

    def do(self, *cmds: c.Command) -> None:
        for cmd in cmds:
            out = self.app.submit(cmd)
            print(f"  {type(cmd).__name__}: {'ok' if out.accepted else out.refused}")
        self.wait(0.15)

    def phase(self, i: int, name: str, timeout: float = 8.0) -> None:
        end = time.monotonic() + timeout
        while f"phase-{name}" not in (self.pages[i].get_attribute("body", "class") or ""):
            if time.monotonic() > end:
                print(f"  ! phone {i}: not {name} but {self.pages[i].get_attribute('body', 'class')}")
                return
            self.wait(0.05)

    def tap(self, i: int, selector: str = "main") -> None:
        self.pages[i].tap(selector)

    def shot(self, what: str) -> None:
        """The phones side by side, the projector's frame beside them: one sheet."""
        self.n += 1
        self.app.pump_views()
        frame = pygame.Surface((1920, 1080))
        for later in (0.0, 0.6, 1.2, 2.5):  # a transition's frames, to the picture it lands on
            self.app.projector.render(frame, self.app.engine.state.hall, self.app.now() + later)
        projector = Image.frombytes("RGB", frame.get_size(), pygame.image.tobytes(frame, "RGB")).resize((960, 540))
        phones = []
        for page in self.pages:
            path = self.out / "_phone.png"
            page.screenshot(path=str(path))
            phones.append(Image.open(path).convert("RGB"))
        width = sum(p.width for p in phones) + 10 * len(phones) + projector.width
        sheet = Image.new("RGB", (width, max(844, projector.height)), (40, 40, 40))
        x = 0
        for image in phones:
            sheet.paste(image, (x, 0))
            x += image.width + 10
        sheet.paste(projector, (x, 0))
        name = f"{self.prefix}-{self.n:02d}-{what}.png"
        sheet.save(self.out / name)
        said = [p.evaluate("document.body.className + ' | ' + (document.querySelector('#said').textContent || '')")
                for p in self.pages]
        print(f"{name}: {said}")


def svoyak(browser, out: Path, folder: Path) -> None:
    # Ёжики, Борис, Вера: three phones; windows of 30 s (the script stops to take pictures, the players do not)
    path = shipped_with_phones(folder, "phones.yaml")
    path.write_text(path.read_text(encoding="utf-8").replace(
        "preset: svoyak\n", "preset: svoyak\nrules: {answer_window_s: 30, window_after_wrong_s: 30}\n"),
        encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = web_show(config, folder / "show.jsonl")
    ev = Evening(app, browser, out, [0, 1, 2], "svoyak")
    try:
        ev.do(c.Go(at=app.now()), c.Go(at=app.now()))
        for team in range(3):
            ev.do(c.ScoreSet(at=app.now(), team=team, points=100))
        ev.shot("board")
        ev.do(sc.SelectCell(at=app.now(), theme=3, question=0), c.Go(at=app.now()))  # «Кино 10», read
        ev.shot("question-open")
        # Борис's tap. The hold is a quarter of a second, too short to photograph: for this one press it is
        # stretched to 3 s (here only) to look at what the phones and the projector show while it settles.
        hold = app.presses.hold
        app.presses.hold = lambda team, player: 3.0
        ev.tap(1)
        ev.phase(1, "pressed", 2.0)
        ev.shot("boris-pressed-settling")
        app.presses.hold = hold
        ev.phase(1, "answering")
        ev.tap(0)  # Ёжики, after Борис: refused with the reason
        ev.wait(0.3)
        ev.shot("boris-answers")
        ev.do(c.Judge(at=app.now(), correct=False))  # the rebound
        ev.phase(0, "open")
        ev.shot("rebound-open")
        ev.tap(0)
        ev.phase(0, "answering")
        ev.shot("yozh-answers-rebound")
        ev.do(c.Judge(at=app.now(), correct=True), c.Go(at=app.now()))
        # The auction: the chooser bids on its phone, the others pass at the console.
        chooser = app.engine.state.fmt.chooser
        ev.do(sc.SelectCell(at=app.now(), theme=0, question=3))
        ev.phase(chooser, "stake")
        ev.shot("auction-stake")
        ev.pages[chooser].locator("#stake-quick button").last.tap()
        ev.tap(chooser, "#stake-send")
        ev.wait(0.3)
        ev.shot("auction-bid-taken")
        while app.engine.state.phase == "auction":
            ev.do(sc.Pass(at=app.now(), team=app.engine.state.fmt.auction.current))
        ev.shot("auction-answer")
        ev.do(c.Judge(at=app.now(), correct=True), c.Go(at=app.now()))
        # The cat, to the next player, who picks its value on the phone.
        chooser = app.engine.state.fmt.chooser
        receiver = (chooser + 1) % 3
        ev.do(sc.SelectCell(at=app.now(), theme=2, question=2))
        ev.shot("cat")
        ev.do(sc.GiveCat(at=app.now(), team=receiver))
        ev.phase(receiver, "stake")
        ev.shot("cat-value")
        ev.pages[receiver].locator("#stake-quick button").last.tap()
        ev.tap(receiver, "#stake-send")
        ev.phase(receiver, "answering")
        ev.shot("cat-answer")
        ev.do(c.Judge(at=app.now(), correct=False), c.Go(at=app.now()))
        # The sponsor's question: its chooser alone.
        ev.do(sc.SelectCell(at=app.now(), theme=1, question=3))
        ev.shot("sponsor")
        ev.do(c.Go(at=app.now()))
        ev.shot("sponsor-answer")
        ev.do(c.Judge(at=app.now(), correct=True), c.Go(at=app.now()))
        # The rounds ended early, then the final: themes, stakes on the phones, typed answers, the reveal.
        while app.engine.state.phase != "final_themes":
            if app.engine.state.phase == "board" and not app.format.round_over(app.engine.state.fmt):
                ev.do(sc.EndRound(at=app.now()))
            ev.do(c.Go(at=app.now()))
        ev.shot("final-themes")
        while app.engine.state.phase == "final_themes":
            if not any(app.submit(sc.FinalRemove(at=app.now(), theme=t)).accepted for t in range(5)):
                ev.do(c.Go(at=app.now()))
        ev.wait(0.3)
        for i, page in enumerate(ev.pages):
            if "phase-stake" in (page.get_attribute("body", "class") or ""):
                page.locator("#stake-quick button").nth(i % 2).tap()
                page.tap("#stake-send")
        ev.wait(0.5)
        ev.shot("final-stakes")
        ev.do(c.Go(at=app.now()), c.TimerStart(at=app.now()))
        for i, page in enumerate(ev.pages):
            if "phase-answer" in (page.get_attribute("body", "class") or ""):
                page.tap("#answer-text")
                page.fill("#answer-text", ["Рафаэль", "Шишкин", "Левитан"][i])
                page.tap("#answer-send")
        ev.wait(0.5)
        ev.shot("final-answers")
        ev.do(c.TimerStop(at=app.now()))
        while app.engine.state.phase not in ("end", "shootout"):
            out = app.submit(c.Judge(at=app.now(), correct=True))
            if not out.accepted:
                ev.do(c.Go(at=app.now()))
            ev.wait(0.1)
        ev.wait(0.5)
        ev.shot("end")
    finally:
        app.close()


def ring_question(ev: Evening, team: int, correct: bool, shots: tuple[str, str] | None = None) -> None:
    """«Время!», the team's phone lights and is tapped, it answers, the verdict."""
    ev.do(c.TimerStart(at=ev.app.now()))
    ev.phase(team, "open")
    if shots:
        ev.shot(shots[0])
    ev.tap(team)
    ev.phase(team, "answering")
    if shots:
        ev.shot(shots[1])
    ev.do(c.Judge(at=ev.app.now(), correct=correct))


def brainring(browser, out: Path, folder: Path) -> None:
    app = phone_app(folder, "brainring.yaml")
    ev = Evening(app, browser, out, [0, 1], "ring")
    try:
        ev.do(c.Go(at=app.now()), c.Announce(at=app.now()))
        ev.shot("attention")
        ring_question(ev, 0, correct=False, shots=("time", "alpha-answers"))
        ev.phase(1, "open")
        ev.shot("beta-rebound")
        ev.tap(1)
        ev.phase(1, "answering")
        ev.do(c.Judge(at=app.now(), correct=True))
        ev.shot("beta-right")
        while app.engine.state.phase != "result":  # the rest of the match: Альфа answers each
            ev.do(c.Go(at=app.now()))
            if app.engine.state.phase == "ready":
                ev.do(c.Announce(at=app.now()))
                ring_question(ev, 0, correct=True)
        ev.wait(0.3)
        ev.shot("result")
    finally:
        app.close()


def written(browser, out: Path, folder: Path) -> None:
    app = phone_app(folder, "written-phones.yaml")
    ev = Evening(app, browser, out, [0, 1, 2, 3], "written")
    t = app.now()
    try:
        ev.do(c.Go(at=app.now()))
        for i, page in enumerate(ev.pages):
            page.wait_for_selector("body.phase-answer")
            page.tap("#answer-text")
            page.fill("#answer-text", ["Гагарин", "Юрий Гагарин", "Титов", "Гагарин Ю."][i])
            page.tap("#answer-send")
        ev.wait(0.4)
        ev.shot("question-typed")
        t = app.now()
        ev.do(c.Go(at=t), c.Tick(at=t + 61), c.Tick(at=t + 72))
        for team in (0, 1, 3):
            ev.do(wc.Mark(at=t + 73, team=team, number=0, correct=True))
        ev.shot("marked-before-results")
        t += 80
        while app.engine.state.phase != "results":  # the rest of tour 1: each question, its minute, its sheets
            ev.do(c.Go(at=t))
            if app.engine.state.phase == "question":
                ev.do(c.Go(at=t + 1), c.Tick(at=t + 62), c.Tick(at=t + 73))
            t += 80
        ev.shot("results")
        ev.do(c.Go(at=t + 1))
        ev.shot("tour2-author")
    finally:
        app.close()


def main(out: Path) -> None:
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS, headless=True)
        try:
            for name, play in (("svoyak", svoyak), ("ring", brainring), ("written", written)):
                folder = Path(tmp) / name
                folder.mkdir()
                print(f"--- {name}")
                play(browser, out, folder)
        finally:
            browser.close()
    (out / "_phone.png").unlink(missing_ok=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
