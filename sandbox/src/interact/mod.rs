//! Two programs in a dialogue: the program under test and the jury's interactor,
//! each in its own process group with its own token and limits, their stdin and
//! stdout connected through jurybox, which relays the bytes in one `poll(2)`
//! loop. Relaying (rather than joining their pipes) is what lets jurybox keep
//! the exchange in order with its directions, count each side's output against
//! its own cap, and decide who ended first without a race:
//!
//! - **End of input is passed on late.** The interactor sees the end of the
//!   program's output only once the program has exited and been reaped, as
//!   problemtools' `interactive` and BAPCtools do: an interactor reacting to
//!   that end-of-file can never look as if it ended first. The program sees the
//!   end of the interactor's output once the interactor has exited (or 50 ms
//!   after it closed its stdout alive, for a problem whose interactor closes
//!   early on purpose).
//! - **Who ended first.** Each side's exit is seen on its pidfd; a side stopped
//!   at one of its limits ends at that moment. When both are seen in the same
//!   wake-up, the interactor counts as first: the program may have been reacting
//!   to it, while the interactor cannot have been reacting to the program's exit
//!   (it is not told before jurybox has seen it).
//! - **Limits.** Each side has its CPU, memory and output limits. The pair is
//!   bounded by the program's wall-clock limit while the program lives, then by
//!   the interactor's own. When the program's wall limit passes, the blame goes
//!   to the side that owes the other a message: if the interactor is waiting for
//!   input (a thread of it sleeps reading a pipe, or in poll or select, as its
//!   `/proc` wait channel shows) or has ended, the program gets the time limit
//!   (`idle` when it waits for input too: the two wait for each other, the mark
//!   of a missing flush). Otherwise the program is waiting on the interactor, and
//!   is not charged for the interactor's slowness: its wall limit is moved to the
//!   interactor's own, where the same question is asked again, and an interactor
//!   still not waiting then is the one that hangs.
//! - **Stalled.** The program need not reach its wall-clock limit (which a judge
//!   sets generously, so that a loaded machine does not cut a run before its CPU
//!   time shows) to be charged for a dialogue that cannot go on: when nothing
//!   has passed between them, the interactor waits for input, neither side's CPU
//!   time has grown and no thread of the program is running, for as long as the
//!   program's CPU limit, the program is stopped at the time limit (wall clock):
//!   it is asleep, or (`idle`) waiting for input too, and had it computed it
//!   would have run out of CPU time by then. BAPCtools' wall-clock limit gives a
//!   program that sleeps the same verdict.
//! - **Stopping early.** When the interactor exits with anything but the
//!   accepting code, or is stopped at a limit, the program is stopped at once
//!   (its run has no verdict of its own: [`PairReport::stopped`]). Otherwise
//!   each side runs to its own end, so a crash of either is seen.

mod side;

use super::procfs::{any_running, waiting_for_input};
use super::supervise::{
    has_exited, reap, reset_own_peak, Measured, CANCEL_EVERY, FIRST_SAMPLE, SAMPLE_EVERY,
};
use super::{Clock, Invocation, Outcome, RunLimits, RunReport, Stream, STDERR_EXCERPT};
use side::{failed_side, start_side, Side};
use std::os::fd::{AsRawFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bytes of the exchange kept (both directions together); the rest is counted.
pub const EXCHANGE_KEPT: usize = 4 << 20;

/// How long a live interactor that closed its stdout is given to exit before the
/// program is told of the end of its input.
const EOF_GRACE: Duration = Duration::from_millis(50);

/// One side of the dialogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Party {
    /// The program under test.
    Program,
    /// The jury's interactor.
    Interactor,
}

/// Which way bytes went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// From the interactor to the program (`<` in a `.interaction` file).
    ToProgram,
    /// From the program to the interactor (`>` in a `.interaction` file).
    FromProgram,
}

/// The dialogue as jurybox relayed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exchange {
    /// The bytes in the order they were relayed, consecutive bytes of one
    /// direction in one message.
    pub messages: Vec<(Direction, Vec<u8>)>,
    /// Bytes relayed beyond [`EXCHANGE_KEPT`], not kept.
    pub omitted: u64,
    /// Bytes the program wrote after the interactor had ended (read by nobody),
    /// the first of them kept here.
    pub unread: Vec<u8>,
    /// How many bytes that was in all.
    pub unread_total: u64,
}

