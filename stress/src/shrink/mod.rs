//! Greedy shrinking: keep taking the first smaller candidate that still fails.
//!
//! Problems only say what "one step smaller" means (drop a block, lower a height);
//! the search is written once. Candidates are tried in the order given, so a problem
//! lists big cuts (drop half the blocks) before small ones (drop one block) and the
//! loop converges in a few passes rather than one item at a time. Each problem's
//! steps live in `shrink/<problem>.rs`, beside this loop.

use jurybox_core::Problem;

mod blokus3d;
mod failure;
mod netgame;
mod papercut;
mod puyo;
mod tetris3d;

pub(crate) use failure::{escape_local_minimum, shrink_failure};

/// A problem whose inputs can be made smaller while staying valid.
pub trait Shrink: Problem {
    /// Inputs one step smaller than `input`, biggest cuts first. Every candidate
    /// must satisfy the extended limits (the runner re-validates them anyway);
    /// one equal to `input` is harmless, [`minimize`] skips it.
    fn shrink_candidates(input: &Self::Input) -> Vec<Self::Input>;
}

/// Shrinks `input` while `still_fails` holds, up to `max_steps` accepted steps.
/// Returns the smallest failing input found (at worst `input` itself).
pub fn minimize<P: Shrink>(
    input: P::Input,
    max_steps: usize,
    mut still_fails: impl FnMut(&P::Input) -> bool,
) -> P::Input {
    let mut current = input;
    'steps: for _ in 0..max_steps {
        for candidate in P::shrink_candidates(&current) {
            // A candidate equal to the input would be "accepted" forever.
            if candidate != current && still_fails(&candidate) {
                current = candidate;
                continue 'steps;
            }
        }
        break;
    }
    current
}
