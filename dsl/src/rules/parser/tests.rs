//! Every construct parses to the expected AST with exact spans; errors are all found;
//! no input makes the parser panic.

use super::parse_rules;
use crate::rules::ast::*;
use crate::{SourceFile, Span, Spanned};

/// Parses `text` or fails the test with the messages.
fn parse(text: &str) -> RuleFile {
    match parse_rules(&SourceFile::new("t.rules", text)) {
        Ok(file) => file,
        Err(ds) => {
            let msgs: Vec<String> =
                ds.0.iter()
                    .map(|d| format!("{:?}: {}", d.location(), d.message))
                    .collect();
            panic!("unexpected errors:\n{}", msgs.join("\n"))
        }
    }
}

/// The errors of `text` as `(code, "line:col")`.
fn errors(text: &str) -> Vec<(&'static str, String)> {
    let file = SourceFile::new("t.rules", text);
    let ds = parse_rules(&file).expect_err("expected errors");
    ds.0.iter()
        .map(|d| {
            let loc = d.location().unwrap();
            (d.code, loc.trim_start_matches("t.rules:").to_string())
        })
        .collect()
}

/// The only item of a one-statement file.
fn item(text: &str) -> Item {
    let mut file = parse(text);
    assert_eq!(file.items.len(), 1, "{text}");
    file.items.remove(0)
}

/// The span of the first occurrence of `needle` in `text`.
fn at(text: &str, needle: &str) -> Span {
    let start = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} not in {text}"));
    Span::new(start, start + needle.len())
}

/// The span of the `n`-th (0-based) occurrence of `needle`.
fn nth(text: &str, needle: &str, n: usize) -> Span {
    let start = text.match_indices(needle).nth(n).expect("occurrence").0;
    Span::new(start, start + needle.len())
}

fn id(text: &str, name: &str) -> Ident {
    Spanned::new(name.to_string(), at(text, name))
}

fn piece_body(text: &str) -> Vec<PieceItem> {
    match item(text) {
        Item::Piece(p) => p.body,
        other => panic!("not a piece: {other:?}"),
    }
}

fn one_move(line: &str) -> MoveRule {
    let text = format!("piece p P {{\n{line}\n}}");
    match piece_body(&text).remove(0) {
        PieceItem::Move(m) => m,
        other => panic!("not a move: {other:?}"),
    }
}

fn modifiers(line: &str) -> Vec<Modifier> {
    one_move(line)
        .modifiers
        .into_iter()
        .map(|m| m.node)
        .collect()
}

#[test]
fn chess_rules_parse() {
    let base = parse(include_str!("../../../../variants/chess/base.rules"));
    assert_eq!(base.items.len(), 22);
    let pieces = base
        .items
        .iter()
        .filter(|i| matches!(i, Item::Piece(_)))
        .count();
    assert_eq!(pieces, 6);
    let chess = parse(include_str!("../../../../variants/chess/chess.rules"));
    assert!(matches!(&chess.items[1], Item::Include(p) if p.node == "fide.rules"));
    assert!(matches!(&chess.items[2], Item::Include(p) if p.node == "places.rules"));
    let fide = parse(include_str!("../../../../variants/chess/fide.rules"));
    assert!(matches!(&fide.items[0], Item::Include(p) if p.node == "base.rules"));
    assert!(matches!(&fide.items[1], Item::Extend(e) if e.piece.node == "pawn"));
}

#[test]
fn empty_and_comment_only_files_parse() {
    assert!(parse("").items.is_empty());
    assert!(parse("\n\n  # nothing\n\t\n").items.is_empty());
    assert!(parse("# no newline at the end").items.is_empty());
}

#[test]
fn game_and_board_span_their_strings() {
    let text = "game \"Chess\"\nboard \"board.yaml\"";
    let file = parse(text);
    assert_eq!(
        file.items[0],
        Item::Game(Spanned::new("Chess".into(), Span::new(5, 12)))
    );
    assert_eq!(
        file.items[1],
        Item::Board(Spanned::new("board.yaml".into(), Span::new(19, 31)))
    );
}

