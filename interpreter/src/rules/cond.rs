//! Conditions and expressions over a position and a move, and their evaluation.
//!
//! A condition is evaluated for a [`Scope`]: the rule's subject, the player who moved,
//! and, where the stage has one, the facts of the move ([`MoveFacts`]). Evaluation
//! reads the position's lists and counters and never allocates; the few facts that
//! need moves generated (`can move`, checks of every opponent, lone mates) use the
//! position's scratch lists.

use super::compare;
use crate::ids::{bit, Cell, Kind, PieceType, Player};
use crate::moves::{mk, Move};
use crate::position::Position;
use dsl::limits::{MAX_PIECE_TYPES, MAX_PLAYERS};
use dsl::rules::ast::CmpOp;

/// Whose pieces, counter or royals a term or fact reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// The rule's subject.
    Subject,
    /// The player who moved.
    Mover,
    /// The player to move.
    Next,
    /// The owner of the captured piece (nobody when nothing was captured).
    Victim,
    /// Every other player still in (terms sum them; facts hold for any of them).
    Others,
    /// Every player (terms sum them; facts hold for any of them).
    All,
    /// One player.
    Player(Player),
}

/// A whole-number expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expr {
    /// A literal.
    Lit(i64),
    /// Pieces of the kinds in `kinds` (any owner; `whose` picks the owners) standing on
    /// the board, in zone `zone` (resolved for each piece's owner) when given.
    Pieces {
        /// Kinds counted (a kind set over every owner).
        kinds: u64,
        /// A zone id of [`super::Rules::zones`].
        zone: Option<u16>,
        /// Whose pieces.
        whose: Whose,
    },
    /// Royal pieces owned.
    Royals(Whose),
    /// Players still in.
    Players,
    /// Points of material lost.
    Lost(Whose),
    /// How often the position occurred since the last irreversible move.
    Repetitions,
    /// Plies since the last capture or pawn move.
    Quiet,
    /// The move number (1 at the start).
    MoveNumber,
    /// A counter of [`super::Rules::counters`].
    Counter(u16, Whose),
    /// Terms added (`false`) or subtracted (`true`).
    Sum(Vec<(bool, Expr)>),
}

/// A condition.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cond {
    /// Always true.
    True,
    /// `not`.
    Not(Box<Cond>),
    /// All of them.
    And(Vec<Cond>),
    /// Any of them.
    Or(Vec<Cond>),
    /// `A OP B`.
    Cmp(Expr, CmpOp, Expr),
    /// A royal of `whose` is attacked by that player's opponents.
    Check(Whose),
    /// After the move, the mover's pieces attack a royal of `whose`.
    GivesCheck(Whose),
    /// The move removed a piece of another player of these kinds (capture or
    /// explosion).
    Captures(u64),
    /// The moving piece is of these kinds; it starts in zone `from` and arrives in
    /// zone `into` (zones resolved for `zone_owner`).
    Move {
        /// Kinds of the moving piece.
        kinds: u64,
        /// Start zone.
        from: Option<u16>,
        /// Target zone.
        into: Option<u16>,
        /// Whose seat the zones are read for.
        zone_owner: Whose,
    },
    /// The player to move has a legal move meeting this `Move` condition.
    Can(Box<Cond>),
    /// The move promotes.
    Promotes,
    /// The move is a castle.
    Castles,
    /// The subject is the player to move.
    Turn,
    /// The subject made the last move.
    Moved,
    /// The player to move is the first of the turn order still in.
    RoundStart,
    /// Material: for each player (`each`) or the whole board, the count of every piece
    /// type equals one of the alternatives'.
    Material {
        /// Per player rather than the whole board.
        each: bool,
        /// Per alternative, the count of each piece type.
        alts: Vec<[u8; MAX_PIECE_TYPES]>,
    },
    /// The check rule holds for the subject now.
    CheckApplies,
    /// The subject (in check, without a legal move) is mated by one opponent's pieces
    /// alone.
    LoneMate,
    /// The mover's pieces attack a royal of every other player still in (two or
    /// more); with `true`, one of them also has no legal move.
    CheckAll(bool),
    /// A mine blew up a piece of these kinds this move.
    Blasted(u64),
}

/// What a condition may ask about a move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveFacts {
    /// The move.
    pub mv: Move,
    /// The moving piece's kind (the king's for a castle).
    pub moved: Kind,
    /// Kinds of other players' pieces the move removed (captured or exploded).
    pub removed: u64,
    /// Owner of the captured piece (or of the piece a mine blew up).
    pub victim: Option<Player>,
    /// Kinds a mine blew up.
    pub blasted: u64,
}

