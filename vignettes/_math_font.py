"""Make vignettes/html/fonts/lm-math-subset.woff2, the math font of the pages.

A subset of Latin Modern Math (Debian's fonts-lmodern; GUST Font License,
see fonts/LICENSE-latinmodern-math.txt) to the characters MathML formulas
use, with a margin: Latin, Greek, digits, punctuation, operators, arrows,
letterlike symbols and script and double-struck letters; the MATH table
(stretchy sums, braces, fractions) and its size variants are kept.  Usage::

    pip install fonttools brotli
    python vignettes/_math_font.py [/path/to/latinmodern-math.otf]
"""

import sys
from pathlib import Path

SOURCE = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
OUT = Path(__file__).resolve().parent / "html" / "fonts" / "lm-math-subset.woff2"

RANGES = [
    (0x0020, 0x007E),
    (0x00A0, 0x00FF),  # Basic Latin, Latin-1
    (0x0391, 0x03C9),
    (0x03D1, 0x03D6),
    (0x03F0, 0x03F5),  # Greek and variants
    (0x2000, 0x206F),  # spaces, dashes, primes, invisible operators
    (0x2100, 0x214F),  # letterlike: R, N, Z, script holes
    (0x2190, 0x21D5),
    (0x2200, 0x22FF),  # arrows, mathematical operators
    (0x2308, 0x230B),
    (0x239B, 0x23B3),  # ceil/floor, bracket pieces
    (0x27E8, 0x27EF),  # angle and white brackets
    (0x1D49C, 0x1D4CF),  # script
    (0x1D538, 0x1D56B),  # double-struck
    (0x1D7D8, 0x1D7E1),  # double-struck digits
]


def main(source=SOURCE):
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for lo, hi in RANGES for u in range(lo, hi + 1)])
    subsetter.subset(font)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(OUT), options)
    print(f"{OUT}: {OUT.stat().st_size / 1024:.0f} KB, {len(font.getGlyphOrder())} glyphs")


if __name__ == "__main__":
    main(*sys.argv[1:])
