//! Reference: flood fill on a character grid, one link at a time.
//!
//! Each link scans every cell; from each unvisited puyo a depth-first search in all
//! four directions collects its group; groups of four or more are marked, all marked
//! cells are cleared at once, then each column is compacted towards the floor.
//! Time O(links · W · H), memory O(W · H). Obviously correct, never optimised: this
//! is the engine every other one is judged by. Source: the spec's "naive" algorithm.

use super::{Answer, Screen, EMPTY};

/// Resolves the chain of `screen`.
pub fn solve(screen: &Screen) -> Answer {
    let mut screen = screen.clone();
    let mut chains = 0;
    while clear_groups(&mut screen) {
        chains += 1;
        fall(&mut screen);
    }
    Answer { screen, chains }
}

/// One screen of a resolving chain and the cells the next link clears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The screen, settled.
    pub screen: Screen,
    /// Row-major indices of the cells the next link removes; empty on the last step.
    pub cleared: Vec<usize>,
}

/// The chain link by link, for a picture of it: the screen before, after each
/// link (cleared and fallen), the last one being the final screen. The same plain
/// steps as [`solve`], so `steps(s).len() == solve(s).chains + 1`.
pub fn steps(screen: &Screen) -> Vec<Step> {
    let mut screen = screen.clone();
    let mut steps = Vec::new();
    loop {
        let cleared = doomed(&screen);
        let done = cleared.is_empty();
        steps.push(Step {
            screen: screen.clone(),
            cleared,
        });
        if done {
            return steps;
        }
        clear_groups(&mut screen);
        fall(&mut screen);
    }
}

/// Clears every group of four or more; true when at least one was cleared.
fn clear_groups(screen: &mut Screen) -> bool {
    let doomed = doomed(screen);
    for &cell in &doomed {
        screen.cells[cell] = EMPTY;
    }
    !doomed.is_empty()
}

/// The cells of every group of four or more.
fn doomed(screen: &Screen) -> Vec<usize> {
    let (w, h) = (screen.width, screen.height);
    let mut visited = vec![false; w * h];
    let mut doomed = Vec::new();
    for start in 0..w * h {
        if visited[start] || screen.cells[start] == EMPTY {
            continue;
        }
        let colour = screen.cells[start];
        let mut group = vec![start];
        let mut stack = vec![start];
        visited[start] = true;
        while let Some(cell) = stack.pop() {
            let (row, col) = (cell / w, cell % w);
            let mut neighbours = Vec::with_capacity(4);
            if row > 0 {
                neighbours.push(cell - w);
            }
            if row + 1 < h {
                neighbours.push(cell + w);
            }
            if col > 0 {
                neighbours.push(cell - 1);
            }
            if col + 1 < w {
                neighbours.push(cell + 1);
            }
            for next in neighbours {
                if !visited[next] && screen.cells[next] == colour {
                    visited[next] = true;
                    group.push(next);
                    stack.push(next);
                }
            }
        }
        if group.len() >= 4 {
            doomed.extend(group);
        }
    }
    doomed
}

/// Lets every puyo fall to the floor or onto another puyo.
fn fall(screen: &mut Screen) {
    for col in 0..screen.width {
        let stack: Vec<u8> = (0..screen.height)
            .rev()
            .map(|row| screen.get(row, col))
            .filter(|&c| c != EMPTY)
            .collect();
        for row in (0..screen.height).rev() {
            let from_floor = screen.height - 1 - row;
            screen.set(row, col, stack.get(from_floor).copied().unwrap_or(EMPTY));
        }
    }
}
