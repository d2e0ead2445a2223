#!/usr/bin/env python3
"""Independent naive perft of Alice chess, written from the task's rule text alone (no
code shared with chessgraph, no python-chess; standard library only).

usage: naive-perft.py [--position POS | --make PIECES [--turn w|b] [--unmoved CELLS]]
                      [--moves 'MOVE ...'] [--divide] [--fen] DEPTH

THE BOARDS. Two 8x8 boards, 1 and 2; cells `1:a1`..`1:h8` and `2:a1`..`2:h8`. The chess
start position stands on board 1, board 2 is empty, white moves first.

THE MOVES. An ordinary chess move (king, queen, rook, bishop, knight; pawn single step,
double step from its 2nd rank (black: 7th) with both cells empty, diagonal captures,
promotion on the last rank to Q R B N) made on the board where the piece stands and
seeing only that board: it slides through and takes only that board's pieces. Then the
piece that moved (promoted, if it promoted) goes to the cell of the same name on the
other board (1:e4 -> 2:e4, 2:e4 -> 1:e4); that cell must be empty before the move.
No en passant.
Castling, both sides: king and rook unmoved and on the same board (king on e1, rook on
h1 or a1 of that board; black on rank 8), the cells between them empty on that board,
the king not attacked on that board (by enemy pieces on that board) on its start cell,
the cell it crosses and its target; then king (to g1/c1) and rook (to f1/d1) both go to
the other board, where both target cells must be empty. Castling rights are the unmoved
list: a cell leaves it when its piece moves or is taken (so rights follow the piece).
Legal: after the move and the transfer, the mover's king is attacked by no enemy piece
on the board where the king now stands (pieces attack only on their own board; an
attack does not need the cell on the other board to be free). A side without a legal
move has none (checkmate, stalemate): perft counts 0 below it.

POS is chessgraph's position string `PLACEMENT TURN UNMOVED EP QUIET MOVENO`:
PLACEMENT is 8 rows, rank 8 first, each listing 16 cells, board 1's a..h then board
2's a..h (FEN letters, upper case white; digit runs of empties may run from board 1 into
board 2); UNMOVED is `-` or comma-separated cells of unmoved kings and rooks.

Moves are written in chessgraph's long form for qualified names: from cell and to cell
on the board where the move is made, joined by `-`, promotion letter in lower case
(`1:e2-1:e4`, `2:a7-2:a8q`); a castle as the king's move (`1:e1-1:g1`).
--moves plays moves first (that notation) and prints the position reached;
--fen prints the position string (after --moves) and exits when DEPTH is 0.
--make writes the position from a piece list, letter then cell (`K1:e1 r2:a8 P1:e2`),
with --turn (default w) and --unmoved (`1:e1,1:h1` or `-`, the default).
"""
import argparse
import time

START = ("rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w "
         "1:a1,1:e1,1:h1,1:a8,1:e8,1:h8 - 0 1")
FILES = "abcdefgh"


def sq(b, f, r):           # board 0/1, file 0..7, rank 0..7
    return b * 64 + r * 8 + f


def name(s):
    return f"{s // 64 + 1}:{FILES[s % 8]}{s % 64 // 8 + 1}"


def parse_cell(t):
    b, c = t.split(":")
    return sq(int(b) - 1, FILES.index(c[0]), int(c[1:]) - 1)


def coords(s):
    return s // 64, s % 8, s % 64 // 8


def steps(s, deltas):
    b, f, r = coords(s)
    out = []
    for df, dr in deltas:
        nf, nr = f + df, r + dr
        if 0 <= nf < 8 and 0 <= nr < 8:
            out.append(sq(b, nf, nr))
    return out


def rays(s, deltas):
    b, f, r = coords(s)
    out = []
    for df, dr in deltas:
        ray = []
        nf, nr = f + df, r + dr
        while 0 <= nf < 8 and 0 <= nr < 8:
            ray.append(sq(b, nf, nr))
            nf += df
            nr += dr
        out.append(ray)
    return out


KN_D = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KI_D = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (0, 1), (-1, 0), (0, -1)]
DIAG = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
KNIGHT = [steps(s, KN_D) for s in range(128)]
KING = [steps(s, KI_D) for s in range(128)]
RAY_O = [rays(s, ORTH) for s in range(128)]
RAY_D = [rays(s, DIAG) for s in range(128)]
# cells from which a pawn of colour (True = white) attacks s
PAWN_FROM = {True: [steps(s, [(-1, -1), (1, -1)]) for s in range(128)],
             False: [steps(s, [(-1, 1), (1, 1)]) for s in range(128)]}
