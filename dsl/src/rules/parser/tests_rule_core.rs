//! The rule core: `end if`, `after move`, `forbid`, `must`, `counter`, `allow pass`,
//! and the condition and expression language they share.

use super::parse_rules;
use crate::rules::ast::*;
use crate::SourceFile;

fn item(text: &str) -> Item {
    let mut file = parse_rules(&SourceFile::new("t.rules", text)).expect("parses");
    assert_eq!(file.items.len(), 1, "{text}");
    file.items.remove(0)
}

fn codes(text: &str) -> Vec<&'static str> {
    let ds = parse_rules(&SourceFile::new("t.rules", text)).expect_err("errors");
    ds.0.iter().map(|d| d.code).collect()
}

/// The condition of an `end if` statement.
fn end_cond(text: &str) -> Cond {
    let Item::End(e) = item(text) else {
        panic!("{text}")
    };
    let Event::Condition(c) = e.event.node else {
        panic!("{text}")
    };
    c.node
}

fn names(ids: &[Ident]) -> Vec<&str> {
    ids.iter().map(|i| i.node.as_str()).collect()
}

#[test]
fn or_binds_looser_than_and_and_not_tighter() {
    let c = end_cond("end if check and not turn or moved: lose");
    let Cond::Or(parts) = c else { panic!("{c:?}") };
    assert_eq!(parts.len(), 2);
    let Cond::And(ands) = &parts[0].node else {
        panic!()
    };
    assert_eq!(ands[0].node, Cond::Check(None));
    let Cond::Not(inner) = &ands[1].node else {
        panic!()
    };
    assert_eq!(inner.node, Cond::Turn);
    assert_eq!(parts[1].node, Cond::Moved);
    // Parentheses group.
    let c = end_cond("end if check and (turn or moved): lose");
    let Cond::And(ands) = c else { panic!() };
    assert!(matches!(ands[1].node, Cond::Or(_)));
}

#[test]
fn piece_counts_with_types_zones_and_owners() {
    let c = end_cond("end if pieces king in hill of others + 1 >= pieces - 2: win");
    let Cond::Compare(a, op, b) = c else { panic!() };
    assert_eq!(op, CmpOp::Ge);
    assert_eq!(a.node.terms.len(), 2);
    let Term::Pieces {
        pieces,
        zone,
        whose,
        ..
    } = &a.node.terms[0].1.node
    else {
        panic!()
    };
    assert_eq!(names(pieces), ["king"]);
    assert_eq!(zone.as_ref().unwrap().terms[0].name.node, "hill");
    assert_eq!(whose.as_ref().unwrap().node, Whose::Others);
    assert_eq!(a.node.terms[1], (false, a.node.terms[1].1.clone()));
    assert_eq!(a.node.terms[1].1.node, Term::Num(1));
    assert!(b.node.terms[1].0, "subtracted");
    let c = end_cond("end if pieces queen rook bishop = 0 or royals of white != 1: lose");
    let Cond::Or(parts) = c else { panic!() };
    let Cond::Compare(_, op, _) = &parts[1].node else {
        panic!()
    };
    assert_eq!(*op, CmpOp::Ne);
}

#[test]
fn counters_options_and_game_counts_are_terms() {
    let c = end_cond("end if checks of mover >= limit and repetitions > 2 and quiet < 100 and players = 1 and lost of victim >= 3: win");
    let Cond::And(parts) = c else { panic!() };
    let Cond::Compare(a, _, b) = &parts[0].node else {
        panic!()
    };
    let Term::Name(n, Some(w)) = &a.node.terms[0].1.node else {
        panic!()
    };
    assert_eq!((n.node.as_str(), &w.node), ("checks", &Whose::Mover));
    assert!(matches!(&b.node.terms[0].1.node, Term::Name(n, None) if n.node == "limit"));
}

