//! A setter's own package through the command line: `run` prints the matrix and
//! exits 1 on a contradiction, `harden` finds what the data misses and, with
//! `--write` only, adds it to the package, and a broken package is reported part
//! by part while the rest of the work goes on.

use crate::support::{copy_dir, jurybox, root, text};
use std::path::{Path, PathBuf};

/// A copy of the test package `name` in a temporary directory (tests that write
/// must never touch the repository's copy).
pub(crate) fn copy_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().join(name);
    copy_dir(&root().join("tests/packages").join(name), &to);
    (dir, to)
}

/// `jurybox harden PACKAGE --no-audit --mutants 0 --budget SECONDS` and the
/// `extra` flags: the survivors' search alone, without the audit or mutants,
/// as the scoring and unseen-shape tests ask it.
pub(crate) fn harden_survivors(
    package: &Path,
    budget: &str,
    extra: &[&str],
) -> std::process::Output {
    let mut args = vec![
        "harden",
        package.to_str().unwrap(),
        "--no-audit",
        "--mutants",
        "0",
        "--budget",
        budget,
    ];
    args.extend_from_slice(extra);
    jurybox(&args, "")
}

/// Every file under `dir` with its bytes, sorted: a package's whole state.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn run_prints_the_matrix_and_fails_on_contradictions() {
    // maxsum's accepted kadane.py runs under PyPy, as Kattis runs Python 3;
    // without it the submission is a named skip and the counts below differ.
    let why = "maxsum's Python submissions run under PyPy, as Kattis runs them";
    if !crate::tools::installed("pypy3", "--version", why) {
        return;
    }
    let dir = root().join("tests/packages/maxsum");
    let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("time limit"), "{stdout}");
    assert!(
        stdout.contains("wrong_answer/empty_run.cpp")
            && stdout.contains("CONTRADICTION: no test gave WA"),
        "{stdout}"
    );
    assert!(stdout.contains("4 submissions contradict"), "{stdout}");
    // Not on a terminal, the progress is plain lines on stderr: each phase as
    // it starts with the runs it plans, and where the last one got.
    let stderr = text(&out.stderr);
    let planned = stderr
        .lines()
        .find_map(|l| {
            l.strip_prefix("run: every submission on every test: ")?
                .strip_suffix(" runs planned")
        })
        .unwrap_or_else(|| panic!("no progress line for the matrix:\n{stderr}"));
    assert!(stderr.contains("run: building the programs\n"), "{stderr}");
    assert!(
        stderr.contains("run: time limit: every bounding run: "),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "run: every submission on every test: {planned} of {planned} runs, "
        )),
        "{stderr}"
    );
    let usage = jurybox(&["run", dir.to_str().unwrap(), "--program", "./x"], "");
    assert_eq!(usage.status.code(), Some(2), "{}", text(&usage.stderr));
}

#[test]
#[ignore = "slow end-to-end: 19 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_changes_nothing_without_write_and_catches_the_survivor_with_it() {
    let (tmp, package) = copy_of("maxsum");
    // n ≤ 6 numbers in -9..9 from awk (a start in milliseconds, where Python's
    // costs a tenth of a second on a busy machine).
    let gen_cmd = "awk -v s={seed} 'BEGIN { srand(s % 2147483647); n = int(rand() * 6) + 1; print n; for (i = 0; i < n; i++) printf \"%s%d\", (i ? \" \" : \"\"), int(rand() * 19) - 9; print \"\" }'".to_string();
    let before = snapshot(&package);
    let save = tmp.path().join("found");
    let args = |write: bool| {
        let mut a = vec![
            "harden".to_string(),
            package.display().to_string(),
            "--gen".into(),
            gen_cmd.clone(),
            // A budget in candidates, not seconds: the same tests are found
            // however loaded the machine is.
            "--candidates".into(),
            "16".into(),
            "--only".into(),
            "empty_run".into(),
            "--seconds".into(),
            "600".into(),
            "--mutant-seconds".into(),
            "600".into(),
            "--mutants".into(),
            "1".into(),
            "--save".into(),
            save.display().to_string(),
        ];
        if write {
            a.push("--write".into());
        }
        a
    };
    let dry: Vec<String> = args(false);
    let out = jurybox(&dry.iter().map(String::as_str).collect::<Vec<_>>(), "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("wrong_answer/empty_run.cpp: caught (wrong answer"),
        "{stdout}"
    );
    // The summary: the mutation score, then where the budget's seconds went.
    let last_two: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert!(
        last_two[1].starts_with("mutation score: ") && last_two[0].starts_with("budget 600 s, "),
        "{stdout}"
    );
    assert!(
        !stdout.contains("before the budget's end"),
        "a search that caught at once was not cut short by the reserve: {stdout}"
    );
    assert_eq!(
        snapshot(&package),
        before,
        "without --write the package is unchanged"
    );
    assert!(
        std::fs::read_dir(&save).unwrap().count() >= 3,
        "the found test is saved"
    );

    let wet: Vec<String> = args(true);
    let out = jurybox(&wet.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let added: Vec<PathBuf> = std::fs::read_dir(package.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("jurybox-empty_run")
        })
        .collect();
    let exts: Vec<String> = {
        let mut e: Vec<String> = added
            .iter()
            .map(|p| p.extension().unwrap().to_string_lossy().into_owned())
            .collect();
        e.sort();
        e
    };
    assert_eq!(exts, ["ans", "in", "yaml"], "{added:?}");
    // The package now catches it, as `run` shows.
    let run = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&run.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("wrong_answer/empty_run.cpp"))
        .unwrap();
    assert!(
        line.contains("WA×1") && !line.contains("CONTRADICTION"),
        "{line}"
    );
}

#[test]
fn a_broken_package_is_reported_part_by_part() {
    let (_tmp, package) = copy_of("pairsum");
    // A submission that does not compile, one in a language nobody has, a
    // validator that does not compile, an unreadable submissions.yaml.
    std::fs::write(
        package.join("submissions/accepted/broken.cpp"),
        "int main( {",
    )
    .unwrap();
    std::fs::write(package.join("submissions/wrong_answer/odd.zzz"), "?").unwrap();
    std::fs::write(package.join("input_validators/broken.c"), "int main( {").unwrap();
    std::fs::write(
        package.join("submissions/submissions.yaml"),
        "accepted: [\n",
    )
    .unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stderr = text(&out.stderr);
    let stdout = text(&out.stdout);
    for named in [
        "submissions/accepted/broken.cpp",
        "submissions/wrong_answer/odd.zzz",
        "submissions/submissions.yaml",
    ] {
        assert!(stderr.contains(named), "{named} not named:\n{stderr}");
    }
    // A validator that does not build is said once, in the header.
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("input validators: 1 of 2 ready")
                && l.contains("broken did not run")
                && l.contains("input_validators/broken.c")),
        "{stdout}"
    );
    assert!(
        stdout.contains("accepted/hash.cpp") && stdout.contains("ok"),
        "the rest runs:\n{stdout}"
    );
    let none = tempfile::tempdir().unwrap();
    std::fs::write(none.path().join("problem.yaml"), "name: x\n").unwrap();
    let out = jurybox(&["harden", none.path().to_str().unwrap()], "");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("accepted"),
        "{}",
        text(&out.stderr)
    );
}

