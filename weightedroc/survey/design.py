"""`SurveyDesign`: R's ``survey::svydesign`` (one stage of PSUs, strata,
fpc, nest), resolved on its rows as a `Coded` design, and its replicate
weights (`ReplicateWeights`, held in `.weights`; built by `.replicates`).

Validation follows survey 4.1's rules and words.  A stratum with a single
PSU follows survey's default ``options(survey.lonely.psu = "fail")``: the
design is accepted, and its variance (linearization or jackknife) raises
survey's error, as R's does.
"""

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from ..utils.signatures import in_help
from ..utils.warn import warn
from .replicates import replicate_weights
from .weights import Coded, ReplicateWeights

__all__ = ["SurveyDesign", "ReplicateWeights", "Coded", "weights_of", "check_method"]

LONELY = ("fail", "remove", "adjust", "average", "certainty")
DEFAULTS = dict(
    cluster=None, strata=None, fpc=None, weight=None, nest=False, lonely_psu="fail", data=None
)


def _codes(values):
    """Codes 0, 1, ... in order of first appearance, and the distinct values."""
    codes, uniques = pd.factorize(pd.Series(values), sort=False)
    if (codes < 0).any():
        raise ValueError("missing values in a design variable")
    return codes.astype(np.int64), list(uniques)


def _column(value, data, name, n):
    """A design variable as an array of n rows (a column name needs `data`)."""
    if value is None:
        return None
    if isinstance(value, str):
        if data is None:
            raise TypeError(f"{name}={value!r} is a column name: give the frame as data=")
        if value not in data:
            raise ValueError(f"{name}={value!r} is not a column of data")
        value = data[value]
    array = np.asarray(value)
    if array.ndim == 0 and name == "fpc":
        array = np.full(n, float(array))
    if array.ndim != 1 or (n is not None and len(array) != n):
        raise ValueError(f"{name} must have one value per row ({n} rows), got shape {array.shape}")
    return array


def _is_stage(item):
    return isinstance(item, str) or np.ndim(item) >= 1


def _stages(value, data, name, n):
    """A design variable as a list of arrays of n rows, one per stage (None
    if absent): a column name or array (one stage), a list of them or a
    frame's columns (one per stage, as survey's ``ids = ~dnum + snum``)."""
    if value is None:
        return None
    if isinstance(value, pd.DataFrame):
        value = [value[column] for column in value.columns]
    elif isinstance(value, np.ndarray) and value.ndim == 2:
        if n is not None and value.shape[0] != n:
            raise ValueError(
                f"{name} as a matrix must have one row per row of data and one column per "
                f"stage ({n} rows), got shape {value.shape}"
            )
        value = list(value.T)
    if isinstance(value, (list, tuple)) and len(value) and all(map(_is_stage, value)):
        names = all(isinstance(item, str) for item in value)
        if names and data is None and n is not None and len(value) != n:
            raise TypeError(
                f"{name}={list(value)!r} reads as column names, one per stage: give the frame "
                "as data= (or one array of values per stage)"
            )
        if names and data is not None:
            missing = [item for item in value if item not in data]
            if missing and len(missing) == len(value) and len(value) == len(data):
                return [_column(value, None, name, n)]  # one stage of text labels
            if missing:
                raise ValueError(
                    f"{name}: {', '.join(map(repr, missing))} not a column of data "
                    f"(columns: {', '.join(map(str, data.columns))})"
                )
        if not names or data is not None:
            return [
                _column(item, data, f"{name} (stage {k + 1})", n) for k, item in enumerate(value)
            ]
    return [_column(value, data, name, n)]


def _interaction(*codes):
    """Codes of the distinct combinations of codes 0, 1, ..., in order of first appearance."""
    key = codes[0]
    for more in codes[1:]:
        key = _codes(key * (int(more.max()) + 1) + more)[0]
    return key


