//! Expressions of the rule core: whole numbers read from the position (piece counts,
//! royals, players, lost points, repetitions, counters) and added up; whose pieces or
//! counters they read; how the compiler lowers them from the rule file
//! (`dsl::rules::ast::Expr`) and how a position evaluates them, without allocating.
//!
//! A new term is a variant of [`Expr`] here, with its lowering in [`Lower::term`] and its
//! value in [`Position::value`]; plus its grammar rule and its syntax tree in the dsl
//! crate (`dsl/src/rules/expr.rs`).

use super::cond::Scope;
use crate::compile::dirsets::dirs_of;
use crate::compile::rules::{Lower, Stage};
use crate::ids::{bit, Cell, Kind, Player};
use crate::position::Position;
use dsl::rules::ast;
use dsl::Spanned;

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
    /// The subject's team, himself included (`team`; himself without one).
    Team,
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
    /// Pieces of the kinds in `kinds` on the cells reached from the move's target by
    /// any number of steps along the directions of `dirs` (per owner and cell), in
    /// zone `zone` when given; the target itself is not counted. A filter reads the
    /// board before the move (Shogi: is there a pawn on the file of this drop?).
    PiecesAlong {
        /// Kinds counted (a kind set over every owner).
        kinds: u64,
        /// A zone id of [`super::Rules::zones`].
        zone: Option<u16>,
        /// Per owner and cell, the directions followed.
        dirs: Box<[u32]>,
        /// Whose pieces.
        whose: Whose,
    },
    /// Royal pieces owned.
    Royals(Whose),
    /// Players still in.
    Players,
    /// Other players still in whose royal the subject's pieces attack.
    PlayersChecked,
    /// The `value`s of the other players' pieces the move removed.
    CapturedValue,
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

/// Players as a bit set.
pub(crate) type PlayerSet = u32;

impl Position {
    /// The players `whose` names in `scope`.
    pub(crate) fn players_of(&self, whose: Whose, s: &Scope) -> PlayerSet {
        let one = |p: Player| 1u32 << p;
        let all = (1u32 << self.v.player_count()) - 1;
        match whose {
            Whose::Subject => one(s.subject),
            Whose::Mover => one(s.mover),
            Whose::Next => one(self.to_move),
            Whose::Victim => s.facts.and_then(|f| f.victim).map_or(0, one),
            Whose::Others => all & !(self.eliminated as u32) & !one(s.subject),
            Whose::All => all,
            Whose::Team => self.team_of(s.subject) as u32,
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
            Expr::PiecesAlong {
                kinds,
                zone,
                dirs,
                whose,
            } => {
                let Some(to) = s.facts.map(|f| f.mv.to) else {
                    return 0;
                };
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.count_along(p, *kinds, *zone, dirs, to))
            }
            Expr::Royals(whose) => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.count_pieces(p, self.v.royal_kinds, None))
            }
            Expr::Players => self.active_count() as i64,
            Expr::PlayersChecked => {
                let mine = self.friends_of(s.subject);
                (0..self.v.player_count() as Player)
                    .filter(|&p| {
                        self.team_of(s.subject) & (1 << p) == 0
                            && !self.is_eliminated(p)
                            && self.royal_attacked_by(p, mine)
                    })
                    .count() as i64
            }
            Expr::CapturedValue => s.facts.map_or(0, |f| f.taken),
            Expr::Lost(whose) => {
                let set = self.players_of(*whose, s);
                sum_players(set, &|p| self.lost[p as usize])
            }
            Expr::Repetitions => match self.repetitions() {
                r if r >= 2 && self.repeats_decide => i64::from(u16::MAX),
                r => r as i64,
            },
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

    /// Pieces of `player` of the kinds in `kinds` on the rays from `to` along his
    /// directions of `dirs`, in zone `zone` when given.
    fn count_along(
        &self,
        player: Player,
        kinds: u64,
        zone: Option<u16>,
        dirs: &[u32],
        to: Cell,
    ) -> i64 {
        let kinds = kinds & self.v.owner_kinds[player as usize];
        let cells = self.v.cell_count();
        let zone = zone.map(|z| &self.v.rules.zones[z as usize][player as usize]);
        let topo = &self.v.topo;
        let mut n = 0;
        for d in dirs_of(dirs[player as usize * cells + to as usize]) {
            for node in topo.ray(topo.ray_id(to, d)) {
                let sq = self.board[node.cell as usize];
                if sq != 0
                    && kinds & bit(sq - 1) != 0
                    && zone.map_or(true, |z| z.contains(node.cell))
                {
                    n += 1;
                }
            }
        }
        n
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

    /// The value of counter `c` (in the order of [`crate::Variant::counter_names`]) of
    /// `player`: checks given in three-check, points scored, ...
    pub fn counter(&self, c: usize, player: Player) -> i64 {
        self.counters[c * self.v.player_count() + player as usize]
    }
}

impl Expr {
    /// True when the term counts pieces on the whole board (no zone) of players that
    /// do not change from move to move, or is built from such counts and numbers.
    pub(crate) fn reads_material_only(&self) -> bool {
        let fixed = |w: &Whose| {
            matches!(
                w,
                Whose::Subject | Whose::All | Whose::Team | Whose::Player(_)
            )
        };
        match self {
            Expr::Lit(_) => true,
            Expr::Pieces { zone, whose, .. } => zone.is_none() && fixed(whose),
            Expr::Royals(whose) => fixed(whose),
            Expr::Sum(terms) => terms.iter().all(|(_, e)| e.reads_material_only()),
            _ => false,
        }
    }

