//! Mined chess (`variants/mined-chess`): fixed mine layouts under every combination of
//! the options, what each player's view shows, hidden mines that leak nothing, seeds,
//! symmetric layouts, and perft with mines.

use crate::common::{chess, named, Rng};
use chessgraph::record::GameRecord;
use chessgraph::search::{play_game, Decide, Limits, RandomMover, Searcher};
use chessgraph::{perft, Outcome, Position, RefereeEvent, Variant};
use std::sync::Arc;

const VISIBILITY: [&str; 3] = ["visible", "hidden-then-exposed", "hidden"];
const FIRST_ENTRY: [&str; 2] = ["undo", "stay"];
const AFTER_BLAST: [&str; 2] = ["move-again", "forfeit"];

fn mined(options: &[(&str, &str)]) -> Arc<Variant> {
    named("mined-chess", options)
}

/// Every combination of visibility x first_entry x after_blast (12).
fn combos() -> Vec<(&'static str, &'static str, &'static str, Arc<Variant>)> {
    let mut out = Vec::new();
    for vis in VISIBILITY {
        for first in FIRST_ENTRY {
            for after in AFTER_BLAST {
                let v = mined(&[
                    ("visibility", vis),
                    ("first_entry", first),
                    ("after_blast", after),
                ]);
                out.push((vis, first, after, v));
            }
        }
    }
    out
}

/// White: K e1, R a1, N b1, P d2; black: K e8, N a5, P h7.
const BASE: &str = "4k3/7p/8/n7/8/8/3P4/RN2K3 w - - 0 1";

fn at(v: &Arc<Variant>, mines: &str) -> Position {
    Position::from_str(v, &format!("{BASE} mines={mines}")).unwrap()
}

fn play(p: &mut Position, mv: &str) {
    let m = p.parse_long(mv).unwrap();
    p.play(m).unwrap();
}

fn legal(p: &mut Position) -> Vec<String> {
    let ms = p.legal_moves();
    ms.iter().map(|&m| p.long(m)).collect()
}

/// The mine part of a player's view string (everything from ` mines=`/` heard=`).
fn view_mines(p: &Position, player: u8) -> String {
    let s = p.view(player).view_string();
    assert!(!s.contains("rng="), "{s}");
    let cut = [" mines=", " heard=", " refused="]
        .iter()
        .filter_map(|k| s.find(k))
        .min();
    cut.map_or(String::new(), |i| s[i..].to_string())
}

/// Both players see the same (every mine event is public), and that is `want`.
fn views_are(p: &Position, want: &str) {
    assert_eq!(view_mines(p, 0), want, "white's view of {p}");
    assert_eq!(view_mines(p, 1), want, "black's view of {p}");
}

fn heard(p: &Position, player: u8) -> Vec<String> {
    let v = p.variant().clone();
    p.view(player).announcements().map(|a| a.text(&v)).collect()
}

#[test]
fn pawns_prime_mines_and_survive() {
    for (vis, first, after, v) in combos() {
        let mut p = at(&v, "c3,d4");
        play(&mut p, "d2d4");
        assert!(
            p.piece_at(v.cell("d4").unwrap()).is_some(),
            "{vis} {first} {after}"
        );
        assert_eq!(p.to_move(), 1);
        assert_eq!(
            p.to_string(),
            "4k3/7p/8/n7/3P4/8/8/RN2K3 b - - 0 1 mines=d4+,c3 rng=00000000000007d2"
        );
        let want = match vis {
            "visible" => " mines=d4+,c3",
            "hidden-then-exposed" => " mines=d4+",
            _ => " heard=d4",
        };
        views_are(&p, want);
        assert_eq!(heard(&p, 0), ["d4 is mined"]);
        assert_eq!(heard(&p, 1), ["d4 is mined"]);
        // A pawn on a primed mine is not harmed either.
        let mut p = at(&v, "d3+");
        play(&mut p, "d2d3");
        assert!(p.piece_at(v.cell("d3").unwrap()).is_some());
        assert!(heard(&p, 0).is_empty());
    }
}

