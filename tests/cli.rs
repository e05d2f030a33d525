//! The command line as a user scripts it: exit codes, messages, stdout bytes.

use crate::support::{self, jurybox, jurybox_command, jurybox_env, tetris3d_sample, text};

#[test]
fn solve_prints_the_answer_with_every_engine() {
    for engine in ["fast", "naive", "grid"] {
        let out = jurybox(
            &["solve", "tetris3d", "--engine", engine],
            tetris3d_sample(),
        );
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "6\n", "{engine}");
    }
}

#[test]
fn invalid_input_exits_1_naming_line_column_and_rule() {
    let out = jurybox(
        &["validate", "tetris3d"],
        "1000 5 2\n1 1 1 0 0\n2 1 1 999 0\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: line 3, column 7: x + d = 1001 exceeds D = 1000\n"
    );
    let out = jurybox(&["solve", "tetris3d"], "\u{0}\u{ff}garbage");
    assert_eq!(
        out.status.code(),
        Some(1),
        "garbage is an error, not a panic"
    );
    assert!(text(&out.stderr).starts_with("error: <stdin>: line 1, column 1: expected D"));
}

#[test]
fn extended_inputs_need_the_flag_and_the_error_says_so() {
    let input = "2048 1 1\n1 1 7 0 0\n";
    let out = jurybox(&["validate", "tetris3d"], input);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("pass --extended"),
        "{}",
        text(&out.stderr)
    );
    let out = jurybox(&["validate", "tetris3d", "--extended"], input);
    assert!(out.status.success());
}

#[test]
fn unknown_names_list_the_known_ones() {
    let out = jurybox(&["solve", "tetris4d"], "");
    assert_eq!(
        out.status.code(),
        Some(2),
        "a problem name that makes no sense"
    );
    assert!(
        text(&out.stderr).contains("known: tetris3d"),
        "{}",
        text(&out.stderr)
    );
    let out = jurybox(&["gen", "tetris3d", "--family", "nope", "--seed", "1"], "");
    assert!(
        text(&out.stderr).contains("families: "),
        "{}",
        text(&out.stderr)
    );
    let out = jurybox(
        &["solve", "tetris3d", "--engine", "magic"],
        tetris3d_sample(),
    );
    assert!(
        text(&out.stderr).contains("engines: fast, naive, grid"),
        "{}",
        text(&out.stderr)
    );
}

/// Issue 34: a path that is no package exited 2 for `run` but 1 for `harden`
/// and `convert`. Every command that takes a package says it is bad usage
/// (exit 2), naming the path; a package whose problem.yaml cannot be read is
/// a file that cannot be read (exit 1), for every command alike too.
#[test]
fn a_path_that_is_no_package_is_bad_usage_for_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let broken = tmp.path().join("broken");
    std::fs::create_dir(&broken).unwrap();
    std::fs::write(broken.join("problem.yaml"), "name: [unclosed\n").unwrap();
    let out_dir = tmp.path().join("out");
    let out_dir = out_dir.to_str().unwrap();
    for (dir, code) in [
        (tmp.path().join("missing"), 2),
        (empty.clone(), 2),
        (broken.clone(), 1),
    ] {
        let dir = dir.to_str().unwrap();
        let commands: [&[&str]; 7] = [
            &["run", dir],
            &["harden", dir],
            &["mutants", dir],
            &["report", dir, "--out", out_dir],
            &["stress", dir],
            &["convert", dir, "--to", "kattis", out_dir],
            &["package", dir, "--out", out_dir],
        ];
        for args in commands {
            // `package` builds a package from a built-in problem and takes
            // none: any directory is a name it does not know.
            let code = if args[0] == "package" { 2 } else { code };
            let out = jurybox(args, "");
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
            assert!(stderr.contains(dir), "{args:?} names the path: {stderr}");
        }
    }
}

#[test]
fn gen_is_a_pure_function_of_its_arguments() {
    let args = [
        "gen", "tetris3d", "--family", "random", "--seed", "99", "n=50", "d=30", "s=20",
    ];
    let a = jurybox(&args, "");
    let b = jurybox(&args, "");
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let other = jurybox(
        &[
            "gen", "tetris3d", "--family", "random", "--seed", "100", "n=50", "d=30", "s=20",
        ],
        "",
    );
    assert_ne!(a.stdout, other.stdout);
    // What gen makes, validate accepts.
    let out = jurybox(&["validate", "tetris3d"], &text(&a.stdout));
    assert_eq!(text(&out.stdout), "ok: D=30 S=20 N=50\n");
}