#[test]
fn move_facts() {
    let Item::Filter(f) = item("forbid gives check") else {
        panic!()
    };
    assert!(!f.must);
    assert_eq!(f.cond.node, Cond::GivesCheck(None));
    let Item::Filter(f) = item("must captures") else {
        panic!()
    };
    assert!(f.must);
    assert_eq!(f.cond.node, Cond::Captures(vec![]));
    let c = end_cond("end if move of king into goal.white and captures royal knight and can move of king from start into goal and promotes and castles and round start: draw");
    let Cond::And(parts) = c else { panic!() };
    let Cond::Move(m) = &parts[0].node else {
        panic!()
    };
    assert_eq!(names(&m.pieces), ["king"]);
    assert!(
        matches!(&m.into.as_ref().unwrap().terms[0].seat, SeatSelector::Seat(s) if s.node == "white")
    );
    let Cond::Captures(c) = &parts[1].node else {
        panic!()
    };
    assert_eq!(names(c), ["royal", "knight"]);
    let Cond::Can(m) = &parts[2].node else {
        panic!()
    };
    assert!(m.from.is_some() && m.into.is_some());
    assert_eq!(parts[3].node, Cond::Promotes);
    assert_eq!(parts[5].node, Cond::RoundStart);
    let c = end_cond("end if gives check to victim and material all K K | K K B: draw");
    let Cond::And(parts) = c else { panic!() };
    assert!(matches!(&parts[0].node, Cond::GivesCheck(Some(w)) if w.node == Whose::Victim));
    assert!(
        matches!(&parts[1].node, Cond::Material { alternatives, .. } if alternatives.len() == 2)
    );
}

#[test]
fn after_move_effects_and_outcomes() {
    let Item::After(a) =
        item("after move if captures: explode all except pawn, add -1 to lives, subject wins")
    else {
        panic!()
    };
    assert!(a.cond.is_some());
    let Effect::Explode { dirs, except } = &a.effects[0].node else {
        panic!()
    };
    assert_eq!((names(dirs), names(except)), (vec!["all"], vec!["pawn"]));
    let Effect::Outcome(Outcome::Add(add)) = &a.effects[1].node else {
        panic!()
    };
    assert_eq!(add.counter.node, "lives");
    assert_eq!(add.amount.node.terms[0].1.node, Term::Num(-1));
    assert!(add.to.is_none());
    assert_eq!(a.effects[2].node, Effect::Outcome(Outcome::SubjectWins));
    let Item::After(a) = item("after move: add 1 to moves_made") else {
        panic!()
    };
    assert!(a.cond.is_none());
    let Item::End(e) = item("end no moves: actor loses, rank by royals + pieces queen") else {
        panic!()
    };
    assert_eq!(e.outcomes[0].node, Outcome::ActorLoses);
    assert!(matches!(&e.outcomes[1].node, Outcome::RankBy(x) if x.node.terms.len() == 2));
}

#[test]
fn points_per_event_shares_and_at_once() {
    let Item::End(e) =
        item("end checkmate at once: eliminate, add 20 + captured value to score of actor")
    else {
        panic!()
    };
    assert!(e.at_once.is_some());
    assert_eq!(e.outcomes[0].node, Outcome::Eliminate);
    let Outcome::Add(add) = &e.outcomes[1].node else {
        panic!()
    };
    assert_eq!(add.amount.node.terms.len(), 2);
    assert_eq!(add.amount.node.terms[1].1.node, Term::CapturedValue);
    assert_eq!(add.to.as_ref().map(|t| &t.node), Some(&AddTo::Actor));
    let Item::End(e) = item("end stalemate: score subject 1/4 actor 3/4") else {
        panic!()
    };
    assert!(e.at_once.is_none());
    let Outcome::Score(shares) = &e.outcomes[0].node else {
        panic!()
    };
    assert_eq!(shares[0].to, ShareTo::Subject);
    assert_eq!(shares[0].fraction.node, (1, 4));
    assert_eq!(shares[1].to, ShareTo::Actor);
    assert_eq!(shares[1].fraction.node, (3, 4));
    let Item::After(a) =
        item("after move if players checked >= 2 and not eliminated of victim: add 5 to score")
    else {
        panic!()
    };
    assert!(a.cond.is_some());
    let Item::After(a) = item("after move: add 1 to score of others") else {
        panic!()
    };
    let Effect::Outcome(Outcome::Add(add)) = &a.effects[0].node else {
        panic!()
    };
    assert_eq!(add.to.as_ref().map(|t| &t.node), Some(&AddTo::Others));
}

#[test]
fn counters_and_pass() {
    let Item::Counter(c) = item("counter checks fen remaining 3 \"checks given\"") else {
        panic!()
    };
    assert_eq!(c.name.node, "checks");
    assert_eq!(c.fen_remaining.unwrap().node, 3);
    assert_eq!(c.doc.unwrap().node, "checks given");
    let Item::Counter(c) = item("counter score") else {
        panic!()
    };
    assert!(c.fen_remaining.is_none() && c.doc.is_none());
    assert!(matches!(item("allow pass"), Item::AllowPass(_)));
    let Item::Hint(h) = item("hint zugzwang \"why\"") else {
        panic!()
    };
    assert_eq!(h.word.node, "zugzwang");
    assert!(h.values.is_empty() && h.names.is_empty());
    let Item::Hint(h) = item("hint mobility = -70") else {
        panic!()
    };
    assert_eq!(
        (h.word.node.as_str(), h.values[0].node, h.values.len()),
        ("mobility", -70, 1)
    );
    let Item::Hint(h) = item("hint place pawn white = 1 -2 \\\n 3") else {
        panic!()
    };
    let names: Vec<&str> = h.names.iter().map(|n| n.node.as_str()).collect();
    let values: Vec<i64> = h.values.iter().map(|n| n.node).collect();
    assert_eq!((names, values), (vec!["pawn", "white"], vec![1, -2, 3]));
}

