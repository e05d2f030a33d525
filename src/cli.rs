//! The command line as clap parses it: raw flags only. Validation into run plans
//! happens in each command, where the problem's type is known.

use crate::help_examples;
use clap::{Args, Parser, Subcommand};
use jurybox_judging::shard::Shard;
use jurybox_languages::Judge;
use std::path::PathBuf;

#[path = "cli/audit.rs"]
mod audit;
#[path = "cli/harden.rs"]
mod harden;
#[path = "cli/stress.rs"]
mod stress;
pub use audit::{AuditArgs, AUDIT_EXAMPLES};
pub use harden::HardenArgs;
pub use stress::StressArgs;

/// Fuzz-and-stress harness for olympiad problems: stress a solution against a
/// trusted reference and shrink the input where they disagree; judge a problem
/// package (Kattis, BAPCtools, Polygon, sinol-make) or a whole contest as its
/// judge does; find the tests its data is missing (harden, mutants).
#[derive(Parser, Debug)]
#[command(name = "jurybox", version, long_about = None,
    after_help = format!("{}\n\n{}", help_examples::EXAMPLES, crate::exit::TABLE))]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the problems, their engines and how many input families each has.
    Problems,
    /// Solve one input and print the answer.
    Solve {
        /// Problem name (see `jurybox problems`).
        problem: String,
        /// Engine to use (default: the problem's fast engine).
        #[arg(long, short)]
        engine: Option<String>,
        /// Run a reference engine even on an input too big for it.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Check that an input follows the format and the limits.
    Validate {
        /// Problem name.
        problem: String,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Run every engine on one input and compare them with the reference.
    Check {
        /// Problem name.
        problem: String,
        #[command(flatten)]
        programs: ProgramArgs,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Judge one output as a testlib checker (or --kattis: an output validator) does.
    ///
    /// Judge a program's output on an input, testlib style: `judge PROBLEM INPUT
    /// OUTPUT [ANSWER]` (with ANSWER the jury's answer is read, not computed).
    /// Exit 0 ok, 1 wrong answer, 2 presentation error, 3 failure (bad input, missing
    /// file, bad usage, jury answer contradicted). With --kattis: `judge PROBLEM
    /// --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT`, exit 42 accepted, 43 rejected.
    Judge {
        /// Problem name.
        problem: String,
        /// INPUT OUTPUT [ANSWER], or with --kattis INPUT ANSWER FEEDBACK_DIR.
        #[arg(value_name = "FILE", num_args = 2..=3, required = true)]
        files: Vec<PathBuf>,
        /// Kattis output-validator conventions (output on stdin, exit 42/43,
        /// judgemessage.txt in the feedback directory).
        #[arg(long)]
        kattis: bool,
        /// Accept inputs within the extended limits.
        #[arg(long)]
        extended: bool,
    },
    /// Generate one input of a family on stdout.
    Gen {
        /// Problem name.
        problem: String,
        /// Family name (see `jurybox families PROBLEM`).
        #[arg(long, short)]
        family: String,
        /// Seed: the same problem, family, options and seed give the same bytes forever.
        #[arg(long, short)]
        seed: u64,
        /// Size options as KEY=VALUE (see `jurybox families PROBLEM` for keys and defaults).
        #[arg(value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
    /// List a problem's input families and their size options.
    Families {
        /// Problem name.
        problem: String,
    },
    /// Stress: seeded cases, every engine and --program against a reference; failures shrunk.
    ///
    /// Generate many small inputs, run every engine on each, shrink and save any
    /// disagreement to the corpus. Or, for a problem of your own, with no problem
    /// name: `jurybox stress --gen 'python3 gen.py {seed} {n=1..30}' --reference
    /// 'python3 ref.py' --program ./sol [--checker CMD] [--validator CMD]
    /// [--problem PACKAGE_DIR]`.
    #[command(after_help = help_examples::STRESS_EXAMPLES)]
    Stress(Box<StressArgs>),
    /// Run a program over a test directory, or every submission of a package or contest.
    ///
    /// Run a program over a test directory: every NAME.in, judged against NAME.ans
    /// (or the reference's answer where there is none); a table of verdicts and
    /// times; exit 1 if any test is not accepted. Or, given a Kattis / BAPCtools
    /// package directory, run every submission in its submissions/ on every test
    /// in its data/ and print the matrix, the time limit and each submission's
    /// verdicts against what its directory says; exit 1 on a contradiction, 3 when
    /// the package's own programs fail (no verdict is then shown).
    #[command(after_help = help_examples::RUN_EXAMPLES)]
    Run {
        /// Problem name, a package directory (problem.yaml or problem.xml),
        /// or a contest directory (problems.yaml, contest.xml, or a folder of
        /// problem folders).
        problem: String,
        /// The directory of NAME.in (and NAME.ans) files (a built-in problem only).
        dir: Option<PathBuf>,
        #[command(flatten)]
        programs: ProgramArgs,
        /// Accept inputs within the extended limits.
        #[arg(long)]
        extended: bool,
        /// Runs at a time (default: all cores; times are CPU times).
        #[arg(long, short, value_parser = job_count)]
        jobs: Option<usize>,
        /// A package whose problem.yaml records the machine speed its limit was
        /// stated at is judged with its stated limit, and this machine is
        /// measured (`jurybox calibrate`) to say what that limit is here; this
        /// skips the measuring. The stated limit is kept either way.
        #[arg(long)]
        stated_limit: bool,
        /// A package or contest: run every submission on every test. Without
        /// it a submission that must fail stops where the judges stop it, at
        /// its first rejection in run order (as `bt run` does; one that must
        /// time out not before a run shows it separable); its other cells say
        /// "skipped". Accepted submissions always run every test.
        #[arg(long, short)]
        all: bool,
        #[command(flatten)]
        judge: JudgeArg,
        #[command(flatten)]
        contest: ContestArgs,
    },
    /// Measure this machine's speed (1.00 on jurybox's reference machine).
    ///
    /// Measure this machine's speed on the reference programs jurybox ships
    /// (integer arithmetic, memory-bound random access, a branchy search;
    /// compiled as a judge compiles C++, each run alone several times, the
    /// fastest counting): one number, 1.00 on jurybox's reference machine,
    /// which `package` and `harden --write` record beside a package's limit.
    #[command(after_help = help_examples::CALIBRATE_EXAMPLES)]
    Calibrate,
    /// Join the reports of a sharded run (stress, or a command on a contest) into one summary.
    ///
    /// Join the reports of a sharded run (--shard K/N --report FILE): a stress
    /// run's must be all N shards of one seed, each once, and print the combined
    /// summary with a replay command per failure; a contest's (`run CONTEST`,
    /// `stress CONTEST`) print the contest's one summary table. Exit 1 on any
    /// failure or contradiction, 2 on missing, duplicate or mismatched shards.
    #[command(after_help = help_examples::MERGE_EXAMPLES)]
    Merge {
        /// The reports, one per shard.
        #[arg(value_name = "REPORT", required = true)]
        reports: Vec<PathBuf>,
    },
    /// Convert a package: Polygon or sinol-make to Kattis (2025-09 or legacy), or Kattis to Polygon or sinol-make.
    ///
    /// Convert a package to another format: a Polygon or sinol-make package
    /// to a Kattis 2025-09 one (a Polygon package's generated tests built and
    /// answered first, each solution in the directory its tag or expected
    /// scores mean, the programs wrapped to speak Kattis's protocol, groups
    /// and points as test data groups; --legacy: the legacy layout), or a
    /// Kattis package to a Polygon or a sinol-make one (each solution run on
    /// the examples first, as sinol-make runs it, so that config.yml states
    /// its status there: --no-run not to). OUT must be new or empty.
    #[command(after_help = help_examples::CONVERT_EXAMPLES)]
    Convert {
        /// The package directory (problem.yaml, problem.xml or config.yml).
        package: PathBuf,
        /// The format to write: kattis, polygon or sinol.
        #[arg(long, value_parser = ["kattis", "polygon", "sinol"])]
        to: String,
        /// The new package's directory.
        out: PathBuf,
        /// With --to kattis: the legacy Kattis layout, which problemtools'
        /// verifyproblem and DOMjudge read (the time limit in .timelimit, a
        /// solution allowed several verdicts says them in an
        /// @EXPECTED_RESULTS@ line, no validator or checker self-tests).
        #[arg(long)]
        legacy: bool,
        /// With --to sinol: run no program. By default each solution whose
        /// status on the examples (sinol's group 0) the source does not state
        /// is run on them, as sinol-make runs it, and that status written, so
        /// that `sinol-make run` passes at once; with --no-run config.yml
        /// gives the sinol-make command that measures it instead (for a
        /// machine without compilers).
        #[arg(long)]
        no_run: bool,
        /// Runs at a time while the tests are built (default: all cores).
        #[arg(long, short, value_parser = job_count)]
        jobs: Option<usize>,
    },
    /// Build a built-in problem's judge suite from its plan, with a derived time limit.
    ///
    /// Build a built-in problem's judge suite from its plan (suites/PROBLEM.toml):
    /// every input validated, every answer cross-checked by every engine that can
    /// run it; then the suite is staged as a package and the jury derives the time
    /// limit from the intended solutions (packager/judge/PROBLEM/accepted/*.cpp,
    /// compiled as a judge compiles them) and states each one's margin.
    #[command(after_help = help_examples::SUITE_EXAMPLES)]
    Suite(SuiteArgs),
    /// Mutation testing: a built-in problem's mutants, or mutants of a package's submissions.
    ///
    /// A built-in problem: the kill table of its mutants (its known wrong and slow
    /// solutions, the C++ programs a package ships) on its suite, judged by the
    /// jury as a package; exit 1 if one survives. A package directory: mutants
    /// made of its accepted C, C++ and Python submissions, run on its data;
    /// exit 1 if one survives.
    #[command(after_help = help_examples::MUTANTS_EXAMPLES)]
    Mutants(MutantsArgs),
    /// Write a built-in problem's judge package (Kattis 2025-09) that needs no jurybox.
    ///
    /// Write a judge package (Kattis / ICPC problem package format 2025-09) that
    /// needs no jurybox: the suite as data, strict C++ validators, the intended
    /// solutions in accepted/ and each mutant where its kills place it
    /// (wrong_answer/, time_limit_exceeded/ or rejected/), the limit derived by
    /// the jury from the intended solutions; exit 1 if a mutant survives.
    #[command(after_help = help_examples::PACKAGE_EXAMPLES)]
    Package(PackageArgs),
    /// Write one self-contained HTML page of a suite, package or contest.
    ///
    /// Write one self-contained HTML page of a suite (or package) directory: the
    /// kill matrix, the time limit, and per test a picture, the answer and times.
    #[command(after_help = help_examples::REPORT_EXAMPLES)]
    Report(ReportArgs),
    /// Harden a package: search a test for each submission that must fail but passes the data.
    ///
    /// Find what a package's data misses: every submission that must fail but
    /// passes every test is searched for a test that catches it (inputs from
    /// the package's own input grammar: every small input, each bound, the
    /// maximal shapes, each number bisected to where the accepted answer
    /// changes; then the generators.yaml rules taking {seed}, --gen,
    /// mutations of its own tests, random inputs), which is shrunk, answered
    /// by an accepted submission and, with --write, added to data/secret/.
    /// Mutants of the accepted submissions are scored before and after
    /// (those with the original's object code left out as equivalent). The
    /// jury's own programs are audited first (`jurybox audit`; --no-audit
    /// skips it). Exit 1 if a submission that must fail is left uncaught or
    /// the audit finds a jury program wrong.
    #[command(after_help = help_examples::HARDEN_EXAMPLES)]
    Harden(HardenArgs),
    /// Judge the jury's own programs: the input validators against the
    /// statement's bounds and against invalid inputs made from the input
    /// grammar (bounds exceeded, counts off, tokens of the wrong type, CRLF,
    /// trailing garbage, ...), the bounds no test reaches, the output validator
    /// against right and wrong outputs, the generators run twice. Each finding
    /// is shrunk and saved with a `reproduce:` line; with --write kept in
    /// data/invalid_input/ or data/invalid_output/ (and generators.yaml). Exit
    /// 1 if a jury program is found wrong, 3 if one cannot run; bounds the data
    /// never reaches are warnings (exit 0).
    #[command(after_help = AUDIT_EXAMPLES)]
    Audit(AuditArgs),
    /// Draw one input (and its answer) as an SVG picture.
    Show(ShowArgs),
    /// Input validator of a package: the input on stdin; exit 42 valid, 43 invalid.
    #[command(name = "input-validator")]
    InputValidator {
        /// Problem name.
        problem: String,
        /// Flags from the judging system (ignored).
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        flags: Vec<String>,
    },
    /// Output validator of a package: `INPUT ANSWER FEEDBACK_DIR [flags] <
    /// team_output`; exit 42 accepted, 43 wrong, the reason in
    /// FEEDBACK_DIR/judgemessage.txt.
    #[command(name = "output-validator")]
    OutputValidator {
        /// Problem name.
        problem: String,
        /// The test input.
        input: PathBuf,
        /// The judge's answer.
        answer: PathBuf,
        /// Where to write judgemessage.txt.
        feedback_dir: PathBuf,
        /// Flags from the judging system (ignored).
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        flags: Vec<String>,
    },
    /// Write every C++ program of a problem's judge directory made whole (named
    /// edits applied, shared headers beside the sources that include them) into
    /// OUT at its path there, as a package ships them (how to change a named
    /// edit with it: packager/judge/README.md).
    #[command(name = "judge-sources", hide = true)]
    JudgeSources {
        /// Problem name.
        problem: String,
        /// Directory to write (created).
        #[arg(long)]
        out: PathBuf,
    },
}

/// Arguments of `jurybox package`.
#[derive(Args, Debug)]
pub struct PackageArgs {
    /// Problem name, or `all` (then each problem goes to OUT/PROBLEM).
    pub problem: String,
    /// Directory to write (created; an earlier package there is replaced).
    #[arg(long)]
    pub out: PathBuf,
    /// Runs at a time (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    /// Write a scored (olympiad) package in the legacy Kattis layout: the
    /// plan's `[[group]]` subtasks, the known wrong and slow solutions as
    /// partial solutions with the grades running them gives.
    #[arg(long)]
    pub scoring: bool,
}

/// Arguments of `jurybox suite`.
#[derive(Args, Debug)]
pub struct SuiteArgs {
    /// Problem name.
    pub problem: String,
    /// Directory to write (created; an earlier suite there is replaced).
    #[arg(long)]
    pub out: PathBuf,
    /// Worker threads for building (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
}

/// Arguments of `jurybox mutants`.
#[derive(Args, Debug)]
pub struct MutantsArgs {
    /// Problem name, or a package directory (then: mutation testing of its
    /// accepted submissions against its data), or a contest (each problem in
    /// turn, one summary).
    pub problem: String,
    /// A suite made by `jurybox suite` or `jurybox package` (default: build the
    /// problem's plan).
    #[arg(long, value_name = "DIR")]
    pub suite: Option<PathBuf>,
    /// Runs at a time (default: all cores; times are CPU times).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    /// A package: mutants made of each accepted C, C++ or Python submission.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub mutants: usize,
    /// A package: the seed of the mutants' selection.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A package: search this many seconds for an input that kills each
    /// mutant the data leaves alive, as harden does (the input's grammar
    /// first); 0: judge by the data alone.
    #[arg(long, default_value_t = 0.0, value_name = "SECONDS")]
    pub search: f64,
    #[command(flatten)]
    pub judge: JudgeArg,
    #[command(flatten)]
    pub contest: ContestArgs,
}

/// How a command on a contest splits and records its work.
#[derive(Args, Debug, Clone)]
pub struct ContestArgs {
    /// A contest: only its problems i (from 0, in the contest's order) with
    /// i mod N = K - 1, as `stress --shard` splits cases.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// A contest: also write its summary as JSON to FILE (one per shard;
    /// `jurybox merge` joins them into the summary one machine prints).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

/// Whose settings a package's programs are built and run with.
#[derive(Args, Debug, Clone, Copy)]
pub struct JudgeArg {
    /// A package: judge it as this judge does, with its compilers, flags,
    /// interpreters (PyPy for Python 3 on kattis, domjudge and bapctools) and
    /// stack: kattis, domjudge, codeforces, bapctools, sinol (sinol-make:
    /// -O3, CPython), or host (this machine's compilers, CPython, an 8 MiB
    /// stack). Default: the judge the package's format points to (Polygon:
    /// codeforces; sinol's config.yml: sinol; generators.yaml, .timelimit or a
    /// BAPCtools contest: bapctools; domjudge-problem.ini: domjudge; else
    /// kattis).
    #[arg(long = "judge", value_name = "JUDGE", value_parser = judge_name)]
    pub judge: Option<Judge>,
}

/// A judge by its name on the command line.
pub fn judge_name(text: &str) -> Result<Judge, String> {
    Judge::named(text).ok_or_else(|| {
        let known: Vec<&str> = Judge::ALL.iter().map(|j| j.id()).collect();
        format!(
            "'{text}' is not a judge jurybox knows ({})",
            known.join(", ")
        )
    })
}

/// Where an input comes from.
#[derive(Args, Debug)]
pub struct InputArgs {
    /// Accept inputs within the extended limits, not only the official ones.
    #[arg(long)]
    pub extended: bool,
    /// Input file (standard input when absent).
    pub file: Option<PathBuf>,
}

/// External programs to judge alongside the built-in engines.
#[derive(Args, Debug)]
pub struct ProgramArgs {
    /// A program to judge, with the input on stdin (repeatable). Plain words
    /// (`./sol`, `java Sol`) are run directly, anything else by `sh -c CMD`.
    #[arg(long = "program", value_name = "CMD")]
    pub commands: Vec<String>,
    /// CPU time limit per run, in seconds.
    #[arg(long, default_value_t = jurybox_sandbox::DEFAULT_CPU_SECONDS, value_name = "SECONDS", value_parser = positive_seconds)]
    pub time_limit: f64,
    /// Wall-clock limit per run, in seconds (default: 2 × time limit + 1).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub wall_limit: Option<f64>,
    /// Memory limit per run (measured peak resident memory), in MiB.
    #[arg(long, default_value_t = jurybox_sandbox::DEFAULT_MEMORY_MIB, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub memory_limit: u64,
    /// Output limit per run (stdout), in MiB.
    #[arg(long, default_value_t = jurybox_sandbox::DEFAULT_OUTPUT_MIB, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub output_limit: u64,
}

/// A number of jobs: a whole number, at least 1.
pub fn job_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' must be a whole number of jobs, at least 1"
        )),
    }
}

