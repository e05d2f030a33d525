//! Repetitions found in sequences of symbols, and the counts that drive them:
//! the shared core of reading a grammar from recordings (a symbol is a read
//! call site) and from the tests' layout (a symbol is a token's kind or a line
//! break).
//!
//! Algorithm: each trace is compressed bottom-up: a run of k ≥ 2 equal
//! adjacent blocks of period p (smallest p first, p ≤ 64, leftmost first)
//! becomes one loop node, so nested loops fold from the inside out (the
//! bodies of an outer loop look alike once their inner loops are folded). A
//! loop `X (S X)*` or `(X S)* X`, S one separator (a space, a newline), is a
//! loop of X separated by S. Each trace's
//! folded shape is a candidate structure if every trace parses by it
//! (greedily: a loop repeats while its body parses); the caller picks one. A list
//! of two, `X S X` with S a separator, is a loop too (else an outer loop
//! whose bodies hold lists of two and of three would not fold). Then each
//! loop is tied to the count it repeats: the earlier integer (by structure
//! position, the latest read before the loop) that equals its number of
//! repetitions, give or take one, in every trace.
//! Time: O(n · 64 · passes) to fold a trace of n symbols; parsing is linear
//! when bodies start differently from what follows them.

use std::collections::HashMap;

use crate::expr::Expr;
use crate::model::{Item, ItemKind, Site};

/// The longest block a fold looks for.
const MAX_PERIOD: usize = 64;

/// A structure: what the traces are made of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pat {
    /// One symbol.
    Leaf(u32),
    /// `body` repeated, `sep` between repetitions.
    Loop { body: Vec<Pat>, sep: Vec<Pat> },
}

/// What a fold may take as a separator, a line's end, and a loop.
pub(crate) struct Rules<'a> {
    /// Whether a symbol separates the repetitions of a list (a space, a newline).
    pub is_sep: &'a dyn Fn(u32) -> bool,
    /// Whether a symbol ends a line: blocks that end a line are preferred
    /// when a run can be cut at several phases.
    pub ends_line: &'a dyn Fn(u32) -> bool,
    /// Whether trace `t` may hold a loop over its positions `start..end`
    /// repeated `iterations` times (the layout asks for a number before it
    /// that counts it; a recording takes every loop).
    pub accept: &'a dyn Fn(usize, usize, usize, u64) -> bool,
    /// Whether a loop's body that holds a line end must end with one (the
    /// layout's loops repeat whole lines or parts of one line).
    pub line_aligned: bool,
}

/// A trace folded: nodes with their shape and the trace positions they cover.
#[derive(Clone, Debug)]
struct Node {
    pat: Pat,
    start: usize,
    end: usize,
}

/// A fold found: nodes `from..to` become `pat`, repeated `iterations` times.
struct Fold {
    from: usize,
    to: usize,
    pat: Pat,
    iterations: u64,
    ends_line: bool,
}

