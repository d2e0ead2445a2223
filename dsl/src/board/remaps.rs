//! Remaps: named permutations of all directions (frame changes at frontiers), and the
//! derived ones that composite directions create by composing them.
//!
//! A remap must be a permutation of *every* direction, composite ones included: after
//! a frontier edge a move may continue in any direction, and a frame change that loses
//! or merges directions would make rays and their backward walks disagree.

use super::draft::Draft;
use super::graph::{DirId, Remap, RemapId};
use super::locate::YamlPath;
use super::report::Reporter;
use super::schema::BoardFile;

/// Most remaps, named and derived (ids are `u8`).
const MAX_REMAPS: usize = 256;

/// Declares the named remaps and checks that each is a permutation.
pub(crate) fn declare(file: &BoardFile, d: &mut Draft, rep: &mut Reporter) {
    let base = YamlPath::root().key("remaps");
    let n = d.dir_count();
    for (i, (name, pairs)) in file.remaps.iter().enumerate() {
        let path = base.entry(i);
        let span = rep.key(&path);
        if d.remaps.len() == MAX_REMAPS {
            rep.error(
                "board::too-many-remaps",
                format!("more than {MAX_REMAPS} remaps"),
                span,
                "one too many",
                "remap ids are 8-bit; a board needs only a few frame changes",
            );
            break;
        }
        if d.remap_names
            .declare(rep, "board::duplicate-remap", "remap", name, span)
            .is_none()
        {
            continue;
        }
        let mut image: Vec<Option<DirId>> = vec![None; n];
        let mut ok = true;
        for (j, (from, to)) in pairs.iter().enumerate() {
            let epath = path.entry(j);
            let from_id = d.dirs.resolve(
                rep,
                "board::unknown-direction",
                "direction",
                from,
                rep.key(&epath),
                "a remap maps directions declared under `directions:`",
            );
            let to_id = d.dirs.resolve(
                rep,
                "board::unknown-direction",
                "direction",
                to,
                rep.value(&epath),
                "a remap maps directions declared under `directions:`",
            );
            let (Some(f), Some(t)) = (from_id, to_id) else {
                ok = false;
                continue;
            };
            if image[f].is_some() {
                rep.error(
                    "board::bad-remap",
                    format!("remap `{name}` maps `{from}` twice"),
                    rep.key(&epath),
                    "mapped again here",
                    format!("keep one entry for `{from}`"),
                );
                ok = false;
                continue;
            }
            if let Some(other) = image.iter().position(|x| *x == Some(t as DirId)) {
                rep.error(
                    "board::bad-remap",
                    format!(
                        "remap `{name}` maps both `{}` and `{from}` to `{to}`",
                        d.dir_name(other as DirId)
                    ),
                    rep.value(&epath),
                    "second direction mapped here",
                    "a remap is a permutation: every direction must be the image of exactly \
                     one direction",
                );
                ok = false;
            }
            image[f] = Some(t as DirId);
        }
        let missing: Vec<&str> = (0..n)
            .filter(|&k| image[k].is_none())
            .map(|k| d.dir_name(k as DirId))
            .collect();
        if !missing.is_empty() {
            rep.error(
                "board::bad-remap",
                format!(
                    "remap `{name}` does not say where {} go{}",
                    quoted_list(&missing),
                    if missing.len() == 1 { "es" } else { "" }
                ),
                span,
                "incomplete remap",
                format!(
                    "a remap must map every direction, composite ones included: add `{}: ...`",
                    missing[0]
                ),
            );
            ok = false;
        }
        let map = (0..n).map(|k| image[k].unwrap_or(k as DirId)).collect();
        d.remaps.push(Remap {
            name: name.to_owned(),
            map,
        });
        d.remap_ok.push(ok);
    }
}

/// The remap id for the permutation `map` reached through the named remaps `parts`
/// (in the order they were applied): `None` for the identity, an existing remap with
/// the same map, or a new derived remap named `a*b`. `Err` when the id space is full.
pub(crate) fn intern(
    d: &mut Draft,
    map: &[DirId],
    parts: &[RemapId],
) -> Result<Option<RemapId>, ()> {
    if map.iter().enumerate().all(|(i, &m)| m as usize == i) {
        return Ok(None);
    }
    if let Some(i) = d.remaps.iter().position(|r| r.map == map) {
        return Ok(Some(i as RemapId));
    }
    if d.remaps.len() >= MAX_REMAPS {
        return Err(());
    }
    let name = parts
        .iter()
        .map(|&p| d.remaps[p as usize].name.as_str())
        .collect::<Vec<_>>()
        .join("*");
    d.remaps.push(Remap {
        name,
        map: map.to_vec(),
    });
    d.remap_ok.push(true);
    Ok(Some((d.remaps.len() - 1) as RemapId))
}

/// `` `a`, `b` and `c` ``; after eight names, `` `a`, ..., `h` and 3 more ``.
pub(crate) fn quoted_list(names: &[&str]) -> String {
    let shown: Vec<String> = names.iter().take(8).map(|n| format!("`{n}`")).collect();
    if names.len() > 8 {
        return format!("{} and {} more", shown.join(", "), names.len() - 8);
    }
    match shown.len() {
        0 => String::new(),
        1 => shown[0].clone(),
        k => format!("{} and {}", shown[..k - 1].join(", "), shown[k - 1]),
    }
}
