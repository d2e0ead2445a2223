//! Rule options: declared values, `--option NAME=VALUE` overrides, and the `when`
//! blocks they switch on.
//!
//! Conditions are decided at load time, so the rest of the compiler sees only the
//! active statements ([`Active`]). Conditions of inactive blocks are still checked
//! (a misspelt option name is an error wherever it is), but the statements inside
//! them are not resolved: an inactive block may use another board's names.

use super::cx::{help_for, Cx};
use crate::variant::{OptionInfo, OptionKind, OptionValue};
use dsl::rules::ast::{
    self, CastleDecl, DirsDecl, EndDecl, Item, MoveRule, NonAggressionDecl, Num, OptionCond,
    OptionDecl, PieceDecl, PieceItem, PlayerDecl, PromoteRule, RuleFile, SetupDecl, When, ZoneDecl,
};
use dsl::{Diagnostic, Span, Spanned};
use std::collections::{HashMap, HashSet};

/// Options with their values in force, in declaration order.
pub(crate) struct Options {
    /// Public descriptions.
    pub infos: Vec<OptionInfo>,
    spans: Vec<Span>,
    /// Index of each name in `infos` (a file may declare very many options).
    index: HashMap<String, usize>,
    /// The values of each `choice` option, for conditions (`when c = x`).
    choices: Vec<HashSet<String>>,
}

impl Options {
    fn find(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    fn names(&self) -> impl Iterator<Item = &str> {
        self.infos.iter().map(|o| o.name.as_str())
    }

    /// The help for an unknown option name (none once the collector is full).
    fn unknown_help(&self, name: &str, cx: &Cx) -> String {
        if cx.full() {
            return String::new();
        }
        help_for(name, &self.names().collect::<Vec<_>>(), "options")
    }

    /// The value in force of the option `name`, if there is one.
    pub fn lookup(&self, name: &str) -> Option<&OptionValue> {
        self.find(name).map(|i| &self.infos[i].value)
    }

    /// The value of a number: a literal or an `int` option.
    pub fn num(&self, n: &Num, span: Span, cx: &mut Cx) -> Option<i64> {
        match n {
            Num::Lit(v) => Some(*v),
            Num::Option(name) => match self.find(name).map(|i| &self.infos[i].value) {
                Some(OptionValue::Int(v)) => Some(*v),
                Some(_) => {
                    cx.error(
                        "compile::option-type",
                        format!("option `{name}` is not a number"),
                        span,
                        "used as a number",
                        "only `int` options may stand where a number is expected",
                    );
                    None
                }
                None => {
                    let help = self.unknown_help(name, cx);
                    cx.error(
                        "compile::unknown-option",
                        format!("unknown option `{name}`"),
                        span,
                        "no option has this name",
                        help,
                    );
                    None
                }
            },
        }
    }

    /// A number that must lie in `lo..=hi`.
    pub fn num_in(
        &self,
        n: &Spanned<Num>,
        lo: i64,
        hi: i64,
        what: &str,
        cx: &mut Cx,
    ) -> Option<i64> {
        let v = self.num(&n.node, n.span, cx)?;
        if v < lo || v > hi {
            cx.error(
                "compile::number-range",
                format!("{what} must lie in {lo}..{hi}, not {v}"),
                n.span,
                "out of range",
                format!("use a number from {lo} to {hi}"),
            );
            return None;
        }
        Some(v)
    }
}

fn kind_of(ty: &ast::OptionType) -> OptionKind {
    match ty {
        ast::OptionType::Bool => OptionKind::Bool,
        ast::OptionType::Int { min, max } => OptionKind::Int {
            min: *min,
            max: *max,
        },
        ast::OptionType::Choice(cs) => {
            OptionKind::Choice(cs.iter().map(|c| c.node.clone()).collect())
        }
    }
}

fn value_of(v: &ast::OptionValue) -> OptionValue {
    match v {
        ast::OptionValue::Bool(b) => OptionValue::Bool(*b),
        ast::OptionValue::Int(i) => OptionValue::Int(*i),
        ast::OptionValue::Name(n) => OptionValue::Choice(n.clone()),
    }
}

/// Parses a value given on the command line for an option of kind `kind`.
fn parse_given(kind: &OptionKind, text: &str) -> Result<OptionValue, String> {
    match kind {
        OptionKind::Bool => match text {
            "true" => Ok(OptionValue::Bool(true)),
            "false" => Ok(OptionValue::Bool(false)),
            _ => Err("it is a `bool` option: give `true` or `false`".into()),
        },
        OptionKind::Int { min, max } => match text.trim().parse::<i64>() {
            Ok(v) if v >= *min && v <= *max => Ok(OptionValue::Int(v)),
            Ok(_) => Err(format!("it must lie in {min}..{max}")),
            Err(_) => Err(format!(
                "it is an `int` option: give a whole number in {min}..{max}"
            )),
        },
        OptionKind::Choice(cs) => {
            if cs.iter().any(|c| c == text) {
                Ok(OptionValue::Choice(text.to_owned()))
            } else {
                let mut list: Vec<String> = cs.iter().take(12).map(|c| format!("`{c}`")).collect();
                if cs.len() > 12 {
                    list.push(format!("... ({} in all)", cs.len()));
                }
                Err(format!("it must be one of {}", list.join(", ")))
            }
        }
    }
}

/// Shortens hostile input before quoting it in a message.
fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    if cut.len() < text.len() {
        format!("{cut}...")
    } else {
        cut
    }
}