/// `harden` on a copy of `doubling` at `package`: n in 0..=100 drawn by awk,
/// sixteen candidates a survivor (a budget the machine's speed does not
/// change), no mutants, found tests saved in `save`.
fn harden_doubling(package: &Path, save: &Path) -> Vec<String> {
    let gen = "awk -v s={seed} 'BEGIN { srand(s % 2147483647); print int(rand() * 101) }'";
    [
        "harden",
        package.to_str().unwrap(),
        "--gen",
        gen,
        "--candidates",
        "16",
        "--seconds",
        "600",
        "--mutants",
        "0",
        "--save",
        save.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec()
}

/// Survivors are judged on the tests found earlier in the run before a search:
/// doubling's two wrong submissions keep 2n in 8 bits, so the test found for
/// the first (n ≥ 64, however it is shrunk) catches the second too, and is
/// saved and added once. Searching for the second instead would find and add a
/// second test.
#[test]
#[ignore = "slow end-to-end: 6 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_adds_a_test_that_catches_two_survivors_once() {
    let (tmp, package) = copy_of("doubling");
    let save = tmp.path().join("found");
    let mut args = harden_doubling(&package, &save);
    args.push("--write".into());
    let out = jurybox(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("2 of 2 surviving submissions caught"),
        "{stdout}"
    );
    let found_above: Vec<&str> = stdout
        .lines()
        .filter(|l| l.ends_with(", found above"))
        .collect();
    assert_eq!(found_above.len(), 1, "{stdout}");
    let inputs = |dir: &Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("jurybox-") && n.ends_with(".in"))
            .collect()
    };
    assert_eq!(inputs(&save).len(), 1, "saved once: {:?}", inputs(&save));
    let secret = package.join("data/secret");
    assert_eq!(
        inputs(&secret).len(),
        1,
        "added once: {:?}",
        inputs(&secret)
    );
    // --write records the speed of the machine that judged the tests against
    // the limit, as one comment line: the rest of problem.yaml is as it was.
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    let original =
        std::fs::read_to_string(root().join("tests/packages/doubling/problem.yaml")).unwrap();
    let (kept, speed): (Vec<&str>, Vec<&str>) = yaml
        .lines()
        .partition(|l| !l.starts_with("# jurybox calibrate: speed "));
    assert_eq!(speed.len(), 1, "{yaml}");
    assert_eq!(kept, original.lines().collect::<Vec<_>>());
    assert!(stdout.contains("recorded this machine's speed"), "{stdout}");
    let run = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "both caught now:\n{stdout}");
}

