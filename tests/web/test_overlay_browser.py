"""Issue 26: the broadcast overlay in a real headless Chromium (Debian's /usr/bin/chromium, driven by
`playwright`; no browser is downloaded), as OBS's browser source would show it: the page in an iframe
over a bright green page, scores changed over the real OSC server, the screenshot's pixels and text
checked. Screenshots (1920×1080) go to $OVERLAY_SHOTS (default: the test's folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from pythonosc.udp_client import SimpleUDPClient

from quizshow.app import ShowApp
from quizshow.config import load_show
from quizshow.core import commands as c
from quizshow.yamlfile import Problems
from tests.browser_kit import chromium
from tests.conftest import ROOT
from tests.phones_kit import show_file

GREEN = (0, 255, 0)


def make_app(tmp_path: Path, language: str) -> ShowApp:
    path = show_file(tmp_path, 4)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title: "Телефоны"', f'title: "Телефоны"\nlanguage: {language}'), encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors
    app = ShowApp(config, journal_path=tmp_path / f"{language}.jsonl", fresh=True, sound=False, devices=False,
                  web=True, web_port=0, osc=True, osc_port=0)
    app.go_live()
    return app


def pixels(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


def rgb(surface: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    colour = surface.get_at((x, y))
    return colour.r, colour.g, colour.b


def box(page, selector: str) -> tuple[int, int, int, int]:
    """The element's box on the 1920×1080 screen (the iframe is at 0, 0)."""
    found = page.frame_locator("iframe").locator(selector).bounding_box()
    assert found is not None, selector
    return int(found["x"]), int(found["y"]), int(found["width"]), int(found["height"])


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_overlay_over_green_shows_the_score_sent_over_osc_and_lets_the_camera_through(tmp_path, language):
    app = make_app(tmp_path, language)
    shots = Path(os.environ.get("OVERLAY_SHOTS", tmp_path))
    host, port = app.web.address
    osc = SimpleUDPClient(*app.osc.address)
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            # OBS composites the page over the camera: here, over a bright green page.
            page.set_content('<body style="margin:0;background:#00ff00">'
                             f'<iframe src="http://{host}:{port}/overlay" width="1920" height="1080" '
                             'style="border:0;display:block;background:transparent"></iframe></body>')
            frame = page.frame_locator("iframe")
            overlay = page.frames[1]
            overlay.wait_for_selector("body[data-seq]")
            overlay.evaluate("""() => { window.seen = [];
                const score = document.querySelector('#scores li[data-team="1"] .score');
                new MutationObserver(() => window.seen.push(score.textContent))
                    .observe(score, {childList: true, characterData: true, subtree: true}); }""")
            osc.send_message("/quiz/team/1/score/add", 120)
            overlay.wait_for_function("document.querySelector('#scores li[data-team=\"1\"] .score').textContent"
                                      " === '120'")  # counted up to it
            seen = [int(v.replace("\u2212", "-")) for v in overlay.evaluate("window.seen")]
            assert len(seen) > 3 and seen == sorted(seen) and seen[-1] == 120  # 0 → … → 120, not a jump
            osc.send_message("/quiz/team/3/score/add", -30)
            overlay.wait_for_function("document.querySelector('#scores li[data-team=\"3\"] .score').textContent"
                                      " === '\u221230'")
            app.submit(c.Go(at=app.now()))  # the first question: its line, its clock
            app.submit(c.Buzz(at=app.now(), team=1))  # the second team answers
            overlay.wait_for_selector("#scores li[data-team='2'].answering")
            overlay.wait_for_function("document.getAnimations().every(a => a.playState !== 'running' "
                                      "|| a.effect.getTiming().iterations === Infinity)")
            shot = shots / f"overlay-{language}.png"
            page.screenshot(path=str(shot))
            image = pixels(shot)

            words = {"ru": ("Отвечает:", "Вопрос 1 из"), "en": ("Answering:", "Question 1 of")}[language]
            assert frame.locator("#answering-label").text_content() == words[0]
            assert frame.locator("#answering-name").text_content() == "Бета"
            assert frame.locator("#line-text").text_content().startswith(
                "Раунд 1" if language == "ru" else "Round 1")
            assert words[1] in frame.locator("#line-text").text_content()
            assert frame.locator("#clock-text").text_content().startswith("0:")

            # The camera shows through everywhere but the graphics.
            for x, y in ((960, 540), (30, 30), (1890, 1050), (960, 300), (1500, 900)):
                assert rgb(image, x, y) == GREEN, (x, y)
            # The score strip is drawn, opaque, with the score in the theme's gold.
            x, y, w, h = box(page, "#scores li[data-team='1']")
            assert (x, y) == (96, 54) and h == 84
            inside = [rgb(image, px, py) for px in range(x + 12, x + w - 4, 3) for py in range(y + 6, y + h - 6, 3)]
            assert not any(p == GREEN for p in inside)
            sx, sy, sw, sh = box(page, "#scores li[data-team='1'] .score")
            gold = [p for p in (rgb(image, px, py) for px in range(sx, sx + sw) for py in range(sy, sy + sh))
                    if p[0] > 200 and 150 < p[1] < 230 and p[2] < 120]
            assert len(gold) > 150  # «120» in gold, as the projector writes scores
            # The negative score in the theme's «negative» pink, the clock top right, the lower third.
            cx, cy, cw, ch = box(page, "#clock")
            assert abs(cx + cw - (1920 - 96)) <= 1 and cy == 54
            lx, ly, lw, lh = box(page, "#line")
            assert lx == 96 and abs(ly + lh - (1080 - 54)) <= 1
            for selector in ("#scores li[data-team='1'] .name", "#answering-name", "#line-text"):
                fits = frame.locator(selector).evaluate("e => e.scrollWidth <= e.clientWidth")
                assert fits, selector  # no text cut

            # The projector blanked: the stream shows the camera alone.
            app.submit(c.ViewBlank(at=app.now(), on=True))
            overlay.wait_for_selector("body.blank")
            overlay.wait_for_function("getComputedStyle(document.getElementById('stage')).opacity === '0'")
            page.screenshot(path=str(shots / f"overlay-{language}-blank.png"))
            blank = pixels(shots / f"overlay-{language}-blank.png")
            assert all(rgb(blank, px, py) == GREEN for px, py in ((x + 20, y + 20), (lx + 20, ly + 20)))
            app.submit(c.ViewBlank(at=app.now(), on=False))

            # A 1280×720 source: the same picture, scaled (the strip at 96·⅔ = 64 px).
            small = browser.new_page(viewport={"width": 1280, "height": 720})
            small.goto(f"http://{host}:{port}/overlay")
            small.wait_for_selector("body[data-seq]")
            strip = small.locator("#scores li[data-team='1']").bounding_box()
            assert strip is not None and round(strip["x"]) == 64 and round(strip["height"]) == 56
            small.close()

            # One element alone: the clock only.
            page.set_content('<body style="margin:0;background:#00ff00">'
                             f'<iframe src="http://{host}:{port}/overlay?layout=clock" width="1920" height="1080" '
                             'style="border:0;display:block"></iframe></body>')
            page.frames[1].wait_for_selector("body[data-seq]")
            assert not frame.locator("#scores").is_visible() and not frame.locator("#lower").is_visible()
            assert frame.locator("#clock").is_visible()
    finally:
        app.close()


