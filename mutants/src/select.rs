//! Choosing at most `max` mutants when a submission has more than a mutation run
//! can afford to compile and run.

use std::collections::BTreeMap;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

use crate::{Operator, SourceEdit};

/// At most `max` of `mutants`, in source order: every operator present gets an
/// equal share (an operator with fewer mutants than its share gives the rest to
/// the others), and within an operator the mutants are a seeded random sample,
/// so the chosen ones spread over the whole program rather than its first lines.
///
/// Deterministic: the same mutants, `max` and `seed` give the same selection.
/// With `max` smaller than the number of operators present, the first `max`
/// operators in [`Operator::ALL`] order get one each.
pub fn select(mutants: &[SourceEdit], max: usize, seed: u64) -> Vec<SourceEdit> {
    if mutants.len() <= max {
        return mutants.to_vec();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let keys: Vec<u64> = mutants.iter().map(|_| rng.next_u64()).collect();
    let mut by_operator: BTreeMap<Operator, Vec<usize>> = BTreeMap::new();
    for (i, mutant) in mutants.iter().enumerate() {
        by_operator.entry(mutant.operator).or_default().push(i);
    }
    for indices in by_operator.values_mut() {
        indices.sort_by_key(|&i| keys[i]);
    }
    let mut chosen = Vec::with_capacity(max);
    for round in 0.. {
        if chosen.len() >= max {
            break;
        }
        for indices in by_operator.values() {
            if let Some(&i) = indices.get(round) {
                if chosen.len() < max {
                    chosen.push(i);
                }
            }
        }
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|i| mutants[i].clone()).collect()
}
