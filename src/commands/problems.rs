//! `jurybox problems`: what jurybox knows.

use anyhow::Result;
use jurybox_core::{EngineKind, Flaw};
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;

struct Describe;

impl ProblemVisitor for Describe {
    type Output = String;
    fn visit<P: Harness>(self) -> String {
        let mut text = format!("{:<10} {}\n", P::NAME, P::TITLE);
        // Names vary in length (`invisible-top-row`): one column width per problem.
        let width = P::engines().iter().map(|e| e.name.len()).max().unwrap_or(0);
        for e in P::engines() {
            let role = match e.kind {
                EngineKind::Fast => "fast",
                EngineKind::Reference => "reference",
                EngineKind::Mutant(Flaw::WrongAnswer) => "mutant/WA",
                EngineKind::Mutant(Flaw::TooSlow) => "mutant/TLE",
            };
            text += &format!("  engine {:<width$} {:<10} {}\n", e.name, role, e.about);
        }
        let families: Vec<&str> = P::families().iter().map(|f| f.name).collect();
        text += &format!("  families ({}): {}\n", families.len(), families.join(", "));
        text
    }
}

pub fn run() -> Result<ExitCode> {
    for name in PROBLEMS {
        out!(
            "{}",
            with_problem(name, Describe).expect("listed problems exist")
        );
    }
    Ok(ExitCode::SUCCESS)
}
