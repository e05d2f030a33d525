//! A package opened for hardening: read, built, its time limit derived, its
//! submissions run on its data, and the accepted submission that answers new
//! inputs chosen. Every harden-like command (`harden`, `stress PACKAGE`,
//! `mutants PACKAGE`) starts here.

use super::source::{Generator, Source};
use crate::build::{build_package, BuiltPackage};
use crate::limit::{derive, TimeLimit};
use crate::matrix::{run_matrix, Matrix};
use crate::run::{Case, Jury, Limits};
use jurybox_languages::Built;
use jurybox_package::{Package, Settings};
use jurybox_sandbox::RunLimits;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A package with everything judging needs.
pub struct Session {
    /// The package.
    pub package: Package,
    /// Its tests, read.
    pub cases: Vec<Case>,
    /// Its programs, built.
    pub built: BuiltPackage,
    /// Its time limit.
    pub limit: TimeLimit,
    /// Its submissions on its data.
    pub matrix: Matrix,
    /// Runs at a time.
    pub jobs: usize,
}

impl Session {
    /// Builds, derives the limit and runs `which` submissions (all when `None`).
    pub fn open(
        package: Package,
        cases: Vec<Case>,
        which: Option<Vec<usize>>,
        jobs: usize,
        cancel: &AtomicBool,
    ) -> Session {
        let built = build_package(&package, jobs);
        let jury = Jury {
            package: &package,
            built: &built,
            cancel,
        };
        let limit = derive(&jury, &cases, jobs);
        let which = which.unwrap_or_else(|| (0..package.submissions.len()).collect());
        let matrix = run_matrix(
            &jury,
            &which,
            &cases,
            &Limits::of(&package, limit.seconds),
            jobs,
        );
        Session {
            package,
            cases,
            built,
            limit,
            matrix,
            jobs,
        }
    }

    /// The jury of this session.
    pub fn jury<'a>(&'a self, cancel: &'a AtomicBool) -> Jury<'a> {
        Jury {
            package: &self.package,
            built: &self.built,
            cancel,
        }
    }

    /// The limits of a judged run.
    pub fn limits(&self) -> Limits {
        Limits::of(&self.package, self.limit.seconds)
    }

    /// The arguments a new secret test gets: those of the first secret test.
    pub fn secret_settings(&self) -> Settings {
        self.package
            .data
            .tests
            .iter()
            .find(|t| !t.sample)
            .map(|t| t.settings.clone())
            .unwrap_or_default()
    }

    /// The accepted submission that answers new inputs.
    pub fn reference(&self) -> Option<&Built> {
        super::reference(&self.package, &self.built, &self.matrix).map(|(_, b)| b)
    }

    /// The sources of candidates for one search, in the order they are tried:
    /// `--gen` first, when given.
    pub fn sources(&self, gen: Option<&str>, seed: u64) -> Vec<Box<dyn Source + '_>> {
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = gen {
            sources.push(Box::new(Generator {
                name: "--gen".into(),
                program: None,
                words: gen.to_string(),
                seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs(10)),
            }));
        }
        sources
    }
}
