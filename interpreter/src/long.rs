//! Long notation: `e2e4`, `e7e8q`, `pass`, `1:e4-1:e6`.
//!
//! A move is its from cell, its to cell and a lower-case promotion letter; a castle is
//! written as the king's move (`e1g1`), or, when the castle names its pieces by letter,
//! as the king's cell and the rook's (`e1h1`, `b1a1`: the king takes its own rook, as
//! UCI_Chess960 writes it). Such a castle is read from the king's move too when the king
//! moves and no other legal move has those cells. The cells are separated by `-` when either
//! name is qualified (`1:m3-2:a2`, not the unreadable `1:m32:a2`) or when the names
//! could be read two ways once joined (cells `a1` and `a11`...); reading always
//! accepts the `-`, and the joined form too.
//!
//! Reading returns the legal move the text names or a typed error. Full cell names are
//! tried first; when none fits, a name may leave out its qualifier (`e4-e6` for
//! `2:e4-2:e6`, see `qualified.rs`): the one legal move that fits is the move, several
//! are [`MoveError::Ambiguous`].

use crate::error::MoveError;
use crate::ids::{Cell, PieceType};
use crate::moves::{mk, Move};
use crate::position::Position;
use crate::qualified::{CellText, ShortNames};
use crate::variant::Variant;

/// Longest move text read (longer text is not a move of any board).
const MAX_TEXT: usize = 200;

/// Every way to read `s` as cell, cell and an optional promotion letter.
fn decodings(v: &Variant, s: &str) -> Vec<(Cell, Cell, Option<char>)> {
    let mut out = Vec::new();
    for (i, _) in s.char_indices().skip(1) {
        let (a, rest) = s.split_at(i);
        let Some(from) = v.cell(a) else { continue };
        if let Some(to) = v.cell(rest) {
            out.push((from, to, None));
        }
        let mut chars = rest.chars();
        if let Some(last) = chars.next_back() {
            if last.is_ascii_alphabetic() || last == '+' {
                if let Some(to) = v.cell(chars.as_str()) {
                    out.push((from, to, Some(last)));
                }
            }
        }
    }
    out
}

impl Variant {
    /// Long notation of `mv` (no position needed).
    pub fn long_notation(&self, mv: Move) -> String {
        if mv.kind == mk::PASS {
            return "pass".into();
        }
        if let Some(t) = self.dropped_type(mv) {
            return self.drop_text(t, mv.to);
        }
        let (mut from, mut to) = (self.cell_name(mv.from), self.cell_name(self.long_to(mv)));
        if let Some((t, on_partner)) = mv.gate() {
            // A gate is the entering piece's letter after the move (`b1c3h`); a castle
            // gating on the partner's cell is written from it to the king's cell
            // (`h1e1h`), as Fairy-Stockfish writes Seirawan chess.
            if on_partner && mv.kind == mk::CASTLE {
                from = self.cell_name(self.castle_cells(mv)[2]);
                to = self.cell_name(mv.from);
            }
            let gate = self.types[t as usize].symbol(false);
            return if from.contains(':') || to.contains(':') {
                format!("{from}-{to}{gate}")
            } else {
                format!("{from}{to}{gate}")
            };
        }
        // A promoted form is `+` (`e7e8+`), as Fairy-Stockfish writes Shogi's moves.
        let promo = mv
            .promotion()
            .map(|t| {
                let ty = &self.types[t as usize];
                if ty.demotes_to.is_some() {
                    "+".to_string()
                } else {
                    ty.letter.to_ascii_lowercase().to_string()
                }
            })
            .unwrap_or_default();
        let joined = format!("{from}{to}{promo}");
        if from.contains(':') || to.contains(':') || decodings(self, &joined).len() > 1 {
            format!("{from}-{to}{promo}")
        } else {
            joined
        }
    }
}

