//! A built suite and its kill table written as a problem package in the Kattis /
//! ICPC problem package format, version 2025-09: the layout BAPCtools and Kattis
//! problemtools check. Nothing in it needs jurybox: the validators, the intended
//! solutions and the mutants are the C++ programs of `packager/judge/PROBLEM/` made
//! whole (named edits applied, shared headers beside the sources that include
//! them), compiled by the judge itself, and the tests are data.

use super::cpp::CppProgram;
use super::dir::{write_atomic, write_manifest, write_suite};
use super::kills::{Fate, MutantRow};
use super::plan::TimeLimitRule;
use super::suite_tests::SuiteError;
use super::{BuiltSuite, TestGroup};
use jurybox_core::problem::judge_output;
use jurybox_core::Verdict;
use jurybox_core::{Constraints, Problem};
use jurybox_format::layout::{
    Category, ANSWER_VALIDATORS, DATA, INPUT_VALIDATORS, OUTPUT_VALIDATOR, PROBLEM_YAML,
    SUBMISSIONS, TEST_GROUP_YAML,
};
use jurybox_format::YamlMap;
use jurybox_jury::{Speed, TimeLimit};
use std::path::Path;

/// Where the judges' tools expect a mutant, from what its kill table shows:
/// `wrong_answer` when every kill is a wrong answer and every run stays under 70%
/// of the limit (so no tool timing it a little differently sees a TLE, which that
/// directory does not permit), `time_limit_exceeded`
/// when every kill is a TLE, `rejected` otherwise (a wrong solution that is also
/// slow). `None` for a mutant no test kills. The verdicts seen decide, not the
/// mutant's declared [`jurybox_core::Flaw`]: the tools check those verdicts, and a
/// wrong-answer mutant that is also slow may be timed out before it answers.
pub fn submission_dir(row: &MutantRow, limit_seconds: f64) -> Option<Category> {
    let codes: Vec<Verdict> = row.verdict_counts().iter().map(|(c, _)| *c).collect();
    let fast = row
        .runs
        .iter()
        .all(|r| r.cpu_seconds < super::kills::NEAR_LIMIT * limit_seconds);
    match codes.as_slice() {
        [] => None,
        [Verdict::WA] if fast => Some(Category::WrongAnswer),
        [Verdict::TLE] => Some(Category::TimeLimitExceeded),
        _ => Some(WAITING),
    }
}

/// The flags the output validator gets in `data/test_group.yaml`, found by asking
/// the problem's own judge: `space_change_sensitive` when it rejects a sample answer
/// with its white space changed (a leading space, an extra or missing final
/// newline, a space before a newline, spaces and newlines swapped, `\r\n`), and
/// `case_sensitive` when it rejects one with its letters' case swapped. The judges'
/// tools read them to know which altered answers must still be accepted.
pub fn output_validator_args<P: Problem>(suite: &BuiltSuite) -> Vec<&'static str> {
    let Some(sample) = suite.tests.iter().find(|t| t.group == TestGroup::Sample) else {
        return Vec::new();
    };
    let Ok(input) = P::parse_input(&sample.input, Constraints::Official) else {
        return Vec::new();
    };
    let Ok(expected) = P::parse_answer(&input, &sample.answer) else {
        return Vec::new();
    };
    let answer = &sample.answer;
    let rejects = |text: Vec<u8>| !judge_output::<P>(&input, &expected, &text).is_accepted();
    let swap = |from: u8, to: u8| {
        answer
            .iter()
            .map(|&b| if b == from { to } else { b })
            .collect()
    };
    let before_last_newline = |extra: &[u8]| {
        let cut = answer.len() - usize::from(answer.ends_with(b"\n"));
        [&answer[..cut], extra, &answer[cut..]].concat()
    };
    let spaced: Vec<Vec<u8>> = vec![
        [b" ", answer.as_slice()].concat(),
        [answer.as_slice(), b"\n"].concat(),
        before_last_newline(b" "),
        swap(b' ', b'\n'),
        swap(b'\n', b' '),
        answer.strip_suffix(b"\n").unwrap_or(answer).to_vec(),
        answer
            .iter()
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect(),
    ];
    let mut args = Vec::new();
    if spaced.into_iter().filter(|t| t != answer).any(rejects) {
        args.push("space_change_sensitive");
    }
    let swapped: Vec<u8> = answer
        .iter()
        .map(|b| {
            if b.is_ascii_alphabetic() {
                b ^ 0x20
            } else {
                *b
            }
        })
        .collect();
    if &swapped != answer && rejects(swapped) {
        args.push("case_sensitive");
    }
    args
}