/// The declared options with `given` applied (unknown, ill-typed and out-of-range
/// values are reported).
pub(crate) fn resolve(file: &RuleFile, given: &[(String, String)], cx: &mut Cx) -> Options {
    let mut opts = Options {
        infos: Vec::new(),
        spans: Vec::new(),
        index: HashMap::new(),
        choices: Vec::new(),
    };
    for item in &file.items {
        if let Item::Option(o) = item {
            declare(o, &mut opts);
        }
    }
    for (name, text) in given {
        let Some(i) = opts.find(name) else {
            let help = opts.unknown_help(name, cx);
            let d = Diagnostic::error(
                "compile::unknown-option",
                format!(
                    "unknown option `{}` (given as `--option {}={}`)",
                    quoted(name),
                    quoted(name),
                    quoted(text)
                ),
            )
            .in_file(&cx.file)
            .help(help);
            cx.push(d);
            continue;
        };
        match parse_given(&opts.infos[i].kind, text) {
            Ok(v) => opts.infos[i].value = v,
            Err(why) => {
                let span = opts.spans[i];
                cx.error(
                    "compile::option-value",
                    format!(
                        "option `{name}` cannot be `{}` (given as `--option {name}={}`)",
                        quoted(text),
                        quoted(text)
                    ),
                    span,
                    "declared here",
                    why,
                );
            }
        }
    }
    opts
}

fn declare(o: &OptionDecl, opts: &mut Options) {
    let choices = match &o.ty.node {
        ast::OptionType::Choice(cs) => cs.iter().map(|c| c.node.clone()).collect(),
        _ => HashSet::new(),
    };
    let info = OptionInfo {
        name: o.name.node.clone(),
        kind: kind_of(&o.ty.node),
        default: value_of(&o.default.node),
        value: value_of(&o.default.node),
        doc: o.doc.as_ref().map(|d| d.node.clone()),
    };
    // The parser reports two options of one name in one file; one declared again by
    // an including file replaces the included file's.
    if let Some(i) = opts.find(&o.name.node) {
        opts.choices[i] = choices;
        opts.infos[i] = info;
        opts.spans[i] = o.name.span;
        return;
    }
    opts.index.insert(o.name.node.clone(), opts.infos.len());
    opts.choices.push(choices);
    opts.infos.push(info);
    opts.spans.push(o.name.span);
}

/// Decides one condition (`None` when it cannot be decided: reported).
fn holds(cond: &Spanned<OptionCond>, opts: &Options, cx: &mut Cx) -> Option<bool> {
    let (name, want) = match &cond.node {
        OptionCond::IsTrue(n) => (n, None),
        OptionCond::IsFalse(n) => (n, None),
        OptionCond::Equals(n, v) => (n, Some(v)),
    };
    let Some(i) = opts.find(&name.node) else {
        cx.unknown(
            "compile::unknown-option",
            "option",
            name,
            opts.names(),
            "options",
        );
        return None;
    };
    let value = &opts.infos[i].value;
    match (&cond.node, want) {
        (OptionCond::IsTrue(_), _) | (OptionCond::IsFalse(_), _) => match value {
            OptionValue::Bool(b) => Some(*b == matches!(cond.node, OptionCond::IsTrue(_))),
            _ => {
                cx.error(
                    "compile::option-type",
                    format!("option `{}` is not a `bool`", name.node),
                    name.span,
                    "not a bool option",
                    format!("compare it with a value: `when {} = VALUE`", name.node),
                );
                None
            }
        },
        (_, Some(v)) => {
            let want = value_of(&v.node);
            let fits = match (&opts.infos[i].kind, &want) {
                (OptionKind::Bool, OptionValue::Bool(_)) => true,
                (OptionKind::Int { .. }, OptionValue::Int(_)) => true,
                (OptionKind::Choice(_), OptionValue::Choice(c)) => opts.choices[i].contains(c),
                _ => false,
            };
            if !fits {
                cx.error(
                    "compile::option-type",
                    format!("option `{}` can never be `{want}`", name.node),
                    v.span,
                    "not a value of this option",
                    format!(
                        "the option is declared with type {}",
                        describe(&opts.infos[i].kind)
                    ),
                );
                return None;
            }
            Some(*value == want)
        }
        _ => None,
    }
}

