//! Records written by `play` and `selfplay` keep PGN's export grammar, so that other
//! programs read them: tag pairs `[Name "value"]` (a name of letters, digits and `_`
//! starting with a letter; `\"` and `\\` the only escapes), a blank line, then move
//! text of move numbers (`N.`, `N...`), SAN symbols and `{comments}` without nested
//! braces, no `(` `)` (records hold no variations), lines of at most 80 characters,
//! and the Result tag's value as the last token (`1-0 0-1 1/2-1/2 *` with two
//! players; with more, the players' points joined by `-`, chessgraph's extension).
//! Between two move numbers stand at most as many moves as there are players, so a
//! move the rules took back (mined chess) does not shift the numbering.

use crate::cli::{run_in, scratch};
use crate::common::root;
use std::path::Path;

/// Checks `text` against the grammar; `players` is the variant's player count.
fn check_pgn(text: &str, players: usize) -> Result<(), String> {
    let (tags, moves) = text
        .split_once("\n\n")
        .ok_or("no blank line between tags and moves")?;
    let mut result = None;
    for line in tags.lines() {
        let (name, value) = tag_pair(line).ok_or_else(|| format!("bad tag line {line:?}"))?;
        if name == "Result" {
            result = Some(value);
        }
    }
    let result = result.ok_or("no Result tag")?;
    if players == 2 && !["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()) {
        return Err(format!("result {result:?} is not PGN's"));
    }
    if moves.contains(['(', ')', ';', '%', '<', '>']) {
        return Err("a variation, escape or reserved character in the move text".into());
    }
    for line in moves.lines() {
        if line.chars().count() > 80 {
            return Err(format!("line longer than 80: {line:?}"));
        }
    }
    let mut tokens = Vec::new();
    let mut rest = moves;
    while let Some(at) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix('{') {
            let end = after.find('}').ok_or("unclosed comment")?;
            if after[..end].contains('{') {
                return Err(format!("nested brace in {:?}", &after[..end]));
            }
            rest = &after[end + 1..];
            continue;
        }
        if rest.starts_with('}') {
            return Err("unopened comment".into());
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        tokens.push(&rest[..end]);
        rest = &rest[end..];
    }
    if tokens.pop() != Some(result.as_str()) {
        return Err(format!("the move text does not end with {result:?}"));
    }
    let (mut last_number, mut since_number) = (0, 0);
    for t in tokens {
        if let Some(n) = move_number(t) {
            if n < last_number {
                return Err(format!("move number {t} after {last_number}"));
            }
            (last_number, since_number) = (n, 0);
        } else if symbol(t) {
            since_number += 1;
            if since_number > players {
                return Err(format!(
                    "{t}: more than {players} moves after move {last_number}"
                ));
            }
        } else {
            return Err(format!("{t:?} is neither a move number nor a SAN symbol"));
        }
    }
    Ok(())
}

/// `[Name "value"]` with PGN's name and escapes; the value unescaped.
fn tag_pair(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(' ')?;
    let mut first = name.chars();
    let ok_name =
        first.next()?.is_ascii_alphabetic() && first.all(|c| c.is_ascii_alphanumeric() || c == '_');
    let body = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                e @ ('\\' | '"') => value.push(e),
                _ => return None,
            },
            '"' => return None,
            c if c.is_control() => return None,
            c => value.push(c),
        }
    }
    ok_name.then_some((name.to_owned(), value))
}

/// `12.` or `12...`.
fn move_number(t: &str) -> Option<u32> {
    let digits = t.trim_end_matches('.');
    let dots = t.len() - digits.len();
    (dots == 1 || dots == 3).then(|| digits.parse().ok())?
}

/// PGN's symbol: a letter or digit, then letters, digits and `_+#=:-`.
fn symbol(t: &str) -> bool {
    let mut c = t.chars();
    c.next().is_some_and(|f| f.is_ascii_alphanumeric())
        && c.all(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c))
}

