//! A compiled variant: names for people, dense tables for the engine.
//!
//! A [`Variant`] is built once by [`Variant::load`] (see `compile/`) and shared by
//! every [`crate::Position`] of that game through an `Arc`. The public accessors give
//! what a front end needs (names, rows, drawing positions, letters, castle names,
//! notation marks, options); the `pub(crate)` fields are the engine's tables.

use crate::ids::{Cell, Kind, PieceType, Player};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::topology::Topology;
use crate::zobrist::Keys;
use dsl::board::BoardGraph;
use std::collections::HashMap;

/// A player as declared by a `player` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    /// Name (`white`).
    pub name: String,
    /// One-character tag used in position strings (`w`).
    pub tag: char,
    /// The board seat whose per-seat zones apply to this player's pieces.
    pub seat: String,
    /// Drawing colour of the player's pieces (`#rrggbb`, `#rgb` or a CSS colour name):
    /// the `colour` of the `player` line, else a default from the player's name
    /// (`white`, `red`...) or turn position.
    pub colour: String,
}

/// A piece type as declared by a `piece` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceTypeInfo {
    /// Name (`knight`).
    pub name: String,
    /// Letter (`N`), as written in the rule file.
    pub letter: char,
    /// For a promoted form (declared `+P`): the type with the plain letter, which it
    /// turns back into when captured to hand. Notation and position strings write it
    /// `+` and the letter (see [`PieceTypeInfo::symbol`]).
    pub demotes_to: Option<PieceType>,
    /// Check and royal-capture rules apply to it.
    pub royal: bool,
    /// Written without letter in SAN; its moves reset the quiet-move counter.
    pub pawn: bool,
    /// `value N` (0 when not given).
    pub value: i64,
}

impl PieceTypeInfo {
    /// How notation and position strings write the type: its letter, in upper or lower
    /// case, after a `+` for a promoted form (`+P`, `+p`).
    pub fn symbol(&self, upper: bool) -> Symbol {
        Symbol {
            letter: if upper {
                self.letter.to_ascii_uppercase()
            } else {
                self.letter.to_ascii_lowercase()
            },
            promoted: self.demotes_to.is_some(),
        }
    }
}

/// A piece type as written: `N`, `n`, `+P`. Displays without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The letter, in the case asked for.
    pub letter: char,
    /// Written after a `+`.
    pub promoted: bool,
}

impl std::fmt::Display for Symbol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.promoted {
            f.write_str("+")?;
        }
        write!(f, "{}", self.letter)
    }
}

/// A castling move as declared by a `castle` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleInfo {
    /// Its notation (`O-O`).
    pub name: String,
    /// Whose castle it is (the owner of both pieces).
    pub player: Player,
    /// The king's start cell; `None` when the castle names its pieces by letter (the
    /// king is then any unmoved piece of its type on the line through the targets).
    pub king_from: Option<Cell>,
    /// The king's target cell.
    pub king_to: Cell,
    /// The partner's start cell; `None` when the castle names its pieces by letter
    /// (the partner is then found from the king along the castle's direction).
    pub rook_from: Option<Cell>,
    /// The partner's target cell.
    pub rook_to: Cell,
    pub(crate) king_type: PieceType,
    pub(crate) rook_type: PieceType,
    /// With cells: cells that must be empty (other than the two pieces' own cells).
    pub(crate) empty: Vec<Cell>,
    /// With cells: cells no opponent may attack (the king's start first).
    pub(crate) safe: Vec<Cell>,
    /// With piece letters: the line the pieces are found on.
    pub(crate) line: Option<Box<crate::castling::CastleLine>>,
    /// With cells: the safe cells decide the castle's legality under a plain check
    /// rule (`compile::castles::safe_cells_decide`), so it needs no trial move.
    pub(crate) safe_decides: bool,
}

/// The type of a rule option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `bool`.
    Bool,
    /// `int(min..max)`, both included.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// `choice(a, b)`.
    Choice(Vec<String>),
}

/// A value of a rule option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A `bool` option's value.
    Bool(bool),
    /// An `int` option's value.
    Int(i64),
    /// A `choice` option's value.
    Choice(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Choice(c) => f.write_str(c),
        }
    }
}