/// `calibrate` measures the reference programs and prints one speed; the
/// figures are this machine's, so only their form is checked.
#[test]
fn calibrate_prints_each_reference_program_and_one_speed() {
    let out = jurybox(&["calibrate"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    for program in ["integer_arithmetic", "random_access", "branchy_search"] {
        assert!(stdout.contains(program), "{program}:\n{stdout}");
    }
    let speed: f64 = stdout
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("speed "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no speed line:\n{stdout}"));
    assert!(speed > 0.0, "{stdout}");
}

/// A stated limit recorded at another machine's speed is kept (issue 45
/// item 3: a stated limit is a decision, never changed silently): `run` says
/// what it corresponds to here and judges with the stated 1.00 s, and
/// `--stated-limit` skips the measuring. The recorded speed is 1000 (a
/// machine no real one comes near), so the figures differ whatever the load;
/// the limit in force must be the stated one all the same.
#[test]
#[ignore = "slow end-to-end: 11 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn run_keeps_a_limit_stated_at_another_speed() {
    let (_tmp, package) = copy_of("doubling");
    let yaml = package.join("problem.yaml");
    let stated = std::fs::read_to_string(&yaml).unwrap()
        + "limits:\n  # jurybox calibrate: speed 1000.00 (a test's machine)\n  time_limit: 1.0\n";
    std::fs::write(&yaml, stated).unwrap();
    let dir = package.to_str().unwrap();
    for args in [vec!["run", dir], vec!["run", dir, "--stated-limit"]] {
        let out = jurybox(&args, "");
        let stdout = text(&out.stdout);
        assert!(
            stdout.contains("time limit 1.00 s (problem.yaml"),
            "{args:?}: the limit in force is the stated one:\n{stdout}{}",
            text(&out.stderr)
        );
        assert!(!stdout.contains("scaled to this machine"), "{stdout}");
    }
    let out = jurybox(&["run", dir], "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "slower than the 1000.00 the limit was stated at: the stated 1.00 s corresponds to"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("judging with the stated 1.00 s, kept"),
        "{stdout}"
    );
}

/// triangle: its limit is twice accepted/loop.c's time on the largest test,
/// and time_limit_exceeded/sixteen.c does sixteen times that work, so the
/// verdicts hold on any machine however loaded: each accepted submission's
/// slowest test and margin is stated, the slow one is separable.
#[test]
fn run_states_each_accepted_margin_and_the_slow_one_is_separable() {
    let dir = root().join("tests/packages/triangle");
    let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(
            "(accepted/loop.c on secret/02-largest, fastest and second fastest of 5 runs alone"
        ),
        "{stdout}"
    );
    for accepted in ["accepted/formula.c", "accepted/loop.c"] {
        let line = stdout.lines().find(|l| l.starts_with(accepted)).unwrap();
        assert!(
            line.contains("ok, slowest") && line.contains("margin"),
            "{line}"
        );
    }
    let slow = stdout
        .lines()
        .find(|l| l.starts_with("time_limit_exceeded/sixteen.c"))
        .unwrap();
    assert!(slow.contains("separable: over"), "{slow}");
    assert!(
        stdout.contains("every submission's verdicts are as expected"),
        "{stdout}"
    );
}

/// square: its slow and wrong submissions pass the first four tests and fail
/// the last four. `run` stops each at its first rejection as the judges do and
/// says which cells it skipped; `--all` runs every cell; the accepted one runs
/// every test either way.
#[test]
#[ignore = "slow end-to-end: 12 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn run_stops_a_failing_submission_at_its_first_rejection_unless_all() {
    let dir = root().join("tests/packages/square");
    let dir = dir.to_str().unwrap();
    let row = |stdout: &str, name: &str| -> String {
        let line = stdout.lines().find(|l| l.starts_with(name));
        line.unwrap_or_else(|| panic!("no row {name}:\n{stdout}"))
            .to_string()
    };
    let out = jurybox(&["run", dir, "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let slow = row(&stdout, "time_limit_exceeded/short_counter.c");
    assert!(
        slow.contains("AC×3 TLE×1 skipped×3") && slow.contains("separable"),
        "{slow}"
    );
    let wrong = row(&stdout, "wrong_answer/int_square.c");
    assert!(wrong.contains("AC×3 WA×1 skipped×3"), "{wrong}");
    assert!(
        row(&stdout, "accepted/square.c").contains("AC×7 "),
        "{stdout}"
    );
    for test in ["secret/04-min", "secret/05-odd", "secret/06-past-short"] {
        let cells = row(&stdout, test);
        assert_eq!(cells.matches("skipped").count(), 2, "{cells}");
    }
    assert!(stdout.contains("skipped: not run"), "{stdout}");
    let all = jurybox(&["run", dir, "--jobs", "2", "--all"], "");
    let stdout = text(&all.stdout);
    assert_eq!(all.status.code(), Some(0), "{stdout}{}", text(&all.stderr));
    assert!(!stdout.contains("skipped"), "{stdout}");
    let slow = row(&stdout, "time_limit_exceeded/short_counter.c");
    assert!(slow.contains("AC×3 TLE×4 "), "{slow}");
    assert!(
        row(&stdout, "wrong_answer/int_square.c").contains("AC×3 WA×4 "),
        "{stdout}"
    );
}

#[test]
fn run_judges_a_package_with_its_judges_stack_and_says_so_in_its_header() {
    let dir = root().join("tests/packages/deep-recursion");
    let dir = dir.to_str().unwrap();
    let out = jurybox(&["run", dir, "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let header = stdout.lines().next().unwrap();
    assert!(
        header.starts_with("judge: Kattis (a Kattis package; --judge to choose another): C++ g++ ")
            && header.ends_with("stack as large as the memory limit (256 MiB)"),
        "{header}"
    );
    assert!(
        stdout.contains("every submission's verdicts are as expected"),
        "{stdout}"
    );
    // The host's 8 MiB stack, as jurybox ran every package before profiles.
    let out = jurybox(&["run", dir, "--jobs", "2", "--judge", "host"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("accepted/memoised.cpp")
                && l.contains("CONTRADICTION: RTE on secret/2-deep")),
        "{stdout}"
    );
    let usage = jurybox(&["run", dir, "--judge", "icpc"], "");
    assert_eq!(usage.status.code(), Some(2));
    assert!(
        text(&usage.stderr).contains("kattis, domjudge, codeforces, bapctools, sinol, host"),
        "{}",
        text(&usage.stderr)
    );
}

#[test]
fn a_package_asking_for_a_validator_it_lacks_is_one_named_jury_fault() {
    let dir = root().join("tests/packages/custom-without-validator");
    let out = jurybox(&["run", dir.to_str().unwrap()], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{}{stderr}", text(&out.stdout));
    assert!(
        stderr.contains(
            "problem.yaml says validation: custom, but the package has no output validator"
        ),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).is_empty(),
        "nothing was judged: {}",
        text(&out.stdout)
    );
}
/// An output validator (Kattis protocol) that accepts a right answer and
/// crashes on any other: the jury's own bug, shown only by a wrong output.
const CRASHING_OUTPUT_VALIDATOR: &str = r#"#include <signal.h>
#include <stdio.h>
int main(int argc, char **argv) {
    long expected, got;
    FILE *answer = fopen(argv[2], "r");
    if (!answer || fscanf(answer, "%ld", &expected) != 1) return 1;
    if (scanf("%ld", &got) == 1 && got == expected) return 42;
    raise(SIGSEGV);
    return 43;
}
"#;

/// `doubling` with `output_validator/validate.c` as given.
fn doubling_with_output_validator(source: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, package) = copy_of("doubling");
    std::fs::create_dir(package.join("output_validator")).unwrap();
    std::fs::write(package.join("output_validator/validate.c"), source).unwrap();
    (tmp, package)
}

/// A jury fault is never an agreement (issue 34): with an output validator that
/// crashes on every wrong output, each input that catches a survivor crashed
/// the validator, and harden once reported "not caught: agreed" and exit 0.
#[test]
fn harden_names_a_crashing_output_validator_and_exits_3() {
    let (tmp, package) = doubling_with_output_validator(CRASHING_OUTPUT_VALIDATOR);
    let save = tmp.path().join("found");
    // The search's own path to the fault: the audit (harden's first step)
    // would find this validator first and save its own findings beside.
    let mut args = harden_doubling(&package, &save);
    args.push("--no-audit".to_string());
    let out = jurybox(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stdout}{stderr}");
    assert!(!stdout.contains("not caught"), "{stdout}");
    assert!(!stdout.contains("caught ("), "{stdout}");
    let said = format!("{stdout}{stderr}");
    assert!(said.contains("jury fault"), "{said}");
    assert!(said.contains("output validator"), "{said}");
    // The input that showed it is saved, and named.
    let saved: Vec<PathBuf> = std::fs::read_dir(&save)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(said.contains(&saved[0].display().to_string()), "{said}");
}

/// `jurybox mutants DIR` with the same validator: a mutant's wrong output
/// crashes it, which once counted as a kill (RTE).
#[test]
fn mutants_never_count_a_jury_fault_as_a_kill() {
    let (_tmp, package) = doubling_with_output_validator(CRASHING_OUTPUT_VALIDATOR);
    let out = jurybox(
        &["mutants", package.to_str().unwrap(), "--mutants", "8"],
        "",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stdout}{stderr}");
    assert!(!stdout.contains("killed"), "{stdout}");
    assert!(
        format!("{stdout}{stderr}").contains("jury fault"),
        "{stderr}"
    );
}

/// An output validator that does not build is the jury's failure, named once:
/// not every run an RTE and every submission a CONTRADICTION.
#[test]
fn run_names_an_output_validator_that_does_not_build() {
    let (_tmp, package) = doubling_with_output_validator("int main( {");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stdout}{stderr}");
    assert!(!stdout.contains("CONTRADICTION"), "{stdout}");
    assert!(!stdout.contains("RTE"), "{stdout}");
    assert!(
        stderr.contains("jury fault") && stderr.contains("output_validator"),
        "{stderr}"
    );
}

/// `stress --gen --problem DIR` reads the package as every command does (the
/// format crate), where a second reader once disagreed with it (issue 34): a
/// legacy `validation: default` keeps the default output validator, with the
/// package's `validator_flags`, however many programs `output_validators/`
/// holds; input validators get the secret tests' `input_validator_args`; and
/// `output_validator/` holding a `.cc` file and its header is one program.
#[test]
fn stress_gen_reads_a_package_as_the_jury_does() {
    let tmp = tempfile::tempdir().unwrap();
    let put = |path: &Path, contents: &str| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    };
    // Valid only when told `strict`: "A B" on one line, small integers.
    let strict = "#include <stdio.h>\n#include <string.h>\nint main(int c, char **v) {\n    \
                  long a, b; char end;\n    if (c < 2 || strcmp(v[1], \"strict\")) return 43;\n    \
                  if (scanf(\"%ld %ld%c\", &a, &b, &end) == 3 && end == '\\n') return 42;\n    \
                  return 43;\n}\n";
    let legacy = tmp.path().join("legacy");
    put(
        &legacy.join("problem.yaml"),
        "name: sum\nvalidation: default\nvalidator_flags: float_tolerance 0.01\n",
    );
    put(&legacy.join("input_validators/strict/strict.c"), strict);
    put(
        &legacy.join("output_validators/reject/reject.c"),
        "int main(void) { return 43; }\n",
    );
    put(
        &legacy.join("data/secret/testdata.yaml"),
        "input_validator_args: strict\n",
    );
    put(&legacy.join("data/secret/1.in"), "1 2\n");
    put(&legacy.join("data/secret/1.ans"), "3\n");
    put(&legacy.join("data/sample/1.in"), "2 3\n");
    put(&legacy.join("data/sample/1.ans"), "5\n");
    let modern = tmp.path().join("modern");
    put(
        &modern.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: sum\n",
    );
    put(
        &modern.join("output_validator/common.h"),
        "#define YES 42\n#define NO 43\n",
    );
    put(
        &modern.join("output_validator/check.cc"),
        "#include <cstdio>\n#include \"common.h\"\nint main(int c, char **v) {\n    \
         double want, got; FILE *f = std::fopen(v[2], \"r\");\n    \
         if (!f || std::fscanf(f, \"%lf\", &want) != 1) return 1;\n    \
         return std::scanf(\"%lf\", &got) == 1 && got > want - 0.01 && got < want + 0.01 ? YES : NO;\n}\n",
    );
    put(&modern.join("data/sample/1.in"), "2 3\n");
    put(&modern.join("data/sample/1.ans"), "5\n");
    let gen = "awk -v s={seed} 'BEGIN { print s % 10, 1 }'";
    // Off by a thousandth: right within the tolerance, wrong to an exact reader.
    let program = "awk '{ printf \"%.3f\\n\", $1 + $2 + 0.001 }'";
    for package in [&legacy, &modern] {
        let out = jurybox(
            &[
                "stress",
                "--gen",
                gen,
                "--reference",
                "awk '{ print $1 + $2 }'",
                "--program",
                program,
                "--problem",
                package.to_str().unwrap(),
                "--cases",
                "20",
                "--jobs",
                "1",
                "--save",
                tmp.path().join("found").to_str().unwrap(),
            ],
            "",
        );
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{package:?}: {stdout}{stderr}");
        assert!(stdout.contains("no failure"), "{stdout}");
    }
}

/// The checktestdata interpreter (`$JURYBOX_CHECKTESTDATA`, else `pyctd` or
/// `checktestdata` on the PATH), or `None`, said, when none is installed: a
/// package whose validator is a `.ctd` script cannot be judged without it.
pub(crate) fn checktestdata_installed() -> bool {
    let named = std::env::var_os("JURYBOX_CHECKTESTDATA").is_some();
    let on_path = ["pyctd", "checktestdata"].iter().any(|tool| {
        std::process::Command::new(tool)
            .arg("--help")
            .output()
            .is_ok()
    });
    if !(named || on_path) {
        crate::tools::skip("checktestdata is not installed (pip install checktestdata, or set JURYBOX_CHECKTESTDATA): the grammar tests are not run");
    }
    named || on_path
}

/// `harden` on `paircount` (its validator a checktestdata script), searching
/// only for the submissions named in `only`, no mutants, a generous time (the
/// search stops at the first catch, so what is found does not depend on it;
/// the grammar's finite stages get 6/20 of it, which must reach the maximal
/// shapes after every small input and each boundary on a loaded machine).
fn harden_paircount(only: &[&str]) -> (String, String) {
    let (_tmp, package) = copy_of("paircount");
    let only: Vec<&str> = only.iter().flat_map(|o| ["--only", o]).collect();
    harden_searching(&package, &only)
}

/// The line of `stdout` that starts with `prefix` (a submission's result).
fn line_starting<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix}:\n{stdout}"))
}