impl Exchange {
    fn kept(&self) -> usize {
        self.messages.iter().map(|(_, m)| m.len()).sum::<usize>() + self.unread.len()
    }

    fn record(&mut self, direction: Direction, bytes: &[u8]) {
        let room = EXCHANGE_KEPT.saturating_sub(self.kept()).min(bytes.len());
        self.omitted += (bytes.len() - room) as u64;
        if room == 0 {
            return;
        }
        match self.messages.last_mut() {
            Some((d, message)) if *d == direction => message.extend_from_slice(&bytes[..room]),
            _ => self.messages.push((direction, bytes[..room].to_vec())),
        }
    }

    fn record_unread(&mut self, bytes: &[u8]) {
        self.unread_total += bytes.len() as u64;
        let room = STDERR_EXCERPT
            .saturating_sub(self.unread.len())
            .min(bytes.len());
        self.unread.extend_from_slice(&bytes[..room]);
    }

    /// Everything kept that went one way, in order.
    pub fn sent(&self, direction: Direction) -> Vec<u8> {
        self.messages
            .iter()
            .filter(|(d, _)| *d == direction)
            .flat_map(|(_, m)| m.iter().copied())
            .collect()
    }
}

/// The two commands of a dialogue and their limits.
#[derive(Clone, Copy, Debug)]
pub struct Pair<'a> {
    /// The program under test.
    pub program: &'a Invocation,
    /// Its limits; its wall-clock limit bounds the pair while it runs.
    pub program_limits: &'a RunLimits,
    /// The interactor (its files, if any, are in its command line).
    pub interactor: &'a Invocation,
    /// Its limits.
    pub interactor_limits: &'a RunLimits,
    /// The interactor's exit code that lets the program run on to its own end
    /// (testlib's 0, Kattis's 42); any other end of the interactor stops the
    /// program at once.
    pub accepting_exit: i32,
}

/// Everything measured of a dialogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairReport {
    /// The program's run; its `stdout` is empty (what it wrote is in the
    /// exchange).
    pub program: RunReport,
    /// The interactor's run, likewise.
    pub interactor: RunReport,
    /// The side that ended first (exited, or was stopped at one of its limits).
    pub first: Party,
    /// A side jurybox stopped because the other one's end decided the pair
    /// (its outcome is then `Interrupted`), or that the caller's cancel stopped.
    pub stopped: Option<Party>,
    /// The program was stopped at its wall-clock limit, or stalled, with both
    /// sides waiting for input.
    pub idle: bool,
    /// The program was stopped because the dialogue stalled on it (see the
    /// module doc): no time limit would have let it finish.
    pub stalled: bool,
    /// What went between them.
    pub exchange: Exchange,
}

/// The dialogue while it runs.
struct Dialogue {
    program: Side,
    interactor: Side,
    exchange: Exchange,
    first: Option<Party>,
    stopped: Option<Party>,
    idle: bool,
    stalled: bool,
    /// Since when nothing has passed between them and neither has waited on
    /// jurybox to write, with both sides' CPU seconds then.
    quiet: Option<(Instant, f64, f64)>,
    own_size: u64,
    start: Instant,
    interactor_eof_at: Option<Instant>,
}

impl Dialogue {
    fn side(&mut self, party: Party) -> &mut Side {
        match party {
            Party::Program => &mut self.program,
            Party::Interactor => &mut self.interactor,
        }
    }

