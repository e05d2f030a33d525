//! `jurybox report`: a suite directory as one self-contained HTML page. The fast
//! engine is timed in-process on every test (thread CPU time), which is where the
//! page's CPU figures and the time-limit check come from; `--kills` adds the kill
//! matrix from the jury's judging of the suite's package, exactly as `jurybox
//! mutants` has it.

use super::jobs;
use crate::builtin_suite::{judge_suite, plan_of};
use crate::cli::ReportArgs;
use crate::package_view::{margin_rows, print_margin_warnings};
use crate::report_read::{read, suite_problem};
use anyhow::Result;
use jurybox_core::{Constraints, EngineKind};
use jurybox_judging::jobs::on_threads;
use jurybox_packager::kills::TestRun;
use jurybox_packager::package::describe_limit as package_limit;
use jurybox_report::{render_html, KillRow, ProgramTime};
use jurybox_stress::{Harness, ProblemVisitor};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// CPU time this thread has used, in seconds.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

struct Report {
    dir: PathBuf,
    out: PathBuf,
    kills: bool,
    jobs: usize,
}

impl ProblemVisitor for Report {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (suite, mut data) = read(P::NAME, &self.dir)?;
        let fast = P::engines()
            .iter()
            .find(|e| e.kind == EngineKind::Fast)
            .unwrap_or(&P::engines()[0]);
        // Timed on --jobs threads, each run by its own thread's CPU clock.
        let times: Vec<(usize, f64)> = on_threads(self.jobs, || {
            data.tests
                .par_iter()
                .enumerate()
                .filter_map(|(i, test)| {
                    let input = P::parse_input(&test.input, Constraints::Extended).ok()?;
                    let start = thread_cpu_seconds();
                    std::hint::black_box((fast.solve)(&input));
                    Some((i, thread_cpu_seconds() - start))
                })
                .collect()
        });
        let mut slowest = (0.0, String::new());
        for (i, seconds) in times {
            let test = &mut data.tests[i];
            if seconds > slowest.0 {
                slowest = (seconds, test.name.clone());
            }
            test.times.push(ProgramTime {
                program: format!("{} engine", fast.name),
                seconds,
                how: "in-process, this run".to_string(),
            });
        }
        data.time_limit = Some(describe_limit::<P>(suite.time_limit_seconds, &slowest));
        if self.kills {
            // The suite's package judged by the jury, as every package is: the
            // intended C++ solutions (whose times set the limit) on every test,
            // and the mutants' C++ programs, as processes.
            let staged = judge_suite::<P>(&suite, true, None, self.jobs)?;
            let judged = &staged.judged;
            data.time_limit = Some(format!(
                "{} (derived again in this run)",
                package_limit(&judged.limit)
            ));
            data.margins = margin_rows(&judged.margins);
            print_margin_warnings(&judged.margins);
            let verdicts = |runs: &[TestRun]| -> Vec<String> {
                suite
                    .tests
                    .iter()
                    .map(|t| {
                        runs.iter()
                            .find(|r| r.test == t.name)
                            .map_or("-", |r| r.judges.code())
                            .to_string()
                    })
                    .collect()
            };
            for (program, runs) in &judged.intended {
                for run in runs {
                    if let Some(test) = data.tests.iter_mut().find(|t| t.name == run.test) {
                        test.times.push(ProgramTime {
                            program: program.clone(),
                            seconds: run.cpu_seconds,
                            how: "process, intended solution".to_string(),
                        });
                    }
                }
                data.kills.push(KillRow {
                    name: program.clone(),
                    kind: "intended solution (accepted)".to_string(),
                    verdicts: verdicts(runs),
                });
            }
            data.kills.extend(judged.mutants.iter().map(|row| KillRow {
                name: row.mutant.to_string(),
                kind: format!("mutant ({}): {}", row.flaw, row.about),
                verdicts: verdicts(&row.runs),
            }));
        } else {
            data.kills_note = Some(
                "Not computed: `jurybox report --kills` runs the intended solutions and every \
                 mutant on every test as `jurybox mutants` does (a mutant stops once its \
                 verdict is settled: `-` marks a test not run)."
                    .to_string(),
            );
        }
        let html = on_threads(self.jobs, || render_html(&data));
        crate::output::file(&self.out, html.as_bytes())?;
        outln!(
            "wrote {}: {} tests, {} bytes",
            self.out.display(),
            data.tests.len(),
            html.len()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// The limit recorded in the suite and the plan's rule that made it, with the
/// fast engine's slowest test in this run for comparison.
fn describe_limit<P: Harness>(limit: f64, slowest: &(f64, String)) -> String {
    let rule = match plan_of(P::NAME) {
        Ok(plan) => format!(
            "suites/{}.toml derives it as max({:.1} s, {} × the slowest intended solution's CPU time on its slowest test, from the fastest to the second fastest of five or more runs one at a time as a process), rounded up to {} s (the upper step where that interval straddles one); a slow mutant is killed above {} × the limit",
            P::NAME,
            plan.time_limit.floor_seconds,
            plan.time_limit.ac_to_time_limit,
            plan.time_limit.time_resolution,
            plan.time_limit.time_limit_to_tle
        ),
        Err(e) => format!("the plan's rule is not known ({e})"),
    };
    format!(
        "Time limit {limit:.1} s (suite.toml). {rule}. In this run, in-process, the fast engine's slowest test is {} at {:.3} s.",
        if slowest.1.is_empty() { "none" } else { &slowest.1 },
        slowest.0
    )
}

/// `report SUITE`: a built-in problem's suite directory as one page (a
/// package's or contest's report is `report_package.rs`).
pub fn run(args: ReportArgs) -> Result<ExitCode> {
    if !args.suite.join("suite.toml").is_file() {
        return Err(crate::UsageError(format!(
            "{}: no suite.toml, problem.yaml, problem.xml or problem folders: not a suite, package or contest",
            args.suite.display()
        ))
        .into());
    }
    let problem = suite_problem(&args.suite)?;
    super::visit(
        &problem,
        Report {
            dir: args.suite,
            out: args.out,
            kills: args.kills,
            jobs: jobs(args.jobs),
        },
    )
}