fn fold_once(nodes: &mut Vec<Node>, t: usize, rules: &Rules<'_>) -> bool {
    let n = nodes.len();
    let sep_leaf = |p: &Pat| matches!(p, Pat::Leaf(s) if (rules.is_sep)(*s));
    let line_end = |p: &Pat| matches!(p, Pat::Leaf(s) if (rules.ends_line)(*s));
    let aligned = |f: &Fold| {
        let Pat::Loop { body, .. } = &f.pat else {
            return true;
        };
        !rules.line_aligned || !body.iter().any(line_end) || body.last().is_some_and(line_end)
    };
    let fits = |f: &Fold| {
        aligned(f) && (rules.accept)(t, nodes[f.from].start, nodes[f.to - 1].end, f.iterations)
    };
    for p in 1..=MAX_PERIOD.min(n / 2) {
        let mut found: Vec<Fold> = Vec::new();
        let mut i = 0;
        while i + 2 * p <= n {
            let same = |a: usize, b: usize| (0..p).all(|k| nodes[a + k].pat == nodes[b + k].pat);
            if !same(i, i + p) {
                i += 1;
                continue;
            }
            let mut k = 2;
            while i + (k + 1) * p <= n && same(i, i + k * p) {
                k += 1;
            }
            let chunk: Vec<Pat> = nodes[i..i + p].iter().map(|x| x.pat.clone()).collect();
            let mut fold = Fold {
                from: i,
                to: i + k * p,
                pat: Pat::Loop {
                    body: chunk.clone(),
                    sep: Vec::new(),
                },
                iterations: k as u64,
                ends_line: line_end(&chunk[p - 1]),
            };
            // `(X S)^k X` and `X (S X)^k`, S one separator: X separated by S, k + 1 times.
            if p > 1 {
                let (x, s) = chunk.split_at(p - 1);
                let (s2, x2) = chunk.split_at(1);
                let end = fold.to;
                if sep_leaf(&s[0])
                    && end + x.len() <= n
                    && (0..x.len()).all(|j| nodes[end + j].pat == x[j])
                {
                    fold.pat = Pat::Loop {
                        body: x.to_vec(),
                        sep: s.to_vec(),
                    };
                    fold.to += x.len();
                    fold.iterations += 1;
                    fold.ends_line = line_end(&x[x.len() - 1]);
                } else if sep_leaf(&s2[0])
                    && i >= x2.len()
                    && (0..x2.len()).all(|j| nodes[i - x2.len() + j].pat == x2[j])
                {
                    fold.pat = Pat::Loop {
                        body: x2.to_vec(),
                        sep: s2.to_vec(),
                    };
                    fold.from -= x2.len();
                    fold.iterations += 1;
                    fold.ends_line = line_end(&x2[x2.len() - 1]);
                }
            }
            if fits(&fold) {
                found.push(fold);
            }
            i += 1;
        }
        // Blocks that end a line first, then the longest run, then the leftmost.
        if let Some(best) = found
            .into_iter()
            .enumerate()
            .max_by_key(|(idx, f)| (f.ends_line, f.to - f.from, std::cmp::Reverse(*idx)))
            .map(|(_, f)| f)
        {
            apply(nodes, best);
            return true;
        }
    }
    // `X S X`, S one separator: a list of two; lists within a line first.
    for (b, by_lines) in (1..=MAX_PERIOD).flat_map(|b| [(b, false), (b, true)]) {
        if 2 * b >= n {
            break;
        }
        for i in 0..n - 2 * b {
            let sep = &nodes[i + b].pat;
            if sep_leaf(sep)
                && line_end(sep) == by_lines
                && (0..b).all(|k| nodes[i + k].pat == nodes[i + b + 1 + k].pat)
            {
                let fold = Fold {
                    from: i,
                    to: i + 2 * b + 1,
                    pat: Pat::Loop {
                        body: nodes[i..i + b].iter().map(|x| x.pat.clone()).collect(),
                        sep: vec![sep.clone()],
                    },
                    iterations: 2,
                    ends_line: false,
                };
                if fits(&fold) {
                    apply(nodes, fold);
                    return true;
                }
            }
        }
    }
    false
}

fn apply(nodes: &mut Vec<Node>, f: Fold) {
    let node = Node {
        pat: f.pat,
        start: nodes[f.from].start,
        end: nodes[f.to - 1].end,
    };
    nodes.splice(f.from..f.to, std::iter::once(node));
}

/// The folded shape of trace `t`.
pub(crate) fn fold(symbols: &[u32], t: usize, rules: &Rules<'_>) -> Vec<Pat> {
    let mut nodes: Vec<Node> = symbols
        .iter()
        .enumerate()
        .map(|(i, &s)| Node {
            pat: Pat::Leaf(s),
            start: i,
            end: i + 1,
        })
        .collect();
    let mut passes = 0;
    while fold_once(&mut nodes, t, rules) {
        passes += 1;
        if passes > 100_000 {
            break;
        }
    }
    nodes.into_iter().map(|n| n.pat).collect()
}

