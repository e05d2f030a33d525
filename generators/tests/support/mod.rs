//! What every problem's family tests share: the pinned-output check, so that the
//! byte-for-byte promise of `jurybox gen` is tested the same way for every problem.

use jurybox_core::problem::input_text;
use jurybox_generators::{Family, Generate, Options};
use sha2::{Digest, Sha256};

/// The first 8 bytes of the SHA-256 of an input's text, in hex.
pub fn short_digest<P: Generate>(input: &P::Input) -> String {
    Sha256::digest(input_text::<P>(input).as_bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Asserts that every family of `P`, in order, matches its pin `(name, digest at
/// the stress sizes with seed 1, digest at `defaults(family)` with seed 1)`. On a
/// mismatch the message lists every family's actual line, ready to paste.
pub fn assert_pinned<P: Generate>(
    pins: &[(&str, &str, &str)],
    defaults: impl Fn(&Family<P>) -> Options,
) {
    let line = |name: &str, stress: &str, default: &str| {
        format!("(\"{name}\", \"{stress}\", \"{default}\"),")
    };
    let got: Vec<String> = P::families()
        .iter()
        .map(|family| {
            let stress = Options::from_params(family.params, |p| p.stress);
            line(
                family.name,
                &short_digest::<P>(&family.make(&stress, 1)),
                &short_digest::<P>(&family.make(&defaults(family), 1)),
            )
        })
        .collect();
    let expected: Vec<String> = pins.iter().map(|(n, s, d)| line(n, s, d)).collect();
    assert_eq!(got, expected, "\n{}", got.join("\n"));
}
