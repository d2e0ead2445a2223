#!/usr/bin/env python3
"""Independent naive perft of Gliński's hexagonal chess, written from the published
rules (Wikipedia "Hexagonal chess", section Gliński's hexagonal chess; greenchess.net's
Gliński rules), not from chessgraph's code, board.yaml or glinski.rules.

usage: naive-perft.py [--position POS] [--divide] DEPTH

Geometry: cube coordinates (x, y, z), x + y + z = 0, |x|, |y|, |z| <= 5: 91 cells,
the centre f6 = (0, 0, 0); the files are x = -5..5 (a b c d e f g h i k l, no j), y
grows going up a file (towards Black). A cell's rank counts from the bottom cell of its
file: rank = y - max(-5, -5 - x) + 1, so f1 = (0, -5, 5), a1 = (-5, 0, 5).

- Rook: slides along the six edge-neighbour directions (0,1,-1) and its turns by 60
  degrees.
- Bishop: slides along the six vertex directions (1,1,-2) and turns, which pass
  between two cells and are not blocked by them.
- Queen: both; king: one step of either kind.
- Knight: two rook steps one way, then one rook step turned by 60 degrees (12 leaps).
- Pawn (White; Black mirrored, y <-> z): one step up its file to an empty cell; two
  steps (both cells empty) from any cell of its side's pawn start line b1 c2 d3 e4 f5
  g4 h3 i2 k1 (Black b7 c7 d7 e7 f7 g7 h7 i7 k7) - a pawn that arrives on another
  start cell by a capture keeps the double step; captures one rook step up-left or
  up-right (from b5: a5 and c6); en passant on the cell a double step just passed;
  promotes on the last cell of its file (to Q, R, B or N).
- No castling. A move may not leave one's own king attacked. A position without a
  legal move (mate or stalemate) has no children; nothing else ends the count.

POS is chessgraph's position string for the variant: the placement by ranks 11..1,
each rank's cells from file a to file l (f11 / e10 f10 g10 / d9..h9 / c8..i8 /
b7..k7 / a6..l6 / ... / a1..l1), FEN letters (White upper case), digits for runs of
empty cells; then the side (w/b), the unmoved field (ignored), the en-passant field
(`-` or `SKIPPED>VICTIM`, as `e6>e5`), the quiet-move clock and the move number.
--divide prints each first move (from, to, promotion letter: `e10f11q`) and its
count, sorted.
"""
import sys

FILES = "abcdefghikl"
N = 5

CELLS = [(x, y, -x - y) for x in range(-N, N + 1) for y in range(-N, N + 1) if abs(x + y) <= N]
ON = set(CELLS)
assert len(CELLS) == 91

ROOK = [(0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0)]  # cyclic
BISHOP = [tuple(ROOK[i][k] + ROOK[(i + 1) % 6][k] for k in range(3)) for i in range(6)]
KNIGHT = sorted({tuple(2 * ROOK[i][k] + ROOK[(i + j) % 6][k] for k in range(3))
                 for i in range(6) for j in (1, 5)})
assert len(KNIGHT) == 12 and len(set(BISHOP)) == 6

WHITE, BLACK = 0, 1
UP = {WHITE: (0, 1, -1), BLACK: (0, -1, 1)}
TAKE = {WHITE: [(-1, 1, 0), (1, 0, -1)], BLACK: [(-1, 0, 1), (1, -1, 0)]}


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1], c[2] + k * d[2])


def low(x):
    """y of the bottom cell of file x."""
    return max(-N, -N - x)


def name(c):
    return f"{FILES[c[0] + N]}{c[1] - low(c[0]) + 1}"


def cell(s):
    x = FILES.index(s[0]) - N
    c = (x, int(s[1:]) - 1 + low(x))
    c = (c[0], c[1], -c[0] - c[1])
    assert c in ON, s
    return c


def mirror(c):
    return (c[0], c[2], c[1])


START = {WHITE: {cell(s) for s in "b1 c2 d3 e4 f5 g4 h3 i2 k1".split()}}
START[BLACK] = {mirror(c) for c in START[WHITE]}
assert START[BLACK] == {cell(s) for s in "b7 c7 d7 e7 f7 g7 h7 i7 k7".split()}
# Checks of the geometry against the published rules.
assert [name(add(cell("b5"), d)) for d in TAKE[WHITE]] == ["a5", "c6"]
assert name(cell("f11")) == "f11" and sum(1 for c in CELLS if c[0] == 0) == 11
assert sum(1 for c in CELLS if c[0] == -N) == 6


def last(c, side):
    """Is c the last cell of its file for this side (promotion)?"""
    return add(c, UP[side]) not in ON


def start_position():
    board = {}
    white = {"K": "g1", "Q": "e1", "R": "c1 i1", "B": "f1 f2 f3", "N": "d1 h1",
             "P": "b1 c2 d3 e4 f5 g4 h3 i2 k1"}
    black = {"K": "g10", "Q": "e10", "R": "c8 i8", "B": "f9 f10 f11", "N": "d9 h9",
             "P": "b7 c7 d7 e7 f7 g7 h7 i7 k7"}
    for side, army in ((WHITE, white), (BLACK, black)):
        for p, cells in army.items():
            for s in cells.split():
                board[cell(s)] = (side, p)
    return board, WHITE, None


def rows():
    """The cells of the position string, rank 11 first, files a..l."""
    out = []
    for rank in range(2 * N + 1, 0, -1):
        row = []
        for x in range(-N, N + 1):
            length = 2 * N + 1 - abs(x)
            if rank <= length:
                row.append(cell(f"{FILES[x + N]}{rank}"))
        out.append(row)
    return out


