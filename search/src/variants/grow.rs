//! Description: an input grown larger keeping what validators tend to accept,
//! for a too-slow program that is slow only on large inputs when no input the
//! grammar makes is valid (GAPC's movietheater: doors only on the border,
//! seats only inside, so every generated grid is refused): the package's own
//! valid tests are scaled up instead, as a setter would.
//!
//! A *block* is a rectangle of cells: consecutive lines with the same number
//! of cells, a cell being a character when every line is one non-numeric
//! token (a row of a character grid, or one string), else a token (a matrix,
//! a column of numbers, one counted list). A block grows by its *inner* rows
//! and columns repeated, its first and last kept (a border rule stays true):
//! tiled (1 2 3 1 2 3, what a periodic pattern keeps) and then stretched
//! (1 1 2 2 3 3, what a seam between the last inner row and the first may
//! break), by 2, then 1.5, then 1.1; a count above the block equal to its
//! height or width (`n m`, then n rows of m) changes with it, as the
//! shrinker's counts do ([`crate::text`]). Then the same block's cells are
//! *refilled* at its size: in its inner cells, then in its border, each
//! character replaced by each other one of the block, everywhere or at every
//! other place (a grid of seats, a border of alternating doors and exits).
//!
//! Time: each candidate O(size of the grown input), made only when asked for.
//! Status: stress-tested by the unit tests below against a border-rule
//! validator and a counted list.

use super::Mutation;
use crate::text::{parse, render, Lines};
use std::collections::VecDeque;
use std::ops::Range;

/// Larger grown inputs are not made: a validator's size bound is lower for any
/// judged problem, and an input with no count and no validator would
/// otherwise double without end.
pub const MAX_GROWN_BYTES: usize = 32 << 20;

/// At most this many characters of a region are replaced, and by at most this
/// many others (the most frequent first): alphabets of grids are small.
const MAX_FILL_CHARS: usize = 6;

/// A rectangle of cells (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
struct Block {
    /// Its lines.
    rows: Range<usize>,
    /// Cells per line.
    width: usize,
    /// Cells are characters (else tokens).
    chars: bool,
    /// The count of its rows (line, token), when one is above it.
    height_count: Option<(usize, usize)>,
    /// The count of its cells per line, when one is above it.
    width_count: Option<(usize, usize)>,
}

/// How a block's rows or columns are repeated.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Repeat {
    Tiled,
    Stretched,
}

/// One planned change, made into bytes when asked for.
#[derive(Clone, Debug)]
enum Plan {
    /// Rows to `height`, cells per row to `width`.
    Resize {
        block: usize,
        height: usize,
        width: usize,
        repeat: Repeat,
    },
    /// In the inner cells (or the border), `from` replaced by `to`, at every
    /// place or every other one.
    Refill {
        block: usize,
        inner: bool,
        from: char,
        to: char,
        every_other: bool,
    },
}

/// The grown and refilled inputs of one input, lazily (see the module's
/// documentation for the order).
pub struct Growths {
    lines: Lines,
    blocks: Vec<Block>,
    plans: VecDeque<Plan>,
    bytes: usize,
}

/// The grown and refilled versions of `input`: every block's growths first
/// (largest steps first), then its refills. Never panics, whatever the bytes;
/// candidates are not checked against any validator here.
pub fn growths(input: &[u8]) -> Growths {
    let lines = parse(input);
    let blocks = blocks(&lines);
    let mut plans = VecDeque::new();
    for (at, block) in blocks.iter().enumerate() {
        plans.extend(resizes(at, block));
    }
    for (at, block) in blocks.iter().enumerate() {
        plans.extend(refills(at, block, &lines));
    }
    Growths {
        lines,
        blocks,
        plans,
        bytes: input.len(),
    }
}

impl Iterator for Growths {
    type Item = Mutation;

    fn next(&mut self) -> Option<Mutation> {
        loop {
            let plan = self.plans.pop_front()?;
            if let Some(made) = self.make(&plan) {
                return Some(made);
            }
        }
    }
}

