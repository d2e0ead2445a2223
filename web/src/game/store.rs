//! The games being played: a bounded map from id to game. Finished games nobody has
//! looked at for ten minutes, and games nobody has touched for a day, are dropped
//! when a game is added, so the store holds what is in use; when it is full anyway,
//! the game left alone longest makes room if it is over or idle for ten minutes,
//! otherwise a new game is refused.

use super::Game;
use crate::lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Most games kept at once.
pub const MAX_GAMES: usize = 1000;
/// A game untouched this long may be dropped to make room, even unfinished; a
/// finished one is dropped after this long anyway.
const IDLE: Duration = Duration::from_secs(600);
/// An unfinished game untouched this long is dropped.
const ABANDONED: Duration = Duration::from_secs(24 * 3600);
/// How often (in games added) the store is swept.
const SWEEP_EVERY: u64 = 64;

/// The games.
#[derive(Default)]
pub struct Store {
    games: Mutex<HashMap<u64, Arc<Mutex<Game>>>>,
    next: Mutex<u64>,
}

impl Store {
    /// Adds a game; `None` when the store is full of games in use.
    pub fn insert(&self, game: Game) -> Option<u64> {
        let mut games = lock(&self.games);
        if *lock(&self.next) % SWEEP_EVERY == 0 {
            games.retain(|_, g| match g.try_lock() {
                Ok(mut g) => {
                    let idle = g.touched.elapsed();
                    g.thinking || !(idle > ABANDONED || (idle > IDLE && g.is_over()))
                }
                Err(_) => true,
            });
        }
        if games.len() >= MAX_GAMES {
            let idle = games
                .iter()
                .filter_map(|(id, g)| {
                    let mut g = g.try_lock().ok()?;
                    let droppable = !g.thinking && (g.is_over() || g.touched.elapsed() > IDLE);
                    droppable.then_some((*id, g.touched))
                })
                .min_by_key(|&(_, t)| t)
                .map(|(id, _)| id);
            games.remove(&idle?);
        }
        let id = loop {
            let mut next = lock(&self.next);
            *next += 1;
            // Ids are not guessable in order: the counter mixed.
            let id = mix(*next);
            if !games.contains_key(&id) {
                break id;
            }
        };
        games.insert(id, Arc::new(Mutex::new(game)));
        Some(id)
    }

    /// The game `id`.
    pub fn get(&self, id: u64) -> Option<Arc<Mutex<Game>>> {
        lock(&self.games).get(&id).cloned()
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }
}

/// A bijection of 53 bits (ids stay exact as JSON numbers in a page), seeded by the
/// process start so two servers hand out different ids.
fn mix(n: u64) -> u64 {
    use std::sync::OnceLock;
    static SEED: OnceLock<u64> = OnceLock::new();
    let seed = *SEED.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(7, |d| d.as_nanos() as u64)
    });
    let mut x = (n ^ seed) & ((1 << 53) - 1);
    for _ in 0..3 {
        // An odd multiplier and a right xor-shift are each one-to-one modulo 2^53.
        x = x.wrapping_mul(0x5851_f42d_4c95_7f2d) & ((1 << 53) - 1);
        x ^= x >> 29;
    }
    x
}
