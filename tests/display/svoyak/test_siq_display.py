"""SIGame packs on the projector: the answer's own picture at the reveal, a media-only card, empty cells on the
board, the proof sheet (real frames, pixels checked)."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from quizshow.core import commands as c
from quizshow.display.projector.projector import Projector
from quizshow.display.svoyak.scenes import board_grid
from quizshow.display.theme import load_theme
from quizshow.formats.svoyak import commands as sc
from quizshow.packs.siq import load_siq
from quizshow.yamlfile import Problems
from tests import siq_kit as k
from tests import svoyak_kit as kit
from tests.conftest import ok, svoyak_config, views_of, words_of
from tests.siq_samples_kit import SAMPLES

RED = (255, 0, 0)


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZSHOW_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def theme():
    return load_theme(svoyak_config().theme)


def solid_png(path: Path, color: tuple[int, int, int]) -> bytes:
    surface = pygame.Surface((64, 48))
    surface.fill(color)
    pygame.image.save(surface, str(path))
    return path.read_bytes()


def share(surface: pygame.Surface, color: tuple[int, int, int]) -> float:
    """The share of the frame's pixels that are exactly `color`."""
    small = pygame.transform.scale(surface, (192, 108))
    hits = sum(1 for x in range(192) for y in range(108) if small.get_at((x, y))[:3] == color)
    return hits / (192 * 108)


def test_the_answer_picture_appears_only_at_the_reveal_and_a_picture_question_fills_the_card(tmp_path, theme):
    red = solid_png(tmp_path / "red.png", RED)
    blue = solid_png(tmp_path / "blue.png", (0, 0, 255))
    q1 = k.v5_q(100, items='<item>Что это?</item>', params='<param name="answer" type="content">'
                '<item type="image" isRef="True">red.png</item></param>')
    q2 = k.v5_q(200, items='<item type="image" isRef="True">blue.png</item>')
    path = k.write_siq(tmp_path / "p.siq", k.v5(k.v5_round(k.v5_theme(q1 + q2))),
                       {"Images/red.png": red, "Images/blue.png": blue})
    pack = load_siq(path, Problems())
    e = kit.engine(pack)
    projector = Projector(e.format, theme, "t", words_of(e.format), views=views_of(e.format), sound=False)
    surface = pygame.Surface((1280, 720))
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    ok(e, sc.SelectCell(at=3, theme=0, question=0))
    projector.render(surface, e.state, 10)
    projector.render(surface, e.state, 10.5)
    assert share(surface, RED) == 0
    ok(e, c.Go(at=11))
    ok(e, c.Go(at=12))  # nobody pressed: the reveal
    ok(e, c.Tick(at=20))
    assert e.state.phase == "reveal"
    projector.render(surface, e.state, 30)
    projector.render(surface, e.state, 35)
    assert share(surface, RED) > 0.05
    ok(e, c.Go(at=31))
    ok(e, sc.SelectCell(at=32, theme=0, question=1))
    projector.render(surface, e.state, 40)
    projector.render(surface, e.state, 50)  # the change of scene has played out
    assert share(surface, (0, 0, 255)) > 0.2  # no text: the picture takes the card


def test_empty_cells_are_drawn_like_played_cells_with_no_value(tmp_path, theme):
    themes = k.v5_theme(k.v5_q(100) + '<question price="-1"/>' + k.v5_q(300), "А") + k.v5_theme(k.v5_q(100), "Б")
    pack = load_siq(k.write_siq(tmp_path / "h.siq", k.v5(k.v5_round(themes))), Problems())
    e = kit.engine(pack)
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    projector = Projector(e.format, theme, "t", words_of(e.format), views=views_of(e.format), sound=False)
    surface = pygame.Surface((1920, 1080))
    projector.render(surface, e.state, 10)
    projector.render(surface, e.state, 10.5)
    projector.render(surface, e.state, 20)
    frame = projector.frame(e.state, 20, (1920, 1080))
    _, cells = board_grid(frame, 2, 3)
    played_color = tuple(frame.color("panel_played"))[:3]
    for empty in (cells[0][1], cells[1][1], cells[1][2]):
        assert surface.get_at(empty.center)[:3] == played_color
    values = [surface.get_at((cells[0][0].x + 6, cells[0][0].centery))[:3]]
    assert values[0] != played_color  # a live cell keeps its panel colour


