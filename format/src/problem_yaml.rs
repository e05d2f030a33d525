//! The one writer of `problem.yaml` (the packager's pass-fail and scored
//! packages, the Polygon and sinol-make converters): keys in the caller's
//! order, comment lines where the caller puts them (the packager explains its
//! limit beside it, and `jurybox calibrate`'s speed line sits above the limit,
//! see [`crate::speed_comment`]), scalars written as YAML scalars so that a
//! title with a quote, a colon or a newline still reads back as itself.
//! `tests/structure.rs` holds that no other product file writes the file.

use yaml_serde::Value;

/// A YAML mapping written in the caller's order: `key: scalar` entries,
/// nested mappings, and comment lines (a comment after the last key ends the
/// mapping; at the top, comments before the first key head the file).
#[derive(Debug, Default)]
pub struct YamlMap {
    items: Vec<Item>,
}

#[derive(Debug)]
enum Item {
    /// A whole comment line, `#` included.
    Comment(String),
    /// `key: scalar`, the scalar already written.
    Scalar(String, String),
    /// `key:` and the mapping indented under it.
    Map(String, YamlMap),
}

impl YamlMap {
    /// An empty mapping.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether it has no key (comments alone do not count).
    pub fn is_empty(&self) -> bool {
        self.items.iter().all(|i| matches!(i, Item::Comment(_)))
    }

    /// A comment line `# text` here; each line of a multi-line `text` is a
    /// comment line of its own.
    pub fn comment(&mut self, text: &str) -> &mut Self {
        for line in text.lines() {
            self.items
                .push(Item::Comment(format!("# {line}").trim_end().into()));
        }
        self
    }

    /// The `jurybox calibrate` line for `speed` with `note` here
    /// ([`crate::speed_comment`], which reads it back).
    pub fn speed(&mut self, speed: f64, note: &str) -> &mut Self {
        let line = crate::speed_comment(speed, note);
        self.items
            .push(Item::Comment(line.lines().collect::<Vec<_>>().join(" ")));
        self
    }

    /// `key: value` as the YAML serialiser writes the scalar (a string plain
    /// unless it would read as something else, a float as `2.0`); a string
    /// the serialiser would write as a block is written double-quoted.
    pub fn value(&mut self, key: &str, value: impl Into<Value>) -> &mut Self {
        let value = value.into();
        let written = yaml_serde::to_string(&value).unwrap_or_default();
        let written = written.strip_suffix('\n').unwrap_or(&written);
        let scalar = match &value {
            Value::String(text) if written.contains('\n') => double_quoted(text),
            _ => written.to_string(),
        };
        self.items.push(Item::Scalar(key.into(), scalar));
        self
    }

    /// `key: "text"`, always double-quoted (the packager's titles).
    pub fn quoted(&mut self, key: &str, text: &str) -> &mut Self {
        self.items
            .push(Item::Scalar(key.into(), double_quoted(text)));
        self
    }

    /// `key: n` in Rust's shortest form (`2`, `1.5`); a number that is not
    /// finite as YAML spells it (`.nan`, `.inf`).
    pub fn number(&mut self, key: &str, n: f64) -> &mut Self {
        let scalar = if n.is_finite() {
            n.to_string()
        } else {
            return self.value(key, n);
        };
        self.items.push(Item::Scalar(key.into(), scalar));
        self
    }

    /// `key: n` with `places` decimals (`1.0`: a limit said at its resolution).
    pub fn fixed(&mut self, key: &str, n: f64, places: usize) -> &mut Self {
        if !n.is_finite() {
            return self.value(key, n);
        }
        self.items
            .push(Item::Scalar(key.into(), format!("{n:.places$}")));
        self
    }

    /// `key:` and `map` under it.
    pub fn map(&mut self, key: &str, map: YamlMap) -> &mut Self {
        self.items.push(Item::Map(key.into(), map));
        self
    }

