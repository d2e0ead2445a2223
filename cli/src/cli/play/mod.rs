//! `chessgraph play VARIANT`: people at one terminal, any number of players, and the
//! computer in any seat (`--seat black=computer`).
//!
//! The loop reads one line at a time from any `BufRead`, so it works the same on a
//! terminal and on piped input (tests drive it that way); the end of input stops
//! the game cleanly with its record printed (and written with `--record FILE`), and
//! so does Ctrl-C (then the exit status is 130; see `cli::interrupt`).

mod armies;
mod command;
mod explain;
mod hidden;
mod input;

use super::config::VariantSpec;
use super::error::CliError;
use super::interrupt;
use super::load;
use super::records;
use super::selfplay::players_named;
use super::show;
use super::term::Term;
use armies::Armies;
use chessgraph::record::{result_text, GameRecord, PASS};
use chessgraph::san::{parse_move_with_offer, parse_move_with_offer_among};
use chessgraph::search::Shown as Value;
use chessgraph::search::{Limits, MultiPlayer, Searcher};
use chessgraph::{Outcome, Position, Score};
use command::{Line, HELP};
use std::io::BufRead;
use std::path::Path;

/// What `play` is asked to do besides the variant.
pub struct Options<'a> {
    /// Start position text.
    pub position: Option<&'a str>,
    /// `(player name, is computer)`.
    pub seats: &'a [(String, bool)],
    /// The computer's limits (also for hints).
    pub limits: Limits,
    /// Positions searched under hidden information (`None`: the searcher's default).
    pub samples: Option<usize>,
    /// How the computer (and `hint`) searches three or more players.
    pub multi: MultiPlayer,
    /// Where to write the record.
    pub record: Option<&'a Path>,
}

/// The computer's choice of a move.
struct Suggestion {
    best: chessgraph::Move,
    /// In SAN.
    text: String,
    /// Depth and value, when a search gave them.
    about: Option<String>,
    /// The line the search expects, in SAN with move numbers.
    line: Option<String>,
}

/// How many times a draw offer is asked again after an unclear answer.
const ASKS: usize = 5;

/// How the game ended.
enum End {
    /// By the rules (or a resignation that left one player).
    Finished(String, Vec<Score>),
    /// All players agreed to a draw.
    Agreed(Vec<Score>),
    /// `quit`.
    Quit,
    /// The input ended.
    Eof,
    /// Ctrl-C.
    Interrupted,
}

/// A game in progress.
struct Game {
    pos: Position,
    record: GameRecord,
    /// A player whose draw offer was declined and who has not moved since: his next
    /// move is recorded with the variant's draw mark (`notation draw`), if it has one.
    offer: Option<u8>,
    /// Per player: played by the computer.
    computer: Vec<bool>,
    searcher: Searcher,
    /// Who made each move of the record (a resignation included), for `undo`.
    movers: Vec<u8>,
    /// The player whose resignation ended the game, for the end message.
    resigned: Option<u8>,
}

impl Game {
    /// Draws the board for the player to move; the prompt follows when a person is
    /// to move (the computer's move follows at once otherwise).
    fn show(&mut self, t: &mut Term) -> Result<(), CliError> {
        let prompt = if self.computer_to_move() { "" } else { "> " };
        t.print(&format!(
            "\n{}{}\n{prompt}",
            drawing(hidden::board(&self.pos), &self.pos),
            show::turn(&self.pos)
        ))
    }

    /// `board`: the drawing, then the position as text.
    fn show_with_position(&mut self, t: &mut Term) -> Result<(), CliError> {
        let prompt = if self.computer_to_move() { "" } else { "> " };
        t.print(&format!(
            "\n{}{}{}\n{prompt}",
            drawing(hidden::board(&self.pos), &self.pos),
            hidden::position_text(&self.pos),
            show::turn(&self.pos)
        ))
    }

    /// `svg FILE`: the board as the SVG drawing of `render`.
    fn write_svg(&mut self, file: &str, t: &mut Term) -> Result<(), CliError> {
        let path = Path::new(file);
        match std::fs::write(path, chessgraph::draw::svg(&self.pos, &[])) {
            Ok(()) => t.print(&format!("wrote {}\n> ", path.display())),
            Err(e) => {
                t.eprint(&format!("cannot write {}: {e}\n", path.display()))?;
                t.print("> ")
            }
        }
    }

