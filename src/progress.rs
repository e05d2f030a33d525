//! What a person sees of a long job while it runs: on a terminal, one bar
//! (the phase, runs done of runs planned, what was caught so far); otherwise
//! (a pipe, a CI log) plain lines on stderr: one when a phase starts, one at
//! most every [`LINE_EVERY`] while it goes on, one at the end. Every long
//! command draws through this module, the stress loops (which poll their
//! runner's counters) and the jury's commands alike (which hear the libraries'
//! `jurybox_judging::progress` facade through [`start`]).

// The plain lines are what is drawn when there is no bar to draw over.
#![allow(clippy::print_stderr)]

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How often a plain line repeats a phase's count while it goes on.
const LINE_EVERY: Duration = Duration::from_secs(10);

/// One job's progress, drawn as a bar or told as lines.
pub struct Progress {
    /// The command, at the start of every plain line (`run inversions`).
    label: String,
    /// What is counted: "runs", "cases".
    unit: &'static str,
    /// On a terminal: the bar.
    bar: Option<ProgressBar>,
    state: Mutex<State>,
}

struct State {
    phase: String,
    planned: u64,
    done: u64,
    caught: u64,
    last_line: Instant,
    finished: bool,
}

impl Progress {
    /// Progress of `label`, counting `unit`: a bar when stderr is a terminal.
    pub fn new(label: &str, unit: &'static str) -> Progress {
        let bar = std::io::stderr().is_terminal().then(ProgressBar::no_length);
        if let Some(bar) = &bar {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        Progress {
            label: label.to_string(),
            unit,
            bar,
            state: Mutex::new(State {
                phase: String::new(),
                planned: 0,
                done: 0,
                caught: 0,
                last_line: Instant::now(),
                finished: false,
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A phase starts with `planned` runs (0: unknown); its count starts at 0.
    pub fn phase(&self, name: &str, planned: u64) {
        let mut state = self.state();
        state.phase = name.to_string();
        state.planned = planned;
        state.done = 0;
        state.last_line = Instant::now();
        match &self.bar {
            Some(bar) => {
                bar.set_length(planned);
                bar.set_position(0);
                bar.set_prefix(format!("{} {name}", self.label));
                bar.set_style(style(planned, self.unit));
            }
            None => {
                let planned = match planned {
                    0 => String::new(),
                    n => format!(": {n} {} planned", self.unit),
                };
                eprintln!("{}: {name}{planned}", self.label);
            }
        }
    }

    /// `steps` more done.
    pub fn advance(&self, steps: u64) {
        let done = self.state().done + steps;
        self.set_done(done);
    }

    /// The phase's count is `done`.
    pub fn set_done(&self, done: u64) {
        let mut state = self.state();
        state.done = done;
        match &self.bar {
            Some(bar) => bar.set_position(done),
            None if state.last_line.elapsed() >= LINE_EVERY => {
                state.last_line = Instant::now();
                eprintln!("{}", self.line(&state));
            }
            None => {}
        }
    }

    /// One more caught.
    pub fn caught(&self) {
        let caught = self.state().caught + 1;
        self.set_caught(caught);
    }

    /// So many caught so far (a stress run's failures).
    pub fn set_caught(&self, caught: u64) {
        let before = std::mem::replace(&mut self.state().caught, caught);
        match &self.bar {
            Some(bar) if caught != before => bar.set_message(format!(", {caught} caught")),
            _ => {}
        }
    }

    /// A word about the job (it was interrupted, a failure is being shrunk);
    /// an empty one takes the last word back.
    pub fn say(&self, message: &str) {
        match &self.bar {
            Some(bar) => bar.set_message(format!(" {message}")),
            None if !message.is_empty() => eprintln!("{}: {message}", self.label),
            None => {}
        }
    }

    /// The job ended: the bar goes; a plain last line says where it got.
    pub fn finish(&self) {
        let mut state = self.state();
        if std::mem::replace(&mut state.finished, true) {
            return;
        }
        match &self.bar {
            Some(bar) => bar.finish_and_clear(),
            None if !state.phase.is_empty() => eprintln!("{}", self.line(&state)),
            None => {}
        }
    }

    /// Runs `write` with the bar out of the way, so that a line printed while
    /// the job runs is not drawn over.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    fn line(&self, state: &State) -> String {
        let of = match state.planned {
            0 => String::new(),
            n => format!(" of {n}"),
        };
        format!(
            "{}: {}: {}{of} {}, {} caught",
            self.label, state.phase, state.done, self.unit, state.caught
        )
    }
}

/// The bar's look: a bar over the planned runs, or a spinner with a count;
/// a stress run's cases also with their rate.
fn style(planned: u64, unit: &str) -> ProgressStyle {
    let rate = if unit == "cases" { ", {per_sec}" } else { "" };
    let template = match planned {
        0 => format!("{{spinner}} {{prefix}} [{{elapsed_precise}}] {{human_pos}} {unit}{rate}{{msg}}"),
        _ => format!("{{prefix}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit}{rate}{{msg}}"),
    };
    ProgressStyle::with_template(&template).expect("a valid template")
}

/// The progress of this process's command, once [`start`] ran.
static JOB: OnceLock<Progress> = OnceLock::new();

/// Hears the libraries' progress facade for the one job this process runs.
struct Facade;

impl jurybox_judging::progress::Observer for Facade {
    fn phase(&self, name: &str, planned: u64) {
        if let Some(job) = JOB.get() {
            job.phase(name, planned);
        }
    }

    fn advance(&self, steps: u64) {
        if let Some(job) = JOB.get() {
            job.advance(steps);
        }
    }

    fn caught(&self) {
        if let Some(job) = JOB.get() {
            job.caught();
        }
    }
}

/// Starts showing the progress of `label`, this process's long job: from now
/// on what the libraries tell goes to its bar or its lines. The first call
/// wins (one job per process).
pub fn start(label: &str) -> &'static Progress {
    let job = JOB.get_or_init(|| Progress::new(label, "runs"));
    jurybox_judging::progress::set_observer(&Facade);
    job
}

/// The job's progress, once started.
pub fn job() -> Option<&'static Progress> {
    JOB.get()
}

/// Ends the job's bar (or says its last line), if one was started.
pub fn finish() {
    if let Some(job) = JOB.get() {
        job.finish();
    }
}