def _is_default(value, default):
    return value is default or (isinstance(value, (bool, str)) and value == default)


def _short(value):
    """A design variable as a call shows it: names as written, data by size."""
    if isinstance(value, pd.DataFrame):
        return f"<frame of {len(value)} rows, {value.shape[1]} columns>"
    if isinstance(value, (list, tuple)) and value and all(map(_is_stage, value)):
        if all(isinstance(item, str) for item in value) and len(value) <= 10:
            return repr(list(value))
        if not all(isinstance(item, str) for item in value):
            return f"[{', '.join(_short(item) for item in value)}]"
    if isinstance(value, (str, bool, int, float)) or value is None:
        return repr(value)
    return f"<{np.size(value)} values>"


@in_help
@dataclass(frozen=True, eq=False, repr=False)  # arrays and frames: compared by identity
class SurveyDesign:
    """A sampling design, as ``survey::svydesign(ids=, strata=, fpc=, nest=)``.

    The sampling weights are the ``weight`` argument of the function that
    reads the design (``auc_ci(guess, label, weight, design=...)``).

    Parameters
    ----------
    cluster : array-like, str or list of them, optional
        The primary sampling unit (PSU) of each row (survey's ``ids``);
        None: each row is its own PSU (``ids = ~1``).  A multistage design
        gives one per stage (``["dnum", "snum"]`` with `data`, a list of
        arrays, or a frame's columns), as ``ids = ~dnum + snum``; later
        stages' units are nested in the earlier ones.
    strata : array-like or str, optional
        The stratum of each row; None: one stratum.
    fpc : array-like, float, str or list of them, optional
        Finite population correction per row (constant within a stratum):
        the stratum's number of PSUs in the population (all values >= 1)
        or its sampling fraction (all values <= 1), as survey reads it.
        A multistage design gives one per stage, and its variance adds
        each stage's (``survey:::multistage``); without fpc only the first
        stage counts (sampling with replacement), as in survey.
    nest : bool, default False
        True: PSU labels are only unique within strata (survey's ``nest``).
    data : pandas.DataFrame, optional
        The frame whose columns the names above refer to.
    weight : array-like or str, optional
        The sampling weights (survey's ``weights``): a function given
        ``design=`` takes them when its ``weight=`` is not given, and a
        ``weight=`` that differs from them is an error (`weights_of`).
    lonely_psu : {"fail", "remove", "adjust", "average", "certainty"}
        A stratum with a single PSU, as survey's ``options(survey.lonely.psu
        =)``: "fail" (survey's default) raises survey's error ("Stratum (s)
        has only one PSU at stage 1"); "certainty" and "remove" add nothing
        for it; "adjust" centres it at zero instead of its stratum's mean;
        "average" replaces it by the average of the other strata.

    Examples
    --------
    >>> from weightedroc import SurveyDesign
    >>> design = SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 4, 4], strata=[1, 1, 1, 1, 2, 2, 2, 2])
    >>> design.coded(8).df  # PSUs minus strata
    2
    """

    cluster: Any = None
    strata: Any = None
    fpc: Any = None
    nest: bool = False
    data: Any = field(default=None, repr=False)
    lonely_psu: str = field(default="fail", repr=False)
    weight: Any = field(default=None, repr=False)
    calibration: tuple = field(default=(), repr=False)

    def __repr__(self) -> str:
        """survey's print of the design (its kind and numbers of clusters), then the call."""
        call = ", ".join(
            f"{name}={_short(getattr(self, name))}"
            for name in ("cluster", "strata", "fpc", "weight", "nest", "lonely_psu", "data")
            if not _is_default(getattr(self, name), DEFAULTS[name])
        )
        try:
            summary = self.summary() + "\n"
        except (ValueError, TypeError):  # a design that does not resolve: the call alone
            summary = ""
        return f"{summary}SurveyDesign({call})"

    def summary(self) -> str:
        """survey's ``print(design)`` without the call, e.g. "2 - level
        Cluster Sampling design\\nWith (40, 126) clusters."."""
        n = self.rows()
        if n is None:
            raise ValueError("the design has no variables to count rows")
        coded = self.coded(n)
        text = "Stratified " if coded.has_strata else ""
        replacement = " (with replacement)" if self.fpc is None else ""
        if len(coded.psu_stratum) == n:
            return f"{text}Independent Sampling design{replacement}"
        clusters = _stages(self.cluster, self.data, "cluster", n) or [coded.psu]
        units, counts = coded.psu, [len(coded.psu_stratum)]
        for stage in clusters[1:]:
            units = _interaction(units, _codes(stage)[0])
            counts.append(int(units.max()) + 1)
        return (
            f"{text}{len(clusters)} - level Cluster Sampling design{replacement}\n"
            f"With ({', '.join(map(str, counts))}) clusters."
        )

    def __post_init__(self):
        if self.lonely_psu not in LONELY:
            raise ValueError(
                f"lonely_psu must be one of {', '.join(map(repr, LONELY))} (survey's "
                f"survey.lonely.psu), got {self.lonely_psu!r}"
            )

    def rows(self) -> int | None:
        """The number of rows the design's variables give (None if none)."""
        for name in ("cluster", "strata", "fpc", "weight"):
            stages = _stages(getattr(self, name), self.data, name, None)
            value = None if stages is None else stages[0]
            if value is not None and value.ndim == 1 and len(value) > 1:
                return len(value)
        return None if self.data is None else len(self.data)

    def coded(self, n: int) -> Coded:
        """The design resolved on `n` rows, validated as ``svydesign`` does."""
        clusters = _stages(self.cluster, self.data, "cluster", n)
        stratas = _stages(self.strata, self.data, "strata", n)
        fpcs = _stages(self.fpc, self.data, "fpc", n)
        n_stages = 1 if clusters is None else len(clusters)
        if stratas is not None and len(stratas) > n_stages:
            raise ValueError(f"strata has {len(stratas)} stages, cluster {n_stages}")
        if fpcs is not None and len(fpcs) != n_stages:
            raise ValueError(
                f"fpc has {len(fpcs)} stage(s), cluster {n_stages}: give one fpc per stage "
                "(survey's fpc = ~fpc1 + fpc2), or none"
            )
        cluster = None if clusters is None else clusters[0]
        strata = None if stratas is None else stratas[0]
        has_strata = strata is not None
        strata_codes, strata_names = _codes(strata) if has_strata else (np.zeros(n, np.int64), [1])
        if cluster is None:
            cluster = np.arange(n)
        if self.nest and has_strata:
            cluster_codes, _ = _codes(cluster)
            psu, _ = _codes(strata_codes * (int(cluster_codes.max()) + 1) + cluster_codes)
        else:
            psu, _ = _codes(cluster)
        n_psus = int(psu.max()) + 1 if n else 0
        if n_psus == 1 and not (self.nest and has_strata):
            raise ValueError("Design has only one primary sampling unit")
        first = np.full(n_psus, -1, dtype=np.int64)
        first[psu[::-1]] = np.arange(n)[::-1]  # each PSU's first row
        psu_stratum = strata_codes[first]
        if has_strata and (psu_stratum[psu] != strata_codes).any():
            raise ValueError("Clusters not nested in strata at top level; you may want nest=True.")
        n_psu = np.bincount(psu_stratum, minlength=len(strata_names))
        popsize = None
        if fpcs is not None:
            fpcs = [f.astype(float) for f in fpcs]
            is_popsize = _fpc_kind(fpcs)
            sampsize = n_psu[strata_codes].astype(float)
            popsize = _popsize(fpcs[0], strata_codes, sampsize, strata_names, is_popsize, 1)[first]
        later: tuple = ()
        if n_stages > 1 and fpcs is not None:
            stages = _later_stages(clusters, stratas, fpcs, psu, strata_codes, strata_names, self)
            later = _split(psu, n_psus, lambda rows: _build(stages, rows, 1, self.lonely_psu))
        calibration = self.calibration
        if calibration and len(calibration[0]["old"]) != n:
            raise ValueError(
                f"the design was calibrated on {len(calibration[0]['old'])} rows, not {n}"
            )
        return Coded(
            psu,
            psu_stratum,
            n_psu,
            popsize,
            strata_names,
            has_strata,
            later,
            1,
            self.lonely_psu,
            calibration,
        )

    def post_stratify(self, strata, population) -> "SurveyDesign":
        """The design with its weights post-stratified, as ``survey::postStratify``.

        Parameters
        ----------
        strata : array-like or str
            The post-stratum of each row (a column name with `data`).
        population : dict or pandas.Series
            Each post-stratum's population count.

        Returns
        -------
        SurveyDesign
            The same design whose ``weight`` are the calibrated weights
            (each post-stratum's weights add up to its count), and whose
            linearization varies the calibration residuals, as survey's.

        Examples
        --------
        >>> from weightedroc import SurveyDesign
        >>> design = SurveyDesign(cluster=[1, 2, 3, 4], weight=[1.0, 1.0, 2.0, 2.0])
        >>> design.post_stratify(["a", "a", "b", "b"], {"a": 4, "b": 2}).weight
        array([2., 2., 1., 1.])
        """
        from .calibration import post_strata, rescaled

        if self.weight is None:
            raise ValueError(
                "post-stratification calibrates the design's weights: give SurveyDesign(weight=)"
            )
        n = self.rows()
        old = _column(self.weight, self.data, "weight", n).astype(float)
        codes, new = post_strata(_column(strata, self.data, "strata", len(old)), population, old)
        counts = np.bincount(codes, weights=new)
        step = dict(
            kind="post", codes=codes, old=old, new=new, redo=lambda w: rescaled(codes, counts, w)
        )
        return replace(self, weight=new, calibration=self.calibration + (step,))

    def calibrate(self, x, population, calfun: str = "linear") -> "SurveyDesign":
        """The design with its weights calibrated to known totals, as ``survey::calibrate``.

        Parameters
        ----------
        x : array-like or list of str
            The calibration variables: a matrix (rows x variables), or
            column names with `data` (add a column of ones for survey's
            intercept).
        population : array-like
            Each variable's population total.
        calfun : {"linear", "raking"}
            survey's ``calfun``: linear (GREG) or raking (run to convergence).

        Returns
        -------
        SurveyDesign
            The design with the calibrated weights, whose linearization
            varies the residuals of the influence values on `x`, as survey's.

        Examples
        --------
        >>> from weightedroc import SurveyDesign
        >>> design = SurveyDesign(cluster=[1, 2, 3, 4], weight=[1.0, 1.0, 2.0, 2.0])
        >>> design.calibrate([[1.0], [1.0], [1.0], [1.0]], [12]).weight
        array([2., 2., 4., 4.])
        """
        from .calibration import calibrated

        n = self.rows()
        old = self._weights(n)
        if isinstance(x, (list, tuple)) and x and all(isinstance(v, str) for v in x):
            if self.data is None:
                raise TypeError("x as column names needs the design's data=")
            x = self.data[list(x)]
        X = np.asarray(x, dtype=float)
        if X.ndim != 2 or len(X) != len(old):
            raise ValueError(
                f"x must be a matrix with one row per row ({len(old)}) and one column per "
                f"variable, got shape {X.shape}"
            )
        new, step = calibrated(X, population, old, calfun)
        return replace(self, weight=new, calibration=self.calibration + (step,))

    def rake(self, margins, population, *, maxit: int = 10, epsilon: float = 1.0):
        """The design raked to margins' population counts, as ``survey::rake``.

        Parameters
        ----------
        margins : list of array-like or str
            The variables whose population counts are known (column names
            with `data`).
        population : list of dict or pandas.Series
            Each margin's counts per level.
        maxit, epsilon : int, float
            survey's ``control``: at most `maxit` passes, stopping when the
            weights of the margins' joint cells change by less than
            `epsilon` (weight units; below 1, a fraction of the total).
            survey's defaults (10, 1) are kept: its rake is not run to
            convergence, and a rake that stops at `maxit` warns.

        Returns
        -------
        SurveyDesign
            The design with the raked weights, whose linearization varies
            survey's raking residuals (ten sweeps over the margins).

        Examples
        --------
        >>> from weightedroc import SurveyDesign
        >>> design = SurveyDesign(cluster=[1, 2, 3, 4], weight=[1.0, 1.0, 1.0, 1.0])
        >>> margins = [["a", "a", "b", "b"], [0, 1, 0, 1]]
        >>> design.rake(margins, [{"a": 6, "b": 2}, {0: 4, 1: 4}]).weight
        array([3., 3., 1., 1.])
        """
        from .calibration import post_strata, raked, rescaled

        n = self.rows()
        old = self._weights(n)
        if len(margins) != len(population):
            raise ValueError("sample.margins and population.margins do not match.")
        pairs = []
        for margin, counts in zip(margins, population):
            values = _column(margin, self.data, "margins", len(old))
            codes, levels = _codes(values)
            post_strata(values, counts, old)  # survey's checks of the levels
            pairs.append((codes, np.array([float(dict(counts.items())[v]) for v in levels])))
        new, passes, converged, after = raked(pairs, old, maxit, epsilon)
        if not converged:
            warn(f"Raking did not converge after {passes} iterations.")

        def redo(w):
            for _ in range(passes):
                for codes, counts in pairs:
                    w = rescaled(codes, counts, w)
            return w

        step = dict(kind="rake", after=after, old=old, redo=redo)
        return replace(self, weight=new, calibration=self.calibration + (step,))

    def _weights(self, n):
        if self.weight is None:
            raise ValueError("calibration adjusts the design's weights: give SurveyDesign(weight=)")
        return _column(self.weight, self.data, "weight", n).astype(float)

    def replicates(
        self,
        type: str = "JKn",
        *,
        n: int | None = None,
        n_rep: int | None = None,
        seed: int | np.random.Generator | None = None,
        rho: float | None = None,
        mse: bool = True,
    ) -> ReplicateWeights:
        """Replicate weights of the design, as ``survey::as.svrepdesign``.

        Parameters
        ----------
        type : {"JK1", "JKn", "BRR", "Fay", "bootstrap", "subbootstrap"}
            ``"JK1"`` (unstratified) and ``"JKn"`` delete one PSU at a time;
            ``"BRR"`` and ``"Fay"`` (rho) pair the PSUs of each stratum
            (strata of 2, or an even number, of PSUs) with survey's Hadamard
            matrices (`weightedroc.survey.hadamard`); ``"bootstrap"`` is survey's
            Canty-Davison bootstrap, ``"subbootstrap"`` Rao and Wu's
            (n_h - 1 PSUs drawn).  The jackknives, BRR and Fay give
            survey 4.1's matrices, scale and rscales exactly.
        n : int, optional
            The number of rows, when no design variable gives it.
        n_rep : int, optional
            Bootstrap replicates (survey's ``replicates``, default 50).
        seed : int or numpy.random.Generator, optional
            For the bootstraps.
        rho : float, optional
            Fay's rho, required for ``"Fay"`` (survey's ``fay.rho``; its
            default 0 is plain BRR, ``"BRR"`` here).
        mse : bool, default True
            Centre the replicates at the full-sample estimate (svyROC's
            jackknife), or at their mean (False; survey's default).

        Returns
        -------
        ReplicateWeights
            Factors per PSU; for a calibrated design (`post_stratify`,
            `calibrate`), each replicate's weights calibrated again as the
            full sample's were (analysis weights, ``combined=True``), as
            survey's calibration of a replicate design.

        Examples
        --------
        >>> from weightedroc import SurveyDesign
        >>> design = SurveyDesign(cluster=[1, 1, 2, 3, 3, 4], strata=[1, 1, 1, 2, 2, 2])
        >>> reps = design.replicates("JKn")
        >>> reps.matrix
        array([[0., 2., 1., 1.],
               [2., 0., 1., 1.],
               [1., 1., 0., 2.],
               [1., 1., 2., 0.]])
        >>> reps.rscales
        array([0.5, 0.5, 0.5, 0.5])
        """
        n = self.rows() if n is None else n
        if n is None:
            raise ValueError("the design has no variables to count rows: give n=")
        reps = replicate_weights(self.coded(n), type, n_rep=n_rep, seed=seed, rho=rho, mse=mse)
        if not self.calibration:
            return reps
        from .calibration import recalibrated

        factors = reps.matrix[reps.index]
        matrix = recalibrated(self.calibration, self.calibration[0]["old"][:, None] * factors)
        return ReplicateWeights(
            matrix,
            scale=reps.scale,
            rscales=reps.rscales,
            mse=mse,
            combined=True,
            type=reps.type,
        )


