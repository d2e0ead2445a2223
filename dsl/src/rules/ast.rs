//! Typed AST of a rule file. Every node a diagnostic may point at carries a [`Span`].
//!
//! The AST mirrors the surface language one to one (see `dsl/README.md`); it resolves
//! nothing. Names stay strings with spans so the compiler can say "unknown direction
//! `nn` at rules:12:8".

use crate::span::{Span, Spanned};

pub use super::ast_mines::{MineEffect, MineRuleDecl, MineShown, MinesDecl, MinesKind};
pub use super::ast_rules::{AfterDecl, CounterDecl, Effect, FilterDecl, TeamDecl};
pub use super::cond::*;
pub use super::expr::*;

/// A name as written (direction, zone, cell, player, piece, option...).
pub type Ident = Spanned<String>;

/// A whole rule file.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleFile {
    /// Top-level statements in file order.
    pub items: Vec<Item>,
}

/// A top-level statement.
///
/// A string literal (`Game`, `Board`, a castle name, a notation mark, an option's doc)
/// is spanned with its quotes; the node holds the text between them.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `game "Name"`.
    Game(Spanned<String>),
    /// `board "path"`.
    Board(Spanned<String>),
    /// `option NAME: TYPE = DEFAULT "doc"`.
    Option(OptionDecl),
    /// `player NAME [tag C] [seat SEAT]`.
    Player(PlayerDecl),
    /// `dirs NAME = CASES`.
    Dirs(DirsDecl),
    /// `zone NAME = CASES`.
    Zone(ZoneDecl),
    /// `piece NAME L ATTRS { ... }`.
    Piece(PieceDecl),
    /// `castle "NAME" for PLAYER: king A to B, rook C [DIR] to D [, safe path|between|none]`.
    Castle(CastleDecl),
    /// `setup PLAYER: L CELLS, ...`.
    Setup(SetupDecl),
    /// `check always | never | when COND [unless COND]`.
    Check(CheckDecl),
    /// `end EVENT: OUTCOMES`.
    End(EndDecl),
    /// `en passant lasts turn | round`.
    EnPassant(Spanned<EnPassantWindow>),
    /// `non-aggression lost >= 3 lead >= 3 in home unless check`.
    NonAggression(NonAggressionDecl),
    /// `notation KEY "MARK", ...`.
    Notation(NotationDecl),
    /// `points win N, draw N, loss N`.
    Points(PointsDecl),
    /// `mines N in ZONE seed S`, `mines mirror D E`, `mines shown ...`.
    Mines(MinesDecl),
    /// `mine primed|unprimed [PIECES]: EFFECTS`.
    Mine(MineRuleDecl),
    /// `turns per zone Z1, Z2, ...`: each zone keeps its own turn.
    Turns(TurnsDecl),
    /// `after move [if COND]: EFFECTS`.
    After(AfterDecl),
    /// `forbid COND` / `must COND`.
    Filter(FilterDecl),
    /// `counter NAME ...`.
    Counter(CounterDecl),
    /// `team NAME: PLAYERS [wins when any|all] [share royals]`.
    Team(TeamDecl),
    /// `see all|own|reach`: what each player sees.
    See(Spanned<Visibility>),
    /// `announce captures, checks, attempts`.
    Announce(Vec<Spanned<Announced>>),
    /// `allow pass`.
    AllowPass(Span),
    /// `hint WORD [= INT]`: advice to the computer player.
    Hint(Hint),
    /// `captures to hand`: captured pieces go to the captor's hand, demoted to the
    /// type they had before promoting.
    CapturesToHand(Span),
    /// `adjudicate if COND: OUTCOMES`: an end applied in play, never in perft (its
    /// event is always [`Event::Condition`]).
    Adjudicate(EndDecl),
    /// `include "FILE"`: another rule file's statements come first (resolved by
    /// [`crate::rules::load_rules`], which leaves no `Include` in the items it returns).
    Include(Spanned<String>),
    /// `remove ...`: drops statements of the included files.
    Remove(RemoveDecl),
    /// `extend piece NAME { ... }`: more moves for a piece of an included file.
    Extend(ExtendDecl),
    /// `def NAME = COND`: a named condition.
    Def(DefDecl),
    /// `when COND { items }`: items that apply only when an option condition holds.
    When(When<Item>),
}

