//! The search for a test a too-slow target is separable on
//! ([`Searcher::search_slow`]): ever larger inputs, the target run first,
//! then the limit's question asked of what is slow enough.

use super::keeps_limit::{LimitOn, Thin};
use super::moved_limit::{LimitMove, MoveChecked};
use super::{Caught, CutShort, Searched, Searcher, Target, CONFIRMING_RUNS};
use crate::source::Candidate;
use crate::source::Source;
use jurybox_jury::{Case, Limits, Run, Stop};

/// A too-slow target's catch, unshrunk (the size is the point), moving the
/// derived limit as `moved_limit` says when it does.
fn as_found(
    case: &Case,
    run: &Run,
    candidate: &Candidate,
    moved_limit: Option<LimitMove>,
) -> Searched {
    Searched::Caught(Box::new(Caught {
        original: case.input.clone(),
        input: case.input.clone(),
        answer: case.answer.clone(),
        run: run.clone(),
        provenance: candidate.provenance.clone(),
        command: candidate.command.clone(),
        shrunk: None,
        moved_limit,
    }))
}

impl Searcher<'_> {
    /// The target's limits on a test of the search's group, and its TLE
    /// line there: `tle_seconds` (the package's) at its own limit (its
    /// language's, the group's) where that is not the package's.
    fn own_line(&self, target: &Target, tle_seconds: f64) -> (Limits, f64) {
        let limits = self.limits_of(target.submission);
        let line = tle_seconds * limits.time_limit / self.limits.time_limit;
        (limits, line)
    }

    /// Searches `sources` (each drawing ever larger inputs, or the grammar's
    /// maximal shapes) for a test on which the too-slow `target` needs more
    /// than `time_limit_to_tle` × the limit while the limit stays where it is
    /// ([`Searcher::keeps_limit`]): separable, as the format asks of a
    /// `time_limit_exceeded/` submission. A candidate the validators refuse,
    /// the reference cannot answer or that would move the limit ends a
    /// growing source (anything larger fails the same way) and only itself
    /// in a source of [`Source::independent`] shapes (the grammar's maximal
    /// inputs). The target runs first, so the
    /// limit's question (runs of every bounding submission, one at a time) is
    /// asked only of an input that is slow enough. No shrinking: the size is
    /// the point. Past [`Searcher::end`] no run starts: a candidate whose
    /// check or confirming runs it cut short is kept apart
    /// ([`NoTests::take_cut_short`](super::NoTests::take_cut_short)).
    pub fn search_slow(
        &self,
        target: &Target,
        sources: &mut [Box<dyn Source + '_>],
        tle_seconds: f64,
    ) -> Searched {
        let (limits, tle_seconds) = self.own_line(target, tle_seconds);
        let (mut candidates, mut valid) = (0, 0);
        // What confirming a catch takes, by the CPU its runs are stopped at,
        // times how much longer than their CPU the target's runs took so far
        // (a busy machine's share): no candidate starts with less left.
        let (reserve, mut load) = (self.confirming_reserve(target), 1.0_f64);
        for at in 0..sources.len() {
            while let Some(candidate) = sources[at].next_candidate() {
                let late = self.too_late_to_confirm(reserve * load);
                if late || self.over() || self.max_candidates.is_some_and(|m| candidates >= m) {
                    return self.ended(candidates, valid);
                }
                candidates += 1;
                let start = std::time::Instant::now();
                let made = candidate
                    .input
                    .make_by(self.jury.cancel, Some(self.deadline));
                let Some(input) = made else {
                    if sources[at].independent() {
                        continue;
                    }
                    break;
                };
                match self.valid(&input) {
                    // Looked at again: a validator on a maximal input is slow.
                    Ok(true) if self.over() => return self.ended(candidates, valid),
                    Ok(true) => valid += 1,
                    Ok(false) => {
                        if sources[at].independent() {
                            continue;
                        }
                        break;
                    }
                    Err(stop) => return Searched::Stopped(stop),
                }
                let answer = match self.answer(&input) {
                    Ok(Some(answer)) => answer,
                    Ok(None) => {
                        if sources[at].independent() {
                            continue;
                        }
                        break;
                    }
                    Err(stop) => return Searched::Stopped(stop),
                };
                // Looked at again before the target's run, which may take
                // its kill time and more on a busy machine: the answer is
                // kept, the run would be past the deadline.
                if self.over() {
                    return self.ended(candidates, valid);
                }
                let case = self.candidate(&input, answer);
                // Made, validated and answered: what the next shapes of its
                // source cost, in the time that was left for them. Not the
                // target's run: that is what the search hopes is long (a
                // too-slow target runs to its kill time on every shape it
                // is slow on, whatever its size), and counted, it shrank
                // every shape after the first it was slow on.
                let left = self.deadline.saturating_duration_since(start);
                let seconds = start.elapsed().as_secs_f64();
                sources[at].judged(&candidate, seconds, left.as_secs_f64());
                let over = |run: &Run| run.cpu > tle_seconds && target.catch.contains(&run.verdict);
                // A run a busy machine starved has only a lower bound for its
                // CPU time: run again with a longer wall clock, as the matrix
                // does, or a slow input reads as fast at a high load.
                let alone = limits.alone();
                // Never past the budget's end: a starved run then stands as
                // it is (its CPU time a lower bound).
                let run = || match self.jury.run(target.program, &case, &limits) {
                    Ok(first) if first.starved && !self.past_end() => {
                        self.jury.run(target.program, &case, &alone)
                    }
                    other => other,
                };
                let target_run = match run() {
                    Ok(first) => first,
                    Err(stop) => return Searched::Stopped(stop),
                };
                load = load
                    .max(target_run.wall / target_run.cpu.max(0.1))
                    .min(10.0);
                for climber in sources.iter_mut() {
                    climber.cost(&case.input, target_run.cpu);
                }
                if !over(&target_run) {
                    continue;
                }
                // Past the budget's end no run starts: the candidate is kept
                // apart with how far its confirmation went, and the search
                // ends (nothing else could run either).
                let cut_short =
                    |how_far| self.keep_cut_short(&case, &target_run, &candidate, how_far);
                match self.limit_on(&case, Thin::RunAgain) {
                    Ok(LimitOn::Kept) => {}
                    Ok(cut @ LimitOn::Cut { .. }) => {
                        cut_short(cut.how_far());
                        return self.ended(candidates, valid);
                    }
                    Ok(refused) => {
                        // A derived limit may move with it, when the target
                        // is still separable under the limit it gives.
                        let seen = (&case, &target_run, &candidate);
                        let moved = self.as_move(refused, target, seen, (candidates, valid));
                        let larger_may = match moved {
                            Ok(larger_may) => larger_may,
                            Err(ended) => return ended,
                        };
                        self.no_tests.note(refused);
                        if refused == LimitOn::Moves {
                            for source in sources.iter_mut() {
                                source.too_costly(&case.input);
                            }
                        }
                        if larger_may || sources[at].independent() {
                            continue;
                        }
                        break;
                    }
                    Err(stop) => return Searched::Stopped(stop),
                }
                // One run over the line may be a neighbour's noise: the catch
                // must hold on CONFIRMING_RUNS runs, else the next size is tried.
                let confirmed = match self.confirming_runs(&run, &over) {
                    Ok(Ok(confirmed)) => confirmed,
                    Ok(Err(held)) => {
                        cut_short(format!(
                            "the confirming runs: over the line on {held} of {CONFIRMING_RUNS} before the budget's end"
                        ));
                        return self.ended(candidates, valid);
                    }
                    Err(stop) => return Searched::Stopped(stop),
                };
                if confirmed {
                    return as_found(&case, &target_run, &candidate, None);
                }
            }
        }
        Searched::Agreed {
            candidates,
            valid,
            tried: Vec::new(),
            refused_move: None,
        }
    }

    /// `case`, which the target is over the line on (`run`) but which the
    /// limit refused (`refused`), asked, when it moves the limit, as a move
    /// of a derived one
    /// ([`Searcher::moved_catch`]): `Err` ends the search with what it came
    /// to (caught; cut short by the budget's end, kept apart; stopped),
    /// `Ok(larger_may)` goes on ([`MoveChecked::Refused`]), the refusal
    /// kept to be told if the target is not caught.
    fn as_move(
        &self,
        refused: LimitOn,
        target: &Target,
        (case, run, candidate): (&Case, &Run, &Candidate),
        (candidates, valid): (usize, usize),
    ) -> Result<bool, Searched> {
        if refused != LimitOn::Moves {
            return Ok(false);
        }
        match self.moved_catch(target, case) {
            Ok(MoveChecked::Kept(moved)) => Err(as_found(case, run, candidate, Some(moved))),
            Ok(MoveChecked::Cut(how_far)) => {
                self.keep_cut_short(case, run, candidate, how_far);
                Err(self.ended(candidates, valid))
            }
            Ok(MoveChecked::Refused {
                larger_may,
                refusal,
            }) => {
                self.no_tests.refused_move(refusal);
                Ok(larger_may)
            }
            Err(stop) => Err(Searched::Stopped(stop)),
        }
    }

    /// The too-slow target's runs again (`run`) on a candidate it was over
    /// the line on (`over`), up to [`CONFIRMING_RUNS`] in all: `Ok(true)`
    /// when every one was, `Ok(false)` at the first that was not (a
    /// neighbour's noise), `Err(held)` when the budget's end came after
    /// `held` runs over the line ([`Searcher::end`]).
    fn confirming_runs(
        &self,
        run: &dyn Fn() -> Result<Run, Stop>,
        over: &dyn Fn(&Run) -> bool,
    ) -> Result<Result<bool, usize>, Stop> {
        for held in 1..CONFIRMING_RUNS {
            if self.past_end() {
                return Ok(Err(held));
            }
            if !over(&run()?) {
                return Ok(Ok(false));
            }
        }
        Ok(Ok(true))
    }

    /// Whether the budget's end is less than `seconds` away.
    fn too_late_to_confirm(&self, seconds: f64) -> bool {
        let left =
            |end: std::time::Instant| end.saturating_duration_since(std::time::Instant::now());
        self.end
            .is_some_and(|end| left(end).as_secs_f64() < seconds)
    }

    /// `case`, which the target failed (`run`), kept apart: the budget's end
    /// cut its confirmation short after `how_far`.
    fn keep_cut_short(&self, case: &Case, run: &Run, candidate: &Candidate, how_far: String) {
        self.no_tests.cut_short(CutShort {
            input: case.input.clone(),
            answer: case.answer.clone(),
            run: Some(run.clone()),
            provenance: candidate.provenance.clone(),
            how_far,
        });
    }
}
