//! One submission on one test case, judged as the package says: its input and
//! arguments, the limits, and its output given to the package's output validator
//! (or the default one with the test's flags). The run's verdict is jurybox's one
//! vocabulary (`RunVerdict`); the judges' four (AC, WA, TLE, RTE) follow from it.

use super::build_programs::{memory_mib, BuiltPackage, CHECKTESTDATA};
use super::gate::Turn;
use super::stop::Stop;
use crate::Stops;
use jurybox_core::verdict::Protocol;
use jurybox_core::Judgement as Judged;
use jurybox_core::Verdict;
use jurybox_format::{Package, Settings, TestCase};
use jurybox_judging::default_validator::Flags;
use jurybox_judging::interactive::{judge_interaction, Interaction, Interactor};
use jurybox_judging::tool::{run_validator, OutputCheck, Tool};
use jurybox_judging::verdict::{run_verdict, NoVerdict, RunVerdict};
use jurybox_languages::Built;
use jurybox_sandbox::{shell_quote, Clock, RunLimits, MIB};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A test case as the jury runs it: bytes, not paths, so a generated input is
/// judged exactly like one of the package's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Its name (`secret/02-mixed`, or `found/...` for a new one).
    pub name: String,
    /// The input.
    pub input: Vec<u8>,
    /// The answer given to the output validator.
    pub answer: Vec<u8>,
    /// The arguments its programs get.
    pub settings: Settings,
}

impl Case {
    /// Reads a test case of the package; a test with no `.ans` gets an empty
    /// answer (the report says the package lacks it).
    pub fn read(test: &TestCase) -> std::io::Result<Case> {
        let answer = match &test.answer {
            Some(path) => std::fs::read(path)?,
            None => Vec::new(),
        };
        Ok(Case {
            name: test.name.clone(),
            input: std::fs::read(&test.input)?,
            answer,
            settings: test.settings.clone(),
        })
    }
}

/// One run, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The judges' verdict.
    pub verdict: Verdict,
    /// jurybox's verdict, with its reason.
    pub detail: RunVerdict,
    /// The percentage of the test's points the checker gave its output: a
    /// sinol checker's third line; 100 from any other.
    pub points: f64,
    /// CPU seconds.
    pub cpu: f64,
    /// Wall-clock seconds.
    pub wall: f64,
    /// A run stopped while idle: an interactive one because the dialogue could
    /// not go on (it waited for input, or slept, while the interactor waited
    /// for it), any run by the wall clock under its CPU limit (it sleeps):
    /// separable from any limit, whatever its CPU time.
    pub stalled: bool,
    /// Stopped by the wall clock while it was still working (not idle) and
    /// its CPU time under the kill time: a busy machine starved it, so its
    /// CPU time is only a lower bound. The matrix runs it again alone
    /// ([`crate::matrix`]) before its time decides anything.
    pub starved: bool,
}

/// Below this share of its wall-clock time on a CPU, a run stopped by the
/// wall clock was idle (it slept, or waited for input that never came); at or
/// above it, it was working and a busy machine starved it. A CPU-bound program
/// gets about cores / load of its wall time, over 2 % at any load a machine
/// can still be worked on.
pub const IDLE_SHARE: f64 = 0.01;

/// How much longer than a parallel pass's a starved run's wall clock is when
/// it runs again alone ([`Limits::alone`]).
pub const ALONE_WALL_FACTOR: f64 = 10.0;

/// CPU seconds past the line where a run is stopped: a run that ends just
/// over the line is measured to its end (its time, not the kill time, is
/// what the matrix shows and the limit's noise is judged on).
pub const KILL_MARGIN_SECONDS: f64 = 0.05;

/// The kill time of a run whose time-limit line is `line` CPU seconds: the
/// one rule every limit of a judged run is built with.
pub fn kill_past(line: f64) -> f64 {
    line + KILL_MARGIN_SECONDS
}

/// The limits of a judged run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The time limit: more CPU time is TLE.
    pub time_limit: f64,
    /// Runs are stopped at this many CPU seconds (the limit × time_limit_to_tle,
    /// so a slow submission's time past the limit is still measured).
    pub kill_at: f64,
    /// Memory, MiB.
    pub memory_mib: u64,
    /// Output, MiB.
    pub output_mib: u64,
    /// The limits of the jury's own programs (validators).
    pub jury: RunLimits,
    /// A run's wall clock is stopped at this many times `kill_at`, and two
    /// seconds more (4; a caller that must not take a busy machine's slowness
    /// for a time limit, as the built-in problems' kill tables, asks for more).
    pub wall_factor: f64,
    /// The format's own wall-clock limit in seconds, where it has one and
    /// it is the lower: the package's `format::WallLimit` at the test's time
    /// limit (sinol-make's hard limit, `ceil(2 × TL)` s, which stops a
    /// solution that waits on the wall clock: its `vso` example's TL), set
    /// by [`Limits::at`]. Never on a run again alone ([`Limits::alone`]),
    /// whose CPU time is what decides.
    pub wall_cap: Option<f64>,
}

