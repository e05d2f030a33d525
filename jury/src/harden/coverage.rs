//! Line coverage of an accepted C, C++ or Python submission, to order its
//! mutants' candidates (issue 32). A mutant runs exactly as its original
//! does until it first executes its edited line, so whether an input reaches
//! that line is a question for the original, asked once per input and shared
//! by every mutant of that submission: an input on which the original never
//! reaches the line cannot kill the mutant, and the inputs that do are worth
//! judging first.
//!
//! C and C++: the original is built once more with gcc's `--coverage` at
//! `-O0` (the judge's compiler and language flags, its optimisation dropped
//! so each statement keeps its line), run on each input with `GCOV_PREFIX`
//! pointing at a scratch directory, and `gcov -t -r` turns the counters into
//! a count per line of the source. Python: the source runs under the
//! standard library's `trace` module (`python3 -m trace --count --missing`,
//! which follows threads too, as a deep recursion run in a thread with a big
//! stack needs), whose `.cover` file marks each line run, never run
//! (`>>>>>>`) or without code. Sound in one direction: a line counted zero
//! times was not executed. A line with no code of its own (a declaration, a
//! comment, an `else:`) has no count: whether it is reached is not known, and
//! nothing is claimed. A run that dies (a crash, an uncaught exception, a
//! kill) leaves no counts: not known either.
//!
//! Time: one compile per C or C++ original; per input, one run of the
//! unoptimised build and one `gcov`, or one traced Python run (several times
//! slower than a plain one), kept by the input's hash.

use super::equivalent::compiler_words;
use super::known::{key, Key};
use jurybox_languages::Judge;
use jurybox_sandbox::{run_command, shell_quote, Outcome, RunLimits};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Whether the original reached a line on an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// gcov counted it at least once.
    Yes,
    /// gcov counted it zero times: the input cannot kill a mutant of it.
    No,
    /// The line has no code its counter counts (a declaration, a comment).
    NoCode,
    /// The run or gcov failed (a crash before exit writes no counters).
    Unknown,
}

/// The lines of the source gcov counts, and those counted at least once.
#[derive(Debug)]
struct Lines {
    executable: BTreeSet<u32>,
    hit: BTreeSet<u32>,
}

/// How the original's lines are counted.
#[derive(Debug)]
enum Counter {
    /// Built with `--coverage`: the notes file gcc wrote (`prog-sum.gcno`),
    /// beside each run's counters.
    Gcov { notes: PathBuf },
    /// The source run under Python's `trace` module.
    PythonTrace,
}

/// An accepted submission built for coverage, with what each input reached.
#[derive(Debug)]
pub struct Coverage {
    /// The build directory: the source, and a C or C++ one's binary and notes.
    dir: tempfile::TempDir,
    counter: Counter,
    /// The source's file name (`sum.cpp`), as the report names it.
    pub file: String,
    /// What each input reached, by length and hash (`None`: not known).
    lines: Mutex<HashMap<Key, Option<Arc<Lines>>>>,
}

/// A coverage run or a `gcov` that takes longer than this tells nothing worth
/// its time (the run is unoptimised, so a maximal input may be slow).
const RUN_SECONDS: u64 = 10;

impl Coverage {
    /// The C or C++ source `text` (a file called `file`) built as `judge`
    /// builds it, unoptimised and instrumented, or a Python one ready to be
    /// traced; `None` for another language, when it does not compile so,
    /// when gcc wrote no notes file, or when no `python3` with its `trace`
    /// module is there.
    pub fn build(text: &str, file: &str, judge: Judge, cancel: &AtomicBool) -> Option<Coverage> {
        if file.ends_with(".py") {
            return Self::python(text, file, cancel);
        }
        let mut words: Vec<String> = compiler_words(file, judge)?
            .into_iter()
            .filter(|w| !w.starts_with("-O"))
            .collect();
        let dir = tempfile::tempdir().ok()?;
        std::fs::write(dir.path().join(file), text).ok()?;
        words.extend(["-O0", "--coverage", "-o", "prog"].map(String::from));
        words.push(shell_quote(file));
        words.push("-lm".into());
        let command = format!(
            "cd {} && {}",
            shell_quote(&dir.path().display().to_string()),
            words.join(" ")
        );
        let limits = RunLimits::with_cpu(Duration::from_secs(60));
        let report = run_command(&command, &limits, b"", cancel);
        if report.outcome != Outcome::Exited {
            return None;
        }
        let notes = std::fs::read_dir(dir.path())
            .ok()?
            .filter_map(|e| Some(e.ok()?.path()))
            .find(|p| p.extension().is_some_and(|e| e == "gcno"))?;
        Some(Coverage {
            dir,
            counter: Counter::Gcov { notes },
            file: file.to_string(),
            lines: Mutex::default(),
        })
    }

