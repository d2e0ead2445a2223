#!/usr/bin/env python3
"""Generates three-player-96.yaml, the 96-cell three-player board (RULES.md section 2).

Usage (from anywhere; Python 3 standard library only):

    python3 variants/boards/three-player-96.py           # rewrite the YAML beside this script
    python3 variants/boards/three-player-96.py --check   # exit 1 if the YAML is out of date

Everything is computed in one territory's *local* frame (files a..h from the owner's
left, ranks 1..4 from the base) and then named, linked and turned into place:

- names: the global names of RULES.md section 2 (GLOBAL_FILES, global_rank);
- colour: local a1 is dark, alternating;
- links: local f/b/l/r inside the territory; f from local rank 4 crosses the frontier to
  the neighbouring territory's rank 4 with `remap: flip`;
- drawing: Zubrin's patent. A regular hexagon of side SIDE centred on (0, 0), south's
  base at the bottom. Each half-territory is the quadrilateral (base half, half side,
  frontier, apex line); cell corners are the bilinear interpolation of its corners at
  quarter steps. The other territories are south's drawing turned by +120 degrees
  (north-east) and +240 degrees (north-west).
"""

import math
import sys
from pathlib import Path

SIDE = 8.0  # hexagon side: one cell of the base is SIDE / 8 = 1 unit wide

# Counter-clockwise = turn order. Each territory's frontier neighbours: local files
# e..h touch the NEXT territory's d..a, local files a..d touch the PREVIOUS one's h..e.
SEATS = ["south", "northeast", "northwest"]
TURN_DEGREES = {"south": 0, "northeast": 120, "northwest": 240}
# Local file a..h -> global file letter.
GLOBAL_FILES = {"south": "abcdefgh", "northeast": "hgfeijkl", "northwest": "lkjidcba"}


def global_rank(seat, rank):
    """Local rank 1..4 -> global rank."""
    return {"south": rank, "northeast": 13 - rank, "northwest": 9 - rank}[seat]


def name(seat, file, rank):
    """Global name of local (file 0..7, rank 1..4)."""
    return f"{GLOBAL_FILES[seat][file]}{global_rank(seat, rank)}"


def local_name(file, rank):
    return f"{'abcdefgh'[file]}{rank}"


def colour(file, rank):
    # a1 = (0, 1) is dark; colours alternate.
    return "dark" if (file + rank) % 2 == 1 else "light"


def links(seat, file, rank):
    """The plain edges of one cell, in the order f, b, l, r."""
    out = []
    if rank < 4:
        out.append(("f", name(seat, file, rank + 1)))
    else:
        i = SEATS.index(seat)
        other = SEATS[(i + 1) % 3] if file >= 4 else SEATS[(i - 1) % 3]
        out.append(("f", f"{{ to: {name(other, 7 - file, 4)}, remap: flip }}"))
    if rank > 1:
        out.append(("b", name(seat, file, rank - 1)))
    if file > 0:
        out.append(("l", name(seat, file - 1, rank)))
    if file < 7:
        out.append(("r", name(seat, file + 1, rank)))
    return out


# --- drawing --------------------------------------------------------------------------

def vertex(degrees):
    """Hexagon corner at this angle (corners at 0, 60, ..., 300 degrees)."""
    a = math.radians(degrees)
    return (SIDE * math.cos(a), SIDE * math.sin(a))


def mid(p, q):
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


CENTRE = (0.0, 0.0)
BASE_LEFT, BASE_RIGHT = vertex(240), vertex(300)
BASE_MID = mid(BASE_LEFT, BASE_RIGHT)          # apex line runs from here to CENTRE
SIDE_LEFT = mid(vertex(180), BASE_LEFT)         # end of the left side border
SIDE_RIGHT = mid(BASE_RIGHT, vertex(0))         # end of the right side border
# South's two half-territories as (corner at u=0,v=0; u=1,v=0; u=1,v=1; u=0,v=1), with
# u across the files (left to right) and v across the ranks (base to frontier).
LEFT_HALF = (BASE_LEFT, BASE_MID, CENTRE, SIDE_LEFT)      # files a..d
RIGHT_HALF = (BASE_MID, BASE_RIGHT, SIDE_RIGHT, CENTRE)   # files e..h


def bilinear(quad, u, v):
    p00, p10, p11, p01 = quad
    return tuple(
        (1 - u) * (1 - v) * p00[k] + u * (1 - v) * p10[k] + u * v * p11[k] + (1 - u) * v * p01[k]
        for k in range(2)
    )


