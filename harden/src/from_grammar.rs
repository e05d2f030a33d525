//! Inputs made from the package's grammar, as a search's source: the
//! grammar's stream of candidates, counted per stage so that a target not
//! caught says which stages ran and how far.

use crate::source::{Candidate, CandidateInput, Source};
use jurybox_grammar::generate::{Dictionary, MaximalBytes, Stage};
use jurybox_judging::store::content_hash;
use std::collections::HashMap;

/// The random stage's first size ceiling, once candidates are timed: small
/// inputs first.
const FIRST_CEILING: u64 = 64;
/// A candidate at the ceiling that cost less than this part of the search's
/// share doubles it.
const AFFORDABLE: f64 = 1.0 / 200.0;
/// A candidate that cost more than this part of the share brings the ceiling
/// down to a quarter of its size.
const TOO_COSTLY: f64 = 1.0 / 25.0;
/// The ceiling never goes below this: at a few values the random stage
/// makes the same inputs again and again, and ends.
const SMALLEST_CEILING: u64 = 16;
/// Candidates remembered (their scale) until judged; past it, forgotten.
const PENDING: usize = 4096;
/// The maximal shapes not yet drawn that the time left must afford, at the
/// most: a first maximal input that costs more than its part of the time
/// caps the bytes of the rest so that this many fit.
const SHAPES_TO_FIT: usize = 16;
/// The part of the time left the maximal shapes may take together: the
/// sources after them (scaled back, boundary, climbing) need the rest.
const MAXIMAL_PART: f64 = 0.5;
/// A maximal shape is never capped below this many bytes: smaller, the
/// boundary and random stages make the same inputs.
const SMALLEST_MAXIMAL: usize = 4 << 10;

/// The random stage's sizes, set by what its candidates cost: the ceiling
/// on its counts starts small and doubles while a candidate at the ceiling
/// costs a small part of the search's share ([`Source::judged`]).
#[derive(Default)]
struct Sizing {
    /// Whether candidates have been timed (else no ceiling: a search that
    /// does not time them, as the too-slow one, climbs as before).
    timed: bool,
    /// Scales of the random candidates drawn and not yet judged, by hash.
    pending: HashMap<u64, u64>,
    /// The largest scale drawn.
    largest: u64,
    /// Lengths of the maximal shapes drawn and not yet judged, by hash.
    maximal_pending: HashMap<u64, usize>,
    /// Why the maximal shapes were capped: the bytes, the seconds the
    /// first cost and the seconds a shape was afforded.
    maximal_capped: Option<(usize, f64, f64)>,
    /// The seconds a maximal shape is afforded, fixed when the first is
    /// judged (from the time left then).
    maximal_afforded: Option<f64>,
}

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
    sizing: Sizing,
    /// The maximal shapes' byte cap, shared with the streams that scale
    /// them back.
    maximal: MaximalBytes,
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
    /// `maximal` is the maximal shapes' byte cap, which the search's times
    /// set ([`Source::judged`]) and the streams that scale the same shapes
    /// back share.
    pub fn new(
        grammar: &'g jurybox_audit::package_grammar::PackageGrammar,
        stages: &[Stage],
        seed: u64,
        (dictionary, maximal): (std::sync::Arc<Dictionary>, MaximalBytes),
    ) -> Result<Self, jurybox_grammar::generate::Unproducible> {
        let options = jurybox_grammar::generate::GenerateOptions {
            stages: stages.to_vec(),
            dictionary,
            maximal_bytes: maximal.clone(),
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
            sizing: Sizing::default(),
            maximal,
        })
    }

    /// The maximal stage begins with shape `k`
    /// ([`jurybox_grammar::generate::Candidates::start_maximal_at`]).
    pub fn start_maximal_at(&mut self, k: usize) {
        self.candidates.start_maximal_at(k);
    }

    /// A maximal shape of `len` bytes cost `seconds`: if that is more than
    /// a shape is afforded (the [`MAXIMAL_PART`] of the time left when the
    /// first was judged, `share`, over the [`SHAPES_TO_FIT`] shapes left at
    /// most), the shapes after it are capped at the bytes that afford (its
    /// length scaled by the ratio, down to a power of two, so a run's noise
    /// rarely changes the sizes), never raised again. On SWERC
    /// 2025's jewelsbuilding one maximal candidate of 11 MB cost 240 s of the
    /// 600, and the search judged one shape.
    fn cap_maximal(&mut self, len: usize, seconds: f64, share: f64) {
        let drawn = self
            .drawn
            .iter()
            .find(|(s, _)| *s == Stage::Maximal)
            .map_or(0, |&(_, n)| n as usize);
        let left = self.candidates.maximal_shapes().saturating_sub(drawn);
        // What a shape may cost is fixed by the first one judged: taken
        // again from the time left, it would fall to nothing as the search
        // nears its end, and the cap with it (4 KiB once, too few cases).
        let afforded = *self.sizing.maximal_afforded.get_or_insert_with(|| {
            share.max(0.0) * MAXIMAL_PART / left.clamp(1, SHAPES_TO_FIT) as f64
        });
        if left == 0 || seconds <= afforded {
            return;
        }
        let fits = (len as f64 * afforded / seconds) as usize;
        let bytes = prev_power_of_two(fits).max(SMALLEST_MAXIMAL);
        let cap = &self.maximal;
        if bytes < cap.get().unwrap_or(usize::MAX) && bytes < len {
            cap.set(bytes);
            self.sizing.maximal_capped = Some((bytes, seconds, afforded));
        }
    }

    /// The maximal shapes' cap, as said in a survivor's report (empty when
    /// none was set).
    fn maximal_capped(&self) -> String {
        match self.sizing.maximal_capped {
            Some((bytes, cost, afforded)) => format!(
                ", those after a shape that took {cost:.1} s made within {} (the {:.1} s a shape of those left could take: half the time left over {SHAPES_TO_FIT} shapes at most)",
                jurybox_grammar::generate::bytes_text(bytes), afforded
            ),
            None => String::new(),
        }
    }
}

