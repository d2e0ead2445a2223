//! `points win N, draw N, loss N` and the `lose to actor` outcome: ASTs with spans and
//! their errors.

use super::parse_rules;
use crate::rules::ast::*;
use crate::{SourceFile, Span, Spanned};

fn items(text: &str) -> Vec<Item> {
    match parse_rules(&SourceFile::new("t.rules", text)) {
        Ok(file) => file.items,
        Err(ds) => panic!(
            "unexpected errors: {:?}",
            ds.0.iter().map(|d| &d.message).collect::<Vec<_>>()
        ),
    }
}

/// The only item of a one-statement file.
fn one(text: &str) -> Item {
    let mut all = items(text);
    assert_eq!(all.len(), 1, "{text}");
    all.remove(0)
}

fn at(text: &str, needle: &str) -> Span {
    let start = text.find(needle).expect("needle");
    Span::new(start, start + needle.len())
}

fn codes(text: &str) -> Vec<(&'static str, String)> {
    let ds = parse_rules(&SourceFile::new("t.rules", text)).expect_err("errors");
    ds.0.iter()
        .map(|d| (d.code, d.location().unwrap_or_default()))
        .collect()
}

#[test]
fn points_statement_with_spans() {
    let text = "points win 3, draw 1, loss 0";
    let Item::Points(p) = one(text) else {
        panic!("one points statement")
    };
    assert_eq!(p.span, Span::new(0, text.len()));
    let keys: Vec<ResultKey> = p.entries.iter().map(|(k, _)| k.node).collect();
    assert_eq!(keys, [ResultKey::Win, ResultKey::Draw, ResultKey::Loss]);
    assert_eq!(p.entries[0].0.span, at(text, "win"));
    assert_eq!(p.entries[0].1, Spanned::new(Num::Lit(3), at(text, "3")));
    assert_eq!(p.entries[2].1.node, Num::Lit(0));
}

#[test]
fn points_in_any_order_some_left_out_and_from_options() {
    let text = "option w: int(0..9) = 3\npoints loss 0, win w";
    let all = items(text);
    let Item::Points(p) = &all[1] else { panic!() };
    assert_eq!(p.entries.len(), 2);
    assert_eq!(p.entries[0].0.node, ResultKey::Loss);
    assert_eq!(p.entries[1].1.node, Num::Option("w".into()));
}

#[test]
fn points_errors() {
    assert_eq!(
        codes("points win 3, win 2"),
        [("rules::duplicate-points", "t.rules:1:15".into())]
    );
    assert_eq!(
        codes("points win 3\npoints draw 1"),
        [("rules::duplicate-statement", "t.rules:2:1".into())]
    );
    // Inside different `when` blocks, each block has its own.
    let text =
        "option big: bool = true\nwhen big {\n points win 3\n}\nwhen not big {\n points win 2\n}";
    assert_eq!(items(text).len(), 3);
    let syntax = codes("points win");
    assert_eq!(syntax[0].0, "rules::syntax");
    let syntax = codes("points victory 3");
    assert_eq!(syntax[0].0, "rules::syntax");
    let syntax = codes("points win -1");
    assert_eq!(syntax[0].0, "rules::syntax");
}

#[test]
fn lose_to_actor_outcome() {
    let text = "end checkmate: lose to actor";
    let Item::End(e) = one(text) else { panic!() };
    assert_eq!(
        e.outcomes,
        [Spanned::new(
            Outcome::LoseToActor,
            at(text, "lose to actor")
        )]
    );
    let text = "end royal captured: lose to actor, eliminate";
    let Item::End(e) = one(text) else { panic!() };
    assert_eq!(e.outcomes[0].node, Outcome::LoseToActor);
    assert_eq!(e.outcomes[1].node, Outcome::Eliminate);
    // `lose` alone is still `lose`.
    let Item::End(e) = one("end checkmate: lose") else {
        panic!()
    };
    assert_eq!(e.outcomes[0].node, Outcome::Lose);
    assert_eq!(codes("end checkmate: lose to")[0].0, "rules::syntax");
    assert_eq!(codes("end checkmate: lose to captor")[0].0, "rules::syntax");
}
