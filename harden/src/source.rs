//! Where candidate inputs come from: a generator command taking `{seed}` (the
//! package's generators.yaml rules, or `--gen CMD`), or mutations of the
//! package's own test inputs. A source is a lazy, deterministic sequence: the
//! same package and seed give the same candidates in the same order.

use jurybox_audit::run_generator::run_generator;
use jurybox_format::generators::GenerateCommand;
use jurybox_judging::seed::splitmix64;
use jurybox_languages::Built;
use jurybox_sandbox::{shell_quote, RunLimits};
use jurybox_search::sizes;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A candidate's input: ready, or a generator command the search runs on its
/// worker threads (a generator takes as long as a submission: making inputs one
/// at a time on the searching thread would halve the search).
#[derive(Clone, Debug, PartialEq)]
pub enum CandidateInput {
    /// The bytes.
    Ready(Vec<u8>),
    /// Run this command (no stdin) under these limits in a scratch directory;
    /// its output is the input, or, when it prints nothing, the `testcase.in` it
    /// wrote there (BAPCtools' generators may do either).
    Generate(String, RunLimits),
}

impl CandidateInput {
    /// The bytes, generating them if need be (`None`: the generator failed,
    /// or Ctrl-C, which `cancel` carries, stopped it).
    pub fn make(&self, cancel: &AtomicBool) -> Option<Vec<u8>> {
        self.make_by(cancel, None)
    }

    /// [`CandidateInput::make`] with a generator stopped at `until` too (its CPU and
    /// wall limits cut to the time left), so a search's budget is a wall
    /// clock's; `None` when it is over.
    pub fn make_by(&self, cancel: &AtomicBool, until: Option<Instant>) -> Option<Vec<u8>> {
        match self {
            CandidateInput::Ready(bytes) => Some(bytes.clone()),
            CandidateInput::Generate(command, limits) => {
                let mut limits = *limits;
                if let Some(until) = until {
                    let left = until.checked_duration_since(Instant::now())?;
                    limits.cpu = limits.cpu.min(left);
                    limits.wall = limits.wall.min(left);
                }
                run_generator(command, &limits, cancel)?.1
            }
        }
    }
}

/// One candidate input and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The input, or how to make it.
    pub input: CandidateInput,
    /// Where it came from, for the report (`--gen './gen 7'`, `mutation of
    /// secret/02: ...`).
    pub provenance: String,
    /// The generators.yaml words that make it again (program, then arguments),
    /// when one of the package's rules made it: its entry when it is added to
    /// the package. `None` for `--gen` and for a mutation.
    pub command: Option<Vec<String>>,
}

/// A source of candidates.
pub trait Source: Send {
    /// Its name, for progress and the report.
    fn name(&self) -> String;
    /// The next candidate, or `None` when it has no more.
    fn next_candidate(&mut self) -> Option<Candidate>;
    /// The validators refused one of its candidates: a growing source stops
    /// there (anything larger is refused too, and costs more to make).
    fn refused(&mut self) {}
    /// Whether its candidates are separate shapes rather than steps of one
    /// growth: a too-slow search then goes on past a refused one (the
    /// grammar's maximal inputs), where a growing source stops at it.
    fn independent(&self) -> bool {
        false
    }
    /// A too-slow target took `cpu` seconds on `input` (valid, answered):
    /// what a source that climbs on the target's cost learns from.
    fn cost(&mut self, _input: &[u8], _cpu: f64) {}
    /// A too-slow target was over the line on `input` (valid, answered), but
    /// a submission that bounds the limit from below was too slow on it as
    /// well, so the limit would move: what a source that can make the same
    /// shape smaller learns from.
    fn too_costly(&mut self, _input: &[u8]) {}
    /// One of its candidates cost `seconds` to judge (validators, the
    /// reference's answer, the target's run) in a search given `share`
    /// seconds: what a source that sizes its inputs by what the time affords
    /// learns from.
    fn judged(&mut self, _candidate: &Candidate, _seconds: f64, _share: f64) {}

    /// How many of the grammar's maximal shapes it drew (a later search
    /// for the same target begins after them).
    fn maximal_drawn(&self) -> usize {
        0
    }

    /// What it drew, in a phrase for a target it did not catch (`None`:
    /// nothing).
    fn tried(&self) -> Option<String> {
        None
    }
}

/// A generator run with a fresh seed per candidate: candidate `i` of run seed
/// `S` uses `splitmix64(S + i)`, as every jurybox stress run does. The command
/// is the user's `--gen` (with `{seed}` and size markers `{n=1..30}`) or a
/// package generator with its rule's words.
pub struct SeededGenerator {
    /// The name shown.
    pub name: String,
    /// The generator, built (its arguments follow).
    pub program: Option<Built>,
    /// The arguments, or the whole command when `program` is `None`; `{seed}`
    /// is replaced by the candidate's seed.
    pub words: String,
    /// The run's seed.
    pub seed: u64,
    /// Candidates drawn so far.
    pub drawn: u64,
    /// The generator's limits.
    pub limits: RunLimits,
}