def parse(pos):
    fields = pos.split()
    placement, side, ep = fields[0], fields[1], fields[3]
    board = {}
    lines = placement.split("/")
    order = rows()
    assert len(lines) == len(order), "expected 11 ranks"
    for text, row in zip(lines, order):
        i, k = 0, 0
        while i < len(text):
            if text[i].isdigit():
                j = i
                while j < len(text) and text[j].isdigit():
                    j += 1
                k += int(text[i:j])
                i = j
            else:
                ch = text[i]
                board[row[k]] = (WHITE if ch.isupper() else BLACK, ch.upper())
                k += 1
                i += 1
        assert k == len(row), f"rank {text}: {k} cells, expected {len(row)}"
    to_move = WHITE if side == "w" else BLACK
    eps = None
    if ep != "-":
        skipped, victim = ep.split("@")[0].split(">")
        eps = (cell(skipped), cell(victim))
    return board, to_move, eps


def attacked(board, c, by):
    """Is cell c attacked by a piece of side `by`?"""
    for d in ROOK:
        t = add(c, d)
        if t in board:
            s, p = board[t]
            if s == by and p in "KQR":
                return True
        else:
            while t in ON:
                t = add(t, d)
                if t in board:
                    s, p = board[t]
                    if s == by and p in "QR":
                        return True
                    break
    for d in BISHOP:
        t = add(c, d)
        first = True
        while t in ON:
            if t in board:
                s, p = board[t]
                if s == by and (p in "QB" or (first and p == "K")):
                    return True
                break
            t = add(t, d)
            first = False
    for d in KNIGHT:
        t = add(c, d)
        if board.get(t) == (by, "N"):
            return True
    # A pawn of `by` on c - take direction attacks c.
    for d in TAKE[by]:
        t = (c[0] - d[0], c[1] - d[1], c[2] - d[2])
        if board.get(t) == (by, "P"):
            return True
    return False


def pseudo(board, side, eps):
    """Moves (from, to, promotion, en-passant victim, new ep) of `side`."""
    out = []
    for c, (s, p) in list(board.items()):
        if s != side:
            continue
        if p == "P":
            one = add(c, UP[side])
            if one in ON and one not in board:
                if last(one, side):
                    out += [(c, one, q, None, None) for q in "QRBN"]
                else:
                    out.append((c, one, None, None, None))
                two = add(one, UP[side])
                if c in START[side] and two in ON and two not in board:
                    out.append((c, two, None, None, (one, two)))
            for d in TAKE[side]:
                t = add(c, d)
                if t not in ON:
                    continue
                if t in board and board[t][0] != side:
                    if last(t, side):
                        out += [(c, t, q, None, None) for q in "QRBN"]
                    else:
                        out.append((c, t, None, None, None))
                elif eps is not None and t == eps[0] and t not in board:
                    out.append((c, t, None, eps[1], None))
            continue
        if p == "N":
            targets = [add(c, d) for d in KNIGHT]
            out += [(c, t, None, None, None) for t in targets
                    if t in ON and (t not in board or board[t][0] != side)]
            continue
        dirs = {"K": ROOK + BISHOP, "Q": ROOK + BISHOP, "R": ROOK, "B": BISHOP}[p]
        for d in dirs:
            t = add(c, d)
            while t in ON:
                if t in board:
                    if board[t][0] != side:
                        out.append((c, t, None, None, None))
                    break
                out.append((c, t, None, None, None))
                if p == "K":
                    break
                t = add(t, d)
    return out


def make(board, m, side):
    c, t, promo, victim, _ = m
    undo = (c, t, board.get(c), board.get(t), victim, board.get(victim) if victim else None)
    piece = board.pop(c)
    if victim is not None:
        del board[victim]
    board[t] = (side, promo) if promo else piece
    return undo


def unmake(board, undo):
    c, t, moved, taken, victim, vpiece = undo
    board[c] = moved
    if taken is None:
        board.pop(t, None)
    else:
        board[t] = taken
    if victim is not None:
        board[victim] = vpiece


def king(board, side):
    for c, v in board.items():
        if v == (side, "K"):
            return c
    raise ValueError("no king")


def legal(board, side, eps):
    out = []
    for m in pseudo(board, side, eps):
        undo = make(board, m, side)
        if not attacked(board, king(board, side), 1 - side):
            out.append(m)
        unmake(board, undo)
    return out


def perft(board, side, eps, depth):
    moves = legal(board, side, eps)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        undo = make(board, m, side)
        total += perft(board, 1 - side, m[4], depth - 1)
        unmake(board, undo)
    return total


def long(m):
    return name(m[0]) + name(m[1]) + (m[2].lower() if m[2] else "")


def main(argv):
    pos, divide, rest = None, False, []
    i = 0
    while i < len(argv):
        if argv[i] == "--position":
            pos = argv[i + 1]
            i += 2
        elif argv[i] == "--divide":
            divide = True
            i += 1
        else:
            rest.append(argv[i])
            i += 1
    if len(rest) != 1:
        sys.exit(__doc__)
    depth = int(rest[0])
    board, side, eps = parse(pos) if pos else start_position()
    if depth == 0:
        print(1)
        return
    if divide:
        lines = []
        total = 0
        for m in legal(board, side, eps):
            undo = make(board, m, side)
            n = perft(board, 1 - side, m[4], depth - 1) if depth > 1 else 1
            unmake(board, undo)
            lines.append(f"{long(m)}: {n}")
            total += n
        print("\n".join(sorted(lines)))
        print(f"total: {total}")
    else:
        print(perft(board, side, eps, depth))


if __name__ == "__main__":
    main(sys.argv[1:])
