//! Reading moves leniently: SAN with or without `x`, check and mate marks (`+`, `#`,
//! `++` or the variant's own), the variant's draw-offer mark if it has one (`Ng7=` in
//! Dreierschach; [`parse_move_with_offer`] tells whether it was there, [`parse_move`]
//! reads the move alone), annotations (`!`, `?`, `(=)`), `e.p.`, a promotion with or
//! without its mark (`e8=Q`, `e8Q`, `e8q`), castles written with `O` or `0` (`0-0`),
//! over-specified from cells (`Ng1f3`), `pass`, and long notation (`g1f3`, `e7e8q`,
//! `e2-e4`, `d6xg7`).
//!
//! The text is read every way it can be (a leading piece letter or not, a trailing
//! promotion or not, every split into hint and target cell); the legal moves that fit
//! any reading are the answer. One is the move; several are an
//! [`MoveError::Ambiguous`] error listing them; none is explained by
//! `diagnose.rs`: no such piece, no piece of that type reaches the cell, the check
//! rule forbids it, or the promotion is wrong.
//!
//! Qualified cell names (`2:e4`, see `qualified.rs`): the text is first read as SAN
//! with full names only, then as long notation (full names, then unqualified ones:
//! `e4-e6`). Only when nothing fits is it read again as SAN with names that leave out
//! their qualifier (`e5`, `Nf3`, `exd5`, mixed with full names as in `e4-2:e5`):
//! readings whose target is a full name first, then the others; the one legal move
//! that fits is the move, several are ambiguous. Each
//! reading tests the legal moves (a target or hint stands for its cells without
//! listing them), so the work stays bounded by text length times legal moves.

use super::diagnose::diagnose;
use super::names::{hint_fits, hint_fits_unqualified};
use crate::error::MoveError;
use crate::ids::{Cell, PieceType};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;
use crate::qualified::{CellText, ShortNames};
use crate::variant::Variant;

/// Longest move text read.
const MAX_TEXT: usize = 200;
/// Longest text kept in an error.
const SHOWN: usize = 40;

/// One way to read a SAN text.
#[derive(Clone, Debug)]
pub(crate) struct Reading<'a> {
    /// The type named by a leading letter; `None`: a pawn type.
    pub piece: Option<PieceType>,
    /// What comes before the target cell (a capture mark removed).
    pub hint: &'a str,
    /// The target cell (or cells, for an unqualified name).
    pub to: CellText<'a>,
    /// The promotion named at the end.
    pub promotion: Option<PieceType>,
    /// True when the hint may name the from cell without its qualifier.
    pub unqualified: bool,
}

impl Reading<'_> {
    /// True when the hint names `cell`.
    pub(super) fn hint_fits(&self, v: &Variant, cell: Cell) -> bool {
        if self.unqualified {
            hint_fits_unqualified(v, cell, self.hint)
        } else {
            hint_fits(v, cell, self.hint)
        }
    }

    /// True when the hint is `cell`'s whole name (or, unqualified, its short name).
    fn hint_is_name(&self, v: &Variant, cell: Cell) -> bool {
        let name = v.cell_name(cell);
        self.hint == name
            || (self.unqualified && crate::qualified::unqualified(name) == Some(self.hint))
    }

    /// True when `m` (a non-pass move) fits, the promotion aside.
    pub(super) fn fits_cells(&self, pos: &Position, m: Move) -> bool {
        let Some(p) = pos.piece_at(m.from) else {
            return false;
        };
        let type_fits = match self.piece {
            Some(t) => p.piece_type == t,
            None => pos.v.types[p.piece_type as usize].pawn,
        };
        type_fits && self.to.fits(&pos.v, m.to) && self.hint_fits(&pos.v, m.from)
    }

    /// True when `m` fits, promotion included (none named: any).
    fn fits(&self, pos: &Position, m: Move) -> bool {
        self.fits_cells(pos, m) && self.promotion.map_or(true, |t| m.promotion() == Some(t))
    }
}

