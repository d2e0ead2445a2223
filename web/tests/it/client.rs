//! A server per test on a free port over a copy of the variants folder, and a tiny
//! HTTP client.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A running server and its variants folder.
pub struct Served {
    pub addr: SocketAddr,
    pub dir: PathBuf,
}

/// Copies `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// A server over a fresh copy of the repository's variants, named after the test.
pub fn serve(name: &str) -> Served {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("chessgraph-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root.join("variants"), &dir);
    let config = web::ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        variants: dir.clone(),
        workers: 2,
    };
    let server = web::Server::bind(&config).expect("binds");
    let addr = server.local_addr();
    std::thread::spawn(move || server.run());
    Served { addr, dir }
}

/// A response: status and body.
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends raw bytes and reads the whole answer.
pub fn raw(addr: SocketAddr, bytes: &[u8]) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let _ = s.write_all(bytes);
    let _ = s.shutdown(std::net::Shutdown::Write);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_owned())
        .unwrap_or_default();
    Answer { status, body }
}

impl Served {
    pub fn get(&self, path: &str) -> Answer {
        raw(
            self.addr,
            format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr).as_bytes(),
        )
    }

    pub fn post(&self, path: &str, body: &Value) -> Answer {
        let b = body.to_string();
        raw(
            self.addr,
            format!(
                "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
                self.addr,
                b.len()
            )
            .as_bytes(),
        )
    }

    /// Polls game `id` (as `seat`) until `done` holds, for at most 20 seconds.
    pub fn wait_for(&self, id: &str, seat: Option<&str>, done: impl Fn(&Value) -> bool) -> Value {
        let path = match seat {
            Some(s) => format!("/api/games/{id}?seat={s}"),
            None => format!("/api/games/{id}"),
        };
        let start = Instant::now();
        loop {
            let s = self.get(&path).json();
            if done(&s) {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "timed out: {s}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The index of the legal move written `san` in a state.
pub fn index_of(state: &Value, san: &str) -> usize {
    state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == san)
        .unwrap_or_else(|| panic!("no legal {san} in {}", state["legal"]))["index"]
        .as_u64()
        .unwrap() as usize
}
