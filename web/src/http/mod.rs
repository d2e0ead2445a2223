//! A small HTTP/1.1 server on `std::net`: one thread per connection up to a bound,
//! one request per connection, every read and write under a timeout. The page and
//! its API need nothing more, and owning the parser keeps every size bounded.

pub mod request;
pub mod response;

pub use request::{read_request, ReadError, Request};
pub use response::Response;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Connections served at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 256;
/// How long a client may take to send its request or read the answer.
const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// What answers requests.
pub trait Handler: Send + Sync + 'static {
    /// The response to `req`.
    fn handle(&self, req: &Request) -> Response;
}

/// A bound listener and its handler.
pub struct HttpServer<H: Handler> {
    listener: TcpListener,
    handler: Arc<H>,
    open: Arc<AtomicUsize>,
}

impl<H: Handler> HttpServer<H> {
    /// Listens on `addr` (port 0: any free port).
    pub fn bind(addr: SocketAddr, handler: Arc<H>) -> std::io::Result<HttpServer<H>> {
        Ok(HttpServer {
            listener: TcpListener::bind(addr)?,
            handler,
            open: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The address listened on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process ends.
    pub fn run(self) {
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else { continue };
            if self.open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                self.open.fetch_sub(1, Ordering::SeqCst);
                let _ = refuse(stream);
                continue;
            }
            let handler = self.handler.clone();
            let open = self.open.clone();
            let spawned = std::thread::Builder::new()
                .name("http".into())
                .spawn(move || {
                    serve_one(stream, &*handler);
                    open.fetch_sub(1, Ordering::SeqCst);
                });
            if spawned.is_err() {
                self.open.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

fn refuse(mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_write_timeout(Some(IO_TIMEOUT))?;
    Response::error(503, "the server is busy: try again").write_to(&mut stream)
}

/// Reads one request, answers it, closes. A handler that panics is answered 500 (its
/// shared state is kept behind locks that survive a panic).
fn serve_one<H: Handler>(mut stream: TcpStream, handler: &H) {
    let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_nodelay(true);
    let response = match read_request(&mut stream) {
        Ok(req) => catch_unwind(AssertUnwindSafe(|| handler.handle(&req)))
            .unwrap_or_else(|_| Response::error(500, "internal error: the request failed")),
        Err(ReadError::Closed) => return,
        Err(ReadError::Bad(why)) => Response::error(400, why),
        Err(ReadError::TooLarge(why)) => Response::error(413, why),
    };
    let _ = response.write_to(&mut stream);
    let _ = stream.shutdown(std::net::Shutdown::Write);
}