/// `turns per zone Z1, Z2, ...`: the board is played as several boards at once. Each
/// zone (a turn track) has its own player to move, in the players' order, starting
/// with the first; a move is made by a piece standing in a zone whose player to move
/// owns it, and passes that zone's turn. The zones must not overlap and must cover
/// the board. `Z: P P ...` names the players who take turns in zone Z.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnsDecl {
    /// The zones, in order (track 1, 2, ...).
    pub zones: Vec<ZoneExpr>,
    /// Per zone, the players named after its `:` in turn order (empty: every player).
    pub players: Vec<Vec<Ident>>,
    /// The whole statement.
    pub span: Span,
}

/// A number, written as a literal or as the name of an `int` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// `3`
    Lit(i64),
    /// `mines` (an int option)
    Option(String),
}

/// `option NAME: TYPE = DEFAULT "doc"`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    /// Option name (as used by `--option NAME=VALUE`).
    pub name: Ident,
    /// Its type.
    pub ty: Spanned<OptionType>,
    /// Its default, as written.
    pub default: Spanned<OptionValue>,
    /// One-line description.
    pub doc: Option<Spanned<String>>,
    /// The whole statement.
    pub span: Span,
}

/// The type of an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// `bool`
    Bool,
    /// `int(MIN..MAX)`, both inclusive.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `choice(a, b, c)`.
    Choice(Vec<Ident>),
}

/// A literal option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// `true` / `false`
    Bool(bool),
    /// `4`, `-1`
    Int(i64),
    /// A choice name such as `hidden-then-exposed`.
    Name(String),
}

/// `player NAME [tag C] [seat SEAT]`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerDecl {
    /// Player name.
    pub name: Ident,
    /// One-character tag for position strings (default: first letter of the name).
    pub tag: Option<Spanned<char>>,
    /// Board seat (default: the player's name).
    pub seat: Option<Ident>,
    /// Drawing colour of the player's pieces (`colour "#d62828"`), as written.
    pub colour: Option<Spanned<String>>,
    /// The whole statement.
    pub span: Span,
}

/// `dirs NAME = CASE, CASE, ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct DirsDecl {
    /// Set name.
    pub name: Ident,
    /// Cases, tried in order.
    pub cases: Vec<DirsCase>,
    /// The whole statement.
    pub span: Span,
}

/// `NAMES [for PLAYERS] [in ZONE]`.
#[derive(Clone, Debug, PartialEq)]
pub struct DirsCase {
    /// Directions or other sets.
    pub names: Vec<Ident>,
    /// Owners this case applies to (empty: all).
    pub players: Vec<Ident>,
    /// Zone the piece must stand in for this case to apply.
    pub zone: Option<ZoneExpr>,
    /// The case.
    pub span: Span,
}

/// `zone NAME = ZCASE, ZCASE, ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneDecl {
    /// Zone name.
    pub name: Ident,
    /// Cases: the first whose players include the owner applies.
    pub cases: Vec<ZoneCase>,
    /// The whole statement.
    pub span: Span,
}

/// `TERMS [for PLAYERS]`.
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneCase {
    /// The union of these terms.
    pub zone: ZoneExpr,
    /// Owners this case applies to (empty: all).
    pub players: Vec<Ident>,
    /// The case.
    pub span: Span,
}

/// A union of zone terms, as written after `from`, `into`, `in` or `=`.
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneExpr {
    /// Terms whose union is the zone.
    pub terms: Vec<ZoneTerm>,
    /// The whole expression.
    pub span: Span,
}

/// One term of a zone expression.
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneTerm {
    /// A zone (board or rule zone) or a cell name.
    pub name: Ident,
    /// Which seat's version of a per-seat zone.
    pub seat: SeatSelector,
    /// The term.
    pub span: Span,
}

