//! Where is `cells[3].links.n`? Maps a YAML path to a byte span in the board file.
//!
//! serde_yaml reports locations only for syntax and shape errors; once the file is
//! parsed, values have no position. The loader finds semantic errors (a link to an
//! unknown cell) long after serde is done, so it asks this locator where the offending
//! key or value is written. The locator reads the text itself with a tolerant outline
//! parser (`tree`) that understands block and flow style as people write them. When
//! a path cannot be followed to the end it answers with the nearest enclosing key it
//! found, so a diagnostic always points somewhere sensible; it never panics.

mod tree;

use crate::span::Span;
use std::fmt;
use tree::{Kind, Node};

/// One step of a [`YamlPath`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// The value of a mapping key (the first entry with that key).
    Key(String),
    /// The `n`-th entry of a mapping, in written order. Unlike [`Seg::Key`] this
    /// reaches the second of two duplicate keys.
    Entry(usize),
    /// The `n`-th item of a sequence.
    Index(usize),
}

/// A path from the document root to a node: `cells[3].links.n`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct YamlPath(pub Vec<Seg>);

impl YamlPath {
    /// The document root.
    pub fn root() -> Self {
        YamlPath(Vec::new())
    }

    /// This path extended by a mapping key.
    pub fn key(&self, key: &str) -> Self {
        self.with(Seg::Key(key.to_owned()))
    }

    /// This path extended by the `n`-th mapping entry.
    pub fn entry(&self, n: usize) -> Self {
        self.with(Seg::Entry(n))
    }

    /// This path extended by a sequence index.
    pub fn index(&self, n: usize) -> Self {
        self.with(Seg::Index(n))
    }

    fn with(&self, seg: Seg) -> Self {
        let mut v = self.0.clone();
        v.push(seg);
        YamlPath(v)
    }

    /// Parses the written form: keys separated by `.`, `[n]` for sequence items and
    /// `[#n]` for the `n`-th mapping entry (`cells[3].links.n`, `directions[#2]`).
    pub fn parse(text: &str) -> Self {
        let mut segs = Vec::new();
        for part in text.split('.').filter(|p| !p.is_empty()) {
            let (head, mut rest) = part.split_once('[').map_or((part, ""), |(h, r)| (h, r));
            if !head.is_empty() {
                segs.push(Seg::Key(head.to_owned()));
            }
            while let Some((inner, after)) = rest.split_once(']') {
                match inner.strip_prefix('#') {
                    Some(n) => segs.extend(n.parse().ok().map(Seg::Entry)),
                    None => segs.extend(inner.parse().ok().map(Seg::Index)),
                }
                rest = after.strip_prefix('[').unwrap_or(after);
            }
        }
        YamlPath(segs)
    }
}

impl fmt::Display for YamlPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Entry(n) => write!(f, "[#{n}]")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// What a lookup found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The span of the last key on the followed path (none at the root or when the
    /// last step was a sequence index).
    pub key: Option<Span>,
    /// The span of the node reached.
    pub value: Span,
    /// True when the whole path was followed.
    pub exact: bool,
}

/// Answers [`YamlPath`] lookups for one text.
#[derive(Clone, Debug)]
pub struct Locator {
    root: Node,
    text_len: usize,
    line_ends: Vec<usize>,
}

