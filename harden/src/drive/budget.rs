//! One budget for every survivor's search (`--budget`), shared round by
//! round so that no survivor goes unsearched: a package whose limit, derived
//! from the samples alone, lets twelve slow submissions through once spent
//! ten minutes of `--seconds` on the first three and never searched the
//! rest. The first round gives each survivor an equal part of half the
//! budget (all of it when there is one); each later round splits what is
//! left among those still alive, the cheapest first (the quickest on the
//! package's tests: more candidates judged for the same time), each search
//! with a new seed so it goes past what the last one drew (a too-slow
//! survivor's maximal shapes go on from where its last search stopped).
//! `--seconds` caps one survivor's total.
//!
//! The mutants of the accepted submissions are made and judged out of the
//! same budget, before any survivor's round, but only up to a third of it
//! ([`MUTANTS_PART`]): at default options twenty mutants once took the whole
//! ten minutes before a survivor was searched. A mutant is started only while
//! the time spent plus the longest one so far still fits the share
//! ([`MutantsShare::admits`]); what the share leaves is kept for the
//! searches of the mutants the data leaves alive, after the rounds; the
//! survivors' rounds get the rest.
//!
//! The budget is the whole command's ([`CommandClock`]): opening the package
//! and the audit come out of it first, and [`Phases`] says where it went.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The whole command's clock: `--budget` counts from when `harden` began,
/// so opening the package (building, the limit, the matrix), the audit and
/// the machine's measure come out of it, and what follows the searches (a
/// late catch's confirmation, the mutants' searches) is reserved from it.
/// At default options the measure gives harden ten minutes a
/// problem, and a search that ran to the budget once ended 320 s past it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CommandClock {
    began: Instant,
    seconds: f64,
}

impl CommandClock {
    /// A clock of `seconds`, started now.
    pub fn new(seconds: f64) -> Self {
        Self {
            began: Instant::now(),
            seconds,
        }
    }

    /// Seconds since the command began.
    pub fn spent(&self) -> f64 {
        self.began.elapsed().as_secs_f64()
    }

    /// Seconds of the budget left (0 once spent).
    pub fn left(&self) -> f64 {
        (self.seconds - self.spent()).max(0.0)
    }

    /// The budget's end, less `reserve` seconds (now when that is past).
    pub fn end_less(&self, reserve: f64) -> Instant {
        let now = Instant::now();
        let left = (self.left() - reserve).max(0.0);
        // A budget too large for an instant ends never, as far as a
        // command can tell.
        Duration::try_from_secs_f64(left)
            .ok()
            .and_then(|d| now.checked_add(d))
            .unwrap_or_else(|| now + Duration::from_secs(u32::MAX.into()))
    }

    /// The budget's end.
    pub fn end(&self) -> Instant {
        self.end_less(0.0)
    }
}

/// A later round is not worth starting below this many seconds a survivor.
pub(super) const SHORTEST_ROUND: f64 = 1.0;

/// At most this many rounds.
pub(super) const MOST_ROUNDS: usize = 4;

/// The shared budget and the cap of one survivor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Shares {
    /// Seconds for every survivor's search together.
    pub budget: f64,
    /// Seconds one survivor may take in all its rounds.
    pub cap: f64,
}

impl Shares {
    /// The seconds a survivor that has `spent` already gets in `round`, when
    /// `survivors` were searched in the first round, `alive` are still to be
    /// searched in this one and `remaining` seconds of the budget are left;
    /// `None` when it is not worth a search.
    pub fn slice(
        &self,
        round: usize,
        survivors: usize,
        alive: usize,
        remaining: f64,
        spent: f64,
    ) -> Option<f64> {
        // The first round never waits on what earlier searches overran: each
        // survivor gets its part.
        let left_to_it = if round == 0 {
            self.cap - spent
        } else {
            (self.cap - spent).min(remaining)
        };
        let share = if round == 0 {
            let part = if survivors > 1 { 2.0 } else { 1.0 };
            self.budget / (part * survivors.max(1) as f64)
        } else {
            remaining / alive.max(1) as f64
        };
        let slice = share.min(left_to_it);
        let worth = if round == 0 { 0.0 } else { SHORTEST_ROUND };
        (slice > worth && round < MOST_ROUNDS).then_some(slice)
    }
}

/// The most of `--budget` the making and judging of the mutants may take.
pub(crate) const MUTANTS_PART: f64 = 1.0 / 3.0;

