//! `--view SEAT` of `moves` and `render`: each player's view shows the mines he may
//! see and no others, the referee's every mine, and nothing hidden leaks through the
//! position string. Mined chess's default seed lays mines on a6 e6 a3 e3.

use crate::cli::run_in;
use crate::common::root;

/// The board lines (`8 r n b ...` .. `1 R N B ...`) of a `moves` output.
fn board(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.len() > 2 && l.as_bytes()[0].is_ascii_digit() && &l[1..2] == " ")
        .collect()
}

fn moves(args: &[&str]) -> String {
    let mut all = vec!["moves", "mined-chess"];
    all.extend_from_slice(args);
    let r = run_in(&root(), &all, b"");
    assert!(r.ok, "{}", r.err);
    r.out
}

#[test]
fn a_player_sees_no_hidden_mine() {
    let out = moves(&["--view", "white"]);
    assert!(out.contains("white's view (mines shown to him"), "{out}");
    assert!(!out.contains("mines="), "the layout leaks: {out}");
    assert!(!out.contains("rng="), "the generator leaks: {out}");
    assert!(board(&out).iter().all(|l| !l.contains('*')), "{out}");
}

#[test]
fn visible_mines_are_drawn_for_every_player() {
    for seat in ["white", "b", "black"] {
        let out = moves(&["--view", seat, "-o", "visibility=visible"]);
        let lines = board(&out);
        assert_eq!(lines[2], "6 * . . . * . . .", "{seat}: {out}");
        assert_eq!(lines[5], "3 * . . . * . . .", "{seat}: {out}");
    }
}

#[test]
fn the_referee_sees_every_mine_and_a_player_the_exposed_one() {
    let out = moves(&["--view", "referee", "-m", "a3"]);
    assert!(out.contains("the referee's view"), "{out}");
    assert!(
        out.lines().next().unwrap().contains("mines=a6,e6,a3+,e3"),
        "{out}"
    );
    let lines = board(&out);
    assert_eq!(lines[2], "6 * . . . * . . .", "{out}");
    assert_eq!(lines[5], "3 x . . . * . . .", "{out}");
    // The pawn on a3 primed its mine, exposed to both; e3 stays hidden.
    for seat in ["white", "black"] {
        let out = moves(&["--view", seat, "-m", "a3"]);
        let lines = board(&out);
        assert_eq!(lines[2], "6 . . . . . . . .", "{seat}: {out}");
        assert_eq!(lines[5], "3 x . . . . . . .", "{seat}: {out}");
        assert!(out.lines().next().unwrap().ends_with("mines=a3+"), "{out}");
    }
}

#[test]
fn without_view_moves_is_unchanged() {
    let out = moves(&[]);
    assert!(!out.contains("view"), "{out}");
    assert!(board(&out).iter().all(|l| !l.contains('*')), "{out}");
}

#[test]
fn render_rings_the_mines_of_the_view() {
    let svg = |args: &[&str]| {
        let mut all = vec!["render", "mined-chess"];
        all.extend_from_slice(args);
        let r = run_in(&root(), &all, b"");
        assert!(r.ok, "{}", r.err);
        r.out
    };
    let rings = |s: &str| {
        s.split("class=\"mines\"").nth(1).map_or(0, |g| {
            g.split("</g>")
                .next()
                .unwrap_or("")
                .matches("<circle")
                .count()
        })
    };
    assert_eq!(rings(&svg(&[])), 0);
    assert_eq!(rings(&svg(&["--view", "white"])), 0);
    assert_eq!(rings(&svg(&["--view", "referee"])), 4);
    let visible = svg(&["--view", "black", "--option", "visibility=visible"]);
    assert_eq!(rings(&visible), 4, "{visible}");
    let from = svg(&["--view", "referee", "--from", "b1"]);
    assert_eq!(rings(&from), 4);
}

#[test]
fn an_unknown_view_is_an_error_naming_the_choices() {
    for cmd in ["moves", "render"] {
        let r = run_in(&root(), &[cmd, "mined-chess", "--view", "nobody"], b"");
        assert!(!r.ok, "{cmd}: {}", r.out);
        assert!(r.err.contains("no view `nobody`"), "{cmd}: {}", r.err);
        assert!(
            r.err.contains("white, black") && r.err.contains("referee"),
            "{}",
            r.err
        );
    }
}
