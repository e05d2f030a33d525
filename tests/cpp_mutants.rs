//! One truth, two implementations: the known wrong and slow solutions and the
//! intended solutions a judge package ships as C++ (`packager/judge/PROBLEM/`)
//! against jurybox's own engines, so a package's kill table is about the mistakes
//! the Rust mutants model. Each program is compiled once as the package ships it
//! (named edits applied, see `cpp_judge::compiled`) and run on the corpus samples
//! and on every family at its stress sizes (seeds 1 to 6) and its official sizes
//! (seed 1001). On each input:
//!
//! - a wrong-answer mutant's output must equal its Rust engine's byte for byte; for
//!   a problem judged by a checker (several right answers) a different output
//!   passes only if the checker gives it the same verdict as the Rust engine's;
//! - a slow mutant's output must be accepted by the problem's judge, against the
//!   fast engine's answer (it is slow, not wrong), on the samples and at stress
//!   sizes. At official sizes it takes seconds a run, which is what it is for:
//!   there `jurybox package` runs it on every test of the suite (`.ci/judge-tools`)
//!   and refuses a slow mutant that answers wrong;
//! - an intended solution's output must be accepted likewise, on every input.
//!
//! A mutant runs only where its Rust engine declares the input small enough to
//! finish in about a second (`Engine::too_big`), since its C++ twin is the same
//! algorithm: that keeps the O(N²) and exponential ones to the inputs they can
//! answer, and the test to about a minute on two cores. Disagreements are saved
//! and listed, as in `cpp_judge`.

use crate::cpp_judge::{compiled, intended_solutions, run, Report};
use crate::support::root;
use jurybox_core::problem::{answer_text, input_text, judge_output};
use jurybox_core::{Constraints, EngineKind, Flaw, Problem};
use jurybox_generators::Options;
use jurybox_stress::{with_problem, Harness, ProblemVisitor};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Duration;

/// Seeds of each family at its stress sizes, and the one seed at its official sizes.
const STRESS_SEEDS: std::ops::RangeInclusive<u64> = 1..=6;
const OFFICIAL_SEED: u64 = 1001;

/// A guard against a hung program, far above any run the gate lets through; not a
/// measurement.
const GUARD: Duration = Duration::from_secs(60);

/// Where an input comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Size {
    Sample,
    Stress,
    Official,
}

/// The inputs every program runs on: the samples, then every family at its stress
/// sizes and at its official sizes.
fn inputs<P: Harness>() -> Vec<(String, Size, P::Input)> {
    let mut out = Vec::new();
    let samples = root().join("corpus").join(P::NAME).join("samples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&samples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    for file in files {
        let input = P::parse_input(&std::fs::read(&file).unwrap(), Constraints::Extended)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        out.push((name, Size::Sample, input));
    }
    for family in P::families() {
        let stress = Options::from_params(family.params, |p| p.stress);
        for seed in STRESS_SEEDS {
            let name = format!("stress-{}-{seed}", family.name);
            out.push((name, Size::Stress, family.make(&stress, seed)));
        }
        let official = Options::defaults(family.params);
        let name = format!("official-{}-{OFFICIAL_SEED}", family.name);
        out.push((name, Size::Official, family.make(&official, OFFICIAL_SEED)));
    }
    out
}

/// An input: its name, where it comes from, its text and the fast engine's answer.
type Case<P> = (
    String,
    Size,
    <P as Problem>::Input,
    Vec<u8>,
    <P as Problem>::Answer,
);

/// A program of the package and what its output must be.
struct Program {
    /// `mutants/NAME.cpp` or `accepted/NAME.cpp`.
    path: String,
    exe: PathBuf,
    /// The mutant's declared flaw; `None` for an intended solution.
    flaw: Option<Flaw>,
}

/// How one run went.
enum Outcome {
    /// Byte-identical to the Rust engine's output.
    Same,
    /// Different bytes, the same verdict from the checker.
    SameVerdict,
    /// Accepted by the judge.
    Accepted,
    /// Not run: the Rust engine is too slow for the input.
    Skipped,
    /// A disagreement: what happened.
    Failed(String),
}

struct CppMutantsAgree;

