//! `castle "NAME" for PLAYER: king A to B, rook C [DIR] to D [, safe path|between|none]`.
//!
//! Two forms, told apart by the word after `king`: a piece letter that is not a cell
//! name means the form with letters.
//!
//! - With cells (`king e1 to g1, rook h1 to f1`) the four cells must lie on one line
//!   of the board (a ray from the king's cell and its continuation the other way, or a
//!   cycle: then the shortest stretch of it that holds the four cells). From that line
//!   the compiler derives the cells that must be empty and the cells no opponent may
//!   attack, so castling at move time is a few table lookups.
//! - With letters (`king K to g1, rook R e to f1`) the compiler keeps the line through
//!   the two targets and, for every cell of it, the side on which a king standing there
//!   finds its rooks (the castle's direction, resolved for the owner on that cell).
//!   Move generation finds the king and the rooks (`movegen.rs`).

use super::cx::Cx;
use super::dirsets::{dirs_of, DirRef, DirSets};
use super::names::BoardNames;
use super::options::Active;
use super::pieces::Types;
use super::players::Players;
use crate::castling::{way, CastleLine, Line, Way, OFF_LINE};
use crate::ids::{Cell, Kind, PieceType, Player};
use crate::topology::Topology;
use crate::variant::CastleInfo;
use dsl::rules::ast::CastleDecl;

/// What the castles need from the other phases.
pub(crate) struct Env<'a, 'b> {
    pub names: &'a BoardNames<'b>,
    pub players: &'a Players,
    pub topo: &'a Topology,
    pub types: &'a Types,
    pub dirsets: &'a DirSets,
    /// The start position.
    pub setup: &'a [(Cell, Kind)],
}

/// Finds a line from `kf` holding the three other cells, the rook ahead of the king:
/// the line and the way. A straight line is taken at once (directions in board
/// order); of the cycles, the one whose way is the shortest stretch.
fn locate(topo: &Topology, kf: Cell, kt: Cell, rf: Cell, rt: Cell) -> Option<(Line, Way)> {
    let mut best: Option<(i32, Line, Way)> = None;
    for d in 0..topo.dirs as u8 {
        let l = Line::through(topo, kf, d);
        let (Some(m), Some(x), Some(y)) = (l.offset(rf), l.offset(kt), l.offset(rt)) else {
            continue;
        };
        if l.cyclic {
            let n = l.cells.len() as i32;
            if let Some(w) = way(m, x, y, Some(n)) {
                let span = stretch(w);
                if best.as_ref().map_or(true, |b| span < b.0) {
                    best = Some((span, l, w));
                }
            }
        } else if m > 0 {
            return Some((l, way(m, x, y, None)?));
        }
    }
    best.map(|(_, l, w)| (l, w))
}

/// Length of the stretch a way takes.
fn stretch(w: Way) -> i32 {
    let lo = 0.min(w.king_to).min(w.rook_to);
    lo.abs() + w.rook.max(w.king_to).max(w.rook_to)
}

/// Cell names for a message: the first few and `...`.
fn list(names: &BoardNames, cells: &[Cell], cyclic: bool) -> String {
    const SHOWN: usize = 12;
    let mut out: Vec<&str> = cells
        .iter()
        .take(SHOWN)
        .map(|&c| names.board.cells[c as usize].name.as_str())
        .collect();
    if cells.len() > SHOWN {
        out.push("...");
    }
    let mut s = out.join(" ");
    if cyclic {
        s += " (a cycle)";
    }
    s
}

/// Why the cells of a castle with cells lie on no line, in words.
fn off_line_hint(names: &BoardNames, topo: &Topology, cells: [Cell; 4]) -> String {
    let [kf, kt, rf, rt] = cells;
    let name = |c: Cell| names.board.cells[c as usize].name.as_str();
    let through = (0..topo.dirs as u8)
        .map(|d| Line::through(topo, kf, d))
        .find(|l| l.offset(rf).is_some_and(|m| m > 0 || l.cyclic));
    match through {
        None => format!(
            "no direction of the board leads from the king's `{}` to the rook's `{}`: \
             the four cells must lie on one line",
            name(kf),
            name(rf)
        ),
        Some(l) => {
            let off: Vec<&str> = [kt, rt]
                .into_iter()
                .filter(|&c| l.offset(c).is_none())
                .map(name)
                .collect();
            format!(
                "the line through `{}` and `{}` holds {}; {} {} not on it",
                name(kf),
                name(rf),
                list(names, &l.cells, l.cyclic),
                off.iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(" and "),
                if off.len() == 1 { "is" } else { "are" },
            )
        }
    }
}

/// A piece letter named in a castle: the word is one letter of a declared type.
fn letter_type(env: &Env, word: &str) -> Option<PieceType> {
    let mut cs = word.chars();
    match (cs.next(), cs.next()) {
        (Some(l), None) if l.is_ascii_alphabetic() => env.types.by_letter(l),
        _ => None,
    }
}

/// Compiles the castles, given the start position.
pub(crate) fn compile(active: &Active, env: &Env, cx: &mut Cx) -> Vec<CastleInfo> {
    let mut out = Vec::new();
    for (i, c) in active.castles.iter().enumerate() {
        if i == super::limits::MAX_CASTLES {
            super::limits::too_many(cx, "castles", super::limits::MAX_CASTLES, c.span);
            break;
        }
        let king_letter = letter_type(env, &c.king_from.node);
        let king_cell = env.names.cells.contains_key(c.king_from.node.as_str());
        if king_letter.is_some() && king_cell {
            cx.error(
                "compile::castle-ambiguous",
                format!(
                    "`{}` is both a cell of the board and a piece letter",
                    c.king_from.node
                ),
                c.king_from.span,
                "a cell or a piece?",
                "`king X to` names the king's cell, or its piece letter when X is no cell: \
                 give the piece another letter",
            );
            continue;
        }
        let compiled = match king_letter {
            Some(king_type) => by_letters(c, king_type, env, cx),
            None => by_cells(c, env, cx),
        };
        out.extend(compiled);
    }
    out
}

/// `castle "O-O" for white: king e1 to g1, rook h1 to f1`.
fn by_cells(c: &CastleDecl, env: &Env, cx: &mut Cx) -> Option<CastleInfo> {
    let (names, topo) = (env.names, env.topo);
    if let Some(d) = &c.rook_dir {
        cx.error(
            "compile::castle-form",
            format!(
                "castle \"{}\" names the king's cell and a direction",
                c.name.node
            ),
            d.span,
            "a direction after the rook's cell",
            format!(
                "with cells, write `rook CELL to CELL`; to find the rook along a direction, \
                 name both pieces by letter: `king K to {}, rook R {} to {}`",
                c.king_to.node, d.node, c.rook_to.node
            ),
        );
        return None;
    }
    let player = env.players.resolve(&c.player, cx);
    let cells = [&c.king_from, &c.king_to, &c.rook_from, &c.rook_to].map(|n| names.cell(n, cx));
    let (Some(player), [Some(kf), Some(kt), Some(rf), Some(rt)]) = (player, cells) else {
        return None;
    };
    let ntypes = env.types.infos.len();
    let piece_on = |cell: Cell| -> Option<PieceType> {
        env.setup
            .iter()
            .find(|&&(x, k)| x == cell && k as usize / ntypes.max(1) == player as usize)
            .map(|&(_, k)| (k as usize % ntypes) as PieceType)
    };
    let mut ok = true;
    for (ident, cell, what) in [(&c.king_from, kf, "king"), (&c.rook_from, rf, "rook")] {
        if piece_on(cell).is_none() {
            cx.error(
                "compile::castle-without-piece",
                format!(
                    "castle \"{}\" needs a piece of `{}` on `{}` in the setup",
                    c.name.node, c.player.node, ident.node
                ),
                ident.span,
                format!("no {what} here at the start"),
                "castling moves two unmoved pieces of the player: set them up on these cells",
            );
            ok = false;
        }
    }
    if kf == rf {
        cx.error(
            "compile::castle-same-cell",
            "the king and the rook start on the same cell",
            c.rook_from.span,
            "same as the king's cell",
            "castling moves two different pieces",
        );
        return None;
    }
    let Some((l, w)) = locate(topo, kf, kt, rf, rt) else {
        cx.error(
            "compile::castle-not-on-line",
            format!(
                "castle \"{}\": `{}`, `{}`, `{}` and `{}` are not on one line",
                c.name.node, c.king_from.node, c.king_to.node, c.rook_from.node, c.rook_to.node
            ),
            c.span,
            "not on one line",
            off_line_hint(names, topo, [kf, kt, rf, rt]),
        );
        return None;
    };
    if !ok {
        return None;
    }
    let between: Vec<Cell> = (1..w.rook).map(|o| l.cell(o)).collect();
    let king_path: Vec<Cell> = w.king_path().map(|o| l.cell(o)).collect();
    let rook_path: Vec<Cell> = w.rook_path().map(|o| l.cell(o)).collect();
    let mut empty: Vec<Cell> = Vec::new();
    for &x in between.iter().chain(&king_path).chain(&rook_path) {
        if x != kf && x != rf && !empty.contains(&x) {
            empty.push(x);
        }
    }
    let mut safe = Vec::new();
    for x in w.safe(c.safety.node).map(|o| l.cell(o)) {
        if !safe.contains(&x) {
            safe.push(x);
        }
    }
    let safe_decides = safe_cells_decide(topo, [kf, kt, rf, rt], &safe);
    Some(CastleInfo {
        name: c.name.node.clone(),
        player,
        king_from: Some(kf),
        king_to: kt,
        rook_from: Some(rf),
        rook_to: rt,
        king_type: piece_on(kf).unwrap_or(0),
        rook_type: piece_on(rf).unwrap_or(0),
        empty,
        safe,
        line: None,
        safe_decides,
    })
}

/// True when a castle whose safe cells are not attacked leaves its king unattacked
/// (under a check rule whose attackers slide, step and leap, with neither hops nor
/// legs): the king's target is a safe cell, tested with both pieces still at home;
/// after the castle only the cells it empties differ for that test, so it holds when
/// no line from the target runs through an emptied cell to further cells before it
/// meets the rook's target, and no emptied cell flanks an edge.
fn safe_cells_decide(topo: &Topology, [kf, kt, rf, rt]: [Cell; 4], safe: &[Cell]) -> bool {
    if !safe.contains(&kt) {
        return false;
    }
    let emptied = |c: Cell| (c == kf || c == rf) && c != kt && c != rt;
    if [kf, rf]
        .iter()
        .any(|&c| emptied(c) && topo.flank_member.contains(c))
    {
        return false;
    }
    (0..topo.dirs as u8).all(|d| {
        let nodes = topo.ray(topo.ray_id(kt, d));
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            if n.cell == rt {
                // The rook stands here after the castle: the branch is shut.
                i = n.skip as usize;
                continue;
            }
            if emptied(n.cell) && n.skip as usize > i + 1 {
                return false;
            }
            i += 1;
        }
        true
    })
}

/// `castle "O-O" for white: king K to g1, rook R e to f1`.
fn by_letters(c: &CastleDecl, king_type: PieceType, env: &Env, cx: &mut Cx) -> Option<CastleInfo> {
    let (names, topo) = (env.names, env.topo);
    let rook_type = letter_type(env, &c.rook_from.node);
    if rook_type.is_none() || names.cells.contains_key(c.rook_from.node.as_str()) {
        cx.error(
            "compile::castle-form",
            format!(
                "castle \"{}\" names the king by its letter, so the rook needs a letter too",
                c.name.node
            ),
            c.rook_from.span,
            "not the letter of a piece",
            format!(
                "write the rook's piece letter and the direction in which it stands from the \
                 king: `rook R e to {}`",
                c.rook_to.node
            ),
        );
        return None;
    }
    let Some(dir_ident) = &c.rook_dir else {
        cx.error(
            "compile::castle-form",
            format!(
                "castle \"{}\" does not say where to find the rook",
                c.name.node
            ),
            c.rook_from.span,
            "no direction after the rook's letter",
            format!(
                "name the direction in which the rook stands from the king: `rook {} e to {}`",
                c.rook_from.node, c.rook_to.node
            ),
        );
        return None;
    };
    let player = env.players.resolve(&c.player, cx);
    let dir = env.dirsets.resolve(dir_ident, names, cx);
    let kt = names.cell(&c.king_to, cx);
    let rt = names.cell(&c.rook_to, cx);
    let (Some(player), Some(dir), Some(kt), Some(rt), Some(rook_type)) =
        (player, dir, kt, rt, rook_type)
    else {
        return None;
    };
    if kt == rt {
        cx.error(
            "compile::castle-same-cell",
            "the king and the rook end on the same cell",
            c.rook_to.span,
            "same as the king's target",
            "castling moves two different pieces to two cells",
        );
        return None;
    }
    let Some(line) = (0..topo.dirs as u8)
        .map(|d| Line::through(topo, kt, d))
        .find(|l| l.offset(rt).is_some())
    else {
        cx.error(
            "compile::castle-not-on-line",
            format!(
                "castle \"{}\": the targets `{}` and `{}` are not on one line",
                c.name.node, c.king_to.node, c.rook_to.node
            ),
            c.span,
            "not on one line",
            format!(
                "no direction of the board leads from `{}` to `{}`: the king and the rook \
                 castle along the line through their targets",
                c.king_to.node, c.rook_to.node
            ),
        );
        return None;
    };
    let toward = directions(topo, env.dirsets, dir, player, &line);
    if toward.iter().all(|&t| t == 0) {
        cx.error(
            "compile::castle-direction",
            format!(
                "castle \"{}\": `{}` does not run along the line through `{}` and `{}`",
                c.name.node, dir_ident.node, c.king_to.node, c.rook_to.node
            ),
            dir_ident.span,
            "not along the line",
            format!(
                "the rook is found from the king in this direction, on the line {}",
                list(names, &line.cells, line.cyclic)
            ),
        );
        return None;
    }
    let mut index = vec![OFF_LINE; topo.cells];
    for (i, &cell) in line.cells.iter().enumerate() {
        index[cell as usize] = i as u16;
    }
    let at = |cell: Cell| index[cell as usize];
    Some(CastleInfo {
        name: c.name.node.clone(),
        player,
        king_from: None,
        king_to: kt,
        rook_from: None,
        rook_to: rt,
        king_type,
        rook_type,
        empty: Vec::new(),
        safe: Vec::new(),
        safe_decides: false,
        line: Some(Box::new(CastleLine {
            king_to: at(kt),
            rook_to: at(rt),
            line,
            index,
            toward,
            safety: c.safety.node,
        })),
    })
}

