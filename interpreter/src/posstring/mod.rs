//! Position strings: `PLACEMENT TO-MOVE UNMOVED EN-PASSANT QUIET MOVE-NUMBER [key=value...]`
//! (ARCHITECTURE.md section 5).
//!
//! - PLACEMENT: the board's `rows`, top first, separated by `/`; runs of empty cells
//!   are decimal numbers. Two-player variants write pieces in FEN case (first player
//!   upper case), others as tag + upper-case letter (`wK rQ bP`).
//! - TO-MOVE: the player's tag.
//! - UNMOVED: the cells of unmoved pieces whose first move matters, in cell order,
//!   separated by `,`; or `-`.
//! - EN-PASSANT: entries `skipped[+skipped]>victim[@tag]` separated by `,` (the tag is
//!   written when the creator is not the victim's controller); or `-`.
//! - QUIET: plies since a capture or pawn move. MOVE-NUMBER: from 1.
//! - extras, in this order when not default: `elim=t,t` (eliminated players),
//!   `ctl=o:c,...` (owner `o`'s pieces are moved by `c`), with turn tracks
//!   `turns=w3,b2,... next=T` (each track's player to move and move number, and the
//!   scheduled track from 1; without them every track has the player to move), `lost=t:N,...` (material
//!   points lost to captures; written only when a rule reads them, such as
//!   `non-aggression`, and then hashed too), `NAME=V,V,...` (a counter's values per
//!   player, `counter NAME`, when one is not 0), `end=REASON:P,P,...` (a result recorded
//!   by a move; P is 1, 1/2 or 0 per player in turn order). Variants with mines add,
//!   before `end=`: `mines=c3,d4+` (mined cells, `+` when primed; omitted when none),
//!   `refused=g1-c3[-q]` (the move the player to move was refused) and `rng=HEX` (the
//!   random generator's state). A player's view string (`PlayerView`) writes only
//!   the mines shown to him in `mines=`, the other primed mines (announced) in
//!   `heard=`, and no `rng=`.
//!
//! Reading never panics: every problem is a [`PositionError`] with its place in the
//! text. Positions are checked against the variant's limits; with two players and
//! `check always`, the player not to move may not be in check.

mod mines;
mod read;

pub(crate) use read::Reader;

use crate::error::{PositionError, PositionErrorKind as K};
use crate::ids::{Kind, PieceType, Player};
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;
use std::sync::Arc;

/// Longest position string read.
pub(crate) const MAX_LEN: usize = 1 << 16;

/// A field of the input with its byte offset.
#[derive(Clone, Copy)]
pub(crate) struct Field<'a> {
    pub text: &'a str,
    pub at: usize,
}

