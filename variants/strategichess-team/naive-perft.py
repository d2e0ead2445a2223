#!/usr/bin/env python3
"""Independent naive perft of the StrategiChess team game, written from
/work/shared/RULES.md section 5 and the rule language reference (dsl/README.md,
"turns per zone"), not from the chessgraph code. Its style follows
variants/strategichess/naive-perft.py (the single board).

usage: naive-perft.py [--boards N] [--position POS | --make PIECES --turns w,b,..]
                     [--divide] DEPTH

N boards (2..5) of 14x14 side by side form one grid of 14N files: global file
X = 14 (k - 1) + x for the cell k:<file x><rank y>. A step from X to X +- 1 between
two boards crosses a seam:
- a slide (queen, rook, bishop) stops on the first cell it enters across a seam
  (it may capture there), its attacks alike;
- a king never crosses a seam;
- a knight leaps as usual (it is an ordinary knight on the big grid);
- pawn single steps (forward, back, sideways on a road) and captures cross.
  (The pawn's 2-3 step is vertical: it never meets a seam.)

Turns: every board has its side to move. The moves of a position are, for every
board b, the moves of the pieces standing on b owned by b's side to move; a move
passes the turn of the board it started on.

Kings: a team with at most one king may not leave it attacked. Terminal positions
(no children): a team without kings; a team with one king, to move on some board,
in check and without a legal move (checkmate); nobody has a move.

POS is chessgraph's position string (`moves strategichess-team` prints one): ranks
14..1 of 14N cells each, every piece written as its owner's tag and its letter (`AK`,
`bP`: the rule file names one player of each team per board, tags `A`..`E` for White's
players of boards 1..5 and `a`..`e` for Black's; here only the tag's case matters,
the team), the player to move, unmoved pawns (`1:a4,...` or `-`), `-`, clocks and
`turns=A1,b2,... next=T` (without `turns=`, every board has the colour of the player
to move to move).
"""
import argparse

N = 14
FILES = "abcdefghijklmn"
ROADS = {1, 2, 7, 8, 13, 14}
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
W, B = 0, 1
FWD = {W: 1, B: -1}
BOARDS = 3  # set from --boards


def on(x, y):
    return 1 <= x <= N * BOARDS and 1 <= y <= N


def board_of(x):
    """Board number (1..BOARDS) of global file x."""
    return (x - 1) // N + 1


def crosses(x1, x2):
    """Does a step from global file x1 to x2 cross a seam?"""
    return board_of(x1) != board_of(x2)


def name(c):
    x, y = c
    return f"{board_of(x)}:{FILES[(x - 1) % N]}{y}"


def parse_cell(s):
    k, rest = s.split(":")
    return ((int(k) - 1) * N + FILES.index(rest[0]) + 1, int(rest[1:]))


def start():
    board = {}
    back = "RNBBNRQKRNBBNR"
    for k in range(BOARDS):
        for i, p in enumerate(back):
            x = k * N + i + 1
            board[(x, 3)] = (W, p)
            board[(x, 12)] = (B, p)
            board[(x, 4)] = (W, "P")
            board[(x, 11)] = (B, "P")
    unmoved = frozenset(c for c, (s, p) in board.items() if p == "P")
    return board, unmoved, (W,) * BOARDS


def parse(text):
    fields = text.split()
    board = {}
    ranks = fields[0].split("/")
    assert len(ranks) == N, "14 ranks"
    for i, row in enumerate(ranks):
        y, x, num, tag = N - i, 1, "", None
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                x += int(num)
                num = ""
            if tag is None:
                tag = ch
                continue
            board[(x, y)] = (W if tag.isupper() else B, ch)
            tag = None
            x += 1
        if num:
            x += int(num)
        assert x == N * BOARDS + 1, f"rank {y} has {x - 1} files"
    side = W if fields[1].isupper() else B
    unmoved = frozenset() if fields[2] == "-" else frozenset(
        parse_cell(c) for c in fields[2].split(","))
    turns = (side,) * BOARDS
    for f in fields:
        if f.startswith("turns="):
            turns = tuple(W if t[0].isupper() else B for t in f[6:].split(","))
    assert len(turns) == BOARDS
    return board, unmoved, turns


def make(pieces, turns):
    """A position from `K1:n7 r2:c7 P1:m4*` (upper case White, `*` an unmoved pawn)
    and `w,b,...` (each board's side to move)."""
    board, unmoved = {}, set()
    for tok in pieces.split():
        c = parse_cell(tok[1:].rstrip("*"))
        board[c] = (W if tok[0].isupper() else B, tok[0].upper())
        if tok.endswith("*"):
            unmoved.add(c)
    return board, frozenset(unmoved), tuple(W if t == "w" else B for t in turns.split(","))


