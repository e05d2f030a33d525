//! The derivation itself: every bounding run once in parallel, the decisive
//! ones again alone ([`super::settle`]), the yardstick then beside busy
//! neighbours ([`super::neighbour`]), and the limit they give.

use super::moments::{Between, Yardstick};
use super::neighbour::{self, NEIGHBOUR_RUNS};
use super::settle::{settle, Entry, Shown};
use super::{busy_machine, TimeLimit, Timing, DECISIVE_RUNS};
use crate::first_pass::FirstPass;
use crate::limit_noise::{Interval, LimitRule, LimitStep};
use crate::run::{Case, Jury, Limits, Run};
use crate::stop::Stop;
use crate::undisturbed::{self, undisturbed};
use crate::Stops;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use rayon::prelude::*;
use std::cell::{Cell, RefCell};
use std::cmp::Ordering as CmpOrdering;
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// CPU seconds a bounding run must take before the yardstick's moments
/// (about 25 ms each, `moments.rs`) are worth taking: below it the limit is
/// the floor or one resolution step whatever the machine does, and a
/// moment beside each run alone would cost more than the run.
const MOMENT_WORTH: f64 = 0.1;

/// CPU seconds a run may take while the limit is being found, when the
/// package states no limit.
const PROBE_SECONDS: f64 = 60.0;

/// Derives the limit from the submissions that bound it from below, on `cases`;
/// a run with no verdict (a jury fault, Ctrl-C) stops it: no time then counts.
pub fn derive(jury: &Jury, cases: &[Case], jobs: usize) -> Result<TimeLimit, Stop> {
    Ok(derive_keeping(jury, cases, jobs, 0.0)?.0)
}

/// The (submission, test) pairs whose time bounds the limit from below, by
/// the format's rule as the package reader applied it, but those judged
/// under a limit of their own that is not the package's (a sinol group's
/// `time_limits`, a language's `override_limits`, whose every test is its
/// own): their time says nothing of the package's limit (a Python
/// solution's second under Python's own 5 s is no reason to raise C's
/// 500 ms).
fn bounding_pairs(jury: &Jury, cases: &[Case]) -> Vec<(usize, usize)> {
    let package = jury.package;
    let stated = package.config.time_limit.as_ref().map(|(s, _)| *s);
    let own_limit = |s: usize, t: usize| {
        let name = &package.submissions[s].name;
        let scoring = package.scoring.as_ref()?;
        if scoring.submission_limits.contains_key(name) {
            // Judged under its language's limits on every test.
            return scoring.time_limit_for(name, t).or(Some(f64::NAN));
        }
        let own = scoring.time_limit_of(t)?;
        (Some(own) != stated).then_some(own)
    };
    jury.package
        .submissions
        .iter()
        .enumerate()
        .filter(|(s, _)| jury.built.submissions[*s].is_ok())
        .flat_map(|(s, sub)| {
            cases
                .iter()
                .enumerate()
                .filter(|(_, c)| sub.bounds_below(&c.name))
                .map(move |(t, _)| (s, t))
        })
        .filter(|&(s, t)| own_limit(s, t).is_none())
        .collect()
}

/// The probe's limits: with a stated limit, a run past `time_limit_to_tle` ×
/// it is a time limit whatever it would have taken (an `accepted/` program
/// that never ends, as BAPCtools' own test packages have, costs no more).
fn probe(jury: &Jury) -> Limits {
    let config = &jury.package.config;
    let cap = config
        .time_limit
        .as_ref()
        .map_or(PROBE_SECONDS, |(stated, _)| {
            crate::run::kill_past(stated * config.multipliers.time_limit_to_tle).min(PROBE_SECONDS)
        });
    Limits {
        time_limit: cap,
        kill_at: cap,
        ..Limits::of(jury.package, cap)
    }
}

/// `limits` with test `t`'s own memory limit for submission `s` (sinol's
/// `memory_limits`, its language's): a solution within its group's memory
/// is timed, not stopped.
fn own_memory(jury: &Jury, (s, t): (usize, usize), limits: &Limits) -> Limits {
    Limits {
        memory_mib: crate::run::memory_of(jury.package, s, t, limits.memory_mib),
        ..*limits
    }
}

