"""Format `svoyak`: «Своя игра» (rules.md §1) — the board, regular questions and the specials.

Phases: title → round (intro) → board → [cat → cat_value | auction | sponsor] → question ⇄ answering
→ reveal → board … → final (final_themes → final_stakes → final_question → final_reveal → final_answer)
→ [shootout → question … reveal] → end. The final and the shoot-out live in `final.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from quizshow.core import commands as c
from quizshow.core.capabilities import StakeAsk, Stakes
from quizshow.core.effects import Event, EventKind
from quizshow.core.format import Position, Refused, Result, Setup, handles, step, wait
from quizshow.core.ladder import Rung
from quizshow.core.presslog import Press, PressLog, pressed_before
from quizshow.core.state import Banner, ShowState
from quizshow.core.timers import Timer
from quizshow.formats.svoyak import auction as bidding
from quizshow.formats.svoyak import commands as sc
from quizshow.formats.svoyak.board import Game
from quizshow.formats.svoyak.final import FinalRounds
from quizshow.formats.svoyak.model import Auction, Play, SvoyakPhase, swap_tied
from quizshow.packs.model import Question

if TYPE_CHECKING:
    from pathlib import Path


BETWEEN_QUESTIONS = (SvoyakPhase.BOARD, SvoyakPhase.ROUND)  # phases with no question in play (the view model says so)


def waits_for_media(question: Question | None) -> bool:
    """The window opens when the question's own sound or video has finished (SIGame `waitForFinish`), not at
    once: the app sends TimerStart at its end, or the host does."""
    return question is not None and question.wait and (question.audio is not None or question.video is not None)


class SvoyakFormat(FinalRounds, Stakes):
    id = "svoyak"
    own_type = Play

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.game = Game(setup.pack, self.rules)

    def initial_state(self, seed: int) -> ShowState:
        return self.keep(super().initial_state(seed), Play())

    # --- reading the state ------------------------------------------------------------------------


    def current(self, state: ShowState) -> Question | None:
        """The question on screen (or being set up: a cat's, an auction's)."""
        play = self.own(state)
        if play.kind == "final":  # known once one theme is left: the console shows it from then on
            return self.final_current(play)
        if play.kind == "shootout" and play.shootout is not None and state.phase in (
                SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING, SvoyakPhase.REVEAL):
            return self.game.shootout_question(play.final.removed if play.final else (), play.shootout.asked - 1)
        if play.cell is None or play.round >= len(self.game.rounds):
            return None
        return self.game.rounds[play.round].question(play.cell)

    def awaited_media(self, state: ShowState) -> tuple[Path, ...]:
        """A question that waits for its own media, not yet read and its clock not running."""
        if state.phase != SvoyakPhase.QUESTION or state.timer.running or self.own(state).read:
            return ()
        question = self.current(state)
        if question is None or not waits_for_media(question):
            return ()
        return tuple(path for path in (question.audio, question.video) if path is not None)

    def value(self, state: ShowState) -> int:
        return self.own(state).value

    def theme_name(self, state: ShowState) -> str:
        play = self.own(state)
        if play.cell is None or play.round >= len(self.game.rounds):
            return ""
        return self.game.rounds[play.round].round.themes[play.cell[0]].name

    def position(self, state: ShowState) -> Position:
        play = self.own(state)
        rnd = self.game.rounds[play.round] if play.round < len(self.game.rounds) else None
        open_cell = play.cell is not None and state.phase not in BETWEEN_QUESTIONS
        number = rnd.number(play.cell) if rnd and open_cell and play.cell is not None else None
        # played: how many of the round's questions have been opened, this one included (the console's
        # «вопрос 3 из 16»), not the cell's place on the board.
        # A cat is worth what its receiver chooses: no value until then (not the cell's).
        priced = open_cell and state.phase not in (SvoyakPhase.CAT, SvoyakPhase.CAT_VALUE)
        where: Position = {}
        # the shoot-out while it is played; its end is the game's («игра окончена», not «перестрелка, вопрос 4 · …»)
        if play.kind == "shootout" and play.shootout is not None and play.shootout.asked and \
                state.phase != SvoyakPhase.END:
            n = play.shootout.asked - play.shootout.round_from  # this shoot-out's question, as the projector says
            where = {"stage_key": "where.shootout", "stage_n": n}  # «перестрелка, вопрос 2»
            if state.phase in (SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING, SvoyakPhase.REVEAL):
                # The console's header: «ВОПРОС · перестрелка · вопрос 1 из 4 · 100 очков», as on the projector.
                return {"round": play.round, "round_key": "console.shootout", "question": n - 1, "played": n,
                        "finished": n - (state.phase != SvoyakPhase.REVEAL),
                        "of": int(self.rules["shootout_questions"]), "value": play.value or None,
                        "between": False, **where}
        if priced and rnd is not None and play.cell is not None and play.kind in ("regular", "auction"):
            where["theme"] = rnd.round.themes[play.cell[0]].name  # on the board for all to see (the overlay)
        # The final, the shoot-out and the end after them are past the rounds: «финал: ставки», never «…, раунд 3».
        if SvoyakPhase(state.phase).flags.beyond_rounds or \
                state.phase == SvoyakPhase.END and (play.final is not None or play.shootout is not None):
            where["round_key"] = None
        played = len(play.played) if rnd else 0
        # finished: the round's questions over (the standings card's «после 3 вопросов»): the open one once its
        # answer is shown, not while it is played
        playing = open_cell and play.cell in play.played and state.phase != SvoyakPhase.REVEAL
        return {"round": play.round, "question": number, "value": (play.value or None) if priced else None,
                "of": len(rnd.cells) if rnd else 0, "played": played, "finished": played - playing,
                "between": state.phase in BETWEEN_QUESTIONS, **where}  # between: back on the board

    def command_words(self, command: c.Command, events: tuple[Event, ...]) -> tuple[str, dict[str, object]] | None:
        """«Открыт вопрос «Кино» за 40» (the theme's name and value from the board) and «Убрана тема
        «Музыка»»: names the spec's journal words (1-based numbers) cannot know."""
        if isinstance(command, sc.SelectCell):
            opened = next((e for e in events if e.kind == EventKind.QUESTION), None)
            if opened is None:
                return None
            if opened.round is not None and opened.round < len(self.game.rounds):
                board = self.game.rounds[opened.round]
                cell = (command.theme, command.question)
                theme = board.round.themes[command.theme].name
                if opened.question_kind == "cat":  # its receiver chooses its value later: no «за 30» yet
                    return "journal.cell_cat", {"theme": theme}
                return "journal.cell", {"theme": theme, "value": board.value(cell)}
            return "journal.SelectCell", {"theme": command.theme + 1, "question": command.question + 1}
        ended = next((e for e in events if e.kind == EventKind.ROUND_END), None)
        if isinstance(command, sc.EndRound) and ended is not None:  # «Раунд 3 закончен досрочно»
            return "journal.EndRound_n", {"n": (ended.round or 0) + 1}
        themes = self.game.final_themes
        if isinstance(command, sc.FinalRemove) and 0 <= command.theme < len(themes):
            return "journal.FinalRemove", {"theme": f"«{themes[command.theme]}»"}
        return None

    def winner(self, state: ShowState) -> list[int]:
        """The winner, once the final (or the shoot-out among its candidates) has decided."""
        winner = self.own(state).winner
        return [] if state.phase != SvoyakPhase.END or winner is None else [winner]

    def round_over(self, play: Play) -> bool:
        return play.round >= len(self.game.rounds) or self.game.rounds[play.round].cells <= play.played

    # --- navigation: Next ---------------------------------------------------------------------------

    def ladder(self, state: ShowState) -> Rung:
        play, phase = self.own(state), state.phase
        if phase == SvoyakPhase.TITLE:
            if not self.game.rounds:
                return self.after_rounds(state)
            return step("next.first_round", lambda at: self._start_round(state, 0, at))
        if phase == SvoyakPhase.ROUND:
            return step("next.board", lambda at: (replace(state, phase=SvoyakPhase.BOARD), []))
        if phase == SvoyakPhase.BOARD:
            if not self.round_over(play):
                return wait("next.pick_cell", "choose a cell on the board first")
            return self._after_round(state, play)
        if phase in (SvoyakPhase.CAT, SvoyakPhase.CAT_VALUE):
            return wait("next.give_cat" if phase == SvoyakPhase.CAT else "next.cat_value",
                        "the cat must be handed over and its value chosen first")
        if phase == SvoyakPhase.AUCTION:  # in the words of the buttons offered
            offers = () if play.auction is None else bidding.console_offers(
                play.auction, play.auction.current, [t.score for t in state.teams], play.value)
            return wait({("bid",): "next.bid_nominal", ("bid", "allin"): "next.bid_first"}.get(offers, "next.bid"),
                        "the bidding is not over")
        if phase == SvoyakPhase.SPONSOR:
            solo = play.solo
            assert solo is not None, "a sponsor question has its contestant"
            seconds = float(self.rules["sponsor_answer_s"])
            return step("next.sponsor_question",
                        lambda at: (self._open_solo(state, solo, play.value, at, seconds), []))
        if phase == SvoyakPhase.QUESTION:
            if not play.read and not state.timer.running and not state.timer.expired:
                return step("next.read_done", lambda at: self._read_done(state, at))
            return step("next.reveal", lambda at: self._reveal(state, at))
        if phase == SvoyakPhase.ANSWERING:
            return wait("next.judge_first", "judge the answer first")
        if phase == SvoyakPhase.REVEAL:
            if play.kind == "shootout":
                return step("next.winner" if self.shootout_winner(state) is not None else "next.shootout_next",
                            lambda at: self.after_shootout_question(state, at))
            if not self.round_over(play):
                return step("next.board", lambda at: (replace(
                    state, phase=SvoyakPhase.BOARD, presses=PressLog(), locked=frozenset(), answering=None,
                    timer=Timer(), banner=None), []))
            return self._after_round(state, play)
        return self.final_ladder(state)

    def _start_round(self, state: ShowState, number: int, at: float) -> Result:
        play = self.own(state)
        events = [Event(EventKind.ROUND_START, round=number, name=self.game.rounds[number].round.name)]
        scores = [t.score for t in state.teams]
        candidates = list(range(len(state.teams)))
        if number > 0 and self.rules["later_round_chooser"] == "lowest":
            low = min(scores)
            candidates = [i for i in candidates if scores[i] == low]
        chooser = play.chooser
        if number == 0 or self.rules["later_round_chooser"] == "lowest" or chooser is None:
            if len(candidates) == 1:
                chooser = candidates[0]
            else:  # a draw by lot from the seeded stream: a replay draws the same
                state, pick = state.draw(len(candidates))
                chooser = candidates[pick]
                events.append(Event(EventKind.LOT, team=chooser, name=state.teams[chooser].name))
        new_play = Play(round=number, chooser=chooser, final=play.final)
        new = replace(self.keep(state, new_play), phase=SvoyakPhase.ROUND, round=number, question=None, answering=None,
                      locked=frozenset(), presses=PressLog(), timer=Timer(), banner=None)
        return new, events

    def _after_round(self, state: ShowState, play: Play) -> Rung:
        """The round is over: the next round's intro, or what follows the rounds."""
        number = play.round + 1
        if number < len(self.game.rounds):
            return step("next.round_intro", lambda at: self._start_round(state, number, at))
        return self.after_rounds(state)

    @handles(sc.EndRound)
    def on_end_round(self, state: ShowState, cmd: sc.EndRound) -> Result:
        if state.phase not in (SvoyakPhase.BOARD, SvoyakPhase.ROUND):
            raise Refused("a round can be ended from the board only")
        play = self.own(state)
        if self.round_over(play):
            raise Refused("the round is already over")
        rnd = self.game.rounds[play.round]
        return replace(self.keep(state, replace(play, played=rnd.cells)), phase=SvoyakPhase.BOARD), [
            Event(EventKind.ROUND_END, round=play.round, name=rnd.round.name)]  # the journal names the round

    def tie_to_settle(self, state: ShowState) -> bool:
        """Whether the host can settle a tie in a turn order now (PickTeam): a bidder after the auction's opener,
        or the final's remover, level with one later in the order. The console offers «кто раньше» only then."""
        play, scores = self.own(state), [t.score for t in state.teams]
        if state.phase == SvoyakPhase.AUCTION and play.auction is not None and not play.auction.done:
            order, positions = play.auction.order, range(max(1, play.auction.turn), len(play.auction.order))
        elif state.phase == SvoyakPhase.FINAL_THEMES and play.final is not None and play.final.order and \
                play.final.remover(len(self.game.final_themes)) is not None:
            turn = len(play.final.removed) % len(play.final.order)  # who removes now (final_pick swaps only them)
            order, positions = play.final.order, range(turn, turn + 1)
        else:
            return False
        return any(swap_tied(order, p, team, scores) is not None for p in positions for team in order)

    @handles(sc.PickTeam)
    def on_pick_team(self, state: ShowState, cmd: sc.PickTeam) -> Result:
        self.check_team(state, cmd.team)
        play = self.own(state)
        scores = [t.score for t in state.teams]
        if state.phase in (SvoyakPhase.ROUND, SvoyakPhase.BOARD, SvoyakPhase.REVEAL) and play.kind != "shootout":
            if play.chooser == cmd.team:
                raise Refused("{name} already chooses", name=state.teams[cmd.team].name)
            return self.keep(state, replace(play, chooser=cmd.team)), []
        if state.phase == SvoyakPhase.AUCTION and play.auction is not None:
            auction = play.auction
            # The opener always bids first; a tie among the others is settled before their turn comes.
            start = max(1, auction.turn)
            order = next((o for p in range(start, len(auction.order))
                          if (o := swap_tied(auction.order, p, cmd.team, scores)) is not None), None)
            if order is None:
                raise Refused("only a tie in the bidding order can be settled")
            return self.keep(state, replace(play, auction=replace(auction, order=order))), []
        return self.final_pick(state, cmd, scores)

    # --- the board --------------------------------------------------------------------------------

    @handles(sc.SelectCell)
    def on_select_cell(self, state: ShowState, cmd: sc.SelectCell) -> Result:
        if state.phase != SvoyakPhase.BOARD:
            raise Refused("a cell can be chosen on the board only")
        play = self.own(state)
        rnd = self.game.rounds[play.round]
        cell = (cmd.theme, cmd.question)
        if cell not in rnd.cells:
            raise Refused("there is no cell {theme}/{question}", theme=cmd.theme + 1, question=cmd.question + 1)
        if cell in play.played:
            raise Refused("that question has been played")
        question = rnd.question(cell)
        play = replace(play.with_played(cell), cell=cell, kind=question.type, value=rnd.value(cell), solo=None,
                       giver=None, read=False, auction=None)
        new = replace(self.keep(state, play), question=rnd.number(cell), presses=PressLog(), locked=frozenset(),
                      answering=None, banner=None, timer=Timer())
        event = Event(EventKind.QUESTION, round=play.round, number=rnd.number(cell), question_kind=question.type)
        if question.type == "cat":
            return replace(new, phase=SvoyakPhase.CAT), [event]
        if question.type == "auction":
            scores = [t.score for t in state.teams]
            assert play.chooser is not None, "a cell is chosen by the chooser"
            auction = bidding.open_auction(play.chooser, scores)
            return replace(self.keep(new, replace(play, auction=auction)), phase=SvoyakPhase.AUCTION), [event]
        if question.type == "sponsor":
            value = int(play.value * float(self.rules["sponsor_factor"]))
            return replace(self.keep(new, replace(play, solo=play.chooser, value=value)),
                           phase=SvoyakPhase.SPONSOR), [event]
        return self.open_regular(new, cmd.at, [event])

    def open_regular(self, state: ShowState, at: float, events: list[Event]) -> Result:
        window = float(self.rules["answer_window_s"])
        timer = Timer.ready(window)
        play = self.own(state)
        if self.rules["window_from"] == "shown" and not waits_for_media(self.current(state)):
            timer = timer.start(at)
            play = replace(play, read=True)
            events = [*events, Event(EventKind.TIMER_START, seconds=window)]
        return replace(self.keep(state, play), phase=SvoyakPhase.QUESTION, timer=timer), events

    def _read_done(self, state: ShowState, at: float) -> Result:
        """The host finished reading: the answer window opens."""
        timer = state.timer.start(at)
        play = replace(self.own(state), read=True)
        return replace(self.keep(state, play), timer=timer), [Event(EventKind.TIMER_START, seconds=timer.remaining(at))]

    @handles(c.TimerStart)
    def on_timer_start(self, state: ShowState, cmd: c.TimerStart) -> Result:
        if state.phase == SvoyakPhase.QUESTION and not self.own(state).read:
            return self._read_done(state, cmd.at)
        if state.phase == SvoyakPhase.FINAL_QUESTION:
            return self.final_clock(state, cmd.at)
        return super().on_timer_start(state, cmd)

    def _open_solo(self, state: ShowState, team: int, value: int, at: float, seconds: float) -> ShowState:
        """A question only `team` answers: it is theirs from the start, against its clock."""
        play = replace(self.own(state), solo=team, value=value, read=True, call=None)
        return replace(self.keep(state, play), phase=SvoyakPhase.ANSWERING, answering=team,
                       timer=Timer.ready(seconds).start(at))

    # --- the specials ---------------------------------------------------------------------------------

    @handles(sc.GiveCat)
    def on_give_cat(self, state: ShowState, cmd: sc.GiveCat) -> Result:
        if state.phase != SvoyakPhase.CAT:
            raise Refused("there is no cat to hand over")
        self.check_team(state, cmd.team)
        play = self.own(state)
        info = self.game.rounds[play.round].question(play.cell).cat if play.cell is not None else None
        if cmd.team == play.chooser and not (info is not None and info.to == "anyone"):
            raise Refused("the cat must go to an opponent")
        return replace(self.keep(state, replace(play, giver=play.chooser, solo=cmd.team)),
                       phase=SvoyakPhase.CAT_VALUE), []

    @handles(sc.CatValue)
    def on_cat_value(self, state: ShowState, cmd: sc.CatValue) -> Result:
        if state.phase != SvoyakPhase.CAT_VALUE:
            raise Refused("the cat has not been handed over")
        play = self.own(state)
        assert play.cell is not None and play.solo is not None, "the cat has its cell and its receiver"
        options = self.game.rounds[play.round].cat_values(play.cell)
        if cmd.value not in options:
            raise Refused("the value is one of {values}", values=", ".join(map(str, options)))
        seconds = float(self.rules["cat_answer_s"])
        new = self._open_solo(state, play.solo, cmd.value, cmd.at, seconds)
        return new, [Event(EventKind.TIMER_START, seconds=seconds)]

    def stake_ask(self, state: ShowState, team: int) -> StakeAsk | None:
        """From a phone (docs/phones.md): the auction's bidder whose turn it is, a finalist's secret stake, the
        cat's receiver choosing its value — the bounds the rules allow; the action judges it as the console's."""
        play = self.own(state)
        score = state.teams[team].score
        auction, final = play.auction, play.final
        if state.phase == SvoyakPhase.AUCTION and auction is not None and not auction.done and auction.current == team:
            if auction.leader is None:
                low = play.value
                return StakeAsk(low, max(score, low), "bid")
            if auction.all_in:
                return StakeAsk(score, score, "bid") if score > auction.bid else None
            return StakeAsk(auction.bid + 1, score, "bid") if score > auction.bid else None
        if state.phase == SvoyakPhase.FINAL_STAKES and final is not None and team in final.order:
            return StakeAsk(int(self.rules["final_min_stake"]), score, "stake")
        if state.phase == SvoyakPhase.CAT_VALUE and play.solo == team:
            options = tuple(sorted(set(self.cat_options(state))))
            return StakeAsk(options[0], options[-1], "catvalue", by_value=True, choices=options) if options else None
        return None

    def stake_held(self, state: ShowState, team: int) -> int | None:
        """The auction's leading bid (until the bidding is over) and a finalist's secret stake (until the final's
        question): what its phone keeps showing."""
        play = self.own(state)
        auction, final = play.auction, play.final
        if state.phase == SvoyakPhase.AUCTION and auction is not None and auction.leader == team:
            return auction.bid
        if state.phase == SvoyakPhase.FINAL_STAKES and final is not None:
            return final.stake(team)
        return None

    def cat_options(self, state: ShowState) -> tuple[int, ...]:
        play = self.own(state)
        return self.game.rounds[play.round].cat_values(play.cell) if play.cell is not None else ()

    @handles(sc.Bid)
    def on_bid(self, state: ShowState, cmd: sc.Bid) -> Result:
        return self._bidding(state, cmd.at, lambda a, scores: bidding.place_bid(
            a, cmd.team, cmd.amount, cmd.all_in, scores, self.own(state).value, self.rules["all_in_beats_all_in"]))

    @handles(sc.Pass)
    def on_pass(self, state: ShowState, cmd: sc.Pass) -> Result:
        return self._bidding(state, cmd.at, lambda a, scores: bidding.pass_bid(
            a, cmd.team, scores, self.rules["all_in_beats_all_in"]))

    def _bidding(self, state: ShowState, at: float, step: Callable[[Auction, list[int]], Auction]) -> Result:
        play = self.own(state)
        if state.phase != SvoyakPhase.AUCTION or play.auction is None:
            raise Refused("there is no auction")
        auction = step(play.auction, [t.score for t in state.teams])
        new = self.keep(state, replace(play, auction=auction))
        if not auction.done:
            return new, []
        seconds = float(self.rules["auction_answer_s"])
        assert auction.leader is not None  # a finished auction has its leader
        return self._open_solo(new, auction.leader, auction.bid, at, seconds), [
            Event(EventKind.TIMER_START, seconds=seconds)]

    # --- buzzers and judging --------------------------------------------------------------------------

    def eligible(self, state: ShowState) -> list[int]:
        """Who may press for the question in play."""
        play = self.own(state)
        if play.kind == "shootout" and play.shootout is not None:
            return list(play.shootout.tied)
        return list(range(len(state.teams)))

    @handles(c.Buzz)
    def on_buzz(self, state: ShowState, cmd: c.Buzz) -> Result:
        self.check_team(state, cmd.team)
        return self.by_press_time(state, cmd, self._press)

    def _press(self, state: ShowState, cmd: c.Buzz) -> Result:
        play = self.own(state)
        name = state.teams[cmd.team].name
        if play.kind == "final":
            raise Refused("the final has no buttons: the answers are written")
        live = state.phase in (SvoyakPhase.QUESTION, SvoyakPhase.ANSWERING)
        if play.solo is not None and cmd.team != play.solo and (live or state.phase in (
                SvoyakPhase.SPONSOR, SvoyakPhase.CAT_VALUE)):
            solo = state.teams[play.solo]  # «…только команда «Горцы»»: a team's name with the verb agrees
            raise Refused("only team {name} answers this question" if solo.players else
                          "only {name} answers this question", name=solo.name)
        if state.phase == SvoyakPhase.AUCTION:
            raise Refused("an auction question: whoever wins the bidding answers alone")
        if state.phase in (SvoyakPhase.CAT, SvoyakPhase.CAT_VALUE):
            raise Refused("a cat in the bag: whoever gets it answers alone")
        if not live:
            raise Refused("buzzers are closed")
        if cmd.team not in self.eligible(state):
            raise Refused("{name} does not play this question", name=name)
        if cmd.team in state.locked:
            raise Refused("{name} is out of this question", name=name)
        if cmd.team == state.answering:
            raise Refused("{name} is already answering", name=name)
        press = Press(cmd.press_time, cmd.at, cmd.team, cmd.player, cmd.device)
        presses = state.presses.add(press)
        event = Event(EventKind.BUZZ, team=cmd.team, name=name, margin_s=presses.margin(press))
        if state.phase == SvoyakPhase.ANSWERING and not pressed_before(state.presses, press, state.answering):
            # Too late for this answer, and a wrong one opens a fresh window: not taken.
            answering = state.teams[state.answering].name if state.answering is not None else name
            raise Refused("{name} is answering", name=answering)
        new = replace(self.keep(state, replace(play, call=self.call_window(cmd.at))), phase=SvoyakPhase.ANSWERING,
                      answering=cmd.team, presses=presses, last_buzz_at=cmd.at,
                      timer=state.timer.stop_at(cmd.press_time),
                      banner=_after_wrong(state.banner))
        return new, [event]

    @handles(c.Judge)
    def on_judge(self, state: ShowState, cmd: c.Judge) -> Result:
        if state.phase == SvoyakPhase.FINAL_REVEAL:
            return self.final_judge(state, cmd)
        if state.phase != SvoyakPhase.ANSWERING or state.answering is None:
            raise Refused("nobody is answering")
        play = self.own(state)
        team, value = state.answering, play.value
        if cmd.correct:
            new = state.add_score(team, value)
            event = Event(EventKind.CORRECT, team=team, points=value, score=new.teams[team].score)
            new = self._next_chooser(new, team, correct=True)
            new, reveal = self._reveal(new, cmd.at)
            return new, [event, *reveal]
        return self._wrong(state, team, cmd.at)

    @handles(c.Discipline)
    def on_discipline(self, state: ShowState, cmd: c.Discipline) -> Result:
        """«Отвечать необходимо сразу» (seed 000, team part): the host rules a stalled answer wrong."""
        self.check_team(state, cmd.team)
        if cmd.what != "stall":
            raise Refused("unknown discipline step {what}", what=cmd.what)
        self.check_stall(state, cmd, self.own(state).call)
        return self._wrong(state, cmd.team, cmd.at)

    def _penalty(self, play: Play) -> int:
        if play.kind == "sponsor":
            return 0
        if play.kind == "shootout":
            return play.value if self.rules["shootout_wrong_penalty"] else 0
        return play.value if self.rules["wrong_penalty"] or play.kind in ("cat", "auction") else 0

    def _wrong(self, state: ShowState, team: int, at: float) -> Result:
        play = self.own(state)
        penalty = self._penalty(play)
        new = state.add_score(team, -penalty)
        wrong = Event(EventKind.WRONG, team=team, points=penalty, score=new.teams[team].score)
        locked = state.locked | {team}
        if play.solo is not None or set(self.eligible(state)) <= locked:
            new = self._next_chooser(replace(new, locked=locked), team, correct=False)
            new, reveal = self._reveal(new, at)
            return new, [wrong, *reveal]
        # «Это неправильный ответ»: the others may press again in a fresh window.
        window = Timer.ready(float(self.rules["window_after_wrong_s"]))
        events = [wrong]
        if play.read:
            window = window.start(at)
            events.append(Event(EventKind.TIMER_START, seconds=window.duration))
        new = replace(new, phase=SvoyakPhase.QUESTION, answering=None, locked=locked, timer=window)
        return self.banner(new, "banner.wrong", at), events

    def _next_chooser(self, state: ShowState, team: int, correct: bool) -> ShowState:
        play = self.own(state)
        chooser = play.chooser
        if play.kind == "shootout":
            return state
        if correct:
            chooser = team
        elif play.kind == "cat":
            chooser = play.giver if self.rules["cat_wrong_next"] == "giver" else team
        elif play.kind == "auction" and play.auction is not None:
            chooser = play.auction.opener if self.rules["auction_wrong_next"] == "opener" else team
        return self.keep(state, replace(play, chooser=chooser))

    def _reveal(self, state: ShowState, at: float) -> Result:
        return replace(state, phase=SvoyakPhase.REVEAL, answering=None, timer=state.timer.pause(at),
                       banner=_after_wrong(state.banner)), [Event(EventKind.REVEAL)]

    def on_time_up(self, state: ShowState, at: float) -> Result:
        play = self.own(state)
        if state.phase == SvoyakPhase.ANSWERING and play.solo is not None:
            return self._wrong(self.banner(state, "banner.time_over", at), play.solo, at)  # silence is wrong
        if state.phase == SvoyakPhase.QUESTION:
            # Each window has its own setting: the first (3 s / 60 s) and the one after a wrong answer (10 s).
            closes = self.rules["reveal_after_wrong_window"] if state.locked else self.rules["reveal_on_time_up"]
            if closes or play.kind == "shootout":
                return self._reveal(self.banner(state, "banner.time_over", at), at)
            return self.banner(state, "banner.time_over_who", at), []
        if state.phase == SvoyakPhase.FINAL_QUESTION:
            return self.banner(state, "banner.time_over", at), []
        return state, []


def _after_wrong(banner: Banner | None) -> Banner | None:
    """«Это неправильный ответ» is about the answer just given: it goes when the next player is called or the
    answer is shown (it stayed over the reveal for its full 2.5 s); «Время вышло!» keeps its moment."""
    return None if banner is not None and banner.text_key == "banner.wrong" else banner
