//! The house's shape, held rather than claimed once (issue 46): in every
//! crate's `src/` (product code: a `#[cfg(test)]` item or module left out),
//! no function over [`MAX_FUNCTION_LINES`] lines, no file over
//! [`MAX_FILE_LINES`], no two modules of one crate that import each other,
//! and no file of `src/commands/` that imports another (a command parses,
//! calls the libraries and prints; what two commands share lives below
//! them, or in the binary's helpers beside `commands/`).
//!
//! The code is read as rustfmt leaves it: an item's closing brace is the
//! first line after it at its own indentation that is `}`. Imports are `use`
//! trees and paths written in code (`crate::a::b`, `super::b`, a child
//! module's name), each resolved to the longest module path it names; an
//! item a module re-exports (`pub use child::Item`) counts as its child's.
//! A module and its ancestors are not a circle (a parent declares and
//! dispatches to its children, a child takes its parent's helpers).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest product function, in lines from `fn` to its closing brace.
const MAX_FUNCTION_LINES: usize = 150;
/// The longest product file, in lines outside its tests.
const MAX_FILE_LINES: usize = 700;

/// One source file of a crate, its tests left out.
struct File {
    /// Its path from the repository's root.
    path: PathBuf,
    /// Its module path in its crate (`[]` for the crate's root).
    module: Vec<String>,
    /// Its product lines, each with its line number (from 1).
    lines: Vec<(usize, String)>,
}

/// What the walk found over the limits.
#[derive(Default)]
struct Shape {
    /// `path:line name (N lines)` of each function over the limit.
    long_functions: Vec<String>,
    /// `path (N lines)` of each file over the limit.
    long_files: Vec<String>,
    /// `crate: a <-> b` of each pair of modules that import each other.
    circles: Vec<String>,
    /// `src/commands/a.rs -> b` of each command file importing another.
    commands_importing: Vec<String>,
}

/// Functions over the limit left alone because another change rewrites
/// them, each as `path name`: the test fails once one is no longer over, so
/// its entry goes with it.
const KNOWN_LONG: [&str; 0] = [];

/// The repository walked: this one, or `STRUCTURE_ROOT` (another checkout,
/// to measure it before a change; the test then only reports).
fn root() -> PathBuf {
    std::env::var_os("STRUCTURE_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

/// The workspace's crates' directories (the root's `src/` included), from
/// the root manifest's `members`.
fn crates() -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("a members line");
    let mut dirs: Vec<PathBuf> = members
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|m| root().join(m))
        .collect();
    dirs.push(root());
    dirs
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The line's code, its `//` comment cut (strings are not parsed: a `//`
/// inside one cuts it too, which only loses a path written in a string).
fn code(line: &str) -> &str {
    match line.find("//") {
        Some(at) => &line[..at],
        None => line,
    }
}

/// The index of the last line of the item that starts at `start`: the
/// line itself when it ends in `;`, else the first later line at its
/// indentation that closes it (`}`, `};`, `);`).
fn item_end(lines: &[&str], start: usize) -> usize {
    let indent = indent_of(lines[start]);
    if code(lines[start]).trim_end().ends_with(';') {
        return start;
    }
    lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, line)| {
            let text = code(line).trim();
            indent_of(line) == indent && ["}", "};", ");", "];"].contains(&text)
        })
        .map_or(lines.len() - 1, |(i, _)| i)
}

/// `text` without its `#[cfg(test)]` items, each line with its number, and
/// the names of the `#[cfg(test)] mod NAME;` files it declares.
fn product_lines(text: &str) -> (Vec<(usize, String)>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut test_files = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "#[cfg(test)]" {
            let mut item = i + 1;
            while item < lines.len() && lines[item].trim_start().starts_with("#[") {
                item += 1;
            }
            if item < lines.len() {
                let head = lines[item].trim();
                if let Some(name) = head
                    .trim_start_matches("pub ")
                    .strip_prefix("mod ")
                    .and_then(|rest| rest.strip_suffix(';'))
                {
                    test_files.push(name.trim().to_string());
                }
                i = item_end(&lines, item) + 1;
                continue;
            }
        }
        kept.push((i + 1, lines[i].to_string()));
        i += 1;
    }
    (kept, test_files)
}