#[test]
fn option_declarations() {
    let text = "option mines: int(0..32) = 4 \"how many\"";
    let Item::Option(o) = item(text) else {
        panic!()
    };
    assert_eq!(o.name, id(text, "mines"));
    assert_eq!(
        o.ty,
        Spanned::new(OptionType::Int { min: 0, max: 32 }, at(text, "int(0..32)"))
    );
    assert_eq!(o.default, Spanned::new(OptionValue::Int(4), at(text, "4")));
    assert_eq!(
        o.doc,
        Some(Spanned::new("how many".into(), at(text, "\"how many\"")))
    );
    assert_eq!(o.span, Span::new(0, text.len()));

    let text = "option reveal: choice(hidden, hidden-then-exposed) = hidden-then-exposed";
    let Item::Option(o) = item(text) else {
        panic!()
    };
    let names = vec![
        id(text, "hidden"),
        Spanned::new(
            "hidden-then-exposed".into(),
            nth(text, "hidden-then-exposed", 0),
        ),
    ];
    assert_eq!(o.ty.node, OptionType::Choice(names));
    assert_eq!(
        o.default.node,
        OptionValue::Name("hidden-then-exposed".into())
    );
    assert_eq!(o.doc, None);

    let Item::Option(o) = item("option fast: bool = false") else {
        panic!()
    };
    assert_eq!(
        (o.ty.node, o.default.node),
        (OptionType::Bool, OptionValue::Bool(false))
    );
    let Item::Option(o) = item("option temp: int(-5..5) = -1") else {
        panic!()
    };
    assert_eq!(
        (o.ty.node, o.default.node),
        (OptionType::Int { min: -5, max: 5 }, OptionValue::Int(-1))
    );
}

#[test]
fn players_with_attributes_in_any_order() {
    let text = "player north seat top tag n";
    let Item::Player(p) = item(text) else {
        panic!()
    };
    assert_eq!(p.name, id(text, "north"));
    assert_eq!(p.tag, Some(Spanned::new('n', Span::new(26, 27))));
    assert_eq!(p.seat, Some(id(text, "top")));
    assert_eq!(p.span, Span::new(0, 27));
    let Item::Player(p) = item("player red # no attributes") else {
        panic!()
    };
    assert_eq!((p.tag, p.seat, p.span), (None, None, Span::new(0, 10)));
}

#[test]
fn dirs_cases_with_players_and_zones() {
    let text = "dirs forward = f in home, b for red blue, n e for white in start rank9.all";
    let Item::Dirs(d) = item(text) else { panic!() };
    assert_eq!(d.name, id(text, "forward"));
    assert_eq!(d.span, Span::new(0, text.len()));
    assert_eq!(d.cases.len(), 3);
    let c0 = &d.cases[0];
    assert_eq!(c0.names, vec![Spanned::new("f".into(), Span::new(15, 16))]);
    assert!(c0.players.is_empty());
    let zone = c0.zone.as_ref().unwrap();
    assert_eq!(zone.terms[0].name, id(text, "home"));
    assert_eq!(zone.terms[0].seat, SeatSelector::Own);
    assert_eq!(c0.span, at(text, "f in home"));
    let c1 = &d.cases[1];
    assert_eq!(c1.players, vec![id(text, "red"), id(text, "blue")]);
    assert_eq!(c1.zone, None);
    assert_eq!(c1.span, at(text, "b for red blue"));
    let c2 = &d.cases[2];
    assert_eq!(c2.names.len(), 2);
    assert_eq!(c2.players, vec![id(text, "white")]);
    let zone = c2.zone.as_ref().unwrap();
    assert_eq!(zone.span, at(text, "start rank9.all"));
    assert_eq!(zone.terms[1].seat, SeatSelector::All);
    assert_eq!(zone.terms[1].span, at(text, "rank9.all"));
}