/// Which seat(s) a per-seat zone term refers to.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatSelector {
    /// `home`: the piece owner's seat (or the zone itself when it is not per seat).
    Own,
    /// `home.north`: that seat.
    Seat(Ident),
    /// `home.others`: every seat but the owner's.
    Others,
    /// `home.all`: every seat.
    All,
}

/// `piece NAME L [royal] [pawn] [value N] { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    /// Piece name (`knight`).
    pub name: Ident,
    /// Letter (`N`), used in SAN and position strings.
    pub letter: Spanned<char>,
    /// `+` before the letter (`+P`): the promoted form of the type with that letter,
    /// which it turns back into when captured to hand.
    pub promoted: bool,
    /// `royal`: check rules and royal-capture events apply.
    pub royal: bool,
    /// `pawn`: SAN without letter; its moves reset the quiet counter.
    pub pawn: bool,
    /// `value N` (material and non-aggression points, search evaluation).
    pub value: Option<Spanned<Num>>,
    /// Moves and promotions.
    pub body: Vec<PieceItem>,
    /// The header `piece ... {`.
    pub span: Span,
}

/// A statement inside a piece block.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceItem {
    /// `step|slide|leap|hop ...`.
    Move(MoveRule),
    /// `[may] promote into ZONE to TYPES`.
    Promote(PromoteRule),
    /// `like PIECES`: the moves and promotions of other pieces.
    Like(Vec<Ident>),
    /// `betza "TEXT" MODIFIERS`: moves in Betza's notation.
    Betza(BetzaRule),
    /// `drop [into ZONE]`: a piece of this type in hand may be put on an empty cell;
    /// `gate [into ZONE]`: on the cell a first move from the zone leaves.
    Drop(DropRule),
    /// `when COND { ... }`.
    When(When<PieceItem>),
}

/// How a move rule travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// One step per direction, or one dotted path whose intermediate cells are empty.
    Step,
    /// Along rays over empty cells.
    Slide,
    /// Along dotted paths, ignoring what is passed.
    Leap,
    /// Over exactly one piece.
    Hop,
}

/// `ATOM PATHS MODIFIERS`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRule {
    /// Step, slide, leap or hop.
    pub atom: Spanned<Atom>,
    /// Directions, sets or dotted paths.
    pub paths: Vec<Path>,
    /// Conditions and effects.
    pub modifiers: Vec<Spanned<Modifier>>,
    /// The whole statement.
    pub span: Span,
}

/// `betza "fmWfcF" [MODIFIERS]`: moves in Betza's notation, read by
/// [`parse_betza`](crate::rules::betza::parse_betza) (the interpreter turns each
/// displacement into a path on the board); the modifiers apply to every move.
#[derive(Clone, Debug, PartialEq)]
pub struct BetzaRule {
    /// The text as written (between the quotes).
    pub text: Spanned<String>,
    /// Its moves (empty when the text has mistakes, which were reported).
    pub moves: Vec<crate::rules::betza::BetzaMove>,
    /// Modifiers added to every move.
    pub modifiers: Vec<Spanned<Modifier>>,
    /// The whole statement.
    pub span: Span,
}

/// `drop [into ZONE]`: its player puts a piece of this type from his hand on an empty
/// cell (of the zone, seen from his seat) as his move.
#[derive(Clone, Debug, PartialEq)]
pub struct DropRule {
    /// `gate`: the piece enters only the cell a piece of its player leaves on its first
    /// move (from the zone), as part of that move; `drop`: any empty cell of the zone.
    pub gate: bool,
    /// Where it may be dropped; anywhere when `None`.
    pub into: Option<ZoneExpr>,
    /// The whole statement.
    pub span: Span,
}

/// `n` or `n.n.e`: each element is a direction or a direction-set name.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// The steps in order.
    pub steps: Vec<Ident>,
    /// The whole path.
    pub span: Span,
}