impl Variant {
    /// A drop as SAN and long notation write it: `P@e4` (the type's letter in upper
    /// case, as UCI engines write drops).
    pub(crate) fn drop_text(&self, t: PieceType, to: Cell) -> String {
        format!(
            "{}@{}",
            self.types[t as usize].symbol(true),
            self.cell_name(to)
        )
    }

    /// The drop `text` names among `legal` (`P@e4`, `p@e4`; `@e4` when one type
    /// drops there): `None` when the text is not a drop.
    pub(crate) fn read_drop(&self, text: &str, legal: &[Move]) -> Option<Result<Move, MoveError>> {
        let (letter, cell) = text.split_once('@')?;
        let shown: String = text.chars().take(40).collect();
        let Some(to) = self.cell(cell) else {
            return Some(Err(MoveError::UnknownCell(shown)));
        };
        let ty = match letter.chars().collect::<Vec<_>>()[..] {
            [] => None,
            [c] => match self.piece_type_by_letter(c) {
                Some(t) => Some(t),
                None => return Some(Err(MoveError::Unreadable(shown))),
            },
            _ => return Some(Err(MoveError::Unreadable(shown))),
        };
        let fits: Vec<Move> = legal
            .iter()
            .filter(|m| m.kind == mk::DROP && m.to == to)
            .filter(|m| ty.map_or(true, |t| self.dropped_type(**m) == Some(t)))
            .copied()
            .collect();
        Some(match fits[..] {
            [m] => Ok(m),
            [] if legal.is_empty() => Err(MoveError::GameOver(shown)),
            [] => Err(MoveError::Illegal(shown)),
            _ => Err(MoveError::Ambiguous {
                text: shown,
                candidates: fits.iter().map(|&m| self.long_notation(m)).collect(),
            }),
        })
    }

    /// The second cell long notation writes: the target, or the rook's cell of a
    /// castle that names its pieces by letter.
    pub(crate) fn long_to(&self, mv: Move) -> Cell {
        if mv.kind == mk::CASTLE && self.castles[mv.castle_index()].line.is_some() {
            mv.castle_rook()
        } else {
            mv.to
        }
    }
}

impl Position {
    /// Long notation of `mv`.
    pub fn long(&self, mv: Move) -> String {
        self.v.long_notation(mv)
    }

    /// The legal move written as `text` in long notation: full cell names first, then
    /// names without their qualifier (`e4-e6` when exactly one legal move fits).
    pub fn parse_long(&mut self, text: &str) -> Result<Move, MoveError> {
        let legal = self.every_move();
        self.parse_long_among(text, &legal)
    }

    /// [`Position::parse_long`] among `legal`, which must be [`Position::every_move`]
    /// of this position: for callers that read many texts at one position and
    /// generate its moves once.
    pub fn parse_long_among(&mut self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        match self.parse_long_full(text, legal) {
            Ok(m) => Ok(m),
            Err(e @ (MoveError::Empty | MoveError::GameOver(_))) => Err(e),
            Err(e) => self
                .parse_long_unqualified(text.trim(), legal)
                .unwrap_or(Err(e)),
        }
    }

