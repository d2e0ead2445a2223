//! One game on the server: the position, its record, who plays each seat, and the
//! actions a page may take (move, undo, resign, draw offers). Every action checks the
//! game's `version`, so a page acting on a position it has not seen is refused rather
//! than applied to another.

pub mod state;
pub mod store;

use chessgraph::record::GameRecord;
use chessgraph::search::Limits;
use chessgraph::{Move, MoveKind, Outcome, Player, Position, Score, Variant};
use std::sync::Arc;
use std::time::Instant;

/// Strength levels of the computer, weakest first: how long (or how deep) it thinks.
pub const LEVELS: [(&str, u32, u64); 6] = [
    ("1: one ply", 1, 0),
    ("2: two plies", 2, 0),
    ("3: 0.1 s", 0, 100),
    ("4: 0.3 s", 0, 300),
    ("5: 1 s", 0, 1000),
    ("6: 3 s", 0, 3000),
];

/// The search limits of level `level` (1-based, clamped).
pub fn limits_of(level: u8) -> Limits {
    let (_, depth, ms) = LEVELS[(level.clamp(1, LEVELS.len() as u8) - 1) as usize];
    if depth > 0 {
        Limits::depth(depth)
    } else {
        Limits::time_ms(ms)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at a page.
    Human,
    /// The computer at a strength level (1 to 6).
    Computer(u8),
}

/// A move as the page shows it.
#[derive(Clone, Debug)]
pub struct Played {
    /// Who moved (`None` for a note such as a resignation).
    pub player: Player,
    /// The move in the variant's notation.
    pub text: String,
    /// From and to cells (none for a pass or a resignation).
    pub cells: Option<(u16, u16)>,
}

/// A refused action, with the status the page gets.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    /// HTTP status.
    pub status: u16,
    /// Why.
    pub message: String,
}

fn refused(status: u16, message: impl Into<String>) -> Refused {
    Refused {
        status,
        message: message.into(),
    }
}

/// A game in progress.
pub struct Game {
    /// The variant's name in the catalogue.
    pub name: String,
    /// The position (the referee's: every hidden thing).
    pub pos: Position,
    /// The record, with its tags.
    pub record: GameRecord,
    /// Each seat's player.
    pub seats: Vec<Seat>,
    /// The moves so far, for the move list and undo.
    pub played: Vec<Played>,
    /// Changes at every action: pages send the version they saw.
    pub version: u64,
    /// A draw offered by this player, and the players who accepted so far.
    pub offer: Option<(Player, Vec<Player>)>,
    /// True while the computer thinks for the player to move.
    pub thinking: bool,
    /// The computer's last word: depth and value of its move.
    pub about: Option<String>,
    /// Last time a page or the computer touched the game.
    pub touched: Instant,
}