impl Limits {
    /// The package's limits around a time limit of `time_limit` seconds.
    pub fn of(package: &Package, time_limit: f64) -> Limits {
        Limits {
            time_limit,
            kill_at: kill_past(time_limit * package.config.multipliers.time_limit_to_tle),
            memory_mib: memory_mib(package),
            output_mib: package
                .config
                .output_mib
                .unwrap_or(jurybox_sandbox::DEFAULT_OUTPUT_MIB),
            jury: RunLimits::with_cpu(Duration::from_secs(
                jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
            )),
            wall_factor: 4.0,
            wall_cap: None,
        }
    }

    /// These limits for running a starved run ([`Run::starved`]) again alone:
    /// the wall clock [`ALONE_WALL_FACTOR`] times the kill time at least, so
    /// that its CPU time, not the machine's load, ends it.
    pub fn alone(&self) -> Limits {
        Limits {
            wall_factor: self.wall_factor.max(ALONE_WALL_FACTOR),
            wall_cap: None,
            ..*self
        }
    }

    /// The wall clock a run is stopped at: `wall_factor` times the kill
    /// time and two seconds more, or the format's own ([`Limits::wall_cap`])
    /// where lower, but never before the kill time.
    pub fn wall_seconds(&self) -> f64 {
        let ours = self.wall_factor * self.kill_at + 2.0;
        self.wall_cap
            .map_or(ours, |cap| ours.min(cap.max(self.kill_at)))
    }

    /// The sandbox's limits: CPU up to the kill time; wall clock `wall_factor`
    /// times that and two seconds more, since the limit is on CPU time and a busy machine
    /// (the jury's own runs in parallel) must not stop a run before its CPU time
    /// has shown whether it is separable.
    pub(crate) fn run_limits(&self) -> RunLimits {
        RunLimits {
            memory_bytes: self.memory_mib * MIB,
            stdout_bytes: self.output_mib * MIB,
            wall: Duration::from_secs_f64(self.wall_seconds()),
            ..RunLimits::with_cpu(Duration::from_secs_f64(self.kill_at))
        }
    }
}

/// A test's time limit for submission `submission` (an index of the
/// package's): its language's own where the package's scoring states one
/// (sinol's `override_limits` beside solutions of other languages), else
/// its own or its group's (sinol's `time_limits`), else `limit`. Beside
/// [`Limits`], so that the matrix and the scores read it from one place.
pub fn limit_of(package: &Package, submission: usize, test: usize, limit: f64) -> f64 {
    let name = &package.submissions[submission].name;
    package
        .scoring
        .as_ref()
        .and_then(|s| s.time_limit_for(name, test))
        .unwrap_or(limit)
}

/// A test's memory limit in MiB for submission `submission`: its
/// language's own, else the test's own where the package's scoring states
/// one (sinol's `memory_limits`, by group or test), else `mib`.
pub fn memory_of(package: &Package, submission: usize, test: usize, mib: u64) -> u64 {
    let name = &package.submissions[submission].name;
    package
        .scoring
        .as_ref()
        .and_then(|s| s.memory_mib_for(name, test))
        .unwrap_or(mib)
}

/// A package with its programs built: what judging needs.
#[derive(Clone, Copy, Debug)]
pub struct Jury<'a> {
    /// The package.
    pub package: &'a Package,
    /// Its programs.
    pub built: &'a BuiltPackage,
    /// Set to stop (Ctrl-C): running programs are killed within 50 ms.
    pub cancel: &'a AtomicBool,
    /// Its place among problems judged at once on one machine (`run
    /// CONTEST`): its rank at the one gate, where [`Jury::run`] takes a slot
    /// beside others and [`Jury::run_alone`] the whole machine, and the label
    /// its runs' progress is told under. `Turn::default()` for a problem
    /// judged alone.
    pub turn: Turn<'a>,
}

/// The command that runs `program` with `args` after it.
pub fn command_with(program: &Built, args: &[String]) -> String {
    let mut command = program.command();
    for arg in args {
        command.push(' ');
        command.push_str(&shell_quote(arg));
    }
    command
}

