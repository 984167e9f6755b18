"""Room codes, seat tokens, the teacher's PIN, client ids and the rate limiter (issue 14, items 1, 3 and 6)."""

from __future__ import annotations

import base64
import secrets

import pytest

from canal_heritage.rooms.codes import (
    ALPHABET,
    CODE_LENGTH,
    RateLimiter,
    client_id,
    new_code,
    new_pin,
    new_token,
    normalize_code,
    same_secret,
)

SALT = b"0123456789abcdef"


# ---------------------------------------------------------------------------- room codes

def test_the_alphabet_leaves_out_every_look_alike():
    assert len(set(ALPHABET)) == len(ALPHABET) == 18
    assert all(c.isascii() and (c.isupper() or c.isdigit()) for c in ALPHABET)
    for group in ("0OQD", "1ILJ", "2Z", "5S", "8B", "6G", "UV"):
        assert not set(group) & set(ALPHABET), group


def test_new_codes_are_codes_of_the_alphabet_and_vary():
    drawn = {new_code(()) for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in drawn)
    assert len(drawn) > 190  # 1.9 million codes: repeats among 200 are rare


class _AllButA:
    """Every code is taken except those starting with "A" (17 in 18 draws collide)."""

    def __contains__(self, code: object) -> bool:
        return not str(code).startswith("A")


def test_a_new_code_is_never_one_taken():
    assert all(new_code(_AllButA()).startswith("A") for _ in range(50))
    taken = {new_code(()) for _ in range(50)}
    assert all(new_code(taken) not in taken for _ in range(200))


def test_no_free_code_is_an_error_not_an_endless_loop():
    class Everything:
        def __contains__(self, code: object) -> bool:
            return True

    with pytest.raises(RuntimeError, match="no free room code"):
        new_code(Everything())


@pytest.mark.parametrize("typed, code", [
    ("ACFHK", "ACFHK"),
    ("acfhk", "ACFHK"),
    ("  acf-hk ", "ACFHK"),
    ("A.C.F.H.K", "ACFHK"),
    ("ac fh k", "ACFHK"),
    ("3479w", "3479W"),
    ("ＡＣＦＨＫ", "ACFHK"),  # full-width, as an Asian keyboard types it
    ("ACF–HK", "ACFHK"),  # an en dash, as a phone's keyboard may put it
    ("АСЕНК", "ACEHK"),  # Cyrillic capitals drawn like Latin ones
    ("асенк", "ACEHK"),  # and in lower case
    ("ΑΕΗΚΜ", "AEHKM"),  # Greek capitals
])
def test_a_typed_code_is_read_kindly(typed, code):
    assert normalize_code(typed) == code


@pytest.mark.parametrize("typed", [
    "", "   ", "ACFH", "ACFHKM", "ACFH0", "ACFHO", "ACFHo", "ACFH1", "ACFHl", "ACFHS", "ACFHB", "ACFHÉ", "ACF?K",
    "ACF_HK!", "ВАСКН",  # Cyrillic В looks like B, which is not in any code
])
def test_what_is_not_a_code_is_none_not_a_guess(typed):
    assert normalize_code(typed) is None


def test_every_new_code_reads_back_as_itself():
    for _ in range(100):
        code = new_code(())
        assert normalize_code(code) == code
        assert normalize_code(code.lower()) == code
        assert normalize_code(f"{code[:2]} - {code[2:]}") == code


# ---------------------------------------------------------------------------- secrets

def test_a_seat_token_holds_256_random_bits():
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=")) == 32
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_a_pin_is_six_digits_with_its_leading_zeros(monkeypatch):
    pins = [new_pin() for _ in range(100)]
    assert all(len(p) == 6 and p.isdigit() for p in pins)
    assert len(set(pins)) > 90
    monkeypatch.setattr(secrets, "randbelow", lambda n: 42)
    assert new_pin() == "000042"


def test_secrets_are_compared_whole():
    token = new_token()
    assert same_secret(token, str(token))
    assert not same_secret(token, token[:-1])
    assert not same_secret(token, token + "x")
    assert not same_secret("123456", "123457")
    assert same_secret("123456", "123456")


@pytest.mark.parametrize("a, b", [(None, None), ("", ""), (None, "abc"), ("abc", None), ("", "abc")])
def test_a_missing_secret_never_matches(a, b):
    assert not same_secret(a, b)


