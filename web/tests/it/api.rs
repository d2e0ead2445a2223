//! Games through the API: people and the computer, undo, results, records, views.

use crate::client::{index_of, serve};
use serde_json::json;

#[test]
fn the_page_and_its_assets_are_served() {
    let s = serve("assets");
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/app.js\""));
    assert!(
        !page.body.contains("http://") && !page.body.contains("https://"),
        "no outside address"
    );
    assert_eq!(s.get("/app.js").status, 200);
    assert_eq!(s.get("/app.css").status, 200);
    let list = s.get("/api/variants").json();
    let names: Vec<&str> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    for n in [
        "chess",
        "zubrin",
        "dreierschach",
        "mined-chess",
        "strategichess-team",
        "crazyhouse",
    ] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
}

/// The players depend on the options: the StrategiChess team game has one player of
/// each team per board, and the page asks again when an option changes.
#[test]
fn the_players_follow_the_options() {
    let s = serve("players");
    let names = |options: serde_json::Value| -> Vec<String> {
        let r = s.post(
            "/api/players",
            &json!({ "variant": "strategichess-team", "options": options }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(names(json!([])).len(), 6);
    assert_eq!(
        names(json!([["boards", "2"]])),
        ["white1", "black1", "white2", "black2"]
    );
    assert_eq!(names(json!([["boards", "5"]])).len(), 10);
    // A bad option or variant: a clear error, no panic.
    for bad in [
        json!({ "variant": "strategichess-team", "options": [["boards", "9"]] }),
        json!({ "variant": "no-such-variant" }),
        json!({ "options": 3 }),
    ] {
        let r = s.post("/api/players", &bad);
        assert!(
            (400..500).contains(&r.status),
            "{bad}: {} {}",
            r.status,
            r.body
        );
    }
    // A four-seat game of two boards.
    let seats = json!(vec![json!({ "computer": false }); 4]);
    let g = s.post(
        "/api/games",
        &json!({ "variant": "strategichess-team", "options": [["boards", "2"]], "seats": seats }),
    );
    assert_eq!(g.status, 200, "{}", g.body);
}

#[test]
fn a_person_plays_the_computer_and_takes_back() {
    let s = serve("computer");
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "chess", "seats": [{}, { "computer": true, "level": 1 }] }),
        )
        .json();
    let id = g["id"].as_str().unwrap().to_owned();
    assert_eq!(g["legal"].as_array().unwrap().len(), 20);
    let e4 = index_of(&g, "e4");
    let after = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": e4, "version": g["version"] }),
        )
        .json();
    assert_eq!(after["moves"][0]["text"], "e4");
    assert_eq!(after["last"], json!({ "from": "e2", "to": "e4" }));
    // The computer answers off the request: the page polls.
    let replied = s.wait_for(&id, None, |st| {
        st["moves"].as_array().unwrap().len() == 2 && !st["thinking"].as_bool().unwrap()
    });
    assert_eq!(replied["toMove"], 0);
    assert!(!replied["legal"].as_array().unwrap().is_empty());
    // A move against an old version is refused, not applied to the new position.
    let stale = s.post(
        &format!("/api/games/{id}/move"),
        &json!({ "index": 0, "version": g["version"] }),
    );
    assert_eq!(stale.status, 409, "{}", stale.body);
    // Undo takes back the person's move and the reply.
    let undone = s
        .post(
            &format!("/api/games/{id}/undo"),
            &json!({ "version": replied["version"] }),
        )
        .json();
    assert_eq!(undone["moves"].as_array().unwrap().len(), 0);
    assert_eq!(undone["message"], "took back 2 moves");
}

#[test]
fn mate_ends_the_game_with_its_result_and_record() {
    let s = serve("mate");
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "chess", "position": "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" }),
        )
        .json();
    let id = g["id"].as_str().unwrap();
    let end = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": index_of(&g, "Rd8#") }),
        )
        .json();
    assert_eq!(end["over"], true);
    assert_eq!(end["result"]["text"], "1-0");
    assert_eq!(end["result"]["reason"], "checkmate");
    assert!(
        end["record"].as_str().unwrap().contains("Rd8#"),
        "{}",
        end["record"]
    );
    assert!(end["legal"].as_array().unwrap().is_empty());
    assert_eq!(
        s.post(&format!("/api/games/{id}/move"), &json!({ "index": 0 }))
            .status,
        409
    );
    // The record continues as a new game: same moves, same result.
    let again = s
        .post(
            "/api/games",
            &json!({ "variant": "chess", "record": end["record"] }),
        )
        .json();
    assert_eq!(again["result"]["text"], "1-0");
    assert_eq!(again["moves"][0]["text"], "Rd8#");
}