/// `harden` on `package` with `extra` arguments and no mutants, on two
/// jobs, what is found saved beside the package; it must exit `status`. Its
/// stdout and stderr.
fn harden_exiting(package: &Path, extra: &[&str], status: i32) -> (String, String) {
    let save = package.parent().unwrap().join("found");
    let mut args = vec![
        "harden",
        package.to_str().unwrap(),
        "--mutants",
        "0",
        "--jobs",
        "2",
        "--save",
        save.to_str().unwrap(),
    ];
    args.extend(extra);
    let out = jurybox(&args, "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(status), "{stdout}{stderr}");
    (stdout, stderr)
}

/// `harden` on `package` with `extra` arguments, no mutants and a generous
/// budget (see [`harden_paircount`]: each of four survivors gets 900 s in
/// the first round), what is found saved beside the package;
/// it must exit 0 (every survivor caught). Its stdout and stderr.
fn harden_searching(package: &Path, extra: &[&str]) -> (String, String) {
    let mut args = vec!["--budget", "7200", "--shrink-seconds", "2"];
    args.extend(extra);
    harden_exiting(package, &args, 0)
}

/// The issue's small bugs (issue 32): paircount's data (two samples and one
/// test, all distinct values around K) misses a copy-counting loop that never
/// runs (`i - 1 > i`), `a[p - 2]` for `a[p - 1]`, `m(m+1)/2` pairs of a value
/// with itself, and a Python slice that takes K as a_1; each fails on an input
/// of at most 5 numbers, which the grammar read from the `.ctd` script makes
/// in its small scope before anything else. Without the grammar, only
/// one-token edits of the three tests are tried.
#[test]
fn harden_catches_small_input_bugs_from_the_checktestdata_grammar() {
    if !checktestdata_installed() {
        return;
    }
    let only = ["two_pointers", "neighbour", "plus_one", "slice"];
    let (stdout, stderr) = harden_paircount(&only);
    assert!(
        stderr.contains("input grammar: from the checktestdata script validate.ctd"),
        "{stderr}"
    );
    for name in only {
        let line = stdout
            .lines()
            .find(|l| l.starts_with("wrong_answer/") && l.contains(name))
            .unwrap_or_else(|| panic!("{name}: {stdout}"));
        assert!(line.contains(": caught (wrong answer"), "{line}\n{stdout}");
    }
    assert!(stdout.contains("small scope: an input of"), "{stdout}");
    assert!(
        stdout.contains("4 of 4 surviving submissions caught"),
        "{stdout}"
    );
}

/// The issue's large bugs (issue 32): a 32-bit pair counter and a quadratic
/// loop pass every small test; the grammar's maximal input (n = 200 000, every
/// value 10^9, K = 2·10^9: 19 999 900 000 pairs) catches both, the slow one
/// with the time limit kept (no generator needed). The counter is searched
/// for alone, so its catch is its own and not "found above".
#[test]
fn harden_catches_overflow_and_a_slow_survivor_with_the_grammars_maxima() {
    if !checktestdata_installed() {
        return;
    }
    for (only, name, caught) in [
        (
            "int_count",
            "wrong_answer/int_count.cpp",
            "caught (wrong answer",
        ),
        (
            "all_pairs",
            "time_limit_exceeded/all_pairs.cpp",
            "caught (time limit exceeded",
        ),
    ] {
        let (stdout, _) = harden_paircount(&[only]);
        let line = stdout
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{stdout}"));
        assert!(line.contains(caught), "{stdout}");
        assert!(line.contains("maximal"), "{stdout}");
    }
}

/// A copy of package `name` whose validator `input_validators/validate`
/// includes BAPCtools' validation.h, which the package does not ship: jurybox's
/// own stand-in is put beside it (see towers' and frame's READMEs).
pub(crate) fn copy_with_validation_h(name: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, package) = copy_of(name);
    let validator = package.join("input_validators/validate");
    for header in ["validation.h", "jurybox_recorder.h"] {
        std::fs::copy(
            root().join("grammar/headers").join(header),
            validator.join(header),
        )
        .unwrap();
    }
    (tmp, package)
}