/// Every product file of the crate in `dir`, with its module path.
fn files_of(dir: &Path) -> Vec<File> {
    let src = dir.join("src");
    let mut paths = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut files = Vec::new();
    let mut test_only: BTreeSet<PathBuf> = BTreeSet::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let (lines, tests) = product_lines(&text);
        let here = module_dir(path);
        for name in tests {
            test_only.insert(here.join(format!("{name}.rs")));
            test_only.insert(here.join(&name).join("mod.rs"));
        }
        let module = module_path(&src, path);
        files.push(File {
            path: path.strip_prefix(root()).unwrap_or(path).to_path_buf(),
            module,
            lines,
        });
    }
    files.retain(|f| !test_only.contains(&root().join(&f.path)));
    files
}

/// Whether a file's name makes it its directory's module.
fn is_dir_module(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    ["mod.rs", "lib.rs", "main.rs"].contains(&name.as_ref())
}

/// The directory a file's child modules live in.
fn module_dir(path: &Path) -> PathBuf {
    let parent = path.parent().unwrap().to_path_buf();
    match is_dir_module(path) {
        true => parent,
        false => parent.join(path.file_stem().unwrap()),
    }
}

/// A file's module path in its crate (`src/a/b.rs` and `src/a/b/mod.rs`:
/// `a::b`; `src/lib.rs`: the root).
fn module_path(src: &Path, path: &Path) -> Vec<String> {
    let within = match is_dir_module(path) {
        true => path.parent().unwrap().to_path_buf(),
        false => path.with_extension(""),
    };
    within
        .strip_prefix(src)
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect()
}

/// The functions of `file` over the limit.
fn long_functions(file: &File) -> Vec<String> {
    let lines: Vec<&str> = file.lines.iter().map(|(_, l)| l.as_str()).collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else {
            continue;
        };
        // A declaration without a body (a trait's) ends at its `;`.
        let indent = indent_of(line);
        let mut end = None;
        for (j, later) in lines.iter().enumerate().skip(i) {
            let text = code(later).trim_end();
            if j == i && text.ends_with(';') {
                break;
            }
            if j > i && indent_of(later) == indent && text.trim() == "}" {
                end = Some(j);
                break;
            }
            if j > i && indent_of(later) == indent && text.ends_with(';') && !text.contains('{') {
                break;
            }
        }
        let Some(end) = end else {
            continue;
        };
        let length = file.lines[end].0 - file.lines[i].0 + 1;
        if length > MAX_FUNCTION_LINES {
            long.push(format!(
                "{}:{} {name} ({length} lines)",
                file.path.display(),
                file.lines[i].0
            ));
        }
    }
    long
}

/// The name of the function a line starts, if it starts one.
fn fn_name(line: &str) -> Option<String> {
    let mut rest = code(line).trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
        "extern \"C\" ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The paths `file` imports: its `use` trees, expanded, and the paths its
/// code names from `crate`, `super`, `self` or a child module.
fn imported_paths(file: &File, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut statement = String::new();
    let mut in_use = false;
    for (_, line) in &file.lines {
        let text = code(line).trim();
        let starts_use = text.starts_with("use ")
            || text.starts_with("pub use ")
            || text.starts_with("pub(crate) use ");
        if starts_use || in_use {
            statement.push_str(text);
            statement.push(' ');
            in_use = !text.ends_with(';');
            if !in_use {
                let tree = statement
                    .trim()
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ")
                    .trim_start_matches("use ")
                    .trim_end_matches(';')
                    .to_string();
                paths.extend(expand(&tree));
                statement.clear();
            }
            continue;
        }
        paths.extend(inline_paths(text, children));
    }
    paths
}

/// The paths of a `use` tree (`a::{b, c::d as e}` → `a::b`, `a::c::d`).
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    expand_into(&tree, &mut Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let depth = prefix.len();
        prefix.extend(head);
        for part in split_top(inner) {
            expand_into(part, prefix, out);
        }
        prefix.truncate(depth);
        return;
    }
    let path = tree.split("as").next().unwrap_or(tree);
    let mut full = prefix.clone();
    full.extend(
        path.split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    );
    if full.last().is_some_and(|l| l == "self") {
        full.pop();
    }
    out.push(full);
}

