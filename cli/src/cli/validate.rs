//! `chessgraph validate FILE...`: a one-line summary per good file, every diagnostic
//! of a bad one, and exit status 1 when any file has errors.

use super::error::CliError;
use super::locate::rules_in;
use super::term::Term;
use chessgraph::Variant;
use dsl::board::load_board;
use dsl::SourceFile;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Reads a text file of at most the dsl's size limit.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let limit = dsl::limits::MAX_FILE_BYTES;
    let file = std::fs::File::open(path).map_err(|e| CliError::io("read", path, e))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io("read", path, e))?;
    if bytes.len() > limit {
        return Err(CliError::io(
            "read",
            path,
            format!("the file is larger than {limit} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| CliError::io("read", path, "the file is not UTF-8 text"))
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One summary line of a compiled variant.
pub fn variant_summary(v: &Variant, warnings: usize) -> String {
    let players: Vec<&str> = v.players().iter().map(|p| p.name.as_str()).collect();
    let letters: Vec<String> = v
        .piece_types()
        .iter()
        .map(|t| t.symbol(true).to_string())
        .collect();
    let options: Vec<String> = v
        .options()
        .iter()
        .map(|o| format!("{}={}", o.name, o.value))
        .collect();
    let mut s = format!(
        "{}: {}, {}, {} ({}), {} ({})",
        v.name(),
        plural(v.cell_count(), "cell"),
        plural(v.board().directions.len(), "direction"),
        plural(players.len(), "player"),
        players.join(", "),
        plural(letters.len(), "piece type"),
        letters.concat(),
    );
    if options.is_empty() {
        s.push_str(", no options");
    } else {
        s.push_str(&format!(
            ", {} ({})",
            plural(options.len(), "option"),
            options.join(", ")
        ));
    }
    if warnings > 0 {
        s.push_str(&format!(", {}", plural(warnings, "warning")));
    }
    s
}

/// What a path holds.
enum Kind {
    Rules(PathBuf),
    Board,
}

fn kind(path: &Path) -> Result<Kind, CliError> {
    if path.is_dir() {
        return Ok(Kind::Rules(rules_in(path)?));
    }
    match path.extension().and_then(|x| x.to_str()) {
        Some("rules") => Ok(Kind::Rules(path.to_path_buf())),
        Some("yaml" | "yml") => Ok(Kind::Board),
        _ if !path.exists() => Err(CliError::io("read", path, "no such file or directory")),
        _ => Err(CliError::NotAVariant {
            path: path.to_path_buf(),
            help:
                "validate reads `*.rules` rule files, `*.yaml` board files and variant directories"
                    .into(),
        }),
    }
}

/// Checks one file; `Ok(true)` when it is good.
fn check(path: &Path, t: &mut Term) -> Result<bool, CliError> {
    match kind(path)? {
        Kind::Rules(rules) => match Variant::load(&rules, &[]) {
            Ok(loaded) => {
                let n = loaded.warnings.0.len();
                if n > 0 {
                    let text = t.report.render_all(&loaded.warnings);
                    t.eprint(&text)?;
                }
                t.print(&format!(
                    "{}: ok, {}\n",
                    rules.display(),
                    variant_summary(&loaded.variant, n)
                ))?;
                Ok(true)
            }
            Err(chessgraph::Error::Variant(ds)) => {
                let text = t.report.render_all(&ds);
                t.eprint(&format!("{text}\n"))?;
                t.print(&format!("{}: {ds}\n", rules.display()))?;
                Ok(false)
            }
            Err(e) => Err(e.into()),
        },
        Kind::Board => {
            let file = SourceFile::new(path.display().to_string(), read_text(path)?);
            match load_board(&file) {
                Ok((b, warnings)) => {
                    if !warnings.is_empty() {
                        let text = t.report.render_all(&warnings);
                        t.eprint(&text)?;
                    }
                    let mut s = format!(
                        "{}: ok, board {}: {}, {}, {}, {}, {}",
                        path.display(),
                        b.name,
                        plural(b.cells.len(), "cell"),
                        plural(b.directions.len(), "direction"),
                        plural(b.edges.len(), "edge"),
                        plural(b.zones.len(), "zone"),
                        plural(b.seats.len(), "seat"),
                    );
                    if !warnings.is_empty() {
                        s.push_str(&format!(", {}", plural(warnings.0.len(), "warning")));
                    }
                    t.print(&format!("{s}\n"))?;
                    Ok(true)
                }
                Err(ds) => {
                    let text = t.report.render_all(&ds);
                    t.eprint(&format!("{text}\n"))?;
                    t.print(&format!("{}: {ds}\n", path.display()))?;
                    Ok(false)
                }
            }
        }
    }
}

/// Checks every file; an unreadable one is reported and counted as failed.
pub fn run(files: &[PathBuf], t: &mut Term) -> Result<(), CliError> {
    let mut failed = 0;
    for given in files {
        // A variant name (`validate chess`) means its folder, as for every command;
        // a path that does not exist is reported as such.
        let located = (!given.exists()).then(|| super::locate::locate(&given.to_string_lossy()));
        let checked = match located {
            None => check(given, t),
            Some(Ok(l)) => check(&l.dir, t),
            Some(Err(_)) if given.components().count() > 1 => check(given, t),
            Some(Err(e)) => Err(e),
        };
        match checked {
            Ok(true) => {}
            Ok(false) => failed += 1,
            Err(e) => {
                let text = t.report.render_error(&e);
                t.eprint(&text)?;
                t.print(&format!("{}: error\n", given.display()))?;
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return Err(CliError::Invalid {
            failed,
            total: files.len(),
        });
    }
    Ok(())
}
