"""«Куча мала» (format `melee`)."""