fn describe(k: &OptionKind) -> String {
    match k {
        OptionKind::Bool => "`bool`".into(),
        OptionKind::Int { min, max } => format!("`int({min}..{max})`"),
        OptionKind::Choice(cs) if cs.len() > 12 => {
            format!(
                "`choice({}, ...)` ({} values)",
                cs[..12].join(", "),
                cs.len()
            )
        }
        OptionKind::Choice(cs) => format!("`choice({})`", cs.join(", ")),
    }
}

/// The statements in force, grouped by kind, in file order.
#[derive(Default)]
pub(crate) struct Active<'a> {
    pub games: Vec<&'a Spanned<String>>,
    pub boards: Vec<&'a Spanned<String>>,
    pub players: Vec<&'a PlayerDecl>,
    pub dirs: Vec<&'a DirsDecl>,
    pub zones: Vec<&'a ZoneDecl>,
    pub pieces: Vec<ActivePiece<'a>>,
    pub castles: Vec<&'a CastleDecl>,
    pub setups: Vec<&'a SetupDecl>,
    pub checks: Vec<&'a ast::CheckDecl>,
    pub ends: Vec<&'a EndDecl>,
    pub eps: Vec<&'a Spanned<ast::EnPassantWindow>>,
    pub aggressions: Vec<&'a NonAggressionDecl>,
    pub notations: Vec<&'a ast::NotationDecl>,
    pub points: Vec<&'a ast::PointsDecl>,
    pub mines: Vec<&'a ast::MinesDecl>,
    pub mine_rules: Vec<&'a ast::MineRuleDecl>,
    pub turns: Vec<&'a ast::TurnsDecl>,
    pub afters: Vec<&'a ast::AfterDecl>,
    pub filters: Vec<&'a ast::FilterDecl>,
    pub counters: Vec<&'a ast::CounterDecl>,
    pub teams: Vec<&'a ast::TeamDecl>,
    pub sees: Vec<&'a Spanned<ast::Visibility>>,
    pub announces: Vec<&'a Spanned<ast::Announced>>,
    pub passes: Vec<Span>,
    /// `hint` statements in force.
    pub hints: Vec<&'a dsl::rules::ast::Hint>,
    /// `captures to hand`.
    pub to_hand: Vec<Span>,
    pub adjudications: Vec<&'a EndDecl>,
    pub defs: Vec<&'a ast::DefDecl>,
}

/// A move rule as written: in the rule language or in Betza's notation.
#[derive(Clone, Copy)]
pub(crate) enum MoveSource<'a> {
    /// `step|slide|leap|hop ...`.
    Rule(&'a MoveRule),
    /// `betza "..."`.
    Betza(&'a ast::BetzaRule),
}

impl MoveSource<'_> {
    /// The whole statement.
    pub fn span(&self) -> Span {
        match self {
            MoveSource::Rule(r) => r.span,
            MoveSource::Betza(b) => b.span,
        }
    }
}

/// A piece with its active move rules and promotions.
pub(crate) struct ActivePiece<'a> {
    pub decl: &'a PieceDecl,
    pub moves: Vec<MoveSource<'a>>,
    pub promotes: Vec<&'a PromoteRule>,
    /// `drop [into ZONE]` (not taken by `like`: a hand is not a way of moving).
    pub drops: Vec<&'a ast::DropRule>,
    /// `like PIECES` (their moves are added once every piece is known).
    pub likes: Vec<&'a ast::Ident>,
}

