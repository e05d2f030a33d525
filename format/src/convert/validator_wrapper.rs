//! A Kattis input validator (exit 42 valid, 43 invalid; its group's
//! arguments from the package's test data configuration) made a validator of
//! a format whose validators speak testlib's protocol (exit 0 valid) and are
//! told their group otherwise: sinol's inwer (the test's file name, the group
//! the number after the task id) and Polygon's validator (`--group NAME`).
//! Both formats take one C++ source, so the wrapper is one: it includes the
//! validator's source with `main` renamed, runs it in a forked child with the
//! arguments its group had in the Kattis package, and returns 0 where the
//! child exited 42. Only a C or C++ validator of one file can be wrapped.

use super::{file_name, issue, ConvertError, Out};
use crate::Issue;
use std::collections::BTreeMap;
use std::path::Path;

/// How the wrapper finds the group of the test it is asked about.
pub(crate) enum GroupKey {
    /// sinol: the first argument is the test's file name, `TASK` then the
    /// group's number.
    SinolTestName(String),
    /// Polygon: the value after `--group`.
    PolygonGroup,
}

/// A C++ string literal of `text`.
fn literal(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The wrapper's source: `header` (the validator's own source) included,
/// `args` each group's arguments by the key `key` finds.
fn source(header: &str, key: &GroupKey, args: &BTreeMap<String, Vec<String>>) -> String {
    let table: String = args
        .iter()
        .map(|(g, a)| {
            let words: Vec<String> = a.iter().map(|w| literal(w)).collect();
            format!("    {{{}, {{{}}}}},\n", literal(g), words.join(", "))
        })
        .collect();
    let find = match key {
        GroupKey::SinolTestName(task) => format!(
            "    // sinol passes the test's file name: {task}, then the group's number.\n    if (argc > 1 && std::strncmp(argv[1], {}, {len}) == 0)\n        group = std::to_string(std::atoi(argv[1] + {len}));\n",
            literal(task),
            len = task.len()
        ),
        GroupKey::PolygonGroup => "    // Polygon passes --testset NAME --group NAME.\n    for (int i = 1; i + 1 < argc; i++)\n        if (std::strcmp(argv[i], \"--group\") == 0) group = argv[i + 1];\n".to_string(),
    };
    format!(
        r#"// A Kattis input validator ({header}) on testlib's protocol, written by
// jurybox convert: run in a child with the arguments its test's group had in
// the Kattis package, its exit 42 (valid) made 0.
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>
#define main kattis_validator_main
#include "{header}"
#undef main

static const std::map<std::string, std::vector<std::string>> GROUP_ARGS = {{
{table}}};

template <class F> static int call(F f, int argc, char **argv) {{
    if constexpr (std::is_invocable_v<F, int, char **>) return f(argc, argv);
    else return f();
}}

int main(int argc, char **argv) {{
    std::string group;
{find}    std::vector<std::string> words;
    auto found = GROUP_ARGS.find(group);
    if (found != GROUP_ARGS.end()) words = found->second;
    std::vector<char *> child_argv{{argv[0]}};
    for (auto &w : words) child_argv.push_back(w.data());
    child_argv.push_back(nullptr);
    pid_t child = fork();
    if (child < 0) return 3;
    if (child == 0) std::exit(call(kattis_validator_main, (int)words.size() + 1, child_argv.data()));
    int status = 0;
    if (waitpid(child, &status, 0) < 0) return 3;
    return WIFEXITED(status) && WEXITSTATUS(status) == 42 ? 0 : 3;
}}
"#
    )
}

/// Writes the validator source `path` wrapped as `DIR/STEM.cpp` (the source
/// beside it as `DIR/STEM_kattis.h`, which it returns); `Ok(None)` where it
/// is not one C or C++ file.
pub(crate) fn wrap_validator(
    out: &Out,
    path: &Path,
    dir: &str,
    stem: &str,
    key: &GroupKey,
    args: &BTreeMap<String, Vec<String>>,
    issues: &mut Vec<Issue>,
) -> Result<Option<String>, ConvertError> {
    let c_or_cpp = path
        .file_name()
        .and_then(|n| jurybox_languages::Language::of_file(&n.to_string_lossy()))
        .is_some_and(|l| ["c", "cpp"].contains(&l.id));
    if !path.is_file() || !c_or_cpp {
        return Ok(None);
    }
    let header = format!("{stem}_kattis.h");
    out.copy(path, format!("{dir}/{header}"))?;
    out.write(
        format!("{dir}/{stem}.cpp"),
        source(&header, key, args).as_bytes(),
    )?;
    if path.extension().is_some_and(|e| e == "c") {
        issues.push(issue(
            &format!("{dir}/{header}"),
            format!(
                "{}: a C validator, compiled as C++ by its wrapper",
                file_name(path)
            ),
        ));
    }
    Ok(Some(format!("{dir}/{header}")))
}