/// The settled slowest pair, run beside [`neighbour::count`] busy neighbours
/// [`NEIGHBOUR_RUNS`] times: its loaded runs, by entry. Nothing else is run
/// after it, so its interval's upper end only rises and it stays the
/// slowest (more runs alone could lower its second fastest below another
/// pair's and hand the limit to a pair never run loaded).
fn load_yardstick(
    entries: &[Entry],
    beside: &dyn Fn((usize, usize)) -> f64,
    cap: f64,
) -> Option<(usize, Vec<f64>)> {
    let top = (0..entries.len())
        .filter(|&i| entries[i].alone.len() >= DECISIVE_RUNS)
        .max_by(|&a, &b| entries[a].key().total_cmp(&entries[b].key()))?;
    if entries[top].first >= 0.98 * cap {
        return None;
    }
    let pair = entries[top].pair;
    Some((top, (0..NEIGHBOUR_RUNS).map(|_| beside(pair)).collect()))
}

/// Each bounding submission's slowest test by its interval's upper end alone
/// (the loaded end only where it was measured, on the yardstick), brought
/// to the derivation's quiet moment and widened by its variation between
/// moments where the yardstick measured them (`at`).
fn bounds_of(
    jury: &Jury,
    cases: &[Case],
    entries: &[Entry],
    loaded: &Option<(usize, Vec<f64>)>,
    at: &AtQuiet,
) -> Vec<Timing> {
    let neighbours = neighbour::count();
    let mut bounds: Vec<Timing> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let (s, t) = e.pair;
        let beside = loaded
            .as_ref()
            .filter(|(top, _)| *top == i)
            .map(|(_, runs)| runs.as_slice());
        let interval = interval_of(e, beside, at);
        let between = at.between.filter(|_| !e.alone.is_empty());
        let raw = between
            .and_then(|_| at.raw.get(&e.pair))
            .map(|runs| Interval::of(runs))
            .map(|raw| (raw.fastest, raw.upper));
        let timing = Timing {
            submission: jury.package.submissions[s].name.clone(),
            test: cases[t].name.clone(),
            seconds: interval.fastest,
            upper: interval.upper,
            runs: interval.runs,
            alone: !e.alone.is_empty(),
            loaded: interval.loaded,
            neighbours: interval.loaded.map_or(0, |_| neighbours),
            between,
            raw,
        };
        match bounds
            .iter_mut()
            .find(|b| b.submission == timing.submission)
        {
            Some(b) if b.interval().top() >= timing.interval().top() => {}
            Some(b) => *b = timing,
            None => bounds.push(timing),
        }
    }
    bounds
}

/// `e`'s interval at the derivation's quiet moment: its runs alone (its one
/// parallel-pass run when it has none) brought there by `at`, with its runs
/// `beside` the neighbours, widened by the variation between moments when it
/// was run alone.
fn interval_of(e: &Entry, beside: Option<&[f64]>, at: &AtQuiet) -> Interval {
    let quiet = |runs: &[f64]| -> Vec<f64> { runs.iter().map(|r| r * at.factor).collect() };
    let mut interval = match e.alone.is_empty() {
        true => Interval::of(&quiet(&[e.first])),
        false => Interval::of(&quiet(&e.alone)),
    };
    if let Some(runs) = beside {
        interval = interval.beside(&quiet(runs));
    }
    match at.between.filter(|_| !e.alone.is_empty()) {
        Some(between) => interval.between_moments(between.variation()),
        None => interval,
    }
}

/// The parallel pass's chunks: a moment and one run alone are made after
/// each, so the decisive runs are spread over the derivation. Tests are dealt
/// round robin, so each chunk holds every submission's share of every size.
fn chunks(bounding: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    (0..DECISIVE_RUNS)
        .map(|k| {
            bounding
                .iter()
                .copied()
                .filter(|&(_, t)| t % DECISIVE_RUNS == k)
                .collect::<Vec<_>>()
        })
        .filter(|chunk| !chunk.is_empty())
        .collect()
}

/// A parallel-pass run brought to the first moment's speed by the moment
/// after its chunk; a run stopped at the cap stays as it is (it must still
/// read as stopped).
fn scaled_first(cpu: f64, cap: f64, now: Option<f64>, first: Option<f64>) -> f64 {
    match (now, first) {
        (Some(now), Some(first)) if cpu < 0.98 * cap => cpu * first / now,
        _ => cpu,
    }
}

/// One run alone of the slowest pair so far, unless it has its runs or was
/// stopped at the cap: a decisive run at this moment of the derivation.
fn spread_one(entries: &mut [Entry], alone: &dyn Fn((usize, usize)) -> f64, cap: f64) {
    let slowest = entries
        .iter_mut()
        .max_by(|a, b| a.key().total_cmp(&b.key()))
        .filter(|e| e.alone.len() < DECISIVE_RUNS && e.first < 0.98 * cap);
    if let Some(entry) = slowest {
        let run = alone(entry.pair);
        entry.alone.push(run);
    }
}

