//! `jurybox harden` on shapes met on problems it was never tuned on
//! (issue 43): here a string as long as the number before it, read from the
//! tests' layout (tests/packages/stepcount).

use crate::packages_cli::{copy_of, harden_survivors};
use crate::support::text;

#[test]
#[ignore = "slow end-to-end: harden's search with a Python validator and a run (~60 s on a loaded machine)"]
fn a_string_as_long_as_its_count_grows_past_the_tests_and_catches_a_16_bit_counter() {
    let (tmp, package) = copy_of("stepcount");
    let save = tmp.path().join("found");
    let out = harden_survivors(&package, "60", &["--save", save.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("1 of 1 surviving submissions caught"),
        "{stdout}{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}
