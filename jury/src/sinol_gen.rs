//! A sinol-make package whose `in/` holds no tests but the examples made
//! ready as `sinol-make gen` makes it: its ingen (`prog/abcingen.sh` first,
//! else `prog/abcingen.cpp` ...) run once in a directory of the cache holding
//! a copy of `in/`, where it writes `abc1a.in` ...; the package is then read
//! again with its tests there. That directory is kept, with the answers,
//! and reused by the next run while the ingen, its build, the model solution
//! and the examples are unchanged ([`crate::sinol_cache`]). Published sinol packages ship the ingen
//! and not the tests, so without this they cannot be run at all. The answers
//! `out/` lacks are made by the model solution, as sinol-make gen makes
//! them. Like [`crate::polygon`], jurybox writes nothing into the package
//! (an ingen script may, as under sinol-make: sinol-make's own `gen` example
//! builds its helper in `prog/../.cache`).

use crate::build_programs::{
    beside_solutions, build_as, judge_of, memory_mib, prog_headers, ready_with, Role,
};
use crate::sinol_cache::{self, Key};
use crate::stop::Stop;
use crate::Stops;
use jurybox_format::{sinol, Package, PackageError, PackageProgram, ProgramKind};
use jurybox_languages::{cache_dir, BuildTarget, ProgramSource};
use jurybox_sandbox::{run_command, shell_quote, Outcome, RunLimits, MIB};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Why a sinol package could not be made ready: its ingen or model solution
/// stopped (Ctrl-C, the jury's fault), or its config does not read with the
/// tests made (the package's error).
#[derive(Debug)]
pub enum Unready {
    /// Making the tests or answers stopped.
    Stopped(Stop),
    /// The package does not read with its tests.
    Package(PackageError),
}

impl From<Stop> for Unready {
    fn from(stop: Stop) -> Unready {
        Unready::Stopped(stop)
    }
}

impl From<PackageError> for Unready {
    fn from(e: PackageError) -> Unready {
        Unready::Package(e)
    }
}

fn fault(why: String) -> Stop {
    Stop::fault(why, Some("ingen"), "", b"")
}

/// The directory of the cache where a sinol package's made tests and
/// answers go, one per package directory.
fn cache_of(package: &Package, task: &str) -> PathBuf {
    let place = package
        .dir
        .canonicalize()
        .unwrap_or(package.dir.clone())
        .display()
        .to_string()
        .bytes()
        .fold(0xcbf29ce484222325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100000001b3)
        });
    cache_dir()
        .join("sinol-tests")
        .join(format!("{task}-{place:016x}"))
}

/// The limits of the jury's own runs (the ingen, the model solution making
/// answers): not timed, only stopped if they never end.
fn jury_limits(package: &Package) -> RunLimits {
    RunLimits {
        memory_bytes: memory_mib(package).max(1024) * MIB,
        stdout_bytes: 4096 * MIB,
        ..RunLimits::with_cpu(Duration::from_secs(
            jurybox_sandbox::TEST_MAKING_CPU_SECONDS,
        ))
    }
}

fn target_of(package: &Package) -> BuildTarget {
    BuildTarget {
        judge: judge_of(package).judge,
        memory_mib: memory_mib(package),
        toolchain: None,
    }
}

/// Makes a sinol `package` ready as `sinol-make gen` does: without tests in
/// `in/`, its ingen makes them and the package is read again with them;
/// each answer `out/` lacks is made by the model solution. Tests an ingen
/// made are kept in the cache with their answers ([`crate::sinol_cache`])
/// and reused while what made them is unchanged. Notes saying what was made
/// or reused; nothing for another package. A package whose config.yml is
/// found wrong only once the tests exist (a `memory_limits` key naming no
/// group and no test) is the package's error, as one found before the
/// ingen: no run failed, so no input is the jury's fault.
pub fn prepare(package: &mut Package, cancel: &AtomicBool) -> Result<Vec<String>, Unready> {
    let Some(task) = package.sinol.as_ref().map(|s| s.task_id.clone()) else {
        return Ok(Vec::new());
    };
    // sinol-make gen runs the ingen in in/, beside the tests written by
    // hand: run here where in/ has none but the examples (group 0).
    if package.data.tests.iter().all(|t| t.sample) {
        if let Some(ingen) = sinol::ingen(&package.dir, &task) {
            return made_by_ingen(package, &task, &ingen, cancel);
        }
    }
    let out = cache_of(package, &task).join("out");
    Ok(answer(package, &out, cancel)?.into_iter().collect())
}

