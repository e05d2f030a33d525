//! One truth, two implementations: the judge package's C++ validators and checkers
//! (`packager/judge/PROBLEM/*.cpp`, which a judge host runs without jurybox) against
//! jurybox's Rust parser and judge, on the same data. Each program is compiled once,
//! as the package ships it (with the shared headers it includes); a disagreement
//! fails the test, and the input it happened on is saved to a file whose path the
//! failure prints.
//!
//! Input validators. The C++ validator is the strict judge's view: it must accept
//! exactly the inputs that the Rust parser accepts under [`Constraints::Official`] AND that
//! read back to the same bytes (`write_input` of the parsed input). The second half
//! is where the two are allowed to differ, by design: the Rust parser is lenient where
//! the specs let solutions be (a missing final newline, in every problem; spaces
//! around the tokens of a blokus3d action line), while a jury's own data is in the
//! one canonical form the generators write, which testlib-strict validators demand.
//! Data: every suite test and invalid input, each generator family at many seeds,
//! and byte-level mutations of valid inputs.
//!
//! Output validators (netgame, papercut). Accept/reject must equal
//! [`Problem::judge`]'s on the output of every Rust engine (mutants included), of
//! every intended C++ solution `packager/judge/PROBLEM/accepted/*.cpp` (none is
//! required: the glob picks them up when they exist), and of garbage and near-miss
//! outputs, on every suite test.

use crate::support::root;
use jurybox_core::problem::{answer_text, input_text, judge_output};
use jurybox_core::{Constraints, EngineKind, Problem};
use jurybox_generators::{family_named, Options};
use jurybox_packager::cpp::{build, judge_programs};
use jurybox_packager::edits::{read_stored, views};
use jurybox_packager::plan::SuitePlan;
use jurybox_packager::suite_tests::build_invalid;
use jurybox_stress::{with_problem, Harness, ProblemVisitor};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Kattis: the validator's verdicts.
const VALID: i32 = 42;
const INVALID: i32 = 43;

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp_judge");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles the program at `path` in `packager/judge/PROBLEM/` as the package ships
/// it (named edits applied, shared headers beside it; built once per content) and
/// returns the executable.
pub(crate) fn compiled(problem: &str, path: &str) -> PathBuf {
    let judge = root().join("packager/judge");
    let stored = read_stored(&judge.join(problem)).unwrap();
    let common = read_stored(&judge.join("common")).unwrap();
    let programs = judge_programs(&views(&stored), &views(&common))
        .unwrap_or_else(|e| panic!("packager/judge/{problem}/: {e}"));
    let program = programs
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("packager/judge/{problem}/ has no {path}"));
    let built = build(program, &scratch().join("build")).unwrap_or_else(|e| {
        panic!("g++ (the judge's toolchain, needed to test its validators): {e}")
    });
    PathBuf::from(&built.argv[0])
}

/// Runs `exe args < stdin`; its exit code, stdout and stderr. `None` when it dies
/// of a signal or is still running after `limit` (a guard against a hang, far
/// above any expected run time, not a measurement).
pub(crate) fn run(
    exe: &Path,
    args: &[&Path],
    stdin: &[u8],
    limit: Duration,
) -> Option<(i32, Vec<u8>, String)> {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", exe.display()));
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // A program may exit before reading all of its input: a broken pipe is fine.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let _ = feeder.join();
    let stdout = stdout.join().unwrap();
    let stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
    Some((status?.code()?, stdout, stderr))
}

/// Disagreements found so far, each with the file holding its data.
#[derive(Default)]
pub(crate) struct Report {
    failures: Vec<String>,
}

impl Report {
    /// Saves `bytes` as `name` and records `what` with its path.
    pub(crate) fn fail(&mut self, problem: &str, name: &str, bytes: &[u8], what: String) {
        let dir = scratch().join("failures").join(problem);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name.replace('/', "_"));
        std::fs::write(&path, bytes).unwrap();
        self.failures.push(format!(
            "{problem} {name}: {what} (saved to {})",
            path.display()
        ));
    }

    pub(crate) fn assert_none(self, problem: &str, checked: usize) {
        assert!(
            self.failures.is_empty(),
            "{problem}: {} disagreements out of {checked} cases:\n{}",
            self.failures.len(),
            self.failures
                .iter()
                .take(30)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
        eprintln!("{problem}: {checked} cases, C++ and Rust agree on all");
    }
}

/// A named input or output.
type Named = (String, Vec<u8>);