fn loops(pats: &[Pat]) -> usize {
    pats.iter()
        .map(|p| match p {
            Pat::Leaf(_) => 0,
            Pat::Loop { body, sep } => 1 + loops(body) + loops(sep),
        })
        .sum()
}

/// A trace parsed by a structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// A leaf at this position of the trace.
    Leaf(usize),
    /// A loop's repetitions (each its body's nodes) and separators.
    Loop {
        iters: Vec<Vec<Parsed>>,
        seps: Vec<Vec<Parsed>>,
    },
}

fn parse_seq(pats: &[Pat], syms: &[u32], pos: &mut usize, depth: usize) -> Option<Vec<Parsed>> {
    if depth > 200 {
        return None;
    }
    let mut out = Vec::new();
    for p in pats {
        match p {
            Pat::Leaf(s) => {
                if syms.get(*pos) != Some(s) {
                    return None;
                }
                out.push(Parsed::Leaf(*pos));
                *pos += 1;
            }
            Pat::Loop { body, sep } => {
                let mut iters = Vec::new();
                let mut seps = Vec::new();
                loop {
                    let save = *pos;
                    let sep_parsed = if iters.is_empty() {
                        Some(Vec::new())
                    } else {
                        parse_seq(sep, syms, pos, depth + 1)
                    };
                    let Some(sep_parsed) = sep_parsed else {
                        *pos = save;
                        break;
                    };
                    match parse_seq(body, syms, pos, depth + 1) {
                        Some(b) if *pos > save => {
                            if !iters.is_empty() {
                                seps.push(sep_parsed);
                            }
                            iters.push(b);
                        }
                        _ => {
                            *pos = save;
                            break;
                        }
                    }
                }
                out.push(Parsed::Loop { iters, seps });
            }
        }
    }
    Some(out)
}

/// Every structure among the traces' folded shapes that parses every trace
/// whole, richest first (most loops, then fewest nodes), each with the
/// traces parsed.
pub(crate) fn structures(
    traces: &[Vec<u32>],
    rules: &Rules<'_>,
) -> Vec<(Vec<Pat>, Vec<Vec<Parsed>>)> {
    let mut shapes: Vec<Vec<Pat>> = traces
        .iter()
        .enumerate()
        .map(|(t, s)| fold(s, t, rules))
        .collect();
    shapes.sort_by_key(|s| (std::cmp::Reverse(loops(s)), s.len()));
    shapes.dedup();
    let mut out = Vec::new();
    for shape in shapes {
        let mut parsed = Vec::new();
        for t in traces {
            let mut pos = 0;
            match parse_seq(&shape, t, &mut pos, 0) {
                Some(p) if pos == t.len() => parsed.push(p),
                _ => break,
            }
        }
        if parsed.len() == traces.len() {
            out.push((shape, parsed));
        }
    }
    out
}

/// How a loop's number of repetitions is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CountTie {
    /// The value of leaf `leaf` (its latest before the loop), plus `plus`.
    Leaf { leaf: usize, plus: i128 },
    /// Always this many.
    Const(u64),
    /// Nothing read before it says (the counts seen).
    Untied(Vec<u64>),
}

/// Leaves and loops numbered in the structure's pre-order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Numbering {
    /// By leaf number: its symbol.
    pub leaf_symbol: Vec<u32>,
    /// Loops counted.
    pub loops: usize,
}

impl Numbering {
    pub fn of(pats: &[Pat]) -> Self {
        fn walk(pats: &[Pat], n: &mut Numbering) {
            for p in pats {
                match p {
                    Pat::Leaf(s) => n.leaf_symbol.push(*s),
                    Pat::Loop { body, sep } => {
                        n.loops += 1;
                        walk(sep, n);
                        walk(body, n);
                    }
                }
            }
        }
        let mut n = Numbering::default();
        walk(pats, &mut n);
        n
    }
}

