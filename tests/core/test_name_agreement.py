"""A name a format is given is any team's or player's («Знатоки», «Альфа», «Иван Петров»): a Russian verb cannot
agree with it, so a refusal that names one puts the name before a colon («Знатоки: уже выбирает», never «Знатоки
уже выбирает»), and the projector's cat card names the giver after its verb («Кота сопернику отдаёт: Знатоки»)."""

from __future__ import annotations

import re

from quizshow import i18n, registry
from quizshow.house_words import HOUSE_REFUSALS, show_words

NAME_THEN_WORD = re.compile(r"^\{(name|team)\} [а-яё]")


def _russian_refusals() -> dict[str, str]:
    found = dict(HOUSE_REFUSALS)
    for name in registry.names():
        found.update({f"{name}: {template}": text for template, text in registry.spec(name).refusals.items()})
        for key, text in registry.spec(name).phrases.get("ru", {}).items():
            if key.startswith(i18n.REFUSAL):
                found[key] = text
    return found


def test_no_refusal_makes_a_verb_agree_with_a_name_it_cannot_know():
    wrong = {key: text for key, text in _russian_refusals().items() if NAME_THEN_WORD.match(text)}
    assert not wrong, wrong


def test_a_plural_team_name_reads_right_in_svoyak_refusals_and_on_the_cat_card():
    spec = registry.spec("svoyak")
    words = show_words("ru", spec.phrases, refusals=spec.refusals)  # as a «Своя игра» show's words
    assert words.refusal("{name} already chooses", {"name": "Знатоки"}) == "Знатоки: уже выбирает"
    assert words.refusal("{name} does not play the final", {"name": "Знатоки"}) == "Знатоки: не играет в финале"
    assert words.refusal("{name} is already answering", {"name": "Знатоки"}) == "Знатоки: уже отвечает"
    assert words.say("scene.cat_gives", name="Знатоки") == "Кота сопернику отдаёт: Знатоки"
