#!/usr/bin/env python3
"""Records written by `chessgraph selfplay` and `chessgraph play` open in python-chess.

For chess and each variant that FEN describes and python-chess also plays, this runs
a few short selfplay games and one piped `play` game from a FEN position that ends in
a resignation, reads every record with `chess.pgn.read_game`, plays its moves on
python-chess's board and compares the final position (placement, pockets and side to
move; placement only after a resignation, which passes the turn in chessgraph but is
no move in PGN) with `chessgraph replay FILE --final`. When python-chess says the game
is over, its result must be the record's.

Records of chess and Chess960 also go through pgn-extract when it is installed (Debian's
`pgn-extract`): it must replay every move (it reports a move it cannot make on
standard error) and write the game back.

Usage: tools/check-records-python.py [PATH-TO-chessgraph]
(default: $CARGO_TARGET_DIR or target, /debug/chessgraph, built when missing).
Exits 1 on any mismatch, 2 when python-chess is missing; prints a one-line summary.
"""

import io
import os
import random
import shutil
import subprocess
import sys
import tempfile

try:
    import chess
    import chess.pgn
    import chess.variant
except ImportError:
    print("check-records-python: python-chess is not installed", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# chessgraph variant -> python-chess board class. Each name is also a python-chess
# alias, so records carry chessgraph's own name in the Variant tag.
VARIANTS = {
    "chess": chess.Board,
    "chess960": lambda fen=chess.STARTING_FEN: chess.Board(fen, chess960=True),
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
}


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    path = os.path.join(target, "debug", "chessgraph")
    if not os.path.exists(path):
        subprocess.run(["cargo", "build", "--quiet", "-p", "chessgraph"], cwd=ROOT, check=True)
    return path


BIN = binary()


def run(args, stdin=b""):
    return subprocess.run([BIN] + args, input=stdin, capture_output=True, cwd=ROOT)


PGN_EXTRACT = shutil.which("pgn-extract") or (
    "/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None)
PGN_EXTRACT_VARIANTS = ("chess", "chess960")


def pgn_extract_problem(path):
    """What pgn-extract says is wrong with a record, or None."""
    r = subprocess.run([PGN_EXTRACT, "-s", path], capture_output=True)
    err = r.stderr.decode(errors="replace").strip()
    out = r.stdout.decode(errors="replace")
    if r.returncode != 0 or err:
        return "pgn-extract: " + (err.splitlines()[0] if err else "exit %d" % r.returncode)
    if "[Result " not in out:
        return "pgn-extract wrote no game"
    return None


def final_position(path):
    """chessgraph's final position of a record, from replay --final."""
    r = run(["replay", path, "--final"])
    if r.returncode != 0:
        raise RuntimeError("chessgraph replay failed: " + r.stderr.decode(errors="replace"))
    lines = r.stdout.decode().splitlines()
    # FEN when it can say the position; a finished game (a resignation) only has
    # the position string, whose placement and side read the same way.
    for prefix in ("fen: ", "position: "):
        for line in lines:
            if line.startswith(prefix):
                return line[len(prefix):]
    raise RuntimeError("no position line in replay --final")


def key(fen_text, placement_only):
    """Placement (pockets sorted) and side: what both programs must agree on."""
    fields = fen_text.split()
    placement = fields[0]
    if "[" in placement:
        board, pocket = placement.split("[", 1)
        placement = board + "[" + "".join(sorted(pocket.rstrip("]"))) + "]"
    return placement if placement_only else (placement, fields[1])


def check_record(path):
    """None when python-chess reads and replays the record to chessgraph's position,
    else what is wrong."""
    text = open(path, encoding="utf-8").read()
    game = chess.pgn.read_game(io.StringIO(text))
    if game is None:
        return "python-chess read no game"
    if game.errors:
        return "python-chess: %s" % game.errors[0]
    board = game.end().board()
    resigned = any(c.endswith(" resigns") for c in game.end().comment.split("\n") if c) or (
        game.end().comment.strip().endswith("resigns")
    )
    ours = final_position(path)
    theirs = board.fen()
    if key(ours, resigned) != key(theirs, resigned):
        return "final positions differ: chessgraph %s, python-chess %s" % (ours, theirs)
    if board.is_game_over() and board.result() != game.headers.get("Result"):
        return "python-chess's result %s, the record's %s" % (
            board.result(),
            game.headers.get("Result"),
        )
    return None


def scripted_play(name, cls, work, rng):
    """A `play` game from a FEN position (where a short selfplay game stopped), six
    random moves in SAN, then a resignation. Returns the record's path."""
    start_dir = os.path.join(work, name + "-start")
    r = run(["selfplay", name, "--games", "1", "--depth", "1", "--max-plies", "8",
             "--random-opening", "8", "--seed", str(rng.randrange(1000)),
             "--records", start_dir])
    if r.returncode != 0:
        raise RuntimeError("selfplay failed: " + r.stderr.decode(errors="replace"))
    fen = final_position(os.path.join(start_dir, "game-0001.pgn"))
    board = cls(fen)
    moves = []
    for _ in range(6):
        legal = [m for m in board.legal_moves if m.drop is None]
        legal = [m for m in legal if not _ends(board, m)]
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(board.san(m))
        board.push(m)
    path = os.path.join(work, name + "-play.pgn")
    stdin = ("\n".join(moves + ["resign"]) + "\n").encode()
    r = run(["play", name, "-p", fen, "--record", path], stdin)
    if r.returncode != 0 or not os.path.exists(path):
        raise RuntimeError("play failed: " + r.stderr.decode(errors="replace"))
    return path


def _ends(board, move):
    board.push(move)
    over = board.is_game_over()
    board.pop()
    return over


def main():
    rng = random.Random(7)
    checked, extracted, failed = 0, 0, []
    with tempfile.TemporaryDirectory() as work:
        for name, cls in VARIANTS.items():
            records = []
            self_dir = os.path.join(work, name)
            args = ["selfplay", name, "--games", "3", "--depth", "1", "--max-plies", "80",
                    "--random-opening", "6", "--seed", str(rng.randrange(1000)),
                    "--records", self_dir]
            if name == "chess960":
                args += ["-o", "array=%d" % rng.randrange(960)]
            r = run(args)
            if r.returncode != 0:
                failed.append("%s selfplay: %s" % (name, r.stderr.decode(errors="replace")))
                continue
            records += [os.path.join(self_dir, f) for f in sorted(os.listdir(self_dir))]
            try:
                records.append(scripted_play(name, cls, work, rng))
            except RuntimeError as e:
                failed.append("%s play: %s" % (name, e))
            for path in records:
                checked += 1
                try:
                    wrong = check_record(path)
                except (RuntimeError, ValueError) as e:
                    wrong = str(e)
                if not wrong and PGN_EXTRACT and name in PGN_EXTRACT_VARIANTS:
                    extracted += 1
                    wrong = pgn_extract_problem(path)
                if wrong:
                    failed.append("%s %s: %s" % (name, os.path.basename(path), wrong))
    for f in failed:
        print("MISMATCH " + f.strip(), file=sys.stderr)
    print("check-records-python: %d records of %d variants read by python-chess %s, "
          "%d by pgn-extract, %d mismatches"
          % (checked, len(VARIANTS), chess.__version__, extracted, len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