/// Every run made alone or beside the neighbours, as measured, and the
/// yardstick's moments.
#[derive(Default)]
struct Recorded {
    moments: Vec<f64>,
    raw: HashMap<(usize, usize), Vec<f64>>,
}

impl Recorded {
    /// Records `cpu`, a run of `pair` (alone unless `beside`) at the moment
    /// whose yardstick took `at`, and returns it brought to the first
    /// moment's speed.
    fn run(&mut self, pair: (usize, usize), beside: bool, cpu: f64, at: Option<f64>) -> f64 {
        if !beside {
            self.raw.entry(pair).or_default().push(cpu);
        }
        match (at, self.moments.first().copied()) {
            (Some(at), Some(first)) => cpu * first / at,
            _ => cpu,
        }
    }
}

/// How the runs, in the first moment's speed, become the quiet moment's.
struct AtQuiet {
    /// quiet ÷ first moment's yardstick (1 when not measured).
    factor: f64,
    /// The yardstick over the derivation.
    between: Option<Between>,
    /// The runs alone as measured.
    raw: HashMap<(usize, usize), Vec<f64>>,
}

impl AtQuiet {
    fn of(recorded: Recorded, first: Option<f64>) -> AtQuiet {
        let between = Between::of(&recorded.moments).filter(|_| first.is_some());
        AtQuiet {
            factor: match (between, first) {
                (Some(b), Some(first)) => b.quiet / first,
                _ => 1.0,
            },
            between,
            raw: recorded.raw,
        }
    }
}

