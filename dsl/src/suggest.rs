//! "Did you mean ...?" for misspelt names, shared by the board loader and the
//! interpreter's compiler (the rule parser keeps its own keyword-aware version).
//!
//! Most unknown-name errors in hand-written files are typos (`a9` for `a8`, `oposite`
//! for `opposite`); naming the closest known name turns the help into a fix.

/// The known name closest to `wanted`, if it is close enough to be a plausible typo
/// (edit distance at most 1 for short names, 2 for longer ones) and no other name is
/// as close: among `a1`..`h1`, `i1` is one edit from all of them and a guess would
/// mislead more than it helps.
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if wanted.chars().count() <= 3 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    let mut tied = false;
    for k in known.into_iter().filter(|k| *k != wanted) {
        let d = distance(wanted, k, limit + 1);
        if d > limit {
            continue;
        }
        match best {
            Some((bd, _)) if d > bd => {}
            Some((bd, _)) if d == bd => tied = true,
            _ => {
                best = Some((d, k));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, k)| k)
}

/// `" (did you mean `x`?)"` or nothing; for appending to a help text.
pub fn did_you_mean<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(wanted, known)
        .map(|k| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

/// Levenshtein distance, cut off at `cap` so that long hostile names stay cheap.
fn distance(a: &str, b: &str, cap: usize) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    if a.len().abs_diff(b.len()) >= cap {
        return cap;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()].min(cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos_but_not_strangers() {
        assert_eq!(closest("a9", ["a8", "b1", "h8"]), Some("a8"));
        assert_eq!(closest("oposite", ["opposite", "to"]), Some("opposite"));
        assert_eq!(closest("zz", ["a8", "b1"]), None);
        assert_eq!(closest("link", ["name", "links", "at"]), Some("links"));
        // Ties are no help.
        assert_eq!(closest("i1", ["a1", "b1", "h8"]), None);
        assert_eq!(closest("z", ["x", "y"]), None);
    }

    #[test]
    fn distance_is_levenshtein() {
        assert_eq!(distance("kitten", "sitting", 10), 3);
        assert_eq!(distance("", "abc", 10), 3);
        assert_eq!(distance("abc", "abc", 10), 0);
    }
}

/// Longest name quoted whole in a message; longer ones are cut (the label shows where
/// the name is).
const SHOWN_CHARS: usize = 40;

/// `name` as a message quotes it: whole up to [`SHOWN_CHARS`] characters, else cut
/// there with an ellipsis, so a hostile name cannot blow up the rendering.
pub fn shown(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(SHOWN_CHARS) {
        None => name.into(),
        Some((at, _)) => format!("{}…", &name[..at]).into(),
    }
}

#[cfg(test)]
mod shown_tests {
    use super::shown;

    #[test]
    fn long_names_are_cut() {
        assert_eq!(shown("knight"), "knight");
        let long = "\u{fffd}".repeat(300);
        assert_eq!(shown(&long).chars().count(), 41);
        assert!(shown(&long).ends_with('…'));
    }
}
