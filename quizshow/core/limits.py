"""Bounds shared by every edge where a number comes in (OSC, pack and show files, the console's typing):
one constant each, so a value one edge accepts is never refused, or overflows, at another."""

MAX_POINTS = 999_999_999  # a score, a question's value or a stake; fits a 32-bit int with room to add