def _fpc_kind(fpcs):
    """True if the fpc are population sizes, False if sampling fractions (all stages)."""
    values = np.concatenate(fpcs)
    if np.isnan(values).any():
        raise ValueError("missing values in `fpc'")
    is_popsize = bool((values > 1).any())
    if is_popsize != bool((values >= 1).all()):
        raise ValueError("Must have all fpc>=1 or all fpc<=1")
    return is_popsize


def _popsize(fpc, strata, sampsize, strata_names, is_popsize, stage):
    """Each row's population size (PSUs of its stratum), as survey's ``as.fpc``."""
    with np.errstate(divide="ignore"):
        popsize = fpc if is_popsize else sampsize / fpc
    if (popsize < sampsize).any():
        row = int(np.flatnonzero(popsize < sampsize)[0])
        raise ValueError(
            f"FPC implies >100% sampling in some strata (row {row}"
            + (f", stage {stage}" if stage > 1 else "")
            + f": popsize={popsize[row]:g}, sampsize={sampsize[row]:g})"
        )
    varying = pd.Series(popsize).groupby(strata).nunique().to_numpy() > 1
    if varying.any():
        stratum = strata_names[int(np.flatnonzero(varying)[0])]
        warn(f"`fpc' varies within strata: stratum {stratum} at stage {stage}")
    return popsize