/// [`derive`], with a limit of at least `floor` seconds (a yardstick whose
/// doubled time falls under it decides nothing, so it is not run again for a
/// thin call), keeping the parallel pass's runs for the matrix that follows
/// ([`super::super::run_matrix_with`]).
pub fn derive_keeping(
    jury: &Jury,
    cases: &[Case],
    jobs: usize,
    floor: f64,
) -> Result<(TimeLimit, FirstPass), Stop> {
    let config = &jury.package.config;
    let probe = probe(jury);
    let cap = probe.time_limit;
    let bounding = bounding_pairs(jury, cases);
    let run = |(s, t): (usize, usize)| -> Result<Run, Stop> {
        let program = jury.built.submissions[s].as_ref().expect("built");
        jury.run(program, &cases[t], &own_memory(jury, (s, t), &probe))
            .map_err(|stop| stop.during(&jury.package.submissions[s].name))
    };
    // The yardstick at moments spread over the derivation (`moments.rs`):
    // every run alone is brought to the first moment's speed by the moment
    // beside it, so settling ranks runs of busy and quiet minutes alike. Only
    // once a run is long enough for a moment to be worth its cost.
    let yardstick_programs = Yardstick::build();
    let recorded: RefCell<Recorded> = RefCell::new(Recorded::default());
    let worth = Cell::new(false);
    let moment = || -> Option<f64> {
        let y = yardstick_programs.as_ref().ok().filter(|_| worth.get())?;
        let time = {
            let _machine = jury.turn.alone();
            y.time(jury.cancel)?
        };
        recorded.borrow_mut().moments.push(time);
        Some(time)
    };
    let first_moment = || recorded.borrow().moments.first().copied();
    // One at a time, undisturbed where the machine allows it. A run that has
    // no verdict ends the derivation (its time is then the cap, so settling
    // stops at it).
    let stopped: RefCell<Option<Stop>> = RefCell::new(None);
    let timed = |(s, t): (usize, usize), neighbours: usize| -> f64 {
        let at = moment();
        let program = undisturbed(jury.built.submissions[s].as_ref().expect("built"));
        let once = || jury.run_alone(&program, &cases[t], &own_memory(jury, (s, t), &probe));
        let result = match neighbours {
            0 => once(),
            n => neighbour::beside(n, once),
        };
        match result {
            Ok(run) => recorded
                .borrow_mut()
                .run((s, t), neighbours > 0, run.cpu, at),
            Err(stop) => {
                let stop = stop.during(&jury.package.submissions[s].name);
                stopped.borrow_mut().get_or_insert(stop);
                cap
            }
        }
    };
    let alone = |pair| timed(pair, 0);
    let beside = |pair| timed(pair, neighbour::count());
    // The parallel pass in chunks, a moment and one run alone of the slowest
    // pair so far after each: the decisive runs spread over the derivation.
    progress::phase("time limit: every bounding run", bounding.len() as u64);
    let mut first: Vec<((usize, usize), Run)> = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    for chunk in chunks(&bounding) {
        let runs: Vec<((usize, usize), Result<Run, Stop>)> =
            on_threads(jobs, || chunk.par_iter().map(|&p| (p, run(p))).collect());
        if jury.cancel.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        let slowest = runs
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok())
            .map(|r| r.cpu);
        if slowest.fold(0.0, f64::max) >= MOMENT_WORTH {
            worth.set(true);
        }
        let now = moment();
        for (pair, run) in runs {
            let run = run?;
            entries.push(Entry {
                pair,
                first: scaled_first(run.cpu, cap, now, first_moment()),
                alone: Vec::new(),
            });
            first.push((pair, run));
        }
        if stopped.borrow().is_none() {
            spread_one(&mut entries, &alone, cap);
        }
    }
    let rule = LimitRule {
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        resolution: config.time_resolution,
        floor,
    };
    // A stated limit is in force whatever is derived: no thin call to settle.
    let thin_rule = config.time_limit.is_none().then_some(rule);
    let accepted = |s: usize| jury.package.submissions[s].is_accepted();
    let warn_from = |yardstick: &Interval| {
        let line = config
            .time_limit
            .as_ref()
            .map_or_else(|| rule.step(yardstick).seconds, |(stated, _)| *stated);
        line / rule.ac_to_time_limit
    };
    let shown = Shown {
        accepted: &accepted,
        warn_from: &warn_from,
    };
    progress::phase("time limit: decisive runs, one at a time", 0);
    settle(&mut entries, &alone, cap, thin_rule, &shown);
    progress::phase("time limit: the yardstick beside busy neighbours", 0);
    let not_stopped = stopped.borrow().is_none();
    let loaded = not_stopped
        .then(|| load_yardstick(&entries, &beside, cap))
        .flatten();
    if let Some(stop) = stopped.into_inner() {
        return Err(stop);
    }
    let first_moment = first_moment();
    let at = AtQuiet::of(recorded.into_inner(), first_moment);
    let bounds = bounds_of(jury, cases, &entries, &loaded, &at);
    let yardstick = yardstick_of(&bounds, &rule);
    let derived = yardstick.as_ref().map(|y| rule.step(&y.interval()).seconds);
    let first_pass = first_pass_of(jury, probe, first);
    let limit = TimeLimit {
        seconds: config
            .time_limit
            .as_ref()
            .map(|(s, _)| *s)
            .or(derived)
            .unwrap_or_else(|| rule.rounded(0.0)),
        derived,
        stated: config.time_limit.clone(),
        yardstick,
        bounds,
        above: bounding_above(jury),
        format_rule: config.time_rule.describe(&config.multipliers),
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        time_limit_to_tle: config.multipliers.time_limit_to_tle,
        resolution: rule.resolution,
        floor,
        busy: busy_machine(),
        how: undisturbed::how(),
        uncounted: jurybox_sandbox::instructions::available().err(),
        unmeasured_moments: yardstick_programs.err(),
        groups: Vec::new(),
        own: Vec::new(),
    };
    Ok((with_groups(jury, limit), first_pass))
}

/// `limit` with each group's and test's limit of its own and each
/// solution's of its language, as the limit's line tells them.
fn with_groups(jury: &Jury, limit: TimeLimit) -> TimeLimit {
    TimeLimit {
        groups: group_limits(jury, limit.seconds),
        own: own_limits(jury.package),
        ..limit
    }
}

/// The bound that sets the limit: the highest step, then the highest upper
/// end, then one run alone over one beside others.
fn yardstick_of(bounds: &[Timing], rule: &LimitRule) -> Option<Timing> {
    bounds
        .iter()
        .max_by(|a, b| outranks((&a.interval(), a.alone), (&b.interval(), b.alone), rule))
        .cloned()
}

/// How two bounds' (interval, run alone) compare for setting the limit.
fn outranks(a: (&Interval, bool), b: (&Interval, bool), rule: &LimitRule) -> CmpOrdering {
    let (sa, sb): (LimitStep, LimitStep) = (rule.step(a.0), rule.step(b.0));
    sa.seconds
        .total_cmp(&sb.seconds)
        .then(a.0.top().total_cmp(&b.0.top()))
        .then(a.1.cmp(&b.1))
}