def test_proof_sheet_of_the_pack_with_missing_media_marks_both_cards(tmp_path):
    from quizshow.tools.proof import proof

    out = io.StringIO()
    assert proof(SAMPLES / "test-v5.siq", tmp_path / "proof", out) == 0
    text = out.getvalue()
    assert "4 card(s) in 1 sheet(s)" in text and "2 problem(s) marked" in text
    assert "video missing: videoplayback (8)_2 (1).mp4" in text
    sheet = pygame.image.load(str(tmp_path / "proof" / "round-1-sheet.png"))
    assert sheet.get_at((14, 14))[:3] == (230, 60, 60)  # the red frame round the first card
    card = pygame.image.load(str(tmp_path / "proof" / "round-1" / "1-1-question.png"))
    assert card.get_size() == (1920, 1080)


def test_the_question_sound_plays_while_the_card_is_up_holds_while_someone_answers_and_the_answer_sound_follows(
        tmp_path):
    import wave

    from quizshow.outputs.media import PackMedia

    for name in ("q.wav", "a.wav"):
        with wave.open(str(tmp_path / name), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(bytes(22050 * 2))
    pygame.mixer.init()
    try:
        media = PackMedia()
        assert media.available
        question = kit.question("звук", audio=tmp_path / "q.wav", answer_audio=tmp_path / "a.wav")
        media.follow(question, "question")
        assert pygame.mixer.music.get_busy() and media.played == [tmp_path / "q.wav"]
        media.follow(question, "answering")
        assert media.paused and not pygame.mixer.music.get_busy()
        media.follow(question, "question")
        assert pygame.mixer.music.get_busy() and media.played == [tmp_path / "q.wav"]  # resumed, not restarted
        media.follow(question, "reveal")
        assert media.played == [tmp_path / "q.wav", tmp_path / "a.wav"]
        media.follow(None, "board")
        assert media.current is None and not pygame.mixer.music.get_busy()
        broken = tmp_path / "broken.mp3"
        broken.write_bytes(b"not a sound")
        media.follow(kit.question("сломан", audio=broken), "question")  # logged; the show goes on
        assert broken in media.failed
    finally:
        pygame.mixer.quit()


def first_question(pack, theme):
    """An engine on the pack's first question, its projector and a 720p surface."""
    e = kit.engine(pack)
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    ok(e, sc.SelectCell(at=3, theme=0, question=0))
    return e, Projector(e.format, theme, "t", words_of(e.format), views=views_of(e.format),
                        sound=False), pygame.Surface((1280, 720))


def near(color, target, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], target, strict=True))


def decoded_ahead(player, seconds: float = 60.0) -> None:
    """Until the decoder is ahead of the picture (its queue full, or the file done): the frames due next are
    there before show time moves on, however slow the machine (bounded)."""
    import time

    deadline = time.monotonic() + seconds
    while not (player._queue.full() or player.done):
        assert time.monotonic() < deadline, f"the decoder is not ahead after {seconds:g} s"
        time.sleep(0.001)


def play(player, until: float, step: float = 0.04):
    """Frames at 25 per second of show time, each once the decoder is ahead of it."""
    t, surface = 0.0, None
    while t <= until:
        decoded_ahead(player)
        surface = player.surface(t) or surface
        t += step
    return surface


def test_video_is_decoded_in_a_worker_and_shown_at_its_own_frame_rate(tmp_path):
    from quizshow.display.video import VideoPlayer

    path = k.make_video(tmp_path / "clip.mp4")
    player = VideoPlayer(path, (640, 480), sound=False)
    try:
        first = play(player, 0.5)
        assert first.get_size() == (640, 480) and near(first.get_at((20, 20)), RED)
        later = play(player, 1.0)  # 1.5 s in: the blue second
        assert near(later.get_at((20, 20)), (0, 0, 255))
    finally:
        player.stop()


def test_an_undecodable_video_is_a_warning_at_check_and_a_placeholder_on_air_never_a_crash(tmp_path, theme):
    import time

    from quizshow.cli import check_files

    q = k.v5_q(100, items='<item>Смотрите</item><item type="video" isRef="True">bad.mp4</item>')
    path = k.write_siq(tmp_path / "v.siq", k.v5(k.v5_round(k.v5_theme(q))),
                       {"Video/bad.mp4": b"\x00\x00\x00\x18ftypmp42" + bytes(3000)})
    out = io.StringIO()
    check_files([path], out)
    assert f"{path}:content.xml:1: warning: video 'bad.mp4' cannot be played (cannot decode" in out.getvalue()
    pack = load_siq(path, Problems())
    e, projector, surface = first_question(pack, theme)
    started = time.monotonic()
    for i in range(20):
        projector.render(surface, e.state, 10 + i * 0.05)
    assert time.monotonic() - started < 5  # the frames go on while the worker tries (nothing waits on it)
    assert projector.video.player is not None
    decoded_ahead(projector.video.player)  # the worker has given up
    assert projector.video.player.failed
    ok(e, c.Go(at=12))
    ok(e, c.Go(at=13))
    ok(e, c.Go(at=14))  # back on the board: the video is over
    projector.render(surface, e.state, 20)
    assert projector.video.player is None