#[test]
fn zone_cases_and_seat_selectors() {
    let text = "zone promo = base.others for red, base.north e4 2:a3 for blue green, home";
    let Item::Zone(z) = item(text) else { panic!() };
    assert_eq!(z.name, id(text, "promo"));
    assert_eq!(z.cases.len(), 3);
    assert_eq!(z.cases[0].zone.terms[0].seat, SeatSelector::Others);
    assert_eq!(z.cases[0].players, vec![id(text, "red")]);
    let terms = &z.cases[1].zone.terms;
    assert_eq!(terms[0].seat, SeatSelector::Seat(id(text, "north")));
    assert_eq!(terms[1].name, id(text, "e4"));
    assert_eq!(terms[2].name, id(text, "2:a3"));
    assert_eq!(z.cases[1].players.len(), 2);
    assert_eq!(z.cases[2].span, at(text, "home"));
    assert_eq!(z.cases[2].players, vec![]);
}

#[test]
fn piece_header_attributes_in_any_order() {
    let text = "piece king K value 100 pawn royal {\n  step all\n}";
    let Item::Piece(p) = item(text) else { panic!() };
    assert_eq!(p.name, id(text, "king"));
    assert_eq!(p.letter, Spanned::new('K', at(text, "K")));
    assert!(p.royal && p.pawn);
    assert_eq!(p.value, Some(Spanned::new(Num::Lit(100), at(text, "100"))));
    assert_eq!(p.span, at(text, "piece king K value 100 pawn royal {"));
    assert_eq!(p.body.len(), 1);

    let Item::Piece(p) = item("piece mine M value mines {}") else {
        panic!()
    };
    assert_eq!(p.value.unwrap().node, Num::Option("mines".into()));
    assert!(!p.royal && !p.pawn && p.body.is_empty());
}

#[test]
fn move_rules_with_paths() {
    let text = "piece n N {\n  leap n.n.e s.s.w\n}";
    let PieceItem::Move(m) = piece_body(text).remove(0) else {
        panic!()
    };
    assert_eq!(m.atom, Spanned::new(Atom::Leap, at(text, "leap")));
    assert_eq!(m.paths.len(), 2);
    assert_eq!(m.paths[0].span, at(text, "n.n.e"));
    assert_eq!(
        m.paths[0].steps,
        vec![
            Spanned::new("n".into(), Span::new(19, 20)),
            Spanned::new("n".into(), Span::new(21, 22)),
            Spanned::new("e".into(), Span::new(23, 24)),
        ]
    );
    assert_eq!(m.span, at(text, "leap n.n.e s.s.w"));
    assert!(m.modifiers.is_empty());
    assert_eq!(one_move("step n").atom.node, Atom::Step);
    assert_eq!(one_move("slide n").atom.node, Atom::Slide);
    assert_eq!(one_move("hop n far").atom.node, Atom::Hop);
}

#[test]
fn every_modifier() {
    use Modifier::*;
    assert_eq!(modifiers("step n to empty"), vec![To(TargetRule::Empty)]);
    assert_eq!(modifiers("step n to enemy"), vec![To(TargetRule::Enemy)]);
    assert_eq!(modifiers("step n to friend"), vec![To(TargetRule::Friend)]);
    assert_eq!(modifiers("step n to any"), vec![To(TargetRule::Any)]);
    assert_eq!(
        modifiers("slide n first max 3 min 2"),
        vec![First, Max(Num::Lit(3)), Min(Num::Lit(2))]
    );
    assert_eq!(
        modifiers("slide n exactly reach"),
        vec![Exactly(Num::Option("reach".into()))]
    );
    assert_eq!(modifiers("hop n far"), vec![Far]);
    assert_eq!(
        modifiers("slide n creates en passant"),
        vec![CreatesEnPassant]
    );
    assert_eq!(modifiers("step n en passant"), vec![EnPassant]);
    let m = one_move("step n from start home.all into far_rank.others");
    let [from, into] = &m.modifiers[..] else {
        panic!()
    };
    let From(zone) = &from.node else { panic!() };
    assert_eq!(zone.terms.len(), 2);
    assert_eq!(zone.terms[1].seat, SeatSelector::All);
    let Into(zone) = &into.node else { panic!() };
    assert_eq!(zone.terms[0].seat, SeatSelector::Others);
}

