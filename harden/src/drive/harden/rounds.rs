//! The survivors' searches of `jurybox harden`, in rounds under the shared
//! budget ([`crate::drive::budget`]): its own module because the rounds
//! (who is searched next, for how long, caught by a test found above or by
//! its own search, told once) are one job apart from the command's phases.

use super::super::budget::{Shares, MOST_ROUNDS};
use super::super::found::found_case;
use super::super::place::{place, Placement};
use super::super::targets::survivor_target;
use super::super::{stopped, tell_search, HardenError};
use super::{searched_in, Found, Hunt, Run};
use crate::search::Searched;
use jurybox_format::Verdict;
use jurybox_jury::TestAt;
use std::time::Instant;

/// Whether a test found earlier in the run catches `survivor` (said when one
/// does).
fn caught_above(run: &Run, survivor: &crate::Survivor, found: &Found) -> Result<bool, HardenError> {
    let (session, tell) = (run.session, run.tell);
    let target = survivor_target(session, survivor);
    let jury = session.jury(run.cancel);
    // A too-slow survivor is caught only over the TLE line, as its search
    // asks: a run past the limit but under the line is not separable.
    let only_slow = target.catch.iter().all(|v| *v == Verdict::TLE);
    let package_limits = session.limits();
    // A test of another group is outside the survivor's constraints, or in
    // a group it is expected to earn; in a scored problem, one in no group
    // was added nowhere.
    let group = survivor.group.as_ref().map(|g| &g.name);
    let pass_fail = session.package.scoring.is_none();
    let same_group = found.groups.iter().map(|g| match (group, g) {
        (None, Some(g)) => survivor.may_hold.iter().any(|m| &m.name == g),
        (None, None) => pass_fail,
        (Some(group), g) => g.as_ref() == Some(group),
    });
    for (((case, name), at), _) in found
        .cases
        .iter()
        .zip(&found.names)
        .zip(&found.groups)
        .zip(same_group)
        .filter(|(_, same)| *same)
    {
        // Under the survivor's limits in the test's group, as `run` will
        // judge it there, and its TLE line at that limit.
        let at = TestAt::New(at.as_deref());
        let limits = package_limits.at(&session.package, target.submission, at);
        let tle_line = session.tle_seconds() * limits.time_limit / package_limits.time_limit;
        let judged = jury
            .run(target.program, case, &limits)
            .map_err(stopped(&run.save))?;
        if target.catch.contains(&judged.verdict) && (!only_slow || judged.cpu > tle_line) {
            tell.out(&format!(
                "{}: caught ({}) by {name}, found above",
                target.name, judged.detail
            ));
            return Ok(true);
        }
    }
    Ok(false)
}

/// A survivor's searches so far.
struct Hunted {
    /// Seconds its searches took.
    spent: f64,
    /// Its searches.
    rounds: usize,
    /// Caught (by its own search or a test found above), or out of its cap.
    done: bool,
    /// Whether it was caught.
    caught: bool,
    /// Caught by a test that no group may hold ([`Placement::Nowhere`]):
    /// its expectation, not the data, is what is wrong.
    held_by_none: bool,
    /// Its last search's agreement, told once no round is left.
    last: Option<Searched>,
    /// The seconds its last search kept back before the budget's end, when
    /// that cut the search short ([`Hunt::reserved`]).
    reserved: Option<f64>,
}

/// What the rounds came to ([`hunt_survivors`]).
pub(super) struct RoundsDone {
    /// Survivors caught (and written where they may go).
    pub caught: usize,
    /// Survivors caught only by a test no group may hold.
    pub held_by_none: usize,
    /// Rounds run.
    pub rounds: usize,
    /// Each survivor not caught that a test moving the limit would have
    /// caught: its name and why the move was refused (issue 45).
    pub refused: Vec<(String, String)>,
}

/// `searched 12.5 s in 2 rounds`, and on a line of its own when the
/// budget's end cut its last search short, what was kept back for a late
/// catch's confirmation.
fn searched_for(h: &Hunted) -> String {
    let rounds = if h.rounds == 1 { "round" } else { "rounds" };
    let reserved = h.reserved.map_or(String::new(), |r| {
        format!(
            "\n  its last search stopped {r:.1} s before the budget's end, kept for confirming a late catch (the limit's check, the confirming runs)"
        )
    });
    format!(
        "searched {:.1} s in {} {rounds}{reserved}",
        h.spent, h.rounds
    )
}

