//! The benchmark gate's measurements: instruction counts (gungraun over valgrind's
//! callgrind) of every fast engine on fixed inputs and of the stress loop on a fixed
//! number of cases. Criterion (the other benches) gives wall-clock figures but never
//! fails on a regression; an instruction count does not move with the machine's load,
//! so `.ci/bench-gate` can compare it with the committed baseline
//! (`benches/gate-baseline.tsv`) and fail on growth above 3 %.
//!
//! Fixed inputs: every family of the problem at its default options (the jury's
//! official sizes), seeds `1..=seeds`, generated in gungraun's setup so that only the
//! engine's instructions are counted. `seeds` is chosen per problem to keep the whole
//! callgrind run short (see docs/PERFORMANCE.md).
//!
//! The runner: `runner/cat_20` counts jurybox's own side of running a program the
//! way `stress --program` does (`Program::run`: the sandbox's spawn, poll loop,
//! reaping and sweep for leftovers), 20 runs of `/bin/cat` on an 86-byte input (a tetris3d case).
//! Callgrind follows no child (`--trace-children=no`), so `cat` itself is not
//! counted; the sandbox's `gate_mode` keeps time out of the count: no `/proc`
//! sampling, and since valgrind 3.19 has no `pidfd_open`, the run waits for
//! `cat`'s exit where a pidfd would wake it, rather than looking every 2 ms
//! (under callgrind the supervision runs fifty times slower, so timed wake-ups
//! would come more often on a slow day). It counts what every quick run costs.
//!
//! `JURYBOX_GATE_SLOWDOWN=NAME` (a benchmark name such as `puyo_fast`) makes that
//! benchmark run its engine a second time on every twentieth input: about 5 % more
//! work, the documented way to see the gate fail without editing an engine.

use gungraun::{
    library_benchmark, library_benchmark_group, main, Callgrind, LibraryBenchmarkConfig,
};
use jurybox_core::problem::engine_named;
use jurybox_generators::Options;
use jurybox_sandbox::{gate_mode, Outcome, Program, RunLimits};
use jurybox_stress::case::{case_setup, check_case};
use jurybox_stress::{with_problem, Harness, ProblemVisitor};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The variable that adds work to one benchmark (see the module doc).
const SLOWDOWN: &str = "JURYBOX_GATE_SLOWDOWN";

/// Work prepared outside the measured region; calling it is what gets counted.
type Work = Box<dyn Fn() -> u64>;

/// Whether `JURYBOX_GATE_SLOWDOWN` names this benchmark.
fn slowed(name: &str) -> bool {
    std::env::var(SLOWDOWN).is_ok_and(|v| v == name)
}

/// An engine on every family's default-size input for seeds `1..=seeds`.
struct EngineWork {
    engine: &'static str,
    seeds: u64,
    slow: bool,
}

impl ProblemVisitor for EngineWork {
    type Output = Work;
    fn visit<P: Harness>(self) -> Work {
        let engine = engine_named::<P>(self.engine).expect("the benchmarked engine exists");
        let mut inputs = Vec::new();
        for family in P::families() {
            let options = Options::defaults(family.params);
            for seed in 1..=self.seeds {
                inputs.push(family.make(&options, seed));
            }
        }
        let repeat: Vec<usize> = if self.slow {
            (0..inputs.len()).step_by(20).collect()
        } else {
            Vec::new()
        };
        Box::new(move || {
            let mut sum = 0u64;
            for input in inputs.iter().chain(repeat.iter().map(|&i| &inputs[i])) {
                black_box((engine.solve)(black_box(input)));
                sum += 1;
            }
            sum
        })
    }
}

/// Setup of an engine benchmark: `name` is `PROBLEM_ENGINE` as in the baseline file.
fn engine_work(problem: &str, engine: &'static str, seeds: u64) -> Work {
    let name = format!("{problem}_{}", engine.replace('-', "_"));
    let slow = slowed(&name);
    with_problem(
        problem,
        EngineWork {
            engine,
            seeds,
            slow,
        },
    )
    .expect("the problem exists")
}