#[test]
fn captures_are_safe_on_any_mine() {
    for (vis, first, after, v) in combos() {
        for mine in ["a5", "a5+"] {
            let mut p = at(&v, mine);
            play(&mut p, "a1a5");
            let rook = p.piece_at(v.cell("a5").unwrap()).unwrap();
            assert_eq!((rook.owner, p.to_move()), (0, 1), "{vis} {first} {after}");
            // The capture neither primes nor blows: the mine is as it was.
            assert!(p.to_string().contains(&format!("mines={mine} ")), "{p}");
            assert!(heard(&p, 1).is_empty());
        }
    }
}

#[test]
fn first_entry_undo_or_stay() {
    for (vis, first, after, v) in combos() {
        let mut p = at(&v, "c3");
        let before = p.to_string();
        play(&mut p, "b1c3");
        let (b1, c3) = (v.cell("b1").unwrap(), v.cell("c3").unwrap());
        let want = match vis {
            "visible" | "hidden-then-exposed" => " mines=c3+",
            _ => " heard=c3",
        };
        if first == "undo" {
            assert!(p.piece_at(b1).is_some() && p.piece_at(c3).is_none());
            assert_eq!(p.to_move(), 0, "the same player moves again");
            assert_eq!(
                p.to_string(),
                "4k3/7p/8/n7/8/8/3P4/RN2K3 w - - 0 1 mines=c3+ refused=b1-c3 rng=00000000000007d2"
            );
            let moves = legal(&mut p);
            assert!(!moves.contains(&"b1c3".to_string()), "{moves:?}");
            assert!(moves.contains(&"b1a3".to_string()));
            assert_eq!(
                heard(&p, 1),
                ["c3 is mined: the move is taken back, play another"]
            );
            views_are(&p, &format!("{want} refused=b1-c3"));
            // The refusal lasts one move: after another move it is gone.
            play(&mut p, "b1a3");
            assert_eq!(p.refused(), None);
        } else {
            assert!(p.piece_at(c3).is_some() && p.to_move() == 1);
            assert_eq!(heard(&p, 0), ["c3 is mined"]);
            views_are(&p, want);
        }
        p.unmake();
        if first == "undo" {
            p.unmake();
        }
        assert_eq!(p.to_string(), before, "{vis} {first} {after}");
        assert_eq!(p.hash(), p.compute_hash());
        assert!(p.announcements().is_empty());
    }
}

#[test]
fn a_primed_mine_blows_up_pieces() {
    for (vis, first, after, v) in combos() {
        let mut p = at(&v, "c3+,f2");
        let before = p.to_string();
        play(&mut p, "b1c3");
        let c3 = v.cell("c3").unwrap();
        assert!(p.piece_at(c3).is_none(), "{vis} {first} {after}");
        assert!(p.piece_at(v.cell("b1").unwrap()).is_none());
        assert_eq!(p.lost_points(0), 3);
        let again = after == "move-again";
        assert_eq!(p.to_move(), if again { 0 } else { 1 });
        assert_eq!(heard(&p, 0), ["the white knight is blown up on c3"]);
        assert_eq!(heard(&p, 1), heard(&p, 0));
        assert!(matches!(
            p.announcements()[0].event,
            RefereeEvent::Blasted { owner: 0, .. }
        ));
        let want = match vis {
            "visible" => " mines=c3+,f2",
            "hidden-then-exposed" => " mines=c3+",
            _ => " heard=c3",
        };
        views_are(&p, want);
        assert_eq!(p.outcome(), Outcome::Ongoing);
        p.unmake();
        assert_eq!(p.to_string(), before);
        assert_eq!(p.hash(), p.compute_hash());
    }
}

