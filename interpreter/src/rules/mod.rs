//! The compiled game rules: one small intermediate form between the rule file and the
//! position.
//!
//! Every rule is a condition ([`Cond`], over the position and, where the stage has one,
//! the move) with effects ([`Effect`]), attached to one of a few fixed stages, each
//! evaluated at exactly one place:
//!
//! | stage | where | what it may do |
//! |---|---|---|
//! | [`Rules::filters`] (`forbid`, `must`, `non-aggression`) | the legal-move pipeline (`filter.rs`) | remove moves |
//! | [`Rules::check`] (`check ...`) | the same pipeline (`legality.rs`) | remove moves that leave a royal attacked |
//! | [`Rules::after`] (`after move`, `end if`, `end royal captured`, ...) | `make`, after the move (`after.rs`) | counters, explosions, game ends, eliminations, control |
//! | [`Rules::stuck`] (`end checkmate`, `stalemate`, `no moves`) | the player to move has no legal move (`stuck.rs`) | game ends, a pass, an elimination |
//! | [`Rules::adjudication`] (`end repetition`, `quiet`, `material`, `moves`, `adjudicate if`) | [`crate::Position::outcome`] and the legal moves of play, never perft (`outcome.rs`) | game ends |
//!
//! The statements of the rule file are sugar for these (`compile/rules.rs` lowers
//! them). Conditions, expressions and effects are closed enums dispatched by `match`:
//! no `dyn`, and evaluation never allocates.

mod after;
pub(crate) mod cond;
pub(crate) mod effect;
pub(crate) mod expr;
mod filter;
mod foresee;
mod line;
mod stuck;

pub(crate) use cond::{Cond, Scope};
pub(crate) use effect::{AddTo, Effect, Explosion};
pub(crate) use expr::{Expr, Whose};

use crate::cellset::CellSet;
use crate::ids::{Cell, Kind};
use crate::outcome::EndReason;
use dsl::rules::ast::CmpOp;

/// When no move may leave one's own royal attacked.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CheckRule {
    /// `check never` (also the default).
    Never,
    /// `check always`.
    Always,
    /// `check when COND`: for the players the condition holds for.
    When(Cond),
}

/// A move filter: `forbid COND` or `must COND`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Filter {
    /// When some legal move meets the condition, only those are legal (`must`); else
    /// the moves that meet it are illegal (`forbid`).
    pub must: bool,
    /// About the mover and the move.
    pub cond: Cond,
    /// The kinds of move the condition holds for only (`filter::NEEDS_*` bits): a
    /// list without such moves skips the filter.
    pub needs: u8,
    /// `refuse`: left out while perft counts (`Position::perft_counting`).
    pub in_play: bool,
    /// The condition generates moves (`can move`): left out of the moves such a
    /// condition generates, so that filters never nest.
    pub costly: bool,
}

impl Filter {
    /// A filter, with what its condition needs of a move.
    pub(crate) fn new(must: bool, cond: Cond) -> Filter {
        let needs = filter::needs(&cond);
        let costly = cond.costly();
        Filter {
            must,
            cond,
            needs,
            in_play: false,
            costly,
        }
    }
}

/// Who an after-move or adjudication rule is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Subject {
    /// The player who moved (the actor too).
    Mover,
    /// Every player still in, the mover first, then in turn order; each is his own
    /// actor. The first player the condition holds for gets the effects.
    Each,
    /// The owner of the piece the move captured or a mine blew up (the actor: the
    /// mover).
    Victim,
    /// The player to move (the actor: the player who moved last).
    Next,
}

/// A rule of the after-move, no-move or adjudication stage.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rule {
    /// Who it is about.
    pub subject: Subject,
    /// When it applies.
    pub cond: Cond,
    /// What follows, in the order written.
    pub effects: Vec<Effect>,
    /// Why the game ended, when an effect ends it.
    pub reason: EndReason,
    /// The condition reads the move just made: the rule is skipped in a position read
    /// from a string.
    pub reads_move: bool,
    /// The condition is costly (it generates moves): probes (moves tried for
    /// legality) skip the rule, which no legality test depends on.
    pub costly: bool,
    /// The condition reads only how many pieces of each kind stand on the board
    /// ([`Cond::reads_material_only`]): a move that changes no count cannot change it.
    pub material_only: bool,
}

