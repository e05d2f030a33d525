//! A new test written into `generators.yaml`: one entry inserted as text under
//! `data: GROUP: data:`, in the list form (`- NAME: ...`) or the map form
//! (`NAME: ...`) the group already uses, every other byte kept (comments,
//! order, quoting, line breaks). The result is reparsed and must be the old
//! tree plus exactly the new entry, and the new test must be read as a case;
//! otherwise it is an error and no text is returned.
//!
//! In the list form BAPCtools numbers test cases with one counter over the
//! whole file, so the new test is `N-NAME`, and when it makes the count of
//! numbered cases reach a new power of ten (or it sits before other numbered
//! directories) older names change too: [`Added`] says which.

use super::case::bad_case_name;
use super::command::{fill_seed, seed_count, split_words};
use super::outline::{Outline, Place};
use super::render::{chain_lines, entry_lines, Entry};
use super::{parse_yaml, DeclaredCase, GeneratorsError, GeneratorsYaml, Solution, GENERATORS_YAML};
use std::collections::BTreeMap;
use yaml_serde::{Mapping, Value};

/// The edited file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The whole new text.
    pub text: String,
    /// The new test's path under `data/` (`secret/5-NAME` in a numbered list).
    pub name: String,
    /// Older tests whose names the insertion changes (old name, new name):
    /// their files under `data/` must be renamed (or regenerated).
    pub renamed: Vec<(String, String)>,
}

/// Why a test cannot be added.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file as it is does not read.
    #[error(transparent)]
    Read(#[from] GeneratorsError),
    /// The name cannot name a test case.
    #[error("{name:?}: {reason}")]
    Name {
        /// The name asked for.
        name: String,
        /// Why not.
        reason: String,
    },
    /// The name is taken.
    #[error("{name}: already declared ({existing})")]
    Taken {
        /// The name asked for.
        name: String,
        /// What has it.
        existing: String,
    },
    /// The command cannot be written as BAPCtools reads commands.
    #[error("generate command {words:?}: {reason}")]
    Command {
        /// The words.
        words: Vec<String>,
        /// Why not.
        reason: String,
    },
    /// The same rule is there already (BAPCtools warns about identical rules).
    #[error("the new test would be identical to {existing}")]
    Duplicate {
        /// The existing case.
        existing: String,
    },
    /// The group cannot be found or written into as text.
    #[error("{GENERATORS_YAML}: {at}: {reason}")]
    Layout {
        /// The key path.
        at: String,
        /// Why not.
        reason: String,
    },
    /// An `in:` entry whose group disables the solution would have no `.ans`.
    #[error("data/{group} has `solution:` disabled: an input alone would get no .ans")]
    NoAnswer {
        /// The group.
        group: String,
    },
    /// BAPCtools would not make the new test (the reason is its issue).
    #[error("BAPCtools would skip the new test: {reason}")]
    Rejected {
        /// Why.
        reason: String,
    },
    /// The edit did not give the old tree plus the new entry (a bug, or YAML
    /// the text scan does not understand): the text is not returned.
    #[error("{GENERATORS_YAML}: the edit would change more than the new entry ({reason}); add it by hand")]
    Verify {
        /// What differed.
        reason: String,
    },
}

/// `yaml_text` with a test `name` added under `data: GROUP: data:` (`group` is
/// a `/`-separated path of keys, like `secret` or `secret/hard`; a missing
/// top-level group or `data:` is created, as a map).
pub fn add_test(
    yaml_text: &str,
    group: &str,
    name: &str,
    entry: Entry,
) -> Result<Added, WriteError> {
    add_described_test(yaml_text, group, name, entry, None)
}