    /// Makes `m`, records it as `text` (with the draw mark after it when the mover
    /// offered a draw, then the referee's announcements) and announces eliminations
    /// and armies changing hands.
    fn make(&mut self, m: chessgraph::Move, text: String, t: &mut Term) -> Result<(), CliError> {
        let before = Armies::of(&self.pos);
        let (turn, me) = (self.pos.move_number(), self.pos.to_move());
        let text = match self.offer.take() {
            Some(p) if p == me => text + &self.pos.variant().notation_marks().draw,
            _ => text,
        };
        let since = self.pos.announcements().len();
        self.pos.make(m);
        self.record.push_made(&self.pos, since, turn, me, text);
        self.movers.push(me);
        for news in hidden::announced(&self.pos, since) {
            t.print(&format!("referee: {news}\n"))?;
            self.record.comment(news);
        }
        for line in before.news(&Armies::of(&self.pos), &self.pos) {
            self.record.comment(line.clone());
            t.print(&format!("{line}\n"))?;
        }
        Ok(())
    }

    /// True when the computer plays the player to move.
    fn computer_to_move(&self) -> bool {
        self.is_computer(self.pos.to_move())
    }

    /// The computer's choice for the player to move: the move, its SAN, and what
    /// the search says about it (`depth 6, +0.35 for white`) with the line it
    /// expects, when the variant hides nothing (under hidden information the choice
    /// is a vote of searches of guessed positions: there is no one line to show).
    fn suggest(&mut self) -> Option<Suggestion> {
        if self.pos.variant().has_hidden_state() {
            let best = self.searcher.choose(&mut self.pos)?;
            let text = chessgraph::san::san(&mut self.pos, best);
            return Some(Suggestion {
                best,
                text,
                about: None,
                line: None,
            });
        }
        let mut pv = Vec::new();
        let found = self.searcher.search_reporting(&mut self.pos, &mut |r| {
            if r.line == 0 {
                pv = r.pv.clone();
            }
        })?;
        let text = chessgraph::san::san(&mut self.pos, found.best);
        let v = self.pos.variant().clone();
        let me = &v.players()[self.pos.to_move() as usize].name;
        let about = if found.depth == 0 {
            "the only move".to_owned()
        } else {
            format!(
                "depth {}, {} for {me}",
                found.depth,
                Value::of(found.value).words()
            )
        };
        if pv.first() != Some(&found.best) {
            pv = vec![found.best];
        }
        Some(Suggestion {
            best: found.best,
            text,
            about: Some(about),
            line: Some(show::line_text(&mut self.pos, &pv)),
        })
    }

    /// The computer plays a move and says which, with the depth it reached and its
    /// evaluation.
    fn computer_move(&mut self, t: &mut Term) -> Result<(), CliError> {
        let Some(s) = self.suggest() else {
            return Ok(());
        };
        let v = self.pos.variant().clone();
        let name = &v.players()[self.pos.to_move() as usize].name;
        let about = s.about.map(|a| format!(" ({a})")).unwrap_or_default();
        t.print(&format!("{name} (computer) plays {}{about}\n", s.text))?;
        self.make(s.best, s.text, t)
    }

    fn finished(&mut self) -> Option<End> {
        match self.pos.outcome() {
            Outcome::Ongoing => None,
            Outcome::Finished { reason, scores } => {
                let v = self.pos.variant();
                let words = match self.resigned {
                    Some(p) if reason == chessgraph::EndReason::LastPlayer => {
                        format!("{} resigns", v.players()[p as usize].name)
                    }
                    _ => show::end_words(v, reason),
                };
                Some(End::Finished(words, scores))
            }
        }
    }

    /// Plays the pass when it is the only legal move (the rules say the player
    /// passes); true when it did.
    fn forced_pass(&mut self, t: &mut Term) -> Result<bool, CliError> {
        let legal = self.pos.legal_moves();
        let [only] = legal.as_slice() else {
            return Ok(false);
        };
        if !matches!(only.kind(), chessgraph::MoveKind::Pass) {
            return Ok(false);
        }
        let only = *only;
        let v = self.pos.variant().clone();
        let name = &v.players()[self.pos.to_move() as usize].name;
        let check = if self.pos.in_check() {
            " is in check,"
        } else {
            ""
        };
        t.print(&format!("{name}{check} has no move and passes\n"))?;
        self.make(only, PASS.into(), t)?;
        Ok(true)
    }