/// The text without trailing marks and annotations, and whether the variant's draw
/// mark was among them (in any order with the others: `Re1+=`, `Re1=+`).
fn strip_marks<'a>(v: &Variant, mut s: &'a str) -> (&'a str, bool) {
    let mut offer = false;
    loop {
        let before = s;
        s = s.trim_end();
        for tail in ["e.p.", "(=)", "+", "#", "!", "?"] {
            s = s.strip_suffix(tail).unwrap_or(s);
        }
        for mark in [&v.marks.check, &v.marks.mate] {
            if !mark.is_empty() {
                s = s.strip_suffix(mark.as_str()).unwrap_or(s);
            }
        }
        if !v.marks.draw.is_empty() {
            if let Some(rest) = s.strip_suffix(v.marks.draw.as_str()) {
                s = rest;
                offer = true;
            }
        }
        if s == before {
            return (s, offer);
        }
    }
}

/// Castle names compare with `0` read as `O`, case aside.
fn castle_key(s: &str) -> String {
    s.replace('0', "O").to_ascii_uppercase()
}

/// Every reading of `s` (marks already stripped): with full cell names only, or, given
/// the board's short names, with unqualified names too.
pub(crate) fn readings<'a>(
    v: &Variant,
    s: &'a str,
    short: Option<&ShortNames>,
) -> Vec<Reading<'a>> {
    let mut bodies: Vec<(Option<PieceType>, &str)> = vec![(None, s)];
    // A piece letter first (`N`, or `+P` for a promoted form).
    let (promoted, letters) = match s.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    if let Some(c) = letters.chars().next() {
        if let Some(t) = v
            .types
            .iter()
            .position(|t| t.letter == c && t.demotes_to.is_some() == promoted)
        {
            bodies.push((Some(t as PieceType), &letters[c.len_utf8()..]));
        }
    }
    let mut out = Vec::new();
    for (piece, body) in bodies {
        let mut ends: Vec<(&str, Option<PieceType>)> = vec![(body, None)];
        let mut chars = body.chars();
        if let Some(last) = chars.next_back() {
            // The promotion's type last (`=Q`, or `=+P`).
            let (rest, promoted) = match chars.as_str().strip_suffix('+') {
                Some(rest) => (rest, true),
                None => (chars.as_str(), false),
            };
            let found = v.piece_type_by_symbol(last, promoted);
            if let (true, Some(t)) = (last.is_alphabetic(), found) {
                let base = rest;
                let mut marks = vec!["=", "/"];
                if !v.marks.promotion.is_empty() {
                    marks.push(&v.marks.promotion);
                }
                let base = marks
                    .iter()
                    .find_map(|m| base.strip_suffix(m))
                    .unwrap_or(base);
                ends.push((base, Some(t)));
            }
        }
        for (base, promotion) in ends {
            for (i, _) in base.char_indices() {
                let to = match short {
                    None => v.cell(&base[i..]).map(CellText::Cell),
                    Some(short) => short.lookup(&base[i..]),
                };
                let Some(to) = to else {
                    continue;
                };
                let prefix = &base[..i];
                // With a capture mark removed first: an error then names the hint
                // without it (`no pawn on f`, not `on fx`).
                let mut hints = Vec::new();
                for mark in ["x", ":", "-", "X"] {
                    if let Some(h) = prefix.strip_suffix(mark) {
                        hints.push(h);
                    }
                }
                hints.push(prefix);
                for hint in hints {
                    out.push(Reading {
                        piece,
                        hint,
                        to,
                        promotion,
                        unqualified: short.is_some(),
                    });
                }
            }
        }
    }
    out
}

/// The legal move written as `text` (SAN-like or long notation). A trailing draw-offer
/// mark (`notation draw`) is accepted and ignored: a move with an offer is still a
/// move text; [`parse_move_with_offer`] reports it.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    parse_move_with_offer(pos, text).map(|(m, _)| m)
}