/// A rule option: its declaration and the value this variant was compiled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Name, as used by `--option NAME=VALUE`.
    pub name: String,
    /// Type.
    pub kind: OptionKind,
    /// The declared default.
    pub default: OptionValue,
    /// The value in force.
    pub value: OptionValue,
    /// One-line description, if any.
    pub doc: Option<String>,
}

/// The SAN marks of `notation`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationMarks {
    /// Between the target cell and the promotion letter (`=`).
    pub promotion: String,
    /// After a checking move (`+`).
    pub check: String,
    /// After a mating move (`#`).
    pub mate: String,
    /// After a move that comes with a draw offer; empty (the default): the variant
    /// writes none.
    pub draw: String,
}

impl Default for NotationMarks {
    fn default() -> Self {
        NotationMarks {
            promotion: "=".into(),
            check: "+".into(),
            mate: "#".into(),
            draw: String::new(),
        }
    }
}

/// A compiled variant. Build it with [`Variant::load`].
pub struct Variant {
    pub(crate) name: String,
    pub(crate) board: BoardGraph,
    pub(crate) cell_index: HashMap<String, Cell>,
    pub(crate) topo: Topology,
    pub(crate) players: Vec<PlayerInfo>,
    pub(crate) types: Vec<PieceTypeInfo>,
    /// `kind_owner[k]`, `kind_type[k]` for every kind.
    pub(crate) kind_owner: Vec<Player>,
    pub(crate) kind_type: Vec<PieceType>,
    /// Kinds of each owner.
    pub(crate) owner_kinds: Vec<u64>,
    /// Royal kinds.
    pub(crate) royal_kinds: u64,
    /// Per player, the royal kinds the check rule guards for him: his own, or his
    /// team's when it shares royals (`share royals`).
    pub(crate) royal_guard: [u64; dsl::limits::MAX_PLAYERS],
    /// Kinds whose moves reset the quiet counter.
    pub(crate) pawn_kinds: u64,
    /// Kinds whose unmoved state is tracked (castling partners, `first` moves).
    pub(crate) virgin_kinds: u64,
    /// The castling partners and types with `first` moves (not the pieces that only
    /// open a gate).
    pub(crate) first_kinds: u64,
    pub(crate) tables: Tables,
    pub(crate) castles: Vec<CastleInfo>,
    pub(crate) setup: Vec<(Cell, Kind)>,
    pub(crate) rules: Rules,
    pub(crate) marks: NotationMarks,
    pub(crate) options: Vec<OptionInfo>,
    pub(crate) keys: Keys,
    /// Control regions (one for now): `controller = control[owner][region(cell)]`.
    pub(crate) regions: usize,
    /// Turn tracks (`turns per zone`): empty for a single turn.
    pub(crate) tracks: crate::compile::tracks::Tracks,
    /// Pieces in hand: drops and captures to hand.
    pub(crate) hands: crate::hands::HandRules,
    /// Pieces' moves as cell sets where the occupancy decides them (boards of at
    /// most 128 cells): the evaluation's mobility and perft's last ply.
    pub(crate) move_bits: Option<crate::move_bits::MoveBits>,
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .field("cells", &self.cell_count())
            .field("players", &self.players.len())
            .field("piece_types", &self.types.len())
            .finish_non_exhaustive()
    }
}

impl Variant {
    /// True when players keep pieces in hand (drops, captures to hand).
    pub fn has_hands(&self) -> bool {
        self.hands.on
    }

    /// The type a drop puts on the board (`None` for other moves).
    pub fn dropped_type(&self, m: crate::Move) -> Option<PieceType> {
        (m.kind == crate::moves::mk::DROP).then(|| self.kind_type[m.aux as usize])
    }

    /// The game's display name (`game "..."`, else the board's name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The expanded board: cells with drawing positions, outlines and colours,
    /// directions, zones, rows and palette.
    pub fn board(&self) -> &BoardGraph {
        &self.board
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.board.cells.len()
    }

    /// A cell's name.
    pub fn cell_name(&self, cell: Cell) -> &str {
        &self.board.cells[cell as usize].name
    }

