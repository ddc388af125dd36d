"""Plain references of the time-dependent AUC: loops over subjects and
pairs, and a literal port of timeROC's n x n matrices (``Compute.iid.KM``,
``compute_iid_decomposition_*``), for small inputs."""

import numpy as np


def plain_censoring(time, failed, weight=None):
    """G(s) (a function) by the product-limit loop: at each distinct time
    the failures leave the risk set before the censorings (weighted sums
    with `weight`)."""
    w = np.ones(len(time)) if weight is None else weight
    steps = []
    for u in sorted(set(time.tolist())):
        at_risk = np.sum(w[time >= u]) - np.sum(w[(time == u) & failed])
        censored = np.sum(w[(time == u) & ~failed])
        steps.append((u, 1.0 if censored == 0 else 1.0 - censored / at_risk))

    def G(s, before=False):
        value = 1.0
        for u, factor in steps:
            if u < s or (u == s and not before):
                value *= factor
        return value

    return G


def plain_auc(time, event, guess, t, cause=1, definition=1, weight=None):
    """The IPCW AUC at `t` as a double loop over (case, control) pairs."""
    G = plain_censoring(time, event != 0, weight)
    weight = np.ones(len(time)) if weight is None else weight
    cases = [i for i in range(len(time)) if time[i] < t and event[i] == cause]
    controls = [j for j in range(len(time)) if time[j] > t]
    if definition == 2:
        controls += [j for j in range(len(time)) if time[j] < t and event[j] not in (0, cause)]
    if not cases or not controls:
        return np.nan

    def w(j):
        return weight[j] / (G(t) if time[j] > t else G(time[j], before=True))

    num = den = 0.0
    for i in cases:
        for j in controls:
            s = 1.0 if guess[i] > guess[j] else 0.5 if guess[i] == guess[j] else 0.0
            num += w(i) * w(j) * s
            den += w(i) * w(j)
    return num / den


def plain_weight_derivative(time, event, guess, t, weight, definition=1, h=1e-6):
    """d AUC(t) / d w_k for every row, by central differences of `plain_auc`."""
    out = np.empty(len(time))
    for k in range(len(time)):
        up, down = weight.copy(), weight.copy()
        up[k] += h
        down[k] -= h
        out[k] = (
            plain_auc(time, event, guess, t, 1, definition, up)
            - plain_auc(time, event, guess, t, 1, definition, down)
        ) / (2 * h)
    return out


def timeroc_km_iid(T, delta):
    """timeROC's ``Compute.iid.KM``, literally (rows sorted by time)."""
    n = len(T)
    cens = (delta == 0).astype(float)
    lam = cens / np.arange(n, 0, -1)
    Lam = np.cumsum(lam)
    hatMC = np.empty((n, n))
    for i in range(n):
        hatMC[:, i] = cens[i] * (T[i] <= T) - np.concatenate(
            (Lam[: i + 1], np.repeat(Lam[i], n - i - 1))
        )
    dhatMC = np.vstack((hatMC[:1], hatMC[1:] - hatMC[:-1]))
    S = np.concatenate(([1.0], 1 - np.arange(1, n) / n))
    return np.cumsum(dhatMC / S[:, None], axis=0)


def timeroc_iid(T, delta, marker, t, cause=1):
    """timeROC's influence functions (AUC_1, AUC_2 or None) at `t`, by its
    matrices, for rows already sorted by time."""
    n = len(T)
    G = plain_censoring(T, delta != 0)
    w_all = np.array([1 / (G(T[i], before=True) * n) for i in range(n)])
    case = (T < t) & (delta == cause)
    c1 = T > t
    c2 = (T < t) & (delta != cause) & (delta != 0)
    w_case = np.where(case, w_all, 0.0)
    w_c1 = np.where(c1, 1 / (G(t) * n), 0.0)
    w_c2 = np.where(c2, w_all, 0.0)
    F, St = w_case.sum(), w_c1.sum()
    MI = timeroc_km_iid(T, delta)
    ic, i1, i2 = np.flatnonzero(case), np.flatnonzero(c1), np.flatnonzero(c2)

    def s(i, j):
        return 1.0 if marker[i] > marker[j] else 0.5 if marker[i] == marker[j] else 0.0

    H1 = np.array([[s(i, j) * w_case[i] * w_c1[j] * n * n for i in ic] for j in i1]).reshape(
        len(i1), len(ic)
    )
    H2 = np.array([[s(i, j) * w_case[i] * w_c2[j] * n * n for i in ic] for j in i2]).reshape(
        len(i2), len(ic)
    )
    d = np.where(case, w_case * n, 0.0)
    col1 = np.zeros(n)
    col1[ic] = H1.sum(axis=0)
    row1 = np.zeros(n)
    row1[i1] = H1.sum(axis=1)
    hs = H1.sum() / n**2
    V = c1 / (c1.sum() / n)
    k_terms = np.array(
        [
            (H1.T * (1 + MI[ic, k])[:, None]).sum() / n
            - (hs * (V + (1 / F) * (d * (1 + MI[:, k]) - F))).sum()
            for k in range(n)
        ]
    ) / (F * St)
    iid_1 = (
        k_terms + (row1 - n * hs) / (F * St) + (col1 - n * hs * (V + (d - F) / F)) / (F * St)
    ) / n
    if not c2.any():
        return iid_1, None
    col2 = np.zeros(n)
    col2[ic] = H2.sum(axis=0)
    row2 = np.zeros(n)
    row2[i2] = H2.sum(axis=1)
    ht = (H1.sum() + H2.sum()) / n**2
    D = F * (1 - F)
    I0 = MI[np.max(np.flatnonzero(T <= t))]
    a = ((col1 + col2) * n - n**2 * ht - (ht * n**2 * (1 - 2 * F) / D) * (d - F)) / D
    b = ((row1 + row2) * n - n**2 * ht) / D
    c = (
        np.array(
            [
                (H1 * (1 + I0[m])).sum() + (H2 * (1 + MI[i2, m])[:, None]).sum() - n**2 * ht
                for m in range(n)
            ]
        )
        / D
    )
    e = (
        np.array(
            [
                (H1.T * (1 + MI[ic, k])[:, None]).sum()
                + (H2.T * (1 + MI[ic, k])[:, None]).sum()
                - n**2 * ht
                - n * ((ht * (1 - 2 * F) / D) * (d * (1 + MI[:, k]) - F)).sum()
                for k in range(n)
            ]
        )
        / D
    )
    return iid_1, (a + b + c + e) / n**2