/// What a package holds besides the suite.
pub struct PackageContents<'a> {
    /// The problem's title.
    pub title: &'a str,
    /// The problem's judge programs (`accepted/*.cpp`, `mutants/*.cpp`,
    /// `input_validator.cpp`, `output_validator.cpp`), made whole.
    pub judge: &'a [CppProgram],
    /// The plan's rule for the limit (its resolution and multipliers go in
    /// `problem.yaml`).
    pub rule: &'a TimeLimitRule,
    /// Flags for the output validator (`data/test_group.yaml`): which altered
    /// outputs it rejects.
    pub validator_args: &'a [&'static str],
}

/// The programs of a problem's judge directory in its subdirectory `dir`
/// (`accepted`: the intended solutions; `mutants`).
pub fn programs_in<'a>(judge: &'a [CppProgram], dir: &str) -> Vec<&'a CppProgram> {
    let prefix = format!("{dir}/");
    judge
        .iter()
        .filter(|s| s.path.starts_with(&prefix))
        .collect()
}

/// The judge program at `path`, if the problem has one.
fn judge_file<'a>(judge: &'a [CppProgram], path: &str) -> Option<&'a CppProgram> {
    judge.iter().find(|s| s.path == path)
}

/// Writes `program`'s files into the directory `dir`, its source as `NAME.cpp`
/// and its headers beside it: the directory is the program.
fn write_program_files(dir: &Path, name: &str, program: &CppProgram) -> Result<(), SuiteError> {
    write_atomic(&dir.join(format!("{name}.cpp")), program.text())?;
    for header in program.headers() {
        write_atomic(&dir.join(&header.name), &header.text)?;
    }
    Ok(())
}

/// Writes `program` into `parent` as the program `name`: the single file
/// `NAME.cpp`, or, when it includes headers, the directory `NAME/` holding its
/// source and headers (a program of the Kattis format is a file or a directory).
fn write_program(parent: &Path, name: &str, program: &CppProgram) -> Result<(), SuiteError> {
    if program.headers().next().is_none() {
        write_atomic(&parent.join(format!("{name}.cpp")), program.text())?;
        Ok(())
    } else {
        write_program_files(&parent.join(name), name, program)
    }
}

/// Where every mutant waits while the staged package is judged: `rejected/`
/// permits any verdict and bounds the limit on neither side, so the limit comes
/// from `accepted/` alone and no mutant's directory is guessed before its runs.
pub const WAITING: Category = Category::Rejected;

/// `problem.yaml`: the rule's resolution and multipliers, and the limit: the
/// plan's recorded one whenever it has one (stated already while staged, so
/// the jury checks it instead of deriving one in its place), else the derived
/// one once known (`None` while staged). The speed of the machine it was set
/// on goes on the line above it (`jurybox_format::speed_comment`): the
/// recorded speed for a recorded limit, so the file is the same every time.
fn problem_yaml(
    problem: &str,
    title: &str,
    rule: &TimeLimitRule,
    limit: Option<&TimeLimit>,
    speed: Option<&Speed>,
) -> YamlMap {
    let mut limits = YamlMap::new();
    match (rule.recorded, limit) {
        (Some(recorded), _) => {
            limits
                .comment(&format!(
                    "CPU seconds: recorded in suites/{problem}.toml, a decision kept; jurybox checks it \
                     against each derivation (`jurybox package {problem}` prints the check)."
                ))
                .speed(
                    recorded.speed,
                    "the speed of the machine the recorded limit was derived on",
                )
                .fixed("time_limit", recorded.seconds, 1);
        }
        (None, Some(limit)) => {
            limits.comment(&format!("CPU seconds: {}", describe_limit(limit)));
            if let Some(s) = speed {
                limits.speed(s.speed, &s.note());
            }
            limits.fixed("time_limit", limit.seconds, 1);
        }
        (None, None) => {
            limits.comment("The limit is derived by the jury from submissions/accepted/.");
        }
    }
    let mut multipliers = YamlMap::new();
    multipliers
        .number("ac_to_time_limit", rule.ac_to_time_limit)
        .number("time_limit_to_tle", rule.time_limit_to_tle);
    limits
        .number("time_resolution", rule.time_resolution)
        .map("time_multipliers", multipliers);
    let mut name = YamlMap::new();
    name.quoted("en", title);
    let mut doc = YamlMap::new();
    doc.comment(&format!("Written by `jurybox package {problem}`."))
        .value("problem_format_version", "2025-09")
        .value("type", "pass-fail")
        .map("name", name)
        .value("uuid", problem_id(problem))
        .value("license", "unknown")
        .map("limits", limits);
    doc
}

