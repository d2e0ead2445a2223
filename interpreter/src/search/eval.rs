//! The static evaluation: what a position is worth to one player, from data only.
//!
//! The terms, none of them about a particular game:
//! - material: the rule file's `value` of each piece (x100), on the board or in hand;
//! - mobility: how many cells each piece type reaches from its cell on an empty
//!   board (computed once from the move tables, so knights prefer the centre and
//!   rooks open lines on any board graph), plus a term concave in the moves each
//!   piece other than pawns and royals has in the position, relative to the most
//!   its kind can have (a shut-in piece costs, each further move counts less); a
//!   royal seeks the open only in the endgame, and shelters (prefers cells with
//!   less reach) while the opponents still have their pieces;
//! - promotion: a piece that may promote is worth more the fewer of its own moves
//!   it needs to reach a promoting move (pawns that advance), in proportion to what
//!   it gains by promoting; a passed pawn (no enemy pawn can block or take it on its
//!   path, [`super::pawns`]) more, most in the endgame; a doubled one less;
//! - king safety: the opponents' pieces whose moves reach the cells next to a royal
//!   (its empty-board moves) make a danger that grows with the square of their
//!   number and reach, a penalty for the royal's owner (it also drives a lone king
//!   to the edge); friendly pieces on those cells are a bonus while the opponents
//!   keep their force;
//! - threats (boards of at most 128 cells, from each piece's capture set): a piece
//!   that a cheaper enemy piece could take costs its owner, and so does one that an
//!   enemy could take and no piece of its side defends;
//! - places (only where the rule files give tables, `hint place`): what a piece of
//!   each kind is worth on each cell, learnt from games ([`super::places`]), blended
//!   between the middle-game and the endgame table by the same phase.
//!
//! A player's worth is his own terms; the position's value for `me` is his worth
//! minus the mean worth of the other players still in the game, plus, with more than
//! two players, half the mean starting worth for each opponent already out (one
//! opponent fewer is a gain, however weak he was).

use super::places::{place_index, Places};
use super::weights::Weights;
use crate::ids::{bit, Cell, Kind, Player, MAX_KINDS};
use crate::move_bits::{cell_bit, Cells};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::Variant;
use dsl::limits::MAX_PLAYERS;
use std::cell::RefCell;
use std::sync::Arc;

/// Centipawns per unit of the rule file's `value`.
const PAWN: i32 = 100;
/// The worth of a royal when taken (variants where royals may be captured).
const ROYAL: i32 = 5000;
/// Centipawns for a passed pawn (no enemy pawn can block or take it on its way),
/// as a share (1/256) of its promotion gain by its distance from promoting (weighted
/// by the game's phase: `passed`, `passed_end`).
const PASSED_SHARE: [i32; 7] = [0, 32, 24, 16, 10, 6, 4];

/// The share (in 1/256) of its promotion gain a piece is worth when it is `d` of its
/// own moves away from promoting (index `d`; beyond the table, nothing).
const PROMOTION_SHARE: [i32; 6] = [0, 64, 32, 16, 8, 4];

/// Tables computed once per variant.
pub struct Evaluator {
    v: Arc<Variant>,
    /// The weights of the terms.
    w: Weights,
    /// `value[kind]` in centipawns.
    value: Vec<i32>,
    /// `reach[kind * cells + cell]`: empty-board move count.
    reach: Vec<u8>,
    /// `promotion[kind * cells + cell]`: the bonus (centipawns) of a piece that may
    /// promote, by how near its promotion is.
    promotion: Vec<i16>,
    /// `passed[kind * cells + cell]`: the middle-game bonus of a passed pawn there.
    passed: Vec<i16>,
    /// `mobility[kind * (MAX_MOVES + 1) + moves]`: the live mobility term.
    mobility: Vec<i16>,
    /// Paths and reaches of the pawns.
    pawns: super::pawns::PawnTables,
    /// Per cell, the players whose royals stand next to it (scratch, cleared after
    /// each evaluation).
    marks: RefCell<Vec<u16>>,
    /// Per player, the value of his pieces that are neither pawns nor royal at the
    /// start: the scale of the game phase.
    start_force: [i32; MAX_PLAYERS],
    /// What each opponent already out of the game is worth to a player still in it
    /// (more than two players): half a player's mean worth at the start. Without it
    /// the mean over fewer opponents makes eliminating a weak one look like a loss
    /// (the strong one's worth then counts alone), and nobody takes the last king.
    eliminated: i32,
    /// Per royal kind and cell: the cells next to it (its empty-board targets).
    zone: Vec<Vec<Cell>>,
    /// Values already computed, by position hash and player ([`CACHE_SLOTS`]).
    cache: RefCell<Vec<(u64, i32)>>,
    /// Scratch list for a piece's moves (no allocation per evaluation).
    scratch: RefCell<MoveList>,
    /// `pawn_keys[kind * cells + cell]`: random keys of the pawns' cells.
    pawn_keys: Vec<u64>,
    /// The pawn terms already computed, by the key of the pawns' cells.
    pawn_cache: RefCell<Vec<PawnTerms>>,
    /// Every kind, cheapest to take first (royals last): the order in which the
    /// exchange evaluation looks for a recapture.
    by_value: Vec<Kind>,
    /// `promotes_next[kind * cells + cell]`: a piece there has a move that promotes
    /// (on the empty board): quiescence then looks at quiet promotions too.
    promotes_next: Vec<bool>,
    /// The kinds with some cell in `promotes_next`.
    promoting_kinds: u64,
    /// What each kind is worth on each cell, learnt from games; `None` when the
    /// variant gives no tables.
    places: Option<Places>,
}

