//! The `chessgraph` binary: validate, inspect and play variants described as data.
//!
//! `cli::args` parses the command line, `cli::config` checks it, `cli::run` runs the
//! command; only this file turns an error into text and an exit status.

mod cli;

use clap::Parser;
use cli::args::Args;
use cli::config::Config;
use cli::protocol::out::Out;
use cli::report::Reporter;
use cli::term::Term;
use cli::CliError;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Args::parse();
    let report = Reporter::from_env();
    let config = Config::from_args(args);
    // Engine protocols answer from two threads (commands, search): standard output
    // stays unlocked for them.
    if let Ok(c) = &config {
        if cli::is_engine(c) {
            let result = cli::engine(c, &mut std::io::stdin().lock(), Out::stdout());
            return match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    let text = report.render_error(&e);
                    let _ = std::io::stderr().write_all(text.as_bytes());
                    ExitCode::FAILURE
                }
            };
        }
    }
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let mut t = Term {
        out: &mut out,
        err: &mut err,
        report: report.clone(),
    };
    let stdin = std::io::stdin();
    let result = config.and_then(|c| {
        // `play` reads through a thread that Ctrl-C can stop (the game then ends
        // with its record, exit status 130); other commands read standard input.
        let interruptible = match c {
            Config::Play { .. } => cli::interrupt::Input::stdin(),
            _ => None,
        };
        match interruptible {
            Some(mut input) => cli::run(&c, &mut input, &mut t),
            None => cli::run(&c, &mut stdin.lock(), &mut t),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Interrupted) => {
            let _ = t.eprint("interrupted\n");
            ExitCode::from(130)
        }
        // A closed pipe on the standard streams: nothing more can be said.
        Err(CliError::Io {
            action: "write",
            path,
            ..
        }) if path.as_os_str() == "standard output" || path.as_os_str() == "standard error" => {
            ExitCode::from(1)
        }
        Err(e) => {
            let text = report.render_error(&e);
            let _ = t.eprint(&text);
            ExitCode::FAILURE
        }
    }
}
