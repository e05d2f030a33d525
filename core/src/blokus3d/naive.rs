//! Reference: the plain voxel model of [`super::rules`] with the spec's rules,
//! everything rechecked from scratch for every action, and a can-place test that
//! tries every unplaced piece × 24 rotations × every location of the grid.
//!
//! Time O(N · (cubes · height) + turns · 11 · 24 · X · Y · cubes · height) per test
//! case, memory O(X · Y · height). Obviously correct, never optimised.

use super::rules::{replay, Search, SPEC};
use super::{Answer, Input};

/// Above this many location tries (turn changes × X · Y, summed over the test
/// cases) the exhaustive can-place test takes more than a few seconds.
const MAX_WORK: u64 = 20_000_000;

/// The replies to every action of every test case.
pub fn solve(input: &Input) -> Answer {
    input
        .games
        .iter()
        .map(|game| replay(game, SPEC, Search::Everywhere))
        .collect()
}

/// Too big when the can-place tests would try more than [`MAX_WORK`] locations:
/// each turn change (at most N + K per test case) tries up to 264 · X · Y.
pub fn too_big(input: &Input) -> Option<String> {
    let work: u64 = input
        .games
        .iter()
        .map(|g| (g.actions.len() as u64 + u64::from(g.k)) * u64::from(g.rows) * u64::from(g.cols))
        .sum();
    (work > MAX_WORK).then(|| {
        format!("sum of (N + K) * X * Y = {work} > {MAX_WORK}: exhaustive can-place too slow")
    })
}
