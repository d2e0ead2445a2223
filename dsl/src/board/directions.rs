//! Directions: names, opposites and the paths of composite directions.
//!
//! Every direction needs an opposite because attack detection walks rays backwards:
//! the interpreter finds who attacks a cell by stepping *from* it in the opposite
//! directions. Opposites must name each other, or that walk would not retrace the ray.

use super::draft::Draft;
use super::graph::DirId;
use super::locate::YamlPath;
use super::report::Reporter;
use super::schema::BoardFile;
use crate::limits::{MAX_DIRECTIONS, MAX_PATH_LEN, MAX_SUCCESSORS};

/// Declares the directions and resolves their opposites.
pub(crate) fn declare(file: &BoardFile, d: &mut Draft, rep: &mut Reporter) {
    let base = YamlPath::root().key("directions");
    // Declaration index of each direction id, to find its text again.
    let mut decl_of = Vec::new();
    for (i, (name, _)) in file.directions.iter().enumerate() {
        let span = rep.key(&base.entry(i));
        if d.dirs.len() == MAX_DIRECTIONS {
            rep.error(
                "board::too-many-directions",
                format!(
                    "the board declares {} directions; at most {MAX_DIRECTIONS} are allowed",
                    file.directions.len()
                ),
                span,
                "one too many",
                "direction sets are 32-bit masks in the engine; merge or drop directions",
            );
            break;
        }
        if d.dirs
            .declare(rep, "board::duplicate-direction", "direction", name, span)
            .is_some()
        {
            decl_of.push(i);
        }
    }
    let n = d.dirs.len();
    d.opposite = (0..n as DirId).collect();
    d.dir_ok = vec![false; n];
    d.is_composite = vec![false; n];
    d.composite = vec![None; n];

    for (id, &i) in decl_of.iter().enumerate() {
        let (name, decl) = &file.directions.0[i];
        let path = base.entry(i);
        let Some(opp) = decl.as_ref().and_then(|x| x.opposite.as_deref()) else {
            rep.error(
                "board::missing-opposite",
                format!("direction `{name}` has no opposite"),
                rep.key(&path),
                "no `opposite`",
                format!(
                    "write `{name}: {{ opposite: OTHER }}`: attack detection walks rays \
                     backwards, so every direction needs the one that undoes it"
                ),
            );
            continue;
        };
        let span = rep.value(&path.key("opposite"));
        if let Some(o) = d.dirs.resolve(
            rep,
            "board::unknown-direction",
            "direction",
            opp,
            span,
            "an opposite must be one of the directions declared under `directions:`",
        ) {
            d.opposite[id] = o as DirId;
            d.dir_ok[id] = true;
        }
    }

    report_mismatches(d, &decl_of, &base, rep);
}

/// Reports directions whose opposites do not name each other, blaming the one that
/// is wrong: with `e: w`, `w: s` and `s: n`, `n: s`, the pair `s`/`n` agrees, so `w`
/// is wrong (and `e`, which names `w`, is the direction `w` should name). Directions
/// in a disagreement are marked not ok, so no edge of theirs is checked further.
fn report_mismatches(d: &mut Draft, decl_of: &[usize], base: &YamlPath, rep: &mut Reporter) {
    let n = d.dir_count();
    let mutual =
        |d: &Draft, x: usize| d.dir_ok[x] && d.opposite[d.opposite[x] as usize] as usize == x;
    let mut bad = Vec::new();
    for (id, &decl_index) in decl_of.iter().enumerate() {
        let o = d.opposite[id] as usize;
        if !d.dir_ok[id] || !d.dir_ok[o] || mutual(d, id) {
            continue;
        }
        bad.push(id);
        // When `o` names a direction of an agreeing pair, `o` is the one to blame
        // and is reported on its own line.
        if !mutual(d, o) && mutual(d, d.opposite[o] as usize) {
            continue;
        }
        let (name, oname) = (d.dir_name(id as DirId), d.dir_name(o as DirId));
        let back = d.dir_name(d.opposite[o]);
        let (message, help) = if mutual(d, o) {
            let claimant = (0..n)
                .find(|&x| x != id && d.dir_ok[x] && d.opposite[x] as usize == id && !mutual(d, x));
            let help = match claimant {
                Some(x) => {
                    let x = d.dir_name(x as DirId);
                    format!(
                        "write `{name}: {{ opposite: {x} }}`, since `{x}` names `{name}` \
                         as its opposite"
                    )
                }
                None => format!("give `{name}` an opposite that names `{name}` back"),
            };
            (
                format!(
                    "`{name}` says its opposite is `{oname}`, but `{oname}` and `{back}` \
                     are each other's opposites"
                ),
                help,
            )
        } else {
            (
                format!(
                    "`{name}` says its opposite is `{oname}`, but `{oname}` says its \
                     opposite is `{back}`"
                ),
                format!(
                    "opposites come in pairs: write `{name}: {{ opposite: {oname} }}` and \
                     `{oname}: {{ opposite: {name} }}`"
                ),
            )
        };
        let span = rep.value(&base.entry(decl_index).key("opposite"));
        rep.error(
            "board::opposite-mismatch",
            message,
            span,
            "opposites disagree",
            help,
        );
    }
    for id in bad {
        d.dir_ok[id] = false;
    }
}

