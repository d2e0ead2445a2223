//! Game records from the command line: the tags a command writes, and finding the
//! variant a record names.

use super::config::VariantSpec;
use super::error::CliError;
use super::locate::locate;
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
