//! Game records: a PGN-like text with tags, numbered turns of N moves in the
//! variant's own notation, announcements as `{comments}` and the result.
//!
//! ```text
//! [Variant "chess"]
//! [Options ""]
//! [Seed "7"]
//! [White "computer depth 2"]
//! [Black "random"]
//! [Result "1-0"]
//!
//! 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
//! ```
//!
//! With three players a turn holds three moves (`1. e4 e9 i9 2. ...`). The text is
//! PGN that other programs read (python-chess, for the variants it knows: our
//! variant names are among its aliases, `chess` reads as standard chess):
//!
//! - A game from another position has `[SetUp "1"]` and `[FEN "..."]` when FEN can
//!   describe the position, else `[SetUp "1"]` and `[Position "..."]` (the variant's
//!   own position string). Records with only a `Position` tag (written before) read
//!   the same.
//! - A resignation is no move: a comment `{white resigns}` (the player to move
//!   resigns; with more than two players the others play on), then the result. The
//!   old token `(resigns)` ([`RESIGNS`]) still reads.
//! - A move the rules take back (mined chess: a piece enters a mine and goes back, the
//!   same player moves again) is no move of the move text either: a comment
//!   `{tried Nc3}` followed by its announcements. Replaying makes it (it primes the
//!   mine), so the move text holds only the moves that stand and its numbering is
//!   PGN's. Old records with the attempt as a move still read.
//!
//! [`GameRecord::parse`] reads the text back and [`GameRecord::replay`] checks every
//! move against the rules; both answer bad input with a [`RecordError`].

mod error;
mod read;
mod replay;
mod write;

pub use error::RecordError;
pub use read::MAX_BYTES;
pub use replay::PASS;

use crate::{Player, Position, RefereeEvent, Score, Variant};

/// The result as a record writes it: each player's points in turn order, joined by
/// `-` (`1-0`, `1/2-1/2`, `3-1-0`).
pub fn result_text(v: &Variant, scores: &[Score]) -> String {
    scores
        .iter()
        .map(|&s| v.points_text(s))
        .collect::<Vec<_>>()
        .join("-")
}

/// The token older records wrote for a resignation (PGN reads it as a variation, so
/// records now write a comment; see [`Entry::Resigns`]). Still read.
pub const RESIGNS: &str = "(resigns)";

/// The word after which a comment names a move the rules took back (`{tried Nc3}`).
pub const TRIED: &str = "tried";

/// The word that ends a resignation comment (`{white resigns}`).
const RESIGNS_WORD: &str = "resigns";

/// What an entry of the move text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A move that stands: a move token of the move text.
    Move,
    /// A move the rules made and took back, the same player moving again (a mine):
    /// written as the comment `{tried TEXT}`; replaying makes it all the same.
    TakenBack,
    /// The player to move resigns: written as the comment `{TEXT}`, which is
    /// `NAME resigns` (or `resigns` when read from an old `(resigns)` token).
    Resigns,
}

/// One move (or resignation) with the comments that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The turn number written before it, if any (`12` for `12.` or `12...`); only
    /// moves that stand carry one.
    pub turn: Option<u32>,
    /// The move in the variant's notation; for a resignation its comment.
    pub text: String,
    /// Announcements and notes that follow it.
    pub comments: Vec<String>,
    /// Move, taken-back move or resignation.
    pub entry: Entry,
}

impl RecordedMove {
    /// The comment form of a resignation or a taken-back move: `Some((entry, text))`
    /// for `NAME resigns`, `resigns` and `tried MOVE` (one word each), else `None`.
    pub(crate) fn from_comment(c: &str) -> Option<(Entry, String)> {
        let words: Vec<&str> = c.split(' ').collect();
        match words.as_slice() {
            [RESIGNS_WORD] | [_, RESIGNS_WORD] => Some((Entry::Resigns, c.to_owned())),
            [TRIED, m] if !m.is_empty() => Some((Entry::TakenBack, (*m).to_owned())),
            _ => None,
        }
    }

    /// The player a resignation names (`white` of `white resigns`), if any.
    pub fn resigning_player(&self) -> Option<&str> {
        match self.entry {
            Entry::Resigns => self
                .text
                .strip_suffix(RESIGNS_WORD)
                .map(str::trim)
                .filter(|n| !n.is_empty()),
            _ => None,
        }
    }
}

/// True when the last move made in `pos` was taken back by the rules: a mine refused
/// it (the board is as before, the same player moves again). `since` is how many
/// announcements `pos` had before the move.
pub fn taken_back(pos: &Position, since: usize) -> bool {
    pos.announcements()
        .get(since..)
        .unwrap_or(&[])
        .iter()
        .any(|a| a.event == RefereeEvent::Refused)
}