/// [`add_test`], the entry with a `yaml: description:` (BAPCtools writes it
/// to the test's `.yaml` file, so `bt generate` keeps what the test is for
/// instead of removing a `.yaml` that no rule makes).
pub fn add_described_test(
    yaml_text: &str,
    group: &str,
    name: &str,
    entry: Entry,
    description: Option<&str>,
) -> Result<Added, WriteError> {
    if let Some(reason) = bad_case_name(name) {
        return Err(WriteError::Name {
            name: name.into(),
            reason: reason.into(),
        });
    }
    let groups: Vec<&str> = group.split('/').collect();
    if groups.iter().any(|g| g.is_empty()) {
        return Err(WriteError::Layout {
            at: format!("data.{group}"),
            reason: "not a group path (keys separated by /)".into(),
        });
    }
    let constants = BTreeMap::new();
    let old = GeneratorsYaml::parse(yaml_text, GENERATORS_YAML, &constants, &mut Vec::new())?;
    let value = entry_value(&entry, description)?;
    refuse_duplicate(&old, &entry)?;
    if let Some(include) = old.includes.iter().find(|i| i.key == name) {
        return Err(WriteError::Taken {
            name: name.into(),
            existing: format!("an include: names it, bringing in {}", include.target),
        });
    }
    let old_tree = parse_yaml(yaml_text, GENERATORS_YAML)?;
    let expected = with_entry(&old_tree, &groups, name, value.clone())?;
    let text = insert(yaml_text, &groups, name, &entry, description)?;
    let new_tree = parse_yaml(&text, GENERATORS_YAML).map_err(|e| WriteError::Verify {
        reason: e.to_string(),
    })?;
    if new_tree != expected {
        return Err(WriteError::Verify {
            reason: "the reparsed tree differs".into(),
        });
    }
    let mut issues = Vec::new();
    let new =
        GeneratorsYaml::parse(&text, GENERATORS_YAML, &constants, &mut issues).map_err(|e| {
            WriteError::Verify {
                reason: e.to_string(),
            }
        })?;
    let old_at: std::collections::HashSet<&str> = old.cases.iter().map(|c| c.at.as_str()).collect();
    let (added, kept): (Vec<&DeclaredCase>, Vec<&DeclaredCase>) = new
        .cases
        .iter()
        .partition(|c| !old_at.contains(c.at.as_str()));
    let [added] = added.as_slice() else {
        let why = issues
            .last()
            .map_or_else(|| "no new case".to_string(), |i| i.message.clone());
        return Err(WriteError::Rejected { reason: why });
    };
    if let Some(existing) = old.names().find(|n| *n == added.name) {
        return Err(WriteError::Taken {
            name: added.name.clone(),
            existing: existing.to_string(),
        });
    }
    if matches!(entry, Entry::Input { .. }) && added.solution == Solution::Disabled {
        return Err(WriteError::NoAnswer {
            group: group.into(),
        });
    }
    if kept.len() != old.cases.len() {
        return Err(WriteError::Verify {
            reason: "other cases appeared or vanished".into(),
        });
    }
    let renamed = old
        .cases
        .iter()
        .zip(kept)
        .filter(|(o, n)| o.name != n.name)
        .map(|(o, n)| (o.name.clone(), n.name.clone()))
        .collect();
    Ok(Added {
        name: added.name.clone(),
        text,
        renamed,
    })
}

/// The YAML value of the entry: a command string, or `{in: TEXT}`; with a
/// description, a map with `generate:` or `in:` and `yaml: {description: …}`.
fn entry_value(entry: &Entry, description: Option<&str>) -> Result<Value, WriteError> {
    let value = bare_value(entry)?;
    let Some(description) = description else {
        return Ok(value);
    };
    let mut map = match value {
        Value::Mapping(map) => map,
        command => [(Value::from("generate"), command)].into_iter().collect(),
    };
    map.insert(
        Value::from("yaml"),
        Value::Mapping(
            [(Value::from("description"), Value::from(description))]
                .into_iter()
                .collect(),
        ),
    );
    Ok(Value::Mapping(map))
}

fn bare_value(entry: &Entry) -> Result<Value, WriteError> {
    match entry {
        Entry::Command(words) => {
            let bad = |reason: &str| WriteError::Command {
                words: words.clone(),
                reason: reason.into(),
            };
            if words.is_empty() {
                return Err(bad("no program"));
            }
            if let Some(w) = words.iter().find(|w| {
                w.is_empty() || w.contains(|c: char| c.is_whitespace() || "'\"\\".contains(c))
            }) {
                return Err(bad(&format!(
                    "the word {w:?} is empty or holds white space, a quote or a backslash"
                )));
            }
            if words[0].starts_with('/') {
                return Err(bad("the program must be relative to generators/"));
            }
            if seed_count(&words[1..]) > 1 {
                return Err(bad("{seed} may appear at most once"));
            }
            let text = words.join(" ");
            debug_assert_eq!(split_words(&text).ok().as_ref(), Some(words));
            Ok(Value::String(text))
        }
        Entry::Input { text } => Ok(Value::Mapping(
            [(Value::from("in"), Value::String(text.clone()))]
                .into_iter()
                .collect(),
        )),
    }
}

