//! `chessgraph selfplay VARIANT --games N`: the computer against itself or against
//! random movers, and a table of results per seat.
//!
//! Every game is refereed by [`chessgraph::search::play_game`], which checks each move
//! against the legal moves, and can be written as a record for `replay`.

use super::config::Config;
use super::error::CliError;
use super::load;
use super::records;
use super::term::Term;
use chessgraph::search::{play_game, Decide, Limits, MultiPlayer, RandomMover, Searcher};
use chessgraph::{Move, Position, Score, Variant};
use std::io::IsTerminal;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A computer seat that times its thinking and sums the depths it reaches, after
/// some random opening moves.
struct Timed {
    searcher: Searcher,
    spent: Duration,
    moves: u64,
    /// Depths reached, summed over the moves searched whole (not under hidden
    /// information, where samples vote), and how many such moves.
    depths: (u64, u64),
    opening: RandomMover,
    random_left: u32,
}

impl Decide for Timed {
    fn decide(&mut self, pos: &mut Position) -> Option<Move> {
        if self.random_left > 0 {
            self.random_left -= 1;
            return self.opening.decide(pos);
        }
        let t = Instant::now();
        let m = if pos.variant().has_hidden_state() {
            self.searcher.decide(pos)
        } else {
            self.searcher.search(pos).map(|r| {
                if r.depth > 0 {
                    self.depths.0 += r.depth as u64;
                    self.depths.1 += 1;
                }
                r.best
            })
        };
        self.spent += t.elapsed();
        self.moves += 1;
        m
    }
}

