//! The examples each command's `--help` ends with: one per job at the top,
//! more in each job's own. `tests/docs.rs` parses every example line here
//! with the CLI's parser, so a renamed flag fails there.

/// One example per job; each job's own `--help` has more. `tests/docs.rs`
/// parses every example line of every `--help` with this parser.
pub const EXAMPLES: &str = "\
Examples (one per job; `jurybox COMMAND --help` for more):
  jurybox problems
  jurybox stress all --seconds 60
  jurybox stress tetris3d --program ./my_solution --cases 10000
  jurybox stress --gen 'python3 gen.py {seed} {n=1..30}' --reference ./slow --program ./fast
  jurybox run mypackage/
  jurybox run mycontest/
  jurybox harden mypackage/ --write
  jurybox mutants mypackage/ --search 10
  jurybox report mypackage/ --out mypackage.html
  jurybox convert polygon-package/ --to kattis kattis-package/
  jurybox calibrate
  jurybox package tetris3d --out packages/tetris3d
  jurybox stress all --seed 7 --cases 1000000 --shard 2/8 --report shard-2.json
  jurybox merge shard-*.json
See README.md and docs/ for a page per job.";

/// `jurybox stress --help`'s examples.
pub const STRESS_EXAMPLES: &str = "\
Examples:
  jurybox stress all --seconds 60
  jurybox stress tetris3d --program ./my_solution --cases 10000 --save found/
  jurybox stress tetris3d --shard 2/8 --seed 7 --report shard2.json
  # your own problem: {seed} is the case's seed, {n=1..30} a size jurybox picks and shrinks
  jurybox stress --gen 'python3 gen.py {seed} {n=1..30}' --reference 'python3 ref.py' \\
      --program ./sol --checker ./checker --validator ./validator --cases 1000
  jurybox stress --gen './gen {seed}' --reference ./ref --program ./sol --problem mypackage/
  jurybox stress --gen ... --reference ... --program ... --input jurybox-found/any/any-1234.in
  # an interactive problem: the generated input is the interactor's (hidden number, limits)
  jurybox stress --gen './gen {seed}' --interactor ./interactor --program ./sol --cases 500
  jurybox stress --gen './gen {seed}' --interactor ./validator --interactor-protocol kattis \\
      --reference ./accepted --program ./sol --validator ./input_validator
  # a package: any program against its accepted submission and validators
  jurybox stress mypackage/ --program ./sol --seconds 60";

/// `jurybox run --help`'s examples.
pub const RUN_EXAMPLES: &str = "\
Examples:
  jurybox run tetris3d --program ./sol tests/
  jurybox run mypackage/            # every submission on every test of a package
  jurybox run mypackage/ --jobs 1   # one run at a time, for the quietest timing
  jurybox run mypackage/ --all      # every cell, even after a submission is settled
  jurybox run mypackage/ --judge host   # this machine's compilers, CPython, an 8 MiB stack
  jurybox run mycontest/            # every problem of a contest, one summary table
  jurybox run mycontest/ --shard 1/2 --report contest-1.json";

/// `jurybox mutants --help`'s examples.
pub const MUTANTS_EXAMPLES: &str = "\
Examples:
  jurybox mutants tetris3d                        # builds the suite from the plan first
  jurybox mutants tetris3d --suite tetris3d-suite
  jurybox mutants mypackage/                      # mutants of its accepted submissions on its data
  jurybox mutants mypackage/ --search 10          # and 10 s of search for each one alive";

/// `jurybox report --help`'s examples.
pub const REPORT_EXAMPLES: &str = "\
Examples:
  jurybox report tetris3d-suite --out tetris3d.html --kills
  jurybox report mypackage/ --out mypackage.html --mutants 5
  jurybox report mycontest/ --out contest-report/";

/// `jurybox convert --help`'s examples.
pub const CONVERT_EXAMPLES: &str = "\
Examples:
  jurybox convert polygon-package/ --to kattis kattis-package/
  jurybox convert polygon-package/ --to kattis --legacy legacy-package/   # for problemtools
  jurybox convert kattis-package/ --to polygon polygon-package/
  jurybox convert kattis-package/ --to sinol sinol-package/   # each solution run on the examples first
  jurybox convert kattis-package/ --to sinol --no-run sinol-package/   # runs nothing: config.yml gives the command";

/// `jurybox package --help`'s examples.
pub const PACKAGE_EXAMPLES: &str = "\
Examples:
  jurybox package puyo --out packages/puyo
  jurybox package all --out packages";

/// `jurybox suite --help`'s examples.
pub const SUITE_EXAMPLES: &str = "\
Examples:
  jurybox suite tetris3d --out tetris3d-suite";

/// `jurybox calibrate --help`'s examples.
pub const CALIBRATE_EXAMPLES: &str = "\
Examples:
  jurybox calibrate        # prints this machine's speed, 1.00 on the reference machine";

/// `jurybox merge --help`'s examples.
pub const MERGE_EXAMPLES: &str = "\
Examples:
  jurybox merge shard-*.json            # the shards of one stress run
  jurybox merge contest-1.json contest-2.json";

/// `jurybox harden --help`'s examples.
pub const HARDEN_EXAMPLES: &str = "\
Examples:
  jurybox harden mypackage/                       # report what the data misses
  jurybox harden mypackage/ --write               # and add the tests that catch it
  jurybox harden mypackage/ --gen 'python3 gen.py {seed} {n=1..100}' --seconds 60
  jurybox harden mypackage/ --only wrong_answer/ --candidates 2000   # the same tests on any machine
  jurybox harden mycontest/ --seconds 10          # each problem in turn, one summary";