PAWN_TAKE = {True: [steps(s, [(-1, 1), (1, 1)]) for s in range(128)],
             False: [steps(s, [(-1, -1), (1, -1)]) for s in range(128)]}


def white(p):
    return p.isupper()


class Pos:
    def __init__(self, text):
        parts = text.split()
        place, turn, unmoved = parts[0], parts[1], parts[2]
        self.rest = parts[3:] if len(parts) > 3 else ["-", "0", "1"]
        self.board = [None] * 128
        rows = place.split("/")
        assert len(rows) == 8, "8 rows expected"
        for i, row in enumerate(rows):
            r = 7 - i
            col = 0  # 0..15 across both boards
            num = ""
            for ch in row + "/":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    col += int(num)
                    num = ""
                if ch == "/":
                    break
                assert col < 16, f"row {row}: too many cells"
                self.board[sq(col // 8, col % 8, r)] = ch
                col += 1
            assert col == 16, f"row {row}: {col} cells, 16 expected"
        self.white = turn == "w"
        self.unmoved = set() if unmoved == "-" else {parse_cell(c) for c in unmoved.split(",")}
        self.kings = {True: None, False: None}
        for s, p in enumerate(self.board):
            if p == "K":
                self.kings[True] = s
            elif p == "k":
                self.kings[False] = s

    def text(self):
        rows = []
        for r in range(7, -1, -1):
            row, run = "", 0
            for col in range(16):
                p = self.board[sq(col // 8, col % 8, r)]
                if p is None:
                    run += 1
                else:
                    if run:
                        row += str(run)
                    run = 0
                    row += p
            if run:
                row += str(run)
            rows.append(row)
        um = [s for s in self.unmoved if self.board[s] and self.board[s] in "KRkr"]
        um.sort(key=lambda s: (s // 64, -(s % 64 // 8), s % 8))  # as chessgraph writes it
        return " ".join(["/".join(rows), "w" if self.white else "b",
                         ",".join(name(s) for s in um) or "-"] + self.rest)

    def attacked(self, s, by_white):
        """Is cell s attacked by a piece of colour by_white standing on s's board?"""
        bd = self.board
        if by_white:
            N, K, P, R, B, Q = "NKPRBQ"
        else:
            N, K, P, R, B, Q = "nkprbq"
        for t in KNIGHT[s]:
            if bd[t] == N:
                return True
        for t in KING[s]:
            if bd[t] == K:
                return True
        for t in PAWN_FROM[by_white][s]:
            if bd[t] == P:
                return True
        for ray in RAY_O[s]:
            for t in ray:
                p = bd[t]
                if p is not None:
                    if p == R or p == Q:
                        return True
                    break
        for ray in RAY_D[s]:
            for t in ray:
                p = bd[t]
                if p is not None:
                    if p == B or p == Q:
                        return True
                    break
        return False

    def pseudo(self):
        """Moves (from, to, promotion, castle) with to on the from board; the transfer
        cell (to ^ 64) is checked empty here already."""
        bd = self.board
        me = self.white
        out = []
        for s in range(128):
            p = bd[s]
            if p is None or white(p) != me:
                continue
            u = p.upper()
            if u == "P":
                b, f, r = coords(s)
                d = 1 if me else -1
                last = 7 if me else 0
                promos = "QRBN" if me else "qrbn"
                targets = []
                one = s + 8 * d
                if 0 <= r + d < 8 and bd[one] is None:
                    targets.append(one)
                    two = s + 16 * d
                    if r == (1 if me else 6) and bd[two] is None:
                        targets.append(two)
                for t in PAWN_TAKE[me][s]:
                    q = bd[t]
                    if q is not None and white(q) != me:
                        targets.append(t)
                for t in targets:
                    if bd[t ^ 64] is not None:
                        continue
                    if t % 64 // 8 == last:
                        for pr in promos:
                            out.append((s, t, pr, None))
                    else:
                        out.append((s, t, None, None))
                continue
            if u == "N" or u == "K":
                for t in (KNIGHT[s] if u == "N" else KING[s]):
                    q = bd[t]
                    if (q is None or white(q) != me) and bd[t ^ 64] is None:
                        out.append((s, t, None, None))
            if u in "RBQ":
                rl = (RAY_O[s] if u == "R" else RAY_D[s] if u == "B" else RAY_O[s] + RAY_D[s])
                for ray in rl:
                    for t in ray:
                        q = bd[t]
                        if q is None:
                            if bd[t ^ 64] is None:
                                out.append((s, t, None, None))
                            continue
                        if white(q) != me and bd[t ^ 64] is None:
                            out.append((s, t, None, None))
                        break
            if u == "K" and s in self.unmoved:
                b, f, r = coords(s)
                home = 0 if me else 7
                if f == 4 and r == home:
                    R = "R" if me else "r"
                    for rf, kt, rt, between in ((7, 6, 5, (5, 6)), (0, 2, 3, (1, 2, 3))):
                        rs = sq(b, rf, home)
                        if rs not in self.unmoved or bd[rs] != R:
                            continue
                        if any(bd[sq(b, x, home)] is not None for x in between):
                            continue
                        kto, rto = sq(b, kt, home), sq(b, rt, home)
                        if bd[kto ^ 64] is not None or bd[rto ^ 64] is not None:
                            continue
                        cross = sq(b, (4 + kt) // 2, home)
                        if any(self.attacked(c, not me) for c in (s, cross, kto)):
                            continue
                        out.append((s, kto, None, (rs, rto)))
        return out

    def make(self, m):
        s, t, pr, castle = m
        bd = self.board
        p = bd[s]
        cap = bd[t]
        old_um = self.unmoved
        old_k = self.kings[self.white]
        self.unmoved = old_um - {s, t}
        bd[s] = None
        bd[t] = None
        bd[t ^ 64] = pr if pr else p
        rook = None
        if castle:
            rs, rt = castle
            rook = bd[rs]
            bd[rs] = None
            bd[rt ^ 64] = rook
            self.unmoved = self.unmoved - {rs}
        if p in "Kk":
            self.kings[self.white] = t ^ 64
        self.white = not self.white
        return (m, p, cap, old_um, old_k, rook)

    def unmake(self, undo):
        (s, t, pr, castle), p, cap, old_um, old_k, rook = undo
        bd = self.board
        self.white = not self.white
        bd[t ^ 64] = None
        bd[t] = cap
        bd[s] = p
        if castle:
            rs, rt = castle
            bd[rt ^ 64] = None
            bd[rs] = rook
        self.unmoved = old_um
        self.kings[self.white] = old_k

    def legal(self):
        out = []
        me = self.white
        for m in self.pseudo():
            undo = self.make(m)
            k = self.kings[me]
            if k is None or not self.attacked(k, not me):
                out.append(m)
            self.unmake(undo)
        return out


def make_position(pieces, turn, unmoved):
    rows = []
    at = {}
    for item in pieces.split():
        at[parse_cell(item[1:])] = item[0]
    for r in range(7, -1, -1):
        row, run = "", 0
        for col in range(16):
            p = at.get(sq(col // 8, col % 8, r))
            if p is None:
                run += 1
                continue
            if run:
                row += str(run)
            run = 0
            row += p
        rows.append(row + (str(run) if run else ""))
    return f"{'/'.join(rows)} {turn} {unmoved} - 0 1"


def long(m):
    s, t, pr, _ = m
    return f"{name(s)}-{name(t)}" + (pr.lower() if pr else "")


def perft(pos, depth):
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        undo = pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake(undo)
    return n


def main():
    ap = argparse.ArgumentParser(description="Naive perft of Alice chess (see the module text).")
    ap.add_argument("--position", default=START)
    ap.add_argument("--make", metavar="PIECES")
    ap.add_argument("--turn", default="w")
    ap.add_argument("--unmoved", default="-")
    ap.add_argument("--moves", default="", metavar="'MOVE ...'")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--fen", action="store_true", help="print the position string")
    ap.add_argument("depth", type=int)
    a = ap.parse_args()
    if a.make:
        a.position = make_position(a.make, a.turn, a.unmoved)
    pos = Pos(a.position)
    for text in a.moves.split():
        legal = {long(m): m for m in pos.legal()}
        if text not in legal:
            raise SystemExit(f"{text}: not legal here (legal: {' '.join(sorted(legal))})")
        m = legal[text]
        quiet, moveno = int(pos.rest[1]), int(pos.rest[2])
        quiet = 0 if pos.board[m[0]] in "Pp" or pos.board[m[1]] else quiet + 1
        moveno += 0 if pos.white else 1
        pos.rest = [pos.rest[0], str(quiet), str(moveno)]
        pos.make(m)
        print(f"{text}: {pos.text()}")
    if a.fen:
        print(pos.text())
        if a.depth == 0:
            return
    t0 = time.time()
    if a.depth == 0:
        total = 1
    elif a.divide:
        total = 0
        for m in pos.legal():
            undo = pos.make(m)
            n = perft(pos, a.depth - 1) if a.depth > 1 else 1
            pos.unmake(undo)
            print(f"{long(m)}: {n}", flush=True)
            total += n
    else:
        total = perft(pos, a.depth)
    print(f"perft {a.depth} {total} ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