/// A number of seconds: finite, positive and at most a year.
pub fn positive_seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if !value.is_finite() || value <= 0.0 || value > 365.0 * 86400.0 {
        return Err(format!(
            "'{text}' must be a positive number of seconds (at most a year)"
        ));
    }
    Ok(value)
}

/// Arguments of `jurybox report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A directory written by `jurybox suite`, a problem package (one with a
    /// problem.yaml and no suite.toml: then every submission and the mutants of
    /// the accepted ones are run on its data), or a contest (each problem's
    /// page into --out as a directory, with an index.html linking them).
    pub suite: PathBuf,
    /// The HTML file to write (a contest: the directory).
    #[arg(long)]
    pub out: PathBuf,
    /// Also run every mutant on every test as a process (as `jurybox mutants`
    /// does) for the kill matrix; minutes on big suites.
    #[arg(long)]
    pub kills: bool,
    /// Runs at a time for --kills (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    /// A package: mutants made of each accepted C, C++ or Python submission for
    /// the kill matrix (0: none).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub mutants: usize,
}

/// Arguments of `jurybox show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Problem name.
    pub problem: String,
    /// Input file (read under the extended limits).
    pub input: PathBuf,
    /// Its answer (default: the fast engine's).
    #[arg(long, value_name = "FILE")]
    pub answer: Option<PathBuf>,
    /// The SVG file to write.
    #[arg(long)]
    pub out: PathBuf,
}