/// A suite's data: (name, input bytes) of its tests (samples first) and of its
/// invalid inputs. The one place that knows where suites come from (the lead ports
/// it when the suite code moves to the packager crate).
pub(crate) fn suite_data<P: Harness>() -> (Vec<Named>, Vec<Named>) {
    let plan_path = root().join(format!("suites/{}.toml", P::NAME));
    let plan = SuitePlan::parse(&std::fs::read_to_string(&plan_path).unwrap()).unwrap();
    let mut tests = Vec::new();
    for sample in &plan.samples {
        let path = root().join(format!("corpus/{}/samples/{}.in", P::NAME, sample.name));
        tests.push((sample.name.clone(), std::fs::read(path).unwrap()));
    }
    let options = plan.resolve::<P>().unwrap();
    for (test, options) in plan.tests.iter().zip(&options) {
        let family = family_named::<P>(&test.family).unwrap();
        let text = input_text::<P>(&family.make(options, test.seed));
        tests.push((test.name.clone(), text.into_bytes()));
    }
    let invalid = build_invalid::<P>(&plan)
        .unwrap()
        .into_iter()
        .map(|i| (format!("invalid_input/{}", i.name), i.input))
        .collect();
    (tests, invalid)
}

// ---------------------------------------------------------------- input validators

/// A tiny deterministic generator for choosing mutation sites (splitmix64).
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }

    /// A random index of `text` whose byte satisfies `want`.
    fn site(&mut self, text: &[u8], want: impl Fn(usize) -> bool) -> Option<usize> {
        let sites: Vec<usize> = (0..text.len()).filter(|&i| want(i)).collect();
        (!sites.is_empty()).then(|| sites[self.below(sites.len())])
    }
}

/// Byte-level mutations of a valid input, each named: the strictness rules (final
/// newline, single spaces, no trailing space, no signs) and the limits (digits).
fn mutations(text: &[u8], pick: &mut Pick, rounds: usize) -> Vec<(String, Vec<u8>)> {
    let insert = |at: usize, what: &[u8]| [&text[..at], what, &text[at..]].concat();
    let mut out = Vec::new();
    if let Some(cut) = text.strip_suffix(b"\n") {
        out.push(("no-final-newline".to_string(), cut.to_vec()));
    }
    out.push(("extra-final-newline".into(), insert(text.len(), b"\n")));
    out.push(("trailing-space-at-end".into(), insert(text.len(), b" ")));
    out.push(("leading-space".into(), insert(0, b" ")));
    for round in 0..rounds {
        let mut add = |name: &str, bytes: Option<Vec<u8>>| {
            if let Some(bytes) = bytes {
                out.push((format!("{name}-{round}"), bytes));
            }
        };
        let space = pick.site(text, |i| text[i] == b' ');
        add("doubled-space", space.map(|i| insert(i, b" ")));
        let eol = pick.site(text, |i| text[i] == b'\n');
        add("trailing-space", eol.map(|i| insert(i, b" ")));
        add("crlf", eol.map(|i| insert(i, b"\r")));
        add(
            "tab",
            space.map(|i| [&text[..i], b"\t", &text[i + 1..]].concat()),
        );
        let token_start =
            |i: usize| text[i].is_ascii_digit() && (i == 0 || !text[i - 1].is_ascii_digit());
        let number = pick.site(text, token_start);
        let sign = [b"+", b"-"][pick.below(2)];
        add("sign", number.map(|i| insert(i, sign)));
        add("leading-zero", number.map(|i| insert(i, b"0")));
        let digit = pick.site(text, |i| text[i].is_ascii_digit());
        let new_digit = b'0' + pick.below(10) as u8;
        add(
            "digit",
            digit.map(|i| [&text[..i], &[new_digit], &text[i + 1..]].concat()),
        );
        add("digit-added", digit.map(|i| insert(i, &[new_digit])));
        let alphabet = b" rgbyp|+-.#{}(),0123456789\nRX";
        let byte = pick.below(text.len());
        let new_byte = alphabet[pick.below(alphabet.len())];
        add(
            "byte",
            Some([&text[..byte], &[new_byte], &text[byte + 1..]].concat()),
        );
        add(
            "byte-dropped",
            Some([&text[..byte], &text[byte + 1..]].concat()),
        );
        let starts: Vec<usize> = std::iter::once(0)
            .chain((0..text.len()).filter(|&i| text[i] == b'\n').map(|i| i + 1))
            .filter(|&i| i < text.len())
            .collect();
        let k = pick.below(starts.len());
        let end = starts.get(k + 1).copied().unwrap_or(text.len());
        add(
            "line-dropped",
            Some([&text[..starts[k]], &text[end..]].concat()),
        );
        add(
            "line-doubled",
            Some([&text[..end], &text[starts[k]..end], &text[end..]].concat()),
        );
    }
    out
}