def test_a_video_question_plays_inside_the_card(tmp_path, theme):

    clip = k.make_video(tmp_path / "clip.mp4")
    q = k.v5_q(100, items='<item type="video" isRef="True">clip.mp4</item>')
    pack = load_siq(k.write_siq(tmp_path / "v.siq", k.v5(k.v5_round(k.v5_theme(q))),
                                {"Video/clip.mp4": clip.read_bytes()}), Problems())
    e, projector, surface = first_question(pack, theme)
    for i in range(30):
        projector.render(surface, e.state, 10 + i * 0.02)
        if projector.video.player is not None:
            decoded_ahead(projector.video.player)
    small = pygame.transform.scale(surface, (128, 72))
    reds = sum(1 for x in range(128) for y in range(72) if near(small.get_at((x, y)), RED))
    assert reds / (128 * 72) > 0.1  # the red first second of the clip fills the card


def test_a_video_brings_its_own_sound_through_the_mixer(tmp_path):
    import time

    from quizshow.display.video import VideoPlayer

    path = k.make_video(tmp_path / "talk.mp4", sound=True)
    pygame.mixer.init()
    try:
        player = VideoPlayer(path, (320, 240))
        deadline = time.monotonic() + 10
        while player._sound is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert player._sound is not None and 1.8 < player._sound.get_length() < 2.3
        player.surface(0.0)
        player.surface(0.1)
        assert player._channel is not None and player._channel.get_busy()
        player.surface(0.2, playing=False)  # someone answers: the sound holds with the picture
        player.stop()
        assert not player._channel.get_busy()
    finally:
        pygame.mixer.quit()


def test_a_question_that_waits_for_its_sound_opens_the_window_when_the_sound_ends_not_when_shown(tmp_path):
    """SIGame `waitForFinish`: with `window_from: shown` the window waits for the question's own sound."""
    e = kit.engine(kit.pack(kit.Round(name="r", themes=(kit.Theme(name="t", questions=(
        kit.question("звук", audio=tmp_path / "q.wav"),
        kit.question("не ждать", audio=tmp_path / "q.wav", wait=False))),))), window_from="shown")
    ok(e, c.Go(at=1))
    ok(e, c.Go(at=2))
    ok(e, sc.SelectCell(at=3, theme=0, question=0))
    assert e.state.phase == "question" and not e.state.timer.running
    ok(e, c.TimerStart(at=6))  # the sound ended (the app sends it) or the host says «Время!»
    assert e.state.timer.running
    ok(e, c.Go(at=7))
    ok(e, c.Go(at=8))
    ok(e, sc.SelectCell(at=9, theme=0, question=1))
    assert e.state.timer.running  # wait: false — the window opens with the question


