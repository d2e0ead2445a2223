//! The hidden-mine statements: `mines N in ZONE seed S`, `mines mirror D E`,
//! `mines shown ...`, `mine primed|unprimed [PIECES]: EFFECTS`, `end royal blasted`.

use super::parse_rules;
use crate::rules::ast::*;
use crate::{SourceFile, Span, Spanned};

fn item(text: &str) -> Item {
    let mut file = parse_rules(&SourceFile::new("t.rules", text)).expect("parses");
    assert_eq!(file.items.len(), 1, "{text}");
    file.items.remove(0)
}

fn codes(text: &str) -> Vec<&'static str> {
    let ds = parse_rules(&SourceFile::new("t.rules", text)).expect_err("errors");
    ds.0.iter().map(|d| d.code).collect()
}

fn at(text: &str, needle: &str) -> Span {
    let start = text.find(needle).expect("needle");
    Span::new(start, start + needle.len())
}

#[test]
fn layout_with_option_count_and_seed() {
    let text = "mines mines in rank3 rank4 e5 seed seed";
    let Item::Mines(m) = item(text) else { panic!() };
    let MinesKind::Layout { count, zone, seed } = m.kind else {
        panic!()
    };
    assert_eq!(
        count,
        Spanned::new(Num::Option("mines".into()), Span::new(6, 11))
    );
    assert_eq!(seed.node, Num::Option("seed".into()));
    let names: Vec<&str> = zone.terms.iter().map(|t| t.name.node.as_str()).collect();
    assert_eq!(names, ["rank3", "rank4", "e5"]);
    assert_eq!(m.span, Span::new(0, text.len()));
    let Item::Mines(m) = item("mines 3 in home.white seed 42") else {
        panic!()
    };
    let MinesKind::Layout { count, seed, .. } = m.kind else {
        panic!()
    };
    assert_eq!((count.node, seed.node), (Num::Lit(3), Num::Lit(42)));
}

#[test]
fn mirror_and_shown() {
    let Item::Mines(m) = item("mines mirror n s") else {
        panic!()
    };
    let MinesKind::Mirror(a, b) = m.kind else {
        panic!()
    };
    assert_eq!((a.node.as_str(), b.node.as_str()), ("n", "s"));
    for (word, shown) in [
        ("always", MineShown::Always),
        ("primed", MineShown::Primed),
        ("never", MineShown::Never),
    ] {
        let Item::Mines(m) = item(&format!("mines shown {word}")) else {
            panic!()
        };
        assert!(matches!(m.kind, MinesKind::Shown(s) if s.node == shown));
    }
}

#[test]
fn entry_rules() {
    let text = "mine unprimed king queen: prime, undo";
    let Item::Mine(r) = item(text) else { panic!() };
    assert_eq!(r.primed, Spanned::new(false, at(text, "unprimed")));
    let names: Vec<&str> = r.pieces.iter().map(|p| p.node.as_str()).collect();
    assert_eq!(names, ["king", "queen"]);
    let effects: Vec<MineEffect> = r.effects.iter().map(|e| e.node).collect();
    assert_eq!(effects, [MineEffect::Prime, MineEffect::Undo]);
    let Item::Mine(r) = item("mine primed: blast, again") else {
        panic!()
    };
    assert!(r.primed.node && r.pieces.is_empty());
    assert_eq!(r.effects[1].node, MineEffect::Again);
}

#[test]
fn royal_blasted_event() {
    let Item::End(e) = item("end royal blasted: lose") else {
        panic!()
    };
    assert_eq!(e.event.node, Event::RoyalBlasted);
}

#[test]
fn mine_mistakes() {
    assert_eq!(
        codes("mine primed pawn: blast, blast"),
        ["rules::duplicate-mine-effect"]
    );
    assert_eq!(
        codes("mine unprimed: prime, undo, again"),
        ["rules::mine-undo-clash"]
    );
    assert!(!codes("mines 4 in rank3").is_empty());
    assert!(!codes("mines shown sometimes").is_empty());
    assert!(!codes("mine half pawn: prime").is_empty());
    assert!(!codes("mine primed pawn: explode").is_empty());
}