def _later_stages(clusters, stratas, fpcs, psu, strata_codes, strata_names, design):
    """Row-level (units, strata, strata names, population sizes) of stages 2, 3, ...,
    as ``svydesign``: stage i's units are the combinations of the units of
    stages 1..i (and the strata, nested), its strata those of stage
    min(i, strata's stages) within each unit of stage i - 1."""
    raw_strata = [strata_codes] + [_codes(st)[0] for st in (stratas or [])[1:]]
    raw_names = [strata_names] + [_codes(st)[1] for st in (stratas or [])[1:]]
    units, labels = psu, [str(value) for value in clusters[0]]
    stages: list = [None]
    for i in range(1, len(clusters)):
        s = min(i, len(raw_strata) - 1)
        parts = [units, _codes(clusters[i])[0]]
        if design.nest and stratas is not None and i < len(raw_strata):
            parts.append(raw_strata[i])
        strata_i = _interaction(raw_strata[s], units)
        firsts = np.unique(strata_i, return_index=True)[1]
        names = [f"{raw_names[s][raw_strata[s][r]]}.{labels[r]}" for r in firsts]
        units = _interaction(*parts)
        counted = pd.Series(units).groupby(strata_i).nunique()
        sampsize = counted.to_numpy()[strata_i].astype(float)
        popsize = _popsize(fpcs[i], strata_i, sampsize, names, _fpc_kind(fpcs), i + 1)
        stages.append((units, strata_i, names, popsize))
        labels = [f"{label}.{value}" for label, value in zip(labels, clusters[i])]
    return stages