/// The tests `ingen` makes and their answers, from the cache when a run
/// made them from the same sources, else made there now.
fn made_by_ingen(
    package: &mut Package,
    task: &str,
    ingen: &Path,
    cancel: &AtomicBool,
) -> Result<Vec<String>, Unready> {
    let shown = format!(
        "prog/{}",
        ingen.file_name().unwrap_or_default().to_string_lossy()
    );
    let absolute = ingen.canonicalize().unwrap_or(ingen.to_path_buf());
    let shell = absolute.extension().is_some_and(|e| e == "sh");
    let source = match shell {
        true => None,
        false => Some(ingen_source(package, &absolute, &shown)?),
    };
    let mut key = Key::new();
    match &source {
        Some(source) => key.add_files("ingen", &source.files),
        None => {
            key.add("ingen", shown.as_bytes());
            key.add_files("prog", &sinol_cache::prog_files(&package.dir));
        }
    }
    key.add_target(&target_of(package));
    if let Some(model) = package.submissions.iter().find(|s| s.is_accepted()) {
        key.add("model", model.name.as_bytes());
        key.add("model", &std::fs::read(&model.path).unwrap_or_default());
    }
    key.add_files("beside", &beside_solutions(package));
    key.add_examples(package);
    let dir = key.dir(&cache_dir().join("sinol-tests"), task);
    let reused = sinol_cache::is_complete(&dir);
    let mut notes = Vec::new();
    if !reused {
        let work = sinol_cache::work_dir(&dir);
        let program = match source {
            // Run by bash as sinol-make runs it (by the shell): it finds the
            // package's files from its own path.
            None => format!("bash {}", shell_quote(&absolute.display().to_string())),
            Some(source) => {
                let (built, _) = build_as(&source, target_of(package), Role::Jury, cancel);
                built
                    .map_err(|why| fault(format!("{shown} does not build: {why}")))?
                    .command()
            }
        };
        let generated = generate(package, task, &shown, &program, &work.join("in"), cancel);
        if !matches!(generated, Ok(Ok(_))) {
            let _ = std::fs::remove_dir_all(&work);
        }
        let mut made = generated??;
        let answered = answer(&mut made, &work.join("out"), cancel)?;
        // Said of the directory the answers are renamed into.
        let (from, to) = (work.display().to_string(), dir.display().to_string());
        notes.extend(answered.map(|note| note.replace(&from, &to)));
        sinol_cache::commit(&work, &dir).map_err(|e| fault(format!("{}: {e}", dir.display())))?;
    }
    let model = package
        .submissions
        .iter()
        .find(|s| s.is_accepted())
        .map_or(String::new(), |s| s.name.clone());
    let mut again = sinol::read_with_tests(&package.dir, &dir.join("in"))?;
    let mut answered = 0;
    for test in again.data.tests.iter_mut().filter(|t| t.answer.is_none()) {
        let stem = test.name.trim_start_matches("in/");
        let path = dir.join("out").join(format!("{stem}.out"));
        if path.is_file() {
            test.answer = Some(path);
            answered += 1;
        }
    }
    let made = format!("{} tests made by {shown}", again.data.tests.len());
    notes.insert(
        0,
        match reused {
            true => format!(
                "{made} reused from the cache (in {}), with {answered} answers made by the \
                 model solution {model}: the ingen, its build, the model solution and the \
                 examples are unchanged",
                dir.display()
            ),
            false => format!("{made} (in {})", dir.display()),
        },
    );
    // Answers that vanished from the cache (removed by hand) are made again.
    notes.extend(answer(&mut again, &dir.join("out"), cancel)?);
    *package = again;
    Ok(notes)
}

