//! Puyo shrinking: fewer columns and rows, fewer puyos, fewer colours.
//!
//! A settled screen is a list of column stacks, so every cut here is a cut on
//! stacks and stays settled: removing a puyo lets the ones above it drop by one,
//! removing a row takes that row's puyo out of every stack reaching it. Candidates
//! come biggest cut first (whole columns and rows, which change the size and so
//! need the extended limits; then emptied columns; then single puyos; then
//! recolourings towards `r`), so a failing 6 × 13 screen shrinks in a few passes
//! and the minimal case reads easily: as few colours as possible, `r` first.

use super::Shrink;
use jurybox_core::puyo::{Puyo, Screen, COLOURS, EMPTY};

/// Bottom-up column stacks of `screen`.
fn stacks(screen: &Screen) -> Vec<Vec<u8>> {
    (0..screen.width)
        .map(|col| {
            (0..screen.height)
                .rev()
                .map(|row| screen.get(row, col))
                .take_while(|&c| c != EMPTY)
                .collect()
        })
        .collect()
}

/// The `width × height` screen holding `stacks` (each at most `height` tall).
fn screen_of(stacks: &[Vec<u8>], height: usize) -> Screen {
    let mut screen = Screen::empty(stacks.len(), height);
    for (col, stack) in stacks.iter().enumerate() {
        for (y, &c) in stack.iter().enumerate() {
            screen.set(height - 1 - y, col, c);
        }
    }
    screen
}

/// Position of `colour` in `rgbyp` (the canonical order: lower reads easier).
fn rank(colour: u8) -> usize {
    COLOURS
        .iter()
        .position(|&c| c == colour)
        .unwrap_or(COLOURS.len())
}

