"""The QBX/1 firmware built once per test session (into the session's temporary folder) with the simulated
chip's harness; every test here is skipped, with the reason, on a machine without avr-gcc or simavr."""

from __future__ import annotations

import pytest

from quizshow.tools import boxsim

MS = 1000  # the scripts' times are µs


@pytest.fixture(scope="session")
def firmware(tmp_path_factory: pytest.TempPathFactory) -> boxsim.Build:
    reason = boxsim.missing()
    if reason is not None:
        pytest.skip(f"the firmware cannot be built here: {reason}")
    return boxsim.build(tmp_path_factory.mktemp("qbx-avr"))