/// Who is credited with the end when the player to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Credit {
    /// The player who moved last.
    Previous,
    /// The first opponent after the subject whose pieces attack his royal.
    Checker,
    /// The opponent whose pieces alone give the mate (`checkmate by one`).
    LoneMater,
}

/// A rule of the no-move stage: the player to move has no legal move.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StuckRule {
    /// When it applies (about the player without a move).
    pub cond: Cond,
    /// Who is the actor.
    pub credit: Credit,
    /// What follows.
    pub effects: Vec<Effect>,
    /// Why the game ends.
    pub reason: EndReason,
    /// `at once`: also tested, after every move, for each player not to move.
    pub at_once: bool,
}

/// A per-player counter (`counter NAME`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counter {
    /// Its name, also its key in position strings.
    pub name: String,
    /// FEN writes `N - value` (Fairy-Stockfish's remaining checks).
    pub fen_remaining: Option<i64>,
}

/// The compiled game rules.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rules {
    /// The check rule.
    pub check: CheckRule,
    /// Moves the check rule lets through although they leave a royal attacked.
    pub unless: Option<Cond>,
    /// Move filters, in file order.
    pub filters: Vec<Filter>,
    /// After every move, in file order.
    pub after: Vec<Rule>,
    /// When the player to move has no legal move: the first rule that applies; none:
    /// a draw.
    pub stuck: Vec<StuckRule>,
    /// Ends applied in play but not in perft, in file order.
    pub adjudication: Vec<Rule>,
    /// When one player is left (`end last player`; default: he wins).
    pub last_player: Vec<Effect>,
    /// `en passant lasts round` (else: the next turn only).
    pub ep_round: bool,
    /// What a win, a draw and a loss are worth (`points`), see `scoring.rs`.
    pub points: crate::scoring::Points,
    /// Hidden mines (`mines`, `mine` statements), if the variant has any.
    pub mines: Option<Box<crate::mines::MineRules>>,
    /// Counters, in declaration order.
    pub counters: Vec<Counter>,
    /// The player to move may pass (`allow pass`).
    pub allow_pass: bool,
    /// A no-move rule is tested `at once` for every player after each move
    /// (`stuck.rs`).
    pub at_once: bool,
    /// Per player, the players of his team, himself included (`team`; alone
    /// without one).
    pub team: [u16; dsl::limits::MAX_PLAYERS],
    /// Players whose team wins only when every member meets an `end if` condition
    /// (`wins when all`).
    pub team_all: u16,
    /// Players whose team shares royals (`share royals`): the check rule guards the
    /// team's royals for each of them, and `last royal captured` is the team's last.
    pub shared_royals: u16,
    /// Some player has a teammate.
    pub teams: bool,
    /// The teams by name, with their members (bit per player), in declaration order.
    pub team_names: Vec<(String, u16)>,
    /// What each player sees (`see`; `view.rs`).
    pub visibility: dsl::rules::ast::Visibility,
    /// What the referee announces (`announce`: [`ANNOUNCE_CAPTURES`] ... bits;
    /// `position/referee.rs`).
    pub announce: u8,
    /// The board's cell maps (`maps:`), per map the image of each cell
    /// ([`crate::rules::effect::NO_IMAGE`] when it has none).
    pub maps: Vec<Box<[Cell]>>,
    /// `after move [if COND]: transfer through MAP`: the condition (read before the
    /// move) and the map. A move whose piece would land on an occupied image is
    /// illegal; every move is tested by making it.
    pub transfer: Option<(Cond, u16)>,
    /// `hint zugzwang`: passing could help, so the search never tests a position by
    /// passing.
    pub zugzwang: bool,
    /// `hint WORD = N` for the words of [`EVAL_WEIGHTS`]: weights of the computer
    /// player's evaluation, tuned per variant (the search reads them by name when it
    /// builds its tables).
    pub eval_weights: Vec<(&'static str, i64)>,
    /// `hint place PIECE PLAYER = ...` (and `place_end`): per kind, what a piece is
    /// worth on each cell beyond its value, in the middle game (`.0`) and the endgame
    /// (`.1`), in centipawns; learnt from games by `chessgraph tune --places`. Empty
    /// when no table is given; a kind without one has zeros.
    pub eval_places: Vec<(Kind, PlacePhase, Box<[i16]>)>,
    /// Zones that conditions read, per player (index by `Cond`/`Expr` zone ids).
    pub zones: Vec<Vec<CellSet>>,
    /// Explosions of `explode` effects (index by `Effect::Explode`).
    pub explosions: Vec<Explosion>,
    /// Names of the ends of general rules (`EndReason::Rule(i)`).
    pub labels: Vec<String>,
    /// Derived: some rule reads lost points (they are then hashed and written).
    pub reads_lost: bool,
    /// Derived: captures explode (legality then tests by making every capture).
    pub explodes: bool,
    /// Derived: after a move, rules may change the board or who controls it (mines,
    /// explosions, eliminations, control passing): what a move's piece attacks
    /// afterwards is then found by making it.
    pub after_changes_board: bool,
    /// Derived: every rule that explodes is the mover's, read before the move and
    /// met only by a capture ([`Cond::needs_capture`]): a move onto an empty cell
    /// explodes nothing.
    pub quiet_explodes_nothing: bool,
    /// Derived: the check rule's `unless` condition is read before the move and met
    /// only by a capture: it never lets a move onto an empty cell through.
    pub unless_needs_capture: bool,
    /// Derived: the one explosion of the after-move rules, as (rule index in `after`,
    /// index in `explosions`), when it is the mover's rule read before the move and
    /// no rule eliminates, hands over or transfers: a capture's board afterwards is
    /// then known before it is made (`blast.rs`).
    pub lone_blast: Option<(usize, usize)>,
}

