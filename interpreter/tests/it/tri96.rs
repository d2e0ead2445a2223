//! The 96-cell three-player board (`variants/boards/three-player-96.yaml`) with
//! Zubrin's rules and Chess for 3: start position, centre forks, random games.

use crate::common::named;
use chessgraph::{perft, Position};

#[test]
fn start_positions() {
    for name in ["zubrin", "chess-for-3"] {
        let v = named(name, &[]);
        assert_eq!(v.cell_count(), 96);
        let mut p = Position::start(&v);
        println!("{name}: {p}");
        let counts: Vec<u64> = (1..=3).map(|d| perft(&mut p, d)).collect();
        assert_eq!(counts, [20, 400, 8000], "{name}");
    }
}
