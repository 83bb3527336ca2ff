"""Helpers, fixtures and constants that several test files share, first written for
tests/event/test_event_rules.py."""

from __future__ import annotations

GROUP_RESULTS = [
    # Group А (0, 3, 6, 9): 3 and 9 equal on points and head-to-head, 3 above by the difference (−1 / −3).
    (0, 3, 3, 1), (0, 6, 2, 2), (0, 9, 4, 0), (3, 6, 2, 1), (3, 9, 3, 3), (6, 9, 1, 2),
    # Group Б (1, 4, 7, 10): a cycle 1 > 4 > 7 > 1; differences +2, +1, +2; 7 above 1 by their own match.
    (1, 4, 2, 1), (4, 7, 3, 2), (7, 1, 2, 0), (1, 10, 3, 0), (4, 10, 2, 1), (7, 10, 4, 3),
    # Group В (2, 5, 8, 11): 5 and 8 equal on everything across the line: a replay.
    (2, 5, 3, 1), (2, 8, 3, 1), (2, 11, 4, 1), (5, 8, 2, 2), (5, 11, 3, 1), (8, 11, 3, 1),
]
