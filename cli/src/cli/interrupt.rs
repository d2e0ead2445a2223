//! Ctrl-C during `play`: the game ends as it does at the end of input (the record is
//! printed and written with `--record`), then the program exits with status 130.
//!
//! Standard input is read by a thread of its own and handed over through a channel,
//! so that the signal handler (the `ctrlc` crate's thread) can end a read that is
//! waiting for a line: it raises [`requested`] and ends the input.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True once Ctrl-C (SIGINT) was received.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// What the reader thread or the handler sends.
enum Chunk {
    Data(Vec<u8>),
    End,
}

/// Standard input as a `BufRead` that an interrupt ends.
pub struct Input {
    rx: Receiver<Chunk>,
    buf: Vec<u8>,
    at: usize,
    ended: bool,
}

impl Input {
    /// Installs the Ctrl-C handler and starts reading standard input; `None` when
    /// no handler can be installed (the caller then reads standard input itself).
    pub fn stdin() -> Option<Input> {
        let (tx, rx) = channel();
        let on_signal = tx.clone();
        ctrlc::set_handler(move || {
            INTERRUPTED.store(true, Ordering::SeqCst);
            let _ = on_signal.send(Chunk::End);
        })
        .ok()?;
        std::thread::spawn(move || {
            let mut stdin = io::stdin();
            let mut buf = vec![0; 1 << 13];
            loop {
                match stdin.read(&mut buf) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Chunk::End);
                        break;
                    }
                    Ok(n) => {
                        if tx.send(Chunk::Data(buf[..n].to_vec())).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Some(Input {
            rx,
            buf: Vec::new(),
            at: 0,
            ended: false,
        })
    }
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let data = self.fill_buf()?;
        let n = data.len().min(out.len());
        out[..n].copy_from_slice(&data[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at == self.buf.len() && !self.ended {
            match self.rx.recv() {
                Ok(Chunk::Data(d)) => {
                    self.buf = d;
                    self.at = 0;
                }
                Ok(Chunk::End) | Err(_) => self.ended = true,
            }
        }
        Ok(&self.buf[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.buf.len());
    }
}