impl Evaluator {
    /// Builds the tables for `variant` by generating each piece's moves alone on
    /// the empty board.
    pub fn new(variant: &Arc<Variant>) -> Evaluator {
        Evaluator::with_weights(variant, Weights::of(variant))
    }

    /// The tables for `variant` with other weights than its own (tuning).
    pub fn with_weights(variant: &Arc<Variant>, w: Weights) -> Evaluator {
        Evaluator::with_weights_and_places(variant, w, Places::of(variant))
    }

    /// The tables for `variant` with other weights and tables of places than its
    /// own (tuning).
    pub fn with_weights_and_places(
        variant: &Arc<Variant>,
        w: Weights,
        places: Places,
    ) -> Evaluator {
        let v = variant.clone();
        let cells = v.cell_count();
        let kinds = v.kind_count();
        let mut value = vec![0; kinds];
        let mut reach = vec![0u8; kinds * cells];
        let mut zone = vec![Vec::new(); kinds * cells];
        let mut pos = Position::empty(&v);
        let mut list = MoveList::new();
        for k in 0..kinds {
            let (_, val) = v.owner_and_value(k as Kind);
            value[k] = (val.clamp(-1000, 1000) as i32) * PAWN;
            let royal = v.royal_kinds & bit(k as Kind) != 0;
            for c in 0..cells {
                pos.put(c as Cell, k as Kind);
                list.clear();
                pos.gen_piece(k as Kind, c as Cell, bit(k as Kind), &mut list);
                reach[k * cells + c] = list.len().min(255) as u8;
                if royal {
                    let mut z: Vec<Cell> = list.iter().map(|m| m.to()).collect();
                    z.sort_unstable();
                    z.dedup();
                    zone[k * cells + c] = z;
                }
                pos.remove(c as Cell);
            }
        }
        let (promotion, passed, promotes_next) = promotion_bonus(&v, &value, &mut pos);
        let promoting_kinds = (0..kinds)
            .filter(|&k| promotes_next[k * cells..(k + 1) * cells].contains(&true))
            .fold(0u64, |m, k| m | bit(k as Kind));
        let mobility = mobility_table(&v, &reach, w.mobility);
        let mut e = Evaluator {
            w,
            pawns: super::pawns::PawnTables::new(&v),
            marks: RefCell::new(vec![0; cells]),
            cache: RefCell::new(vec![(0, 0); CACHE_SLOTS]),
            v,
            value,
            reach,
            promotion,
            passed,
            mobility,
            start_force: [0; MAX_PLAYERS],
            eliminated: 0,
            zone,
            scratch: RefCell::new(MoveList::new()),
            pawn_keys: {
                let mut seed = PAWN_KEY_SEED;
                (0..kinds * cells)
                    .map(|_| crate::zobrist::splitmix64(&mut seed))
                    .collect()
            },
            pawn_cache: RefCell::new(vec![PawnTerms::default(); PAWN_SLOTS]),
            by_value: Vec::new(),
            promotes_next,
            promoting_kinds,
            places: (!places.is_zero()).then_some(places),
        };
        let mut by_value: Vec<Kind> = (0..kinds as Kind).collect();
        by_value.sort_by_key(|&k| e.taken_value(k));
        e.by_value = by_value;
        let start = Position::start(&e.v);
        e.start_force = e.force(&start);
        let n = e.v.player_count();
        if n > 2 {
            let w = e.worths(&start);
            e.eliminated = w[..n].iter().sum::<i32>() / n as i32 / 2;
        }
        e
    }

