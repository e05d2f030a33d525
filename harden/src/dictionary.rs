//! The package's own words and numbers, gathered once per session for the
//! grammar's dictionary stage ([`jurybox_grammar::generate::Dictionary`]) and
//! the mutations of the tests: the string and number literals of every
//! accepted and wrong submission's source (C, C++, Java, Kotlin, Python, ...:
//! a lexer good enough for literals, comments skipped), the samples' tokens
//! and lines, and the statement's words and numbers. A setter writes the test
//! that catches "a dish named twice" with the dish the statement names; a
//! fuzzer gets there with a dictionary (AFL's `-x`, libFuzzer's `-dict`).

use jurybox_format::Package;
use jurybox_grammar::generate::Dictionary;
use jurybox_jury::Case;
use jurybox_languages::Language;
use std::collections::HashMap;
use std::path::Path;

/// At most this many words and this many numbers are kept (most frequent
/// first): the stage makes a few inputs per entry.
const MOST_ENTRIES: usize = 200;

/// Longest text kept as an entry (a sample's line included).
const LONGEST_WORD: usize = 200;

/// Counts of each word and number met, in the order first met.
#[derive(Default)]
struct Tally {
    words: HashMap<String, (usize, usize)>,
    numbers: HashMap<i128, (usize, usize)>,
    met: usize,
}

impl Tally {
    fn word(&mut self, w: &str) {
        if w.is_empty() || w.len() > LONGEST_WORD || w.contains(['\n', '\r']) {
            return;
        }
        if let Ok(n) = w.parse::<i128>() {
            return self.number(n);
        }
        self.met += 1;
        let met = self.met;
        self.words.entry(w.to_string()).or_insert((0, met)).0 += 1;
    }

    fn number(&mut self, n: i128) {
        self.met += 1;
        let met = self.met;
        self.numbers.entry(n).or_insert((0, met)).0 += 1;
    }

    /// The most frequent first, then the first met.
    fn ranked<T: Clone + Ord>(counts: &HashMap<T, (usize, usize)>) -> Vec<T> {
        let mut all: Vec<(&T, &(usize, usize))> = counts.iter().collect();
        all.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.1 .1.cmp(&b.1 .1)));
        all.into_iter()
            .take(MOST_ENTRIES)
            .map(|(t, _)| t.clone())
            .collect()
    }

    fn dictionary(&self) -> Dictionary {
        Dictionary {
            words: Self::ranked(&self.words),
            numbers: Self::ranked(&self.numbers),
        }
    }
}

/// The dictionary of `package`, whose tests are `cases` (the samples' are
/// those named `sample/...`).
pub fn gather(package: &Package, cases: &[Case]) -> Dictionary {
    let mut tally = Tally::default();
    for sub in &package.submissions {
        for (path, language) in sources(&sub.path) {
            if let Ok(text) = std::fs::read_to_string(&path) {
                literals(&text, language.id == "python", &mut tally);
            }
        }
    }
    for case in cases.iter().filter(|c| c.name.starts_with("sample")) {
        let text = String::from_utf8_lossy(&case.input);
        for line in text.lines() {
            let line = line.trim_end();
            if line.split_whitespace().nth(1).is_some() {
                tally.word(line);
            }
            line.split_whitespace().for_each(|t| tally.word(t));
        }
    }
    for path in statements(&package.dir) {
        if let Ok(text) = std::fs::read_to_string(&path) {
            prose(&text, &mut tally);
        }
    }
    tally.dictionary()
}

/// The source files of a submission at `path` (a file or a directory), with
/// their language.
fn sources(path: &Path) -> Vec<(std::path::PathBuf, &'static Language)> {
    let files: Vec<std::path::PathBuf> = if path.is_dir() {
        walk(path, 2)
    } else {
        vec![path.to_path_buf()]
    };
    files
        .into_iter()
        .filter_map(|f| {
            let language = Language::of_file(&f.file_name()?.to_string_lossy())?;
            Some((f, language))
        })
        .collect()
}