    /// The legal move written as `text` with full cell names only.
    fn parse_long_full(&mut self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Empty);
        }
        let shown: String = text.chars().take(40).collect();
        if text.len() > MAX_TEXT {
            return Err(MoveError::UnknownCell(shown));
        }
        if text == "pass" || text == "0000" {
            let legal = self.legal_moves();
            return match legal.iter().find(|m| m.kind == mk::PASS) {
                Some(&m) => Ok(m),
                None if legal.is_empty() => Err(MoveError::GameOver(shown)),
                None => Err(MoveError::Illegal(shown)),
            };
        }
        let v = self.v.clone();
        if let Some(read) = v.read_drop(text, legal) {
            return read;
        }
        let candidates = match text.split_once('-') {
            Some((a, b)) => {
                let from = v.cell(a);
                let mut c = Vec::new();
                if let (Some(f), Some(t)) = (from, v.cell(b)) {
                    c.push((f, t, None));
                }
                let mut chars = b.chars();
                if let (Some(f), Some(p)) = (from, chars.next_back()) {
                    if let Some(t) = v.cell(chars.as_str()) {
                        c.push((f, t, Some(p)));
                    }
                }
                c
            }
            None => decodings(&v, text),
        };
        if candidates.is_empty() {
            return Err(MoveError::UnknownCell(shown));
        }
        let mut typed: Vec<(Cell, Cell, Option<PieceType>)> = Vec::new();
        for &(f, t, p) in &candidates {
            match p {
                None => typed.push((f, t, None)),
                // `+`: a promoted form (the one the legal moves hold).
                Some('+') => typed.extend(
                    (0..v.types.len())
                        .filter(|&ty| v.types[ty].demotes_to.is_some())
                        .map(|ty| (f, t, Some(ty as PieceType))),
                ),
                Some(ch) => {
                    if let Some(ty) = v.piece_type_by_letter(ch) {
                        typed.push((f, t, Some(ty)));
                    }
                }
            }
        }
        if typed.is_empty() {
            return Err(MoveError::UnknownPromotion(shown));
        }
        for &(f, t, p) in &typed {
            let fits = |m: &&Move| {
                m.from == f
                    && v.long_to(**m) == t
                    && m.promotion() == p
                    && m.gate().is_none()
                    && m.kind != mk::PASS
                    && (m.kind != mk::CASTLE || v.castles[m.castle_index()].line.is_some())
            };
            if let Some(&m) = legal.iter().find(fits) {
                // On a cycle one rook may serve two castles of the king: their names
                // tell them apart.
                let castles: Vec<Move> = legal
                    .iter()
                    .filter(fits)
                    .filter(|x| x.kind == mk::CASTLE)
                    .copied()
                    .collect();
                if m.kind == mk::CASTLE && castles.len() > 1 {
                    return Err(MoveError::Ambiguous {
                        text: shown,
                        candidates: castles
                            .iter()
                            .map(|c| v.castles[c.castle_index()].name.clone())
                            .collect(),
                    });
                }
                return Ok(m);
            }
            if let Some(&m) = legal
                .iter()
                .find(|m| m.from == f && m.to == t && m.promotion() == p && m.kind == mk::CASTLE)
            {
                // A castle with cells is its king's move; one with letters too, when
                // the king moves and no other legal move has these cells.
                let by_target = |m: &&Move| m.kind == mk::CASTLE && m.from == f && m.to == t;
                if v.castles[m.castle_index()].line.is_none()
                    || (f != t && legal.iter().filter(by_target).count() == 1)
                {
                    return Ok(m);
                }
            }
        }
        // A gate: the move's cells and the entering piece's letter (a castle gating on
        // its partner's cell: from the partner's cell to the king's).
        for &(f, t, p) in &typed {
            let Some(p) = p else { continue };
            let gate = legal.iter().find(|m| match m.gate() {
                Some((g, false)) => g == p && m.from == f && v.long_to(**m) == t,
                Some((g, true)) => g == p && v.castle_cells(**m)[2] == f && m.from == t,
                None => false,
            });
            if let Some(&m) = gate {
                return Ok(m);
            }
        }
        if legal.is_empty() {
            return Err(MoveError::GameOver(shown));
        }
        let (f, _, _) = typed[0];
        if self.board[f as usize] == 0 {
            return Err(MoveError::NoPiece(v.cell_name(f).to_owned()));
        }
        Err(MoveError::Illegal(shown))
    }
}