/// Found by the move-text fuzz target and the random games (`move-again`, seed 99,
/// game 27085): a blast that uncovers a line to the opponent's king leaves him in
/// check with the mover to move again. The position string of that state read back as
/// an error, and taking the king let the game go on without it.
#[test]
fn a_blast_that_uncovers_check_lets_the_mover_take_the_king() {
    let v = mined(&[("first_entry", "stay"), ("after_blast", "move-again")]);
    // The bishop on e2 shields the black king on e8 from the rook on e1.
    let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1 mines=d3+")
        .unwrap_or_else(|e| panic!("{e}"));
    play(&mut p, "e2d3");
    assert_eq!(p.to_move(), 0, "the blast gives White another move: {p}");
    let s = p.to_string();
    let back = Position::from_str(&v, &s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert!(back == p, "{s}");
    play(&mut p, "e1e8");
    assert_eq!(
        p.outcome(),
        Outcome::Finished {
            reason: chessgraph::EndReason::RoyalCaptured,
            scores: vec![chessgraph::Score::Win, chessgraph::Score::Loss],
        }
    );
}

#[test]
fn a_king_blown_up_loses() {
    for (vis, first, after, v) in combos() {
        let mut p = at(&v, "f2+");
        play(&mut p, "e1f2");
        assert!(p.piece_at(v.cell("f2").unwrap()).is_none());
        assert!(
            p.to_string().contains(" end=royal-blasted:0,1"),
            "{vis} {first} {after}: {p}"
        );
        assert!(legal(&mut p).is_empty());
        assert_eq!(heard(&p, 1), ["the white king is blown up on f2"]);
        // The king entering an unprimed mine: undone, or it stays.
        let mut p = at(&v, "f2");
        play(&mut p, "e1f2");
        let king_on_f2 = p.piece_at(v.cell("f2").unwrap()).is_some();
        assert_eq!(king_on_f2, first == "stay");
        assert_eq!(p.outcome(), Outcome::Ongoing);
    }
}

#[test]
fn hidden_mines_leak_nothing() {
    // Layout B moves the unprimed mine f5 to f4. A game is played with the same
    // choices in both; every player's view, legal moves and messages must agree in
    // the hidden modes (and differ in the visible one, where the mine is not hidden).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1";
    for (vis, first, after, v) in combos() {
        let mut a = Position::from_str(&v, &format!("{start} mines=c3,f5")).unwrap();
        let mut b = Position::from_str(&v, &format!("{start} mines=c3,f4")).unwrap();
        let mut rng = Rng(7);
        let mut plies = 0;
        let avoid = [v.cell("f4").unwrap(), v.cell("f5").unwrap()];
        for i in 0..60 {
            let la = legal(&mut a);
            let lb = legal(&mut b);
            if vis == "visible" && la != lb {
                // A seen mine may change what is legal (a king may enter it when the
                // entry is undone): the layouts rightly differ, and the games part.
                break;
            }
            assert_eq!(la, lb, "{vis} {first} {after} ply {i}");
            for player in 0..2 {
                let (va, vb) = (a.view(player), b.view(player));
                if vis == "visible" {
                    assert_ne!(va.view_string(), vb.view_string());
                } else {
                    assert_eq!(va.view_string(), vb.view_string(), "{vis} ply {i}");
                }
                assert_eq!(va.known_mines().len(), vb.known_mines().len());
                assert_eq!(heard(&a, player), heard(&b, player));
            }
            let ms = a.legal_moves();
            let choices: Vec<_> = if i == 0 {
                ms.iter()
                    .copied()
                    .filter(|m| a.long(*m) == "b1c3")
                    .collect()
            } else {
                ms.iter()
                    .copied()
                    .filter(|m| !avoid.contains(&m.to()))
                    .collect()
            };
            if choices.is_empty() {
                break;
            }
            let m = choices[rng.below(choices.len())];
            let text = a.long(m);
            a.make(m);
            let mb = b.parse_long(&text).unwrap();
            b.make(mb);
            plies += 1;
        }
        assert!(plies > 20, "{vis} {first} {after}");
        assert!(!a.announcements().is_empty(), "c3 was entered");
    }
}

#[test]
fn same_seed_same_game_different_seeds_different_layouts() {
    let game = |seed: &str| {
        let v = mined(&[
            ("seed", seed),
            ("first_entry", "stay"),
            ("after_blast", "move-again"),
        ]);
        let mut p = Position::start(&v);
        let mut rng = Rng(99);
        let mut trace = vec![p.to_string()];
        for _ in 0..80 {
            let ms = p.legal_moves();
            if ms.is_empty() {
                break;
            }
            let m = ms.as_slice()[rng.below(ms.len())];
            p.make(m);
            trace.push(p.to_string());
        }
        (trace, p.announcements().len())
    };
    let (one, events) = game("11");
    assert_eq!(game("11").0, one);
    assert!(events > 0, "the game met a mine");
    let layouts: Vec<Vec<(u16, bool)>> = (0..10)
        .map(|s| Position::start(&mined(&[("seed", &s.to_string())])).mines())
        .collect();
    assert!(layouts.iter().all(|l| l.len() == 4));
    let distinct: std::collections::HashSet<_> = layouts.iter().collect();
    assert!(distinct.len() >= 8, "{layouts:?}");
}

#[test]
fn symmetric_layouts_are_mirrored_on_their_file() {
    let mirrored = |v: &Arc<Variant>| {
        let cells: Vec<String> = Position::start(v)
            .mines()
            .iter()
            .map(|&(c, _)| v.cell_name(c).to_string())
            .collect();
        cells.iter().all(|c| {
            let (file, rank) = c.split_at(1);
            let rank: u32 = rank.parse().unwrap();
            assert!((3..=6).contains(&rank), "{c} outside a3-h6");
            cells.contains(&format!("{file}{}", 9 - rank))
        })
    };
    for seed in 0..20 {
        let s = seed.to_string();
        assert!(mirrored(&mined(&[("seed", &s), ("mines", "6")])));
    }
    let unpaired = (0..20).filter(|s| {
        let s = s.to_string();
        !mirrored(&mined(&[("seed", &s), ("symmetric", "false")]))
    });
    assert!(unpaired.count() > 10);
    // An odd count: the pairs and one mine alone.
    let v = mined(&[("mines", "5"), ("mine_zone", "a4-h5")]);
    assert_eq!(Position::start(&v).mines().len(), 5);
}

#[test]
fn too_many_mines_for_the_zone() {
    let options = [
        ("mines".to_string(), "17".to_string()),
        ("mine_zone".into(), "a4-h5".into()),
    ];
    let path = crate::common::root().join("variants/mined-chess/mined-chess.rules");
    let Err(chessgraph::Error::Variant(ds)) = Variant::load(path, &options) else {
        panic!("17 mines in 16 cells")
    };
    assert_eq!(ds.0[0].code, "compile::too-many-mines");
}

#[test]
fn perft_with_unreachable_mines_is_chess_perft() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1";
    let mut c = Position::start(&chess());
    let want: Vec<u64> = (1..=3).map(|d| perft(&mut c, d)).collect();
    assert_eq!(want, [20, 400, 8902]);
    for (vis, first, after, v) in combos() {
        // No non-pawn piece reaches a5 or c5 within three plies; pawns may prime them.
        let mut p = Position::from_str(&v, &format!("{start} mines=a5,c5")).unwrap();
        let got: Vec<u64> = (1..=3).map(|d| perft(&mut p, d)).collect();
        assert_eq!(got, want, "{vis} {first} {after}");
    }
    // The seeded start layout of the default options does change the count.
    assert_ne!(perft(&mut Position::start(&mined(&[])), 3), 8902);
}

