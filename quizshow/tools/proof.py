"""`--proof PACK --out DIR`: every question card and its answer as the projector shows them at 1920×1080,
and a contact sheet per round with problems marked (docs/siq.md).

The pack is played by the scripted game (tools/autoplay.py) through the real format and the real projector;
a card is saved the first time each question shows and at its reveal.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import pygame

    from quizshow.core.format import Setup
    from quizshow.core.state import ShowState
    from quizshow.display.projector.projector import Projector
    from quizshow.display.text import TextCache
    from quizshow.display.theme import Theme
    from quizshow.display.video import VideoScreen
    from quizshow.i18n import Words
    from quizshow.packs.model import Pack, Question

SIZE = (1920, 1080)
VIDEO_WAIT_S = 3.0  # for a video card, how long to wait for its first decoded frame
THUMB = (384, 216)
SHEET_COLUMNS = 6
READABLE_PX = 40  # question text fitted below this (at 1080 lines) is hard to read from the back row
TEXT_BOX = (1420, 610)  # the question card's text area at 1080p; half as wide beside a picture
TEXT_BOX_HALF = (690, 610)
ANSWER_CARD_W = 1500  # the answer plate's width at 1080p (scenes/cards.py), its text beside the label
READABLE_ANSWER_PX = 30
WRITTEN_PACKS = (".4s", ".txt")  # ЧГК packs (chgksuite's, the question database's): the written quiz plays them


@dataclass
class Card:
    round: str
    name: str  # file name
    label: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # not a problem: a sound the still card cannot play


def question_problems(question: Question, text: TextCache) -> list[str]:
    """What an editor should look at before the event: missing or unplayable media, text shrunk too far."""
    from quizshow.display.video import probe
    from quizshow.picture_file import PictureError, decode

    found = []
    for key in ("image", "audio", "video", "answer_image", "answer_audio", "answer_video"):
        path = getattr(question, key)
        if path is None:
            continue
        if not path.exists() or path.stat().st_size == 0:
            found.append(f"{key} missing: {path.name}")
        elif key.endswith("image"):
            try:
                decode(path)  # as the projector loads it: the card shows a plate where this fails
            except PictureError as failure:
                found.append(f"{key} {path.name!r} cannot be shown: {failure}; the card shows a plate")
        elif key.endswith("video"):
            why = probe(path)
            if why is not None:
                found.append(f"{key} cannot be played ({why}): {path.name}")
    if question.web:  # the card shows a plate naming it; the hall never sees the content itself
        found.append(f"from the web, not shown: {', '.join(question.web)}")
    if question.q:
        box = TEXT_BOX_HALF if (question.image or question.video or question.audio or question.web) else TEXT_BOX
        px = text.layout(question.q, "heading", box, 76, min_px=26).px
        if px < READABLE_PX:
            found.append(f"question text shrunk to {px}px (below {READABLE_PX})")
    if question.a:  # the plate the answer card gives it (a long answer gets a taller one), at 1080 lines
        from quizshow.display.scenes.widgets import ANSWER_LABEL_W, answer_height

        height = answer_height(text, question.a, ANSWER_CARD_W, lambda v: max(1, round(v)))
        box = (ANSWER_CARD_W - ANSWER_LABEL_W, height - 16)
        if text.layout(question.a, "heading", box, 64, min_px=20).px < READABLE_ANSWER_PX:
            found.append(f"answer text shrunk below {READABLE_ANSWER_PX}px")
    return found


def question_notes(question: Question) -> list[str]:
    """What a still card cannot show but the editor should know: the sound that plays with it."""
    notes = []
    for key in ("audio", "answer_audio"):
        path = getattr(question, key)
        if path is not None and path.exists() and path.stat().st_size > 0:
            notes.append(f"{'sound' if key == 'audio' else 'answer sound'}: {path.name}")
    return notes


def proof(pack_path: Path, out: Path, stream: TextIO) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from quizshow import registry
    from quizshow.core.engine import Engine
    from quizshow.core.format import Setup
    from quizshow.core.state import Team
    from quizshow.display.projector.projector import Projector
    from quizshow.display.text import TextCache
    from quizshow.display.theme import load_theme
    from quizshow.formats import presets
    from quizshow.formats.svoyak import commands as sc
    from quizshow.formats.svoyak.model import SvoyakPhase
    from quizshow.formats.svoyak.spec import SPEC
    from quizshow.house_words import show_words
    from quizshow.packs.loader import load_pack
    from quizshow.resources import themes_dir
    from quizshow.tools.autoplay import play_to_end
    from quizshow.yamlfile import Problems

    problems = Problems()
    pack = load_pack(pack_path, problems)
    for item in problems.items:
        print(item, file=stream)
    if pack is None or problems:
        print(f"{pack_path}: no proof sheet until the errors are fixed", file=stream)
        return 1
    pygame.init()
    theme = load_theme(themes_dir() / "broadcast")
    text = TextCache(theme.fonts)
    teams = tuple(Team(name, "") for name in ("Команда 1", "Команда 2", "Команда 3"))
    setup = Setup(title=pack.title, teams=teams, rules=dict(presets()["svoyak"]["svoyak"]), pack=pack)
    spec = registry.spec("svoyak")  # a pack plays as «Своя игра» (its board, specials and final)
    words = show_words(pack.language, spec.phrases)  # the house's and the format's, as a show of the pack says
    engine = Engine(spec.make(setup), 1)
    projector = Projector(engine.format, theme, pack.title, words, text, registry.views("svoyak"),
                          sound=False)
    video = projector.video
    surface = pygame.Surface(SIZE)
    out.mkdir(parents=True, exist_ok=True)
    cards: list[tuple[Card, pygame.Surface]] = []
    shown: set[tuple] = set()
    asked: set = set()  # the pack's questions the game put on air
    fmt = SPEC.format_of(engine.format)

    def seen(e: Engine) -> None:
        state, play = e.state, SPEC.state_of(e.state)
        # a solo question opens in answering
        if state.phase in (SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING, SvoyakPhase.FINAL_QUESTION):
            stage = "q"
        elif state.phase in (SvoyakPhase.REVEAL, SvoyakPhase.FINAL_ANSWER):
            stage = "a"
        else:
            return
        final_theme = fmt.final_theme(play.final) if play.kind == "final" and play.final else None
        key = (stage, play.kind, play.round, play.cell, final_theme)
        if key in shown or (play.kind == "shootout"):
            return
        shown.add(key)
        question = fmt.current(state)
        if question is None:
            return
        asked.add(question)
        now = e.entries[-1].command.at
        projector.on_events(list(e.entries[-1].events), now)
        projector.render(surface, state, now + 10)
        projector.render(surface, state, now + 20)  # the animations settled: the still card
        waited = 0.0
        while video.player is not None and video.player.failed is None and waited < VIDEO_WAIT_S:
            if video.player.surface(now + 20, playing=False) is not None:  # its first frame is on the card
                projector.render(surface, state, now + 20)
                break
            time.sleep(0.02)
            waited += 0.02
        if play.kind == "final" and play.final is not None:
            round_name, where = "final", f"final-{(fmt.final_theme(play.final) or 0) + 1}"
        elif play.cell is not None:
            round_name, where = f"round-{play.round + 1}", f"{play.cell[0] + 1}-{play.cell[1] + 1}"
        else:
            return
        card = Card(round_name, f"{where}-{'question' if stage == 'q' else 'answer'}.png",
                    f"{where} {'Q' if stage == 'q' else 'A'}")
        if stage == "q":
            card.problems = question_problems(question, text)
            card.notes = question_notes(question)
        elif question.answer_audio is not None:
            card.notes = [n for n in question_notes(question) if n.startswith("answer")]
        folder = out / round_name
        folder.mkdir(exist_ok=True)
        pygame.image.save(surface, str(folder / card.name))
        cards.append((card, pygame.transform.smoothscale(surface, THUMB)))

    play_to_end(engine, seen=seen)
    # Every other final theme: the same game again up to the final, that theme left to play.
    commands = [entry.command for entry in engine.entries]
    start = next((i for i, entry in enumerate(engine.entries) if isinstance(entry.command, sc.FinalRemove)),
                 None)
    final_count = len(fmt.game.final_themes)
    for kept in range(final_count - 1 if start is not None else 0):  # not `theme`: the picture's theme
        branch = Engine(spec.make(setup), 1)
        branch.replay(commands[:start])
        fmt = SPEC.format_of(branch.format)
        play_to_end(branch, seen=seen, keep_final=kept)
    # The questions «Своя игра» does not put on a board (a plain list: a written quiz's tours, brain-ring,
    # a .4s pack): each on the plain question card and its answer, in reading order.
    missing = [q for q in _pack_questions(pack) if q not in asked]
    if missing and pack_path.suffix.lower() in WRITTEN_PACKS:
        print(f"{pack_path}: {len(missing)} question(s) of a ЧГК pack: proofed on the written quiz's card",
              file=stream)
        cards.extend(_written_cards(pack, setup, set(missing), theme, text, surface, out))
    elif missing:
        print(f"{pack_path}: {len(missing)} question(s) not on a board: proofed on the plain question card",
              file=stream)
        cards.extend(_plain_cards(pack, setup, words, set(missing), theme, text, surface, out, video))
    if not cards:  # nothing played: say why rather than write an empty proof
        print(f"{pack_path}: no card to proof: the pack has no question in a playing round"
              + (f" ({len(pack.reserve)} in its reserve, which is not played)" if pack.reserve else ""), file=stream)
        return 1
    rounds: dict[str, list[tuple[Card, pygame.Surface]]] = {}
    for card, thumb in cards:
        rounds.setdefault(card.round, []).append((card, thumb))
    marked = 0
    for name, items in rounds.items():
        _sheet(out / f"{name}-sheet.png", items, text)
        for card, _ in items:
            for problem in card.problems:
                marked += 1
                print(f"{out / card.round / card.name}: {problem}", file=stream)
            for note in card.notes:
                print(f"{out / card.round / card.name}: note: {note}", file=stream)
    sounds = sum(1 for card, _ in cards if card.notes)
    print(f"{len(cards)} card(s) in {len(rounds)} sheet(s) written to {out}; {marked} problem(s) marked; "
          f"{sounds} card(s) with a sound", file=stream)
    return 0


def _pack_questions(pack: Pack) -> list[Question]:
    """Every question the pack plays, in reading order (the reserve is not played)."""
    return [q for rnd in pack.playing_rounds for q in rnd.all_questions if not q.empty and q.type != "host"]


def _plain_cards(pack: Pack, setup: Setup, words: Words, missing: set[Question], theme: Theme, text: TextCache,
                 surface: pygame.Surface, out: Path, video: VideoScreen) -> list[tuple[Card, pygame.Surface]]:
    """The plain question card and its answer (the demo format's pictures) for each question in `missing`:
    `round-N/qK-question.png` and `round-N/qK-answer.png`, K its place in the round; in `words`, the pack's
    show's (the house's and «Своя игра»'s)."""

    from quizshow import registry
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine
    from quizshow.core.format import Setup
    from quizshow.display.projector.projector import Projector
    from quizshow.formats import presets
    from quizshow.formats.demo.spec import SPEC as DEMO

    plain = Setup(title=pack.title, teams=setup.teams, rules=dict(presets()["demo"]["demo"]), pack=pack)
    engine = Engine(registry.spec("demo").make(plain), 1)
    projector = Projector(engine.format, theme, pack.title, words, text, registry.views("demo"),
                          sound=False)
    fmt = DEMO.format_of(engine.format)
    places: dict[int, int] = {}  # the question's index -> its place in its round (from 1)
    for index, (round_no, _, _) in enumerate(fmt.questions):
        places[index] = sum(1 for r, _, _ in fmt.questions[:index] if r == round_no) + 1
    cards = []
    at = 1.0
    while engine.state.phase != "end" and at < 10 * len(fmt.questions) + 20:
        at += 1.0
        outcome = engine.dispatch(c.Go(at=at))
        if outcome.refused is not None:
            break
        state = engine.state
        question = fmt.current(state)
        if state.phase not in ("question", "reveal") or question is None or question not in missing \
                or state.question is None:
            continue
        projector.on_events(list(outcome.events), at)
        projector.render(surface, state, at + 0.5)
        projector.render(surface, state, at + 2)  # the animations settled, the clock still full: the still card
        _wait_for_video(projector, video, surface, state, at + 2)
        round_no = fmt.questions[state.question][0]
        stage = "question" if state.phase == "question" else "answer"
        where = f"q{places[state.question]}"
        card = Card(f"round-{round_no + 1}", f"{where}-{stage}.png", f"{where} {'Q' if stage == 'question' else 'A'}")
        cards.append(_saved(card, question, stage, text, surface, out))
    return cards


def _saved(card: Card, question: Question, stage: str, text: TextCache, surface: pygame.Surface,
           out: Path) -> tuple[Card, pygame.Surface]:
    """The card as drawn, saved as `DIR/round-N/NAME` (a question card with its problems), and its thumbnail."""
    import pygame

    if stage == "question":
        card.problems = question_problems(question, text)
    folder = out / card.round
    folder.mkdir(exist_ok=True)
    pygame.image.save(surface, str(folder / card.name))
    return card, pygame.transform.smoothscale(surface, THUMB)


def _written_cards(pack: Pack, setup: Setup, missing: set[Question], theme: Theme, text: TextCache,
                   surface: pygame.Surface, out: Path) -> list[tuple[Card, pygame.Surface]]:
    """The written quiz's own question card and answer card (every picture, the handout, «Зачёт»/«Незачёт») for
    each question of a ЧГК pack: `round-N/qK-question.png` and `round-N/qK-answer.png`, K its place in its
    round; the answers' minute and hand-in run out on a driven clock."""

    from quizshow import registry
    from quizshow.core import commands as c
    from quizshow.core.engine import Engine
    from quizshow.core.format import Setup
    from quizshow.display.projector.projector import Projector
    from quizshow.formats import common_rules
    from quizshow.formats.written.spec import SPEC as WRITTEN
    from quizshow.house_words import show_words

    spec = registry.spec("written")
    words = show_words(pack.language, spec.phrases)  # the house's and the written quiz's
    rules = {**common_rules(), **spec.presets["written"], "tour_min": 1, "tour_max": 1000}
    engine = Engine(spec.make(Setup(title=pack.title, teams=setup.teams, rules=rules, pack=pack)), 1)
    projector = Projector(engine.format, theme, pack.title, words, text, registry.views("written"),
                          sound=False)
    places = {id(q): (r, k) for r, rnd in enumerate(pack.playing_rounds, 1)
              for k, q in enumerate(rnd.all_questions, 1)}
    fmt = WRITTEN.format_of(engine.format)
    cards = []
    at = 1.0
    while at < 1000 * (len(fmt.main) + 2):
        before = engine.state.phase
        at += 200.0
        outcome = engine.dispatch(c.Go(at=at))
        if before in ("minute", "hand_in") or outcome.refused is not None:
            outcome = engine.dispatch(c.Tick(at=at + 100))  # the minute and the hand-in run out
        state = engine.state
        question = fmt.current(state)
        if state.phase in ("podium",) or fmt.own(state).number >= len(fmt.main):
            break
        if state.phase not in ("question", "answer") or question is None or question not in missing:
            continue
        projector.on_events(list(outcome.events), at)
        projector.render(surface, state, at + 0.5)
        projector.render(surface, state, at + 2)  # the animations settled: the still card
        round_no, place = places[id(question)]
        stage = "question" if state.phase == "question" else "answer"
        card = Card(f"round-{round_no}", f"q{place}-{stage}.png", f"{question.number or place} "
                    f"{'Q' if stage == 'question' else 'A'}")
        cards.append(_saved(card, question, stage, text, surface, out))
    return cards


def _wait_for_video(projector: Projector, video: VideoScreen, surface: pygame.Surface, state: ShowState,
                    at: float) -> None:
    """A video card: its first decoded frame on the card (up to VIDEO_WAIT_S)."""
    waited = 0.0
    while video.player is not None and video.player.failed is None and waited < VIDEO_WAIT_S:
        if video.player.surface(at, playing=False) is not None:
            projector.render(surface, state, at)
            return
        time.sleep(0.02)
        waited += 0.02


def _sheet(path: Path, items: list[tuple[Card, pygame.Surface]], text: TextCache) -> None:
    """Thumbnails in reading order; a card with problems gets a red frame and its first problem, a card
    with a sound (nothing wrong: a still cannot play it) a gold one and the sound's name."""
    import pygame

    gap = 16
    label_h = 30
    rows = (len(items) + SHEET_COLUMNS - 1) // SHEET_COLUMNS
    sheet = pygame.Surface((SHEET_COLUMNS * (THUMB[0] + gap) + gap, rows * (THUMB[1] + label_h + gap) + gap))
    sheet.fill((18, 22, 34))
    for i, (card, thumb) in enumerate(items):
        x = gap + (i % SHEET_COLUMNS) * (THUMB[0] + gap)
        y = gap + (i // SHEET_COLUMNS) * (THUMB[1] + label_h + gap)
        sheet.blit(thumb, (x, y))
        color = (230, 60, 60) if card.problems else (255, 200, 61) if card.notes else (150, 160, 180)
        if card.problems or card.notes:
            pygame.draw.rect(sheet, color, pygame.Rect(x - 3, y - 3, THUMB[0] + 6, THUMB[1] + 6), 5)
        told = card.problems or card.notes
        caption = card.label + (f" · {told[0]}" if told else "")
        img = text.fit(caption, "body", (THUMB[0], label_h - 4), color, 22, wrap=False)
        sheet.blit(img, (x, y + THUMB[1] + 4))
    pygame.image.save(sheet, str(path))