/// Compares one input: the C++ verdict against the Rust parser's, read-back included.
fn compare_input<P: Problem>(exe: &Path, name: &str, bytes: &[u8], report: &mut Report) {
    let rust = match P::parse_input(bytes, Constraints::Official) {
        Ok(input) => {
            if input_text::<P>(&input).as_bytes() == bytes {
                Ok(())
            } else {
                Err(
                    "accepted by the Rust parser but not canonical (does not read back)"
                        .to_string(),
                )
            }
        }
        Err(e) => Err(e.to_string()),
    };
    let Some((code, _, stderr)) = run(exe, &[], bytes, Duration::from_secs(20)) else {
        return report.fail(
            P::NAME,
            name,
            bytes,
            "the C++ validator was killed by a signal".into(),
        );
    };
    let located = stderr.starts_with("line ") && stderr.contains(", column ");
    match (code, &rust) {
        (VALID, Ok(())) => {}
        (INVALID, Err(_)) if located => {}
        (INVALID, Err(_)) => report.fail(
            P::NAME,
            name,
            bytes,
            format!("the C++ message names no line and column: {stderr}"),
        ),
        (VALID, Err(why)) => report.fail(
            P::NAME,
            name,
            bytes,
            format!("C++ accepts, Rust rejects: {why}"),
        ),
        (INVALID, Ok(())) => report.fail(
            P::NAME,
            name,
            bytes,
            format!("C++ rejects ({}), Rust accepts", stderr.trim()),
        ),
        (other, _) => report.fail(
            P::NAME,
            name,
            bytes,
            format!("the C++ validator exits {other}: {stderr}"),
        ),
    }
}

/// Inputs at or above this size get fewer mutations and seeds, to keep the test short.
const BIG: usize = 50_000;

struct InputValidatorAgrees;

