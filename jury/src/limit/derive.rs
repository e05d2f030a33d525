//! The derivation itself: every bounding run once in parallel, the decisive
//! ones again alone ([`super::settle`]), the yardstick then beside busy
//! neighbours ([`super::neighbour`]), and the limit they give.

use super::neighbour::{self, NEIGHBOUR_RUNS};
use super::settle::{settle, Entry, Shown};
use super::{busy_machine, TimeLimit, Timing, DECISIVE_RUNS};
use crate::first_pass::FirstPass;
use crate::limit_noise::{Interval, LimitRule, Step};
use crate::run::{Case, Jury, Limits, Run};
use crate::stop::Stop;
use crate::undisturbed::{self, undisturbed};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::Ordering;

/// CPU seconds a run may take while the limit is being found, when the
/// package states no limit.
const PROBE_SECONDS: f64 = 60.0;

/// Derives the limit from the submissions that bound it from below, on `cases`;
/// a run with no verdict (a jury fault, Ctrl-C) stops it: no time then counts.
pub fn derive(jury: &Jury, cases: &[Case], jobs: usize) -> Result<TimeLimit, Stop> {
    Ok(derive_keeping(jury, cases, jobs, 0.0)?.0)
}

/// The (submission, test) pairs whose time bounds the limit from below, by
/// the format's rule as the package reader applied it.
fn bounding_pairs(jury: &Jury, cases: &[Case]) -> Vec<(usize, usize)> {
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
/// (the loaded end only where it was measured, on the yardstick).
fn bounds_of(
    jury: &Jury,
    cases: &[Case],
    entries: &[Entry],
    loaded: &Option<(usize, Vec<f64>)>,
) -> Vec<Timing> {
    let neighbours = neighbour::count();
    let mut bounds: Vec<Timing> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let (s, t) = e.pair;
        let mut interval = match e.alone.is_empty() {
            true => Interval::of(&[e.first]),
            false => Interval::of(&e.alone),
        };
        if let Some((_, runs)) = loaded.as_ref().filter(|(top, _)| *top == i) {
            interval = interval.beside(runs);
        }
        let timing = Timing {
            submission: jury.package.submissions[s].name.clone(),
            test: cases[t].name.clone(),
            seconds: interval.fastest,
            upper: interval.upper,
            runs: interval.runs,
            alone: !e.alone.is_empty(),
            loaded: interval.loaded,
            neighbours: interval.loaded.map_or(0, |_| neighbours),
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
        jury.run(program, &cases[t], &probe)
            .map_err(|stop| stop.during(&jury.package.submissions[s].name))
    };
    progress::phase("time limit: every bounding run", bounding.len() as u64);
    let first: Vec<((usize, usize), Result<Run, Stop>)> =
        on_threads(jobs, || bounding.par_iter().map(|&p| (p, run(p))).collect());
    if jury.cancel.load(Ordering::Relaxed) {
        return Err(Stop::Interrupted);
    }
    let first: Vec<((usize, usize), Run)> = first
        .into_iter()
        .map(|(pair, run)| run.map(|run| (pair, run)))
        .collect::<Result<_, _>>()?;
    let mut entries: Vec<Entry> = first
        .iter()
        .map(|(pair, r)| Entry {
            pair: *pair,
            first: r.cpu,
            alone: Vec::new(),
        })
        .collect();
    let rule = LimitRule {
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        resolution: config.time_resolution,
        floor,
    };
    // A stated limit is in force whatever is derived: no thin call to settle.
    let thin_rule = config.time_limit.is_none().then_some(rule);
    // One at a time, undisturbed where the machine allows it. A run that has
    // no verdict ends the derivation (its time is then the cap, so settling
    // stops at it).
    let stopped: RefCell<Option<Stop>> = RefCell::new(None);
    let timed = |(s, t): (usize, usize), neighbours: usize| -> f64 {
        let program = undisturbed(jury.built.submissions[s].as_ref().expect("built"));
        let once = || jury.run_alone(&program, &cases[t], &probe);
        let result = match neighbours {
            0 => once(),
            n => neighbour::beside(n, once),
        };
        result.map(|run| run.cpu).unwrap_or_else(|stop| {
            let stop = stop.during(&jury.package.submissions[s].name);
            stopped.borrow_mut().get_or_insert(stop);
            cap
        })
    };
    let alone = |pair| timed(pair, 0);
    let beside = |pair| timed(pair, neighbour::count());
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
    let was_stopped = stopped.borrow().is_some();
    let loaded = match was_stopped {
        true => None,
        false => load_yardstick(&entries, &beside, cap),
    };
    if let Some(stop) = stopped.into_inner() {
        return Err(stop);
    }
    let bounds = bounds_of(jury, cases, &entries, &loaded);
    let step = |t: &Timing| rule.step(&t.interval());
    let yardstick = bounds
        .iter()
        .max_by(|a, b| {
            let (sa, sb): (Step, Step) = (step(a), step(b));
            sa.seconds
                .total_cmp(&sb.seconds)
                .then(a.interval().top().total_cmp(&b.interval().top()))
                .then(a.alone.cmp(&b.alone))
        })
        .cloned();
    let derived = yardstick.as_ref().map(|y| step(y).seconds);
    let kind = &config.kind;
    let first_pass = match kind.interactive || kind.passes.is_some() {
        true => FirstPass::default(),
        false => FirstPass::new(probe, first.into_iter().collect()),
    };
    let above = jury
        .package
        .submissions
        .iter()
        .filter(|s| s.bounds_above())
        .map(|s| s.name.clone())
        .collect();
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
        above,
        format_rule: config.time_rule.describe(&config.multipliers),
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        time_limit_to_tle: config.multipliers.time_limit_to_tle,
        resolution: rule.resolution,
        floor,
        busy: busy_machine(),
        how: undisturbed::how(),
        uncounted: jurybox_sandbox::instructions::available().err(),
    };
    Ok((limit, first_pass))
}