def test_a_forged_secret_of_any_characters_is_refused_without_an_error():
    assert not same_secret(new_token(), "jeton-forgé-ü-\u202e")
    assert same_secret("ü-é", "ü-é")


# ---------------------------------------------------------------------------- client ids

def test_a_client_id_names_a_device_without_its_address():
    a = client_id("192.168.1.20", SALT)
    assert a == client_id("192.168.1.20", SALT)
    assert len(a) == 12 and set(a) <= set("0123456789abcdef")
    assert "192" not in a and "168" not in a
    assert a != client_id("192.168.1.21", SALT)
    assert a != client_id("192.168.1.20", b"another salt, 16+")


def test_an_ipv4_address_written_as_ipv6_is_the_same_device():
    assert client_id("::ffff:192.168.1.20", SALT) == client_id("192.168.1.20", SALT)
    assert client_id("fd00::0001", SALT) == client_id("fd00::1", SALT)
    assert client_id("unknown", SALT) != client_id("192.168.1.20", SALT)


def test_a_short_salt_is_refused():
    with pytest.raises(ValueError, match="16"):
        client_id("192.168.1.20", b"short")


# ---------------------------------------------------------------------------- rate limiter

class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_at_most_limit_attempts_per_window_per_key():
    clock = Clock()
    limiter = RateLimiter(3, 60, clock=clock)
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # another client is not held back
    clock.now += 59.9
    assert not limiter.allow("a")
    clock.now += 0.1  # the three attempts are a whole window old
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]


def test_the_window_slides():
    clock = Clock()
    limiter = RateLimiter(3, 60, clock=clock)
    for t in (0, 30, 40):
        clock.now = 1000.0 + t
        assert limiter.allow("a")
    clock.now = 1059.0
    assert not limiter.allow("a")
    clock.now = 1060.0  # the attempt at 0 has left the window, those at 30 and 40 have not
    assert limiter.allow("a")
    assert not limiter.allow("a")
    clock.now = 1090.0  # the one at 30 has left
    assert limiter.allow("a")
    assert not limiter.allow("a")


def test_refused_attempts_do_not_prolong_the_wait():
    clock = Clock()
    limiter = RateLimiter(2, 10, clock=clock)
    assert limiter.allow("a") and limiter.allow("a")
    for _ in range(9):
        clock.now += 1
        assert not limiter.allow("a")
    clock.now += 1
    assert limiter.allow("a")


def test_idle_clients_are_forgotten():
    clock = Clock()
    limiter = RateLimiter(10, 60, clock=clock)
    for k in range(500):
        limiter.allow(f"client {k}")
    assert len(limiter) == 500
    clock.now += 61
    assert limiter.allow("late")
    assert len(limiter) == 1


def test_memory_is_bounded_by_max_keys():
    clock = Clock()
    limiter = RateLimiter(2, 60, clock=clock, max_keys=100)
    assert limiter.allow("first") and limiter.allow("first")
    for k in range(98):
        clock.now += 0.01
        assert limiter.allow(f"flood {k}")
    assert len(limiter) == 99
    assert not limiter.allow("first")  # still counted while there is room
    for k in range(98, 1000):
        clock.now += 0.01
        assert limiter.allow(f"flood {k}")
    assert len(limiter) == 100
    assert limiter.allow("flood 999")  # the most recent are still counted: a second attempt, then no more
    assert not limiter.allow("flood 999")
    assert limiter.allow("first")  # the least recent was forgotten, as documented


def test_a_recent_client_keeps_its_count_through_a_flood():
    clock = Clock()
    limiter = RateLimiter(1, 60, clock=clock, max_keys=10)
    for k in range(50):
        limiter.allow(f"flood {k}")
    assert limiter.allow("recent")
    for k in range(5):
        limiter.allow(f"more {k}")
    assert not limiter.allow("recent")


@pytest.mark.parametrize("limit, window, max_keys", [(0, 60, 10), (1, 0, 10), (1, -5, 10), (1, 60, 0)])
def test_a_limiter_that_could_not_work_is_refused(limit, window, max_keys):
    with pytest.raises(ValueError):
        RateLimiter(limit, window, max_keys=max_keys)