/// Which table of places a `hint place` statement gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacePhase {
    /// `place`: the middle game (the opponents keep all their pieces).
    Middle,
    /// `place_end`: the endgame (the opponents have only pawns and royals).
    End,
}

/// The words of the tables of places, by phase.
pub const PLACE_WORDS: [(&str, PlacePhase); 2] = [
    ("place", PlacePhase::Middle),
    ("place_end", PlacePhase::End),
];

/// `announce captures`.
pub(crate) const ANNOUNCE_CAPTURES: u8 = 1;
/// `announce checks`.
pub(crate) const ANNOUNCE_CHECKS: u8 = 2;
/// `announce attempts`.
pub(crate) const ANNOUNCE_ATTEMPTS: u8 = 4;

/// The words of `hint` statements.
pub(crate) const HINTS: &[&str] = &["zugzwang"];

/// The weights of the evaluation a rule file may set with `hint WORD = N`; what each
/// means is the search's (`search::weights`).
pub const EVAL_WEIGHTS: &[&str] = &[
    "reach",
    "mobility",
    "king_attack",
    "king_danger",
    "shelter",
    "promotion",
    "promotion_end",
    "passed",
    "passed_end",
    "doubled",
    "threat",
    "hanging",
];

impl Default for Rules {
    fn default() -> Self {
        Rules {
            check: CheckRule::Never,
            unless: None,
            filters: Vec::new(),
            after: Vec::new(),
            stuck: Vec::new(),
            adjudication: Vec::new(),
            last_player: vec![Effect::Win],
            ep_round: false,
            points: crate::scoring::Points::default(),
            mines: None,
            counters: Vec::new(),
            allow_pass: false,
            at_once: false,
            team: std::array::from_fn(|p| 1 << p),
            team_all: 0,
            team_names: Vec::new(),
            shared_royals: 0,
            teams: false,
            visibility: dsl::rules::ast::Visibility::All,
            announce: 0,
            maps: Vec::new(),
            transfer: None,
            zugzwang: false,
            eval_weights: Vec::new(),
            eval_places: Vec::new(),
            zones: Vec::new(),
            explosions: Vec::new(),
            labels: Vec::new(),
            reads_lost: false,
            explodes: false,
            after_changes_board: false,
            quiet_explodes_nothing: false,
            lone_blast: None,
            unless_needs_capture: false,
        }
    }
}

impl Rules {
    /// True when a rule reads lost points: they are then hashed and written in
    /// position strings.
    pub fn reads_lost(&self) -> bool {
        self.reads_lost
    }
}

/// `a OP b`.
pub(crate) fn compare(a: i64, op: CmpOp, b: i64) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Ge => a >= b,
        CmpOp::Gt => a > b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_all_ops() {
        assert!(compare(2, CmpOp::Le, 2));
        assert!(!compare(3, CmpOp::Le, 2));
        assert!(compare(1, CmpOp::Lt, 2));
        assert!(compare(2, CmpOp::Eq, 2));
        assert!(compare(3, CmpOp::Ne, 2));
        assert!(compare(3, CmpOp::Ge, 2));
        assert!(!compare(2, CmpOp::Gt, 2));
    }
}