    /// Plays a typed move; a move text ending in the variant's draw mark (`Ng7=`)
    /// also offers a draw once the move is made. True when the position changed;
    /// `Some` end when the offer was accepted.
    fn play_move(
        &mut self,
        text: &str,
        input: &mut dyn BufRead,
        t: &mut Term,
    ) -> Result<(bool, Option<End>), CliError> {
        // With turn tracks a text names the scheduled player's move when it can (`e6`
        // on his board), else any move the rules allow, for the error that follows.
        let mine = (self.pos.variant().track_count() > 1)
            .then(|| {
                let legal = self.pos.legal_moves();
                parse_move_with_offer_among(&mut self.pos, text, &legal).ok()
            })
            .flatten();
        match mine.map_or_else(|| parse_move_with_offer(&mut self.pos, text), Ok) {
            Ok((m, offered)) => {
                let me = self.pos.to_move();
                let mover = self.pos.mover(m);
                if mover != me {
                    // Turn tracks: the rules allow the move, but another board's
                    // player is scheduled; moves are typed in the schedule's order.
                    let v = self.pos.variant().clone();
                    let boards = self.pos.tracks_of_player_to_move().join(" ");
                    t.eprint(&format!(
                        "that is {}'s move; {} is to move now, on {boards}\n",
                        v.players()[mover as usize].name,
                        v.players()[me as usize].name
                    ))?;
                    t.print("> ")?;
                    return Ok((false, None));
                }
                let san = chessgraph::san::san(&mut self.pos, m);
                if offered {
                    self.offer = Some(me);
                }
                self.make(m, san, t)?;
                if offered && self.finished().is_none() {
                    return Ok((true, self.offer_draw(me, input, t)?));
                }
                Ok((true, None))
            }
            Err(e) => {
                if self.pos.variant().takes_attempts() {
                    return self.try_move(text, t);
                }
                let why = explain::explain(&mut self.pos, text, &e);
                t.eprint(&why)?;
                t.print("> ")?;
                Ok((false, None))
            }
        }
    }

    /// Kriegspiel (`announce attempts`): a move the player may try but which is not
    /// legal is announced to all, and he types another. The legal moves are never
    /// listed: he does not know them.
    fn try_move(&mut self, text: &str, t: &mut Term) -> Result<(bool, Option<End>), CliError> {
        let tries = self.pos.possible_moves();
        let typed = text.trim().replace('-', "");
        let Some(&m) = tries
            .iter()
            .find(|&&m| self.pos.long(m).replace('-', "") == typed)
        else {
            t.eprint(
                "not a move you may try (or tried already this turn): type a move of your \
                 pieces in long form (e2e4); `moves` lists your tries\n",
            )?;
            t.print("> ")?;
            return Ok((false, None));
        };
        let long = self.pos.long(m);
        self.pos.attempt(m);
        self.record.comment(format!("tried {long}: illegal"));
        let v = self.pos.variant().clone();
        if let Some(a) = self.pos.announcements().last() {
            t.print(&format!("referee: {}\n", a.text(&v)))?;
        }
        t.print("> ")?;
        Ok((false, None))
    }

    fn resign(&mut self, t: &mut Term) -> Result<(), CliError> {
        let me = self.pos.to_move();
        if self.pos.resign() {
            self.movers.push(me);
            if !matches!(self.pos.outcome(), Outcome::Ongoing) {
                self.resigned = Some(me);
            }
            let name = &self.pos.variant().players()[me as usize].name;
            self.record.resign(name);
            t.print(&format!("{name} resigns\n"))?;
        }
        Ok(())
    }

    /// Takes back, `times` times, the last move a person made and every computer
    /// move after it, so that a person is to move again (against the computer the
    /// reply does not come back at once). Stops early when no person's move is left.
    /// True when a move was taken back.
    fn undo(&mut self, times: usize, t: &mut Term) -> Result<bool, CliError> {
        self.offer = None;
        let mut taken = 0;
        for _ in 0..times {
            let Some(last_person) = self.movers.iter().rposition(|&p| !self.is_computer(p)) else {
                break;
            };
            while self.movers.len() > last_person {
                if self.record.pop().is_none() || self.pos.unmake().is_none() {
                    break;
                }
                self.movers.pop();
                taken += 1;
            }
        }
        self.resigned = None;
        match taken {
            0 => {
                t.eprint("nothing to undo\n")?;
                t.print("> ")?;
            }
            1 => t.print("took back the last move\n")?,
            n => t.print(&format!("took back the last {n} moves\n"))?,
        }
        Ok(taken > 0)
    }

