//! A test group's constraints told to the package's C++ input validators
//! (`max_SIZE=VALUE`, the `input_validator_flags` that `package --scoring`
//! writes in each group's testdata.yaml; `strict::GroupBounds`): a validator
//! given a group's flags refuses an input over the group's bound, naming the
//! constraint, and accepts one inside. The sizes are the ones `jurybox
//! validate PROBLEM` prints (`Problem::describe`), so the C++ count of each
//! size is held to jurybox's Rust one, at the edge: bound = the input's size
//! is accepted, one less refused.

use crate::cpp_judge::{compiled, run, suite_data};
use jurybox_core::problem::input_text;
use jurybox_core::{Constraints, Problem};
use jurybox_generators::Options;
use jurybox_packager::groups::{sizes_of, validator_flags};
use jurybox_packager::plan::SuitePlan;
use jurybox_stress::{with_problem, Harness, ProblemVisitor};
use std::path::Path;
use std::time::Duration;

/// Kattis: the validator's verdicts; any other exit is the jury's mistake.
const VALID: i32 = 42;
const INVALID: i32 = 43;

/// A guard against a hang, not a measurement.
const HANG: Duration = Duration::from_secs(20);

/// The validator's exit and stderr on `input` with `flags` (split as the
/// judges' tools split `input_validator_flags`: on white space).
fn validate(exe: &Path, flags: &str, input: &[u8]) -> (i32, String) {
    let args: Vec<&Path> = flags.split_whitespace().map(Path::new).collect();
    let (code, _, stderr) = run(exe, &args, input, HANG)
        .unwrap_or_else(|| panic!("the validator died or hung with flags '{flags}'"));
    (code, stderr)
}

fn plan(problem: &str) -> SuitePlan {
    let path = crate::support::root().join(format!("suites/{problem}.toml"));
    SuitePlan::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A 1 x `cells` strip of whole cells: its floor, its roof, its `cells + 1` walls.
fn strip(cells: u32) -> Vec<u8> {
    let mut ropes = Vec::new();
    for x in 0..cells {
        ropes.push(format!("{x} 0 {} 0", x + 1));
        ropes.push(format!("{x} 1 {} 1", x + 1));
    }
    for x in 0..=cells {
        ropes.push(format!("{x} 0 {x} 1"));
    }
    format!("{}\n{}\n", ropes.len(), ropes.join("\n")).into_bytes()
}

/// netgame's few-cells group as its plan states it: the validator told the
/// group's flags accepts a 10-cell strip and refuses an 11-cell one, naming
/// the constraint; with no flags (the full problem) it accepts both. Each
/// strip's cells are jurybox's count too (`describe`).
#[test]
fn netgame_few_cells_flags_refuse_eleven_cells_and_accept_ten() {
    let few = &plan("netgame").groups[0];
    let flags = validator_flags(few);
    assert_eq!(flags, "max_cells=10", "suites/netgame.toml's first group");
    let exe = compiled("netgame", "input_validator.cpp");
    for cells in [10, 11] {
        let input = strip(cells);
        let parsed = jurybox_core::netgame::Netgame::parse_input(&input, Constraints::Official)
            .unwrap_or_else(|e| panic!("the {cells}-cell strip: {e}"));
        let described = sizes_of(&jurybox_core::netgame::Netgame::describe(&parsed));
        assert_eq!(described.get("cells"), Some(&u64::from(cells)));
        assert_eq!(
            validate(&exe, "", &input).0,
            VALID,
            "{cells} cells, no flags"
        );
        let (code, stderr) = validate(&exe, &flags, &input);
        if cells == 10 {
            assert_eq!(code, VALID, "10 cells in few-cells: {stderr}");
        } else {
            assert_eq!(code, INVALID, "11 cells in few-cells: {stderr}");
            assert!(
                stderr.starts_with("line 1, column 1: cells = 11 ")
                    && stderr.contains("constraint cells <= 10"),
                "{stderr}"
            );
        }
    }
    let (code, stderr) = validate(&exe, "max_ropes=3", &strip(1));
    assert_eq!(
        code, 1,
        "a flag naming no size is the jury's mistake: {stderr}"
    );
    assert!(stderr.contains("'max_ropes=3'"), "{stderr}");
}

struct BoundsAtTheEdge;

impl ProblemVisitor for BoundsAtTheEdge {
    type Output = ();
    fn visit<P: Harness>(self) {
        let exe = compiled(P::NAME, "input_validator.cpp");
        let (mut inputs, _) = suite_data::<P>();
        for family in P::families() {
            let stress = Options::from_params(family.params, |p| p.stress.min(p.default));
            let text = input_text::<P>(&family.make(&stress, 1));
            inputs.push((format!("{}-stress", family.name), text.into_bytes()));
        }
        let mut runs = 0;
        for (name, input) in &inputs {
            let parsed = P::parse_input(input, Constraints::Official)
                .unwrap_or_else(|e| panic!("{} {name}: {e}", P::NAME));
            for (size, &value) in &sizes_of(&P::describe(&parsed)) {
                let at = format!("max_{size}={value}");
                let (code, stderr) = validate(&exe, &at, input);
                assert_eq!(code, VALID, "{} {name} with {at}: {stderr}", P::NAME);
                runs += 1;
                if value == 0 {
                    continue;
                }
                let below = format!("max_{size}={}", value - 1);
                let (code, stderr) = validate(&exe, &below, input);
                let names = format!(
                    "{size} = {value} is outside this test group's constraint {size} <= {}",
                    value - 1
                );
                assert!(
                    code == INVALID && stderr.starts_with("line ") && stderr.contains(&names),
                    "{} {name} with {below}: exit {code}, {stderr}",
                    P::NAME
                );
                runs += 1;
            }
        }
        // Every plan group's flags are flags this validator reads.
        for group in &plan(P::NAME).groups {
            let (code, stderr) = validate(&exe, &validator_flags(group), &inputs[0].1);
            assert!(
                code == VALID || code == INVALID,
                "{} group {}: {stderr}",
                P::NAME,
                group.name
            );
        }
        eprintln!("{}: {runs} bounded runs, each as jurybox counts", P::NAME);
    }
}

/// Every built-in problem's validator, on its suite's tests and a stress-size
/// input of each family: each size bounded at its own value is accepted and
/// one below refused with the constraint named.
#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn every_validator_holds_each_size_to_a_groups_bound_as_jurybox_counts_it() {
    for problem in jurybox_stress::PROBLEMS {
        with_problem(problem, BoundsAtTheEdge).unwrap();
    }
}
