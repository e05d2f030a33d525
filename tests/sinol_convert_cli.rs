//! `jurybox convert --to sinol` of a Kattis scoring package gives a package
//! on which `sinol-make run` passes at once: sinol-make states every
//! solution's status on the examples (group 0), which no Kattis source
//! states, so `convert` runs each solution on them as sinol-make does and
//! writes that status (issue 42). What it writes must be what `jurybox
//! run` measures on the converted package, which checks group 0 as it
//! checks every group. sinol-make itself on the result: `.ci/judge-tools`.

use crate::packages_cli::copy_of;
use crate::support::{jurybox, text};
use std::path::Path;

/// `scoring-legacy` with one more partial solution, `crash.c`: 32-bit sums
/// (`@EXPECTED_GRADES@ AC WA`, as int32.c) that aborts on the sample `1 2`,
/// so its status there is sinol's `RE`, not the `OK` of the others.
const CRASH: &str = "/* A plus B in 32-bit ints that aborts on the sample (1 2).
 * @EXPECTED_GRADES@ AC WA */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    unsigned a, b;
    if (scanf(\"%u %u\", &a, &b) != 2) return 1;
    if (a == 1 && b == 2) abort();
    printf(\"%d\\n\", (int)(a + b));
    return 0;
}
";

/// A partial solution that does not compile.
const BROKEN: &str = "/* @EXPECTED_GRADES@ AC WA */
int main(void) { return nope; }
";

fn convert(package: &Path, out: &Path, extra: &[&str]) -> (String, String) {
    let mut args = vec![
        "convert",
        package.to_str().unwrap(),
        "--to",
        "sinol",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let done = jurybox(&args, "");
    let (stdout, stderr) = (text(&done.stdout), text(&done.stderr));
    assert_eq!(done.status.code(), Some(0), "{stdout}\n{stderr}");
    (stdout, stderr)
}

fn config_of(dir: &Path) -> (String, expected::Doc) {
    let config = std::fs::read_to_string(dir.join("config.yml")).unwrap();
    let doc = expected::Doc::of(&config);
    (config, doc)
}

/// The few lines of config.yml the tests read: each solution's status per
/// group in `sinol_expected_scores`, as jurybox writes it (two-space
/// indents: `  sum.c:`, `      0:`, `        status: OK`).
mod expected {
    use std::collections::BTreeMap;

    pub struct Doc(pub BTreeMap<String, BTreeMap<u32, String>>);

    impl Doc {
        pub fn of(config: &str) -> Doc {
            let mut out: BTreeMap<String, BTreeMap<u32, String>> = BTreeMap::new();
            let body = config
                .split("sinol_expected_scores:\n")
                .nth(1)
                .unwrap_or("");
            let (mut file, mut group) = (String::new(), 0);
            for line in body.lines().take_while(|l| l.starts_with(' ')) {
                let indent = line.len() - line.trim_start().len();
                let word = line.trim().trim_end_matches(':');
                match indent {
                    2 => file = word.to_string(),
                    6 => group = word.parse().unwrap_or(u32::MAX),
                    8 if word.starts_with("status: ") => {
                        let status = word["status: ".len()..].to_string();
                        out.entry(file.clone()).or_default().insert(group, status);
                    }
                    _ => {}
                }
            }
            Doc(out)
        }

        pub fn group_zero(&self, file: &str) -> Option<&str> {
            self.0.get(file)?.get(&0).map(String::as_str)
        }
    }
}

#[test]
#[ignore = "slow end-to-end: builds and runs five solutions twice, ~20 s on a loaded machine; CI runs it (--include-ignored)"]
fn a_sinol_conversion_states_group_0_as_run_measures_it() {
    let (_tmp, package) = copy_of("scoring-legacy");
    std::fs::write(
        package.join("submissions/partially_accepted/crash.c"),
        CRASH,
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let sinol = out.path().join("sum");
    let (stdout, _) = convert(&package, &sinol, &[]);
    assert!(
        stdout.contains("group 0 (the examples) measured by jurybox: RE")
            && stdout.contains("judge sinol-make")
            && stdout.contains("time limit 1000 ms, memory limit 262144 KiB"),
        "{stdout}"
    );
    let (config, doc) = config_of(&sinol);
    // Every solution sinol-make runs has its status on group 0 stated.
    assert_eq!(doc.0.len(), 4, "{config}");
    for (file, groups) in &doc.0 {
        assert!(
            groups.contains_key(&0),
            "{file} states no group 0:\n{config}"
        );
    }
    let crashed: Vec<&String> = doc
        .0
        .keys()
        .filter(|f| doc.group_zero(f) == Some("RE"))
        .collect();
    assert_eq!(crashed.len(), 1, "{config}");
    assert!(config.contains("measured by jurybox"), "{config}");
    assert!(!config.contains("--apply-suggestions"), "{config}");
    // What it wrote is what `run` measures: run checks group 0 too.
    let run = jurybox(&["run", sinol.to_str().unwrap()], "");
    let said = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{said}\n{}", text(&run.stderr));
    assert!(
        said.contains(&format!("prog/{}", crashed[0])) && said.contains("RTE 0.00"),
        "{said}"
    );
}

/// A solution that does not build is not given a made-up status: the
/// conversion says why and keeps sinol-make's command for it; `--no-run`
/// runs nothing and keeps the command for every solution.
#[test]
#[ignore = "slow end-to-end: builds four solutions, ~5 s on a loaded machine; CI runs it (--include-ignored)"]
fn a_solution_that_does_not_build_keeps_sinol_makes_command() {
    let (_tmp, package) = copy_of("scoring-legacy");
    std::fs::write(
        package.join("submissions/partially_accepted/broken.c"),
        BROKEN,
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let sinol = out.path().join("sum");
    let (_, stderr) = convert(&package, &sinol, &[]);
    let (config, doc) = config_of(&sinol);
    let broken = doc
        .0
        .keys()
        .find(|f| {
            std::fs::read_to_string(sinol.join("prog").join(f)).is_ok_and(|s| s.contains("nope"))
        })
        .expect("broken.c in prog/");
    assert_eq!(doc.group_zero(broken), None, "{config}");
    assert!(
        stderr.contains("partially_accepted/broken.c") && stderr.contains("it did not build"),
        "{stderr}"
    );
    let command = "sinol-make run --tests in/sum0.in --apply-suggestions";
    assert!(
        config.contains(&format!(
            "prog/{broken} there and jurybox could not measure it"
        )) && config.contains(command),
        "{config}"
    );
    // The others are measured.
    assert_eq!(doc.group_zero("sums1.c"), Some("OK"), "{config}");

    let bare = out.path().join("norun").join("sum");
    convert(&package, &bare, &["--no-run"]);
    let (config, doc) = config_of(&bare);
    assert_eq!(doc.group_zero("sums1.c"), None, "{config}");
    assert!(
        config.contains(command) && !config.contains("measured by jurybox"),
        "{config}"
    );
}
