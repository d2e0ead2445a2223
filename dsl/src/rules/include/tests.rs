use super::*;
use std::collections::HashMap;

/// Loads `main.rules` with the other files of `files` readable by path.
fn load(main: &str, files: &[(&str, &str)]) -> Result<RuleSet, Diagnostics> {
    let files: HashMap<String, String> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    let main = SourceFile::new("v/main.rules", main);
    load_rules(&main, &mut |p| {
        files.get(p).cloned().ok_or_else(|| "no such file".into())
    })
}

fn codes(r: Result<RuleSet, Diagnostics>) -> Vec<&'static str> {
    r.expect_err("errors").0.iter().map(|d| d.code).collect()
}

#[test]
fn included_statements_come_first_with_lower_layers() {
    let base = "game \"Base\"\nboard \"board.yaml\"\nplayer white\n";
    let set = load(
        "player black\ninclude \"../base/base.rules\"\n",
        &[("../base/base.rules", base)],
    )
    .unwrap();
    let kinds: Vec<&str> = set
        .file
        .items
        .iter()
        .map(|i| match i {
            Item::Game(_) => "game",
            Item::Board(_) => "board",
            Item::Player(_) => "player",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["game", "board", "player", "player"]);
    assert_eq!(set.layers, [0, 0, 0, 1]);
    // The board is found from the main file's folder.
    let Item::Board(b) = &set.file.items[1] else {
        panic!()
    };
    assert_eq!(b.node, "../base/board.yaml");
}

#[test]
fn spans_of_included_files_point_into_them() {
    let base = "player white\nplayer red\n";
    let set = load("include \"b.rules\"\nplayer black\n", &[("b.rules", base)]).unwrap();
    let Item::Player(red) = &set.file.items[1] else {
        panic!()
    };
    // Named from the main file's folder, as the user would open it.
    assert_eq!(set.source.location(red.name.span.start), "v/b.rules:2:8");
    let Item::Player(black) = &set.file.items[2] else {
        panic!()
    };
    assert_eq!(
        set.source.location(black.name.span.start),
        "v/main.rules:2:8"
    );
    // A syntax error in the included file is reported there.
    let e = load("include \"b.rules\"\n", &[("b.rules", "player\n")]).unwrap_err();
    assert_eq!(e.0[0].location().unwrap(), "v/b.rules:1:7");
}

#[test]
fn nested_includes_and_diamonds() {
    let set = load(
        "include \"a.rules\"\ninclude \"b.rules\"\ngame \"M\"\n",
        &[
            ("a.rules", "include \"c.rules\"\ngame \"A\"\n"),
            ("b.rules", "include \"c.rules\"\ngame \"B\"\n"),
            ("c.rules", "game \"C\"\n"),
        ],
    )
    .unwrap();
    let games: Vec<String> = set
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Game(g) => Some(g.node.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(games, ["C", "A", "C", "B", "M"]);
    assert_eq!(set.layers, [0, 1, 2, 3, 4]);
}

#[test]
fn cycles_missing_files_and_includes_in_when_are_errors() {
    assert_eq!(
        codes(load(
            "include \"a.rules\"\n",
            &[("a.rules", "include \"main.rules\"\n")]
        )),
        ["rules::include-cycle"]
    );
    assert_eq!(
        codes(load("include \"./main.rules\"\n", &[])),
        ["rules::include-cycle"]
    );
    let e = load("\ninclude \"gone.rules\"\n", &[]).unwrap_err();
    assert_eq!(e.0[0].code, "rules::include-unreadable");
    assert_eq!(e.0[0].location().unwrap(), "v/main.rules:2:9");
    assert_eq!(
        codes(load(
            "option o: bool = true\nwhen o {\n include \"a.rules\"\n}\n",
            &[("a.rules", "")]
        )),
        ["rules::include-in-when"]
    );
}

#[test]
fn too_many_files_and_too_deep_chains_are_refused() {
    // A chain a0 -> a1 -> ... deeper than the limit.
    let files: Vec<(String, String)> = (0..20)
        .map(|i| {
            (
                format!("a{i}.rules"),
                format!("include \"a{}.rules\"\n", i + 1),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let e = codes(load("include \"a0.rules\"\n", &refs));
    assert!(e.contains(&"rules::include-depth"), "{e:?}");
    // Many siblings.
    let main: String = (0..20)
        .map(|i| format!("include \"s{i}.rules\"\n"))
        .collect();
    let files: Vec<(String, String)> = (0..20)
        .map(|i| (format!("s{i}.rules"), String::new()))
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert!(codes(load(&main, &refs)).contains(&"rules::include-limit"));
}
