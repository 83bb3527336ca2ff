"""Format `sprint` («Спринт»): first to N correct answers wins; plays alone or as a tournament's match."""