/// What the target cell may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetRule {
    /// `to empty`
    Empty,
    /// `to enemy`
    Enemy,
    /// `to friend`
    Friend,
    /// `to any` (empty or enemy; the default)
    Any,
}

/// A modifier of a move rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Modifier {
    /// `to empty|enemy|friend|any`.
    To(TargetRule),
    /// `to enemy PIECES` / `to enemy not PIECES`: the pieces a capture may take
    /// (written after the target; kept as its own modifier).
    Takes(PieceFilter),
    /// `over PIECES` / `over not PIECES`: the pieces a hop may jump over.
    Over(PieceFilter),
    /// `first`: the piece has not moved yet.
    First,
    /// `from ZONE`: the piece stands in the zone.
    From(ZoneExpr),
    /// `into ZONE`: the target is in the zone.
    Into(ZoneExpr),
    /// `max N`: at most N steps (slides, `hop far`).
    Max(Num),
    /// `min N`: at least N steps.
    Min(Num),
    /// `exactly N`: exactly N steps.
    Exactly(Num),
    /// `far` (hop): land anywhere behind the screen, up to the next piece.
    Far,
    /// `creates en passant`: the passed cells become en-passant cells.
    CreatesEnPassant,
    /// `en passant`: the target is an en-passant cell; capture its creator.
    EnPassant,
}

/// A set of piece types: these, or every type but these (`not`).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceFilter {
    /// Every type but the listed ones.
    pub not: bool,
    /// The types named.
    pub pieces: Vec<Ident>,
}

/// `[may] promote into ZONE to TYPES`.
#[derive(Clone, Debug, PartialEq)]
pub struct PromoteRule {
    /// Optional (`may`) or mandatory.
    pub optional: bool,
    /// `from ZONE`: the move starts in the zone; else (`into ZONE`) it ends there.
    pub from: bool,
    /// Where.
    pub zone: ZoneExpr,
    /// Piece type names it may become.
    pub into: Vec<Ident>,
    /// `only lost`: to a type only while its player has fewer of it on the board than
    /// in the setup (Grand chess).
    pub only_lost: bool,
    /// `promote in place [or step] [from ZONE] to TYPES`: a move of its own that only
    /// changes the type, the piece staying (`Some(false)`) or also stepping to an empty
    /// cell one move of the new type away (`Some(true)`); the zone (empty: every cell)
    /// is where the piece stands.
    pub in_place: Option<bool>,
    /// The whole statement.
    pub span: Span,
}

/// `castle "NAME" for PLAYER: king A to B, rook C [DIR] to D [, safe path|between|none]`.
///
/// Two forms: with cells (`king e1 to g1, rook h1 to f1`), or with the pieces' letters
/// and the direction in which the rook is found from the king (`king K to g1, rook R e
/// to f1`). The interpreter tells them apart against the board and the piece types.
#[derive(Clone, Debug, PartialEq)]
pub struct CastleDecl {
    /// Notation (`O-O`).
    pub name: Spanned<String>,
    /// Whose castle.
    pub player: Ident,
    /// King start cell, or the king's piece letter.
    pub king_from: Ident,
    /// King target cell.
    pub king_to: Ident,
    /// Rook (partner) start cell, or the rook's piece letter.
    pub rook_from: Ident,
    /// The direction (or direction set) in which the rook is found from the king:
    /// written only in the form with piece letters.
    pub rook_dir: Option<Ident>,
    /// Rook target cell.
    pub rook_to: Ident,
    /// Which cells must not be attacked. When the clause is not written this is
    /// [`CastleSafety::Path`] with an empty span at the end of the rook clause.
    pub safety: Spanned<CastleSafety>,
    /// The whole statement.
    pub span: Span,
}

/// Which cells must be safe when castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSafety {
    /// The king's start, every cell it crosses, and its target (FIDE).
    Path,
    /// The king's start and every cell between king and rook.
    Between,
    /// No cell: castling is allowed under attack (a king that is not royal).
    None,
}

