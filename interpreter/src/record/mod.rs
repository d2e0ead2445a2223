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
//! With three players a turn holds three moves (`1. e4 e9 i9 2. ...`). A record that
//! starts from another position has a `Position` tag. [`GameRecord::parse`] reads the
//! text back and [`GameRecord::replay`] checks every move against the rules; both
//! answer bad input with a [`RecordError`].

mod error;
mod read;
mod replay;
mod write;

pub use error::RecordError;
pub use read::MAX_BYTES;
pub use replay::PASS;

use crate::{Player, Score, Variant};

/// The result as a record writes it: each player's points in turn order, joined by
/// `-` (`1-0`, `1/2-1/2`, `3-1-0`).
pub fn result_text(v: &Variant, scores: &[Score]) -> String {
    scores
        .iter()
        .map(|&s| v.points_text(s))
        .collect::<Vec<_>>()
        .join("-")
}

/// Text of an entry that is a resignation rather than a move.
pub const RESIGNS: &str = "(resigns)";

/// One move (or resignation) with the comments that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The turn number written before it, if any (`12` for `12.` or `12...`).
    pub turn: Option<u32>,
    /// The move in the variant's notation, or [`RESIGNS`].
    pub text: String,
    /// Announcements and notes that follow it.
    pub comments: Vec<String>,
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
        if self.moves.is_empty() {
            self.starts_mid_turn = player != 0;
        }
        let new_turn = self.last_turn() != Some(turn);
        self.moves.push(RecordedMove {
            turn: new_turn.then_some(turn),
            text: text.into(),
            comments: Vec::new(),
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

/// A comment as records hold it: no braces, whitespace runs as single spaces, trimmed
/// (so that it writes and reads back the same, wherever lines wrap).
pub(crate) fn comment_text(text: &str) -> String {
    text.replace(['{', '}'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
