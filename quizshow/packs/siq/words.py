"""What the host is told about an imported SIGame pack at start-up, in the show's language (Pack.notes)."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "pack.siq_summary": "Пакет SIGame v{version} «{title}»: {rounds} {rounds|раунд|раунда|раундов} + "
                            "{finals} {finals|финал|финала|финалов}, {themes} {themes|тема|темы|тем}, "
                            "{questions} {questions|вопрос|вопроса|вопросов}, пустых клеток: {empty}",
        "pack.host_note": "Ведущему — раунд «{round}»: {text}",
    },
    "en": {
        "pack.siq_summary": "SIGame pack v{version} «{title}»: {rounds} round(s) + {finals} final, "
                            "{themes} theme(s), {questions} question(s), {empty} empty cell(s)",
        "pack.host_note": "For the host — round «{round}»: {text}",
    },
}
