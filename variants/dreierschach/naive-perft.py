#!/usr/bin/env python3
"""Independent naive Dreierschach perft, written from /work/shared/RULES.md section 3 only
(no code shared with chessgraph). Cells are (c, r), columns a..m = 1..13.

usage: naive-perft.py DEPTH [round|turn]   (en-passant window; default round)

A captured king ends the game (the captor wins), as does a player without a legal
move (checkmate or stalemate); those nodes have no children.
"""
import sys

CELLS = {(c, r) for c in range(1, 14) for r in range(1, 14) if -7 <= r - c <= 5}
ST = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # straight, counter-clockwise
# diagonal i passes between straight i and i+1
DG = [((ST[i][0] + ST[(i + 1) % 6][0], ST[i][1] + ST[(i + 1) % 6][1]), ST[i], ST[(i + 1) % 6])
      for i in range(6)]
KN = []
for i, s in enumerate(ST):
    for t in (ST[(i + 1) % 6], ST[(i - 1) % 6]):
        KN.append((2 * s[0] + t[0], 2 * s[1] + t[1]))
assert len(set(KN)) == 12

W, G, B = 0, 1, 2
PAWN_MOVE = {W: [(0, 1), (1, 1)], G: [(1, 0), (0, -1)], B: [(-1, 0), (-1, -1)]}
PAWN_TAKE = {W: [(1, 2), (2, 1), (-1, 1)], G: [(2, 1), (1, -1), (-1, -2)],
             B: [(-1, 1), (-2, -1), (-1, -2)]}
FILES = "abcdefghijklm"


def cell(name):
    return (FILES.index(name[0]) + 1, int(name[1:]))


def name(c):
    return FILES[c[0] - 1] + str(c[1])


BASE = {W: [cell(x + "1") for x in "abcdefgh"],
        G: [cell(x) for x in "a6 b7 c8 d9 e10 f11 g12 h13".split()],
        B: [cell("m" + str(r)) for r in range(6, 14)]}
START = {W: [cell(x + "2") for x in "abcdefghi"],
         G: [cell(x) for x in "a5 b6 c7 d8 e9 f10 g11 h12 i13".split()],
         B: [cell("l" + str(r)) for r in range(5, 14)]}
