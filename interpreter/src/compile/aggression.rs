//! The `non-aggression` statement: conditions on lost points, the protected zone per
//! victim, and `unless check`.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::{Active, Options};
use super::zones::Zones;
use crate::cellset::CellSet;
use crate::clauses::NonAggression;
use crate::ids::Cell;
use dsl::rules::ast::RuntimeCmp;

/// Largest number in a lost-points condition.
const MAX_POINTS: i64 = 1_000_000;

/// Compiles the rule in force, if any (a second one is reported).
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    zones: &Zones,
    players: usize,
    cells: usize,
    opts: &Options,
    cx: &mut Cx,
) -> Option<NonAggression> {
    if let [first, second, ..] = active.aggressions.as_slice() {
        cx.error(
            "compile::duplicate-statement",
            "the rules in force have two `non-aggression` statements",
            second.span,
            "second one",
            "keep one (inside `when` blocks, make sure only one applies)",
        )
        .secondary
        .push((first.span, "first one".into()));
    }
    let d = active.aggressions.first()?;
    let cmp = |c: &Option<RuntimeCmp>, cx: &mut Cx| match c {
        None => Some(None),
        Some(c) => opts
            .num_in(&c.value, -MAX_POINTS, MAX_POINTS, "a number of points", cx)
            .map(|n| Some((c.op, n))),
    };
    let lost = cmp(&d.lost, cx);
    let lead = cmp(&d.lead, cx);
    let zone = match &d.zone {
        None => Some(
            (0..players)
                .map(|_| CellSet::from_cells(cells, 0..cells as Cell))
                .collect(),
        ),
        Some(e) => zones.resolve(e, names, cx).map(|e| zones.eval_all(&e)),
    };
    Some(NonAggression {
        lost: lost?,
        lead: lead?,
        zone: zone?,
        unless_check: d.unless_check,
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};
    use dsl::rules::ast::CmpOp;

    const BASE: &str = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";

    #[test]
    fn conditions_zone_and_unless_check() {
        let v = compile(
            &format!("{BASE}non-aggression lost >= 3 lead > 2 in rank1 unless check\n"),
            CHESS_BOARD,
        )
        .unwrap();
        let na = v.clauses.non_aggression.as_ref().unwrap();
        assert_eq!(na.lost, Some((CmpOp::Ge, 3)));
        assert_eq!(na.lead, Some((CmpOp::Gt, 2)));
        assert!(na.unless_check);
        assert!(na.zone[1].contains(v.cell("e1").unwrap()));
        assert!(!na.zone[1].contains(v.cell("e2").unwrap()));
        assert!(v.clauses.reads_lost());
        let v = compile(&format!("{BASE}non-aggression\n"), CHESS_BOARD).unwrap();
        let na = v.clauses.non_aggression.as_ref().unwrap();
        assert_eq!((na.lost, na.lead, na.unless_check), (None, None, false));
        assert!(na.zone[0].contains(v.cell("h8").unwrap()));
    }

    #[test]
    fn mistakes_are_reported() {
        let c = |extra: &str| codes(&format!("{BASE}{extra}"), CHESS_BOARD);
        assert_eq!(c("non-aggression in nowhere\n"), ["compile::unknown-zone"]);
        assert_eq!(
            c("non-aggression lost >= points\n"),
            ["compile::unknown-option"]
        );
        assert_eq!(
            c("non-aggression\nnon-aggression lost > 1\n"),
            ["compile::duplicate-statement"]
        );
    }
}
