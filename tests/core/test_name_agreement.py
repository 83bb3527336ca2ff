"""A name a format is given is any team's or player's («Знатоки», «Альфа», «Иван Петров»): a Russian verb cannot
agree with it, so a refusal that names one puts the name before a colon («Знатоки: уже выбирает», never «Знатоки
уже выбирает»), and the projector's cat card names the giver after its verb («Кота сопернику отдаёт: Знатоки»)."""

from __future__ import annotations

import re

from quizshow import i18n, registry

NAME_THEN_WORD = re.compile(r"^\{(name|team)\} [а-яё]")


def _russian_refusals() -> dict[str, str]:
    found = dict(i18n.REFUSALS_RU)
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
    i18n.add_phrases(spec.phrases)  # as the show adds its format's words at start
    i18n.add_refusals(spec.refusals)
    assert i18n.refusal("{name} already chooses", {"name": "Знатоки"}) == "Знатоки: уже выбирает"
    assert i18n.refusal("{name} does not play the final", {"name": "Знатоки"}) == "Знатоки: не играет в финале"
    assert i18n.refusal("{name} is already answering", {"name": "Знатоки"}) == "Знатоки: уже отвечает"
    assert i18n.phrase("scene.cat_gives", "ru", name="Знатоки") == "Кота сопернику отдаёт: Знатоки"
