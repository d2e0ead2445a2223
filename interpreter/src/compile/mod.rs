//! Compiling a rule file and its board into a [`Variant`].
//!
//! One concept per file: options and `when` blocks ([`options`]), players and their
//! colours, zones, direction sets, piece types, move rules ([`atoms`]), promotions,
//! castles, setup, game rules ([`rules`]: lowered into the rule IR), attack tables and the
//! reachability warning. Every phase
//! reports all the problems it finds into one [`cx::Cx`], so a designer sees every
//! mistake of a file in one run.

mod atoms;
mod attacks;
mod betza;
mod castles;
pub(crate) mod colours;
mod countable;
pub(crate) mod cx;
pub(crate) mod dirsets;
mod frame;
mod hands;
mod kinds;
mod layers;
mod limits;
mod mines;
mod names;
mod notation;
mod options;
mod order;
mod pieces;
mod players;
mod points;
mod promote;
mod reach;
mod rule;
pub(crate) mod rules;
mod setup;
pub(crate) mod tracks;
mod zones;

use crate::error::Error;
use crate::ids::MAX_KINDS;
use crate::tables::Tables;
use crate::topology::Topology;
use crate::variant::Variant;
use crate::zobrist::Keys;
use cx::Cx;
use dsl::board::load_board;
use dsl::limits::MAX_FILE_BYTES;
use dsl::rules::load_rules;
use dsl::{Diagnostic, Diagnostics, SourceFile};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// A compiled variant and the warnings found on the way.
#[derive(Debug)]
pub struct Loaded {
    /// The variant, ready to be shared by positions.
    pub variant: Arc<Variant>,
    /// Warnings of the rule file and the board file (the load succeeded anyway).
    pub warnings: Diagnostics,
}

/// Reads a text file of at most [`MAX_FILE_BYTES`].
fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!("the file is larger than {MAX_FILE_BYTES} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "the file is not UTF-8 text".to_owned())
}

impl Variant {
    /// Loads the rule file at `path` and the board it names (relative to the rule
    /// file), applies `options` (`--option NAME=VALUE` pairs) and compiles them.
    ///
    /// Every problem is reported at once: `Err(Error::Variant)` holds all
    /// diagnostics, each pointing into the rule or board file with a help.
    pub fn load(path: impl AsRef<Path>, options: &[(String, String)]) -> Result<Loaded, Error> {
        let path = path.as_ref();
        let text = read_text(path).map_err(|reason| Error::Read {
            path: path.display().to_string(),
            reason,
        })?;
        let rules = SourceFile::new(path.display().to_string(), text);
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Variant::load_with(rules, &mut |rel| read_text(&dir.join(rel)), options)
    }