impl Growths {
    /// `plan` made, unless it would be larger than [`MAX_GROWN_BYTES`].
    fn make(&self, plan: &Plan) -> Option<Mutation> {
        match *plan {
            Plan::Resize {
                block,
                height,
                width,
                repeat,
            } => {
                let b = &self.blocks[block];
                let area = |h: usize, w: usize| (h * w).max(1);
                let scaled = self.bytes / area(b.rows.len(), b.width) * area(height, width);
                if scaled > MAX_GROWN_BYTES {
                    return None;
                }
                Some(self.resized(b, height, width, repeat))
            }
            Plan::Refill {
                block,
                inner,
                from,
                to,
                every_other,
            } => Some(self.refilled(&self.blocks[block], inner, from, to, every_other)),
        }
    }

    fn resized(&self, block: &Block, height: usize, width: usize, repeat: Repeat) -> Mutation {
        let mut lines = self.lines.clone();
        let rows: Vec<Vec<String>> = self.lines[block.rows.clone()]
            .iter()
            .map(|line| wider(line, block.chars, width, repeat))
            .collect();
        let new_rows: Vec<Vec<String>> = grown(&rows, height, repeat);
        let mut changes = Vec::new();
        for (count, from, to) in [
            (block.height_count, block.rows.len(), height),
            (block.width_count, block.width, width),
        ] {
            if let (Some((line, token)), true) = (count, from != to) {
                lines[line][token] = to.to_string();
                changes.push(format!(
                    "line {}, token {}: {from} → {to}",
                    line + 1,
                    token + 1
                ));
            }
        }
        lines.splice(block.rows.clone(), new_rows);
        let counted = if changes.is_empty() {
            String::new()
        } else {
            format!(" ({})", changes.join(", "))
        };
        Mutation {
            input: render(&lines),
            description: format!(
                "{} grown to {height} × {width}, inner rows and columns {}{counted}",
                name(block),
                match repeat {
                    Repeat::Tiled => "tiled",
                    Repeat::Stretched => "stretched",
                }
            ),
        }
    }

    fn refilled(
        &self,
        block: &Block,
        inner: bool,
        from: char,
        to: char,
        every_other: bool,
    ) -> Mutation {
        let mut lines = self.lines.clone();
        let (height, width) = (block.rows.len(), block.width);
        let mut seen = 0usize;
        for (i, line) in block.rows.clone().enumerate() {
            let mut row: Vec<char> = lines[line][0].chars().collect();
            for (j, c) in row.iter_mut().enumerate() {
                if *c != from || is_inner(i, j, height, width) != inner {
                    continue;
                }
                if !every_other || seen.is_multiple_of(2) {
                    *c = to;
                }
                seen += 1;
            }
            lines[line][0] = row.into_iter().collect();
        }
        Mutation {
            input: render(&lines),
            description: format!(
                "{}: {} '{from}' of its {} → '{to}'",
                name(block),
                if every_other { "every other" } else { "every" },
                if inner { "inner cells" } else { "border" },
            ),
        }
    }
}

/// "the 5 × 8 character grid at lines 2–6".
fn name(block: &Block) -> String {
    let (first, last) = (block.rows.start + 1, block.rows.end);
    let lines = if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}–{last}")
    };
    let kind = if block.chars { "character" } else { "token" };
    format!(
        "the {} × {} {kind} grid at {lines}",
        block.rows.len(),
        block.width
    )
}

/// Whether cell (i, j) of a height × width block is inner: off its border,
/// when the block has one (at least 3 × 3; else every cell is inner).
fn is_inner(i: usize, j: usize, height: usize, width: usize) -> bool {
    if height < 3 || width < 3 {
        return true;
    }
    i > 0 && i + 1 < height && j > 0 && j + 1 < width
}

fn is_integer(token: &str) -> bool {
    token.parse::<i128>().is_ok()
}

/// A line's cells grown to `width`: its characters when `chars` (it is one
/// token, kept as characters, not a token each: a string may be 10^7 long),
/// else its tokens.
fn wider(line: &[String], chars: bool, width: usize, repeat: Repeat) -> Vec<String> {
    if chars {
        let cells: Vec<char> = line[0].chars().collect();
        vec![grown(&cells, width, repeat).into_iter().collect()]
    } else {
        grown(line, width, repeat)
    }
}

