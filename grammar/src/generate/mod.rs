//! Inputs from a grammar at every scale, as a lazy stream.
//!
//! [`candidates`] yields [`GeneratedInput`]s stage after stage, each tagged with its
//! [`Origin`] so a report can say where a catch came from:
//!
//! 1. **small scope** — every input with 0, 1, 2, ... values up to
//!    [`GenerateOptions::small_values`], each value from a small domain (`small.rs`);
//! 2. **boundary** — each value item at each of its boundary values (bounds,
//!    bound ± 1, 0, ±1, 2^k ± 1, powers of ten) at its first occurrence, the
//!    rest random (with the values its bounds name at their maximum, so
//!    `a_i ≤ n` meets n's largest boundaries);
//! 3. **maximal** — every count at its maximum (or one test case maximal, or
//!    the most test cases), the values at their maximum, minimum, all equal,
//!    sorted, reversed, alternating, one outlier, random, and rows equal but
//!    for their last value (points on one line);
//! 4. **edits** — coordinated edits of random inputs: a count changed (the
//!    repetition follows), a bound lowered (the values under it clamped);
//! 5. **random** — at sizes 1, 2, 4, 8, ... up to the largest count, round
//!    after round, without end.
//!
//! Every candidate is a pure function of (grammar, options, seed, its place
//! in the stream): the same arguments give the same bytes. Each is valid for
//! the grammar as far as the grammar knows (bounds, counts, assertions); a
//! recorded or inferred grammar does not know every rule of its validator,
//! so the caller checks each candidate with the package's validators. Runs
//! that break a rule are skipped and counted ([`Candidates::stages`]); the
//! stream never yields the same bytes twice.

mod dictionary;
mod edits;
mod maximal_bytes;
mod pick;
mod policy;
mod run;
mod scaled;
mod small;
mod stages;
mod values;

pub use maximal_bytes::{bytes_text, MaximalBytes};
pub use pick::Dictionary;
pub use scaled::{Largest, Scale, Scaled, SCALE_ONE};

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::model::{Grammar, Item, ItemKind, Site};
use edits::{Key, Replay};
use policy::{Policy, Sizes, Values};
use run::{Budget, Plan, Role, Stop};
use small::Odometer;

/// How far the generators go.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// Most values (tokens) in one input.
    pub max_tokens: usize,
    /// Most bytes in one input.
    pub max_bytes: usize,
    /// The small-scope stage makes every input of up to this many values.
    pub small_values: usize,
    /// ... each integer from `[-small_domain, small_domain]` where the
    /// bounds allow (else the values nearest zero).
    pub small_domain: i128,
    /// A pattern's unbounded repetition (`+`, `*`) runs at most this many
    /// times past its minimum.
    pub open_length: u32,
    /// A repetition runs at most this many times (a loop on a condition,
    /// or a count whose body writes nothing).
    pub loop_cap: u64,
    /// The stages, in order.
    pub stages: Vec<Stage>,
    /// The package's own words and numbers, for [`Stage::Dictionary`].
    pub dictionary: std::sync::Arc<Dictionary>,
    /// The maximal stage's byte budget as the caller's time affords it
    /// ([`MaximalBytes`]), shared by every stream given the same handle.
    pub maximal_bytes: MaximalBytes,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            max_tokens: 1 << 20,
            max_bytes: 16 << 20,
            small_values: 5,
            small_domain: 3,
            open_length: 20,
            loop_cap: 1 << 22,
            stages: vec![
                Stage::SmallScope,
                Stage::Boundary,
                Stage::Maximal,
                Stage::Edits,
                Stage::Random,
            ],
            dictionary: Default::default(),
            maximal_bytes: MaximalBytes::default(),
        }
    }
}

/// A stage of the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Every small input.
    SmallScope,
    /// Each value at each boundary value.
    Boundary,
    /// Maximal inputs of several shapes.
    Maximal,
    /// Coordinated edits of random inputs.
    Edits,
    /// Small random inputs that use each word and number of the
    /// [`GenerateOptions::dictionary`] in turn.
    Dictionary,
    /// Random inputs at sizes on a log scale, without end.
    Random,
}