impl Locator {
    /// Reads the outline of `text` once; lookups are then cheap.
    pub fn new(text: &str) -> Self {
        let line_ends = text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i)
            .collect();
        Locator {
            root: tree::parse(text),
            text_len: text.len(),
            line_ends,
        }
    }

    /// Follows `path` as far as it goes.
    pub fn find(&self, path: &YamlPath) -> Found {
        let mut node = &self.root;
        let mut key = None;
        for seg in &path.0 {
            let next = match (seg, &node.kind) {
                (Seg::Key(k), Kind::Map(es)) => es
                    .iter()
                    .find(|e| &e.key == k)
                    .map(|e| (Some(e.key_span), &e.value)),
                (Seg::Entry(n), Kind::Map(es)) => es.get(*n).map(|e| (Some(e.key_span), &e.value)),
                (Seg::Index(n), Kind::Seq(items)) => items.get(*n).map(|v| (None, v)),
                _ => None,
            };
            match next {
                Some((k, v)) => {
                    key = k;
                    node = v;
                }
                None => {
                    return Found {
                        key,
                        value: node.span,
                        exact: false,
                    }
                }
            }
        }
        Found {
            key,
            value: node.span,
            exact: true,
        }
    }

    /// Where to point for a problem with the *value* at `path`: the value itself
    /// (cut to its first line), else the key, else the nearest enclosing key.
    pub fn value_span(&self, path: &YamlPath) -> Span {
        let f = self.find(path);
        match (f.exact, f.key) {
            (true, _) if !f.value.is_empty() => self.first_line(f.value),
            (_, Some(k)) => k,
            _ => self.first_line(f.value),
        }
    }

    /// Where to point for a problem with the *key* at `path` (a duplicate name): the
    /// key, else the value, else the nearest enclosing key.
    pub fn key_span(&self, path: &YamlPath) -> Span {
        let f = self.find(path);
        match f.key {
            Some(k) => k,
            None => self.first_line(f.value),
        }
    }

    /// `span` cut at the end of its first line: underlining a whole block is noise.
    fn first_line(&self, span: Span) -> Span {
        let start = (span.start as usize).min(self.text_len);
        let i = self.line_ends.partition_point(|&e| e < start);
        let end = self.line_ends.get(i).copied().unwrap_or(self.text_len);
        Span::new(start, (span.end as usize).min(end).max(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "\
name: t   # a comment
directions:
  n: { opposite: s }
  s:
    opposite: n
cells:
  - name: d4
    links:
      f: { to: d5, remap: flip }
      fr: [i5, e9]
      n: d5
  - name: 'd5'
    links: {s: d4}
zones:
  home:
    white: [a1, b1]
    black: { y: [7, 8] }
";

    fn text(path: &str, value: bool) -> &'static str {
        let l = Locator::new(BOARD);
        let p = YamlPath::parse(path);
        let s = if value {
            l.value_span(&p)
        } else {
            l.key_span(&p)
        };
        &BOARD[s.start as usize..s.end as usize]
    }

    #[test]
    fn finds_block_and_flow_values() {
        assert_eq!(text("name", true), "t");
        assert_eq!(text("directions.n.opposite", true), "s");
        assert_eq!(text("directions.s.opposite", true), "n");
        assert_eq!(text("cells[0].links.f.to", true), "d5");
        assert_eq!(text("cells[0].links.f.remap", true), "flip");
        assert_eq!(text("cells[0].links.fr[1]", true), "e9");
        assert_eq!(text("cells[0].links.n", true), "d5");
        assert_eq!(text("cells[1].name", true), "'d5'");
        assert_eq!(text("cells[1].links.s", true), "d4");
        assert_eq!(text("zones.home.white[1]", true), "b1");
        assert_eq!(text("zones.home.black.y[0]", true), "7");
    }

    #[test]
    fn finds_keys_and_entries() {
        assert_eq!(text("directions.s", false), "s");
        assert_eq!(text("directions[#1]", false), "s");
        assert_eq!(text("zones.home.white", false), "white");
        assert_eq!(text("cells[0].links.fr", false), "fr");
    }

    #[test]
    fn falls_back_to_the_nearest_key() {
        let l = Locator::new(BOARD);
        let f = l.find(&YamlPath::parse("cells[0].links.zz.to"));
        assert!(!f.exact);
        assert_eq!(text("cells[0].links.zz.to", true), "links");
        assert_eq!(text("cells[7].name", true), "cells");
        assert_eq!(text("nothing.at.all", true), "name: t   # a comment");
        // A whole block value is cut to its first line.
        assert_eq!(text("cells[0]", true), "name: d4");
    }

    #[test]
    fn path_round_trips() {
        for p in [
            "cells[3].links.n",
            "directions[#2]",
            "zones.home.white",
            "a[1][2].b",
        ] {
            assert_eq!(YamlPath::parse(p).to_string(), p);
        }
        assert_eq!(
            YamlPath::root().key("cells").index(3).key("links"),
            YamlPath::parse("cells[3].links")
        );
    }

    #[test]
    fn empty_and_hostile_texts() {
        for t in ["", "\n\n", "[", "a: {b: [c", "- a\n-\n- : x"] {
            let l = Locator::new(t);
            let s = l.value_span(&YamlPath::parse("a.b[3]"));
            assert!(s.end as usize <= t.len());
        }
    }
}