def sound_show(tmp_path):
    """A headless app on a .siq show whose one question has its own sound (0.1 s of silence)."""
    from quizshow.app import ShowApp
    from quizshow.config import load_show

    with __import__("wave").open(str(tmp_path / "s.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(bytes(800))
    q = k.v5_q(100, items='<item type="audio" isRef="True">s.wav</item>')
    k.write_siq(tmp_path / "p.siq", k.v5(k.v5_round(k.v5_theme(q))), {"Audio/s.wav": (tmp_path / "s.wav").read_bytes()})
    (tmp_path / "show.yaml").write_text("title: t\nformat: svoyak\npack: p.siq\nteams: [{name: А}, {name: Б}]\n",
                                        encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors
    return ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)


def test_the_app_opens_the_window_through_the_journal_when_the_question_sound_is_over(tmp_path):
    import json

    app = sound_show(tmp_path)
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        app.submit(sc.SelectCell(at=3.0, theme=0, question=0))
        assert app.engine.state.phase == "question" and not app.engine.state.fmt.read
        assert app.media.played == [app.format.current(app.engine.state).audio]
        app.tick()  # no sound device: the sound counts as over at once
        assert app.engine.state.fmt.read and app.engine.state.timer.running
        types = [json.loads(line)["type"] for line in (tmp_path / "j.jsonl").read_text().splitlines()]
        assert types[-1] == "TimerStart"
    finally:
        app.close()


def test_proof_renders_every_final_theme_not_only_the_one_left_in_play(tmp_path):
    from quizshow.tools.proof import proof

    final = "".join(k.v5_theme(k.v5_q(0, f"финал {i}"), f"Ф{i}") for i in range(3))
    path = k.write_siq(tmp_path / "f.siq", k.v5(k.v5_round(k.v5_theme(k.v5_q(100))) +
                                               k.v5_round(final, "Финал", final=True)))
    out = io.StringIO()
    assert proof(path, tmp_path / "proof", out) == 0
    assert sorted(p.name for p in (tmp_path / "proof" / "final").iterdir()) == [
        f"final-{i}-{stage}.png" for i in (1, 2, 3) for stage in ("answer", "question")]
    assert (tmp_path / "proof" / "final-sheet.png").exists()


def test_the_console_shows_host_notes_author_and_source_to_the_host_only(tmp_path):
    """Author, source and comment information is kept and shown on the console for the host (issue 15):
    a row of the console's question panel, drawn with the console widgets; the projector never shows it."""
    from quizshow.app import ShowApp
    from quizshow.config import load_show
    from quizshow.display.console.question import question_rows

    (tmp_path / "p.yaml").write_text(
        'title: t\nrounds:\n  - name: r\n    themes:\n      - name: a\n        questions:\n'
        '          - {q: "Вопрос", a: "Ответ", host: "Скажите медленно", author: "Иванов", source: "БСЭ"}\n'
        '          - {q: "Второй", a: "Да"}\n', encoding="utf-8")
    (tmp_path / "show.yaml").write_text("title: t\nformat: svoyak\npack: p.yaml\nteams: [{name: А}, {name: Б}]\n",
                                        encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors, problems.items
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    surface = pygame.Surface((1280, 800))
    drawn: list[str] = []
    original = app.console.text.fit

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return original(text, *args, **kwargs)

    app.console.text.fit = spy

    def ink(cell: tuple[int, int]) -> int:
        """How many texts of the host's notes the console draws (the label and the notes)."""
        assert app.submit(sc.SelectCell(at=app.clock.now(), theme=cell[0], question=cell[1])).accepted
        drawn.clear()
        app.console.render(surface, app.clock.now(), app.status)
        return sum(1 for text in drawn if text in ("ВЕДУЩЕМУ", "Скажите медленно\nИванов · БСЭ"))

    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        with_notes = ink((0, 0))
        label, text, _ = question_rows(app.format.current(app.engine.state), app.say)[-1]
        assert app.say(label) == "ВЕДУЩЕМУ" and text == "Скажите медленно\nИванов · БСЭ"
        for _ in range(3):
            if app.engine.state.phase != "board":
                app.submit(c.Go(at=app.clock.now()))
        assert with_notes == 2 and ink((0, 1)) == 0
    finally:
        app.close()


def test_the_pack_sound_starts_on_the_window_thread_never_on_the_thread_that_delivered_the_input(tmp_path):
    """pygame.mixer is a view concern: a question opened from a box reader or the OSC server (another thread)
    starts its sound only when the window thread applies the queued view changes."""
    import threading

    app = sound_show(tmp_path)
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        other = threading.Thread(target=app.submit, args=(sc.SelectCell(at=3.0, theme=0, question=0),))
        other.start()
        other.join()
        assert app.engine.state.phase == "question" and app.media.played == []
        app.pump_views()
        assert app.media.played == [app.format.current(app.engine.state).audio]
    finally:
        app.close()


def test_the_console_draws_the_board_of_a_round_whose_themes_differ_in_length(tmp_path):
    """SIGameTest-v4.siq has themes of 10 and 12 questions: the console's board asked the shorter theme for
    its 11th cell, every console frame failed («Сбой: пульт — кадр пропущен») and the host had no board.
    A shorter theme's missing cells are empty cells of the pack (docs/siq.md)."""
    from quizshow.app import ShowApp
    from quizshow.config import load_show

    themes = k.v5_theme(k.v5_q(100) + k.v5_q(200) + k.v5_q(300), "длинная") + k.v5_theme(k.v5_q(100), "короткая")
    k.write_siq(tmp_path / "p.siq", k.v5(k.v5_round(themes)))
    (tmp_path / "show.yaml").write_text("title: t\nformat: svoyak\npack: p.siq\nteams: [{name: А}, {name: Б}]\n",
                                        encoding="utf-8")
    problems = Problems()
    config = load_show(tmp_path / "show.yaml", problems)
    assert config is not None and not problems.errors
    short = config.pack.rounds[0].themes[1].questions
    assert len(short) == 3 and [q.empty for q in short] == [False, True, True]
    app = ShowApp(config, journal_path=tmp_path / "j.jsonl", fresh=True, sound=False, seed=9)
    try:
        for at in (1.0, 2.0):
            app.submit(c.Go(at=at))
        assert app.engine.state.phase == "board"
        app.console.render(pygame.Surface((1280, 800)), app.clock.now(), app.status)
        cells = {call.args for _, call in app.console.buttons if call.name == "cell"}
        assert {(0, 2), (1, 0)} <= cells
        assert app.submit(sc.SelectCell(at=3.0, theme=1, question=2)).refused  # the padding is no question
    finally:
        app.close()