/// One trace's reads in order, each with its leaf number, and each loop
/// occurrence: (loop number, reads before it, repetitions).
#[derive(Clone, Debug, Default)]
pub(crate) struct Aligned {
    /// (leaf number, position in the trace), in reading order.
    pub reads: Vec<(usize, usize)>,
    /// (loop number, index into `reads` where it starts, repetitions).
    pub loops: Vec<(usize, usize, u64)>,
}

/// `parsed` (a trace parsed by `pats`) as leaf numbers in reading order.
pub(crate) fn align(pats: &[Pat], parsed: &[Parsed]) -> Aligned {
    // Leaf and loop numbers of each structure node, pre-order with separators first.
    fn numbers(pats: &[Pat], leaf: &mut usize, lp: &mut usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for p in pats {
            match p {
                Pat::Leaf(_) => {
                    out.push((*leaf, usize::MAX));
                    *leaf += 1;
                }
                Pat::Loop { body, sep } => {
                    out.push((usize::MAX, *lp));
                    *lp += 1;
                    numbers(sep, leaf, lp);
                    numbers(body, leaf, lp);
                }
            }
        }
        out
    }
    fn walk(
        pats: &[Pat],
        parsed: &[Parsed],
        first_leaf: usize,
        first_loop: usize,
        out: &mut Aligned,
    ) {
        let mut leaf = first_leaf;
        let mut lp = first_loop;
        for (p, q) in pats.iter().zip(parsed) {
            match (p, q) {
                (Pat::Leaf(_), Parsed::Leaf(pos)) => {
                    out.reads.push((leaf, *pos));
                    leaf += 1;
                }
                (Pat::Loop { body, sep }, Parsed::Loop { iters, seps }) => {
                    let this = lp;
                    lp += 1;
                    let (mut l2, mut p2) = (leaf, lp);
                    let _ = numbers(sep, &mut l2, &mut p2);
                    let (sep_leaf, sep_loop) = (leaf, lp);
                    let (body_leaf, body_loop) = (l2, p2);
                    let _ = numbers(body, &mut l2, &mut p2);
                    out.loops.push((this, out.reads.len(), iters.len() as u64));
                    for (k, it) in iters.iter().enumerate() {
                        if k > 0 {
                            if let Some(s) = seps.get(k - 1) {
                                walk(sep, s, sep_leaf, sep_loop, out);
                            }
                        }
                        walk(body, it, body_leaf, body_loop, out);
                    }
                    leaf = l2;
                    lp = p2;
                }
                _ => {}
            }
        }
    }
    let mut out = Aligned::default();
    walk(pats, parsed, 0, 0, &mut out);
    out
}

/// Each loop's count tie, from every trace: `value(t, pos)` is the integer
/// read at position `pos` of trace `t`, if it is one.
pub(crate) fn tie_counts(
    aligned: &[Aligned],
    loops: usize,
    value: &dyn Fn(usize, usize) -> Option<i128>,
) -> Vec<CountTie> {
    // Candidates per loop: (leaf, plus, recency rank); intersected over occurrences.
    let mut candidates: Vec<Option<Vec<(usize, i128)>>> = vec![None; loops];
    let mut counts: Vec<Vec<u64>> = vec![Vec::new(); loops];
    for (t, a) in aligned.iter().enumerate() {
        let mut latest: HashMap<usize, (i128, usize)> = HashMap::new();
        let mut next_loop = 0;
        for (i, &(leaf, pos)) in a.reads.iter().enumerate() {
            while next_loop < a.loops.len() && a.loops[next_loop].1 == i {
                let (lp, _, k) = a.loops[next_loop];
                note_loop(&mut candidates[lp], &mut counts[lp], &latest, k);
                next_loop += 1;
            }
            if let Some(v) = value(t, pos) {
                latest.insert(leaf, (v, i));
            }
        }
        while next_loop < a.loops.len() {
            let (lp, _, k) = a.loops[next_loop];
            note_loop(&mut candidates[lp], &mut counts[lp], &latest, k);
            next_loop += 1;
        }
    }
    (0..loops)
        .map(|lp| match candidates[lp].as_ref().and_then(|c| c.first()) {
            Some(&(leaf, plus)) => CountTie::Leaf { leaf, plus },
            None => {
                let seen = &counts[lp];
                if !seen.is_empty() && seen.iter().all(|&c| c == seen[0]) {
                    CountTie::Const(seen[0])
                } else {
                    CountTie::Untied(seen.clone())
                }
            }
        })
        .collect()
}