#[test]
fn modifier_spans() {
    let line = "slide forward exactly 2 to empty from start creates en passant";
    let text = format!("piece p P {{\n{line}\n}}");
    let PieceItem::Move(m) = piece_body(&text).remove(0) else {
        panic!()
    };
    let spans: Vec<Span> = m.modifiers.iter().map(|m| m.span).collect();
    let expected: Vec<Span> = ["exactly 2", "to empty", "from start", "creates en passant"]
        .iter()
        .map(|s| at(&text, s))
        .collect();
    assert_eq!(spans, expected);
    assert_eq!(m.span, at(&text, line));
}

#[test]
fn promotions() {
    let text = "piece p P {\n  may promote into far base.others to queen rook\n  promote into far to queen\n}";
    let body = piece_body(text);
    let PieceItem::Promote(p) = &body[0] else {
        panic!()
    };
    assert!(p.optional);
    assert_eq!(p.zone.terms.len(), 2);
    assert_eq!(p.into, vec![id(text, "queen"), id(text, "rook")]);
    assert_eq!(
        p.span,
        at(text, "may promote into far base.others to queen rook")
    );
    let PieceItem::Promote(p) = &body[1] else {
        panic!()
    };
    assert!(!p.optional);
}

#[test]
fn when_blocks_nest_in_pieces_and_at_top_level() {
    let text = "when mines {\n  piece mine M {\n    when not quiet {\n      step n\n    }\n  }\n}\nwhen size = 12 {\n}\nwhen reveal = hidden-then-exposed { check never }";
    let file = parse(text);
    let Item::When(w) = &file.items[0] else {
        panic!()
    };
    assert_eq!(
        w.cond,
        Spanned::new(OptionCond::IsTrue(id(text, "mines")), at(text, "mines"))
    );
    assert_eq!(w.span, at(text, "when mines {"));
    let Item::Piece(p) = &w.items[0] else {
        panic!()
    };
    let PieceItem::When(inner) = &p.body[0] else {
        panic!()
    };
    assert_eq!(inner.cond.node, OptionCond::IsFalse(id(text, "quiet")));
    assert_eq!(inner.cond.span, at(text, "not quiet"));
    assert_eq!(inner.span, at(text, "when not quiet {"));
    assert!(matches!(inner.items[0], PieceItem::Move(_)));
    let Item::When(w) = &file.items[1] else {
        panic!()
    };
    let size = Spanned::new(OptionValue::Int(12), at(text, "12"));
    assert_eq!(w.cond.node, OptionCond::Equals(id(text, "size"), size));
    assert!(w.items.is_empty());
    let Item::When(w) = &file.items[2] else {
        panic!()
    };
    let OptionCond::Equals(_, v) = &w.cond.node else {
        panic!()
    };
    assert_eq!(v.node, OptionValue::Name("hidden-then-exposed".into()));
    assert!(matches!(w.items[0], Item::Check(_)));
}

#[test]
fn castles() {
    let text = "castle \"O-O\" for white: king e1 to g1, rook h1 to f1";
    let Item::Castle(c) = item(text) else {
        panic!()
    };
    assert_eq!(c.name, Spanned::new("O-O".into(), at(text, "\"O-O\"")));
    assert_eq!(c.player, id(text, "white"));
    assert_eq!((c.king_from, c.king_to), (id(text, "e1"), id(text, "g1")));
    assert_eq!((c.rook_from, c.rook_to), (id(text, "h1"), id(text, "f1")));
    assert_eq!(
        c.safety,
        Spanned::new(CastleSafety::Path, Span::new(text.len(), text.len()))
    );
    assert_eq!(c.span, Span::new(0, text.len()));
    let text = "castle \"O-O-O\" for red: king d1 to b1, rook a1 to c1, safe between";
    let Item::Castle(c) = item(text) else {
        panic!()
    };
    assert_eq!(
        c.safety,
        Spanned::new(CastleSafety::Between, at(text, "safe between"))
    );
    let Item::Castle(c) = item("castle \"x\" for red: king d1 to b1, rook a1 to c1, safe path")
    else {
        panic!()
    };
    assert_eq!(c.safety.node, CastleSafety::Path);
    assert_eq!(c.rook_dir, None);
}

