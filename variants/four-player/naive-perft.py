#!/usr/bin/env python3
"""Independent naive perft of chess.com's four-player chess (free for all or --teams).
Written from the published rules (chess.com's 4 Player Chess club rules, the FEN4 start
position) and dsl/README.md's account of what perft counts, not from the chessgraph
code nor from variants/four-player/*.rules (nor, for --teams, from four-player-teams/).

usage: naive-perft.py [--position POS | --make PIECES [--turn T] [--unmoved CELLS]
                      [--elim TAGS]] [--moves 'MOVE ...'] [--at-once | --teams]
                      [--divide] DEPTH

--make writes a position string from a piece list such as `rK:h1 rR:d1,k1 bQ:e4`
(tag, letter, cells), with `--turn r`, `--unmoved d1,h1,k1` (castling rights: the
cells of unmoved kings and rooks) and `--elim b` (players already out), and counts
from it. --moves plays moves first (one quoted list, long form as --divide prints
them: `h1f1`, `e7e8q`, `pass`) and says who is out after each.

--at-once counts the published free-for-all rule (chess.com; variants/four-player/
four-player.rules, `end checkmate at once` and `end stalemate at once`) instead of the
default provisional ends of movement.rules: see AT ONCE below.

--teams counts chess.com's four-player chess in teams (variants/four-player-teams/
four-player-teams.rules), red and yellow against blue and green: see TEAMS below.

THE BOARD. 14 x 14 cells without the 3 x 3 corners (160 cells): files a..n (x 1..14),
ranks 1..14 (y); (x, y) exists when 4 <= x <= 11 or 4 <= y <= 11.

THE PLAYERS in turn order: red (bottom, forward +y), blue (left, +x), yellow (top,
-y), green (right, -x); tags r b y g.

THE MOVES.
- King one step any way; queen, rook, bishop slide; knight the (2,1) leap (it jumps:
  only its landing cell must exist). A piece may land on an empty cell or take a piece
  of any other player, alive or eliminated (a king too).
- Pawn: one step forward to an empty cell, two from its own pawn row (both cells
  empty), a capture on each forward diagonal. No en passant. A pawn that arrives on
  its 8th rank counted from its own side (red rank 8, blue file h, yellow rank 7,
  green file g) becomes a queen.
- Castling, both ways for every player: king and rook unmoved on their start cells,
  the cells between them empty, the king not attacked on its cell, on the cell it
  crosses and on its target; the king goes two cells towards the rook, the rook to
  the cell the king crossed.
- Legal: after the move, the mover's king is attacked by no piece of a player still
  in the game (pieces of eliminated players stay, block and may be taken, but move
  and attack nothing). A move that takes a king puts its owner out.
- A player without a legal move on his turn (checkmate or stalemate) is out: his one
  move is a pass that eliminates him, counted as a move as chessgraph counts it
  (dsl/README.md: the no-move stage's `eliminate` is applied by a pass, "his one legal
  move", when two players or more are left). With one player left the game is over:
  no moves.

AT ONCE (--at-once). chess.com eliminates a checkmated or stalemated player on the
spot, not at his turn. After every move that is played (not after the trial moves that
test the check rule), and after the taking of a king has put its owner out, each other
player still in, in turn order starting after the mover, is tested in that order: if he
would have no legal move were it his turn (checkmate when his king is attacked by a
player still in, else stalemate), he is out at once; a player tested later in the same
loop is tested with the earlier ones already out (their pieces no longer attack). Then
the turn goes to the next player still in after the mover. The player to move without
a legal move (only possible in a position as given) is still put out by a pass, as
above, and the loop follows that pass too (it is a move).

TEAMS (--teams). Red and yellow play against blue and green (partners sit across the
board: p and p + 2). The moves are those above, with these changes:
- a piece never takes a partner's piece (it blocks like one's own); a pawn takes only
  an opponent's piece diagonally;
- a partner's piece never attacks: a move is legal when, after it, the mover's king is
  attacked by no piece of either opponent; castling asks the same of the king's cells;
- a pawn becomes a queen on its 11th rank counted from its own side (red rank 11, blue
  file k, yellow rank 4, green file d), not on its 8th;
- nobody is eliminated: the game ends, and perft counts no moves below it, when the
  player to move has no legal move (checkmate: his team loses; stalemate: a draw; both
  finish the game, so no pass) or when a move has taken a king (a king left attacked
  by an opponent's move before its owner moved: his team loses). A move that takes a
  king must still leave the mover's own king unattacked by the opponents (the check
  rule applies to every move).
`elim=` is refused with --teams (no player is ever out in this game).

POS is chessgraph's position string for this board: ranks 14..1 of the cells that
exist, `/`-separated, pieces as tag + letter (`rK`), runs of empty cells as numbers;
then the player to move (tag), the unmoved cells (`d1,h1,k1,...` or `-`; castling
needs king and rook there), en passant `-`, two counters, and extras (`elim=b,y`).
Without --position, the start position.
"""
import argparse
import sys
import time

