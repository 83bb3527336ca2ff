"""A fixture's code in the show's words, for every place an operator or the hall reads it (the projector's
title card, the console's match list, the journal and the undo button): Q1 → О1, A2 → А2, PO1 → ДБ1, F → Финал,
a melee (M0, MR) is its stage's name. The Latin ids stay in the files, the journal on disk and OSC."""

from __future__ import annotations

import re

from quizshow.event.model import GROUP_IDS, GROUP_NAMES
from quizshow.i18n import Words

CODE = re.compile(r"(QF|SF|PO|Q|R)?([A-H]?)(\d*)")  # a fixture id: its stage's prefix, its group, its number


def group_name(gid: str) -> str:
    return GROUP_NAMES[GROUP_IDS.index(gid)] if gid in GROUP_IDS else gid


def fixture_code(fid: str, words: Words) -> str:
    """In Russian: A1 → А1, C2 → В2 (the group's letter as its table names it), Q1 → О1, PO1 → ДБ1, RA1 → ПА1,
    QF1 → ЧФ1, SF2 → ПФ2; F → Финал; a melee (M0, MR) is its stage's name."""
    if fid == "F":
        return words.say("stage.final")
    if fid.startswith("M"):
        return words.say("stage.melee")
    if fid == "SFR":
        return words.say("ev.code.SF") + "*"
    found = CODE.fullmatch(fid)
    if found is None or not fid:
        return fid
    prefix, group, n = found.groups()
    head = words.say(f"ev.code.{prefix}") if prefix else ""
    return head + (group_name(group) if group else "") + n  # the group's letter as its tables name it
