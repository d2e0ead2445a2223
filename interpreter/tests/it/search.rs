//! The computer player: mates in two, legality and limits in every variant, and
//! small matches against a random mover.

use crate::common::{chess, named, root};
use chessgraph::record::GameRecord;
use chessgraph::search::{is_mate_value, play_game, Decide, Limits, RandomMover, Searcher};
use chessgraph::{Outcome, Position, Score, Variant};
use std::sync::Arc;

/// True when the player who just moved has won by checkmate.
fn mated(pos: &mut Position, mover: u8) -> bool {
    match pos.outcome() {
        Outcome::Finished { scores, .. } => scores[mover as usize] == Score::Win,
        Outcome::Ongoing => false,
    }
}

/// Moves of the player to move that win at once.
fn mates_in_one(pos: &mut Position) -> Vec<chessgraph::Move> {
    let me = pos.to_move();
    let mut out = Vec::new();
    for m in pos.legal_moves().iter().copied() {
        pos.make(m);
        if mated(pos, me) {
            out.push(m);
        }
        pos.unmake();
    }
    out
}

/// True when `key` forces a win on the next move whatever the reply (exhaustive).
fn forces_mate_in_two(pos: &mut Position, key: chessgraph::Move) -> bool {
    let me = pos.to_move();
    pos.make(key);
    let replies = pos.legal_moves();
    let ok = !replies.is_empty()
        && !mated(pos, me)
        && replies.iter().all(|&r| {
            pos.make(r);
            let m = !mates_in_one(pos).is_empty();
            pos.unmake();
            m
        });
    pos.unmake();
    ok
}

/// The positions of `tests/data/mate2.txt` (FEN, then `;` and a note).
fn mate2() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("interpreter/tests/data/mate2.txt")).unwrap();
    text.lines()
        .map(|l| l.split(';').next().unwrap().trim().to_owned())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn finds_the_mate_in_twenty_mate_in_two_problems() {
    let v = chess();
    let positions = mate2();
    assert!(positions.len() >= 20, "{} positions", positions.len());
    for fen in positions {
        let mut pos = Position::from_str(&v, &fen).unwrap();
        // Verified by exhaustive search: no mate in one, some mate in two.
        assert!(mates_in_one(&mut pos).is_empty(), "{fen}: mate in one");
        let keys: Vec<_> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&k| forces_mate_in_two(&mut pos, k))
            .collect();
        assert!(!keys.is_empty(), "{fen}: no mate in two");
        // Three plies hold the mate; pruning (futility, reductions, razoring) may
        // need more. The search stops once it reports a win in three plies.
        let mut s = Searcher::new(&v, Limits::depth(6));
        let halt = Arc::new(std::sync::atomic::AtomicBool::new(false));
        s.set_halt_flag(halt.clone());
        let r = s
            .search_reporting(&mut pos, &mut |r| {
                if r.value >= chessgraph::search::MATE - 3 {
                    halt.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            })
            .unwrap();
        assert!(
            is_mate_value(r.value) && r.value > 0,
            "{fen}: value {}",
            r.value
        );
        assert!(
            keys.contains(&r.best),
            "{fen}: {} is not a key",
            pos.long(r.best)
        );
    }
}

/// Every variant of the repository, by name.
fn variants() -> Vec<Arc<Variant>> {
    let mut vs: Vec<Arc<Variant>> = ["chess", "zubrin", "chess-for-3", "dreierschach"]
        .iter()
        .map(|n| named(n, &[]))
        .collect();
    vs.push(named("zubrin", &[("inherit", "true")]));
    let first = root().join("examples/first-variant/los-alamos.rules");
    vs.push(Variant::load(first, &[]).unwrap().variant);
    vs
}