N = 14
FILES = "abcdefghijklmn"
TAGS = "rbyg"
NAMES = ["red", "blue", "yellow", "green"]
FWD = [(0, 1), (1, 0), (0, -1), (-1, 0)]
ORTH = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTH + DIAG
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]

START = ("yRyNyByKyQyByNyR/yPyPyPyPyPyPyPyP/8/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/"
         "bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/8/"
         "rPrPrPrPrPrPrPrP/rRrNrBrQrKrBrNrR r d14,g14,k14,a11,n11,a8,n7,a4,n4,d1,h1,k1 - 0 1")


def on(x, y):
    return 1 <= x <= N and 1 <= y <= N and (4 <= x <= 11 or 4 <= y <= 11)


def name(c):
    return f"{FILES[c[0] - 1]}{c[1]}"


def parse_cell(s):
    return (FILES.index(s[0]) + 1, int(s[1:]))


def diagonals_forward(p):
    fx, fy = FWD[p]
    if fx == 0:
        return [(1, fy), (-1, fy)]
    return [(fx, 1), (fx, -1)]


def pawn_row(p, c):
    x, y = c
    return [y == 2, x == 2, y == 13, x == 13][p]


def promotes(p, c, teams=False):
    x, y = c
    if teams:  # the 11th rank counted from the player's side
        return [y == 11, x == 11, y == 4, x == 4][p]
    return [y == 8, x == 8, y == 7, x == 7][p]


def partner(p):
    return (p + 2) % 4


def opponents(p):
    return {(p + 1) % 4, (p + 3) % 4}


# Castles: (player, king from, king to, rook from, rook to, cells that must be empty,
# cells the king must not be attacked on).
def castle(p, k, kt, r, rt):
    k, kt, r, rt = map(parse_cell, (k, kt, r, rt))
    dx = (r[0] > k[0]) - (r[0] < k[0])
    dy = (r[1] > k[1]) - (r[1] < k[1])
    between, c = [], (k[0] + dx, k[1] + dy)
    while c != r:
        between.append(c)
        c = (c[0] + dx, c[1] + dy)
    safe = [k, (k[0] + dx, k[1] + dy), kt]
    return (p, k, kt, r, rt, between, safe)


CASTLES = [
    castle(0, "h1", "j1", "k1", "i1"), castle(0, "h1", "f1", "d1", "g1"),
    castle(1, "a8", "a10", "a11", "a9"), castle(1, "a8", "a6", "a4", "a7"),
    castle(2, "g14", "e14", "d14", "f14"), castle(2, "g14", "i14", "k14", "h14"),
    castle(3, "n7", "n5", "n4", "n6"), castle(3, "n7", "n9", "n11", "n8"),
]

ROWS = [[(x, y) for x in range(1, N + 1) if on(x, y)] for y in range(N, 0, -1)]