    /// Compiles a rule file already in memory. `read_board` maps a path relative to
    /// the rule file's folder (the board file's, an included rule file's) to the
    /// file's text (or a reason it cannot); a board's name in diagnostics is that path
    /// joined to the rule file's folder.
    pub fn load_with(
        rules: Arc<SourceFile>,
        read_board: &mut dyn FnMut(&str) -> Result<String, String>,
        options: &[(String, String)],
    ) -> Result<Loaded, Error> {
        let set = load_rules(&rules, read_board)?;
        let ast = set.file;
        let rules = set.source;
        let mut cx = Cx::new(rules.clone());
        let opts = options::resolve(&ast, options, &mut cx);
        let active = options::Active::collect(&ast, &set.layers, &opts, &mut cx);
        let Some(board_stmt) = active.boards.first() else {
            cx.push(
                Diagnostic::error("compile::no-board", "the rule file names no board")
                    .in_file(&rules)
                    .help("add a line `board \"board.yaml\"` naming the board file"),
            );
            return Err(cx.finish().into());
        };
        if let [first, second, ..] = active.boards.as_slice() {
            cx.error(
                "compile::duplicate-statement",
                "the rules in force name two boards",
                second.span,
                "second board",
                "inside `when` blocks, make sure only one `board` line applies",
            )
            .secondary
            .push((first.span, "first board".into()));
        }
        let board_name = Path::new(&rules.name)
            .parent()
            .map(|p| p.join(&board_stmt.node))
            .unwrap_or_else(|| Path::new(&board_stmt.node).to_path_buf())
            .display()
            .to_string();
        let text = match read_board(&board_stmt.node) {
            Ok(t) => t,
            Err(reason) => {
                cx.error(
                    "compile::board-unreadable",
                    format!("cannot read the board file `{board_name}`: {reason}"),
                    board_stmt.span,
                    "this board",
                    "the path is relative to the rule file's folder",
                );
                return Err(cx.finish().into());
            }
        };
        let board_src = SourceFile::new(board_name, text);
        let (board, board_warnings) = match load_board(&board_src) {
            Ok(x) => x,
            Err(ds) => {
                let mut all = cx.finish();
                all.extend(ds);
                return Err(all.into());
            }
        };
        let mut topo = match Topology::build(&board) {
            Ok(t) => t,
            Err(e) => {
                let mut all = cx.finish();
                all.push(
                    Diagnostic::error("compile::rays-too-large", e.message)
                        .at(&board.source, board.cells[e.cell as usize].span, "from this cell")
                        .help("boards whose directions fork at many cells in a row make rays explode; fork less"),
                );
                return Err(all.into());
            }
        };
        let names = names::BoardNames::new(&board);
        let players = players::compile(&active, &board, &mut cx);
        if players.len() == 0 {
            cx.push(
                Diagnostic::error("compile::no-players", "the rule file declares no player")
                    .in_file(&rules)
                    .help("add `player NAME` lines in turn order"),
            );
        }
        let zones = zones::compile(&active, &names, &players, &mut cx);
        let dirsets = dirsets::compile(&active, &names, &players, &zones, &mut cx);
        let mut tracks = tracks::compile(&active, &names, &zones, &players, &mut cx);
        let types = pieces::declare(&active, players.len(), &opts, &mut cx);
        let kinds = types.infos.len() * players.len();
        let royal_kinds = (0..kinds.min(MAX_KINDS))
            .filter(|&k| types.infos[k % types.infos.len().max(1)].royal)
            .fold(0u64, |m, k| m | 1 << k);
        let env = atoms::Env {
            names: &names,
            players: &players,
            zones: &zones,
            dirsets: &dirsets,
            topo: &topo,
            opts: &opts,
            types: &types,
            royal_kinds,
        };
        let mut tables = Tables::default();
        let fits = kinds <= MAX_KINDS && !players.infos.is_empty();
        let compiled = fits.then(|| {
            let c = atoms::compile(&active, &env, &mut tables, &mut cx);
            promote::compile(&active, &env, &mut tables, &mut cx);
            countable::mark(&mut tables, &topo, kinds);
            c
        });
        let hand_rules = if fits {
            hands::compile(&active, &env, &mut cx)
        } else {
            crate::hands::HandRules::default()
        };
        let setup = setup::compile(&active, &names, &players, &types, &mut cx);
        tables.promo_caps = vec![0; kinds];
        for &(_, k) in &setup {
            if let Some(c) = tables.promo_caps.get_mut(k as usize) {
                *c = c.saturating_add(1);
            }
        }
        let castles = castles::compile(
            &active,
            &castles::Env {
                names: &names,
                players: &players,
                topo: &topo,
                types: &types,
                dirsets: &dirsets,
                setup: &setup,
            },
            &mut cx,
        );
        let mut game_rules = rules::compile(
            &active,
            &rules::Env {
                names: &names,
                players: &players,
                zones: &zones,
                dirsets: &dirsets,
                types: &types,
                opts: &opts,
                topo: &topo,
                ntypes: types.infos.len(),
                defs: &active.defs,
            },
            &mut cx,
        );
        game_rules.points = points::compile(&active, &opts, &mut cx);
        game_rules.mines = mines::compile(
            &active,
            &mines::Env {
                names: &names,
                zones: &zones,
                types: &types,
                topo: &topo,
                opts: &opts,
            },
            &mut cx,
        );
        let marks = notation::marks(&active);
        let Some(compiled) = compiled else {
            return Err(cx.finish().into());
        };
        if cx.has_errors() {
            return Err(cx.finish().into());
        }
        attacks::compile(
            &compiled.attack,
            kinds,
            compiled.irregular,
            &mut topo,
            &mut tables,
        );
        let mut warnings = board_warnings;
        warnings.extend(cx.finish());
        if let Some(w) = reach::unreachable(&board, &setup) {
            warnings.push(w);
        }

        let nplayers = players.len();
        tracks.heirs(&game_rules.team, nplayers);
        let gated = hand_rules.gated_kinds(&setup, &types.infos, nplayers);
        let km = kinds::masks(
            &types.infos,
            nplayers,
            compiled.first_types,
            &castles,
            gated,
        );
        let cell_index = board
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i as u16))
            .collect();
        let name = active
            .games
            .first()
            .map(|g| g.node.clone())
            .unwrap_or_else(|| board.name.clone());
        let royal_guard = royal_guard(&km.owner_kinds, km.royal_kinds, &game_rules);
        let mut variant = Variant {
            move_bits: None,
            royal_guard,
            name,
            keys: Keys::new(kinds, board.cells.len(), nplayers, 1),
            tracks,
            hands: hand_rules,
            cell_index,
            topo,
            players: players.infos,
            types: types.infos,
            kind_owner: km.kind_owner,
            kind_type: km.kind_type,
            owner_kinds: km.owner_kinds,
            royal_kinds: km.royal_kinds,
            pawn_kinds: km.pawn_kinds,
            virgin_kinds: km.virgin_kinds,
            first_kinds: km.first_kinds,
            tables,
            castles,
            setup,
            rules: game_rules,
            marks,
            options: opts.infos,
            regions: 1,
            board,
        };
        variant.move_bits = crate::move_bits::MoveBits::new(&variant);
        Ok(Loaded {
            variant: Arc::new(variant),
            warnings,
        })
    }
}

