"""The phone page's stake screens in a real headless Chromium at 390×844 with touch (issue 35, items 5–6): a
bid's quick values are real choices (no «½» that is the minimum), a taken bid stays on screen, the cat's value
screen is titled as what it is and offers its legal values only. Screenshots go to $PHONE_SHOTS."""

from __future__ import annotations

import os
from pathlib import Path

from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.browser_kit import chromium
from tests.phones_kit import phone_app, seat_url


def phone(browser, url: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body.phase-idle")
    return page


def quick(page) -> list[tuple[str, str]]:
    return [(b.locator("b").text_content(), b.locator("small").text_content())
            for b in page.locator("#stake-quick button").all()]


def test_the_bid_offers_real_choices_keeps_a_taken_bid_and_the_cat_offers_its_values(tmp_path):
    app = phone_app(tmp_path, "phones.yaml")
    shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    try:
        for cmd in (c.Go(at=app.now()), c.Go(at=app.now())):
            assert app.submit(cmd).accepted
        opener = app.engine.state.fmt.chooser
        for team in range(3):
            assert app.submit(c.ScoreSet(at=app.now(), team=team, points=80 if team == opener else 300)).accepted
        with chromium() as browser:
            page = phone(browser, seat_url(app, opener))
            assert app.submit(sc.SelectCell(at=app.now(), theme=0, question=3)).accepted  # the auction: 40 to 80
            page.wait_for_selector("body.phase-stake")
            assert page.locator("#stake-title").text_content() == "Ваша ставка"
            assert quick(page) == [("40", "минимум"), ("80", "максимум")]  # ½ of 80 is the minimum: no «½»
            page.screenshot(path=str(shots / "phone-bid.png"))
            page.locator("#stake-quick button").nth(1).tap()
            page.locator("#stake-send").tap()
            page.wait_for_selector("body.phase-idle")
            # The screen's own headline (the state's `held`), not the passing «Ставка принята» line under it.
            assert page.locator("#idle-title").text_content() == "Ваша ставка: 80"
            page.screenshot(path=str(shots / "phone-bid-held.png"))
            while app.engine.state.phase == "auction":
                assert app.submit(sc.Pass(at=app.now(), team=app.engine.state.fmt.auction.current)).accepted
            assert app.submit(c.Judge(at=app.now(), correct=True)).accepted
            assert app.submit(c.Go(at=app.now())).accepted
            # The cat: given to the next player, who chooses its value from the round's two.
            receiver = (opener + 1) % 3
            cat = phone(browser, seat_url(app, receiver))
            assert app.submit(sc.SelectCell(at=app.now(), theme=2, question=2)).accepted
            assert app.submit(sc.GiveCat(at=app.now(), team=receiver)).accepted
            cat.wait_for_selector("body.phase-stake")
            assert cat.locator("#stake-title").text_content() == "Стоимость вопроса"
            assert quick(cat) == [("10", "стоимость"), ("40", "стоимость")]
            assert cat.locator("#stake-value").get_attribute("readonly") is not None  # chosen, never typed
            cat.screenshot(path=str(shots / "phone-cat.png"))
            cat.locator("#stake-quick button").nth(1).tap()
            cat.locator("#stake-send").tap()
            cat.wait_for_selector("body.phase-answering")
            assert app.format.value(app.engine.state) == 40
    finally:
        app.close()