/// `items` grown to `to` by their inner ones repeated (all of them when fewer
/// than 3), the first and last kept.
fn grown<T: Clone>(items: &[T], to: usize, repeat: Repeat) -> Vec<T> {
    let keep = usize::from(items.len() >= 3);
    let inner = &items[keep..items.len() - keep];
    let inner_to = to.saturating_sub(2 * keep);
    if inner.is_empty() || to <= items.len() {
        return items.to_vec();
    }
    let mut out = items[..keep].to_vec();
    out.extend((0..inner_to).map(|k| match repeat {
        Repeat::Tiled => inner[k % inner.len()].clone(),
        Repeat::Stretched => inner[k * inner.len() / inner_to].clone(),
    }));
    out.extend_from_slice(&items[items.len() - keep..]);
    out
}

/// What a line is, for grouping lines into blocks.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    Chars(usize),
    Tokens(usize),
}

fn shape(line: &[String]) -> Option<Shape> {
    match line {
        [] => None,
        [one] if !is_integer(one) => Some(Shape::Chars(one.chars().count())),
        tokens => Some(Shape::Tokens(tokens.len())),
    }
}

/// The integer token on a line above `before` equal to `value`, nearest line
/// first, other than `not`.
fn count_above(
    lines: &Lines,
    before: usize,
    value: usize,
    not: Option<(usize, usize)>,
) -> Option<(usize, usize)> {
    (0..before).rev().find_map(|line| {
        lines[line]
            .iter()
            .enumerate()
            .find(|&(token, t)| {
                Some((line, token)) != not && t.parse::<usize>().ok() == Some(value)
            })
            .map(|(token, _)| (line, token))
    })
}

/// The blocks of `lines`: maximal runs of lines of one shape, kept when they
/// can grow: a character grid or string of at least two cells, a run of at
/// least two token lines, or one token line whose length a count above says.
fn blocks(lines: &Lines) -> Vec<Block> {
    let mut found = Vec::new();
    let mut next = 0;
    while next < lines.len() {
        let first = next;
        let kind = shape(&lines[first]);
        let mut end = first + 1;
        while end < lines.len() && shape(&lines[end]) == kind {
            end += 1;
        }
        let (width, chars) = match kind {
            Some(Shape::Chars(w)) => (w, true),
            Some(Shape::Tokens(w)) => (w, false),
            None => (0, false),
        };
        // A run of token lines whose first line counts the rest (`2 2`, then
        // two rows of two) starts after it.
        let header = !chars
            && end - first >= 3
            && lines[first]
                .iter()
                .any(|t| t.parse::<usize>().ok() == Some(end - first - 1));
        let first = first + usize::from(header);
        let height = end - first;
        let height_count = count_above(lines, first, height, None);
        let width_count = count_above(lines, first, width, height_count);
        let grows = width > 0
            && if chars {
                height * width >= 2
            } else {
                height >= 2 || (width >= 2 && width_count.is_some())
            };
        if grows {
            found.push(Block {
                rows: first..end,
                width,
                chars,
                height_count,
                width_count,
            });
        }
        next = end;
    }
    found
}

/// The sizes a length grows to, its first and last kept (see [`grown`]): its
/// inner part doubled, then by a half, a quarter, ... down to one more, so a
/// climb that takes the first one the validators accept gallops to the
/// largest valid length in about log² steps.
fn larger(length: usize) -> Vec<usize> {
    let keep = if length >= 3 { 2 } else { 0 };
    let inner = length - keep;
    let mut sizes: Vec<usize> = (0..usize::BITS)
        .map(|shift| inner >> shift)
        .take_while(|&more| more > 0)
        .map(|more| length + more)
        .collect();
    if sizes.is_empty() {
        sizes.push(length + 1);
    }
    sizes.dedup();
    sizes
}