fn note_loop(
    candidates: &mut Option<Vec<(usize, i128)>>,
    counts: &mut Vec<u64>,
    latest: &HashMap<usize, (i128, usize)>,
    k: u64,
) {
    counts.push(k);
    let k = k as i128;
    match candidates {
        None => {
            let mut c: Vec<(usize, i128, usize)> = Vec::new();
            for (&leaf, &(v, at)) in latest {
                for plus in [0, -1, 1] {
                    if v.checked_add(plus) == Some(k) {
                        c.push((leaf, plus, at));
                    }
                }
            }
            // No offset first, then the most recent read.
            c.sort_by_key(|&(leaf, plus, at)| (plus != 0, std::cmp::Reverse(at), leaf));
            *candidates = Some(c.into_iter().map(|(l, p, _)| (l, p)).collect());
        }
        Some(c) => c.retain(|&(leaf, plus)| {
            latest
                .get(&leaf)
                .is_some_and(|&(v, _)| v.checked_add(plus) == Some(k))
        }),
    }
}

/// The item of a loop whose count is `tie`: a repetition counted by a value
/// (`name` names each leaf's variable) or a constant, a loop to the end of
/// the input when it `ends` there, else an opaque item saying the counts seen
/// and that nothing `before` (read before it, in the recordings or tests) says.
pub(crate) struct LoopParts {
    pub index: Option<String>,
    pub separator: Vec<Item>,
    pub body: Vec<Item>,
    pub ends: bool,
}

pub(crate) fn loop_kind(
    tie: &CountTie,
    name: &dyn Fn(usize) -> String,
    parts: LoopParts,
    site: &Site,
    before: &str,
) -> ItemKind {
    let LoopParts {
        index,
        separator,
        body,
        ends,
    } = parts;
    match tie {
        CountTie::Leaf { leaf, plus } => ItemKind::Repeat {
            index,
            count: Expr::var(name(*leaf)).plus(*plus),
            separator,
            body,
        },
        CountTie::Const(k) => ItemKind::Repeat {
            index,
            count: Expr::int(*k as i128),
            separator,
            body,
        },
        CountTie::Untied(_) if ends => ItemKind::While {
            index,
            cond: Expr::Not(Box::new(Expr::IsEof)),
            separator,
            body,
        },
        CountTie::Untied(seen) => ItemKind::Opaque {
            rule: format!("the repetition at {site}"),
            why: format!("its count equals no value {before} (counts seen: {seen:?})"),
        },
    }
}

/// A bound tie: the latest value of `leaf` plus `plus`, or a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BoundTie {
    /// Always this.
    Const(i128),
    /// The latest value of a leaf (maybe this one's own, the value before), plus `plus`.
    Leaf { leaf: usize, plus: i128 },
    /// Varies with nothing read: the tightest seen.
    Tightest(i128),
}

