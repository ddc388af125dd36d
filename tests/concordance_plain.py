"""Plain reference of survival's concordance: weighted Kaplan-Meier loops
for the time weights and a double loop over pairs for the counts and each
row's influence, O(n^2), for small inputs."""

import numpy as np


def plain_time_weights(time, death, w, timewt):
    """survival's weight of each death's time: S(t-), G(t-) and the weight
    at risk n(t) by product-limit loops (deaths before censorings at a time)."""
    if timewt == "n" or death.sum() < 2:
        return np.ones(len(time))
    total = sum(sorted(w))
    out = np.zeros(len(time))
    for i in np.flatnonzero(death):
        t = time[i]
        S = G = 1.0
        for u in sorted(set(time[time < t].tolist())):
            at_risk = w[time >= u].sum()
            dead = w[(time == u) & death].sum()
            censored = w[(time == u) & ~death].sum()
            S *= (at_risk - dead) / at_risk
            if censored > 0:
                G *= (at_risk - dead - censored) / (at_risk - dead)
        nrisk = w[time >= t].sum()
        out[i] = {
            "S": total * S / nrisk,
            "S/G": total * S / (G * nrisk),
            "n/G2": 1 / G**2,
            "I": 1 / nrisk,
        }[timewt]
    return out


def plain_counts(time, death, guess, w, timewt="n", tau=None):
    """survival's five counts (concordant: the longer time has the larger
    guess) and the (3, n) influence of each row on the first three."""
    n = len(time)
    tw = plain_time_weights(time, death, w, timewt)
    if tau is not None:
        tw = np.where(time > tau, 0.0, tw)
    count, influence = np.zeros(5), np.zeros((3, n))
    for i in np.flatnonzero(death):
        for j in range(n):
            if j == i:
                continue
            if time[j] > time[i] or (time[j] == time[i] and not death[j]):
                k = 0 if guess[j] > guess[i] else 1 if guess[j] < guess[i] else 2
                count[k] += w[i] * w[j] * tw[i]
                influence[k, i] += w[j] * tw[i]
                influence[k, j] += w[i] * tw[i]
            elif time[j] == time[i] and death[j] and j > i:
                count[4 if guess[j] == guess[i] else 3] += w[i] * w[j] * tw[i]
    return count, influence


def plain_concordance(time, death, guess, w, strata, timewt="n", tau=None):
    """(concordance, IJ standard error) with R's reverse = TRUE (higher
    guess, earlier event): counts pooled over strata."""
    count, influence = np.zeros(5), np.zeros((3, len(time)))
    for s in np.unique(strata):
        rows = np.flatnonzero(strata == s)
        c, f = plain_counts(time[rows], death[rows], guess[rows], w[rows], timewt, tau)
        count += c
        influence[:, rows] = f
    C, D, T = count[1], count[0], count[2]  # reversed
    npair = C + D + T
    if npair == 0:
        return np.nan, np.nan, count[[1, 0, 2, 3, 4]]
    estimate = (C + T / 2) / npair
    each = w * (influence[1] + influence[2] / 2 - estimate * influence.sum(axis=0)) / npair
    return estimate, float(np.sqrt(np.sum(each**2))), count[[1, 0, 2, 3, 4]]