/// `setup PLAYER: L CELLS, L CELLS, ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupDecl {
    /// Owner of the pieces.
    pub player: Ident,
    /// Groups of one letter and its cells.
    pub groups: Vec<SetupGroup>,
    /// `hand L L ...`: the letters of the pieces the player starts with in hand.
    pub hand: Vec<Spanned<char>>,
    /// The whole statement.
    pub span: Span,
}

/// `L CELL CELL ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupGroup {
    /// Piece letter.
    pub letter: Spanned<char>,
    /// Cells.
    pub cells: Vec<Ident>,
    /// The group, letter through last cell.
    pub span: Span,
}

/// `check always|never|when COND [unless COND]`.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckDecl {
    /// When the rule applies.
    pub rule: Spanned<CheckRule>,
    /// Moves the rule lets through although they leave a royal attacked (`unless
    /// captures royal`: taking a king ends the game first).
    pub unless: Option<Spanned<super::cond::Cond>>,
    /// The whole statement.
    pub span: Span,
}

/// When the check rule applies.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckRule {
    /// `check always`.
    Always,
    /// `check never`.
    Never,
    /// `check when COND`: for the players the condition holds for (`players <= 2`,
    /// `royals <= 1`).
    When(Spanned<super::cond::Cond>),
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==` or `=`
    Eq,
    /// `>=`
    Ge,
    /// `>`
    Gt,
    /// `!=`
    Ne,
}

/// `end EVENT: OUTCOME, ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct EndDecl {
    /// What happened.
    pub event: Spanned<Event>,
    /// What follows.
    pub outcomes: Vec<Spanned<Outcome>>,
    /// `at once`: a no-move event tested for every player after each move.
    pub at_once: Option<Span>,
    /// A name for the end (`"king of the hill"`), shown when it ends a game.
    pub label: Option<Spanned<String>>,
    /// The whole statement.
    pub span: Span,
}

/// A game event that an `end` clause reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The player to move is in check and has no legal move.
    Checkmate,
    /// The player to move is not in check and has no legal move.
    Stalemate,
    /// The player to move has no legal move and no check rule is in force.
    NoMoves,
    /// A royal piece was captured.
    RoyalCaptured,
    /// A royal piece was removed by a mine (`royal blasted`).
    RoyalBlasted,
    /// `last royal captured`: a royal piece was captured and its owner has none left.
    LastRoyalCaptured,
    /// `moves N`: every player has made N moves (N = 0: never).
    Moves(Num),
    /// The same position for the N-th time.
    Repetition(Num),
    /// N plies without a capture or a pawn move.
    Quiet(Num),
    /// Material: every player's (`each`) or the whole board's (`all`) piece letters
    /// form one of the alternatives.
    Material {
        /// Per player (`each`) or the whole board (`all`).
        scope: MaterialScope,
        /// Alternatives, each a multiset of piece letters.
        alternatives: Vec<Vec<Spanned<char>>>,
    },
    /// Only one player is left.
    LastPlayer,
    /// `checkmate by one`: checkmate that one opponent's pieces give alone (the other
    /// opponents' pieces only block); `checkmate by many`: checkmate that needs the
    /// pieces of several opponents.
    CheckmateBy(MateBy),
    /// `check all opponents`: the mover's pieces attack a royal of every other player
    /// still in the game (two or more); with `and mate` (`mate: true`), one of them
    /// also has no legal move.
    CheckAll {
        /// `and mate`.
        mate: bool,
    },
    /// `if COND`: after every move (and in a position as read), for every player still
    /// in (the mover first, then in turn order), the condition about that player.
    Condition(Spanned<super::cond::Cond>),
}

/// `remove ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct RemoveDecl {
    /// What goes.
    pub target: RemoveTarget,
    /// The whole statement.
    pub span: Span,
}