/// Who a condition is evaluated for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scope {
    /// The rule's subject.
    pub subject: Player,
    /// The player who moved (or is moving, for filters).
    pub mover: Player,
    /// The move, where the stage has one.
    pub facts: Option<MoveFacts>,
}

/// Players as a bit set.
type PlayerSet = u32;

impl Position {
    /// The players `whose` names in `scope`.
    fn players_of(&self, whose: Whose, s: &Scope) -> PlayerSet {
        let one = |p: Player| 1u32 << p;
        let all = (1u32 << self.v.player_count()) - 1;
        match whose {
            Whose::Subject => one(s.subject),
            Whose::Mover => one(s.mover),
            Whose::Next => one(self.to_move),
            Whose::Victim => s.facts.and_then(|f| f.victim).map_or(0, one),
            Whose::Others => all & !(self.eliminated as u32) & !one(s.subject),
            Whose::All => all,
            Whose::Player(p) => one(p),
        }
    }

    /// The value of `e` in `scope`.
    pub(crate) fn value(&self, e: &Expr, s: &Scope) -> i64 {
        let sum_players = |set: PlayerSet, f: &dyn Fn(Player) -> i64| -> i64 {
            (0..self.v.player_count() as Player)
                .filter(|&p| set & (1 << p) != 0)
                .map(f)
                .sum()
        };
        match e {
            Expr::Lit(n) => *n,
            Expr::Pieces { kinds, zone, whose } => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.count_pieces(p, *kinds, *zone))
            }
            Expr::Royals(whose) => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.count_pieces(p, self.v.royal_kinds, None))
            }
            Expr::Players => self.active_count() as i64,
            Expr::Lost(whose) => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.lost[p as usize])
            }
            Expr::Repetitions => self.repetitions() as i64,
            Expr::Quiet => self.quiet as i64,
            Expr::MoveNumber => self.move_number as i64,
            Expr::Counter(c, whose) => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.counter(*c as usize, p))
            }
            Expr::Sum(terms) => terms.iter().fold(0i64, |acc, (minus, t)| {
                let v = self.value(t, s);
                if *minus {
                    acc.saturating_sub(v)
                } else {
                    acc.saturating_add(v)
                }
            }),
        }
    }

    /// Pieces of `player` of the kinds in `kinds`, in zone `zone` when given.
    pub(crate) fn count_pieces(&self, player: Player, kinds: u64, zone: Option<u16>) -> i64 {
        let mut mask = kinds & self.v.owner_kinds[player as usize] & self.present;
        let mut n = 0i64;
        let zone = zone.map(|z| &self.v.rules.zones[z as usize][player as usize]);
        while mask != 0 {
            let k = mask.trailing_zeros() as Kind;
            mask &= mask - 1;
            n += match zone {
                None => self.plen[k as usize] as i64,
                Some(z) => self.pieces_of(k).iter().filter(|&&c| z.contains(c)).count() as i64,
            };
        }
        n
    }

    /// The value of counter `c` of `player`.
    pub(crate) fn counter(&self, c: usize, player: Player) -> i64 {
        self.counters[c * self.v.player_count() + player as usize]
    }

    /// Whether `c` holds in `scope`.
    pub(crate) fn holds(&mut self, c: &Cond, s: &Scope) -> bool {
        match c {
            Cond::Not(c) => !self.holds(c, s),
            Cond::And(cs) => cs.iter().all(|c| self.holds(c, s)),
            Cond::Or(cs) => cs.iter().any(|c| self.holds(c, s)),
            Cond::Can(m) => self.can_move(m, s),
            Cond::LoneMate => self.lone_mater(s.subject).is_some(),
            Cond::CheckAll(mate) => self.checks_all(s.mover, *mate),
            c => self.holds_now(c, s),
        }
    }

    /// [`Position::holds`] for conditions that generate no moves (the compiler allows
    /// only those in the check rule); a costly fact counts as false here.
    pub(crate) fn holds_now(&self, c: &Cond, s: &Scope) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(c) => !self.holds_now(c, s),
            Cond::And(cs) => cs.iter().all(|c| self.holds_now(c, s)),
            Cond::Or(cs) => cs.iter().any(|c| self.holds_now(c, s)),
            Cond::Cmp(a, op, b) => compare(self.value(a, s), *op, self.value(b, s)),
            Cond::Check(whose) => {
                let set = self.players_of(*whose, s);
                (0..self.v.player_count() as Player)
                    .any(|p| set & (1 << p) != 0 && self.royal_attacked(p))
            }
            Cond::GivesCheck(whose) => {
                let set = self.players_of(*whose, s) & !(1 << s.mover);
                let mine = self.friends_of(s.mover);
                (0..self.v.player_count() as Player)
                    .any(|p| set & (1 << p) != 0 && self.royal_attacked_by(p, mine))
            }
            Cond::Captures(kinds) => s.facts.is_some_and(|f| f.removed & kinds != 0),
            Cond::Move {
                kinds,
                from,
                into,
                zone_owner,
            } => {
                let Some(f) = s.facts else { return false };
                if f.mv.kind == mk::PASS || kinds & bit(f.moved) == 0 {
                    return false;
                }
                let owner = match self.players_of(*zone_owner, s) {
                    0 => return false,
                    set => set.trailing_zeros() as usize,
                };
                let zones = &self.v.rules.zones;
                let (a, b) = self.move_cells(f.mv);
                from.map_or(true, |z| zones[z as usize][owner].contains(a))
                    && into.map_or(true, |z| zones[z as usize][owner].contains(b))
            }
            Cond::Promotes => s.facts.is_some_and(|f| f.mv.promotion().is_some()),
            Cond::Castles => s.facts.is_some_and(|f| f.mv.kind == mk::CASTLE),
            Cond::Turn => s.subject == self.to_move,
            Cond::Moved => s.subject == s.mover,
            Cond::RoundStart => {
                let first = (0..self.v.player_count() as Player).find(|&p| !self.is_eliminated(p));
                first == Some(self.to_move)
            }
            Cond::Material { each, alts } => self.material_is(*each, alts),
            Cond::CheckApplies => self.check_applies(s.subject),
            Cond::Blasted(kinds) => s.facts.is_some_and(|f| f.blasted & kinds != 0),
            Cond::Can(_) | Cond::LoneMate | Cond::CheckAll(_) => false,
        }
    }

    /// The cells a move leaves and reaches (a castle's: the king's).
    fn move_cells(&self, mv: Move) -> (Cell, Cell) {
        (mv.from, mv.to)
    }

    /// Whether the player to move has a legal move meeting `m` (a `Move` condition).
    fn can_move(&mut self, m: &Cond, s: &Scope) -> bool {
        let mut list = std::mem::take(&mut self.can_scratch);
        self.rule_moves_into(&mut list);
        let me = self.to_move;
        let mut found = false;
        for &mv in list.iter() {
            let facts = self.facts_before(mv);
            let scope = Scope {
                subject: s.subject,
                mover: me,
                facts: Some(facts),
            };
            if self.holds(m, &scope) {
                found = true;
                break;
            }
        }
        self.can_scratch = list;
        found
    }

    /// The facts of `mv` before it is made (explosions are not known yet).
    pub(crate) fn facts_before(&self, mv: Move) -> MoveFacts {
        let board = &self.board;
        let moved = match mv.kind {
            mk::PASS => 0,
            mk::CASTLE => board[mv.from as usize].saturating_sub(1),
            _ => board[mv.from as usize].saturating_sub(1),
        };
        let at = match mv.kind {
            mk::EP_CAPTURE => Some(self.ep[mv.aux as usize].victim),
            mk::NORMAL | mk::CREATES_EP => Some(mv.to),
            _ => None,
        };
        let captured = at.map_or(0, |c| board[c as usize]);
        let (removed, victim) = if captured == 0 {
            (0, None)
        } else {
            let k = captured - 1;
            (bit(k), Some(self.v.kind_owner[k as usize]))
        };
        MoveFacts {
            mv,
            moved,
            removed,
            victim,
            blasted: 0,
        }
    }

    /// Whether the material on the board matches one of `alts`, for each player
    /// (`each`) or for the whole board.
    fn material_is(&self, each: bool, alts: &[[u8; MAX_PIECE_TYPES]]) -> bool {
        let v = &*self.v;
        let counts = |owner: Option<Player>| {
            let mut c = [0u16; MAX_PIECE_TYPES];
            for k in 0..v.kind_count() {
                if owner.map_or(true, |o| v.kind_owner[k] == o) {
                    let t = v.kind_type[k] as usize;
                    c[t] = c[t].saturating_add(self.plen[k]);
                }
            }
            c
        };
        let matches = |c: [u16; MAX_PIECE_TYPES]| {
            alts.iter()
                .any(|a| a.iter().zip(c.iter()).all(|(&x, &y)| x as u16 == y))
        };
        if each {
            (0..v.player_count() as Player).all(|p| matches(counts(Some(p))))
        } else {
            matches(counts(None))
        }
    }

    /// Whether `mover`'s pieces attack a royal of every other player still in (two or
    /// more); with `mate`, whether one of them would also have no legal move.
    fn checks_all(&mut self, mover: Player, mate: bool) -> bool {
        let mine = self.friends_of(mover);
        let mut opponents = [0 as Player; MAX_PLAYERS];
        let mut count = 0;
        for o in 0..self.v.player_count() as Player {
            if o == mover || self.is_eliminated(o) {
                continue;
            }
            if !self.royal_attacked_by(o, mine) {
                return false;
            }
            opponents[count] = o;
            count += 1;
        }
        if count < 2 {
            return false;
        }
        !mate || opponents[..count].iter().any(|&o| self.without_moves(o))
    }
}

