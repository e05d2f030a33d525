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

/// Issue 43: a checktestdata script without the statement's sum bound makes
/// every maximal shape a million tokens, seconds of validation each, and
/// the survivor (tests/packages/clearcases) is slow only on the shapes with
/// many cases, the 17th on: at full size a short budget ends first. The
/// maximal shapes after one that cost more than its part of the time are
/// made within the bytes the time affords, the report says so, and the
/// smaller shape still catches it. Seen to fail without the cap.
#[test]
#[ignore = "slow end-to-end: harden's search with checktestdata on megabyte inputs (~40 s)"]
fn maximal_shapes_too_costly_for_the_budget_are_made_smaller_and_still_catch() {
    if !crate::packages_cli::checktestdata_installed() {
        return;
    }
    let (tmp, package) = copy_of("clearcases");
    let save = tmp.path().join("found");
    let out = harden_survivors(&package, "30", &["--save", save.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("1 of 1 surviving submissions caught"),
        "{stdout}{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("what the search's time affords"),
        "the catch says its size and why: {stdout}"
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}
