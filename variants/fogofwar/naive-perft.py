#!/usr/bin/env python3
"""Independent naive fog-of-war (dark chess, chess.com rules) perft, written from the
rules text alone (no code shared with chessgraph, no python-chess).

Rules used:
  * chess moves (pawn double step from its start rank, en passant on the next ply
    only, promotion to Q R B N), but no check rule: every pseudo-legal move is legal,
    a king may move into or stay in danger and any piece may be taken;
  * a player whose king is taken loses at once: the position after a king capture
    has no moves;
  * castling needs only the king and the rook unmoved (KQkq / unmoved cells) and the
    cells between them empty; attacked cells do not matter. King e->g with rook h->f,
    king e->c with rook a->d;
  * a player with no move draws (no children);
  * as in every perft, the draws by the 50-move rule and by repetition are not
    applied (the halfmove clock is read and kept, never tested).
Visibility (--visible SIDE): the cells of SIDE's pieces and every cell one of them
could move to by a pseudo-legal move, generated as if it were SIDE's turn (a capture
shows the piece it takes; en passant the target cell and the captured pawn's cell; a
castle the king's and the rook's cells, before and after).

usage: naive-perft.py DEPTH [FEN] [--divide]
       naive-perft.py --visible white|black [FEN]
       (FEN: standard FEN, castling as KQkq, Shredder letters (HAha) or a list of
       unmoved cells `a1,e1,h1`; en passant as `e3` or chessgraph's `e3>e4`;
       default: the start position)
The divide lines are `e2e4: N`, promotions `a7a8q`, castles king-cell rook-cell
(`e1h1`), as chessgraph writes them.
"""
import sys
import time

FILES = "abcdefgh"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING = ORTH + DIAG


def sq(f, r):
    return r * 8 + f


