//! Game records from the command line: the tags a command writes, and finding the
//! variant a record names.

use super::config::VariantSpec;
use super::error::CliError;
use super::locate::{locate, Located};
use chessgraph::record::GameRecord;
use chessgraph::Position;
use std::path::Path;

/// How the record names the variant: its short name when that finds the same rule
/// file again, else the rule file's path.
pub fn variant_tag(spec: &VariantSpec) -> String {
    let same = locate(&spec.at.name)
        .ok()
        .and_then(|l| std::fs::canonicalize(l.rules).ok())
        .zip(std::fs::canonicalize(&spec.at.rules).ok())
        .is_some_and(|(a, b)| a == b);
    if same {
        spec.at.name.clone()
    } else {
        spec.at.rules.display().to_string()
    }
}

/// Variant names other programs write (python-chess, lichess) for variants of this
/// repository that are the same game, with ours. Records we write carry our own
/// names, which python-chess also reads (`chess` as standard chess); this table only
/// lets `replay` read theirs. Notation, not rules: no rule depends on it.
const OTHER_NAMES: [(&str, &str); 8] = [
    ("standard", "chess"),
    ("from position", "chess"),
    ("king of the hill", "kingofthehill"),
    ("three-check", "3check"),
    ("racing kings", "racingkings"),
    ("fischerandom", "chess960"),
    ("fischer random", "chess960"),
    ("chess 960", "chess960"),
];

/// Finds the variant a record's Variant tag names: a name or path as `locate` takes
/// it, else another program's name for one of ours, in any case (`Atomic`, `King of
/// the Hill`).
pub fn locate_tagged(name: &str) -> Result<Located, CliError> {
    locate(name).or_else(|e| {
        let lower = name.trim().to_ascii_lowercase();
        let ours = OTHER_NAMES
            .iter()
            .find(|(other, _)| *other == lower)
            .map_or(lower.as_str(), |(_, ours)| ours);
        locate(ours).map_err(|_| e)
    })
}

/// A record with the Variant and Options tags of `spec`.
pub fn new_record(spec: &VariantSpec) -> GameRecord {
    let mut r = GameRecord::new(&variant_tag(spec));
    let options: Vec<String> = spec
        .options
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    r.set_tag("Options", &options.join(" "));
    r
}

/// The tags of the start position: a game from a given position (`given`) has
/// `SetUp "1"` with `FEN` (or the variant's `Position` string when FEN cannot say it);
/// a game from the variant's start with options has `SetUp "1"` and `FEN` when FEN
/// can say it, as options may choose the start (a Chess960 array) and other programs
/// know the variant only by its name. Mines and other starts FEN cannot describe
/// are left to the Options tag.
pub fn start_tags(record: &mut GameRecord, spec: &VariantSpec, pos: &Position, given: bool) {
    if given {
        record.set_start(pos);
    } else if !spec.options.is_empty() {
        record.set_fen_start(pos);
    }
}

/// Writes `record` to `path`.
pub fn write(path: &Path, record: &GameRecord) -> Result<(), CliError> {
    std::fs::write(path, record.to_string()).map_err(|e| CliError::io("write", path, e))
}