/// Runs `program`, the package's ingen (`shown`), with `out` as its working
/// directory and reads the package again with the tests it wrote there: the
/// package read, or why its config does not read with them (the package's
/// error); `Err` when the ingen itself failed.
fn generate(
    package: &Package,
    task: &str,
    shown: &str,
    program: &str,
    out: &Path,
    cancel: &AtomicBool,
) -> Result<Result<Package, Unready>, Stop> {
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).map_err(|e| fault(format!("{}: {e}", out.display())))?;
    for test in &package.data.tests {
        let to = out.join(test.input.file_name().unwrap_or_default());
        std::fs::copy(&test.input, &to)
            .map_err(|e| fault(format!("{}: {e}", test.input.display())))?;
    }
    let command = format!(
        "cd {} && {program}",
        shell_quote(&out.display().to_string())
    );
    let report = run_command(&command, &jury_limits(package), b"", cancel);
    match report.outcome {
        Outcome::Exited => {}
        Outcome::Interrupted => return Err(Stop::Interrupted),
        other => {
            return Err(fault(format!(
                "{shown} failed: {other}: {}",
                jurybox_sandbox::excerpt(&report.stderr, 200).trim_end()
            )))
        }
    }
    let again = match sinol::read_with_tests(&package.dir, out) {
        Ok(again) => again,
        Err(e) => return Ok(Err(e.into())),
    };
    if again.data.tests.is_empty() {
        return Err(fault(format!(
            "{shown} wrote no test named {task}<group><letters>.in into its directory"
        )));
    }
    Ok(Ok(again))
}

/// The ingen at `path` as sinol-make builds it (`ingen_util.compile_ingen`):
/// a C or C++ one with `-D_INGEN`, here a first line `#define _INGEN 1`
/// (what the flag does; `#line 1` keeps the compiler's line numbers the
/// file's), beside the headers of prog/.
fn ingen_source(package: &Package, path: &Path, shown: &str) -> Result<ProgramSource, Stop> {
    let mut source = ProgramSource::read(path).map_err(|e| fault(format!("{shown}: {e}")))?;
    source.origin = shown.to_string();
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let c_like = sinol::sinol_language(&name).is_some_and(|l| l == "c" || l == "cpp");
    if let Some(main) = source.files.iter_mut().find(|f| c_like && f.name == name) {
        let mut text = b"#define _INGEN 1\n#line 1\n".to_vec();
        text.extend_from_slice(&main.text);
        main.text = text;
    }
    for file in prog_headers(&package.dir) {
        if source.file(&file.name).is_none() {
            source.files.push(file);
        }
    }
    source.files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(source)
}

/// Makes each answer `out/` lacks by running the model solution, as
/// `sinol-make gen` does, into `out`.
fn answer(package: &mut Package, out: &Path, cancel: &AtomicBool) -> Result<Option<String>, Stop> {
    let missing: Vec<usize> = (0..package.data.tests.len())
        .filter(|&i| package.data.tests[i].answer.is_none())
        .collect();
    if missing.is_empty() {
        return Ok(None);
    }
    let Some(model) = package.submissions.iter().find(|s| s.is_accepted()) else {
        return Err(fault(
            "no model solution in prog/: the tests' answers cannot be made".into(),
        ));
    };
    let what = format!("the model solution {}", model.name);
    let program = PackageProgram {
        name: model.name.clone(),
        path: model.path.clone(),
        kind: ProgramKind::Program,
    };
    let (built, _) = ready_with(
        &package.dir,
        &program,
        None,
        target_of(package),
        Role::Submission,
        &beside_solutions(package),
        cancel,
    );
    let built = built.map_err(|why| fault(format!("{what} does not build: {why}")))?;
    let limits = RunLimits {
        stack: built.stack,
        ..jury_limits(package)
    };
    std::fs::create_dir_all(out).map_err(|e| fault(format!("{}: {e}", out.display())))?;
    for &i in &missing {
        let test = &package.data.tests[i];
        let input = std::fs::read(&test.input)
            .map_err(|e| fault(format!("{}: {e}", test.input.display())))?;
        let report =
            crate::file_io::run_as_judged(package, &built.command(), &limits, &input, cancel)
                .map_err(|why| fault(format!("{what}: {why}")))?;
        match report.outcome {
            Outcome::Exited => {}
            Outcome::Interrupted => return Err(Stop::Interrupted),
            other => {
                return Err(Stop::fault(
                    format!(
                        "{what} failed: {other}: {}",
                        jurybox_sandbox::excerpt(&report.stderr, 200).trim_end()
                    ),
                    None,
                    &test.name,
                    &input,
                ))
            }
        }
        let stem = test.name.trim_start_matches("in/");
        let path = out.join(format!("{stem}.out"));
        jurybox_judging::store::write_atomically(&path, &report.stdout)
            .map_err(|e| fault(format!("{}: {e}", path.display())))?;
        package.data.tests[i].answer = Some(path);
    }
    Ok(Some(format!(
        "{} answers made by {what} (in {})",
        missing.len(),
        out.display()
    )))
}
