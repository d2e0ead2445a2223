//! Writing FEN: the inverse of [`super::read`], for the positions FEN can describe.
//!
//! FEN holds less than a position string, so the writer spells a candidate and reads
//! it back: only a text that gives the same position again is returned. This keeps the
//! promise for variants nobody has written yet (several castles on one side, moves
//! passing several en-passant cells), where a spelling may exist or not.
//!
//! The one thing FEN drops on purpose is a *dead* unmoved mark: a king or rook whose
//! every castle has lost its partner (the rooks after the king moved, the king after
//! both rooks moved) and that has no `first` move on its cell. No move can ever read
//! such a mark again, but the position string keeps it; the FEN then reads back as the
//! same position without those marks (see [`Position::fen`]).

use super::{column, rectangular};
use crate::ids::{Cell, Player};
use crate::position::Position;
use crate::variant::{CastleInfo, Variant};

impl Position {
    /// The FEN of this position (`PLACEMENT w|b CASTLING EP HALFMOVE FULLMOVE`), or
    /// `None` when FEN cannot describe it.
    ///
    /// FEN describes rectangular two-player boards with one turn track and no mines;
    /// the position must have no eliminations, inherited armies, lost points that a
    /// rule reads, or recorded result. Castling rights are `KQkq` (the widest castle on
    /// each side of the king) or Shredder-FEN file letters for the others; the
    /// en-passant field is the cell the last move passed.
    ///
    /// Reading the text back with [`Position::from_str`] gives this position again,
    /// except for dead unmoved marks (a castling piece whose every castle partner has
    /// moved, without `first` moves of its own), which FEN cannot spell and no move
    /// reads. When castling and en passant are both `-`, six fields read as a position
    /// string; if that would change the position, the counters are left out (`0 1`) or
    /// shortened to the halfmove clock (move 1), and otherwise the answer is `None`.
    pub fn fen(&self) -> Option<String> {
        let v = &*self.v;
        if !rectangular(v) || v.track_count() > 1 || v.rules.mines.is_some() {
            return None;
        }
        let target = self.without_dead_marks();
        let placement = {
            let mut s = String::new();
            self.write_placement(&mut s);
            s
        };
        let side = ["w", "b"][self.to_move as usize & 1];
        let castling = castling(v, &target)?;
        let eps = en_passant(v, self)?;
        let checks =
            super::counters::counter_field(self).map_or(String::new(), |c| format!(" {c}"));
        for ep in &eps {
            let (q, n) = (self.quiet, self.move_number);
            let mut spellings = vec![format!(
                "{placement} {side} {castling} {ep}{checks} {q} {n}"
            )];
            if castling == "-" && ep == "-" {
                if (q, n) == (0, 1) {
                    spellings.push(format!("{placement} {side} - -"));
                }
                if n == 1 {
                    spellings.push(format!("{placement} {side} - - {q}"));
                }
            }
            for s in spellings {
                if Position::from_str(&self.v, &s).is_ok_and(|back| back == target) {
                    return Some(s);
                }
            }
        }
        None
    }

    /// This position without its dead unmoved marks (see the module docs).
    fn without_dead_marks(&self) -> Position {
        let dead: Vec<Cell> = self.virgin.iter().filter(|&c| self.dead_mark(c)).collect();
        let mut p = self.clone();
        if !dead.is_empty() {
            for c in dead {
                p.virgin.remove(c);
            }
            p.hash = p.compute_hash();
        }
        p
    }

    /// True when the unmoved mark on `c` can never matter again: no `first` move of
    /// its piece starts there, every castle through `c` has lost its partner, and no
    /// piece of its player's hand may gate there (Fairy-Stockfish forgets the gates of
    /// a player whose hand is empty, when captures do not fill it).
    fn dead_mark(&self, c: Cell) -> bool {
        let v = &*self.v;
        let sq = self.board[c as usize];
        if sq == 0 {
            return true;
        }
        let owner = v.kind_owner[sq as usize - 1];
        if v.hands.gates_at(owner, c, v.types.len())
            && (self.gates_in_hand(owner) != 0 || v.hands.captures)
        {
            return false;
        }
        let t = &v.tables;
        if t.atoms(t.slot(sq - 1, c)).iter().any(|a| a.first) {
            return false;
        }
        v.castles.iter().all(|k| {
            v.castle_pairs(k, &self.board)
                .into_iter()
                .all(|(king, rook)| {
                    let partner = if c == king {
                        rook
                    } else if c == rook {
                        king
                    } else {
                        return true;
                    };
                    !self.virgin.contains(partner)
                })
        })
    }
}

