//! The YAML text of a new `generators.yaml` entry, written to read back as
//! exactly the intended value in BAPCtools' parser (ruamel, YAML 1.2 with 1.1
//! leftovers) and in yaml_serde: keys that look like numbers or booleans
//! quoted, commands plain unless YAML would misread them, inputs as literal
//! blocks (`|`, `|-`, `|2`) or, when a block cannot hold them exactly, one
//! double-quoted line.

use yaml_serde::Value;

/// What the new test is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A generator run: the program word as `generators.yaml` names it, then
    /// its arguments with the seed filled in (see
    /// [`GenerateCommand::instantiate`](super::GenerateCommand::instantiate)). Words must not
    /// hold white space, quotes or backslashes (BAPCtools splits the command
    /// with `shlex`).
    Command(Vec<String>),
    /// A small input written into the file (BAPCtools' `in:` key); its `.ans`
    /// is made by the group's `solution:` (or BAPCtools' default one).
    Input {
        /// The input, as the `.in` file holds it.
        text: String,
    },
}

/// `keys[0]:` at `col`, each next key two columns deeper, the last (`data`)
/// holding the entry as a map.
pub(super) fn chain_lines(
    keys: &[&str],
    col: usize,
    name: &str,
    entry: (&Entry, Option<&str>),
    newline: &str,
) -> String {
    let mut out = String::new();
    for (i, key) in keys.iter().enumerate() {
        out.push_str(&format!(
            "{}{}:{newline}",
            " ".repeat(col + 2 * i),
            yaml_key(key)
        ));
    }
    out + &entry_lines(name, entry, col + 2 * keys.len(), false, newline)
}

/// The entry's lines: `NAME: ...` at `col`, or `- NAME: ...` with the dash at
/// `col`; with a description, the command under `generate:` and the
/// description under `yaml:`.
pub(super) fn entry_lines(
    name: &str,
    (entry, description): (&Entry, Option<&str>),
    col: usize,
    item: bool,
    newline: &str,
) -> String {
    let (lead, key_col) = if item {
        (format!("{}- ", " ".repeat(col)), col + 2)
    } else {
        (" ".repeat(col), col)
    };
    let key = yaml_key(name);
    let inner = " ".repeat(key_col + 2);
    let mut out = match (entry, description) {
        (Entry::Command(words), None) => {
            return format!("{lead}{key}: {}{newline}", yaml_scalar(&words.join(" ")));
        }
        (Entry::Command(words), Some(_)) => format!(
            "{lead}{key}:{newline}{inner}generate: {}{newline}",
            yaml_scalar(&words.join(" "))
        ),
        (Entry::Input { text }, _) => {
            let mut out = format!("{lead}{key}:{newline}");
            match literal_block(text, key_col + 2) {
                Some((header, lines)) => {
                    out.push_str(&format!("{inner}in: {header}{newline}"));
                    for line in lines {
                        out.push_str(&line);
                        out.push_str(newline);
                    }
                }
                None => out.push_str(&format!("{inner}in: {}{newline}", double_quoted(text))),
            }
            out
        }
    };
    if let Some(description) = description {
        out.push_str(&format!(
            "{inner}yaml:{newline}{inner}  description: {}{newline}",
            double_quoted(description)
        ));
    }
    out
}

/// A key as YAML text: plain when both YAML 1.1 and 1.2 read it back as the
/// same string, else single-quoted.
fn yaml_key(name: &str) -> String {
    let plain = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && !matches!(
            name.to_ascii_lowercase().as_str(),
            "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null"
        )
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c));
    if plain {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\'', "''"))
    }
}

/// A one-line command as YAML text: plain when safe, else single-quoted.
fn yaml_scalar(s: &str) -> String {
    let indicator = s.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@`".contains(c));
    let risky = s.contains(": ") || s.contains(" #") || s.ends_with(':') || s.contains('\t');
    let reads_back = yaml_serde::from_str::<Value>(s).ok() == Some(Value::String(s.to_string()));
    if !indicator && !risky && reads_back {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// A literal block scalar for `text` under a key at column `col`: the header
/// (`|`, `|-`, with an indentation indicator when the text starts with
/// spaces) and the content lines, or `None` when a literal block cannot hold
/// it exactly (control characters, CR, trailing blank lines, nothing but
/// line breaks).
fn literal_block(text: &str, col: usize) -> Option<(String, Vec<String>)> {
    let printable = |c: char| {
        matches!(c, '\t' | '\n' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
            && c != '\u{feff}'
    };
    if !text.chars().all(printable) || text.trim_matches('\n').is_empty() || text.ends_with("\n\n")
    {
        return None;
    }
    let chomp = if text.ends_with('\n') { "" } else { "-" };
    let body = text.strip_suffix('\n').unwrap_or(text);
    let first_content = body.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let leading_spaces = body
        .lines()
        .take_while(|l| l.trim().is_empty())
        .any(|l| !l.is_empty())
        || first_content.starts_with([' ', '\t']);
    let indicator = if leading_spaces { "2" } else { "" };
    let pad = " ".repeat(col + 2);
    let lines = body
        .split('\n')
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect();
    Some((format!("|{indicator}{chomp}"), lines))
}

/// `text` as a one-line double-quoted YAML scalar.
fn double_quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20
                || c == '\u{7f}'
                || c == '\u{feff}'
                || ('\u{80}'..='\u{9f}').contains(&c) =>
            {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            '\u{fffe}' | '\u{ffff}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_would_read_as_numbers_or_booleans_are_quoted() {
        assert_eq!(yaml_key("small-1"), "small-1");
        assert_eq!(yaml_key("1"), "'1'");
        assert_eq!(yaml_key("01-a"), "'01-a'");
        assert_eq!(yaml_key("yes"), "'yes'");
        assert_eq!(yaml_key("_x"), "_x");
    }

    #[test]
    fn commands_that_plain_yaml_would_misread_are_quoted() {
        assert_eq!(yaml_scalar("random.py 5 6"), "random.py 5 6");
        assert_eq!(yaml_scalar("gen #3"), "'gen #3'");
        assert_eq!(yaml_scalar("gen a: b"), "'gen a: b'");
        assert_eq!(yaml_scalar("5"), "'5'");
        assert_eq!(yaml_scalar("true"), "'true'");
        assert_eq!(yaml_scalar("{seed}"), "'{seed}'");
    }

    #[test]
    fn literal_blocks_keep_the_text_exactly() {
        for text in [
            "3\n1 2 3\n",
            "no newline",
            " lead\n",
            "\n\nx\n",
            "a\n\n  b\n",
            "tab\there\n",
        ] {
            let (header, lines) = literal_block(text, 4).expect(text);
            let yaml = format!("    in: {header}\n{}\n", lines.join("\n"));
            let back: Value = yaml_serde::from_str(&yaml).unwrap();
            assert_eq!(back["in"], Value::from(text), "{yaml}");
        }
        for text in ["", "\n", "two\n\n", "cr\r\n", "bell\u{7}"] {
            assert!(literal_block(text, 0).is_none(), "{text:?}");
            let yaml = format!("in: {}\n", double_quoted(text));
            let back: Value = yaml_serde::from_str(&yaml).unwrap();
            assert_eq!(back["in"], Value::from(text), "{yaml}");
        }
    }
}
