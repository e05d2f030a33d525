//! Shrinking a failing case of a stress run: greedily with the problem's steps,
//! then out of a local minimum by re-generating smaller inputs.

use crate::case::{case_setup, check_case, is_official};
use crate::check::Mismatch;
use crate::plan::StressPlan;
use crate::registry::Harness;
use crate::{minimize, Shrink};
use jurybox_core::problem::input_text;
use jurybox_judging::seed::splitmix64;
use jurybox_sandbox::Program;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The smallest variant of a failing input that still fails, with its mismatch.
/// `first` is the mismatch of `input`; candidates outside the official limits are
/// skipped when `official_only`; shrinking stops at `deadline` or on `cancel`,
/// keeping the smallest failure found so far. A candidate that fails is never
/// checked again, so a program failing at random cannot make this panic.
pub fn shrink_failure<P: Shrink>(
    input: P::Input,
    first: Mismatch,
    programs: &[Program],
    official_only: bool,
    deadline: Instant,
    cancel: &AtomicBool,
) -> (P::Input, Mismatch) {
    let mut last = first;
    let fails = |candidate: &P::Input| {
        if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
            return false;
        }
        if official_only && !is_official::<P>(candidate) {
            return false;
        }
        match check_case::<P>(candidate, programs, cancel) {
            Err(m) if !m.is_interrupted() && !m.could_not_start() => {
                last = m;
                true
            }
            _ => false,
        }
    };
    let small = minimize::<P>(input, 10_000, fails);
    (small, last)
}

/// Greedy shrinking stops where no single step still fails, which may be far from
/// the smallest failure: a papercut counterexample stuck at a 2 × 2 sheet with
/// three cuts when a 2 × 3 sheet with one cut fails too, out of reach of steps
/// that never grow the sheet. So inputs are re-generated, first the failing case's
/// family with its size options scaled down (from their minima upward, 8 steps,
/// 16 seeds each), then every family of the run at its stress sizes (256 cases,
/// drawn as the run draws its cases, from a seed of this case): the first failure
/// against the same engine that is shorter than the greedy result is shrunk in
/// turn and kept when it ends up smaller. All of it is seeded, so the result is
/// the same on every run.
pub(crate) fn escape_local_minimum<P: Harness>(
    plan: &StressPlan<P>,
    index: u64,
    greedy: (P::Input, Mismatch),
    deadline: Instant,
    cancel: &AtomicBool,
) -> (P::Input, Mismatch) {
    let size = |input: &P::Input| input_text::<P>(input).len();
    let (family, options, case_seed) = case_setup(&plan.families, plan.seed, index);
    let scaled = (0..8u64).flat_map(|step| {
        let mut smaller = options.clone();
        for p in family.params {
            let value = options.get(p.name);
            smaller.set(p.name, p.min + value.saturating_sub(p.min) * step / 8);
        }
        (0..16u64).map(move |attempt| {
            family.make(&smaller, splitmix64(case_seed ^ splitmix64(attempt + 1)))
        })
    });
    let others_seed = splitmix64(case_seed ^ 0x6573_6361_7065);
    let others = (0..256u64).map(|j| {
        let (family, options, seed) = case_setup(&plan.families, others_seed, j);
        family.make(&options, seed)
    });
    for candidate in scaled.chain(others) {
        if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
            return greedy;
        }
        if size(&candidate) >= size(&greedy.0)
            || (plan.official_only() && !is_official::<P>(&candidate))
        {
            continue;
        }
        match check_case::<P>(&candidate, &plan.programs, cancel) {
            Err(m) if m.engine == greedy.1.engine && !m.is_interrupted() => {
                let found = shrink_failure::<P>(
                    candidate,
                    m,
                    &plan.programs,
                    plan.official_only(),
                    deadline,
                    cancel,
                );
                return if size(&found.0) < size(&greedy.0) {
                    found
                } else {
                    greedy
                };
            }
            _ => {}
        }
    }
    greedy
}