/// The castling field: a letter for every castle whose two pieces are unmoved on their
/// cells, white's first, `K`/`Q` before file letters (castles with piece letters:
/// Shredder-FEN, the rook's file, the king's side first, as Fairy-Stockfish writes
/// Chess960); `None` when a castle has no letter (a board wider than 26 columns).
fn castling(v: &Variant, p: &Position) -> Option<String> {
    let mut out = String::new();
    for player in 0..2 {
        let mut letters: Vec<(u8, char)> = Vec::new();
        for c in v.castles.iter().filter(|c| c.player == player) {
            let king = v.kind(c.king_type, c.player) + 1;
            let rook = v.kind(c.rook_type, c.player) + 1;
            for (k, r) in v.castle_pairs(c, &p.board) {
                let ready = p.virgin.contains(k)
                    && p.virgin.contains(r)
                    && p.board[k as usize] == king
                    && p.board[r as usize] == rook;
                if !ready {
                    continue;
                }
                let letter = if c.line.is_some() {
                    file_letter(v, k, r)?
                } else {
                    letter(v, c)?
                };
                let letter = if player == 0 {
                    letter
                } else {
                    (letter.0, letter.1.to_ascii_lowercase())
                };
                if !letters.contains(&letter) {
                    letters.push(letter);
                }
            }
        }
        letters.sort();
        out.extend(letters.iter().map(|l| l.1));
        out += &gate_letters(v, p, player)?;
    }
    if out.is_empty() {
        out.push('-');
    }
    Some(out)
}

/// The files of `player`'s unmoved pieces that may still let a piece of his hand in,
/// after his castling letters (Fairy-Stockfish's Seirawan `KQBCDFG`): none while his
/// hand holds no piece that gates, and none for the cells a written castling right
/// already marks (the king's and the partner's of each castle written).
fn gate_letters(v: &Variant, p: &Position, player: Player) -> Option<String> {
    let ntypes = v.types.len();
    if v.hands.gate_kinds == 0 || (p.gates_in_hand(player) == 0 && !v.hands.captures) {
        return Some(String::new());
    }
    let mut marked = Vec::new();
    for c in v.castles.iter().filter(|c| c.player == player) {
        for (k, r) in v.castle_pairs(c, &p.board) {
            if p.virgin.contains(k) && p.virgin.contains(r) {
                marked.extend([k, r]);
            }
        }
    }
    let mut files: Vec<usize> = Vec::new();
    for c in p.virgin.iter() {
        let sq = p.board[c as usize];
        if sq == 0
            || v.kind_owner[sq as usize - 1] != player
            || marked.contains(&c)
            || !v.hands.gates_at(player, c, ntypes)
        {
            continue;
        }
        files.push(column(v, c)?);
    }
    files.sort_unstable();
    files
        .into_iter()
        .map(|f| {
            (f < 26).then(|| {
                let l = (b'A' + f as u8) as char;
                if player == 0 {
                    l
                } else {
                    l.to_ascii_lowercase()
                }
            })
        })
        .collect()
}

/// The Shredder-FEN letter of a king on `k` castling with the rook on `r`, ranked
/// with the king's side (the rook's column after the king's) first.
fn file_letter(v: &Variant, k: Cell, r: Cell) -> Option<(u8, char)> {
    let (kc, rc) = (column(v, k)?, column(v, r)?);
    (rc < 26).then(|| (u8::from(rc < kc), (b'A' + rc as u8) as char))
}

