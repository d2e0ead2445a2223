//! The words of the language as the error messages speak of them: friendly names of
//! grammar rules, keyword lists for "did you mean", reserved words per context and
//! one usage line per statement.

use super::parser::Rule;

/// Words that start a top-level statement and nothing else.
pub(crate) const TOP_LEVEL_WORDS: &[&str] = &[
    "game",
    "board",
    "option",
    "player",
    "dirs",
    "zone",
    "piece",
    "castle",
    "setup",
    "check",
    "end",
    "en",
    "non-aggression",
    "notation",
    "points",
    "mines",
    "mine",
    "turns",
    "after",
    "forbid",
    "must",
    "counter",
    "allow",
    "adjudicate",
    "hint",
];

/// Statement keywords, as listed in help lines.
const STATEMENT_LIST: &str = "game, board, option, player, dirs, zone, piece, castle, setup, \
                              check, end, en passant, non-aggression, notation, points, mines, mine, \
                              turns per zone, after move, forbid, must, counter, allow pass, adjudicate, hint, when";

/// Words that start a move modifier; paths and zones inside move rules stop there.
pub(crate) const MOVE_WORDS: &[&str] = &[
    "to", "first", "from", "into", "max", "min", "exactly", "far", "creates", "en", "over",
];

/// A grammar rule in words, for "expected ..." messages.
pub(crate) fn describe(rule: Rule) -> String {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_prefix("kw_") {
        // `kw_non_aggression` is the keyword `non-aggression`.
        return format!("`{}`", word.replace('_', "-"));
    }
    let text = match rule {
        Rule::EOI => "end of file",
        Rule::eol => "end of line",
        Rule::p_lbrace => "`{`",
        Rule::p_rbrace => "`}`",
        Rule::p_lparen => "`(`",
        Rule::p_rparen => "`)`",
        Rule::p_colon => "`:`",
        Rule::p_comma => "`,`",
        Rule::p_eq => "`=`",
        Rule::p_dotdot => "`..`",
        Rule::p_dot => "`.`",
        Rule::p_bar => "`|`",
        Rule::item | Rule::bare_block => "a statement",
        Rule::piece_item => "a piece rule",
        Rule::string => "a quoted string",
        Rule::number => "a number",
        Rule::int_lit => "a whole number",
        Rule::num => "a number or an int option name",
        Rule::option_ref => "an int option name",
        Rule::letter => "a one-letter piece letter",
        Rule::piece_letter => "a one-letter piece letter",
        Rule::option_name => "an option name",
        Rule::option_type => "an option type",
        Rule::option_value => "a value",
        Rule::option_cond => "an option condition",
        Rule::player_def | Rule::player_ref => "a player name",
        Rule::player_attr => "a player attribute (`tag C`, `seat NAME`, `colour \"#RRGGBB\"`)",
        Rule::seat_name => "a seat name",
        Rule::tag_text => "a one-character tag",
        Rule::dirs_def => "a direction-set name",
        Rule::dir_ref => "a direction or direction-set name",
        Rule::dirs_case | Rule::path_step => "a direction name",
        Rule::path => "a direction or path",
        Rule::case_players => "`for`",
        Rule::case_zone => "`in`",
        Rule::zone_def => "a zone name",
        Rule::zone_ref
        | Rule::mod_zone_ref
        | Rule::aggr_zone_ref
        | Rule::zone_term
        | Rule::mod_zone_term
        | Rule::aggr_zone_term => "a zone or cell name",
        Rule::zone_expr | Rule::mod_zone | Rule::aggr_zone => "a zone",
        Rule::zone_case => "a zone case",
        Rule::seat_ref => "a seat name, `others` or `all`",
        Rule::piece_def => "a piece name",
        Rule::piece_ref => "a piece name",
        Rule::piece_attr => "a piece attribute (`royal`, `pawn`, `value N`)",
        Rule::piece_block | Rule::item_block => "`{`",
        Rule::cell => "a cell name",
        Rule::castle_dir => "a direction or direction-set name",
        Rule::atom => "`step`, `slide`, `leap` or `hop`",
        Rule::modifier => "a move modifier",
        Rule::target => "`empty`, `enemy`, `friend` or `any`",
        Rule::safe_clause => "`safe`",
        Rule::cmp_op => "a comparison (`<`, `<=`, `=`, `>=`, `>`)",
        Rule::event => "an end event",
        Rule::checkmate_by => "`by one` or `by many`",
        Rule::aggression_cond => "`lost OP N` or `lead OP N`",
        Rule::aggression_zone => "`in ZONE`",
        Rule::mine_effect => "a mine effect (`prime`, `undo`, `blast`, `again`)",
        Rule::mine_zone | Rule::mine_zone_term | Rule::mine_zone_ref => "a zone or cell name",
        Rule::mines_layout => "`N in ZONE seed S`",
        Rule::mines_mirror => "`mirror DIR DIR`",
        Rule::mines_shown => "`shown always|primed|never`",
        Rule::unless_check => "`unless check`",
        Rule::outcome => "an outcome",
        Rule::material_alt => "piece letters",
        Rule::notation_key => "`promotion`, `check`, `mate` or `draw`",
        Rule::notation_mark => "a notation mark",
        Rule::points_key => "`win`, `draw` or `loss`",
        Rule::points_entry => "`win N`, `draw N` or `loss N`",
        Rule::lose_to_actor => "`lose to actor`",
        Rule::cond | Rule::cond_and | Rule::cond_not => "a condition",
        Rule::expr | Rule::term => {
            "a number, `pieces`, `royals`, `players`, `lost`, `repetitions`, `quiet` or a counter"
        }
        Rule::fact => "a condition",
        Rule::effect => "an effect (`add N to COUNTER`, `explode DIRS`, or an outcome)",
        Rule::whose => "`of` and a player",
        Rule::counter_ref | Rule::counter_def => "a counter name",
        Rule::cond_zone | Rule::cond_zone_term | Rule::cond_zone_ref => "a zone or cell name",
        Rule::cond_name => "a condition",
        Rule::piece_sel => "a piece name",
        Rule::explode_dir | Rule::line_dir => "a direction or direction-set name",
        Rule::sign => "`+` or `-`",
        Rule::p_plus => "`+`",
        Rule::p_minus => "`-`",
        _ => return name.replace('_', " "),
    };
    text.to_string()
}