/// The mutants' share of the budget, and whether one more fits in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct MutantsShare {
    /// Seconds the mutants' phase may take.
    pub seconds: f64,
}

impl MutantsShare {
    /// The share of a `budget` of seconds.
    pub fn of(budget: f64) -> Self {
        Self {
            seconds: budget * MUTANTS_PART,
        }
    }

    /// The share, but never more than the `left` seconds of the command's
    /// budget (opening a package may have taken most of it).
    pub fn within(self, left: f64) -> Self {
        Self {
            seconds: self.seconds.min(left),
        }
    }

    /// Whether a mutant may start when `spent` seconds of the share are gone
    /// and the longest mutant so far took `longest`: it starts only if one
    /// as long as that still ends inside the share. (The first starts at
    /// once: nothing is known of its cost; a mutant longer than every one
    /// before it may overrun by the difference.)
    pub fn admits(&self, spent: f64, longest: f64) -> bool {
        spent + longest <= self.seconds
    }
}

/// The clock of the mutants' phase: when it began and the longest mutant
/// so far (shared by the threads that make or judge them).
#[derive(Debug)]
pub(crate) struct MutantsClock {
    share: MutantsShare,
    began: Instant,
    /// Nanoseconds of the longest mutant in the current step.
    longest: AtomicU64,
}

impl MutantsClock {
    /// A clock for a share of `seconds`, started now.
    pub fn new(share: MutantsShare) -> Self {
        Self {
            share,
            began: Instant::now(),
            longest: AtomicU64::new(0),
        }
    }

    /// A clock that admits every mutant (no budget: `jurybox mutants`).
    pub fn unlimited() -> Self {
        Self::new(MutantsShare {
            seconds: f64::INFINITY,
        })
    }

    /// A new step (judging after making): its mutants cost what they cost,
    /// not what the last step's did.
    pub fn next_step(&self) {
        self.longest.store(0, Ordering::Relaxed);
    }

    /// When a mutant may start now, the instant it started; `None` when the
    /// share is spent ([`MutantsShare::admits`]).
    pub fn start(&self) -> Option<Instant> {
        let longest = Duration::from_nanos(self.longest.load(Ordering::Relaxed)).as_secs_f64();
        self.share.admits(self.spent(), longest).then(Instant::now)
    }

    /// A mutant started at `began` is done.
    pub fn done(&self, began: Instant) {
        let nanos = u64::try_from(began.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.longest.fetch_max(nanos, Ordering::Relaxed);
    }

    /// Seconds since the phase began.
    pub fn spent(&self) -> f64 {
        self.began.elapsed().as_secs_f64()
    }

    /// The share's seconds.
    pub fn seconds(&self) -> f64 {
        self.share.seconds
    }
}

/// The mutants' searches after the rounds: how many ran, how many the
/// budget left out, the seconds they took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct MutantSearches {
    pub searched: usize,
    pub not_searched: usize,
    pub seconds: f64,
}

/// Where a command's budget went, phase by phase, for its last line: which
/// phases ran and how far, so a run that met the budget's end says what it
/// left out.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Phases {
    /// `--budget`.
    pub budget: f64,
    /// Building, the limit, the matrix.
    pub opening: f64,
    /// The audit of the jury's programs.
    pub audit: f64,
    /// Measuring this machine (with `--write`).
    pub speed: f64,
    /// The mutants made and judged, and their share.
    pub mutants: (f64, f64),
    /// The survivors' rounds: seconds and rounds.
    pub rounds: (f64, usize),
    /// The mutants' searches.
    pub mutant_searches: MutantSearches,
    /// The whole command.
    pub whole: f64,
}

impl Phases {
    /// Nothing spent yet of `budget`.
    pub fn new(budget: f64) -> Self {
        Self {
            budget,
            ..Self::default()
        }
    }