/// Every survivor searched under the shared budget ([`crate::drive::budget`]),
/// round after round, the cheapest first, until `rounds_end`; each catch
/// told (and saved) when made, each survivor not caught told once the
/// rounds are over, with the seconds its searches took ([`RoundsDone`]).
pub(super) fn hunt_survivors(
    run: &Run,
    (survivors, rounds_end): (&[crate::Survivor], Instant),
    found: &mut Found,
) -> Result<RoundsDone, HardenError> {
    let (session, config, tell) = (run.session, run.config, run.tell);
    let until_end = || {
        rounds_end
            .saturating_duration_since(Instant::now())
            .as_secs_f64()
    };
    let budget = until_end();
    let shares = Shares {
        budget,
        cap: config.seconds.unwrap_or(budget),
    };
    let cost = |s: &crate::Survivor| {
        let row = session
            .matrix
            .rows
            .iter()
            .find(|r| r.submission == s.submission);
        row.and_then(|r| r.slowest()).map_or(0.0, |(_, t)| t)
    };
    let mut order: Vec<usize> = (0..survivors.len()).collect();
    order.sort_by(|&a, &b| cost(&survivors[a]).total_cmp(&cost(&survivors[b])));
    let mut hunted: Vec<Hunted> = survivors
        .iter()
        .map(|_| Hunted {
            spent: 0.0,
            rounds: 0,
            done: false,
            caught: false,
            held_by_none: false,
            last: None,
            reserved: None,
        })
        .collect();
    for round in 0..MOST_ROUNDS {
        let alive: Vec<usize> = order.iter().copied().filter(|&i| !hunted[i].done).collect();
        for (k, &i) in alive.iter().enumerate() {
            let survivor = &survivors[i];
            if caught_above(run, survivor, found)? {
                (hunted[i].done, hunted[i].caught) = (true, true);
                continue;
            }
            let remaining = until_end();
            let (spent, left) = (hunted[i].spent, alive.len() - k);
            // The first round's parts never run past the rounds' end either.
            let slice = shares.slice(round, survivors.len(), left, remaining, spent);
            let Some(seconds) = slice.map(|s| s.min(remaining)).filter(|s| *s > 0.0) else {
                hunted[i].done |= round == 0 || spent >= shares.cap;
                continue;
            };
            let target = survivor_target(session, survivor);
            tell.note(&format!(
                "searching for a test that catches {} ({}), round {}: {seconds:.1} s",
                target.name,
                target
                    .catch
                    .iter()
                    .map(|v| v.code())
                    .collect::<Vec<_>>()
                    .join("/"),
                round + 1
            ));
            jurybox_judging::progress::phase(&format!("search: {}", target.name), 0);
            let began = std::time::Instant::now();
            let seed = config.seed.wrapping_add(round as u64);
            let held_to = searched_in(session, survivor);
            let Hunt { searched, reserved } = run.hunt(&target, held_to.as_ref(), seconds, seed)?;
            let h = &mut hunted[i];
            h.spent += began.elapsed().as_secs_f64();
            h.rounds += 1;
            h.reserved = reserved;
            found.disagreements += run.disagreements()?;
            match searched {
                Searched::Agreed {
                    candidates,
                    valid,
                    tried,
                    refused_move,
                } => {
                    h.done = h.spent >= shares.cap;
                    // A refusal an earlier round met is kept when this
                    // round met none: it is why the survivor is not caught.
                    let earlier = match h.last.take() {
                        Some(Searched::Agreed { refused_move, .. }) => refused_move,
                        _ => None,
                    };
                    h.last = Some(Searched::Agreed {
                        candidates,
                        valid,
                        tried,
                        refused_move: refused_move.or(earlier),
                    });
                }
                caught_or_stopped => {
                    let mut placement = Placement::Into(None);
                    if let Searched::Caught(c) = &caught_or_stopped {
                        placement = place(session, Some(survivor), c, run.cancel)
                            .map_err(stopped(&run.save))?;
                        let (_, into) = placement.destination(&session.package, false);
                        let group = into.or(held_to.as_ref());
                        let (case, name) = found_case(session, &target.name, c, group);
                        found.cases.push(case);
                        found.names.push(name);
                        found.groups.push(into.map(|g| g.name.clone()));
                    }
                    let (write_to, group) = placement.destination(&session.package, config.write);
                    let save = (run.save.as_path(), write_to, group);
                    tell_search(&target.name, caught_or_stopped, save, &run.replay, tell)?;
                    h.held_by_none = placement.tell_nowhere(tell);
                    tell.out(&format!("  {}", searched_for(h)));
                    (h.done, h.caught) = (true, true);
                }
            }
        }
    }
    let mut refused = Vec::new();
    for (i, h) in hunted.iter_mut().enumerate().filter(|(_, h)| !h.caught) {
        let name = &survivors[i].label(&session.package);
        match h.last.take() {
            Some(last) => {
                if let Searched::Agreed {
                    refused_move: Some(r),
                    ..
                } = &last
                {
                    refused.push((name.clone(), r.but.clone()));
                }
                tell_search(name, last, (&run.save, None, None), &run.replay, tell)?;
                tell.out(&format!("  {}", searched_for(h)));
            }
            None => tell.out(&format!(
                "{name}: not caught: not searched (the budget ran out)"
            )),
        }
    }
    let rounds = hunted.iter().map(|h| h.rounds).max().unwrap_or(0);
    let held_by_none = hunted.iter().filter(|h| h.held_by_none).count();
    let caught = hunted.iter().filter(|h| h.caught).count() - held_by_none;
    Ok(RoundsDone {
        caught,
        held_by_none,
        rounds,
        refused,
    })
}