impl SeededGenerator {
    /// The command for candidate seed `seed`.
    pub fn command(&self, seed: u64) -> String {
        let words = sizes::expand(&self.words, seed, None);
        match &self.program {
            Some(p) => format!("{} {words}", p.command()),
            None => words,
        }
    }
}

impl Source for SeededGenerator {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn tried(&self) -> Option<String> {
        (self.drawn > 0).then(|| format!("{} from {}", self.drawn, self.name))
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        let seed = splitmix64(self.seed.wrapping_add(self.drawn));
        self.drawn += 1;
        let command = self.command(seed);
        Some(Candidate {
            input: CandidateInput::Generate(command.clone(), self.limits),
            provenance: format!("`{command}`"),
            command: None,
        })
    }
}

/// A generator with size markers (`{n=1..30}`) drawn ever larger, for a
/// too-slow target: candidate `k` takes each marker at its largest value times
/// 2^k, with the run's first seed. The search stops growing once the validators
/// refuse a size or an accepted submission needs more than the limit.
pub struct Growing {
    /// The generator.
    pub generator: SeededGenerator,
    /// Candidates drawn.
    pub step: u32,
    /// The largest growth tried: 2^`max_step` times the markers' maxima.
    pub max_step: u32,
}

impl Source for Growing {
    fn name(&self) -> String {
        format!("{} grown", self.generator.name)
    }

    fn tried(&self) -> Option<String> {
        let sizes = self.step.min(self.max_step + 1);
        (sizes > 0).then(|| format!("{sizes} sizes of {} grown", self.generator.name))
    }

    fn refused(&mut self) {
        self.step = self.max_step + 1;
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        let markers = sizes::markers(&self.generator.words);
        if markers.is_empty() || self.step > self.max_step {
            return None;
        }
        let values: Vec<u64> = markers
            .iter()
            .map(|m| m.hi.saturating_mul(1 << self.step))
            .collect();
        self.step += 1;
        let seed = splitmix64(self.generator.seed);
        let words = sizes::expand(&self.generator.words, seed, Some(&values));
        let command = match &self.generator.program {
            Some(p) => format!("{} {words}", p.command()),
            None => words.clone(),
        };
        Some(Candidate {
            input: CandidateInput::Generate(command.clone(), self.generator.limits),
            provenance: format!("`{command}`"),
            command: None,
        })
    }
}

/// One seeded rule of generators.yaml, ready to run.
#[derive(Clone, Debug)]
pub struct SeededRule {
    /// The test it makes in the package (`secret/2-small-1`).
    pub case: String,
    /// The command as generators.yaml writes it.
    pub command: GenerateCommand,
    /// Its generator, built.
    pub program: Built,
}

impl SeededRule {
    /// The candidate this rule makes with `seed` and, when given, `sizes`.
    fn candidate(&self, seed: u64, sizes: Option<&[u64]>, limits: RunLimits) -> Candidate {
        let args = self.command.instantiate(seed, sizes);
        let mut command = self.program.command();
        for arg in &args {
            command.push(' ');
            command.push_str(&shell_quote(arg));
        }
        let mut words = vec![self.command.program.clone()];
        words.extend(args);
        Candidate {
            input: CandidateInput::Generate(command, limits),
            provenance: format!(
                "generators.yaml's rule for {} {}: `{}`",
                self.case,
                // Where the catch came from: a new seed, or the sizes grown.
                if sizes.is_some() {
                    "with its sizes grown"
                } else {
                    "with a new seed"
                },
                words.join(" ")
            ),
            command: Some(words),
        }
    }
}

/// The package's seeded rules, in turn, each with a fresh seed per candidate
/// (candidate `i` of run seed `S` uses `splitmix64(S + i)`, reduced below 2^31
/// as BAPCtools' seeds are).
pub struct SeededRules {
    /// The rules.
    pub rules: Vec<SeededRule>,
    /// The run's seed.
    pub seed: u64,
    /// Candidates drawn.
    pub drawn: u64,
    /// The generators' limits.
    pub limits: RunLimits,
}

impl Source for SeededRules {
    fn name(&self) -> String {
        "generators.yaml".into()
    }

    fn tried(&self) -> Option<String> {
        (self.drawn > 0).then(|| format!("{} from generators.yaml's seeded rules", self.drawn))
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        if self.rules.is_empty() {
            return None;
        }
        let rule = &self.rules[(self.drawn % self.rules.len() as u64) as usize];
        let seed = splitmix64(self.seed.wrapping_add(self.drawn));
        self.drawn += 1;
        Some(rule.candidate(seed, None, self.limits))
    }
}

