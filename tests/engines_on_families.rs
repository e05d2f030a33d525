//! Every engine on every family at the jury's sizes (one seed each), where the
//! stress runner only sees tiny inputs: long puyo chains compared screen by screen,
//! maximal tetris platforms. An engine whose `too_big` refuses an input is skipped
//! for it (the naive pair scan on N = 20 000 still runs: 2·10^8 cheap pair checks).

use jurybox_generators::Options;
use jurybox_stress::case::check_case;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};

struct AllFamilies;

impl ProblemVisitor for AllFamilies {
    type Output = Vec<String>;
    fn visit<P: Harness>(self) -> Vec<String> {
        let mut failures = Vec::new();
        for family in P::families() {
            let input = family.make(&Options::defaults(family.params), 20261121);
            if let Err(m) = check_case::<P>(&input, &[], &Default::default()) {
                failures.push(format!("{} {}: {m}", P::NAME, family.name));
            }
        }
        failures
    }
}

#[test]
fn engines_agree_on_every_family_at_jury_size() {
    let failures: Vec<String> = PROBLEMS
        .iter()
        .flat_map(|name| with_problem(name, AllFamilies).expect("listed problems exist"))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
