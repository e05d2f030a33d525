//! The whole stress pipeline on a toy problem with a planted bug: the runner must
//! find it, shrink it to the smallest failing input, and save it before reporting.
//! If any stage silently stopped working, real bugs would go unnoticed; this test
//! is what makes "no failures" from `jurybox stress` mean something.

use jurybox_core::scan::{Scanner, Tokens};
use jurybox_core::{Constraints, Engine, EngineKind, Judgement, ParseError, Problem};
use jurybox_generators::{Family, Generate, Options, Param, Rng};
use jurybox_judging::jobs::Budget;
use jurybox_stress::plan::StressPlan;
use jurybox_stress::runner::{run_stress, LiveCounters};
use jurybox_stress::store::Store;
use jurybox_stress::Shrink;

/// Input: a list of numbers; answer: their maximum.
struct Max;

// Engines take `&Input` and the input type is `Vec<u64>`, so `&Vec` is the signature.
#[allow(clippy::ptr_arg)]
fn true_max(v: &Vec<u64>) -> u64 {
    v.iter().copied().max().unwrap_or(0)
}

/// Planted bug: ignores the last element whenever the list has 3 or more.
#[allow(clippy::ptr_arg)]
fn buggy_max(v: &Vec<u64>) -> u64 {
    let n = if v.len() >= 3 { v.len() - 1 } else { v.len() };
    v[..n].iter().copied().max().unwrap_or(0)
}

static ENGINES: [Engine<Max>; 2] = [
    Engine {
        name: "buggy",
        about: "",
        kind: EngineKind::Fast,
        solve: buggy_max,
        too_big: Engine::<Max>::always,
        cannot_run: Engine::<Max>::always,
    },
    Engine {
        name: "plain",
        about: "",
        kind: EngineKind::Reference,
        solve: true_max,
        too_big: Engine::<Max>::always,
        cannot_run: Engine::<Max>::always,
    },
];

impl Problem for Max {
    type Input = Vec<u64>;
    type Answer = u64;
    const NAME: &'static str = "max";
    const TITLE: &'static str = "maximum of a list";

    fn parse_input(text: &[u8], _: Constraints) -> Result<Vec<u64>, ParseError> {
        let mut sc = Scanner::new(text);
        let (n, _) = sc.uint("n")?;
        let mut v = Vec::new();
        for _ in 0..n {
            sc.space()?;
            v.push(sc.uint("value")?.0);
        }
        sc.finish()?;
        Ok(v)
    }
    fn write_input(input: &Vec<u64>, out: &mut String) {
        out.push_str(&input.len().to_string());
        for x in input {
            out.push_str(&format!(" {x}"));
        }
        out.push('\n');
    }
    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }
    fn write_answer(_: &Vec<u64>, answer: &u64, out: &mut String) {
        out.push_str(&format!("{answer}\n"));
    }
    fn parse_answer(_: &Vec<u64>, text: &[u8]) -> Result<u64, ParseError> {
        let mut t = Tokens::new(text);
        let (_, v) = t.int("max")?;
        t.end()?;
        Ok(v as u64)
    }
    fn judge(_: &Vec<u64>, reference: &u64, candidate: &u64) -> Judgement {
        Judgement::equal(reference, candidate)
    }
    fn describe(input: &Vec<u64>) -> String {
        format!("n={}", input.len())
    }
}

const PARAMS: &[Param] = &[Param {
    name: "n",
    about: "length",
    min: 1,
    max: 100,
    default: 10,
    stress: 8,
}];

fn random(options: &Options, rng: &mut Rng) -> Vec<u64> {
    (0..options.get("n")).map(|_| rng.range(0, 1000)).collect()
}

static FAMILIES: [Family<Max>; 1] = [Family {
    name: "random",
    about: "",
    params: PARAMS,
    generate: random,
}];

impl Generate for Max {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}

impl Shrink for Max {
    fn shrink_candidates(input: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = (0..input.len())
            .filter(|_| input.len() > 1)
            .map(|i| [&input[..i], &input[i + 1..]].concat())
            .collect();
        for i in 0..input.len() {
            if input[i] > 0 {
                let mut v = input.clone();
                v[i] -= 1;
                out.push(v);
            }
        }
        out
    }
}