    fn is_computer(&self, player: u8) -> bool {
        self.computer.get(player as usize).copied().unwrap_or(false)
    }

    /// Asks every player still in the game but `me`, who offers; `Some` when all
    /// accept.
    fn offer_draw(
        &mut self,
        me: u8,
        input: &mut dyn BufRead,
        t: &mut Term,
    ) -> Result<Option<End>, CliError> {
        let v = self.pos.variant().clone();
        let n = v.players().len() as u8;
        let others: Vec<u8> = (1..n)
            .map(|i| (me + i) % n)
            .filter(|&p| p != me && !self.pos.is_eliminated(p))
            .collect();
        for p in others {
            let name = &v.players()[p as usize].name;
            if self.is_computer(p) {
                if self.searcher.accepts_draw(&mut self.pos, p) {
                    t.print(&format!("{name} (computer) accepts the draw\n"))?;
                    continue;
                }
                t.print(&format!("{name} (computer) declines the draw\n"))?;
                return Ok(None);
            }
            let mut answer = None;
            for _ in 0..ASKS {
                t.print(&format!(
                    "{}: {} offers a draw. Accept? (yes/no) ",
                    v.players()[p as usize].name,
                    v.players()[me as usize].name
                ))?;
                let Some(line) = input::next_line(input) else {
                    return Ok(Some(End::Eof));
                };
                match line.to_ascii_lowercase().as_str() {
                    "y" | "yes" | "accept" => answer = Some(true),
                    "n" | "no" | "decline" => answer = Some(false),
                    _ => {
                        t.eprint("please answer yes or no\n")?;
                        continue;
                    }
                }
                break;
            }
            if answer != Some(true) {
                t.print(&format!(
                    "{} declines the draw\n",
                    v.players()[p as usize].name
                ))?;
                return Ok(None);
            }
        }
        let scores = (0..n)
            .map(|p| {
                if self.pos.is_eliminated(p) {
                    Score::Loss
                } else {
                    Score::Draw
                }
            })
            .collect();
        Ok(Some(End::Agreed(scores)))
    }
}

/// `board` (the text drawing the player may see) with the legend of the armies when
/// more than two play.
fn drawing(board: String, pos: &Position) -> String {
    match Armies::of(pos).legend(pos) {
        Some(legend) => format!("{board}{legend}\n\n"),
        None => format!("{board}\n"),
    }
}

