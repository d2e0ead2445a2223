//! Conditions over a position and a move: the compiled form, how the compiler lowers
//! them from the rule file (`dsl::rules::ast::Cond`), and their evaluation.
//!
//! A condition is evaluated for a [`Scope`]: the rule's subject, the player who moved,
//! and, where the stage has one, the facts of the move ([`MoveFacts`]). Evaluation
//! reads the position's lists and counters and never allocates; the few facts that
//! need moves generated (`can move`, checks of every opponent, lone mates) use the
//! position's scratch lists.
//!
//! A new fact is a variant of [`Cond`] here, with its lowering in [`Lower::cond`] and its
//! meaning in [`Position::holds_now`] (or [`Position::holds`] when it generates moves);
//! plus its grammar rule and its syntax tree in the dsl crate (`dsl/src/rules/cond.rs`).

use super::compare;
use super::expr::{Expr, Whose};
use crate::compile::cx::help_for;
use crate::compile::rules::{Lower, Stage};
use crate::ids::{bit, Cell, Kind, PieceType, Player};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;
use crate::variant::OptionValue;
use dsl::limits::{MAX_PIECE_TYPES, MAX_PLAYERS};
use dsl::rules::ast::{self, CmpOp, MaterialScope};
use dsl::Spanned;

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
    /// After the move, the piece that moved could capture a piece of another player of
    /// these kinds.
    Threatens(u64),
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
    /// The move is a drop.
    Drops,
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
        /// Per alternative, its material key ([`crate::material::key_of`]).
        keys: Vec<u64>,
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
    /// Pieces in a row (`line.rs`).
    Line(Box<super::line::Line>),
    /// One of these players is out of the game.
    Eliminated(Whose),
}