TEN = ["Анна", "Борис", "Вера", "Глеб", "Интеллектуальные ёжики", "Команда с очень длинным названием",
       "Жанна", "Зоя", "Игорь", "Константин Константинопольский"]


@pytest.mark.slow
def test_ten_players_fit_in_rows_clear_of_the_clock_and_the_round_line_names_the_board_theme(tmp_path):
    """«Своя игра» with ten players and long names: a few rows, clear of the clock, no name cut; a cell
    opened gives «Раунд 1 · <theme> · <value>» as on the board."""
    from quizshow.formats.svoyak import commands as sc

    path = tmp_path / "ten.yaml"
    teams = "".join(f'  - {{name: "{name}"}}\n' for name in TEN)
    path.write_text(f'title: "Своя игра"\nformat: svoyak\npreset: svoyak\n'
                    f'pack: "{ROOT / "packs" / "svoyak-demo.yaml"}"\n'
                    f'teams:\n{teams}devices:\n  web: {{listen: "127.0.0.1:0"}}\n', encoding="utf-8")
    problems = Problems()
    config = load_show(path, problems)
    assert config is not None and not problems.errors, [str(p) for p in problems.items]
    app = ShowApp(config, journal_path=tmp_path / "ten.jsonl", fresh=True, sound=False, devices=False,
                  web=True, web_port=0)
    app.go_live()
    shots = Path(os.environ.get("OVERLAY_SHOTS", tmp_path))
    host, port = app.web.address
    try:
        while app.engine.state.phase != "board":
            assert app.submit(c.Go(at=app.now())).accepted
        for team, points in ((4, 200), (5, -100), (9, 1200)):
            app.submit(c.ScoreSet(at=app.now(), team=team, points=points))
        assert app.submit(sc.SelectCell(at=app.now(), theme=1, question=2)).accepted
        theme = app.format.game.rounds[0].round.themes[1].name
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.set_content('<body style="margin:0;background:#00ff00">'
                             f'<iframe src="http://{host}:{port}/overlay" width="1920" height="1080" '
                             'style="border:0;display:block"></iframe></body>')
            overlay = page.frames[1]
            overlay.wait_for_selector("body[data-seq]")
            overlay.wait_for_function("document.querySelector('#scores li[data-team=\"10\"] .score').textContent"
                                      " === '1200'")
            overlay.wait_for_function("document.getAnimations().every(a => a.playState !== 'running' "
                                      "|| a.effect.getTiming().iterations === Infinity)")
            page.screenshot(path=str(shots / "overlay-ten.png"))
            frame = page.frame_locator("iframe")
            line = frame.locator("#line-text").text_content()
            assert line.startswith("Раунд 1") and theme in line and "очк" in line
            boxes = [box(page, f"#scores li[data-team='{n}']") for n in range(1, 11)]
            assert len({y for _, y, _, _ in boxes}) <= 3  # rows, not a wall over the camera
            clock_x = box(page, "#clock")[0] if frame.locator("#clock").is_visible() else 1920 - 96 - 224
            assert all(x + w < clock_x - 20 for x, _, w, _ in boxes)
            for n in range(1, 11):
                fits = frame.locator(f"#scores li[data-team='{n}'] .name").evaluate(
                    "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1")
                assert fits, TEN[n - 1]
    finally:
        app.close()