/// Per player, the royal kinds the check rule guards: his own, or with `share royals`
/// every royal of his team.
fn royal_guard(
    owner_kinds: &[u64],
    royal_kinds: u64,
    rules: &crate::rules::Rules,
) -> [u64; dsl::limits::MAX_PLAYERS] {
    let mut guard = [0; dsl::limits::MAX_PLAYERS];
    for (p, g) in guard.iter_mut().enumerate().take(owner_kinds.len()) {
        let members = if rules.shared_royals & (1 << p) != 0 {
            rules.team[p]
        } else {
            1 << p
        };
        *g = owner_kinds
            .iter()
            .enumerate()
            .filter(|&(q, _)| members & (1 << q) != 0)
            .fold(0, |m, (_, &k)| m | k)
            & royal_kinds;
    }
    guard
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD, CHESS_RULES};
    use crate::{Error, Variant};
    use dsl::SourceFile;

    #[test]
    fn chess_compiles_without_warnings() {
        let loaded = Variant::load_with(
            SourceFile::new("chess.rules", CHESS_RULES),
            &mut |p| {
                Ok(crate::testing::chess_file(p)
                    .unwrap_or(CHESS_BOARD)
                    .to_owned())
            },
            &[],
        )
        .unwrap();
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings.0);
    }

    #[test]
    fn board_problems_stop_the_compile() {
        let e = Variant::load_with(
            SourceFile::new("x.rules", "board \"b\"\nplayer white\n"),
            &mut |_| Err("gone".into()),
            &[],
        )
        .unwrap_err();
        let Error::Variant(ds) = e else { panic!() };
        assert_eq!(ds.0[0].code, "compile::board-unreadable");
        assert_eq!(codes("player white\n", CHESS_BOARD), ["compile::no-board"]);
        assert_eq!(
            codes("board \"b\"\nplayer white\n", "nonsense: ["),
            ["board::schema"]
        );
    }

    #[test]
    fn when_blocks_follow_options() {
        let rules =
            "board \"b\"\noption big: bool = false\noption n: int(1..3) = 1\nplayer white\n\
                     piece rook R {\n slide n max n\n when big {\n  slide e\n }\n}\n\
                     when n = 3 {\n game \"Three\"\n}\n";
        let small = compile(rules, CHESS_BOARD).unwrap();
        assert_eq!(small.name(), "chess");
        let opts = [
            ("big".to_owned(), "true".to_owned()),
            ("n".to_owned(), "3".to_owned()),
        ];
        let big = Variant::load_with(
            SourceFile::new("t.rules", rules),
            &mut |_| Ok(CHESS_BOARD.to_owned()),
            &opts,
        )
        .unwrap()
        .variant;
        assert_eq!(big.name(), "Three");
        let (rook, e4) = (big.kind(0, 0), big.cell("e4").unwrap());
        assert_eq!(big.tables.atoms(big.tables.slot(rook, e4)).len(), 2);
        assert_eq!(small.tables.atoms(small.tables.slot(rook, e4)).len(), 1);
        let base = "board \"b\"\noption n: int(1..3) = 1\nplayer white\n";
        assert_eq!(
            codes(&format!("{base}when n {{\n}}\n"), CHESS_BOARD),
            ["compile::option-type"]
        );
        assert_eq!(
            codes(&format!("{base}when m {{\n}}\n"), CHESS_BOARD),
            ["compile::unknown-option"]
        );
        assert_eq!(
            codes(&format!("{base}when n = x {{\n}}\n"), CHESS_BOARD),
            ["compile::option-type"]
        );
    }

    #[test]
    fn castle_mistakes_are_reported() {
        let base =
            "board \"b\"\nplayer white\npiece king K {\n step n\n}\npiece rook R {\n step n\n}\n";
        let c = |extra: &str| codes(&format!("{base}{extra}"), CHESS_BOARD);
        assert_eq!(
            c("castle \"O-O\" for white: king e1 to g1, rook h1 to f1\nsetup white: K e1\n"),
            ["compile::castle-without-piece"]
        );
        assert_eq!(
            c("castle \"O-O\" for white: king e1 to g1, rook e1 to f1\nsetup white: K e1\n"),
            ["compile::castle-same-cell"]
        );
    }
}
