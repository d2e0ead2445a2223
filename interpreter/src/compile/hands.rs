//! `drop [into ZONE]` and `gate [into ZONE]` in piece blocks and `captures to hand`,
//! folded into one drop zone and one gate zone per kind: move generation reads the
//! cells a piece in hand may be put on, or left for it.

use super::atoms::Env;
use super::cx::Cx;
use super::options::Active;
use crate::cellset::CellSet;
use crate::hands::HandRules;
use crate::ids::Kind;

/// The hand rules of the active statements.
pub(crate) fn compile(active: &Active, env: &Env, cx: &mut Cx) -> HandRules {
    let ntypes = env.types.infos.len();
    let nplayers = env.players.len();
    let cells = env.topo.cells;
    let mut rules = HandRules {
        drop_zone: vec![None; ntypes * nplayers],
        gate_zone: vec![None; ntypes * nplayers],
        captures: !active.to_hand.is_empty(),
        ..HandRules::default()
    };
    for (block, ty) in active.pieces.iter().zip(&env.types.of_block) {
        let Some(ty) = *ty else { continue };
        for d in &block.drops {
            // Several `drop` rules of one piece: the union of their zones.
            let zones: Vec<CellSet> = match &d.into {
                None => vec![CellSet::from_cells(cells, 0..cells as crate::ids::Cell); nplayers],
                Some(z) => match env.zones.resolve(z, env.names, cx) {
                    Some(e) => env.zones.eval_all(&e),
                    None => continue,
                },
            };
            for (owner, zone) in zones.into_iter().enumerate().take(nplayers) {
                let kind = owner * ntypes + ty as usize;
                let (zones, kinds) = if d.gate {
                    (&mut rules.gate_zone, &mut rules.gate_kinds)
                } else {
                    (&mut rules.drop_zone, &mut rules.drop_kinds)
                };
                match &mut zones[kind] {
                    Some(z) => z.union_with(&zone),
                    slot => *slot = Some(zone),
                }
                *kinds |= 1 << (kind as Kind);
            }
        }
    }
    rules.on = rules.captures || rules.drop_kinds != 0 || rules.gate_kinds != 0;
    rules.start = start_hand(active, env, rules.on, cx);
    rules
}

/// `setup PLAYER: ..., hand L L`: per kind, the pieces each player starts with in
/// hand (empty when the variant has no hands, which then may not set one up).
fn start_hand(active: &Active, env: &Env, on: bool, cx: &mut Cx) -> Vec<u8> {
    let ntypes = env.types.infos.len();
    let mut start = vec![0u8; if on { ntypes * env.players.len() } else { 0 }];
    for s in &active.setups {
        if s.hand.is_empty() {
            continue;
        }
        let player = env.players.resolve(&s.player, cx);
        for l in &s.hand {
            let Some(ty) = super::setup::letter_type(env.types, l, cx) else {
                continue;
            };
            if !on {
                cx.error(
                    "compile::hand-without-drops",
                    "a piece is set up in hand, but no piece type drops",
                    l.span,
                    "in hand",
                    "give a piece block a `drop` rule (or write `captures to hand`)",
                );
                return start;
            }
            let Some(p) = player else { continue };
            let n = &mut start[p as usize * ntypes + ty as usize];
            if *n >= crate::hands::MAX_IN_HAND {
                cx.error(
                    "compile::hand-too-large",
                    format!(
                        "a hand holds at most {} pieces of a type",
                        crate::hands::MAX_IN_HAND
                    ),
                    l.span,
                    "one too many",
                    "set up fewer pieces in hand",
                );
                continue;
            }
            *n += 1;
        }
    }
    start
}