    /// The document: each entry on its line, nested mappings two spaces in.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out, 0);
        out
    }

    fn render_into(&self, out: &mut String, indent: usize) {
        let pad = " ".repeat(indent);
        for item in &self.items {
            match item {
                Item::Comment(line) => out.push_str(&format!("{pad}{line}\n")),
                Item::Scalar(key, scalar) => {
                    out.push_str(&format!("{pad}{}: {scalar}\n", key_text(key)))
                }
                Item::Map(key, map) if map.is_empty() => {
                    out.push_str(&format!("{pad}{}: {{}}\n", key_text(key)));
                    map.render_into(out, indent + 2);
                }
                Item::Map(key, map) => {
                    out.push_str(&format!("{pad}{}:\n", key_text(key)));
                    map.render_into(out, indent + 2);
                }
            }
        }
    }
}

/// A key as the serialiser writes a string (plain when it can be).
fn key_text(key: &str) -> String {
    let written = yaml_serde::to_string(&Value::String(key.into())).unwrap_or_default();
    let written = written.strip_suffix('\n').unwrap_or(&written);
    if written.contains('\n') {
        double_quoted(key)
    } else {
        written.into()
    }
}

/// `text` as a YAML double-quoted scalar: `\` and `"` escaped, and every
/// control character by its `\uXXXX` (YAML 1.2's escapes), so that any text
/// reads back as itself.
fn double_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a title, any title, reads back as (through the reader jurybox
    /// itself uses: the check is against yaml_serde, not a judge's parser).
    fn title_read_back(title: &str, quoted: bool) -> String {
        let mut name = YamlMap::new();
        if quoted {
            name.quoted("en", title);
        } else {
            name.value("en", title);
        }
        let mut doc = YamlMap::new();
        doc.comment("head").map("name", name).comment("tail");
        let text = doc.render();
        let read: Value = yaml_serde::from_str(&text).expect(&text);
        read["name"]["en"].as_str().expect(&text).to_string()
    }

    #[test]
    fn any_title_reads_back_as_itself() {
        for title in [
            "Sum",
            "a: b",
            "\"quoted\" \\ back",
            "two\nlines",
            "tab\there",
            "- dash",
            "123",
            "true",
            "bell\u{7}",
            "# not a comment",
            "",
        ] {
            assert_eq!(title_read_back(title, false), title);
            assert_eq!(title_read_back(title, true), title);
        }
    }

    #[test]
    fn keys_in_the_callers_order_with_comments_where_put() {
        let mut limits = YamlMap::new();
        limits
            .comment("CPU seconds: why")
            .speed(0.97, "a note")
            .fixed("time_limit", 1.0, 1)
            .number("time_resolution", 0.1);
        let mut doc = YamlMap::new();
        doc.comment("Written by me.")
            .value("problem_format_version", "2025-09")
            .value("type", "pass-fail")
            .map("limits", limits)
            .value("memory", 256u64)
            .value("seconds", 2.0)
            .comment("the end");
        assert_eq!(
            doc.render(),
            "# Written by me.\nproblem_format_version: 2025-09\ntype: pass-fail\nlimits:\n  \
             # CPU seconds: why\n  # jurybox calibrate: speed 0.97 (a note)\n  time_limit: 1.0\n  \
             time_resolution: 0.1\nmemory: 256\nseconds: 2.0\n# the end\n"
        );
        let speed = crate::speed_comment::recorded_speed(&doc.render());
        assert_eq!(speed, Ok(Some(0.97)));
    }

    #[test]
    fn numbers_that_are_not_finite_stay_numbers() {
        let mut doc = YamlMap::new();
        doc.number("a", f64::INFINITY).fixed("b", f64::NAN, 1);
        let read: Value = yaml_serde::from_str(&doc.render()).unwrap();
        assert!(read["a"].as_f64().is_some_and(f64::is_infinite));
        assert!(read["b"].as_f64().is_some_and(f64::is_nan));
    }
}
