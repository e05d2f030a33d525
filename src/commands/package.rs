//! `jurybox package` (a judge package per problem) and the two validator commands
//! the package's `input_validators/` and `output_validator/` scripts call.

use crate::builtin_suite::{build_suite, judge_sources, judge_suite, plan_of, print_kill_table};
use crate::cli::PackageArgs;
use crate::commands::jobs;
use crate::input;
use crate::interrupt;
use crate::output::Terminal;
use anyhow::{bail, Context, Result};
use jurybox_core::problem::judge_output;
use jurybox_core::{Constraints, Judgement};
use jurybox_jury::package::measure;
use jurybox_jury::TimeLimit;
use jurybox_packager::dir::refuse_foreign;
use jurybox_packager::groups::{said, sizes_of};
use jurybox_packager::package::problem_id;
use jurybox_packager::package::{describe_limit, finish_package};
use jurybox_packager::scored::{group_dir, rewrite_as_scored, ScoredHead};
use jurybox_packager::scored_grades::{grade_partial_solutions, Graded};
use jurybox_packager::staging::put_in_place;
use jurybox_packager::{BuiltSuite, TestGroup};
use jurybox_stress::{Harness, ProblemVisitor, PROBLEMS};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit codes of the Kattis problem package format's validators.
const VALID: u8 = jurybox_core::verdict::KATTIS_ACCEPTED as u8;
const INVALID: u8 = jurybox_core::verdict::KATTIS_REJECTED as u8;

struct Package {
    out: PathBuf,
    jobs: usize,
    scoring: bool,
}

impl ProblemVisitor for Package {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let suite = build_suite::<P>(self.jobs)?;
        refuse_foreign(&self.out)?;
        // The package is written beside `out`, judged there by the jury, finished
        // and renamed into place: an interrupted run leaves `out` as it was.
        let staged = judge_suite::<P>(&suite, true, Some(&self.out), self.jobs)?;
        let limit = &staged.judged.limit;
        outln!("{}: {}", P::NAME, describe_limit(limit));
        let rows = &staged.judged.mutants;
        let margins = &staged.judged.margins;
        if !print_kill_table(rows, suite.tests.len(), limit, margins, &staged.unshippable) {
            bail!(
                "{}: no package written: the suite does not kill every mutant, or one \
                 cannot be shipped",
                P::NAME
            );
        }
        // A recorded limit is kept with the speed it was recorded at (the
        // package is then the same every time); a derived one gets the
        // machine's speed now, beside it.
        let speed = match staged.rule.recorded {
            Some(recorded) => {
                outln!(
                    "{}: the limit recorded in suites/{}.toml, {:.1} s at speed {:.2}, is kept",
                    P::NAME,
                    P::NAME,
                    recorded.seconds,
                    recorded.speed
                );
                None
            }
            None => {
                let speed = measure(interrupt::flag(), &Terminal)?;
                outln!(
                    "{}: speed {:.2} ({})",
                    P::NAME,
                    speed.speed,
                    speed.figures()
                );
                Some(speed)
            }
        };
        if let Some(check) = limit.stated_check().filter(|c| c.contradicts()) {
            errln!("{}: the recorded limit: {}", P::NAME, check.describe());
        }
        finish_package(
            &suite,
            &staged.contents::<P>(),
            limit,
            speed.as_ref(),
            rows,
            staged.dir.path(),
        )?;
        if self.scoring {
            score_package::<P>(
                &suite,
                &staged.validator_args,
                limit,
                staged.dir.path(),
                self.jobs,
            )?;
        }
        put_in_place(staged.dir, &self.out)?;
        outln!("wrote {}", self.out.display());
        Ok(ExitCode::SUCCESS)
    }
}

