#!/usr/bin/env python3
"""Independent naive StrategiChess perft (single board), written from
/work/shared/RULES.md section 5 only (no code shared with chessgraph).
Cells are (x, y), files a..n = 1..14, ranks 1..14.

usage: naive-perft.py DEPTH

Legal moves: pseudo-legal moves whose mover's king is not attacked afterwards.
A position without legal moves (checkmate or stalemate) has no children.
"""
import sys

N = 14
FILES = "abcdefghijklmn"
ROADS = {1, 2, 7, 8, 13, 14}
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
W, B = 0, 1
FWD = {W: 1, B: -1}


def on(x, y):
    return 1 <= x <= N and 1 <= y <= N


def start():
    board = {}
    back = "RNBBNRQKRNBBNR"
    for i, p in enumerate(back):
        board[(i + 1, 3)] = (W, p)
        board[(i + 1, 12)] = (B, p)
        board[(i + 1, 4)] = (W, "P")
        board[(i + 1, 11)] = (B, "P")
    # unmoved pawns: the set of cells holding pawns that have not moved yet
    unmoved = {c for c, (s, p) in board.items() if p == "P"}
    return board, unmoved


def attacked(board, cell, by):
    """Is `cell` attacked by side `by`?"""
    x, y = cell
    for dx, dy in ORTH + DIAG:
        cx, cy = x + dx, y + dy
        dist = 1
        while on(cx, cy):
            if (cx, cy) in board:
                s, p = board[(cx, cy)]
                if s == by:
                    if p == "Q" or (p == "R" and (dx, dy) in ORTH) or \
                            (p == "B" and (dx, dy) in DIAG) or (p == "K" and dist == 1):
                        return True
                    # a pawn of `by` at (cx, cy) captures (x, y) if it moves diagonally
                    # forward onto it: (x, y) = (cx +- 1, cy + FWD[by])
                    if p == "P" and dist == 1 and dy == -FWD[by] and dx != 0:
                        return True
                break
            cx, cy = cx + dx, cy + dy
            dist += 1
    for dx, dy in KNIGHT:
        c = (x + dx, y + dy)
        if c in board and board[c] == (by, "N"):
            return True
    return False


def pseudo(board, unmoved, side):
    out = []
    for (x, y), (s, p) in list(board.items()):
        if s != side:
            continue
        frm = (x, y)

        def add(to):
            out.append((frm, to))

        if p in "QRB":
            dirs = (ORTH if p == "R" else DIAG if p == "B" else ORTH + DIAG)
            for dx, dy in dirs:
                cx, cy = x + dx, y + dy
                while on(cx, cy):
                    t = board.get((cx, cy))
                    if t is None:
                        add((cx, cy))
                    else:
                        if t[0] != side:
                            add((cx, cy))
                        break
                    cx, cy = cx + dx, cy + dy
        elif p in "KN":
            for dx, dy in (ORTH + DIAG if p == "K" else KNIGHT):
                c = (x + dx, y + dy)
                if on(*c) and (c not in board or board[c][0] != side):
                    add(c)
        else:  # pawn
            f = FWD[side]
            steps = 3 if frm in unmoved else 1
            for k in range(1, steps + 1):
                c = (x, y + f * k)
                if not on(*c) or c in board:
                    break
                add(c)
            c = (x, y - f)
            if on(*c) and c not in board:
                add(c)
            if y in ROADS:
                for dx in (1, -1):
                    c = (x + dx, y)
                    if on(*c) and c not in board:
                        add(c)
            for dx in (1, -1):
                c = (x + dx, y + f)
                if on(*c) and c in board and board[c][0] != side:
                    add(c)
    return out


def legal(board, unmoved, side):
    res = []
    for frm, to in pseudo(board, unmoved, side):
        b2 = dict(board)
        b2[to] = b2.pop(frm)
        king = next(c for c, v in b2.items() if v == (side, "K"))
        if not attacked(b2, king, 1 - side):
            u2 = unmoved - {frm, to}
            res.append((b2, u2))
    return res


def perft(board, unmoved, side, depth):
    if depth == 0:
        return 1
    moves = legal(board, unmoved, side)
    if depth == 1:
        return len(moves)
    return sum(perft(b, u, 1 - side, depth - 1) for b, u in moves)


if __name__ == "__main__":
    depth = int(sys.argv[1])
    b, u = start()
    for d in range(1, depth + 1):
        print(d, perft(b, u, W, d), flush=True)
