//! Betza's funny notation, in the dialect Fairy-Stockfish reads for its custom pieces
//! (`piece.cpp`, `from_betza`): a piece's moves as atoms (`W F D N A H C L Z J G K R B
//! Q`), each with the modifiers written before it.
//!
//! This module only reads the notation: every move comes out as displacements in the
//! piece owner's frame (forward, right), and the interpreter turns them into paths on a
//! board whose directions have lattice vectors. Supported modifiers: `m` (moves only),
//! `c` (captures only), `f b l r v s h` and their pairs (which of the eight moves),
//! `n` (lame: the cells passed must be empty), `i` (only a piece's first move), `p` (a
//! cannon: over one piece, landing anywhere behind it) and `g` (a grasshopper: right
//! behind it). A doubled atom (`WW`) or a digit after it (`R4`, `W2`) makes a rider.

use std::ops::Range;

/// Longest Betza text read (a piece with every atom and modifier is far shorter).
pub const MAX_BETZA_LEN: usize = 128;

/// How a Betza move travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetzaKind {
    /// One leap per displacement, ignoring the cells passed.
    Leap,
    /// A leap whose passed cells must be empty (`n`).
    Lame,
    /// Repeated steps along a unit displacement (`R`, `WW`, `W3`).
    Ride,
    /// Over exactly one piece along a line, landing anywhere behind it (`p`).
    Cannon,
    /// Over exactly one piece along a line, landing right behind it (`g`).
    Grasshopper,
}

/// What the target may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modality {
    /// Empty or enemy (no `m` or `c`, or both).
    Both,
    /// Empty only (`m`).
    Move,
    /// Enemy only (`c`).
    Capture,
}

/// One atom with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// How it travels.
    pub kind: BetzaKind,
    /// Displacements `(forward, right)` in the owner's frame, without repeats, in
    /// Fairy-Stockfish's order.
    pub vectors: Vec<(i8, i8)>,
    /// What the target may hold.
    pub modality: Modality,
    /// `i`: only as the piece's first move.
    pub initial: bool,
    /// A rider's most steps (`R4`); `None`: unlimited.
    pub range: Option<u8>,
    /// Whether any directional modifier was written (the owner's forward matters).
    pub oriented: bool,
    /// Byte range in the text: the modifiers and the atom.
    pub at: Range<usize>,
}

/// A mistake in a Betza text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range in the text.
    pub at: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: &'static str,
}

/// The span, in the rule file, of the bytes `at` of a Betza text written as the string
/// literal `literal` (the text starts one byte after the opening quote).
pub fn span_in(literal: crate::Span, at: &Range<usize>) -> crate::Span {
    let base = literal.start + 1;
    crate::Span {
        start: base + at.start as u32,
        end: base + at.end as u32,
    }
}

