#!/usr/bin/env python3
"""`chessgraph uci` driven by python-chess, the way lichess-bot and scripts drive engines.

1. A whole game of chess, chessgraph against itself (two engine processes, one per
   side, a short time per move and a depth cap): python-chess refuses any illegal
   `bestmove`, every move must come with a score and a depth, and the game must end
   by the rules (or at the ply cap, counted and reported).
2. `analyse` with multipv 3 on a few positions: three lines, numbered 1 to 3, with
   different first moves, each principal variation legal to its end.
3. A short game of each variant python-chess and chessgraph both play, chosen with
   `UCI_Variant` (crazyhouse drops, atomic, three-check...): every move legal on
   python-chess's board.

Usage: tools/uci-python-check.py [PATH-TO-chessgraph]
(default: $CARGO_TARGET_DIR or target, /debug/chessgraph, built when missing).
Takes well under a minute. Exits 1 on any failure, 2 when python-chess is missing;
prints a one-line summary.
"""

import os
import subprocess
import sys
import time

try:
    import chess
    import chess.engine
    import chess.variant
except ImportError:
    print("uci-python-check: python-chess is not installed", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The plies after which a game is stopped unfinished (the 50-move rule and
# repetitions end most games long before).
MAX_PLIES = 300

# python-chess boards of the variants chessgraph offers under the same UCI name.
VARIANTS = [
    chess.variant.CrazyhouseBoard,
    chess.variant.AtomicBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.AntichessBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    path = os.path.join(target, "debug", "chessgraph")
    if not os.path.exists(path):
        subprocess.run(
            ["cargo", "build", "--quiet", "-p", "chessgraph"], cwd=ROOT, check=True
        )
    return path


def fail(message):
    print(f"uci-python-check: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def play_game(engines, board, limit, max_plies):
    """Plays until the game ends or `max_plies`; returns the plies played."""
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < max_plies:
        engine = engines[0 if board.turn == chess.WHITE else 1]
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        if result.move is None:
            fail(f"no move in {board.fen()}")
        if result.move not in board.legal_moves:
            fail(f"illegal move {result.move} in {board.fen()}")
        info = result.info
        if "score" not in info or "depth" not in info:
            fail(f"no score or depth with {result.move} in {board.fen()}: {info}")
        board.push(result.move)
        plies += 1
    return plies


def check_analysis(engine, fen):
    board = chess.Board(fen)
    infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
    if len(infos) != 3:
        fail(f"multipv 3 gave {len(infos)} lines in {fen}")
    firsts = []
    for i, info in enumerate(infos, 1):
        if info.get("multipv") != i or "score" not in info or not info.get("pv"):
            fail(f"line {i} in {fen}: {info}")
        b = board.copy()
        for m in info["pv"]:
            if m not in b.legal_moves:
                fail(f"pv of line {i} in {fen}: {m} is illegal")
            b.push(m)
        firsts.append(info["pv"][0])
    if len(set(firsts)) != 3:
        fail(f"multipv lines start with the same move in {fen}: {firsts}")


def main():
    path = binary()
    start = time.time()
    white = chess.engine.SimpleEngine.popen_uci([path, "uci"])
    black = chess.engine.SimpleEngine.popen_uci([path, "uci"])
    try:
        if white.id.get("name", "").split()[0] != "chessgraph":
            fail(f"engine name {white.id}")
        for e in (white, black):
            e.configure({"Hash": 16})
        board = chess.Board()
        plies = play_game((white, black), board, chess.engine.Limit(time=0.05, depth=5), MAX_PLIES)
        outcome = board.outcome(claim_draw=True)
        ended = (
            f"{outcome.result()} ({outcome.termination.name.lower()})"
            if outcome
            else f"stopped at {MAX_PLIES} plies"
        )
        chess_summary = f"chess game: {plies} plies, {ended}"

        for fen in [
            chess.STARTING_FEN,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        ]:
            check_analysis(white, fen)

        variant_plies = []
        for cls in VARIANTS:
            board = cls()
            plies = play_game((white, black), board, chess.engine.Limit(depth=2), 40)
            variant_plies.append(f"{cls.uci_variant} {plies}")
    finally:
        white.quit()
        black.quit()
    seconds = time.time() - start
    print(
        f"uci-python-check: ok: {chess_summary}; multipv 3 on 3 positions; "
        f"variants (plies): {', '.join(variant_plies)}; {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