#[test]
fn a_mine_changes_a_small_count() {
    // White K a1, N h1; black K h8; a mine on g3. Perft 2 in chess: 5 white moves
    // (Ka2 Kb1 Kb2 Nf2 Ng3), 3 black king replies each: 15. With `undo`, Ng3 is
    // taken back and white moves again without it: 4 moves (Ka2 Kb1 Kb2 Nf2), so 16.
    let fen = "7k/8/8/8/8/8/8/K6N w - - 0 1";
    let mut c = Position::from_str(&chess(), fen).unwrap();
    assert_eq!((perft(&mut c, 1), perft(&mut c, 2)), (5, 15));
    let v = mined(&[("first_entry", "undo")]);
    let mut p = Position::from_str(&v, "7k/8/8/8/8/8/8/K6N w - - 0 1 mines=g3").unwrap();
    assert_eq!((perft(&mut p, 1), perft(&mut p, 2)), (5, 16));
    let v = mined(&[("first_entry", "stay")]);
    let mut p = Position::from_str(&v, "7k/8/8/8/8/8/8/K6N w - - 0 1 mines=g3").unwrap();
    assert_eq!(perft(&mut p, 2), 15);
    // A primed g3 with move-again: Ng3 blows the knight up and white moves again
    // with the king alone (3 moves): 4 x 3 + 3 = 15 at depth 2, and at depth 1 the
    // blast is still one move.
    let v = mined(&[("after_blast", "move-again")]);
    let mut p = Position::from_str(&v, "7k/8/8/8/8/8/8/K6N w - - 0 1 mines=g3+").unwrap();
    assert_eq!((perft(&mut p, 1), perft(&mut p, 2)), (5, 15));
}