    /// A Python source, traced by CPython's `trace` module (whatever runs it
    /// on the judge: which lines run is the language's, not the
    /// interpreter's).
    fn python(text: &str, file: &str, cancel: &AtomicBool) -> Option<Coverage> {
        let limits = RunLimits::with_cpu(Duration::from_secs(RUN_SECONDS));
        let check = run_command("exec python3 -m trace --help", &limits, b"", cancel);
        if check.outcome != Outcome::Exited {
            return None;
        }
        let dir = tempfile::tempdir().ok()?;
        std::fs::write(dir.path().join(file), text).ok()?;
        Some(Coverage {
            dir,
            counter: Counter::PythonTrace,
            file: file.to_string(),
            lines: Mutex::default(),
        })
    }

    /// Whether the original reaches `line` on `input`.
    pub fn reaches(&self, input: &[u8], line: u32, cancel: &AtomicBool) -> Reached {
        let Some(lines) = self.lines_of(input, cancel) else {
            return Reached::Unknown;
        };
        if !lines.executable.contains(&line) {
            Reached::NoCode
        } else if lines.hit.contains(&line) {
            Reached::Yes
        } else {
            Reached::No
        }
    }

    fn lines_of(&self, input: &[u8], cancel: &AtomicBool) -> Option<Arc<Lines>> {
        let k = key(input);
        if let Some(known) = self.lines.lock().expect("no panics holding it").get(&k) {
            return known.clone();
        }
        let lines = self.run(input, cancel).map(Arc::new);
        self.lines
            .lock()
            .expect("no panics holding it")
            .insert(k, lines.clone());
        lines
    }

    /// One run on `input`, its lines counted.
    fn run(&self, input: &[u8], cancel: &AtomicBool) -> Option<Lines> {
        match &self.counter {
            Counter::Gcov { notes } => self.run_gcov(notes, input, cancel),
            Counter::PythonTrace => self.run_traced(input, cancel),
        }
    }

    /// One traced run of the Python source on `input`: its `.cover` file,
    /// written in a scratch directory when the program ends by itself (an
    /// uncaught exception writes none).
    fn run_traced(&self, input: &[u8], cancel: &AtomicBool) -> Option<Lines> {
        let scratch = tempfile::tempdir().ok()?;
        let limits = RunLimits::with_cpu(Duration::from_secs(RUN_SECONDS));
        let run = format!(
            "cd {} && exec python3 -m trace --count --missing -C {} {}",
            shell_quote(&self.dir.path().display().to_string()),
            shell_quote(&scratch.path().display().to_string()),
            shell_quote(&self.file)
        );
        if run_command(&run, &limits, input, cancel).outcome == Outcome::Interrupted {
            return None;
        }
        // trace names a script's counts after its module: `sum.py` → `sum.cover`.
        let stem = Path::new(&self.file).file_stem()?;
        let cover = scratch.path().join(stem).with_extension("cover");
        let lines = parse_trace(&std::fs::read_to_string(cover).ok()?);
        (!lines.executable.is_empty()).then_some(lines)
    }

