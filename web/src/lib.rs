//! chessgraph's web board: `chessgraph serve` runs [`serve`], a local web application
//! to play every variant in the browser (the board drawn from the variant's own
//! geometry, legal targets on click, the computer's moves off the request threads)
//! and to design variants (rule and board files edited with their diagnostics, perft
//! and self-play jobs, saving into the variants folder).
//!
//! The crate sits between the engine (`chessgraph`) and the binary: the engine knows
//! nothing of HTTP, the binary only parses `serve`'s arguments.

#![deny(missing_docs)]

mod app;
mod catalogue;
mod computer;
mod design;
mod game;
pub mod http;
mod jobs;

pub use app::App;
pub use catalogue::Catalogue;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

/// What `chessgraph serve` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeConfig {
    /// Where to listen (127.0.0.1 by default).
    pub addr: SocketAddr,
    /// The variants folder: the only place the page reads variants from and saves to.
    pub variants: PathBuf,
    /// Threads for the computer's moves.
    pub workers: usize,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The variants folder is missing.
    #[error("the variants folder `{path}` cannot be opened: {reason}")]
    Variants {
        /// The folder.
        path: String,
        /// Why.
        reason: String,
    },
    /// The address is taken or not ours.
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        reason: String,
    },
}

/// A server bound to its address, not yet serving.
pub struct Server {
    http: http::HttpServer<App>,
}

impl Server {
    /// Binds `config.addr` and opens the variants folder.
    pub fn bind(config: &ServeConfig) -> Result<Server, ServeError> {
        let catalogue = Catalogue::new(&config.variants).map_err(|e| ServeError::Variants {
            path: config.variants.display().to_string(),
            reason: e.to_string(),
        })?;
        let app = Arc::new(App::new(catalogue, config.workers));
        let http = http::HttpServer::bind(config.addr, app).map_err(|e| ServeError::Bind {
            addr: config.addr,
            reason: e.to_string(),
        })?;
        Ok(Server { http })
    }

    /// The address listened on (the port chosen when 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.http
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until the process ends.
    pub fn run(self) {
        self.http.run()
    }
}

/// Locks `m`, even when a thread panicked holding it: the state behind every lock
/// here is valid between statements, so a panic loses no game.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