    /// Relays what `from` wrote; an output limit it went over, if any.
    fn relay(&mut self, from: Party) -> Option<Outcome> {
        let mut bytes = Vec::new();
        let eof = self.side(from).read_stdout(&mut bytes).is_none();
        if eof && from == Party::Interactor && self.interactor_eof_at.is_none() {
            self.interactor_eof_at = Some(Instant::now());
        }
        if bytes.is_empty() {
            return None;
        }
        self.quiet = None;
        let (to, direction) = match from {
            Party::Program => (Party::Interactor, Direction::FromProgram),
            Party::Interactor => (Party::Program, Direction::ToProgram),
        };
        if from == Party::Program && !self.interactor.alive() {
            self.exchange.record_unread(&bytes);
        } else {
            self.exchange.record(direction, &bytes);
            let receiver = self.side(to);
            if receiver.stdin.is_some() {
                receiver.pending.extend_from_slice(&bytes);
            }
        }
        let side = self.side(from);
        side.sent += bytes.len() as u64;
        (side.sent > side.limits.stdout_bytes).then_some(Outcome::OutputLimit(Stream::Stdout))
    }

    /// Ends `party` now: stops it (with `stop`, or as it ended on its own),
    /// reaps it, relays the rest of its output.
    fn end(&mut self, party: Party, stop: Option<Outcome>) {
        let wall = self.start.elapsed();
        let own_size = self.own_size;
        if self.first.is_none() {
            self.first = Some(party);
        }
        let side = self.side(party);
        if !side.alive() {
            return;
        }
        let reaped = reap(side.pid, &side.token);
        // Every process that could write to its pipes is dead: read them to the end.
        let mut stop = stop;
        while self.side(party).stdout.is_some() {
            if let Some(over) = self.relay(party) {
                stop = stop.or(Some(over));
                break;
            }
        }
        let side = self.side(party);
        if !side.stderr.drain() && stop.is_none() {
            stop = Some(Outcome::OutputLimit(Stream::Stderr));
        }
        side.stdin = None;
        side.pending.clear();
        let measured = Measured {
            cpu_seconds: side.seen.cpu_seconds,
            peak_rss: side.peak_rss,
            own_size,
            wall,
        };
        let (outcome, cpu, peak_memory, peak_is_bound) =
            reaped.judge(stop, &measured, &side.limits, side.shell, &side.stderr.kept);
        side.ended = Some(RunReport {
            outcome,
            cpu,
            wall,
            peak_memory,
            peak_is_bound,
            stdout: Vec::new(),
            stderr: std::mem::take(&mut side.stderr.kept),
        });
        // The other side learns of the end once it has read what is pending.
        let other = match party {
            Party::Program => Party::Interactor,
            Party::Interactor => Party::Program,
        };
        self.side(other).close_when_flushed = true;
        self.side(other).flush();
    }

    /// Stops `party` because the pair's verdict no longer depends on it.
    fn stop(&mut self, party: Party) {
        if self.side(party).alive() {
            self.stopped = Some(party);
            self.end(party, Some(Outcome::Interrupted));
        }
    }

    /// Whether the dialogue has stalled on the program (see the module doc),
    /// called after both sides were sampled at `now`. Looks at `/proc` only once
    /// the quiet has lasted the program's CPU limit.
    fn stalled_now(&mut self, now: Instant) -> bool {
        let both_alive = self.program.alive() && self.interactor.alive();
        if !both_alive || !self.program.pending.is_empty() || !self.interactor.pending.is_empty() {
            self.quiet = None;
            return false;
        }
        let cpu = (
            self.program.seen.cpu_seconds,
            self.interactor.seen.cpu_seconds,
        );
        match self.quiet {
            Some((since, program, interactor)) if (program, interactor) == cpu => {
                now >= since + self.program.limits.cpu
                    && waiting_for_input(self.interactor.pid) == Some(true)
                    && !any_running(self.program.pid)
            }
            _ => {
                self.quiet = Some((now, cpu.0, cpu.1));
                false
            }
        }
    }

