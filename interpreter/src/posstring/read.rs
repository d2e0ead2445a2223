//! Reading position strings: one method per field, each answering a typed error with
//! the field's place in the text.

use super::short;
use super::Field;
use crate::error::{PositionError, PositionErrorKind as K};
use crate::ids::{bit, Cell, Kind, Player};
use crate::outcome::{Finish, Score};
use crate::position::{EpEntry, Position};
use crate::rules::CheckRule;
use crate::variant::Variant;

/// Reads the fields of one text into a position; errors carry the whole text.
pub(crate) struct Reader<'a> {
    pub input: &'a str,
    pub v: &'a Variant,
}

impl Reader<'_> {
    pub fn err(&self, kind: K, msg: impl Into<String>, at: usize, len: usize) -> PositionError {
        PositionError::new(kind, msg, self.input, at, at + len)
    }

    pub fn cell(&self, name: &str, at: usize) -> Result<Cell, PositionError> {
        self.v.cell(name).ok_or_else(|| {
            self.err(
                K::UnknownCell,
                format!("unknown cell `{}`", short(name)),
                at,
                name.len(),
            )
        })
    }

    pub fn player(&self, tag: &str, at: usize) -> Result<Player, PositionError> {
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

    pub fn number(&self, f: Field, min: u32) -> Result<u32, PositionError> {
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
        // Pieces in hand: `[QNpp]` after the rows (Fairy-Stockfish's holdings).
        let f = match (
            v.hands.on,
            f.text.strip_suffix(']').and_then(|t| t.split_once('[')),
        ) {
            (true, Some((rows, hand))) => {
                self.hand(hand, f.at + rows.len() + 1, pos)?;
                Field {
                    text: rows,
                    at: f.at,
                }
            }
            _ => f,
        };
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
                    // `col <= row.len()` holds here; `col + n` could overflow on a
                    // long run of digits (saturated to usize::MAX).
                    if n == 0 || n > row.len() - col {
                        return Err(self.err(
                            K::RowLength,
                            format!(
                                "row {} has {} cells; this run of {} empty cells does not fit",
                                r + 1,
                                row.len(),
                                short(&text[i..i + len])
                            ),
                            here,
                            len,
                        ));
                    }
                    col += n;
                    continue;
                }
                let (kind, len) = self.piece(ch, here, &mut chars)?;
                if col >= row.len() {
                    return Err(self.err(
                        K::RowLength,
                        format!("row {} has only {} cells", r + 1, row.len()),
                        here,
                        len,
                    ));
                }
                pos.put(row[col], kind);
                // `Q~`: a piece that promoted, given back as a pawn when captured.
                if chars.peek().is_some_and(|&(_, c)| c == '~') {
                    chars.next();
                    match v.types.iter().position(|t| t.pawn) {
                        Some(p) if !pos.origin.is_empty() => {
                            pos.origin[row[col] as usize] = p as u8 + 1
                        }
                        _ => {
                            return Err(self.err(
                                K::Syntax,
                                "`~` marks a promoted piece, which this variant does not remember",
                                here + len,
                                1,
                            ))
                        }
                    }
                }
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

    /// The pieces in hand between `[` and `]` (`text`, at byte `at`): letters, upper
    /// case for the first player with two players, else each after its player's tag.
    fn hand(&self, text: &str, at: usize, pos: &mut Position) -> Result<(), PositionError> {
        // `[-]`: Fairy-Stockfish's empty hands in Shogi's start position.
        if text == "-" {
            return Ok(());
        }
        let mut chars = text.char_indices();
        while let Some((i, ch)) = chars.next() {
            let here = at + i;
            let (kind, len) = self.piece(ch, here, &mut chars)?;
            if self.v.types[self.v.kind_type[kind as usize] as usize]
                .demotes_to
                .is_some()
            {
                return Err(self.err(
                    K::Illegal,
                    "a hand holds pieces in their unpromoted form",
                    here,
                    len,
                ));
            }
            if pos.hand[kind as usize] >= crate::hands::MAX_IN_HAND {
                return Err(self.err(
                    K::Illegal,
                    format!(
                        "a hand holds at most {} pieces of a type",
                        crate::hands::MAX_IN_HAND
                    ),
                    here,
                    len,
                ));
            }
            pos.hand[kind as usize] += 1;
        }
        Ok(())
    }

    /// The piece written from `ch` (at byte `here`) on: a letter in FEN case with two
    /// players, else a tag then a letter taken from `chars`. Its kind and byte length.
    fn piece(
        &self,
        ch: char,
        here: usize,
        chars: &mut impl Iterator<Item = (usize, char)>,
    ) -> Result<(Kind, usize), PositionError> {
        let v = self.v;
        let missing = |what: &str| {
            self.err(
                K::Syntax,
                format!("`{ch}` must be followed by {what}"),
                here,
                1,
            )
        };
        // Two players: the letter's case gives the owner; more: a tag before it. A `+`
        // before the letter names the promoted form (`+P`).
        let (owner, mut ch, mut len) = if v.player_count() == 2 {
            (None, ch, ch.len_utf8())
        } else {
            let owner = v.player_by_tag(ch).ok_or_else(|| {
                self.err(
                    K::UnknownTag,
                    format!("no player has the tag `{ch}`"),
                    here,
                    ch.len_utf8(),
                )
            })?;
            let (_, l) = chars.next().ok_or_else(|| missing("a piece letter"))?;
            (Some(owner), l, ch.len_utf8() + l.len_utf8())
        };
        let promoted = ch == '+';
        if promoted {
            let (_, l) = chars.next().ok_or_else(|| missing("a piece letter"))?;
            ch = l;
            len += l.len_utf8();
        }
        let owner = owner.unwrap_or(if ch.is_uppercase() { 0 } else { 1 });
        let ty = v
            .piece_type_by_symbol(ch, promoted)
            .filter(|_| ch.is_alphabetic())
            .ok_or_else(|| {
                self.err(
                    K::UnknownLetter,
                    format!(
                        "no piece type has the letter `{}{ch}`",
                        if promoted { "+" } else { "" }
                    ),
                    here,
                    len,
                )
            })?;
        Ok((v.kind(ty, owner), len))
    }

    pub fn unmoved(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
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

    pub fn en_passant(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
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

    pub fn extra(&self, f: Field, pos: &mut Position) -> Result<(), PositionError> {
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
        if self.mine_extra(key, value, at, pos)? {
            return Ok(());
        }
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
                pos.recount_control();
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
                        .filter(|x| x.unsigned_abs() < 1 << 40)
                        .ok_or_else(|| {
                            self.err(K::Number, "lost points must be a number", at, value.len())
                        })?;
                }
            }
            "turns" if !pos.turns.is_empty() => {
                let entries: Vec<&str> = value.split(',').collect();
                if entries.len() != pos.turns.len() {
                    return Err(self.err(
                        K::Syntax,
                        format!(
                            "`turns=` lists {} turn tracks: tag and move number each (`w1`)",
                            pos.turns.len()
                        ),
                        at,
                        value.len(),
                    ));
                }
                for (t, e) in entries.iter().enumerate() {
                    let cut = e.char_indices().nth(1).map_or(e.len(), |(i, _)| i);
                    pos.turns[t] = self.player(&e[..cut], at)?;
                    pos.track_moves[t] = e[cut..]
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| {
                            self.err(
                                K::Number,
                                "a track's move number is 1 or more",
                                at,
                                value.len(),
                            )
                        })?;
                }
            }
            "next" if !pos.turns.is_empty() => {
                pos.cursor = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1 && n <= pos.turns.len())
                    .map(|n| (n - 1) as u8)
                    .ok_or_else(|| {
                        self.err(
                            K::Number,
                            format!("`next=` is a turn track from 1 to {}", pos.turns.len()),
                            at,
                            value.len(),
                        )
                    })?;
            }
            "end" => {
                let (reason, scores) = value.split_once(':').ok_or_else(|| {
                    self.err(K::Syntax, "a result is `reason:P,P,...`", at, value.len())
                })?;
                let reason = self.v.end_reason(reason).ok_or_else(|| {
                    self.err(
                        K::Syntax,
                        format!("unknown end reason `{}`", short(reason)),
                        at,
                        reason.len(),
                    )
                })?;
                let scores: Option<Vec<Score>> = scores.split(',').map(Score::parse).collect();
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
            key if self.v.rules.counters.iter().any(|c| c.name == key) => {
                let c = self
                    .v
                    .rules
                    .counters
                    .iter()
                    .position(|c| c.name == key)
                    .unwrap_or(0);
                let values: Vec<&str> = value.split(',').collect();
                if values.len() != n {
                    return Err(self.err(
                        K::Syntax,
                        format!("counter `{}` lists {n} numbers, one per player", short(key)),
                        at,
                        value.len(),
                    ));
                }
                for (p, x) in values.iter().enumerate() {
                    pos.counters[c * n + p] = x.parse::<i64>().map_err(|_| {
                        self.err(K::Number, "a counter is a whole number", at, value.len())
                    })?;
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
        for (t, &p) in pos.turns.iter().enumerate() {
            let plays = v.track_players(t);
            if !plays.is_empty() && !plays.contains(&p) {
                return Err(self.err(
                    K::Illegal,
                    format!(
                        "`{}` does not take turns on track {} ({})",
                        v.players[p as usize].tag,
                        t + 1,
                        v.track_names()[t]
                    ),
                    0,
                    self.input.len(),
                ));
            }
        }
        pos.hand_to_heirs();
        if !pos.turns.is_empty() {
            let scheduled = pos.turns[pos.cursor as usize];
            if scheduled != pos.to_move {
                return Err(self.err(
                    K::Illegal,
                    format!(
                        "the player to move is `{}` but track {} has `{}` to move",
                        v.players[pos.to_move as usize].tag,
                        pos.cursor + 1,
                        v.players[scheduled as usize].tag
                    ),
                    0,
                    self.input.len(),
                ));
            }
        }
        if pos.is_eliminated(pos.to_move) && pos.finish.is_none() {
            return Err(self.err(
                K::Illegal,
                "the player to move is eliminated",
                0,
                self.input.len(),
            ));
        }
        pos.drop_idle_ep();
        pos.hash = pos.compute_hash();
        pos.after_setup();
        // After the end the board itself gives (`after_setup`): a finished game may
        // leave the winner's royal attacked (atomic: the side to move has lost its king,
        // and the last explosion was legal although the mover's king stays attacked).
        // A mine that gives the mover another move after a blast may leave the
        // opponent in check with the mover still to move (found by the move-text fuzz
        // target and the random games).
        let moves_again = v.rules.mines.as_ref().is_some_and(|m| m.moves_again());
        if v.player_count() == 2
            && v.rules.check == CheckRule::Always
            && pos.finish.is_none()
            && !moves_again
        {
            let other = 1 - pos.to_move;
            let attackers = pos.friends_of(pos.to_move);
            let mut kinds = v.royal_kinds & v.owner_kinds[other as usize] & pos.present;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as Kind;
                kinds &= kinds - 1;
                if pos
                    .pieces_of(k)
                    .iter()
                    .any(|&c| pos.royal_cell_attacked(other, c, attackers))
                {
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
        Ok(pos)
    }
}