def turn(point, degrees):
    a = math.radians(degrees)
    x, y = point
    return (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))


def drawing(seat, file, rank):
    """(at, polygon) of a cell; the polygon runs counter-clockwise."""
    quad = LEFT_HALF if file < 4 else RIGHT_HALF
    u0, v0 = (file % 4) / 4, (rank - 1) / 4
    u1, v1 = u0 + 0.25, v0 + 0.25
    corners = [bilinear(quad, u, v) for u, v in [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]]
    at = bilinear(quad, (u0 + u1) / 2, (v0 + v1) / 2)
    deg = TURN_DEGREES[seat]
    return turn(at, deg), [turn(p, deg) for p in corners]


def num(x):
    """Four decimals, halves rounded away from zero (so the drawing stays symmetric)."""
    r = math.floor(abs(x) * 10000 + 0.5 + 1e-6) / 10000
    s = f"{r:.4f}".rstrip("0").rstrip(".")
    return s if x >= 0 or s == "0" else "-" + s


def point(p):
    return f"[{num(p[0])}, {num(p[1])}]"


# --- the file -------------------------------------------------------------------------

HEADER = """\
# GENERATED by three-player-96.py: do not edit by hand. To change the board, change the
# script and run `python3 variants/boards/three-player-96.py` (it rewrites this file;
# `--check` tells whether the file is up to date).
#
# The 96-cell three-player board of Zubrin's patent (RULES.md section 2), shared by
# Zubrin's three-player chess and Chess for 3. Three territories of 8 files x 4 ranks,
# counter-clockwise in turn order: south (global files a-h, ranks 1-4; rank 1 is its
# base), north-east (files h g f e i j k l, ranks 12-9) and north-west (files l k j i
# d c b a, ranks 8-5).
#
# LOCAL FRAMES. Every territory is described in its owner's frame: files a..h from the
# owner's left to right, ranks 1..4 from the base to the frontier. The comment after
# each cell name gives its local name. Local to global:
#   south:      a b c d e f g h = a b c d e f g h,  rank r = r
#   northeast:  a b c d e f g h = h g f e i j k l,  rank r = 13 - r
#   northwest:  a b c d e f g h = l k j i d c b a,  rank r = 9 - r
# In every local frame a1 is dark and colours alternate.
#
# DIRECTIONS are local too: f (towards the frontier), b (towards the base), l and r
# (the owner's left and right). So a south rook on d1 going f and a north-east rook on
# e12 (its local d1) going f both head for the centre.
#
# THE FRAME FLIP. The frontier lines join each territory's rank 4 to its neighbours'
# rank 4: local e4..h4 touch the next territory's (counter-clockwise) d4..a4, and
# local a4..d4 the previous territory's h4..e4. A step f across a frontier arrives
# moving b in the new territory (back towards that territory's base), so frontier
# links carry `remap: flip`: the move goes on in flip(f) = b, and every later step
# of a path (a knight's leap) is flipped too (l <-> r, fl <-> br, fr <-> bl).
# In global names: files a-d run straight from 1 to 8, files e-h jump from 4 to 9 and
# files i-l from 5 to 9.
#
# DIAGONALS are two orthogonal steps, in either order (fl = f then l, or l then f),
# with the flip applied on the way; they are the composite directions below. Away from
# the centre both orders reach the same cell. THE FORK: six cells meet at the centre
# point, d4 e4 (south), e9 i9 (north-east), i5 d5 (north-west). From d4, r then f
# reaches e9 but f then r reaches i5, so the diagonal fr of d4 forks: the long
# diagonal a1-b2-c3-d4 goes on as e9-f10-g11-h12 AND as i5-j6-k7-l8. A diagonal
# through the centre joins cells of one colour only: d4 e9 i5 (dark) are diagonal
# neighbours of each other, and so are e4 i9 d5 (light); opposite cells (d4/i9,
# e4/i5, e9/d5) are not joined. A centre cell has 9 king neighbours.
#
# DRAWING (Zubrin's patent): a regular hexagon of side 8 centred on (0, 0), south's
# base along the bottom. Each territory is split by its apex line (from the middle of
# its base to the centre) into two quadrilaterals (base half, half side, frontier,
# apex line), each cut into 4 x 4 cells by the lines joining the quarter points of
# opposite edges. North-east and north-west are south turned by +120 and +240 degrees,
# so each owner sees files a..h from left to right. The six centre cells meet at
# (0, 0).
#
# ROWS (position strings and text drawings): global ranks 12 down to 1; each rank is
# read in its owner's local file order a..h (from the owner's left), so every
# territory's start position reads the same: rank 12 is h12 g12 f12 e12 i12 j12 k12
# l12, rank 8 is l8 k8 j8 i8 d8 c8 b8 a8, rank 1 is a1 b1 ... h1.
name: three-player-96
seats: [south, northeast, northwest]   # turn order, counter-clockwise

directions:
  f:  { opposite: b }    # towards the frontier (the centre of the board)
  b:  { opposite: f }    # towards this territory's base
  l:  { opposite: r }    # the territory owner's left
  r:  { opposite: l }    # the territory owner's right
  fl: { opposite: br }   # diagonals, composite (below)
  fr: { opposite: bl }
  bl: { opposite: fr }
  br: { opposite: fl }

remaps:
  # Crossing a frontier: forward becomes backward and left becomes right.
  flip: { f: b, b: f, l: r, r: l, fl: br, fr: bl, bl: fr, br: fl }

composite:
  # A diagonal is an orthogonal step and a perpendicular one, in either order.
  # Where the two orders end on different cells (only at the centre) the ray forks.
  fl: [[f, l], [l, f]]
  fr: [[f, r], [r, f]]
  bl: [[b, l], [l, b]]
  br: [[b, r], [r, b]]
"""