/// Keywords that would have been valid where `rule` was expected ("did you mean").
pub(crate) fn candidates(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::item | Rule::bare_block => &[
            "game", "board", "option", "player", "dirs", "zone", "piece", "castle", "setup",
            "check", "end", "en", "notation", "points", "when",
        ],
        Rule::piece_item => &["step", "slide", "leap", "hop", "promote", "may", "when"],
        Rule::atom => &["step", "slide", "leap", "hop"],
        Rule::modifier => &[
            "to", "first", "from", "into", "max", "min", "exactly", "far", "creates", "en",
        ],
        Rule::target => &["empty", "enemy", "friend", "any"],
        Rule::piece_attr => &["royal", "pawn", "value"],
        Rule::player_attr => &["tag", "seat", "colour"],
        Rule::option_type => &["bool", "int", "choice"],
        Rule::option_value => &["true", "false"],
        Rule::event => &[
            "checkmate",
            "stalemate",
            "no",
            "royal",
            "repetition",
            "quiet",
            "material",
            "last",
            "check",
            "moves",
            "most",
        ],
        Rule::outcome => &[
            "lose",
            "win",
            "draw",
            "eliminate",
            "pass",
            "captor",
            "most",
            "subject",
            "actor",
            "rank",
        ],
        Rule::notation_key => &["promotion", "check", "mate", "draw"],
        Rule::points_key | Rule::points_entry => &["win", "draw", "loss"],
        Rule::safe_clause => &["safe"],
        _ => {
            const NONE: &[&str] = &[];
            let name = format!("{rule:?}");
            match name.strip_prefix("kw_") {
                Some(word) => keyword_slice(&word.replace('_', "-")),
                None => NONE,
            }
        }
    }
}