impl Position {
    /// The legal moves that `text` fits when its names may be unqualified: `None` when
    /// none does (or the board has no qualified names), else the one move or an
    /// [`MoveError::Ambiguous`] listing them. Each decoding is checked against the
    /// legal moves, never expanded into cell pairs.
    fn parse_long_unqualified(
        &mut self,
        text: &str,
        legal: &[Move],
    ) -> Option<Result<Move, MoveError>> {
        if text.is_empty() || text.len() > MAX_TEXT {
            return None;
        }
        let v = self.v.clone();
        let short = ShortNames::new(&v);
        if short.is_empty() {
            return None;
        }
        let reads = unqualified_decodings(&v, &short, text);
        if reads.is_empty() {
            return None;
        }
        let mut found: Vec<Move> = Vec::new();
        for &m in legal.iter().filter(|m| m.kind != mk::PASS) {
            let fits = reads.iter().any(|(f, t, p)| {
                f.fits(&v, m.from) && t.fits(&v, v.long_to(m)) && m.promotion() == *p
            });
            if fits && !found.iter().any(|x| x.same(m)) {
                found.push(m);
            }
        }
        match found.len() {
            0 => None,
            1 => Some(Ok(found[0])),
            _ => Some(Err(MoveError::Ambiguous {
                text: text.chars().take(40).collect(),
                candidates: found.iter().map(|&m| v.long_notation(m)).collect(),
            })),
        }
    }
}

/// Every way to read `s` as two cells (full or unqualified names, `-` between them or
/// not) and an optional promotion, unknown promotion letters left out.
fn unqualified_decodings<'a>(
    v: &Variant,
    short: &ShortNames,
    s: &'a str,
) -> Vec<(CellText<'a>, CellText<'a>, Option<PieceType>)> {
    let mut splits: Vec<(&str, &str)> = Vec::new();
    match s.split_once('-') {
        Some(pair) => splits.push(pair),
        None => splits.extend(s.char_indices().skip(1).map(|(i, _)| s.split_at(i))),
    }
    let mut out = Vec::new();
    for (a, rest) in splits {
        let Some(from) = short.lookup(a) else {
            continue;
        };
        if let Some(to) = short.lookup(rest) {
            out.push((from, to, None));
        }
        let mut chars = rest.chars();
        if let Some(last) = chars.next_back() {
            if let (true, Some(t)) = (last.is_alphabetic(), v.piece_type_by_letter(last)) {
                if let Some(to) = short.lookup(chars.as_str()) {
                    out.push((from, to, Some(t)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::testing::{chess, compile};
    use crate::{MoveError, Position};

    #[test]
    fn chess_moves_read_and_write() {
        let v = chess();
        let mut p = Position::from_str(&v, "4k3/1P6/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
        let m = p.parse_long("b7b8Q").unwrap();
        assert_eq!(p.long(m), "b7b8q");
        let castle = p.parse_long("e1c1").unwrap();
        assert_eq!(p.long(castle), "e1c1");
        assert_eq!(p.parse_long("b7b8"), Err(MoveError::Illegal("b7b8".into())));
        assert_eq!(v.long_notation(crate::Move::pass()), "pass");
    }

    #[test]
    fn ambiguous_cell_names_get_a_dash() {
        let board = "name: line\nseats: [white, black]\ndirections:\n  e: { opposite: w }\n  w: { opposite: e }\n\
                     cells:\n  - { name: a1, at: [0, 0], links: { e: 1b } }\n  - { name: 1b, at: [1, 0], links: { e: a11, w: a1 } }\n\
                     \x20 - { name: a11, at: [2, 0], links: { e: b, w: 1b } }\n  - { name: b, at: [3, 0], links: { w: a11 } }\n\
                     rows: [[a1, 1b, a11, b]]\n";
        let rules = "board \"line.yaml\"\nplayer white\nplayer black\npiece rook R {\n slide e w\n}\nsetup white: R a1\nsetup black: R b\n";
        let v = compile(rules, board).unwrap();
        let mut p = Position::start(&v);
        let m = p.parse_long("a1-1b").unwrap();
        assert_eq!(p.long(m), "a1-1b", "a1 1b and a11 b both read as a11b");
        let m = p.parse_long("a1a11").unwrap();
        assert_eq!(p.long(m), "a1a11");
        assert_eq!(p.parse_long("a11b"), Ok(p.parse_long("a1-1b").unwrap()));
    }
}
