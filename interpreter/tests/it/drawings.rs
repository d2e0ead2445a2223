//! The text drawing of every variant's start position (every folder of `variants/`
//! with a rule file, plus the option values that pick another board): snapshots under
//! `snapshots/text/`, every cell's name read back from the drawing, and the width.
//!
//! The reader here knows only the drawing conventions a player is told: rank labels
//! left of the lines, file labels under their column (right-aligned with the token),
//! board prefixes (`2:`) centred in a `--- 2: ---` rule over their columns, or else
//! `name:token` written in each cell.

use crate::common::root;
use chessgraph::draw::text_board;
use chessgraph::{Cell, Position, Variant};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Option values that draw another board than the default.
const EXTRA: &[(&str, &str, &str)] = &[
    ("strategichess-team", "boards", "2"),
    ("strategichess-team", "boards", "4"),
    ("strategichess-team", "boards", "5"),
];

/// The rule file of a folder: `<name>.rules`, else the only `*.rules`, else none (a
/// folder of shared boards).
fn rule_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let named = dir.join(format!("{name}.rules"));
    if named.exists() {
        return Some(named);
    }
    let rules: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    assert!(rules.len() <= 1, "{}: which rule file?", dir.display());
    rules.into_iter().next()
}

/// Every case: its snapshot name, and the variant.
fn cases() -> Vec<(String, Arc<Variant>)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .map(|e| e.expect("entry").path())
        .filter(|d| d.is_dir())
        .collect();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let Some(rules) = rule_file(&dir, &name) else {
            continue;
        };
        let load = |opts: &[(String, String)]| {
            Variant::load(&rules, opts)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"))
                .variant
        };
        out.push((name.clone(), load(&[])));
        for &(variant, opt, value) in EXTRA.iter().filter(|e| e.0 == name) {
            let v = load(&[(opt.to_owned(), value.to_owned())]);
            out.push((format!("{variant}-{opt}-{value}"), v));
        }
    }
    assert!(out.len() > 20, "{} variants", out.len());
    out
}

fn drawing(v: &Arc<Variant>) -> String {
    text_board(&Position::start(v), &[])
}

#[test]
fn every_start_drawing_matches_its_snapshot() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots/text"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.remove_input_file();
    settings.bind(|| {
        for (name, v) in cases() {
            insta::assert_snapshot!(name, drawing(&v));
        }
    });
}

/// Every board file under `variants/` is drawn by some case, so a new board is read
/// back by the test below.
#[test]
fn every_board_file_is_drawn() {
    let drawn: BTreeSet<String> = cases().iter().map(|c| c.1.board().name.clone()).collect();
    let mut files = Vec::new();
    let mut stack = vec![root().join("variants")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).expect("folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "yaml") {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 10);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("board file");
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name:"))
            .map(|n| n.trim().to_owned())
            .unwrap_or_else(|| f.file_stem().unwrap().to_string_lossy().to_string());
        assert!(
            drawn.contains(&name),
            "{} ({name}) is drawn by no case",
            f.display()
        );
    }
}

#[test]
fn every_drawing_fits_80_columns_or_says_how_to_widen() {
    for (name, v) in cases() {
        let text = drawing(&v);
        let first = text.lines().next().unwrap_or("");
        let note = first.starts_with("(the board is") && first.contains("widen the terminal");
        assert!(first.chars().count() <= 80, "{name}: {first}");
        if !note {
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{name}: {line}\n{text}");
            }
        }
    }
}

#[test]
fn every_cell_is_read_back_from_its_drawing() {
    for (name, v) in cases() {
        let text = drawing(&v);
        let lines: Vec<Vec<char>> = text
            .lines()
            .filter(|l| !l.starts_with("(the board is"))
            .map(|l| l.chars().collect())
            .collect();
        let pos = Position::start(&v);
        let grid = Grid::read(&lines, &v);
        let mut covered: BTreeSet<(usize, usize)> = BTreeSet::new();
        for c in 0..v.cell_count() {
            let cell = c as Cell;
            let cell_name = v.cell_name(cell);
            let expected = token(&pos, cell);
            let Some(grid) = &grid else {
                // No labels: the name must be written in the cell.
                let written = format!("{cell_name}:");
                let found = text.split_whitespace().any(|w| {
                    w.strip_prefix(&written)
                        .is_some_and(|t| fits(t, expected.as_deref()))
                });
                assert!(found, "{name}: {cell_name} not written in\n{text}");
                continue;
            };
            let at = grid
                .find(&lines, cell_name)
                .unwrap_or_else(|| panic!("{name}: no label leads to {cell_name} in\n{text}"));
            let (line, end) = at;
            let row = &lines[line];
            let width = expected.as_ref().map_or(1, |t| t.chars().count());
            let start = end.checked_sub(width).unwrap_or_else(|| panic!("{name}"));
            let got: String = row
                .get(start..end)
                .map(|s| s.iter().collect())
                .unwrap_or_default();
            assert!(
                fits(&got, expected.as_deref()),
                "{name}: {cell_name} reads {got:?}, holds {expected:?}\n{text}"
            );
            for col in start..end {
                assert!(
                    covered.insert((line, col)),
                    "{name}: two cells at {cell_name}"
                );
            }
        }
        // Nothing else is drawn on the board's lines: no unnamed cell.
        if let Some(grid) = &grid {
            for &(line, _) in &grid.ranks {
                for (col, ch) in lines[line].iter().enumerate().skip(grid.margin) {
                    let blank = ch.is_whitespace();
                    assert!(
                        blank || covered.contains(&(line, col)),
                        "{name}: stray {ch}\n{text}"
                    );
                }
            }
        }
    }
}

