//! Dependency order for definitions that refer to each other (rule zones, direction
//! sets), with the cycles that prevent one.

/// Items in an order where each comes after what it depends on, and the cycles found.
pub(crate) struct Order {
    /// Items not on or behind a cycle, dependencies first.
    pub sorted: Vec<usize>,
    /// Each cycle once, as a list of items.
    pub cycles: Vec<Vec<usize>>,
}

/// Orders `deps` (`deps[i]` are the items `i` uses).
pub(crate) fn topological(deps: &[Vec<usize>]) -> Order {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Active,
        Done,
        Broken,
    }
    let n = deps.len();
    let mut mark = vec![Mark::New; n];
    let mut out = Order {
        sorted: Vec::new(),
        cycles: Vec::new(),
    };
    // Iterative depth-first search: (node, next dependency index).
    for root in 0..n {
        if mark[root] != Mark::New {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        mark[root] = Mark::Active;
        while let Some(&mut (node, ref mut k)) = stack.last_mut() {
            if let Some(&dep) = deps[node].get(*k) {
                *k += 1;
                match mark[dep] {
                    Mark::New => {
                        mark[dep] = Mark::Active;
                        stack.push((dep, 0));
                    }
                    Mark::Active => {
                        let at = stack.iter().position(|&(x, _)| x == dep).unwrap_or(0);
                        out.cycles
                            .push(stack[at..].iter().map(|&(x, _)| x).collect());
                        for &(x, _) in &stack[at..] {
                            mark[x] = Mark::Broken;
                        }
                    }
                    Mark::Broken => mark[node] = Mark::Broken,
                    Mark::Done => {}
                }
            } else {
                stack.pop();
                if mark[node] == Mark::Active {
                    mark[node] = Mark::Done;
                    out.sorted.push(node);
                } else if let Some(&(parent, _)) = stack.last() {
                    // Anything that depends on a cycle cannot be evaluated either.
                    mark[parent] = Mark::Broken;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_dependencies_first() {
        let o = topological(&[vec![1], vec![], vec![0, 1]]);
        assert_eq!(o.sorted, vec![1, 0, 2]);
        assert!(o.cycles.is_empty());
    }

    #[test]
    fn reports_each_cycle_once() {
        let o = topological(&[vec![1], vec![0], vec![2], vec![0]]);
        assert_eq!(o.cycles.len(), 2);
        assert!(o.sorted.is_empty());
    }
}
