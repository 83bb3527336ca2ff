"""A stop signal while a file loads: its name is said as the signal's, even when the signal came while a codec
was decoding the file (the codec wraps the exception in its own message, the signal's as its cause)."""

from __future__ import annotations

import codecs

import pytest

from quizshow.stopping import Stopped


def _stopping_codec(name: str) -> codecs.CodecInfo | None:
    if name != "quizshow_test_stops":
        return None

    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        raise Stopped("SIGTERM")  # as the handler raises it between two bytecodes of a Python codec

    return codecs.CodecInfo(name=name, encode=None, decode=decode)  # type: ignore[arg-type]


def test_a_signal_during_decoding_is_named_as_the_signal():
    codecs.register(_stopping_codec)
    try:
        with pytest.raises(Stopped) as caught:
            b"title: x".decode("quizshow_test_stops")
    finally:
        codecs.unregister(_stopping_codec)
    assert "codec failed" in str(caught.value)  # what the codec made of it
    assert caught.value.signal_name() == "SIGTERM"


def test_a_signal_raised_plainly_is_its_own_name():
    assert Stopped("SIGINT").signal_name() == "SIGINT"