/// Leaper atoms: their `(long, short)` displacement(s).
fn leaper(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// Rider atoms: their unit displacement(s).
fn rider(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";
const HELP: &str = "atoms W F D N A H C L Z J G K R B Q; modifiers m c f b l r v s h n i p g \
                    before the atom; a digit or the atom doubled after it makes a rider";

/// Reads a Betza text into its moves, or every mistake in it.
pub fn parse_betza(text: &str) -> Result<Vec<BetzaMove>, Vec<BetzaError>> {
    let mut errors = Vec::new();
    if text.len() > MAX_BETZA_LEN {
        errors.push(BetzaError {
            at: 0..text.len(),
            message: format!(
                "this Betza text has {} bytes, more than the limit of {MAX_BETZA_LEN}",
                text.len()
            ),
            help: "split the moves over several `betza` lines",
        });
        return Err(errors);
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let end_of = |k: usize| chars.get(k).map_or(text.len(), |&(i, _)| i);
    let mut moves = Vec::new();
    let mut st = State::default();
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        st.start.get_or_insert(at);
        match c {
            'm' => st.modality.push(Modality::Move),
            'c' => st.modality.push(Modality::Capture),
            'p' => st.hop = Some(BetzaKind::Cannon),
            'g' => st.hop = Some(BetzaKind::Grasshopper),
            'n' => st.lame = true,
            'i' => st.initial = true,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                // Fairy-Stockfish pairs a letter with the next when it repeats it or
                // crosses axes (`ff`, `fr`, `rf`); alone it stands doubled (`f` = `ff`).
                let next = chars.get(k + 1).map(|&(_, c2)| c2);
                match next {
                    Some(c2)
                        if c2 == c
                            || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                            || (HORIZONTALS.contains(c) && VERTICALS.contains(c2)) =>
                    {
                        st.dirs.push([c, c2]);
                        k += 1;
                    }
                    _ => st.dirs.push([c, c]),
                }
            }
            _ => {
                let (atoms, mut ride) = match (rider(c), leaper(c)) {
                    (Some(a), _) => (a, true),
                    (None, Some(a)) => (a, false),
                    (None, None) => {
                        errors.push(BetzaError {
                            at: at..end_of(k + 1),
                            message: format!("`{c}` is not a Betza atom or modifier"),
                            help: HELP,
                        });
                        st = State::default();
                        k += 1;
                        continue;
                    }
                };
                let mut range = None;
                if let Some(&(_, c2)) = chars.get(k + 1) {
                    if let Some(d) = c2.to_digit(10) {
                        ride = true;
                        range = (d > 0).then_some(d as u8);
                        k += 1;
                    } else if c2 == c {
                        ride = true;
                        k += 1;
                    }
                }
                let span = st.start.unwrap_or(at)..end_of(k + 1);
                match st.finish(atoms, ride, range, span) {
                    Ok(m) => moves.push(m),
                    Err(e) => errors.push(e),
                }
                st = State::default();
            }
        }
        k += 1;
    }
    if let Some(start) = st.start {
        errors.push(BetzaError {
            at: start..text.len(),
            message: "these modifiers are not followed by an atom".into(),
            help: "write the atom they modify after them (`fmW`)",
        });
    }
    if moves.is_empty() && errors.is_empty() {
        errors.push(BetzaError {
            at: 0..text.len(),
            message: "this Betza text has no moves".into(),
            help: HELP,
        });
    }
    if errors.is_empty() {
        Ok(moves)
    } else {
        Err(errors)
    }
}

/// The modifiers read since the last atom.
#[derive(Default)]
struct State {
    start: Option<usize>,
    modality: Vec<Modality>,
    hop: Option<BetzaKind>,
    lame: bool,
    initial: bool,
    dirs: Vec<[char; 2]>,
}

impl State {
    /// The move of one atom with these modifiers.
    fn finish(
        &self,
        atoms: &[(i8, i8)],
        ride: bool,
        range: Option<u8>,
        at: Range<usize>,
    ) -> Result<BetzaMove, BetzaError> {
        let kind = match (self.hop, ride, self.lame) {
            (Some(h), true, _) => h,
            (Some(_), false, _) => {
                return Err(BetzaError {
                    at,
                    message: "a hopper (`p`, `g`) needs a rider atom".into(),
                    help: "hop along lines: `pR`, `gQ`, `pWW`",
                })
            }
            (None, true, _) => BetzaKind::Ride,
            (None, false, true) => BetzaKind::Lame,
            (None, false, false) => BetzaKind::Leap,
        };
        if ride && atoms.iter().any(|&(a, b)| a > 1 || b > 1) {
            return Err(BetzaError {
                at,
                message: "riders of leaps longer than one step (nightriders) are not \
                          supported"
                    .into(),
                help: "ride along single steps: `R`, `B`, `Q`, `WW`, `FF`, `W3`",
            });
        }
        let modality = match (
            self.modality.contains(&Modality::Move),
            self.modality.contains(&Modality::Capture),
        ) {
            (true, false) => Modality::Move,
            (false, true) => Modality::Capture,
            _ => Modality::Both,
        };
        let mut vectors = Vec::new();
        for &(a, b) in atoms {
            // Fairy-Stockfish splits crossed pairs for orthogonal atoms (`fsW` is
            // forward and sideways, not the diagonal it would name for `F`).
            let dirs: Vec<[char; 2]> = self
                .dirs
                .iter()
                .flat_map(|&[x, y]| {
                    if atoms.len() == 1 && b == 0 && x != y {
                        vec![[x, x], [y, y]]
                    } else {
                        vec![[x, y]]
                    }
                })
                .collect();
            for (v, names) in eight(a, b) {
                let wanted = dirs.is_empty() || dirs.iter().any(|d| names.contains(&[d[0], d[1]]));
                if wanted && !vectors.contains(&v) {
                    vectors.push(v);
                }
            }
        }
        if vectors.is_empty() {
            return Err(BetzaError {
                at,
                message: "these directional modifiers leave this atom no move".into(),
                help: "check the modifiers against the atom (`fsW`, `ffN`, `lfN`)",
            });
        }
        Ok(BetzaMove {
            kind,
            vectors,
            modality,
            initial: self.initial,
            range: if ride { range } else { None },
            oriented: !self.dirs.is_empty(),
            at,
        })
    }
}

/// A displacement `(forward, right)`.
type Displacement = (i8, i8);
/// The modifier pairs that select a displacement.
type Selectors = &'static [[char; 2]];

/// The eight displacements `(forward, right)` of atom `(a, b)`, each with the modifier
/// pairs that select it, exactly as Fairy-Stockfish's table.
fn eight(a: i8, b: i8) -> [(Displacement, Selectors); 8] {
    const P1: &[[char; 2]] = &[
        ['f', 'f'],
        ['v', 'v'],
        ['r', 'f'],
        ['r', 'v'],
        ['f', 'h'],
        ['r', 'h'],
        ['h', 'r'],
    ];
    const P2: &[[char; 2]] = &[
        ['b', 'b'],
        ['v', 'v'],
        ['l', 'b'],
        ['l', 'v'],
        ['b', 'h'],
        ['l', 'h'],
        ['h', 'r'],
    ];
    const P3: &[[char; 2]] = &[
        ['r', 'r'],
        ['s', 's'],
        ['b', 'r'],
        ['b', 's'],
        ['b', 'h'],
        ['r', 'h'],
        ['h', 'r'],
    ];
    const P4: &[[char; 2]] = &[
        ['l', 'l'],
        ['s', 's'],
        ['f', 'l'],
        ['f', 's'],
        ['f', 'h'],
        ['l', 'h'],
        ['h', 'r'],
    ];
    const P5: &[[char; 2]] = &[
        ['r', 'r'],
        ['s', 's'],
        ['f', 'r'],
        ['f', 's'],
        ['f', 'h'],
        ['r', 'h'],
        ['h', 'l'],
    ];
    const P6: &[[char; 2]] = &[
        ['l', 'l'],
        ['s', 's'],
        ['b', 'l'],
        ['b', 's'],
        ['b', 'h'],
        ['l', 'h'],
        ['h', 'l'],
    ];
    const P7: &[[char; 2]] = &[
        ['b', 'b'],
        ['v', 'v'],
        ['r', 'b'],
        ['r', 'v'],
        ['b', 'h'],
        ['r', 'h'],
        ['h', 'l'],
    ];
    const P8: &[[char; 2]] = &[
        ['f', 'f'],
        ['v', 'v'],
        ['l', 'f'],
        ['l', 'v'],
        ['f', 'h'],
        ['l', 'h'],
        ['h', 'l'],
    ];
    [
        ((a, b), P1),
        ((-a, -b), P2),
        ((-b, a), P3),
        ((b, -a), P4),
        ((b, a), P5),
        ((-b, -a), P6),
        ((-a, b), P7),
        ((a, -b), P8),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<Vec<(i8, i8)>> {
        parse_betza(text)
            .unwrap()
            .into_iter()
            .map(|m| {
                let mut v = m.vectors;
                v.sort_unstable();
                v
            })
            .collect()
    }

    #[test]
    fn atoms_give_their_eight_moves() {
        assert_eq!(
            vectors("N"),
            [vec![
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1)
            ]]
        );
        assert_eq!(vectors("W"), [vec![(-1, 0), (0, -1), (0, 1), (1, 0)]]);
        assert_eq!(vectors("K")[0].len(), 8);
        assert_eq!(vectors("Q")[0].len(), 8);
    }

    #[test]
    fn directional_modifiers_follow_fairy_stockfish() {
        // The pawn: forward step without capture, forward diagonals capturing.
        let pawn = parse_betza("fmWfcF").unwrap();
        assert_eq!(pawn[0].vectors, [(1, 0)]);
        assert_eq!(pawn[0].modality, Modality::Move);
        assert_eq!(pawn[1].vectors, [(1, 1), (1, -1)]);
        assert_eq!(pawn[1].modality, Modality::Capture);
        // Xiangqi's soldier after the river: forward and sideways (split pair).
        assert_eq!(vectors("fsW"), [vec![(0, -1), (0, 1), (1, 0)]]);
        // The shogi knight: the two narrow forward leaps.
        assert_eq!(vectors("fN"), [vec![(2, -1), (2, 1)]]);
        assert_eq!(vectors("ffN"), [vec![(2, -1), (2, 1)]]);
        assert_eq!(vectors("fsN"), [vec![(1, -2), (1, 2)]]);
        assert_eq!(vectors("frN"), [vec![(1, 2)]]);
        assert_eq!(vectors("rfN"), [vec![(2, 1)]]);
        // The gold general, the silver general.
        assert_eq!(vectors("WfF")[1], [(1, -1), (1, 1)]);
        assert_eq!(
            vectors("FfW"),
            [vec![(-1, -1), (-1, 1), (1, -1), (1, 1)], vec![(1, 0)]]
        );
        assert_eq!(vectors("vR"), [vec![(-1, 0), (1, 0)]]);
        assert!(parse_betza("fN").unwrap()[0].oriented);
        assert!(!parse_betza("N").unwrap()[0].oriented);
    }

    #[test]
    fn kinds_ranges_and_flags() {
        let m = parse_betza("mRcpR").unwrap();
        assert_eq!(
            (m[0].kind, m[0].modality),
            (BetzaKind::Ride, Modality::Move)
        );
        assert_eq!(
            (m[1].kind, m[1].modality),
            (BetzaKind::Cannon, Modality::Capture)
        );
        assert_eq!(parse_betza("gQ").unwrap()[0].kind, BetzaKind::Grasshopper);
        assert_eq!(parse_betza("nN").unwrap()[0].kind, BetzaKind::Lame);
        let w = parse_betza("W3").unwrap();
        assert_eq!((w[0].kind, w[0].range), (BetzaKind::Ride, Some(3)));
        let ww = parse_betza("WW").unwrap();
        assert_eq!((ww[0].kind, ww[0].range), (BetzaKind::Ride, None));
        let i = parse_betza("ifmnD").unwrap();
        assert!(i[0].initial);
        assert_eq!(
            (i[0].kind, i[0].vectors.clone()),
            (BetzaKind::Lame, vec![(2, 0)])
        );
        assert_eq!(parse_betza("RN").unwrap().len(), 2);
        assert_eq!(parse_betza("fmWfcF").unwrap()[1].at, 3..6);
    }

    #[test]
    fn every_short_text_reads_or_fails_cleanly() {
        // Every text of up to three letters from the notation's alphabet and a few
        // others: no panic, errors inside the text, moves with one to eight vectors.
        let alphabet: Vec<char> = "WFDNAHCLZJGKRBQmcfblrvshnipg0123456789xé "
            .chars()
            .collect();
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
            texts.dedup();
        }
        for t in &texts {
            match parse_betza(t) {
                Ok(moves) => {
                    for m in moves {
                        assert!((1..=8).contains(&m.vectors.len()), "{t}");
                        assert!(m.at.end <= t.len() && m.at.start < m.at.end, "{t}");
                    }
                }
                Err(es) => {
                    for e in es {
                        assert!(e.at.end <= t.len(), "{t}");
                        assert!(t.is_char_boundary(e.at.start) && t.is_char_boundary(e.at.end));
                    }
                }
            }
        }
    }

    #[test]
    fn mistakes_are_all_reported_with_their_place() {
        let e = parse_betza("XfNq").unwrap_err();
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].at.clone(), e[1].at.clone()), (0..1, 3..4));
        assert!(parse_betza("NN").unwrap_err()[0]
            .message
            .contains("nightriders"));
        assert!(parse_betza("pN").unwrap_err()[0].message.contains("rider"));
        assert!(parse_betza("fm").unwrap_err()[0]
            .message
            .contains("not followed"));
        assert!(parse_betza("").is_err());
        assert!(parse_betza(&"W".repeat(200)).is_err());
        assert!(parse_betza("é").is_err());
    }
}