    /// Waits for the next event (output, room in a pipe, an exit, the next
    /// sample or deadline), relays what was written and ends a side that
    /// exited or went over a limit; `true` when that decided the pair.
    fn wait_and_relay(
        &mut self,
        now: Instant,
        (program_deadline, interactor_deadline): (Instant, Instant),
        next_sample: Instant,
        accepting_exit: i32,
    ) -> bool {
        let mut wake = next_sample.min(now + CANCEL_EVERY);
        if self.program.alive() {
            wake = wake.min(program_deadline);
        }
        if self.interactor.alive() {
            wake = wake.min(interactor_deadline);
        }
        if let Some(eof_at) = self.interactor_eof_at {
            if !self.program.close_when_flushed {
                wake = wake.min(eof_at + EOF_GRACE);
            }
        }
        if self.program.pidfd.is_none() || self.interactor.pidfd.is_none() {
            wake = wake.min(now + Duration::from_millis(2));
        }
        let timeout = wake.saturating_duration_since(now).as_millis().max(1) as i32;
        let pidfd = |side: &Side| match (&side.pidfd, side.alive()) {
            (Some(fd), true) => fd.as_raw_fd(),
            _ => -1,
        };
        let out_fd = |side: &Side| side.stdout.as_ref().map_or(-1, |f| f.as_raw_fd());
        let poll = |fd: RawFd, events: i16| libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        let mut fds = [
            poll(out_fd(&self.program), libc::POLLIN),
            poll(out_fd(&self.interactor), libc::POLLIN),
            poll(self.program.stdin_fd(), libc::POLLOUT),
            poll(self.interactor.stdin_fd(), libc::POLLOUT),
            poll(self.program.stderr.raw(), libc::POLLIN),
            poll(self.interactor.stderr.raw(), libc::POLLIN),
            poll(pidfd(&self.interactor), libc::POLLIN),
            poll(pidfd(&self.program), libc::POLLIN),
        ];
        // SAFETY: poll on an array of pollfd we own, of the length given.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout);
        }
        if fds[1].revents != 0 {
            if let Some(over) = self.relay(Party::Interactor) {
                self.end(Party::Interactor, Some(over));
                self.stop(Party::Program);
                return true;
            }
        }
        if fds[0].revents != 0 && self.program.alive() {
            if let Some(over) = self.relay(Party::Program) {
                self.end(Party::Program, Some(over));
            }
        }
        self.program.flush();
        self.interactor.flush();
        if fds[5].revents != 0 && self.interactor.alive() && !self.interactor.stderr.drain() {
            self.end(
                Party::Interactor,
                Some(Outcome::OutputLimit(Stream::Stderr)),
            );
            self.stop(Party::Program);
            return true;
        }
        if fds[4].revents != 0 && self.program.alive() && !self.program.stderr.drain() {
            self.end(Party::Program, Some(Outcome::OutputLimit(Stream::Stderr)));
        }
        // Both seen in one wake-up: the interactor first (see the module doc).
        if self.interactor.alive() && self.interactor.exited(fds[6].revents) {
            self.end(Party::Interactor, None);
            if self.program.alive() && !self.interactor_accepted(accepting_exit) {
                self.stop(Party::Program);
                return true;
            }
        }
        if self.program.alive() && self.program.exited(fds[7].revents) {
            self.end(Party::Program, None);
        }
        false
    }

    fn interactor_accepted(&self, accepting_exit: i32) -> bool {
        match self.interactor.ended.as_ref().map(|r| &r.outcome) {
            Some(Outcome::Exited) => accepting_exit == 0,
            Some(Outcome::RuntimeError(super::Termination::Exit(code))) => *code == accepting_exit,
            _ => false,
        }
    }
}