/// The token of the piece on `cell` (`None` for an empty cell): the letter, upper case
/// for the first player, or with more than two players the owner's tag and the letter.
fn token(pos: &Position, cell: Cell) -> Option<String> {
    let v = pos.variant();
    let p = pos.piece_at(cell)?;
    // Players whose pieces have two colours are drawn in FEN case by colour.
    let players = v.players();
    let colours: std::collections::BTreeSet<&str> =
        players.iter().map(|p| p.colour.as_str()).collect();
    let wide = players.len() > 2 && colours.len() > 2;
    let first_colour = players[p.owner as usize].colour == players[0].colour;
    let symbol = v.piece_types()[p.piece_type as usize].symbol(wide || first_colour);
    let tag = if wide {
        v.players()[p.owner as usize].tag.to_string()
    } else {
        String::new()
    };
    Some(format!("{tag}{symbol}").trim().to_owned())
}

/// Whether the text read at a cell is its piece, or an empty mark (`.`, a zone mark).
fn fits(got: &str, expected: Option<&str>) -> bool {
    match expected {
        Some(t) => got == t,
        None => got.chars().count() == 1 && got.chars().all(|c| c.is_ascii_punctuation()),
    }
}

/// The labels of a drawing: rank per line, local file per column end, board prefix
/// blocks.
struct Grid {
    /// `(line, rank)`.
    ranks: Vec<(usize, String)>,
    /// `(end column, exclusive; local file)`.
    files: Vec<(usize, String)>,
    /// `(first column, end column, prefix)`.
    blocks: Vec<(usize, usize, String)>,
    /// Columns of the rank labels and their blank.
    margin: usize,
}

impl Grid {
    /// The labels, or `None` when the drawing has no rank lines.
    fn read(lines: &[Vec<char>], v: &Variant) -> Option<Grid> {
        let mut ranks = Vec::new();
        let mut margin = 0;
        for (i, l) in lines.iter().enumerate() {
            let s: String = l.iter().collect();
            let label = s.trim_start().split(' ').next().unwrap_or("");
            if !label.is_empty()
                && label.chars().all(|c| c.is_ascii_digit())
                && s.len() > label.len()
            {
                margin = s.find(label).unwrap_or(0) + label.len() + 1;
                ranks.push((i, label.to_owned()));
            }
        }
        let last = ranks.last()?.0;
        let first = ranks[0].0;
        let local_files: BTreeSet<String> = (0..v.cell_count())
            .map(|c| local_file(v.cell_name(c as Cell)).1.to_owned())
            .collect();
        let mut files = Vec::new();
        for (start, word) in words(lines.get(last + 1)?) {
            if local_files.contains(&word) {
                files.push((start + word.chars().count(), word));
            } else {
                // Touching one-character files (`abcdefgh`).
                for (i, ch) in word.chars().enumerate() {
                    files.push((start + i + 1, ch.to_string()));
                }
            }
        }
        let mut blocks = Vec::new();
        if first > 0 {
            let w = words(&lines[first - 1]);
            for t in w.chunks(3) {
                if let [(a, _), (_, label), (c, dash)] = t {
                    blocks.push((*a, c + dash.chars().count(), label.clone()));
                }
            }
        }
        Some(Grid {
            ranks,
            files,
            blocks,
            margin,
        })
    }

    /// The line of `name`'s rank and the end column of its file (and prefix block).
    fn find(&self, lines: &[Vec<char>], name: &str) -> Option<(usize, usize)> {
        let (prefix, file, rank) = local_file(name);
        let line = self.ranks.iter().find(|r| r.1 == rank)?.0;
        let mut ends = self
            .files
            .iter()
            .filter(|f| f.1 == file)
            .map(|f| f.0)
            .filter(|&e| {
                prefix.is_empty()
                    || self
                        .blocks
                        .iter()
                        .any(|b| b.2 == prefix && b.0 < e && e <= b.1)
            });
        let end = ends.next()?;
        (ends.next().is_none() && end <= lines[line].len()).then_some((line, end))
    }
}

/// `(prefix, local file, rank)` of a name: `2:a3` is `("2:", "a", "3")`.
fn local_file(name: &str) -> (&str, &str, &str) {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (file, rank) = name.split_at(name.len() - digits);
    match file.rfind(':') {
        Some(i) => (&file[..=i], &file[i + 1..], rank),
        None => ("", file, rank),
    }
}

/// The words of a line with their first columns.
fn words(line: &[char]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, &ch) in line.iter().chain(std::iter::once(&' ')).enumerate() {
        match (&mut cur, ch.is_whitespace()) {
            (Some(_), true) => out.extend(cur.take()),
            (Some((_, w)), false) => w.push(ch),
            (None, false) => cur = Some((i, ch.to_string())),
            (None, true) => {}
        }
    }
    out
}