/// Refuses a rule BAPCtools would find identical to an existing one (same
/// command with the seed filled in, or the same literal input alone).
fn refuse_duplicate(old: &GeneratorsYaml, entry: &Entry) -> Result<(), WriteError> {
    let same = |case: &&DeclaredCase| match entry {
        Entry::Command(words) => {
            case.copy.is_none()
                && case.files.keys().all(|k| k == "yaml")
                && case.generate.as_ref().is_some_and(|g| {
                    let seed = g.seed.map(|s| s.to_string()).unwrap_or_default();
                    let text = match g.seed {
                        Some(_) => fill_seed(&g.text, &seed),
                        None => g.text.clone(),
                    };
                    text == words.join(" ")
                })
        }
        Entry::Input { text } => {
            let text = if text.is_empty() || text.ends_with('\n') {
                text.clone()
            } else {
                format!("{text}\n")
            };
            case.generate.is_none()
                && case.copy.is_none()
                && case.files.keys().all(|k| k == "in" || k == "yaml")
                && case.files.get("in") == Some(&text)
        }
    };
    match old.cases.iter().find(same) {
        Some(case) => Err(WriteError::Duplicate {
            existing: case.name.clone(),
        }),
        None => Ok(()),
    }
}

fn layout(at: &str, reason: &str) -> WriteError {
    WriteError::Layout {
        at: at.into(),
        reason: reason.into(),
    }
}

/// `tree` with `name: value` added under `data: GROUPS: data:`, creating what
/// the text edit creates: a missing top-level `data:` or first group, a
/// missing or null `data:` of the group (as a map).
fn with_entry(
    tree: &Value,
    groups: &[&str],
    name: &str,
    value: Value,
) -> Result<Value, WriteError> {
    let mut tree = tree.clone();
    let root = tree
        .as_mapping_mut()
        .ok_or_else(|| layout("(top level)", "not a map"))?;
    let mut at = "data".to_string();
    let mut dir: &mut Mapping = map_at(root, "data", &at, true)?;
    for (depth, group) in groups.iter().enumerate() {
        at = format!("{at}.{group}");
        dir = if depth == 0 {
            map_at(dir, group, &at, true)?
        } else {
            let data_at = at.rsplit_once('.').map_or("", |(d, _)| d).to_string();
            match dir.get_mut("data") {
                Some(Value::Mapping(m)) => map_at(m, group, &at, false)?,
                Some(Value::Sequence(items)) => {
                    let mut found = items
                        .iter_mut()
                        .filter_map(|i| i.as_mapping_mut())
                        .filter(|m| m.contains_key(*group));
                    let item = found.next().ok_or_else(|| layout(&at, "no such group"))?;
                    if found.next().is_some() {
                        return Err(layout(&at, "more than one group has this key"));
                    }
                    map_at(item, group, &at, false)?
                }
                _ => return Err(layout(&data_at, "no such group")),
            }
        };
    }
    at.push_str(".data");
    match dir.get_mut("data") {
        None | Some(Value::Null) => {
            dir.insert(Value::from("data"), Value::Mapping(Mapping::new()));
        }
        _ => {}
    }
    let taken = || WriteError::Taken {
        name: name.into(),
        existing: format!("{at} has this key"),
    };
    match dir.get_mut("data") {
        Some(Value::Mapping(m)) => {
            if m.contains_key(name) {
                return Err(taken());
            }
            m.insert(Value::from(name), value);
        }
        Some(Value::Sequence(items)) => {
            if items
                .iter()
                .any(|i| i.as_mapping().is_some_and(|m| m.contains_key(name)))
            {
                return Err(taken());
            }
            items.push(Value::Mapping(
                [(Value::from(name), value)].into_iter().collect(),
            ));
        }
        _ => return Err(layout(&at, "must be a map or a list")),
    }
    Ok(tree)
}

/// `map[key]` as a map: created (or a null replaced) when `create`.
fn map_at<'m>(
    map: &'m mut Mapping,
    key: &str,
    at: &str,
    create: bool,
) -> Result<&'m mut Mapping, WriteError> {
    let slot = map.entry(Value::from(key)).or_insert(Value::Null);
    if slot.is_null() && create {
        *slot = Value::Mapping(Mapping::new());
    }
    match slot {
        Value::Mapping(m) => Ok(m),
        Value::Null => Err(layout(at, "no such group")),
        _ => Err(layout(at, "must be a map")),
    }
}