/// The largest power of two at most `n` (1 for 0).
fn prev_power_of_two(n: usize) -> usize {
    n.checked_ilog2().map_or(1, |log| 1 << log)
}

impl Source for FromGrammar<'_> {
    fn maximal_drawn(&self) -> usize {
        self.drawn
            .iter()
            .find(|(s, _)| *s == Stage::Maximal)
            .map_or(0, |&(_, n)| n as usize)
    }

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
                    "{n} of {} maximal shapes ({how}){}",
                    self.candidates.maximal_shapes(),
                    self.maximal_capped()
                ),
                Stage::Random if self.sizing.timed => format!(
                    "{n} random (counts up to {}: the sizes the time afforded)",
                    self.sizing.largest
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

    /// The sizes follow the cost: a random candidate at the ceiling that
    /// cost little of the share doubles the ceiling, one that cost much
    /// brings it down to a quarter of its own scale; a maximal shape that
    /// cost more than its part of the share caps the bytes of those after it
    /// ([`FromGrammar::cap_maximal`]).
    fn judged(&mut self, candidate: &Candidate, seconds: f64, share: f64) {
        if let CandidateInput::Ready(bytes) = &candidate.input {
            if let Some(len) = self.sizing.maximal_pending.remove(&content_hash(bytes)) {
                self.cap_maximal(len, seconds, share);
            }
        }
        // Only the random and maximal stages are sized so: the others keep
        // their own sizes (the coordinated edits' bases among them).
        if !self.stages.contains(&Stage::Random) {
            return;
        }
        if !self.sizing.timed {
            self.sizing.timed = true;
            self.candidates.set_size_ceiling(FIRST_CEILING);
        }
        let CandidateInput::Ready(bytes) = &candidate.input else {
            return;
        };
        let Some(scale) = self.sizing.pending.remove(&content_hash(bytes)) else {
            return;
        };
        let ceiling = self.candidates.size_ceiling();
        if seconds > share * TOO_COSTLY {
            self.candidates.set_size_ceiling(
                (scale / 4).clamp(SMALLEST_CEILING, ceiling.max(SMALLEST_CEILING)),
            );
        } else if scale >= ceiling && seconds < share * AFFORDABLE {
            self.candidates.set_size_ceiling(ceiling.saturating_mul(2));
        }
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
        if stage == Stage::Maximal {
            if self.sizing.maximal_pending.len() >= PENDING {
                self.sizing.maximal_pending.clear();
            }
            let key = content_hash(&made.bytes);
            self.sizing.maximal_pending.insert(key, made.bytes.len());
        }
        if let Origin::Random { scale } = made.origin {
            self.sizing.largest = self.sizing.largest.max(scale);
            if self.sizing.pending.len() >= PENDING {
                self.sizing.pending.clear();
            }
            self.sizing.pending.insert(content_hash(&made.bytes), scale);
        }
        match self.drawn.iter_mut().find(|(s, _)| *s == stage) {
            Some((_, n)) => *n += 1,
            None => self.drawn.push((stage, 1)),
        }
        Some(Candidate {
            input: CandidateInput::Ready(made.bytes),
            provenance: format!("the grammar ({}), {}", self.from, made.origin),
            command: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_audit::package_grammar::{GrammarSource, PackageGrammar};

    #[test]
    fn a_cap_is_the_largest_power_of_two_that_fits() {
        let caps: Vec<usize> = [0, 1, 5, 4096, 4097].map(prev_power_of_two).to_vec();
        assert_eq!(caps, [1, 1, 4, 4096, 4096]);
    }

    fn counted_list() -> PackageGrammar {
        let script = "INT(1, 100000, n) NEWLINE\nREP(n, SPACE) INT(1, 9) END NEWLINE\n";
        PackageGrammar {
            grammar: jurybox_grammar::ctd::parse(script).unwrap(),
            source: GrammarSource::Checktestdata,
            from: "a list".into(),
            notes: Vec::new(),
        }
    }

    /// Draws `n` candidates, each judged at `cost` seconds of a 100 s share;
    /// the largest count met.
    fn draw(source: &mut FromGrammar, n: usize, cost: f64) -> u64 {
        let mut largest = 0;
        for _ in 0..n {
            let candidate = source
                .next_candidate()
                .expect("the random stage never ends");
            let CandidateInput::Ready(bytes) = &candidate.input else {
                unreachable!()
            };
            let text = String::from_utf8_lossy(bytes);
            largest = largest.max(text.lines().next().unwrap().parse().unwrap());
            source.judged(&candidate, cost, 100.0);
        }
        largest
    }

    /// Issue 43: the random stage's sizes follow what its candidates cost.
    /// Cheap ones (a millisecond of a 100 s share) let the ceiling double
    /// each time a candidate reaches it; costly ones (10 s each) keep the
    /// inputs small; the survivor's report says how far the sizes went. The
    /// costs are given, not measured: no timing in the test.
    #[test]
    fn the_random_sizes_grow_while_candidates_are_cheap_and_not_when_costly() {
        let grammar = counted_list();
        let words = (std::sync::Arc::default(), MaximalBytes::default());
        let mut cheap = FromGrammar::new(&grammar, &[Stage::Random], 1, words).unwrap();
        let grown = draw(&mut cheap, 400, 0.001);
        assert!(grown > 4 * FIRST_CEILING, "{grown}");
        let said = cheap.tried().unwrap();
        let reached = format!("counts up to {}", cheap.sizing.largest);
        assert!(said.contains(&reached), "{said}");
        assert!(cheap.sizing.largest >= grown, "{said}");

        let words = (std::sync::Arc::default(), MaximalBytes::default());
        let mut costly = FromGrammar::new(&grammar, &[Stage::Random], 1, words).unwrap();
        let kept = draw(&mut costly, 400, 10.0);
        assert!(kept <= FIRST_CEILING, "{kept}");
        assert_eq!(costly.candidates.size_ceiling(), SMALLEST_CEILING);
    }

    /// Issue 43: a first maximal shape that cost most of the time left
    /// (100 s of 128 s) caps the bytes of the shapes after it so that
    /// [`SHAPES_TO_FIT`] fit in half the time left; cheap shapes cap nothing;
    /// the report says the size and why. The costs are given, not measured.
    #[test]
    fn a_costly_first_maximal_shape_caps_the_rest_to_what_the_time_affords() {
        let script = "INT(1, 100000, t) NEWLINE\nREP(t) INT(1, 100000, n) NEWLINE REP(n, SPACE) INT(1, 1000000000) END NEWLINE END\n";
        let grammar = PackageGrammar {
            grammar: jurybox_grammar::ctd::parse(script).unwrap(),
            source: GrammarSource::Checktestdata,
            from: "cases without a sum bound".into(),
            notes: Vec::new(),
        };
        let judge = |source: &mut FromGrammar, cost: f64, left: f64| {
            let candidate = source.next_candidate().expect("a maximal shape");
            source.judged(&candidate, cost, left);
            match candidate.input {
                CandidateInput::Ready(bytes) => bytes.len(),
                CandidateInput::Generate(..) => unreachable!(),
            }
        };
        let cap = MaximalBytes::default();
        let words = (std::sync::Arc::default(), cap.clone());
        let mut cheap = FromGrammar::new(&grammar, &[Stage::Maximal], 1, words).unwrap();
        let full = judge(&mut cheap, 0.5, 120.0);
        assert!(full > 2 << 20, "{full}");
        assert_eq!(cap.get(), None, "a cheap shape caps nothing");
        assert!(!cheap.tried().unwrap().contains("made within"));

        let cap = MaximalBytes::default();
        let words = (std::sync::Arc::default(), cap.clone());
        let mut costly = FromGrammar::new(&grammar, &[Stage::Maximal], 1, words).unwrap();
        assert_eq!(judge(&mut costly, 100.0, 128.0), full);
        // 29 shapes left, 16 to fit in 64 s: 4 s each, 4 % of the first's
        // cost, so its length × 0.04 rounded down to a power of two.
        let bytes = cap.get().expect("capped");
        let fits = full as f64 * 0.04;
        assert!(
            bytes as f64 <= fits && bytes as f64 > fits / 2.0,
            "{bytes} of {full}"
        );
        for _ in 0..8 {
            assert!(judge(&mut costly, 3.0, 110.0) <= bytes);
        }
        let said = costly.tried().unwrap();
        assert!(said.contains("took 100.0 s made within"), "{said}");
        assert!(said.contains("the 4.0 s a shape"), "{said}");
    }
}
