//! Bad input on every entry: malformed HTTP, wrong types, other sites, oversized
//! bodies, unknown ids and names. Every request is answered (JSON errors), no panic,
//! and the server goes on serving.

use crate::client::{raw, serve};
use serde_json::json;

#[test]
fn malformed_requests_are_answered_with_errors() {
    let s = serve("malformed");
    for (bytes, status) in [
        (&b"GARBAGE\r\n\r\n"[..], 400),
        (b"GET / HTTP/9\r\n\r\n", 400),
        (b"GET /%zz HTTP/1.1\r\n\r\n", 400),
        (b"POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n", 413),
        (b"POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    ] {
        let a = raw(s.addr, bytes);
        assert_eq!(a.status, status, "{}", String::from_utf8_lossy(bytes));
        assert!(a.json()["error"].is_string());
    }
    let huge_head = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(40_000));
    assert_eq!(raw(s.addr, huge_head.as_bytes()).status, 413);
    // A client that sends nothing and leaves costs nothing.
    let _ = raw(s.addr, b"");
    assert_eq!(s.get("/").status, 200);
}

#[test]
fn changes_must_be_json_from_this_page() {
    let s = serve("origin");
    let no_type = raw(
        s.addr,
        b"POST /api/games HTTP/1.1\r\nContent-Length: 19\r\n\r\n{\"variant\":\"chess\"}",
    );
    assert_eq!(no_type.status, 415);
    let other_site = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n{{\"variant\":\"chess\"}}",
        s.addr
    );
    assert_eq!(raw(s.addr, other_site.as_bytes()).status, 403);
    let same_site = format!(
        "POST /api/games HTTP/1.1\r\nHost: {0}\r\nOrigin: http://{0}\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n{{\"variant\":\"chess\"}}",
        s.addr
    );
    assert_eq!(raw(s.addr, same_site.as_bytes()).status, 200);
}

#[test]
fn wrong_bodies_ids_and_names_are_errors() {
    let s = serve("wrong");
    for (path, body, status) in [
        ("/api/games", json!("not an object"), 400),
        ("/api/games", json!({ "variant": 7 }), 400),
        ("/api/games", json!({ "variant": "nonesuch" }), 404),
        ("/api/games", json!({ "variant": "../chess" }), 422),
        (
            "/api/games",
            json!({ "variant": "chess", "position": "not a position" }),
            422,
        ),
        (
            "/api/games",
            json!({ "variant": "chess", "record": "1. e4 e5 2. Ke3" }),
            422,
        ),
        (
            "/api/games",
            json!({ "variant": "chess", "options": [["nonesuch", "1"]] }),
            422,
        ),
        ("/api/games/123/move", json!({ "index": 0 }), 404),
        ("/api/games/abc/move", json!({ "index": 0 }), 404),
        ("/api/design/check", json!({ "rules": 5 }), 400),
    ] {
        let a = s.post(path, &body);
        assert_eq!(a.status, status, "{path} {body}: {}", a.body);
        assert!(a.json()["error"].is_string(), "{}", a.body);
    }
    let g = s.post("/api/games", &json!({ "variant": "chess" })).json();
    let id = g["id"].as_str().unwrap();
    for (action, body, status) in [
        ("move", json!({ "index": 9999 }), 422),
        ("move", json!({}), 422),
        ("move", json!({ "index": -1 }), 400),
        ("fly", json!({}), 404),
        ("seats", json!({ "seats": [{}] }), 422),
        ("undo", json!({}), 409),
    ] {
        let a = s.post(&format!("/api/games/{id}/{action}"), &body);
        assert_eq!(a.status, status, "{action} {body}: {}", a.body);
    }
    assert_eq!(s.get("/api/design/files/..").status, 422);
    assert_eq!(s.get("/api/design/files/nonesuch").status, 404);
    assert_eq!(s.get("/nothing/here").status, 404);
    assert_eq!(
        raw(s.addr, b"DELETE /api/games HTTP/1.1\r\n\r\n").status,
        405
    );
    // Still serving, and the game is untouched.
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["version"],
        g["version"]
    );
}

#[test]
fn many_games_at_once() {
    let s = serve("many");
    let addr = s.addr;
    let threads: Vec<_> = (0..16)
        .map(|i| {
            std::thread::spawn(move || {
                let post = |path: &str, body: serde_json::Value| {
                    let b = body.to_string();
                    raw(addr, format!("POST {path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}", b.len()).as_bytes())
                };
                let variant = ["chess", "zubrin", "dreierschach", "crazyhouse"][i % 4];
                let g = post("/api/games", json!({ "variant": variant })).json();
                let id = g["id"].as_str().unwrap().to_owned();
                let mut version = g["version"].clone();
                for _ in 0..4 {
                    let a = post(&format!("/api/games/{id}/move"), json!({ "index": 0, "version": version }));
                    assert_eq!(a.status, 200, "{}", a.body);
                    version = a.json()["version"].clone();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("no client failed");
    }
}