#[test]
fn promotions_share_from_and_to_and_checks_are_marked() {
    let s = serve("promote");
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "chess", "position": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1" }),
        )
        .json();
    let to_b8: Vec<&str> = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "b8")
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(to_b8.len(), 4, "{to_b8:?}");
    let id = g["id"].as_str().unwrap();
    let q = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": index_of(&g, "b8=Q+") }),
        )
        .json();
    assert_eq!(q["check"], json!(["e8"]));
}

#[test]
fn three_players_take_turns_and_a_seat_sees_only_its_turn() {
    let s = serve("three");
    let g = s
        .post("/api/games", &json!({ "variant": "chess-for-3" }))
        .json();
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["players"].as_array().unwrap().len(), 3);
    let white = g["players"][0]["name"].as_str().unwrap().to_owned();
    let second = g["players"][1]["name"].as_str().unwrap().to_owned();
    let mine = s.get(&format!("/api/games/{id}?seat={white}")).json();
    assert!(!mine["legal"].as_array().unwrap().is_empty());
    let theirs = s.get(&format!("/api/games/{id}?seat={second}")).json();
    assert!(
        theirs["legal"].as_array().unwrap().is_empty(),
        "not his turn"
    );
    // A seat may not move for another.
    let r = s.post(
        &format!("/api/games/{id}/move"),
        &json!({ "index": 0, "seat": second }),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": 0, "seat": white }),
        )
        .json();
    assert_eq!(r["toMove"], 1);
    assert_eq!(s.get(&format!("/api/games/{id}?seat=nobody")).status, 422);
}

#[test]
fn mined_chess_seats_see_only_the_mines_shown_to_them() {
    let s = serve("mined");
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "mined-chess", "options": [["seed", "2002"]] }),
        )
        .json();
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["hidden"], true);
    assert!(g["record"].is_null(), "no record while mines are hidden");
    let rings = |st: &serde_json::Value| {
        st["svg"].as_str().unwrap().matches("<circle").count()
            - st["svg"]
                .as_str()
                .unwrap()
                .matches("<g class=\"piece\"")
                .count()
    };
    for seat in ["white", "black"] {
        let v = s.get(&format!("/api/games/{id}?seat={seat}")).json();
        assert_eq!(rings(&v), 0, "{seat} sees no hidden mine");
        assert!(
            !v["position"].as_str().unwrap().contains("a6"),
            "{}",
            v["position"]
        );
    }
    // a3 primes its mine: shown to both, the others (a6, e3, e6) stay hidden.
    let a3 = index_of(&g, "a3");
    let after = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": a3, "seat": "white" }),
        )
        .json();
    assert_eq!(after["viewer"], 0);
    for seat in ["white", "black"] {
        let v = s.get(&format!("/api/games/{id}?seat={seat}")).json();
        assert_eq!(rings(&v), 1, "{seat}");
        assert!(
            v["position"].as_str().unwrap().ends_with("mines=a3+"),
            "{}",
            v["position"]
        );
        assert_eq!(
            v["legal"].as_array().unwrap().is_empty(),
            seat == "white",
            "only black may move"
        );
    }
}