/// A block's growths: both ways, then rows, then columns, at each step; tiled,
/// then stretched. A token block's columns grow only where a count says how
/// many there are (else a pair `a b` per line would become `a b a b`).
fn resizes(at: usize, block: &Block) -> Vec<Plan> {
    let (height, width) = (block.rows.len(), block.width);
    let rows_grow = height >= 2 || block.height_count.is_some();
    let columns_grow = width >= 2 && (block.chars || block.width_count.is_some());
    let mut plans = Vec::new();
    for repeat in [Repeat::Tiled, Repeat::Stretched] {
        let tall = larger(height);
        let wide = larger(width);
        for step in 0..tall.len().max(wide.len()) {
            let h = tall.get(step).copied().unwrap_or(height);
            let w = wide.get(step).copied().unwrap_or(width);
            let mut sizes = Vec::new();
            if rows_grow && columns_grow {
                sizes.push((h, w));
            }
            if rows_grow {
                sizes.push((h, width));
            }
            if columns_grow {
                sizes.push((height, w));
            }
            sizes.retain(|&size| size != (height, width));
            sizes.dedup();
            plans.extend(sizes.into_iter().map(|(height, width)| Plan::Resize {
                block: at,
                height,
                width,
                repeat,
            }));
        }
    }
    plans
}

