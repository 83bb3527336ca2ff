"""Hostile datagrams at the OSC door (issue 12, items 1 and 17): real UDP on 127.0.0.1 with the server
bound to port 0, and the datagram check fuzzed directly (fast) and through the socket (the whole path)."""

from __future__ import annotations

import logging
import struct
import threading
import time
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pythonosc import osc_packet
from pythonosc.osc_message import OscMessage
from pythonosc.osc_message_builder import OscMessageBuilder

from quizshow.config import OscConfig
from quizshow.inputs.osc import MAX_DATAGRAM, MAX_MESSAGES, PARSER_WARNINGS, Malformed, OscServer, check_datagram
from tests.osc_desk import Desk
from tests.osc_kit import rig  # noqa: F401 - the fixture: a whole show listening on port 0

# The 20 bytes: a bundle whose one element claims a size of -4 (python-osc steps back for ever).
NEGATIVE_BUNDLE = b"#bundle\0" + bytes(7) + b"\1" + struct.pack(">i", -4)


@contextmanager
def bare_server(**config):
    """An OSC server on 127.0.0.1:0 alone (no show): what it submits is kept."""
    got: list = []
    server = OscServer(OscConfig(listen=("127.0.0.1", 0), rate_limit=100_000, **config), got.append, time.monotonic,
                       lambda *a, **k: None, lambda to: None, lambda to, on: None, port=0).start()
    try:
        yield server, got
    finally:
        server.stop()


def answers_ping(desk: Desk, to, tag: int, timeout: float = 2.0) -> bool:
    desk.send(to, "/quiz/ping", tag)
    try:
        desk.wait_for("/quiz/out/pong", timeout=timeout, where=lambda args: args == (tag,))
        return True
    except AssertionError:
        return False


def test_a_bundle_with_a_negative_element_size_leaves_the_server_answering():
    with bare_server() as (server, got):
        desk = Desk()
        desk.raw(server.address, NEGATIVE_BUNDLE)
        assert answers_ping(desk, server.address, 1), "the server no longer answers after 20 bytes"
        assert server.malformed == 1 and server.thread.is_alive()
        desk.close()


def test_a_denied_source_is_refused_before_its_datagram_is_parsed():
    with bare_server(allow=("10.0.0.0/8",)) as (server, got):
        desk = Desk()
        desk.raw(server.address, NEGATIVE_BUNDLE)
        assert desk.wait_for("/quiz/reply")[1:3] == ("denied", 403)
        desk.raw(server.address, NEGATIVE_BUNDLE)  # still answered: the server did not loop on the first
        desk.wait_for("/quiz/reply", where=lambda args: len([a for a, _ in desk.got if a == "/quiz/reply"]) == 2)
        assert server.malformed == 0 and got == []  # never parsed, never applied
        desk.close()


# --- the check alone: any bytes, and datagrams built to look like OSC -----------------------------------------

def _pad(data: bytes) -> bytes:
    return data + bytes(-len(data) % 4)


def _osc_string(text: str) -> bytes:
    return _pad(text.encode() + b"\0")


tags = st.text(alphabet="ifsbhdtTFNrm[]cSI,", max_size=12)
sizes = st.one_of(st.integers(-2**31, 2**31 - 1), st.integers(-16, 64))


@st.composite
def messages(draw) -> bytes:
    """An OSC-looking message: an address, type tags and argument bytes that may or may not fit them."""
    address = draw(st.sampled_from(["/quiz/go", "/quiz/ping", "/quiz/team/1/score/add", "/"])) + \
        draw(st.text(alphabet="abc/*", max_size=4))
    body = _osc_string(address)
    if draw(st.booleans()):
        body += _osc_string("," + draw(tags))
        body += draw(st.binary(max_size=40))
        if draw(st.booleans()):
            body += struct.pack(">i", draw(sizes)) + draw(st.binary(max_size=16))  # a blob's size
    return body


@st.composite
def bundles(draw, depth: int = 0) -> bytes:
    """A bundle of elements whose sizes may lie (negative, zero, too large, unaligned), nested."""
    out = b"#bundle\0" + draw(st.binary(min_size=8, max_size=8))
    for _ in range(draw(st.integers(0, 4))):
        element = draw(bundles(depth + 1)) if depth < 6 and draw(st.booleans()) else draw(messages())
        size = len(element) if draw(st.integers(0, 3)) else draw(sizes)
        out += struct.pack(">i", size) + element
    return out


datagrams = st.one_of(st.binary(max_size=300), messages(), bundles(),
                      st.binary(max_size=40).map(lambda b: b"#bundle\0" + b))