/// `a, b::{c, d}, e` split at its top-level commas.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The paths a line of code names: `crate::a::b`, `super::a`, `self::a`, or
/// `child::a` for a child module of the file.
fn inline_paths(text: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if starts_word && (bytes[i].is_alphabetic() || bytes[i] == '_') {
            let mut j = i;
            let mut path = String::new();
            while j < bytes.len()
                && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':')
            {
                path.push(bytes[j]);
                j += 1;
            }
            let parts: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if parts.len() > 1
                && (["crate", "super", "self"].contains(&parts[0].as_str())
                    || children.contains(&parts[0]))
            {
                out.push(parts);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The modules of a crate each file imports, as module paths.
fn edges(files: &[File]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
    // Items a module re-exports, to the module they come from.
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    let children_of = |module: &Vec<String>| -> BTreeSet<String> {
        modules
            .iter()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m.last().unwrap().clone())
            .collect()
    };
    for file in files {
        let children = children_of(&file.module);
        for (_, line) in &file.lines {
            let text = code(line).trim();
            if text.starts_with("pub use ") {
                for path in expand(text.trim_start_matches("pub use ").trim_end_matches(';')) {
                    if let Some(target) =
                        resolve(&file.module, &path, &modules, &children, &BTreeMap::new())
                    {
                        if let Some(item) = path.last() {
                            reexports.insert((file.module.clone(), item.clone()), target);
                        }
                    }
                }
            }
        }
    }
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in files {
        let children = children_of(&file.module);
        for path in imported_paths(file, &children) {
            if let Some(target) = resolve(&file.module, &path, &modules, &children, &reexports) {
                if target != file.module {
                    graph.entry(file.module.clone()).or_default().insert(target);
                }
            }
        }
    }
    graph
}

/// The module `path` (written in `module`) names, if it is of this crate.
fn resolve(
    module: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
    children: &BTreeSet<String>,
    reexports: &BTreeMap<(Vec<String>, String), Vec<String>>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &path[1..];
        }
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &path[1..],
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    let mut found = base.clone();
    for (i, part) in rest.iter().enumerate() {
        let mut next = found.clone();
        next.push(part.clone());
        if modules.contains(&next) {
            found = next;
            continue;
        }
        // An item: re-exported from a child, or the module's own.
        if let Some(target) = reexports.get(&(found.clone(), part.clone())) {
            return Some(target.clone());
        }
        let _ = i;
        break;
    }
    Some(found)
}

/// The circles between two modules of one crate, neither an ancestor of the
/// other.
fn circles(name: &str, graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let mut found = Vec::new();
    for (a, targets) in graph {
        for b in targets {
            let related = a.starts_with(b) || b.starts_with(a);
            if a < b && !related && graph.get(b).is_some_and(|t| t.contains(a)) {
                found.push(format!("{name}: {} <-> {}", a.join("::"), b.join("::")));
            }
        }
    }
    found
}

/// The whole workspace walked.
fn shape() -> Shape {
    let mut shape = Shape::default();
    for dir in crates() {
        let files = files_of(&dir);
        let name = dir
            .strip_prefix(root())
            .ok()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or("jurybox".to_string(), |p| p.display().to_string());
        for file in &files {
            shape.long_functions.extend(long_functions(file));
            if file.lines.len() > MAX_FILE_LINES {
                shape.long_files.push(format!(
                    "{} ({} lines)",
                    file.path.display(),
                    file.lines.len()
                ));
            }
        }
        let graph = edges(&files);
        shape.circles.extend(circles(&name, &graph));
        if name == "jurybox" {
            for (module, targets) in &graph {
                if module.len() != 2 || module[0] != "commands" {
                    continue;
                }
                for target in targets {
                    if target.len() >= 2 && target[0] == "commands" && target[1] != module[1] {
                        shape
                            .commands_importing
                            .push(format!("src/commands/{}.rs -> {}", module[1], target[1]));
                    }
                }
            }
        }
    }
    shape
}

