//! Legal moves with turn tracks (`turns per zone`): several boards played at once,
//! each with its own player to move.
//!
//! The rules allow, at any moment, every move of a piece standing on a track whose
//! player to move owns it ([`Position::every_move_into`], what perft counts). Play
//! needs one player at a time, so the tracks take turns: the scheduled player
//! ([`Position::to_move`], the one on track `cursor`) makes one of his moves on that
//! track, or when he has none there on another track where he is to move
//! ([`Position::legal_moves_into`]); then the track after the one he moved on is
//! scheduled, so the boards go on evenly. A scheduled player without a move waits
//! (`Move::wait`) when somebody else has one. People at `play` may type a move of the
//! scheduled player on any track where he is to move.
//!
//! A player with a turn somewhere, in check under the check rule and without a legal
//! move is checkmated at once, whoever is scheduled: the position then has no legal
//! move and [`Position::outcome`] names him.

use crate::compile::tracks::MAX_TRACKS;
use crate::ids::Player;
use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// The player to move on turn track `track` (the player to move when the game has
    /// one turn).
    pub fn track_to_move(&self, track: usize) -> Player {
        self.turns.get(track).copied().unwrap_or(self.to_move)
    }

    /// The move number of turn track `track` (the move number when the game has one
    /// turn).
    pub fn track_move_number(&self, track: usize) -> u32 {
        self.track_moves
            .get(track)
            .copied()
            .unwrap_or(self.move_number)
    }

    /// The scheduled turn track (0 when the game has one turn).
    pub fn scheduled_track(&self) -> usize {
        self.cursor as usize
    }

    /// Gives every track the player to move and the move number (a position read
    /// without `turns=`, or from FEN); the scheduled track stays. A track where the
    /// player to move does not play (`Z: P P ...`) gets his partner who plays there,
    /// else its first player; the player to move is then the scheduled track's.
    pub(crate) fn set_every_turn(&mut self) {
        let (me, n) = (self.to_move, self.move_number);
        for t in 0..self.turns.len() {
            let plays = self.v.track_players(t);
            self.turns[t] = if plays.is_empty() || plays.contains(&me) {
                me
            } else {
                let team = self.v.rules.team[me as usize];
                let partner = plays.iter().find(|&&p| team & (1 << p) != 0);
                partner.copied().unwrap_or(plays[0])
            };
        }
        self.track_moves.iter_mut().for_each(|m| *m = n);
        if let Some(&p) = self.turns.get(self.cursor as usize) {
            self.to_move = p;
        }
    }

    /// Gives every piece standing where its owner does not play to his partner who
    /// does (teams on turn tracks; a position read from a string).
    pub(crate) fn hand_to_heirs(&mut self) {
        if self.v.tracks.heir.is_empty() {
            return;
        }
        for cell in 0..self.board.len() as crate::ids::Cell {
            let sq = self.board[cell as usize];
            if sq == 0 {
                continue;
            }
            let owner = self.v.kind_owner[sq as usize - 1];
            let heir = self.v.heir(owner, cell);
            if heir != owner {
                let kind = self.remove(cell);
                self.add(cell, self.v.kind(self.v.kind_type[kind as usize], heir));
            }
        }
    }

    /// The player who moves on `track` after `me`, skipping eliminated players, and
    /// whether the turn went back to the track's first player (the track's move
    /// number grows).
    pub(crate) fn next_on_track(&self, me: Player, track: usize) -> (Player, bool) {
        let plays = self.v.track_players(track);
        if plays.is_empty() {
            let next = self.next_player(me);
            return (next, next <= me);
        }
        let at = plays.iter().position(|&p| p == me).unwrap_or(0);
        (1..=plays.len())
            .map(|i| (plays[(at + i) % plays.len()], at + i >= plays.len()))
            .find(|&(p, _)| self.eliminated & (1 << p) == 0)
            .unwrap_or((me, false))
    }

    /// Who is to move, for people: the player's name; with turn tracks, every track's
    /// player to move and move number, the scheduled track marked with `*`
    /// (`board1 black 2, *board2 white 1, board3 white 1`).
    pub fn turns_text(&self) -> String {
        let v = &*self.v;
        let name = |p: Player| v.players()[p as usize].name.as_str();
        if self.turns.is_empty() {
            return name(self.to_move).to_owned();
        }
        let tracks: Vec<String> = (0..self.turns.len())
            .map(|t| {
                let mark = if t == self.cursor as usize { "*" } else { "" };
                let track = &v.track_names()[t];
                format!(
                    "{mark}{track} {} {}",
                    name(self.turns[t]),
                    self.track_moves[t]
                )
            })
            .collect();
        tracks.join(", ")
    }

    /// The tracks where the player to move is to move, by name (empty with one turn).
    pub fn tracks_of_player_to_move(&self) -> Vec<&str> {
        (0..self.turns.len())
            .filter(|&t| self.turns[t] == self.to_move)
            .map(|t| self.v.track_names()[t].as_str())
            .collect()
    }

    /// Who makes `mv` in this position: the player to move on the track it starts
    /// from (the player to move when the game has one turn).
    pub fn mover(&self, mv: Move) -> Player {
        self.mover_of(mv).0
    }

    /// Every move the rules allow now, whoever makes it: with turn tracks, the moves
    /// of every track's player to move on his tracks; else the legal moves. Cleared
    /// first; empty when the game is over (adjudication included).
    pub fn every_move_into(&mut self, list: &mut MoveList) {
        self.perft_moves_into(list);
        if !list.is_empty() && self.adjudicated().is_some() {
            list.clear();
        }
    }

    /// [`Position::every_move_into`] without adjudication: what perft counts.
    pub(crate) fn perft_moves_into(&mut self, list: &mut MoveList) {
        if self.turns.is_empty() {
            self.rule_moves_into(list);
            return;
        }
        list.clear();
        if self.finish.is_some() || self.find_mated().is_some() {
            return;
        }
        let (players, n) = self.turn_players(0);
        for &p in &players[..n] {
            self.track_moves_of(p, list);
        }
    }

    /// The players to move on some track, each once, in track order from track
    /// `first` (cyclic), in a fixed buffer: no allocation.
    fn turn_players(&self, first: usize) -> ([Player; MAX_TRACKS], usize) {
        let mut out = [0; MAX_TRACKS];
        let (mut n, mut seen) = (0, 0u32);
        for i in 0..self.turns.len() {
            let p = self.turns[(first + i) % self.turns.len()];
            if seen & (1 << p) == 0 {
                seen |= 1 << p;
                out[n] = p;
                n += 1;
            }
        }
        (out, n)
    }

    /// [`Position::every_move_into`] into a new list.
    pub fn every_move(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.every_move_into(&mut list);
        list
    }

    /// [`Position::every_move`] with every legality test (and every `gives check`)
    /// made on the board and unmade, none of the shortcuts of pins, checkers and the
    /// attack tables: the slow reference the fast paths must agree with (tests and
    /// fuzz targets compare the two).
    pub fn every_move_by_making(&mut self) -> MoveList {
        let was = std::mem::replace(&mut self.by_making, true);
        let list = self.every_move();
        self.by_making = was;
        list
    }

    /// [`Position::legal_moves_into`] with turn tracks: the scheduled player's moves on
    /// the scheduled track (else on his other tracks), a wait, a pass, or nothing
    /// (someone is mated, or nobody can move).
    pub(crate) fn legal_track_moves_into(&mut self, list: &mut MoveList) {
        if self.find_mated().is_some() {
            return;
        }
        let me = self.to_move;
        self.track_moves_of(me, list);
        // On the scheduled track when he has a move there, so that the boards go on
        // evenly; else on his other tracks.
        let cursor = self.cursor as usize;
        if list.iter().any(|&m| self.mover_of(m).1 == cursor) {
            let mut w = 0;
            for r in 0..list.len() {
                let m = list[r];
                if self.mover_of(m).1 == cursor {
                    list.set(w, m);
                    w += 1;
                }
            }
            list.truncate(w);
        }
        if !list.is_empty() {
            return;
        }
        // Not mated (`find_mated` said so): he waits while somebody can move.
        let mut other = std::mem::take(&mut self.track_probe);
        other.clear();
        let (players, n) = self.turn_players(0);
        for &p in players[..n].iter().filter(|&&p| p != me) {
            self.track_moves_of(p, &mut other);
        }
        let waits = !other.is_empty();
        self.track_probe = other;
        if waits {
            list.push(Move::wait());
            return;
        }
        if self.pass_continues() {
            list.push(Move::pass());
        }
    }

    /// The player checkmated now: one with a turn somewhere, in check under the check
    /// rule, without a legal move (nor a partner with a turn, when his team shares
    /// royals: any of them may lift the check). Also kept in `self.mated` for the end
    /// clauses.
    fn find_mated(&mut self) -> Option<Player> {
        self.mated = None;
        let mut scratch = std::mem::take(&mut self.track_probe);
        let (players, n) = self.turn_players(self.cursor as usize);
        for &p in &players[..n] {
            if self.check_applies(p) && self.royal_attacked(p) {
                scratch.clear();
                let helpers = if self.v.rules.shared_royals & (1 << p) != 0 {
                    self.team_of(p)
                } else {
                    1 << p
                };
                for &q in players[..n].iter().filter(|&&q| helpers & (1 << q) != 0) {
                    if scratch.is_empty() {
                        self.track_moves_of(q, &mut scratch);
                    }
                }
                if scratch.is_empty() {
                    self.mated = Some(p);
                    break;
                }
            }
        }
        self.track_probe = scratch;
        self.mated
    }

    /// Appends the legal moves of `player` on the tracks where he is to move.
    fn track_moves_of(&mut self, player: Player, list: &mut MoveList) {
        let scheduled = self.to_move;
        self.to_move = player;
        let mut part = std::mem::take(&mut self.track_scratch);
        part.clear();
        self.gen_pseudo(&mut part);
        let mut w = 0;
        for r in 0..part.len() {
            let m = part[r];
            if self.mover_of(m).0 == player {
                part.set(w, m);
                w += 1;
            }
        }
        part.truncate(w);
        self.filter_rules(player, &mut part);
        for &m in part.iter() {
            list.push(m);
        }
        self.track_scratch = part;
        self.to_move = scheduled;
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};
    use crate::{perft, Position};

    /// The cells of the chess board's `files`, ranks 1 to 8, space-separated.
    fn cells(files: &str) -> String {
        files
            .chars()
            .flat_map(|f| (1..=8).map(move |r| format!("{f}{r}")))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The chess board played as two boards at once: files a-d and e-h, a king and a
    /// rook each per half. Nothing here is StrategiChess.
    fn halves(extra: &str) -> String {
        format!(
            "board \"b\"\nplayer white\nplayer black\n\
             zone west = {}\nzone east = {}\nturns per zone west, east\n\
             piece king K royal {{\n step n e s w ne nw se sw\n}}\n\
             piece rook R {{\n slide n e s w\n}}\n\
             setup white: K b1 g1, R a1 h1\nsetup black: K b8 g8, R a8 h8\n\
             check when royals <= 1\nend last royal captured: lose\n{extra}",
            cells("abcd"),
            cells("efgh")
        )
    }

    #[test]
    fn two_halves_of_a_chess_board_keep_their_own_turns() {
        let v = compile(&halves(""), CHESS_BOARD).unwrap();
        assert_eq!(v.track_count(), 2);
        assert_eq!(v.track_of(v.cell("d5").unwrap()), 0);
        assert_eq!(v.track_of(v.cell("e5").unwrap()), 1);
        let mut p = Position::start(&v);
        // At the start White is to move on both halves: the rules allow his moves on
        // both; scheduled (west first), he moves on west.
        let every = p.every_move();
        assert!(every.iter().all(|&m| p.mover(m) == 0));
        let west = every.iter().filter(|m| v.track_of(m.from()) == 0).count();
        assert_eq!(p.legal_moves().len(), west);
        assert!(west > 0 && west < every.len());
        let m = p.parse_long("a1a5").unwrap();
        p.make(m);
        // West: Black to move; east: White, scheduled.
        assert_eq!(
            (p.track_to_move(0), p.track_to_move(1), p.to_move()),
            (1, 0, 0)
        );
        assert!(p.legal_moves().iter().all(|&m| p.mover(m) == 0));
        assert!(p.every_move().iter().any(|&m| p.mover(m) == 1));
        // The rook on a5 stands in west, where Black is to move: it waits...
        assert!(p.parse_long("a5e5").is_err());
        let m = p.parse_long("a8a7").unwrap();
        p.make(m);
        // ...and then slides into east (no seam stops it on this board): from there
        // it is moved in east's turn, which is still White's.
        let m = p.parse_long("a5f5").unwrap();
        p.make(m);
        assert_eq!((p.track_to_move(0), p.track_to_move(1)), (1, 0));
        let m = p.parse_long("f5f7").unwrap();
        assert_eq!(p.mover(m), 0);
        assert_eq!(perft(&mut Position::start(&v), 2), {
            let mut q = Position::start(&v);
            let mut n = 0;
            for m in q.every_move().iter() {
                q.make(*m);
                n += q.every_move().len() as u64;
                q.unmake();
            }
            n
        });
    }

    #[test]
    fn turn_zones_are_checked() {
        let bad = halves("").replace("turns per zone west, east", "turns per zone west");
        assert_eq!(codes(&bad, CHESS_BOARD), ["compile::turn-tracks"]);
        let bad = halves("").replace("turns per zone west, east", "turns per zone west, nowhere");
        assert!(codes(&bad, CHESS_BOARD).contains(&"compile::unknown-zone"));
    }

    /// The halves played by four players in two teams, one player of each team per
    /// half (`west: ww bw, east: we be`), the teams sharing their royals.
    fn team_halves(extra: &str) -> String {
        format!(
            "board \"b\"\nplayer ww tag A seat white colour \"white\"\n\
             player bw tag a seat black colour \"black\"\n\
             player we tag B seat white colour \"white\"\n\
             player be tag b seat black colour \"black\"\n\
             team white: ww we share royals\nteam black: bw be share royals\n\
             zone west = {}\nzone east = {}\nturns per zone west: ww bw, east: we be\n\
             dirs up = n for white, s for black\n\
             piece king K royal {{\n step n e s w ne nw se sw\n}}\n\
             piece rook R {{\n slide n e s w\n}}\n\
             piece pawn P pawn {{\n step up to empty\n}}\n\
             setup ww: K b1, R a3\nsetup we: K g1, R h1, P e2\n\
             setup bw: K b8, R a8\nsetup be: K g8, R h8, P e7\n\
             check when royals of team <= 1\nend last royal captured: lose\n\
             end checkmate: lose\n{extra}",
            cells("abcd"),
            cells("efgh")
        )
    }

    #[test]
    fn each_half_has_its_own_players_and_pieces_pass_to_the_partner() {
        let v = compile(&team_halves(""), CHESS_BOARD).unwrap();
        assert_eq!(v.track_players(0), [0, 1]);
        assert_eq!(v.track_players(1), [2, 3]);
        let mut p = Position::start(&v);
        assert_eq!((p.track_to_move(0), p.track_to_move(1)), (0, 2));
        // `dirs up = n for white`: the team's name stands for its players.
        assert!(p.parse_long("e2e3").is_ok());
        // ww's rook crosses into east: it is we's now, moved in east's turn.
        let before = p.to_string();
        let m = p.parse_long("a3e3").unwrap();
        assert_eq!(p.mover(m), 0);
        p.make(m);
        assert_eq!(p.piece_at(v.cell("e3").unwrap()).unwrap().owner, 2);
        assert_eq!(p.track_to_move(0), 1, "west: bw to move");
        assert_eq!(p.track_to_move(1), 2, "east: still we");
        let up = p.parse_long("e3e5").unwrap();
        assert_eq!(p.mover(up), 2);
        // The turn goes round each half's own players: we, then be, then we.
        p.make(up);
        assert_eq!(p.track_to_move(1), 3);
        assert_eq!(p.track_move_number(1), 1);
        let m = p.parse_long("h8h7").unwrap();
        p.make(m);
        assert_eq!((p.track_to_move(1), p.track_move_number(1)), (2, 2));
        // A position string with the rook given to ww again on east reads it as we's.
        let s = p.to_string();
        assert!(s.contains("turns=a1,B2"), "{s}");
        let wrong = s.replacen("BR", "AR", 1);
        let q = Position::from_str(&v, &wrong).unwrap();
        assert_eq!(q.to_string(), s);
        // Unmake gives the rook back to ww on a3.
        for _ in 0..3 {
            p.unmake();
        }
        assert_eq!(p.to_string(), before);
        // A player may only be to move on a half where he plays.
        let bad = before.replace("turns=A1,B1", "turns=A1,a1");
        let e = Position::from_str(&v, &bad).unwrap_err();
        assert!(
            e.to_string().contains("does not take turns on track 2"),
            "{e}"
        );
    }

    #[test]
    fn a_team_sharing_royals_guards_its_last_king_on_every_half() {
        let v = compile(&team_halves(""), CHESS_BOARD).unwrap();
        // White's last king is we's on e1; bw's rook on a1 would attack it along rank
        // 1 but for ww's rook on c1. ww may not move that rook off the rank: the
        // check rule guards his partner's king too. With a second white king (ww's on
        // b3, off the line) the rule is off.
        let one = "1aK3bK2/8/8/8/8/8/8/aR1AR1BK3 A - - 0 1 turns=A1,B1 next=1";
        let mut p = Position::from_str(&v, one).unwrap();
        assert!(p.check_applies(0), "royals of team: 1");
        let mut rook: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|m| v.cell_name(m.from()) == "c1")
            .map(|&m| p.long(m))
            .collect();
        rook.sort();
        assert_eq!(rook, ["c1a1", "c1b1", "c1d1"], "pinned against we's king");
        // The pin shortcut agrees with making every move.
        let long = |p: &mut Position, l: crate::moves::MoveList| {
            let mut out: Vec<String> = l.iter().map(|&m| p.long(m)).collect();
            out.sort();
            out
        };
        let (fast, made) = (p.every_move(), p.every_move_by_making());
        assert_eq!(long(&mut p, fast), long(&mut p, made));
        let two = "1aK3bK2/8/8/8/8/1AK6/8/aR1AR1BK3 A - - 0 1 turns=A1,B1 next=1";
        let mut p = Position::from_str(&v, two).unwrap();
        assert!(!p.check_applies(0), "royals of team: 2");
        let free = p
            .legal_moves()
            .iter()
            .filter(|m| v.cell_name(m.from()) == "c1")
            .count();
        assert!(free > 3, "two kings: no check rule");
    }

    #[test]
    fn a_partner_with_the_turn_saves_the_shared_king() {
        let v = compile(&team_halves(""), CHESS_BOARD).unwrap();
        // ww's king on a1, White's last, is checked by bw's rook on a8; bw's rook on b7
        // covers b1 and b2: ww has no legal move. we, to move in east, blocks on a4.
        let pos = "aR2aK2bK1/1aR6/8/8/4BR3/8/8/AK7 A - - 0 1 turns=A1,B1 next=1";
        let mut p = Position::from_str(&v, pos).unwrap();
        assert!(p.in_check());
        // ww, scheduled, waits: the team is not mated while a partner can move.
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(p.long(moves[0]), "pass", "{p}");
        let every: Vec<String> = p.every_move().iter().map(|&m| p.long(m)).collect();
        assert_eq!(
            every,
            ["e4a4"],
            "the partner's block is the team's only move"
        );
        assert_eq!(p.outcome(), crate::Outcome::Ongoing);
        // Without the partner's rook, the team is mated.
        let mated = pos.replace("4BR3", "8");
        let mut p = Position::from_str(&v, &mated).unwrap();
        assert!(p.every_move().is_empty());
        assert!(matches!(p.outcome(), crate::Outcome::Finished { .. }));
    }

    #[test]
    fn track_players_are_checked() {
        let twice = team_halves("").replace("east: we be", "east: we we");
        assert_eq!(codes(&twice, CHESS_BOARD), ["compile::turn-player-twice"]);
        let unknown = team_halves("").replace("east: we be", "east: we nobody");
        assert_eq!(codes(&unknown, CHESS_BOARD), ["compile::unknown-player"]);
    }
}