    /// A cell by name.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.cell_index.get(name).copied()
    }

    /// Drawing position of a cell's centre (board units, y up).
    pub fn cell_position(&self, cell: Cell) -> (f64, f64) {
        self.board.cells[cell as usize].at
    }

    /// The cell rows of position strings and drawings, top row first.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.board.rows
    }

    /// Players in turn order.
    pub fn players(&self) -> &[PlayerInfo] {
        &self.players
    }

    /// The teams (`team` statements) by name, with their members (bit per player).
    pub fn teams(&self) -> &[(String, u16)] {
        &self.rules.team_names
    }

    /// The players whose pieces text drawings write in upper case (bit per player),
    /// when one character tells a piece's side: two players (the first one), or more
    /// whose pieces have two colours only (those of the first player's colour, as in
    /// the StrategiChess team game). `None`: pieces are written with their owner's tag.
    pub fn case_colours(&self) -> Option<u32> {
        let players = &self.players;
        if players.len() <= 2 {
            return Some(1);
        }
        let first = &players[0].colour;
        let second = &players.iter().find(|p| p.colour != *first)?.colour;
        players
            .iter()
            .all(|p| p.colour == *first || p.colour == *second)
            .then(|| {
                players
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.colour == *first)
                    .fold(0u32, |m, (i, _)| m | 1 << i)
            })
    }

    /// Whether text writes `owner`'s piece letters in upper case (see
    /// [`Variant::case_colours`]; always with owner tags).
    pub fn upper_case(&self, owner: Player) -> bool {
        self.case_colours().map_or(true, |c| c & (1 << owner) != 0)
    }

    /// How many turn tracks the game has: 1, or one per zone of `turns per zone`
    /// (several boards played at once, each with its own player to move).
    pub fn track_count(&self) -> usize {
        self.tracks.names.len().max(1)
    }

    /// The names of the turn tracks (their zones, as written); empty for one turn.
    pub fn track_names(&self) -> &[String] {
        &self.tracks.names
    }

    /// The players who take turns on track `track`, in order (empty: every player).
    pub fn track_players(&self, track: usize) -> &[Player] {
        self.tracks.players.get(track).map_or(&[], Vec::as_slice)
    }

    /// Who owns a piece of `owner` once it stands on `cell`: his partner who plays
    /// on the cell's turn track when he does not (see `compile::tracks`), else himself.
    #[inline]
    pub(crate) fn heir(&self, owner: Player, cell: crate::ids::Cell) -> Player {
        if self.tracks.heir.is_empty() {
            return owner;
        }
        let i = owner as usize * self.tracks.names.len() + self.track_of(cell);
        self.tracks.heir.get(i).copied().unwrap_or(owner)
    }

    /// The turn track of `cell` (0 when the game has one turn).
    #[inline]
    pub fn track_of(&self, cell: crate::ids::Cell) -> usize {
        self.tracks
            .track_of
            .get(cell as usize)
            .map_or(0, |&t| t as usize)
    }

    /// True when the search may test a position by passing (null-move pruning):
    /// unless the rule file says passing could help (`hint zugzwang`).
    pub fn null_move_pruning(&self) -> bool {
        !self.rules.zugzwang
    }

    /// True when the game has several turn tracks.
    #[inline]
    pub(crate) fn has_tracks(&self) -> bool {
        !self.tracks.names.is_empty()
    }

    /// A player by tag.
    pub fn player_by_tag(&self, tag: char) -> Option<Player> {
        self.players
            .iter()
            .position(|p| p.tag == tag)
            .map(|i| i as Player)
    }

    /// The player called `name` (his name, seat or tag, in any case), as people and
    /// pages name seats.
    pub fn player_named(&self, name: &str) -> Option<Player> {
        self.players
            .iter()
            .position(|p| {
                p.name.eq_ignore_ascii_case(name)
                    || p.seat.eq_ignore_ascii_case(name)
                    || p.tag.to_string().eq_ignore_ascii_case(name)
            })
            .map(|i| i as Player)
    }

    /// Piece types in declaration order.
    pub fn piece_types(&self) -> &[PieceTypeInfo] {
        &self.types
    }

    /// A piece type by letter (either case), not a promoted form.
    pub fn piece_type_by_letter(&self, letter: char) -> Option<PieceType> {
        self.piece_type_by_symbol(letter, false)
    }

    /// A piece type by letter (either case) and `+` mark (`promoted`: the promoted form
    /// `+L`).
    pub fn piece_type_by_symbol(&self, letter: char, promoted: bool) -> Option<PieceType> {
        self.types
            .iter()
            .position(|t| {
                t.letter.eq_ignore_ascii_case(&letter) && t.demotes_to.is_some() == promoted
            })
            .map(|i| i as PieceType)
    }

    /// Castling moves in declaration order.
    pub fn castles(&self) -> &[CastleInfo] {
        &self.castles
    }

    /// SAN marks.
    pub fn notation_marks(&self) -> &NotationMarks {
        &self.marks
    }

    /// Rule options with the values in force.
    pub fn options(&self) -> &[OptionInfo] {
        &self.options
    }

    /// The start position as `(cell, piece)` pairs.
    pub fn setup(&self) -> impl Iterator<Item = (Cell, crate::Piece)> + '_ {
        self.setup.iter().map(|&(c, k)| (c, self.piece_of(k)))
    }

    /// The public view of a kind.
    pub(crate) fn piece_of(&self, kind: Kind) -> crate::Piece {
        crate::Piece {
            piece_type: self.kind_type[kind as usize],
            owner: self.kind_owner[kind as usize],
        }
    }

    /// The kind of a type and owner.
    #[inline]
    pub(crate) fn kind(&self, piece_type: PieceType, owner: Player) -> Kind {
        (owner as usize * self.types.len() + piece_type as usize) as Kind
    }

    /// King from, king to, partner from, partner to of a castle move.
    #[inline]
    pub(crate) fn castle_cells(&self, mv: crate::Move) -> [Cell; 4] {
        let c = &self.castles[mv.castle_index()];
        [mv.from, mv.to, mv.castle_rook(), c.rook_to]
    }

    /// The owner of a kind and its type's value.
    #[inline]
    pub(crate) fn owner_and_value(&self, kind: Kind) -> (Player, i64) {
        let k = kind as usize;
        (
            self.kind_owner[k],
            self.types[self.kind_type[k] as usize].value,
        )
    }

    /// Number of kinds.
    pub(crate) fn kind_count(&self) -> usize {
        self.kind_owner.len()
    }

    /// Number of players.
    pub(crate) fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The name of an end reason: [`crate::EndReason::name`], or for a rule of the
    /// variant its label (`king-of-the-hill`, `rule-2`).
    pub fn end_label(&self, reason: crate::EndReason) -> &str {
        match reason {
            crate::EndReason::Rule(i) => self
                .rules
                .labels
                .get(i as usize)
                .map_or("rule", String::as_str),
            r => r.name(),
        }
    }

    /// The end reason with this [`Variant::end_label`].
    pub fn end_reason(&self, label: &str) -> Option<crate::EndReason> {
        crate::EndReason::from_name(label).or_else(|| {
            self.rules
                .labels
                .iter()
                .position(|l| l == label)
                .map(|i| crate::EndReason::Rule(i as u16))
        })
    }

    /// The names of the counters (`counter NAME`), in declaration order.
    pub fn counter_names(&self) -> impl Iterator<Item = &str> {
        self.rules.counters.iter().map(|c| c.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;

    #[test]
    fn names_for_front_ends() {
        let v = chess();
        assert_eq!(v.name(), "Chess");
        assert_eq!(v.cell_count(), 64);
        let e4 = v.cell("e4").unwrap();
        assert_eq!(v.cell_name(e4), "e4");
        assert_eq!(v.cell_position(e4), (4.5, 3.5));
        assert_eq!(v.rows().len(), 8);
        assert_eq!(v.players().iter().map(|p| p.tag).collect::<String>(), "wb");
        assert_eq!(v.player_by_tag('b'), Some(1));
        let n = v.piece_type_by_letter('n').unwrap();
        assert_eq!(v.piece_types()[n as usize].name, "knight");
        assert!(v.piece_types().iter().any(|t| t.pawn && t.letter == 'P'));
        let names: Vec<&str> = v.castles().iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["O-O", "O-O-O", "O-O", "O-O-O"]);
        assert_eq!(v.notation_marks().promotion, "=");
        assert!(v.options().is_empty());
        assert_eq!(v.setup().count(), 32);
        assert!(format!("{v:?}").contains("Chess"));
    }
}