def _check_then_parse(data: bytes) -> None:
    """The property: the check refuses (Malformed, nothing else), or python-osc parses the datagram
    quietly into at most MAX_MESSAGES messages."""
    try:
        check_datagram(data)
    except Malformed:
        return
    warned = PARSER_WARNINGS.count
    packet = osc_packet.OscPacket(data)
    assert len(packet.messages) <= MAX_MESSAGES
    assert PARSER_WARNINGS.count == warned


@settings(max_examples=600, deadline=None)
@given(datagrams)
def test_the_datagram_check_refuses_or_lets_through_only_what_parses_quietly(data):
    if PARSER_WARNINGS not in logging.getLogger().filters:  # as a server installs it
        logging.getLogger().addFilter(PARSER_WARNINGS)
    failure: list[BaseException] = []
    run = threading.Thread(target=_capture, args=(failure, data), daemon=True)
    run.start()
    run.join(2.0)  # python-osc alone never returns from the datagram
    assert not run.is_alive(), f"checking {data!r} did not end"
    if failure:
        raise failure[0]


def _capture(failure: list, data: bytes) -> None:
    try:
        _check_then_parse(data)
    except BaseException as why:  # noqa: BLE001 - handed to the test thread
        failure.append(why)


def _osc_args():
    leaf = st.one_of(st.integers(-2**31, 2**31 - 1), st.floats(width=32, allow_nan=False),
                     st.text(alphabet=st.characters(blacklist_characters="\0", blacklist_categories=("Cs",)),
                             max_size=20),
                     st.binary(min_size=1, max_size=20), st.booleans(), st.none())
    return st.lists(st.one_of(leaf, st.lists(leaf, max_size=3)), max_size=8)


@settings(max_examples=300, deadline=None)
@given(_osc_args())
def test_every_well_formed_message_passes_the_check_unchanged(args):
    builder = OscMessageBuilder(address="/quiz/ping")
    for arg in args:
        builder.add_arg(arg)
    data = builder.build().dgram
    check_datagram(data)
    assert osc_packet.OscPacket(data).messages[0].message.params == OscMessage(data).params


def test_the_check_bounds_size_and_nesting():
    with pytest.raises(Malformed, match="bytes"):
        check_datagram(b"/quiz/ping\0\0" + bytes(MAX_DATAGRAM))
    inner = _osc_string("/quiz/go")
    for _ in range(8):  # bundles eight deep
        inner = b"#bundle\0" + bytes(8) + struct.pack(">i", len(inner)) + inner
    with pytest.raises(Malformed, match="nested"):
        check_datagram(inner)
    message = _osc_string("/quiz/go")
    many = b"#bundle\0" + bytes(8) + (struct.pack(">i", len(message)) + message) * (MAX_MESSAGES + 1)
    with pytest.raises(Malformed, match="messages"):
        check_datagram(many)


# --- the whole path: fuzzed datagrams through the socket, the server answering after each -------------------

@pytest.fixture(scope="module")
def listening():
    with bare_server() as (server, got):
        desk = Desk()
        yield server, desk
        desk.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(datagrams, min_size=1, max_size=4))
def test_fuzzed_datagrams_through_udp_never_stop_the_server(listening, batch):
    server, desk = listening
    for data in batch:
        desk.raw(server.address, data)
    tag = server.received  # a fresh tag: an earlier pong cannot answer this one
    assert answers_ping(desk, server.address, tag), f"no answer after {batch!r}"
    assert server.thread.is_alive()


def test_python_osc_warnings_are_counted_not_logged(caplog, rig):  # noqa: F811
    app, desk, to = rig("svoyak")
    caplog.set_level(logging.DEBUG)
    for _ in range(50):  # `c` (a char) makes python-osc warn once per datagram: refused at the door now
        desk.raw(to, _osc_string("/quiz/ping") + _osc_string(",c") + b"\0\0\0a")
    assert answers_ping(desk, to, 5)
    before = PARSER_WARNINGS.count
    OscMessage(_osc_string("/x") + _osc_string(",c") + b"\0\0\0a")  # the parser's own warning, once
    assert PARSER_WARNINGS.count == before + 1
    assert not [r for r in caplog.records if "pythonosc" in r.pathname]
    assert app.osc.malformed == 50


def test_the_receive_buffer_is_enlarged_for_bursts(rig):  # noqa: F811
    import socket
    import sys
    from pathlib import Path

    app, desk, to = rig("svoyak")
    plain = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    default = plain.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    plain.close()
    limit = Path("/proc/sys/net/core/rmem_max")
    cap = int(limit.read_text()) if limit.exists() else 4 * 1024 * 1024
    granted = app.osc.server.socket.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    asked = min(4 * 1024 * 1024, cap)
    if sys.platform == "linux":  # Linux caps what is asked at rmem_max and grants twice that (its bookkeeping)
        assert granted == 2 * asked, (granted, default, cap)
    else:
        assert granted >= asked, (granted, default)
    assert app.osc.rcvbuf == granted  # what the server reports is what the kernel gave
