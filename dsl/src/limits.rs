//! Size limits for hostile input. Every loader checks them and answers with a
//! diagnostic instead of running out of memory or time.

/// Largest rule or board file read, in bytes.
pub const MAX_FILE_BYTES: usize = 4 << 20;
/// Most cells on a board (cell ids are `u16` and kind masks are sized to this).
pub const MAX_CELLS: usize = 1024;
/// Most directions on a board (direction sets are `u32` masks).
pub const MAX_DIRECTIONS: usize = 32;
/// Most successors of one cell in one direction (ray forks).
pub const MAX_SUCCESSORS: usize = 8;
/// Most seats on a board and players in a variant.
pub const MAX_PLAYERS: usize = 16;
/// Most zones on a board.
pub const MAX_ZONES: usize = 64;
/// Most tinted zones (`shade:`) on a board: the text drawing has one mark for each.
pub const MAX_SHADES: usize = 8;
/// Longest name of a cell, direction, zone, seat or piece.
pub const MAX_NAME_LEN: usize = 32;
/// Most piece types in a variant (kinds = types x owners must stay below 64).
pub const MAX_PIECE_TYPES: usize = 32;
/// Most steps in one path (`leap n.n.e`).
pub const MAX_PATH_LEN: usize = 8;
/// Deepest nesting of `{ }` blocks in a rule file (a piece block holding `when` blocks).
pub const MAX_BLOCK_DEPTH: usize = 8;
/// Deepest nesting of a board file's YAML (block indentation levels, `- ` entries
/// and `[`/`{` together); the YAML parser's time grows with depth times length.
pub const MAX_YAML_DEPTH: usize = 32;
/// Most diagnostics reported from one file before giving up.
pub const MAX_DIAGNOSTICS: usize = 50;
/// Most lattice cells considered before filtering (width x height).
pub const MAX_LATTICE_AREA: usize = 16384;