/// A whole game: tags in their order, moves, and the result (`*` when unfinished).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// `(name, value)` in order.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub preamble: Vec<String>,
    /// The moves.
    pub moves: Vec<RecordedMove>,
    /// The first move is not the first player's (written `1...`).
    pub starts_mid_turn: bool,
}

impl GameRecord {
    /// A record of `variant` (the name it is loaded by).
    pub fn new(variant: &str) -> GameRecord {
        let mut r = GameRecord::default();
        r.set_tag("Variant", variant);
        r.set_tag("Result", "*");
        r
    }

    /// Sets a tag, keeping its place if it exists (else appended before `Result`).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if let Some(t) = self.tags.iter_mut().find(|t| t.0 == name) {
            t.1 = value.to_owned();
            return;
        }
        let at = self
            .tags
            .iter()
            .position(|t| t.0 == "Result")
            .unwrap_or(self.tags.len());
        self.tags.insert(at, (name.to_owned(), value.to_owned()));
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.0 == name).map(|t| t.1.as_str())
    }

    /// The result tag (`*` when missing).
    pub fn result(&self) -> &str {
        self.tag("Result").unwrap_or("*")
    }

    /// The record tag for a player: his name with a capital (`White`, `Red`).
    pub fn player_tag(name: &str) -> String {
        let mut c = name.chars();
        match c.next() {
            Some(f) => f.to_uppercase().chain(c).collect(),
            None => String::new(),
        }
    }

    /// Appends a move made at `turn` by `player` (turn numbers are written before
    /// the first move of each turn, and before a record's first move).
    pub fn push(&mut self, turn: u32, player: Player, text: impl Into<String>) {
        if !self.moves.iter().any(|m| m.entry == Entry::Move) {
            self.starts_mid_turn = player != 0;
        }
        let new_turn = self.last_turn() != Some(turn);
        self.moves.push(RecordedMove {
            turn: new_turn.then_some(turn),
            text: text.into(),
            comments: Vec::new(),
            entry: Entry::Move,
        });
    }

    /// Appends the move just made in `pos` (which had `since` announcements before
    /// it): a move that stands as [`GameRecord::push`] does, a move the rules took
    /// back as [`Entry::TakenBack`].
    pub fn push_made(
        &mut self,
        pos: &Position,
        since: usize,
        turn: u32,
        player: Player,
        text: impl Into<String>,
    ) {
        if taken_back(pos, since) {
            self.push_entry(Entry::TakenBack, text.into());
        } else {
            self.push(turn, player, text);
        }
    }

    /// Appends the resignation of the player called `name` (the player to move).
    pub fn resign(&mut self, name: &str) {
        self.push_entry(
            Entry::Resigns,
            format!("{} {RESIGNS_WORD}", name_word(name)),
        );
    }

    /// Tags a game that starts from `pos` rather than from the variant's start: PGN's
    /// `SetUp "1"` and `FEN` when FEN can describe the position, else `SetUp "1"` and
    /// the variant's own `Position` string.
    pub fn set_start(&mut self, pos: &Position) {
        if !self.set_fen_start(pos) {
            self.set_tag("SetUp", "1");
            self.set_tag("Position", &pos.to_string());
        }
    }

    /// `SetUp "1"` and `FEN` for `pos` when FEN can describe it (true), else nothing
    /// (false): for a start that options chose (a Chess960 array), which programs that
    /// know the variant only by name would not find otherwise.
    pub fn set_fen_start(&mut self, pos: &Position) -> bool {
        match pos.fen() {
            Some(fen) => {
                self.set_tag("SetUp", "1");
                self.set_tag("FEN", &fen);
                true
            }
            None => false,
        }
    }

    /// Appends an entry that is no move token (no turn number).
    fn push_entry(&mut self, entry: Entry, text: String) {
        self.moves.push(RecordedMove {
            turn: None,
            text,
            comments: Vec::new(),
            entry,
        });
    }

    /// Adds a comment after the last move (before the first, when there is none),
    /// without braces and with its whitespace runs as single spaces.
    pub fn comment(&mut self, text: impl Into<String>) {
        let text = comment_text(&text.into());
        match self.moves.last_mut() {
            Some(m) => m.comments.push(text),
            None => self.preamble.push(text),
        }
    }

    /// Removes the last move (undo).
    pub fn pop(&mut self) -> Option<RecordedMove> {
        self.moves.pop()
    }

    /// The turn of the last move.
    fn last_turn(&self) -> Option<u32> {
        self.moves.iter().rev().find_map(|m| m.turn)
    }
}

/// A player's name as one word (a resignation comment is `NAME resigns`).
pub(crate) fn name_word(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join("-")
}

/// A comment as records hold it: no braces, whitespace runs as single spaces, trimmed
/// (so that it writes and reads back the same, wherever lines wrap).
pub(crate) fn comment_text(text: &str) -> String {
    text.replace(['{', '}'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
