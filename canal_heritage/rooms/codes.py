"""Room codes, seat tokens, the teacher's PIN and the rate limiter of join attempts.

A room code is what a class reads off the projector and types on a tablet, so it is short and
drawn from an alphabet in which no two characters can be mistaken for each other
(:data:`ALPHABET`). A seat token is what a student's browser keeps to come back to its seat:
a secret nobody types, long enough never to be guessed. The teacher's PIN guards the teacher's
page from other devices; the :class:`RateLimiter` keeps anyone from trying PINs or room codes
one after another.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Container
from typing import Any

ALPHABET = "ACEFHKMNPRTWXY3479"
"""The characters of a room code, chosen so that a code read from across a classroom, or
written down by hand, is typed right. Every character that has a look-alike is left out
together with all its look-alikes, in upper and lower case and in handwriting: 0 O Q D (round),
1 I L J (a stroke), 2 Z, 5 S, 8 B, 6 G, U V. What is left is 14 letters and 4 digits, no two of
which a pupil can confuse; 18 characters to the power of :data:`CODE_LENGTH` give 1,889,568 codes."""

CODE_LENGTH = 5
"""Characters in a room code: short enough to read aloud and type on a tablet, and with the
limit on failed look-ups (:class:`RateLimiter`) far too many to guess a room's code."""

SEPARATORS = frozenset(" \t\n-.·_\u2010\u2011\u2012\u2013\u2014\u2212")
"""What a student may type between the characters of a code (spaces, dashes, dots); ignored."""

LOOK_ALIKES = {
    # Cyrillic capitals drawn exactly as Latin ones (a tablet left on a Russian or Ukrainian keyboard)
    "А": "A", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "Р": "P", "Т": "T", "Х": "X", "У": "Y",
    # Greek capitals drawn exactly as Latin ones
    "Α": "A", "Ε": "E", "Η": "H", "Κ": "K", "Μ": "M", "Ν": "N", "Ρ": "P", "Τ": "T", "Χ": "X", "Υ": "Y",
}
"""Characters from other keyboards that look exactly like one character of :data:`ALPHABET`
and like no other, so that reading them as that character is never a guess. Look-alikes within
the Latin alphabet and digits need no table: :data:`ALPHABET` leaves out every character that
has one (a typed "O" or "0" is not in any code, so it is refused, not guessed)."""

MAX_CODE_ATTEMPTS = 10_000
"""How many random codes :func:`new_code` draws before it gives up (all of them taken)."""