impl ProblemVisitor for InputValidatorAgrees {
    type Output = ();
    fn visit<P: Harness>(self) {
        let exe = compiled(P::NAME, "input_validator.cpp");
        let (tests, invalid) = suite_data::<P>();
        let mut valid: Vec<(String, Vec<u8>)> = tests;
        for family in P::families() {
            let sizes: [(&str, Options); 2] = [
                ("official", Options::defaults(family.params)),
                (
                    "stress",
                    Options::from_params(family.params, |p| p.stress.min(p.default)),
                ),
            ];
            for (size, options) in sizes {
                let first = input_text::<P>(&family.make(&options, 1)).into_bytes();
                let seeds = if first.len() >= BIG { 1 } else { 3 };
                valid.push((format!("{}-{size}-seed1", family.name), first));
                for seed in 2..=seeds {
                    let text = input_text::<P>(&family.make(&options, seed)).into_bytes();
                    valid.push((format!("{}-{size}-seed{seed}", family.name), text));
                }
            }
        }
        let mut report = Report::default();
        let mut checked = 0;
        let mut pick = Pick(0x5eed);
        for (name, bytes) in invalid.iter().chain(&valid) {
            compare_input::<P>(&exe, name, bytes, &mut report);
            checked += 1;
        }
        for (name, bytes) in &valid {
            let rounds = 1;
            for (how, mutant) in mutations(bytes, &mut pick, rounds) {
                compare_input::<P>(&exe, &format!("{name}.{how}"), &mutant, &mut report);
                checked += 1;
            }
        }
        report.assert_none(P::NAME, checked);
    }
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn tetris3d_input_validator_agrees() {
    with_problem("tetris3d", InputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn puyo_input_validator_agrees() {
    with_problem("puyo", InputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn netgame_input_validator_agrees() {
    with_problem("netgame", InputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn papercut_input_validator_agrees() {
    with_problem("papercut", InputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn blokus3d_input_validator_agrees() {
    with_problem("blokus3d", InputValidatorAgrees).unwrap();
}

// ---------------------------------------------------------------- output validators

/// Outputs no engine prints: empty, truncated, padded, signed, huge, binary.
const GARBAGE: &[&[u8]] = &[
    b"",
    b"\n",
    b"   \n\t\r\n",
    b"1",
    b"1\n",
    b"2 2",
    b"0",
    b"3",
    b"-1",
    b"1 0",
    b"1 -1",
    b"1 -0",
    b"1 +1",
    b"1 01",
    b"1 1.0",
    b"1 99999999999999999999999",
    b"1 9223372036854775807",
    b"1 -9223372036854775808",
    b"01\n1",
    b"1\x0c1",
    b"\x002",
    b"2\x00",
    b"\xff\xfe1 1",
    b"SECOND SECOND",
    b"second",
    b"FIRST",
    b"FIRST 1 0 1",
    b"FIRST 1 0 1 1 1",
    b"FIRST 1 0 1 +1",
    b"FIRST 1 0 1 01",
    b"FIRST -1 0 -1 1",
    b"FIRST 1 0 1 99999999999999999999",
    b"FIRST\r\n1\t0 1 1\r\n",
    b"first\n1 0 1 1\n",
];

/// Near misses of a real answer for problem-specific moves: every rope for
/// netgame; for papercut, every move of small sheets and perturbed winning moves.
fn near_misses(problem: &str, input: &[u8], answer: &[u8], pick: &mut Pick) -> Vec<Vec<u8>> {
    let numbers: Vec<i64> = String::from_utf8_lossy(input)
        .split_ascii_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let mut out = vec![
        [answer, b" 1"].concat(),
        [b" ", answer].concat(),
        answer.strip_suffix(b"\n").unwrap_or(answer).to_vec(),
    ];
    match problem {
        "netgame" => {
            // Every rope of a small net; a sample of a large one, whose every
            // judgement is a game search on both sides.
            let n = numbers[0];
            let ropes: Vec<i64> = if n <= 12 {
                (0..=n + 1).collect()
            } else {
                (0..4).map(|_| 1 + pick.below(n as usize) as i64).collect()
            };
            out.extend(ropes.iter().map(|k| format!("1\n{k}\n").into_bytes()));
            out.push(b"2\n".to_vec());
        }
        "papercut" => {
            let (n, m) = (numbers[0], numbers[1]);
            let mut moves = Vec::new();
            if (n + 1) * (m + 1) <= 12 {
                for a in 0..=n {
                    for b in 0..=m {
                        for c in 0..=n {
                            for d in 0..=m {
                                moves.push([a, b, c, d]);
                            }
                        }
                    }
                }
            }
            let text = String::from_utf8_lossy(answer);
            let given: Vec<i64> = text
                .split_ascii_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            if let [a, b, c, d] = given[..] {
                moves.push([c, d, a, b]);
                for i in 0..4 {
                    for delta in [-1, 1] {
                        let mut mv = [a, b, c, d];
                        mv[i] += delta;
                        moves.push(mv);
                    }
                }
            }
            for _ in 0..15 {
                let x = |pick: &mut Pick| pick.below(n as usize + 1) as i64;
                let y = |pick: &mut Pick| pick.below(m as usize + 1) as i64;
                let (a, b) = (x(pick), y(pick));
                moves.push(if pick.below(2) == 0 {
                    [a, b, a, y(pick)]
                } else {
                    [a, b, x(pick), b]
                });
            }
            out.extend(
                moves
                    .iter()
                    .map(|[a, b, c, d]| format!("FIRST\n{a} {b} {c} {d}\n").into_bytes()),
            );
            out.push(b"SECOND\n".to_vec());
        }
        "blokus3d" => {
            // A reply is read within its line, white space within and between
            // lines is free: every kind of it, and the line structure broken.
            let each = |f: &dyn Fn(u8) -> Vec<u8>| -> Vec<u8> {
                answer.iter().flat_map(|&b| f(b)).collect()
            };
            let first_newline = answer.iter().position(|&b| b == b'\n');
            let replace_first = |with: &[u8]| {
                first_newline.map(|i| [&answer[..i], with, &answer[i + 1..]].concat())
            };
            out.extend([
                each(&|b| {
                    if b == b'\n' {
                        b"\r\n".to_vec()
                    } else {
                        vec![b]
                    }
                }),
                each(&|b| {
                    if b == b'\n' {
                        b" \t\n".to_vec()
                    } else {
                        vec![b]
                    }
                }),
                each(&|b| if b == b' ' { b"\t ".to_vec() } else { vec![b] }),
                each(&|b| {
                    if b == b'\n' {
                        b"\n\n".to_vec()
                    } else {
                        vec![b]
                    }
                }),
                each(&|b| {
                    if b == b'\n' {
                        b"\x0c\n".to_vec()
                    } else {
                        vec![b]
                    }
                }),
                each(&|b| {
                    if b == b'\n' {
                        b"\x0b\n".to_vec()
                    } else {
                        vec![b]
                    }
                }),
                each(&|b| if b == b' ' { b"\n".to_vec() } else { vec![b] }),
                answer
                    .iter()
                    .copied()
                    .filter(|&b| b != b'\r')
                    .collect::<Vec<u8>>(),
                String::from_utf8_lossy(answer)
                    .replace("\n\n", "\n")
                    .into_bytes(),
                String::from_utf8_lossy(answer)
                    .replace("NO", "no")
                    .into_bytes(),
                String::from_utf8_lossy(answer)
                    .replacen(' ', " 0", 1)
                    .into_bytes(),
                String::from_utf8_lossy(answer)
                    .replacen(' ', " +", 1)
                    .into_bytes(),
                [answer, b"\n\n\n"].concat(),
                [answer, answer].concat(),
            ]);
            out.extend(replace_first(b" "));
            out.extend(replace_first(b"\t"));
        }
        _ => {}
    }
    out
}

/// The intended C++ solutions found on this branch (zero is fine), compiled.
pub(crate) fn intended_solutions(problem: &str) -> Vec<(String, PathBuf)> {
    let dir = root().join(format!("packager/judge/{problem}/accepted"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".cpp"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let exe = compiled(problem, &format!("accepted/{name}"));
            (name, exe)
        })
        .collect()
}

struct OutputValidatorAgrees;

impl ProblemVisitor for OutputValidatorAgrees {
    type Output = ();
    fn visit<P: Harness>(self) {
        let exe = compiled(P::NAME, "output_validator.cpp");
        let solutions = intended_solutions(P::NAME);
        eprintln!("{}: {} intended C++ solutions", P::NAME, solutions.len());
        let fast = P::engines()
            .iter()
            .find(|e| e.kind == EngineKind::Fast)
            .expect("every problem has a fast engine");
        let (tests, _) = suite_data::<P>();
        let dir = scratch().join(format!("checker-{}", P::NAME));
        let feedback = dir.join("feedback");
        std::fs::create_dir_all(&feedback).unwrap();
        let mut report = Report::default();
        let mut checked = 0;
        let mut pick = Pick(0xc4ec);
        for (name, bytes) in &tests {
            let started = Instant::now();
            let input = P::parse_input(bytes, Constraints::Official).unwrap();
            let reference = (fast.solve)(&input);
            let reference_text = answer_text::<P>(&input, &reference);
            let (input_path, answer_path) = (dir.join("test.in"), dir.join("test.ans"));
            std::fs::write(&input_path, bytes).unwrap();
            std::fs::write(&answer_path, &reference_text).unwrap();
            let mut outputs: Vec<(String, Vec<u8>)> = P::engines()
                .iter()
                .filter(|e| (e.too_big)(&input).is_none())
                .map(|e| {
                    (
                        format!("engine-{}", e.name),
                        answer_text::<P>(&input, &(e.solve)(&input)).into_bytes(),
                    )
                })
                .collect();
            for (solution, exe) in &solutions {
                match run(exe, &[], bytes, Duration::from_secs(60)) {
                    Some((0, stdout, _)) => outputs.push((format!("cpp-{solution}"), stdout)),
                    other => report.fail(
                        P::NAME,
                        &format!("{name}.in"),
                        bytes,
                        format!("intended solution {solution} fails: {other:?}"),
                    ),
                }
            }
            // A large input makes every judgement slow on both sides: a sample of
            // the garbage and near misses there (all of them run on the small tests).
            let (every, most) = if bytes.len() >= BIG {
                (6, 8)
            } else {
                (1, usize::MAX)
            };
            let garbage = GARBAGE.iter().enumerate().step_by(every);
            outputs.extend(garbage.map(|(i, g)| (format!("garbage{i}"), g.to_vec())));
            let misses = near_misses(P::NAME, bytes, reference_text.as_bytes(), &mut pick);
            let misses = misses.into_iter().take(most).enumerate();
            outputs.extend(misses.map(|(i, o)| (format!("near{i}"), o)));
            for (who, output) in &outputs {
                checked += 1;
                let rust = judge_output::<P>(&input, &reference, output);
                let args = [
                    input_path.as_path(),
                    answer_path.as_path(),
                    feedback.as_path(),
                ];
                let cpp = run(&exe, &args, output, Duration::from_secs(60));
                let agree = match &cpp {
                    Some((VALID, ..)) => rust.is_accepted(),
                    Some((INVALID, ..)) => !rust.is_accepted(),
                    _ => false,
                };
                if !agree {
                    let label = format!("{name}.{who}.out");
                    let why = format!("input {name} (saved beside as {name}.in): Rust says {rust:?}, C++ says {cpp:?}");
                    report.fail(P::NAME, &format!("{name}.in"), bytes, String::new());
                    report.failures.pop();
                    report.fail(P::NAME, &label, output, why);
                }
            }
            eprintln!(
                "{} {name}: {} outputs, {:?}",
                P::NAME,
                outputs.len(),
                started.elapsed()
            );
        }
        report.assert_none(P::NAME, checked);
    }
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn netgame_output_validator_agrees() {
    with_problem("netgame", OutputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn papercut_output_validator_agrees() {
    with_problem("papercut", OutputValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn blokus3d_output_validator_agrees() {
    with_problem("blokus3d", OutputValidatorAgrees).unwrap();
}

// ---------------------------------------------------------------- answer validators

/// Answer validators (the exact-answer problems: tetris3d, puyo, blokus3d). The
/// jury's answer (the fast engine's, written canonically) of every suite test and
/// of each family at its official size must be accepted; a byte mutation of it the
/// C++ validator accepts must be one the Rust answer reader accepts and writes back
/// to the same bytes (the validator is never more lenient than the format). The
/// converse is not required: the validator also rejects well-formed answers that
/// cannot be right for their input (a chain count larger than the puyos that
/// vanished, a height below the tallest block), which a format reader cannot know.
struct AnswerValidatorAgrees;

impl ProblemVisitor for AnswerValidatorAgrees {
    type Output = ();
    fn visit<P: Harness>(self) {
        let exe = compiled(P::NAME, "answer_validator.cpp");
        let (mut inputs, _) = suite_data::<P>();
        for family in P::families() {
            let text = input_text::<P>(&family.make(&Options::defaults(family.params), 1));
            inputs.push((format!("{}-official", family.name), text.into_bytes()));
        }
        let fast = P::engines()
            .iter()
            .find(|e| e.kind == EngineKind::Fast)
            .unwrap();
        let dir = scratch().join("answers").join(P::NAME);
        std::fs::create_dir_all(&dir).unwrap();
        let mut report = Report::default();
        let mut checked = 0;
        let mut pick = Pick(0xa5);
        for (name, bytes) in &inputs {
            let input = P::parse_input(bytes, Constraints::Official).unwrap();
            let answer = answer_text::<P>(&input, &(fast.solve)(&input)).into_bytes();
            let input_path = dir.join(format!("{name}.in"));
            std::fs::write(&input_path, bytes).unwrap();
            let verdict = |candidate: &[u8]| {
                run(
                    &exe,
                    &[input_path.as_path()],
                    candidate,
                    Duration::from_secs(20),
                )
                .map(|(code, _, stderr)| (code, stderr))
            };
            match verdict(&answer) {
                Some((VALID, _)) => {}
                other => report.fail(
                    P::NAME,
                    &format!("{name}.ans"),
                    &answer,
                    format!("the jury's answer is rejected: {other:?}"),
                ),
            }
            checked += 1;
            for (how, mutant) in mutations(&answer, &mut pick, 1) {
                let canonical = P::parse_answer(&input, &mutant)
                    .is_ok_and(|a| answer_text::<P>(&input, &a).as_bytes() == mutant.as_slice());
                match verdict(&mutant) {
                    Some((VALID, _)) if !canonical => report.fail(
                        P::NAME,
                        &format!("{name}.{how}.ans"),
                        &mutant,
                        "accepted, but the answer is not in the canonical format".into(),
                    ),
                    Some((VALID | INVALID, _)) => {}
                    other => report.fail(
                        P::NAME,
                        &format!("{name}.{how}.ans"),
                        &mutant,
                        format!("neither 42 nor 43: {other:?}"),
                    ),
                }
                checked += 1;
            }
        }
        report.assert_none(P::NAME, checked);
    }
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn tetris3d_answer_validator_agrees() {
    with_problem("tetris3d", AnswerValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn puyo_answer_validator_agrees() {
    with_problem("puyo", AnswerValidatorAgrees).unwrap();
}

#[test]
#[ignore = "slow end-to-end: cargo test --workspace -- --include-ignored (CI runs it)"]
fn blokus3d_answer_validator_agrees() {
    with_problem("blokus3d", AnswerValidatorAgrees).unwrap();
}