#[test]
fn make_unmake_restores_everything() {
    let v = mined(&[("seed", "3"), ("mines", "12"), ("symmetric", "false")]);
    let mut p = Position::start(&v);
    let mut rng = Rng(5);
    let mut seen = Vec::new();
    for _ in 0..60 {
        let ms = p.legal_moves();
        if ms.is_empty() {
            break;
        }
        seen.push((
            p.to_string(),
            p.hash(),
            p.rng_state(),
            p.announcements().len(),
        ));
        let m = ms.as_slice()[rng.below(ms.len())];
        p.make(m);
        assert_eq!(p.hash(), p.compute_hash());
        let back = Position::from_str(&v, &p.to_string()).unwrap();
        assert_eq!(back.to_string(), p.to_string());
    }
    assert!(!p.announcements().is_empty());
    while let Some((s, h, r, n)) = seen.pop() {
        p.unmake();
        assert_eq!(
            (
                p.to_string(),
                p.hash(),
                p.rng_state(),
                p.announcements().len()
            ),
            (s, h, r, n)
        );
    }
}

#[test]
fn review_under_each_visibility() {
    // The default options (hidden-then-exposed) are `snapshots/mined-chess.snap`,
    // asserted by the review module; the other two modes are asserted here.
    let spec =
        std::fs::read_to_string(crate::common::root().join("variants/mined-chess/review.txt"))
            .unwrap();
    let mut texts = Vec::new();
    for vis in ["visible", "hidden"] {
        let v = mined(&[("visibility", vis)]);
        let text = chessgraph::review::review(&v, &spec).unwrap();
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(crate::common::root().join("snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.remove_input_file();
        settings.bind(|| insta::assert_snapshot!(format!("mined-chess-{vis}"), text));
        texts.push(text);
    }
    // Visible: white sees all four mines at the start; hidden: he never sees one.
    assert!(texts[0].contains("view of white: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1 mines=c6,d5,d4,c3\n"));
    assert!(!texts[1].contains("view of white: rnbqkbnr/ppp2ppp/4p3/3p4/3P4/8/PPP1PPPP/R1BQKBNR w a8,e8,h8,a1,e1,h1 - 0 3 mines"));
    assert!(texts[1].contains(" heard=c6,d5,d4,c3\n"));
}

#[test]
fn a_view_string_reads_back_as_the_players_model() {
    for vis in VISIBILITY {
        let v = mined(&[("visibility", vis)]);
        let mut p = at(&v, "c3,d4,f5");
        play(&mut p, "d2d4");
        let view = p.view(1).view_string();
        let mut model = Position::from_str(&v, &view).unwrap();
        // He knows d4 is primed; f5 and c3 are in his model only when shown.
        let known: Vec<(u16, bool)> = model.mines();
        let d4 = v.cell("d4").unwrap();
        assert!(known.contains(&(d4, true)), "{vis}: {view}");
        assert_eq!(known.len(), if vis == "visible" { 3 } else { 1 });
        assert_eq!(legal(&mut model), legal(&mut p));
    }
    let v = mined(&[]);
    assert!(Position::from_str(&chess(), "8/8/8/8/8/8/8/K6k w - - 0 1 mines=a5").is_err());
    for bad in [
        "mines=z9",
        "refused=a1",
        "refused=a1-a2-zz",
        "rng=xyz",
        "rng=12345678901234567",
    ] {
        let s = format!("{BASE} {bad}");
        assert!(Position::from_str(&v, &s).is_err(), "{bad}");
    }
}

/// The computer's choice (fixed depth, fresh searcher) in the referee position `p`.
fn computer_choice(p: &mut Position, samples: usize) -> String {
    let mut s = Searcher::new(p.variant(), Limits::depth(2));
    s.set_samples(samples);
    let m = s.choose(p).expect("a move");
    assert!(p.legal_moves().contains(&m), "{p}");
    p.long(m)
}

#[test]
fn the_computer_ignores_where_an_unseen_mine_lies() {
    // Two referee games differing only in one unprimed mine (f5 or f4), played with
    // the same moves; at several stages the computer (its model alone, or voting over
    // three samples) must choose the same move in both wherever that mine is hidden.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1";
    let mut compared = 0;
    for vis in VISIBILITY {
        let v = mined(&[("visibility", vis)]);
        assert!(v.has_hidden_state());
        let mut a = Position::from_str(&v, &format!("{start} mines=c3,f5")).unwrap();
        let mut b = Position::from_str(&v, &format!("{start} mines=c3,f4")).unwrap();
        let avoid = [v.cell("f4").unwrap(), v.cell("f5").unwrap()];
        let mut rng = Rng(11);
        for i in 0..24 {
            if i % 6 == 1 {
                for samples in [1, 3] {
                    let (ca, cb) = (
                        computer_choice(&mut a, samples),
                        computer_choice(&mut b, samples),
                    );
                    if vis != "visible" {
                        assert_eq!(ca, cb, "{vis} ply {i} samples {samples}\n{a}\n{b}");
                        compared += 1;
                    }
                }
            }
            // c3 gets primed early (b1c3), so a known mine is in play too.
            let ms = a.legal_moves();
            let choices: Vec<_> = ms
                .iter()
                .copied()
                .filter(|m| (i != 0 || a.long(*m) == "b1c3") && !avoid.contains(&m.to()))
                .collect();
            if choices.is_empty() {
                break;
            }
            let m = choices[rng.below(choices.len())];
            let text = a.long(m);
            a.make(m);
            let mb = b.parse_long(&text).unwrap();
            b.make(mb);
        }
        assert!(!a
            .mines()
            .iter()
            .any(|&(c, primed)| avoid.contains(&c) && primed));
    }
    assert_eq!(compared, 2 * 4 * 2, "stages compared");
}

#[test]
fn computer_self_play_in_mined_chess_stays_legal() {
    for (k, vis) in VISIBILITY.into_iter().enumerate() {
        for first in FIRST_ENTRY {
            let v = mined(&[("visibility", vis), ("first_entry", first)]);
            let mut white = Searcher::new(&v, Limits::depth(1));
            let mut black = Searcher::new(&v, Limits::depth(1));
            black.set_samples(2);
            let mut opening = RandomMover::new(k as u64);
            let mut pos = Position::start(&v);
            // A few random moves first so that games differ and mines get entered.
            for _ in 0..6 {
                let m = opening.decide(&mut pos).unwrap();
                pos.make(m);
            }
            let mut record = GameRecord::new(v.name());
            let end = play_game(&mut pos, &mut [&mut white, &mut black], 80, &mut record)
                .unwrap_or_else(|e| panic!("{vis} {first}: {e}\n{record}"));
            assert!(end.plies > 0, "{vis} {first}");
            assert_eq!(pos.hash(), pos.compute_hash());
        }
    }
}