/// Plays until the game ends, `quit` or the end of input.
pub fn run(
    spec: &VariantSpec,
    opts: &Options<'_>,
    input: &mut dyn BufRead,
    t: &mut Term,
) -> Result<(), CliError> {
    let mut v = load::variant(spec, t)?;
    // A seed option the players left unset is drawn from the clock; the record keeps
    // it among the options, so `replay` lays the same mines.
    let mut seed = None;
    let mut seeded = None;
    if opts.position.is_none() {
        if let Some((with_seed, s)) = hidden::with_clock_seed(spec, v.seed_option()) {
            v = load::variant(&with_seed, t)?;
            seed = Some(s);
            seeded = Some(with_seed);
        }
    }
    let pos = load::position(&v, opts.position)?;
    let mut computer = vec![false; v.players().len()];
    for (name, c) in opts.seats {
        for p in players_named(&v, name)? {
            computer[p] = *c;
        }
    }
    let mut record = records::new_record(seeded.as_ref().unwrap_or(spec));
    records::start_tags(&mut record, spec, &pos, opts.position.is_some());
    for (p, &c) in v.players().iter().zip(&computer) {
        let who = if c { "computer" } else { "human" };
        record.set_tag(&GameRecord::player_tag(&p.name), who);
    }
    let mut searcher = Searcher::new(&v, opts.limits);
    if let Some(n) = opts.samples {
        searcher.set_samples(n);
    }
    searcher.set_multi_player(opts.multi);
    let mut game = Game {
        searcher,
        pos,
        record,
        offer: None,
        computer,
        movers: Vec::new(),
        resigned: None,
    };
    t.print(&format!("{} — type `help` for the commands\n", v.name()))?;
    game.show(t)?;
    let end = loop {
        if let Some(end) = game.finished() {
            break end;
        }
        if interrupt::requested() {
            break End::Interrupted;
        }
        if game.forced_pass(t)? {
            if game.finished().is_none() {
                game.show(t)?;
            }
            continue;
        }
        if game.computer_to_move() {
            game.computer_move(t)?;
            if game.finished().is_none() {
                game.show(t)?;
            }
            continue;
        }
        let Some(line) = input::next_line(input) else {
            break End::Eof;
        };
        let changed = match Line::parse(&line) {
            Line::Hint => {
                match game.suggest() {
                    Some(s) => {
                        let about = s.about.map(|a| format!(" ({a})")).unwrap_or_default();
                        let line = s
                            .line
                            .map(|l| format!("; best line: {l}"))
                            .unwrap_or_default();
                        t.print(&format!("hint: {}{about}{line}\n> ", s.text))?
                    }
                    None => t.print("no move to suggest\n> ")?,
                }
                false
            }
            Line::Nothing => {
                t.print("> ")?;
                false
            }
            Line::Help => {
                t.print(HELP)?;
                t.print("> ")?;
                false
            }
            Line::Board => {
                game.show_with_position(t)?;
                false
            }
            Line::Svg(file) => {
                game.write_svg(&file, t)?;
                false
            }
            Line::Bad(why) => {
                t.eprint(&format!("{why}\n"))?;
                t.print("> ")?;
                false
            }
            Line::Moves if game.pos.variant().takes_attempts() => {
                // Kriegspiel: the moves he may try, not the legal ones he cannot know.
                let tries: Vec<String> = {
                    let pos = &game.pos;
                    pos.possible_moves().iter().map(|&m| pos.long(m)).collect()
                };
                t.print(&format!("  you may try: {}\n> ", tries.join(" ")))?;
                false
            }
            Line::Moves => {
                let lines = show::grouped_moves(&mut game.pos, false, None);
                let text: String = lines.iter().map(|l| format!("  {l}\n")).collect();
                t.print(&format!("{text}> "))?;
                false
            }
            Line::Quit => break End::Quit,
            Line::Undo(times) => game.undo(times, t)?,
            Line::Resign => {
                game.resign(t)?;
                true
            }
            Line::Draw => {
                let me = game.pos.to_move();
                match game.offer_draw(me, input, t)? {
                    Some(end) => break end,
                    None => {
                        // Declined: the offer goes into the record with his move.
                        game.offer = Some(me);
                        true
                    }
                }
            }
            Line::Move(text) => match game.play_move(&text, input, t)? {
                (_, Some(end)) => break end,
                (changed, None) => changed,
            },
        };
        // Against the computer the board is drawn once a turn: after its reply.
        if changed && game.finished().is_none() && !game.computer_to_move() {
            game.show(t)?;
        }
    };
    // An interrupt ends the input: the game ends as at its end, with its own status.
    let end = match end {
        End::Eof if interrupt::requested() => End::Interrupted,
        end => end,
    };
    let (summary, result, status) = match &end {
        End::Finished(reason, scores) => (
            format!("game over ({reason}): {}", show::score_line(&v, scores)),
            result_text(&v, scores),
            Ok(()),
        ),
        End::Agreed(scores) => (
            format!("draw agreed: {}", show::score_line(&v, scores)),
            result_text(&v, scores),
            Ok(()),
        ),
        End::Quit => ("game stopped".to_owned(), "*".to_owned(), Ok(())),
        End::Eof => (
            "input ended; the game is unfinished".to_owned(),
            "*".to_owned(),
            Err(CliError::Abandoned),
        ),
        End::Interrupted => (
            "interrupted; the game is unfinished".to_owned(),
            "*".to_owned(),
            Err(CliError::Interrupted),
        ),
    };
    if matches!(end, End::Agreed(_)) {
        game.record.comment("draw agreed");
    }
    game.record.set_tag("Result", &result);
    let mut board = hidden::reveal(&game.pos);
    if let (Some(s), Some(name)) = (seed, v.seed_option()) {
        board += &format!("the mines were laid with {name}={s}\n");
    }
    t.print(&format!(
        "\n{}{summary}\n\n{}",
        drawing(board, &game.pos),
        game.record
    ))?;
    if let Some(path) = opts.record {
        records::write(path, &game.record)?;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::locate::locate;
    use crate::cli::report::Reporter;

    fn play(lines: &str) -> (Result<(), CliError>, String, String) {
        play_in("chess", &[], lines)
    }

    fn play_in(
        name: &str,
        options: &[(&str, &str)],
        lines: &str,
    ) -> (Result<(), CliError>, String, String) {
        let spec = VariantSpec {
            at: locate(name).unwrap(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut t = Term {
            out: &mut out,
            err: &mut err,
            report: Reporter::plain(),
        };
        let mut input = lines.as_bytes();
        let opts = Options {
            position: None,
            seats: &[],
            limits: Limits::depth(1),
            samples: None,
            multi: MultiPlayer::default(),
            record: None,
        };
        let r = run(&spec, &opts, &mut input, &mut t);
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (r, text(out), text(err))
    }

    #[test]
    fn a_game_to_mate_prints_its_record() {
        let (r, out, err) = play("f2f3\ne7e5\nbogus\ng2g4\nd8h4\n");
        assert!(r.is_ok(), "{err}");
        assert!(
            out.contains("game over (checkmate): white 0, black 1"),
            "{out}"
        );
        assert!(out.trim_end().ends_with("0-1"), "{out}");
        assert!(out.contains("[Result \"0-1\"]"));
        assert!(err.contains("`bogus` refused"), "{err}");
    }

    #[test]
    fn the_computer_tells_its_depth_value_and_line() {
        let spec = VariantSpec {
            at: locate("chess").unwrap(),
            options: Vec::new(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut t = Term {
            out: &mut out,
            err: &mut err,
            report: Reporter::plain(),
        };
        let seats = [("black".to_owned(), true)];
        let opts = Options {
            position: None,
            seats: &seats,
            limits: Limits::depth(2),
            samples: None,
            multi: MultiPlayer::default(),
            record: None,
        };
        let mut input = "hint\ne4\nquit\n".as_bytes();
        run(&spec, &opts, &mut input, &mut t).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("hint: "), "{out}");
        assert!(out.contains(" (depth 2, "), "{out}");
        assert!(out.contains(" for white); best line: 1. "), "{out}");
        assert!(out.contains("black (computer) plays "), "{out}");
        assert!(out.contains(" for black)\n"), "{out}");
    }

    #[test]
    fn undo_draw_offers_and_the_end_of_input() {
        let (r, out, _) = play("e2e4\nundo\ndraw\nmaybe\nno\n");
        assert!(matches!(r, Err(CliError::Abandoned)));
        assert!(out.contains("took back the last move"));
        assert!(out.contains("black declines the draw"));
        assert!(out.contains("[Result \"*\"]"));
        let (r, out, _) = play("draw\nyes\n");
        assert!(r.is_ok());
        assert!(out.contains("draw agreed: white 1/2, black 1/2"));
        let (r, out, _) = play("quit\n");
        assert!(r.is_ok());
        assert!(out.contains("game stopped"));
    }

    #[test]
    fn mined_chess_shows_each_player_his_view() {
        // seed 2002 lays a3 a6 e3 e6: e3 primes e3 for both to see (default
        // hidden-then-exposed); the other mines stay hidden until the end.
        let (r, out, _) = play_in("mined-chess", &[("seed", "2002")], "e2e3\nb8c6\nquit\n");
        assert!(r.is_ok());
        assert!(out.contains("white's view (mines shown to him"), "{out}");
        assert!(out.contains("referee: e3 is mined"), "{out}");
        assert!(out.contains("black's view"));
        // Before e3 white sees no mine; after it both see e3 marked.
        let views: Vec<&str> = out.split("view (mines").collect();
        assert!(views[1].contains("\n3 . . . . . . . .\n"), "{}", views[1]);
        assert!(views[2].contains("3 . . . . x . . ."), "{}", views[2]);
        // The record carries the announcement; the end reveals every mine.
        assert!(out.contains("e3 {e3 is mined}"), "{out}");
        assert!(out.contains("every mine"));
        assert!(!out.contains("mines were laid with"), "the seed was given");
        let (_, out, _) = play_in("mined-chess", &[], "quit\n");
        assert!(out.contains("the mines were laid with seed="), "{out}");
    }
}
