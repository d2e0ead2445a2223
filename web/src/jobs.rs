//! Long work a page starts and watches (perft, self-play): each job runs on its own
//! thread and fills a [`Progress`] the page polls. At most [`MAX_RUNNING`] run at once,
//! so pages cannot take every core; finished jobs are kept (up to [`MAX_JOBS`]) for
//! their results.

use crate::lock;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Jobs running at once.
pub const MAX_RUNNING: usize = 2;
/// Jobs kept.
const MAX_JOBS: usize = 64;

/// What a job has done so far.
#[derive(Default)]
pub struct Progress {
    rows: Mutex<Vec<Value>>,
    notes: Mutex<Vec<String>>,
    summary: Mutex<Option<Value>>,
    done: AtomicBool,
    cancel: AtomicBool,
}

impl Progress {
    /// Adds a row of results.
    pub fn push(&self, row: Value) {
        lock(&self.rows).push(row);
    }
    /// Adds a note.
    pub fn note(&self, text: &str) {
        lock(&self.notes).push(text.to_owned());
    }
    /// Sets the final summary.
    pub fn set_summary(&self, v: Value) {
        *lock(&self.summary) = Some(v);
    }
    /// True when the page asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
    /// The job as JSON.
    pub fn json(&self, id: u64, kind: &str) -> Value {
        json!({
            "id": id.to_string(),
            "kind": kind,
            "done": self.done.load(Ordering::SeqCst),
            "rows": *lock(&self.rows),
            "notes": *lock(&self.notes),
            "summary": *lock(&self.summary),
        })
    }
}

/// The jobs.
#[derive(Default)]
pub struct Jobs {
    jobs: Mutex<HashMap<u64, (String, Arc<Progress>)>>,
    running: Arc<AtomicUsize>,
    next: Mutex<u64>,
}

impl Jobs {
    /// Starts `work` as a job of `kind`; `None` when [`MAX_RUNNING`] jobs run.
    pub fn start(&self, kind: &str, work: impl FnOnce(&Progress) + Send + 'static) -> Option<u64> {
        if self.running.fetch_add(1, Ordering::SeqCst) >= MAX_RUNNING {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let progress = Arc::new(Progress::default());
        let id = {
            let mut next = lock(&self.next);
            *next += 1;
            *next
        };
        {
            let mut jobs = lock(&self.jobs);
            if jobs.len() >= MAX_JOBS {
                let oldest_done = jobs
                    .iter()
                    .filter(|(_, (_, p))| p.done.load(Ordering::SeqCst))
                    .map(|(id, _)| *id)
                    .min();
                if let Some(old) = oldest_done {
                    jobs.remove(&old);
                }
            }
            jobs.insert(id, (kind.to_owned(), progress.clone()));
        }
        let running = self.running.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("job-{id}"))
            .spawn(move || {
                let p = progress.clone();
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&p)));
                if result.is_err() {
                    progress.note("the job failed: internal error");
                }
                progress.done.store(true, Ordering::SeqCst);
                running.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(id)
    }

    /// Job `id` as JSON.
    pub fn get(&self, id: u64) -> Option<Value> {
        let jobs = lock(&self.jobs);
        let (kind, p) = jobs.get(&id)?;
        Some(p.json(id, kind))
    }

    /// Asks job `id` to stop; false when there is none.
    pub fn cancel(&self, id: u64) -> bool {
        match lock(&self.jobs).get(&id) {
            Some((_, p)) => {
                p.cancel.store(true, Ordering::SeqCst);
                true
            }
            None => false,
        }
    }
}
