//! The command line: [`args`] parses, [`config`] validates, one file per command
//! runs it, and `main` renders whatever error comes back.

mod analyse;
pub mod args;
mod board;
pub mod config;
mod error;
pub mod interrupt;
mod load;
mod locate;
mod moves;
mod perft;
mod play;
pub mod protocol;
mod records;
mod render;
mod replay;
pub mod report;
mod selfplay;
mod show;
mod snapshot;
pub mod term;
mod tune;
mod uci;
mod validate;
mod view;
mod xboard;

pub use error::CliError;

use config::Config;
use protocol::out::Out;
use std::io::BufRead;
use term::Term;

/// Runs an engine protocol session (`uci`, `xboard`) on `input`, answering on `out`.
/// Its search thread writes too, so the caller must not hold standard output
/// locked; other commands do nothing here.
pub fn engine(config: &Config, input: &mut dyn BufRead, out: Out) -> Result<(), CliError> {
    match config {
        Config::Uci { variants } => uci::run(variants, input, out),
        Config::Xboard { variants } => xboard::run(variants, input, out),
        _ => Ok(()),
    }
}

/// `serve`: binds, says where, and serves until the process is stopped.
fn serve(config: &web::ServeConfig, t: &mut Term) -> Result<(), CliError> {
    let server = web::Server::bind(config).map_err(CliError::Serve)?;
    t.print(&format!(
        "chessgraph serves the variants of {} at http://{}/ (Ctrl-C stops it)\n",
        config.variants.display(),
        server.local_addr()
    ))?;
    server.run();
    Ok(())
}

/// True for the commands [`engine`] runs.
pub fn is_engine(config: &Config) -> bool {
    matches!(config, Config::Uci { .. } | Config::Xboard { .. })
}

/// Runs one command; `input` is what `play` reads. Engine protocols go through
/// [`engine`] instead (answered here with nothing).
pub fn run(config: &Config, input: &mut dyn BufRead, t: &mut Term) -> Result<(), CliError> {
    match config {
        Config::Uci { .. } | Config::Xboard { .. } => Ok(()),
        Config::Serve(c) => serve(c, t),
        Config::Analyse {
            variant,
            position,
            moves,
            limits,
            lines,
        } => analyse::run(
            variant,
            &analyse::Options {
                position: position.as_deref(),
                moves,
                limits: *limits,
                lines: *lines,
            },
            t,
        ),
        Config::Validate { files } => validate::run(files, t),
        Config::Board { file } => board::run(file, t),
        Config::Moves {
            variant,
            position,
            moves,
            long,
            view,
            batch: false,
        } => moves::run(
            variant,
            position.as_deref(),
            moves,
            *long,
            view.as_deref(),
            t,
        ),
        Config::Moves {
            variant,
            position,
            batch: true,
            ..
        } => moves::batch(variant, position.as_deref(), input, t),
        Config::Perft {
            variant,
            depth,
            position,
            divide,
            threads,
        } => perft::run(variant, *depth, position.as_deref(), *divide, *threads, t),
        Config::Snapshot {
            variant,
            review,
            out,
        } => snapshot::run(variant, review, out, t),
        Config::Play {
            variant,
            position,
            seats,
            limits,
            samples,
            multi,
            record,
        } => play::run(
            variant,
            &play::Options {
                position: position.as_deref(),
                seats,
                limits: *limits,
                samples: *samples,
                multi: *multi,
                record: record.as_deref(),
            },
            input,
            t,
        ),
        Config::Selfplay { .. } => selfplay::run(config, t),
        Config::Replay { file, final_only } => replay::run(file, *final_only, t),
        Config::Tune { .. } => tune::run(config, t),
        Config::Render {
            variant,
            position,
            moves,
            from,
            output,
            view,
        } => render::run(
            variant,
            &render::Options {
                position: position.as_deref(),
                moves,
                from: from.as_deref(),
                output: output.as_deref(),
                view: view.as_deref(),
            },
            t,
        ),
    }
}