/// The miss of karwa2024's 24hvelo (issue 32): towers' validator bounds the
/// heights' total after its reads, which the recorded grammar cannot see, so
/// every maximal shape is refused and, within 40 candidates, the maximal and
/// boundary stages alone leave the slow `std::set` survivor uncaught (as the
/// binary before the scale-back did). Each maximal shape scaled back to the
/// largest input the validator accepts (n = 1000, the heights spread up to
/// about 200: their total at most 10^5, which also refuses the rows shape's
/// 1, 2, ..., 1000) catches it, with the time limit kept.
#[test]
#[ignore = "slow end-to-end: 10 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_catches_a_slow_survivor_under_a_sum_rule_by_scaling_maxima_back() {
    let (_tmp, package) = copy_with_validation_h("towers");
    let (stdout, stderr) = harden_searching(&package, &["--candidates", "40"]);
    assert!(
        stderr.contains("input grammar: from validate's recorded reads"),
        "{stderr}"
    );
    let line = line_starting(&stdout, "time_limit_exceeded/set_of_sums.cpp");
    assert!(line.contains("caught (time limit exceeded"), "{stdout}");
    assert!(
        line.contains("scaled by") && line.contains("the largest the validators accept"),
        "{stdout}"
    );
}

/// GAPC clubwinking's shape (issue 32): collinear's points must be distinct
/// (checked after the reads), so every maximal shape that makes the rows
/// equal is refused and the random ones put no three on a line; its slow
/// survivor is O(t^3 n) only on points sharing a line. Within 80 candidates
/// the binary before the rows shape left it uncaught; the shape "rows equal
/// but for their last value" (2000 distinct points on one line) catches it,
/// the limit kept (the accepted submission is quicker there than on random
/// points).
#[test]
#[ignore = "slow end-to-end: 22 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_catches_a_slow_survivor_on_distinct_points_on_one_line() {
    let (_tmp, package) = copy_with_validation_h("collinear");
    let (stdout, stderr) = harden_searching(&package, &["--candidates", "80"]);
    assert!(
        stderr.contains("input grammar: from validate's recorded reads"),
        "{stderr}"
    );
    let line = line_starting(&stdout, "time_limit_exceeded/regroup.cpp");
    assert!(line.contains("caught (time limit exceeded"), "{stdout}");
    assert!(
        line.contains("rows equal but for their last value"),
        "{stdout}"
    );
}

/// etoile's miss (karwa2025, issue 32): triangular's float formula is wrong
/// only just below the largest triangular numbers, which no round number,
/// maximal or random input meets (the binary of main: "agreed with the
/// reference on 33 456 valid of 33 532 candidates" in 120 s). The answer
/// breakpoints (n bisected from the middle of its range to 10^18, to where
/// the accepted answer last changes, and the values next to it) catch it,
/// after the grammar's finite stages (234 candidates) and within 300.
#[test]
fn harden_catches_a_float_formula_at_an_answer_breakpoint() {
    let (_tmp, package) = copy_with_validation_h("triangular");
    let (stdout, _) = harden_searching(&package, &["--candidates", "300"]);
    let line = line_starting(&stdout, "wrong_answer/float_sqrt.cpp");
    assert!(line.contains("caught (wrong answer"), "{stdout}");
    assert!(
        line.contains("by answer breakpoint: the accepted answer changes between 999999998765257140 and 999999998765257141"),
        "{stdout}"
    );
}

