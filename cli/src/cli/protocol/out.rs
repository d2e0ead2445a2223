//! The engine's answers: whole lines, flushed at once, from either thread.
//!
//! The session and the search thread both write; a lock around the writer keeps
//! every line whole. A failed write (the GUI went away) is remembered, so the
//! session ends instead of talking to nobody.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Where a protocol session writes, shared by its threads.
#[derive(Clone)]
pub struct Out {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    broken: Arc<AtomicBool>,
}

/// The writer held: lines written through it come out together.
pub struct Held<'a> {
    writer: MutexGuard<'a, Box<dyn Write + Send>>,
    broken: &'a AtomicBool,
}

impl Held<'_> {
    /// Writes one line and flushes it. Control characters in `text` (from input
    /// quoted back) become `?`, so one call is always one line.
    pub fn line(&mut self, text: &str) {
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        let ok = self
            .writer
            .write_all(text.as_bytes())
            .and_then(|_| self.writer.write_all(b"\n"))
            .and_then(|_| self.writer.flush());
        if ok.is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
    }
}

impl Out {
    /// Lines to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Out {
        Out {
            writer: Arc::new(Mutex::new(writer)),
            broken: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Lines to standard output.
    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Holds the writer, so that several lines come out with nothing between them.
    /// A writer left poisoned by a panicking thread is still used: a line is a line.
    pub fn hold(&self) -> Held<'_> {
        Held {
            writer: self
                .writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
            broken: &self.broken,
        }
    }

    /// Writes one line.
    pub fn line(&self, text: &str) {
        self.hold().line(text);
    }

    /// True once a write failed: nobody reads the answers any more.
    pub fn broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }
}

/// A writer into a shared buffer, for tests that read what a session wrote.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Capture(pub Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl Capture {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

#[cfg(test)]
impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