/// What a `remove` statement drops (from included files only).
#[derive(Clone, Debug, PartialEq)]
pub enum RemoveTarget {
    /// `remove castles`: every castle.
    Castles,
    /// `remove castle "NAME" [for PLAYER]`.
    Castle(Spanned<String>, Option<Ident>),
    /// `remove piece NAME`: the piece type (its setup and castles must go too).
    Piece(Ident),
    /// `remove setup PLAYER`.
    Setup(Ident),
    /// `remove end EVENT` (every clause of that event) or `remove end "label"`.
    End(EndKey),
    /// `remove check`: back to no check rule.
    Check,
    /// `remove filters`: every `forbid`, `must` and `non-aggression`.
    Filters,
    /// `remove notation`: the default marks again.
    Notation,
}

/// Which `end` clauses a `remove end` drops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndKey {
    /// Every clause of this event kind (`checkmate`, `material`, `repetition`, ...).
    Kind(String),
    /// The `end if` / `adjudicate if` clauses with this label.
    Label(String),
}

/// `extend piece NAME { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtendDecl {
    /// The piece extended.
    pub piece: Ident,
    /// The items added.
    pub body: Vec<PieceItem>,
    /// The header.
    pub span: Span,
}

/// `def NAME = COND`.
#[derive(Clone, Debug, PartialEq)]
pub struct DefDecl {
    /// The name.
    pub name: Ident,
    /// What it stands for.
    pub cond: Spanned<super::cond::Cond>,
    /// The whole statement.
    pub span: Span,
}

/// Who gives a checkmate, for `checkmate by one|many`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateBy {
    /// One opponent's pieces alone.
    One,
    /// Only the pieces of several opponents together.
    Many,
}

/// `non-aggression [lost OP N] [lead OP N] [in ZONE] [unless check]`: captures a player
/// may not make.
///
/// A player may not capture a piece of a victim (the piece's owner) standing in the
/// zone (resolved for the victim's seat) when the victim's lost points satisfy `lost`
/// and the victim's lost points minus the captor's satisfy `lead`, unless (`unless
/// check`) the capture leaves a royal of the victim attacked by the captor's pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct NonAggressionDecl {
    /// `lost OP N`: the victim's lost points.
    pub lost: Option<RuntimeCmp>,
    /// `lead OP N`: the victim's lost points minus the captor's.
    pub lead: Option<RuntimeCmp>,
    /// `in ZONE`: where the victim's piece stands (default: anywhere).
    pub zone: Option<ZoneExpr>,
    /// `unless check`: a capture that gives check to the victim is allowed.
    pub unless_check: bool,
    /// The whole statement.
    pub span: Span,
}

/// `OP N` after a counted word (`lost >= 3`).
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeCmp {
    /// Comparison.
    pub op: CmpOp,
    /// Right-hand side.
    pub value: Spanned<Num>,
    /// The condition, word through number.
    pub span: Span,
}

/// Scope of a material clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialScope {
    /// Each player's own pieces.
    Each,
    /// All pieces on the board.
    All,
}

/// What an `end` clause does.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The event's subject loses; the game ends and the others win.
    Lose,
    /// The event's actor (the captor, the player who moved) wins; the game ends.
    Win,
    /// The game is drawn.
    Draw,
    /// The subject is eliminated; the game goes on while two or more remain.
    Eliminate,
    /// The subject passes the turn.
    Pass,
    /// The captor becomes controller of the subject's pieces.
    CaptorControls,
    /// `lose to actor`: the subject loses, the actor wins, every other player still
    /// in the game draws; the game ends.
    LoseToActor,
    /// `most royals`: the players with the most royal pieces win, the others lose; a
    /// draw when every player has as many.
    MostRoyals,
    /// `subject wins`: the subject wins, the others lose; the game ends.
    SubjectWins,
    /// `actor loses`: the actor loses, the others win; the game ends.
    ActorLoses,
    /// `rank by EXPR`: the players (still in) with the largest value of EXPR win, the
    /// others lose; a draw when all are equal.
    RankBy(Spanned<super::expr::Expr>),
    /// `rank all by EXPR`: the same over every player, eliminated players too.
    RankAllBy(Spanned<super::expr::Expr>),
    /// `add EXPR to COUNTER [of WHO]`: a counter grows (the game goes on).
    Add(AddOutcome),
    /// `score subject F actor F [others F]`: the game ends with these shares of a point.
    Score(Vec<Share>),
}

