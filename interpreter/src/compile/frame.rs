//! Each player's frame for Betza moves: which board direction is one step forward,
//! forward-right, right, ... for that player, read from the board's lattice.
//!
//! A direction's vector is what its edges do to lattice coordinates (every edge of it
//! between two lattice cells must move by the same amount). Forward is the rule file's
//! direction set `forward` (one direction per player, the same on every cell); right
//! is forward turned a quarter clockwise, as Fairy-Stockfish's black pieces see the
//! board turned half a circle.

use crate::ids::Player;
use dsl::board::BoardGraph;

/// The eight unit steps of a frame, clockwise from forward.
pub(crate) const FRAME_DIRS: usize = 8;

/// Per player, the board direction (as a one-bit mask, 0: none) of each frame step.
pub(crate) struct Frames {
    /// `dirs[player][k]`: step `k` (0 forward, 1 forward-right, 2 right, ... 7
    /// forward-left).
    pub dirs: Vec<[u32; FRAME_DIRS]>,
    /// Why the players' forward is unknown, when it is (then every player faces the
    /// lattice's +y, which only symmetric Betza moves may use).
    pub unoriented: Option<String>,
}

/// The unit steps `(forward, right)` of a frame, clockwise from forward: step `k` of
/// [`Frames::dirs`] is `FRAME_STEPS[k]`.
const FRAME_STEPS: [(i8, i8); FRAME_DIRS] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Frames {
    /// The frame step of a unit displacement `(forward, right)`.
    pub fn index(f: i8, r: i8) -> Option<usize> {
        FRAME_STEPS.iter().position(|&s| s == (f, r))
    }
}

/// The lattice vector of each direction, when its edges agree on one.
fn vectors(board: &BoardGraph) -> Vec<Option<(i32, i32)>> {
    let mut out: Vec<Option<Option<(i32, i32)>>> = vec![None; board.directions.len()];
    for e in &board.edges {
        let (Some(a), Some(b)) = (
            board.cells[e.from as usize].coords,
            board.cells[e.to as usize].coords,
        ) else {
            continue;
        };
        let v = (b.0 - a.0, b.1 - a.1);
        let slot = &mut out[e.dir as usize];
        *slot = match *slot {
            None => Some(Some(v)),
            Some(Some(w)) if w == v => Some(Some(v)),
            _ => Some(None),
        };
    }
    out.into_iter().map(Option::flatten).collect()
}

/// The frames of `players` players; `forward(p)` is the player's `forward` set as a
/// mask on every cell (`None`: no such set; `Some(Err)`: not one direction on every
/// cell).
pub(crate) fn frames(
    board: &BoardGraph,
    players: usize,
    forward: impl Fn(Player) -> Option<Result<u32, ()>>,
) -> Frames {
    let vecs = vectors(board);
    let dir_of = |v: (i32, i32)| -> u32 {
        vecs.iter()
            .position(|&w| w == Some(v))
            .map_or(0, |d| 1 << d)
    };
    let mut unoriented = None;
    let mut dirs = Vec::with_capacity(players);
    for p in 0..players {
        let f = match forward(p as Player) {
            None => {
                unoriented = Some("the rule file has no direction set `forward`".to_string());
                (0, 1)
            }
            Some(Err(())) => {
                unoriented = Some(
                    "the set `forward` is not one direction on every cell for every player"
                        .to_string(),
                );
                (0, 1)
            }
            Some(Ok(mask)) => match vecs[mask.trailing_zeros() as usize] {
                Some(v) if v.0.abs() + v.1.abs() == 1 => v,
                _ => {
                    unoriented = Some(
                        "a player's `forward` direction is not one orthogonal lattice step"
                            .to_string(),
                    );
                    (0, 1)
                }
            },
        };
        // Right is forward turned a quarter clockwise.
        let r = (f.1, -f.0);
        let mut frame = [0u32; FRAME_DIRS];
        for (slot, &(a, b)) in frame.iter_mut().zip(&FRAME_STEPS) {
            let (a, b) = (i32::from(a), i32::from(b));
            *slot = dir_of((a * f.0 + b * r.0, a * f.1 + b * r.1));
        }
        dirs.push(frame);
    }
    Frames { dirs, unoriented }
}
