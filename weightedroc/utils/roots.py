"""Brent's root finder and minimiser as R runs them (``uniroot``, ``optimize``).

Ports of R's ``R_zeroin2`` (zeroin.c) and ``Brent_fmin`` (optimize.c), step
for step, so that a root or a minimum is R's to the last bit and not merely
close to the exact one: pROC's ``power.roc.test`` and R's bandwidth rules
``bw.ucv``, ``bw.bcv`` and ``bw.SJ`` return R's iterate, which differs from
the exact root by up to R's tolerance.
"""

import math

import numpy as np

__all__ = ["zeroin", "fmin"]


EPSILON = np.finfo(float).eps


def zeroin(f, a, b, fa, fb, tol, maxit=1000):
    """A root of `f` in [a, b] as R's ``R_zeroin2`` finds it (Brent's method).

    Parameters
    ----------
    f : callable
        A function of one float, returning a float.
    a, b : float
        The ends of the interval; `f` must not have the same sign at both.
    fa, fb : float
        ``f(a)`` and ``f(b)``, evaluated by the caller (R's ``uniroot``
        checks them before it starts).
    tol : float
        R's ``tol``: the root is sought to ``2 eps |x| + tol / 2``.
    maxit : int, default 1000
        R's ``maxiter``.

    Returns
    -------
    root : float
        R's iterate: the root found, or the last iterate.
    converged : bool
        False when `maxit` iterations ran out (R's ``uniroot`` then warns).

    Examples
    --------
    >>> from weightedroc.utils.roots import zeroin
    >>> # R: uniroot(function(x) x * x - 2, c(0, 2), tol = 1e-12)$root
    >>> zeroin(lambda x: x * x - 2, 0.0, 2.0, -2.0, 2.0, 1e-12)
    (1.4142135623731364, True)
    """
    if fa == 0:
        return a, True
    if fb == 0:
        return b, True
    c, fc = a, fa
    for _ in range(maxit + 1):
        previous = b - a
        if abs(fc) < abs(fb):  # b is the best approximation so far
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol_act = 2 * EPSILON * abs(b) + tol / 2
        step = (c - b) / 2
        if abs(step) <= tol_act or fb == 0:
            return b, True
        if abs(previous) >= tol_act and abs(fa) > abs(fb):
            step = _interpolated(a, b, c, fa, fb, fc, previous, tol_act, step)
        if abs(step) < tol_act:
            step = tol_act if step > 0 else -tol_act
        a, fa = b, fb
        b += step
        fb = f(b)
        if (fb > 0 and fc > 0) or (fb < 0 and fc < 0):
            c, fc = a, fa
    return b, False


def _interpolated(a, b, c, fa, fb, fc, previous, tol_act, bisection):
    """zeroin's secant or inverse quadratic step, or `bisection` when it
    would leave [b, c] or not shrink fast enough."""
    cb = c - b
    if a == c:  # two distinct points: the secant
        t1 = fb / fa
        p, q = cb * t1, 1.0 - t1
    else:
        q, t1, t2 = fa / fc, fb / fc, fb / fa
        p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0))
        q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0)
    if p > 0:
        q = -q
    else:
        p = -p
    if p < 0.75 * cb * q - abs(tol_act * q) / 2 and p < abs(previous * q / 2):
        return p / q
    return bisection


def fmin(f, a, b, tol):
    """The minimum of `f` on [a, b] as R's ``Brent_fmin`` finds it (``optimize``).

    Parameters
    ----------
    f : callable
        A function of one float, returning a float.
    a, b : float
        The interval searched, a < b.
    tol : float
        R's ``tol``.

    Returns
    -------
    float
        R's iterate at the minimum.

    Examples
    --------
    >>> from weightedroc.utils.roots import fmin
    >>> fmin(lambda x: (x - 1 / 3) ** 2, 0.0, 1.0, 1e-10)  # R: optimize(f, c(0, 1), tol = 1e-10)
    0.3333333333333333
    """
    golden = (3.0 - math.sqrt(5.0)) * 0.5
    eps = math.sqrt(EPSILON)
    v = w = x = a + golden * (b - a)
    d = e = 0.0
    fv = fw = fx = f(x)
    tol3 = tol / 3.0
    while True:
        xm = (a + b) * 0.5
        tol1 = eps * abs(x) + tol3
        t2 = tol1 * 2.0
        if abs(x - xm) <= t2 - (b - a) * 0.5:
            return x
        p = q = r = 0.0
        if abs(e) > tol1:  # fit a parabola
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = (q - r) * 2.0
            if q > 0.0:
                p = -p
            else:
                q = -q
            r, e = e, d
        if abs(p) >= abs(q * 0.5 * r) or p <= q * (a - x) or p >= q * (b - x):
            e = (b - x) if x < xm else (a - x)  # a golden-section step
            d = golden * e
        else:  # a parabolic step, not too close to the ends
            d = p / q
            u = x + d
            if u - a < t2 or b - u < t2:
                d = tol1 if x < xm else -tol1
        if abs(d) >= tol1:
            u = x + d
        else:
            u = x + tol1 if d > 0.0 else x - tol1
        fu = f(u)
        if fu <= fx:
            if u < x:
                b = x
            else:
                a = x
            v, w, x = w, x, u
            fv, fw, fx = fw, fx, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu
