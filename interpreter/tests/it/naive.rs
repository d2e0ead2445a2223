//! A second, naive move generator that walks the `BoardGraph` directly, to check the
//! compiled tables on boards with forks, frame flips and flanks: on random positions
//! the engine's moves and checks must equal the naive ones.

use crate::common::{dsl_board, variant, Rng};
use chessgraph::{Cell, Piece, Position, Variant};
use dsl::board::graph::BoardGraph;
use std::collections::BTreeSet;
use std::sync::Arc;

/// How a piece moves, for the naive generator.
#[derive(Clone, Copy)]
enum Atom {
    Step,
    Leap,
    Slide { min: u16, max: u16 },
    Hop { far: bool },
}

/// A move rule: atom, paths (dotted direction names), may capture, may move to empty.
struct Rule(Atom, &'static [&'static str], bool, bool);

struct Naive<'a> {
    g: &'a BoardGraph,
    pos: &'a Position,
    me: u8,
}

impl Naive<'_> {
    fn dir(&self, name: &str) -> u8 {
        self.g.direction(name).expect("direction")
    }

    fn occupant(&self, c: Cell) -> Option<Piece> {
        self.pos.piece_at(c)
    }

    fn blocked(&self, between: &[Cell]) -> bool {
        !between.is_empty() && between.iter().all(|&c| self.occupant(c).is_some())
    }

    fn allowed(&self, c: Cell, capture: bool, quiet: bool) -> bool {
        match self.occupant(c) {
            None => quiet,
            Some(p) => capture && p.owner != self.me,
        }
    }

    /// Paths with the frame change of each edge applied to later steps.
    fn path(&self, from: Cell, steps: &[u8], step: bool, out: &mut BTreeSet<Cell>, rule: &Rule) {
        #[allow(clippy::too_many_arguments)]
        fn go(
            n: &Naive,
            cell: Cell,
            steps: &[u8],
            frame: Vec<u8>,
            step: bool,
            origin: Cell,
            out: &mut BTreeSet<Cell>,
            rule: &Rule,
        ) {
            let Some((&first, rest)) = steps.split_first() else {
                return;
            };
            for e in n.g.successors(cell, frame[first as usize]) {
                if step && n.blocked(&e.between) {
                    continue;
                }
                if rest.is_empty() {
                    if e.to != origin && n.allowed(e.to, rule.2, rule.3) {
                        out.insert(e.to);
                    }
                    continue;
                }
                if step && e.to != origin && n.occupant(e.to).is_some() {
                    continue;
                }
                let next = match e.remap {
                    Some(r) => frame
                        .iter()
                        .map(|&d| n.g.remaps[r as usize].map[d as usize])
                        .collect(),
                    None => frame.clone(),
                };
                go(n, e.to, rest, next, step, origin, out, rule);
            }
        }
        let identity: Vec<u8> = (0..self.g.directions.len() as u8).collect();
        go(self, from, steps, identity, step, from, out, rule);
    }

    /// Rays: slides and hops.
    #[allow(clippy::too_many_arguments)]
    fn ray(
        &self,
        cell: Cell,
        dir: u8,
        depth: u16,
        branch: &mut Vec<Cell>,
        screen: bool,
        out: &mut BTreeSet<Cell>,
        rule: &Rule,
    ) {
        for e in self.g.successors(cell, dir) {
            if self.blocked(&e.between) || branch.contains(&e.to) {
                continue;
            }
            let d = depth + 1;
            let occupied = self.occupant(e.to).is_some();
            branch.push(e.to);
            match rule.0 {
                Atom::Slide { min, max } => {
                    if d <= max {
                        if d >= min && self.allowed(e.to, rule.2, rule.3) {
                            out.insert(e.to);
                        }
                        if !occupied && !e.stop {
                            self.ray(e.to, e.continues(self.g), d, branch, false, out, rule);
                        }
                    }
                }
                Atom::Hop { far } => {
                    if !screen {
                        // Looking for the screen.
                        if !e.stop {
                            self.ray(e.to, e.continues(self.g), d, branch, occupied, out, rule);
                        }
                    } else {
                        if self.allowed(e.to, rule.2, rule.3) {
                            out.insert(e.to);
                        }
                        if far && !occupied && !e.stop {
                            self.ray(e.to, e.continues(self.g), d, branch, true, out, rule);
                        }
                    }
                }
                _ => unreachable!(),
            }
            branch.pop();
        }
    }

    fn moves(&self, rules: &[(char, Vec<Rule>)]) -> BTreeSet<(Cell, Cell)> {
        let v = self.pos.variant();
        let mut out = BTreeSet::new();
        for c in 0..v.cell_count() as Cell {
            let Some(p) = self.occupant(c) else { continue };
            if p.owner != self.me {
                continue;
            }
            let letter = v.piece_types()[p.piece_type as usize].letter;
            let (_, rs) = rules
                .iter()
                .find(|(l, _)| *l == letter)
                .expect("rules of the letter");
            for r in rs {
                let mut targets = BTreeSet::new();
                for path in r.1 {
                    let steps: Vec<u8> = path.split('.').map(|s| self.dir(s)).collect();
                    match r.0 {
                        Atom::Step => self.path(c, &steps, true, &mut targets, r),
                        Atom::Leap => self.path(c, &steps, false, &mut targets, r),
                        _ => self.ray(c, steps[0], 0, &mut vec![c], false, &mut targets, r),
                    }
                }
                out.extend(targets.into_iter().map(|t| (c, t)));
            }
        }
        out
    }
}

/// Random positions: the engine's moves (as a set, with no duplicate) and its check
/// test equal the naive ones.
fn compare(v: &Arc<Variant>, rules: &[(char, Vec<Rule>)], seed: u64, rounds: usize) {
    let mut rng = Rng(seed);
    let cells = v.cell_count();
    let players = v.players().len();
    let letters: Vec<char> = v.piece_types().iter().map(|t| t.letter).collect();
    let mut checks = 0;
    for round in 0..rounds {
        // A random placement: one king per player, a few other pieces.
        let mut placement = vec![None; cells];
        for p in 0..players {
            loop {
                let c = rng.below(cells);
                if placement[c].is_none() {
                    placement[c] = Some((p, 'K'));
                    break;
                }
            }
        }
        for _ in 0..rng.below(cells / 2) {
            let c = rng.below(cells);
            if placement[c].is_none() {
                let l = letters[1 + rng.below(letters.len() - 1)];
                placement[c] = Some((rng.below(players), l));
            }
        }
        let text = position_string(v, &placement, rng.below(players));
        let mut pos = Position::from_str(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut ours: Vec<(Cell, Cell)> = pos
            .legal_moves()
            .iter()
            .map(|m| (m.from(), m.to()))
            .collect();
        let n = ours.len();
        ours.sort_unstable();
        ours.dedup();
        assert_eq!(n, ours.len(), "duplicate moves in {text}");
        let me = pos.to_move();
        let naive = Naive {
            g: v.board(),
            pos: &pos,
            me,
        };
        let want = naive.moves(rules);
        let ours: BTreeSet<(Cell, Cell)> = ours.into_iter().collect();
        if ours != want {
            let name = |(a, b): &(Cell, Cell)| format!("{}{}", v.cell_name(*a), v.cell_name(*b));
            let extra: Vec<String> = ours.difference(&want).map(name).collect();
            let missing: Vec<String> = want.difference(&ours).map(name).collect();
            panic!("round {round}, {text}: extra {extra:?}, missing {missing:?}");
        }
        // Check: an opponent's naive capture reaches one of my kings.
        let kings: Vec<Cell> = (0..cells as Cell)
            .filter(|&c| {
                pos.piece_at(c)
                    .is_some_and(|p| p.owner == me && p.piece_type == 0)
            })
            .collect();
        let attacked = (0..players as u8).filter(|&o| o != me).any(|o| {
            let n = Naive {
                g: v.board(),
                pos: &pos,
                me: o,
            };
            n.moves(rules).iter().any(|(_, t)| kings.contains(t))
        });
        assert_eq!(pos.in_check(), attacked, "check in {text}");
        checks += usize::from(attacked);
    }
    assert!(checks > 0, "no position with a check");
}

/// A position string for `placement` (tag + letter per piece, N-player form).
fn position_string(v: &Variant, placement: &[Option<(usize, char)>], to_move: usize) -> String {
    let mut rows = Vec::new();
    for row in v.rows() {
        let mut s = String::new();
        let mut empty = 0;
        for &c in row {
            match placement[c as usize] {
                None => empty += 1,
                Some((p, l)) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(v.players()[p].tag);
                    s.push(l);
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        rows.push(s);
    }
    format!("{} {} - - 0 1", rows.join("/"), v.players()[to_move].tag)
}

const TRI_RULES: &str = r#"
game "Tri centre"
board "tri.yaml"
player white tag w
player red tag r
player black tag b
dirs orthogonal = f b l r
dirs diagonal = fl fr bl br
piece king K royal {
  step orthogonal diagonal
}
piece rook R {
  slide orthogonal
}
piece bishop B {
  slide diagonal
}
piece knight N {
  leap f.f.l f.f.r b.b.l b.b.r l.l.f l.l.b r.r.f r.r.b f.l.l f.r.r b.l.l b.r.r l.f.f l.b.b r.f.f r.b.b
}
piece pawn P {
  step f to empty
  step fl fr to enemy
}
piece grasshopper G {
  hop orthogonal diagonal
}
piece cannon C {
  hop orthogonal far to enemy
  slide orthogonal to empty
}
piece wazir W {
  slide f max 2 min 2
  step f.l to empty
}
setup white: K 0:b1
setup red: K 1:b1
setup black: K 2:b1
check never
end royal captured: eliminate
"#;

fn tri_rules() -> Vec<(char, Vec<Rule>)> {
    const ORTHO: &[&str] = &["f", "b", "l", "r"];
    const DIAG: &[&str] = &["fl", "fr", "bl", "br"];
    const ALL: &[&str] = &["f", "b", "l", "r", "fl", "fr", "bl", "br"];
    vec![
        ('K', vec![Rule(Atom::Step, ALL, true, true)]),
        (
            'R',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, ORTHO, true, true)],
        ),
        (
            'B',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, DIAG, true, true)],
        ),
        (
            'N',
            vec![Rule(
                Atom::Leap,
                &[
                    "f.f.l", "f.f.r", "b.b.l", "b.b.r", "l.l.f", "l.l.b", "r.r.f", "r.r.b",
                    "f.l.l", "f.r.r", "b.l.l", "b.r.r", "l.f.f", "l.b.b", "r.f.f", "r.b.b",
                ],
                true,
                true,
            )],
        ),
        (
            'P',
            vec![
                Rule(Atom::Step, &["f"], false, true),
                Rule(Atom::Step, &["fl", "fr"], true, false),
            ],
        ),
        ('G', vec![Rule(Atom::Hop { far: false }, ALL, true, true)]),
        (
            'C',
            vec![
                Rule(Atom::Hop { far: true }, ORTHO, true, false),
                Rule(Atom::Slide { min: 1, max: 99 }, ORTHO, false, true),
            ],
        ),
        (
            'W',
            vec![
                Rule(Atom::Slide { min: 2, max: 2 }, &["f"], true, true),
                Rule(Atom::Step, &["f.l"], false, true),
            ],
        ),
    ]
}

#[test]
fn forks_and_frame_flips_match_the_naive_generator() {
    let v = variant(TRI_RULES, &[("tri.yaml", &dsl_board("ok_tri_centre.yaml"))]);
    compare(&v, &tri_rules(), 1, 400);
}

const HEX_RULES: &str = r#"
game "Hex"
board "hex.yaml"
player white tag w
player gray tag g
player black tag b
dirs straight = e w nw se ne sw
dirs diagonal = ene wsw n s wnw ese
piece king K royal {
  step straight diagonal
}
piece rook R {
  slide straight
}
piece bishop B {
  slide diagonal
}
piece knight N {
  leap e.e.ne e.e.se w.w.nw w.w.sw ne.ne.e ne.ne.nw sw.sw.w sw.sw.se nw.nw.ne nw.nw.w se.se.e se.se.sw
}
piece grasshopper G {
  hop diagonal
}
piece leaper L {
  step n.n e.ne
}
setup white: K d1
setup gray: K e10
setup black: K m9
check never
"#;

fn hex_rules() -> Vec<(char, Vec<Rule>)> {
    const STRAIGHT: &[&str] = &["e", "w", "nw", "se", "ne", "sw"];
    const DIAG: &[&str] = &["ene", "wsw", "n", "s", "wnw", "ese"];
    const ALL: &[&str] = &[
        "e", "w", "nw", "se", "ne", "sw", "ene", "wsw", "n", "s", "wnw", "ese",
    ];
    vec![
        ('K', vec![Rule(Atom::Step, ALL, true, true)]),
        (
            'R',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, STRAIGHT, true, true)],
        ),
        (
            'B',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, DIAG, true, true)],
        ),
        (
            'N',
            vec![Rule(
                Atom::Leap,
                &[
                    "e.e.ne", "e.e.se", "w.w.nw", "w.w.sw", "ne.ne.e", "ne.ne.nw", "sw.sw.w",
                    "sw.sw.se", "nw.nw.ne", "nw.nw.w", "se.se.e", "se.se.sw",
                ],
                true,
                true,
            )],
        ),
        ('G', vec![Rule(Atom::Hop { far: false }, DIAG, true, true)]),
        ('L', vec![Rule(Atom::Step, &["n.n", "e.ne"], true, true)]),
    ]
}