/// What the referee announces (`announce`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announced {
    /// Captures and where.
    Captures,
    /// Checks and the line they come along.
    Checks,
    /// Illegal attempts (the player moves again).
    Attempts,
}

/// What each player sees of the board (`see`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Everything (`see all`, the default).
    All,
    /// Only his own pieces (`see own`: Kriegspiel).
    Own,
    /// His pieces and the cells they can move to (`see reach`: fog of war).
    Reach,
}

/// `add EXPR to COUNTER [of WHO]`.
#[derive(Clone, Debug, PartialEq)]
pub struct AddOutcome {
    /// How much (`-1` or an expression).
    pub amount: Spanned<super::expr::Expr>,
    /// Which counter.
    pub counter: Ident,
    /// Whose counter (default: the subject's).
    pub to: Option<Spanned<AddTo>>,
}

/// Whose counter an `add` changes.
#[derive(Clone, Debug, PartialEq)]
pub enum AddTo {
    /// The event's subject.
    Subject,
    /// The event's actor.
    Actor,
    /// Each other player still in.
    Others,
    /// Each player still in.
    All,
    /// A player by name.
    Player(Ident),
}

/// Who gets a share in `score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShareTo {
    /// The event's subject.
    Subject,
    /// The event's actor.
    Actor,
    /// Every other player still in.
    Others,
}

/// One share of `score`: who and the fraction as written (`3/4`: numerator and
/// denominator, checked by the compiler).
#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    /// Who.
    pub to: ShareTo,
    /// `(numerator, denominator)`.
    pub fraction: Spanned<(u32, u32)>,
}

/// How long en-passant cells stay capturable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnPassantWindow {
    /// The next player only.
    Turn,
    /// Every opponent, until the creator moves again.
    Round,
}

/// `notation promotion "=", check "+", mate "#"`.
#[derive(Clone, Debug, PartialEq)]
pub struct NotationDecl {
    /// Marks that were set.
    pub marks: Vec<(Spanned<NotationKey>, Spanned<String>)>,
    /// The whole statement.
    pub span: Span,
}

/// Which notation mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationKey {
    /// Between target and promotion letter (`=` in `e8=Q`, empty in `d9Q`).
    Promotion,
    /// After a checking move.
    Check,
    /// After a mating move.
    Mate,
    /// After a move that comes with a draw offer (`=` in Dreierschach; none by
    /// default, since chess writes `=` for promotions).
    Draw,
}

/// `when COND { ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct When<T> {
    /// The option condition.
    pub cond: Spanned<OptionCond>,
    /// The statements that apply when it holds.
    pub items: Vec<T>,
    /// The header.
    pub span: Span,
}

/// A condition on option values, decided at compile time.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionCond {
    /// `NAME`: a bool option is true.
    IsTrue(Ident),
    /// `not NAME`: a bool option is false.
    IsFalse(Ident),
    /// `NAME = VALUE` (int or choice).
    Equals(Ident, Spanned<OptionValue>),
}

/// `points win 3, draw 1, loss 0`: what each result is worth (default 1, 1/2, 0).
#[derive(Clone, Debug, PartialEq)]
pub struct PointsDecl {
    /// The results given, in the order written.
    pub entries: Vec<(Spanned<ResultKey>, Spanned<Num>)>,
    /// The whole statement.
    pub span: Span,
}

/// A player's result, as named by `points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKey {
    /// `win`.
    Win,
    /// `draw`.
    Draw,
    /// `loss`.
    Loss,
}

/// `hint WORD [NAME...] [= INT...]`: advice to the computer player, never a rule of
/// the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The word, as written.
    pub word: Spanned<String>,
    /// The names after the word (a piece type and a player for a table of places).
    pub names: Vec<Spanned<String>>,
    /// The values after `=`: one for a weight of the evaluation, one per cell for a
    /// table of places.
    pub values: Vec<Spanned<i64>>,
}
