//! The bodies of the fuzz targets, written once for every problem. Each target in
//! `fuzz/fuzz_targets/` is one line calling one of these.

use crate::check::{check, round_trip};
use crate::save::{save_failure, SaveTo};
use crate::shrink::shrink_failure;
use crate::store::Store;
use crate::Harness;
use jurybox_core::problem::input_text;
use jurybox_core::{Constraints, Problem};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Parsing arbitrary bytes never panics, and whatever parses survives
/// `write_input` then `parse_input` unchanged, under both sets of limits.
pub fn parse_round_trip<P: Problem>(data: &[u8]) {
    for limits in [Constraints::Official, Constraints::Extended] {
        if let Ok(input) = P::parse_input(data, limits) {
            let text = input_text::<P>(&input);
            match P::parse_input(text.as_bytes(), limits) {
                Ok(again) => assert_eq!(again, input, "re-parsed input differs"),
                Err(e) => panic!("written input does not parse: {e}\n{text}"),
            }
            // Reading arbitrary bytes as an answer must not panic either.
            let _ = P::parse_answer(&input, data);
        }
    }
}

/// All engines agree on a structure-aware input. A disagreement is shrunk and saved
/// to the source tree's corpus before the target panics, so the text form of the
/// case is never lost (libFuzzer keeps the raw bytes in `fuzz/artifacts/` too).
///
/// An input no reference engine can run (papercut's sheets of 10^9) leaves the fast
/// engine with nobody to disagree with; its answer is then judged by the problem's
/// checker on its own (for problems with several right answers, the checker's own
/// model of the position), so such an input still checks more than the round trip.
pub fn engines_agree<P: Harness>(input: P::Input) {
    if let Err(e) = round_trip::<P>(&input) {
        panic!("the Arbitrary impl made an invalid input: {e}");
    }
    let never = AtomicBool::new(false);
    let first = match check::<P>(&input, &[], &never) {
        Ok(agreement) if agreement.verified => return,
        Ok(alone) => {
            let verdict = P::judge(&input, &alone.answer, &alone.answer);
            assert!(
                verdict.is_accepted(),
                "no reference can run this input, and the checker rejects the answer of {}: \
                 {verdict}\n{}",
                alone.reference,
                input_text::<P>(&input)
            );
            return;
        }
        Err(first) => first,
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let (small, mismatch) = shrink_failure::<P>(input.clone(), first, &[], false, deadline, &never);
    let store = Store::source_tree();
    let to = SaveTo {
        store: &store,
        found_dir: Path::new("."),
        programs: &[],
    };
    let found = save_failure::<P>(
        &to,
        &input,
        &small,
        mismatch,
        "cargo fuzz (structure-aware)".into(),
        None,
    );
    panic!(
        "engines disagree: {}\nsaved: {:?}\nreproduce: {:?}\n{}",
        found.mismatch, found.path, found.reproduce, found.input
    );
}

/// The checker never panics, whatever bytes a program prints: `output` is judged
/// against the reference answer of a structure-aware `input`. (For checker problems,
/// whose `judge` runs its own search on the position after the candidate's move.)
pub fn checker_total<P: Problem>(input: P::Input, output: &[u8]) {
    let Some(reference) = jurybox_core::problem::reference_engine::<P>(&input) else {
        return;
    };
    let expected = (reference.solve)(&input);
    let verdict = jurybox_core::problem::judge_output::<P>(&input, &expected, output);
    // The reference's own answer, written out, must always be accepted.
    let own = jurybox_core::problem::answer_text::<P>(&input, &expected);
    let own_verdict = jurybox_core::problem::judge_output::<P>(&input, &expected, own.as_bytes());
    assert!(
        own_verdict.is_accepted(),
        "reference answer rejected: {own_verdict}"
    );
    let _ = verdict;
}
