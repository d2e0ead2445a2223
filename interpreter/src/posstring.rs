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
//!   `ctl=o:c,...` (owner `o`'s pieces are moved by `c`), `end=REASON:P,P,...` (a
//!   result recorded by a move; P is 1, 1/2 or 0 per player in turn order).
//!   `lost=t:N,...` (lost material points) is read; it is not written while no rule
//!   uses lost points.
//!
//! Reading never panics: every problem is a [`PositionError`] with its place in the
//! text. Positions are checked against the variant's limits; with two players and
//! `check always`, the player not to move may not be in check.

use crate::clauses::CheckRule;
use crate::error::{PositionError, PositionErrorKind as K};
use crate::ids::{bit, Cell, Kind, Player};
use crate::outcome::{EndReason, Finish, Score};
use crate::position::{EpEntry, Position};
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

/// Errors carry the whole input.
pub(crate) struct Reader<'a> {
    pub input: &'a str,
    pub v: &'a Variant,
}

impl Reader<'_> {
    pub fn err(&self, kind: K, msg: impl Into<String>, at: usize, len: usize) -> PositionError {
        PositionError::new(kind, msg, self.input, at, at + len)
    }

    fn cell(&self, name: &str, at: usize) -> Result<Cell, PositionError> {
        self.v.cell(name).ok_or_else(|| {
            self.err(
                K::UnknownCell,
                format!("unknown cell `{}`", short(name)),
                at,
                name.len(),
            )
        })
    }

    fn player(&self, tag: &str, at: usize) -> Result<Player, PositionError> {
        let mut cs = tag.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => self.v.player_by_tag(c).ok_or_else(|| {
                self.err(
                    K::UnknownTag,
                    format!("no player has the tag `{c}`"),
                    at,
                    tag.len(),
                )
            }),
            _ => Err(self.err(
                K::UnknownTag,
                format!("`{}` is not a player tag", short(tag)),
                at,
                tag.len(),
            )),
        }
    }

    fn number(&self, f: Field, min: u32) -> Result<u32, PositionError> {
        match f.text.parse::<u32>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(self.err(
                K::Number,
                format!(
                    "expected a number of at least {min}, found `{}`",
                    short(f.text)
                ),
                f.at,
                f.text.len(),
            )),
        }
    }

    /// Reads the placement onto an empty position.
    pub fn placement(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
        let v = self.v;
        let rows: Vec<&str> = f.text.split('/').collect();
        if rows.len() != v.rows().len() {
            return Err(self.err(
                K::RowLength,
                format!(
                    "the board has {} rows; the placement has {}",
                    v.rows().len(),
                    rows.len()
                ),
                f.at,
                f.text.len(),
            ));
        }
        let two = v.player_count() == 2;
        let mut at = f.at;
        for (r, (text, row)) in rows.iter().zip(v.rows()).enumerate() {
            let mut col = 0usize;
            let mut chars = text.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                let here = at + i;
                if ch.is_ascii_digit() {
                    let mut n: usize = ch.to_digit(10).unwrap_or(0) as usize;
                    let mut len = 1;
                    while let Some(&(_, d)) = chars.peek() {
                        let Some(x) = d.to_digit(10) else { break };
                        n = n.saturating_mul(10).saturating_add(x as usize);
                        len += 1;
                        chars.next();
                    }
                    if n == 0 || col + n > row.len() {
                        return Err(self.err(
                            K::RowLength,
                            format!(
                                "row {} has {} cells; this run of {n} empty cells does not fit",
                                r + 1,
                                row.len()
                            ),
                            here,
                            len,
                        ));
                    }
                    col += n;
                    continue;
                }
                let (owner, letter, len) = if two {
                    (if ch.is_uppercase() { 0 } else { 1 }, ch, ch.len_utf8())
                } else {
                    let owner = v.player_by_tag(ch).ok_or_else(|| {
                        self.err(
                            K::UnknownTag,
                            format!("no player has the tag `{ch}`"),
                            here,
                            ch.len_utf8(),
                        )
                    })?;
                    let Some((_, l)) = chars.next() else {
                        return Err(self.err(
                            K::Syntax,
                            "a tag must be followed by a piece letter",
                            here,
                            1,
                        ));
                    };
                    (owner, l, ch.len_utf8() + l.len_utf8())
                };
                let ty = v
                    .piece_type_by_letter(letter)
                    .filter(|_| letter.is_alphabetic())
                    .ok_or_else(|| {
                        self.err(
                            K::UnknownLetter,
                            format!("no piece type has the letter `{letter}`"),
                            here,
                            len,
                        )
                    })?;
                if col >= row.len() {
                    return Err(self.err(
                        K::RowLength,
                        format!("row {} has only {} cells", r + 1, row.len()),
                        here,
                        len,
                    ));
                }
                pos.put(row[col], v.kind(ty, owner));
                col += 1;
            }
            if col != row.len() {
                return Err(self.err(
                    K::RowLength,
                    format!(
                        "row {} has {} cells; the placement gives {col}",
                        r + 1,
                        row.len()
                    ),
                    at,
                    text.len(),
                ));
            }
            at += text.len() + 1;
        }
        Ok(())
    }

    fn unmoved(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
        if f.text == "-" {
            return Ok(());
        }
        let mut at = f.at;
        for name in f.text.split(',') {
            let c = self.cell(name, at)?;
            let sq = pos.board[c as usize];
            if sq == 0 || self.v.virgin_kinds & bit(sq - 1) == 0 {
                return Err(self.err(
                    K::Illegal,
                    format!("`{name}` cannot be unmoved: no piece whose first move matters stands there"),
                    at,
                    name.len(),
                ));
            }
            pos.virgin.insert(c);
            at += name.len() + 1;
        }
        Ok(())
    }

    fn en_passant(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
        if f.text == "-" {
            return Ok(());
        }
        let v = self.v;
        let mut at = f.at;
        for entry in f.text.split(',') {
            let Some((skipped, rest)) = entry.split_once('>') else {
                return Err(self.err(
                    K::Syntax,
                    "an en-passant entry is `skipped>victim`",
                    at,
                    entry.len(),
                ));
            };
            let (victim_name, tag) = match rest.split_once('@') {
                Some((a, b)) => (a, Some(b)),
                None => (rest, None),
            };
            let mut cells = Vec::new();
            let mut a = at;
            for name in skipped.split('+') {
                cells.push(self.cell(name, a)?);
                a += name.len() + 1;
            }
            let victim_at = at + skipped.len() + 1;
            let victim = self.cell(victim_name, victim_at)?;
            let sq = pos.board[victim as usize];
            if sq == 0 {
                return Err(self.err(
                    K::Illegal,
                    format!("no piece on `{victim_name}` to take en passant"),
                    victim_at,
                    victim_name.len(),
                ));
            }
            let creator = match tag {
                Some(t) => self.player(t, victim_at + victim_name.len() + 1)?,
                None => pos.controller(v.kind_owner[sq as usize - 1], victim),
            };
            let path = (0..v.tables.ep_start.len().saturating_sub(1) as u16)
                .find(|&id| {
                    let p = v.tables.ep_path(id);
                    p.len() == cells.len() && cells.iter().all(|c| p.contains(c))
                })
                .ok_or_else(|| {
                    self.err(
                        K::Illegal,
                        format!("no move of this variant passes exactly `{skipped}`"),
                        at,
                        skipped.len(),
                    )
                })?;
            if pos.ep.iter().any(|e| e.creator == creator) {
                return Err(self.err(
                    K::Illegal,
                    "two en-passant entries of one player",
                    at,
                    entry.len(),
                ));
            }
            pos.insert_ep(EpEntry {
                path,
                victim,
                creator,
            });
            at += entry.len() + 1;
        }
        Ok(())
    }

    fn extra(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
        let Some((key, value)) = f.text.split_once('=') else {
            return Err(self.err(
                K::Syntax,
                format!("expected `key=value`, found `{}`", short(f.text)),
                f.at,
                f.text.len(),
            ));
        };
        let at = f.at + key.len() + 1;
        let n = self.v.player_count();
        let pairs = || value.split(',').filter(|x| !x.is_empty());
        match key {
            "elim" => {
                for t in pairs() {
                    let p = self.player(t, at)?;
                    pos.eliminated |= 1 << p;
                }
            }
            "ctl" => {
                for pair in pairs() {
                    let (o, c) = pair.split_once(':').ok_or_else(|| {
                        self.err(K::Syntax, "control is `owner:controller`", at, value.len())
                    })?;
                    let (o, c) = (self.player(o, at)?, self.player(c, at)?);
                    pos.control[o as usize * self.v.regions] = c;
                }
            }
            "lost" => {
                for pair in pairs() {
                    let (t, x) = pair.split_once(':').ok_or_else(|| {
                        self.err(K::Syntax, "lost points are `tag:points`", at, value.len())
                    })?;
                    let p = self.player(t, at)?;
                    pos.lost[p as usize] = x
                        .parse::<i64>()
                        .ok()
                        .filter(|x| x.abs() < 1 << 40)
                        .ok_or_else(|| {
                            self.err(K::Number, "lost points must be a number", at, value.len())
                        })?;
                }
            }
            "end" => {
                let (reason, scores) = value.split_once(':').ok_or_else(|| {
                    self.err(K::Syntax, "a result is `reason:P,P,...`", at, value.len())
                })?;
                let reason = EndReason::from_name(reason).ok_or_else(|| {
                    self.err(
                        K::Syntax,
                        format!("unknown end reason `{}`", short(reason)),
                        at,
                        reason.len(),
                    )
                })?;
                let scores: Option<Vec<Score>> = scores
                    .split(',')
                    .map(|s| match s {
                        "1" => Some(Score::Win),
                        "1/2" => Some(Score::Draw),
                        "0" => Some(Score::Loss),
                        _ => None,
                    })
                    .collect();
                match scores {
                    Some(s) if s.len() == n => pos.finish = Some(Finish::new(reason, &s)),
                    _ => {
                        return Err(self.err(
                            K::Syntax,
                            format!("a result lists {n} scores of 1, 1/2 or 0"),
                            at,
                            value.len(),
                        ))
                    }
                }
            }
            _ => {
                return Err(self.err(
                    K::Syntax,
                    format!("unknown extra `{}`", short(key)),
                    f.at,
                    key.len(),
                ))
            }
        }
        Ok(())
    }

    /// Final checks shared with FEN.
    pub fn finish(&self, mut pos: Position) -> Result<Position, PositionError> {
        let v = self.v;
        if pos.is_eliminated(pos.to_move) && pos.finish.is_none() {
            return Err(self.err(
                K::Illegal,
                "the player to move is eliminated",
                0,
                self.input.len(),
            ));
        }
        if v.player_count() == 2 && v.clauses.check == CheckRule::Always && pos.finish.is_none() {
            let other = 1 - pos.to_move;
            let attackers = pos.friends_of(pos.to_move);
            let mut kinds = v.royal_kinds & v.owner_kinds[other as usize] & pos.present;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as Kind;
                kinds &= kinds - 1;
                if pos.pieces_of(k).iter().any(|&c| pos.attacked(c, attackers)) {
                    return Err(self.err(
                        K::Illegal,
                        format!(
                            "`{}` is in check but not to move",
                            v.players[other as usize].name
                        ),
                        0,
                        self.input.len(),
                    ));
                }
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
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
        let fs = fields(s);
        if crate::fen::is_fen(variant, &fs) {
            return crate::fen::read(&r, variant, &fs);
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
        pos.move_number = r.number(fs[5], 1)?;
        r.finish(pos)
    }

    /// Writes the placement field.
    fn write_placement(&self, out: &mut String) {
        let v = &*self.v;
        let two = v.player_count() == 2;
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
                let k = (sq - 1) as usize;
                let letter = v.types[v.kind_type[k] as usize].letter;
                let owner = v.kind_owner[k];
                if two {
                    out.push(if owner == 0 {
                        letter.to_ascii_uppercase()
                    } else {
                        letter.to_ascii_lowercase()
                    });
                } else {
                    out.push(v.players[owner as usize].tag);
                    out.push(letter.to_ascii_uppercase());
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
    }
}

impl fmt::Display for Position {
    /// The position string (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        if let Some(fin) = self.finish {
            let scores: Vec<&str> = fin
                .scores(n)
                .iter()
                .map(|s| match s {
                    Score::Win => "1",
                    Score::Draw => "1/2",
                    Score::Loss => "0",
                })
                .collect();
            s.push_str(&format!(" end={}:{}", fin.reason.name(), scores.join(",")));
        }
        f.write_str(&s)
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
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let m = p.parse_long("e2e5").unwrap();
        p.make(m);
        let s = p.to_string();
        assert_eq!(s, "4k3/8/8/4P3/8/8/8/4K3 b - e3+e4>e5 0 1");
        assert_eq!(Position::from_str(&v, &s).unwrap(), p);
        assert!(Position::from_str(&v, "4k3/8/8/4P3/8/8/8/4K3 b - e4+e3>e5@w 0 1").is_ok());
        assert!(Position::from_str(&v, "4k3/8/8/4P3/8/8/8/4K3 b - e4>e5 0 1").is_err());
    }
}
