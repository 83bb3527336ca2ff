"""The phone protocol's parser over any JSON and any text: a message it reads, or a clean refusal (`Bad`, acked
400) — never another exception — and whatever comes out can be journalled and sent back (UTF-8, finite numbers)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from quizshow.core.typed import HIDDEN, shown
from quizshow.inputs.phones import protocol as p

NUMBERS = st.one_of(st.integers(), st.integers(-(2**4100), 2**4100), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 2**53, 2**53 + 1, 2**4000, 1e308, -0.0, 0.5]))
TEXTS = st.one_of(st.text(), st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)),
                  st.sampled_from(["\ud800", "Окно\udfff", "\x00", "\u202e", "a" * 501, ""]))
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXTS)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
KINDS = st.one_of(st.sampled_from(["pong", "press", "stake", "answer"]), SCALARS)
FIELDS = st.fixed_dictionaries({"t": KINDS}, optional={"id": VALUES, "c": VALUES, "value": VALUES,
                                                       "question": VALUES, "text": VALUES, "extra": VALUES})


def parsed_or_refused(text: str) -> None:
    try:
        msg = p.parse(text)
    except p.Bad as why:
        assert why.id is None or (isinstance(why.id, int) and 0 <= why.id <= p.MAX_ID)
        ack = p.ack(why.id, 400, str(why))
        json.dumps(ack, ensure_ascii=False).encode("utf-8")  # the refusal can be sent
        return
    assert isinstance(msg, (p.Pong, p.Press, p.Stake, p.Answer))
    assert 0 <= msg.id <= p.MAX_ID
    if isinstance(msg, (p.Pong, p.Press, p.Answer)):
        assert isinstance(msg.c, float) and 0 <= msg.c <= p.MAX_CLOCK_MS
    if isinstance(msg, p.Answer):
        assert len(msg.text) <= p.MAX_ANSWER
        json.dumps({"text": msg.text}, ensure_ascii=False).encode("utf-8")  # the journal's line can hold it


@settings(max_examples=400, deadline=None)
@given(FIELDS)
def test_any_json_object_is_read_or_refused_cleanly(message):
    parsed_or_refused(json.dumps(message))
    parsed_or_refused(json.dumps(message, ensure_ascii=False))


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_any_json_value_is_read_or_refused_cleanly(value):
    parsed_or_refused(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_cleanly(text):
    parsed_or_refused(text)


def test_numbers_no_float_holds_and_lone_surrogates_are_refused_and_good_messages_read():
    for bad in (f'{{"t": "press", "id": 1, "c": {2**4000}}}', '{"t": "press", "id": 1, "c": 1e999}',
                '{"t": "answer", "id": 2, "question": 0, "text": "\\ud800", "c": 1}', '{"t": "\\ud800"}',
                f'{{"t": "stake", "id": 3, "value": {2**4000}}}', '{"t": "press", "id": 1, "c": NaN}'):
        try:
            p.parse(bad)
        except p.Bad:
            continue
        raise AssertionError(f"read: {bad}")
    assert p.parse('{"t": "press", "id": 4, "c": 1700000000000.5}') == p.Press(4, 1700000000000.5)
    assert p.parse('{"t": "answer", "id": 5, "question": 1, "text": "\\ud83d\\ude42", "c": 1}').text == "🙂"


@given(st.text())
def test_a_players_text_made_safe_to_show_holds_no_control_bidi_or_invisible_character(text):
    safe = shown(text)
    assert len(safe) == len(text)
    safe.encode("utf-8")
    assert not any(ch in safe for ch in "\x00\x1b\r\n\t\u202e\u202d\u2066\u2067\u2068\u2069\u200b\u200e\u200f\ufeff")
    assert all(a == b or b in (" ", HIDDEN) for a, b in zip(text, safe, strict=True))