impl ProblemVisitor for CppMutantsAgree {
    type Output = ();
    fn visit<P: Harness>(self) {
        let mut programs: Vec<Program> = P::engines()
            .iter()
            .filter_map(|e| e.kind.flaw().map(|flaw| (e.name, flaw)))
            .map(|(name, flaw)| {
                let path = format!("mutants/{name}.cpp");
                let exe = compiled(P::NAME, &path);
                Program {
                    path,
                    exe,
                    flaw: Some(flaw),
                }
            })
            .collect();
        for (name, exe) in intended_solutions(P::NAME) {
            let path = format!("accepted/{name}");
            programs.push(Program {
                path,
                exe,
                flaw: None,
            });
        }
        let fast = P::engines()
            .iter()
            .find(|e| e.kind == EngineKind::Fast)
            .expect("every problem has a fast engine");
        let inputs: Vec<Case<P>> = inputs::<P>()
            .into_par_iter()
            .map(|(name, size, input)| {
                let text = input_text::<P>(&input).into_bytes();
                let answer = (fast.solve)(&input);
                (name, size, input, text, answer)
            })
            .collect();
        let slow_at_official = |program: &Program, size: Size| {
            program.flaw == Some(Flaw::TooSlow) && size == Size::Official
        };
        let runs: Vec<(&Program, &Case<P>)> = programs
            .iter()
            .flat_map(|program| inputs.iter().map(move |input| (program, input)))
            .filter(|(program, (_, size, ..))| !slow_at_official(program, *size))
            .collect();
        let outcomes: Vec<Outcome> = runs
            .par_iter()
            .map(|(program, (_, _, input, text, answer))| {
                judge_run::<P>(program, input, text, answer)
            })
            .collect();
        let mut report = Report::default();
        for program in &programs {
            let mine = || {
                runs.iter()
                    .zip(&outcomes)
                    .filter(|((p, _), _)| std::ptr::eq(*p, program))
            };
            let count = |want: fn(&Outcome) -> bool| mine().filter(|(_, o)| want(o)).count();
            eprintln!(
                "{} {}: {} byte-identical, {} same verdict only, {} accepted, {} skipped \
                 (the Rust engine too slow)",
                P::NAME,
                program.path,
                count(|o| matches!(o, Outcome::Same)),
                count(|o| matches!(o, Outcome::SameVerdict)),
                count(|o| matches!(o, Outcome::Accepted)),
                count(|o| matches!(o, Outcome::Skipped)),
            );
            assert!(
                count(|o| !matches!(o, Outcome::Skipped)) > 0,
                "{} {}: ran on no input",
                P::NAME,
                program.path
            );
            for ((_, (name, _, _, text, _)), outcome) in mine() {
                if let Outcome::Failed(what) = outcome {
                    let what = format!("{}: {what}", program.path);
                    report.fail(P::NAME, &format!("{name}.in"), text, what);
                }
            }
        }
        report.assert_none(P::NAME, runs.len());
    }
}

/// Runs `program` on one input and holds its output to the Rust engines.
fn judge_run<P: Harness>(
    program: &Program,
    input: &P::Input,
    text: &[u8],
    answer: &P::Answer,
) -> Outcome {
    let engine = program.flaw.map(|_| {
        let name = program.path["mutants/".len()..].trim_end_matches(".cpp");
        P::engines().iter().find(|e| e.name == name).unwrap()
    });
    if engine.is_some_and(|e| (e.too_big)(input).is_some() || (e.cannot_run)(input).is_some()) {
        return Outcome::Skipped;
    }
    let output = match run(&program.exe, &[], text, GUARD) {
        Some((0, stdout, _)) => stdout,
        other => return Outcome::Failed(format!("did not exit 0: {other:?}")),
    };
    let accepted = |output: &[u8]| judge_output::<P>(input, answer, output);
    match (program.flaw, engine) {
        (Some(Flaw::WrongAnswer), Some(engine)) => {
            let rust = answer_text::<P>(input, &(engine.solve)(input));
            if output == rust.as_bytes() {
                return Outcome::Same;
            }
            let (cpp_verdict, rust_verdict) = (accepted(&output), accepted(rust.as_bytes()));
            if P::SEVERAL_ANSWERS && cpp_verdict.is_accepted() == rust_verdict.is_accepted() {
                Outcome::SameVerdict
            } else {
                Outcome::Failed(format!(
                    "output {:?} differs from the Rust engine's {:?} (judged {cpp_verdict:?} \
                     and {rust_verdict:?})",
                    clip(&output),
                    clip(rust.as_bytes())
                ))
            }
        }
        _ => match accepted(&output) {
            verdict if verdict.is_accepted() => Outcome::Accepted,
            verdict => Outcome::Failed(format!("output {:?} rejected: {verdict:?}", clip(&output))),
        },
    }
}

/// The start of an output, for a message.
fn clip(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned()
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn tetris3d_cpp_programs_agree_with_the_engines() {
    with_problem("tetris3d", CppMutantsAgree).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn puyo_cpp_programs_agree_with_the_engines() {
    with_problem("puyo", CppMutantsAgree).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn netgame_cpp_programs_agree_with_the_engines() {
    with_problem("netgame", CppMutantsAgree).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn papercut_cpp_programs_agree_with_the_engines() {
    with_problem("papercut", CppMutantsAgree).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn blokus3d_cpp_programs_agree_with_the_engines() {
    with_problem("blokus3d", CppMutantsAgree).unwrap();
}