/// The finished pass-fail package in `dir` rewritten as a scored one, its
/// partial solutions graded by running them; says what each earns.
fn score_package<P: Harness>(
    suite: &BuiltSuite,
    validator_args: &[&'static str],
    limit: &TimeLimit,
    dir: &Path,
    jobs: usize,
) -> Result<()> {
    let plan = plan_of(P::NAME)?;
    if plan.groups.is_empty() {
        bail!(
            "{}: no scored package: suites/{}.toml has no [[group]] (docs/SCORING.md)",
            P::NAME,
            P::NAME
        );
    }
    let head = ScoredHead {
        problem: P::NAME,
        title: P::TITLE,
        uuid: problem_id(P::NAME),
        limit,
        validator_args,
    };
    // Each hidden test's sizes as `jurybox validate` prints them: the groups
    // bound them (docs/SCORING.md).
    let mut sizes = Vec::new();
    for test in suite.tests.iter().filter(|t| t.group == TestGroup::Secret) {
        let input = P::parse_input(&test.input, Constraints::Official)
            .with_context(|| format!("{}: test {}", P::NAME, test.name))?;
        sizes.push(sizes_of(&P::describe(&input)));
    }
    rewrite_as_scored(dir, suite, &plan.groups, &sizes, &head)?;
    let groups: Vec<String> = (0..plan.groups.len())
        .map(|i| {
            let group = &plan.groups[i];
            format!(
                "{} {} ({})",
                group_dir(&plan.groups, i),
                group.points,
                said(group)
            )
        })
        .collect();
    outln!("{}: scored: groups {}", P::NAME, groups.join(", "));
    for graded in grade_partial_solutions(dir, limit, jobs, interrupt::flag())? {
        match graded {
            Graded::Stated {
                program,
                grades,
                dir,
            } => {
                let grades: Vec<String> = grades.iter().map(|g| g.to_string()).collect();
                outln!(
                    "{}: {dir}/{program}: @EXPECTED_GRADES@ {}",
                    P::NAME,
                    grades.join(" ")
                );
            }
            Graded::LeftOut { program, why } => {
                outln!(
                    "{}: {program} left out of the scored package: {why}",
                    P::NAME
                );
            }
        }
    }
    Ok(())
}

pub fn run(args: PackageArgs) -> Result<ExitCode> {
    let jobs = jobs(args.jobs);
    let problems: Vec<&str> = if args.problem == "all" {
        PROBLEMS.to_vec()
    } else {
        vec![args.problem.as_str()]
    };
    for name in problems {
        let out = if args.problem == "all" {
            args.out.join(name)
        } else {
            args.out.clone()
        };
        let package = Package {
            out,
            jobs,
            scoring: args.scoring,
        };
        let code = super::visit(name, package)?;
        if code != ExitCode::SUCCESS {
            return Ok(code);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `jurybox judge-sources PROBLEM --out DIR` (hidden): the problem's judge
/// programs made whole as plain files, for the scripts that compile them.
pub fn write_judge_sources(problem: &str, out: &Path) -> Result<ExitCode> {
    let programs = judge_sources(problem)?;
    if programs.is_empty() {
        bail!(
            "{problem} has no judge programs (packager/judge/{problem}/); known: {}",
            PROBLEMS.join(", ")
        );
    }
    for program in &programs {
        let path = out.join(&program.path);
        let dir = path.parent().unwrap_or(out);
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let write = |path: &Path, text: &[u8]| {
            std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
        };
        write(&path, program.text())?;
        for header in program.headers() {
            write(&dir.join(&header.name), &header.text)?;
        }
    }
    outln!(
        "wrote {} programs of {problem} to {}",
        programs.len(),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

pub struct AsInputValidator;

impl ProblemVisitor for AsInputValidator {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (_, bytes) = input::read(None)?;
        Ok(match P::parse_input(&bytes, Constraints::Official) {
            Ok(_) => ExitCode::from(VALID),
            Err(e) => {
                errln!("invalid input: {e}");
                ExitCode::from(INVALID)
            }
        })
    }
}

pub struct AsOutputValidator {
    pub input: PathBuf,
    pub answer: PathBuf,
    pub feedback_dir: PathBuf,
}

impl ProblemVisitor for AsOutputValidator {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (label, bytes) = input::read(Some(&self.input))?;
        let parsed = input::parse_bytes::<P>(&label, &bytes, Constraints::Official)?;
        let (label, answer) = input::read(Some(&self.answer))?;
        let expected = P::parse_answer(&parsed, &answer)
            .map_err(|e| anyhow::anyhow!("the judge's answer {label} does not read: {e}"))?;
        let (_, output) = input::read(None)?;
        let verdict = judge_output::<P>(&parsed, &expected, &output);
        let message = self.feedback_dir.join("judgemessage.txt");
        std::fs::write(&message, format!("{verdict}\n"))
            .with_context(|| format!("cannot write {}", message.display()))?;
        Ok(match verdict {
            Judgement::Accepted => ExitCode::from(VALID),
            Judgement::WrongAnswer(_) | Judgement::PresentationError(_) => ExitCode::from(INVALID),
            Judgement::JuryFault(why) => bail!("judge failure: {why}"),
        })
    }
}