/// karwa2025's bancdepoissons (issue 32): harden's slow input was valid, but
/// on it the accepted submissions disagreed (a tie the package's data
/// avoids), so no test could be made and harden said nothing. squaremod's
/// accepted narrow.c squares in 32 bits, wrong from n = 46341 on, which the
/// data never reaches; every input that catches wrong_answer/unsigned.c
/// (n >= 65536) rejects an accepted submission too. harden names the
/// contradiction, saves the input with the reference's answer, and exits 1.
#[test]
fn harden_names_accepted_submissions_that_disagree_on_a_valid_input() {
    let (_tmp, package) = copy_of("squaremod");
    let (stdout, _) = harden_exiting(&package, &["--candidates", "400"], 1);
    let said = line_starting(&stdout, "CONTRADICTION: accepted/");
    assert!(said.contains("gets WA"), "{said}");
    assert!(said.contains("the accepted submissions disagree"), "{said}");
    // Issue 43: shown with every accepted submission's answer to the
    // (shrunk) input, which differ, and the line that replays it.
    let answer_of = |name: &str| {
        line_starting(
            &stdout.replace("    accepted/", "accepted/"),
            &format!("accepted/{name}: "),
        )
        .rsplit(' ')
        .next()
        .unwrap()
        .to_string()
    };
    assert_ne!(answer_of("narrow.c"), answer_of("wide.c"), "{stdout}");
    assert!(stdout.contains("  reproduce: jurybox stress "), "{stdout}");
    let saved = stdout
        .lines()
        .skip_while(|l| !l.starts_with("CONTRADICTION: accepted/"))
        .find_map(|l| l.trim().strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let input = std::fs::read_to_string(saved).unwrap();
    let n: u64 = input.trim().parse().unwrap();
    // An input on which the two accepted submissions differ, answered right
    // or wrong by the reference: n past 32-bit squares, within the bounds.
    assert!((46_341..=1_000_000).contains(&n), "{input}");
    let answer =
        std::fs::read_to_string(std::path::Path::new(saved).with_extension("ans")).unwrap();
    let right = (n * n % 1_000_000_007).to_string();
    let narrow = ((n * n) as u32 as i32 as i64)
        .rem_euclid(1_000_000_007)
        .to_string();
    assert!(
        answer.trim() == right || answer.trim() == narrow,
        "{answer}"
    );
}

/// The input saved for `submission`'s catch (its report's `saved:` line)
/// holds `word` at least twice.
fn assert_saved_twice(stdout: &str, submission: &str, word: &str) {
    let saved = stdout
        .lines()
        .skip_while(|l| !l.starts_with(submission))
        .find_map(|l| l.trim().strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let input = std::fs::read_to_string(saved).unwrap();
    assert!(input.matches(word).count() >= 2, "{input}");
}

/// Issue 43's words the problem is about: menu's wrong submission counts
/// every "tiramisu" as a dish of its own, wrong only when it is ordered
/// twice. No test holds the word, and the grammar's texts are random words
/// over `[a-z]{1,12}`; the statement names it (the source too), and the
/// grammar's dictionary stage orders it twice. The search is bounded by
/// candidates, not time, so what is found does not depend on the machine.
#[test]
fn harden_catches_a_bug_that_needs_a_word_of_the_statement_twice() {
    let (_tmp, package) = copy_with_validation_h("menu");
    let (stdout, _) = harden_searching(&package, &["--candidates", "3000"]);
    let line = line_starting(&stdout, "wrong_answer/dessert_apart.cpp");
    assert!(line.contains("caught"), "{stdout}");
    assert!(line.contains("dictionary: \"tiramisu\""), "{stdout}");
    assert_saved_twice(&stdout, "wrong_answer/dessert_apart.cpp", "tiramisu");
}

/// Issue 43's dictionary in the mutations of the package's tests: receipt's
/// wrong submission fails only when "tiramisu", a word only its statement
/// names, is on a receipt twice. Its validator checks that the prices sum to
/// the total after its reads, so every input of two dishes or more the
/// grammar makes (its dictionary stage's included) is refused; the mutation
/// that writes the dictionary's word over two dishes of the sample keeps the
/// prices, and catches it. Seen failing with that mutation removed (the
/// search then ends "not caught"). 15 to 20 s at load 5, most of it building.
#[test]
#[ignore = "slow end-to-end: 15 s at load 5, most of it the builds; CI runs it (--include-ignored)"]
fn harden_writes_a_word_of_the_statement_twice_into_a_test() {
    let (_tmp, package) = copy_with_validation_h("receipt");
    let (stdout, _) = harden_searching(&package, &["--candidates", "3000", "--no-audit"]);
    let line = line_starting(&stdout, "wrong_answer/house_dessert.cpp");
    assert!(line.contains("caught"), "{stdout}");
    assert!(
        line.contains("by mutation of sample/1: ") && line.contains("dictionary \"tiramisu\""),
        "{stdout}"
    );
    assert_saved_twice(&stdout, "wrong_answer/house_dessert.cpp", "tiramisu");
}

/// Issue 43's dictionary from the statement alone: specials' wrong
/// submission knows the house dessert by its name's hash and fails only when
/// it is ordered twice. Only the statement names "tiramisu" (no test, no
/// source). The validator is Python, so the grammar is guessed from the tests'
/// layout; its dictionary stage (and, after it, the mutations of the tests)
/// writes the word. Seen caught in 155 s at load 12 (about 420 runs of a
/// Python validator), so not in the default run.
#[test]
#[ignore = "slow end-to-end: about 400 Python validator runs (155 s at load 12)"]
fn harden_catches_a_bug_that_needs_a_word_only_the_statement_names() {
    let (_tmp, package) = copy_of("specials");
    let (stdout, _) = harden_searching(&package, &["--candidates", "2000", "--no-audit"]);
    let line = line_starting(&stdout, "wrong_answer/house_dessert.cpp");
    assert!(line.contains("caught"), "{stdout}");
    assert!(stdout.contains("\"tiramisu\""), "{stdout}");
    assert_saved_twice(&stdout, "wrong_answer/house_dessert.cpp", "tiramisu");
}

/// Issue 43: candidates on an unseen problem were answered by an accepted
/// submission taking seconds on large inputs while another took a fifth of
/// it. twospeeds' `accepted/a_slow.cpp` (named first) spins a quarter of a
/// second before answering; `accepted/fast.cpp` answers the candidates.
#[test]
#[ignore = "slow end-to-end: 8 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_answers_candidates_with_the_fastest_accepted_submission() {
    let (_tmp, package) = copy_with_validation_h("twospeeds");
    let (stdout, _) = harden_exiting(&package, &[], 0);
    let line = line_starting(&stdout, "candidates are answered by ");
    assert!(
        line.starts_with("candidates are answered by accepted/fast.cpp,"),
        "{line}"
    );
}

/// Issue 43's budget spent on one survivor while others wait: twelve's
/// twelve survivors are right (filed as wrong), so each search takes all it
/// is given. With one budget shared round by round, every one is searched
/// (at least one round) and its report says how long; the budget bounds the
/// whole, not each.
#[test]
#[ignore = "slow end-to-end: 24 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_shares_one_budget_so_that_twelve_survivors_are_all_searched() {
    let (_tmp, package) = copy_of("twelve");
    let (stdout, stderr) = harden_exiting(&package, &["--budget", "24"], 1);
    for i in 1..=12 {
        let name = format!("wrong_answer/same{i:02}.c");
        let searched = stdout
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{name}: not caught")))
            .find(|l| l.trim_start().starts_with("searched "))
            .unwrap_or_else(|| panic!("{name} not searched:\n{stdout}{stderr}"));
        let rounds: usize = searched
            .trim()
            .rsplit(' ')
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{searched}"));
        assert!(rounds >= 1, "{name}: {searched}");
    }
}

