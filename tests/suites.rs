//! Every registered problem has a suite plan, `suites/PROBLEM.toml`, and the plan
//! holds: its tests are valid official inputs made by the `jurybox gen` command it
//! records, its invalid inputs are rejected for the rule each names, and every
//! mutant of the problem is killed. Wrong-answer kills (every mutant of
//! [`Flaw::WrongAnswer`]) are proven here, in process, on the plan's tests small
//! enough for a debug build. The [`Flaw::TooSlow`] mutants answer
//! right on all of those (checked here too); that the suite's large tests make them
//! run over the time limit is a timing fact, proven by `jurybox mutants` as
//! separate processes in `.ci/judge-tools`, not in a unit test.

use jurybox_core::problem::input_text;
use jurybox_core::{EngineKind, Flaw};
use jurybox_generators::family_named;
use jurybox_packager::groups::{assign, sizes_of};
use jurybox_packager::plan::SuitePlan;
use jurybox_packager::suite_tests::{build_invalid, build_tests, Sample};
use jurybox_stress::check::check;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::path::Path;

/// Inputs up to this size run every mutant in process (a debug build).
const SMALL_INPUT_BYTES: usize = 8_000;

fn plan_of(problem: &str) -> SuitePlan {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("suites/{problem}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{problem} is registered but has no suite plan ({}: {e}); write one (docs/SUITES.md)",
            path.display()
        )
    });
    SuitePlan::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn samples_of(problem: &str) -> Vec<Sample> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("corpus/{problem}/samples"));
    let mut samples: Vec<Sample> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| Sample {
            name: p.file_stem().unwrap().to_str().unwrap().to_string(),
            input: std::fs::read(&p).unwrap(),
            answer: std::fs::read(p.with_extension("ans")).unwrap(),
        })
        .collect();
    samples.sort_by(|a, b| a.name.cmp(&b.name));
    samples
}

struct PlanHolds;

impl ProblemVisitor for PlanHolds {
    type Output = ();
    fn visit<P: Harness>(self) {
        let plan = plan_of(P::NAME);
        let options = plan
            .resolve::<P>()
            .unwrap_or_else(|e| panic!("{}: {e}", P::NAME));
        build_invalid::<P>(&plan).unwrap_or_else(|e| panic!("{}: {e}", P::NAME));
        assert!(
            !plan.samples.is_empty(),
            "{}: the plan has no sample",
            P::NAME
        );
        let mut inputs = Vec::new();
        for sample in samples_of(P::NAME) {
            if plan.samples.iter().any(|s| s.name == sample.name) {
                let input =
                    P::parse_input(&sample.input, jurybox_core::Constraints::Official).unwrap();
                inputs.push((sample.name, input));
            }
        }
        assert_eq!(
            inputs.len(),
            plan.samples.len(),
            "{}: a planned sample is missing",
            P::NAME
        );
        let mut sizes = Vec::new();
        for (test, options) in plan.tests.iter().zip(&options) {
            let family = family_named::<P>(&test.family).unwrap();
            let input = family.make(options, test.seed);
            let text = input_text::<P>(&input);
            P::parse_input(text.as_bytes(), jurybox_core::Constraints::Official)
                .unwrap_or_else(|e| panic!("{} {}: not official: {e}", P::NAME, test.name));
            sizes.push(sizes_of(&P::describe(&input)));
            if text.len() <= SMALL_INPUT_BYTES {
                inputs.push((test.name.clone(), input));
            }
        }
        // The scored package's groups (`package --scoring`) bound sizes the
        // inputs have, and each takes a test: as `package` assigns them.
        if !plan.groups.is_empty() {
            assign(&plan.groups, &sizes).unwrap_or_else(|e| panic!("suites/{}.toml: {e}", P::NAME));
        }
        let answers: Vec<P::Answer> = inputs
            .iter()
            .map(|(name, input)| {
                check::<P>(input, &[], &Default::default())
                    .unwrap_or_else(|m| panic!("{} {name}: engines disagree: {m}", P::NAME))
                    .answer
            })
            .collect();
        let mutants = P::engines()
            .iter()
            .filter_map(|e| Some((e, e.kind.flaw()?)));
        for (mutant, flaw) in mutants {
            let mut wrong_on = None;
            for ((name, input), answer) in inputs.iter().zip(&answers) {
                if (mutant.too_big)(input).is_some() {
                    continue;
                }
                let verdict = P::judge(input, answer, &(mutant.solve)(input));
                if !verdict.is_accepted() {
                    wrong_on = Some(name.clone());
                    break;
                }
            }
            // A wrong-answer mutant must be caught here; a slow one must be right on
            // every small test (else it is mis-declared, or its engine has a bug).
            match (wrong_on, flaw) {
                (Some(test), Flaw::WrongAnswer) => {
                    eprintln!("{} {}: wrong answer on {test}", P::NAME, mutant.name)
                }
                (Some(test), Flaw::TooSlow) => panic!(
                    "{} {} is declared too slow but answers wrong on {test} ({})",
                    P::NAME,
                    mutant.name,
                    mutant.about
                ),
                (None, Flaw::WrongAnswer) => panic!(
                    "suite too weak: {} {} ({}) survives every small test",
                    P::NAME,
                    mutant.name,
                    mutant.about
                ),
                (None, Flaw::TooSlow) => eprintln!(
                    "{} {}: right on all {} small tests; a slow mutant (timed by .ci/judge-tools)",
                    P::NAME,
                    mutant.name,
                    inputs.len()
                ),
            }
        }
        // Every sample has a reference engine (not the fast fallback of
        // `reference_engine`) that can run it. A small test no reference can run
        // (papercut's 10^9 sheets, whose few bytes hide a huge game) has the fast
        // engine's answer alone, so a kill on it is a disagreement with the fast
        // engine, not a verified wrong answer: say so.
        for (i, (name, input)) in inputs.iter().enumerate() {
            let sample = i < plan.samples.len();
            let verified = P::engines()
                .iter()
                .any(|e| e.kind == EngineKind::Reference && (e.too_big)(input).is_none());
            assert!(verified || !sample, "{} {name}: no reference", P::NAME);
            if !verified {
                eprintln!(
                    "{} {name}: no reference can run it; its answer is the fast engine's",
                    P::NAME
                );
            }
        }
    }
}

