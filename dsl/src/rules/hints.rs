//! Help lines for syntax errors: the likeliest fix for what was found, then the
//! syntax of the statement it is in.

use super::found::Found;
use super::parser::Rule;
use super::{recover, words};

/// Why a reserved word cannot be a name here.
fn reserved_help(word: &str, rule: Rule) -> String {
    match rule {
        Rule::path_step => format!(
            "`{word}` starts a move modifier, so it cannot name a direction; a move rule \
             needs a direction before its modifiers, as in `step n to empty`"
        ),
        Rule::mod_zone_ref => format!(
            "`{word}` starts a move modifier, so it cannot name a zone after `from` or \
             `into`; rename the zone, e.g. `{word}_zone`"
        ),
        Rule::option_ref => {
            format!("`{word}` starts a move modifier; write a number or the name of an int option")
        }
        _ => format!("`{word}` is reserved here; choose another name, e.g. `{word}_`"),
    }
}

/// The help line: a fix for the likeliest mistake, then the statement's syntax.
pub(crate) fn help(
    text: &str,
    pos: usize,
    found: &Found,
    positives: &[Rule],
    reserved: Option<(String, Rule)>,
) -> Option<String> {
    let statement = recover::first_word(text, pos);
    let hint = if let Some((word, rule)) = reserved {
        Some(reserved_help(&word, rule))
    } else {
        statement_hint(text, pos, statement, found, positives).or_else(|| hint(found, positives))
    };
    let usage = match found {
        Found::EndOfFile => None,
        _ => words::usage(statement).map(|u| format!("syntax: {u}")),
    };
    match (hint, usage) {
        (Some(h), Some(u)) => Some(format!("{h}\n{u}")),
        (h, u) => h.or(u),
    }
}

/// Hints for slips that only make sense in one statement.
fn statement_hint(
    text: &str,
    pos: usize,
    statement: &str,
    found: &Found,
    positives: &[Rule],
) -> Option<String> {
    if statement == "castle" && positives == [Rule::p_comma] && *found == Found::EndOfLine {
        return Some(
            "castling moves two pieces: add the partner's move, `, rook CELL to CELL`".into(),
        );
    }
    if let Found::Word(w) = found {
        let piece_words = ["step", "slide", "leap", "hop", "promote", "may"];
        if positives.contains(&Rule::item) && piece_words.contains(&w.as_str()) {
            return Some(format!(
                "`{w}` goes inside a piece block: `piece NAME LETTER {{` ... `}}`"
            ));
        }
    }
    let before = text[..pos].trim_end_matches([' ', '\t']);
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_ascii_alphanumeric() || "_:'-".contains(c))
        .last()
        .map_or(before.len(), |(i, _)| i);
    let previous = &before[word_start..];
    if positives.contains(&Rule::p_colon) && previous.contains(':') {
        return Some(format!(
            "`{previous}` was read as one name (names may contain `:`, as in `2:a3`); put a \
             space after the `:`"
        ));
    }
    None
}

/// A suggestion for the found token: a close keyword, a hint for common slips, or the
/// list of what may go here.
fn hint(found: &Found, positives: &[Rule]) -> Option<String> {
    if let Found::Word(w) = found {
        let all = positives
            .iter()
            .flat_map(|r| words::candidates(*r).iter().copied());
        if let Some(near) = words::closest(w, all) {
            return Some(format!("did you mean `{}`?", spelled_out(near, positives)));
        }
        if (positives.contains(&Rule::letter) || positives.contains(&Rule::piece_letter))
            && w.chars().count() > 1
        {
            return Some("a piece letter is a single letter, like `N`".into());
        }
    }
    if *found == Found::Char('\\') {
        return Some(
            "a `\\` continues a statement on the next line, so it must end its line".into(),
        );
    }
    if matches!(found, Found::Char('.')) && positives.contains(&Rule::path_step) {
        return Some("a path joins direction names with single dots, like `n.n.e`".into());
    }
    if *found == Found::EndOfLine && positives.contains(&Rule::p_lbrace) {
        return Some("a block's `{` goes at the end of its header line".into());
    }
    if let Found::Str(true) = found {
        if positives.contains(&Rule::letter)
            || positives.contains(&Rule::piece_letter)
            || positives.contains(&Rule::tag_text)
        {
            return Some("write the letter without quotes".into());
        }
    }
    positives.iter().find_map(|r| words::choices_help(*r))
}

/// Keywords that only make sense with the word after them.
fn spelled_out<'a>(word: &'a str, positives: &[Rule]) -> &'a str {
    let in_event = positives.contains(&Rule::event);
    match word {
        "en" if positives.contains(&Rule::modifier) || positives.contains(&Rule::item) => {
            "en passant"
        }
        "creates" => "creates en passant",
        "may" => "may promote",
        "no" if in_event => "no moves",
        "royal" if in_event => "royal captured",
        "last" if in_event => "last player",
        "captor" => "captor controls",
        "most" => "most royals",
        _ => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn help_for(text: &str, pos: usize, positives: &[Rule]) -> String {
        let (found, _) = Found::at(text, pos);
        help(text, pos, &found, positives, None).unwrap_or_default()
    }

    #[test]
    fn suggests_the_closest_keyword_and_the_syntax() {
        let text = "piece p P {\n  stpe n\n}";
        let help = help_for(text, 14, &[Rule::piece_item, Rule::p_rbrace]);
        assert_eq!(help, "did you mean `step`?");
        let help = help_for("end checkmate: loose", 15, &[Rule::outcome]);
        assert_eq!(
            help,
            "did you mean `lose`?\nsyntax: end EVENT: OUTCOME, ...  |  end if CONDITION: OUTCOME, ..."
        );
    }

    #[test]
    fn multi_word_keywords_are_spelled_out() {
        let help = help_for("end royl captured: draw", 4, &[Rule::event]);
        assert!(help.starts_with("did you mean `royal captured`?"), "{help}");
        let help = help_for(
            "piece p P {\n  step n craetes en passant\n}",
            21,
            &[Rule::modifier],
        );
        assert!(
            help.starts_with("did you mean `creates en passant`?"),
            "{help}"
        );
    }

    #[test]
    fn reserved_words_explain_themselves() {
        let text = "piece p P {\n  step to empty\n}";
        let (found, _) = Found::at(text, 19);
        let reserved = Some(("to".to_string(), Rule::path_step));
        let help = help(text, 19, &found, &[Rule::path], reserved).unwrap();
        assert!(help.starts_with("`to` starts a move modifier"), "{help}");
    }

    #[test]
    fn statement_specific_hints() {
        let text = "castle \"O-O\" for white: king e1 to g1\n";
        let help = help_for(text, text.len() - 1, &[Rule::p_comma]);
        assert!(help.starts_with("castling moves two pieces"), "{help}");
        let help = help_for("setup white:K e1", 14, &[Rule::p_colon]);
        assert!(help.starts_with("`white:K` was read as one name"), "{help}");
        let help = help_for("dirs a = n \\ e", 11, &[Rule::p_comma, Rule::eol]);
        assert!(help.starts_with("a `\\` continues a statement"), "{help}");
        let help = help_for("step n", 0, &[Rule::item]);
        assert!(
            help.starts_with("`step` goes inside a piece block"),
            "{help}"
        );
    }
}