/// GAPC movietheater's miss (issue 32): frame's validator reads each row of
/// its grid as one string and checks the cells after its reads (doors and
/// walls on the border, people inside), so the recorded grammar makes no
/// input it accepts, and the slow submission is slow only on a large grid.
/// The binary before the climb started from the package's own tests left it
/// with "0 valid of 18 126 candidates" in 60 s; the climb grows the largest
/// test (its inner rows and columns tiled, border and counts kept) until the
/// target is too slow. The test found is judged again by `stress --input`,
/// which runs the package's validator on it first.
#[test]
#[ignore = "slow end-to-end: 18 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_catches_a_slow_survivor_on_a_grid_the_grammar_cannot_make_by_growing_the_tests() {
    let (_tmp, package) = copy_with_validation_h("frame");
    let (stdout, _) = harden_searching(&package, &["--candidates", "400"]);
    let line = line_starting(&stdout, "time_limit_exceeded/scan_per_person.cpp");
    assert!(line.contains("caught (time limit exceeded"), "{stdout}");
    assert!(
        line.contains("climbing on the cost") && line.contains("inner rows and columns"),
        "{stdout}"
    );
    let saved = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let replay = jurybox(&["stress", package.to_str().unwrap(), "--input", saved], "");
    let judged = text(&replay.stdout);
    assert!(!judged.contains("invalid input"), "{judged}");
    assert!(
        judged
            .lines()
            .any(|l| l.starts_with("accepted/bfs.cpp") && l.contains(" AC "))
            && judged
                .lines()
                .any(|l| l.starts_with("time_limit_exceeded/scan_per_person.cpp")
                    && l.contains(" TLE ")),
        "{judged}"
    );
}

/// `mutants DIR --search S` takes harden's path for the mutants the data
/// leaves alive: paircount's three tests leave alive mutants of `count.py`
/// that an input of at most 5 numbers kills (`>` → `>=` pairs a value with
/// itself), and the grammar's small scope finds it. Without `--search`, the
/// command judges by the data alone.
#[test]
fn mutants_search_kills_what_the_data_misses_from_the_grammar() {
    if !checktestdata_installed() {
        return;
    }
    let (tmp, package) = copy_of("paircount");
    // What kills a mutant is saved under ./jurybox-found: run where it may be.
    let mut command = crate::support::jurybox_command();
    command.current_dir(tmp.path()).args([
        "mutants",
        package.to_str().unwrap(),
        "--mutants",
        "10",
        "--search",
        "20",
        "--jobs",
        "2",
    ]);
    let out = crate::support::output_of(command, "");
    let stdout = text(&out.stdout);
    // Some of paircount's mutants are equivalent under its validator: alive
    // after the search too, something found (exit 1).
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("mutant count.py:12:10: caught (wrong answer")
            && stdout.contains("small scope"),
        "{stdout}"
    );
    assert!(stdout.contains("the search kills "), "{stdout}");
}

/// Something left surviving is something found (exit 1), as a contradiction
/// is for `run`: `harden` with no candidate to search leaves doubling's two
/// wrong submissions uncaught, and `mutants` keeps two mutants of a guard no
/// valid input reaches (`return 1` → `return 0`, `return 2`), which no test
/// can kill.
#[test]
fn harden_and_mutants_exit_1_when_something_survives() {
    let (tmp, package) = copy_of("doubling");
    std::fs::write(
        package.join("submissions/accepted/double.c"),
        "#include <stdio.h>\nint main(void) {\n    int n;\n    if (scanf(\"%d\", &n) != 1) return 1;\n    printf(\"%d\\n\", 2 * n);\n    return 0;\n}\n",
    )
    .unwrap();
    let save = tmp.path().join("found");
    let mut args = harden_doubling(&package, &save);
    let candidates = args.iter().position(|a| a == "--candidates").unwrap();
    args[candidates + 1] = "0".into();
    let out = jurybox(&args.iter().map(String::as_str).collect::<Vec<_>>(), "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("0 of 2 surviving submissions caught"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("harden: search: wrong_answer/int8.c\n"),
        "each search is a phase of harden's progress: {stderr}"
    );
    let out = jurybox(
        &["mutants", package.to_str().unwrap(), "--mutants", "50"],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("SURVIVES accepted/double.c"), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("mutants: mutants on every test: "),
        "the mutants' runs are a phase of the progress: {stderr}"
    );
}

/// The issue's target (issue 32): a time-limit survivor whose only slow
/// inputs are maximal is caught without any generator. `inversions` with its
/// generators taken out: its validator is a plain C++ program (no testlib.h,
/// no validation.h), so the grammar is the tests' layout, whose n stops at
/// 100 (the tests hold at most 100 values) where the validator accepts
/// 200 000. Asked of the validator, n grows to 200 000 and the grammar's
/// maximal input catches the O(n²) count. Without the growth, every input the
/// grammar makes has at most 100 values, which the quadratic count answers in
/// well under its limit.
#[test]
#[ignore = "slow end-to-end: 13 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn harden_catches_a_slow_survivor_without_a_generator_by_growing_the_layouts_counts() {
    let (tmp, package) = copy_of("inversions");
    std::fs::remove_dir_all(package.join("generators")).unwrap();
    let save = tmp.path().join("found");
    let out = jurybox(
        &[
            "harden",
            package.to_str().unwrap(),
            "--only",
            "quadratic",
            "--seconds",
            "1800",
            "--mutants",
            "0",
            "--jobs",
            "2",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        stderr.contains("grows to 200000 by asking the validators (the validators refuse 200001"),
        "{stderr}"
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time_limit_exceeded/quadratic.cpp"))
        .unwrap_or_else(|| panic!("{stdout}{stderr}"));
    assert!(line.contains("caught (time limit exceeded"), "{stdout}");
    assert!(line.contains("maximal"), "{stdout}");
}

/// Issue 45 item 0: each format's own rule says which submissions bound the
/// limit, and the limit's line says it. The two packages hold the same
/// programs (their time decided by the input): a run_time_error submission
/// that crashes on the first test and spins eight times as long as the
/// accepted one on the second. Legacy counts `accepted/` alone, so the crash's
/// slow run cannot set the limit; 2025-09's Timelimit inference counts it.
#[test]
fn each_format_bounds_the_limit_by_its_own_rule() {
    let run = |name: &str| {
        let dir = root().join("tests/packages").join(name);
        let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "2"], "");
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
        stdout
            .lines()
            .find(|l| l.starts_with("time limit"))
            .unwrap_or_else(|| panic!("no limit line: {stdout}"))
            .to_string()
    };
    let legacy = run("legacy-limit");
    assert!(legacy.contains("legacy format (problemtools' rule): only accepted/ bounds the limit from below (time_multiplier 1.5)"), "{legacy}");
    assert!(
        legacy.contains("here from below: accepted/spin.c; from above: none"),
        "{legacy}"
    );
    assert!(
        legacy.contains("1.5 × ") && legacy.contains("(accepted/spin.c on secret/2-big"),
        "{legacy}"
    );
    let v2025 = run("kattis2025-limit");
    assert!(v2025.contains("2025-09 Timelimit inference"), "{v2025}");
    assert!(
        v2025.contains("here from below: accepted/spin.c, run_time_error/crash_then_spin.c;"),
        "{v2025}"
    );
    assert!(
        v2025.contains("(run_time_error/crash_then_spin.c on secret/2-big"),
        "{v2025}"
    );
}