/// The parallel pass's runs, kept for the matrix (none for an interactive or
/// multi-pass problem, whose runs the matrix makes itself).
fn first_pass_of(jury: &Jury, probe: Limits, first: Vec<((usize, usize), Run)>) -> FirstPass {
    let kind = &jury.package.config.kind;
    match kind.interactive || kind.passes.is_some() {
        true => FirstPass::default(),
        false => FirstPass::new(probe, first.into_iter().collect()),
    }
}

/// The submissions that bound the limit from above (they must time out).
fn bounding_above(jury: &Jury) -> Vec<String> {
    jury.package
        .submissions
        .iter()
        .filter(|s| s.bounds_above())
        .map(|s| s.name.clone())
        .collect()
}

/// Each scored group's limit where the package states one for some group
/// or test (sinol's `time_limits`): its own, else `limit`; then each test
/// with a limit of its own (`1a: 5000`).
fn group_limits(jury: &Jury, limit: f64) -> Vec<(String, f64, bool)> {
    let Some(scoring) = &jury.package.scoring else {
        return Vec::new();
    };
    let groups = scoring.subtasks().into_iter().map(|g| {
        (
            format!("group {}", g.name),
            g.time_limit.unwrap_or(limit),
            g.time_limit.is_some(),
        )
    });
    let tests = scoring.test_limits.iter().filter_map(|(&t, own)| {
        let name = &jury.package.data.tests.get(t)?.name;
        Some((format!("test {name}"), own.time?, true))
    });
    groups.chain(tests).collect()
}

