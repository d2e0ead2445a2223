//! Reading one HTTP/1.1 request from a connection, with every size bounded: the head
//! (request line and headers) and the body are read up to fixed limits, so a client
//! that sends too much, too slowly or not at all costs a bounded buffer and a timeout.

use std::io::Read;

/// Most bytes of the request line and headers together.
pub const MAX_HEAD: usize = 16 * 1024;
/// Most bytes of a body (a rule file and a board file with room to spare).
pub const MAX_BODY: usize = 1024 * 1024;
/// Most headers.
const MAX_HEADERS: usize = 64;

/// A request as the application sees it.
#[derive(Debug, Default)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path without the query, percent-decoded.
    pub path: String,
    /// The query's `name=value` pairs, percent-decoded.
    pub query: Vec<(String, String)>,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body (at most [`MAX_BODY`] bytes).
    pub body: Vec<u8>,
}

impl Request {
    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first query parameter named `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a request could not be read; each maps to a status the client is sent.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The connection closed or timed out before a whole request came.
    Closed,
    /// Malformed: 400.
    Bad(&'static str),
    /// Head or body over its limit: 431 or 413.
    TooLarge(&'static str),
}

/// The longest a whole request may take to arrive (a client that trickles bytes holds
/// a connection no longer than this).
pub const MAX_REQUEST_TIME: std::time::Duration = std::time::Duration::from_secs(15);

/// Reads one request from `r`.
pub fn read_request(r: &mut impl Read) -> Result<Request, ReadError> {
    let started = std::time::Instant::now();
    let late = || started.elapsed() > MAX_REQUEST_TIME;
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = find_head_end(&buf) {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return Err(ReadError::TooLarge("the request head is over 16 KiB"));
        }
        let n = r.read(&mut chunk).map_err(|_| ReadError::Closed)?;
        if n == 0 || late() {
            return Err(ReadError::Closed);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    if head_end > MAX_HEAD {
        return Err(ReadError::TooLarge("the request head is over 16 KiB"));
    }
    let head = std::str::from_utf8(&buf[..head_end])
        .map_err(|_| ReadError::Bad("the request head is not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let line = lines.next().unwrap_or("");
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ReadError::Bad(
            "the request line is not `METHOD TARGET VERSION`",
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(ReadError::Bad("only HTTP/1.x is spoken here"));
    }
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ReadError::Bad("the method is not a word in capitals"));
    }
    let mut headers = Vec::new();
    for l in lines.filter(|l| !l.is_empty()) {
        let Some((name, value)) = l.split_once(':') else {
            return Err(ReadError::Bad("a header line has no colon"));
        };
        if headers.len() == MAX_HEADERS {
            return Err(ReadError::TooLarge("more than 64 headers"));
        }
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, q),
        None => (target, ""),
    };
    let path = decode(path).ok_or(ReadError::Bad("the path is not percent-encoded UTF-8"))?;
    let query =
        parse_query(query).ok_or(ReadError::Bad("the query is not percent-encoded UTF-8"))?;
    let mut req = Request {
        method: method.to_owned(),
        path,
        query,
        headers,
        body: Vec::new(),
    };
    if req.header("transfer-encoding").is_some() {
        return Err(ReadError::Bad(
            "chunked bodies are not read: send Content-Length",
        ));
    }
    let length = match req.header("content-length") {
        None => 0,
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| ReadError::Bad("Content-Length is not a number"))?,
    };
    if length > MAX_BODY {
        return Err(ReadError::TooLarge("the body is over 1 MiB"));
    }
    let mut body = buf[head_end + 4..].to_vec();
    if body.len() > length {
        body.truncate(length);
    }
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        let n = r.read(&mut chunk[..want]).map_err(|_| ReadError::Closed)?;
        if n == 0 || late() {
            return Err(ReadError::Closed);
        }
        body.extend_from_slice(&chunk[..n]);
    }
    req.body = body;
    Ok(req)
}

fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n")
}

/// `a=1&b=x%20y` as pairs; `None` when a part does not decode.
fn parse_query(q: &str) -> Option<Vec<(String, String)>> {
    q.split('&')
        .filter(|p| !p.is_empty())
        .take(32)
        .map(|p| {
            let (n, v) = p.split_once('=').unwrap_or((p, ""));
            Some((decode(n)?, decode(v)?))
        })
        .collect()
}

/// Percent-decoding (and `+` as a space); `None` for a bad escape or bytes that are not
/// UTF-8.
pub fn decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8]) -> Result<Request, ReadError> {
        read_request(&mut &text[..])
    }

    #[test]
    fn a_post_with_a_body_and_a_query() {
        let r = read(b"POST /api/games?seat=white%20x HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcdEXTRA")
            .unwrap();
        assert_eq!(r.method, "POST");
        assert_eq!(r.path, "/api/games");
        assert_eq!(r.param("seat"), Some("white x"));
        assert_eq!(r.header("host"), Some("a"));
        assert_eq!(r.body, b"abcd");
    }

    #[test]
    fn bad_and_oversized_requests_are_refused() {
        assert_eq!(
            read(b"GET /\r\n\r\n").unwrap_err(),
            ReadError::Bad("the request line is not `METHOD TARGET VERSION`")
        );
        assert!(matches!(
            read(b"GET / HTTP/2\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"get / HTTP/1.1\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"GET /%zz HTTP/1.1\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"GET /%ff HTTP/1.1\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"GET / HTTP/1.1\r\nnocolon\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Err(ReadError::Bad(_))
        ));
        assert!(matches!(
            read(b"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n"),
            Err(ReadError::TooLarge(_))
        ));
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD + 10));
        assert!(matches!(read(long.as_bytes()), Err(ReadError::TooLarge(_))));
        // A body shorter than announced: the connection ended.
        assert_eq!(
            read(b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nab").unwrap_err(),
            ReadError::Closed
        );
        assert_eq!(read(b"GET / HTTP/1.1\r\n").unwrap_err(), ReadError::Closed);
    }
}