#[test]
fn the_computer_plays_every_seat_of_a_three_player_game() {
    let s = serve("selfplay3");
    let seat = json!({ "computer": true, "level": 1 });
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "zubrin", "seats": [seat, seat, seat] }),
        )
        .json();
    let id = g["id"].as_str().unwrap();
    let later = s.wait_for(id, None, |st| {
        st["moves"].as_array().unwrap().len() >= 6 || st["over"] == true
    });
    assert!(later["moves"].as_array().unwrap().len() >= 6 || later["over"] == true);
    // Seats can be taken back by a person mid-game.
    let v = later["version"].clone();
    let _ = v;
    let r = s.post(
        &format!("/api/games/{id}/seats"),
        &json!({ "seats": [{}, {}, {}] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let calm = s.wait_for(id, None, |st| st["thinking"] == false);
    let n = calm["moves"].as_array().unwrap().len();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["moves"]
            .as_array()
            .unwrap()
            .len(),
        n
    );
}

#[test]
fn draws_are_offered_and_agreed_and_resignation_ends_two_player_games() {
    let s = serve("draws");
    let g = s.post("/api/games", &json!({ "variant": "chess" })).json();
    let id = g["id"].as_str().unwrap();
    let offered = s
        .post(
            &format!("/api/games/{id}/draw"),
            &json!({ "seat": "white", "accept": true }),
        )
        .json();
    assert_eq!(offered["message"], "offered");
    assert_eq!(offered["offer"]["by"], 0);
    let agreed = s
        .post(
            &format!("/api/games/{id}/draw"),
            &json!({ "seat": "black", "accept": true }),
        )
        .json();
    assert_eq!(agreed["message"], "agreed");
    assert_eq!(agreed["result"]["text"], "1/2-1/2");
    let g = s.post("/api/games", &json!({ "variant": "chess" })).json();
    let id = g["id"].as_str().unwrap();
    let r = s
        .post(&format!("/api/games/{id}/resign"), &json!({}))
        .json();
    assert_eq!(r["result"]["text"], "0-1");
    assert_eq!(r["moves"][0]["text"], "white resigns");
}

#[test]
fn past_positions_are_shown_ply_by_ply() {
    let s = serve("frames");
    let g = s.post("/api/games", &json!({ "variant": "chess" })).json();
    let id = g["id"].as_str().unwrap();
    let g = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": index_of(&g, "e4") }),
        )
        .json();
    s.post(
        &format!("/api/games/{id}/move"),
        &json!({ "index": index_of(&g, "e5") }),
    );
    let start = s.get(&format!("/api/games/{id}/at/0")).json();
    assert_eq!(
        start["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(start["last"].is_null());
    let one = s.get(&format!("/api/games/{id}/at/1")).json();
    assert_eq!(one["last"], json!({ "from": "e2", "to": "e4" }));
    assert_eq!(one["toMove"], 1);
    assert_eq!(s.get(&format!("/api/games/{id}/at/99")).json()["ply"], 2);
    assert_eq!(s.get(&format!("/api/games/{id}/at/x")).status, 404);
    // The game itself is unchanged.
    assert_eq!(
        s.get(&format!("/api/games/{id}")).json()["moves"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let mined = s
        .post("/api/games", &json!({ "variant": "mined-chess" }))
        .json();
    let r = s.get(&format!(
        "/api/games/{}/at/0",
        mined["id"].as_str().unwrap()
    ));
    assert_eq!(r.status, 403);
}

#[test]
fn a_kriegspiel_seat_sees_its_pieces_and_tries_moves() {
    let s = serve("kriegspiel");
    let g = s
        .post(
            "/api/games",
            &json!({ "variant": "kriegspiel", "position": "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1" }),
        )
        .json();
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["hidden"], true);
    let white = s.get(&format!("/api/games/{id}?seat=white")).json();
    // White's page draws his rook and king only, and offers the tries of his view.
    assert_eq!(white["position"], "8/8/8/8/8/8/8/R3K3 w - - 0 1");
    let pieces = |st: &serde_json::Value| {
        st["svg"]
            .as_str()
            .unwrap()
            .matches("<g class=\"piece\"")
            .count()
    };
    assert_eq!(pieces(&white), 2);
    // The 62 cells he does not see are greyed.
    let svg = white["svg"].as_str().unwrap();
    let fog = &svg[svg.find("<g class=\"fog\"").expect("a fog layer")..];
    let fog = &fog[..fog.find("</g>").unwrap()];
    assert_eq!(fog.matches("<polygon").count(), 62);
    let black = s.get(&format!("/api/games/{id}?seat=black")).json();
    assert_eq!(pieces(&black), 2);
    // Ra1-a8 is a try; the hidden knight a4 makes it illegal: announced, still white's
    // turn, and the try is no longer offered.
    let a8 = index_of(&white, "a1a8");
    let r = s.post(
        &format!("/api/games/{id}/move"),
        &json!({ "index": a8, "seat": "white" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let white = s.get(&format!("/api/games/{id}?seat=white")).json();
    assert_eq!(white["toMove"], 0);
    assert_eq!(white["announcements"], json!(["illegal, try another move"]));
    assert!(!white["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["san"] == "a1a8"));
    // Ra1xa4 is legal: played, announced as a capture, black to move.
    let a4 = index_of(&white, "a1a4");
    let after = s
        .post(
            &format!("/api/games/{id}/move"),
            &json!({ "index": a4, "seat": "white" }),
        )
        .json();
    assert_eq!(after["toMove"], 1);
    let black = s.get(&format!("/api/games/{id}?seat=black")).json();
    assert!(black["announcements"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a == "a capture on a4"));
}