    pub(crate) fn reads_victim(&self) -> bool {
        match self {
            Expr::Pieces { whose, .. }
            | Expr::PiecesAlong { whose, .. }
            | Expr::Royals(whose)
            | Expr::Lost(whose)
            | Expr::Counter(_, whose) => *whose == Whose::Victim,
            Expr::Sum(ts) => ts.iter().any(|(_, t)| t.reads_victim()),
            _ => false,
        }
    }

    /// True when the value reads the move (its target).
    pub(crate) fn reads_move(&self) -> bool {
        match self {
            Expr::PiecesAlong { .. } | Expr::CapturedValue => true,
            Expr::Sum(ts) => ts.iter().any(|(_, t)| t.reads_move()),
            _ => self.reads_victim(),
        }
    }

    /// True when a filter reads the value before the move is made: lost points and
    /// counters of the players involved, and pieces along lines from the target.
    pub(crate) fn constant_in_move(&self) -> bool {
        match self {
            Expr::Lit(_)
            | Expr::Lost(_)
            | Expr::Counter(..)
            | Expr::Players
            | Expr::CapturedValue
            | Expr::PiecesAlong { .. } => true,
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

impl Lower<'_, '_> {
    /// An expression.
    pub(crate) fn expr(&mut self, e: &Spanned<ast::Expr>, stage: Stage) -> Option<Expr> {
        let mut terms = Vec::new();
        let mut ok = true;
        for (minus, t) in &e.node.terms {
            match self.term(t, stage) {
                Some(x) => terms.push((*minus, x)),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        Some(match terms.as_slice() {
            [(false, _)] => terms.pop().map(|(_, t)| t)?,
            _ => Expr::Sum(terms),
        })
    }

    pub(crate) fn term(&mut self, t: &Spanned<ast::Term>, stage: Stage) -> Option<Expr> {
        Some(match &t.node {
            ast::Term::Num(n) => Expr::Lit(*n),
            ast::Term::Pieces {
                pieces,
                zone,
                along,
                whose,
            } => {
                let kinds = self.piece_kinds(pieces);
                let zone = zone.as_ref().map(|z| self.zone(z));
                let whose = self.whose(whose.as_ref(), stage)?;
                let zone = match zone {
                    Some(z) => Some(z?),
                    None => None,
                };
                match along {
                    None => Expr::Pieces {
                        kinds: kinds?,
                        zone,
                        whose,
                    },
                    Some(dirs) => {
                        if stage == Stage::Adjudicate {
                            self.no_move_here(
                                t.span,
                                stage,
                                "`along` follows lines from the move's target",
                            );
                            return None;
                        }
                        let dirs = self.line_dirs(dirs)?;
                        Expr::PiecesAlong {
                            kinds: kinds?,
                            zone,
                            dirs,
                            whose,
                        }
                    }
                }
            }
            ast::Term::Royals(w) => Expr::Royals(self.whose(w.as_ref(), stage)?),
            ast::Term::Players => Expr::Players,
            ast::Term::PlayersChecked => Expr::PlayersChecked,
            ast::Term::CapturedValue => {
                if matches!(stage, Stage::Adjudicate | Stage::Check) {
                    self.no_move_here(t.span, stage, "`captured value` is about a move");
                    return None;
                }
                Expr::CapturedValue
            }
            ast::Term::Lost(w) => Expr::Lost(self.whose(w.as_ref(), stage)?),
            ast::Term::Repetitions => Expr::Repetitions,
            ast::Term::Quiet => Expr::Quiet,
            ast::Term::Name(n, w) => {
                if let Some(i) = self.rules.counters.iter().position(|c| c.name == n.node) {
                    return Some(Expr::Counter(i as u16, self.whose(w.as_ref(), stage)?));
                }
                if self.env.opts.lookup(&n.node).is_some() {
                    let v =
                        self.env
                            .opts
                            .num(&ast::Num::Option(n.node.clone()), n.span, self.cx)?;
                    return Some(Expr::Lit(v));
                }
                self.counter_index(n)?;
                return None;
            }
        })
    }
    /// `of WHOSE`.
    pub(crate) fn whose(&mut self, w: Option<&Spanned<ast::Whose>>, stage: Stage) -> Option<Whose> {
        let Some(w) = w else {
            return Some(Whose::Subject);
        };
        Some(match &w.node {
            ast::Whose::Subject => Whose::Subject,
            ast::Whose::Mover => Whose::Mover,
            ast::Whose::Next => Whose::Next,
            ast::Whose::Victim => {
                if stage == Stage::Adjudicate {
                    self.no_move_here(
                        w.span,
                        stage,
                        "`victim` is the owner of what a move captured",
                    );
                    return None;
                }
                Whose::Victim
            }
            ast::Whose::Others => Whose::Others,
            ast::Whose::All => Whose::All,
            ast::Whose::Team => Whose::Team,
            ast::Whose::Player(p) => Whose::Player(self.env.players.resolve(p, self.cx)?),
        })
    }
}