#[test]
fn bad_options_are_errors() {
    let out = jurybox(
        &[
            "gen", "tetris3d", "--family", "random", "--seed", "1", "n=0",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("n=0 is outside"),
        "{}",
        text(&out.stderr)
    );
    let out = jurybox(
        &[
            "gen", "tetris3d", "--family", "random", "--seed", "1", "depth=3",
        ],
        "",
    );
    assert!(
        text(&out.stderr).contains("has no parameter 'depth'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn stress_runs_its_budget_and_prints_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().to_str().unwrap();
    let out = jurybox(
        &[
            "stress", "tetris3d", "--cases", "3000", "--seed", "1", "--jobs", "2", "--corpus",
            corpus,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("total: 3000 cases, 0 failures"), "{stdout}");
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "nothing saved when all agree"
    );
}

#[test]
fn stress_against_a_wrong_program_saves_and_reports_the_case() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().to_str().unwrap();
    // A "solution" that always answers 1 is wrong as soon as two blocks stack.
    let out = jurybox(
        &[
            "stress",
            "tetris3d",
            "--cases",
            "500",
            "--seed",
            "3",
            "--corpus",
            corpus,
            "--save",
            corpus,
            "--program",
            "echo 1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("FAILURE tetris3d: program 'echo 1' against naive"),
        "{stdout}"
    );
    let saved = stdout
        .lines()
        .find_map(|l| l.strip_prefix("  saved:  "))
        .expect("a saved line");
    let path = saved.split(' ').next().unwrap();
    // The shrunk case is minimal: two unit blocks on a 1x1 platform, or one block of height 2.
    let input = std::fs::read_to_string(path).unwrap();
    assert!(input.lines().count() <= 3, "not shrunk: {input}");
    // ...and the command in the report reproduces the failure.
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("  reproduce: "))
        .unwrap();
    assert!(
        reproduce.starts_with("jurybox check tetris3d")
            && reproduce.ends_with("--program 'echo 1' --time-limit 2 --memory-limit 1024"),
        "{reproduce}"
    );
    let out = jurybox(&["check", "tetris3d", path, "--program", "echo 1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).starts_with("MISMATCH"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn judge_uses_testlib_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.in");
    std::fs::write(&input, tetris3d_sample()).unwrap();
    for (output, code) in [("6\n", 0), ("5\n", 1), ("six\n", 2), ("6 6\n", 2), ("", 2)] {
        let out_path = dir.path().join("t.out");
        std::fs::write(&out_path, output).unwrap();
        let out = jurybox(
            &[
                "judge",
                "tetris3d",
                input.to_str().unwrap(),
                out_path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(
            out.status.code(),
            Some(code),
            "{output:?}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn a_reference_engine_refuses_an_input_too_big_for_it_instead_of_panicking() {
    // A 10 x 10 sheet has 180 uncut unit segments: far past the bitmask search,
    // and --force cannot help (no table of 2^180 states), so it is not suggested.
    for force in [&[][..], &["--force"][..]] {
        let args = [&["solve", "papercut", "--engine", "naive"][..], force].concat();
        let out = jurybox(&args, "10 10 0\n");
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(
            err.contains("engine 'naive' cannot run this input"),
            "{err}"
        );
        assert!(!err.contains("--force"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A 4 x 5 sheet has 31 uncut units: only slow, so --force is offered.
    let out = jurybox(&["solve", "papercut", "--engine", "naive"], "4 5 0\n");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--force"), "{err}");
    // The default (fast) engine answers it.
    let out = jurybox(&["solve", "papercut"], "10 10 0\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// The run's three shards, each with its report, merge into the one-machine run:
/// 3000 cases, each shard its third; a missing or doubled shard is refused.
#[test]
fn three_shards_merge_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let report = |k: u64| dir.path().join(format!("shard{k}.json"));
    for k in 1..=3u64 {
        let shard = format!("{k}/3");
        let out = jurybox(
            &[
                "stress",
                "tetris3d",
                "--cases",
                "3000",
                "--seed",
                "1",
                "--jobs",
                "2",
                "--shard",
                &shard,
                "--corpus",
                corpus.to_str().unwrap(),
                "--report",
                report(k).to_str().unwrap(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("total: 1000 cases, 0 failures"));
        let json = std::fs::read_to_string(report(k)).unwrap();
        let first = format!("\"first_case\": {}", k - 1);
        assert!(
            json.contains(&first) && json.contains("\"stride\": 3"),
            "{json}"
        );
    }
    let paths: Vec<String> = (1..=3).map(|k| report(k).display().to_string()).collect();
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(String::as_str));
    let out = jurybox(&args, "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("total: 3000 cases, 0 failures over 3 shards"),
        "{stdout}"
    );
    let out = jurybox(&["merge", &paths[0], &paths[2]], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("1 of 3 shards of seed 1 missing: 2"),
        "{}",
        text(&out.stderr)
    );
    let out = jurybox(&["merge", &paths[0], &paths[1], &paths[2], &paths[1]], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("shard 2/3 is there twice"));
}

/// A failure found on a shard is merged with the command that replays it on one
/// machine, and that command finds the same case. One job, so that each shard's
/// first failure is its lowest failing case (with two, either worker's may be).
#[test]
fn a_shard_failure_replays_on_one_machine() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().to_str().unwrap();
    let shard = |k: u64| {
        let report = dir.path().join(format!("r{k}.json"));
        let shard = format!("{k}/2");
        let out = jurybox(
            &[
                "stress",
                "tetris3d",
                "--cases",
                "500",
                "--seed",
                "3",
                "--jobs",
                "1",
                "--shard",
                &shard,
                "--save",
                save,
                "--program",
                "echo 1",
                "--report",
                report.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        report.display().to_string()
    };
    let two = shard(2);
    let out = jurybox(&["merge", &two], "");
    assert_eq!(out.status.code(), Some(2), "one of two shards is missing");
    let out = jurybox(&["merge", &two, &shard(1)], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("FAILURE tetris3d (case 1, shard 2/2)"),
        "{stdout}"
    );
    let replay = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("  on one machine: "))
        .find(|l| l.contains("--case 1 "))
        .expect("a replay line for case 1");
    assert_eq!(
        replay,
        "jurybox stress tetris3d --seed 3 --case 1 --program 'echo 1' --time-limit 2 --memory-limit 1024"
    );
    let out = jurybox(
        &[
            "stress",
            "tetris3d",
            "--seed",
            "3",
            "--case",
            "1",
            "--program",
            "echo 1",
            "--save",
            save,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("(case 1 of stress --seed 3)"), "{stdout}");
    assert!(stdout.contains("total: 1 cases, 1 failures"), "{stdout}");
}

/// Environment variables to set.
type Env<'a> = &'a [(&'a str, &'a str)];

/// Without --shard the scheduler's variables name the shard, and jurybox says
/// which; half a pair or a bad value is a usage error.
#[test]
fn schedulers_name_the_shard() {
    let dir = tempfile::tempdir().unwrap();
    let status = dir.path().join("bazel-status");
    let status = status.to_str().unwrap();
    let stress = [
        "stress", "tetris3d", "--cases", "30", "--seed", "1", "--jobs", "1",
    ];
    let runs: [(Env, &str, &str); 4] = [
        (
            &[
                ("TEST_SHARD_INDEX", "0"),
                ("TEST_TOTAL_SHARDS", "3"),
                ("TEST_SHARD_STATUS_FILE", status),
            ],
            "shard 1/3 of seed 1 (from Bazel (TEST_SHARD_INDEX=0, TEST_TOTAL_SHARDS=3))",
            "total: 10 cases",
        ),
        (
            &[("CI_NODE_INDEX", "2"), ("CI_NODE_TOTAL", "4")],
            "shard 2/4 of seed 1 (from GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=4))",
            "total: 8 cases",
        ),
        (
            &[
                ("SLURM_ARRAY_TASK_ID", "7"),
                ("SLURM_ARRAY_TASK_COUNT", "7"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
            ],
            "shard 7/7 of seed 1 (from SLURM",
            "total: 4 cases",
        ),
        (
            &[("JOB_COMPLETION_INDEX", "4"), ("JURYBOX_SHARDS", "5")],
            "shard 5/5 of seed 1 (from Kubernetes Indexed Job",
            "total: 6 cases",
        ),
    ];
    for (env, says, total) in runs {
        let out = jurybox_env(&stress, "", env);
        assert!(out.status.success(), "{env:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(total), "{}", text(&out.stdout));
    }
    assert!(
        std::path::Path::new(status).exists(),
        "Bazel's status file is touched"
    );
    for (env, says) in [
        (
            &[("CI_NODE_INDEX", "2")][..],
            "CI_NODE_INDEX is set but CI_NODE_TOTAL is not",
        ),
        (
            &[("JOB_COMPLETION_INDEX", "0")][..],
            "JOB_COMPLETION_INDEX is set but JURYBOX_SHARDS is not",
        ),
        (
            &[("TEST_SHARD_INDEX", "x"), ("TEST_TOTAL_SHARDS", "2")][..],
            "TEST_SHARD_INDEX='x' is not a whole number",
        ),
    ] {
        let out = jurybox_env(&stress, "", env);
        assert_eq!(out.status.code(), Some(2), "{env:?}");
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
    let out = jurybox(&["stress", "tetris3d", "--shard", "4/3"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = jurybox_env(
        &["stress", "tetris3d", "--cases", "9"],
        "",
        &[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "2")],
    );
    assert_eq!(out.status.code(), Some(2), "a shard without --seed");
    assert!(text(&out.stderr).contains("needs --seed"));
}

/// Every subcommand writes through the one stdout writer: with its reader gone
/// (`jurybox ... | head -0`), it ends quietly (exit 141, or its own code), never
/// panics as `println!` does on a closed pipe, and leaves no staged package in
/// the temporary directory (`mutants` prints its table while one is staged).
#[test]
fn no_subcommand_panics_when_its_reader_closes_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let sample = dir.path().join("sample.in");
    std::fs::write(&sample, tetris3d_sample()).unwrap();
    let answer = dir.path().join("sample.ans");
    std::fs::write(&answer, "6\n").unwrap();
    let suite = dir.path().join("suite");
    let svg = dir.path().join("p.svg");
    let html = dir.path().join("p.html");
    let (s, a, d, v, h) = (
        sample.to_str().unwrap(),
        answer.to_str().unwrap(),
        suite.to_str().unwrap(),
        svg.to_str().unwrap(),
        html.to_str().unwrap(),
    );
    let commands: Vec<Vec<&str>> = vec![
        vec!["problems"],
        vec!["families", "tetris3d"],
        vec!["gen", "tetris3d", "--family", "random", "--seed", "1"],
        vec!["solve", "tetris3d", s],
        vec!["validate", "tetris3d", s],
        vec!["check", "tetris3d", s],
        vec!["judge", "tetris3d", s, a, a],
        vec![
            "stress", "tetris3d", "--cases", "2000", "--seed", "1", "--corpus", d,
        ],
        vec!["suite", "puyo", "--out", d],
        vec!["mutants", "puyo", "--suite", d],
        vec!["report", d, "--out", h],
        vec!["show", "tetris3d", s, "--out", v],
    ];
    for args in commands {
        let mut child = jurybox_command()
            .args(&args)
            .env("TMPDIR", tmp.path())
            .stdin(std::process::Stdio::null())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = text(&out.stderr);
        assert_ne!(out.status.code(), Some(101), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let staged: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(".jurybox-staged-")
            })
            .collect();
        assert!(staged.is_empty(), "{args:?} left {staged:?}");
    }
}

/// `stress --gen` end to end: a wrong program is found, shrunk and saved, and the
/// `reproduce:` line replays it with every command as typed (a checker's name
/// keeps its capitals) and fails the same way.
#[test]
fn stress_gen_saves_a_failure_whose_reproduce_line_replays_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = |name: &str, body: &str| {
        let path = d.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::process::Command::new("chmod")
            .arg("+x")
            .arg(&path)
            .status()
            .unwrap();
    };
    // Inputs: n, then n numbers; the reference prints their sum, the program
    // forgets numbers above 50.
    script(
        "Gen.sh",
        r#"s=$1; n=$((s % 5 + 1)); echo $n; i=0; while [ $i -lt $n ]; do echo $(( (s / (i + 1)) % 100 )); i=$((i + 1)); done"#,
    );
    script(
        "ref.sh",
        "read n; t=0; while read x; do t=$((t + x)); done; echo $t",
    );
    script(
        "sol.sh",
        "read n; t=0; while read x; do [ $x -le 50 ] && t=$((t + x)); done; echo $t",
    );
    script(
        "Check.sh",
        r#"[ "$(cat "$2")" = "$(cat "$3")" ] && exit 0; exit 1"#,
    );
    script(
        "val.sh",
        r#"read n; c=0; while read x; do c=$((c + 1)); done; [ "$n" -ge 1 ] && [ "$c" = "$n" ]"#,
    );
    let out = support::jurybox_command()
        .current_dir(d)
        .args([
            "stress",
            "--gen",
            "./Gen.sh {seed}",
            "--reference",
            "./ref.sh",
            "--program",
            "./sol.sh",
            "--checker",
            "./Check.sh",
            "--validator",
            "./val.sh",
            "--seed",
            "3",
            "--cases",
            "60",
            "--jobs",
            "2",
        ])
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("wrong answer"), "{stdout}");
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: jurybox "))
        .unwrap_or_else(|| panic!("no reproduce line: {stdout}"));
    assert!(
        reproduce.contains("--checker ./Check.sh --checker-protocol testlib"),
        "{reproduce}"
    );
    let saved = reproduce.rsplit(' ').next().unwrap();
    // The minimal input: one number above 50 (the count fixed with it).
    let minimal = std::fs::read_to_string(d.join(saved)).unwrap();
    assert_eq!(minimal, "1\n51\n", "{stdout}");
    let again = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{} {reproduce}", env!("CARGO_BIN_EXE_jurybox")))
        .current_dir(d)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stderr));
    assert!(
        text(&again.stdout).starts_with("wrong answer"),
        "{}",
        text(&again.stdout)
    );
}

/// A hanging generator is the jury's fault, said in the verdict table's words
/// (not `TimeLimit(Wall)`), under the jury's own stated limit, and run once: the
/// determinism check does not run it a second time after it failed.
#[test]
fn a_hanging_generator_stops_the_run_under_the_jurys_limit() {
    let dir = tempfile::tempdir().unwrap();
    let count = dir.path().join("runs");
    let generator = format!("echo x >> {}; sleep 30", count.display());
    let out = jurybox(
        &[
            "stress",
            "--gen",
            &generator,
            "--reference",
            "cat",
            "--program",
            "cat",
            "--jury-time-limit",
            "0.2",
            "--cases",
            "3",
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("time limit exceeded (wall clock)"),
        "{stderr}"
    );
    assert!(stderr.contains("--jury-time-limit"), "{stderr}");
    assert!(!stderr.contains("TimeLimit"), "{stderr}");
    let runs = std::fs::read_to_string(&count).unwrap();
    assert_eq!(runs.lines().count(), 1, "the generator ran {runs:?}");
}

/// A flag that does not apply to what was named is bad usage (exit 2) that
/// names the flag, not silently ignored: a package's limits are its own
/// (`run PACKAGE --time-limit 5` used to judge with the package's), its tests
/// its data/ (`mutants PACKAGE --suite`), and a built-in problem has no judge
/// or stated limit. Each is refused before any work, so the test is quick.
#[test]
fn flags_that_do_not_apply_are_usage_errors() {
    let package = support::root().join("tests/packages/maxsum");
    let package = package.to_str().unwrap();
    let samples = support::root().join("corpus/tetris3d/samples");
    let samples = samples.to_str().unwrap();
    let cases: [(&[&str], &str); 12] = [
        (&["run", package, "--time-limit", "5"], "--time-limit"),
        (&["run", package, "--wall-limit", "5"], "--wall-limit"),
        (&["run", package, "--memory-limit", "64"], "--memory-limit"),
        (&["run", package, "--output-limit", "1"], "--output-limit"),
        (&["run", package, "--extended"], "--extended"),
        (&["mutants", package, "--suite", samples], "--suite"),
        (&["stress", package, "--time-limit", "5"], "--time-limit"),
        (&["stress", package, "--cases", "5"], "--cases"),
        (&["stress", package, "--shard", "1/2"], "--shard"),
        (&["mutants", "tetris3d", "--search", "5"], "--search"),
        (
            &["run", "tetris3d", samples, "--stated-limit"],
            "--stated-limit",
        ),
        (
            &["run", "tetris3d", samples, "--judge", "kattis"],
            "--judge",
        ),
    ];
    for (args, flag) in cases {
        let out = jurybox(args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{flag} does not apply to")),
            "{args:?}: {stderr}"
        );
    }
}