impl Game {
    /// A new game from `pos`.
    pub fn new(name: &str, pos: Position, seats: Vec<Seat>) -> Game {
        let v = pos.variant().clone();
        let mut record = GameRecord::new(v.name());
        record.set_start(&pos);
        Game {
            name: name.to_owned(),
            pos,
            record,
            seats,
            played: Vec::new(),
            version: 1,
            offer: None,
            thinking: false,
            about: None,
            touched: Instant::now(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Arc<Variant> {
        self.pos.variant().clone()
    }

    /// True when the game is over (by the rules or by agreement).
    pub fn is_over(&mut self) -> bool {
        !matches!(self.pos.outcome(), Outcome::Ongoing)
    }

    /// True when the computer plays `player`.
    pub fn is_computer(&self, player: Player) -> bool {
        matches!(self.seats.get(player as usize), Some(Seat::Computer(_)))
    }

    /// The computer should move now.
    pub fn computer_to_move(&mut self) -> bool {
        !self.is_over() && self.is_computer(self.pos.to_move())
    }

    fn bump(&mut self) {
        self.version += 1;
        self.touched = Instant::now();
    }

    fn check_version(&self, version: Option<u64>) -> Result<(), Refused> {
        match version {
            Some(v) if v != self.version => Err(refused(
                409,
                "the game has changed since the page drew it: it is drawn again",
            )),
            _ => Ok(()),
        }
    }

    /// A person's move: the `index`th legal move of the position at `version`,
    /// played by `seat` (when the page plays one seat only).
    pub fn human_move(
        &mut self,
        index: usize,
        version: Option<u64>,
        seat: Option<Player>,
    ) -> Result<(), Refused> {
        self.check_version(version)?;
        if self.is_over() {
            return Err(refused(409, "the game is over"));
        }
        let me = self.pos.to_move();
        if self.is_computer(me) {
            return Err(refused(409, "the computer is to move"));
        }
        if seat.is_some_and(|s| s != me) {
            return Err(refused(403, "it is not your turn"));
        }
        let offered = self.offered_moves();
        let Some(&m) = offered.get(index) else {
            return Err(refused(
                422,
                "no such move: the list of legal moves is shorter",
            ));
        };
        let key = |x: Move| (x.from(), x.to(), x.promotion());
        match self.pos.legal_moves().iter().find(|&&x| key(x) == key(m)) {
            Some(&legal) => self.play(legal),
            None => {
                // Kriegspiel: the referee refuses the try; every page hears it.
                let text = self.pos.long(m);
                self.pos.attempt(m);
                self.record.comment(format!("tried {text}: illegal"));
                self.bump();
            }
        }
        Ok(())
    }

    /// The moves a person is offered: the legal moves, or under `announce attempts`
    /// the moves he may try ([`Position::possible_moves`]).
    pub fn offered_moves(&mut self) -> chessgraph::MoveList {
        if self.pos.variant().takes_attempts() {
            self.pos.possible_moves()
        } else {
            self.pos.legal_moves()
        }
    }

    /// Plays `m` (legal) and records it.
    pub fn play(&mut self, m: Move) {
        let text = chessgraph::san::san(&mut self.pos, m);
        let (turn, me) = (self.pos.move_number(), self.pos.to_move());
        let text = match self.offer.take() {
            Some((p, _)) if p == me => text + &self.pos.variant().notation_marks().draw,
            _ => text,
        };
        let since = self.pos.announcements().len();
        self.pos.make(m);
        self.record
            .push_made(&self.pos, since, turn, me, text.clone());
        let v = self.pos.variant().clone();
        for a in self.pos.announcements().get(since..).unwrap_or(&[]) {
            self.record.comment(a.text(&v));
        }
        let cells = match m.kind() {
            MoveKind::Pass => None,
            _ => Some((m.from(), m.to())),
        };
        self.played.push(Played {
            player: me,
            text,
            cells,
        });
        self.finish_record();
        self.bump();
    }

    /// Takes back the last move a person made and every computer move after it.
    pub fn undo(&mut self, version: Option<u64>) -> Result<usize, Refused> {
        self.check_version(version)?;
        let Some(last) = self
            .played
            .iter()
            .rposition(|p| !self.is_computer(p.player))
        else {
            return Err(refused(409, "no move of a person to take back"));
        };
        let mut taken = 0;
        while self.played.len() > last {
            if self.pos.unmake().is_none() {
                break;
            }
            self.record.pop();
            self.played.pop();
            taken += 1;
        }
        self.offer = None;
        self.record.set_tag("Result", "*");
        self.about = None;
        self.bump();
        Ok(taken)
    }

    /// The player to move (a person) resigns.
    pub fn resign(&mut self, version: Option<u64>, seat: Option<Player>) -> Result<(), Refused> {
        self.check_version(version)?;
        if self.is_over() {
            return Err(refused(409, "the game is over"));
        }
        let me = self.pos.to_move();
        if self.is_computer(me) || seat.is_some_and(|s| s != me) {
            return Err(refused(403, "only the player to move resigns"));
        }
        if self.pos.resign() {
            let name = self.pos.variant().players()[me as usize].name.clone();
            self.record.resign(&name);
            self.played.push(Played {
                player: me,
                text: format!("{name} resigns"),
                cells: None,
            });
            self.finish_record();
        }
        self.bump();
        Ok(())
    }

    /// `who` offers a draw or accepts the one on the table; the computer's seats
    /// answer at once. Declining takes the offer off the table. `None`: the people
    /// sharing one screen: the player to move offers, and an answer to an offer on
    /// the table is every person's.
    pub fn draw(&mut self, who: Option<Player>, accept: bool) -> Result<&'static str, Refused> {
        let table = who.is_none();
        let who = who.unwrap_or_else(|| self.pos.to_move());
        if self.is_over() {
            return Err(refused(409, "the game is over"));
        }
        let n = self.pos.variant().players().len() as Player;
        if who >= n || self.pos.is_eliminated(who) || self.is_computer(who) {
            return Err(refused(403, "that seat cannot offer or answer a draw"));
        }
        if !accept {
            self.offer = None;
            self.bump();
            return Ok("declined");
        }
        let answering = self.offer.is_some();
        let (offerer, mut yes) = self.offer.take().unwrap_or((who, Vec::new()));
        if !yes.contains(&who) {
            yes.push(who);
        }
        if table && answering {
            for p in 0..n {
                if !self.is_computer(p) && !self.pos.is_eliminated(p) && !yes.contains(&p) {
                    yes.push(p);
                }
            }
        }
        // The computer answers for its seats.
        let mut searcher = chessgraph::search::Searcher::new(&self.variant(), limits_of(2));
        for p in 0..n {
            if p == offerer || yes.contains(&p) || self.pos.is_eliminated(p) || !self.is_computer(p)
            {
                continue;
            }
            if !searcher.accepts_draw(&mut self.pos, p) {
                self.offer = None;
                self.bump();
                return Ok("declined by the computer");
            }
            yes.push(p);
        }
        let all = (0..n).all(|p| p == offerer || yes.contains(&p) || self.pos.is_eliminated(p));
        let mover = self.pos.to_move();
        if all && self.pos.agree_draw() {
            // Made as a pass in the position, so undo takes it back like a move.
            self.played.push(Played {
                player: mover,
                text: "draw agreed".into(),
                cells: None,
            });
            self.finish_record();
            self.bump();
            return Ok("agreed");
        }
        self.offer = Some((offerer, yes));
        self.bump();
        Ok("offered")
    }

    /// The result and the reason, when the game is over.
    pub fn result(&mut self) -> Option<(Vec<Score>, String)> {
        match self.pos.outcome() {
            Outcome::Ongoing => None,
            Outcome::Finished { reason, scores } => {
                Some((scores, self.pos.variant().end_label(reason).to_owned()))
            }
        }
    }

    fn finish_record(&mut self) {
        let v = self.variant();
        let result = match self.result() {
            Some((scores, _)) => chessgraph::record::result_text(&v, &scores),
            None => "*".into(),
        };
        self.record.set_tag("Result", &result);
    }

    /// Changes who plays each seat.
    pub fn set_seats(&mut self, seats: Vec<Seat>) -> Result<(), Refused> {
        if seats.len() != self.seats.len() {
            return Err(refused(422, format!("give {} seats", self.seats.len())));
        }
        self.seats = seats;
        self.bump();
        Ok(())
    }
}