/// [`parse_move`] among `legal`, which must be [`Position::every_move`] of `pos`: for
/// callers that read many texts at one position and generate its moves once.
pub fn parse_move_among(
    pos: &mut Position,
    text: &str,
    legal: &MoveList,
) -> Result<Move, MoveError> {
    read_with_offer(pos, text, Some(legal)).map(|(m, _)| m)
}

/// The legal move written as `text`, and whether the text ends with the variant's
/// draw-offer mark (`Ng7=` with `notation draw "="`; always false for a variant
/// without one, where `=` is at most the promotion mark).
pub fn parse_move_with_offer(pos: &mut Position, text: &str) -> Result<(Move, bool), MoveError> {
    read_with_offer(pos, text, None)
}

/// [`parse_move_with_offer`] among `legal`, a subset of [`Position::every_move`] (the
/// scheduled player's moves, with turn tracks: a text then names one of his moves
/// rather than another board's).
pub fn parse_move_with_offer_among(
    pos: &mut Position,
    text: &str,
    legal: &MoveList,
) -> Result<(Move, bool), MoveError> {
    read_with_offer(pos, text, Some(legal))
}

/// [`parse_move_with_offer`] among `legal`, or among [`Position::every_move`] when
/// `None` (generated only once the text is known not to be empty or too long).
fn read_with_offer(
    pos: &mut Position,
    text: &str,
    legal: Option<&MoveList>,
) -> Result<(Move, bool), MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let shown: String = text.chars().take(SHOWN).collect();
    if text.len() > MAX_TEXT {
        return Err(MoveError::Unreadable(shown));
    }
    let v = pos.v.clone();
    let (core, offer) = strip_marks(&v, text);
    let generated;
    let legal = match legal {
        Some(l) => l,
        None => {
            generated = pos.every_move();
            &generated
        }
    };
    // Long notation's `+` promotes to a promoted form (`b4b5+`, as Fairy-Stockfish
    // writes Shogi), and SAN's `+` marks a check: the promotion is tried first.
    if text.ends_with('+') && v.types.iter().any(|t| t.demotes_to.is_some()) {
        let promoted = format!("{core}+");
        if let Ok(m) = pos.parse_long_among(&promoted, legal) {
            if m.promotion().is_some() {
                return Ok((m, offer));
            }
        }
    }
    let read = read_core(pos, &v, core, &shown, legal);
    match (&read, upper_piece_letter(&v, core)) {
        (Err(first), Some(upper)) => {
            // `nf3`: a piece letter typed in lower case, read when the text fits no
            // move as it is (`bc4` is first a pawn's move from the b-file).
            let again = read_core(pos, &v, &upper, &shown, legal);
            match again {
                Ok(m) => Ok((m, offer)),
                Err(e)
                    if matches!(
                        first,
                        MoveError::NoSuchPiece { .. } | MoveError::Unreadable(_)
                    ) =>
                {
                    Err(e)
                }
                Err(_) => read.map(|m| (m, offer)),
            }
        }
        _ => read.map(|m| (m, offer)),
    }
}

/// `core` with its first letter in upper case, when it is a lower-case letter whose
/// upper case is a piece letter of the variant.
fn upper_piece_letter(v: &Variant, core: &str) -> Option<String> {
    let first = core.chars().next()?;
    let upper = first.to_ascii_uppercase();
    if !first.is_ascii_lowercase() || v.piece_type_by_letter(upper).is_none() {
        return None;
    }
    Some(format!("{upper}{}", &core[first.len_utf8()..]))
}

/// The move of `legal` written as `text` (SAN's own check that what it writes reads
/// back, among the moves it was written for).
pub(crate) fn parse_among(pos: &mut Position, text: &str, legal: &MoveList) -> Option<Move> {
    let v = pos.v.clone();
    let (core, _) = strip_marks(&v, text.trim());
    read_core(pos, &v, core, core, legal).ok()
}