def _split(units, n_units, build):
    """Per unit, its rows (positions) and `build` of them."""
    order = np.argsort(units, kind="stable")
    bounds = np.cumsum(np.bincount(units, minlength=n_units))[:-1]
    return tuple((rows, build(rows)) for rows in np.split(order, bounds))


def _build(stages, rows, i, lonely_psu):
    """The `Coded` of stage i + 1 on `rows` (one unit of stage i)."""
    units, strata_all, names, popsize_all = stages[i]
    psu, _ = _codes(units[rows])
    strata, kept = _codes(strata_all[rows])
    n_psus = int(psu.max()) + 1
    first = np.full(n_psus, -1, dtype=np.int64)
    first[psu[::-1]] = np.arange(len(rows))[::-1]
    psu_stratum = strata[first]
    n_psu = np.bincount(psu_stratum, minlength=len(kept))
    later: tuple = ()
    if i + 1 < len(stages):
        later = _split(psu, n_psus, lambda sub: _build(stages, rows[sub], i + 1, lonely_psu))
    return Coded(
        psu,
        psu_stratum,
        n_psu,
        popsize_all[rows][first],
        [names[k] for k in kept],
        True,
        later,
        i + 1,
        lonely_psu,
    )


def weights_of(design, weight, *, takes=True):
    """The sampling weights of a call with ``design=``: `weight`, or the
    design's own (``SurveyDesign(weight=)``) when `weight` is None; both
    given must be equal (to 1e-12 relative).  ``takes=False``: a caller
    that cannot take the design's weights asks for ``weight=``.

    Examples
    --------
    >>> from weightedroc.survey.design import SurveyDesign, weights_of
    >>> design = SurveyDesign(cluster=[1, 1, 2, 2], weight=[2.0, 2.0, 3.0, 3.0])
    >>> weights_of(design, None)
    array([2., 2., 3., 3.])
    >>> weights_of(design, [2, 2, 3, 3])
    [2, 2, 3, 3]
    """
    own = getattr(design, "weight", None)
    if own is None:
        return weight
    n = design.rows() if weight is None else len(weight)
    own = _column(own, design.data, "weight", n).astype(float)
    if weight is None:
        if not takes:
            raise ValueError(
                "the design carries weights (SurveyDesign(weight=)) that this function does "
                "not take from it: give them as weight= too"
            )
        return own
    given = np.asarray(weight, dtype=float)
    differs = ~np.isclose(given, own, rtol=1e-12, atol=0.0)
    if differs.any():
        row = int(np.flatnonzero(differs)[0])
        raise ValueError(
            f"weight= differs from the design's weights (SurveyDesign(weight=)) at row {row}: "
            f"{given[row]!r} against {own[row]!r}; give one of them"
        )
    return weight


def check_method(method):
    """A design's ``method=``: "linearization" or "replicate" (None: the
    design's own); a resampling method names the replicate type that does
    it with a design."""
    if method in ("bootstrap", "subbootstrap", "jackknife"):
        kind = {"jackknife": '"JKn" (or "JK1")'}.get(method, f'"{method}"')
        raise ValueError(
            f'method="{method}" with design=: a design resamples its PSUs through replicate '
            f"weights: give replicates={kind} (survey's as.svrepdesign type), with "
            'method="replicate" or no method'
        )
    if method not in ("linearization", "replicate"):
        raise ValueError(
            "with design= method must be one of 'linearization', 'replicate' (or None, "
            f"the design's own); got {method!r}"
        )
