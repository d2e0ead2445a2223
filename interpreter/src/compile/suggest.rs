//! "Did you mean ...?": the closest known name to a misspelt one.

/// The known name closest to `wanted` when it is a plausible typo (edit distance at
/// most 1 for names of up to 3 characters, 2 for longer ones) and no other name is as
/// close: a tie would mislead more than help.
pub(crate) fn closest<'a>(
    wanted: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
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
    fn typos_but_not_strangers() {
        assert_eq!(closest("nn", ["n", "s", "e"]), Some("n"));
        assert_eq!(closest("rnak8", ["rank8", "rank1"]), Some("rank8"));
        assert_eq!(closest("qqqq", ["rank8"]), None);
        assert_eq!(closest("i1", ["a1", "b1"]), None);
        assert_eq!(distance("kitten", "sitting", 9), 3);
    }
}
