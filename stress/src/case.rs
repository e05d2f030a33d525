//! Case `i` of a stress run with seed `S`, a pure function of `(S, i)`: its
//! family is the `i`-th in round robin, its generator seed is `splitmix64(S + i)`,
//! and its options are drawn (each parameter uniform in `min..=stress`) from a
//! second stream seeded from that seed. A failure is therefore reproducible from
//! one `jurybox gen` line, which the runner writes next to the shrunk case.
//!
//! When programs are judged, inputs stay within the official limits unless the plan
//! says otherwise (a contestant's program is not wrong for refusing a screen the
//! statement rules out): a draw outside them is redrawn with each option at its
//! default (the jury's size) or drawn again, a fair coin each, up to 32 times, and
//! the shrinker only takes official candidates.

use crate::check::{check_with_text, round_trip_text, Mismatch};
use crate::plan::StressPlan;
use crate::registry::Harness;
use jurybox_core::problem::input_text;
use jurybox_core::{Constraints, Problem};
use jurybox_generators::{Family, Options, Rng};
use jurybox_judging::seed::{self, splitmix64};
use jurybox_sandbox::Program;
use std::sync::atomic::AtomicBool;

/// The family, options and generator seed of case `index`.
pub fn case_setup<P: Harness>(
    families: &[&'static Family<P>],
    seed: u64,
    index: u64,
) -> (&'static Family<P>, Options, u64) {
    let family = families[(index % families.len() as u64) as usize];
    let case_seed = seed::case_seed(seed, index);
    let mut rng = Rng::new(splitmix64(case_seed));
    let mut options = Options::defaults(family.params);
    for p in family.params {
        options.set(p.name, rng.range(p.min, p.stress.max(p.min)));
    }
    (family, options, case_seed)
}

/// Attempt `attempt` (≥ 1) at an official input for a case: each option at its
/// default or drawn again, a fair coin each.
fn redraw<P: Harness>(family: &'static Family<P>, case_seed: u64, attempt: u64) -> Options {
    let mut rng = Rng::new(splitmix64(case_seed ^ attempt.wrapping_mul(0x9e37_79b9)));
    let mut options = Options::defaults(family.params);
    for p in family.params {
        if rng.range(0, 1) == 1 {
            options.set(p.name, rng.range(p.min, p.stress.max(p.min)));
        }
    }
    options
}

/// Whether `input`, written, parses within the official limits.
pub(crate) fn is_official<P: Problem>(input: &P::Input) -> bool {
    official_text::<P>(input).is_some()
}

/// `input`'s text when it parses within the official limits.
fn official_text<P: Problem>(input: &P::Input) -> Option<String> {
    let text = input_text::<P>(input);
    P::parse_input(text.as_bytes(), Constraints::Official)
        .is_ok()
        .then_some(text)
}

/// Where case `index` of a stress run came from: it writes itself as the
/// `jurybox gen` line that makes the case again. Written only when a failure
/// needs it: formatting it for every case was a tenth of a program-less case.
pub(crate) struct Provenance {
    problem: &'static str,
    family: &'static str,
    options: Options,
    case_seed: u64,
    index: u64,
    stress_seed: u64,
}

impl std::fmt::Display for Provenance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Provenance {
            problem,
            family,
            options,
            case_seed,
            index,
            stress_seed,
        } = self;
        write!(
            f,
            "jurybox gen {problem} --family {family} --seed {case_seed} {options}   (case {index} of stress --seed {stress_seed})"
        )
    }
}

/// Case `index` of `plan`: the input and the `jurybox gen` line that makes it;
/// `None` when no official input was found for it.
pub(crate) fn make_case<P: Harness>(
    plan: &StressPlan<P>,
    index: u64,
) -> Option<(P::Input, String)> {
    make_case_with_text(plan, index).map(|(input, _, from)| (input, from.to_string()))
}

/// [`make_case`], with the input's text when it was written to check that the
/// input is official (for [`check_case_with_text`], which then need not write
/// it again: that is a quarter of jurybox's own work on a tetris3d case).
pub(crate) fn make_case_with_text<P: Harness>(
    plan: &StressPlan<P>,
    index: u64,
) -> Option<(P::Input, Option<String>, Provenance)> {
    let (family, mut options, case_seed) = case_setup(&plan.families, plan.seed, index);
    for attempt in 0..32 {
        if attempt > 0 {
            options = redraw(family, case_seed, attempt);
        }
        let input = family.make(&options, case_seed);
        let text = if plan.official_only() {
            match official_text::<P>(&input) {
                Some(text) => Some(text),
                None => continue,
            }
        } else {
            None
        };
        let from = Provenance {
            problem: P::NAME,
            family: family.name,
            options,
            case_seed,
            index,
            stress_seed: plan.seed,
        };
        return Some((input, text, from));
    }
    None
}

/// Checks one input fully: it round-trips, and every engine agrees.
pub fn check_case<P: Problem>(
    input: &P::Input,
    programs: &[Program],
    cancel: &AtomicBool,
) -> Result<(), Mismatch> {
    check_case_with_text::<P>(input, None, programs, cancel)
}

/// [`check_case`] with `input`'s text when the caller wrote it already.
pub(crate) fn check_case_with_text<P: Problem>(
    input: &P::Input,
    text: Option<String>,
    programs: &[Program],
    cancel: &AtomicBool,
) -> Result<(), Mismatch> {
    let text = text.unwrap_or_else(|| input_text::<P>(input));
    let text = round_trip_text::<P>(input, text).map_err(|fault| Mismatch {
        engine: "generator".into(),
        reference: "parser".into(),
        fault,
    })?;
    check_with_text::<P>(input, Some(&text), programs, cancel).map(|_| ())
}