/// For every cell of the line, the side (+1 along the line's order, -1 against it) on
/// which the castle's direction, resolved for `owner` on that cell, leaves it along the
/// line; 0 when none of its directions does.
fn directions(topo: &Topology, sets: &DirSets, dir: DirRef, owner: Player, l: &Line) -> Vec<i8> {
    let n = l.cells.len();
    let neighbour = |i: usize, sign: i64| -> Option<Cell> {
        let j = i as i64 + sign;
        if l.cyclic {
            Some(l.cells[j.rem_euclid(n as i64) as usize])
        } else {
            (0..n as i64).contains(&j).then(|| l.cells[j as usize])
        }
    };
    (0..n)
        .map(|i| {
            let cell = l.cells[i];
            for d in dirs_of(sets.mask(dir, owner, cell)) {
                let Some(next) = topo.succ(cell, d).first().map(|s| s.to) else {
                    continue;
                };
                if neighbour(i, 1) == Some(next) {
                    return 1;
                }
                if neighbour(i, -1) == Some(next) {
                    return -1;
                }
            }
            0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::tests::chess_board;

    #[test]
    fn chess_castles_lie_on_the_first_rank() {
        let b = chess_board();
        let t = Topology::build(&b).unwrap();
        let c = |n: &str| b.cell(n).unwrap();
        let (l, w) = locate(&t, c("e1"), c("c1"), c("a1"), c("d1")).unwrap();
        let cells = |it: &mut dyn Iterator<Item = i32>| it.map(|o| l.cell(o)).collect::<Vec<_>>();
        assert_eq!(
            cells(&mut (1..=w.rook)),
            vec![c("d1"), c("c1"), c("b1"), c("a1")]
        );
        assert_eq!(cells(&mut w.king_path()), vec![c("d1"), c("c1")]);
        assert_eq!(cells(&mut w.rook_path()), vec![c("b1"), c("c1"), c("d1")]);
        assert!(locate(&t, c("e1"), c("g2"), c("h1"), c("f1")).is_none());
    }
}

#[cfg(test)]
mod compiled {
    use crate::testing::{chess_with, codes, compile, CHESS_BOARD};

    #[test]
    fn safe_path_and_safe_between() {
        let v = chess_with(
            "piece rook R {\n slide n e s w\n}\n\
             castle \"a\" for white: king e1 to c1, rook a1 to d1\n\
             castle \"b\" for white: king e1 to c1, rook a1 to d1, safe between\n\
             castle \"c\" for black: king e8 to g8, rook h8 to f8\n\
             castle \"d\" for black: king e8 to g8, rook h8 to f8, safe none\n\
             setup white: K e1, R a1\nsetup black: K e8, R h8\n",
        );
        let names = |cells: &[u16]| cells.iter().map(|&c| v.cell_name(c)).collect::<Vec<_>>();
        let c = v.castles();
        assert_eq!(names(&c[0].safe), ["e1", "d1", "c1"]);
        assert_eq!(names(&c[1].safe), ["e1", "d1", "c1", "b1"]);
        assert_eq!(names(&c[0].empty), ["d1", "c1", "b1"]);
        assert_eq!(names(&c[2].empty), ["f8", "g8"]);
        assert!(c[3].safe.is_empty());
    }

    #[test]
    fn safe_cells_decide_unless_the_castle_opens_a_line_to_the_king() {
        let v = crate::testing::chess();
        assert!(v.castles().iter().all(|c| c.safe_decides));
        // The rook leaves b1: a rook or queen on a1 would then see c1 through it.
        let v = chess_with(
            "piece rook R {\n slide n e s w\n}\n\
             castle \"a\" for white: king e1 to c1, rook b1 to d1\n\
             castle \"b\" for white: king e1 to g1, rook h1 to f1, safe none\n\
             setup white: K e1, R b1 h1\nsetup black: K e8, R a1\n",
        );
        assert!(!v.castles()[0].safe_decides);
        assert!(!v.castles()[1].safe_decides, "no safe cell");
        let mut p = crate::Position::start(&v);
        let castles = p
            .legal_moves()
            .iter()
            .filter(|m| matches!(m.kind(), crate::MoveKind::Castle(0)))
            .count();
        assert_eq!(castles, 0, "the king would stand in the rook's line on c1");
    }

    const KR: &str = "board \"b\"\nplayer white\nplayer black\n\
        piece king K royal {\n step n e s w ne nw se sw\n}\n\
        piece rook R {\n slide n e s w\n}\n\
        setup white: K e1, R a1 h1\nsetup black: K e8\n";

    #[test]
    fn the_form_is_decided_by_the_word_after_king() {
        let ok = |castle: &str| compile(&format!("{KR}{castle}\n"), CHESS_BOARD);
        let v = ok("castle \"O-O\" for white: king K to g1, rook R e to f1").unwrap();
        let c = &v.castles()[0];
        assert_eq!((c.king_from, c.rook_from), (None, None));
        let l = c.line.as_ref().unwrap();
        assert_eq!(l.line.cells.len(), 8);
        // Every cell of rank 1 but h1 finds its rooks eastwards.
        let east = if v.cell_name(l.line.cells[0]) == "a1" {
            1
        } else {
            -1
        };
        for (i, &cell) in l.line.cells.iter().enumerate() {
            let name = v.cell_name(cell);
            assert_eq!(l.toward[i], if name == "h1" { 0 } else { east }, "{name}");
        }
        let err = |castle: &str| codes(&format!("{KR}{castle}\n"), CHESS_BOARD);
        assert_eq!(
            err("castle \"O-O\" for white: king K to g1, rook h1 to f1"),
            ["compile::castle-form"]
        );
        assert_eq!(
            err("castle \"O-O\" for white: king K to g1, rook R to f1"),
            ["compile::castle-form"]
        );
        assert_eq!(
            err("castle \"O-O\" for white: king e1 to g1, rook h1 e to f1"),
            ["compile::castle-form"]
        );
        assert_eq!(
            err("castle \"O-O\" for white: king K to g1, rook R n to f1"),
            ["compile::castle-direction"]
        );
        assert_eq!(
            err("castle \"O-O\" for white: king K to g1, rook R e to f3"),
            ["compile::castle-not-on-line"]
        );
        assert_eq!(
            err("castle \"O-O\" for white: king K to g1, rook R e to g1"),
            ["compile::castle-same-cell"]
        );
    }

    #[test]
    fn a_letter_that_is_also_a_cell_is_ambiguous() {
        // Five cells in a row: a b K d e.
        let board = "name: line\nseats: [white, black]\ndirections:\n  e: { opposite: w }\n  w: { opposite: e }\n\
            cells:\n  - { name: a, at: [0, 0], links: { e: b } }\n  - { name: b, at: [1, 0], links: { e: K, w: a } }\n\
            \x20 - { name: K, at: [2, 0], links: { e: d, w: b } }\n  - { name: d, at: [3, 0], links: { e: e, w: K } }\n\
            \x20 - { name: e, at: [4, 0], links: { w: d } }\nrows: [[a, b, K, d, e]]\n";
        let rules = |king: char| {
            format!(
                "board \"b\"\nplayer white\nplayer black\n\
                 piece king {king} royal {{\n step e w\n}}\npiece rook R {{\n slide e w\n}}\n\
                 setup white: {king} K, R e\nsetup black: {king} a\n\
                 castle \"x\" for white: king K to d, rook R e to K\n"
            )
        };
        assert_eq!(codes(&rules('K'), board), ["compile::castle-ambiguous"]);
        // With the king lettered `X`, `K` is only a cell: the form with cells, whose
        // rook clause may not name a direction.
        assert_eq!(codes(&rules('X'), board), ["compile::castle-form"]);
    }
}
