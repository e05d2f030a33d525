//! Line coverage of an accepted C or C++ submission, to order its mutants'
//! candidates (issue 32). A mutant runs exactly as its original does until it
//! first executes its edited line, so whether an input reaches that line is
//! a question for the original, asked once per input and shared by every
//! mutant of that submission: an input on which the original never reaches
//! the line cannot kill the mutant, and the inputs that do are worth judging
//! first.
//!
//! The original is built once more with gcc's `--coverage` at `-O0` (the
//! judge's compiler and language flags, its optimisation dropped so each
//! statement keeps its line), run on each input with `GCOV_PREFIX` pointing
//! at a scratch directory, and `gcov -t -r` turns the counters into a count
//! per line of the source. Sound in one direction: a line gcov counts zero
//! times was not executed. A line with no code of its own (a declaration
//! without an initialiser) has no count: whether it is reached is not known,
//! and nothing is claimed. C and C++ only: a Python mutant is searched in the
//! plain order.
//!
//! Time: one compile per original; per input, one run of the unoptimised
//! build and one `gcov` (a few milliseconds each for a small input), kept by
//! the input's hash.

use crate::equivalent::compiler_words;
use crate::known::{key, Key};
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
    /// The line has no code gcov counts (a declaration).
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

/// An accepted submission built for coverage, with what each input reached.
#[derive(Debug)]
pub struct Coverage {
    /// The build directory: the source, the binary and its notes file.
    dir: tempfile::TempDir,
    /// The notes file gcc wrote (`prog-sum.gcno`), beside each run's counters.
    notes: PathBuf,
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
    /// builds it, unoptimised and instrumented; `None` for another language,
    /// when it does not compile so, or when gcc wrote no notes file.
    pub fn build(text: &str, file: &str, judge: Judge, cancel: &AtomicBool) -> Option<Coverage> {
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
            notes,
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

    /// One run on `input`, its counters read by gcov.
    fn run(&self, input: &[u8], cancel: &AtomicBool) -> Option<Lines> {
        let scratch = tempfile::tempdir().ok()?;
        let notes_name = self.notes.file_name()?;
        std::os::unix::fs::symlink(&self.notes, scratch.path().join(notes_name)).ok()?;
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
}
