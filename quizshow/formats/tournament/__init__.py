"""A tournament day (format `tournament`): the event that nests matches (design principle 10)."""