/// Whether `line` (`path:line name (N lines)`) is a known long function.
fn known(line: &str) -> Option<&'static str> {
    KNOWN_LONG.iter().copied().find(|k| {
        let (path, name) = k.split_once(' ').expect("path name");
        line.starts_with(&format!("{path}:")) && line.contains(&format!(" {name} ("))
    })
}

#[test]
fn no_long_function_no_long_file_no_circle_no_command_importing_another() {
    let mut shape = shape();
    let still: Vec<&str> = shape
        .long_functions
        .iter()
        .filter_map(|l| known(l))
        .collect();
    let gone: Vec<&&str> = KNOWN_LONG.iter().filter(|k| !still.contains(k)).collect();
    if std::env::var_os("STRUCTURE_ROOT").is_none() {
        assert!(
            gone.is_empty(),
            "no longer over the limit, drop from KNOWN_LONG: {gone:?}"
        );
    }
    let all = shape.long_functions.len();
    shape.long_functions.retain(|l| known(l).is_none());
    println!(
        "{all} functions over {MAX_FUNCTION_LINES} lines, {} of them known",
        all - shape.long_functions.len()
    );
    let said =
        |what: &str, list: &[String]| format!("{} {what}:\n  {}", list.len(), list.join("\n  "));
    let report = [
        said(
            &format!("functions over {MAX_FUNCTION_LINES} lines"),
            &shape.long_functions,
        ),
        said(
            &format!("files over {MAX_FILE_LINES} lines"),
            &shape.long_files,
        ),
        said("two-module circles", &shape.circles),
        said("command files importing another", &shape.commands_importing),
    ]
    .join("\n");
    println!("{report}");
    if std::env::var_os("STRUCTURE_ROOT").is_some() {
        return;
    }
    assert!(
        shape.long_functions.is_empty()
            && shape.long_files.is_empty()
            && shape.circles.is_empty()
            && shape.commands_importing.is_empty(),
        "{report}"
    );
}

