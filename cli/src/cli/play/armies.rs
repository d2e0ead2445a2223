//! Who is still in the game and who moves which army: the legend under the board when
//! more than two play, and the news after a move (eliminations, control passing).
//!
//! With more than two players the text board tags each piece with its owner, but an
//! inherited army keeps its owner's tag while another player moves it; the legend says
//! so. Control is read per cell (`Position::controller`), so an army split between
//! controllers by region is reported with every controller.

use chessgraph::{Player, Position};

/// What changes between two moments of a game and is worth announcing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Armies {
    /// Per player: out of the game.
    eliminated: Vec<bool>,
    /// Per owner: the other players who control some of his cells, in order.
    controllers: Vec<Vec<Player>>,
}

impl Armies {
    /// The state of `pos`.
    pub fn of(pos: &Position) -> Armies {
        let n = pos.variant().players().len();
        let eliminated = (0..n).map(|p| pos.is_eliminated(p as Player)).collect();
        let controllers = (0..n)
            .map(|owner| pos.controllers_of(owner as Player))
            .collect();
        Armies {
            eliminated,
            controllers,
        }
    }

    /// Lines announcing what changed from `self` to `now`.
    pub fn news(&self, now: &Armies, pos: &Position) -> Vec<String> {
        let names = pos.variant().players();
        let mut out = Vec::new();
        for (p, (&was, &is)) in self.eliminated.iter().zip(&now.eliminated).enumerate() {
            if is && !was {
                out.push(format!("{} is eliminated", names[p].name));
            }
            if was && !is {
                out.push(format!("{} is back in the game", names[p].name));
            }
        }
        for (owner, (was, is)) in self.controllers.iter().zip(&now.controllers).enumerate() {
            for c in is.iter().filter(|c| !was.contains(c)) {
                out.push(format!(
                    "{} takes control of {}'s army",
                    names[*c as usize].name, names[owner].name
                ));
            }
        }
        out
    }

    /// `w white   r red (eliminated, moved by white)   b black`: one entry per player,
    /// or `None` with two players or fewer (the board's upper and lower case say it).
    /// Players whose pieces are drawn by colour (`Variant::case_colours`) are listed
    /// by case: `upper case: white1 white2   lower case: black1 black2`.
    pub fn legend(&self, pos: &Position) -> Option<String> {
        let v = pos.variant();
        let players = v.players();
        if players.len() <= 2 {
            return None;
        }
        let shown = |p: usize| {
            let mut notes = Vec::new();
            if self.eliminated[p] {
                notes.push("eliminated".to_owned());
            }
            if !self.controllers[p].is_empty() {
                let by: Vec<&str> = self.controllers[p]
                    .iter()
                    .map(|&c| players[c as usize].name.as_str())
                    .collect();
                notes.push(format!("moved by {}", by.join(" and ")));
            }
            if notes.is_empty() {
                players[p].name.clone()
            } else {
                format!("{} ({})", players[p].name, notes.join(", "))
            }
        };
        if v.case_colours().is_some() {
            let case = |upper: bool| {
                (0..players.len())
                    .filter(|&p| v.upper_case(p as Player) == upper)
                    .map(shown)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Some(format!(
                "upper case: {}   lower case: {}",
                case(true),
                case(false)
            ));
        }
        let entries: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(p, info)| format!("{} {}", info.tag, shown(p)))
            .collect();
        Some(entries.join("   "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::config::VariantSpec;
    use crate::cli::locate::locate;
    use chessgraph::Variant;

    fn zubrin(inherit: &str) -> std::sync::Arc<Variant> {
        let spec = VariantSpec {
            at: locate("zubrin").unwrap(),
            options: vec![("inherit".into(), inherit.into())],
        };
        Variant::load(&spec.at.rules, &spec.options)
            .unwrap()
            .variant
    }

    /// White's rook on e3 takes Red's king on e12.
    const HUNT: &str = "3rK4/rP7/8/8/bK7/bPbP6/8/8/8/4wR3/8/7wK w - - 0 1";

    #[test]
    fn a_king_capture_is_news_and_the_legend_names_the_controller() {
        let v = zubrin("true");
        let mut p = Position::from_str(&v, HUNT).unwrap();
        let before = Armies::of(&p);
        assert_eq!(
            before.legend(&p).as_deref(),
            Some("w white   r red   b black")
        );
        let m = p.parse_long("e3-e12").unwrap();
        p.make(m);
        let after = Armies::of(&p);
        assert_eq!(
            before.news(&after, &p),
            ["red is eliminated", "white takes control of red's army"]
        );
        assert_eq!(
            after.legend(&p).as_deref(),
            Some("w white   r red (eliminated, moved by white)   b black")
        );
        assert!(after.news(&after, &p).is_empty());
        let v = zubrin("false");
        let mut p = Position::from_str(&v, HUNT).unwrap();
        let m = p.parse_long("e3-e12").unwrap();
        p.make(m);
        assert_eq!(before.news(&Armies::of(&p), &p), ["red is eliminated"]);
    }
}