/// Per piece type, how many of each a material alternative holds.
pub(crate) fn type_counts(types: &[PieceType]) -> [u8; MAX_PIECE_TYPES] {
    let mut c = [0u8; MAX_PIECE_TYPES];
    for &t in types {
        c[t as usize] = c[t as usize].saturating_add(1);
    }
    c
}

impl Cond {
    /// True when the condition reads the move (skipped where there is none).
    pub(crate) fn reads_move(&self) -> bool {
        match self {
            Cond::Not(c) => c.reads_move(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::reads_move),
            Cond::Cmp(a, _, b) => a.reads_victim() || b.reads_victim(),
            Cond::Check(w) => *w == Whose::Victim,
            Cond::GivesCheck(_)
            | Cond::Captures(_)
            | Cond::Move { .. }
            | Cond::Promotes
            | Cond::Castles
            | Cond::CheckAll(_)
            | Cond::Blasted(_) => true,
            _ => false,
        }
    }

    /// True when evaluating the condition generates moves.
    pub(crate) fn costly(&self) -> bool {
        match self {
            Cond::Not(c) | Cond::Can(c) => c.costly() || matches!(self, Cond::Can(_)),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::costly),
            Cond::LoneMate | Cond::CheckAll(_) => true,
            _ => false,
        }
    }

    /// True when a filter must make the move to evaluate the condition (it reads the
    /// position after the move); else the move's facts are enough.
    pub(crate) fn reads_after(&self, explodes: bool) -> bool {
        match self {
            Cond::Not(c) => c.reads_after(explodes),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(|c| c.reads_after(explodes)),
            Cond::Cmp(a, _, b) => !a.constant_in_move() || !b.constant_in_move(),
            Cond::Captures(_) => explodes,
            Cond::Move { .. } | Cond::Promotes | Cond::Castles | Cond::True => false,
            _ => true,
        }
    }

    /// True when the condition reads lost points.
    pub(crate) fn reads_lost(&self) -> bool {
        match self {
            Cond::Not(c) | Cond::Can(c) => c.reads_lost(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::reads_lost),
            Cond::Cmp(a, _, b) => a.reads_lost() || b.reads_lost(),
            _ => false,
        }
    }
}

impl Expr {
    fn reads_victim(&self) -> bool {
        match self {
            Expr::Pieces { whose, .. }
            | Expr::Royals(whose)
            | Expr::Lost(whose)
            | Expr::Counter(_, whose) => *whose == Whose::Victim,
            Expr::Sum(ts) => ts.iter().any(|(_, t)| t.reads_victim()),
            _ => false,
        }
    }

    /// True when a move cannot change the value before it is made: lost points and
    /// counters of the players involved are read before the move (filters).
    fn constant_in_move(&self) -> bool {
        match self {
            Expr::Lit(_) | Expr::Lost(_) | Expr::Counter(..) | Expr::Players => true,
            Expr::Sum(ts) => ts.iter().all(|(_, t)| t.constant_in_move()),
            _ => false,
        }
    }

    pub(crate) fn reads_lost(&self) -> bool {
        match self {
            Expr::Lost(_) => true,
            Expr::Sum(ts) => ts.iter().any(|(_, t)| t.reads_lost()),
            _ => false,
        }
    }
}
