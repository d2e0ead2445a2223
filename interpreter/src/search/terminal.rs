//! Values of finished games, from the searching player's side, using the variant's
//! `points` so that 3/1/0 and 1/1/2/0 schemes rank results the way the rules do.

use crate::{Player, Score, Variant};

/// The value of the best result, a whole point ahead of the average opponent, won
/// now. Nearer results are worth more: `ply` is taken off.
pub const MATE: i32 = 1_000_000;

/// What a finished game's place between the best and the worst is worth, in
/// centipawns, per unit of its points above the mean (the mean's lead over the worst
/// place is a unit). Dreierschach's bystander (1 of 3, 1 and 0 points) is a quarter
/// unit below the mean: -250, then the contempt. Valued as a lost game, the paranoid
/// searcher gave up anything to stop one opponent mating the other. Measured as one
/// seat against two copies of the engine of 24 November in Dreierschach: at 20 ms a
/// move (120 games) 48.2% of the points before, 53.8% after; at 100 ms (60 games)
/// 39.6% before, 42.1% after.
pub const PLACE: i32 = 1000;

/// Values beyond this are decided games (wins or losses found by the search).
const DECIDED: i32 = MATE / 4;

/// What a draw costs the searching player (centipawns) when more than two play.
///
/// The paranoid search lets every opponent play against the searcher, so it values
/// an even game well below zero: at one second a move the start positions came out
/// at -1.74 (Chess for 3), -1.34 (Zubrin) and -3.42 (Dreierschach), and Zubrin
/// middle games at 20 ms between -1.7 and -2.6. A draw, valued at zero, then looked
/// better than playing on from any even position: the searcher repeated moves at
/// -0.40 or let two opponents mate a third. Valuing a draw about as the search
/// values an even game removes that pull. Measured as one seat against two copies of
/// the engine of 24 November (20 ms a move, 120 games each): without contempt Chess
/// for 3 gave 45.3%; with 150, 50.7% (Zubrin 43.9% over 169 games); with 250, Chess
/// for 3 47.8% and Zubrin 47.0%.
pub const MULTI_PLAYER_CONTEMPT: i32 = 250;

/// The contempt of a searcher of `v` unless set: none with two sides (two players,
/// or two teams: the search is then minimax and a draw is even),
/// [`MULTI_PLAYER_CONTEMPT`] with more.
pub(crate) fn default_contempt(v: &Variant) -> i32 {
    if sides(v) > 2 {
        MULTI_PLAYER_CONTEMPT
    } else {
        0
    }
}

/// The players of `p`'s side (bit per player): his team, or himself alone.
fn side_of(v: &Variant, p: usize) -> u16 {
    v.rules.team[p] | 1 << p
}

/// How many sides play `v`: its teams, and each player in none.
fn sides(v: &Variant) -> usize {
    let n = v.player_count();
    // A side is counted at its first player.
    (0..n)
        .filter(|&p| side_of(v, p).trailing_zeros() as usize == p)
        .count()
}

/// True for a value that comes from a finished game (a forced win or loss).
pub fn is_mate_value(v: i32) -> bool {
    v.abs() >= DECIDED
}

