//! A `generate:` command of `generators.yaml` as BAPCtools 2026.10 runs it: the
//! words, the program they name, where the seed goes and which arguments look
//! like sizes.
//!
//! What BAPCtools does (`bapctools/generate.py`, class `Invocation` and
//! `TestCaseRule.__init__`):
//! - `{{NAME}}` and `{{NAME.VARIANT}}` are filled from problem.yaml's
//!   `constants`, then `{count}` from `count:` (only when the rule has one), in
//!   the command *text*; then the text is split into words by Python's
//!   `shlex.split` (`commands = shlex.split(string)`), the first word naming
//!   the program and the rest its arguments.
//! - `{seed}` and `{seed:N}` (`SEED_REGEX = \{seed(:[0-9]+)?\}`) may occur at
//!   most once in all the arguments, anywhere inside a word; at run time it
//!   becomes the seed in decimal. `{name}` becomes the literal word
//!   `testcase` (`NAME_REGEX.sub("testcase", arg)`): the generator runs in a
//!   scratch directory where the case's files are `testcase.in`, `.ans`, ...
//! - The seed is `int(sha512(random_salt + (":" + str(count - 1) if count != 1
//!   else "") + command.strip()).hexdigest(), 16) % 2**31`, where `command` is
//!   the text after `{{...}}` and `{count}` are filled in but with the
//!   `{seed...}` placeholder itself still in it (so `{seed:1}` and `{seed:2}`
//!   give different seeds), and `random_salt` is inherited from the nearest
//!   directory (or rule) that sets one. A generator that fails is retried
//!   `retries` times with seed + 1, + 2, ... (mod 2^31). So a seed is always in
//!   [0, 2^31): generators may read it into a 32-bit int.
//!
//! jurybox draws its own seeds; it only needs to know where they go.

use sha2::{Digest, Sha512};
use std::path::PathBuf;

/// What a command runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Generator {
    /// A file or directory program in `generators/` (path relative to the
    /// package: `generators/random.py`), built and run like a submission.
    Program(PathBuf),
    /// A name of the top-level `generators:` map (which wins over a file of
    /// the same name): its files, relative to the package, copied into one
    /// directory and built as one program; the first is the entry point.
    Named {
        /// The map's key.
        name: String,
        /// Its files (`generators/tree.py`, `generators/lib.py`).
        files: Vec<PathBuf>,
    },
}

/// An integer literal argument that looks like a size (see [`size_args`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeArg {
    /// Its index among the arguments.
    pub word: usize,
    /// Its value.
    pub value: u64,
    /// The flag it belongs to, when it has one: `n` for `-n 100`, `--n 100`,
    /// `n=100` or `--n=100`.
    pub label: Option<String>,
}

/// A `generate:` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateCommand {
    /// The command as BAPCtools hashes it for the seed and compares it to find
    /// identical rules: as written, with `{{constants}}` and `{count}` filled in.
    pub text: String,
    /// The program word as written (`random.py`, `tree`).
    pub program: String,
    /// What that word runs.
    pub generator: Generator,
    /// The argument words, with `{seed}`, `{seed:N}` and `{name}` left in.
    pub args: Vec<String>,
    /// The seed BAPCtools passes, when an argument takes one.
    pub seed: Option<u32>,
    /// The arguments that look like sizes, in order.
    pub sizes: Vec<SizeArg>,
}

/// Seeds BAPCtools passes are below this: generators may assume a seed fits a
/// signed 32-bit integer.
pub const SEED_BOUND: u64 = 1 << 31;

impl GenerateCommand {
    /// The argument words to run this command with `seed` (reduced modulo
    /// [`SEED_BOUND`], as BAPCtools' seeds are) in place of `{seed}` / `{seed:N}`,
    /// `{name}` as BAPCtools fills it in (`testcase`) and, when `sizes` is given,
    /// its values in place of [`GenerateCommand::sizes`], in order (extra values are
    /// ignored; missing ones leave the rest as written). A rule without a seed
    /// ignores `seed`.
    pub fn instantiate(&self, seed: u64, sizes: Option<&[u64]>) -> Vec<String> {
        let seed = (seed % SEED_BOUND).to_string();
        let mut args: Vec<String> = self
            .args
            .iter()
            .map(|arg| fill_seed(&arg.replace("{name}", "testcase"), &seed))
            .collect();
        for (size, value) in self.sizes.iter().zip(sizes.unwrap_or(&[])) {
            let word = &mut args[size.word];
            *word = match word.rsplit_once('=') {
                Some((name, _)) => format!("{name}={value}"),
                None => value.to_string(),
            };
        }
        args
    }

    /// Whether an argument takes a seed.
    pub fn takes_seed(&self) -> bool {
        self.seed.is_some()
    }
}

/// The byte ranges of `{seed}` / `{seed:N}` in `word`.
fn seed_spans(word: &str) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(at) = word[from..].find("{seed") {
        let start = from + at;
        let rest = &word[start + "{seed".len()..];
        let len = if rest.starts_with('}') {
            Some(1)
        } else if let Some(digits) = rest.strip_prefix(':') {
            let n = digits.len()
                - digits
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            (n > 0 && digits[n..].starts_with('}')).then_some(n + 2)
        } else {
            None
        };
        match len {
            Some(len) => {
                let end = start + "{seed".len() + len;
                spans.push(start..end);
                from = end;
            }
            None => from = start + 1,
        }
    }
    spans
}