impl<'a> Active<'a> {
    /// Collects the active statements of `file`, whose top-level items come from the
    /// files of `layers` (one per item; empty: one file), applying `when` blocks, the
    /// replacements and removals of higher layers, `extend` and `like`.
    pub fn collect(file: &'a RuleFile, layers: &[u16], opts: &Options, cx: &mut Cx) -> Active<'a> {
        let mut flat = Vec::new();
        for (i, item) in file.items.iter().enumerate() {
            let layer = layers.get(i).copied().unwrap_or(0);
            flatten(item, layer, true, true, opts, cx, &mut flat);
        }
        let kept = super::layers::resolve(flat, cx);
        let mut a = Active::default();
        for &(_, item) in &kept {
            a.take(item, opts, cx);
        }
        for &(_, item) in &kept {
            if let Item::Extend(e) = item {
                a.extend(e, opts, cx);
            }
        }
        a.resolve_likes(cx);
        a
    }

    /// Files one statement under its kind.
    fn take(&mut self, item: &'a Item, opts: &Options, cx: &mut Cx) {
        match item {
            Item::Game(g) => self.games.push(g),
            Item::Board(b) => self.boards.push(b),
            Item::Player(p) => self.players.push(p),
            Item::Dirs(d) => self.dirs.push(d),
            Item::Zone(z) => self.zones.push(z),
            Item::Piece(p) => {
                let mut ap = ActivePiece {
                    decl: p,
                    moves: Vec::new(),
                    promotes: Vec::new(),
                    drops: Vec::new(),
                    likes: Vec::new(),
                };
                piece_items(&p.body, true, &mut ap, opts, cx);
                self.pieces.push(ap);
            }
            Item::Castle(c) => self.castles.push(c),
            Item::Setup(s) => self.setups.push(s),
            Item::Check(c) => self.checks.push(c),
            Item::End(e) => self.ends.push(e),
            Item::EnPassant(e) => self.eps.push(e),
            Item::NonAggression(n) => self.aggressions.push(n),
            Item::Notation(n) => self.notations.push(n),
            Item::Points(p) => self.points.push(p),
            Item::Mines(m) => self.mines.push(m),
            Item::Mine(m) => self.mine_rules.push(m),
            Item::Turns(t) => self.turns.push(t),
            Item::After(a) => self.afters.push(a),
            Item::Filter(f) => self.filters.push(f),
            Item::Counter(c) => self.counters.push(c),
            Item::Team(t) => self.teams.push(t),
            Item::See(s) => self.sees.push(s),
            Item::Announce(a) => self.announces.extend(a.iter()),
            Item::AllowPass(s) => self.passes.push(*s),
            Item::Hint(h) => self.hints.push(h),
            Item::CapturesToHand(s) => self.to_hand.push(*s),
            Item::Adjudicate(e) => self.adjudications.push(e),
            Item::Def(d) => self.defs.push(d),
            Item::Option(_)
            | Item::When(_)
            | Item::Include(_)
            | Item::Remove(_)
            | Item::Extend(_) => {}
        }
    }

    /// `extend piece NAME { ... }`: the items join the piece; a `promote` replaces the
    /// piece's promotions into the same zone.
    fn extend(&mut self, e: &'a ast::ExtendDecl, opts: &Options, cx: &mut Cx) {
        let Some(i) = self.piece_index(&e.piece, cx) else {
            return;
        };
        let ap = &mut self.pieces[i];
        let mut more = ActivePiece {
            decl: ap.decl,
            moves: Vec::new(),
            promotes: Vec::new(),
            drops: Vec::new(),
            likes: Vec::new(),
        };
        piece_items(&e.body, true, &mut more, opts, cx);
        let zone_text = |p: &PromoteRule| -> Vec<String> {
            let mut z: Vec<String> = p
                .zone
                .terms
                .iter()
                .map(|t| format!("{}{:?}{}", t.name.node, t.seat, p.from))
                .collect();
            z.push(format!("{:?}", p.in_place.is_some()));
            z
        };
        for p in &more.promotes {
            let z = zone_text(p);
            ap.promotes.retain(|q| zone_text(q) != z);
        }
        ap.moves.extend(more.moves);
        ap.promotes.extend(more.promotes);
        ap.drops.extend(more.drops);
        ap.likes.extend(more.likes);
    }

    /// The index of the piece `name`, or `None` with an unknown-piece error.
    fn piece_index(&self, name: &ast::Ident, cx: &mut Cx) -> Option<usize> {
        let found = self
            .pieces
            .iter()
            .position(|p| p.decl.name.node == name.node);
        if found.is_none() {
            let known: Vec<&str> = self
                .pieces
                .iter()
                .map(|p| p.decl.name.node.as_str())
                .collect();
            cx.unknown(
                "compile::unknown-piece",
                "piece type",
                name,
                known,
                "piece types",
            );
        }
        found
    }

    /// `like PIECES`: each piece gets the moves and promotions of the pieces it names
    /// (which may be `like` others in turn; a cycle is an error).
    fn resolve_likes(&mut self, cx: &mut Cx) {
        for i in 0..self.pieces.len() {
            let mut seen = vec![i];
            let mut moves = Vec::new();
            let mut promotes = Vec::new();
            let likes = std::mem::take(&mut self.pieces[i].likes);
            for name in &likes {
                self.gather(name, &mut seen, &mut moves, &mut promotes, cx);
            }
            self.pieces[i].moves.extend(moves);
            self.pieces[i].promotes.extend(promotes);
            self.pieces[i].likes = likes;
        }
    }

    /// The moves and promotions of the piece `name`, with those of the pieces it is
    /// `like`.
    fn gather(
        &self,
        name: &'a ast::Ident,
        seen: &mut Vec<usize>,
        moves: &mut Vec<MoveSource<'a>>,
        promotes: &mut Vec<&'a PromoteRule>,
        cx: &mut Cx,
    ) {
        let Some(j) = self.piece_index(name, cx) else {
            return;
        };
        if seen.contains(&j) {
            cx.error(
                "compile::like-cycle",
                format!("`like {}` comes back to a piece it started from", name.node),
                name.span,
                "a cycle",
                "a piece may not be like itself, directly or through other pieces",
            );
            return;
        }
        seen.push(j);
        let p = &self.pieces[j];
        moves.extend(p.moves.iter().copied());
        promotes.extend(p.promotes.iter().copied());
        for n in &p.likes {
            self.gather(n, seen, moves, promotes, cx);
        }
        seen.pop();
    }
}

/// Appends the active top-level statement `item` (and those of its `when` blocks)
/// with its layer; reports options declared inside `when` blocks.
fn flatten<'a>(
    item: &'a Item,
    layer: u16,
    on: bool,
    top: bool,
    opts: &Options,
    cx: &mut Cx,
    out: &mut Vec<super::layers::Layered<'a>>,
) {
    match item {
        Item::When(w) => {
            let inner = holds(&w.cond, opts, cx).unwrap_or(false);
            for i in &w.items {
                flatten(i, layer, on && inner, false, opts, cx, out);
            }
        }
        Item::Option(o) if on && !top => {
            cx.error(
                "compile::nested-option",
                format!("option `{}` is declared inside a `when` block", o.name.node),
                o.span,
                "inside `when`",
                "declare options at the top level: a `when` block depends on them",
            );
        }
        _ if on => out.push((layer, item)),
        _ => {}
    }
}