impl Cond {
    /// True when the condition reads nothing but how many pieces of each kind stand on
    /// the board, for the subject, every player or a named one (not the mover, the
    /// victim or the player to move, who change from move to move): its value is then a
    /// function of the material alone.
    pub(crate) fn reads_material_only(&self) -> bool {
        match self {
            Cond::True | Cond::Material { .. } => true,
            Cond::Not(c) => c.reads_material_only(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().all(Cond::reads_material_only),
            Cond::Cmp(a, _, b) => a.reads_material_only() && b.reads_material_only(),
            _ => false,
        }
    }
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
    /// The `value`s of the other players' pieces the move removed (`captured value`).
    pub taken: i64,
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

impl Position {
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
                let set = self.players_of(*whose, s) & !(self.team_of(s.mover) as u32);
                let mine = self.friends_of(s.mover);
                (0..self.v.player_count() as Player)
                    .any(|p| set & (1 << p) != 0 && self.royal_attacked_by(p, mine))
            }
            Cond::Captures(kinds) => s.facts.is_some_and(|f| f.removed & kinds != 0),
            Cond::Threatens(kinds) => s.facts.is_some_and(|f| self.threatens(f.mv.to, *kinds)),
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
            Cond::Drops => s.facts.is_some_and(|f| f.mv.kind == mk::DROP),
            Cond::Turn => s.subject == self.to_move,
            Cond::Moved => s.subject == s.mover,
            Cond::RoundStart => {
                let first = (0..self.v.player_count() as Player).find(|&p| !self.is_eliminated(p));
                first == Some(self.to_move)
            }
            Cond::Material { each, alts, keys } => self.material_is(*each, alts, keys),
            Cond::CheckApplies => self.check_applies(s.subject),
            Cond::Blasted(kinds) => s.facts.is_some_and(|f| f.blasted & kinds != 0),
            Cond::Line(line) => self.has_line(line, s),
            Cond::Eliminated(whose) => self.players_of(*whose, s) & self.eliminated as u32 != 0,
            Cond::Can(_) | Cond::LoneMate | Cond::CheckAll(_) => false,
        }
    }

    /// The cells a move leaves and reaches (a castle's: the king's).
    fn move_cells(&self, mv: Move) -> (Cell, Cell) {
        (mv.from, mv.to)
    }

    /// Whether the player to move has a legal move meeting `m` (a `Move` condition).
    /// His moves are generated without the filters that themselves ask `can move` and
    /// without `refuse` (Fairy-Stockfish's moves for a mate test): filters never nest,
    /// so a chain of checking pawn drops cannot recurse.
    fn can_move(&mut self, m: &Cond, s: &Scope) -> bool {
        let mut list = std::mem::take(&mut self.can_scratch);
        let was = std::mem::replace(&mut self.in_can, true);
        self.rule_moves_into(&mut list);
        self.in_can = was;
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

    /// The square (kind + 1; 0: none) `mv` takes, read before it is made: its
    /// target's, or the en-passant victim's. A promotion in place takes nothing.
    #[inline]
    pub(crate) fn taken_by(&self, mv: Move) -> u8 {
        let at = match mv.kind {
            mk::EP_CAPTURE => self.ep[mv.aux as usize].victim,
            mk::NORMAL | mk::CREATES_EP if mv.to != mv.from => mv.to,
            _ => return 0,
        };
        self.board[at as usize]
    }

    /// The facts of `mv` before it is made (explosions are not known yet).
    pub(crate) fn facts_before(&self, mv: Move) -> MoveFacts {
        let board = &self.board;
        let moved = match mv.kind {
            mk::PASS => 0,
            mk::CASTLE => board[mv.from as usize].saturating_sub(1),
            mk::DROP => mv.aux as u8,
            _ => board[mv.from as usize].saturating_sub(1),
        };
        let captured = self.taken_by(mv);
        let (removed, victim, taken) = if captured == 0 {
            (0, None, 0)
        } else {
            let k = captured - 1;
            let (owner, value) = self.v.owner_and_value(k);
            (bit(k), Some(owner), value)
        };
        MoveFacts {
            mv,
            moved,
            removed,
            victim,
            taken,
            blasted: 0,
        }
    }

    /// Whether the material on the board matches one of `alts`, for each player
    /// (`each`) or for the whole board.
    fn material_is(&self, each: bool, alts: &[[u8; MAX_PIECE_TYPES]], keys: &[u64]) -> bool {
        let v = &*self.v;
        // The keys reject at once; a match is confirmed by counting.
        let players = v.player_count();
        let keyed = if each {
            self.player_material[..players]
                .iter()
                .all(|k| keys.contains(k))
        } else {
            keys.contains(&self.material)
        };
        if !keyed {
            return false;
        }
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
            if self.team_of(mover) & (1 << o) != 0 || self.is_eliminated(o) {
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

impl Position {
    /// Whether the piece on `cell` could capture a piece of another player of `kinds`
    /// (its pseudo-legal captures; a list is made only for this question, which only
    /// filters ask, after a move that passed the cheaper conditions).
    pub(crate) fn threatens(&self, cell: Cell, kinds: u64) -> bool {
        let sq = self.board[cell as usize];
        if sq == 0 {
            return false;
        }
        let friends = self.side_of(self.v.kind_owner[sq as usize - 1]);
        let mut list = MoveList::new();
        self.gen_piece(sq - 1, cell, friends, &mut list);
        list.iter().any(|m| {
            let t = self.board[m.to as usize];
            t != 0 && friends & bit(t - 1) == 0 && kinds & bit(t - 1) != 0
        })
    }
}

impl Cond {
    /// True when the condition reads the move (skipped where there is none).
    pub(crate) fn reads_move(&self) -> bool {
        match self {
            Cond::Not(c) => c.reads_move(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::reads_move),
            Cond::Cmp(a, _, b) => a.reads_move() || b.reads_move(),
            Cond::Check(w) | Cond::Eliminated(w) => *w == Whose::Victim,
            Cond::GivesCheck(_)
            | Cond::Captures(_)
            | Cond::Threatens(_)
            | Cond::Move { .. }
            | Cond::Promotes
            | Cond::Castles
            | Cond::Drops
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
            Cond::Move { .. } | Cond::Promotes | Cond::Castles | Cond::Drops | Cond::True => false,
            _ => true,
        }
    }

    /// True when the condition holds only for a move that takes a piece: read from
    /// the move's facts before it is made, a move onto an empty cell (not en passant)
    /// never meets it. Lets legality skip the condition for quiet moves.
    pub(crate) fn needs_capture(&self) -> bool {
        match self {
            Cond::Captures(_) => true,
            Cond::And(cs) => cs.iter().any(Cond::needs_capture),
            Cond::Or(cs) => !cs.is_empty() && cs.iter().all(Cond::needs_capture),
            _ => false,
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

impl Lower<'_, '_> {
    /// A condition.
    pub(crate) fn cond(&mut self, c: &Spanned<ast::Cond>, stage: Stage) -> Option<Cond> {
        let moves_here = !matches!(stage, Stage::Adjudicate | Stage::Check);
        let needs_move = |l: &mut Self, what: &str| {
            if moves_here {
                true
            } else {
                l.no_move_here(c.span, stage, what);
                false
            }
        };
        Some(match &c.node {
            ast::Cond::Or(cs) | ast::Cond::And(cs) => {
                let parts: Vec<Option<Cond>> = cs.iter().map(|c| self.cond(c, stage)).collect();
                let parts: Vec<Cond> = parts.into_iter().collect::<Option<_>>()?;
                if matches!(c.node, ast::Cond::Or(_)) {
                    Cond::Or(parts)
                } else {
                    Cond::And(parts)
                }
            }
            ast::Cond::Not(inner) => Cond::Not(Box::new(self.cond(inner, stage)?)),
            ast::Cond::Compare(a, op, b) => {
                let (a, b) = (self.expr(a, stage), self.expr(b, stage));
                Cond::Cmp(a?, *op, b?)
            }
            ast::Cond::Check(w) => Cond::Check(self.whose(w.as_ref(), stage)?),
            ast::Cond::GivesCheck(w) => {
                if !needs_move(self, "`gives check` is about a move") {
                    return None;
                }
                match self.whose(w.as_ref(), stage)? {
                    Whose::Subject => Cond::GivesCheck(Whose::Others),
                    x => Cond::GivesCheck(x),
                }
            }
            ast::Cond::Captures(pieces) => {
                if !needs_move(self, "`captures` is about a move") {
                    return None;
                }
                Cond::Captures(self.piece_kinds(pieces)?)
            }
            ast::Cond::Threatens(pieces) => {
                if !needs_move(self, "`threatens` is about the piece that moved") {
                    return None;
                }
                Cond::Threatens(self.piece_kinds(pieces)?)
            }
            ast::Cond::Move(m) => {
                if !needs_move(self, "`move` is about a move") {
                    return None;
                }
                self.move_fact(m)?
            }
            ast::Cond::Can(m) => Cond::Can(Box::new(self.move_fact(m)?)),
            ast::Cond::Promotes | ast::Cond::Castles | ast::Cond::Drops => {
                if !needs_move(self, "this fact is about a move") {
                    return None;
                }
                match c.node {
                    ast::Cond::Promotes => Cond::Promotes,
                    ast::Cond::Castles => Cond::Castles,
                    _ => Cond::Drops,
                }
            }
            ast::Cond::Turn => Cond::Turn,
            ast::Cond::Moved => Cond::Moved,
            ast::Cond::RoundStart => Cond::RoundStart,
            ast::Cond::Material {
                scope,
                alternatives,
            } => self.material(*scope, alternatives)?,
            ast::Cond::Name(n) => self.named_cond(n, stage)?,
            ast::Cond::Eliminated(w) => Cond::Eliminated(self.whose(w.as_ref(), stage)?),
            ast::Cond::Line(f) => self.line(f, stage)?,
        })
    }

    /// A name used as a condition: a `def`, or a `bool` option.
    pub(crate) fn named_cond(&mut self, n: &ast::Ident, stage: Stage) -> Option<Cond> {
        let env = self.env;
        if let Some(d) = env.defs.iter().rev().find(|d| d.name.node == n.node) {
            if self.expanding.contains(&d.name.node.as_str()) || self.expanding.len() >= 16 {
                self.cx.error(
                    "compile::def-cycle",
                    format!("`{}` is defined through itself", n.node),
                    n.span,
                    "used inside its own definition",
                    "a `def` may use other defs, but not itself, directly or through them",
                );
                return None;
            }
            self.expanding.push(&d.name.node);
            let c = self.cond(&d.cond, stage);
            self.expanding.pop();
            return c;
        }
        match self.env.opts.lookup(&n.node) {
            Some(OptionValue::Bool(b)) => Some(if *b {
                Cond::True
            } else {
                Cond::Not(Box::new(Cond::True))
            }),
            Some(_) => {
                self.cx.error(
                    "compile::condition-type",
                    format!(
                        "option `{}` is a number or a choice, not a condition",
                        n.node
                    ),
                    n.span,
                    "not true or false",
                    format!("compare it (`{} = ...`) or use a `bool` option", n.node),
                );
                None
            }
            None if self.rules.counters.iter().any(|c| c.name == n.node) => {
                self.cx.error(
                    "compile::condition-type",
                    format!("`{}` is a counter (a number), not a condition", n.node),
                    n.span,
                    "a number",
                    format!("compare it, e.g. `{} >= 3`", n.node),
                );
                None
            }
            None => {
                let known: Vec<&str> = self
                    .env
                    .opts
                    .infos
                    .iter()
                    .filter(|o| matches!(o.value, OptionValue::Bool(_)))
                    .map(|o| o.name.as_str())
                    .collect();
                let mut known = known;
                known.extend(self.env.defs.iter().map(|d| d.name.node.as_str()));
                let mut help = help_for(&n.node, &known, "defs and bool options");
                if known.is_empty() {
                    help = "a condition is a comparison (`pieces queen = 0`), a fact (`check`, \
                            `captures`, ...) or a `bool` option"
                        .into();
                }
                self.cx.error(
                    "compile::unknown-condition",
                    format!("unknown condition `{}`", n.node),
                    n.span,
                    "not a condition",
                    help,
                );
                None
            }
        }
    }

    /// `move [of PIECES] [from ZONE] [into ZONE]`.
    pub(crate) fn move_fact(&mut self, m: &ast::MoveFact) -> Option<Cond> {
        let kinds = self.piece_kinds(&m.pieces);
        let from = m.from.as_ref().map(|z| self.zone(z));
        let into = m.into.as_ref().map(|z| self.zone(z));
        Some(Cond::Move {
            kinds: kinds?,
            from: match from {
                Some(z) => Some(z?),
                None => None,
            },
            into: match into {
                Some(z) => Some(z?),
                None => None,
            },
            zone_owner: Whose::Mover,
        })
    }

    /// `material each|all ALTS` as a condition.
    pub(crate) fn material(
        &mut self,
        scope: MaterialScope,
        alternatives: &[Vec<Spanned<char>>],
    ) -> Option<Cond> {
        let mut alts = Vec::new();
        let mut ok = true;
        for alt in alternatives {
            let mut ts: Vec<PieceType> = Vec::new();
            for l in alt {
                match self.env.types.by_letter(l.node) {
                    Some(t) => ts.push(t),
                    None => {
                        ok = false;
                        self.cx.error(
                            "compile::unknown-letter",
                            format!("no piece type has the letter `{}`", l.node),
                            l.span,
                            "unknown letter",
                            "material alternatives are lists of piece letters",
                        );
                    }
                }
            }
            alts.push(type_counts(&ts));
        }
        ok.then_some(Cond::Material {
            each: scope == MaterialScope::Each,
            keys: alts.iter().map(crate::material::key_of).collect(),
            alts,
        })
    }
}