/// Totals of one seat.
#[derive(Default)]
struct Row {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Results that were other shares of a point (Glinski's 3/4 for a stalemate):
    /// counted in `points` only.
    shares: u32,
    points: f64,
}

impl Row {
    /// Counts one result.
    fn count(&mut self, v: &Variant, s: Score) {
        match s {
            Score::Win => self.wins += 1,
            Score::Draw => self.draws += 1,
            Score::Loss => self.losses += 1,
            Score::Share(_) => self.shares += 1,
        }
        self.points += v.points(s);
    }
}

/// The results table.
fn table(v: &Variant, kinds: &[String], rows: &[Row], games: u32, plies: u64, cut: u32) -> String {
    let mut s = format!(
        "{:<10} {:<22} {:>5} {:>5} {:>5} {:>8}\n",
        "seat", "player", "wins", "draws", "losses", "points"
    );
    for ((p, k), r) in v.players().iter().zip(kinds).zip(rows) {
        s += &format!(
            "{:<10} {:<22} {:>5} {:>5} {:>5} {:>8}\n",
            p.name, k, r.wins, r.draws, r.losses, r.points
        );
    }
    s += &format!(
        "{games} games, average length {:.1} plies, {cut} stopped by the length guard (counted as draws)\n",
        plies as f64 / games as f64
    );
    let shares: u32 = rows.iter().map(|r| r.shares).sum();
    if shares > 0 {
        s += &format!("{shares} results were other shares of a point (counted in points only)\n");
    }
    s
}

/// A progress bar on the message stream, only when it is a terminal.
fn progress(done: u32, total: u32, t: &mut Term) -> Result<(), CliError> {
    if !std::io::stderr().is_terminal() {
        return Ok(());
    }
    let width = 30;
    let filled = (done as usize * width) / total.max(1) as usize;
    let bar: String = "#".repeat(filled) + &"-".repeat(width - filled);
    let end = if done == total { "\n" } else { "" };
    t.eprint(&format!("\r[{bar}] {done}/{total}{end}"))
}

/// The computer's column heading: its limits, and `--samples` when given.
fn describe(limits: &Limits, samples: Option<usize>) -> String {
    let s = match (limits.depth, limits.time) {
        (Some(d), Some(t)) => format!("computer d{d} {}ms", t.as_millis()),
        (Some(d), None) => format!("computer depth {d}"),
        (None, Some(t)) => format!("computer {}ms", t.as_millis()),
        (None, None) => "computer".into(),
    };
    match samples {
        Some(n) => format!("{s}, {n} samples"),
        None => s,
    }
}

/// Runs `selfplay`.
pub fn run(config: &Config, t: &mut Term) -> Result<(), CliError> {
    let Config::Selfplay {
        variant: spec,
        games,
        limits,
        samples,
        seed,
        random,
        computer,
        max_plies,
        random_opening,
        records,
        multi,
        challenger,
    } = config
    else {
        return Ok(());
    };
    let v = load::variant(spec, t)?;
    let n = v.players().len();
    let computer_seat = match computer {
        None => 0,
        Some(name) => player_index(&v, name)?,
    };
    let is_computer = |p: usize| !*random || p == computer_seat;
    let kinds: Vec<String> = (0..n)
        .map(|p| {
            if is_computer(p) {
                describe(limits, *samples)
            } else {
                "random".into()
            }
        })
        .collect();
    if let Some(dir) = records {
        std::fs::create_dir_all(dir).map_err(|e| CliError::io("write", dir, e))?;
    }
    let mut computers: Vec<Timed> = (0..n)
        .map(|_| Timed {
            searcher: {
                let mut s = Searcher::new(&v, *limits);
                if let Some(n) = *samples {
                    s.set_samples(n);
                }
                s
            },
            spent: Duration::ZERO,
            moves: 0,
            depths: (0, 0),
            opening: RandomMover::new(0),
            random_left: 0,
        })
        .collect();
    let mut rows: Vec<Row> = (0..n).map(|_| Row::default()).collect();
    // The challenger's seat in game g is g mod n; its results are summed apart.
    let mut challenger_row = Row::default();
    let (mut plies, mut cut) = (0u64, 0u32);
    progress(0, *games, t)?;
    for g in 0..*games {
        let game_seed = seed.wrapping_add(g as u64);
        let mut randoms: Vec<RandomMover> = (0..n)
            .map(|p| RandomMover::new(game_seed.wrapping_mul(31).wrapping_add(p as u64)))
            .collect();
        let mut seats: Vec<&mut dyn Decide> = Vec::with_capacity(n);
        for (p, (c, r)) in computers.iter_mut().zip(randoms.iter_mut()).enumerate() {
            c.searcher.clear();
            let challenges = challenger.is_some() && p == g as usize % n;
            c.searcher.set_multi_player(if challenges {
                challenger.unwrap_or(*multi)
            } else {
                *multi
            });
            c.opening = RandomMover::new(game_seed.wrapping_mul(977).wrapping_add(p as u64));
            c.random_left = *random_opening;
            seats.push(if is_computer(p) { c } else { r });
        }
        let mut record = records::new_record(spec);
        record.set_tag("Seed", &game_seed.to_string());
        record.set_tag("Game", &(g + 1).to_string());
        for (p, k) in v.players().iter().zip(&kinds) {
            record.set_tag(&chessgraph::record::GameRecord::player_tag(&p.name), k);
        }
        let mut pos = Position::start(&v);
        records::start_tags(&mut record, spec, &pos, false);
        let end = play_game(&mut pos, &mut seats, *max_plies, &mut record)?;
        plies += end.plies as u64;
        let scores = end.scores.unwrap_or_else(|| {
            cut += 1;
            vec![Score::Draw; n]
        });
        for (row, &s) in rows.iter_mut().zip(&scores) {
            row.count(&v, s);
        }
        if challenger.is_some() {
            challenger_row.count(&v, scores[g as usize % n]);
        }
        if let Some(dir) = records {
            records::write(&dir.join(format!("game-{:04}.pgn", g + 1)), &record)?;
        }
        progress(g + 1, *games, t)?;
    }
    let (spent, moves) = computers
        .iter()
        .fold((Duration::ZERO, 0), |(s, m), c| (s + c.spent, m + c.moves));
    let per_move = if moves == 0 {
        0.0
    } else {
        spent.as_secs_f64() * 1000.0 / moves as f64
    };
    let (depth_sum, searched) = computers
        .iter()
        .fold((0, 0), |(d, n), c| (d + c.depths.0, n + c.depths.1));
    let depth = if searched == 0 {
        String::new()
    } else {
        format!(
            ", depth {:.1} reached on average",
            depth_sum as f64 / searched as f64
        )
    };
    let challenge = match challenger {
        Some(c) => challenge_line(*c, *multi, &challenger_row, &rows, *games),
        None => String::new(),
    };
    t.print(&format!(
        "{} — {}\n{}{challenge}computer: {moves} moves, {per_move:.1} ms per move on average{depth}\n",
        v.name(),
        spec.at.name,
        table(&v, &kinds, &rows, *games, plies, cut)
    ))
}

/// The challenger's total: its points, and its share of all points given.
fn challenge_line(
    c: MultiPlayer,
    others: MultiPlayer,
    row: &Row,
    rows: &[Row],
    games: u32,
) -> String {
    let all: f64 = rows.iter().map(|r| r.points).sum();
    let share = if all > 0.0 {
        100.0 * row.points / all
    } else {
        0.0
    };
    format!(
        "challenger {} (one seat, rotating) against {}: {} wins, {} draws, {} losses, {} points of {all} ({share:.1}%) in {games} games\n",
        c.name(),
        others.name(),
        row.wins,
        row.draws,
        row.losses,
        row.points
    )
}

/// The players called `name`: one player, or every member of the team of that name.
pub fn players_named(v: &Arc<Variant>, name: &str) -> Result<Vec<usize>, CliError> {
    let team = v
        .teams()
        .iter()
        .find(|(t, _)| t.eq_ignore_ascii_case(name.trim()));
    match team {
        Some(&(_, members)) if player_index(v, name).is_err() => Ok((0..v.players().len())
            .filter(|p| members & (1 << p) != 0)
            .collect()),
        _ => Ok(vec![player_index(v, name)?]),
    }
}

/// The index of the player called `name`.
pub fn player_index(v: &Arc<Variant>, name: &str) -> Result<usize, CliError> {
    v.players()
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| CliError::Seat {
            given: format!(
                "no player `{}` in {}",
                name.chars().take(60).collect::<String>(),
                v.name()
            ),
            help: format!(
                "the players are: {}{}",
                v.players()
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                if v.teams().is_empty() {
                    String::new()
                } else {
                    let teams: Vec<&str> = v.teams().iter().map(|(t, _)| t.as_str()).collect();
                    format!("; the teams: {}", teams.join(", "))
                }
            ),
        })
}