/// The legal move written as `core` (marks stripped; `shown` quotes the text). With
/// gates among the legal moves, a text without `/` names a move without a gate, and
/// `MOVE/H` (`O-O/Hh1`) the move with that piece entering.
fn read_core(
    pos: &mut Position,
    v: &Variant,
    core: &str,
    shown: &str,
    legal: &MoveList,
) -> Result<Move, MoveError> {
    if !legal.iter().any(|m| m.gate().is_some()) {
        return read_plain(pos, v, core, shown, legal);
    }
    let mut plain = MoveList::new();
    for &m in legal.iter().filter(|m| m.gate().is_none()) {
        plain.push(m);
    }
    let Some((base, gate)) = core.rsplit_once('/') else {
        return read_plain(pos, v, core, shown, &plain);
    };
    let m = read_plain(pos, v, base, shown, &plain)?;
    let mut letters = gate.chars();
    let letter = letters.next().unwrap_or(' ');
    let cell = letters.as_str();
    let Some(t) = v.piece_type_by_letter(letter) else {
        return Err(MoveError::Unreadable(shown.to_owned()));
    };
    let fits: Vec<Move> = legal
        .iter()
        .filter(|g| {
            g.gate().is_some_and(|(gt, _)| gt == t)
                && g.from == m.from
                && g.to == m.to
                && g.kind == m.kind
                && g.aux == m.aux
        })
        .filter(|g| {
            let (_, on_partner) = g.gate().unwrap_or((0, false));
            cell.is_empty() || v.cell(cell) == Some(v.gate_cell(**g, on_partner))
        })
        .copied()
        .collect();
    match fits[..] {
        [] => Err(MoveError::Illegal(shown.to_owned())),
        // A castle written without the cell gates on the king's.
        [g, ..] if cell.is_empty() || fits.len() == 1 => Ok(g),
        _ => Err(ambiguous(pos, shown, &fits)),
    }
}

/// [`read_core`] among moves without gates.
fn read_plain(
    pos: &mut Position,
    v: &Variant,
    core: &str,
    shown: &str,
    legal: &MoveList,
) -> Result<Move, MoveError> {
    let shown = shown.to_owned();
    if core.is_empty() {
        return Err(MoveError::Unreadable(shown));
    }
    if matches!(core, "pass" | "0000" | "--") {
        return pos.parse_long("pass");
    }
    if let Some(read) = v.read_drop(core, legal) {
        return read;
    }
    if legal.is_empty() {
        return Err(MoveError::GameOver(shown));
    }
    let key = castle_key(core);
    let castles: Vec<Move> = legal
        .iter()
        .filter(|m| m.kind == mk::CASTLE)
        .filter(|m| {
            v.castles
                .get(m.castle_index())
                .is_some_and(|c| castle_key(&c.name) == key)
        })
        .copied()
        .collect();
    match castles.len() {
        0 => {}
        1 => return Ok(castles[0]),
        _ => return Err(ambiguous(pos, &shown, &castles)),
    }
    let reads = readings(v, core, None);
    match fitting(pos, &reads, legal) {
        Found::One(m) => return Ok(m),
        Found::None => {}
        Found::Several(moves) => return Err(ambiguous(pos, &shown, &moves)),
    }
    let short = ShortNames::new(v);
    let loose = if short.is_empty() {
        Vec::new()
    } else {
        readings(v, core, Some(&short))
    };
    match pos.parse_long(core) {
        Ok(m) => return Ok(m),
        Err(e @ MoveError::Ambiguous { .. }) => return Err(e),
        Err(MoveError::UnknownCell(_)) | Err(MoveError::UnknownPromotion(_)) => {}
        Err(e) if reads.is_empty() && loose.is_empty() => return Err(e),
        Err(_) => {}
    }
    if let Some(m) = long_with_capture_mark(pos, &short, core) {
        return Ok(m);
    }
    let (full, part): (Vec<Reading>, Vec<Reading>) =
        loose.iter().cloned().partition(|r| r.to.is_full());
    for group in [full, part] {
        match fitting(pos, &group, legal) {
            Found::One(m) => return Ok(m),
            Found::None => {}
            Found::Several(moves) => return Err(ambiguous(pos, &shown, &moves)),
        }
    }
    let reads = if reads.is_empty() { loose } else { reads };
    let mover_castles = v
        .castles
        .iter()
        .any(|c| c.player == pos.to_move && castle_key(&c.name) == key);
    if mover_castles {
        return Err(MoveError::Castle(shown));
    }
    Err(diagnose(pos, &shown, &reads, legal))
}

