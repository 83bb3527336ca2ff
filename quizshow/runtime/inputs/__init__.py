"""The inputs of a running show: the one feed every source delivers to, its press stages, the key map."""