#[test]
fn castles_by_piece_letter() {
    let text = "castle \"O-O\" for white: king K to g1, rook R e to f1, safe none";
    let Item::Castle(c) = item(text) else {
        panic!()
    };
    assert_eq!((c.king_from, c.king_to), (id(text, "K"), id(text, "g1")));
    assert_eq!((c.rook_from, c.rook_to), (id(text, "R"), id(text, "f1")));
    let e = at(text, "e to f1").start as usize;
    assert_eq!(
        c.rook_dir,
        Some(Spanned::new("e".into(), Span::new(e, e + 1)))
    );
    assert_eq!(
        c.safety,
        Spanned::new(CastleSafety::None, at(text, "safe none"))
    );
    // A direction set named like a keyword other than `to` is a name here.
    let Item::Castle(c) = item("castle \"x\" for red: king K to b1, rook R west to c1") else {
        panic!()
    };
    assert_eq!(c.rook_dir.map(|d| d.node), Some("west".into()));
}

#[test]
fn setups() {
    let text = "setup white: K e1, R a1 h1";
    let Item::Setup(s) = item(text) else { panic!() };
    assert_eq!(s.player, id(text, "white"));
    assert_eq!(s.groups.len(), 2);
    assert_eq!(s.groups[0].letter, Spanned::new('K', at(text, "K")));
    assert_eq!(s.groups[0].cells, vec![id(text, "e1")]);
    assert_eq!(s.groups[0].span, at(text, "K e1"));
    assert_eq!(s.groups[1].cells, vec![id(text, "a1"), id(text, "h1")]);
    assert_eq!(s.span, Span::new(0, text.len()));
}

#[test]
fn check_rules() {
    let Item::Check(c) = item("check always") else {
        panic!()
    };
    assert_eq!(c.rule, Spanned::new(CheckRule::Always, Span::new(6, 12)));
    assert_eq!((c.span, c.unless), (Span::new(0, 12), None));
    let Item::Check(c) = item("check never # comment") else {
        panic!()
    };
    assert_eq!(c.rule.node, CheckRule::Never);
    assert_eq!(c.span, Span::new(0, 11));
    let text = "check when players <= 2";
    let Item::Check(c) = item(text) else { panic!() };
    let CheckRule::When(cond) = c.rule.node else {
        panic!()
    };
    let Cond::Compare(a, op, b) = cond.node else {
        panic!()
    };
    assert_eq!(op, CmpOp::Le);
    assert_eq!(a.node.terms[0].1.node, Term::Players);
    assert_eq!(b.node.terms[0].1, Spanned::new(Term::Num(2), at(text, "2")));
    for (op, expected) in [
        ("<", CmpOp::Lt),
        ("=", CmpOp::Eq),
        ("==", CmpOp::Eq),
        (">=", CmpOp::Ge),
        (">", CmpOp::Gt),
    ] {
        let Item::Check(c) = item(&format!("check when royals {op} 1")) else {
            panic!()
        };
        let CheckRule::When(cond) = c.rule.node else {
            panic!()
        };
        let Cond::Compare(a, op, _) = cond.node else {
            panic!()
        };
        assert_eq!(
            (&a.node.terms[0].1.node, op),
            (&Term::Royals(None), expected)
        );
    }
    let Item::Check(c) = item("check always unless captures royal") else {
        panic!()
    };
    assert!(matches!(c.unless.unwrap().node, Cond::Captures(v) if v[0].node == "royal"));
}

