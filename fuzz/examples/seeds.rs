//! Writes the seed corpus `fuzz/seeds/<target>/` from the repository's variants:
//! rule and board files (up to 32 KiB) for `rules` and `board`; start positions and
//! positions of seeded random games for `position`; ply choices and move texts for
//! `moves`; records of seeded random games for `record`.
//!
//! ```sh
//! cd fuzz && cargo run --release --example seeds
//! ```

use chessgraph::record::{result_text, GameRecord};
use chessgraph::{san, Outcome, Position};
use fuzzcheck::{root, variant, VARIANTS};
use std::fs;
use std::path::{Path, PathBuf};

/// Largest rule or board file taken as a seed.
const MAX_SEED: u64 = 32 * 1024;

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext)
            && p.metadata().is_ok_and(|m| m.len() <= MAX_SEED)
        {
            out.push(p);
        }
    }
}

fn write(target: &str, name: &str, data: &[u8]) {
    let dir = root().join("fuzz/seeds").join(target);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join(name), data).unwrap();
}

fn main() {
    let root = root();
    for (target, ext) in [("rules", "rules"), ("board", "yaml")] {
        let mut found = Vec::new();
        for dir in ["variants", "examples", "dsl/tests/fixtures"] {
            files(&root.join(dir), ext, &mut found);
        }
        for p in &found {
            let rel = p.strip_prefix(&root).unwrap().to_string_lossy();
            write(target, &rel.replace('/', "_"), &fs::read(p).unwrap());
        }
        println!("{target}: {} files", found.len());
    }

    let mut rng = Rng(2024);
    let mut counts = [0usize; 3];
    for (i, (name, _)) in VARIANTS.iter().enumerate() {
        let v = variant(i);
        let tag = format!("{i:02}-{name}");
        for game in 0..3 {
            let mut p = Position::start(v);
            let mut record = GameRecord::new(name);
            let options: Vec<String> = VARIANTS[i]
                .1
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            if !options.is_empty() {
                record.set_tag("Options", &options.join(" "));
            }
            let mut choices = Vec::new();
            let plies = [0, 12, 40][game];
            for _ in 0..plies {
                let moves = p.every_move();
                if moves.is_empty() {
                    break;
                }
                let c = (rng.next() % 256) as u8;
                choices.push(c);
                let m = moves[c as usize % moves.len()];
                let text = san::san(&mut p, m);
                record.push(p.move_number(), p.mover(m), text);
                p.make(m);
            }
            // position: the variant byte and the string (and FEN where there is one).
            let mut data = vec![i as u8];
            data.extend(p.to_string().as_bytes());
            write("position", &format!("{tag}-{game}"), &data);
            counts[0] += 1;
            if let Some(fen) = p.fen() {
                let mut data = vec![i as u8];
                data.extend(fen.as_bytes());
                write("position", &format!("{tag}-{game}-fen"), &data);
                counts[0] += 1;
            }
            // moves: the variant byte, the ply count, the choices, a move text.
            let moves = p.every_move();
            let text = moves
                .first()
                .map(|&m| san::san(&mut p, m))
                .unwrap_or_default();
            let mut data = vec![i as u8, choices.len() as u8];
            data.extend(&choices);
            data.extend(text.as_bytes());
            write("moves", &format!("{tag}-{game}"), &data);
            counts[1] += 1;
            // record: the game with its result.
            let result = match p.outcome() {
                Outcome::Finished { scores, .. } => result_text(v, &scores),
                Outcome::Ongoing => "*".to_owned(),
            };
            record.set_tag("Result", &result);
            write(
                "record",
                &format!("{tag}-{game}.txt"),
                record.to_string().as_bytes(),
            );
            counts[2] += 1;
        }
    }
    println!(
        "position: {}, moves: {}, record: {}",
        counts[0], counts[1], counts[2]
    );
}
