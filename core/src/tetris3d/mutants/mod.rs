//! The known wrong and slow solutions of the spec, as engines of kind
//! [`EngineKind::Mutant`](crate::EngineKind::Mutant): each file is a small, honest
//! implementation of one mistake, kept so that a judge suite can prove it kills it.
//!
//! Wrong answers: `closed` (closed rectangles), `inclusive` (cells `x..=x+d`),
//! `unmixed` (a 2-D tree without the mixed cases), `d_for_s` (the answer read over
//! rows `y < D`: D and S confused). Right but slow: `quadtree`,
//! `rowtrees` (one 1-D tree per row); the height map and the O(N²) pair scan are the
//! reference engines `grid` and `naive` themselves, listed again as mutants because
//! a suite must make them run over the time limit.

pub mod closed;
pub mod d_for_s;
pub mod inclusive;
pub mod quadtree;
pub mod rowtrees;
pub mod unmixed;

#[cfg(test)]
mod tests;
