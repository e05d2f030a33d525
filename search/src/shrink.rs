//! Shrinking an input whose format jurybox does not know: text in lines of
//! whitespace-separated tokens, reduced while a caller's test still fails the same
//! way.
//!
//! The steps, tried in this order and repeated to a fixed point (or until the
//! deadline): remove runs of lines (halves, quarters, ... down to single lines,
//! as delta debugging does), and when a count on an earlier line equals the number
//! of lines below it, lower that count with them (`n` followed by n lines is the
//! most common shape of a test; [`super::text`] makes that guess); remove single
//! tokens, with the same care for a count of a line's tokens; move each integer
//! towards zero by binary search (towards 1 or -1 when zero itself is refused,
//! which keeps its sign); lower each value that occurs several times everywhere at
//! once, by the same search; shorten long tokens. Each candidate is tested at most
//! once: results are cached by the candidate's hash, since the steps often meet the
//! same text again.
//!
//! Values that are equal often have to stay equal: a query `q = n` that fails only
//! at the last element, two numbers whose tie is the bug. Lowering one of them
//! alone then passes, so the shrinker also moves them as one: when a removal
//! lowers a count from `n`, every other integer equal to `n` is first tried lowered
//! with it, and a value occurring more than once is binary-searched downwards at
//! all its places together.
//!
//! Candidates are tried `jobs` at a time: a step lists its candidates in the order
//! the one-at-a-time shrinker tries them, and of each batch the first that fails
//! (in that order) is taken. The others' results are only cached, so the result
//! is the same for every `jobs`, whatever finishes first; only the number of runs
//! grows. Batches go wide only after a batch found nothing (late in a shrink, when
//! most candidates pass), one at a time after a hit. A binary search runs the next
//! levels of its search tree speculatively.
//!
//! Time: each pass costs O(lines · log lines + tokens · log |value|) tests (the
//! values lowered together are at most tokens / 2, each O(log |value|)).

use crate::text::{line_counts, parse, render, token_counts, Count, Lines};
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

fn first_number(text: &[u8]) -> Option<i64> {
    parse(text).first()?.first()?.parse().ok()
}

/// The shrinker: a failing test `fails` (true when the candidate still fails the
/// same way), a deadline, and how many candidates to run at once.
struct Shrinker<'a> {
    fails: &'a (dyn Fn(&[u8]) -> bool + Sync),
    cache: HashMap<Vec<u8>, bool>,
    deadline: Instant,
    runs: usize,
    jobs: usize,
    /// The last batch found nothing: the next runs `jobs` wide. After a hit the
    /// next tries one candidate first, since early in a shrink most first
    /// candidates fail again and a wide batch would be wasted work.
    wide: bool,
    /// Values equal to each other are also lowered as one ([`Shrinker::lower_together`]
    /// and counts moved with their equals); off only to show what it adds.
    together: bool,
}

