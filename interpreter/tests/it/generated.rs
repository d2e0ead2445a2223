//! Generated data files match their generators (`--check`): the StrategiChess team
//! boards and the Chess960 start arrays. Skipped when python3 is not installed.

use crate::common::root;
use std::process::Command;

#[test]
fn generated_files_are_up_to_date() {
    let Ok(probe) = Command::new("python3").arg("--version").output() else {
        eprintln!("python3 not found: generated files not checked");
        return;
    };
    assert!(probe.status.success());
    for script in [
        "variants/strategichess-team/boards.py",
        "variants/chess960/arrays.py",
    ] {
        let out = Command::new("python3")
            .arg(root().join(script))
            .arg("--check")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{script} --check: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