    /// Per player, the value of his pieces that are neither pawns nor royal.
    fn force(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let v = &*self.v;
        let mut f = [0i32; MAX_PLAYERS];
        let mut kinds = pos.present & !(v.pawn_kinds | v.royal_kinds);
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            f[owner] += self.value[k as usize].max(0) * pos.pieces_of(k).len() as i32;
        }
        f
    }

    /// Per player, how far his opponents still have their pieces that are neither
    /// pawns nor royal (256: all of them, the middle game; 0: none, the endgame).
    fn phases(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let n = self.v.player_count();
        let force = self.force(pos);
        let total: i32 = force[..n].iter().sum();
        let start: i32 = self.start_force[..n].iter().sum();
        let mut middle = [0i32; MAX_PLAYERS];
        for p in 0..n {
            let theirs = total - force[p];
            let start_theirs = (start - self.start_force[p]).max(1);
            middle[p] = (theirs * 256 / start_theirs).clamp(0, 256);
        }
        middle
    }

    /// How much each player's worth counts in [`Evaluator::value`] for `me`: his
    /// team's players still in the game share +1, the other players still in it
    /// share -1, players out count nothing.
    fn worth_shares(&self, pos: &Position, me: Player) -> [f32; MAX_PLAYERS] {
        let n = self.v.player_count();
        let team = pos.team_of(me);
        let ours = |p: usize| team & (1 << p) != 0;
        let live = |p: usize| p == me as usize || !pos.is_eliminated(p as Player);
        let our_count = (0..n).filter(|&p| ours(p) && live(p)).count().max(1) as f32;
        let their_count = (0..n).filter(|&p| !ours(p) && live(p)).count().max(1) as f32;
        let mut share = [0f32; MAX_PLAYERS];
        for (p, x) in share.iter_mut().enumerate().take(n) {
            if pos.is_eliminated(p as Player) {
                continue;
            }
            *x = if ours(p) {
                1.0 / our_count
            } else {
                -1.0 / their_count
            };
        }
        share
    }

    /// The weight of each entry of the tables of places ([`Places::index`]) in
    /// [`Evaluator::value`] of `pos` for `me`, pushed to `out` as (index, weight):
    /// the value is linear in the tables, which is what lets the tuner fit them by
    /// gradient descent.
    pub fn place_features(&self, pos: &Position, me: Player, out: &mut Vec<(u32, f32)>) {
        use crate::rules::PlacePhase;
        let v = &*self.v;
        let middle = self.phases(pos);
        let share = self.worth_shares(pos, me);
        let cells = v.cell_count();
        let mut kinds = pos.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            if share[owner] == 0.0 {
                continue;
            }
            let mid = middle[owner] as f32 / 256.0;
            for &c in pos.pieces_of(k) {
                let i = place_index(cells, k, c, PlacePhase::Middle) as u32;
                let j = place_index(cells, k, c, PlacePhase::End) as u32;
                out.push((i, share[owner] * mid));
                out.push((j, share[owner] * (1.0 - mid)));
            }
        }
    }

    /// The variant these tables belong to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The worth of the piece on `cell` when it is taken (centipawns; a royal, which
    /// carries no value in the rule files, counts as [`ROYAL`]; an empty cell 0).
    pub(crate) fn value_at(&self, pos: &Position, cell: Cell) -> i32 {
        match pos.board[cell as usize] {
            0 => 0,
            sq => self.taken_value((sq - 1) as Kind),
        }
    }

    /// True when the player to move has a piece one move from promoting (on the
    /// empty board): his quiet promotions are worth a look in quiescence.
    pub(crate) fn may_promote(&self, pos: &Position) -> bool {
        let cells = self.v.cell_count();
        let mut kinds = self.promoting_kinds & pos.friends_of(pos.to_move()) & pos.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let at = k as usize * cells;
            if pos
                .pieces_of(k)
                .iter()
                .any(|&c| self.promotes_next[at + c as usize])
            {
                return true;
            }
        }
        false
    }

    /// What `m` gains in material: the piece it takes, plus what a promotion adds
    /// to the piece that moves (centipawns).
    pub(crate) fn material_gain(&self, pos: &Position, m: Move) -> i32 {
        let taken = self.capture_value(pos, m);
        let Some(t) = m.promotion() else {
            return taken;
        };
        let sq = pos.board[m.from() as usize];
        if sq == 0 {
            return taken;
        }
        let mover = (sq - 1) as Kind;
        let promoted = self.v.kind(t, self.v.kind_owner[mover as usize]);
        taken + self.value[promoted as usize] - self.value[mover as usize]
    }

    /// Every kind, cheapest to take first (royals last).
    pub(crate) fn kinds_by_value(&self) -> &[Kind] {
        &self.by_value
    }

    /// The worth of a piece of `kind` once it has moved from `from` to `to`: the
    /// best type it may promote to there, if more.
    pub(crate) fn worth_on_arrival(&self, kind: Kind, from: Cell, to: Cell) -> i32 {
        let t = &self.v.tables;
        let worth = self.taken_value(kind);
        let p = t.promotion_of(kind, from, to);
        let Some(promo) = t.promos.get(p as usize).filter(|_| p != 0) else {
            return worth;
        };
        let owner = self.v.kind_owner[kind as usize];
        promo
            .types
            .iter()
            .map(|&ty| self.taken_value(self.v.kind(ty, owner)))
            .fold(worth, i32::max)
    }

    fn taken_value(&self, kind: Kind) -> i32 {
        if self.v.royal_kinds & bit(kind) != 0 {
            ROYAL
        } else {
            self.value[kind as usize]
        }
    }

    /// The worth of what `m` takes (centipawns, 0 for a move that takes nothing).
    pub(crate) fn capture_value(&self, pos: &Position, m: Move) -> i32 {
        let at = match m.kind() {
            MoveKind::Normal => m.to(),
            MoveKind::EnPassant => pos.ep[m.aux as usize].victim,
            _ => return 0,
        };
        if at == m.from() {
            return 0;
        }
        self.value_at(pos, at)
    }

    /// Each player's worth in centipawns (eliminated players: 0).
    pub fn worths(&self, pos: &Position) -> [i32; MAX_PLAYERS] {
        let v = &*self.v;
        let cells = v.cell_count();
        let n = v.player_count();
        let mut w = [0i32; MAX_PLAYERS];
        let middle = self.phases(pos);
        // The cells next to each royal, marked with its owner (and as cell sets).
        let mut marks = self.marks.borrow_mut();
        let mut zone_cells: [Cells; MAX_PLAYERS] = [0; MAX_PLAYERS];
        let mut zoned = 0u16;
        let mut royals = v.royal_kinds & pos.present;
        while royals != 0 {
            let k = royals.trailing_zeros() as Kind;
            royals &= royals - 1;
            let owner = v.kind_owner[k as usize];
            for &c in pos.pieces_of(k) {
                for &z in &self.zone[k as usize * cells + c as usize] {
                    marks[z as usize] |= 1 << owner;
                    if self.v.move_bits.is_some() {
                        zone_cells[owner as usize] |= cell_bit(z);
                        zoned |= 1 << owner;
                    }
                }
            }
        }
        // Per kind, the cells of its pieces (cell sets only).
        let mut kind_cells: [Cells; MAX_KINDS] = [0; MAX_KINDS];
        let mut occupied = 0;
        if self.v.move_bits.is_some() {
            let mut kinds = pos.present;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let set = pos.kind_cells[k];
                kind_cells[k] = set;
                occupied |= set;
            }
        }
        let mut friend_cells: [Option<Cells>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        // Per player, the attack units of his opponents next to his royals.
        let mut units = [0i32; MAX_PLAYERS];
        // Per kind, the cells its pieces could capture on (cell sets only).
        let mut attacks: [Cells; MAX_KINDS] = [0; MAX_KINDS];
        let mut list = self.scratch.borrow_mut();
        let mut kinds = pos.present & !v.royal_kinds;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as usize;
            let pawn = v.pawn_kinds & bit(k) != 0;
            let friends = pos.friends_of(owner as Player);
            let enemies = !pos.team_of(owner as Player);
            // The promotion term's weight by how far the game is from its end.
            let promote =
                self.w.promotion * middle[owner] + self.w.promotion_end * (256 - middle[owner]);
            for &c in pos.pieces_of(k) {
                let at = k as usize * cells + c as usize;
                let mut s = self.value[k as usize]
                    + self.promotion[at] as i32 * promote / 25_600
                    + self.w.reach * self.reach[at] as i32;
                if let Some(places) = &self.places {
                    s += places.worth(k, c, middle[owner]);
                }
                let attack = match &self.v.move_bits {
                    Some(bits) => bits.attacks(pos, k, c, occupied),
                    None => None,
                };
                if let Some(a) = attack {
                    attacks[k as usize] |= a;
                }
                let set = match (&self.v.move_bits, pawn, attack) {
                    (Some(bits), false, Some(a)) if bits.has_moves(pos, k, c) => {
                        let mine = *friend_cells[owner]
                            .get_or_insert_with(|| union_of(&kind_cells, friends));
                        Some(a & !mine)
                    }
                    _ => None,
                };
                if let Some(set) = set {
                    let moves = (set.count_ones() as usize).min(MAX_MOVES);
                    s += self.mobility[k as usize * (MAX_MOVES + 1) + moves] as i32;
                    let mut hit = zoned & enemies;
                    while hit != 0 {
                        let p = hit.trailing_zeros() as usize;
                        hit &= hit - 1;
                        let n = (set & zone_cells[p]).count_ones() as i32;
                        if n != 0 {
                            units[p] += 2 + n;
                        }
                    }
                } else if !pawn {
                    list.clear();
                    pos.gen_piece(k, c, friends, &mut list);
                    let moves = list.len().min(MAX_MOVES);
                    s += self.mobility[k as usize * (MAX_MOVES + 1) + moves] as i32;
                    if self.v.move_bits.is_some() && attack.is_none() {
                        // What it takes: its threats (what it defends stays unknown).
                        attacks[k as usize] |= list
                            .iter()
                            .filter(|m| pos.board[m.to() as usize] != 0)
                            .fold(0, |set, m| set | cell_bit(m.to()));
                    }
                    let mut hits = [0i32; MAX_PLAYERS];
                    let mut hit_any = 0u16;
                    for m in list.iter() {
                        let mk = marks[m.to() as usize] & enemies;
                        if mk != 0 {
                            hit_any |= mk;
                            let mut b = mk;
                            while b != 0 {
                                hits[b.trailing_zeros() as usize] += 1;
                                b &= b - 1;
                            }
                        }
                    }
                    while hit_any != 0 {
                        let p = hit_any.trailing_zeros() as usize;
                        hit_any &= hit_any - 1;
                        units[p] += 2 + hits[p];
                    }
                }
                w[owner] += s;
            }
        }
        drop(list);
        let mut royals = v.royal_kinds & pos.present;
        while royals != 0 {
            let k = royals.trailing_zeros() as Kind;
            royals &= royals - 1;
            let owner = v.kind_owner[k as usize] as usize;
            let friends = pos.friends_of(owner as Player);
            let mid = middle[owner];
            for &c in pos.pieces_of(k) {
                let at = k as usize * cells + c as usize;
                if let Some(bits) = &self.v.move_bits {
                    attacks[k as usize] |= bits.attacks(pos, k, c, occupied).unwrap_or(0);
                }
                // Open cells help a royal in the endgame and expose it before.
                let mut s = self.value[k as usize] + self.promotion[at] as i32;
                if let Some(places) = &self.places {
                    s += places.worth(k, c, mid);
                }
                // (A royal that promotes is rare: its term is not weighted by phase.)
                s += self.w.reach * self.reach[at] as i32 * (256 - 2 * mid) / 256;
                let mut cover = 0;
                for &z in &self.zone[at] {
                    let sq = pos.board[z as usize];
                    cover += i32::from(sq != 0 && friends & bit(sq - 1) != 0);
                    marks[z as usize] = 0;
                }
                s += self.w.shelter * cover * mid / 256;
                w[owner] += s;
            }
        }
        drop(marks);
        for (p, x) in w.iter_mut().enumerate().take(n) {
            let u = units[p];
            let danger = (u * u * self.w.king_attack / 100).min(self.w.king_danger);
            *x -= danger * (128 + middle[p] / 2) / 256;
        }
        if self.v.move_bits.is_some() && (self.w.threat != 0 || self.w.hanging != 0) {
            self.threats(pos, &attacks, &kind_cells, &mut w);
        }
        if self.pawns.any() {
            self.pawn_structure(pos, &middle, &mut w);
        }
        // Pieces in hand are worth their value: a drop puts one back at once.
        for (k, &n) in pos.hand.iter().enumerate() {
            if n != 0 {
                w[v.kind_owner[k] as usize] += self.value[k] * n as i32;
            }
        }
        for (p, x) in w.iter_mut().enumerate().take(n) {
            if pos.is_eliminated(p as Player) {
                *x = 0;
            }
        }
        w
    }

    /// Threats, from the capture sets of every kind (`attacks`): each piece that a
    /// cheaper enemy piece could take costs its owner `threat`; each other piece an
    /// enemy could take that no piece of its side defends costs `hanging`. Royals are
    /// never the victims (checks are the rules' business) but attack and defend.
    fn threats(
        &self,
        pos: &Position,
        attacks: &[Cells; MAX_KINDS],
        cells: &[Cells; MAX_KINDS],
        w: &mut [i32],
    ) {
        let v = &*self.v;
        let n = v.player_count();
        let mut by_player = [0 as Cells; MAX_PLAYERS];
        let mut kinds = pos.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            by_player[v.kind_owner[k] as usize] |= attacks[k];
        }
        // Per player, what his opponents attack and what his side defends.
        let mut enemy = [0 as Cells; MAX_PLAYERS];
        let mut defended = [0 as Cells; MAX_PLAYERS];
        for me in 0..n {
            let team = pos.team_of(me as Player);
            for (p, &set) in by_player.iter().enumerate().take(n) {
                if team & (1 << p) != 0 {
                    defended[me] |= set;
                } else {
                    enemy[me] |= set;
                }
            }
        }
        let mut victims = pos.present & !v.royal_kinds;
        while victims != 0 {
            let kv = victims.trailing_zeros() as Kind;
            victims &= victims - 1;
            let owner = v.kind_owner[kv as usize] as Player;
            let team = pos.team_of(owner);
            let (enemy, defended) = (enemy[owner as usize], defended[owner as usize]);
            let here = cells[kv as usize];
            if here & enemy == 0 {
                continue;
            }
            let worth = self.value[kv as usize];
            let mut cheaper = pos.present & !v.royal_kinds;
            let mut lesser = 0 as Cells;
            while cheaper != 0 {
                let ka = cheaper.trailing_zeros() as usize;
                cheaper &= cheaper - 1;
                if team & (1 << v.kind_owner[ka]) == 0 && self.value[ka] < worth {
                    lesser |= attacks[ka];
                }
            }
            let threatened = (here & lesser).count_ones() as i32;
            let hanging = (here & enemy & !lesser & !defended).count_ones() as i32;
            w[owner as usize] -= threatened * self.w.threat + hanging * self.w.hanging;
        }
    }

    /// Passed pawns (worth more in the endgame, by `middle`) and doubled pawns.
    fn pawn_structure(&self, pos: &Position, middle: &[i32; MAX_PLAYERS], w: &mut [i32]) {
        let s = self.pawn_terms(pos);
        for (o, x) in w.iter_mut().enumerate().take(self.v.player_count()) {
            let weight = self.w.passed * middle[o] + self.w.passed_end * (256 - middle[o]);
            *x += s.passed[o] * weight / 25_600 - s.doubled[o] * self.w.doubled;
        }
    }

    /// Per player, the passed-pawn bonuses and the doubled pawns of `pos`: a function
    /// of where the pawns stand alone, so kept by a key of the pawns' cells.
    fn pawn_terms(&self, pos: &Position) -> PawnTerms {
        let v = &*self.v;
        let cells = v.cell_count();
        let pawns = v.pawn_kinds & pos.present;
        let mut key = PAWN_KEY_SEED;
        let mut kinds = pawns;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            for &c in pos.pieces_of(k) {
                key ^= self.pawn_keys[k as usize * cells + c as usize];
            }
        }
        let slot = key as usize & (PAWN_SLOTS - 1);
        if let Some(hit) = self.pawn_cache.borrow().get(slot).filter(|e| e.key == key) {
            return *hit;
        }
        let mut s = PawnTerms {
            key,
            ..PawnTerms::default()
        };
        let mut kinds = pawns;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as Kind;
            kinds &= kinds - 1;
            let owner = v.kind_owner[k as usize] as Player;
            let team = pos.team_of(owner);
            for &c in pos.pieces_of(k) {
                let Some(path) = self.pawns.path(k, c) else {
                    continue;
                };
                let doubled = pos.pieces_of(k).iter().any(|&o| o != c && path.contains(o));
                let mut passed = !doubled;
                let mut enemies = pawns;
                while passed && enemies != 0 {
                    let e = enemies.trailing_zeros() as Kind;
                    enemies &= enemies - 1;
                    if team & (1 << v.kind_owner[e as usize]) != 0 {
                        continue;
                    }
                    passed = !pos
                        .pieces_of(e)
                        .iter()
                        .any(|&s| self.pawns.reach(e, s).is_some_and(|r| r.intersects(path)));
                }
                let o = owner as usize;
                if doubled {
                    s.doubled[o] += 1;
                } else if passed {
                    s.passed[o] += self.passed[k as usize * cells + c as usize] as i32;
                }
            }
        }
        if let Some(e) = self.pawn_cache.borrow_mut().get_mut(slot) {
            *e = s;
        }
        s
    }

    /// The value of `pos` for `me`: his worth minus the mean worth of the other
    /// players still in the game, plus a share for each opponent already out.
    pub fn value(&self, pos: &Position, me: Player) -> i32 {
        // The search meets the same positions again (each iteration, transpositions):
        // their values are kept by hash and player.
        let key = pos.hash() ^ PLAYER_KEYS.wrapping_mul(me as u64 + 1);
        let slot = key as usize & (CACHE_SLOTS - 1);
        if let Some(&(k, v)) = self.cache.borrow().get(slot) {
            if k == key {
                return v;
            }
        }
        let v = self.value_now(pos, me);
        if let Some(e) = self.cache.borrow_mut().get_mut(slot) {
            *e = (key, v);
        }
        v
    }

    /// [`Evaluator::value`] computed afresh.
    fn value_now(&self, pos: &Position, me: Player) -> i32 {
        let w = self.worths(pos);
        let n = self.v.player_count();
        // With teams, the mean worth of his team against that of the other players.
        let team = pos.team_of(me);
        let (mut ours, mut our_count) = (0i64, 0i64);
        let (mut sum, mut count) = (0i64, 0i64);
        let mut out = 0;
        for (p, &x) in w.iter().enumerate().take(n) {
            if team & (1 << p) != 0 {
                if p == me as usize || !pos.is_eliminated(p as Player) {
                    ours += x as i64;
                    our_count += 1;
                }
            } else if !pos.is_eliminated(p as Player) {
                sum += x as i64;
                count += 1;
            } else {
                out += 1;
            }
        }
        let others = if count == 0 { 0 } else { sum / count };
        (ours / our_count.max(1) - others) as i32 + out * self.eliminated
    }
}

