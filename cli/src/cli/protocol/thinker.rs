//! The search on a thread of its own, so that the session keeps reading commands
//! (`stop`, `isready`, `?`, `quit`) while the engine thinks.
//!
//! The thread owns the [`Searcher`] while it thinks and gives it back when joined, so
//! tables learnt in one search serve the next. It reports each finished iteration
//! through a callback, then hands the result to a second callback that answers the
//! GUI (`bestmove`, `move`). With `hold` (UCI's `go infinite`) that answer waits
//! until the session stops the thread, as the protocol requires, even when the
//! search ended on its own.

use chessgraph::search::{Report, SearchResult, Searcher};
use chessgraph::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Called after each finished iteration (and line) of the search.
pub type OnReport = Box<dyn FnMut(&Report) + Send>;
/// Called once at the end with the root position and the result; returns the move
/// it announced to the GUI, if any.
pub type OnDone = Box<dyn FnOnce(&mut Position, Option<SearchResult>) -> Option<Move> + Send>;

/// A search in progress.
pub struct Thinking {
    halt: Arc<AtomicBool>,
    hold: bool,
    handle: JoinHandle<(Searcher, Option<Move>)>,
}

/// What a finished search gives back: the searcher, and the move announced.
pub struct Done {
    /// The searcher, with what it learnt.
    pub searcher: Searcher,
    /// The move the done callback announced (`None`: none, or the thread failed).
    pub announced: Option<Move>,
}

impl Thinking {
    /// Starts searching `pos` on a new thread. When no thread can be started the
    /// searcher is lost with the error: the session says so and makes a new one.
    pub fn start(
        mut searcher: Searcher,
        mut pos: Position,
        hold: bool,
        mut on_report: OnReport,
        on_done: OnDone,
    ) -> std::io::Result<Thinking> {
        let halt = Arc::new(AtomicBool::new(false));
        searcher.set_halt_flag(halt.clone());
        let flag = halt.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let result = searcher.search_reporting(&mut pos, &mut *on_report);
                while hold && !flag.load(Ordering::Acquire) {
                    std::thread::park_timeout(Duration::from_millis(50));
                }
                let announced = on_done(&mut pos, result);
                (searcher, announced)
            });
        Ok(Thinking {
            halt,
            hold,
            handle: spawned?,
        })
    }

    /// Lets the search end: waits for one with limits, stops one that holds.
    pub fn settle(self) -> Option<Done> {
        if self.hold {
            self.stop()
        } else {
            self.join()
        }
    }

    /// True when the thread has answered and ended.
    pub fn finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Asks the search to stop at once (it answers with the last finished
    /// iteration's move), then waits for the thread.
    pub fn stop(self) -> Option<Done> {
        self.halt.store(true, Ordering::Release);
        self.handle.thread().unpark();
        self.join()
    }

    /// Waits for the thread to end on its own (its limits, or a stop already asked).
    /// `None` when it panicked (a bug: the caller makes a new searcher).
    pub fn join(self) -> Option<Done> {
        self.handle.join().ok().map(|(searcher, announced)| Done {
            searcher,
            announced,
        })
    }
}