#[test]
fn every_problem_has_a_plan_that_holds() {
    for name in PROBLEMS {
        with_problem(name, PlanHolds).expect("listed problems exist");
    }
}

/// The tetris3d plan's tests made, by name.
fn tetris3d_plan_inputs() -> Vec<(String, jurybox_core::tetris3d::Input)> {
    use jurybox_core::tetris3d::Tetris3d;
    let plan = plan_of("tetris3d");
    let options = plan.resolve::<Tetris3d>().unwrap();
    plan.tests
        .iter()
        .zip(&options)
        .map(|(test, options)| {
            let family = family_named::<Tetris3d>(&test.family).unwrap();
            (test.name.clone(), family.make(options, test.seed))
        })
        .collect()
}

/// Issue 23: a public solution whose final answer read only rows `y < D` passed
/// the whole tetris3d suite, whose platforms were all square but one. The plan
/// must hold platforms with D < S and with D > S, and the `d-for-s` mutant must
/// answer wrong on one with D < S, judged against the reference engine (`naive`),
/// not against another mutant or itself.
#[test]
fn tetris3d_has_oblong_platforms_that_kill_d_and_s_confused() {
    use jurybox_core::tetris3d::{mutants::d_for_s, naive};
    let inputs = tetris3d_plan_inputs();
    let wider = inputs.iter().filter(|(_, i)| i.d > i.s).count();
    let narrower: Vec<_> = inputs.iter().filter(|(_, i)| i.d < i.s).collect();
    assert!(wider > 0, "no test with D > S");
    assert!(!narrower.is_empty(), "no test with D < S");
    // The pair scan is O(N²): a debug build judges the small ones.
    let killed_on = narrower
        .iter()
        .filter(|(_, i)| i.blocks.len() <= 2_000)
        .find(|(_, i)| d_for_s::solve(i) != naive::solve(i));
    let (name, _) = killed_on.expect("d-for-s survives every small test with D < S");
    eprintln!("d-for-s: wrong on {name}");
}

