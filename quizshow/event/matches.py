"""Each regulation's stages and the match its rule book plays at each by default: (format, preset, rule
overrides). Data of the regulations (the seeds prescribe «Брейн-ринг» and «Куча мала»); a tournament
file's `stages:` may name any match format instead (docs/tournament.md)."""

from __future__ import annotations

from quizshow.core.loose import Rules

DEFAULT_MATCHES: dict[str, dict[str, tuple[str, str, Rules]]] = {
    "seed-001": {
        "melee": ("melee", "melee", {}),
        "qualifying": ("brainring", "brainring-40", {"match": "qualifying"}),
        # 3C: «дополнительный бой из 3-х вопросов, каждый 1 очко» — no carry-over in the play-off.
        "playoff": ("brainring", "brainring-40", {"match": "qualifying", "qualifying_questions": 3,
                                                  "carry_over": False}),
        "semifinal": ("brainring", "brainring-40", {"match": "semifinal"}),
        "final": ("brainring", "brainring-40", {"match": "final"}),
    },
    "seed-004": {
        "group": ("brainring", "brainring-60", {"match": "match5"}),
        "replay": ("brainring", "brainring-60", {"match": "match5"}),
        # A knockout match needs a winner: five questions, then extra questions to the first correct answer.
        "quarterfinal": ("brainring", "brainring-60", {"match": "qualifying", "qualifying_questions": 5}),
        "semifinal": ("brainring", "brainring-60", {"match": "qualifying", "qualifying_questions": 5}),
        "final": ("brainring", "brainring-60", {"match": "qualifying", "qualifying_questions": 5}),
    },
}