/// One seeded rule with its size arguments grown: candidate `k` takes each at
/// 2^k times its value in generators.yaml.
pub struct GrowingRule {
    /// The rule.
    pub rule: SeededRule,
    /// The run's seed.
    pub seed: u64,
    /// Candidates drawn.
    pub step: u32,
    /// The largest growth tried.
    pub max_step: u32,
    /// The generator's limits.
    pub limits: RunLimits,
}

impl Source for GrowingRule {
    fn name(&self) -> String {
        format!("{} grown", self.rule.case)
    }

    fn tried(&self) -> Option<String> {
        let sizes = self.step.min(self.max_step + 1);
        (sizes > 0).then(|| format!("{sizes} sizes of {} grown", self.rule.case))
    }

    fn refused(&mut self) {
        self.step = self.max_step + 1;
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        let sizes = &self.rule.command.sizes;
        if sizes.is_empty() || self.step > self.max_step {
            return None;
        }
        let values: Vec<u64> = sizes
            .iter()
            .map(|s| s.value.max(1).saturating_mul(1 << self.step))
            .collect();
        self.step += 1;
        Some(
            self.rule
                .candidate(splitmix64(self.seed), Some(&values), self.limits),
        )
    }
}

/// Climbing on a too-slow target's cost, PerfFuzz's idea with CPU time for
/// its counters: the input that has cost the target most so far (of every
/// source's valid candidates) is grown ([`jurybox_search::variants::growths`]:
/// a grid's inner rows and columns repeated with its border and counts kept,
/// then its cells refilled) and then mutated
/// ([`jurybox_search::variants::mutations`]: fills, lines and tokens
/// repeated or removed, values at their limits), and a candidate that costs
/// clearly more becomes the next one changed; a growth needs only to cost no
/// clearly less (a run's time on a small input is noise, and a larger input
/// is rarely cheaper for a program slow on large ones), so the climb walks up
/// to the largest size the validators accept. For slow inputs that are a
/// structure or lie under a validator rule the grammar does not know, where
/// no maximal shape is valid. It starts from the package's own tests
/// ([`Climb::from_tests`], largest first): when the validators refuse every
/// input the grammar makes (GAPC's movietheater: doors on the border, seats
/// inside), they are the only valid inputs there are, and a setter grows
/// them too. Its turns alternate with a `fallback` source's (the grammar's
/// random inputs), whose costs it learns from too.
#[derive(Default)]
pub struct Climb<'a> {
    /// The source whose candidates alternate with the climb's.
    pub fallback: Option<Box<dyn Source + 'a>>,
    /// The package's tests not yet judged, with their names, largest first.
    tests: std::collections::VecDeque<(String, Vec<u8>)>,
    /// The costliest input so far and its CPU time.
    best: Option<(f64, Vec<u8>)>,
    /// Its growths, drawn lazily, before its mutations.
    growths: Option<jurybox_search::variants::Growths>,
    /// The keys of the growths drawn from it: one of them larger than it
    /// replaces it unless clearly cheaper.
    grown: std::collections::HashSet<crate::known::Key>,
    /// Its mutations, drawn lazily.
    mutations: Option<jurybox_search::variants::Mutations>,
    /// Candidates drawn by climbing.
    drawn: u64,
    /// The package's tests drawn.
    tests_drawn: u64,
    /// Times the costliest input changed.
    climbed: u32,
    /// Whose turn it is: the climb's when odd.
    turn: u64,
}

/// A cost beats the best by this factor and this much more (seconds), so a
/// run's noise does not restart the mutations of an input as good.
const CLIMB_FACTOR: f64 = 1.1;
const CLIMB_MARGIN: f64 = 0.002;

/// The package's tests a climb starts from, the largest: each costs a run of
/// a slow target (up to its kill time), and a large test is the likelier
/// start of a slow input.
pub const CLIMB_TESTS: usize = 8;

impl<'a> Climb<'a> {
    /// A climb whose turns alternate with `fallback`'s.
    pub fn with(fallback: Option<Box<dyn Source + 'a>>) -> Self {
        Climb {
            fallback,
            ..Climb::default()
        }
    }

    /// The climb starting from the [`CLIMB_TESTS`] largest of `tests` (name,
    /// input): each is a candidate before any other, largest first, so the
    /// largest valid one (or a clearly costlier one) is the first grown.
    pub fn from_tests(mut self, mut tests: Vec<(String, Vec<u8>)>) -> Self {
        tests.sort_by_key(|(_, input)| std::cmp::Reverse(input.len()));
        tests.truncate(CLIMB_TESTS);
        self.tests = tests.into();
        self
    }

