"""Helpers, fixtures and constants that several test files share, first written for
tests/packs/siq/test_siq.py."""

from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "siq"