def name(s):
    return FILES[s % 8] + str(s // 8 + 1)


def parse_cell(t):
    return sq(FILES.index(t[0]), int(t[1:]) - 1)


def white(p):
    return p.isupper()


def side_of(p):
    return 0 if p.isupper() else 1


class Pos:
    __slots__ = ("b", "stm", "unmoved", "ep", "epv", "half", "full")

    def copy(self):
        q = Pos()
        q.b = self.b[:]
        q.stm = self.stm
        q.unmoved = set(self.unmoved)
        q.ep = self.ep
        q.epv = self.epv
        q.half = self.half
        q.full = self.full
        return q


def parse_fen(fen):
    parts = fen.split()
    rows = parts[0].split("/")
    assert len(rows) == 8, "8 ranks expected"
    p = Pos()
    p.b = ["."] * 64
    for i, row in enumerate(rows):
        r = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                assert ch in "PNBRQKpnbrqk", ch
                p.b[sq(f, r)] = ch
                f += 1
        assert f == 8, "rank %d has %d files" % (r + 1, f)
    p.stm = 0 if (len(parts) < 2 or parts[1] == "w") else 1
    cas = parts[2] if len(parts) > 2 else "-"
    p.unmoved = set()
    if cas != "-":
        if any(ch.isdigit() for ch in cas):  # chessgraph: unmoved cells
            for t in cas.split(","):
                p.unmoved.add(parse_cell(t))
        else:
            for ch in cas:
                rank = 0 if ch.isupper() else 7
                k = "K" if ch.isupper() else "k"
                ks = [f for f in range(8) if p.b[sq(f, rank)] == k]
                if ks:
                    p.unmoved.add(sq(ks[0], rank))
                c = ch.upper()
                rook = "R" if ch.isupper() else "r"
                kf = ks[0] if ks else 4
                if c == "K":  # the outermost rook on the king's h side
                    fs = [f for f in range(7, kf, -1) if p.b[sq(f, rank)] == rook]
                elif c == "Q":  # the outermost rook on the a side
                    fs = [f for f in range(0, kf) if p.b[sq(f, rank)] == rook]
                else:  # Shredder letter: the rook's file
                    fs = [FILES.index(c.lower())]
                if fs:
                    p.unmoved.add(sq(fs[0], rank))
    p.ep = None
    p.epv = None
    if len(parts) > 3 and parts[3] != "-":
        t = parts[3]
        if ">" in t:
            a, v = t.split(">")
            p.ep, p.epv = parse_cell(a), parse_cell(v)
        else:
            p.ep = parse_cell(t)
            # the pawn that stepped two stands one cell beyond the target: white's
            # (target on rank 3) when black is to move, black's otherwise
            p.epv = p.ep + 8 if p.stm == 1 else p.ep - 8
    p.half = int(parts[4]) if len(parts) > 4 else 0
    p.full = int(parts[5]) if len(parts) > 5 else 1
    return p


def has_king(p, side):
    k = "K" if side == 0 else "k"
    return k in p.b


def gen(p, side):
    """Pseudo-legal moves of `side` (all legal here): tuples
    (from, to, promo, kind) with kind in n (normal), d (double step), e (en
    passant), c (castle: `to` is the rook's cell)."""
    b = p.b
    out = []
    for s in range(64):
        pc = b[s]
        if pc == "." or side_of(pc) != side:
            continue
        f, r = s % 8, s // 8
        t = pc.upper()
        if t == "P":
            dr = 1 if side == 0 else -1
            start_rank = 1 if side == 0 else 6
            far = 7 if side == 0 else 0
            r1 = r + dr
            if 0 <= r1 < 8:
                to = sq(f, r1)
                if b[to] == ".":
                    if r1 == far:
                        for pr in "qrbn":
                            out.append((s, to, pr, "n"))
                    else:
                        out.append((s, to, "", "n"))
                    if r == start_rank:
                        to2 = sq(f, r + 2 * dr)
                        if b[to2] == ".":
                            out.append((s, to2, "", "d"))
                for df in (-1, 1):
                    f1 = f + df
                    if not 0 <= f1 < 8:
                        continue
                    to = sq(f1, r1)
                    q = b[to]
                    if q != "." and side_of(q) != side:
                        if r1 == far:
                            for pr in "qrbn":
                                out.append((s, to, pr, "n"))
                        else:
                            out.append((s, to, "", "n"))
                    elif q == "." and to == p.ep and p.epv is not None:
                        v = b[p.epv]
                        if v != "." and v.upper() == "P" and side_of(v) != side:
                            out.append((s, to, "", "e"))
        elif t == "N" or t == "K":
            for df, dr in (KNIGHT if t == "N" else KING):
                f1, r1 = f + df, r + dr
                if 0 <= f1 < 8 and 0 <= r1 < 8:
                    to = sq(f1, r1)
                    q = b[to]
                    if q == "." or side_of(q) != side:
                        out.append((s, to, "", "n"))
            if t == "K" and s in p.unmoved:
                # castling: king and rook unmoved, the cells between them empty
                rook = "R" if side == 0 else "r"
                for step, kf, rf in ((1, 6, 5), (-1, 2, 3)):
                    f1 = f + step
                    while 0 <= f1 < 8 and b[sq(f1, r)] == ".":
                        f1 += step
                    if not 0 <= f1 < 8:
                        continue
                    rs = sq(f1, r)
                    if b[rs] != rook or rs not in p.unmoved:
                        continue
                    # the king's and rook's target cells must be free (or their own)
                    ok = True
                    for c in (sq(kf, r), sq(rf, r)):
                        if b[c] != "." and c != s and c != rs:
                            ok = False
                    if ok:
                        out.append((s, rs, "", "c"))
        else:
            dirs = ORTH if t == "R" else DIAG if t == "B" else KING
            for df, dr in dirs:
                f1, r1 = f + df, r + dr
                while 0 <= f1 < 8 and 0 <= r1 < 8:
                    to = sq(f1, r1)
                    q = b[to]
                    if q == ".":
                        out.append((s, to, "", "n"))
                    else:
                        if side_of(q) != side:
                            out.append((s, to, "", "n"))
                        break
                    f1 += df
                    r1 += dr
    return out


def over(p):
    """The game is over in p (no children): a king has been taken."""
    return not has_king(p, 0) or not has_king(p, 1)


def moves(p):
    if over(p):
        return []
    return gen(p, p.stm)


def play(p, m):
    s, to, pr, kind = m
    q = p.copy()
    b = q.b
    pc = b[s]
    side = p.stm
    q.ep = None
    q.epv = None
    capture = False
    if kind == "c":
        r = s // 8
        kingside = to % 8 > s % 8
        kf, rf = (6, 5) if kingside else (2, 3)
        rook = b[to]
        b[s] = "."
        b[to] = "."
        b[sq(kf, r)] = pc
        b[sq(rf, r)] = rook
        q.unmoved.discard(s)
        q.unmoved.discard(to)
    else:
        capture = b[to] != "."
        if kind == "e":
            b[p.epv] = "."
            capture = True
        b[to] = pc
        b[s] = "."
        if pr:
            b[to] = pr.upper() if side == 0 else pr
        if kind == "d":
            q.ep = (s + to) // 2
            q.epv = to
        q.unmoved.discard(s)
        q.unmoved.discard(to)
    if capture or pc.upper() == "P":
        q.half = 0
    else:
        q.half = p.half + 1
    if side == 1:
        q.full = p.full + 1
    q.stm = 1 - side
    return q


def movename(m):
    s, to, pr, kind = m
    return name(s) + name(to) + pr


def perft(p, depth):
    ms = moves(p)
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        n += perft(play(p, m), depth - 1)
    return n


def visible(p, side):
    """The cells `side` sees in p."""
    seen = set()
    for s in range(64):
        if p.b[s] != "." and side_of(p.b[s]) == side:
            seen.add(s)
    for s, to, pr, kind in gen(p, side):
        seen.add(to)
        if kind == "e":
            seen.add(p.epv)
        elif kind == "c":
            r = s // 8
            kingside = to % 8 > s % 8
            kf, rf = (6, 5) if kingside else (2, 3)
            seen.update((s, to, sq(kf, r), sq(rf, r)))
    return sorted(seen, key=lambda c: (c % 8, c // 8))


def main(argv):
    divide = "--divide" in argv
    argv = [a for a in argv if a != "--divide"]
    if argv and argv[0] == "--visible":
        side = {"white": 0, "w": 0, "black": 1, "b": 1}[argv[1]]
        fen = argv[2] if len(argv) > 2 else START
        print(" ".join(name(c) for c in visible(parse_fen(fen), side)))
        return
    if not argv:
        print(__doc__)
        sys.exit(2)
    depth = int(argv[0])
    fen = argv[1] if len(argv) > 1 else START
    p = parse_fen(fen)
    t0 = time.time()
    if divide:
        total = 0
        for m in moves(p):
            n = perft(play(p, m), depth - 1) if depth > 1 else 1
            print("%s: %d" % (movename(m), n))
            total += n
        print()
    else:
        total = perft(p, depth) if depth > 0 else 1
    print("depth %d: %d nodes in %.2f s" % (depth, total, time.time() - t0))


if __name__ == "__main__":
    main(sys.argv[1:])