/// A character block's refills: its inner cells' characters, most frequent
/// first, each replaced by each other character of the block, everywhere and
/// then at every other place; then its border's.
fn refills(at: usize, block: &Block, lines: &Lines) -> Vec<Plan> {
    if !block.chars {
        return Vec::new();
    }
    let (height, width) = (block.rows.len(), block.width);
    let mut counts: Vec<(char, usize, usize)> = Vec::new();
    for (i, line) in block.rows.clone().enumerate() {
        for (j, c) in lines[line][0].chars().enumerate() {
            let inner = is_inner(i, j, height, width);
            match counts.iter_mut().find(|(d, _, _)| *d == c) {
                Some((_, a, b)) => *(if inner { a } else { b }) += 1,
                None => counts.push((c, usize::from(inner), usize::from(!inner))),
            }
        }
    }
    let mut plans = Vec::new();
    let bordered = height >= 3 && width >= 3;
    for inner in [true, false] {
        if !inner && !bordered {
            break;
        }
        let mut here: Vec<(char, usize)> = counts
            .iter()
            .map(|&(c, a, b)| (c, if inner { a } else { b }))
            .filter(|&(_, n)| n > 0)
            .collect();
        here.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), c));
        let mut all: Vec<(char, usize)> = counts.iter().map(|&(c, a, b)| (c, a + b)).collect();
        all.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), c));
        for every_other in [false, true] {
            for &(from, _) in here.iter().take(MAX_FILL_CHARS) {
                for &(to, _) in all.iter().take(MAX_FILL_CHARS) {
                    if to != from {
                        plans.push(Plan::Refill {
                            block: at,
                            inner,
                            from,
                            to,
                            every_other,
                        });
                    }
                }
            }
        }
    }
    plans
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// GAPC movietheater's rule in small: `n m` (3..=40 each), n rows of m
    /// cells, E and X only on the border, S only inside, each at least once.
    fn theater(input: &[u8]) -> bool {
        let text = String::from_utf8_lossy(input);
        let lines: Vec<&str> = text.lines().collect();
        let Some((head, rows)) = lines.split_first() else {
            return false;
        };
        let size: Vec<usize> = head.split(' ').filter_map(|t| t.parse().ok()).collect();
        let [n, m] = size[..] else { return false };
        if !(3..=40).contains(&n) || !(3..=40).contains(&m) || rows.len() != n {
            return false;
        }
        let mut seen = [false; 3];
        for (i, row) in rows.iter().enumerate() {
            if row.len() != m {
                return false;
            }
            for (j, c) in row.chars().enumerate() {
                let border = i == 0 || j == 0 || i == n - 1 || j == m - 1;
                let fits = match c {
                    'E' | 'X' => border,
                    'S' => !border,
                    '.' => true,
                    _ => false,
                };
                if !fits {
                    return false;
                }
                if let Some(k) = "EXS".find(c) {
                    seen[k] = true;
                }
            }
        }
        seen == [true; 3]
    }

    fn all(input: &[u8]) -> Vec<(String, String)> {
        growths(input)
            .map(|m| (m.description, String::from_utf8_lossy(&m.input).into()))
            .collect()
    }

    const SAMPLE: &[u8] = b"5 10\n...E...E.X\nX....S....\n..S..S...X\nE.....S..X\n...X...EE.\n";

    #[test]
    fn a_grid_grows_with_its_border_kept_and_its_counts_changed() {
        assert!(theater(SAMPLE));
        let made = all(SAMPLE);
        let (description, first) = &made[0];
        assert_eq!(
            description,
            "the 5 × 10 character grid at lines 2–6 grown to 8 × 18, inner rows and columns tiled \
             (line 1, token 1: 5 → 8, line 1, token 2: 10 → 18)"
        );
        assert!(theater(first.as_bytes()), "{first}");
        let rows: Vec<&str> = first.lines().collect();
        // The inner rows 2–4 twice, tiled, between the first and last; inner
        // columns likewise within each row.
        assert_eq!(rows[1], "...E...E...E...E.X");
        assert_eq!(rows[2], "X....S.......S....");
        assert_eq!(rows[5], "X....S.......S....");
        assert_eq!(rows[8], "...X...EE..X...EE.");
        // Every resize keeps the rule; the stretched ones come after the tiled.
        let resized: Vec<&(String, String)> =
            made.iter().filter(|(d, _)| d.contains("grown")).collect();
        assert!(resized.len() >= 12, "{resized:#?}");
        for (d, text) in &resized {
            assert!(theater(text.as_bytes()), "{d}: {text}");
        }
        let at = |needle: &str| made.iter().position(|(d, _)| d.contains(needle)).unwrap();
        assert!(at("tiled") < at("stretched"));
    }

    #[test]
    fn growing_again_reaches_the_largest_valid_grid_and_refills_make_it_dense() {
        let mut now = SAMPLE.to_vec();
        // Adopt the first valid growth, as the cost climb does, until none is.
        while let Some(next) = growths(&now)
            .filter(|m| m.description.contains("grown"))
            .find(|m| theater(&m.input))
        {
            now = next.input;
        }
        let size: Vec<usize> = String::from_utf8_lossy(&now)
            .lines()
            .next()
            .unwrap()
            .split(' ')
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(size, [40, 40]);
        let seats = |text: &[u8]| text.iter().filter(|&&c| c == b'S').count();
        let refill = |ending: &str| {
            growths(&now)
                .find(|m| m.description.ends_with(ending))
                .unwrap_or_else(|| panic!("no refill `{ending}`"))
                .input
        };
        let filled = refill("every '.' of its inner cells → 'S'");
        assert!(theater(&filled));
        assert_eq!(seats(&filled), 38 * 38);
        // The border's dots become exits at every other place: still valid.
        assert!(theater(&refill("every other '.' of its border → 'X'")));
    }

    #[test]
    fn a_counted_list_and_a_column_of_numbers_grow_with_their_counts() {
        let list = all(b"4\n5 0 1000 7\n");
        assert_eq!(list[0].1, "6\n5 0 1000 0 1000 7\n");
        let column = all(b"3\n4\n5\n6\n");
        assert_eq!(column[0].1, "4\n4\n5\n5\n6\n");
        // Pairs per line with no count of their width: only rows grow.
        let pairs = all(b"2\n1 2\n3 4\n");
        assert!(pairs
            .iter()
            .all(|(_, t)| t.lines().skip(1).all(|l| l.split(' ').count() == 2)));
        assert_eq!(pairs[0].1, "4\n1 2\n3 4\n1 2\n3 4\n");
        // One string with its length: doubled.
        let string = all(b"3\nabc\n");
        assert_eq!(string[0].1, "4\nabbc\n");
        // A lone number is no block.
        assert!(all(b"17\n").is_empty());
    }

    proptest! {
        #[test]
        fn growths_of_any_bytes_never_panic_and_always_change_them(
            input in proptest::collection::vec(any::<u8>(), 0..64),
        ) {
            let canonical = render(&parse(&input));
            for m in growths(&input).take(200) {
                prop_assert!(m.input != canonical, "{} left {:?} unchanged", m.description, input);
            }
        }
    }
}
