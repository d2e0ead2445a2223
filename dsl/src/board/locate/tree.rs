//! A tolerant outline parser for YAML as people write it: block mappings and
//! sequences (compact `- key: v` items included), flow `{...}` and `[...]`, quoted and
//! plain scalars, comments, block scalars (`|`, `>`).
//!
//! It does not interpret values; it only records where each key and value is. It never
//! fails: on text it does not understand it stops descending and keeps what it has,
//! so a lookup falls back to the nearest enclosing key. Every loop advances at least
//! one byte or line and nesting is capped, so hostile input costs linear time.
//!
//! All positions are byte offsets. The parser only stops at ASCII bytes, so every
//! offset it records lies on a UTF-8 character boundary.

use crate::span::Span;

/// Deeper nesting than this is recorded as one opaque scalar.
const MAX_DEPTH: usize = 64;

/// A YAML node and where it is.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    /// The whole node (for a block collection: first to last byte of its content).
    pub span: Span,
    /// What it contains.
    pub kind: Kind,
}

/// The shape of a node.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Kind {
    /// A scalar (or something not understood).
    Scalar,
    /// A mapping, entries in written order.
    Map(Vec<Entry>),
    /// A sequence.
    Seq(Vec<Node>),
}

/// One `key: value` pair.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    /// The key, unquoted.
    pub key: String,
    /// Where the key is written (without quotes).
    pub key_span: Span,
    /// The value (an empty span right after the colon when the value is empty).
    pub value: Node,
}

/// One line of text: `start..end` excludes the line break.
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
    /// Offset of the first non-space byte (== `end` for blank lines).
    content: usize,
    /// Holds something other than spaces, a comment or a document marker.
    significant: bool,
}

impl Line {
    fn indent(&self) -> usize {
        self.content - self.start
    }
}

/// Parses `text` into an outline tree. An empty document is an empty scalar at 0.
pub(crate) fn parse(text: &str) -> Node {
    let mut p = Parser::new(text.as_bytes());
    p.skip_insignificant();
    if p.li >= p.lines.len() {
        return scalar(0, 0);
    }
    let pos = p.lines[p.li].content;
    p.block_node(pos, -1, 0)
}

fn scalar(start: usize, end: usize) -> Node {
    Node {
        span: Span::new(start, end),
        kind: Kind::Scalar,
    }
}

struct Parser<'t> {
    b: &'t [u8],
    lines: Vec<Line>,
    /// The next line to look at.
    li: usize,
}

impl<'t> Parser<'t> {
    fn new(b: &'t [u8]) -> Self {
        let mut lines = Vec::new();
        let mut start = 0;
        while start <= b.len() {
            let nl = b[start..].iter().position(|&c| c == b'\n');
            let next = nl.map_or(b.len() + 1, |i| start + i + 1);
            let mut end = nl.map_or(b.len(), |i| start + i);
            if end > start && b[end - 1] == b'\r' {
                end -= 1;
            }
            let content = start + b[start..end].iter().take_while(|&&c| c == b' ').count();
            let rest = &b[content..end];
            let marker = content == start
                && (rest.starts_with(b"---") || rest.starts_with(b"...") || rest.starts_with(b"%"));
            let significant = !rest.is_empty() && rest[0] != b'#' && !marker;
            lines.push(Line {
                start,
                end,
                content,
                significant,
            });
            start = next;
        }
        Parser { b, lines, li: 0 }
    }

    fn skip_insignificant(&mut self) {
        while self.li < self.lines.len() && !self.lines[self.li].significant {
            self.li += 1;
        }
    }

    fn at_end(&self) -> bool {
        self.li >= self.lines.len()
    }