#[test]
fn broken_conditions_are_syntax_errors() {
    assert_eq!(codes("end if : lose"), ["rules::syntax"]);
    assert_eq!(codes("end if check and : lose"), ["rules::syntax"]);
    assert_eq!(codes("forbid (check"), ["rules::syntax"]);
    assert_eq!(codes("after move: explode"), ["rules::syntax"]);
}

#[test]
fn lines_with_pieces_directions_and_owners() {
    let c = end_cond("end if line 3: subject wins");
    let Cond::Line(l) = c else { panic!("{c:?}") };
    assert_eq!(l.length.node, 3);
    assert!(l.pieces.is_empty() && l.dirs.is_empty() && l.whose.is_none());
    let c = end_cond("end if line 5 stone man along n e ne of others and not check: lose");
    let Cond::And(parts) = c else { panic!("{c:?}") };
    let Cond::Line(l) = &parts[0].node else {
        panic!("{parts:?}")
    };
    assert_eq!(l.length.node, 5);
    assert_eq!(names(&l.pieces), ["stone", "man"]);
    assert_eq!(names(&l.dirs), ["n", "e", "ne"]);
    assert_eq!(l.whose.as_ref().map(|w| &w.node), Some(&Whose::Others));
    // A length is required; `along` needs a direction.
    assert_eq!(codes("end if line stone: lose"), ["rules::syntax"]);
    assert_eq!(codes("end if line 3 along: lose"), ["rules::syntax"]);
}

#[test]
fn piece_counts_along_lines_from_the_move_target() {
    let c = end_cond("end if drops and pieces pawn along n s of mover > 0: lose");
    let Cond::And(parts) = c else { panic!("{c:?}") };
    let Cond::Compare(a, _, _) = &parts[1].node else {
        panic!()
    };
    let Term::Pieces {
        pieces,
        along,
        whose,
        zone,
    } = &a.node.terms[0].1.node
    else {
        panic!()
    };
    assert_eq!(names(pieces), ["pawn"]);
    assert_eq!(names(along.as_deref().unwrap()), ["n", "s"]);
    assert_eq!(whose.as_ref().unwrap().node, Whose::Mover);
    assert!(zone.is_none());
}

#[test]
fn a_plus_before_a_piece_letter_marks_a_promoted_form() {
    let Item::Piece(p) = item("piece tokin +P {\n step n\n}") else {
        panic!()
    };
    assert_eq!((p.letter.node, p.promoted), ('P', true));
    let Item::Piece(p) = item("piece pawn P {\n step n\n}") else {
        panic!()
    };
    assert!(!p.promoted);
    assert_eq!(codes("piece tokin ++P {\n step n\n}").len(), 1);
}

#[test]
fn promotion_in_place_and_threatens() {
    let Item::Piece(p) =
        item("piece pawn P {\n step n\n promote in place or step from diag to fers\n}")
    else {
        panic!()
    };
    let PieceItem::Promote(r) = &p.body[1] else {
        panic!("{:?}", p.body)
    };
    assert_eq!(r.in_place, Some(true));
    assert_eq!(r.zone.terms[0].name.node, "diag");
    assert_eq!(names(&r.into), ["fers"]);
    let Item::Piece(p) = item("piece pawn P {\n promote in place to fers\n}") else {
        panic!()
    };
    let PieceItem::Promote(r) = &p.body[0] else {
        panic!()
    };
    assert_eq!((r.in_place, r.zone.terms.len()), (Some(false), 0));
    let c = end_cond("end if promotes and threatens knight rook: lose");
    let Cond::And(parts) = c else { panic!() };
    let Cond::Threatens(pieces) = &parts[1].node else {
        panic!()
    };
    assert_eq!(names(pieces), ["knight", "rook"]);
}

#[test]
fn refuse_is_a_forbid_in_play_only() {
    let Item::Filter(f) = item("refuse drops and gives check") else {
        panic!()
    };
    assert!(f.in_play && !f.must);
    let Item::Filter(f) = item("forbid drops") else {
        panic!()
    };
    assert!(!f.in_play);
}