/// Runs the program and the interactor in a dialogue until both have ended, a
/// limit decides, or `cancel` is set (checked every 50 ms). Every process either
/// started is dead when this returns. Never panics on anything they do.
pub fn run_pair(pair: &Pair, cancel: &AtomicBool) -> PairReport {
    let own_size = reset_own_peak();
    let start = Instant::now();
    let mut d = match start_both(pair, start, own_size) {
        Ok(dialogue) => dialogue,
        Err(report) => return *report,
    };
    let mut program_deadline = start + pair.program_limits.wall;
    let interactor_deadline = start + pair.interactor_limits.wall;
    let mut next_sample = start + FIRST_SAMPLE;
    while d.program.alive() || d.interactor.alive() {
        let now = Instant::now();
        if cancel.load(Ordering::Relaxed) {
            d.stopped = Some(Party::Program);
            for party in [Party::Interactor, Party::Program] {
                d.end(party, Some(Outcome::Interrupted));
            }
            break;
        }
        if d.program.alive() && now >= program_deadline {
            let interactor_waits =
                !d.interactor.alive() || waiting_for_input(d.interactor.pid).unwrap_or(true);
            if interactor_waits {
                d.idle = d.interactor.alive() && waiting_for_input(d.program.pid) == Some(true);
                d.end(Party::Program, Some(Outcome::TimeLimit(Clock::Wall)));
            } else if program_deadline < interactor_deadline {
                program_deadline = interactor_deadline;
                d.program.limits.wall = interactor_deadline - start;
            } else {
                d.end(Party::Interactor, Some(Outcome::TimeLimit(Clock::Wall)));
                d.stop(Party::Program);
                break;
            }
            continue;
        }
        if d.interactor.alive() && now >= interactor_deadline {
            d.end(Party::Interactor, Some(Outcome::TimeLimit(Clock::Wall)));
            d.stop(Party::Program);
            break;
        }
        if now >= next_sample {
            next_sample = now + SAMPLE_EVERY;
            if d.interactor.alive() {
                if let Some(over) = d.interactor.sample() {
                    d.end(Party::Interactor, Some(over));
                    d.stop(Party::Program);
                    break;
                }
            }
            if d.program.alive() {
                if let Some(over) = d.program.sample() {
                    d.end(Party::Program, Some(over));
                    continue;
                }
            }
            if d.stalled_now(now) {
                d.stalled = true;
                d.idle = waiting_for_input(d.program.pid) == Some(true);
                d.end(Party::Program, Some(Outcome::TimeLimit(Clock::Wall)));
                continue;
            }
        }
        // The end of the interactor's output reaches the program once the
        // interactor has exited, or after a grace if it lives on.
        if let Some(eof_at) = d.interactor_eof_at {
            if d.interactor.alive()
                && (has_exited(d.interactor.pid) || now >= eof_at + EOF_GRACE)
                && !d.program.close_when_flushed
            {
                d.program.close_when_flushed = true;
                d.program.flush();
            }
        }
        let deadlines = (program_deadline, interactor_deadline);
        if d.wait_and_relay(now, deadlines, next_sample, pair.accepting_exit) {
            break;
        }
    }
    finish(d)
}

/// Both sides started, the interactor first: the dialogue, or the pair's
/// report when one could not start (the other then stopped).
fn start_both(pair: &Pair, start: Instant, own_size: u64) -> Result<Dialogue, Box<PairReport>> {
    let interactor = match start_side(pair.interactor, pair.interactor_limits, start) {
        Ok(side) => side,
        Err(report) => {
            return Err(Box::new(PairReport {
                program: super::supervise::could_not_start(
                    "the interactor could not start".into(),
                    start,
                ),
                interactor: report,
                first: Party::Interactor,
                stopped: Some(Party::Program),
                idle: false,
                stalled: false,
                exchange: Exchange::default(),
            }))
        }
    };
    let dialogue = |program, first| Dialogue {
        program,
        interactor,
        exchange: Exchange::default(),
        first,
        stopped: None,
        idle: false,
        stalled: false,
        quiet: None,
        own_size,
        start,
        interactor_eof_at: None,
    };
    match start_side(pair.program, pair.program_limits, start) {
        Ok(program) => Ok(dialogue(program, None)),
        Err(report) => {
            let mut failed = dialogue(failed_side(report), Some(Party::Program));
            failed.stop(Party::Interactor);
            Err(Box::new(finish(failed)))
        }
    }
}

fn finish(mut d: Dialogue) -> PairReport {
    // A side still alive here was left by a break that decided the pair.
    for party in [Party::Program, Party::Interactor] {
        if d.side(party).alive() {
            d.stop(party);
        }
    }
    // Every side has ended by now; the fallback only keeps this panic-free.
    let start = d.start;
    let report = |side: &mut Side| {
        side.ended.take().unwrap_or_else(|| {
            super::supervise::could_not_start("the run did not end".into(), start)
        })
    };
    PairReport {
        program: report(&mut d.program),
        interactor: report(&mut d.interactor),
        first: d.first.unwrap_or(Party::Interactor),
        stopped: d.stopped,
        idle: d.idle,
        stalled: d.stalled,
        exchange: d.exchange,
    }
}