#[test]
fn flanked_diagonals_match_the_naive_generator() {
    let v = variant(
        HEX_RULES,
        &[("hex.yaml", &dsl_board("ok_dreierschach.yaml"))],
    );
    assert_eq!(v.cell_count(), 126);
    compare(&v, &hex_rules(), 2, 300);
}

/// Two StrategiChess boards side by side: seam edges stop rays (slides, hops and their
/// attacks end on the first cell across), leaps and steps cross as usual.
const SEAM_RULES: &str = r#"
game "Seams"
board "seam.yaml"
player white tag w
player red tag r seat white
player black tag b
dirs orthogonal = n e s w
dirs diagonal = ne nw se sw
piece king K royal {
  step orthogonal diagonal
}
piece rook R {
  slide orthogonal
}
piece bishop B {
  slide diagonal
}
piece queen Q {
  slide orthogonal diagonal max 5
}
piece knight N {
  leap n.n.e n.n.w s.s.e s.s.w e.e.n e.e.s w.w.n w.w.s
}
piece grasshopper G {
  hop orthogonal diagonal
}
setup white: K 1:a1
setup red: K 2:a1
setup black: K 2:n14
check never
end royal captured: eliminate
"#;

fn seam_rules() -> Vec<(char, Vec<Rule>)> {
    const ORTHO: &[&str] = &["n", "e", "s", "w"];
    const DIAG: &[&str] = &["ne", "nw", "se", "sw"];
    const ALL: &[&str] = &["n", "e", "s", "w", "ne", "nw", "se", "sw"];
    vec![
        ('K', vec![Rule(Atom::Step, ALL, true, true)]),
        (
            'R',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, ORTHO, true, true)],
        ),
        (
            'B',
            vec![Rule(Atom::Slide { min: 1, max: 99 }, DIAG, true, true)],
        ),
        (
            'Q',
            vec![Rule(Atom::Slide { min: 1, max: 5 }, ALL, true, true)],
        ),
        (
            'N',
            vec![Rule(
                Atom::Leap,
                &[
                    "n.n.e", "n.n.w", "s.s.e", "s.s.w", "e.e.n", "e.e.s", "w.w.n", "w.w.s",
                ],
                true,
                true,
            )],
        ),
        ('G', vec![Rule(Atom::Hop { far: false }, ALL, true, true)]),
    ]
}

#[test]
fn seams_that_stop_rays_match_the_naive_generator() {
    let board = std::fs::read_to_string(
        crate::common::root().join("variants/strategichess-team/board-2.yaml"),
    )
    .expect("board-2.yaml");
    let v = variant(SEAM_RULES, &[("seam.yaml", &board)]);
    assert_eq!(v.cell_count(), 392);
    // Sparse and dense placements: sparse ones have long slides up to the seams.
    compare(&v, &seam_rules(), 6, 300);
}
