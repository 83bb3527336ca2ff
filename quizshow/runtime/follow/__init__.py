"""Follower screens, both ends: the routes the main show serves them (and who may read them), the follower that
replays the main show's journal, and the engine as safe data that travels between the two."""