TITLES = {
    "south": "south: global = local (files a-h, ranks 1-4)",
    "northeast": "northeast: local a-h = global h g f e i j k l, local rank r = 13 - r",
    "northwest": "northwest: local a-h = global l k j i d c b a, local rank r = 9 - r",
}


def cells():
    out = ["cells:"]
    for seat in SEATS:
        out.append(f"  # --- {TITLES[seat]}")
        for rank in range(1, 5):
            for file in range(8):
                at, poly = drawing(seat, file, rank)
                n = name(seat, file, rank)
                comment = f"   # local {local_name(file, rank)}" if seat != "south" else ""
                link_text = ", ".join(f"{d}: {t}" for d, t in links(seat, file, rank))
                out += [
                    f"  - name: {n}{comment}",
                    f"    colour: {colour(file, rank)}",
                    f"    at: {point(at)}",
                    f"    polygon: [{', '.join(point(p) for p in poly)}]",
                    f"    links: {{ {link_text} }}",
                ]
    return out


def rows():
    out = ["", "rows:   # global ranks 12..1, each in its owner's local order a..h"]
    order = [("northeast", r) for r in (1, 2, 3, 4)]
    order += [("northwest", r) for r in (1, 2, 3, 4)]
    order += [("south", r) for r in (4, 3, 2, 1)]
    for seat, rank in order:
        out.append(f"  - [{', '.join(name(seat, f, rank) for f in range(8))}]")
    return out


def zones():
    def per_seat(zone, comment, ranks):
        lines = [f"  {zone}:   # {comment}"]
        for seat in SEATS:
            # One local rank per line.
            lead = f"    {seat}: ["
            for k, r in enumerate(ranks):
                names = ", ".join(name(seat, f, r) for f in range(8))
                end = "]" if k == len(ranks) - 1 else ","
                lines.append((lead if k == 0 else " " * len(lead)) + names + end)
        return lines

    out = ["", "zones:"]
    out += per_seat("home", "the territory, 32 cells", (1, 2, 3, 4))
    out += per_seat("base", "local rank 1 (promotion: `base.others`)", (1,))
    out += per_seat("rank2", "local rank 2 (pawn double steps)", (2,))
    out += per_seat("rank3", "local rank 3", (3,))
    out += per_seat("rank4", "local rank 4, along the frontier", (4,))
    frontier = [name(s, f, 4) for s in SEATS for f in range(8)]
    out.append("  # Every cell on a frontier line (all local rank-4 cells).")
    out.append(f"  frontier: [{', '.join(frontier)}]")
    centre = [name(s, f, 4) for s in SEATS for f in (3, 4)]
    out.append("  # The six cells meeting at the centre point, where diagonals fork.")
    out.append(f"  centre: [{', '.join(centre)}]")
    return out


PALETTE = """
palette:
  dark: "#b58863"
  light: "#f0d9b5"
"""


def render():
    return HEADER + "\n" + "\n".join(cells() + rows() + zones()) + "\n" + PALETTE


def main():
    target = Path(__file__).with_suffix(".yaml")
    text = render()
    if sys.argv[1:] == ["--check"]:
        if target.read_text() != text:
            sys.exit(f"{target} is out of date: run python3 {Path(__file__).name}")
        return
    if sys.argv[1:]:
        sys.exit(__doc__)
    target.write_text(text)


if __name__ == "__main__":
    main()
