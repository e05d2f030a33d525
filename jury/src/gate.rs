//! The cores of one machine, shared by every judged run of the process: the
//! one gate ([`machine`], `--jobs` slots) that `Jury::run` and
//! `Jury::run_alone` pass, whoever calls them. A run beside others takes one
//! slot, a run alone takes them all, so "a run alone" holds by construction,
//! not by its callers' care; and several problems judged at once (`run
//! CONTEST`) fill the cores one problem's tail leaves idle (the last runs of
//! a parallel pass, a matrix of few rows) without ever running beside a run
//! whose time sets a limit.
//!
//! A pass is held only while its program runs: never while its holder waits
//! on the pool (`jurybox_judging::jobs`), so every wait here ends when the
//! runs in flight do, however deeply the pool's work is nested.
//!
//! Waiters go in the contest's order (`priority`, 0 first), and within one
//! problem a run alone before runs beside others (writers first, as a fair
//! read-write lock has it): a run alone waits only for the runs in flight to
//! end, none of a later problem starting meanwhile, and an earlier problem's
//! parallel pass goes before a later problem's runs alone (each switch
//! between the two leaves cores idle while the runs in flight drain, so a
//! pass is let finish rather than cut into). The order is among waiters
//! only: a slot given back between two runs of an earlier problem may go to
//! a later problem's waiting run before the earlier one asks again (on
//! karwa2024 the second problem's bounding pass went on while the next two
//! were judged whole), so problems judged at once share the cores more than
//! they queue for them. The cores stay busy either way, and no run ever runs
//! beside a run alone.
//!
//! std has no semaphore, and `RwLock` neither bounds its readers nor orders
//! its waiters; this is a mutex and a condition variable, O(waiters) a turn.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// The process's one gate, of `--jobs` slots
/// (`jurybox_judging::jobs::jobs`): every judged run passes it.
pub fn machine() -> &'static Gate {
    static MACHINE: OnceLock<Gate> = OnceLock::new();
    MACHINE.get_or_init(|| Gate::new(jurybox_judging::jobs::jobs()))
}

/// A machine's cores, shared by parallel runs and taken whole by runs alone.
#[derive(Debug)]
pub struct Gate {
    capacity: usize,
    state: Mutex<State>,
    turned: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Slots held by runs beside others.
    beside: usize,
    /// Whether a run alone holds the gate.
    alone: bool,
    /// Waiting runs beside others, by priority.
    waiting_beside: BTreeMap<usize, usize>,
    /// Waiting runs alone, by priority.
    waiting_alone: BTreeMap<usize, usize>,
}

impl State {
    fn first_waiting(waiting: &BTreeMap<usize, usize>) -> Option<usize> {
        waiting.keys().next().copied()
    }

    /// Whether a run beside others of `priority` may start now: a slot is
    /// free, and no run alone of its problem or an earlier one, nor a run
    /// beside others of an earlier problem, waits.
    fn admits_beside(&self, capacity: usize, priority: usize) -> bool {
        !self.alone
            && self.beside < capacity
            && Self::first_waiting(&self.waiting_alone).is_none_or(|first| first > priority)
            && Self::first_waiting(&self.waiting_beside).is_none_or(|first| first >= priority)
    }

    /// Whether a run alone of `priority` may start now: nothing is in
    /// flight, and no run of an earlier problem waits.
    fn admits_alone(&self, priority: usize) -> bool {
        !self.alone
            && self.beside == 0
            && Self::first_waiting(&self.waiting_alone).is_none_or(|first| first >= priority)
            && Self::first_waiting(&self.waiting_beside).is_none_or(|first| first >= priority)
    }
}

fn enqueue(waiting: &mut BTreeMap<usize, usize>, priority: usize) {
    *waiting.entry(priority).or_default() += 1;
}

fn dequeue(waiting: &mut BTreeMap<usize, usize>, priority: usize) {
    if let Some(count) = waiting.get_mut(&priority) {
        *count -= 1;
        if *count == 0 {
            waiting.remove(&priority);
        }
    }
}

/// A run's hold on the gate, given back when dropped (a panic included).
#[must_use = "the hold ends when this is dropped"]
pub struct GatePass<'a> {
    gate: &'a Gate,
    alone: bool,
}

impl Drop for GatePass<'_> {
    fn drop(&mut self) {
        let mut state = self.gate.lock();
        match self.alone {
            true => state.alone = false,
            false => state.beside -= 1,
        }
        drop(state);
        self.gate.turned.notify_all();
    }
}

