"""The exhibit's home: the welcome page, the set-up pages, "How to play" and the kiosk."""