/// The kill time's margin past the line is one constant
/// (`jury::KILL_MARGIN_SECONDS`, taken through `jury::kill_past`): no other
/// product line adds the literal.
#[test]
fn the_kill_margin_is_written_once() {
    let mut written = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            for (n, line) in &file.lines {
                if code(line).contains("+ 0.05") {
                    written.push(format!("{}:{n}: {}", file.path.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        written.is_empty(),
        "use jury::kill_past:\n{}",
        written.join("\n")
    );
}

/// The judges' verdict codes of jurybox's own tables (`AC`, `WA`, `TLE`,
/// `RTE`, and the old `RE` and `FAIL`), each spelled once, in
/// `core/src/verdict.rs` (`Verdict::code`): everyone else says
/// `Verdict::X.code()` or matches the enum. Polygon's and sinol-make's own
/// tables (their words, which happen to share some of ours) are theirs.
const VERDICT_CODES_HOME: &str = "core/src/verdict.rs";
const FOREIGN_VERDICT_TABLES: [&str; 3] = [
    "format/src/polygon/tags.rs",
    "format/src/sinol/expected.rs",
    "format/src/convert/sinol_examples.rs",
];

#[test]
fn verdict_codes_are_spelled_once() {
    let codes = [
        "\"AC\"", "\"WA\"", "\"TLE\"", "\"RTE\"", "\"RE\"", "\"FAIL\"",
    ];
    let mut spelled = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == VERDICT_CODES_HOME || FOREIGN_VERDICT_TABLES.contains(&at.as_str()) {
                continue;
            }
            for (n, line) in &file.lines {
                if codes.iter().any(|c| code(line).contains(c)) {
                    spelled.push(format!("{at}:{n}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        spelled.is_empty(),
        "a verdict code spelled again (use jurybox_core::Verdict):\n{}",
        spelled.join("\n")
    );
}

/// A written problem's `uuid` is made by one rule, `format::stable_uuid`
/// (`format/src/write.rs`): no other product file uses the uuid crate or
/// defines a function that makes one (the packager set version 8's bits by
/// hand beside format's version 5).
const UUID_HOME: &str = "format/src/write.rs";

#[test]
fn one_uuid_rule() {
    let mut made = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == UUID_HOME {
                continue;
            }
            for (n, line) in &file.lines {
                let line = code(line);
                let a_maker = line.contains("fn ") && line.to_lowercase().contains("uuid(");
                if line.contains("uuid::") || a_maker {
                    made.push(format!("{at}:{n}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        made.is_empty(),
        "a UUID made outside format::stable_uuid:\n{}",
        made.join("\n")
    );
}

/// Each public type name (`pub struct`, `enum`, `trait`, `type`) names one
/// thing: no two crates (by directory, `jurybox` the binary) declare the
/// same name, so that a name found in one crate's code is never another's.
#[test]
fn no_public_type_name_in_two_crates() {
    let mut owners: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for dir in crates() {
        let krate = dir
            .strip_prefix(root())
            .map(|p| p.display().to_string())
            .ok()
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| "jurybox".into());
        for file in files_of(&dir) {
            for (_, line) in &file.lines {
                let words: Vec<&str> = code(line).split_whitespace().collect();
                let Some(at) = words.windows(2).position(|w| {
                    w[0] == "pub" && ["struct", "enum", "trait", "type"].contains(&w[1])
                }) else {
                    continue;
                };
                let Some(name) = words.get(at + 2) else {
                    continue;
                };
                let name: String = name
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                owners.entry(name).or_default().insert(krate.clone());
            }
        }
    }
    let collisions: Vec<String> = owners
        .iter()
        .filter(|(_, crates)| crates.len() > 1)
        .map(|(name, crates)| {
            format!(
                "{name}: {}",
                crates.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    assert!(
        collisions.is_empty(),
        "type names in two crates (rename one, in the less central crate):\n  {}",
        collisions.join("\n  ")
    );
}

/// A CPU limit of a product run is a named constant (`sandbox`'s
/// `*_CPU_SECONDS`, beside `DEFAULT_JURY_CPU_SECONDS`), never a literal at
/// its call site: the same limit stated twice drifts apart.
#[test]
fn cpu_limits_are_named_constants() {
    let mut literal = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            for (n, line) in &file.lines {
                let code = code(line);
                let Some(at) = code.find("with_cpu(Duration::from_secs") else {
                    continue;
                };
                let argument = code[at..].split('(').nth(2).unwrap_or("");
                if argument.starts_with(|c: char| c.is_ascii_digit()) {
                    literal.push(format!("{}:{n}: {}", file.path.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        literal.is_empty(),
        "name the limit in sandbox:\n{}",
        literal.join("\n")
    );
}

/// The file of the one table of languages and their extensions
/// (`jurybox_languages::LANGUAGES`).
const EXTENSIONS_HOME: &str = "languages/src/table.rs";
/// A format's own list of extensions, a fact of that format rather than of
/// the languages jurybox builds: sinol-make's (`SINOL_MAKE_EXTENSIONS`, the
/// solutions it runs, narrower than the table, and the language names of its
/// `override_limits`).
const FOREIGN_EXTENSION_TABLES: [&str; 1] = ["format/src/sinol/mod.rs"];

/// A source's extension is told by one table, `jurybox_languages::LANGUAGES`
/// (the Polygon converters, the sinol reader, harden's grammar and the
/// comment a converter writes kept lists of their own): no other product
/// file spells an extension of the table, as `"cc"` or `".cc"`. An
/// extension that is also a language's id or name (`cpp`, `c`, `java`,
/// `go`, `C`), or g++'s word for its language (`-x c++`), cannot be told
/// from them and is not searched.
#[test]
fn extensions_are_listed_once() {
    use jurybox_languages::LANGUAGES;
    let words: BTreeSet<&str> = LANGUAGES.iter().flat_map(|l| [l.id, l.name]).collect();
    let spelled: Vec<String> = LANGUAGES
        .iter()
        .flat_map(|l| l.extensions.iter())
        .filter(|e| !words.contains(*e) && **e != "c++")
        .flat_map(|e| [format!("\"{e}\""), format!("\".{e}\"")])
        .collect();
    let mut found = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == EXTENSIONS_HOME || FOREIGN_EXTENSION_TABLES.contains(&at.as_str()) {
                continue;
            }
            for (n, line) in &file.lines {
                if spelled.iter().any(|s| code(line).contains(s.as_str())) {
                    found.push(format!("{at}:{n}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "an extension listed outside the table of languages (use jurybox_languages::Language::of_file):\n{}",
        found.join("\n")
    );
}

/// The file of the one table of Polygon's compiler ids.
const POLYGON_IDS_HOME: &str = "languages/src/polygon.rs";

/// Polygon's compiler ids (`cpp.g++17`, `c.gcc`, `python.3`, `java11`) are
/// read and written by one table, `jurybox_languages::polygon` (the
/// converter to Polygon, the wrappers of a Polygon package's programs and
/// the Codeforces profile each spelled them): no other product file spells
/// one in a string. `kotlin` is also a language's id and is not searched.
#[test]
fn polygon_ids_are_spelled_once() {
    let families = [
        "\"cpp.",
        "\"c.gcc",
        "\"python.",
        "\"java1",
        "\"java8",
        "\"pascal.",
    ];
    let mut found = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == POLYGON_IDS_HOME {
                continue;
            }
            for (n, line) in &file.lines {
                if families.iter().any(|f| code(line).contains(f)) {
                    found.push(format!("{at}:{n}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a Polygon compiler id spelled outside jurybox_languages::polygon:\n{}",
        found.join("\n")
    );
}

/// The file of the one "no verdict" type, `jurybox_core::NoVerdict`.
const NO_VERDICT_HOME: &str = "core/src/verdict.rs";
/// "No verdict on the program" (the jury's fault, or Ctrl-C) is one type,
/// `jurybox_core::NoVerdict`: the jury's stop is `NoVerdict<Box<JuryFault>>`,
/// a run's verdict, stress's case result and the packager's suite error wrap
/// it (they were `jury::Stop`, `RunVerdict::{JuryFault, Interrupted}`,
/// `CaseResult::{JuryFault, Interrupted}` and
/// `SuiteError::{JuryFault, Interrupted}`). No other product enum has both
/// a `JuryFault` and an `Interrupted` variant.
#[test]
fn no_verdict_is_one_type() {
    let mut restated = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == NO_VERDICT_HOME {
                continue;
            }
            let mut open: Option<(usize, String, BTreeSet<String>)> = None;
            for (_, line) in &file.lines {
                let text = code(line).trim();
                if let Some((indent, name, variants)) = &mut open {
                    if indent_of(line) == *indent && text == "}" {
                        if variants.contains("JuryFault") && variants.contains("Interrupted") {
                            restated.push(format!("{at} {name}"));
                        }
                        open = None;
                    } else if indent_of(line) == *indent + 4 {
                        let word: String = text
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        variants.insert(word);
                    }
                } else if let Some(rest) = text
                    .trim_start_matches("pub ")
                    .trim_start_matches("pub(crate) ")
                    .strip_prefix("enum ")
                {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    open = Some((indent_of(line), name, BTreeSet::new()));
                }
            }
        }
    }
    assert!(
        restated.is_empty(),
        "an enum restating \"no verdict\" (wrap jurybox_core::NoVerdict instead): {restated:?}"
    );
}

/// The one writer of `problem.yaml`, `format::YamlMap`.
const PROBLEM_YAML_HOME: &str = "format/src/problem_yaml.rs";
/// Lines of problem.yaml's own keys, which only a hand-written file spells
/// in a string (`YamlMap` takes keys alone).
const PROBLEM_YAML_LINES: [&str; 5] = [
    "problem_format_version: ",
    "time_multipliers:",
    "show_test_data_groups:",
    "uuid: {",
    "license: unknown",
];

/// `problem.yaml` is written by one writer, `format::YamlMap` (the packager
/// wrote its own with `format!` beside the converters' two): every product
/// statement that writes a file named by `PROBLEM_YAML` or `"problem.yaml"`
/// writes a `YamlMap`'s `.render()`, and no product string spells one of the
/// file's key lines.
#[test]
fn one_problem_yaml_writer() {
    let mut written = Vec::new();
    for dir in crates() {
        for file in files_of(&dir) {
            let at = file.path.to_string_lossy().replace('\\', "/");
            if at == PROBLEM_YAML_HOME {
                continue;
            }
            let codes: Vec<&str> = file.lines.iter().map(|(_, l)| code(l)).collect();
            for (i, (n, line)) in file.lines.iter().enumerate() {
                let line = code(line);
                if let Some(key) = PROBLEM_YAML_LINES.iter().find(|k| line.contains(*k)) {
                    written.push(format!("{at}:{n}: spells {key:?}: {}", line.trim()));
                }
                if !(line.contains("PROBLEM_YAML") || line.contains("\"problem.yaml\"")) {
                    continue;
                }
                // The statement around the name: back to the line after the
                // last one that ends one, on to the first that ends it.
                let ends = |l: &str| {
                    let l = l.trim_end();
                    l.ends_with(';') || l.ends_with('{') || l.ends_with('}')
                };
                let first = (0..i).rev().find(|&j| ends(codes[j])).map_or(0, |j| j + 1);
                let last = (i..codes.len()).find(|&j| ends(codes[j])).unwrap_or(i);
                let statement = codes[first..=last].join(" ");
                if (statement.contains("write(") || statement.contains("write_atomic("))
                    && !statement.contains(".render()")
                {
                    written.push(format!("{at}:{n}: writes it by hand: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        written.is_empty(),
        "problem.yaml written outside format::YamlMap:\n{}",
        written.join("\n")
    );
}

/// Whether a doc comment's code fence opens a block rustdoc compiles as a
/// doctest: no language, or only rustdoc's own attributes (`rust`,
/// `no_run`, `should_panic`, ...); `text`, `yaml`, `sh` are not Rust.
fn opens_a_doctest(fence_info: &str) -> bool {
    fence_info.split(',').map(str::trim).all(|word| {
        matches!(
            word,
            "" | "rust" | "no_run" | "should_panic" | "compile_fail" | "ignore" | "test_harness"
        ) || word.starts_with("edition")
    })
}

/// Test targets switched off in a crate's `[lib]` to spare the README's
/// test command their compile (issue 46): `doctest = false` (a rustdoc run
/// per crate) and `test = false` (the crate compiled again with
/// `cfg(test)`) hold only while the crate has nothing to run there, so that
/// a doc example or a unit test added later is not silently skipped.
#[test]
fn switched_off_test_targets_have_nothing_to_run() {
    let mut skipped = Vec::new();
    for dir in crates() {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let lib: Vec<&str> = manifest
            .lines()
            .skip_while(|l| l.trim() != "[lib]")
            .skip(1)
            .take_while(|l| !l.starts_with('['))
            .map(str::trim)
            .collect();
        let (no_doctest, no_test) = (
            lib.contains(&"doctest = false"),
            lib.contains(&"test = false"),
        );
        if !(no_doctest || no_test) {
            continue;
        }
        let mut stack = vec![dir.join("src")];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let at = path
                    .strip_prefix(root())
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                let mut in_block = false;
                for (i, line) in text.lines().enumerate() {
                    let line = line.trim_start();
                    let doc = line
                        .strip_prefix("///")
                        .or_else(|| line.strip_prefix("//!"));
                    if let Some(fence) = doc.and_then(|d| d.trim_start().strip_prefix("```")) {
                        if !in_block && no_doctest && opens_a_doctest(fence) {
                            skipped.push(format!("{at}:{}: a doctest, and doctest = false", i + 1));
                        }
                        in_block = !in_block;
                    }
                    if no_test && (line.starts_with("#[test]") || line.starts_with("proptest!")) {
                        skipped.push(format!("{at}:{}: a unit test, and test = false", i + 1));
                    }
                }
            }
        }
    }
    assert!(
        skipped.is_empty(),
        "a test its crate's [lib] no longer runs (remove the switch):\n{}",
        skipped.join("\n")
    );
}