    /// The next growth, else mutation, of the costliest input, if any.
    fn climb(&mut self) -> Option<Candidate> {
        let (cpu, best) = self.best.as_ref()?;
        let cpu = *cpu;
        let growths = self
            .growths
            .get_or_insert_with(|| jurybox_search::variants::growths(best));
        let made = match growths.next() {
            Some(grown) => {
                self.grown.insert(crate::known::key(&grown.input));
                grown
            }
            None => self
                .mutations
                .get_or_insert_with(|| jurybox_search::variants::mutations(best, &[]))
                .next()?,
        };
        self.drawn += 1;
        Some(Candidate {
            input: CandidateInput::Ready(made.input),
            provenance: format!(
                "climbing on the cost (step {}, from an input the target took {cpu:.3} s on): {}",
                self.climbed, made.description
            ),
            command: None,
        })
    }
}

impl Source for Climb<'_> {
    fn name(&self) -> String {
        "cost climbing".into()
    }

    fn independent(&self) -> bool {
        true
    }

    fn cost(&mut self, input: &[u8], cpu: f64) {
        let better = self.best.as_ref().is_none_or(|(best, was)| {
            if input.len() > was.len() && self.grown.contains(&crate::known::key(input)) {
                cpu >= best / CLIMB_FACTOR - CLIMB_MARGIN
            } else {
                cpu > best * CLIMB_FACTOR + CLIMB_MARGIN
            }
        });
        if better {
            self.best = Some((cpu, input.to_vec()));
            self.growths = None;
            self.grown.clear();
            self.mutations = None;
            self.climbed += 1;
        }
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        if let Some((name, input)) = self.tests.pop_front() {
            self.tests_drawn += 1;
            return Some(Candidate {
                input: CandidateInput::Ready(input),
                provenance: format!("the package's test {name}, where the climb starts"),
                command: None,
            });
        }
        self.turn += 1;
        if self.turn % 2 == 1 {
            if let Some(climbed) = self.climb() {
                return Some(climbed);
            }
        }
        match self.fallback.as_mut().and_then(|f| f.next_candidate()) {
            Some(next) => Some(next),
            None => self.climb(),
        }
    }

    fn tried(&self) -> Option<String> {
        let climbed = (self.drawn + self.tests_drawn > 0).then(|| {
            format!(
                "{} climbing on the target's CPU time from {} of the package's tests ({} steps up)",
                self.drawn, self.tests_drawn, self.climbed
            )
        });
        let fallback = self.fallback.as_ref().and_then(|f| f.tried());
        let both: Vec<String> = fallback.into_iter().chain(climbed).collect();
        (!both.is_empty()).then(|| both.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(candidate: Candidate) -> Vec<u8> {
        match candidate.input {
            CandidateInput::Ready(bytes) => bytes,
            CandidateInput::Generate(..) => panic!("a climb makes no command"),
        }
    }

    /// The climb's start and its rule for growths: the package's tests come
    /// first, largest first; a growth of the best that costs as much (a small
    /// input's time is noise) becomes the best, and its own growths follow;
    /// anything else must cost clearly more.
    #[test]
    fn a_climb_starts_from_the_largest_tests_and_keeps_a_growth_that_is_not_cheaper() {
        let small = b"3 3\n#D#\n#P#\n###\n".to_vec();
        let large = b"3 4\n#D##\n#PP#\n####\n".to_vec();
        let mut climb = Climb::with(None).from_tests(vec![
            ("sample/1".into(), small.clone()),
            ("sample/2".into(), large.clone()),
        ]);
        let first = climb.next_candidate().unwrap();
        assert!(
            first.provenance.contains("sample/2"),
            "{}",
            first.provenance
        );
        assert_eq!(bytes(first), large);
        assert_eq!(bytes(climb.next_candidate().unwrap()), small);
        climb.cost(&large, 0.001);
        climb.cost(&small, 0.001);
        let grown = climb.next_candidate().unwrap();
        assert!(
            grown.provenance.contains("grown to"),
            "{}",
            grown.provenance
        );
        let grown = bytes(grown);
        assert!(grown.len() > large.len());
        // As costly as the best, within noise: the growth is the new best, so
        // the next candidate is one of its growths, larger again.
        climb.cost(&grown, 0.0009);
        let again = bytes(climb.next_candidate().unwrap());
        assert!(
            again.len() > grown.len(),
            "{}",
            String::from_utf8_lossy(&again)
        );
        // An input no growth made needs to cost clearly more.
        climb.cost(b"3 3\n#D#\n#.#\n###\n", 0.0011);
        let next = bytes(climb.next_candidate().unwrap());
        assert!(next.len() > grown.len());
        assert!(climb
            .tried()
            .unwrap()
            .contains("from 2 of the package's tests"));
    }
}
