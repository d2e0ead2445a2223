//! The designer's API: files, checks with located diagnostics, jobs, saving.

use crate::client::serve;
use serde_json::json;
use std::time::{Duration, Instant};

#[test]
fn a_typo_is_located_and_fixed() {
    let s = serve("typo");
    let f = s.get("/api/design/files/dreierschach").json();
    assert_eq!(f["boardFile"], "board.yaml");
    let rules = f["rules"].as_str().unwrap();
    let ok = s
        .post(
            "/api/design/check",
            &json!({ "name": "dreierschach", "rules": rules, "board": f["board"] }),
        )
        .json();
    assert_eq!(ok["ok"], true, "{ok}");
    assert!(ok["svg"].as_str().unwrap().starts_with("<svg"));
    // Misspell the first piece statement.
    let at = rules.find("\npiece ").expect("a piece") + 1;
    let line = rules[..at].matches('\n').count() + 1;
    let bad = rules.replacen("\npiece ", "\npeice ", 1);
    let r = s
        .post(
            "/api/design/check",
            &json!({ "name": "dreierschach", "rules": bad, "board": f["board"] }),
        )
        .json();
    assert_eq!(r["ok"], false);
    let d = &r["diagnostics"][0];
    assert_eq!(d["editor"], "rules", "{d}");
    assert_eq!(d["line"], line, "{d}");
    assert!(d["column"].as_u64().unwrap() >= 1);
    assert!(d["message"].as_str().unwrap().len() > 5);
    // A board error points into the board.
    let board = format!("{}\nbogus: [unclosed\n", f["board"].as_str().unwrap());
    let r = s
        .post(
            "/api/design/check",
            &json!({ "name": "dreierschach", "rules": rules, "board": board }),
        )
        .json();
    assert_eq!(r["ok"], false);
    assert!(
        r["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["editor"] == "board"),
        "{r}"
    );
}

fn job(s: &crate::client::Served, id: &str) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let j = s.get(&format!("/api/jobs/{id}")).json();
        if j["done"] == true {
            return j;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{j}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn perft_and_selfplay_run_as_jobs() {
    let s = serve("jobs");
    let f = s.get("/api/design/files/chess").json();
    let src = json!({ "name": "chess", "rules": f["rules"], "board": f["board"], "depth": 3 });
    let id = s.post("/api/design/perft", &src).json()["job"]
        .as_str()
        .unwrap()
        .to_owned();
    let j = job(&s, &id);
    let nodes: Vec<u64> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(nodes, [20, 400, 8902]);
    let src =
        json!({ "name": "chess", "rules": f["rules"], "board": f["board"], "games": 2, "ms": 5 });
    let id = s.post("/api/design/selfplay", &src).json()["job"]
        .as_str()
        .unwrap()
        .to_owned();
    let j = job(&s, &id);
    assert_eq!(j["rows"].as_array().unwrap().len(), 2, "{j}");
    let points: f64 = j["summary"]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["points"].as_f64().unwrap())
        .sum();
    assert!(points <= 2.0);
    // A variant that does not compile starts no job.
    let bad = json!({ "rules": "nonsense", "board": "", "depth": 2 });
    assert_eq!(s.post("/api/design/perft", &bad).status, 422);
    assert_eq!(s.get("/api/jobs/999999").status, 404);
}

#[test]
fn saving_stays_in_the_folder_and_asks_before_replacing() {
    let s = serve("save");
    let f = s.get("/api/design/files/xiangqi").json();
    let rules = f["rules"]
        .as_str()
        .unwrap()
        .replacen("game \"", "game \"My ", 1);
    let body = json!({ "name": "my-chess", "rules": rules, "board": f["board"] });
    let r = s.post("/api/design/save", &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(s.dir.join("my-chess/my-chess.rules").is_file());
    assert!(s.dir.join("my-chess/board.yaml").is_file());
    // Listed and playable at once.
    let list = s.get("/api/variants").json();
    assert!(
        list["variants"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["name"] == "my-chess"),
        "{list}"
    );
    let g = s
        .post("/api/games", &json!({ "variant": "my-chess" }))
        .json();
    assert_eq!(g["legal"].as_array().unwrap().len(), 44);
    assert!(g["title"].as_str().unwrap().starts_with("My "));
    // Saving again asks first.
    assert_eq!(s.post("/api/design/save", &body).status, 409);
    let mut again = body.clone();
    again["overwrite"] = json!(true);
    assert_eq!(s.post("/api/design/save", &again).status, 200);
    // Names and files that leave the folder are refused.
    for (name, board_file) in [
        ("../evil", "board.yaml"),
        ("ok", "../../evil.yaml"),
        ("ok", "/etc/x.yaml"),
        ("a/b", "board.yaml"),
        ("ok", "sub/../../../x.yaml"),
    ] {
        let r = s.post(
            "/api/design/save",
            &json!({ "name": name, "rules": "x", "board": "y", "boardFile": board_file }),
        );
        assert!(
            matches!(r.status, 403 | 422),
            "{name} {board_file}: {} {}",
            r.status,
            r.body
        );
    }
    assert!(!s.dir.join("../evil.yaml").exists());
    assert!(!s.dir.parent().unwrap().join("evil").exists());
}

#[test]
fn the_board_of_an_included_rule_file_is_the_one_opened() {
    let s = serve("included");
    let f = s.get("/api/design/files/kingofthehill").json();
    assert_eq!(f["boardFile"], "../chess/board.yaml");
    assert!(
        f["board"].as_str().unwrap().contains("cells") || f["board"].as_str().unwrap().len() > 100
    );
    let src = |board: String| json!({ "name": "kingofthehill", "rules": f["rules"], "board": board, "boardFile": f["boardFile"] });
    let ok = s
        .post(
            "/api/design/check",
            &src(f["board"].as_str().unwrap().to_owned()),
        )
        .json();
    assert_eq!(ok["ok"], true, "{}", ok["diagnostics"]);
    // The board in the editor is the one compiled: an error in it is reported there.
    let broken = format!("{}\nbogus: [unclosed\n", f["board"].as_str().unwrap());
    let bad = s.post("/api/design/check", &src(broken)).json();
    assert_eq!(bad["ok"], false);
    assert!(
        bad["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["editor"] == "board"),
        "{}",
        bad["diagnostics"]
    );
}