impl Gate {
    /// A gate for `capacity` runs beside each other (at least one).
    pub fn new(capacity: usize) -> Gate {
        Gate {
            capacity: capacity.max(1),
            state: Mutex::new(State::default()),
            turned: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A pass is given back in `drop`, which a panic runs too: the state
        // is whole whenever the lock is free.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits for a slot beside other runs; lower `priority` goes first.
    pub fn shared(&self, priority: usize) -> GatePass<'_> {
        let mut state = self.lock();
        enqueue(&mut state.waiting_beside, priority);
        while !state.admits_beside(self.capacity, priority) {
            state = self.wait(state);
        }
        dequeue(&mut state.waiting_beside, priority);
        state.beside += 1;
        drop(state);
        // A waiter of a later priority may now be first in line.
        self.turned.notify_all();
        GatePass {
            gate: self,
            alone: false,
        }
    }

    /// Waits until no other run is in flight, and keeps others out.
    pub fn alone(&self, priority: usize) -> GatePass<'_> {
        let mut state = self.lock();
        enqueue(&mut state.waiting_alone, priority);
        while !state.admits_alone(priority) {
            state = self.wait(state);
        }
        dequeue(&mut state.waiting_alone, priority);
        state.alone = true;
        GatePass {
            gate: self,
            alone: true,
        }
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.turned
            .wait(state)
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// One problem's place among problems judged at once on the machine (`run
/// CONTEST`): its rank in the contest's order, which the one gate serves
/// first, and its label, under which its runs' progress is told (the runs
/// are tasks of the one pool, which works for every problem). The default,
/// rank 0 and no label, is a problem judged alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turn<'a> {
    /// 0 first.
    pub priority: usize,
    /// The problem's label (`A`), or none.
    pub label: Option<&'a str>,
}

impl<'a> Turn<'a> {
    /// The problem at `priority` (0 first), called `label`.
    pub fn of(priority: usize, label: &'a str) -> Turn<'a> {
        Turn {
            priority,
            label: Some(label),
        }
    }

    /// A slot beside other runs of the machine.
    pub fn beside(&self) -> GatePass<'static> {
        machine().shared(self.priority)
    }

    /// The machine to itself: no other judged run in flight.
    pub fn alone(&self) -> GatePass<'static> {
        machine().alone(self.priority)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::time::Duration;

    /// Holds a pass for a moment, recording the most runs in flight at once
    /// and whether any ran beside a run alone.
    struct Watch {
        in_flight: AtomicUsize,
        most: AtomicUsize,
        alone_in_flight: AtomicUsize,
        broken: AtomicUsize,
    }

    impl Watch {
        fn new() -> Watch {
            Watch {
                in_flight: AtomicUsize::new(0),
                most: AtomicUsize::new(0),
                alone_in_flight: AtomicUsize::new(0),
                broken: AtomicUsize::new(0),
            }
        }

        fn hold(&self, alone: bool) {
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.most.fetch_max(now, Ordering::SeqCst);
            if alone {
                self.alone_in_flight.fetch_add(1, Ordering::SeqCst);
            }
            if self.alone_in_flight.load(Ordering::SeqCst) > 0 && now > 1 {
                self.broken.fetch_add(1, Ordering::SeqCst);
            }
            std::thread::sleep(Duration::from_millis(2));
            if alone {
                self.alone_in_flight.fetch_sub(1, Ordering::SeqCst);
            }
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Waits for the gate's state to show `what` (a gate that admitted the
    /// run at once never queues it: the test fails, not hangs).
    fn until(gate: &Gate, what: &str, shows: impl Fn(&State) -> bool) {
        let start = std::time::Instant::now();
        while !shows(&gate.lock()) {
            // A guard against a hang, not a timing threshold.
            assert!(start.elapsed() < Duration::from_secs(300), "never: {what}");
            std::thread::yield_now();
        }
    }

    #[test]
    fn runs_beside_others_never_exceed_the_capacity_nor_meet_a_run_alone() {
        let gate = Gate::new(3);
        let watch = Watch::new();
        std::thread::scope(|scope| {
            for problem in 0..4 {
                let (gate, watch) = (&gate, &watch);
                scope.spawn(move || {
                    for i in 0..30 {
                        let alone = (i + problem) % 7 == 0;
                        let _pass = match alone {
                            true => gate.alone(problem),
                            false => gate.shared(problem),
                        };
                        watch.hold(alone);
                    }
                });
            }
        });
        assert!(watch.most.load(Ordering::SeqCst) <= 3);
        assert!(
            watch.most.load(Ordering::SeqCst) >= 2,
            "the slots were used"
        );
        assert_eq!(watch.broken.load(Ordering::SeqCst), 0);
    }

    /// Starts a thread that takes a pass (alone, or beside others) of
    /// `priority` and sends `name` once it has it; returns once it waits.
    fn queued<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        gate: &'scope Gate,
        (alone, priority): (bool, usize),
        name: &'static str,
        said: mpsc::Sender<&'static str>,
    ) {
        let waiting = |s: &State| match alone {
            true => s.waiting_alone.values().sum::<usize>(),
            false => s.waiting_beside.values().sum::<usize>(),
        };
        let before = waiting(&gate.lock());
        scope.spawn(move || {
            let _pass = match alone {
                true => gate.alone(priority),
                false => gate.shared(priority),
            };
            said.send(name).unwrap();
        });
        until(gate, name, |s| waiting(s) > before);
    }