/// `word` with `{seed}` / `{seed:N}` replaced by `seed`.
pub(super) fn fill_seed(word: &str, seed: &str) -> String {
    let mut out = String::new();
    let mut last = 0;
    for span in seed_spans(word) {
        out.push_str(&word[last..span.start]);
        out.push_str(seed);
        last = span.end;
    }
    out.push_str(&word[last..]);
    out
}

/// How many `{seed}` / `{seed:N}` the words hold.
pub(super) fn seed_count(args: &[String]) -> usize {
    args.iter().map(|a| seed_spans(a).len()).sum()
}

/// The seed BAPCtools gives the rule whose command text (`{{constants}}` and
/// `{count}` filled in) is `command`, with the inherited `random_salt` and, for
/// a rule with `count:`, the count value (1 without one).
pub fn bapctools_seed(random_salt: &str, count: i64, command: &str) -> u32 {
    let mut hashed = random_salt.to_string();
    if count != 1 {
        hashed.push_str(&format!(":{}", count - 1));
    }
    hashed.push_str(command.trim_matches(python_space));
    let digest = Sha512::digest(hashed.as_bytes());
    // The hex digest read as one big integer, modulo 2^31: its last 31 bits.
    let last = u32::from_be_bytes([digest[60], digest[61], digest[62], digest[63]]);
    last & (SEED_BOUND as u32 - 1)
}

/// Python's `str.isspace`, which `str.strip()` and `shlex` use: Unicode white
/// space plus the ASCII separators U+001C..U+001F.
fn python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Splits `text` into words as Python's `shlex.split(text)` does (POSIX mode,
/// no comments): white space (space, tab, CR, LF) separates words, `'...'`
/// quotes everything, `"..."` quotes everything but `\"` and `\\`, and a
/// backslash outside quotes escapes the next character. BAPCtools splits
/// commands this way; the `shlex` crate differs (it takes `#` for a comment).
pub fn split_words(text: &str) -> Result<Vec<String>, &'static str> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\r' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\\' => {
                word.push(chars.next().ok_or("no escaped character")?);
                in_word = true;
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next().ok_or("no closing quotation")? {
                        '\'' => break,
                        c => word.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next().ok_or("no closing quotation")? {
                        '"' => break,
                        '\\' => match chars.next().ok_or("no closing quotation")? {
                            c @ ('"' | '\\') => word.push(c),
                            c => {
                                word.push('\\');
                                word.push(c);
                            }
                        },
                        c => word.push(c),
                    }
                }
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// The arguments that look like sizes, so that a caller searching for a slow
/// submission's killer can grow them (×2, ×4, ... up to its own cap).
///
/// The heuristic: an argument is a size when it is a positive decimal integer
/// literal without a sign or leading zeros (`100`, but not `-3`, `007`, `1e5`,
/// `0.5` or `{seed}`), bare or as the value of `name=` / `--name=`, and its
/// label (that `name`, or the flag word before it: `-n` in `-n 100`) does not
/// contain `seed`. Nothing in a command tells a size from a bound on values
/// (`random.py {seed} 100 1000000000`: 100 is N, 10^9 the largest value), so
/// both are returned: the caller must throw away grown inputs the input
/// validator rejects, and may grow one argument at a time.
pub fn size_args(args: &[String]) -> Vec<SizeArg> {
    let mut out = Vec::new();
    for (i, word) in args.iter().enumerate() {
        let (name, digits) = match word.rsplit_once('=') {
            Some((name, digits)) => (Some(name.trim_start_matches('-')), digits),
            None => (None, word.as_str()),
        };
        if name.is_some_and(|n| !is_identifier(n)) {
            continue;
        }
        let decimal = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        let Some(value) = decimal.then(|| digits.parse::<u64>().ok()).flatten() else {
            continue;
        };
        let flag = i
            .checked_sub(1)
            .map(|p| args[p].as_str())
            .filter(|p| p.starts_with('-') && is_identifier(p.trim_start_matches('-')));
        let label = name.or(flag.map(|f| f.trim_start_matches('-')));
        if label.is_some_and(|l| l.to_ascii_lowercase().contains("seed")) {
            continue;
        }
        out.push(SizeArg {
            word: i,
            value,
            label: label.map(String::from),
        });
    }
    out
}

/// A flag or key name: a letter or `_`, then letters, digits, `_` and `-`.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_spans_find_both_forms_and_nothing_else() {
        assert_eq!(seed_spans("{seed}"), vec![0..6]);
        assert_eq!(seed_spans("s={seed:12}x"), vec![2..11]);
        assert!(seed_spans("{seed:}").is_empty());
        assert!(seed_spans("{seeds}").is_empty());
        assert!(seed_spans("{seed:1a}").is_empty());
        assert_eq!(fill_seed("a{seed}b{seed:3}", "7"), "a7b7");
    }
}