def to_string(board, unmoved, turns):
    """chessgraph's position string (move number 1 everywhere, board 1 scheduled)."""
    rows = []
    for y in range(N, 0, -1):
        row, gap = "", 0
        for x in range(1, N * BOARDS + 1):
            if (x, y) in board:
                s, p = board[(x, y)]
                tag = ("ABCDE" if s == W else "abcde")[(x - 1) // N]
                row += (str(gap) if gap else "") + tag + p
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    um = ",".join(name(c) for c in sorted(unmoved, key=lambda c: (c[1], c[0]))) or "-"
    tags = [("ABCDE" if t == W else "abcde")[k] for k, t in enumerate(turns)]
    tr = ",".join(t + "1" for t in tags)
    return f"{'/'.join(rows)} {tags[0]} {um} - 0 1 turns={tr} next=1"


def targets(board, unmoved, frm):
    """Cells the piece on `frm` may move to (pseudo-legal: check ignored)."""
    x, y = frm
    side, p = board[frm]
    out = []
    if p in "QRB":
        dirs = ORTH if p == "R" else DIAG if p == "B" else ORTH + DIAG
        for dx, dy in dirs:
            px, cx, cy = x, x + dx, y + dy
            while on(cx, cy):
                t = board.get((cx, cy))
                if t is None or t[0] != side:
                    out.append((cx, cy))
                if t is not None or crosses(px, cx):
                    break  # blocked, or the first cell across a seam
                px, cx, cy = cx, cx + dx, cy + dy
    elif p == "K":
        for dx, dy in ORTH + DIAG:
            c = (x + dx, y + dy)
            if on(*c) and not crosses(x, c[0]) and (c not in board or board[c][0] != side):
                out.append(c)
    elif p == "N":
        for dx, dy in KNIGHT:
            c = (x + dx, y + dy)
            if on(*c) and (c not in board or board[c][0] != side):
                out.append(c)
    else:  # pawn
        f = FWD[side]
        steps = 3 if frm in unmoved else 1
        for k in range(1, steps + 1):
            c = (x, y + f * k)
            if not on(*c) or c in board:
                break
            out.append(c)
        c = (x, y - f)
        if on(*c) and c not in board:
            out.append(c)
        if y in ROADS:
            for dx in (1, -1):
                c = (x + dx, y)
                if on(*c) and c not in board:
                    out.append(c)
        for dx in (1, -1):
            c = (x + dx, y + f)
            if on(*c) and c in board and board[c][0] != side:
                out.append(c)
    return out


def attacked(board, cell, by):
    """Is `cell` (holding a piece of the other side) attacked by side `by`?
    Naively: does any piece of `by`, on any board, have a move onto it."""
    return any(cell in targets(board, frozenset(), c)
               for c, (s, _) in board.items() if s == by)


def kings(board, side):
    return [c for c, v in board.items() if v == (side, "K")]


def legal(board, unmoved, turns, side):
    """Legal moves of `side` (on the boards where it is to move), as
    (from, to, board after, unmoved after, turns after)."""
    res = []
    for frm, (s, p) in list(board.items()):
        k = board_of(frm[0])
        if s != side or turns[k - 1] != side:
            continue
        for to in targets(board, unmoved, frm):
            b2 = dict(board)
            b2[to] = b2.pop(frm)
            ks = kings(b2, side)
            if len(ks) <= 1 and any(attacked(b2, c, 1 - side) for c in ks):
                continue
            t2 = list(turns)
            t2[k - 1] = 1 - side
            res.append((frm, to, b2, unmoved - {frm, to}, tuple(t2)))
    return res


def children(board, unmoved, turns):
    """Every move of the position; [] when the game is over."""
    if not kings(board, W) or not kings(board, B):
        return []  # a team's last king was captured
    moves = {s: legal(board, unmoved, turns, s) for s in (W, B)}
    for s in (W, B):
        ks = kings(board, s)
        if s in turns and len(ks) == 1 and not moves[s] and attacked(board, ks[0], 1 - s):
            return []  # checkmate
    return moves[W] + moves[B]


def perft(board, unmoved, turns, depth):
    if depth == 0:
        return 1
    moves = children(board, unmoved, turns)
    if depth == 1:
        return len(moves)
    return sum(perft(b, u, t, depth - 1) for _, _, b, u, t in moves)


def main():
    global BOARDS
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=3)
    ap.add_argument("--position")
    ap.add_argument("--make", metavar="PIECES", help="build a position: `K1:n7 r2:c7 P1:m4*`")
    ap.add_argument("--turns", default="", help="with --make: `w,b,...`")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("depth", type=int)
    a = ap.parse_args()
    BOARDS = a.boards
    assert 2 <= BOARDS <= 5
    if a.make:
        b, u, t = make(a.make, a.turns or ",".join("w" * BOARDS))
        print(to_string(b, u, t))
    else:
        b, u, t = parse(a.position) if a.position else start()
    if a.divide:
        total = 0
        for frm, to, b2, u2, t2 in children(b, u, t):
            n = perft(b2, u2, t2, a.depth - 1)
            total += n
            print(f"{name(frm)}-{name(to)}: {n}")
        print("total", total)
        return
    for d in range(1, a.depth + 1):
        print(d, perft(b, u, t, d), flush=True)


if __name__ == "__main__":
    main()
