//! Counters in FEN, as Fairy-Stockfish writes check counts: `3+3` after the en-passant
//! field (what each player still needs, for a `counter NAME fen remaining N`), or
//! `+2+0` at the end (what each has, lichess's form).

use super::rectangular;
use crate::posstring::Field;
use crate::variant::Variant;

/// Removes a counter field from `fs` when the variant has a FEN counter, and returns
/// the counter's values per player (first player first).
pub(crate) fn take_counters(v: &Variant, fs: &mut Vec<Field>) -> Option<Vec<i64>> {
    let limit = v.rules.counters.first()?.fen_remaining?;
    if !rectangular(v) {
        return None;
    }
    let pair = |t: &str| -> Option<(i64, i64)> {
        let (a, b) = t.split_once('+')?;
        let num = |x: &str| {
            (!x.is_empty() && x.len() <= 6 && x.bytes().all(|c| c.is_ascii_digit()))
                .then(|| x.parse::<i64>().ok())
                .flatten()
        };
        Some((num(a)?, num(b)?))
    };
    if let Some(i) = (4..fs.len()).find(|&i| pair(fs[i].text).is_some()) {
        let (a, b) = pair(fs[i].text)?;
        fs.remove(i);
        return Some(vec![limit - a, limit - b]);
    }
    let last = fs.last()?;
    let given = last.text.strip_prefix('+').and_then(pair)?;
    fs.pop();
    Some(vec![given.0, given.1])
}

/// The counters of a FEN without a counter field, as Fairy-Stockfish reads it: each
/// player one short of the limit ("the next check wins").
pub(crate) fn unwritten_counters(v: &Variant) -> Option<Vec<i64>> {
    let limit = v.rules.counters.first()?.fen_remaining?;
    rectangular(v).then(|| vec![limit - 1; 2])
}

/// The counter field of FEN (`3+3`), or `None` when the variant has none.
pub(crate) fn counter_field(pos: &crate::Position) -> Option<String> {
    let limit = pos.v.rules.counters.first()?.fen_remaining?;
    Some(format!(
        "{}+{}",
        limit - pos.counter(0, 0),
        limit - pos.counter(0, 1)
    ))
}

#[cfg(test)]
mod tests {
    use crate::testing::{compile, CHESS_BOARD, CHESS_RULES};
    use crate::Position;

    #[test]
    fn check_counts_read_both_fen_forms() {
        let rules = format!("{CHESS_RULES}\ncounter checks fen remaining 3\n");
        let v = compile(&rules, CHESS_BOARD).unwrap();
        let a = Position::from_str(&v, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39")
            .unwrap();
        assert_eq!((a.counter(0, 0), a.counter(0, 1)), (2, 0), "{a}");
        let b = Position::from_str(&v, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0")
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(
            a.fen().unwrap(),
            "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"
        );
    }
}