class Pos:
    def __init__(self, text):
        f = text.split()
        self.board = {}
        rows = f[0].split("/")
        assert len(rows) == len(ROWS), "rank count"
        for row, cells in zip(rows, ROWS):
            i, k = 0, 0
            while k < len(row):
                if row[k].isdigit():
                    j = k
                    while j < len(row) and row[j].isdigit():
                        j += 1
                    i += int(row[k:j])
                    k = j
                else:
                    self.board[cells[i]] = (TAGS.index(row[k]), row[k + 1])
                    i += 1
                    k += 2
            assert i == len(cells), f"row {row}: {i} cells, want {len(cells)}"
        self.turn = TAGS.index(f[1])
        self.unmoved = set() if f[2] == "-" else {parse_cell(c) for c in f[2].split(",")}
        assert f[3] == "-", "no en passant in this game"
        self.out = set()
        self.at_once = False
        self.teams = False
        self.over = False  # --teams: a king has been taken, the game is over
        self.log = None  # a list: at-once eliminations are noted there (--moves)
        for extra in f[6:]:
            k, _, v = extra.partition("=")
            if k == "elim":
                self.out = {TAGS.index(t) for t in v.split(",")}
            elif k == "score":
                pass  # four-player.rules' points (chessgraph's strings): no effect
            else:
                raise SystemExit(f"unknown extra {extra}")

    # --- attacks -----------------------------------------------------------------------
    def attacked(self, c, by):
        """Is cell c attacked by a piece of a player in the set `by`?"""
        b = self.board
        x, y = c
        for dx, dy in ALL8:
            cx, cy = x + dx, y + dy
            dist = 1
            while on(cx, cy):
                q = b.get((cx, cy))
                if q:
                    o, t = q
                    if o in by:
                        if t == "Q" or (t == "R" and dx * dy == 0) or (t == "B" and dx * dy != 0):
                            return True
                        if dist == 1 and t == "K":
                            return True
                        # A pawn of o on (cx, cy) takes on (cx, cy) + its forward diagonals.
                        if dist == 1 and t == "P" and (-dx, -dy) in diagonals_forward(o):
                            return True
                    break
                cx, cy = cx + dx, cy + dy
                dist += 1
        for dx, dy in KNIGHT:
            q = b.get((x + dx, y + dy))
            if q and q[0] in by and q[1] == "N" and on(x + dx, y + dy):
                return True
        return False

    def kings(self, p):
        return [c for c, (o, t) in self.board.items() if o == p and t == "K"]

    # --- moves -------------------------------------------------------------------------
    def pseudo(self, p):
        """(from, to, promotion, castle) for every pseudo-legal move of player p."""
        b = self.board
        out = []
        # The players whose pieces p may not take: himself, and with --teams his partner.
        own = {p, partner(p)} if self.teams else {p}
        prom = lambda d: "Q" if promotes(p, d, self.teams) else None
        for c, (o, t) in list(b.items()):
            if o != p:
                continue
            x, y = c
            if t in "QRB":
                dirs = ALL8 if t == "Q" else ORTH if t == "R" else DIAG
                for dx, dy in dirs:
                    cx, cy = x + dx, y + dy
                    while on(cx, cy):
                        q = b.get((cx, cy))
                        if q is None:
                            out.append((c, (cx, cy), None, None))
                        else:
                            if q[0] not in own:
                                out.append((c, (cx, cy), None, None))
                            break
                        cx, cy = cx + dx, cy + dy
            elif t in "KN":
                for dx, dy in (ALL8 if t == "K" else KNIGHT):
                    d = (x + dx, y + dy)
                    if on(*d):
                        q = b.get(d)
                        if q is None or q[0] not in own:
                            out.append((c, d, None, None))
            elif t == "P":
                fx, fy = FWD[p]
                one = (x + fx, y + fy)
                if on(*one) and one not in b:
                    out.append((c, one, prom(one), None))
                    two = (x + 2 * fx, y + 2 * fy)
                    if pawn_row(p, c) and on(*two) and two not in b:
                        out.append((c, two, prom(two), None))
                for dx, dy in diagonals_forward(p):
                    d = (x + dx, y + dy)
                    if on(*d) and d in b and b[d][0] not in own:
                        out.append((c, d, prom(d), None))
        live = self.enemies(p)
        for cs in CASTLES:
            cp, k, kt, r, rt, between, safe = cs
            if cp != p:
                continue
            if b.get(k) != (p, "K") or b.get(r) != (p, "R"):
                continue
            if k not in self.unmoved or r not in self.unmoved:
                continue
            if any(z in b for z in between):
                continue
            if any(self.attacked(z, live) for z in safe):
                continue
            out.append((k, kt, None, cs))
        return out

    def make(self, m, probe=False):
        """Returns the undo record. `probe`: a trial move of the check rule (no at-once
        eliminations)."""
        f, t, promo, cs = m
        b = self.board
        undo = (dict(b), set(self.unmoved), set(self.out), self.turn, self.over)
        p = self.turn
        if cs:
            _, k, kt, r, rt, _, _ = cs
            del b[k]
            del b[r]
            b[kt] = (p, "K")
            b[rt] = (p, "R")
            self.unmoved -= {k, r}
        elif f is None:  # the pass of a player without a move: he is out
            self.out.add(p)
        else:
            victim = b.get(t)
            piece = b.pop(f)
            b[t] = (p, promo) if promo else piece
            self.unmoved -= {f, t}
            if victim and victim[1] == "K":
                if self.teams:
                    self.over = True  # royal captured: the victim's team loses
                else:
                    self.out.add(victim[0])
        if self.at_once and not probe:
            self.eliminate_at_once(p)
        self.turn = self.next_player(p)
        return undo

    def eliminate_at_once(self, p):
        """--at-once: every other player still in without a legal move, in turn order
        after the mover p, is out at once (the later ones tested without the earlier)."""
        for i in range(1, 4):
            q = (p + i) % 4
            if q in self.out or len(set(range(4)) - self.out) <= 1:
                continue
            if not self.has_legal(q):
                if self.log is not None:
                    live = {o for o in range(4) if o not in self.out and o != q}
                    mate = any(self.attacked(k, live) for k in self.kings(q))
                    how = 'checkmated' if mate else 'stalemated'
                    self.log.append(f"{NAMES[q]} {how}")
                self.out.add(q)

    def has_legal(self, q):
        """Would player q have a legal move if it were his turn?"""
        turn = self.turn
        self.turn = q
        try:
            for m in self.pseudo(q):
                undo = self.make(m, probe=True)
                live = {o for o in range(4) if o not in self.out and o != q}
                ok = not any(self.attacked(k, live) for k in self.kings(q))
                self.unmake(undo)
                if ok:
                    return True
            return False
        finally:
            self.turn = turn

    def unmake(self, undo):
        self.board, self.unmoved, self.out, self.turn, self.over = undo

    def enemies(self, p):
        """The players whose pieces attack p's king: the others still in, or with
        --teams his two opponents."""
        if self.teams:
            return opponents(p)
        return {o for o in range(4) if o not in self.out and o != p}

    def next_player(self, p):
        for i in range(1, 5):
            q = (p + i) % 4
            if q not in self.out:
                return q
        return p

    def legal(self):
        p = self.turn
        if self.over or len(set(range(4)) - self.out) <= 1:
            return []  # the game is over
        out = []
        for m in self.pseudo(p):
            undo = self.make(m, probe=True)
            live = self.enemies(p)
            if not any(self.attacked(k, live) for k in self.kings(p)):
                out.append(m)
            self.unmake(undo)
        if self.teams:
            return out  # none: checkmate or stalemate, the game is over (no pass)
        if not out:
            # Checkmate or stalemate: he is out. The pass is a move when the game goes on.
            if len(set(range(4)) - self.out - {p}) >= 2:
                return [(None, None, None, None)]
        return out


