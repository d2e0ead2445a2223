//! Runs a target's check over files or folders of inputs without libFuzzer (any
//! toolchain), printing the time per input: `cargo run --release --example replay --
//! TARGET PATH...`. A crash input replays the same way.
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let target = args.next().expect("TARGET PATH...");
    let mut inputs = Vec::new();
    for a in args {
        let p = std::path::PathBuf::from(a);
        if p.is_dir() {
            let mut v: Vec<_> = std::fs::read_dir(&p)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .collect();
            v.sort();
            inputs.extend(v);
        } else {
            inputs.push(p);
        }
    }
    let run: fn(&[u8]) = match target.as_str() {
        "rules" => |d| fuzzcheck::check_rules(&String::from_utf8_lossy(d)),
        "board" => |d| fuzzcheck::check_board(&String::from_utf8_lossy(d)),
        "record" => |d| fuzzcheck::check_record(&String::from_utf8_lossy(d)),
        "position" => |d| {
            if let Some((&pick, text)) = d.split_first() {
                fuzzcheck::check_position_text(
                    fuzzcheck::variant(pick as usize),
                    &String::from_utf8_lossy(text),
                );
            }
        },
        "moves" => |d| fuzzcheck::fuzz_moves(d),
        t => panic!("unknown target {t}"),
    };
    // Warm the variant cache so that timing is of the checks.
    for i in 0..fuzzcheck::VARIANTS.len() {
        fuzzcheck::variant(i);
    }
    let t = Instant::now();
    for p in &inputs {
        run(&std::fs::read(p).unwrap());
    }
    let e = t.elapsed();
    println!(
        "{target}: {} inputs in {:.2?} ({:.1?} each)",
        inputs.len(),
        e,
        e / inputs.len().max(1) as u32
    );
}