/// The ties of one bound of every leaf: `bound(t, pos)` is the bound given
/// at position `pos` of trace `t`; `value(t, pos)` the integer read there.
pub(crate) fn tie_bounds(
    aligned: &[Aligned],
    leaves: usize,
    bound: &dyn Fn(usize, usize) -> Option<i128>,
    value: &dyn Fn(usize, usize) -> Option<i128>,
    lower: bool,
) -> Vec<Option<BoundTie>> {
    let mut seen: Vec<Vec<i128>> = vec![Vec::new(); leaves];
    let mut candidates: Vec<Option<Vec<(usize, i128)>>> = vec![None; leaves];
    for (t, a) in aligned.iter().enumerate() {
        let mut latest: HashMap<usize, i128> = HashMap::new();
        for &(leaf, pos) in &a.reads {
            if let Some(b) = bound(t, pos) {
                seen[leaf].push(b);
                let c = &mut candidates[leaf];
                match c {
                    None => {
                        let mut v: Vec<(usize, i128)> = Vec::new();
                        for (&l, &x) in &latest {
                            for plus in [0, 1, -1] {
                                if x.checked_add(plus) == Some(b) {
                                    v.push((l, plus));
                                }
                            }
                        }
                        v.sort_by_key(|&(l, plus)| (plus != 0, std::cmp::Reverse(l)));
                        *c = Some(v);
                    }
                    Some(v) => v.retain(|&(l, plus)| {
                        latest
                            .get(&l)
                            .is_some_and(|&x| x.checked_add(plus) == Some(b))
                    }),
                }
            }
            if let Some(v) = value(t, pos) {
                latest.insert(leaf, v);
            }
        }
    }
    (0..leaves)
        .map(|leaf| {
            let s = &seen[leaf];
            let first = *s.first()?;
            if s.iter().all(|&b| b == first) {
                return Some(BoundTie::Const(first));
            }
            if let Some(&(l, plus)) = candidates[leaf].as_ref().and_then(|c| c.first()) {
                return Some(BoundTie::Leaf { leaf: l, plus });
            }
            let tight = if lower {
                s.iter().max()
            } else {
                s.iter().min()
            };
            tight.map(|&b| BoundTie::Tightest(b))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separated_runs_fold_into_one_loop() {
        // I S I S I E: three I separated by S, then E.
        let rules = Rules {
            is_sep: &|s| s == 2,
            ends_line: &|_| false,
            accept: &|_, _, _, _| true,
            line_aligned: false,
        };
        let f = fold(&[1, 2, 1, 2, 1, 3], 0, &rules);
        assert_eq!(
            f,
            vec![
                Pat::Loop {
                    body: vec![Pat::Leaf(1)],
                    sep: vec![Pat::Leaf(2)]
                },
                Pat::Leaf(3)
            ]
        );
    }

    #[test]
    fn nested_loops_fold_from_the_inside_and_counts_tie_to_values() {
        // T=2; case: n, then n values; symbols: 0 = T, 1 = n, 2 = value.
        let trace = vec![0, 1, 2, 2, 2, 1, 2, 2];
        let values = [2i128, 3, 7, 7, 7, 2, 5, 5];
        let rules = Rules {
            is_sep: &|_| false,
            ends_line: &|_| false,
            accept: &|_, _, _, _| true,
            line_aligned: false,
        };
        let (shape, parsed) = structures(std::slice::from_ref(&trace), &rules).swap_remove(0);
        let numbering = Numbering::of(&shape);
        assert_eq!(numbering.loops, 2);
        let aligned: Vec<Aligned> = parsed.iter().map(|p| align(&shape, p)).collect();
        let ties = tie_counts(&aligned, numbering.loops, &|_, pos| Some(values[pos]));
        assert_eq!(ties[0], CountTie::Leaf { leaf: 0, plus: 0 });
        assert_eq!(ties[1], CountTie::Leaf { leaf: 1, plus: 0 });
        // A trace whose inner loop ran once parses with the richer shape.
        let short = vec![0, 1, 2];
        assert!(!structures(&[trace, short], &rules).is_empty());
    }
}
