//! Unreachable cells: cells no piece of the start position could ever get to, found
//! with petgraph on the board's edges. Only the compiler uses petgraph; the hot loops
//! read the flat topology.

use crate::ids::{Cell, Kind};
use dsl::board::BoardGraph;
use dsl::Diagnostic;
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::Dfs;

/// Most cell names listed in the warning.
const LISTED: usize = 8;

/// A warning naming the cells that no edge path joins to a cell of the setup (to
/// cell 0 when the setup is empty), or `None` when every cell is reachable.
pub(crate) fn unreachable(board: &BoardGraph, setup: &[(Cell, Kind)]) -> Option<Diagnostic> {
    let n = board.cells.len();
    if n == 0 {
        return None;
    }
    let mut g: UnGraph<(), ()> = UnGraph::with_capacity(n, board.edges.len());
    for _ in 0..n {
        g.add_node(());
    }
    for e in &board.edges {
        g.add_edge(
            NodeIndex::new(e.from as usize),
            NodeIndex::new(e.to as usize),
            (),
        );
    }
    // A cell map (linked boards) carries pieces too.
    for m in &board.maps {
        for &(from, to) in &m.pairs {
            g.add_edge(
                NodeIndex::new(from as usize),
                NodeIndex::new(to as usize),
                (),
            );
        }
    }
    let mut seen = vec![false; n];
    let starts: Vec<usize> = if setup.is_empty() {
        vec![0]
    } else {
        setup.iter().map(|&(c, _)| c as usize).collect()
    };
    for s in starts {
        if seen[s] {
            continue;
        }
        let mut dfs = Dfs::new(&g, NodeIndex::new(s));
        while let Some(x) = dfs.next(&g) {
            seen[x.index()] = true;
        }
    }
    let lost: Vec<usize> = (0..n).filter(|&i| !seen[i]).collect();
    let first = *lost.first()?;
    let mut names: Vec<String> = lost
        .iter()
        .take(LISTED)
        .map(|&i| format!("`{}`", board.cells[i].name))
        .collect();
    if lost.len() > LISTED {
        names.push(format!("... ({} in all)", lost.len()));
    }
    Some(
        Diagnostic::warning(
            "compile::unreachable-cells",
            format!(
                "{} cell{} cannot be reached from the start position: {}",
                lost.len(),
                if lost.len() == 1 { "" } else { "s" },
                names.join(", ")
            ),
        )
        .at(
            &board.source,
            board.cells[first].span,
            "first unreachable cell",
        )
        .help("link these cells to the rest of the board, or remove them"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsl::board::load_board;
    use dsl::SourceFile;

    #[test]
    fn islands_are_unreachable() {
        let text = "name: two\nseats: [a]\ndirections:\n  e: { opposite: w }\n  w: { opposite: e }\ncells:\n\
                    \x20 - { name: p, at: [0, 0], links: { e: q } }\n  - { name: q, at: [1, 0], links: { w: p } }\n\
                    \x20 - { name: r, at: [5, 0], links: { e: s } }\n  - { name: s, at: [6, 0], links: { w: r } }\n";
        let (board, _) = load_board(&SourceFile::new("two.yaml", text)).unwrap();
        let w = unreachable(&board, &[(0, 0)]).expect("r and s are cut off");
        assert_eq!(w.code, "compile::unreachable-cells");
        assert!(w.message.starts_with("2 cells"), "{}", w.message);
        assert!(unreachable(&board, &[(0, 0), (2, 0)]).is_none());
    }
}
