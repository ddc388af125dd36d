"""Load reference_outputs/cases/*.json (outputs of R's WeightedROC)."""

import json
from pathlib import Path

import numpy as np
import pandas as pd

CASES = Path(__file__).resolve().parent.parent / "reference_outputs" / "cases"


def doubles(strings):
    """R's sprintf("%.17g") strings back to the exact doubles ("NA" -> nan)."""
    return np.array([np.nan if s == "NA" else float(s) for s in strings])


def load(name):
    return json.loads((CASES / f"{name}.json").read_text())


def names(select=lambda case: True):
    return sorted(p.stem for p in CASES.glob("*.json") if select(load(p.stem)))


def python_inputs(case):
    """The (guess, label, weight) the Python call gets for an R case."""
    label = case["label"]
    if label["type"] == "numeric":
        y = doubles(label["values"])
    elif label["type"] == "factor":
        y = pd.Categorical(label["values"], categories=label["levels"])
    elif label["type"] == "logical":
        y = np.array(label["values"], dtype=bool)
    else:
        y = np.array(label["values"], dtype=object)
    guess = case["guess"]
    guess = (
        np.array(guess, dtype=object) if case.get("guess_type") == "character" else doubles(guess)
    )
    weight = None if case["weight"] is None else doubles(case["weight"])
    return guess, y, weight


def expected_frame(case):
    roc = case["roc"]
    frame = pd.DataFrame({k: doubles(roc[k]) for k in ["TPR", "FPR", "threshold", "FN", "FP"]})
    for infinity, value in (case["inf_replacement"] or {}).items():
        frame.loc[frame.threshold == float(value), "threshold"] = float(infinity)
    return frame