/// The file or directory of the program `name` in `parent` ([`write_program`]).
pub(crate) fn program_path(parent: &Path, name: &str) -> std::path::PathBuf {
    let file = parent.join(format!("{name}.cpp"));
    if file.exists() {
        file
    } else {
        parent.join(name)
    }
}

/// Writes the package of `suite` into `out`, staged to be judged: the suite's
/// files (see [`write_suite`]), `problem.yaml` with the rule but no limit, the
/// input validator and (for checker problems) the output validator as C++
/// sources, every intended solution in `accepted/` and each of `mutants` (names
/// of `mutants/NAME.cpp` in the judge programs) in [`WAITING`]. Nothing in it
/// calls jurybox: a judge host needs only its C++ compiler.
pub fn stage_package(
    suite: &BuiltSuite,
    contents: &PackageContents,
    mutants: &[&str],
    out: &Path,
) -> Result<(), SuiteError> {
    let problem = suite.problem;
    let judge = contents.judge;
    let validator = judge_file(judge, "input_validator.cpp").ok_or_else(|| {
        SuiteError::Directory(format!(
            "{problem} has no packager/judge/{problem}/input_validator.cpp"
        ))
    })?;
    let sources = mutants
        .iter()
        .map(|name| {
            judge_file(judge, &format!("mutants/{name}.cpp"))
                .map(|source| (*name, source))
                .ok_or_else(|| {
                    SuiteError::Directory(format!(
                        "mutant {name} has no packager/judge/{problem}/mutants/{name}.cpp or .patch to ship"
                    ))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;

    write_suite(suite, out)?;
    let yaml = problem_yaml(problem, contents.title, contents.rule, None, None);
    write_atomic(&out.join(PROBLEM_YAML), yaml.render().as_bytes())?;

    // jurybox makes a problem's judging data, not its statement: the setter's own
    // statement replaces this one (the judges' tools need one per name language).
    let statement = format!(
        "% Written by `jurybox package {problem}`: replace with the problem's statement.\n\
         \\problemname{{{}}}\n\n\
         This package holds the judging data of {problem} made by jurybox: tests, \
         validators and submissions. The statement itself is the problem setter's; \
         put it here.\n",
        contents.title
    );
    write_atomic(&out.join("statement/problem.en.tex"), statement.as_bytes())?;

    write_program(&out.join(INPUT_VALIDATORS[0]), "validate", validator)?;
    // The judge's own answer files are checked too (exact-answer problems: the
    // default output validator reads them, so their format is the answers' format).
    if let Some(answers) = judge_file(judge, "answer_validator.cpp") {
        write_program(&out.join(ANSWER_VALIDATORS[0]), "validate", answers)?;
    }
    // 2025-09: `output_validator/` is the program itself, whatever its files.
    if let Some(checker) = judge_file(judge, "output_validator.cpp") {
        write_program_files(&out.join(OUTPUT_VALIDATOR[0]), "validate", checker)?;
    }
    if !contents.validator_args.is_empty() {
        // The flags say which altered outputs must still pass (the judges' tools
        // test that); a custom validator gets them too, and ignores them. Written
        // exactly as BAPCtools writes it, so its own tools read it back unchanged.
        let text = format!(
            "output_validator_args: [{}]\n",
            contents.validator_args.join(", ")
        );
        write_atomic(&out.join(DATA).join(TEST_GROUP_YAML), text.as_bytes())?;
    }

    let subs = out.join(SUBMISSIONS);
    let accepted = Category::Accepted.dir();
    for solution in programs_in(judge, accepted) {
        write_program(&subs.join(accepted), solution.stem(), solution)?;
    }
    for (name, source) in sources {
        write_program(&subs.join(WAITING.dir()), name, source)?;
    }
    Ok(())
}

/// Finishes a package staged in `out` ([`stage_package`]) and judged: each
/// mutant moved from [`WAITING`] to where [`submission_dir`] puts it, a slow
/// mutant no limit separates from the intended solutions left out (and
/// `problem.yaml` says so with both times), the limit written into
/// `problem.yaml` (with `speed`, the machine's it was derived on) and
/// `suite.toml`. Refused, with nothing moved, when a mutant
/// survives or contradicts its declared flaw.
pub fn finish_package(
    suite: &BuiltSuite,
    contents: &PackageContents,
    limit: &TimeLimit,
    speed: Option<&Speed>,
    rows: &[MutantRow],
    out: &Path,
) -> Result<(), SuiteError> {
    // Check everything before moving anything.
    let mut placed = Vec::new();
    let mut left_out = Vec::new();
    for row in rows {
        if let Some(run) = row.contradiction() {
            return Err(SuiteError::Directory(format!(
                "{} is declared {} but {} gives {}: the program has a real bug",
                row.mutant, row.flaw, run.test, run.judges
            )));
        }
        match (row.fate(), submission_dir(row, limit.seconds)) {
            (Fate::Killed(_), Some(dir)) => placed.push((row, dir)),
            (Fate::NotSeparable(run), _) => left_out.push((row, run)),
            _ => {
                return Err(SuiteError::Directory(format!(
                    "suite too weak: {} survives every test",
                    row.mutant
                )))
            }
        }
    }
    let subs = out.join(SUBMISSIONS);
    for (row, category) in placed {
        if category != WAITING {
            let dir = category.dir();
            let from = program_path(&subs.join(WAITING.dir()), &row.mutant);
            let to = subs
                .join(dir)
                .join(from.file_name().expect("a program's name"));
            std::fs::create_dir_all(subs.join(dir))?;
            std::fs::rename(from, to)?;
        }
    }
    for (row, _) in &left_out {
        let path = program_path(&subs.join(WAITING.dir()), &row.mutant);
        if path.is_dir() {
            std::fs::remove_dir_all(path)?;
        } else {
            std::fs::remove_file(path)?;
        }
    }
    let waiting = subs.join(WAITING.dir());
    if waiting.exists() && std::fs::read_dir(&waiting)?.next().is_none() {
        std::fs::remove_dir(waiting)?;
    }
    let mut yaml = problem_yaml(
        suite.problem,
        contents.title,
        contents.rule,
        Some(limit),
        speed,
    );
    for (row, run) in &left_out {
        yaml.comment(&format!(
            "Not separable: the slow mutant {} ({}) needs at most {:.2}s (on {}), under \
             {:.2}s = {} x the limit, so it is left out of submissions/: no limit that \
             accepts every intended solution kills it on this suite.",
            row.mutant,
            row.about,
            run.cpu_seconds,
            run.test,
            limit.tle_seconds(),
            limit.time_limit_to_tle
        ));
    }
    write_atomic(&out.join(PROBLEM_YAML), yaml.render().as_bytes())?;
    write_manifest(suite, limit.seconds, out)
}

/// How the limit was derived, in one line of ASCII (it goes into
/// `problem.yaml`, which some judges read under a C locale): the yardstick's
/// interval (fastest and second fastest of its runs alone) and, where twice it
/// straddles a rounding step, that the upper step was taken and why.
pub fn describe_limit(limit: &TimeLimit) -> String {
    let yardstick = limit
        .yardstick
        .as_ref()
        .map_or(String::from("no intended solution"), |s| {
            let step = limit.rule().step(&s.interval());
            let why = match step.straddled {
                Some(lower) => format!(
                    ", which straddles {lower:.1}s: the upper step, since a correct submission \
                     as fast would be within noise of {lower:.1}s"
                ),
                None => String::new(),
            };
            // The neighbours' own part of the widening: the interval's total
            // (`widened_by`) also holds the variation between moments, said below.
            let loaded = match s.loaded {
                Some(loaded) => {
                    let by = s.widened_by_neighbours().unwrap_or(1.0);
                    let widened = match by > 1.0 + 1e-9 {
                        true => format!("widened {by:.2}x"),
                        false => "not widened".into(),
                    };
                    format!(
                        "; fastest of {} runs beside {} busy neighbour(s) {loaded:.3}s, {widened}",
                        jurybox_jury::NEIGHBOUR_RUNS,
                        s.neighbours,
                    )
                }
                None => String::new(),
            };
            let between = match (s.between, s.raw) {
                (Some(b), Some((fastest, upper))) => format!(
                    "; brought to the quiet moment from {fastest:.3}-{upper:.3}s as run by a \
                     yardstick beside each run; between {} moments the yardstick moved {:.2}x, \
                     widened to {:.3}s",
                    b.moments,
                    b.variation(),
                    s.interval().top()
                ),
                _ => String::new(),
            };
            format!(
                "{} x {} ({} on {}, {}{loaded}{between}){why}",
                limit.ac_to_time_limit,
                s.interval().seconds_with("-"),
                s.submission,
                s.test,
                s.how(limit.how)
            )
        });
    let stated = match (&limit.stated, limit.stated_check()) {
        (Some((seconds, file)), Some(check)) => {
            format!("stated {seconds:.1}s ({file}), {}; ", check.describe())
        }
        _ => String::new(),
    };
    let busy = match limit.busy {
        Some((load, cores)) => format!(
            "; measured at load average {load:.1} on {cores} cores, so a quiet machine may \
             derive a step less"
        ),
        None => String::new(),
    };
    format!(
        "{stated}limit {:.1}s = max({:.1}s floor, {yardstick}: the slowest intended solution's CPU \
         time on its slowest test), rounded up to {}s; a slow mutant is killed above \
         {:.2}s ({} x the limit){busy}",
        limit.derived.unwrap_or(limit.seconds),
        limit.floor,
        limit.resolution,
        limit.tle_seconds(),
        limit.time_limit_to_tle,
    )
}

/// The problem's `uuid` in problem.yaml, by format's one rule
/// (`stable_uuid`), so that a rebuilt package, pass-fail or scored, has the
/// same bytes.
pub fn problem_id(problem: &str) -> String {
    jurybox_format::stable_uuid(&format!("package/{problem}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::Flaw;
    use jurybox_judging::verdict::RunVerdict;
    use jurybox_sandbox::Clock;

    const AC: RunVerdict = RunVerdict::Accepted;

    fn row(runs: &[(f64, RunVerdict)]) -> MutantRow {
        crate::kills::tests::row(Flaw::WrongAnswer, runs)
    }

    #[test]
    fn each_mutant_goes_where_its_kills_say() {
        let wa = || RunVerdict::WrongAnswer("x".into());
        let tle = || RunVerdict::TimeLimit(Clock::Cpu);
        assert_eq!(
            submission_dir(&row(&[(0.1, AC), (0.1, wa())]), 1.0),
            Some(Category::WrongAnswer)
        );
        // Wrong, but close enough to the limit that a judge may time it out.
        assert_eq!(
            submission_dir(&row(&[(0.8, AC), (0.1, wa())]), 1.0),
            Some(Category::Rejected)
        );
        assert_eq!(
            submission_dir(&row(&[(0.1, AC), (1.5, tle())]), 1.0),
            Some(Category::TimeLimitExceeded)
        );
        assert_eq!(
            submission_dir(&row(&[(1.5, tle()), (0.1, wa())]), 1.0),
            Some(Category::Rejected)
        );
        assert_eq!(submission_dir(&row(&[(0.1, AC)]), 1.0), None);
    }

    /// Derivation 1 of "Limits that hold" (h-limits4): the run beside the
    /// neighbour was faster than the runs alone, and only the variation
    /// between moments widened the interval; the line said "widened 1.20x"
    /// beside the neighbour's figure.
    #[test]
    fn the_limit_line_says_which_noise_widened_the_interval() {
        use jurybox_jury::{Between, TimeLimit, Timing};
        let yardstick = Timing {
            submission: "accepted/a.cpp".into(),
            test: "secret/t".into(),
            seconds: 0.619,
            upper: 0.644,
            runs: 5,
            alone: true,
            loaded: Some(0.449),
            neighbours: 1,
            between: Some(Between {
                moments: 31,
                quiet: 0.020,
                busy: 0.025,
            }),
            raw: Some((0.631, 0.678)),
        };
        let limit = TimeLimit {
            seconds: 2.0,
            derived: Some(2.0),
            stated: None,
            yardstick: Some(yardstick.clone()),
            bounds: vec![yardstick],
            above: Vec::new(),
            format_rule: String::new(),
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            resolution: 0.5,
            floor: 1.0,
            busy: None,
            how: "alone",
            uncounted: None,
            unmeasured_moments: None,
            groups: Vec::new(),
            own: Vec::new(),
        };
        let line = describe_limit(&limit);
        assert!(
            line.contains("busy neighbour(s) 0.449s, not widened;"),
            "{line}"
        );
        // The widening is applied to the second fastest (issue 45: the figure
        // two runs agree on): 0.644 × 1.25.
        assert!(
            line.contains("the yardstick moved 1.25x, widened to 0.805s"),
            "{line}"
        );
    }

    #[test]
    fn a_slow_mutant_killed_by_a_wrong_answer_is_a_contradiction() {
        fn slow(runs: &[(f64, RunVerdict)]) -> MutantRow {
            MutantRow {
                flaw: Flaw::TooSlow,
                ..row(runs)
            }
        }
        let wa = RunVerdict::WrongAnswer("x".into());
        let tle = RunVerdict::TimeLimit(Clock::Cpu);
        assert!(slow(&[(1.5, tle.clone()), (0.1, AC)])
            .contradiction()
            .is_none());
        let both = slow(&[(1.5, tle.clone()), (0.1, wa.clone())]);
        assert_eq!(both.contradiction().map(|r| r.test.as_str()), Some("t1"));
        // A wrong-answer mutant may be killed either way.
        assert!(row(&[(1.5, tle), (0.1, wa)]).contradiction().is_none());
    }

    /// The staged and the recorded `problem.yaml`, byte for byte as the
    /// packager wrote them by hand before format's one writer (the judges'
    /// tools were run on those bytes).
    #[test]
    fn problem_yaml_keeps_its_bytes() {
        let mut rule = TimeLimitRule {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            floor_seconds: 1.0,
            time_resolution: 0.1,
            recorded: None,
        };
        let head = |problem: &str, title: &str| {
            format!(
                "# Written by `jurybox package {problem}`.\nproblem_format_version: 2025-09\n\
                 type: pass-fail\nname:\n  en: {title}\nuuid: {}\nlicense: unknown\nlimits:\n",
                problem_id(problem)
            )
        };
        let tail = "  time_resolution: 0.1\n  time_multipliers:\n    ac_to_time_limit: 2\n    \
                    time_limit_to_tle: 1.5\n";
        let staged = problem_yaml("sum", "A \"b\" \\", &rule, None, None).render();
        assert_eq!(
            staged,
            format!(
                "{}  # The limit is derived by the jury from submissions/accepted/.\n{tail}",
                head("sum", r#""A \"b\" \\""#)
            )
        );
        rule.recorded = Some(crate::plan::RecordedLimit {
            seconds: 1.0,
            speed: 0.97,
        });
        let recorded = problem_yaml("tetris3d", "Tetris", &rule, None, None).render();
        assert_eq!(
            recorded,
            format!(
                "{}  # CPU seconds: recorded in suites/tetris3d.toml, a decision kept; jurybox \
                 checks it against each derivation (`jurybox package tetris3d` prints the check).\n  \
                 # jurybox calibrate: speed 0.97 (the speed of the machine the recorded limit was \
                 derived on)\n  time_limit: 1.0\n{tail}",
                head("tetris3d", "\"Tetris\"")
            )
        );
    }
}
