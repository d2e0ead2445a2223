//! The UCI options: what `uci` declares, and `setoption` read into a typed setting.

use super::super::protocol::catalogue::Catalogue;
use super::super::protocol::input::quote;

/// Transposition table size at start (MB).
pub const DEFAULT_HASH: usize = 16;
/// Largest table accepted (MB), as [`chessgraph::search::Searcher::set_table_megabytes`]
/// allows.
pub const MAX_HASH: usize = 4096;
/// Most best lines (`MultiPV`), as [`chessgraph::search::Searcher::set_lines`] allows.
pub const MAX_LINES: usize = 64;

/// One `setoption`, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Hash`: table size in MB.
    Hash(usize),
    /// `Clear Hash`: forget what the search learnt.
    ClearHash,
    /// `MultiPV`: how many best lines each search reports.
    Lines(usize),
    /// `Threads`: accepted; the search uses one thread.
    Threads,
    /// `UCI_Variant`: the variant to play.
    Variant(String),
    /// `UCI_Chess960`: chess from Chess960 setups (the `chess960` variant).
    Chess960(bool),
    /// `VariantPath`: a folder of further variant folders (empty: none).
    VariantPath(String),
    /// An option GUIs send that changes nothing here (`Ponder`, `UCI_AnalyseMode`,
    /// `UCI_Opponent`...).
    Ignored(String),
}

/// The `option` lines of the `uci` answer. `variant` is the combo's default.
pub fn declarations(catalogue: &Catalogue, variant: &str) -> Vec<String> {
    let vars: String = catalogue.names().map(|n| format!(" var {n}")).collect();
    vec![
        format!("option name UCI_Variant type combo default {variant}{vars}"),
        "option name UCI_Chess960 type check default false".into(),
        "option name VariantPath type string default <empty>".into(),
        format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
        "option name Clear Hash type button".into(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_LINES}"),
        "option name Threads type spin default 1 min 1 max 1".into(),
    ]
}

/// A whole number from `lo` to `hi`.
fn number(name: &str, value: &str, lo: usize, hi: usize) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name} takes a whole number from {lo} to {hi}, not `{}`",
            quote(value, 40)
        )),
    }
}

/// Reads the words after `setoption`: `name NAME [value VALUE]`, where NAME and
/// VALUE may hold spaces.
pub fn parse(args: &str) -> Result<Setting, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.first() != Some(&"name") {
        return Err("setoption needs `name NAME [value VALUE]`".into());
    }
    let at_value = words.iter().position(|&w| w == "value");
    let name = words[1..at_value.unwrap_or(words.len())].join(" ");
    let value = at_value.map_or(String::new(), |i| words[i + 1..].join(" "));
    let value = value.as_str();
    Ok(match name.to_ascii_lowercase().as_str() {
        "hash" => Setting::Hash(number("Hash", value, 1, MAX_HASH)?),
        "clear hash" => Setting::ClearHash,
        "multipv" => Setting::Lines(number("MultiPV", value, 1, MAX_LINES)?),
        "threads" => {
            number("Threads", value, 1, 1024)?;
            Setting::Threads
        }
        "uci_variant" if value.is_empty() => return Err("UCI_Variant needs a value".into()),
        "uci_variant" => Setting::Variant(value.to_owned()),
        "uci_chess960" => match value.to_ascii_lowercase().as_str() {
            "true" => Setting::Chess960(true),
            "false" => Setting::Chess960(false),
            _ => {
                return Err(format!(
                    "UCI_Chess960 is true or false, not `{}`",
                    quote(value, 40)
                ))
            }
        },
        "variantpath" => Setting::VariantPath(match value {
            "<empty>" => String::new(),
            v => v.to_owned(),
        }),
        "ponder" | "uci_analysemode" | "uci_opponent" | "uci_showwdl" | "uci_limitstrength"
        | "uci_elo" | "move overhead" => Setting::Ignored(name),
        "" => return Err("setoption needs an option name".into()),
        _ => return Err(format!("no option `{}`", quote(&name, 40))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_and_checked() {
        assert_eq!(parse("name Hash value 64"), Ok(Setting::Hash(64)));
        assert_eq!(parse("name MultiPV value 3"), Ok(Setting::Lines(3)));
        assert_eq!(parse("name Clear Hash"), Ok(Setting::ClearHash));
        assert_eq!(
            parse("name UCI_Variant value capablanca"),
            Ok(Setting::Variant("capablanca".into()))
        );
        assert_eq!(
            parse("name VariantPath value /tmp/my variants"),
            Ok(Setting::VariantPath("/tmp/my variants".into()))
        );
        assert_eq!(
            parse("name UCI_Chess960 value true"),
            Ok(Setting::Chess960(true))
        );
        assert_eq!(parse("name Threads value 4"), Ok(Setting::Threads));
        assert!(parse("name Hash value 0").is_err());
        assert!(parse("name Hash value lots").is_err());
        assert!(parse("name MultiPV value 65").is_err());
        assert!(parse("name Frobnicate value 1").is_err());
        assert!(parse("Hash 3").is_err());
        assert!(parse("name").is_err());
        assert!(parse("name UCI_Variant").is_err());
    }
}