impl Shrink for Puyo {
    fn shrink_candidates(input: &Screen) -> Vec<Screen> {
        let (w, h) = (input.width, input.height);
        let cols = stacks(input);
        let mut out = Vec::new();
        let mut push = |stacks: Vec<Vec<u8>>, height: usize| out.push(screen_of(&stacks, height));

        // Halves of the columns emptied, then whole columns dropped (width - 1).
        if w > 1 {
            let half = w / 2;
            for range in [0..half, half..w] {
                let mut s = cols.clone();
                s[range].iter_mut().for_each(Vec::clear);
                push(s, h);
            }
            for col in 0..w {
                let mut s = cols.clone();
                s.remove(col);
                push(s, h);
            }
        }
        // Rows dropped (height - 1): an empty top row first, then each row, which
        // takes that row's puyo out of every stack that reaches it.
        if h > 1 {
            for y in (0..h).rev() {
                let s: Vec<Vec<u8>> = cols
                    .iter()
                    .map(|stack| {
                        stack
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != y)
                            .map(|(_, &c)| c)
                            .collect()
                    })
                    .collect();
                push(s, h - 1);
            }
        }
        // Columns emptied (same size), then their top halves cut.
        for col in 0..w {
            if !cols[col].is_empty() {
                let mut s = cols.clone();
                s[col].clear();
                push(s, h);
            }
            if cols[col].len() > 1 {
                let mut s = cols.clone();
                s[col].truncate(cols[col].len() / 2);
                push(s, h);
            }
        }
        // Single puyos removed: the top of each column, then any other puyo.
        for col in 0..w {
            for y in (0..cols[col].len()).rev() {
                let mut s = cols.clone();
                s[col].remove(y);
                push(s, h);
            }
        }
        // Fewer colours: one colour merged into a lower-ranked one everywhere,
        // then single puyos recoloured to each lower-ranked colour.
        let present: Vec<u8> = COLOURS
            .iter()
            .copied()
            .filter(|c| input.cells.contains(c))
            .collect();
        for &from in &present {
            for &to in COLOURS.iter().filter(|&&to| rank(to) < rank(from)) {
                let s = cols
                    .iter()
                    .map(|stack| {
                        stack
                            .iter()
                            .map(|&c| if c == from { to } else { c })
                            .collect()
                    })
                    .collect();
                push(s, h);
            }
        }
        for col in 0..w {
            for y in 0..cols[col].len() {
                for &to in COLOURS.iter().filter(|&&to| rank(to) < rank(cols[col][y])) {
                    let mut s = cols.clone();
                    s[col][y] = to;
                    push(s, h);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize;
    use jurybox_core::problem::Constraints;
    use jurybox_core::Problem;

    /// Whether `screen` has a group of at least four red puyos: with every other
    /// puyo removed, the reference engine clears something in its first link.
    fn has_red_four(screen: &Screen) -> bool {
        let mut red = screen.clone();
        for cell in &mut red.cells {
            if *cell != b'r' {
                *cell = jurybox_core::puyo::EMPTY;
            }
        }
        jurybox_core::puyo::naive::solve(&red).chains > 0
    }

    fn parse(rows: &[&str]) -> Screen {
        let mut text = String::new();
        for row in rows {
            text.push_str(&format!("|{row}|\n"));
        }
        text.push_str(&format!("+{}+\n", "-".repeat(rows[0].len())));
        Puyo::parse_input(text.as_bytes(), Constraints::Extended).expect("test screen")
    }

    fn is_settled(screen: &Screen) -> bool {
        (0..screen.height.saturating_sub(1)).all(|row| {
            (0..screen.width)
                .all(|col| screen.get(row, col) == EMPTY || screen.get(row + 1, col) != EMPTY)
        })
    }

    #[test]
    fn every_candidate_is_settled_and_smaller() {
        let screen = parse(&["  g   ", "  yyyr", " rbbbb", " rygyr", "ggrrpr", "rrppgb"]);
        let puyos = |s: &Screen| s.cells.iter().filter(|&&c| c != EMPTY).count();
        let rank_sum = |s: &Screen| {
            s.cells
                .iter()
                .filter(|&&c| c != EMPTY)
                .map(|&c| rank(c))
                .sum::<usize>()
        };
        for candidate in Puyo::shrink_candidates(&screen) {
            assert!(is_settled(&candidate), "{candidate:?}");
            assert_eq!(candidate.cells.len(), candidate.width * candidate.height);
            let smaller = candidate.width < screen.width
                || candidate.height < screen.height
                || puyos(&candidate) < puyos(&screen)
                || rank_sum(&candidate) < rank_sum(&screen);
            assert!(smaller, "not smaller: {candidate:?}");
        }
    }

    #[test]
    fn shrinks_to_exactly_four_red_puyos() {
        let mut screens = vec![
            parse(&["yrrb  ", "grbr  ", "rrbyg ", "brrgpy"]),
            parse(&["r     ", "b     ", "r     ", "rb    ", "rrgg  "]),
        ];
        // Random 6 x 13 screens in two or three colours that have a red group.
        let random = jurybox_generators::family_named::<Puyo>("random").expect("random family");
        for colours in [2, 3] {
            let mut options = jurybox_generators::Options::defaults(random.params);
            options.set("colours", colours);
            options.set("fill", 80);
            screens.extend(
                (0..40)
                    .map(|seed| random.make(&options, seed))
                    .filter(has_red_four)
                    .take(4),
            );
        }
        assert!(screens.len() >= 6);
        for screen in screens {
            assert!(has_red_four(&screen));
            let small = minimize::<Puyo>(screen.clone(), 10_000, has_red_four);
            assert!(has_red_four(&small));
            let puyos = small.cells.iter().filter(|&&c| c != EMPTY).count();
            assert_eq!(puyos, 4, "from {screen:?} to {small:?}");
            // A local minimum: no candidate of it still fails.
            assert!(Puyo::shrink_candidates(&small)
                .iter()
                .all(|c| !has_red_four(c)));
        }
    }
}
