"""Hadamard matrices as ``survey:::hadamard`` chooses them for BRR (0/1
coding: 1 for +1), built from Sylvester's and Paley's constructions as
survey builds them.  survey also stores two matrices (orders 28 and 36) it
uses, or doubles, for 24-27, 32-35, 48-55, 68-71 pairs and some larger
numbers: those are not reproduced here (NotImplementedError)."""

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


def stored(order):
    if order in (4, 16):
        return sylvester(order)
    raise NotImplementedError(
        f"BRR here needs survey's stored Hadamard matrix of order {order} (for 24-27, "
        "32-35, 48-55 or 68-71 pairs of PSUs, among others): build the replicate weights "
        "in R and pass them as ReplicateWeights"
    )


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