/// Reads `composite:`: which directions are composite and their paths of plain
/// directions. Runs after [`declare`].
pub(crate) fn declare_composite(file: &BoardFile, d: &mut Draft, rep: &mut Reporter) {
    let base = YamlPath::root().key("composite");
    let mut entries = Vec::new();
    for (i, (name, _)) in file.composite.iter().enumerate() {
        let span = rep.key(&base.entry(i));
        let Some(id) = d.dirs.resolve(
            rep,
            "board::unknown-direction",
            "direction",
            name,
            span,
            &format!(
                "declare `{name}` under `directions:` with its opposite first, \
                 e.g. `{name}: {{ opposite: OTHER }}`"
            ),
        ) else {
            continue;
        };
        if d.is_composite[id] {
            rep.error(
                "board::duplicate-composite",
                format!("composite direction `{name}` is defined twice"),
                span,
                "defined again here",
                format!("give all paths of `{name}` in one list: `{name}: [[a, b], [b, a]]`"),
            );
            continue;
        }
        d.is_composite[id] = true;
        entries.push((id, i));
    }

    for (id, i) in entries {
        let (name, paths) = &file.composite.0[i];
        let path = base.entry(i);
        if paths.is_empty() || paths.len() > MAX_SUCCESSORS {
            rep.error(
                "board::composite-paths",
                format!(
                    "composite direction `{name}` has {} paths; it needs 1 to {MAX_SUCCESSORS}",
                    paths.len()
                ),
                rep.key(&path),
                "here",
                format!("write its paths as a list of lists: `{name}: [[f, l], [l, f]]`"),
            );
            continue;
        }
        let mut resolved = Vec::new();
        let mut ok = true;
        for (j, steps) in paths.iter().enumerate() {
            let ppath = path.index(j);
            if steps.is_empty() || steps.len() > MAX_PATH_LEN {
                rep.error(
                    "board::composite-paths",
                    format!(
                        "a path of `{name}` has {} steps; it needs 1 to {MAX_PATH_LEN}",
                        steps.len()
                    ),
                    rep.value(&ppath),
                    "this path",
                    "each path is a short list of plain directions, e.g. `[f, l]`",
                );
                ok = false;
                continue;
            }
            let mut p = Vec::new();
            for (k, step) in steps.iter().enumerate() {
                let span = rep.value(&ppath.index(k));
                let Some(s) = d.dirs.resolve(
                    rep,
                    "board::unknown-direction",
                    "direction",
                    step,
                    span,
                    "path steps are directions declared under `directions:`",
                ) else {
                    ok = false;
                    continue;
                };
                if d.is_composite[s] {
                    rep.error(
                        "board::composite-step",
                        format!(
                            "step `{step}` of composite direction `{name}` is itself composite"
                        ),
                        span,
                        "composite step",
                        format!("write the paths of `{name}` with plain directions only"),
                    );
                    ok = false;
                }
                p.push(s as DirId);
            }
            resolved.push(p);
        }
        if ok {
            d.composite[id] = Some(resolved);
        }
    }
}