    /// One run of the instrumented build on `input`, its counters read by gcov.
    fn run_gcov(&self, notes: &Path, input: &[u8], cancel: &AtomicBool) -> Option<Lines> {
        let scratch = tempfile::tempdir().ok()?;
        let notes_name = notes.file_name()?;
        std::os::unix::fs::symlink(notes, scratch.path().join(notes_name)).ok()?;
        let at = shell_quote(&scratch.path().display().to_string());
        let binary = shell_quote(&self.dir.path().join("prog").display().to_string());
        let limits = RunLimits::with_cpu(Duration::from_secs(RUN_SECONDS));
        // Every directory of the object's path stripped: the counters land in
        // the scratch directory under the notes file's own name. A run that
        // fails by its own exit code writes them too; one killed writes none.
        let run = format!("GCOV_PREFIX={at} GCOV_PREFIX_STRIP=1000 exec {binary}");
        if run_command(&run, &limits, input, cancel).outcome == Outcome::Interrupted {
            return None;
        }
        let counters = Path::new(notes_name).with_extension("gcda");
        if !scratch.path().join(&counters).is_file() {
            return None;
        }
        // In the build directory, where gcov finds the source; the notes and
        // counters from the scratch one (`-o`); `-r`: the source only, not
        // the headers it includes; `-t`: to stdout, writing no file.
        let gcov = format!(
            "cd {} && exec gcov -t -r -o {at} {}",
            shell_quote(&self.dir.path().display().to_string()),
            shell_quote(&counters.display().to_string())
        );
        let report = run_command(&gcov, &limits, b"", cancel);
        if report.outcome != Outcome::Exited {
            return None;
        }
        let lines = parse_gcov(&String::from_utf8_lossy(&report.stdout));
        // No line counted at all: gcov did not read the source.
        (!lines.executable.is_empty()).then_some(lines)
    }
}

/// gcov's text output (`count:line:source`, `-` for a line without code,
/// `#####` for one never run, a count with `*` when some block of it was not).
fn parse_gcov(text: &str) -> Lines {
    let mut lines = Lines {
        executable: BTreeSet::new(),
        hit: BTreeSet::new(),
    };
    for row in text.lines() {
        let mut fields = row.splitn(3, ':');
        let (Some(count), Some(number)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (count, Ok(number)) = (count.trim(), number.trim().parse::<u32>()) else {
            continue;
        };
        if number == 0 || count == "-" {
            continue;
        }
        lines.executable.insert(number);
        let runs = count.trim_end_matches('*');
        if runs.parse::<u64>().is_ok_and(|n| n > 0) {
            lines.hit.insert(number);
        }
    }
    lines
}

/// A `.cover` file of Python's `trace --count --missing`: each line of the
/// source prefixed by its count (`    4: `), by `>>>>>> ` when it has code
/// never run, or by blanks when it has none.
fn parse_trace(text: &str) -> Lines {
    let mut lines = Lines {
        executable: BTreeSet::new(),
        hit: BTreeSet::new(),
    };
    for (number, row) in (1..).zip(text.lines()) {
        if row.starts_with(">>>>>>") {
            lines.executable.insert(number);
            continue;
        }
        // Seven blanks: no code (a count is right-aligned in five columns
        // and never blank).
        if row.starts_with("       ") {
            continue;
        }
        let Some((count, _)) = row.split_once(':') else {
            continue;
        };
        if count.trim().parse::<u64>().is_ok_and(|n| n > 0) {
            lines.executable.insert(number);
            lines.hit.insert(number);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcov_lines_are_read_as_run_never_run_or_without_code() {
        let text = "        -:    0:Source:sum.cpp\n        -:    1:#include <cstdio>\n        1:    2:int main() {\n    #####:    3:    return 1;\n       4*:    4:    x++;\n    =====:    5:    y;\n";
        let lines = parse_gcov(text);
        assert_eq!(lines.executable, BTreeSet::from([2, 3, 4, 5]));
        assert_eq!(lines.hit, BTreeSet::from([2, 4]));
    }

    #[test]
    fn trace_lines_are_read_as_run_never_run_or_without_code() {
        // A line without code that holds a colon (`else:`, a dict's
        // continuation line `5: 'x',`) is no count; a count wider than five
        // columns is one.
        let text = "    1: import sys\n    1: n = int(sys.stdin.readline())\n    1: if n > 5:\n>>>>>>     print('big')\n       else:\n   12:     print('12: small')\n    1: d = {\n           5: 'x',\n       }\n1000000:     n += 1\n";
        let lines = parse_trace(text);
        assert_eq!(lines.executable, BTreeSet::from([1, 2, 3, 4, 6, 7, 10]));
        assert_eq!(lines.hit, BTreeSet::from([1, 2, 3, 6, 7, 10]));
    }
}