/// Found by `jurybox harden` on the tetris3d package: mutants of both intended
/// solutions that size a tree `while (p < side - 1)` survived every test, since
/// no platform side was one past a power of two. Such a tree has no leaf for the
/// last row (or column): heights there are never stored and never read. This is
/// that model, judged against the reference engine (`naive`) on the plan's small
/// tests; it must fail on some test for each dimension.
#[test]
fn tetris3d_kills_a_tree_one_leaf_short_in_either_dimension() {
    use jurybox_core::tetris3d::{naive, Input};
    fn short_tree(input: &Input, short_x: bool) -> u64 {
        let leaves = |side: u32| (side.saturating_sub(1)).max(1).next_power_of_two();
        let (rows, cols) = match short_x {
            true => (leaves(input.d).min(input.d), input.s),
            false => (input.d, leaves(input.s).min(input.s)),
        };
        let mut height = vec![0u64; rows as usize * cols as usize];
        let mut best = 0;
        for b in &input.blocks {
            let cells = || {
                (b.x..(b.x + b.d).min(rows)).flat_map(move |x| {
                    (b.y..(b.y + b.s).min(cols))
                        .map(move |y| x as usize * cols as usize + y as usize)
                })
            };
            let top = cells().map(|c| height[c]).max().unwrap_or(0) + u64::from(b.w);
            cells().for_each(|c| height[c] = top);
            best = best.max(top);
        }
        best
    }
    let small: Vec<(String, Input)> = tetris3d_plan_inputs()
        .into_iter()
        .filter(|(_, i)| i.blocks.len() <= 2_000 && u64::from(i.d) * u64::from(i.s) <= 1 << 16)
        .collect();
    for short_x in [true, false] {
        let killed_on = small
            .iter()
            .find(|(_, i)| short_tree(i, short_x) != naive::solve(i));
        let (name, _) = killed_on.expect("a tree one leaf short survives every small test");
        eprintln!("short tree (x: {short_x}): wrong on {name}");
    }
}

struct Rebuild;

impl ProblemVisitor for Rebuild {
    type Output = ();
    fn visit<P: Harness>(self) {
        let plan = plan_of(P::NAME);
        let never = std::sync::atomic::AtomicBool::new(false);
        let first = build_tests::<P>(&plan, &samples_of(P::NAME), 2, &never).unwrap();
        let again = build_tests::<P>(&plan, &samples_of(P::NAME), 1, &never).unwrap();
        assert_eq!(first, again, "{}: a rebuild differs", P::NAME);
        assert_eq!(first.len(), plan.samples.len() + plan.tests.len());
    }
}

#[test]
fn a_small_suite_rebuilds_to_the_same_bytes() {
    // Puyo's whole suite builds in a moment, answers cross-checked; tetris3d's
    // maximal tests are built by `.ci/judge-tools` in release.
    with_problem("puyo", Rebuild).expect("puyo is registered");
}

/// The plan `docs/SUITES.md` shows a setter ("Writing a plan for a problem", the
/// one ```toml block of the page) is read from the page itself and must be a plan
/// that holds: it parses, its names fit puyo, and its invalid input is rejected
/// for the rule it names. The example once used a time-limit rule the parser had
/// long stopped reading.
#[test]
fn the_plan_shown_in_docs_suites_holds() {
    use jurybox_core::puyo::Puyo;
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/SUITES.md"))
            .unwrap();
    let blocks: Vec<&str> = page
        .split("```toml\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap_or(rest))
        .collect();
    let [example] = blocks.as_slice() else {
        panic!(
            "docs/SUITES.md has {} ```toml blocks; the test reads one",
            blocks.len()
        )
    };
    let plan = SuitePlan::parse(example).unwrap_or_else(|e| panic!("docs/SUITES.md: {e}"));
    plan.resolve::<Puyo>()
        .unwrap_or_else(|e| panic!("docs/SUITES.md: {e}"));
    let invalid = build_invalid::<Puyo>(&plan).unwrap_or_else(|e| panic!("docs/SUITES.md: {e}"));
    assert_eq!(invalid.len(), plan.invalid.len());
    assert!(!plan.samples.is_empty() && !invalid.is_empty());
}
