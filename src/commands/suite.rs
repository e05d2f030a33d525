//! `jurybox suite` and `jurybox mutants`: a problem's plan built into a judge suite,
//! and the kill table of its mutants on that suite. The pipeline (building,
//! staging the package, the jury's judging) is `jurybox_packager::pipeline`;
//! `crate::builtin_suite` gives it what the binary embeds; this file prints
//! what comes back.

use super::jobs;
use crate::builtin_suite::{build_suite, judge_suite, print_kill_table};
use crate::cli::{MutantsArgs, SuiteArgs};
use crate::exit;
use crate::package_view::print_margin_warnings;
use anyhow::Result;
use jurybox_packager::dir::{read_suite, refuse_foreign, write_suite};
use jurybox_packager::package::describe_limit;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Suite {
    pub args: SuiteArgs,
}

impl ProblemVisitor for Suite {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let jobs = jobs(self.args.jobs);
        let mut suite = build_suite::<P>(jobs)?;
        refuse_foreign(&self.args.out)?;
        let judged = judge_suite::<P>(&suite, false, None, jobs)?.judged;
        let limit = judged.limit;
        suite.time_limit_seconds = limit.seconds;
        write_suite(&suite, &self.args.out)?;
        let samples = suite.tests.iter().filter(|t| t.gen_args.is_none()).count();
        outln!(
            "wrote {}: {} samples, {} secret tests, {} invalid inputs, {}",
            self.args.out.display(),
            samples,
            suite.tests.len() - samples,
            suite.invalid.len(),
            describe_limit(&limit)
        );
        for m in &judged.margins {
            outln!("{}: {}", m.submission, m.describe());
        }
        print_margin_warnings(&judged.margins);
        Ok(ExitCode::SUCCESS)
    }
}

pub struct SuiteMutants {
    pub args: MutantsArgs,
}

impl ProblemVisitor for SuiteMutants {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let jobs = jobs(self.args.jobs);
        // The suite's tests are on disk or built now; either way the limit is
        // derived by the jury, since the kill table needs it beside the runs.
        let suite = match &self.args.suite {
            Some(dir) => read_suite(P::NAME, dir)?,
            None => build_suite::<P>(jobs)?,
        };
        let staged = judge_suite::<P>(&suite, true, None, jobs)?;
        let limit = &staged.judged.limit;
        errln!("{}", describe_limit(limit));
        let rows = &staged.judged.mutants;
        for name in &staged.unshippable {
            errln!(
                "note: mutant {name} has no C++ program to judge (packager/judge/{}/mutants/)",
                P::NAME
            );
        }
        if rows.is_empty() {
            outln!("{} has no mutants", P::NAME);
            return Ok(ExitCode::SUCCESS);
        }
        let margins = &staged.judged.margins;
        let ok = print_kill_table(rows, suite.tests.len(), limit, margins, &[]);
        Ok(if ok {
            ExitCode::SUCCESS
        } else {
            exit::code(exit::FOUND)
        })
    }
}