/// Where a candidate came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The small-scope stage: an input of `values` values, each in the small domain.
    SmallScope {
        /// How many values it holds.
        values: usize,
        /// The integers' domain, `[-domain, domain]`.
        domain: i128,
    },
    /// The boundary stage: `item` at `value`.
    Boundary {
        /// The item, by name and place.
        item: String,
        /// Its value (the first occurrence's).
        value: String,
    },
    /// The maximal stage.
    Maximal {
        /// How the counts were chosen.
        sizes: String,
        /// How the values were chosen.
        values: String,
    },
    /// The edits stage: `item` changed from `from` to `to`, the rest following.
    Edit {
        /// The item, by name and place.
        item: String,
        /// Its value in the input edited.
        from: String,
        /// Its new value.
        to: String,
    },
    /// The dictionary stage: `entry` used where it fits.
    Dictionary {
        /// The entry, a quoted word or a number.
        entry: String,
    },
    /// The random stage, counts up to `scale`.
    Random {
        /// The largest count allowed.
        scale: u64,
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::SmallScope { values, domain } => {
                write!(
                    f,
                    "small scope: an input of {values} values over [-{domain}, {domain}]"
                )
            }
            Origin::Boundary { item, value } => {
                write!(f, "boundary: {item} = {value} (its first occurrence)")
            }
            Origin::Maximal { sizes, values } => write!(f, "maximal: {sizes}, {values}"),
            Origin::Edit { item, from, to } => write!(f, "edit: {item} from {from} to {to}"),
            Origin::Dictionary { entry } => write!(f, "dictionary: {entry} where it fits"),
            Origin::Random { scale } => write!(f, "random: counts up to {scale}"),
        }
    }
}

/// One input made from the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedInput {
    /// Where it came from.
    pub origin: Origin,
    /// The input.
    pub bytes: Vec<u8>,
}

/// A grammar no input can be made from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no input can be made from the grammar: {reason}")]
pub struct Unproducible {
    /// The rule that stops every run, with where it is.
    pub reason: String,
}

/// What one stage tried and made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageSummary {
    /// The stage.
    pub stage: Stage,
    /// Runs tried.
    pub tried: u64,
    /// Candidates yielded.
    pub made: u64,
    /// Why the first run that made nothing stopped.
    pub first_stop: Option<String>,
}

fn describe_stop(stop: &Stop) -> String {
    match stop {
        Stop::Budget => "over the size budget".into(),
        Stop::Declined => "no value fits the strategy".into(),
        Stop::Assert(site) => format!("the assertion at {site} does not hold"),
        Stop::Empty(site) => format!("the bounds at {site} are empty"),
        Stop::Eval(site, e) => format!("the expression at {site} has no value: {e}"),
        Stop::Opaque(site, what) => format!("{site}: {what}"),
        Stop::Broken => "a condition's promise about the next character was broken".into(),
    }
}

/// The name of a value item for an origin: its variable and place.
fn describe_item(item: &Item) -> String {
    match item.target() {
        Some(t) => format!("{t} ({})", item.site),
        None => format!("the value at {}", item.site),
    }
}

/// Whether an item's bounds name other values (`1 ≤ a_i ≤ n`).
fn bounds_name_values(item: &Item) -> bool {
    let mut vars = Vec::new();
    match &item.kind {
        ItemKind::Int { lo, hi, .. } | ItemKind::Float { lo, hi, .. } => {
            lo.variables(&mut vars);
            hi.variables(&mut vars);
        }
        ItemKind::Text {
            shape:
                crate::model::TextShape::Chars {
                    min_len, max_len, ..
                },
            ..
        } => {
            min_len.variables(&mut vars);
            max_len.variables(&mut vars);
        }
        _ => {}
    }
    !vars.is_empty()
}

/// The deepest repetition nesting at which a count is read.
fn deepest_count(items: &[Item], depth: usize, is_count: &dyn Fn(&Item) -> bool) -> usize {
    let mut best = 0;
    for item in items {
        if is_count(item) {
            best = best.max(depth);
        }
        // A condition's branches are at the item's depth, a repetition's one deeper.
        let inner = depth + usize::from(!matches!(item.kind, ItemKind::If { .. }));
        for block in item.blocks() {
            best = best.max(deepest_count(block, inner, is_count));
        }
    }
    best
}

