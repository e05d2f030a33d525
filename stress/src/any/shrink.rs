//! Shrinking an input whose format jurybox does not know: text in lines of
//! whitespace-separated tokens, reduced while a caller's test still fails the same
//! way.
//!
//! The steps, tried in this order and repeated to a fixed point (or until the
//! deadline): remove runs of lines (halves, quarters, ... down to single lines,
//! as delta debugging does), and when a count on an earlier line equals the number
//! of lines removed, lower that count by it too (`n` followed by n lines is the
//! most common shape of a test); remove single tokens; move each integer towards
//! zero by binary search (towards 1 or -1 when zero itself is refused, which keeps
//! its sign); shorten long tokens. Each candidate is tested at most once: results
//! are cached by the candidate's hash, since the steps often meet the same text
//! again.
//!
//! Time: each pass costs O(lines · log lines + tokens · log |value|) tests.

use std::collections::HashMap;
use std::time::Instant;

/// What shrinking did, for the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShrinkStats {
    /// Bytes before and after.
    pub bytes: (usize, usize),
    /// Lines before and after.
    pub lines: (usize, usize),
    /// The first token before and after, when it is an integer (often N).
    pub first_number: Option<(i64, i64)>,
    /// Candidates tested (cache hits not counted).
    pub runs: usize,
}

impl std::fmt::Display for ShrinkStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some((a, b)) = self.first_number {
            write!(f, "first number {a} → {b}, ")?;
        }
        write!(
            f,
            "{} → {} lines, {} → {} bytes, {} runs",
            self.lines.0, self.lines.1, self.bytes.0, self.bytes.1, self.runs
        )
    }
}

/// Lines of tokens: the only structure assumed.
type Lines = Vec<Vec<String>>;

fn parse(text: &[u8]) -> Lines {
    String::from_utf8_lossy(text)
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

fn render(lines: &Lines) -> Vec<u8> {
    let mut out = String::new();
    for line in lines {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out.into_bytes()
}

fn first_number(text: &[u8]) -> Option<i64> {
    parse(text).first()?.first()?.parse().ok()
}

/// The shrinker: a failing test `fails` (true when the candidate still fails the
/// same way) and a deadline.
struct Shrinker<'a> {
    fails: &'a (dyn Fn(&[u8]) -> bool + Sync),
    cache: HashMap<Vec<u8>, bool>,
    deadline: Instant,
    runs: usize,
}

impl Shrinker<'_> {
    fn test(&mut self, candidate: &Lines) -> bool {
        if Instant::now() >= self.deadline {
            return false;
        }
        let bytes = render(candidate);
        if let Some(&known) = self.cache.get(&bytes) {
            return known;
        }
        self.runs += 1;
        let verdict = (self.fails)(&bytes);
        self.cache.insert(bytes, verdict);
        verdict
    }

    /// Removes `len` lines at `at`. First tried with a count fixed: an integer on
    /// an earlier line that equals the number of lines below it (`n`, then n
    /// lines), lowered by `len`; then as it is (the count may mean something
    /// else, or the format has none).
    fn without_lines(&mut self, lines: &mut Lines, at: usize, len: usize) -> bool {
        let mut cut = lines.clone();
        cut.drain(at..at + len);
        for i in (0..at).rev() {
            let below = lines.len() - i - 1;
            for j in 0..lines[i].len() {
                if lines[i][j].parse::<usize>().ok() == Some(below) && below >= len {
                    let mut fixed = cut.clone();
                    fixed[i][j] = (below - len).to_string();
                    if self.test(&fixed) {
                        *lines = fixed;
                        return true;
                    }
                }
            }
        }
        if self.test(&cut) {
            *lines = cut;
            return true;
        }
        false
    }

    /// Removes token `j` of line `i`, also lowering by one a count on an earlier
    /// line that equals the line's number of tokens (`k`, then k numbers).
    fn without_token(&mut self, lines: &mut Lines, i: usize, j: usize) -> bool {
        let mut cut = lines.clone();
        cut[i].remove(j);
        let width = lines[i].len();
        for p in (0..i).rev() {
            for q in 0..lines[p].len() {
                if lines[p][q].parse::<usize>().ok() == Some(width) {
                    let mut fixed = cut.clone();
                    fixed[p][q] = (width - 1).to_string();
                    if self.test(&fixed) {
                        *lines = fixed;
                        return true;
                    }
                }
            }
        }
        if self.test(&cut) {
            *lines = cut;
            return true;
        }
        false
    }

    fn remove_lines(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        let mut chunk = lines.len().div_ceil(2).max(1);
        loop {
            let mut at = 0;
            while at < lines.len() && lines.len() > 1 {
                let len = chunk.min(lines.len() - at);
                if len < lines.len() && self.without_lines(lines, at, len) {
                    progress = true;
                } else {
                    at += len;
                }
            }
            if chunk == 1 {
                return progress;
            }
            chunk = chunk.div_ceil(2);
        }
    }

    fn remove_tokens(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        for i in 0..lines.len() {
            let mut j = 0;
            while j < lines[i].len() {
                if self.without_token(lines, i, j) {
                    progress = true;
                } else {
                    j += 1;
                }
            }
        }
        progress
    }

    /// Binary search for the integer nearest zero that still fails, on each side
    /// of zero the value is on (0 is tried first).
    fn lower_integers(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        for i in 0..lines.len() {
            for j in 0..lines[i].len() {
                let Ok(value) = lines[i][j].parse::<i64>() else {
                    continue;
                };
                if value == 0 {
                    continue;
                }
                let with = |lines: &Lines, v: i64| {
                    let mut c = lines.clone();
                    c[i][j] = v.to_string();
                    c
                };
                let zero = with(lines, 0);
                if self.test(&zero) {
                    *lines = zero;
                    progress = true;
                    continue;
                }
                // Fails at `value`, not at 0: find the smallest |v| that fails,
                // keeping the sign.
                let sign = value.signum();
                let (mut good, mut bad) = (value.unsigned_abs(), 0u64);
                while good - bad > 1 {
                    let mid = bad + (good - bad) / 2;
                    let candidate = with(lines, sign * mid as i64);
                    if self.test(&candidate) {
                        good = mid;
                    } else {
                        bad = mid;
                    }
                }
                if good != value.unsigned_abs() {
                    *lines = with(lines, sign * good as i64);
                    progress = true;
                }
            }
        }
        progress
    }

    fn shorten_strings(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        for i in 0..lines.len() {
            for j in 0..lines[i].len() {
                while lines[i][j].chars().count() > 1 && lines[i][j].parse::<i64>().is_err() {
                    let mut candidate = lines.clone();
                    let chars: Vec<char> = candidate[i][j].chars().collect();
                    candidate[i][j] = chars[..chars.len() / 2].iter().collect();
                    if self.test(&candidate) {
                        *lines = candidate;
                        progress = true;
                    } else {
                        break;
                    }
                }
            }
        }
        progress
    }
}