fn record(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_grammar_checker_refuses_what_pgn_refuses() {
    let ok = "[Variant \"chess\"]\n[Result \"0-1\"]\n\n1. e4 {a} e5 {white resigns} 0-1\n";
    assert_eq!(check_pgn(ok, 2), Ok(()));
    for bad in [
        ok.replace("Variant", "1Variant"),
        ok.replace("\"chess\"", "\"ch\"ess\""),
        ok.replace("e5", "e5 (resigns)"),
        ok.replace("{a}", "{a {b}}"),
        ok.replace(" 0-1\n", " 1-0\n"),
        ok.replace("e5", "Nc3 e5"),
        ok.replace("e5", &"e5 ".repeat(30)),
    ] {
        assert!(check_pgn(&bad, 2).is_err(), "{bad}");
    }
}

#[test]
fn records_of_play_and_selfplay_keep_the_pgn_grammar() {
    let dir = scratch("pgn-grammar");
    let d = |f: &str| dir.join(f);
    let s = |p: &Path| p.to_str().unwrap().to_owned();
    let mut written: Vec<(String, usize)> = Vec::new();
    // Selfplay: chess, a Chess960 array (SetUp and FEN), mined chess (moves taken
    // back), Dreierschach (three players).
    for (v, players, extra) in [
        ("chess", 2, vec![]),
        ("chess960", 2, vec!["-o", "array=100"]),
        ("mined-chess", 2, vec!["-o", "mines=12"]),
        ("dreierschach", 3, vec![]),
    ] {
        let out = d(&format!("self-{v}"));
        let mut args = vec!["selfplay", v, "--games", "2", "--depth", "1"];
        args.extend(["--max-plies", "60", "--opponent", "random"]);
        args.extend(extra);
        let o = s(&out);
        args.extend(["--records", &o]);
        let r = run_in(&root(), &args, b"");
        assert!(r.ok, "{v}: {}", r.err);
        for g in ["game-0001.pgn", "game-0002.pgn"] {
            written.push((record(&out.join(g)), players));
        }
    }
    // Play: from a FEN position ending in a resignation; mined chess with two moves
    // taken back and a resignation; a three-player game whose first player resigns
    // and the others play on.
    let games: [(&[&str], &[u8], usize); 3] = [
        (
            &["chess", "-p", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
            b"e4\nKd7\nresign\n",
            2,
        ),
        (
            &["mined-chess", "-o", "seed=2002"],
            b"b1a3\ne2e4\nb8a6\ne7e5\ng1f3\nresign\n",
            2,
        ),
        (
            &[
                "chess-for-3",
                "--seat",
                "brown=computer",
                "--seat",
                "black=computer",
            ],
            b"resign\n",
            3,
        ),
    ];
    for (i, (args, input, players)) in games.into_iter().enumerate() {
        let file = d(&format!("play-{i}.pgn"));
        let f = s(&file);
        let mut all = vec!["play"];
        all.extend(args);
        all.extend(["--depth", "1", "--record", &f]);
        let r = run_in(&root(), &all, input);
        assert!(r.ok, "{args:?}: {}", r.err);
        let text = record(&file);
        let replayed = run_in(&root(), &["replay", &f, "--final"], b"");
        assert!(replayed.ok, "{text}\n{}", replayed.err);
        written.push((text, players));
    }
    let (from_fen, mined, three) = (&written[8].0, &written[9].0, &written[10].0);
    assert!(from_fen.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"));
    assert!(
        from_fen.contains("1. e4 Kd7 {white resigns} 0-1"),
        "{from_fen}"
    );
    assert!(
        mined.contains("{tried Na3} {a3 is mined: the move is taken back, play another} 1. e4"),
        "{mined}"
    );
    assert!(mined.contains("{tried Na6}"), "{mined}");
    assert!(three.contains("{white resigns} 1... "), "{three}");
    assert!(
        written[2].0.contains("[SetUp \"1\"]\n[FEN \""),
        "{}",
        written[2].0
    );
    for (text, players) in &written {
        if let Err(e) = check_pgn(text, *players) {
            panic!("{e}\n{text}");
        }
    }
}
