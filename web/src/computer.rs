//! The computer's moves, off the request threads: a fixed pool of workers takes games
//! from a queue, searches a copy of the position and plays the move if the game has
//! not changed meanwhile. Pages poll the game's state, so no request waits for a
//! search, and however many games ask, at most one search per worker runs.

use crate::game::store::Store;
use crate::game::{limits_of, Seat};
use crate::lock;
use chessgraph::search::Searcher;
use chessgraph::Variant;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

/// The queue of games whose computer player is to move.
pub struct Pool {
    queue: Mutex<VecDeque<u64>>,
    ready: Condvar,
}

impl Pool {
    /// Starts `workers` threads serving `store`.
    pub fn start(store: Arc<Store>, workers: usize) -> Arc<Pool> {
        let pool = Arc::new(Pool {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
        });
        for i in 0..workers.max(1) {
            let (pool, store) = (pool.clone(), store.clone());
            let _ = std::thread::Builder::new()
                .name(format!("computer-{i}"))
                .spawn(move || pool.work(&store));
        }
        pool
    }

    /// Asks for a move in game `id` (the caller has set its `thinking` flag).
    pub fn request(&self, id: u64) {
        lock(&self.queue).push_back(id);
        self.ready.notify_one();
    }

    fn next(&self) -> u64 {
        let mut q = lock(&self.queue);
        loop {
            if let Some(id) = q.pop_front() {
                return id;
            }
            q = self.ready.wait(q).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn work(&self, store: &Store) {
        // One searcher per worker, kept while games of the same variant come.
        let mut searcher: Option<(Arc<Variant>, Searcher)> = None;
        loop {
            let id = self.next();
            let Some(game) = store.get(id) else { continue };
            let (mut pos, version, level) = {
                let mut g = lock(&game);
                let seat = g.seats.get(g.pos.to_move() as usize).copied();
                match seat {
                    Some(Seat::Computer(level)) if !g.is_over() => {
                        (g.pos.clone(), g.version, level)
                    }
                    _ => {
                        g.thinking = false;
                        continue;
                    }
                }
            };
            let v = pos.variant().clone();
            let s = match &mut searcher {
                Some((sv, s)) if Arc::ptr_eq(sv, &v) => s,
                _ => {
                    let mut s = Searcher::new(&v, limits_of(level));
                    s.set_table_megabytes(16);
                    &mut searcher.insert((v.clone(), s)).1
                }
            };
            s.set_limits(limits_of(level));
            let (best, about) = if v.has_hidden_state() {
                (s.choose(&mut pos), None)
            } else {
                match s.search(&mut pos) {
                    Some(r) => {
                        let me = &v.players()[pos.to_move() as usize].name;
                        (
                            Some(r.best),
                            Some(format!(
                                "depth {}, {} for {me}",
                                r.depth,
                                value_words(r.value)
                            )),
                        )
                    }
                    None => (None, None),
                }
            };
            let mut g = lock(&game);
            g.thinking = false;
            if g.version != version || g.is_over() {
                // A person changed the game meanwhile (undo, new seats): ask again
                // when the computer is still to move.
                if g.computer_to_move() {
                    g.thinking = true;
                    drop(g);
                    self.request(id);
                }
                continue;
            }
            let Some(m) = best else { continue };
            g.about = about;
            g.play(m);
            if g.computer_to_move() {
                g.thinking = true;
                drop(g);
                self.request(id);
            }
        }
    }
}

/// `+0.35`, `wins in 3`: a search value in words.
fn value_words(value: i32) -> String {
    chessgraph::search::Shown::of(value).words()
}