/// Each submission judged under its language's own limits, worded with the
/// range of its tests' time and memory limits: `prog/abc.py 3.00 s, 256 MiB
/// (override_limits: py)`.
pub(crate) fn own_limits(package: &jurybox_format::Package) -> Vec<String> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    let range = |v: Vec<f64>, unit: &str, digits: usize| {
        let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = v.iter().copied().fold(0.0, f64::max);
        match (v.is_empty(), lo == hi) {
            (true, _) => None,
            (false, true) => Some(format!("{lo:.digits$} {unit}")),
            (false, false) => Some(format!("{lo:.digits$}-{hi:.digits$} {unit}")),
        }
    };
    scoring
        .submission_limits
        .iter()
        .map(|(name, own)| {
            let times = own.tests.iter().filter_map(|l| l.time).collect();
            let mibs = own
                .tests
                .iter()
                .filter_map(|l| l.memory_mib)
                .map(|m| m as f64);
            let said: Vec<String> = [range(times, "s", 2), range(mibs.collect(), "MiB", 0)]
                .into_iter()
                .flatten()
                .collect();
            format!("{name} {} ({})", said.join(", "), own.origin)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{chunks, scaled_first, spread_one, Entry, Recorded, DECISIVE_RUNS};
    use super::{interval_of, outranks, AtQuiet, Between};
    use crate::limit::settle::{settle, Shown};
    use crate::limit_noise::tests::TETRIS;
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;

    #[test]
    fn a_lone_run_never_sets_the_limit_after_the_widening_between_moments() {
        // Two tests of one accepted submission. Test 0 (1.0 s beside others)
        // is run alone first: 0.70 s, still the slowest, so it gets its five
        // runs, 0.60 to 0.70 s: second fastest 0.66 s. Test 1 (0.69 s beside
        // others) is then the slowest by its one run, run alone once: 0.64 s,
        // below 0.66 s, so settling leaves it there. The yardstick moved 1.25×
        // between moments. Widening the fastest (the old rule), test 0's top
        // is 0.60 × 1.25 = 0.75 s and test 1's lone 0.64 × 1.25 = 0.80 s: one
        // run alone set the limit (2.0 s, where test 0 gave 1.5 s). Widening
        // the second fastest, the figure two runs agree on, test 0's top is
        // 0.825 s and it sets the limit from its five runs: 2.0 s again, but
        // now by the pair settling ran to five runs, which is what is held.
        let script = [0.70, 0.60, 0.66, 0.67, 0.68];
        let next = Cell::new(0);
        let run = |(_, t): (usize, usize)| match t {
            0 => {
                next.set(next.get() + 1);
                script[next.get() - 1]
            }
            _ => 0.64,
        };
        let mut entries = vec![
            Entry {
                pair: (0, 0),
                first: 1.0,
                alone: Vec::new(),
            },
            Entry {
                pair: (0, 1),
                first: 0.69,
                alone: Vec::new(),
            },
        ];
        let shown = Shown {
            accepted: &|_| false,
            warn_from: &|_| 100.0,
        };
        settle(&mut entries, &run, 60.0, Some(TETRIS), &shown);
        assert_eq!(entries[0].alone.len(), DECISIVE_RUNS, "{entries:?}");
        assert_eq!(entries[1].alone, vec![0.64]);
        let at = AtQuiet {
            factor: 1.0,
            between: Between::of(&[0.020, 0.020, 0.025, 0.025]),
            raw: HashMap::new(),
        };
        let intervals: Vec<_> = entries.iter().map(|e| interval_of(e, None, &at)).collect();
        let top = (0..intervals.len())
            .max_by(|&a, &b| outranks((&intervals[a], true), (&intervals[b], true), &TETRIS))
            .unwrap();
        assert_eq!(top, 0, "{intervals:?}");
        assert!(intervals[top].runs >= 2);
        assert!((intervals[0].top() - 0.66 * 1.25).abs() < 1e-9);
        assert_eq!(TETRIS.step(&intervals[top]).seconds, 2.0);
    }

    #[test]
    fn the_parallel_pass_is_dealt_into_chunks_round_robin_by_test() {
        // Two submissions, seven tests: chunk k holds tests k and k + 5 of
        // both, so the decisive runs made after each chunk are spread over
        // the pass, not made at its end.
        let pairs: Vec<(usize, usize)> = (0..2).flat_map(|s| (0..7).map(move |t| (s, t))).collect();
        let dealt = chunks(&pairs);
        assert_eq!(dealt.len(), DECISIVE_RUNS);
        assert_eq!(dealt[0], vec![(0, 0), (0, 5), (1, 0), (1, 5)]);
        assert_eq!(dealt[4], vec![(0, 4), (1, 4)]);
        assert_eq!(dealt.iter().map(Vec::len).sum::<usize>(), pairs.len());
        assert_eq!(chunks(&[(0, 0)]).len(), 1);
    }

    #[test]
    fn after_each_chunk_the_slowest_pair_so_far_is_run_alone_once() {
        let ran = RefCell::new(Vec::new());
        let alone = |pair: (usize, usize)| {
            ran.borrow_mut().push(pair);
            0.5
        };
        let mut entries = vec![
            Entry {
                pair: (0, 0),
                first: 0.9,
                alone: Vec::new(),
            },
            Entry {
                pair: (0, 1),
                first: 0.4,
                alone: Vec::new(),
            },
            Entry {
                pair: (1, 0),
                first: 60.0,
                alone: Vec::new(),
            },
        ];
        // The capped pair (stopped at the 60 s cap) is no time to run again.
        spread_one(&mut entries, &alone, 60.0);
        assert!(ran.borrow().is_empty());
        entries.pop();
        spread_one(&mut entries, &alone, 60.0);
        assert_eq!(*ran.borrow(), vec![(0, 0)]);
        // Its run alone (0.5 s) is still the slowest key: run again, until it
        // has its runs; then nothing more (settling takes it from there).
        for _ in 0..DECISIVE_RUNS {
            spread_one(&mut entries, &alone, 60.0);
        }
        assert_eq!(entries[0].alone.len(), DECISIVE_RUNS);
        assert!(entries[1].alone.is_empty());
        assert_eq!(ran.borrow().len(), DECISIVE_RUNS);
    }

    #[test]
    fn each_run_is_brought_to_the_first_moments_speed() {
        let mut recorded = Recorded::default();
        // No moment yet: as measured.
        assert_eq!(recorded.run((0, 0), false, 0.5, None), 0.5);
        recorded.moments = vec![0.020, 0.030];
        // At a moment 1.5× as slow as the first, 0.9 s counts as 0.6 s, and
        // the measured 0.9 s is kept for the line.
        assert!((recorded.run((0, 0), false, 0.9, Some(0.030)) - 0.6).abs() < 1e-9);
        assert_eq!(recorded.raw[&(0, 0)], vec![0.5, 0.9]);
        // Beside the neighbours: brought alike, not among the runs alone.
        assert!((recorded.run((0, 1), true, 0.9, Some(0.030)) - 0.6).abs() < 1e-9);
        assert!(!recorded.raw.contains_key(&(0, 1)));
        assert!((scaled_first(0.9, 60.0, Some(0.030), Some(0.020)) - 0.6).abs() < 1e-9);
        assert_eq!(scaled_first(59.5, 60.0, Some(0.030), Some(0.020)), 59.5);
    }
}
