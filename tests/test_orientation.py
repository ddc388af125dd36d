"""positive= and direction= in the one cumulated pass."""

import numpy as np
import pytest

from weightedroc.core import cumulate
from weightedroc.curves.roc import curve_frame

G = np.array([1, 2, 3, 1, 1.0])
W = [1, 1, 1, 4, 5]


def test_direction_greater_is_the_negated_guesses_with_user_thresholds():
    flipped = curve_frame(cumulate(G, [-1, -1, 1, 1, 1], W, direction=">"))
    negated = curve_frame(cumulate(-G, [-1, -1, 1, 1, 1], W))
    assert flipped.drop(columns="threshold").equals(negated.drop(columns="threshold"))
    assert flipped["threshold"].tolist() == [3.0, 2.0, 1.0, -np.inf]


@pytest.mark.parametrize("label, positive", [
    (["a", "a", "b", "b", "b"], "a"), ([0, 0, 1, 1, 1], 0), ([True, True, False, False, False], True),
    (np.array([2, 2, 7, 7, 7]), 2)])
def test_positive_names_the_event(label, positive):
    frame = curve_frame(cumulate(G, label, W, positive=positive))
    expected = curve_frame(cumulate(G, [1, 1, -1, -1, -1], W))
    assert frame.equals(expected)


def test_bad_direction_and_positive_say_what_is_expected():
    with pytest.raises(ValueError, match="never guessed"):
        cumulate(G, [0, 0, 1, 1, 1], direction="auto")
    with pytest.raises(ValueError, match=r"positive='c' is not a label value: the labels are \['a', 'b'\]"):
        cumulate(G, ["a", "a", "b", "b", "b"], positive="c")
    with pytest.raises(ValueError, match="exactly 2 distinct values"):
        cumulate(G, [0, 1, 2, 1, 1], positive=1)
