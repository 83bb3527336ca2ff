"""A rating evening played through the real journal: the demo show of forty teams from the rating's roster
(shows/written-rating.yaml), marked by a fixed pattern, with disputes, a jury's verdict and an appeal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from quizshow.assemble import make_format
from quizshow.config import ShowConfig, load_show
from quizshow.core import commands as c
from quizshow.core.engine import Engine, Outcome
from quizshow.formats.written import commands as wc
from quizshow.formats.written.format import WrittenFormat
from quizshow.runtime.journal.file import Journal, dispatch_journalled
from quizshow.yamlfile import Problems

SHOW = Path(__file__).resolve().parents[1] / "shows" / "written-rating.yaml"


def takes(team: int, number: int) -> bool:
    """The fixed pattern of right answers: some questions hard, some easy, every team a different total."""
    return (team * 7 + number * 3) % 11 < (2 + number % 5) and not (team == 39 and number % 2)


class Evening:
    """One show's engine with every command journalled before it takes effect (as the runtime does)."""

    def __init__(self, journal: Path, show: Path = SHOW, rules: dict[str, object] | None = None) -> None:
        problems = Problems()
        config = load_show(show, problems)
        assert config is not None and not problems, [str(p) for p in problems.items]
        if rules:
            config = ShowConfig(**{**config.__dict__, "rules": {**config.rules, **rules}})
        self.config = config
        self.journal, loaded = Journal.open(journal, str(config.path), seed=5)
        fmt = make_format(config)
        assert isinstance(fmt, WrittenFormat)
        self.fmt = fmt
        self.engine = Engine(fmt, loaded.seed)
        self.at = 0.0

    def send(self, command: c.Command) -> Outcome:
        return dispatch_journalled(self.engine, self.journal, command)

    def must(self, command: c.Command) -> Outcome:
        out = self.send(command)
        assert out.accepted, out.refused
        return out

    def question(self, marks: Callable[[int, int], bool] = takes, typed: dict[int, str] | None = None) -> int:
        """Next to the question on screen, its minute and hand-in run out (a phone's answers typed meanwhile),
        the answer shows and the sheets are marked. Returns the question's number."""
        while self.engine.state.phase in ("title", "answer", "results"):  # a tour's table comes between tours
            self.must(c.Go(at=self.at))
        number = self.engine.format.own(self.engine.state).number
        self.must(c.Go(at=self.at + 1))  # the minute
        for team, text in (typed or {}).items():
            self.must(c.TypedAnswer(at=self.at + 30, team=team, question=number, text=text, sent=self.at + 30))
        self.send(c.Tick(at=self.at + 61.01))
        self.send(c.Tick(at=self.at + 71.02))
        assert self.engine.state.phase == "answer", self.engine.state.phase
        self.at += 80
        for team in range(len(self.engine.state.teams)):
            if marks(team, number):
                self.must(wc.Mark(at=self.at, team=team, number=number, correct=True))
        return number

    def close(self) -> None:
        self.journal.close()


def rating_evening(journal: Path, rules: dict[str, object] | None = None) -> Evening:
    """Forty teams, three tours: team 4's answer to question 3 typed on its phone and disputed, then accepted by
    the jury; team 9's answer to question 12 disputed from the console and still awaiting the jury; team 2's
    appeal on question 20 upheld (removed for everyone). The final results are on screen."""
    evening = Evening(journal, rules=rules)
    fmt = evening.fmt
    while True:
        upcoming = evening.engine.format.own(evening.engine.state).number + 1
        number = evening.question(typed={4: "Пётр Первый"} if upcoming == 2 else None)
        at = evening.at
        if number == 2:
            evening.must(wc.Dispute(at=at, team=4, number=2, text="Пётр Первый"))
            evening.must(wc.Verdict(at=at + 1, team=4, number=2, accepted=True))
        if number == 11:
            evening.must(wc.Dispute(at=at, team=9, number=11, text="Лев Толстой"))
        if number == 19:
            evening.must(wc.Appeal(at=at, team=2, number=19, kind="question", text="в вопросе ошибка в дате"))
            evening.must(wc.AppealVerdict(at=at + 1, team=2, number=19, upheld=True))
        if number == fmt.scored[-1]:
            break
    evening.must(c.Go(at=evening.at))  # the final results
    return evening
