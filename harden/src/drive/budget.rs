//! One budget for every survivor's search (`--budget`), shared round by
//! round so that no survivor goes unsearched: a package whose limit, derived
//! from the samples alone, lets twelve slow submissions through once spent
//! ten minutes of `--seconds` on the first three and never searched the
//! rest. The first round gives each survivor an equal part of half the
//! budget (all of it when there is one); each later round splits what is
//! left among those still alive, the cheapest first (the quickest on the
//! package's tests: more candidates judged for the same time), each search
//! with a new seed so it goes past what the last one drew. `--seconds` caps
//! one survivor's total.

/// A later round is not worth starting below this many seconds a survivor.
pub(super) const SHORTEST_ROUND: f64 = 1.0;

/// At most this many rounds.
pub(super) const MOST_ROUNDS: usize = 4;

/// The shared budget and the cap of one survivor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Shares {
    /// Seconds for every survivor's search together.
    pub budget: f64,
    /// Seconds one survivor may take in all its rounds.
    pub cap: f64,
}

impl Shares {
    /// The seconds a survivor that has `spent` already gets in `round`, when
    /// `survivors` were searched in the first round, `alive` are still to be
    /// searched in this one and `remaining` seconds of the budget are left;
    /// `None` when it is not worth a search.
    pub fn slice(
        &self,
        round: usize,
        survivors: usize,
        alive: usize,
        remaining: f64,
        spent: f64,
    ) -> Option<f64> {
        // The first round never waits on what earlier searches overran: each
        // survivor gets its part.
        let left_to_it = if round == 0 {
            self.cap - spent
        } else {
            (self.cap - spent).min(remaining)
        };
        let share = if round == 0 {
            let part = if survivors > 1 { 2.0 } else { 1.0 };
            self.budget / (part * survivors.max(1) as f64)
        } else {
            remaining / alive.max(1) as f64
        };
        let slice = share.min(left_to_it);
        let worth = if round == 0 { 0.0 } else { SHORTEST_ROUND };
        (slice > worth && round < MOST_ROUNDS).then_some(slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_survivors_each_get_a_first_round_then_the_rest_is_shared() {
        let shares = Shares {
            budget: 600.0,
            cap: 600.0,
        };
        // Half the budget over twelve, then the other half over those alive.
        assert_eq!(shares.slice(0, 12, 12, 600.0, 0.0), Some(25.0));
        assert_eq!(shares.slice(1, 12, 4, 300.0, 25.0), Some(75.0));
        // One survivor: the whole budget at once.
        assert_eq!(shares.slice(0, 1, 1, 600.0, 0.0), Some(600.0));
        // The cap of one survivor holds across its rounds.
        let capped = Shares {
            budget: 600.0,
            cap: 40.0,
        };
        assert_eq!(capped.slice(0, 2, 2, 600.0, 0.0), Some(40.0));
        assert_eq!(capped.slice(1, 2, 1, 560.0, 40.0), None);
        // Nothing left: no later round.
        assert_eq!(shares.slice(1, 12, 3, 0.5, 25.0), None);
        assert_eq!(shares.slice(MOST_ROUNDS, 12, 3, 300.0, 25.0), None);
    }
}