    /// Index of the line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1)
    }

    /// After an inline node ending at `end`: continue on the next line, skipping
    /// continuation lines (deeper than `parent`) of a multi-line plain scalar.
    fn finish_inline(&mut self, start: usize, end: usize, parent: isize) {
        let last = if end > start { end - 1 } else { start };
        self.li = self.line_of(last) + 1;
        self.skip_insignificant();
        while !self.at_end() && self.lines[self.li].indent() as isize > parent {
            self.li += 1;
            self.skip_insignificant();
        }
    }

    /// A block node whose first byte is `pos` on line `self.li`; `parent` is the indent
    /// of the enclosing collection (-1 at top level).
    fn block_node(&mut self, pos: usize, parent: isize, depth: usize) -> Node {
        let line = self.lines[self.li];
        if depth > MAX_DEPTH {
            let node = scalar(pos, line.end);
            self.finish_inline(pos, line.end, parent);
            return node;
        }
        let col = pos - line.start;
        if self.is_dash(pos, line.end) {
            return self.block_seq(col, depth);
        }
        if self.find_key(pos, line.end).is_some() {
            return self.block_map(col, depth);
        }
        let pos = self.skip_properties(pos, line.end);
        let (node, end) = if pos < line.end && (self.b[pos] == b'|' || self.b[pos] == b'>') {
            self.li += 1;
            return self.block_scalar(pos, parent);
        } else {
            self.inline_node(pos, line.end, depth)
        };
        self.finish_inline(pos, end, parent);
        node
    }

    /// `- ` or a lone `-` at `pos`.
    fn is_dash(&self, pos: usize, end: usize) -> bool {
        pos < end && self.b[pos] == b'-' && (pos + 1 == end || self.b[pos + 1] == b' ')
    }

    fn block_seq(&mut self, col: usize, depth: usize) -> Node {
        let first = self.lines[self.li].start + col;
        let mut items = Vec::new();
        let mut last_end = first + 1;
        loop {
            let line = self.lines[self.li];
            let dash = line.start + col;
            let after = self.skip_spaces(dash + 1, line.end);
            let item = if after >= line.end || self.b[after] == b'#' {
                self.li += 1;
                self.skip_insignificant();
                if !self.at_end() && self.lines[self.li].indent() > col {
                    let p = self.lines[self.li].content;
                    self.block_node(p, col as isize, depth + 1)
                } else {
                    scalar(dash + 1, dash + 1)
                }
            } else {
                self.block_node(after, col as isize, depth + 1)
            };
            last_end = last_end.max(item.span.end as usize);
            items.push(item);
            self.skip_insignificant();
            if self.at_end() {
                break;
            }
            let next = self.lines[self.li];
            if next.indent() != col || !self.is_dash(next.content, next.end) {
                break;
            }
        }
        Node {
            span: Span::new(first, last_end),
            kind: Kind::Seq(items),
        }
    }

    fn block_map(&mut self, col: usize, depth: usize) -> Node {
        let first = self.lines[self.li].start + col;
        let mut entries = Vec::new();
        let mut last_end = first;
        loop {
            let line = self.lines[self.li];
            let pos = line.start + col;
            let Some((ks, ke, colon)) = self.find_key(pos, line.end) else {
                // Not a key where one belongs: give up on this mapping.
                self.li += 1;
                break;
            };
            let key = self.key_text(ks, ke);
            let vpos = self.skip_properties(self.skip_spaces(colon + 1, line.end), line.end);
            let value = if vpos >= line.end || self.b[vpos] == b'#' {
                self.li += 1;
                self.skip_insignificant();
                if self.at_end() {
                    scalar(colon + 1, colon + 1)
                } else {
                    let next = self.lines[self.li];
                    if next.indent() > col {
                        self.block_node(next.content, col as isize, depth + 1)
                    } else if next.indent() == col && self.is_dash(next.content, next.end) {
                        self.block_seq(col, depth + 1)
                    } else {
                        scalar(colon + 1, colon + 1)
                    }
                }
            } else if self.b[vpos] == b'|' || self.b[vpos] == b'>' {
                self.li += 1;
                self.block_scalar(vpos, col as isize)
            } else {
                let (node, end) = self.inline_node(vpos, line.end, depth + 1);
                self.finish_inline(vpos, end, col as isize);
                node
            };
            last_end = last_end.max(value.span.end as usize).max(ke);
            entries.push(Entry {
                key,
                key_span: Span::new(ks, ke),
                value,
            });
            self.skip_insignificant();
            if self.at_end() || self.lines[self.li].indent() != col {
                break;
            }
        }
        Node {
            span: Span::new(first, last_end),
            kind: Kind::Map(entries),
        }
    }

    /// A `|` or `>` scalar starting at `pos`; its lines are the following ones deeper
    /// than `parent` (and blank lines between them). `self.li` is the line after `pos`.
    fn block_scalar(&mut self, pos: usize, parent: isize) -> Node {
        let mut end = self.lines[self.line_of(pos)].end;
        while !self.at_end() {
            let l = self.lines[self.li];
            let blank = l.content == l.end;
            if !blank && l.indent() as isize <= parent {
                break;
            }
            if !blank {
                end = l.end;
            }
            self.li += 1;
        }
        self.skip_insignificant();
        scalar(pos, end)
    }

    /// The key of a `key: value` line starting at `pos`: (key start, key end, colon).
    fn find_key(&self, pos: usize, end: usize) -> Option<(usize, usize, usize)> {
        let b = self.b;
        if pos >= end {
            return None;
        }
        match b[pos] {
            b'"' | b'\'' => {
                let close = self.quoted_end(pos);
                if close > end {
                    return None;
                }
                let colon = self.skip_spaces(close, end);
                (colon < end && b[colon] == b':' && self.ends_indicator(colon + 1, end))
                    .then(|| (pos + 1, close - 1, colon))
            }
            b'[' | b'{' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'?' => None,
            b'-' if self.is_dash(pos, end) => None,
            _ => {
                let mut i = pos;
                while i < end {
                    let c = b[i];
                    if c == b':' && self.ends_indicator(i + 1, end) {
                        let ke = pos + trim_end(&b[pos..i]);
                        return Some((pos, ke, i));
                    }
                    if c == b'#' && i > pos && b[i - 1] == b' ' {
                        return None;
                    }
                    i += 1;
                }
                None
            }
        }
    }

    /// True when a `:` followed by byte `i` is a mapping indicator in block context.
    fn ends_indicator(&self, i: usize, end: usize) -> bool {
        i >= end || self.b[i] == b' ' || self.b[i] == b'\t'
    }

    fn key_text(&self, start: usize, end: usize) -> String {
        String::from_utf8_lossy(&self.b[start..end.max(start)]).into_owned()
    }

    fn skip_spaces(&self, mut i: usize, end: usize) -> usize {
        while i < end && (self.b[i] == b' ' || self.b[i] == b'\t') {
            i += 1;
        }
        i
    }

    /// Skips anchors (`&a`) and tags (`!t`) in front of a value.
    fn skip_properties(&self, mut i: usize, end: usize) -> usize {
        while i < end && (self.b[i] == b'&' || self.b[i] == b'!') {
            while i < end && self.b[i] != b' ' {
                i += 1;
            }
            i = self.skip_spaces(i, end);
        }
        i
    }

    /// One past the closing quote of the string opening at `pos` (may cross lines;
    /// the end of the text when unterminated).
    fn quoted_end(&self, pos: usize) -> usize {
        let b = self.b;
        let q = b[pos];
        let mut i = pos + 1;
        while i < b.len() {
            if q == b'"' && b[i] == b'\\' {
                i += 2;
                continue;
            }
            if b[i] == q {
                if q == b'\'' && i + 1 < b.len() && b[i + 1] == b'\'' {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i += 1;
        }
        b.len()
    }

    /// A value written on the rest of a line (a flow collection may continue on
    /// later lines). Returns the node and the offset after it.
    fn inline_node(&self, pos: usize, line_end: usize, depth: usize) -> (Node, usize) {
        match self.b.get(pos) {
            Some(b'{') | Some(b'[') | Some(b'"') | Some(b'\'') => self.flow_node(pos, depth),
            _ => {
                let mut i = pos;
                while i < line_end && !(self.b[i] == b'#' && i > pos && self.b[i - 1] == b' ') {
                    i += 1;
                }
                let end = pos + trim_end(&self.b[pos..i]);
                (scalar(pos, end), end)
            }
        }
    }

    /// Skips spaces, line breaks and comments in flow context.
    fn skip_flow_space(&self, mut i: usize) -> usize {
        let b = self.b;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        i
    }

    /// A node in flow context at `pos` (after leading space).
    fn flow_node(&self, pos: usize, depth: usize) -> (Node, usize) {
        let b = self.b;
        let pos = self.skip_flow_space(pos);
        if pos >= b.len() {
            return (scalar(pos, pos), pos);
        }
        if depth > MAX_DEPTH {
            let end = pos + b[pos..].iter().take_while(|&&c| c != b'\n').count();
            return (scalar(pos, end), end);
        }
        match b[pos] {
            b'{' => self.flow_map(pos, depth),
            b'[' => self.flow_seq(pos, depth),
            b'"' | b'\'' => {
                let end = self.quoted_end(pos);
                (scalar(pos, end), end)
            }
            _ => {
                let mut i = pos;
                while i < b.len() {
                    let c = b[i];
                    if matches!(c, b',' | b'[' | b']' | b'{' | b'}' | b'\n' | b'\r')
                        || (c == b'#' && i > pos && b[i - 1] == b' ')
                        || (c == b':'
                            && (i + 1 >= b.len()
                                || matches!(b[i + 1], b' ' | b',' | b']' | b'}' | b'\n' | b'\r')))
                    {
                        break;
                    }
                    i += 1;
                }
                let end = pos + trim_end(&b[pos..i]);
                (scalar(pos, end), end.max(pos))
            }
        }
    }

    /// The text of a flow key node, unquoted.
    fn flow_key(&self, node: &Node) -> (String, Span) {
        let (s, e) = (node.span.start as usize, node.span.end as usize);
        if e >= s + 2 && matches!(self.b[s], b'"' | b'\'') {
            (self.key_text(s + 1, e - 1), Span::new(s + 1, e - 1))
        } else {
            (self.key_text(s, e), node.span)
        }
    }

    fn flow_map(&self, open: usize, depth: usize) -> (Node, usize) {
        let b = self.b;
        let mut entries = Vec::new();
        let mut i = open + 1;
        loop {
            i = self.skip_flow_space(i);
            if i >= b.len() {
                break;
            }
            match b[i] {
                b'}' => {
                    i += 1;
                    break;
                }
                b',' => {
                    i += 1;
                    continue;
                }
                b']' => break,
                _ => {}
            }
            let before = i;
            let (knode, kend) = self.flow_node(i, depth + 1);
            let j = self.skip_flow_space(kend);
            let (value, vend) = if j < b.len() && b[j] == b':' {
                self.flow_node(j + 1, depth + 1)
            } else {
                (scalar(kend, kend), kend)
            };
            let (key, key_span) = self.flow_key(&knode);
            entries.push(Entry {
                key,
                key_span,
                value,
            });
            i = vend.max(before + 1);
        }
        let end = i.min(b.len());
        (
            Node {
                span: Span::new(open, end),
                kind: Kind::Map(entries),
            },
            end,
        )
    }

    fn flow_seq(&self, open: usize, depth: usize) -> (Node, usize) {
        let b = self.b;
        let mut items = Vec::new();
        let mut i = open + 1;
        loop {
            i = self.skip_flow_space(i);
            if i >= b.len() {
                break;
            }
            match b[i] {
                b']' => {
                    i += 1;
                    break;
                }
                b',' => {
                    i += 1;
                    continue;
                }
                b'}' => break,
                _ => {}
            }
            let before = i;
            let (item, iend) = self.flow_node(i, depth + 1);
            let j = self.skip_flow_space(iend);
            if j < b.len() && b[j] == b':' {
                // `[key: value]`: a single-pair mapping.
                let (value, vend) = self.flow_node(j + 1, depth + 1);
                let (key, key_span) = self.flow_key(&item);
                let span = Span::new(item.span.start as usize, value.span.end as usize);
                items.push(Node {
                    span,
                    kind: Kind::Map(vec![Entry {
                        key,
                        key_span,
                        value,
                    }]),
                });
                i = vend.max(before + 1);
            } else {
                items.push(item);
                i = iend.max(before + 1);
            }
        }
        let end = i.min(b.len());
        (
            Node {
                span: Span::new(open, end),
                kind: Kind::Seq(items),
            },
            end,
        )
    }
}

/// Length of `s` without trailing spaces and tabs.
fn trim_end(s: &[u8]) -> usize {
    s.len()
        - s.iter()
            .rev()
            .take_while(|&&c| c == b' ' || c == b'\t')
            .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: &Node) -> Vec<&str> {
        match &n.kind {
            Kind::Map(es) => es.iter().map(|e| e.key.as_str()).collect(),
            _ => vec![],
        }
    }

    #[test]
    fn block_and_flow_mix() {
        let t = "a: 1\nb:\n  - x\n  - { k: v, l: [1, 2] }\nc: |\n  text\n  more\nd: 'q'\n";
        let n = parse(t);
        assert_eq!(keys(&n), ["a", "b", "c", "d"]);
        let Kind::Map(es) = &n.kind else { panic!() };
        let Kind::Seq(items) = &es[1].value.kind else {
            panic!("{:?}", es[1].value)
        };
        assert_eq!(items.len(), 2);
        assert_eq!(keys(&items[1]), ["k", "l"]);
        let c = es[2].value.span;
        assert_eq!(&t[c.start as usize..c.end as usize], "|\n  text\n  more");
    }

    #[test]
    fn compact_sequence_items_are_mappings() {
        let t = "cells:\n- name: d4\n  links:\n    n: d5\n- name: d5\n";
        let n = parse(t);
        let Kind::Map(es) = &n.kind else { panic!() };
        let Kind::Seq(items) = &es[0].value.kind else {
            panic!()
        };
        assert_eq!(items.len(), 2);
        assert_eq!(keys(&items[0]), ["name", "links"]);
        assert_eq!(keys(&items[1]), ["name"]);
    }

    #[test]
    fn garbage_never_panics() {
        for t in [
            "",
            ":",
            "- - - -",
            "{{{{[[[",
            "a: [1, {b: 'unterminated",
            "a:\n\t- b",
            "\"k\": v\n  - x\n bad",
            "é: ü\n  ö: [ä, {ß: 'x'}]",
            "a: b: c: d",
            "? complex\n: value",
            "---\n%YAML\n...\n",
            "a: &x [1]\nb: *x\nc: !tag v",
        ] {
            let _ = parse(t);
        }
        let deep = "[".repeat(10_000);
        let _ = parse(&deep);
        let nested: String = (0..500)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        let _ = parse(&nested);
    }
}