fn piece_items<'a>(
    items: &'a [PieceItem],
    on: bool,
    ap: &mut ActivePiece<'a>,
    opts: &Options,
    cx: &mut Cx,
) {
    for item in items {
        match item {
            PieceItem::When(When { cond, items, .. }) => {
                let inner = holds(cond, opts, cx).unwrap_or(false);
                piece_items(items, on && inner, ap, opts, cx);
            }
            PieceItem::Move(m) if on => ap.moves.push(MoveSource::Rule(m)),
            PieceItem::Betza(b) if on => ap.moves.push(MoveSource::Betza(b)),
            PieceItem::Promote(p) if on => ap.promotes.push(p),
            PieceItem::Drop(d) if on => ap.drops.push(d),
            PieceItem::Like(names) if on => ap.likes.extend(names),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_values_are_typed() {
        let int = OptionKind::Int { min: 0, max: 8 };
        assert_eq!(parse_given(&int, "3"), Ok(OptionValue::Int(3)));
        assert!(parse_given(&int, "9").unwrap_err().contains("0..8"));
        assert!(parse_given(&int, "x").is_err());
        assert!(parse_given(&OptionKind::Bool, "yes").is_err());
        let ch = OptionKind::Choice(vec!["a".into(), "b-c".into()]);
        assert_eq!(
            parse_given(&ch, "b-c"),
            Ok(OptionValue::Choice("b-c".into()))
        );
        assert!(parse_given(&ch, "d").unwrap_err().contains("`a`, `b-c`"));
    }

    #[test]
    fn quoting_bounds_hostile_text() {
        assert_eq!(quoted("abc"), "abc");
        assert!(quoted(&"x".repeat(1000)).len() < 50);
    }
}