/// Splits on ASCII whitespace, keeping offsets.
pub(crate) fn fields(s: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in s.char_indices() {
        if ch.is_ascii_whitespace() {
            if let Some(st) = start.take() {
                out.push(Field {
                    text: &s[st..i],
                    at: st,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(Field {
            text: &s[st..],
            at: st,
        });
    }
    out
}

/// At most 40 characters of hostile text for a message.
pub(crate) fn short(s: &str) -> String {
    let cut: String = s.chars().take(40).collect();
    if cut.len() < s.len() {
        format!("{cut}...")
    } else {
        cut
    }
}

impl Position {
    /// Reads a position string, or FEN for rectangular two-player boards.
    pub fn from_str(variant: &Arc<Variant>, s: &str) -> Result<Position, PositionError> {
        let r = Reader {
            input: s,
            v: variant,
        };
        if s.len() > MAX_LEN {
            return Err(r.err(
                K::TooLong,
                format!("a position string has at most {MAX_LEN} bytes"),
                0,
                0,
            ));
        }
        let mut fs = fields(s);
        // FEN's counter field (`3+3`); `PLACEMENT w - - 1 39` then reads alike as FEN or
        // as a position string.
        let mut counters = crate::fen::take_counters(variant, &mut fs);
        if counters.is_none() && crate::fen::is_fen(variant, &fs) {
            counters = crate::fen::unwritten_counters(variant);
        }
        let mut pos = Position::read_fields(&r, variant, &fs)?;
        if let Some(values) = counters {
            pos.set_counters(&values);
        }
        Ok(pos)
    }

    /// [`Position::from_str`] of the fields, once FEN's counter field is taken out.
    fn read_fields(
        r: &Reader,
        variant: &Arc<Variant>,
        fs: &[Field],
    ) -> Result<Position, PositionError> {
        if crate::fen::is_fen(variant, fs) {
            return crate::fen::read(r, variant, fs);
        }
        if fs.len() < 6 {
            let at = fs.last().map_or(0, |f| f.at + f.text.len());
            let names = [
                "placement",
                "player to move",
                "unmoved pieces",
                "en-passant cells",
                "quiet plies",
                "move number",
            ];
            return Err(r.err(
                K::Syntax,
                format!("missing field: {}", names[fs.len()]),
                at,
                0,
            ));
        }
        let mut pos = Position::empty(variant);
        r.placement(fs[0], &mut pos)?;
        pos.to_move = r.player(fs[1].text, fs[1].at)?;
        // Extras first: control decides the default creator of en-passant entries.
        for f in &fs[6..] {
            r.extra(*f, &mut pos)?;
        }
        r.unmoved(fs[2], &mut pos)?;
        r.en_passant(fs[3], &mut pos)?;
        pos.quiet = r.number(fs[4], 0)?;
        pos.reversible = pos.quiet;
        pos.move_number = r.number(fs[5], 1)?;
        if !fs[6..].iter().any(|f| f.text.starts_with("turns=")) {
            pos.set_every_turn();
        }
        if let Some(&least) = pos.track_moves.iter().min() {
            pos.move_number = least;
        }
        r.finish(pos)
    }

    /// Writes the placement field (also FEN's).
    pub(crate) fn write_placement(&self, out: &mut String) {
        let v = &*self.v;
        for (r, row) in v.rows().iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &c in row {
                let sq = self.board[c as usize];
                if sq == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                self.write_piece(out, (sq - 1) as Kind);
                if self.origin.get(c as usize).is_some_and(|&o| o != 0) {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        if v.hands.on {
            out.push('[');
            for owner in 0..v.player_count() {
                for ty in 0..v.types.len() {
                    let kind = v.kind(ty as PieceType, owner as Player);
                    for _ in 0..self.hand[kind as usize] {
                        self.write_piece(out, kind);
                    }
                }
            }
            out.push(']');
        }
    }

    /// A piece's letter, upper case for the first of two players, else after its
    /// player's tag.
    fn write_piece(&self, out: &mut String, k: Kind) {
        let v = &*self.v;
        let ty = &v.types[v.kind_type[k as usize] as usize];
        let owner = v.kind_owner[k as usize];
        if v.player_count() != 2 {
            out.push(v.players[owner as usize].tag);
        }
        let symbol = ty.symbol(v.player_count() != 2 || owner == 0);
        if symbol.promoted {
            out.push('+');
        }
        out.push(symbol.letter);
    }
}

impl fmt::Display for Position {
    /// The position string (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write_string(None))
    }
}

impl Position {
    /// The position string as the referee (`None`) or a player sees it: a player's
    /// string holds only the mines he knows of and no generator state.
    pub(crate) fn write_string(&self, viewer: Option<Player>) -> String {
        let v = &*self.v;
        let tag = |p: Player| v.players[p as usize].tag;
        let mut s = String::new();
        self.write_placement(&mut s);
        s.push(' ');
        s.push(tag(self.to_move));
        s.push(' ');
        let unmoved: Vec<&str> = self.virgin.iter().map(|c| v.cell_name(c)).collect();
        s.push_str(&if unmoved.is_empty() {
            "-".into()
        } else {
            unmoved.join(",")
        });
        s.push(' ');
        if self.ep.is_empty() {
            s.push('-');
        }
        for (i, e) in self.ep.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let cells: Vec<&str> = e.cells(v).iter().map(|&c| v.cell_name(c)).collect();
            s.push_str(&cells.join("+"));
            s.push('>');
            s.push_str(v.cell_name(e.victim));
            let sq = self.board[e.victim as usize];
            let default =
                (sq != 0).then(|| self.controller(v.kind_owner[sq as usize - 1], e.victim));
            if default != Some(e.creator) {
                s.push('@');
                s.push(tag(e.creator));
            }
        }
        s.push_str(&format!(" {} {}", self.quiet, self.move_number));
        let n = v.player_count();
        let elim: Vec<String> = (0..n as Player)
            .filter(|&p| self.is_eliminated(p))
            .map(|p| tag(p).to_string())
            .collect();
        if !elim.is_empty() {
            s.push_str(&format!(" elim={}", elim.join(",")));
        }
        let ctl: Vec<String> = (0..n)
            .filter(|&o| self.control[o * v.regions] as usize != o)
            .map(|o| format!("{}:{}", tag(o as Player), tag(self.control[o * v.regions])))
            .collect();
        if !ctl.is_empty() {
            s.push_str(&format!(" ctl={}", ctl.join(",")));
        }
        if !self.turns.is_empty() {
            let turns: Vec<String> = (0..self.turns.len())
                .map(|t| format!("{}{}", tag(self.turns[t]), self.track_moves[t]))
                .collect();
            s.push_str(&format!(
                " turns={} next={}",
                turns.join(","),
                self.cursor + 1
            ));
        }
        let lost: Vec<String> = (0..n)
            .filter(|&p| v.rules.reads_lost() && self.lost[p] != 0)
            .map(|p| format!("{}:{}", tag(p as Player), self.lost[p]))
            .collect();
        if !lost.is_empty() {
            s.push_str(&format!(" lost={}", lost.join(",")));
        }
        for (c, counter) in v.rules.counters.iter().enumerate() {
            let values = &self.counters[c * n..(c + 1) * n];
            if values.iter().any(|&x| x != 0) {
                let values: Vec<String> = values.iter().map(i64::to_string).collect();
                s.push_str(&format!(" {}={}", counter.name, values.join(",")));
            }
        }
        self.write_mines(&mut s, viewer);
        if let Some(fin) = self.finish {
            let scores: Vec<String> = fin.scores(n).iter().map(|s| s.text()).collect();
            s.push_str(&format!(
                " end={}:{}",
                v.end_label(fin.reason),
                scores.join(",")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn fields_keep_offsets() {
        let fs = fields("  ab c\td  ");
        let got: Vec<(&str, usize)> = fs.iter().map(|f| (f.text, f.at)).collect();
        assert_eq!(got, [("ab", 2), ("c", 5), ("d", 7)]);
        assert!(fields("").is_empty());
    }

    #[test]
    fn short_cuts_long_text() {
        assert_eq!(short("abc"), "abc");
        assert_eq!(short(&"é".repeat(50)).chars().count(), 43);
    }

    #[test]
    fn start_position_string() {
        let v = chess();
        let p = Position::start(&v);
        assert_eq!(
            p.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1"
        );
        let e = Position::from_str(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8 -",
        )
        .unwrap_err();
        assert_eq!(e.kind, K::Syntax);
        assert!(e.message.contains("quiet plies"));
    }
}

#[cfg(test)]
mod entries {
    use crate::testing::chess_with;
    use crate::Position;

    #[test]
    fn en_passant_entries_with_several_cells() {
        let v = chess_with(
            "piece pawn P pawn {\n slide n exactly 3 to empty from rank2 creates en passant\n step ne nw en passant\n}\n",
        );
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1").unwrap();
        let m = p.parse_long("e2e5").unwrap();
        p.make(m);
        let s = p.to_string();
        assert_eq!(s, "4k3/8/8/4P3/8/3p4/8/4K3 b - e3+e4>e5 0 1");
        assert_eq!(Position::from_str(&v, &s).unwrap(), p);
        assert!(Position::from_str(&v, "4k3/8/8/4P3/8/3p4/8/4K3 b - e4+e3>e5@w 0 1").is_ok());
        assert!(Position::from_str(&v, "4k3/8/8/4P3/8/3p4/8/4K3 b - e4>e5 0 1").is_err());
    }
}