/// The files under `dir`, at most `depth` directories down, sorted.
fn walk(dir: &Path, depth: usize) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if depth > 0 {
                out.extend(walk(&p, depth - 1));
            }
        } else {
            out.push(p);
        }
    }
    out
}

/// The statement's files: `statement/` (2025-09) or `problem_statement/`
/// (legacy), LaTeX or Markdown.
fn statements(dir: &Path) -> Vec<std::path::PathBuf> {
    ["statement", "problem_statement"]
        .iter()
        .flat_map(|d| walk(&dir.join(d), 1))
        .filter(|p| {
            p.extension()
                .is_some_and(|e| e == "tex" || e == "md" || e == "txt")
        })
        .collect()
}

/// The string, character and number literals of a source, comments skipped
/// (`#` for Python, `//` and `/* */` for the C family).
fn literals(text: &str, python: bool, tally: &mut Tally) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if (python && c == '#') || (!python && c == '/' && next == Some('/')) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if !python && c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' || c == '\'' {
            let (text, end) = quoted(&chars, i);
            tally.word(&text);
            text.split_whitespace()
                .filter(|_| text.contains(' '))
                .for_each(|w| tally.word(w));
            i = end;
        } else if c.is_ascii_digit() && (i == 0 || !is_word_char(chars[i - 1])) {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '\'') {
                i += 1;
            }
            let digits: String = chars[start..i].iter().filter(|c| **c != '\'').collect();
            let digits = digits.trim_end_matches(['L', 'l', 'U', 'u']);
            if let Ok(n) = digits.parse::<i128>() {
                tally.number(n);
            }
        } else {
            i += 1;
        }
    }
}

/// The contents of the literal opened by the quote at `start` (escapes kept
/// as written but for `\"`, `\'` and `\\`), and where it ends.
fn quoted(chars: &[char], start: usize) -> (String, usize) {
    let quote = chars[start];
    let mut out = String::new();
    let mut i = start + 1;
    while i < chars.len() && chars[i] != quote && chars[i] != '\n' {
        if chars[i] == '\\' && i + 1 < chars.len() {
            match chars[i + 1] {
                c @ ('"' | '\'' | '\\') => out.push(c),
                c => {
                    out.push('\\');
                    out.push(c);
                }
            }
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    (out, i + 1)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The words (lowercase and as written) and numbers of a statement; LaTeX
/// commands (`\section`) are not words.
fn prose(text: &str, tally: &mut Tally) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
        } else if is_word_char(chars[i]) {
            let start = i;
            while i < chars.len() && is_word_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word.chars().all(|c| c.is_ascii_digit()) {
                if let Ok(n) = word.parse::<i128>() {
                    tally.number(n);
                }
            } else {
                let lower = word.to_lowercase();
                if lower != word {
                    tally.word(&lower);
                }
                tally.word(&word);
            }
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of_source(text: &str, python: bool) -> Dictionary {
        let mut tally = Tally::default();
        literals(text, python, &mut tally);
        tally.dictionary()
    }

    #[test]
    fn literals_are_read_and_comments_skipped() {
        let d = of_source(
            "// \"comment\" 5\nint x = 1000000007LL; /* 'no' */ if (s == \"tiramisu\") y = 'a';\nchar q[] = \"a\\\"b\";",
            false,
        );
        assert_eq!(d.words, ["tiramisu", "a", "a\"b"]);
        assert_eq!(d.numbers, [1000000007]);
        let d = of_source("# 'no' 7\nx = 'two words' if y == 42 else \"z\"", true);
        assert_eq!(d.words, ["two words", "two", "words", "z"]);
        assert_eq!(d.numbers, [42]);
    }

    #[test]
    fn a_statement_gives_its_words_and_numbers_not_its_commands() {
        let mut tally = Tally::default();
        prose(
            "\\section{Menu} Every Tiramisu order, at most $10^5$ tiramisu.",
            &mut tally,
        );
        let d = tally.dictionary();
        assert_eq!(d.words[0], "tiramisu");
        assert!(d.words.contains(&"Menu".to_string()), "{d:?}");
        assert!(!d.words.contains(&"section".to_string()), "{d:?}");
        assert_eq!(d.numbers, [10, 5]);
    }
}
