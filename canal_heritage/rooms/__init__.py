"""Classroom rooms: every student on their own device, the teacher at the
projector, nothing lost.

- :mod:`.codes`: room codes without look-alike characters, seat tokens, the teacher's PIN,
  the rate limiter of join attempts;
- :mod:`.qr`: the join address as a QR code, drawn offline;
- :mod:`.network`: the machine's network addresses, for ``canal-heritage serve --lan``;
- :mod:`.room`: one room: its table, its seats and who holds them, every decision written to
  the store before anyone sees it;
- :mod:`.hub`: the rooms of a server: create, join, resume after a restart, close.
"""
