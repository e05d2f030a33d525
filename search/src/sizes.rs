//! Size markers in a generator command: `{n=1..30}` is a size the setter lets
//! jurybox choose. A case draws each marker uniformly from its range (a pure
//! function of the case's seed, like `{seed}`); shrinking first re-generates the
//! failing case at smaller sizes with many seeds, which reaches small failures
//! that removing lines and tokens from one big input cannot (a count that must
//! match the data, a structure the generator alone keeps valid).

use jurybox_judging::seed::splitmix64;

/// One `{name=lo..hi}` marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The text to replace, braces included.
    pub text: String,
    /// The size's name.
    pub name: String,
    /// Smallest value.
    pub lo: u64,
    /// Largest value.
    pub hi: u64,
}

/// The markers of `command`, in order (`{seed}` is not one).
pub fn markers(command: &str) -> Vec<Marker> {
    let mut found = Vec::new();
    let mut rest = command;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        if let Some((name, range)) = inner.split_once('=') {
            if let Some((lo, hi)) = range.split_once("..") {
                if let (Ok(lo), Ok(hi)) = (lo.trim().parse::<u64>(), hi.trim().parse::<u64>()) {
                    if lo <= hi && !name.is_empty() {
                        found.push(Marker {
                            text: rest[open..=open + close].to_string(),
                            name: name.trim().to_string(),
                            lo,
                            hi,
                        });
                    }
                }
            }
        }
        rest = &rest[open + close + 1..];
    }
    found
}

/// `command` with `{seed}` and every marker replaced: marker i takes `values[i]`
/// when given, else a value drawn from the seed.
pub fn expand(command: &str, seed: u64, values: Option<&[u64]>) -> String {
    let mut out = command.replace("{seed}", &seed.to_string());
    for (i, marker) in markers(command).iter().enumerate() {
        let value = match values {
            Some(values) => values[i],
            None => {
                let draw = splitmix64(seed ^ splitmix64(i as u64 + 1));
                marker.lo + draw % (marker.hi - marker.lo + 1)
            }
        };
        out = out.replacen(&marker.text, &value.to_string(), 1);
    }
    out
}

/// The sizes to try when shrinking, smallest first: every marker at the same
/// fraction of its range, in `steps` steps from its minimum.
pub fn smaller_sizes(command: &str, steps: u64) -> Vec<Vec<u64>> {
    let markers = markers(command);
    if markers.is_empty() {
        return Vec::new();
    }
    (0..steps)
        .map(|t| {
            markers
                .iter()
                .map(|m| m.lo + (m.hi - m.lo) * t / steps)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_found_drawn_from_the_seed_and_set_when_shrinking() {
        let command = "python3 gen.py {seed} {n=1..30} --k {k=5..5}";
        let found = markers(command);
        assert_eq!(found.len(), 2);
        assert_eq!(
            (found[0].name.as_str(), found[0].lo, found[0].hi),
            ("n", 1, 30)
        );
        let drawn = expand(command, 7, None);
        assert_eq!(
            drawn,
            expand(command, 7, None),
            "a pure function of the seed"
        );
        let n: u64 = drawn.split(' ').nth(3).unwrap().parse().unwrap();
        assert!((1..=30).contains(&n), "{drawn}");
        assert!(drawn.ends_with("--k 5"), "{drawn}");
        assert_eq!(
            expand(command, 7, Some(&[3, 5])),
            "python3 gen.py 7 3 --k 5"
        );
        assert_eq!(
            smaller_sizes(command, 3),
            vec![vec![1, 5], vec![10, 5], vec![20, 5]]
        );
        assert!(markers("gen {seed} {x} {n=3..1} {=1..2}").is_empty());
    }
}