#[test]
fn end_events_and_outcomes() {
    let event = |text: &str| match item(text) {
        Item::End(e) => e.event.node,
        other => panic!("{other:?}"),
    };
    assert_eq!(event("end checkmate: lose"), Event::Checkmate);
    assert_eq!(event("end stalemate: draw"), Event::Stalemate);
    assert_eq!(event("end no moves: pass"), Event::NoMoves);
    assert_eq!(event("end royal captured: eliminate"), Event::RoyalCaptured);
    assert_eq!(
        event("end repetition 3: draw"),
        Event::Repetition(Num::Lit(3))
    );
    assert_eq!(
        event("end quiet limit: draw"),
        Event::Quiet(Num::Option("limit".into()))
    );
    assert_eq!(event("end last player: win"), Event::LastPlayer);
    assert_eq!(
        event("end last royal captured: lose"),
        Event::LastRoyalCaptured
    );
    assert_eq!(
        event("end moves limit: most royals"),
        Event::Moves(Num::Option("limit".into()))
    );
    let Item::End(e) = item("end moves 40: most royals, draw") else {
        panic!()
    };
    assert_eq!(e.outcomes[0].node, Outcome::MostRoyals);
    let text = "end material each K | K N: lose, captor controls";
    let Item::End(e) = item(text) else { panic!() };
    let Event::Material {
        scope,
        alternatives,
    } = &e.event.node
    else {
        panic!()
    };
    assert_eq!(*scope, MaterialScope::Each);
    assert_eq!(
        alternatives,
        &vec![
            vec![Spanned::new('K', nth(text, "K", 0))],
            vec![
                Spanned::new('K', nth(text, "K", 1)),
                Spanned::new('N', at(text, "N"))
            ],
        ]
    );
    assert_eq!(e.event.span, at(text, "material each K | K N"));
    assert_eq!(
        e.outcomes,
        vec![
            Spanned::new(Outcome::Lose, at(text, "lose")),
            Spanned::new(Outcome::CaptorControls, at(text, "captor controls")),
        ]
    );
    assert_eq!(e.span, Span::new(0, text.len()));
    let Item::End(e) = item("end material all K K: draw, win") else {
        panic!()
    };
    assert!(matches!(
        e.event.node,
        Event::Material {
            scope: MaterialScope::All,
            ..
        }
    ));
    assert_eq!(e.outcomes[1].node, Outcome::Win);
}

#[test]
fn turns_per_zone_lists_zone_expressions() {
    let Item::Turns(t) = item("turns per zone board1, board2 extra, 3:a1") else {
        panic!()
    };
    let names: Vec<Vec<&str>> = t
        .zones
        .iter()
        .map(|z| z.terms.iter().map(|t| t.name.node.as_str()).collect())
        .collect();
    assert_eq!(
        names,
        [vec!["board1"], vec!["board2", "extra"], vec!["3:a1"]]
    );
    assert_eq!(t.span, Span::new(0, 41));
}

#[test]
fn turns_per_zone_may_name_each_zones_players() {
    let Item::Turns(t) = item("turns per zone board1: white1 black1, board2 extra, 3:a1: red")
    else {
        panic!()
    };
    let players: Vec<Vec<&str>> = t
        .players
        .iter()
        .map(|ps| ps.iter().map(|p| p.node.as_str()).collect())
        .collect();
    assert_eq!(players, [vec!["white1", "black1"], vec![], vec!["red"]]);
    assert_eq!(t.zones[1].terms.len(), 2);
    assert_eq!(t.zones[2].terms[0].name.node, "3:a1");
}

#[test]
fn team_options_follow_the_players() {
    let Item::Team(t) = item("team white: w1 w2 w3 wins when all share royals") else {
        panic!()
    };
    let names: Vec<&str> = t.players.iter().map(|p| p.node.as_str()).collect();
    assert_eq!(names, ["w1", "w2", "w3"]);
    assert!(t.all && t.shares_royals);
    let Item::Team(t) = item("team red_yellow: red yellow") else {
        panic!()
    };
    assert!(!t.all && !t.shares_royals);
    assert_eq!(t.players.len(), 2);
    let Item::Team(t) = item("team x: a b share royals") else {
        panic!()
    };
    assert!(!t.all && t.shares_royals);
}