/// A single keyword as a static slice. The keywords are the grammar's `kw_` rules,
/// read from the generated `Rule` enum once, so a new keyword needs no list here.
fn keyword_slice(word: &str) -> &'static [&'static str] {
    static ALL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    let all = ALL.get_or_init(|| {
        let mut words: Vec<&'static str> = Rule::all_rules()
            .iter()
            .filter_map(|r| {
                let name = format!("{r:?}");
                let word = name.strip_prefix("kw_")?.replace('_', "-");
                // Leaked once per keyword (a few hundred bytes for the process).
                Some(&*Box::leak(word.into_boxed_str()))
            })
            .collect();
        words.sort_unstable();
        words.dedup();
        words
    });
    match all.binary_search(&word) {
        Ok(i) => std::slice::from_ref(&all[i]),
        Err(_) => &[],
    }
}

/// A list of what may go where `rule` was expected, for help lines.
pub(crate) fn choices_help(rule: Rule) -> Option<String> {
    Some(match rule {
        Rule::item => format!("a statement starts with one of: {STATEMENT_LIST}"),
        Rule::piece_item => "a piece block holds `step`, `slide`, `leap`, `hop`, `[may] promote` \
                             and `when` lines"
            .into(),
        Rule::modifier => "move modifiers are `to empty|enemy|friend|any`, `first`, `from ZONE`, \
                           `into ZONE`, `max N`, `min N`, `exactly N`, `far`, `creates en \
                           passant` and `en passant`"
            .into(),
        Rule::target => "write `to empty`, `to enemy`, `to friend` or `to any`".into(),
        Rule::event => "events are `checkmate`, `checkmate by one|many`, `stalemate`, `no moves`, \
                        `royal captured`, `royal blasted`, `repetition N`, `quiet N`, `material each|all ...`, \
                        `last player` and `check all opponents [and mate]`"
            .into(),
        Rule::outcome => "outcomes are `lose`, `lose to actor`, `win`, `subject wins`, `actor \
                          loses`, `draw`, `eliminate`, `pass`, `captor controls`, `most royals` \
                          and `rank by EXPR`"
            .into(),
        Rule::cond | Rule::cond_and | Rule::cond_not | Rule::fact => {
            "a condition compares numbers (`pieces queen = 0`, `checks >= 3`) or states a fact \
             (`check`, `gives check`, `captures [PIECES]`, `move of PIECES into ZONE`, `can move \
             ...`, `promotes`, `castles`, `drops`, `turn`, `moved`, `round start`, `material ...`, `line N ...`), joined \
             by `and`, `or`, `not` and parentheses"
                .into()
        }
        Rule::option_type => {
            "option types are `bool`, `int(MIN..MAX)` and `choice(a, b, ...)`".into()
        }
        _ => return None,
    })
}

/// The reserved words a name rule refuses, when the refusal needs explaining.
pub(crate) fn reserved_in(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::path_step | Rule::mod_zone_ref | Rule::option_ref => MOVE_WORDS,
        Rule::dirs_def => &[
            "to", "first", "from", "into", "max", "min", "exactly", "far", "creates", "en", "for",
            "in",
        ],
        Rule::dir_ref | Rule::player_def | Rule::player_ref => &["for", "in"],
        Rule::zone_def | Rule::zone_ref => &["for", "in", "to"],
        Rule::aggr_zone_ref => &["for", "in", "to", "unless"],
        Rule::mine_zone_ref => &["for", "in", "to", "seed"],
        _ => &[],
    }
}