/// The lazy stream of candidates of `grammar`, or the rule that stops every
/// input (an opaque item on every path, an assertion no small input meets).
pub fn candidates<'g>(
    grammar: &'g Grammar,
    options: &GenerateOptions,
    seed: u64,
) -> Result<Candidates<'g>, Unproducible> {
    let plan = Plan::new(grammar);
    let mut c = Candidates {
        roles: plan.roles(),
        items: plan.items(),
        plan,
        options: options.clone(),
        seed,
        seen: HashSet::new(),
        stage_at: 0,
        state: State::Start,
        summaries: Vec::new(),
        deepest: 0,
        dependent: Vec::new(),
        size_ceiling: u64::MAX,
        maximal_start: 0,
    };
    c.dependent = c.items.iter().map(|i| bounds_name_values(i)).collect();
    let count_items: HashSet<*const Item> = c
        .items
        .iter()
        .zip(&c.roles)
        .filter(|(_, r)| **r == Role::Count)
        .map(|(i, _)| *i as *const Item)
        .collect();
    c.deepest = deepest_count(&grammar.items, 0, &|i: &Item| {
        count_items.contains(&(i as *const Item))
    });
    c.probe()?;
    Ok(c)
}

enum State {
    Start,
    Small {
        size: usize,
        odometer: Odometer,
    },
    Boundary {
        slot: usize,
        index: usize,
        misses: u32,
    },
    Maximal {
        shape: usize,
    },
    Edits {
        base: u64,
        queue: Vec<(Key, i128, i128)>,
        replay: Option<Box<Replay>>,
    },
    Dictionary {
        entry: usize,
        run: u32,
    },
    Random {
        round: u64,
        scale: u32,
        failures: u32,
    },
    Done,
}

/// The stream; see the module documentation.
pub struct Candidates<'g> {
    plan: Plan<'g>,
    roles: Vec<Role>,
    items: Vec<&'g Item>,
    options: GenerateOptions,
    seed: u64,
    seen: HashSet<u64>,
    stage_at: usize,
    state: State,
    summaries: Vec<StageSummary>,
    deepest: usize,
    /// By slot: whether the item's bounds name other values.
    dependent: Vec<bool>,
    /// The largest scale of the random and edits stages' counts
    /// ([`Candidates::set_size_ceiling`]).
    size_ceiling: u64,
    /// The maximal shape the maximal stage begins with
    /// ([`Candidates::start_maximal_at`]).
    maximal_start: usize,
}

const VALUE_RULES: [Values; 8] = [
    Values::Max,
    Values::Min,
    Values::Equal,
    Values::Ascending,
    Values::Descending,
    Values::Alternating,
    Values::Outlier,
    Values::Random,
];

/// Value rules of the maximal stage added after [`VALUE_RULES`]: their shapes
/// come after all of those, each with the three size rules.
const LATER_VALUE_RULES: [Values; 2] = [Values::Rows, Values::Runs];

impl<'g> Candidates<'g> {
    /// What each stage begun so far tried and made.
    pub fn stages(&self) -> &[StageSummary] {
        &self.summaries
    }

    fn budget(&self) -> Budget {
        Budget {
            tokens: self.options.max_tokens,
            bytes: self.options.max_bytes,
            loop_cap: self.options.loop_cap,
        }
    }

    /// Caps the scale of the counts of the random and edits stages' inputs
    /// from now on (the random stage climbs 1, 2, 4, ... up to it, then
    /// starts again): a caller that measures what each candidate costs lets
    /// the sizes grow as far as its time affords. `u64::MAX` (the default):
    /// up to the stream's own limits.
    pub fn set_size_ceiling(&mut self, scale: u64) {
        self.size_ceiling = scale.max(1);
    }

    /// The maximal stage begins with shape `k` (modulo their number) and
    /// goes on from there, round to the shapes before it: a caller that
    /// searches again for the same target, where its last search stopped,
    /// rather than at the first shapes it judged already (each round of a
    /// too-slow survivor's search judged the same two shapes of thirty).
    pub fn start_maximal_at(&mut self, k: usize) {
        self.maximal_start = k % self.maximal_shapes();
    }

    /// The maximal shapes' byte cap ([`GenerateOptions::maximal_bytes`]), if set.
    pub fn maximal_bytes(&self) -> Option<usize> {
        self.options.maximal_bytes.get()
    }