def new_code(taken: Container[str]) -> str:
    """A new random room code (:data:`CODE_LENGTH` characters of :data:`ALPHABET`), not in ``taken``.

    Raises:
        RuntimeError: :data:`MAX_CODE_ATTEMPTS` codes drawn in a row were all taken (a server
            would need most of the 1.9 million codes in use at once).
    """
    for _ in range(MAX_CODE_ATTEMPTS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code
    raise RuntimeError(f"no free room code found in {MAX_CODE_ATTEMPTS} draws: too many rooms are open")


def normalize_code(text: str) -> str | None:
    """The room code a student typed, or None when ``text`` is not a room code.

    Upper or lower case, spaces, dashes and dots between the characters, full-width characters
    (an Asian keyboard) and Cyrillic or Greek capitals that look exactly like a code's letter
    (:data:`LOOK_ALIKES`) are all accepted: ``" acf-hk "`` is ``"ACFHK"``. Anything else that is
    not in :data:`ALPHABET` (an "O", a "1") makes the text not a code: the caller says so kindly
    rather than guessing which room was meant.
    """
    folded = unicodedata.normalize("NFKC", text).upper()
    kept = [LOOK_ALIKES.get(c, c) for c in folded if c not in SEPARATORS]
    if len(kept) != CODE_LENGTH or any(c not in ALPHABET for c in kept):
        return None
    return "".join(kept)


def new_token() -> str:
    """A new seat token: 32 random bytes (256 bits), URL-safe text of 43 characters."""
    return secrets.token_urlsafe(32)


def new_pin() -> str:
    """A new teacher's PIN: 6 random digits (leading zeros kept), e.g. ``"048213"``."""
    return f"{secrets.randbelow(1_000_000):06d}"


#: Seconds a teacher's pass lasts (a school day): the PIN is not asked again meanwhile.
TEACHER_PASS_SECONDS = 10 * 3600


def teacher_pass(pin: str, *, now: float | None = None) -> str:
    """What a teacher's browser keeps once the PIN was typed on it (in its ``sessionStorage``:
    gone with the tab), so that a reload, or the room's page on another server behind the
    proxy (:mod:`canal_heritage.serve`, one PIN for every server), does not ask again:
    ``EXPIRY.SIGNATURE``, the signature an HMAC-SHA256 of the expiry keyed with the PIN. It
    proves the PIN was typed without holding it; a new PIN (a restart of ``serve --lan``)
    voids every pass."""
    expiry = int((time.time() if now is None else now) + TEACHER_PASS_SECONDS)
    return f"{expiry}.{_pass_signature(pin, expiry)}"


def valid_teacher_pass(pin: str | None, given: Any, *, now: float | None = None) -> bool:
    """Whether ``given`` is a pass :func:`teacher_pass` made with ``pin``, not yet expired."""
    if not pin or not isinstance(given, str) or len(given) > 100 or "." not in given:
        return False
    expiry_text, signature = given.split(".", 1)
    if not expiry_text.isdigit() or len(expiry_text) > 12:
        return False
    expiry = int(expiry_text)
    if expiry < (time.time() if now is None else now) or expiry > time.time() + 2 * TEACHER_PASS_SECONDS:
        return False
    return same_secret(signature, _pass_signature(pin, expiry))


def _pass_signature(pin: str, expiry: int) -> str:
    return hmac.new(pin.encode("utf-8"), f"canal-heritage teacher pass {expiry}".encode(), hashlib.sha256).hexdigest()


def same_secret(a: str | None, b: str | None) -> bool:
    """Whether two secrets (tokens, PINs) are equal, compared in constant time.

    A missing or empty secret is never equal to anything, not even another missing one: a seat
    without a token cannot be taken by sending no token. Any text is accepted (a forged token
    may hold any character); it is compared as UTF-8."""
    if not a or not b:
        return False
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def client_id(remote_ip: str, salt: bytes) -> str:
    """A short name of the device at ``remote_ip`` for logs and rate limits, never the address itself.

    A keyed hash (HMAC-SHA-256 of the address, 12 hexadecimal characters): the same address gives
    the same name for as long as the server keeps ``salt``, and without the salt the address
    cannot be found back from the name, not even by trying the few addresses of a school network.
    An IPv4 address written as IPv6 (``::ffff:192.168.1.20``) names the same device as
    ``192.168.1.20``.

    Args:
        remote_ip: the client's address as the web server gives it.
        salt: a secret of at least 16 bytes made once per server start (``secrets.token_bytes(16)``).

    Raises:
        ValueError: ``salt`` is shorter than 16 bytes (the name could then be reversed).
    """
    if len(salt) < 16:
        raise ValueError("client_id needs a salt of at least 16 random bytes")
    try:
        address = ipaddress.ip_address(remote_ip)
    except ValueError:
        canonical = remote_ip  # not an address (a Unix socket, a test's name): named as given
    else:
        mapped = getattr(address, "ipv4_mapped", None)
        canonical = str(mapped or address)
    return hmac.new(salt, canonical.encode("utf-8"), hashlib.sha256).hexdigest()[:12]


class RateLimiter:
    """At most ``limit`` attempts per ``window`` seconds for each key (a sliding window).

    Used for failed room-code look-ups (20 a minute per :func:`client_id`: :meth:`allow` records
    a failure, :meth:`full` asks before any look-up) and PIN attempts. Only attempts that are
    allowed count: a client that keeps trying while refused is let in again as soon as its
    oldest allowed attempt is ``window`` seconds old.

    Memory stays bounded: each key keeps at most ``limit`` times, a key whose last allowed attempt
    is more than ``window`` seconds old is forgotten (it would be allowed anyway), and beyond
    ``max_keys`` keys the key least recently allowed is forgotten too (which only a flood from
    more than ``max_keys`` clients within one window can cause).
    """

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 10_000) -> None:
        if limit < 1 or window <= 0 or max_keys < 1:
            raise ValueError("a rate limit needs limit >= 1, window > 0 and max_keys >= 1")
        self.limit = limit
        self.window = window
        self.max_keys = max_keys
        self._clock = clock
        # key -> times of its allowed attempts (oldest first); keys in order of their last allowed attempt
        self._attempts: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Record an attempt by ``key`` and say whether it is allowed (False: too many lately)."""
        now = self._clock()
        self._forget_idle(now)
        times = self._attempts.get(key)
        if times is None:
            if len(self._attempts) >= self.max_keys:
                self._attempts.popitem(last=False)
            times = self._attempts[key] = deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        self._attempts.move_to_end(key)
        return True

    def full(self, key: str) -> bool:
        """Whether ``key``'s next attempt would be refused now, without recording one: for a
        caller that counts only some attempts (the hub counts failed look-ups of a room code,
        :meth:`~canal_heritage.rooms.hub.Hub.look_up`, and asks first whether any is allowed)."""
        times = self._attempts.get(key)
        if not times:
            return False
        cutoff = self._clock() - self.window
        return sum(1 for t in times if t > cutoff) >= self.limit

    def __len__(self) -> int:
        """How many keys are remembered."""
        return len(self._attempts)

    def _forget_idle(self, now: float) -> None:
        """Forget the keys whose last allowed attempt has left the window (the oldest come first)."""
        while self._attempts:
            key, times = next(iter(self._attempts.items()))
            if times and times[-1] > now - self.window:
                return
            del self._attempts[key]