/// Shrinks `input` while `fails` holds, until no step helps or `deadline` passes.
/// `fails(input)` must hold; the result is rendered in canonical form (tokens
/// separated by single spaces, one newline per line) only if that form fails too,
/// otherwise `input` comes back unchanged.
pub fn shrink(
    input: &[u8],
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    deadline: Instant,
) -> (Vec<u8>, ShrinkStats) {
    let mut shrinker = Shrinker {
        fails,
        cache: HashMap::new(),
        deadline,
        runs: 0,
    };
    let mut lines = parse(input);
    let before = ShrinkStats {
        bytes: (input.len(), input.len()),
        lines: (lines.len(), lines.len()),
        first_number: None,
        runs: 0,
    };
    if !shrinker.test(&lines) {
        // The canonical form itself passes: the failure hangs on the exact bytes.
        return (input.to_vec(), before);
    }
    loop {
        let mut progress = shrinker.remove_lines(&mut lines);
        progress |= shrinker.remove_tokens(&mut lines);
        progress |= shrinker.lower_integers(&mut lines);
        progress |= shrinker.shorten_strings(&mut lines);
        if !progress || Instant::now() >= shrinker.deadline {
            break;
        }
    }
    let out = render(&lines);
    let stats = ShrinkStats {
        bytes: (input.len(), out.len()),
        lines: (before.lines.0, lines.len()),
        first_number: first_number(input).zip(first_number(&out)),
        runs: shrinker.runs,
    };
    (out, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn later() -> Instant {
        Instant::now() + Duration::from_secs(30)
    }

    /// A planted bug: "the maximum of the list" answered wrongly when a number
    /// above 1000 follows a negative one; the input is `n` then n numbers, one
    /// per line, and is only well formed when n matches.
    fn buggy(text: &[u8]) -> bool {
        let lines = parse(text);
        let Some(n) = lines
            .first()
            .and_then(|l| l.first())
            .and_then(|t| t.parse::<usize>().ok())
        else {
            return false;
        };
        if lines.len() != n + 1 || lines[1..].iter().any(|l| l.len() != 1) {
            return false; // the validator rejects it
        }
        let values: Vec<i64> = lines[1..]
            .iter()
            .filter_map(|l| l[0].parse().ok())
            .collect();
        values.len() == n && values.windows(2).any(|w| w[0] < 0 && w[1] > 1000)
    }

    #[test]
    fn a_planted_bug_shrinks_to_its_minimum_with_the_count_fixed() {
        let mut text = String::from("12\n");
        for v in [5, 7, -3, 8, 99, -40, 5000, 3, 2, 1, 7777, 4] {
            text += &format!("{v}\n");
        }
        assert!(buggy(text.as_bytes()));
        let (small, stats) = shrink(text.as_bytes(), &buggy, later());
        assert_eq!(String::from_utf8(small).unwrap(), "2\n-1\n1001\n");
        assert_eq!(stats.first_number, Some((12, 2)));
        assert_eq!(stats.lines, (13, 3));
        assert!(stats.runs > 0);
        assert!(stats.to_string().contains("13 → 3 lines"), "{stats}");
    }

    #[test]
    fn nothing_is_tested_twice_and_the_deadline_is_kept() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let calls = AtomicUsize::new(0);
        let counting = |t: &[u8]| {
            calls.fetch_add(1, Ordering::Relaxed);
            buggy(t)
        };
        let (_, stats) = shrink(b"3\n-5\n2000\n9\n", &counting, later());
        assert_eq!(stats.runs, calls.load(Ordering::Relaxed));
        let (same, stats) = shrink(b"3\n-5\n2000\n9\n", &buggy, Instant::now());
        assert_eq!(same, b"3\n-5\n2000\n9\n");
        assert_eq!(stats.runs, 0);
    }

    #[test]
    fn strings_shorten_and_exact_bytes_are_kept_when_only_they_fail() {
        let long_word = |t: &[u8]| String::from_utf8_lossy(t).contains("ab");
        let (small, _) = shrink(b"x abcdefgh y\n", &long_word, later());
        assert_eq!(small, b"ab\n");
        let needs_tab = |t: &[u8]| t.contains(&b'\t');
        let (same, _) = shrink(b"1\t2\n", &needs_tab, later());
        assert_eq!(same, b"1\t2\n");
    }
}