    /// The cap of [`Candidates::set_size_ceiling`].
    pub fn size_ceiling(&self) -> u64 {
        self.size_ceiling
    }

    /// How many maximal shapes there are (3 size rules × the value rules,
    /// then 3 × [`LATER_VALUE_RULES`]).
    pub fn maximal_shapes(&self) -> usize {
        3 * (VALUE_RULES.len() + LATER_VALUE_RULES.len())
    }

    /// Maximal shape `k`'s size rule (0: every count at its maximum, 1: the
    /// innermost, 2: the outermost) and value rule: the rules added later
    /// after every earlier shape, so an earlier shape keeps its number and
    /// its seed.
    fn maximal_rules(k: usize) -> (usize, Values) {
        let early = 3 * VALUE_RULES.len();
        if k < early {
            (k / VALUE_RULES.len(), VALUE_RULES[k % VALUE_RULES.len()])
        } else {
            // Each later rule's three shapes together, so adding one
            // renumbers none before it.
            let later = k - early;
            (later % 3, LATER_VALUE_RULES[later / 3])
        }
    }

    /// Maximal shape `shape` (below [`Candidates::maximal_shapes`]) scaled
    /// back by `scale` (`scaled.rs`), or `None` when the grammar refuses it
    /// (an assertion it states, an empty range). The same bytes for the same
    /// arguments; at [`SCALE_ONE`] the maximal stage's own input.
    pub fn maximal_scaled(&self, shape: usize, scale: Scale) -> Option<GeneratedInput> {
        if shape >= self.maximal_shapes() {
            return None;
        }
        let (made, origin) = self.maximal_run(shape, Some(scale));
        Some(GeneratedInput {
            origin,
            bytes: made.ok()?,
        })
    }

    /// One run of maximal shape `k` (its counts halved until the input fits
    /// the size budget), scaled when asked, and its origin.
    fn maximal_run(&self, k: usize, scale: Option<Scale>) -> (Result<Vec<u8>, Stop>, Origin) {
        let afforded = self.options.maximal_bytes.get();
        let mut budget = self.budget();
        budget.bytes = budget.bytes.min(afforded.unwrap_or(usize::MAX));
        let most = self.options.max_tokens as u64;
        let mut cap = most;
        loop {
            let (size_rule, values) = Self::maximal_rules(k);
            let (sizes, sizes_name) = match size_rule {
                0 => (Sizes::Max { cap }, "every count at its maximum"),
                1 => (
                    Sizes::Deepest {
                        cap,
                        deepest: self.deepest,
                    },
                    "the innermost counts at their maximum, the others at their minimum",
                ),
                _ => (
                    Sizes::Outermost { cap },
                    "the outermost counts at their maximum, the others at their minimum",
                ),
            };
            let mut p = Policy::new(
                sizes,
                values,
                self.seed_for(3, k as u64),
                self.options.open_length,
            );
            p.scale = scale;
            let made = self.plan.run(&mut p, budget).map(|m| m.bytes);
            if made == Err(Stop::Budget) && cap > 1 {
                // Too large for the budget: the same shape with smaller counts.
                cap /= 2;
                continue;
            }
            let mut sizes = sizes_name.to_string();
            match afforded.filter(|&b| b < self.options.max_bytes) {
                Some(bytes) => sizes.push_str(&format!(
                    " (at most {cap}: within {}, what the search's time affords)",
                    bytes_text(bytes)
                )),
                None if cap < most => sizes.push_str(&format!(" (at most {cap}, the budget)")),
                None => {}
            }
            let mut values = values.name().to_string();
            if let Some(s) = scale {
                values.push_str(&format!(", {} scaled by {:.4}", s.part.name(), s.factor()));
            }
            return (made, Origin::Maximal { sizes, values });
        }
    }

    /// A seed for run `n` of stage tag `tag`.
    fn seed_for(&self, tag: u64, n: u64) -> u64 {
        self.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(tag.wrapping_mul(0xD1B5_4A32_D192_ED03))
            .wrapping_add(n)
    }

