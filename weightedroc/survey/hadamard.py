"""Hadamard matrices as ``survey:::hadamard`` chooses them for BRR (0/1
coding: 1 for +1), built from Sylvester's and Paley's constructions as
survey builds them, and the two matrices survey stores (orders 28 and 36,
used or doubled for 24-27, 32-35, 48-55, 68-71 pairs and some larger
numbers) reproduced as data (`STORED_ROWS`)."""

import numpy as np

STORED = (4, 16, 28, 36)  # survey's hadamard.sizes
LARGEST_PRIME = 7919  # survey's small.primes: the primes p = 3 (mod 4) up to here


def _primes_3_mod_4():
    sieve = np.ones(LARGEST_PRIME + 1, dtype=bool)
    sieve[:2] = False
    for k in range(2, int(LARGEST_PRIME**0.5) + 1):
        if sieve[k]:
            sieve[k * k :: k] = False
    primes = np.flatnonzero(sieve)
    return primes[primes % 4 == 3]


def sylvester(order):
    """Sylvester's matrix of a power-of-two order: (-1)^popcount(i & j)."""
    i = np.arange(order)
    bits = np.bitwise_and.outer(i, i)
    parity = np.zeros_like(bits)
    while bits.any():
        parity ^= bits & 1
        bits >>= 1
    return (1 - parity).astype(float)


def doubled(H):
    return np.block([[H, H], [H, 1 - H]])


def paley_prime(p):
    """survey's Paley matrix of order p + 1 (quadratic residues of p, 0 included)."""
    residues = {0, 1} | {(i * i) % p for i in (range(2, (p - 1) // 2 + 1) if p > 3 else (2, 1))}
    m = np.add.outer(np.arange(p), np.arange(p)) % p
    m = np.where(np.isin(m, list(residues)), 0.0, 1.0)
    return np.block([[np.ones((1, 1)), np.ones((1, p))], [np.ones((p, 1)), m]])


def paley(n, nmax):
    """``survey:::paley(n, nmax)``, or None."""
    primes = _primes_3_mod_4()
    nceil = nn = n + 4 - n % 4
    if n % 4 + 4 == n % 8:
        while nn % 8 == 0:
            nn //= 2
        if nn - 1 in primes:
            m = paley_prime(nn - 1)
            while nn < nceil:
                m, nn = doubled(m), nn * 2
            return m
    if n > primes[-1]:
        return None
    p = int(primes[primes >= n].min())
    if p + 1 > nceil + 4 and nceil + 4 < nmax:
        return paley(nceil + 3, 2 * (nceil + 3))
    if p > nmax:
        return None
    return paley_prime(p)


# The Hadamard matrices of order 28 and 36 that R's survey package stores
# (``survey:::hadamard.list[[3]]`` and ``[[4]]``, survey 4.1 by Thomas
# Lumley, GPL-2 | GPL-3), one row per string: its 0/1 entries as the bits of
# a hexadecimal number, the first column the highest bit.  A table of
# numbers, reproduced as data so that BRR replicates are survey's exactly
# (tests/test_survey_live.py compares them live).
STORED_ROWS = {
    28: (
        "fffffff 9c71c78 83cd378 83b2e66 9a0f8d6 952c5ae 8cd239e 58aa7f0 45b59d4 46cbcac "
        "561774a 4b64e9a 5959b26 2d1eae8 3666b34 2b3b51c 31d74b2 32f89ca 2ced646 ea545e4 "
        "f1632cc f09ce1c e54ad52 e6392b2 e8a792a dffe000 bf81f80 7f8007e"
    ),
    36: (
        "fffffffff 5c7dc8564 b8fb90ac8 71f721592 e3ee42b24 c7dc8564a 8fb90ac96 1f721592e "
        "3ee42b25c 7dc8564b8 fb90ac970 f721592e2 ee42b25c6 dc8564b8e b90ac971e 721592e3e "
        "e42b25c7c c8564b8fa 90ac971f6 21592e3ee 42b25c7dc 8564b8fb8 0ac971f72 1592e3ee4 "
        "2b25c7dc8 564b8fb90 ac971f720 592e3ee42 b25c7dc84 64b8fb90a c971f7214 92e3ee42a "
        "25c7dc856 4b8fb90ac 971f72158 2e3ee42b2"
    ),
}


def stored(order):
    """survey's stored matrix of an order in `STORED` (0/1 coding)."""
    if order in (4, 16):
        return sylvester(order)
    rows = [int(row, 16) for row in STORED_ROWS[order].split()]
    bits = order - 1 - np.arange(order)
    return ((np.array(rows, dtype=np.int64)[:, None] >> bits) & 1).astype(float)


def hadamard(n):
    """``survey:::hadamard(n)``: the matrix BRR uses for n pairs of PSUs."""
    sizes = np.array(STORED)
    m = n - n % 4
    precooked = sizes[(m < sizes) & (m + 4 >= sizes)]
    if len(precooked):
        return stored(int(precooked.min()))
    if (m < sizes).all():
        return stored(4)
    grown = sizes * 2 ** np.maximum(0, np.ceil(np.log2((n + 1) / sizes))).astype(int)
    best = int(np.argmin(grown - n))
    H = paley(n, int(grown[best])) if grown[best] - n > 4 else None
    if H is None:
        H = stored(int(sizes[best]))
        for _ in range(int(np.ceil(np.log2(grown[best] / sizes[best])))):
            H = doubled(H)
    return H