/// An edit of the text: `remove` (bytes on a key's line) cleared, then
/// `insert` put at byte `at` (past `remove`).
struct Edit {
    remove: Option<std::ops::Range<usize>>,
    at: usize,
    insert: String,
}

impl Edit {
    /// `lines` put at `at`, after a line break when the text has none there.
    fn insert(at: (usize, bool), lines: String, newline: &str) -> Edit {
        let (at, break_first) = at;
        let insert = if break_first {
            format!("{newline}{lines}")
        } else {
            lines
        };
        Edit {
            remove: None,
            at,
            insert,
        }
    }

    fn apply(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + self.insert.len());
        match &self.remove {
            Some(r) => {
                out.push_str(&text[..r.start]);
                out.push_str(&text[r.end..self.at]);
            }
            None => out.push_str(&text[..self.at]),
        }
        out.push_str(&self.insert);
        out.push_str(&text[self.at..]);
        out
    }
}

/// The text with the entry inserted.
fn insert(
    text: &str,
    groups: &[&str],
    name: &str,
    entry: &Entry,
    description: Option<&str>,
) -> Result<String, WriteError> {
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let outline = Outline::new(text);
    let mut block = outline.root().map_err(|r| layout("(top level)", &r))?;
    // The keys from the top: data, GROUP, data, GROUP, ..., data.
    let mut chain: Vec<&str> = vec!["data"];
    for group in groups {
        chain.extend([group, "data"]);
    }
    let mut at = String::new();
    for (depth, key) in chain.iter().enumerate() {
        at = if at.is_empty() {
            key.to_string()
        } else {
            format!("{at}.{key}")
        };
        let is_group = depth % 2 == 1;
        let last = depth == chain.len() - 1;
        // What `with_entry` creates: the last `data`, and the top-level
        // `data` and group when the group is a top-level one.
        let may_create = last || (depth <= 1 && groups.len() == 1);
        let found = if block.sequence {
            outline
                .find_item(&block, key)
                .map(|(k, items)| (k, items.end))
        } else {
            outline.find_key(&block, key).map(|k| (k, block.lines.end))
        };
        let Some((found, limit)) = found else {
            if block.sequence || !may_create {
                return Err(layout(&at, "not found"));
            }
            // `key:` and the rest of the chain as the block's last entry.
            let lines = chain_lines(
                &chain[depth..],
                block.col,
                name,
                (entry, description),
                newline,
            );
            let edit = Edit::insert(outline.end_of(block.lines.clone()), lines, newline);
            return Ok(edit.apply(text));
        };
        // The entry, or the rest of the chain, below the key's own line at `col`.
        let below = |col: usize, sequence: bool| {
            if last {
                entry_lines(name, (entry, description), col, sequence, newline)
            } else {
                chain_lines(
                    &chain[depth + 1..],
                    col,
                    name,
                    (entry, description),
                    newline,
                )
            }
        };
        let after_key = outline.end_of(found.line..found.line + 1);
        match outline.value_of(&found, limit) {
            Place::Block(inner) if inner.sequence && (is_group || depth == 0) => {
                return Err(layout(&at, "a list here is not a test group"));
            }
            Place::Block(inner) if last => {
                let lines = entry_lines(
                    name,
                    (entry, description),
                    inner.col,
                    inner.sequence,
                    newline,
                );
                let edit = Edit::insert(outline.end_of(inner.lines.clone()), lines, newline);
                return Ok(edit.apply(text));
            }
            Place::Block(inner) => block = inner,
            _ if !may_create => {
                return Err(layout(&at, "empty or in flow style: add the test by hand"));
            }
            Place::Empty => {
                let edit = Edit::insert(after_key, below(found.col + 2, false), newline);
                return Ok(edit.apply(text));
            }
            Place::Inline(token) => {
                let sequence = match &text[token.clone()] {
                    "~" | "null" | "Null" | "NULL" | "{}" => false,
                    "[]" if last => true,
                    _ => {
                        return Err(layout(
                            &at,
                            "a flow-style or scalar value: add the test by hand",
                        ))
                    }
                };
                // Clear the token, and the space before it when nothing follows.
                let line_end = outline.line_end(found.line);
                let tail_blank = text[token.end..line_end].trim().is_empty();
                let remove = if tail_blank {
                    found.colon_end..line_end
                } else {
                    token
                };
                let mut edit = Edit::insert(after_key, below(found.col + 2, sequence), newline);
                edit.remove = Some(remove);
                return Ok(edit.apply(text));
            }
        }
    }
    Err(layout(&at, "no data: key to add the test under"))
}