#[test]
fn planted_bug_is_found_shrunk_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut plan = StressPlan::<Max>::new(Budget::Cases(10_000), 2, 5);
    plan.store = Store::new(dir.path());
    let summary = run_stress(&plan, &LiveCounters::default());
    assert!(
        !summary.failures.is_empty(),
        "the planted bug was not found"
    );
    let found = &summary.failures[0];
    assert_eq!(found.mismatch.engine, "buggy");
    // Minimal: three elements (the bug needs them), all zero but the last, which is 1.
    assert_eq!(found.input, "3 0 0 1\n");
    let path = found.path.as_ref().expect("saved");
    assert_eq!(std::fs::read_to_string(path).unwrap(), "3 0 0 1\n");
    assert_eq!(
        std::fs::read_to_string(path.with_extension("ans")).unwrap(),
        "1\n"
    );
    let note = std::fs::read_to_string(path.with_extension("note")).unwrap();
    assert!(
        note.contains("jurybox gen max --family random --seed"),
        "{note}"
    );
    let reproduce = found.reproduce.as_deref().expect("saved, so reproducible");
    assert!(reproduce.contains(&path.display().to_string()));
}

#[test]
fn external_programs_are_judged_like_engines() {
    // Only the correct engine, so that the programs are what is under test.
    let dir = tempfile::tempdir().unwrap();
    let program = |command: &str| jurybox_sandbox::Program {
        command: command.into(),
        limits: Default::default(),
    };
    let no = std::sync::atomic::AtomicBool::new(false);
    let right = "awk '{m=0; for(i=2;i<=NF;i++) if($i+0>m) m=$i+0; print m}'";
    let agreed = jurybox_stress::check::check::<Max>(&vec![3, 9, 4], &[program(right)], &no);
    assert_eq!(agreed.expect("right program agrees").engines_run, 3);
    let wrong =
        jurybox_stress::check::check::<Max>(&vec![3, 4, 9], &[program("echo 4")], &no).unwrap_err();
    assert_eq!(wrong.engine, "buggy", "the built-in bug is checked first");
    let wrong =
        jurybox_stress::check::check::<Max>(&vec![3, 9], &[program("echo 4")], &no).unwrap_err();
    assert_eq!(wrong.engine, "program 'echo 4'");
    assert!(wrong.to_string().contains("expected 9, found 4"), "{wrong}");
    let crash =
        jurybox_stress::check::check::<Max>(&vec![3, 9], &[program("exit 7")], &no).unwrap_err();
    assert!(crash.to_string().contains("runtime error"), "{crash}");
    drop(dir);
}

/// The first failing case of a run with seed `seed`, run by `plan`'s shard or
/// start (one worker, so "first" is the lowest index of its cases).
fn first_failure(plan: StressPlan<Max>) -> (u64, String) {
    let summary = run_stress(&plan, &LiveCounters::default());
    let found = summary.failures.first().expect("the planted bug was found");
    (
        found.case.expect("a stress case"),
        found.generated_by.clone(),
    )
}

/// Shards split the run without changing it: each shard's first failure is the
/// first failing case among its own indices, the lowest of them is the one-machine
/// run's, and `start` = that index replays it alone.
#[test]
fn shards_find_the_whole_runs_failures_and_one_case_replays() {
    use jurybox_judging::shard::Shard;
    let dir = tempfile::tempdir().unwrap();
    let plan = |seed: u64, shard: Shard| {
        let mut plan = StressPlan::<Max>::new(Budget::Cases(10_000), 1, seed);
        plan.store = Store::new(dir.path());
        plan.shard = shard;
        plan
    };
    // The first seed whose run fails past case 8, so that every shard must skip
    // cases (the others' and its own passing ones) to agree with the whole run.
    let (seed, (whole, line)) = (0..)
        .map(|seed| (seed, first_failure(plan(seed, Shard::WHOLE))))
        .find(|(_, (case, _))| *case >= 8)
        .unwrap();
    let plan = |shard| plan(seed, shard);
    for n in 2..=4 {
        let firsts: Vec<u64> = (1..=n)
            .map(|k| {
                let (case, _) = first_failure(plan(Shard::new(k, n).unwrap()));
                assert_eq!(case % n, k - 1, "shard {k}/{n} ran case {case}");
                case
            })
            .collect();
        assert_eq!(firsts.iter().min(), Some(&whole), "{firsts:?}");
        // Every case below a shard's first failure passed on the whole run.
        assert!(firsts.iter().all(|&f| f >= whole));
    }
    let mut one = plan(Shard::WHOLE);
    one.start = whole;
    one.budget = Budget::Cases(whole + 1);
    assert_eq!(first_failure(one), (whole, line));
}