    /// Small random inputs until one is made: the grammar can make inputs.
    fn probe(&mut self) -> Result<(), Unproducible> {
        let mut first = None;
        for n in 0..64 {
            let mut p = Policy::new(
                Sizes::Random { scale: 4 },
                Values::Near { scale: 3 },
                self.seed_for(99, n),
                4,
            );
            match self.plan.run(&mut p, self.budget()) {
                Ok(_) => return Ok(()),
                Err(stop) => {
                    if let Stop::Opaque(..) = stop {
                        return Err(Unproducible {
                            reason: describe_stop(&stop),
                        });
                    }
                    first.get_or_insert(stop);
                }
            }
        }
        Err(Unproducible {
            reason: first.map_or_else(|| "no run succeeded".into(), |s| describe_stop(&s)),
        })
    }

    fn summary(&mut self) -> &mut StageSummary {
        let stage = self.options.stages[self.stage_at.min(self.options.stages.len() - 1)];
        if self.summaries.last().is_none_or(|s| s.stage != stage) {
            self.summaries.push(StageSummary {
                stage,
                tried: 0,
                made: 0,
                first_stop: None,
            });
        }
        let last = self.summaries.len() - 1;
        &mut self.summaries[last]
    }

    /// Counts a run; the candidate when it is new.
    fn keep(
        &mut self,
        made: Result<Vec<u8>, Stop>,
        origin: impl FnOnce() -> Origin,
    ) -> Option<GeneratedInput> {
        let s = self.summary();
        s.tried += 1;
        match made {
            Err(stop) => {
                if s.first_stop.is_none() {
                    s.first_stop = Some(describe_stop(&stop));
                }
                None
            }
            Ok(bytes) => {
                let mut h = DefaultHasher::new();
                bytes.hash(&mut h);
                if !self.seen.insert(h.finish()) {
                    return None;
                }
                self.summary().made += 1;
                Some(GeneratedInput {
                    origin: origin(),
                    bytes,
                })
            }
        }
    }

    fn enter(&mut self) {
        self.state = match self.options.stages.get(self.stage_at) {
            None => State::Done,
            Some(Stage::SmallScope) => State::Small {
                size: 0,
                odometer: Odometer::new(self.options.small_domain, self.options.open_length),
            },
            Some(Stage::Boundary) => State::Boundary {
                slot: 0,
                index: 0,
                misses: 0,
            },
            Some(Stage::Maximal) => State::Maximal { shape: 0 },
            Some(Stage::Edits) => State::Edits {
                base: 0,
                queue: Vec::new(),
                replay: None,
            },
            Some(Stage::Dictionary) => State::Dictionary { entry: 0, run: 0 },
            Some(Stage::Random) => State::Random {
                round: 0,
                scale: 0,
                failures: 0,
            },
        };
        if !matches!(self.state, State::Done) {
            self.summary();
        }
    }

    fn next_stage(&mut self) {
        self.stage_at += 1;
        self.enter();
    }

    /// One step of the current stage: a candidate, or none yet (`Ok(None)`),
    /// or the stage's end (`Err(())`).
    fn step(&mut self) -> Result<Option<GeneratedInput>, ()> {
        let budget = self.budget();
        match &self.state {
            State::Start => {
                self.enter();
                Ok(None)
            }
            State::Done => Err(()),
            State::Small { .. } => self.step_small(budget),
            State::Boundary { .. } => self.step_boundary(budget),
            State::Maximal { .. } => self.step_maximal(),
            State::Edits { .. } => self.step_edits(budget),
            State::Dictionary { .. } => self.step_dictionary(budget),
            State::Random { .. } => self.step_random(budget),
        }
    }
}

impl Iterator for Candidates<'_> {
    type Item = GeneratedInput;

    fn next(&mut self) -> Option<GeneratedInput> {
        loop {
            match self.step() {
                Ok(Some(c)) => return Some(c),
                Ok(None) => {}
                Err(()) => {
                    if matches!(self.state, State::Done)
                        || self.stage_at >= self.options.stages.len()
                    {
                        self.state = State::Done;
                        return None;
                    }
                    self.next_stage();
                }
            }
        }
    }
}

/// Where a value item is, for callers that name items.
pub fn value_sites(grammar: &Grammar) -> Vec<Site> {
    Plan::new(grammar)
        .items()
        .into_iter()
        .map(|i| i.site.clone())
        .collect()
}
