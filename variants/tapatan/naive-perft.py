#!/usr/bin/env python3
"""Naive perft of Tapatan's movement phase, written from the published rules alone
(not from chessgraph's rule file): nine points, eight lines of three; a man moves to an
adjacent empty point along a line; a player with three men in a row has won, and the
game stops there. Usage: naive-perft.py DEPTH [W-CELLS B-CELLS [w|b]], cells such as
a1,c2,b3; defaults to the start of tapatan.rules."""
import sys

LINES = [
    ["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"],  # rows
    ["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"],  # columns
    ["a1", "b2", "c3"], ["c1", "b2", "a3"],                      # diagonals
]
ADJ = {}
for line in LINES:
    for x, y in zip(line, line[1:]):
        ADJ.setdefault(x, set()).add(y)
        ADJ.setdefault(y, set()).add(x)


def has_line(men):
    return any(all(c in men for c in line) for line in LINES)


def moves(me, other):
    for c in sorted(me):
        for t in sorted(ADJ[c]):
            if t not in me and t not in other:
                yield c, t


def perft(me, other, depth):
    # The game is over when either player has three in a row.
    if depth == 0:
        return 1
    if has_line(me) or has_line(other):
        return 0
    n = 0
    for c, t in moves(me, other):
        n += perft(other, (me - {c}) | {t}, depth - 1)
    return n


def main():
    depth = int(sys.argv[1])
    white = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else {"a1", "c2", "b3"}
    black = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else {"c3", "a2", "b1"}
    first = sys.argv[4] if len(sys.argv) > 4 else "w"
    me, other = (white, black) if first == "w" else (black, white)
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(me, other, d)}")


main()