/// The union of the cell sets (`cells`, per kind) of `kinds`.
fn union_of(cells: &[Cells; MAX_KINDS], kinds: u64) -> Cells {
    let mut kinds = kinds;
    let mut set = 0;
    while kinds != 0 {
        set |= cells[kinds.trailing_zeros() as usize];
        kinds &= kinds - 1;
    }
    set
}

/// The promotion term of every piece type on every cell: how many of its own moves
/// (on the empty board) a piece needs before a move that promotes, worth a share
/// ([`PROMOTION_SHARE`]) of the best gain a promotion gives it.
///
/// Also returns the middle-game bonus of a passed pawn by the same distance
/// ([`PASSED_SHARE`]), and where a piece has a promoting move.
fn promotion_bonus(
    v: &Variant,
    value: &[i32],
    pos: &mut Position,
) -> (Vec<i16>, Vec<i16>, Vec<bool>) {
    let cells = v.cell_count();
    let mut promotes_next = vec![false; v.kind_count() * cells];
    let mut out = vec![0i16; v.kind_count() * cells];
    let mut passed = vec![0i16; v.kind_count() * cells];
    let mut list = MoveList::new();
    let mut targets: Vec<Vec<Cell>> = vec![Vec::new(); cells];
    for k in 0..v.kind_count() {
        let kind = k as Kind;
        // Distance 1: a promoting move from the cell; gain: the best promotion.
        let mut dist = vec![u8::MAX; cells];
        let mut gain = 0;
        for c in 0..cells {
            targets[c].clear();
            pos.put(c as Cell, kind);
            list.clear();
            pos.gen_piece(kind, c as Cell, bit(kind), &mut list);
            pos.remove(c as Cell);
            for m in list.iter() {
                match m.promotion() {
                    Some(t) => {
                        let owner = v.kind_owner[k];
                        let promoted = v.kind(t, owner) as usize;
                        gain = gain.max(value[promoted] - value[k]);
                        dist[c] = 1;
                        promotes_next[k * cells + c] = true;
                    }
                    None => targets[c].push(m.to()),
                }
            }
        }
        if gain <= 0 {
            continue;
        }
        // Relax until no distance shrinks (at most one round per table entry).
        for _ in 0..PROMOTION_SHARE.len() {
            let mut changed = false;
            for c in 0..cells {
                let best = targets[c].iter().map(|&t| dist[t as usize]).min();
                if let Some(d) = best.filter(|&d| d != u8::MAX) {
                    if d + 1 < dist[c] {
                        dist[c] = d + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for c in 0..cells {
            let scaled = |share: i32, percent: i32| {
                (gain * share / 256 * percent / 100).clamp(0, i16::MAX as i32) as i16
            };
            if let Some(&share) = PROMOTION_SHARE.get(dist[c] as usize) {
                out[k * cells + c] = scaled(share, 100);
            }
            if let Some(&share) = PASSED_SHARE.get(dist[c] as usize) {
                passed[k * cells + c] = scaled(share, 100);
            }
        }
    }
    (out, passed, promotes_next)
}

/// Slots of the pawn-terms cache (a power of two).
const PAWN_SLOTS: usize = 1 << 14;
/// The key of a position without pawns (and the seed of the pawn keys).
const PAWN_KEY_SEED: u64 = 0x2545_f491_4f6c_dd1d;

/// What the pawns alone decide: per player, the sum of the passed-pawn bonuses (by
/// the middle-game table) and the number of doubled pawns.
#[derive(Clone, Copy, Debug, Default)]
struct PawnTerms {
    key: u64,
    passed: [i32; MAX_PLAYERS],
    doubled: [i32; MAX_PLAYERS],
}

/// Slots of the evaluation cache (a power of two).
const CACHE_SLOTS: usize = 1 << 16;
/// Mixed into a position's hash per player for the evaluation cache.
const PLAYER_KEYS: u64 = 0x9e37_79b9_7f4a_7c15;

/// Most moves the live mobility table tells apart.
const MAX_MOVES: usize = 63;

/// The live mobility term of every kind by its number of moves: concave in the
/// moves, relative to the most the kind has on any cell of the empty board.
fn mobility_table(v: &Variant, reach: &[u8], weight: i32) -> Vec<i16> {
    let cells = v.cell_count();
    let mut out = vec![0i16; v.kind_count() * (MAX_MOVES + 1)];
    for k in 0..v.kind_count() {
        let most = reach[k * cells..(k + 1) * cells]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        for m in 0..=MAX_MOVES {
            let share = (m as f64 / most).min(1.5).sqrt();
            let t = weight as f64 * (share - 0.5);
            out[k * (MAX_MOVES + 1) + m] = t.round() as i16;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fide_chess as chess;

    #[test]
    fn symmetric_start_and_material() {
        let v = chess();
        let e = Evaluator::new(&v);
        let mut p = Position::start(&v);
        assert_eq!(e.value(&p, 0), 0);
        assert_eq!(e.value(&p, 1), 0);
        // Chess's tables of places, learnt for each side apart, leave the start
        // nearly even, and one side's gain is the other's loss.
        let tabled = crate::testing::chess();
        let start = Position::start(&tabled);
        let e = Evaluator::new(&tabled);
        assert!(e.value(&start, 0).abs() <= 30, "{}", e.value(&start, 0));
        assert_eq!(e.value(&start, 0), -e.value(&start, 1));
        // Knights reach more from the centre than from a corner.
        let n = v.kind(v.piece_type_by_letter('N').unwrap(), 0) as usize;
        let at = |c: &str| e.reach[n * 64 + v.cell(c).unwrap() as usize];
        assert_eq!((at("a1"), at("d4")), (2, 8));
        // Without the black queen white is ahead.
        p = Position::from_str(
            &v,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(e.value(&p, 0) > 800 && e.value(&p, 1) < -800);
    }

    #[test]
    fn pawns_near_promotion_and_sheltered_kings() {
        let v = chess();
        let e = Evaluator::new(&v);
        let p = v.kind(v.piece_type_by_letter('P').unwrap(), 0) as usize;
        let bonus = |c: &str| e.promotion[p * 64 + v.cell(c).unwrap() as usize];
        assert!(bonus("e7") > bonus("e6") && bonus("e6") > bonus("e5"));
        assert!(bonus("e2") < bonus("e4"), "far from promotion");
        let n = v.kind(v.piece_type_by_letter('N').unwrap(), 0) as usize;
        assert!(e.promotion[n * 64..(n + 1) * 64].iter().all(|&b| b == 0));
        // With all pieces on, a king on g1 beats one on e4; alone, the other way.
        let with = |fen: &str| e.value(&Position::from_str(&v, fen).unwrap(), 0);
        assert!(
            with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BKR w - - 0 1")
                > with("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1B1R w - - 0 1")
        );
        assert!(with("4k3/8/8/8/4K3/8/8/8 w - - 0 1") > with("4k3/8/8/8/8/8/8/6K1 w - - 0 1"));
    }

    #[test]
    fn passed_pawns_count_and_doubled_pawns_cost() {
        let v = chess();
        let e = Evaluator::new(&v);
        let white = |fen: &str| e.worths(&Position::from_str(&v, fen).unwrap())[0];
        // The same pawns: e5 is passed beside a black a-pawn, stopped by a d-pawn.
        assert!(
            white("4k3/p7/8/4P3/8/8/8/4K3 w - - 0 1") > white("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1")
        );
        // A passed pawn is worth more the nearer it is.
        assert!(
            white("4k3/p7/4P3/8/8/8/8/4K3 w - - 0 1") > white("4k3/p7/8/4P3/8/8/8/4K3 w - - 0 1")
        );
        // Two pawns on one file are worth less than two beside each other.
        assert!(
            white("4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1") > white("4k3/8/8/4P3/4P3/8/8/4K3 w - - 0 1")
        );
    }

    #[test]
    fn attackers_near_a_royal_cost_its_owner() {
        let v = chess();
        let e = Evaluator::new(&v);
        let black = |fen: &str| e.worths(&Position::from_str(&v, fen).unwrap())[1];
        // The same white pieces, aimed at the black king or away from it.
        let near = black("6k1/5ppp/8/6N1/8/3B4/8/2Q3K1 w - - 0 1");
        let far = black("6k1/5ppp/8/8/8/8/B7/N1Q3K1 w - - 0 1");
        assert!(near < far, "{near} {far}");
    }

    #[test]
    fn threatened_and_undefended_pieces_cost_their_owner() {
        let v = chess();
        let with = |threat, hanging| {
            let w = Weights {
                threat,
                hanging,
                ..Weights::of(&v)
            };
            Evaluator::with_weights(&v, w)
        };
        let (base, threat, hanging) = (with(0, 0), with(1000, 0), with(0, 1000));
        let worths = |e: &Evaluator, fen: &str| e.worths(&Position::from_str(&v, fen).unwrap());
        // The e4 knight is attacked by the cheaper d5 pawn: a threat (and only that).
        let fen = "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1";
        let (b, t, h) = (
            worths(&base, fen),
            worths(&threat, fen),
            worths(&hanging, fen),
        );
        assert_eq!((t[0] - b[0], t[1] - b[1]), (-1000, 0));
        assert_eq!((h[0] - b[0], h[1] - b[1]), (0, 0));
        // The d5 pawn attacked by the dearer e3 knight hangs, unless the c6 pawn
        // defends it.
        let fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
        let (b, t, h) = (
            worths(&base, fen),
            worths(&threat, fen),
            worths(&hanging, fen),
        );
        assert_eq!((t[0] - b[0], t[1] - b[1]), (0, 0));
        assert_eq!((h[0] - b[0], h[1] - b[1]), (0, -1000));
        let fen = "4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1";
        let (b, h) = (worths(&base, fen), worths(&hanging, fen));
        assert_eq!((h[0] - b[0], h[1] - b[1]), (0, 0));
        // A rook attacked by the cheaper knight is a threat, defended or not.
        let fen = "4k3/8/5r2/8/4N3/8/8/4K3 w - - 0 1";
        let (b, t) = (worths(&base, fen), worths(&threat, fen));
        assert_eq!((t[0] - b[0], t[1] - b[1]), (0, -1000));
        // Kings are never victims but defend: the d2 knight attacked by the dearer d4
        // rook is safe next to its king, and hangs once the king is away.
        let fen = "4k3/8/8/8/3r4/8/3N4/4K3 b - - 0 1";
        let (b, t, h) = (
            worths(&base, fen),
            worths(&threat, fen),
            worths(&hanging, fen),
        );
        assert_eq!((t[0] - b[0], t[1] - b[1]), (0, 0));
        assert_eq!((h[0] - b[0], h[1] - b[1]), (0, 0));
        let fen = "4k3/8/8/8/3r4/8/3N4/7K b - - 0 1";
        let (b, h) = (worths(&base, fen), worths(&hanging, fen));
        assert_eq!((h[0] - b[0], h[1] - b[1]), (-1000, 0));
    }

    #[test]
    fn an_opponent_out_of_the_game_is_a_gain() {
        let v = crate::testing::variant("zubrin");
        let e = Evaluator::new(&v);
        // Red has a lone king beside White's; Black keeps a rook. Taking Red's king
        // leaves the stronger Black as the only opponent, yet it must be worth more
        // to White than letting Red stay.
        let mut p = Position::from_str(&v, "8/8/8/8/bK3bR3/8/8/8/8/8/wQ7/wKrK6 w - - 0 1").unwrap();
        let before = e.value(&p, 0);
        let m = p.parse_long("a1b1").unwrap();
        p.make(m);
        assert!(p.is_eliminated(1));
        let after = e.value(&p, 0);
        assert!(after > before + 500, "{before} {after}");
    }
}