#[test]
fn self_play_in_every_variant_stays_legal_and_replays() {
    for v in variants() {
        let n = v.players().len();
        for seed in 0..2u64 {
            let mut computers: Vec<Searcher> = (0..n)
                .map(|_| Searcher::new(&v, Limits::depth(1)))
                .collect();
            let mut randoms: Vec<RandomMover> = (0..n)
                .map(|p| RandomMover::new(seed * 10 + p as u64))
                .collect();
            let mut seats: Vec<&mut dyn Decide> = Vec::new();
            for (p, (c, r)) in computers.iter_mut().zip(randoms.iter_mut()).enumerate() {
                seats.push(if (p as u64 + seed) % 2 == 0 { c } else { r });
            }
            let mut pos = Position::start(&v);
            let mut record = GameRecord::new(v.name());
            let end = play_game(&mut pos, &mut seats, 150, &mut record)
                .unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            assert_eq!(pos.hash(), pos.compute_hash());
            let back = GameRecord::parse(&record.to_string()).unwrap();
            let fin = back
                .replay(&v, |_, _| {})
                .unwrap_or_else(|e| panic!("{}: {e}\n{record}", v.name()));
            assert_eq!(fin, pos, "{}", v.name());
            assert!(end.plies <= 150);
        }
    }
}

#[test]
fn deterministic_at_a_fixed_depth_and_within_node_budgets() {
    for v in variants() {
        let mut pos = Position::start(&v);
        let a = Searcher::new(&v, Limits::depth(2))
            .search(&mut pos)
            .unwrap();
        let b = Searcher::new(&v, Limits::depth(2))
            .search(&mut pos)
            .unwrap();
        assert_eq!(a, b, "{}", v.name());
        assert!(pos.legal_moves().contains(&a.best));
        let budget = Limits {
            depth: Some(30),
            nodes: Some(500),
            time: None,
            clock: None,
        };
        let r = Searcher::new(&v, budget).search(&mut pos).unwrap();
        assert!(r.nodes <= 500, "{}: {} nodes", v.name(), r.nodes);
        assert!(pos.legal_moves().contains(&r.best));
        let r = Searcher::new(&v, Limits::time_ms(30))
            .search(&mut pos)
            .unwrap();
        assert!(pos.legal_moves().contains(&r.best));
    }
}

