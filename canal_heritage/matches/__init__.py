"""Tables in play: the exhibit's game sessions, without any UI (views depend on them)."""
