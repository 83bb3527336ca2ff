"""QA wave 6, «Своя игра» played under Xvfb: buttons that offered what the rules refuse or
named a stake that was not the one paid, a final stake button that read «Ставка 0», override buttons with
nothing left to choose, a contestant out of the shoot-out not marked out, a lone finalist's win unexplained,
the wrong-answer banner past the question card, and standings where everyone on 0 was gold."""

from __future__ import annotations

import pygame

from quizshow.app import Action, ShowApp
from quizshow.core import commands as c
from quizshow.formats.svoyak import commands as sc
from tests.conftest import svoyak_config
from tests.console_traps_kit import svoyak_at_the_stakes
from tests.svoyak_bid_kit import NOMINAL, auction_opened, frame
from tests.svoyak_final_kit import _texts


def _offered(app: ShowApp, at: float, team: int) -> set[str]:
    """The actions the console's buttons offer `team` in one real frame."""
    frame(app, at)
    return {call.name for _, call in app.console.buttons if call.args == (team,)}


# --- 1. the auction's opener below the nominal plays the nominal: no «Ва-банк 20» --------------------------

def test_an_opener_below_the_nominal_is_not_offered_an_all_in_that_would_pay_the_nominal(tmp_path):
    app = auction_opened(tmp_path, opener_score=20)
    try:
        said = frame(app, 30.0)
        assert not any(text.startswith("Ва-банк") for text in said), said
        assert f"Ставка {NOMINAL}" in said
        assert "allin" not in _offered(app, 30.1, 2)
    finally:
        app.close()


def test_an_all_in_from_an_opener_below_the_nominal_is_journalled_as_the_nominal_bid(tmp_path):
    app = auction_opened(tmp_path, opener_score=20)
    try:
        out = app.action(Action("allin", 30.5, "console", (2,)))  # a key or a remote may still send it
        assert out is not None and out.accepted, out.refused if out else None
        auction = app.engine.state.fmt.auction
        assert auction.bid == NOMINAL and not auction.all_in
        line = app.console.journal[-1][1]
        assert line == f"Вера: ставка {NOMINAL}", line
    finally:
        app.close()


# --- 2. the opener cannot pass on the first bid: no «Пас» then ---------------------------------------------

def test_the_opener_is_not_offered_a_pass_on_the_first_bid(tmp_path):
    app = auction_opened(tmp_path, opener_score=100)
    try:
        assert _offered(app, 30.0, 2) == {"bid", "allin"}
        assert app.submit(c.ScoreSet(at=30.2, team=0, points=500)).accepted  # Анна can beat the opener
        assert app.action(Action("bid", 30.5, "console", (2,))).accepted
        nxt = app.engine.state.fmt.auction.current
        assert "pass" in _offered(app, 31.0, nxt)  # the others may pass
    finally:
        app.close()


# --- 3. the final's stake buttons read a stake the rules take ----------------------------------------------

def test_a_final_stake_button_with_nothing_typed_reads_and_stakes_the_lowest_stake(tmp_path):
    app = svoyak_at_the_stakes(tmp_path)
    try:
        said = _texts(app)
        assert "Ставка 0" not in said, said
        assert said.count("Ставка 1") == 3, said  # one per finalist
        assert any(text.startswith("Вера  (1…100)") for text in said), said  # the range the rules take
        out = app.action(Action("stake", 2.0, "console", (2,)))
        assert out is not None and out.accepted, out.refused if out else None
        assert dict(app.engine.state.fmt.final.stakes)[2] == 1
        for digit in "75":
            app.action(Action("amount", 2.1, args=(digit,)))
        assert _texts(app).count("Ставка 75") == 3  # what is typed, as before
    finally:
        app.close()


# --- 4. the final's last theme: nobody is left to choose who removes ----------------------------------------

def test_with_the_last_final_theme_left_no_remover_buttons_are_offered(tmp_path):
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        for team, points in enumerate((300, 200, 100)):
            assert app.submit(c.ScoreSet(at=at, team=team, points=points)).accepted
        while e.state.phase != "final_themes":
            nxt = app.format.next_action(e.state).key
            assert app.submit(sc.EndRound(at=at) if nxt == "next.pick_cell" else c.Go(at=at)).accepted
            at += 1
        for theme in range(len(app.format.game.final_themes) - 1):
            assert app.submit(sc.FinalRemove(at=at, theme=theme)).accepted
        assert e.state.phase == "final_themes"  # the last theme left, Next goes to the stakes
        assert "Осталась одна тема — Далее: ставки" in _texts(app)
        assert not [call for _, call in app.console.buttons if call.name == "pick"], "a remover to choose, for nothing"
    finally:
        app.close()


# --- 5. the shoot-out: a contestant not in it is marked out on the console ----------------------------------

