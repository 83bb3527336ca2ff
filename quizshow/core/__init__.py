"""The pure show engine: commands, state, timers, formats' interface, the journal and show time."""
