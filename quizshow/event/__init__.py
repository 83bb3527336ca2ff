"""A tournament day (rules.md §6, seeds 001 and 004), as pure functions of its data.

An event nests matches: its state holds the start order, the results and the decisions (play-offs,
replays, removals); the schedule and the standings are computed from them, never typed, so a corrected
result recomputes everything downstream. No pygame, sockets, threads, files or clocks here.
"""