/// What `run` and `harden` both say of stated-overrun's `spin.c` (1.2 s or
/// more against the stated 0.1 s): the stated limit kept and contradicted,
/// and its time limit run again alone (`jury/src/recheck.rs`), killed past
/// 3× the limit (not at the limit: the figure it passed is at least 0.3 s of
/// CPU, whatever the machine) and still over it.
fn assert_overrun_said(stdout: &str) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time limit"))
        .unwrap_or_else(|| panic!("no limit line: {stdout}"));
    assert!(
        line.starts_with("time limit 0.10 s (problem.yaml), CONTRADICTION: accepted/spin.c takes "),
        "{line}"
    );
    let again = stdout
        .lines()
        .find(|l| l.starts_with("run again: accepted/spin.c on secret/1-slow: a time limit at "))
        .unwrap_or_else(|| panic!("not run again: {stdout}"));
    assert!(again.ends_with("3× the limit: over it"), "{again}");
    let passed: f64 = again
        .split("run again alone it passed ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no figure the run passed: {again}"));
    let kill = jurybox_jury::AGAIN_KILL * 0.1;
    assert!(
        passed >= kill,
        "killed at {passed} s, before {kill} s: {again}"
    );
}

/// Issue 45 items 1 and 3: a stated limit is kept, and an accepted
/// submission's time limit is run again as the derivation measures a time
/// (`jury/src/recheck.rs`) before it counts: load alone never fails it, but
/// stated-overrun's `spin.c` is still over even at the quiet moment, the
/// contradiction is said with its numbers and `run` exits 1. (That a run the
/// load slowed is accepted again is held by the recheck's unit tests, on
/// measured figures: no test can order the load.)
#[test]
fn a_stated_limit_is_kept_and_a_real_overrun_still_fails() {
    let dir = root().join("tests/packages/stated-overrun");
    let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert_overrun_said(&stdout);
    assert!(
        stdout.contains("1 submissions contradict their expected verdicts"),
        "{stdout}"
    );
}

/// Issue 45: a stated limit that is no multiple of the package's resolution
/// (0.75 s at 0.5 s steps) is said once, and judged with as stated: never
/// rounded to 1.0 s, and no file of the package written. Cheap: one echoing C
/// program on one test.
#[test]
fn run_says_an_off_resolution_limit_once_and_keeps_it() {
    let (_tmp, dir) = copy_of("off-resolution");
    let before = snapshot(&dir);
    let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "1"], "");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let said = format!("{stdout}{stderr}")
        .matches("time_limit 0.75 is not a multiple of time_resolution 0.5")
        .count();
    assert_eq!(said, 1, "{stdout}{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time limit"))
        .unwrap_or_else(|| panic!("no limit line: {stdout}"));
    assert!(
        line.starts_with("time limit 0.75 s (problem.yaml), kept"),
        "{line}"
    );
    assert_eq!(snapshot(&dir), before);
}

/// `harden` judges its package as `run` does (`Session::open` calls the
/// recheck, af0127c): on stated-overrun it says the same contradiction and
/// runs the accepted time limit again with the same words, then stops, as
/// `run` fails, for want of an accepted submission to answer new inputs.
/// Without the recheck the matrix is the same, but harden alone would count
/// a time limit the load made as the program's.
#[test]
fn harden_runs_an_accepted_time_limit_again_as_run_does() {
    let dir = root().join("tests/packages/stated-overrun");
    let save = tempfile::tempdir().unwrap();
    let out = jurybox(
        &[
            "harden",
            dir.to_str().unwrap(),
            "--no-audit",
            "--mutants",
            "0",
            "--jobs",
            "2",
            "--save",
            save.path().to_str().unwrap(),
        ],
        "",
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert_overrun_said(&stdout);
    assert!(stderr.contains("accepted"), "{stdout}{stderr}");
}

/// Issue 45 item 1: the decisive runs each have a yardstick run beside them in
/// time, the yardstick's spread over the derivation's moments is said, and the
/// interval says how it was brought to the quiet moment and widened. Counts
/// moments, not times: a moment beside each of the five runs alone and the
/// three beside the neighbours, and one after the parallel pass.
#[test]
#[ignore = "slow end-to-end: 8 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn a_derivation_measures_the_machine_between_moments() {
    let dir = root().join("tests/packages/moments-limit");
    let out = jurybox(&["run", dir.to_str().unwrap(), "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time limit"))
        .unwrap_or_else(|| panic!("no limit line: {stdout}"));
    assert!(line.contains("(accepted/spin.c on secret/1-spin"), "{line}");
    assert!(
        line.contains("each run brought to the quiet moment by the yardstick beside it from "),
        "{line}"
    );
    let moments: usize = line
        .split("branchy search) at ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of moments: {line}"));
    let runs = jurybox_jury::DECISIVE_RUNS + jurybox_jury::NEIGHBOUR_RUNS + 1;
    assert!(
        moments >= runs,
        "{moments} moments, fewer than {runs}: {line}"
    );
    assert!(
        line.contains("between its quiet and busy moment: widened ")
            || line.contains("between its quiet and busy moment: not widened"),
        "{line}"
    );
}