#[test]
fn finished_games_passes_and_captures() {
    let v = chess();
    let mut s = Searcher::new(&v, Limits::depth(3));
    // Mated: no move.
    let mut mate = Position::from_str(&v, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(s.search(&mut mate).is_none());
    // A hanging queen is taken.
    let mut p = Position::from_str(&v, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
    let r = s.search(&mut p).unwrap();
    assert_eq!(p.long(r.best), "d2d5");
    // A player with only the pass move passes (three players, the 96-cell board).
    let z = named("zubrin", &[]);
    let mut p = Position::start(&z);
    let mut s = Searcher::new(&z, Limits::depth(2));
    let r = s.search(&mut p).unwrap();
    assert!(p.legal_moves().contains(&r.best));
}

#[test]
fn a_few_games_against_a_random_mover_are_won() {
    let v = chess();
    let mut wins = 0;
    for seed in 0..3 {
        let mut engine = Searcher::new(&v, Limits::depth(2));
        let mut random = RandomMover::new(seed);
        let mut pos = Position::start(&v);
        let mut record = GameRecord::new("chess");
        let end = play_game(&mut pos, &mut [&mut engine, &mut random], 400, &mut record).unwrap();
        if end.scores == Some(vec![Score::Win, Score::Loss]) {
            wins += 1;
        }
    }
    assert_eq!(wins, 3);
}

/// Prints candidate mate-in-two positions found in games of the engine against a
/// random mover (how `tests/data/mate2.txt` was made); run with `--ignored`.
#[test]
#[ignore]
fn generate_mate_in_two_positions() {
    let v = chess();
    let mut found = Vec::new();
    for seed in 0..400u64 {
        let mut engine = Searcher::new(&v, Limits::depth(1));
        let mut random = RandomMover::new(seed);
        let mut pos = Position::start(&v);
        for _ in 0..200 {
            if !matches!(pos.outcome(), Outcome::Ongoing) {
                break;
            }
            if pos.to_move() == 0 && mates_in_one(&mut pos).is_empty() {
                let keys: Vec<_> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&k| forces_mate_in_two(&mut pos, k))
                    .collect();
                if !keys.is_empty() {
                    found.push(format!("{} ; key {}", fen(&v, &pos), pos.long(keys[0])));
                    break;
                }
            }
            let m = if pos.to_move() == 0 {
                engine.decide(&mut pos)
            } else {
                random.decide(&mut pos)
            };
            pos.make(m.unwrap());
        }
        if found.len() >= 25 {
            break;
        }
    }
    println!("{}", found.join("\n"));
}

/// FEN of a chess position (no castling or en-passant rights).
fn fen(v: &Variant, pos: &Position) -> String {
    let mut ranks = Vec::new();
    for r in (1..=8).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in "abcdefgh".chars() {
            let c = v.cell(&format!("{f}{r}")).unwrap();
            match pos.piece_at(c) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    let l = v.piece_types()[p.piece_type as usize].letter;
                    s.push(if p.owner == 0 {
                        l.to_ascii_uppercase()
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    let side = if pos.to_move() == 0 { "w" } else { "b" };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

#[test]
fn reports_each_iteration_and_several_lines() {
    let v = chess();
    let mut pos = Position::start(&v);
    let mut s = Searcher::new(&v, Limits::depth(3));
    s.set_lines(3);
    let mut reports = Vec::new();
    let best = s
        .search_reporting(&mut pos, &mut |r| reports.push(r.clone()))
        .unwrap();
    assert_eq!(reports.len(), 9, "three lines at each of three depths");
    let last: Vec<_> = reports.iter().filter(|r| r.depth == 3).collect();
    assert_eq!(last[0].pv[0], best.best);
    assert_eq!(last[0].value, best.value);
    assert!(last.windows(2).all(|w| w[0].value >= w[1].value));
    let firsts: std::collections::HashSet<_> = last.iter().map(|r| r.pv[0]).collect();
    assert_eq!(firsts.len(), 3, "three different first moves");
    for r in &reports {
        // Every line is legal from the start.
        let mut p = Position::start(&v);
        for &m in &r.pv {
            assert!(p.legal_moves().contains(&m));
            p.make(m);
        }
        assert!(r.seldepth >= r.depth);
    }
}

#[test]
fn a_halt_flag_stops_an_endless_search() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let v = chess();
    let mut pos = Position::start(&v);
    let mut s = Searcher::new(&v, Limits::default());
    let flag = Arc::new(AtomicBool::new(false));
    s.set_halt_flag(flag.clone());
    let setter = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let r = s.search(&mut pos).unwrap();
    setter.join().unwrap();
    assert!(pos.legal_moves().contains(&r.best) && r.depth >= 1);
}

#[test]
fn a_zugzwang_hint_turns_null_moves_off_and_changes_no_rule() {
    assert!(chess().null_move_pruning());
    let anti = named("antichess", &[]);
    assert!(!anti.null_move_pruning());
    let mut p = Position::start(&anti);
    assert_eq!(p.legal_moves().len(), 20);
}

/// Best-reply search with three players: every move it chooses is legal (the
/// referee checks), it sees further than paranoid at the same depth (fewer
/// opponents' moves per round, so more nodes of its own), and it beats random
/// movers.
#[test]
fn best_reply_plays_legal_moves_and_beats_random_movers() {
    use chessgraph::search::MultiPlayer;
    let cases = [
        ("chess-for-3", MultiPlayer::BestReply),
        ("zubrin", MultiPlayer::BestReply),
        ("dreierschach", MultiPlayer::BestReply),
        ("chess-for-3", MultiPlayer::BestReplyPlus),
        ("dreierschach", MultiPlayer::BestReplyPlus),
    ];
    for (name, multi) in cases {
        let v = named(name, &[]);
        let mut engine = Searcher::new(&v, Limits::depth(2));
        engine.set_multi_player(multi);
        assert_eq!(engine.multi_player(), multi);
        let (mut r1, mut r2) = (RandomMover::new(1), RandomMover::new(2));
        let mut pos = Position::start(&v);
        let mut record = GameRecord::new(name);
        let end = play_game(
            &mut pos,
            &mut [&mut engine, &mut r1, &mut r2],
            300,
            &mut record,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let scores = end.scores.unwrap_or_else(|| panic!("{name}: unfinished"));
        assert_eq!(scores[0], Score::Win, "{name} {multi:?}: {scores:?}");
    }
    // The same depth reaches other positions than paranoid: the trees differ.
    let v = named("chess-for-3", &[]);
    let mut pos = Position::start(&v);
    let mut nodes = Vec::new();
    for multi in [
        MultiPlayer::Paranoid,
        MultiPlayer::BestReply,
        MultiPlayer::BestReplyPlus,
    ] {
        let mut s = Searcher::new(&v, Limits::depth(4));
        s.set_multi_player(multi);
        nodes.push(s.search(&mut pos).unwrap().nodes);
    }
    assert!(nodes[0] != nodes[1] && nodes[1] != nodes[2], "{nodes:?}");
}

#[test]
fn with_more_than_two_players_a_draw_is_worth_less_than_an_even_game() {
    use chessgraph::san::parse_move;
    use chessgraph::search::MULTI_PLAYER_CONTEMPT;
    // A Chess for 3 game between two builds of this engine (seat-rotated match,
    // 20 ms a move). White, about even, can repeat the position a third time with
    // Rc2: a draw. At depth 4 another move keeps most of an even game (deeper, the
    // paranoid search finds every other move worse than the draw and repeats).
    let moves = "d3 h10 d6 Nc3 h9 Qc6 Be3 Nf10 Nj6 Nf3 Nj10 a6 a4 Nk5 Bk9 h4 Nxj7+ Kd7 a5 \
        Nxl8 Qd5 Qc1 j10 Bj5 Ra4 Kj11 Qxa5 b4 Nj7 Qd5 g3 Nk5 Kd8 Qb2 Ki12 Nc6 Ra2 i9 Ni5 \
        Ra1 Bg4 Ra7 Rg1 Qi11 Kc8 Nd1 Ne12 Kd8 Qc3 j9 c6 Bb6+ Ni6+ Kc8 Ne3 Bxf3 Nxd3+ \
        cxd3 Nk5 Qc5 Qd2 Qj10 Qxb6 Rc1 e10 i6 exf3 Kj11 Qd4 Rc4 Kj12 Qe9 d4 Nj11 \
        Qxe3+ fxe3 Bi10 d5 Rc5 Nj7 Kb8 g4 i5 Bd6 Qc3 e9 Bxi5 Bd3 f10 a5 Qd2 Nk5 Ra6 Rc1 \
        Nj7 Ra7 Rc5 Nk5 Ra8 Rc2 Rh10 Ra7 Rg2 Rh12 Ra6 Rc1 Rh10 Ra7";
    let v = named("chess-for-3", &[]);
    let mut pos = Position::start(&v);
    for text in moves.split_whitespace() {
        let m = parse_move(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    }
    let repeat = parse_move(&mut pos, "Rc2").unwrap();
    for d in 3..9 {
        for c in [Some(0), None] {
            let mut s = Searcher::new(&v, Limits::depth(d));
            s.set_contempt(c);
            let r = s.search(&mut pos).unwrap();
            eprintln!(
                "d{d} {c:?} {} {}",
                chessgraph::san::san(&mut pos, r.best),
                r.value
            );
        }
    }
    let mut s = Searcher::new(&v, Limits::depth(4));
    assert_eq!(s.contempt(), MULTI_PLAYER_CONTEMPT);
    s.set_contempt(Some(0));
    let level = s.search(&mut pos).unwrap();
    assert_eq!(
        (level.best, level.value),
        (repeat, 0),
        "a draw valued as even: the paranoid search prefers it"
    );
    s.set_contempt(None);
    s.clear();
    let played = s.search(&mut pos).unwrap();
    assert_ne!(played.best, repeat, "with contempt it plays on");
    assert!(
        (-MULTI_PLAYER_CONTEMPT..0).contains(&played.value),
        "{}",
        played.value
    );
    // Two players: a draw is even.
    assert_eq!(Searcher::new(&chess(), Limits::depth(1)).contempt(), 0);
}