#[test]
fn en_passant_windows_and_notation() {
    let Item::EnPassant(w) = item("en passant lasts round") else {
        panic!()
    };
    assert_eq!(w, Spanned::new(EnPassantWindow::Round, Span::new(0, 22)));
    let Item::EnPassant(w) = item("en passant lasts turn") else {
        panic!()
    };
    assert_eq!(w.node, EnPassantWindow::Turn);
    let text = "notation promotion \"\", check \"+\", mate \"#\"";
    let Item::Notation(n) = item(text) else {
        panic!()
    };
    let keys: Vec<NotationKey> = n.marks.iter().map(|(k, _)| k.node).collect();
    assert_eq!(
        keys,
        vec![
            NotationKey::Promotion,
            NotationKey::Check,
            NotationKey::Mate
        ]
    );
    assert_eq!(n.marks[0].1, Spanned::new(String::new(), at(text, "\"\"")));
    assert_eq!(n.marks[2].1, Spanned::new("#".into(), at(text, "\"#\"")));
    assert_eq!(n.marks[1].0.span, at(text, "check"));
    let text = "notation promotion \"\", draw \"=\"";
    let Item::Notation(n) = item(text) else {
        panic!()
    };
    assert_eq!(
        n.marks[1].0,
        Spanned::new(NotationKey::Draw, at(text, "draw"))
    );
    assert_eq!(n.marks[1].1, Spanned::new("=".into(), at(text, "\"=\"")));
}

#[test]
fn lexical_details() {
    // Continuations, comments, tabs, CRLF and a `}` at the end of the last line.
    let text = "piece p P value 1 {\r\n\tslide n \\\r\n   to empty # comment\r\n  step e }\r\n";
    let body = piece_body(text);
    let PieceItem::Move(m) = &body[0] else {
        panic!()
    };
    assert_eq!(m.modifiers.len(), 1);
    assert_eq!(m.span, at(text, "slide n \\\r\n   to empty"));
    assert_eq!(body.len(), 2);
    // A one-line block and names with `:` and `'`.
    let text = "piece p P { leap a'.2:b }";
    let PieceItem::Move(m) = piece_body(text).remove(0) else {
        panic!()
    };
    assert_eq!(m.paths[0].steps[1], id(text, "2:b"));
    assert_eq!(m.paths[0].steps[0], id(text, "a'"));
}

#[test]
fn keywords_need_a_word_boundary() {
    // `tothe` is a direction, not `to` + `the`; `players2` is not `players`.
    let m = one_move("step tothe firstly");
    assert_eq!(m.paths.len(), 2);
    assert!(m.modifiers.is_empty());
    assert!(matches!(item("zone far = rank8"), Item::Zone(_)));
}

#[test]
fn three_mistakes_three_diagnostics() {
    let text = "game \"x\"\nzone far rank8\npiece r R {\n  slide n to enemi\n}\ncheck sometimes\nend checkmate: lose\n";
    assert_eq!(
        errors(text),
        vec![
            ("rules::syntax", "2:10".into()),
            ("rules::syntax", "4:14".into()),
            ("rules::syntax", "6:7".into())
        ]
    );
}

#[test]
fn errors_inside_a_blanked_header_block_are_still_found() {
    let text = "peice r R {\n  slid n\n}\n";
    assert_eq!(
        errors(text),
        vec![
            ("rules::syntax", "1:1".into()),
            ("rules::syntax", "2:3".into())
        ]
    );
}

#[test]
fn structural_errors_come_with_syntax_errors() {
    let text = "option n: int(0..3) = 9\ngame \"a\"\ngame \"b\"\nstep n\n";
    assert_eq!(
        errors(text),
        vec![
            ("rules::bad-default", "1:23".into()),
            ("rules::duplicate-statement", "3:6".into()),
            ("rules::syntax", "4:1".into()),
        ]
    );
}