impl Shrinker<'_> {
    fn test(&mut self, candidate: &Lines) -> bool {
        self.first_failing(std::iter::once((candidate.clone(), ())))
            .is_some()
    }

    /// Runs `texts` (none cached) on `jobs` threads and caches the results.
    fn run_batch(&mut self, texts: Vec<Vec<u8>>) {
        let fails = self.fails;
        let results: Vec<bool> = if texts.len() == 1 {
            vec![fails(&texts[0])]
        } else {
            use rayon::prelude::*;
            jurybox_judging::jobs::on_threads(self.jobs, || {
                texts.par_iter().map(|t| fails(t)).collect()
            })
        };
        self.runs += texts.len();
        self.cache.extend(texts.into_iter().zip(results));
    }

    /// The first of `candidates`, in their order, that still fails, with its tag;
    /// `None` when none does or the deadline passes. Candidates are pulled `jobs`
    /// uncached ones at a time, so a long list is not built up front.
    fn first_failing<T>(
        &mut self,
        candidates: impl IntoIterator<Item = (Lines, T)>,
    ) -> Option<(Lines, T)> {
        let mut candidates = candidates.into_iter().peekable();
        while candidates.peek().is_some() {
            if Instant::now() >= self.deadline {
                return None;
            }
            let mut batch = Vec::new();
            let mut fresh = Vec::new();
            let width = if self.wide { self.jobs.max(1) } else { 1 };
            while fresh.len() < width {
                let Some((lines, tag)) = candidates.next() else {
                    break;
                };
                let text = render(&lines);
                let known = self.cache.get(&text).copied();
                if known.is_none() && !fresh.contains(&text) {
                    fresh.push(text.clone());
                }
                batch.push((lines, tag, text));
                if known == Some(true) {
                    break; // nothing after it can come first
                }
            }
            if !fresh.is_empty() {
                self.run_batch(fresh);
            }
            let hit = batch
                .into_iter()
                .find(|(_, _, text)| self.cache.get(text) == Some(&true));
            self.wide = hit.is_none();
            if let Some((lines, tag, _)) = hit {
                return Some((lines, tag));
            }
        }
        None
    }

    /// `lines` without `len` lines at `at`: first with a count fixed (an integer
    /// on an earlier line that equals the number of lines below it, `n` then n
    /// lines, lowered by `len`), then as it is (the count may mean something else,
    /// or the format has none).
    fn without_lines(together: bool, lines: &Lines, at: usize, len: usize) -> Vec<Lines> {
        let mut cut = lines.clone();
        cut.drain(at..at + len);
        let mut candidates = Vec::new();
        for count in line_counts(lines, at) {
            if count.value >= len {
                push_fixed(together, &mut candidates, &cut, count, count.value - len);
            }
        }
        candidates.push(cut);
        candidates
    }

    /// `lines` without the `len` tokens of line `i` from `j`: first with a count
    /// on an earlier line that equals the line's number of tokens (`k`, then k
    /// numbers) lowered by `len`, then as it is.
    fn without_tokens(together: bool, lines: &Lines, i: usize, j: usize, len: usize) -> Vec<Lines> {
        let mut cut = lines.clone();
        cut[i].drain(j..j + len);
        let mut candidates = Vec::new();
        for count in token_counts(lines, i) {
            if count.value >= len {
                push_fixed(together, &mut candidates, &cut, count, count.value - len);
            }
        }
        candidates.push(cut);
        candidates
    }

    /// Delta debugging over runs of lines: halves, quarters, ... single lines.
    /// After a removal the same position is tried again.
    fn remove_lines(&mut self, lines: &mut Lines) -> bool {
        let together = self.together;
        let mut progress = false;
        let mut chunk = lines.len().div_ceil(2).max(1);
        loop {
            let mut at = 0;
            while at < lines.len() && lines.len() > 1 {
                let current = lines.clone();
                let positions = (at..current.len()).step_by(chunk);
                let candidates = positions.flat_map(|p| {
                    let len = chunk.min(current.len() - p);
                    let all = if len < current.len() {
                        Self::without_lines(together, &current, p, len)
                    } else {
                        Vec::new()
                    };
                    all.into_iter().map(move |c| (c, p))
                });
                match self.first_failing(candidates) {
                    Some((smaller, p)) => {
                        *lines = smaller;
                        at = p;
                        progress = true;
                    }
                    None => break,
                }
            }
            if chunk == 1 {
                return progress;
            }
            chunk = chunk.div_ceil(2);
        }
    }

    /// Delta debugging over runs of tokens within a line, as over lines: halves
    /// of the widest line, quarters, ... single tokens (a line of 10^5 numbers
    /// would otherwise cost 10^5 runs a token). After a removal the same
    /// position is tried again.
    fn remove_tokens(&mut self, lines: &mut Lines) -> bool {
        let together = self.together;
        let mut progress = false;
        let widest = lines.iter().map(Vec::len).max().unwrap_or(0);
        let mut chunk = widest.div_ceil(2).max(1);
        loop {
            let mut from = (0, 0);
            loop {
                let current = lines.clone();
                let positions = (from.0..current.len()).flat_map(|i| {
                    let first = if i == from.0 { from.1 } else { 0 };
                    // A run as long as the whole line is the line itself:
                    // removing it is `remove_lines`' work.
                    let width = current[i].len();
                    let starts = if chunk == 1 || width > chunk {
                        first..width
                    } else {
                        0..0
                    };
                    starts.step_by(chunk).map(move |j| (i, j))
                });
                let candidates = positions.flat_map(|(i, j)| {
                    let len = chunk.min(current[i].len() - j);
                    Self::without_tokens(together, &current, i, j, len)
                        .into_iter()
                        .map(move |c| (c, (i, j)))
                });
                match self.first_failing(candidates) {
                    Some((smaller, at)) => {
                        *lines = smaller;
                        from = at;
                        progress = true;
                    }
                    None => break,
                }
            }
            if chunk == 1 || self.out_of_time() {
                return progress;
            }
            chunk = chunk.div_ceil(2);
        }
    }

    fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline
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
                let with = |v: i64| {
                    let mut c = lines.clone();
                    c[i][j] = v.to_string();
                    c
                };
                if let Some(lower) = self.lowest_failing(value, with) {
                    *lines = lower;
                    progress = true;
                }
            }
        }
        progress
    }

    /// Every value that occurs more than once, lowered everywhere at once (by the
    /// same binary search): a count and an index equal to it, or two numbers whose
    /// equality is the bug, only fail together, and lowering either alone passes.
    fn lower_together(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        for value in repeated_integers(lines) {
            let at: Vec<(usize, usize)> = positions_of(lines, value).collect();
            if at.len() < 2 {
                continue; // an earlier value was lowered onto this one's places
            }
            let with = |v: i64| {
                let mut c = lines.clone();
                for &(i, j) in &at {
                    c[i][j] = v.to_string();
                }
                c
            };
            if let Some(lower) = self.lowest_failing(value, with) {
                *lines = lower;
                progress = true;
            }
        }
        progress
    }

    /// `with(v)` for the `v` nearest zero, on `value`'s side of it, that still
    /// fails (0 is tried first); `None` when that is `value` itself.
    fn lowest_failing(&mut self, value: i64, with: impl Fn(i64) -> Lines) -> Option<Lines> {
        // `with` copies the whole input: not once a value after the deadline.
        if value == 0 || self.out_of_time() {
            return None;
        }
        let zero = with(0);
        if self.test(&zero) {
            return Some(zero);
        }
        // Fails at `value`, not at 0: find the smallest |v| that fails, keeping
        // the sign. The next levels' midpoints run speculatively, `jobs` at a
        // time, in the order the search may need them.
        let sign = value.signum();
        let (mut good, mut bad) = (value.unsigned_abs(), 0u64);
        while good - bad > 1 {
            let ahead = speculative_midpoints(bad, good, self.jobs.max(1));
            let texts: Vec<Vec<u8>> = ahead
                .iter()
                .map(|&m| render(&with(sign * m as i64)))
                .filter(|t| !self.cache.contains_key(t))
                .collect();
            if Instant::now() >= self.deadline {
                break;
            }
            if !texts.is_empty() {
                self.run_batch(texts);
            }
            // Walk down as far as the results reach.
            while good - bad > 1 {
                let mid = bad + (good - bad) / 2;
                match self.cache.get(&render(&with(sign * mid as i64))) {
                    Some(true) => good = mid,
                    Some(false) => bad = mid,
                    None => break,
                }
            }
        }
        (good != value.unsigned_abs()).then(|| with(sign * good as i64))
    }

    fn shorten_strings(&mut self, lines: &mut Lines) -> bool {
        let mut progress = false;
        for i in 0..lines.len() {
            for j in 0..lines[i].len() {
                while lines[i][j].chars().count() > 1
                    && lines[i][j].parse::<i64>().is_err()
                    && !self.out_of_time()
                {
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

/// The midpoints a binary search over `(bad, good)` may test next, breadth first
/// (this level's, then the next level's both ways, ...), at most `count`.
fn speculative_midpoints(bad: u64, good: u64, count: usize) -> Vec<u64> {
    let mut out = Vec::new();
    let mut level = vec![(bad, good)];
    while out.len() < count && !level.is_empty() {
        let mut next = Vec::new();
        for (lo, hi) in level {
            if hi - lo <= 1 || out.len() >= count {
                continue;
            }
            let mid = lo + (hi - lo) / 2;
            out.push(mid);
            next.push((lo, mid));
            next.push((mid, hi));
        }
        level = next;
    }
    out
}

/// The places of the integer tokens equal to `value`, in reading order.
fn positions_of(lines: &Lines, value: i64) -> impl Iterator<Item = (usize, usize)> + '_ {
    lines.iter().enumerate().flat_map(move |(i, line)| {
        line.iter()
            .enumerate()
            .filter(move |(_, t)| t.parse::<i64>() == Ok(value))
            .map(move |(j, _)| (i, j))
    })
}

/// The nonzero integers that occur more than once, in the order they first occur.
fn repeated_integers(lines: &Lines) -> Vec<i64> {
    let values = || lines.iter().flatten().filter_map(|t| t.parse::<i64>().ok());
    let mut times: HashMap<i64, usize> = HashMap::new();
    for value in values() {
        *times.entry(value).or_insert(0) += 1;
    }
    let mut order = Vec::new();
    for value in values() {
        if value != 0 && times.insert(value, 0).is_some_and(|n| n > 1) {
            order.push(value);
        }
    }
    order
}

/// `lines` with every integer token equal to `from` (`count` among them) set to
/// `to`; `None` when `count` is the only one, so the candidate would only repeat
/// the count's own fix.
fn all_moved(lines: &Lines, from: i64, to: i64) -> Option<Lines> {
    let at: Vec<(usize, usize)> = positions_of(lines, from).collect();
    (at.len() > 1).then(|| {
        let mut moved = lines.clone();
        for (i, j) in at {
            moved[i][j] = to.to_string();
        }
        moved
    })
}

/// The candidates of `cut` with `count` set to `to`: first with every other
/// integer equal to the count moved with it (an index `q = n` stays `n`), when
/// lowering together is on and there is one, then the count alone.
fn push_fixed(together: bool, candidates: &mut Vec<Lines>, cut: &Lines, count: Count, to: usize) {
    let (from, to) = (count.value as i64, to as i64);
    if together {
        candidates.extend(all_moved(cut, from, to));
    }
    let mut fixed = cut.clone();
    fixed[count.line][count.index] = to.to_string();
    candidates.push(fixed);
}

/// Shrinks `input` while `fails` holds, until no step helps or `deadline` passes,
/// trying up to `jobs` candidates at once (the result does not depend on `jobs`).
/// `fails(input)` must hold; the result is rendered in canonical form (tokens
/// separated by single spaces, one newline per line) only if that form fails too,
/// otherwise `input` comes back unchanged.
pub fn shrink(
    input: &[u8],
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    deadline: Instant,
    jobs: usize,
) -> (Vec<u8>, ShrinkStats) {
    shrink_steps(input, fails, deadline, jobs, true)
}

/// [`shrink`], with lowering equal values together on or off.
fn shrink_steps(
    input: &[u8],
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    deadline: Instant,
    jobs: usize,
    together: bool,
) -> (Vec<u8>, ShrinkStats) {
    let mut shrinker = Shrinker {
        fails,
        cache: HashMap::new(),
        deadline,
        runs: 0,
        jobs,
        wide: false,
        together,
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
        if shrinker.together {
            progress |= shrinker.lower_together(&mut lines);
        }
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
mod tests;