def test_a_contestant_not_in_the_shootout_has_the_hollow_ring_on_the_console(tmp_path, monkeypatch):
    app = ShowApp(svoyak_config(), journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        e, at = app.engine, 1.0
        for team, points in enumerate((50, 50, 40)):  # Анна and Борис tied, no finalist changes it
            assert app.submit(c.ScoreSet(at=at, team=team, points=points)).accepted
        while e.state.phase != "final_themes":
            nxt = app.format.next_action(e.state).key
            assert app.submit(sc.EndRound(at=at) if nxt == "next.pick_cell" else c.Go(at=at)).accepted
            at += 1
        theme = 0
        while e.state.phase == "final_themes":
            app.submit(sc.FinalRemove(at=at, theme=theme))
            theme += 1
            if app.format.next_action(e.state).key == "next.stakes":
                assert app.submit(c.Go(at=at)).accepted
        for team in (0, 1, 2):
            assert app.submit(sc.FinalStake(at=at, team=team, amount=10)).accepted
        while e.state.phase != "shootout":
            if app.format.next_action(e.state).key == "next.judge_first":
                assert app.submit(c.Judge(at=at, correct=True)).accepted
            else:
                assert app.submit(c.Go(at=at)).accepted, app.format.next_action(e.state).key
            at += 1
        assert app.submit(c.Go(at=at)).accepted and e.state.phase == "question"
        assert not app.submit(c.Buzz(at=at + 0.5, team=2)).accepted  # Вера does not play it
        rings: list[tuple[tuple[int, int, int], int]] = []
        circle = pygame.draw.circle

        def spy(surface, color, center, radius, width=0, *rest):
            rings.append((tuple(pygame.Color(color))[:3], width))
            return circle(surface, color, center, radius, width, *rest)

        monkeypatch.setattr(pygame.draw, "circle", spy)
        vera = app.engine.state.teams[2]
        colour = tuple(app.console.theme.team_color(2, vera.color))[:3]
        frame(app, at + 1.0)
        assert (colour, 2) in rings, rings  # hollow: out of this question
        assert 2 in app.format.buttons_locked(e.state)  # her lamp stays off
    finally:
        app.close()


# --- 6. the one finalist loses the stake down to the others' 0: why she wins, and no shoot-out --------------

def test_a_sole_finalist_on_a_level_with_the_others_wins_and_next_and_the_card_say_why(tmp_path):
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from quizshow.formats.svoyak.spec import SPEC
    from tests.conftest import ok, views_of, words_of
    from tests.svoyak_rules_kit import final_engine

    e = final_engine([0, 30, -10])  # only Борис plays the final
    assert e.state.fmt.final.order == (1,)
    for theme in range(4):
        ok(e, sc.FinalRemove(at=7, theme=theme))
    ok(e, c.Go(at=8))
    ok(e, sc.FinalStake(at=9, team=1, amount=30))
    for at in (10, 11, 12):  # the question, «Время!», the reveal
        ok(e, c.Go(at=at))
    ok(e, c.Judge(at=13, correct=False))  # 30 − 30: Борис 0, level with Анна's 0
    ok(e, c.Go(at=14))
    assert e.state.phase == "final_answer"
    nxt = e.format.next_action(e.state).key  # no shoot-out: only finalists compete
    assert words_of(SPEC.name).say(nxt) == "Объявить победителя (в финале играл один — перестрелки нет)"
    assert words_of(SPEC.name, "en").say(nxt) == "Announce the winner (one finalist: no shoot-out)"
    ok(e, c.Go(at=17))
    assert e.state.phase == "end" and e.format.winner(e.state) == [1]
    shown = Projector(e.format, load_theme(svoyak_config().theme), "Своя игра", words_of(e.format),
                      views=views_of(e.format))
    surface = pygame.Surface((1920, 1080))
    texts: list[str] = []
    fit = shown.text.fit
    shown.text.fit = lambda words, *a, **k: (texts.append(words), fit(words, *a, **k))[1]  # type: ignore[method-assign]
    shown.start(surface, e.state, 20.0)
    for i in range(60):
        shown.render(surface, e.state, 20.0 + i / 30)
    assert "Единственный участник финала" in texts, texts
    assert "Борис" in texts and "ПОБЕДИТЕЛЬ" in texts


def test_a_sole_finalist_ahead_of_everyone_wins_with_no_word_added():
    from tests.svoyak_rules_kit import final_engine, through_final

    e = final_engine([0, 30, -10])
    through_final(e, {1: 10}, {1: True})
    assert e.state.phase == "end" and not e.format.sole_finalist_wins(e.state)


# --- 7. projector cosmetics: the wrong-answer banner on its card; equal scores share a place -----------------

def _settled(engine, at: float, size=(1920, 1080)):
    """The projector's picture of the engine's state once its springs have settled, and the projector."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of

    shown = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                      views=views_of(engine.format))
    surface = pygame.Surface(size)
    shown.start(surface, engine.state, at)
    for i in range(30):
        shown.render(surface, engine.state, at + i / 30)
    return surface, shown


def test_the_wrong_answer_banner_stays_on_the_question_card_clear_of_the_clock_column():
    from quizshow.display.scenes import widgets
    from tests.tv_walk_kit import _at, _walk_to

    engine = _walk_to("wrong")
    assert engine.state.banner is not None and engine.state.banner.text_key == "banner.wrong"
    at = _at(engine) + 0.1
    surface, shown = _settled(engine, at)
    frame = shown.frame(engine.state, at + 1.0, surface.get_size())
    scene = shown.scene(engine.state)
    box = scene._layout(frame)
    y = widgets.banner_rect(frame, box.strip).centery  # the band's height on the picture
    accent = pygame.Color(frame.color("accent"))

    def yellow(x: int) -> bool:
        got = surface.get_at((x, y))
        return all(abs(a - b) <= 40 for a, b in zip(got[:3], accent[:3], strict=True))

    # In the picture: the band's yellow never reaches past the card's right edge into the clock's column.
    assert not any(yellow(x) for x in range(box.card.right + frame.u(8), frame.size[0], 4)), "banner past the card"
    band = widgets.banner_rect(frame, box.strip, box.card)
    assert box.card.left <= band.left and band.right <= box.card.right, (band, box.card)
    assert abs(band.centerx - box.card.centerx) <= 1  # centred on the card
    assert yellow(band.left + frame.u(40)) and yellow(band.right - frame.u(40))


def _standings_rows(engine):
    """The standings card's places as drawn, the card and its frame."""
    from quizshow.display.projector.projector import Projector
    from quizshow.display.scenes.cards import StandingsCard
    from quizshow.display.theme import load_theme
    from tests.conftest import views_of, words_of

    shown = Projector(engine.format, load_theme(svoyak_config().theme), "Своя игра", words_of(engine.format),
                      views=views_of(engine.format))
    texts: list[str] = []
    fit = shown.text.fit
    shown.text.fit = lambda words, *a, **k: (texts.append(words), fit(words, *a, **k))[1]  # type: ignore[method-assign]
    frame = shown.frame(engine.state, 10.0, (1920, 1080))
    card = StandingsCard().card(frame)
    numbers = [t for t in texts if t.isdigit()]  # each row: its place, then its score
    places = numbers[0::2]
    return places, card, frame


def test_standings_with_everyone_level_share_the_first_place_and_none_is_gold():
    from quizshow.display.scenes.cards import standing_places
    from tests.conftest import svoyak_engine

    engine = svoyak_engine()
    assert engine.dispatch(c.Go(at=1.0)).accepted
    places, gold = standing_places(engine.state)
    assert list(places.values()) == [1, 1, 1] and gold == set()
    drawn, card, frame = _standings_rows(engine)
    assert drawn[:3] == ["1", "1", "1"], drawn
    # No row's edge is gold: the left end of each row's top edge, below the card's heading.
    accent = pygame.Color(frame.color("accent"))
    golds = 0
    for y in range(frame.u(130), card.get_height() - frame.u(30)):
        got = card.get_at((card.get_width() // 2, y))
        golds += all(abs(a - b) <= 30 for a, b in zip(got[:3], accent[:3], strict=True))
    assert golds == 0, "a gold row edge with nobody leading"


def test_standings_share_a_place_between_equal_scores_and_gild_the_real_leader():
    from quizshow.display.scenes.cards import standing_places
    from tests.conftest import svoyak_engine

    engine = svoyak_engine()
    for team, points in enumerate((30, 50, 30)):
        assert engine.dispatch(c.ScoreSet(at=1.0, team=team, points=points)).accepted
    places, gold = standing_places(engine.state)
    assert places == {0: 2, 1: 1, 2: 2} and gold == {1}
    drawn, _, _ = _standings_rows(engine)
    assert drawn[:3] == ["1", "2", "2"], drawn


def test_next_on_the_auction_says_what_the_bidder_may_do_as_its_buttons_do(tmp_path):
    """ДАЛЕЕ names what the buttons offer (QA 8: «Ставка, пас или ва-банк» beside a lone «Ставка 40»): an opener
    below the nominal bids the nominal; an opener above it bids or goes all-in (no pass); the others any."""
    below = auction_opened(tmp_path / "below", opener_score=20)
    try:
        assert below.format.next_action(below.engine.state).key == "next.bid_nominal"
        assert "ДАЛЕЕ: «Ставка по номиналу (очков меньше номинала)»" in frame(below, 30.0)
    finally:
        below.close()
    above = auction_opened(tmp_path / "above", opener_score=100)
    try:
        assert above.format.next_action(above.engine.state).key == "next.bid_first"
        assert above.submit(c.ScoreSet(at=30.2, team=0, points=500)).accepted
        assert above.action(Action("bid", 30.5, "console", (2,))).accepted
        assert above.format.next_action(above.engine.state).key == "next.bid"
    finally:
        above.close()