#[test]
fn block_errors_point_at_the_brace() {
    assert_eq!(
        errors("piece p P {\n  step n\n"),
        vec![("rules::unclosed-block", "1:11".into())]
    );
    let text = "piece p P {\n  step n\nend checkmate: lose\nend stalemate: lose\n";
    assert_eq!(errors(text), vec![("rules::unclosed-block", "1:11".into())]);
    assert_eq!(
        errors("}\ncheck never\n}"),
        vec![
            ("rules::stray-brace", "1:1".into()),
            ("rules::stray-brace", "3:1".into())
        ]
    );
    let text = "piece p P\n  step n\n}\npiece q Q {\n}\n";
    assert_eq!(errors(text), vec![("rules::syntax", "1:10".into())]);
    let text = "when fast\n  check never\n  board \"b\"\n}\ngame \"g\"\n";
    assert_eq!(errors(text), vec![("rules::syntax", "1:10".into())]);
    let text = "piece p P {\n  step n\n  setup white: P a2\n}\nend checkmate: lose\n";
    assert_eq!(
        errors(text),
        vec![("rules::misplaced-statement", "3:3".into())]
    );
}

#[test]
fn reserved_words_and_move_checks() {
    assert_eq!(
        errors("dirs in = n"),
        vec![("rules::reserved-word", "1:6".into())]
    );
    assert_eq!(
        errors("piece p P {\n  step to empty\n}"),
        vec![("rules::reserved-word", "2:8".into())]
    );
    assert_eq!(
        errors("piece p P {\n  step n into far\n}"),
        vec![("rules::reserved-word", "2:15".into())]
    );
    let text = "piece p P {\n  slide n.e to empty to enemy\n  step n far\n}";
    assert_eq!(
        errors(text),
        vec![
            ("rules::dotted-ray", "2:9".into()),
            ("rules::duplicate-modifier", "2:22".into()),
            ("rules::far-without-hop", "3:10".into()),
        ]
    );
}

#[test]
fn limits_are_diagnostics() {
    let long = "a".repeat(crate::limits::MAX_NAME_LEN + 1);
    assert_eq!(
        errors(&format!("zone {long} = e4")),
        vec![("rules::name-too-long", "1:6".into())]
    );
    let path = ["n"; crate::limits::MAX_PATH_LEN + 1].join(".");
    assert_eq!(
        errors(&format!("piece p P {{\n leap {path}\n}}")),
        vec![("rules::path-too-long", "2:7".into())]
    );
    assert_eq!(
        errors("end repetition 99999999999999999999: draw"),
        vec![("rules::number-too-large", "1:16".into())]
    );
    assert_eq!(
        errors("option a: int(-99999999999999999999..0) = 0")[0].0,
        "rules::number-too-large"
    );
    let deep = "when a {\n".repeat(crate::limits::MAX_BLOCK_DEPTH + 1);
    assert_eq!(errors(&deep)[0].0, "rules::nesting-too-deep");
    let huge = " ".repeat(crate::limits::MAX_FILE_BYTES + 1);
    let file = SourceFile::new("big.rules", huge);
    assert_eq!(
        parse_rules(&file).unwrap_err().0[0].code,
        "rules::file-too-large"
    );
}

#[test]
fn diagnostics_stop_at_the_limit() {
    let text = "nonsense\n".repeat(200);
    assert_eq!(errors(&text).len(), crate::limits::MAX_DIAGNOSTICS);
}

/// A tiny deterministic generator, so the no-panic tests need no dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn no_input_panics() {
    let chess = include_str!("../../../../variants/chess/fide.rules");
    let pieces = [
        "{", "}", "\\", "\n", "\"", "#", ".", "..", ":", ",", "=", "|", "to", "when", "é", "\0",
        " ",
    ];
    let mut rng = Lcg(7);
    for _ in 0..300 {
        // Mutate the chess file: delete, duplicate or insert a token somewhere.
        let mut text = chess.to_string();
        for _ in 0..1 + rng.next() % 4 {
            let mut at = (rng.next() as usize) % text.len();
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match rng.next() % 3 {
                0 => {
                    let mut end = (at + 1 + (rng.next() as usize) % 8).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                }
                _ => text.insert_str(at, pieces[(rng.next() as usize) % pieces.len()]),
            }
        }
        let _ = parse_rules(&SourceFile::new("m.rules", text));
    }
    for _ in 0..100 {
        let len = (rng.next() % 200) as usize;
        let text: String = (0..len)
            .map(|_| pieces[(rng.next() as usize) % pieces.len()])
            .collect();
        let _ = parse_rules(&SourceFile::new("r.rules", text));
    }
}