BASESET = {p: set(v) for p, v in BASE.items()}
STARTSET = {p: set(v) for p, v in START.items()}
# castles: (king from, king to, rook from, rook to, cells between king and rook)
def between(a, b):
    d = (b[0] - a[0], b[1] - a[1])
    n = max(abs(d[0]), abs(d[1]))
    step = (d[0] // n, d[1] // n)
    return [(a[0] + step[0] * k, a[1] + step[1] * k) for k in range(1, n)]
CASTLES = {}
for p, (k, kmin, rmin, kmaj, rmaj) in {
        W: ("d1", "b1", "c1", "g1", "f1"), G: ("e10", "g12", "f11", "b7", "c8"),
        B: ("m9", "m7", "m8", "m12", "m11")}.items():
    base = BASE[p]
    kc = cell(k)
    # the near rook is the one 3 cells away, the far one 4 cells away
    rooks = [base[0], base[-1]]
    near = min(rooks, key=lambda r: len(between(kc, r)))
    far = max(rooks, key=lambda r: len(between(kc, r)))
    CASTLES[p] = [(kc, cell(kmin), near, cell(rmin), between(kc, near)),
                  (kc, cell(kmaj), far, cell(rmaj), between(kc, far))]


def add(a, d):
    return (a[0] + d[0], a[1] + d[1])


def diag_open(b, u, s, t):
    return add(u, s) not in b or add(u, t) not in b


def start_board():
    b = {}
    lay = {W: "R a1 h1, B b1 f1, N c1 g1, K d1, Q e1",
           G: "R h13 a6, B g12 c8, N f11 b7, K e10, Q d9",
           B: "R m6 m13, B m7 m11, N m8 m12, K m9, Q m10"}
    for p, txt in lay.items():
        for grp in txt.split(","):
            letter, *cs = grp.split()
            for c in cs:
                b[cell(c)] = (p, letter)
        for c in START[p]:
            b[c] = (p, "P")
    return b


def attacked(b, sq, by):
    """Is cell sq attacked by player `by`?"""
    for s in ST:
        c = add(sq, s)
        first = True
        while c in CELLS:
            x = b.get(c)
            if x is not None:
                if x[0] == by and (x[1] in "RQ" or (first and x[1] == "K")):
                    return True
                break
            first = False
            c = add(c, s)
    for d, s, t in DG:
        c = sq
        first = True
        while True:
            nc = add(c, d)
            if nc not in CELLS or not diag_open(b, c, s, t):
                break
            x = b.get(nc)
            if x is not None:
                if x[0] == by and (x[1] in "BQ" or (first and x[1] == "K")):
                    return True
                break
            first = False
            c = nc
    for k in KN:
        x = b.get((sq[0] - k[0], sq[1] - k[1]))
        if x == (by, "N"):
            return True
    for d in PAWN_TAKE[by]:
        frm = (sq[0] - d[0], sq[1] - d[1])
        if b.get(frm) == (by, "P"):
            s, t = [x for x in DG if x[0] == d][0][1:]
            if diag_open(b, frm, s, t):
                return True
    return False


class Pos:
    def __init__(self):
        self.b = start_board()
        self.virgin = {c for p in CASTLES for cs in CASTLES[p] for c in (cs[0], cs[2])}
        self.ep = []  # (skipped cell, victim cell, creator)
        self.to_move = W
        self.over = False


def pseudo(pos):
    b, me, out = pos.b, pos.to_move, []
    opp_bases = BASESET[(me + 1) % 3] | BASESET[(me + 2) % 3]

    def push(frm, to, extra=None):
        out.append((frm, to, None, extra))

    for frm, (p, k) in list(b.items()):
        if p != me:
            continue
        def ok(to):
            x = b.get(to)
            return x is None or x[0] != me
        if k in "KQRB":
            rays = []
            if k in "KQR":
                rays += [(s, None, None) for s in ST]
            if k in "KQB":
                rays += DG
            for d, s, t in rays:
                c = frm
                while True:
                    nc = add(c, d)
                    if nc not in CELLS or (s is not None and not diag_open(b, c, s, t)):
                        break
                    if ok(nc):
                        push(frm, nc)
                    if nc in b or k == "K":
                        break
                    c = nc
        elif k == "N":
            for d in KN:
                to = add(frm, d)
                if to in CELLS and ok(to):
                    push(frm, to)
        else:
            targets = []
            for d in PAWN_MOVE[me]:
                one = add(frm, d)
                if one in CELLS and one not in b:
                    targets.append((one, None))
                    two = add(one, d)
                    if frm in STARTSET[me] and two in CELLS and two not in b:
                        targets.append((two, ("creates", one)))
            for d in PAWN_TAKE[me]:
                to = add(frm, d)
                if to not in CELLS:
                    continue
                s, t = [x for x in DG if x[0] == d][0][1:]
                if not diag_open(b, frm, s, t):
                    continue
                x = b.get(to)
                if x is not None and x[0] != me:
                    targets.append((to, None))
                elif x is None:
                    for e in pos.ep:
                        if e[0] == to and e[2] != me and b.get(e[1], (None,))[0] == e[2]:
                            targets.append((to, ("ep", e[1])))
            for to, extra in targets:
                if to in opp_bases:
                    for pr in "QRBN":
                        out.append((frm, to, pr, extra))
                else:
                    out.append((frm, to, None, extra))
    if not attacked_any(b, king_of(b, me), me):
        for kf, kt, rf, rt, btw in CASTLES[me]:
            if kf in pos.virgin and rf in pos.virgin and b.get(kf) == (me, "K") \
                    and b.get(rf) == (me, "R") and all(c not in b for c in btw) \
                    and not any(attacked_any(b, c, me) for c in btw):
                out.append((kf, kt, None, ("castle", rf, rt)))
    return out


def king_of(b, p):
    for c, x in b.items():
        if x == (p, "K"):
            return c
    return None


def attacked_any(b, sq, me):
    return any(attacked(b, sq, o) for o in range(3) if o != me)


def make(pos, m, window):
    frm, to, pr, extra = m
    b = dict(pos.b)
    me = pos.to_move
    n = Pos.__new__(Pos)
    n.virgin = set(pos.virgin)
    n.over = False
    captured = None
    if extra and extra[0] == "castle":
        del b[frm]
        del b[extra[1]]
        b[to] = (me, "K")
        b[extra[2]] = (me, "R")
        n.virgin.discard(frm)
        n.virgin.discard(extra[1])
    else:
        piece = b.pop(frm)
        if extra and extra[0] == "ep":
            captured = extra[1]
            del b[extra[1]]
        elif to in b:
            captured = to
            if b[to][1] == "K":
                n.over = True
        b[to] = (me, pr) if pr else piece
        n.virgin.discard(frm)
        n.virgin.discard(to)
    if window == "round":
        eps = [e for e in pos.ep if e[2] != me and e[1] != captured]
    else:
        eps = []
    if extra and extra[0] == "creates":
        eps.append((extra[1], to, me))
    n.b, n.ep, n.to_move = b, eps, (me + 1) % 3
    return n


def legal(pos, window):
    if pos.over:
        return []
    res = []
    me = pos.to_move
    for m in pseudo(pos):
        n = make(pos, m, window)
        if n.over:  # a king captured: legal if own king is safe too
            pass
        k = king_of(n.b, me)
        if not attacked_any(n.b, k, me):
            res.append((m, n))
    return res


def perft(pos, depth, window):
    if depth == 0:
        return 1
    ms = legal(pos, window)
    if depth == 1:
        return len(ms)
    return sum(perft(n, depth - 1, window) for _, n in ms)


if __name__ == "__main__":
    depth = int(sys.argv[1])
    window = sys.argv[2] if len(sys.argv) > 2 else "round"
    p = Pos()
    if len(sys.argv) > 3 and sys.argv[3] == "divide":
        for m, n in legal(p, window):
            print(name(m[0]) + name(m[1]) + (m[2] or ""), perft(n, depth - 1, window))
    for d in range(1, depth + 1):
        print(d, perft(p, d, window), flush=True)
