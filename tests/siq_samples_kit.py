"""Helpers, fixtures and constants that several test files share, first written for
tests/packs/siq/test_siq.py."""

from __future__ import annotations

from tests.conftest import SHARED

SAMPLES = SHARED / "siq"