    const ALONE: bool = true;
    const BESIDE: bool = false;

    #[test]
    fn a_waiting_run_alone_keeps_new_runs_beside_others_out() {
        let gate = Gate::new(2);
        let (sent, got) = mpsc::channel();
        std::thread::scope(|scope| {
            // Held in the scope: a failed assertion gives it back, so the
            // threads waiting for it end and the scope with them.
            let held = gate.shared(0);
            queued(scope, &gate, (ALONE, 0), "alone", sent.clone());
            queued(scope, &gate, (BESIDE, 1), "beside", sent);
            std::thread::sleep(Duration::from_millis(20));
            assert!(got.try_recv().is_err(), "a free slot was not taken");
            drop(held);
            assert_eq!(got.recv().unwrap(), "alone");
            assert_eq!(got.recv().unwrap(), "beside");
        });
    }

    #[test]
    fn the_earlier_problem_takes_a_freed_slot_first() {
        let gate = Gate::new(1);
        let (sent, got) = mpsc::channel();
        std::thread::scope(|scope| {
            let held = gate.shared(0);
            queued(scope, &gate, (BESIDE, 5), "later", sent.clone());
            queued(scope, &gate, (BESIDE, 1), "earlier", sent);
            drop(held);
            assert_eq!(got.recv().unwrap(), "earlier");
            assert_eq!(got.recv().unwrap(), "later");
        });
    }

    #[test]
    fn an_earlier_problems_pass_goes_before_a_later_problems_run_alone() {
        let gate = Gate::new(2);
        let (sent, got) = mpsc::channel();
        std::thread::scope(|scope| {
            let held = gate.shared(0);
            queued(scope, &gate, (ALONE, 1), "later, alone", sent);
            // A free slot, and the earlier problem takes it though a run alone waits.
            let second = gate.shared(0);
            std::thread::sleep(Duration::from_millis(20));
            assert!(got.try_recv().is_err(), "it ran beside the earlier problem");
            drop(held);
            drop(second);
            assert_eq!(got.recv().unwrap(), "later, alone");
        });
    }

    #[test]
    fn every_turn_passes_the_one_gate() {
        // A problem judged alone (the default turn) has no gate of its own to
        // skip: its run alone waits for a run beside it in flight.
        let (sent, got) = mpsc::channel();
        std::thread::scope(|scope| {
            let held = Turn::of(0, "held").beside();
            scope.spawn(move || {
                let _machine = Turn::default().alone();
                sent.send("alone").unwrap();
            });
            until(machine(), "the run alone waits", |s| {
                s.waiting_alone.values().sum::<usize>() > 0
            });
            assert!(got.try_recv().is_err(), "it ran beside a run in flight");
            drop(held);
            assert_eq!(got.recv().unwrap(), "alone");
        });
    }

    /// The one gate and the one pool as `run CONTEST` uses them: two
    /// problems' coordinators (threads of their own, `contest::in_order`)
    /// each start parallel passes on the pool whose tasks take slots beside
    /// others, some of them starting a pass nested in theirs or taking the
    /// machine alone from inside the pool, while the coordinators take it
    /// alone between passes. On a pool of one thread and of two, everything
    /// ends (a watchdog fails the test rather than let it hang), and no run
    /// is ever beside a run alone.
    #[test]
    fn the_one_gate_and_the_one_pool_never_deadlock() {
        use jurybox_judging::jobs::on_threads;
        use rayon::prelude::*;
        for jobs in [1, 2] {
            let watch = std::sync::Arc::new(Watch::new());
            let (done, finished) = mpsc::channel();
            let seen = std::sync::Arc::clone(&watch);
            std::thread::spawn(move || {
                let run = |turn: Turn, alone: bool| {
                    let _pass = match alone {
                        true => turn.alone(),
                        false => turn.beside(),
                    };
                    seen.hold(alone);
                };
                std::thread::scope(|scope| {
                    for problem in 0..2usize {
                        let run = &run;
                        scope.spawn(move || {
                            let turn = Turn::of(problem, "p");
                            for pass in 0..3 {
                                on_threads(jobs, || {
                                    (0..12usize).into_par_iter().for_each(|i| match i % 6 {
                                        0 => on_threads(jobs, || {
                                            (0..3usize)
                                                .into_par_iter()
                                                .for_each(|_| run(turn, false))
                                        }),
                                        5 if pass == 1 => run(turn, true),
                                        _ => run(turn, false),
                                    })
                                });
                                run(turn, true);
                            }
                        });
                    }
                });
                let _ = done.send(());
            });
            finished
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("the gate and the pool of {jobs} threads deadlocked"));
            assert_eq!(watch.broken.load(Ordering::SeqCst), 0, "beside a run alone");
        }
    }
}