def make_position(pieces, turn, unmoved, elim):
    board = {}
    for item in pieces.split():
        piece, _, cells = item.partition(":")
        for c in cells.split(","):
            assert on(*parse_cell(c)), c
            assert parse_cell(c) not in board, c
            board[parse_cell(c)] = piece
    rows = []
    for cells in ROWS:
        row, run = "", 0
        for c in cells:
            if c in board:
                row += (str(run) if run else "") + board[c]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    order = [c for cells in ROWS for c in cells]
    um = sorted((parse_cell(c) for c in unmoved.split(",")), key=order.index) if unmoved != "-" else []
    text = "/".join(rows) + f" {turn} {','.join(name(c) for c in um) or '-'} - 0 1"
    if elim:
        text += " elim=" + ",".join(t for t in TAGS if t in elim)
    return text


def long(m):
    f, t, promo, cs = m
    if f is None:
        return "pass"
    return name(f) + name(t) + (promo.lower() if promo else "")


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--position", default=START)
    ap.add_argument("--make")
    ap.add_argument("--turn", default="r")
    ap.add_argument("--unmoved", default="-")
    ap.add_argument("--elim", default="")
    ap.add_argument("--moves", default="", metavar="'MOVE ...'",
                    help="moves to play first, one quoted list (h1f1 e7e8q pass)")
    ap.add_argument("--at-once", action="store_true",
                    help="four-player.rules: checkmate and stalemate eliminate at once")
    ap.add_argument("--teams", action="store_true",
                    help="four-player-teams.rules: red and yellow against blue and green")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("depth", type=int)
    a = ap.parse_args()
    if a.make:
        a.position = make_position(a.make, a.turn, a.unmoved, a.elim)
        print(a.position)
    pos = Pos(a.position)
    pos.at_once = a.at_once
    pos.teams = a.teams
    if a.teams and (a.at_once or pos.out):
        raise SystemExit("--teams: no --at-once, no eliminated players")
    for text in a.moves.split():
        legal = {long(m): m for m in pos.legal()}
        if text not in legal:
            raise SystemExit(f"{text}: not legal here (legal: {' '.join(sorted(legal))})")
        pos.log = []
        pos.make(legal[text])
        out = ",".join(TAGS[o] for o in sorted(pos.out)) or "-"
        if pos.teams:
            state = "game over (a king taken)" if pos.over else (
                f"{NAMES[pos.turn]} to move" if pos.legal() else
                f"{NAMES[pos.turn]} to move, none: game over")
            print(f"{text}: {state}")
        else:
            print(f"{text}: {NAMES[pos.turn]} to move, out {out}"
                  + (f" ({', '.join(pos.log)})" if pos.log else ""))
        pos.log = None
    t0 = time.time()
    if a.depth == 0:
        total = 1
    elif a.divide:
        total = 0
        for m in pos.legal():
            undo = pos.make(m)
            n = perft(pos, a.depth - 1) if a.depth > 1 else 1
            pos.unmake(undo)
            print(f"{long(m)}: {n}")
            total += n
    else:
        total = perft(pos, a.depth)
    print(f"perft {a.depth} {total} ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