/// One-line syntax of the statement or rule that starts with `word`.
pub(crate) fn usage(word: &str) -> Option<&'static str> {
    Some(match word {
        "game" => "game \"NAME\"",
        "board" => "board \"FILE.yaml\"",
        "option" => "option NAME: bool|int(MIN..MAX)|choice(A, B) = DEFAULT [\"DOC\"]",
        "player" => "player NAME [tag C] [seat SEAT] [colour \"COLOUR\"]",
        "dirs" => "dirs NAME = DIRS [for PLAYERS] [in ZONE], ...",
        "zone" => "zone NAME = ZONES [for PLAYERS], ...",
        "piece" => "piece NAME LETTER [royal] [pawn] [value N] {",
        "castle" => {
            "castle \"NAME\" for PLAYER: king CELL|LETTER to CELL, rook CELL|LETTER [DIR] to CELL \
             [, safe path|between|none]"
        }
        "setup" => "setup PLAYER: LETTER CELLS, LETTER CELLS, ... [, hand LETTER ...]",
        "check" => "check always | check never | check when CONDITION [unless CONDITION]",
        "end" => "end EVENT: OUTCOME, ...  |  end if CONDITION: OUTCOME, ...",
        "en" => "en passant lasts turn|round",
        "non-aggression" => "non-aggression [lost >= N] [lead >= N] [in ZONE] [unless check]",
        "mines" => {
            "mines N in ZONE seed S  |  mines mirror DIR DIR  |  mines shown always|primed|never"
        }
        "mine" => "mine primed|unprimed [PIECES]: prime|undo|blast|again, ...",
        "notation" => "notation promotion \"=\", check \"+\", mate \"#\"",
        "points" => "points win N, draw N, loss N",
        "when" => "when OPTION {  |  when not OPTION {  |  when OPTION = VALUE {",
        "after" => "after move [if CONDITION]: EFFECT, ...",
        "forbid" => "forbid CONDITION",
        "must" => "must CONDITION",
        "counter" => "counter NAME [fen remaining N] [\"DOC\"]",
        "allow" => "allow pass",
        "hint" => "hint zugzwang | hint WORD = N | hint place PIECE PLAYER = V... [\"DOC\"]",
        "adjudicate" => "adjudicate if CONDITION: OUTCOME, ...",
        "step" | "slide" | "leap" | "hop" => "step|slide|leap|hop PATHS [MODIFIERS]",
        "promote" | "may" => "[may] promote into ZONE to PIECES",
        _ => return None,
    })
}

/// Edit distance with adjacent transpositions counted once (`peice` -> `piece` is 1).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub(crate) fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    if word.chars().count() > 20 {
        return None;
    }
    let limit = match word.chars().count() {
        0..=2 => 0,
        3..=5 => 1,
        _ => 2,
    };
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let near = candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|&(d, c)| d <= limit && c != word)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c);
    // `integer` for `int`, `boolean` for `bool`: a keyword that starts the word.
    near.or_else(|| {
        candidates
            .into_iter()
            .filter(|c| c.len() >= 3 && word.len() > c.len() && word.starts_with(c))
            .max_by_key(|c| c.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposition_is_one_edit() {
        assert_eq!(edit_distance("peice", "piece"), 1);
        assert_eq!(edit_distance("slid", "slide"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn closest_needs_a_near_word() {
        assert_eq!(closest("peice", ["game", "piece"]), Some("piece"));
        assert_eq!(closest("banana", ["game", "piece"]), None);
        assert_eq!(closest("ot", ["to"]), None);
        assert_eq!(closest("integer", ["bool", "int", "choice"]), Some("int"));
        assert_eq!(closest("tothe", ["to"]), None);
    }

    #[test]
    fn keywords_describe_themselves() {
        assert_eq!(describe(Rule::kw_for), "`for`");
        assert_eq!(candidates(Rule::kw_for), &["for"]);
        assert_eq!(candidates(Rule::kw_non_aggression), &["non-aggression"]);
        assert_eq!(candidates(Rule::kw_line), &["line"]);
        assert_eq!(describe(Rule::p_lbrace), "`{`");
    }
}
