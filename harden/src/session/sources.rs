//! Where a session's candidates come from besides the grammar: the
//! package's own tests (smallest first, for their mutations), `--gen`, and
//! generators.yaml's seeded rules, as they are and with their sizes grown.

use super::Session;
use crate::source::{Growing, GrowingRule, SeededGenerator, SeededRule, SeededRules, Source};
use jurybox_sandbox::RunLimits;
use std::time::Duration;

impl Session {
    /// The package's test inputs, smallest first (their mutations are the
    /// quickest to judge), with their names.
    pub(super) fn inputs_smallest_first(&self) -> Vec<(&str, &[u8])> {
        let mut inputs: Vec<(&str, &[u8])> = self
            .cases
            .iter()
            .map(|c| (c.name.as_str(), c.input.as_slice()))
            .collect();
        inputs.sort_by_key(|(_, input)| input.len());
        inputs
    }

    /// generators.yaml's seeded rules whose generator built.
    pub(super) fn rules(&self) -> Vec<SeededRule> {
        let Some(yaml) = &self.package.generators else {
            return Vec::new();
        };
        yaml.seeded_rules()
            .into_iter()
            .filter_map(|case| {
                let command = case.generate.clone()?;
                let program = self
                    .built
                    .generators
                    .iter()
                    .find(|(g, _)| *g == command.generator)
                    .and_then(|(_, ready)| ready.as_ref().ok())?
                    .clone();
                Some(SeededRule {
                    case: case.name.clone(),
                    command,
                    program,
                })
            })
            .collect()
    }

    /// The sources of ever larger candidates, for a too-slow target: `--gen`
    /// with its size markers grown, then each seeded rule of generators.yaml
    /// with its size arguments grown.
    pub fn growing_sources(&self, gen: Option<&str>, seed: u64) -> Vec<Box<dyn Source + '_>> {
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = gen {
            sources.push(Box::new(Growing {
                generator: SeededGenerator {
                    name: "--gen".into(),
                    program: None,
                    words: gen.to_string(),
                    seed,
                    drawn: 0,
                    limits: RunLimits::with_cpu(Duration::from_secs(
                        jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
                    )),
                },
                step: 0,
                max_step: 16,
            }));
        }
        for rule in self.rules() {
            if rule.command.sizes.is_empty() {
                continue;
            }
            sources.push(Box::new(GrowingRule {
                rule,
                seed,
                step: 0,
                max_step: 16,
                limits: RunLimits::with_cpu(Duration::from_secs(
                    jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
                )),
            }));
        }
        sources
    }

    /// The sources of candidates for one search, in the order they are tried:
    /// `--gen` first, when given, then generators.yaml's seeded rules in turn.
    pub fn sources(&self, gen: Option<&str>, seed: u64) -> Vec<Box<dyn Source + '_>> {
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = gen {
            sources.push(Box::new(SeededGenerator {
                name: "--gen".into(),
                program: None,
                words: gen.to_string(),
                seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs_f64(
                    jurybox_sandbox::DEFAULT_JURY_CPU_SECONDS,
                )),
            }));
        }
        let rules = self.rules();
        if !rules.is_empty() {
            sources.push(Box::new(SeededRules {
                rules,
                seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs_f64(
                    jurybox_sandbox::DEFAULT_JURY_CPU_SECONDS,
                )),
            }));
        }
        sources
    }
}
