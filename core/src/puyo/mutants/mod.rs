//! The spec's known wrong solutions, as engines of kind `Mutant`: each is the
//! reference algorithm with exactly one of the mistakes the spec lists, so that a
//! test suite can prove it tells them from the right answer. Never a reference.
//!
//! One resolver with a [`Flaws`] knob per mistake (all off: the spec's algorithm),
//! and one small engine per registered mutant. Time O(links · W · H) like the
//! reference. Source: the spec's "Known wrong solutions" (the three-direction fill
//! is the golfed solution of the source before its author fixed it).

use super::{Answer, Screen, EMPTY};

/// How a wrong solution departs from the spec (the default: it does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flaws {
    /// The flood fill never steps in this direction (row, column delta; row 0 is
    /// the top).
    pub missing: Option<(isize, isize)>,
    /// Cells are scanned bottom-up instead of top-down (which matters only with a
    /// missing direction).
    pub bottom_up: bool,
    /// Only the first group found is removed, then gravity, then a new search,
    /// each removal counted as a link.
    pub one_at_a_time: bool,
    /// A link is counted per group removed instead of per step.
    pub link_per_group: bool,
    /// After a link, each puyo falls one cell at most.
    pub fall_one: bool,
    /// The top row neither connects nor clears (the real game's hidden row).
    pub top_invisible: bool,
    /// Groups need this many puyos (the spec: 4).
    pub threshold: Option<usize>,
}

/// The chain as a solution with `flaws` resolves it.
pub fn resolve(screen: &Screen, flaws: Flaws) -> Answer {
    let (w, h) = (screen.width as isize, screen.height as isize);
    let mut s = screen.clone();
    let mut chains = 0;
    let need = flaws.threshold.unwrap_or(4).max(1);
    loop {
        let mut seen = vec![false; s.cells.len()];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let order: Vec<usize> = if flaws.bottom_up {
            (0..s.cells.len()).rev().collect()
        } else {
            (0..s.cells.len()).collect()
        };
        for start in order {
            let row0 = start as isize / w;
            if seen[start] || s.cells[start] == EMPTY || (flaws.top_invisible && row0 == 0) {
                continue;
            }
            let (colour, mut group, mut todo) = (s.cells[start], vec![start], vec![start]);
            seen[start] = true;
            while let Some(i) = todo.pop() {
                let (r, c) = (i as isize / w, i as isize % w);
                for d in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r + d.0, c + d.1);
                    if Some(d) == flaws.missing
                        || nr < 0
                        || nc < 0
                        || nr >= h
                        || nc >= w
                        || (flaws.top_invisible && nr == 0)
                    {
                        continue;
                    }
                    let j = (nr * w + nc) as usize;
                    if !seen[j] && s.cells[j] == colour {
                        seen[j] = true;
                        group.push(j);
                        todo.push(j);
                    }
                }
            }
            if group.len() >= need {
                groups.push(group);
            }
        }
        if groups.is_empty() {
            return Answer { screen: s, chains };
        }
        if flaws.one_at_a_time {
            groups.truncate(1);
        }
        chains += if flaws.link_per_group {
            groups.len() as u32
        } else {
            1
        };
        for &i in groups.iter().flatten() {
            s.cells[i] = EMPTY;
        }
        if flaws.fall_one {
            fall_one_cell(&mut s);
        } else {
            fall(&mut s);
        }
    }
}

/// Every puyo with an empty cell below moves down one cell (bottom rows first,
/// so that a puyo moves once).
fn fall_one_cell(s: &mut Screen) {
    for row in (0..s.height.saturating_sub(1)).rev() {
        for col in 0..s.width {
            if s.get(row, col) != EMPTY && s.get(row + 1, col) == EMPTY {
                s.set(row + 1, col, s.get(row, col));
                s.set(row, col, EMPTY);
            }
        }
    }
}

/// Every puyo falls to the floor or onto another puyo.
fn fall(s: &mut Screen) {
    for col in 0..s.width {
        let stack: Vec<u8> = (0..s.height)
            .rev()
            .map(|r| s.get(r, col))
            .filter(|&c| c != EMPTY)
            .collect();
        for row in 0..s.height {
            let cell = stack.get(row).copied().unwrap_or(EMPTY);
            s.set(s.height - 1 - row, col, cell);
        }
    }
}

/// Flood fill searching right, down and left only, cells scanned top-down: a
/// group whose cells are reached only by climbing (a U's right arm) is split.
pub fn three_directions(screen: &Screen) -> Answer {
    resolve(
        screen,
        Flaws {
            missing: Some((-1, 0)),
            ..Flaws::default()
        },
    )
}

/// Removes the first group found, lets the puyos fall, counts a link, searches
/// again.
pub fn one_group_at_a_time(screen: &Screen) -> Answer {
    resolve(
        screen,
        Flaws {
            one_at_a_time: true,
            ..Flaws::default()
        },
    )
}

/// Counts a link per group removed instead of per step.
pub fn link_per_group(screen: &Screen) -> Answer {
    resolve(
        screen,
        Flaws {
            link_per_group: true,
            ..Flaws::default()
        },
    )
}

/// Lets each puyo fall one cell per link instead of all the way.
pub fn one_cell_gravity(screen: &Screen) -> Answer {
    resolve(
        screen,
        Flaws {
            fall_one: true,
            ..Flaws::default()
        },
    )
}

/// Treats the top row as the real game's hidden row: it neither connects nor
/// clears.
pub fn invisible_top_row(screen: &Screen) -> Answer {
    resolve(
        screen,
        Flaws {
            top_invisible: true,
            ..Flaws::default()
        },
    )
}
