"""The operator's side: the controls (an action call becomes a command or a switch), the operator's
state the console reads, notices and prompts."""