/// A castle's letter with its sort rank: `K` or `Q` when it is the castle `read`
/// picks for that letter, else the rook's file letter.
fn letter(v: &Variant, c: &CastleInfo) -> Option<(u8, char)> {
    let (k, r) = (column(v, c.king_from?)?, column(v, c.rook_from?)?);
    let side = r > k;
    let widest = v
        .castles
        .iter()
        .filter(|o| o.player == c.player && o.line.is_none())
        .filter(|o| {
            let (ok, or) = (col(v, o.king_from), col(v, o.rook_from));
            (or > ok) == side
        })
        .max_by_key(|o| {
            let d =
                col(v, o.rook_from).unwrap_or(0) as i64 - col(v, o.king_from).unwrap_or(0) as i64;
            d.abs()
        })?;
    if widest.king_from == c.king_from && widest.rook_from == c.rook_from {
        return Some(if side { (0, 'K') } else { (1, 'Q') });
    }
    (r < 26).then(|| (2 + r as u8, (b'A' + r as u8) as char))
}

/// The column of a castle's declared cell.
fn col(v: &Variant, c: Option<Cell>) -> Option<usize> {
    column(v, c?)
}

/// The spellings of the en-passant field to try: `-`, or each cell the entry passed;
/// `None` when no FEN field can hold the entries (several, or made by the player to
/// move).
fn en_passant(v: &Variant, p: &Position) -> Option<Vec<String>> {
    match p.ep.as_slice() {
        [] => Some(vec!["-".into()]),
        [e] if e.creator != p.to_move => Some(
            e.cells(v)
                .iter()
                .map(|&c| v.cell_name(c).to_owned())
                .collect(),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    fn play(moves: &[&str]) -> Position {
        let v = chess();
        let mut p = Position::start(&v);
        for m in moves {
            let mv = p.parse_long(m).unwrap();
            p.make(mv);
        }
        p
    }

    #[test]
    fn start_and_en_passant() {
        let p = play(&[]);
        assert_eq!(
            p.fen().unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // No black pawn can take on e3: no en-passant square (as Fairy-Stockfish).
        let p = play(&["e2e4"]);
        assert_eq!(
            p.fen().unwrap(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let p = play(&["e2e4", "g8f6", "e4e5", "d7d5"]);
        let fen = p.fen().unwrap();
        assert_eq!(
            fen,
            "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
        );
        assert_eq!(Position::from_str(p.variant(), &fen).unwrap(), p);
    }

    #[test]
    fn dead_marks_are_dropped() {
        // After Ke2 the white rooks keep their unmoved marks, which no move reads.
        let p = play(&["e2e4", "e7e5", "e1e2", "b8c6"]);
        assert!(p.to_string().contains(" a8,e8,h8,a1,h1 "), "{p}");
        let fen = p.fen().unwrap();
        assert!(fen.contains(" w kq - 2 3"), "{fen}");
        let back = Position::from_str(p.variant(), &fen).unwrap();
        assert!(back.to_string().contains(" a8,e8,h8 "), "{back}");
        assert_ne!(back, p);
    }

    #[test]
    fn both_dashes_keep_the_fen_form() {
        let v = chess();
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 7 30";
        let p = Position::from_str(&v, text).unwrap();
        assert_eq!(p.fen().unwrap(), text);
    }

    #[test]
    fn first_moves_shorten_the_counters() {
        // A pawn with a `first` move on its setup cell: FEN marks it unmoved, a
        // position string with `- -` does not, so six fields would lose the mark.
        let rules = "board \"b\"\nplayer white\nplayer black\n\
            piece king K royal {\n step n e s w ne nw se sw\n}\n\
            piece pawn P {\n step n to empty\n slide n exactly 2 to empty first\n}\n\
            setup white: K e1, P e2\nsetup black: K e8\ncheck always\n\
            end checkmate: lose\nend stalemate: draw\n";
        let v = crate::testing::compile(rules, crate::testing::CHESS_BOARD).unwrap();
        let mut p = Position::start(&v);
        assert_eq!(p.fen().unwrap(), "4k3/8/8/8/8/8/4P3/4K3 w - -");
        let fen_after = |p: &mut Position, m: &str| {
            let mv = p.parse_long(m).unwrap();
            p.make(mv);
            p.fen()
        };
        assert_eq!(
            fen_after(&mut p, "e1d1").unwrap(),
            "4k3/8/8/8/8/8/4P3/3K4 b - - 1"
        );
        assert_eq!(fen_after(&mut p, "e8d8"), None, "move 2: no spelling left");
        assert!(p.to_string().contains(" w e2 - 2 2"), "{p}");
        let back = Position::from_str(&v, &fen_after(&mut p, "e2e3").unwrap()).unwrap();
        assert_eq!(back, p);
    }
}