    /// `budget 600 s, 412.3 s used: opening 31.0 s, ...`.
    pub fn said(&self) -> String {
        let mut parts = vec![format!(
            "opening (build, limit, matrix) {:.1} s",
            self.opening
        )];
        if self.audit > 0.05 {
            parts.push(format!("audit {:.1} s", self.audit));
        }
        if self.speed > 0.05 {
            parts.push(format!("measuring this machine {:.1} s", self.speed));
        }
        let (mutants, share) = self.mutants;
        parts.push(format!("mutants {mutants:.1} s (at most {share:.0} s)"));
        let (rounds, n) = self.rounds;
        let plural = if n == 1 { "" } else { "s" };
        parts.push(format!(
            "survivors' rounds {rounds:.1} s in {n} round{plural}"
        ));
        let m = self.mutant_searches;
        if m.searched + m.not_searched > 0 {
            let left_out = match m.not_searched {
                0 => String::new(),
                n => format!(", {n} not searched: the budget ran out"),
            };
            parts.push(format!(
                "mutants' searches {:.1} s ({} searched{left_out})",
                m.seconds, m.searched
            ));
        }
        format!(
            "budget {:.0} s, {:.1} s used: {}",
            self.budget,
            self.whole,
            parts.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of the mutants costing `costs` seconds (one after another)
    /// the share admits, and the seconds they take: the rule the mutants'
    /// phase follows, with given costs instead of a clock.
    fn admitted(share: MutantsShare, costs: &[f64]) -> (usize, f64) {
        let (mut spent, mut longest) = (0.0, 0.0_f64);
        let mut n = 0;
        for &cost in costs {
            if !share.admits(spent, longest) {
                break;
            }
            spent += cost;
            longest = longest.max(cost);
            n += 1;
        }
        (n, spent)
    }

    #[test]
    fn the_mutants_never_take_more_than_their_share_of_the_budget() {
        let share = MutantsShare::of(600.0);
        assert_eq!(share.seconds, 200.0);
        // Twenty mutants of 30 s each (the measured case: 600 s in all) stop
        // at six, inside the third; the survivors keep the other 420 s.
        let (n, spent) = admitted(share, &[30.0; 20]);
        assert_eq!((n, spent), (6, 180.0));
        // Cheap mutants all fit.
        assert_eq!(admitted(share, &[2.0; 20]), (20, 40.0));
        // Costs that grow by at most the longest so far never overrun.
        let growing: Vec<f64> = (1..=20).map(|i| i as f64).collect();
        let (n, spent) = admitted(share, &growing);
        assert!(spent <= share.seconds, "{n} mutants took {spent} s");
        assert_eq!(n, 19);
    }

    /// The command's last line says where the budget went, and what the
    /// budget's end left out: here two surviving mutants not searched.
    #[test]
    fn the_last_line_says_each_phase_and_what_the_budget_left_out() {
        let phases = Phases {
            budget: 600.0,
            opening: 31.0,
            audit: 12.5,
            speed: 0.0,
            mutants: (150.0, 200.0),
            rounds: (380.0, 2),
            mutant_searches: MutantSearches {
                searched: 3,
                not_searched: 2,
                seconds: 15.0,
            },
            whole: 590.0,
        };
        assert_eq!(
            phases.said(),
            "budget 600 s, 590.0 s used: opening (build, limit, matrix) 31.0 s, audit 12.5 s, mutants 150.0 s (at most 200 s), survivors' rounds 380.0 s in 2 rounds, mutants' searches 15.0 s (3 searched, 2 not searched: the budget ran out)"
        );
        // A mutants' share is never more than the command has left.
        assert_eq!(MutantsShare::of(600.0).within(50.0).seconds, 50.0);
        assert_eq!(MutantsShare::of(600.0).within(500.0).seconds, 200.0);
    }

    #[test]
    fn twelve_survivors_each_get_a_first_round_then_the_rest_is_shared() {
        let shares = Shares {
            budget: 600.0,
            cap: 600.0,
        };
        // Half the budget over twelve, then the other half over those alive.
        assert_eq!(shares.slice(0, 12, 12, 600.0, 0.0), Some(25.0));
        assert_eq!(shares.slice(1, 12, 4, 300.0, 25.0), Some(75.0));
        // One survivor: the whole budget at once.
        assert_eq!(shares.slice(0, 1, 1, 600.0, 0.0), Some(600.0));
        // The cap of one survivor holds across its rounds.
        let capped = Shares {
            budget: 600.0,
            cap: 40.0,
        };
        assert_eq!(capped.slice(0, 2, 2, 600.0, 0.0), Some(40.0));
        assert_eq!(capped.slice(1, 2, 1, 560.0, 40.0), None);
        // Nothing left: no later round.
        assert_eq!(shares.slice(1, 12, 3, 0.5, 25.0), None);
        assert_eq!(shares.slice(MOST_ROUNDS, 12, 3, 300.0, 25.0), None);
    }
}
