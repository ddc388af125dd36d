"""pandas' `read_csv`, correctly rounded on every supported pandas.

The tests read what the command writes and compare it with exact
expectations; pandas before 3 parses CSV doubles one ulp off in about 30%
of cases unless asked for its round-trip parser (which pandas 3 deprecates,
being exact by default): the option the package itself uses.
"""

import pandas as pd

from weightedroc.io.parsing import ROUND_TRIP


def read_csv(source, **options):
    return pd.read_csv(source, **options, **ROUND_TRIP)