/// The value of `scores` for `me`, found `ply` plies below the root: my points
/// minus the best points of the others, scaled by [`MATE`], nearer ends first (the
/// best, not the mean: a draw shared with a player already out is no win), except a
/// place strictly between the best and the worst ([`PLACE`]).
pub(crate) fn value(v: &Variant, scores: &[Score], me: Player, ply: u32) -> i32 {
    let n = scores.len();
    if n == 0 || me as usize >= n {
        return 0;
    }
    let mine = v.points(scores[me as usize]);
    // The others: the players of other teams (a team's players share its result).
    let team = side_of(v, me as usize);
    let others: f64 = scores
        .iter()
        .enumerate()
        .filter(|&(p, _)| team & (1 << p) == 0)
        .map(|(_, &s)| v.points(s))
        .fold(f64::MIN, f64::max)
        .max(0.0);
    // A place between the best and the worst (Dreierschach's bystander, a middle
    // rank) is no lost game: its points measured from the mean of this result, in
    // units of the mean's lead over the worst, at PLACE a unit.
    let worst = scores.iter().map(|&s| v.points(s)).fold(f64::MAX, f64::min);
    if mine < others && mine > worst {
        let mean = scores.iter().map(|&s| v.points(s)).sum::<f64>() / n as f64;
        let units = ((mine - mean) / (mean - worst)).clamp(-1.0, 1.0);
        return (units * PLACE as f64).round() as i32;
    }
    let diff = ((mine - others) * MATE as f64) as i64;
    let diff = diff.clamp(-(4 * MATE as i64), 4 * MATE as i64) as i32;
    // A decided result counts at least as a decided value, nearer ends first.
    match diff.signum() {
        1 => diff.max(DECIDED + 1024) - ply as i32,
        -1 => diff.min(-DECIDED - 1024) + ply as i32,
        _ => 0,
    }
}

/// A table value stored relative to the node (decided values move with the ply).
pub(crate) fn to_table(v: i32, ply: u32) -> i32 {
    if v >= DECIDED {
        v + ply as i32
    } else if v <= -DECIDED {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_table`].
pub(crate) fn from_table(v: i32, ply: u32) -> i32 {
    if v >= DECIDED {
        v - ply as i32
    } else if v <= -DECIDED {
        v + ply as i32
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn contempt_only_with_more_than_two_sides() {
        use crate::testing::variant;
        assert_eq!(default_contempt(&chess()), 0);
        assert_eq!(default_contempt(&variant("four-player-teams")), 0);
        for name in ["chess-for-3", "four-player"] {
            assert_eq!(
                default_contempt(&variant(name)),
                MULTI_PLAYER_CONTEMPT,
                "{name}"
            );
        }
    }

    #[test]
    fn a_middle_place_is_no_lost_game() {
        // Dreierschach: the mater 3 points, the bystander 1, the mated player 0.
        let v = crate::testing::variant("dreierschach");
        let mate = [Score::Win, Score::Draw, Score::Loss];
        assert_eq!(value(&v, &mate, 0, 4), MATE * 2 - 4, "a win by two points");
        assert_eq!(
            value(&v, &mate, 1, 4),
            -PLACE / 4,
            "a quarter below the mean"
        );
        assert!(value(&v, &mate, 2, 4) < -3 * MATE + 5, "mated: the worst");
        // Level with the best: a draw, whatever the points.
        assert_eq!(value(&v, &[Score::Draw; 3], 2, 4), 0);
    }

    #[test]
    fn wins_losses_and_distance() {
        let v = chess();
        let won = [Score::Win, Score::Loss];
        assert_eq!(value(&v, &won, 0, 3), MATE - 3);
        assert_eq!(value(&v, &won, 1, 3), -MATE + 3);
        assert!(value(&v, &won, 0, 1) > value(&v, &won, 0, 5));
        assert_eq!(value(&v, &[Score::Draw, Score::Draw], 0, 2), 0);
        // A draw beside an eliminated player is no win.
        let shared = [Score::Draw, Score::Loss, Score::Draw];
        assert_eq!(value(&v, &shared, 0, 2), 0);
        // A team's win is each of its players' (red and yellow against blue and green).
        let teams = crate::testing::variant("four-player-teams");
        let red_yellow = [Score::Win, Score::Loss, Score::Win, Score::Loss];
        assert_eq!(value(&teams, &red_yellow, 0, 1), MATE - 1);
        assert_eq!(value(&teams, &red_yellow, 2, 1), MATE - 1);
        assert_eq!(value(&teams, &red_yellow, 1, 1), -MATE + 1);
        assert!(is_mate_value(MATE - 30) && !is_mate_value(900));
        for x in [MATE - 7, -MATE + 7, 123] {
            assert_eq!(from_table(to_table(x, 5), 5), x);
        }
    }
}
