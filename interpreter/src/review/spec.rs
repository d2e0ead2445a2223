//! Reading a review spec (`variants/<name>/review.txt`).
//!
//! Plain text; `#` at the start of a line or after a blank starts a comment (so a mate
//! mark such as `Qh4#` inside a move list is not one); blocks start with `== title`
//! and are separated by blank lines; inside a block, `position:`, `moves:` and
//! `cells:` lines, each at most once, and `view: PLAYER` (the block as that player
//! sees it: his view string, the mines he is shown, the announcements he heard).

use crate::error::{ReviewError, ReviewErrorKind};

/// Largest spec read, in bytes.
pub(crate) const MAX_SPEC: usize = 1 << 20;
/// Most blocks in a spec.
pub(crate) const MAX_BLOCKS: usize = 1000;
/// Most moves in one block.
pub(crate) const MAX_MOVES: usize = 1000;

/// One block of a spec, with the line numbers of its parts (from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Block {
    pub title: String,
    pub title_line: usize,
    pub position: Option<(usize, String)>,
    pub moves: Option<(usize, Vec<String>)>,
    pub cells: Option<(usize, Vec<String>)>,
    /// `view: PLAYER`: the block as that player sees it.
    pub view: Option<(usize, String)>,
}

impl Block {
    /// An error in this block at `line`.
    pub fn error(&self, line: usize, kind: ReviewErrorKind, message: String) -> ReviewError {
        ReviewError {
            kind,
            block: self.title.clone(),
            line,
            message,
        }
    }
}

/// The line without its comment.
fn uncomment(line: &str) -> &str {
    let mut prev_blank = true;
    for (i, c) in line.char_indices() {
        if c == '#' && prev_blank {
            return &line[..i];
        }
        prev_blank = c.is_whitespace();
    }
    line
}

/// The blocks of `spec`.
pub(crate) fn parse(spec: &str) -> Result<Vec<Block>, ReviewError> {
    let err = |block: &str, line, kind, message: &str| ReviewError {
        kind,
        block: block.to_owned(),
        line,
        message: message.to_owned(),
    };
    if spec.len() > MAX_SPEC {
        let m = format!("the spec is larger than {MAX_SPEC} bytes");
        return Err(err("", 1, ReviewErrorKind::TooLarge, &m));
    }
    let mut blocks: Vec<Block> = Vec::new();
    let mut open = false;
    for (i, raw) in spec.lines().enumerate() {
        let n = i + 1;
        let line = uncomment(raw).trim();
        if line.is_empty() {
            if raw.trim().is_empty() {
                open = false;
            }
            continue;
        }
        if let Some(title) = line.strip_prefix("==") {
            if blocks.len() == MAX_BLOCKS {
                let m = format!("more than {MAX_BLOCKS} blocks");
                return Err(err(title.trim(), n, ReviewErrorKind::TooLarge, &m));
            }
            blocks.push(Block {
                title: title.trim().to_owned(),
                title_line: n,
                ..Block::default()
            });
            open = true;
            continue;
        }
        let Some(b) = blocks.last_mut().filter(|_| open) else {
            let title = blocks.last().map_or("", |b| b.title.as_str());
            let m = format!(
                "`{}` is outside a block: start blocks with `== title`",
                short(line)
            );
            return Err(err(title, n, ReviewErrorKind::Syntax, &m));
        };
        let Some((key, value)) = line.split_once(':') else {
            let m = format!("`{}` is not `key: value`", short(line));
            return Err(b.error(n, ReviewErrorKind::Syntax, m));
        };
        let value = value.trim();
        let words = || {
            value
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let twice = |b: &Block, key: &str| {
            b.error(
                n,
                ReviewErrorKind::UnknownKey,
                format!("`{key}` is given twice"),
            )
        };
        match key.trim() {
            "position" if b.position.is_some() => return Err(twice(b, "position")),
            "moves" if b.moves.is_some() => return Err(twice(b, "moves")),
            "cells" if b.cells.is_some() => return Err(twice(b, "cells")),
            "view" if b.view.is_some() => return Err(twice(b, "view")),
            "view" => b.view = Some((n, value.to_owned())),
            "position" => b.position = Some((n, value.to_owned())),
            "moves" => {
                let moves: Vec<String> =
                    words().into_iter().filter(|w| !is_move_number(w)).collect();
                if moves.len() > MAX_MOVES {
                    let m = format!("more than {MAX_MOVES} moves");
                    return Err(b.error(n, ReviewErrorKind::TooLarge, m));
                }
                b.moves = Some((n, moves));
            }
            "cells" => b.cells = Some((n, words())),
            other => {
                let m = format!(
                    "unknown key `{}`: the keys are `position`, `moves`, `cells` and `view`",
                    short(other)
                );
                return Err(b.error(n, ReviewErrorKind::UnknownKey, m));
            }
        }
    }
    if blocks.is_empty() {
        let m = "no block: a spec lists blocks that start with `== title`";
        return Err(err("", 1, ReviewErrorKind::NoBlocks, m));
    }
    Ok(blocks)
}

/// `1.`, `12...`: move numbers in a move list.
fn is_move_number(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    digits.len() < w.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// At most 40 characters of `s`, for messages.
pub(crate) fn short(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keys_and_comments() {
        let spec = "# a comment\n== Start\n\n== After e4 # tail\nposition: 8/8 w - - 0 1\n\
                    moves: 1. e4 e5 2. Qh5 Nc6 3. Qxf7#\ncells: e1 d1\n";
        let b = parse(spec).unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].title, "Start");
        assert_eq!(b[1].title, "After e4");
        assert_eq!(
            b[1].moves.as_ref().unwrap().1,
            ["e4", "e5", "Qh5", "Nc6", "Qxf7#"]
        );
        assert_eq!(
            b[1].cells.as_ref().unwrap(),
            &(7, vec!["e1".into(), "d1".into()])
        );
        assert_eq!(b[1].position.as_ref().unwrap().0, 5);
    }

    #[test]
    fn mistakes_are_typed() {
        let kind = |s: &str| parse(s).unwrap_err().kind;
        assert_eq!(kind(""), ReviewErrorKind::NoBlocks);
        assert_eq!(kind("position: x\n"), ReviewErrorKind::Syntax);
        assert_eq!(kind("== a\n\nmoves: e4\n"), ReviewErrorKind::Syntax);
        assert_eq!(kind("== a\nmoves e4\n"), ReviewErrorKind::Syntax);
        assert_eq!(kind("== a\nmove: e4\n"), ReviewErrorKind::UnknownKey);
        assert_eq!(
            kind("== a\nmoves: e4\nmoves: e5\n"),
            ReviewErrorKind::UnknownKey
        );
        assert_eq!(kind(&"x".repeat(MAX_SPEC + 1)), ReviewErrorKind::TooLarge);
        let e = parse("== first\nfoo: 1\n").unwrap_err();
        assert_eq!((e.block.as_str(), e.line), ("first", 2));
        assert_eq!(
            e.to_string(),
            "review spec, block `first`, line 2: unknown key `foo`: the keys are `position`, `moves`, `cells` and `view`"
        );
        assert_eq!(
            kind("== a\nview: white\nview: black\n"),
            ReviewErrorKind::UnknownKey
        );
        let b = parse("== a\nview: black\n").unwrap();
        assert_eq!(b[0].view, Some((2, "black".to_owned())));
    }
}
