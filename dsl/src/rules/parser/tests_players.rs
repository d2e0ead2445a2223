//! The clauses for games of several players: player colours, `checkmate by one|many`,
//! `check all opponents [and mate]` and `non-aggression`.

use super::parse_rules;
use crate::rules::ast::*;
use crate::{SourceFile, Span, Spanned};

/// The only item of a one-statement file.
fn item(text: &str) -> Item {
    let mut file = parse_rules(&SourceFile::new("t.rules", text)).expect("parses");
    assert_eq!(file.items.len(), 1, "{text}");
    file.items.remove(0)
}

/// The error codes of `text`.
fn codes(text: &str) -> Vec<&'static str> {
    let ds = parse_rules(&SourceFile::new("t.rules", text)).expect_err("errors");
    ds.0.iter().map(|d| d.code).collect()
}

fn at(text: &str, needle: &str) -> Span {
    let start = text.find(needle).expect("needle");
    Span::new(start, start + needle.len())
}

#[test]
fn player_colours() {
    let text = "player red colour \"#d62828\" tag r";
    let Item::Player(p) = item(text) else {
        panic!()
    };
    assert_eq!(
        p.colour,
        Some(Spanned::new("#d62828".to_owned(), at(text, "\"#d62828\"")))
    );
    assert_eq!(p.tag.map(|t| t.node), Some('r'));
    assert!(!codes("player red colour \"a\" colour \"b\"").is_empty());
}

#[test]
fn mate_events_for_several_players() {
    let event = |text: &str| match item(text) {
        Item::End(e) => e.event.node,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        event("end checkmate by one: pass"),
        Event::CheckmateBy(MateBy::One)
    );
    assert_eq!(
        event("end checkmate by many: draw"),
        Event::CheckmateBy(MateBy::Many)
    );
    assert_eq!(event("end checkmate: lose"), Event::Checkmate);
    assert_eq!(
        event("end check all opponents: win"),
        Event::CheckAll { mate: false }
    );
    assert_eq!(
        event("end check all opponents and mate: draw"),
        Event::CheckAll { mate: true }
    );
    assert!(!codes("end checkmate by two: draw").is_empty());
    assert!(!codes("end check all: win").is_empty());
}

#[test]
fn non_aggression_conditions_zone_and_check() {
    let text = "non-aggression lost >= 3 lead > 2 in home.all e4 unless check";
    let Item::NonAggression(n) = item(text) else {
        panic!()
    };
    let lost = n.lost.expect("lost");
    assert_eq!((lost.op, lost.value.node.clone()), (CmpOp::Ge, Num::Lit(3)));
    assert_eq!(lost.span, at(text, "lost >= 3"));
    let lead = n.lead.expect("lead");
    assert_eq!((lead.op, lead.value.node), (CmpOp::Gt, Num::Lit(2)));
    assert_eq!(n.zone.expect("zone").span, at(text, "home.all e4"));
    assert!(n.unless_check);
    assert_eq!(n.span, Span::new(0, text.len()));
    let Item::NonAggression(n) = item("non-aggression") else {
        panic!()
    };
    assert!(n.lost.is_none() && n.lead.is_none() && n.zone.is_none() && !n.unless_check);
    // Each condition once; `unless` ends the zone.
    assert_eq!(
        codes("non-aggression lost > 1 lost > 2"),
        ["rules::duplicate-attribute"]
    );
    assert!(!codes("non-aggression in unless check").is_empty());
    assert!(!codes("non-aggression lost >= points x").is_empty());
}