impl Jury<'_> {
    /// The protocol the package's own programs speak: testlib's in a Polygon
    /// or sinol package (validators exit 0, checkers `check INPUT OUTPUT ANSWER`),
    /// Kattis's otherwise.
    pub fn protocol(&self) -> Protocol {
        match (&self.package.polygon, &self.package.sinol) {
            (None, None) => Protocol::Kattis,
            // A sinol package's inwer, like testlib's validators, exits 0
            // for a valid input.
            _ => Protocol::Testlib,
        }
    }

    /// Whether every input validator that built accepts `input` under
    /// `settings`: `None` if so, else the first rejection; `Err` when no
    /// validator could say (one did not finish: the jury's fault; or Ctrl-C).
    /// A checktestdata script runs on its own protocol (exit 0 valid) without
    /// arguments; a validator that could not be built checks nothing (the
    /// run's header says so).
    pub fn validate_input(
        &self,
        input: &[u8],
        settings: &Settings,
        limits: &RunLimits,
    ) -> Result<Option<String>, NoVerdict> {
        for tool in self.input_validators(settings) {
            if let Some(why) = run_validator(&tool, input, limits, self.cancel)? {
                return Ok(Some(why));
            }
        }
        Ok(None)
    }

    /// The input validators that built, each with its arguments under
    /// `settings` (Kattis protocol).
    pub fn input_validators(&self, settings: &Settings) -> Vec<Tool> {
        self.named_input_validators(settings)
            .into_iter()
            .map(|(_, tool)| tool)
            .collect()
    }

    /// [`Jury::input_validators`], each with its name: for a caller that
    /// judges the validators themselves (`jurybox audit`) and must say which
    /// one accepted what.
    pub fn named_input_validators(&self, settings: &Settings) -> Vec<(&str, Tool)> {
        self.built
            .input_validators
            .iter()
            .filter_map(|(name, ready)| {
                let program = ready.as_ref().ok()?;
                let tool = if program.language == CHECKTESTDATA {
                    Tool::new(program.command(), Protocol::Testlib)
                } else {
                    Tool {
                        args: settings.input_validator_args.of(name).to_vec(),
                        ..Tool::new(program.command(), self.protocol())
                    }
                };
                Some((name.as_str(), tool))
            })
            .collect()
    }

    /// How outputs of a test with `settings` are judged: the package's output
    /// validator with the test's arguments, or the default one with the
    /// package's flags and the test's; `Err` when there is none to judge by
    /// (it did not build, or the flags do not read).
    pub fn checker(&self, settings: &Settings) -> Result<OutputCheck, String> {
        let args = &settings.output_validator_args;
        match &self.built.output_validator {
            None => {
                let words = [self.package.config.validator_flags.as_slice(), args].concat();
                Flags::parse(&words)
                    .map(OutputCheck::Default)
                    .map_err(|e| format!("output_validator_args: {e}"))
            }
            Some(Err(why)) => Err(format!("the output validator did not build: {why}")),
            // sinol's checker protocol: its verdict and points on stdout.
            Some(Ok(program)) if self.package.sinol.is_some() => Ok(OutputCheck::Sinol(Tool::new(
                program.command(),
                self.protocol(),
            ))),
            Some(Ok(program)) => Ok(OutputCheck::Tool(Tool {
                args: args.clone(),
                ..Tool::new(program.command(), self.protocol())
            })),
        }
    }

    /// The output validator's judgement of `output` on `case`; a validator that
    /// fails (or default flags that do not read) is [`Judged::JuryFault`].
    pub fn judge_output(&self, case: &Case, output: &[u8], limits: &RunLimits) -> Judged {
        self.judge_output_with_points(case, output, limits).0
    }

    /// [`Jury::judge_output`] with the percentage of the test's points the
    /// checker gives (a sinol checker's; 100 from any other).
    pub fn judge_output_with_points(
        &self,
        case: &Case,
        output: &[u8],
        limits: &RunLimits,
    ) -> (Judged, f64) {
        match self.checker(&case.settings) {
            Err(why) => (Judged::JuryFault(why), 0.0),
            Ok(checker) => checker
                .judge_with_points(&case.input, output, &case.answer, limits, self.cancel)
                .unwrap_or_else(|why| {
                    let why = format!("the output validator: {why}");
                    (Judged::JuryFault(why), 0.0)
                }),
        }
    }

    /// Runs `program` on `case` under `limits` and judges it (an interactive
    /// problem's through its output validator, [`Jury::interact`]). A run with
    /// no verdict on the program (the jury failed, or Ctrl-C) is an `Err`.
    /// The program runs with the stack its judge gives it (`Built::stack`).
    pub fn run(&self, program: &Built, case: &Case, limits: &Limits) -> Result<Run, Stop> {
        let _slot = self.turn.beside();
        self.run_now(program, case, limits)
    }

    /// [`Jury::run`] with no other judged run of the process in flight: a
    /// run whose time decides a limit or a margin, or one a busy machine
    /// starved. It waits at the one gate ([`Turn::alone`]) for the runs in
    /// flight to end, and keeps others out while it runs.
    pub fn run_alone(&self, program: &Built, case: &Case, limits: &Limits) -> Result<Run, Stop> {
        let _machine = self.turn.alone();
        self.run_now(program, case, limits)
    }

    fn run_now(&self, program: &Built, case: &Case, limits: &Limits) -> Result<Run, Stop> {
        let command = command_with(program, &case.settings.args);
        let kind = &self.package.config.kind;
        let mut stalled = false;
        let points = std::cell::Cell::new(100.0);
        let run_limits = RunLimits {
            stack: program.stack,
            ..limits.run_limits()
        };
        let (report, detail) = if kind.interactive || kind.passes.is_some() {
            let interaction = self.interact_within(&command, case, limits, &run_limits);
            stalled = interaction.stalled();
            (interaction.program(), interaction.verdict)
        } else {
            let report = super::file_io::run_as_judged(
                self.package,
                &command,
                &run_limits,
                &case.input,
                self.cancel,
            )
            .map_err(|why| Stop::fault(why, Some(&program.name), &case.name, &case.input))?;
            let detail = run_verdict(&report, |output| {
                let (judged, given) = self.judge_output_with_points(case, output, &limits.jury);
                points.set(given);
                judged
            });
            (report, detail)
        };
        let cpu = report.cpu.as_secs_f64();
        let wall = report.wall.as_secs_f64();
        let wall_stopped = detail == RunVerdict::TimeLimit(Clock::Wall);
        let working = cpu >= IDLE_SHARE * wall;
        let starved = wall_stopped && working && cpu < limits.kill_at;
        stalled |= wall_stopped && !starved && cpu <= limits.time_limit;
        let detail = if cpu > limits.time_limit {
            RunVerdict::TimeLimit(Clock::Cpu)
        } else {
            detail
        };
        // A run Ctrl-C came during has no verdict, whatever stopped it: a
        // validator it stopped would otherwise read as the jury's fault.
        if self.cancel.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        let verdict = detail
            .judges()
            .map_err(|none| Stop::no_verdict(none, Some(&program.name), &case.name, &case.input))?;
        jurybox_judging::progress::advance_for(self.turn.label, 1);
        Ok(Run {
            verdict,
            detail,
            points: points.get(),
            cpu,
            wall,
            stalled,
            starved,
        })
    }
}

