//! Inputs made from the package's grammar, as a search's source: the
//! grammar's stream of candidates, counted per stage so that a target not
//! caught says which stages ran and how far.

use crate::source::{Candidate, Input, Source};
use jurybox_grammar::generate::Stage;

/// Inputs made from the package's grammar ([`jurybox_grammar::generate`]),
/// stage after stage (small scope, boundary, maximal, edits, random), each
/// tagged with where it came from. Lazy and seeded: the same grammar and seed
/// give the same candidates. Counts what it made per stage, for the summary
/// of a target it did not catch.
pub struct FromGrammar<'g> {
    /// The stream.
    pub candidates: jurybox_grammar::generate::Candidates<'g>,
    /// Where the grammar came from, for the provenance.
    pub from: &'g str,
    /// Candidates drawn so far, by stage.
    pub drawn: Vec<(Stage, u64)>,
    /// The small scope's largest input, in values.
    pub small_values: usize,
    /// The small scope's domain, `[-small_domain, small_domain]`.
    pub small_domain: i128,
    /// The stages asked for, in order.
    pub stages: Vec<Stage>,
    /// Whether the stream ended (every stage asked for ran to its end).
    pub ended: bool,
}

/// A stage's name in a survivor's report.
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::SmallScope => "small inputs",
        Stage::Boundary => "boundary",
        Stage::Maximal => "maximal shapes",
        Stage::Edits => "coordinated edits",
        Stage::Dictionary => "with the package's words and numbers",
        Stage::Random => "random",
    }
}

impl<'g> FromGrammar<'g> {
    /// The stream of `grammar` with `stages` only, from `seed`; `Err` names
    /// the rule that stops every input.
    pub fn new(
        grammar: &'g jurybox_audit::package_grammar::PackageGrammar,
        stages: &[Stage],
        seed: u64,
        dictionary: std::sync::Arc<jurybox_grammar::generate::Dictionary>,
    ) -> Result<Self, jurybox_grammar::generate::Unproducible> {
        let options = jurybox_grammar::generate::Options {
            stages: stages.to_vec(),
            dictionary,
            ..Default::default()
        };
        Ok(FromGrammar {
            candidates: jurybox_grammar::generate::candidates(&grammar.grammar, &options, seed)?,
            from: &grammar.from,
            drawn: Vec::new(),
            small_values: options.small_values,
            small_domain: options.small_domain,
            stages: stages.to_vec(),
            ended: false,
        })
    }
}

impl Source for FromGrammar<'_> {
    fn name(&self) -> String {
        format!("the grammar from {}", self.from)
    }

    fn independent(&self) -> bool {
        true
    }

    /// Which stages ran and how far: `every input up to 5 values over [-3,
    /// 3] (412), 37 boundary (all), 12 of 27 maximal shapes (cut short);
    /// not reached: coordinated edits, the package's words`. A stage is
    /// "all" once a later one began or the stream ended, "cut short" when
    /// the search ended in it.
    fn tried(&self) -> Option<String> {
        let entered = self.candidates.stages();
        let finished = |stage: Stage| {
            let at = entered.iter().position(|s| s.stage == stage);
            at.is_some_and(|i| i + 1 < entered.len() || self.ended)
        };
        let drawn = |stage: Stage| {
            self.drawn
                .iter()
                .find(|(s, _)| *s == stage)
                .map_or(0, |&(_, n)| n)
        };
        let mut phrases = Vec::new();
        let mut unreached = Vec::new();
        for &stage in &self.stages {
            let n = drawn(stage);
            if !entered.iter().any(|s| s.stage == stage) {
                unreached.push(stage_name(stage));
                continue;
            }
            let how = if finished(stage) { "all" } else { "cut short" };
            phrases.push(match stage {
                Stage::SmallScope if finished(stage) => format!(
                    "every input up to {} values over [-{d}, {d}] ({n})",
                    self.small_values,
                    d = self.small_domain
                ),
                Stage::SmallScope => format!(
                    "{n} of the inputs up to {} values (not all)",
                    self.small_values
                ),
                Stage::Maximal => format!(
                    "{n} of {} maximal shapes ({how})",
                    self.candidates.maximal_shapes()
                ),
                Stage::Random => format!("{n} random"),
                _ => format!("{n} {} ({how})", stage_name(stage)),
            });
        }
        let mut said = phrases.join(", ");
        if !unreached.is_empty() {
            let sep = if said.is_empty() { "" } else { "; " };
            said.push_str(&format!("{sep}not reached: {}", unreached.join(", ")));
        }
        Some(format!("from the grammar: {said}"))
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        use jurybox_grammar::generate::Origin;
        let Some(made) = self.candidates.next() else {
            self.ended = true;
            return None;
        };
        let stage = match made.origin {
            Origin::SmallScope { .. } => Stage::SmallScope,
            Origin::Boundary { .. } => Stage::Boundary,
            Origin::Maximal { .. } => Stage::Maximal,
            Origin::Edit { .. } => Stage::Edits,
            Origin::Dictionary { .. } => Stage::Dictionary,
            Origin::Random { .. } => Stage::Random,
        };
        match self.drawn.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, n)) => *n += 1,
            None => self.drawn.push((stage, 1)),
        }
        Some(Candidate {
            input: Input::Ready(made.bytes),
            provenance: format!("the grammar ({}), {}", self.from, made.origin),
            command: None,
        })
    }
}