/// The stress loop as `jurybox stress` runs it on one thread: case setup, generation,
/// round trip and every trusted engine judged against the reference.
struct StressWork {
    cases: u64,
}

impl ProblemVisitor for StressWork {
    type Output = Work;
    fn visit<P: Harness>(self) -> Work {
        let cases = self.cases;
        Box::new(move || {
            let families: Vec<_> = P::families().iter().collect();
            for index in 0..cases {
                let (family, options, seed) = case_setup(&families, 1, index);
                let input = family.make(&options, seed);
                check_case::<P>(&input, &[], &Default::default()).expect("engines agree");
            }
            cases
        })
    }
}

/// Setup of a stress-loop benchmark.
fn stress_work(problem: &str, cases: u64) -> Work {
    let cases = if slowed(&format!("{problem}_stress")) {
        cases + cases / 20
    } else {
        cases
    };
    with_problem(problem, StressWork { cases }).expect("the problem exists")
}

/// Setup of the runner benchmark: `runs` runs of `/bin/cat` on a small input, each
/// checked to give its input back.
fn runner_work(runs: u64) -> Work {
    gate_mode();
    let runs = if slowed("cat_20") { runs + 1 } else { runs };
    let program = Program {
        command: "/bin/cat".into(),
        limits: RunLimits::with_cpu(Duration::from_secs(2)),
    };
    let input = b"2 8 9\n2 2 3 0 4\n1 2 2 1 4\n1 2 2 1 1\n2 1 1 0 0\n1 1 2 1 3\n2 1 1 1 2\n1 1 2 0 6\n1 2 1 0 0\n"
        .to_vec();
    let cancel = AtomicBool::new(false);
    Box::new(move || {
        for _ in 0..runs {
            let report = program.run(&input, &cancel);
            assert_eq!(report.outcome, Outcome::Exited, "{report:?}");
            assert_eq!(report.stdout, input);
        }
        runs
    })
}

#[library_benchmark]
#[bench::tetris3d_fast(args = ("tetris3d", "fast", 1), setup = engine_work)]
#[bench::puyo_fast(args = ("puyo", "fast", 10), setup = engine_work)]
#[bench::puyo_fast_portable(args = ("puyo", "fast-portable", 10), setup = engine_work)]
#[bench::netgame_fast(args = ("netgame", "fast", 1), setup = engine_work)]
#[bench::papercut_fast(args = ("papercut", "fast", 1), setup = engine_work)]
#[bench::blokus3d_fast(args = ("blokus3d", "fast", 1), setup = engine_work)]
fn fast_engine(work: Work) -> u64 {
    black_box(work())
}

#[library_benchmark]
#[bench::tetris3d_stress(args = ("tetris3d", 100), setup = stress_work)]
#[bench::puyo_stress(args = ("puyo", 100), setup = stress_work)]
#[bench::netgame_stress(args = ("netgame", 100), setup = stress_work)]
#[bench::papercut_stress(args = ("papercut", 100), setup = stress_work)]
#[bench::blokus3d_stress(args = ("blokus3d", 100), setup = stress_work)]
fn stress_loop(work: Work) -> u64 {
    black_box(work())
}

// The child (`cat`) is not followed: only jurybox's side of each run is counted.
#[library_benchmark(config = LibraryBenchmarkConfig::default().valgrind_args(["--trace-children=no"]))]
#[bench::cat_20(args = (20,), setup = runner_work)]
fn runner(work: Work) -> u64 {
    black_box(work())
}

library_benchmark_group!(name = engines; benchmarks = fast_engine);
library_benchmark_group!(name = runs; benchmarks = runner);
library_benchmark_group!(name = stress; benchmarks = stress_loop);

// Only the instruction count (Ir) is gated: without the cache simulation callgrind
// runs several times faster, and the setups (input generation) run under it too.
main!(
    config = LibraryBenchmarkConfig::default()
        .tool(Callgrind::with_args(["--cache-sim=no"]))
        .pass_through_envs([SLOWDOWN]);
    library_benchmark_groups = engines, stress, runs
);