impl Jury<'_> {
    /// The interactor of an interactive or multi-pass problem: the package's
    /// output validator (Kattis protocol) with the arguments of a test with
    /// `settings`, run after each pass when the problem is not interactive;
    /// `Err` when there is none to run.
    pub fn interactor(&self, settings: &Settings) -> Result<Interactor, String> {
        let validator =
            match &self.built.output_validator {
                None => return Err(
                    "an interactive or multi-pass problem needs an output validator: there is none"
                        .into(),
                ),
                Some(Err(why)) => return Err(format!("the output validator did not build: {why}")),
                Some(Ok(program)) => program,
            };
        let kind = &self.package.config.kind;
        let checker = match &self.built.testlib_checker {
            None => None,
            Some(Err(why)) => return Err(format!("the checker did not build: {why}")),
            Some(Ok(program)) => Some(Tool::new(program.command(), Protocol::Testlib)),
        };
        Ok(Interactor {
            tool: Tool {
                args: settings.output_validator_args.clone(),
                ..Tool::new(validator.command(), self.protocol())
            },
            passes: kind.passes.unwrap_or(1),
            checker,
            in_turn: !kind.interactive,
        })
    }

    /// Runs `command` on an interactive or multi-pass problem's `case`: the
    /// package's output validator is the interactor, or runs after each pass of
    /// a multi-pass problem that is not interactive (Kattis protocol, the test's
    /// `output_validator_args`, the package's passes). The dialogue is kept in
    /// the result.
    pub fn interact(&self, command: &str, case: &Case, limits: &Limits) -> Interaction {
        self.interact_within(command, case, limits, &limits.run_limits())
    }

    /// [`Jury::interact`] with the program's own sandbox limits (its stack).
    fn interact_within(
        &self,
        command: &str,
        case: &Case,
        limits: &Limits,
        program_limits: &RunLimits,
    ) -> Interaction {
        let failed = |why: String| Interaction {
            verdict: NoVerdict::JuryFault(why).into(),
            passes: Vec::new(),
        };
        let interactor = match self.interactor(&case.settings) {
            Ok(interactor) => interactor,
            Err(why) => return failed(why),
        };
        judge_interaction(
            &interactor,
            command,
            program_limits,
            &limits.jury,
            &case.input,
            &case.answer,
            self.cancel,
        )
        .unwrap_or_else(|e| failed(format!("cannot write the interactor's files: {e}")))
    }
}
