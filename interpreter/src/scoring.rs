//! What results are worth: the `points` statement, and the scores of the `lose to
//! actor` outcome (the subject loses, the actor wins, everyone else still in draws).
//!
//! Results stay [`Score`]s (win, draw, loss) everywhere in the engine; `points` only
//! says how many points each is worth when a game is reported, so the default (1,
//! 1/2, 0) and a three-player 3/1/0 scheme use the same machinery.

use crate::outcome::Score;
use crate::variant::Variant;

/// Points of a win, a draw and a loss, in half points (the default draw is 1/2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Points {
    pub(crate) halves: [i64; 3],
}

impl Default for Points {
    /// 1, 1/2 and 0.
    fn default() -> Self {
        Points { halves: [2, 1, 0] }
    }
}

/// The index of a result in [`Points`] (a share has none: it lies between loss and win).
pub(crate) fn slot(score: Score) -> Option<usize> {
    match score {
        Score::Win => Some(0),
        Score::Draw => Some(1),
        Score::Loss => Some(2),
        Score::Share(_) => None,
    }
}

impl Points {
    /// The points of a result, in 48ths of a point (half points times 24ths).
    fn in_48ths(self, score: Score) -> i64 {
        match slot(score) {
            Some(i) => self.halves[i] * 24,
            None => {
                let [win, _, loss] = self.halves;
                loss * 24 + (win - loss) * score.units() as i64
            }
        }
    }

    /// The points of a result (a share of a win: the loss's points plus that share of
    /// the difference to a win's).
    pub fn of(self, score: Score) -> f64 {
        self.in_48ths(score) as f64 / 48.0
    }

    /// The points of a result as text: `3`, `1/2`, `5/2`, `3/4`.
    pub fn text(self, score: Score) -> String {
        let n = self.in_48ths(score);
        let g = gcd(n.unsigned_abs(), 48) as i64;
        if g == 48 {
            (n / 48).to_string()
        } else {
            format!("{}/{}", n / g, 48 / g)
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Variant {
    /// What a result is worth in this variant (`points`; default 1, 1/2, 0).
    pub fn points(&self, score: Score) -> f64 {
        self.rules.points.of(score)
    }

    /// [`Variant::points`] as text: `3`, `1/2`.
    pub fn points_text(&self, score: Score) -> String {
        self.rules.points.text(score)
    }
}

#[cfg(test)]
mod tests {
    use crate::outcome::{EndReason, Outcome, Score};
    use crate::testing::{codes, compile, CHESS_BOARD};
    use crate::Position;

    const BASE: &str =
        "board \"b\"\nplayer white\nplayer black\npiece king K royal {\n step n e s w\n}\n\
                        piece rook R {\n slide n e s w\n}\n";

    #[test]
    fn default_points_are_one_half_zero() {
        let v = compile(BASE, CHESS_BOARD).unwrap();
        assert_eq!(v.points(Score::Win), 1.0);
        assert_eq!(v.points(Score::Draw), 0.5);
        assert_eq!(v.points_text(Score::Draw), "1/2");
        assert_eq!(v.points_text(Score::Loss), "0");
        assert_eq!(v.points(Score::Share(18)), 0.75);
        assert_eq!(v.points_text(Score::Share(18)), "3/4");
    }

    #[test]
    fn points_statement_sets_some_or_all() {
        let v = compile(
            &format!("{BASE}points win 3, draw 1, loss 0\n"),
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(
            [Score::Win, Score::Draw, Score::Loss].map(|s| v.points(s)),
            [3.0, 1.0, 0.0]
        );
        assert_eq!(v.points_text(Score::Win), "3");
        let v = compile(
            &format!("{BASE}option w: int(0..9) = 2\npoints win w\n"),
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.points(Score::Win), 2.0);
        assert_eq!(v.points_text(Score::Draw), "1/2");
    }

    #[test]
    fn points_mistakes_are_reported() {
        let c = |extra: &str| codes(&format!("{BASE}{extra}"), CHESS_BOARD);
        assert_eq!(c("points win 2000000\n"), ["compile::number-range"]);
        assert_eq!(c("points win many\n"), ["compile::unknown-option"]);
        assert_eq!(
            c("option a: bool = true\nwhen a {\n points win 3\n}\npoints win 2\n"),
            ["compile::duplicate-statement"]
        );
        assert_eq!(
            c("end last player: lose to actor\n"),
            ["compile::bad-outcome"]
        );
        assert_eq!(
            c("end check all opponents: lose to actor\n"),
            ["compile::bad-outcome"]
        );
        assert!(c("end stalemate: lose to actor\nend royal captured: lose to actor\n").is_empty());
    }

    /// Three players on the chess board: the mated player loses, the first opponent
    /// after him whose pieces attack him wins, the third draws.
    #[test]
    fn lose_to_actor_credits_the_first_attacker_after_the_mated_player() {
        let rules = "board \"b\"\nplayer a seat white\nplayer b seat black\nplayer c seat white\n\
                     piece king K royal {\n step n e s w ne nw se sw\n}\n\
                     piece rook R {\n slide n e s w\n}\ncheck always\nend checkmate: lose to actor\n";
        let v = compile(rules, CHESS_BOARD).unwrap();
        // a's king on a1 is mated by c's rooks on a8 and b8; b attacks nothing.
        let mut p = Position::from_str(&v, "cRcR5cK/8/8/8/8/8/8/aK6bK a - - 0 1").unwrap();
        assert_eq!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::Checkmate,
                scores: vec![Score::Loss, Score::Draw, Score::Win],
            }
        );
        // With b's rook on a7 holding the a-file, b attacks first and wins.
        let mut p = Position::from_str(&v, "1cR5cK/bR7/8/8/8/8/8/aK6bK a - - 0 1").unwrap();
        assert_eq!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::Checkmate,
                scores: vec![Score::Loss, Score::Win, Score::Draw],
            }
        );
    }
}
