//! Layers of included files (`dsl::rules::load_rules`): a statement replaces the same
//! statement of a lower layer, and `remove` drops statements of lower layers.
//!
//! "The same statement" is one with the same key: a piece, player, zone, direction set
//! or counter by name, a castle by name and player, a setup by player, the one `check`,
//! `game`, `board`, `en passant lasts`, `points`, `notation`, `turns per zone` and `allow
//! pass`, an `end` clause by its event (every clause of that event in the lower layer
//! goes), an `end if` or `adjudicate if` by its label, a `def` by name. The winner takes
//! the place of the first statement it replaces, so declaration orders (piece types,
//! players) stay those of the included file. Two statements of one layer are left for
//! the compiler's duplicate checks.

use super::cx::Cx;
use dsl::rules::ast::{EndKey, Event, Item, RemoveTarget};
use std::collections::HashMap;

/// An active top-level statement with its file's layer.
pub(crate) type Layered<'a> = (u16, &'a Item);

/// The statements in force once higher layers have replaced and removed.
pub(crate) fn resolve<'a>(flat: Vec<Layered<'a>>, cx: &mut Cx) -> Vec<Layered<'a>> {
    let removes: Vec<(u16, &RemoveTarget, dsl::Span)> = flat
        .iter()
        .filter_map(|&(l, i)| match i {
            Item::Remove(r) => Some((l, &r.target, r.span)),
            _ => None,
        })
        .collect();
    let mut used = vec![false; removes.len()];
    let kept: Vec<Layered> = flat
        .into_iter()
        .filter(|&(l, item)| {
            let mut gone = false;
            for (k, (rl, target, _)) in removes.iter().enumerate() {
                if *rl > l && removes_item(target, item) {
                    used[k] = true;
                    gone = true;
                }
            }
            !gone && !matches!(item, Item::Remove(_))
        })
        .collect();
    for (k, (_, _, span)) in removes.iter().enumerate() {
        if !used[k] {
            cx.warning(
                "compile::remove-nothing",
                "this `remove` finds nothing to remove in the included files",
                *span,
                "nothing to remove",
                "`remove` drops statements of included files only; check the name",
            );
        }
    }
    // The highest layer of each key, and its statements.
    let keys: Vec<Option<String>> = kept.iter().map(|(_, i)| key(i)).collect();
    let mut top: HashMap<&str, u16> = HashMap::new();
    for (&(l, _), k) in kept.iter().zip(&keys) {
        if let Some(k) = k {
            let t = top.entry(k.as_str()).or_insert(l);
            *t = (*t).max(l);
        }
    }
    let mut winners: HashMap<&str, Vec<Layered>> = HashMap::new();
    for (&(l, item), k) in kept.iter().zip(&keys) {
        if let Some(k) = k {
            if top[k.as_str()] == l {
                winners.entry(k.as_str()).or_default().push((l, item));
            }
        }
    }
    // Winners take the place of the first statement of their key.
    let mut out = Vec::with_capacity(kept.len());
    for (&(l, item), k) in kept.iter().zip(&keys) {
        match k {
            None => out.push((l, item)),
            Some(k) => {
                if let Some(w) = winners.remove(k.as_str()) {
                    out.extend(w);
                }
            }
        }
    }
    out
}

/// The key under which a statement replaces another, if it has one.
fn key(item: &Item) -> Option<String> {
    Some(match item {
        Item::Game(_) => "game".into(),
        Item::Board(_) => "board".into(),
        Item::Player(p) => format!("player {}", p.name.node),
        Item::Dirs(d) => format!("dirs {}", d.name.node),
        Item::Zone(z) => format!("zone {}", z.name.node),
        Item::Piece(p) => format!("piece {}", p.name.node),
        Item::Castle(c) => format!("castle {} {}", c.name.node, c.player.node),
        Item::Setup(s) => format!("setup {}", s.player.node),
        Item::Check(_) => "check".into(),
        Item::EnPassant(_) => "en passant".into(),
        Item::Points(_) => "points".into(),
        Item::Notation(_) => "notation".into(),
        Item::Turns(_) => "turns".into(),
        Item::AllowPass(_) => "pass".into(),
        Item::Hint(h) => format!("hint {}", h.word.node),
        Item::CapturesToHand(_) => "captures to hand".into(),
        Item::Counter(c) => format!("counter {}", c.name.node),
        Item::Team(t) => format!("team {}", t.name.node),
        Item::See(_) => "see".into(),
        Item::Announce(_) => "announce".into(),
        Item::Def(d) => format!("def {}", d.name.node),
        Item::End(e) => match &e.event.node {
            Event::Condition(_) => format!("label {}", e.label.as_ref()?.node),
            ev => format!("end {}", event_kind(ev)),
        },
        Item::Adjudicate(e) => format!("label {}", e.label.as_ref()?.node),
        _ => return None,
    })
}

/// The words that name an event kind (`checkmate by one`, `material`, `repetition`).
fn event_kind(e: &Event) -> &'static str {
    match e {
        Event::Checkmate => "checkmate",
        Event::CheckmateBy(dsl::rules::ast::MateBy::One) => "checkmate by one",
        Event::CheckmateBy(dsl::rules::ast::MateBy::Many) => "checkmate by many",
        Event::Stalemate => "stalemate",
        Event::NoMoves => "no moves",
        Event::RoyalCaptured => "royal captured",
        Event::RoyalBlasted => "royal blasted",
        Event::LastRoyalCaptured => "last royal captured",
        Event::Moves(_) => "moves",
        Event::Repetition(_) => "repetition",
        Event::Quiet(_) => "quiet",
        Event::Material { .. } => "material",
        Event::LastPlayer => "last player",
        Event::CheckAll { mate: false } => "check all opponents",
        Event::CheckAll { mate: true } => "check all opponents and mate",
        Event::Condition(_) => "if",
    }
}

/// Whether `remove TARGET` drops `item`.
fn removes_item(target: &RemoveTarget, item: &Item) -> bool {
    match (target, item) {
        (RemoveTarget::Castles, Item::Castle(_)) => true,
        (RemoveTarget::Castle(name, player), Item::Castle(c)) => {
            c.name.node == name.node && player.as_ref().map_or(true, |p| p.node == c.player.node)
        }
        (RemoveTarget::Piece(n), Item::Piece(p)) => p.name.node == n.node,
        (RemoveTarget::Setup(n), Item::Setup(s)) => s.player.node == n.node,
        (RemoveTarget::Check, Item::Check(_)) => true,
        (RemoveTarget::Filters, Item::Filter(_) | Item::NonAggression(_)) => true,
        (RemoveTarget::Notation, Item::Notation(_)) => true,
        (RemoveTarget::End(EndKey::Kind(k)), Item::End(e)) => {
            !matches!(e.event.node, Event::Condition(_)) && event_kind(&e.event.node) == k
        }
        (RemoveTarget::End(EndKey::Label(k)), Item::End(e) | Item::Adjudicate(e)) => {
            e.label.as_ref().is_some_and(|l| &l.node == k)
        }
        _ => false,
    }
}