/// What the legal moves that fit some readings come to.
enum Found {
    None,
    One(Move),
    Several(Vec<Move>),
}

/// The legal moves that fit any of `reads`: ordinary moves before castles written as
/// king moves, and a hint that is a whole cell name means that cell.
fn fitting(pos: &Position, reads: &[Reading], legal: &MoveList) -> Found {
    let v = &*pos.v;
    let mut found: Vec<Move> = Vec::new();
    // A castle whose king stays where it is is no king's move.
    let moves = legal.iter().filter(|m| m.kind != mk::PASS);
    for m in moves.filter(|m| m.kind != mk::CASTLE || m.from != m.to) {
        if reads.iter().any(|r| r.fits(pos, *m)) && !found.iter().any(|f| f.same(*m)) {
            found.push(*m);
        }
    }
    if found.iter().any(|m| m.kind != mk::CASTLE) {
        found.retain(|m| m.kind != mk::CASTLE);
    }
    // A text that names no promotion is the move that promotes to nothing, when the
    // promotion may be declined (`d3` beside `d3=N` in Grand Chess, `c8` where a
    // `may promote` rule applies); a promotion is written with its piece.
    if found.len() > 1 && found.iter().any(|m| m.promotion().is_none()) {
        found.retain(|m| {
            m.promotion().is_none()
                || reads
                    .iter()
                    .any(|r| r.promotion.is_some() && r.fits(pos, *m))
        });
    }
    if found.len() > 1 {
        let exact: Vec<Move> = found
            .iter()
            .filter(|m| {
                reads
                    .iter()
                    .any(|r| r.hint_is_name(v, m.from) && r.fits(pos, **m))
            })
            .copied()
            .collect();
        if !exact.is_empty() {
            found = exact;
        }
    }
    match found.len() {
        0 => Found::None,
        1 => Found::One(found[0]),
        _ => Found::Several(found),
    }
}

/// Long notation with a capture mark between the cells (`d6xg7`, `d6:g7`, `e7xd8q`):
/// the one legal move read when the text before an `x` or `:` is a cell name (full, or
/// unqualified on a board with qualified names: `e4xd5`).
fn long_with_capture_mark(pos: &mut Position, short: &ShortNames, core: &str) -> Option<Move> {
    let mut found = None;
    for (i, c) in core.char_indices().filter(|&(_, c)| c == 'x' || c == ':') {
        let (from, to) = (&core[..i], &core[i + c.len_utf8()..]);
        if short.lookup(from).is_none() || to.is_empty() {
            continue;
        }
        if let Ok(m) = pos.parse_long(&format!("{from}-{to}")) {
            if found.is_some_and(|f: Move| !f.same(m)) {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

fn ambiguous(pos: &Position, shown: &str, moves: &[Move]) -> MoveError {
    let v = &*pos.v;
    let first = moves[0];
    let promotions_only = moves.iter().all(|m| {
        m.from == first.from && m.to == first.to && m.kind == first.kind && m.promotion().is_some()
    });
    if promotions_only {
        // `a8` where the pawn must promote: the texts that name the promotion.
        let choices: Vec<String> = moves
            .iter()
            .filter_map(|m| m.promotion())
            .map(|t| {
                format!(
                    "{shown}{}{}",
                    v.marks.promotion,
                    v.types[t as usize].symbol(true)
                )
            })
            .collect();
        return MoveError::Promotion {
            text: shown.to_owned(),
            choices: choices.join(", "),
        };
    }
    MoveError::Ambiguous {
        text: shown.to_owned(),
        candidates: moves.iter().map(|&m| pos.long(m)).collect(),
    }
}
