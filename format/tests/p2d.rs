//! p2d (Polygon2DOMjudge, on the Python package index) as a second reader of
//! the Polygon packages jurybox writes: its problem.xml parser must take them.
//! The tests that use it skip, saying so, when no Python with p2d is found:
//! `P2D_PYTHON` names one (CI's virtualenv), else `python3` is tried.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What p2d read of a problem.xml: one line per fact (`test METHOD CMD SAMPLE`,
/// `solution TAG PATH`, `limits SECONDS MIB`).
pub struct P2dView {
    pub tests: Vec<(String, String, bool)>,
    pub solutions: Vec<(String, String)>,
    pub limits: (f64, u64),
}

const SCRIPT: &str = r#"
import sys
try:
    from p2d.polygon import PolygonProblem as Problem
    tests = "test_cases"
except ImportError:
    from p2d.p2d import Polygon2DOMjudge
    Problem = Polygon2DOMjudge.Problem
    tests = "tests"
p = Problem(sys.argv[1], testset_name="tests")
for t in getattr(p, tests):
    print("test\t%s\t%s\t%d" % (t.method, t.cmd or "", 1 if t.sample else 0))
for s in p.solutions:
    src = s.find("source")
    print("solution\t%s\t%s" % (s.attrib["tag"], src.attrib["path"] if src is not None else ""))
print("limits\t%s\t%d" % (p.timelimit, p.memorylimit))
"#;

fn python() -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = std::env::var_os("P2D_PYTHON")
        .map(PathBuf::from)
        .into_iter()
        .chain([PathBuf::from("python3")])
        .collect();
    candidates.into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import p2d"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// p2d's reading of `problem_xml`, or `None` (said on stderr) when p2d is absent.
pub fn read(problem_xml: &Path) -> Option<P2dView> {
    let Some(python) = python() else {
        crate::tools::skip(
            "p2d is not installed (pip install p2d in a virtualenv, and set P2D_PYTHON to its python)",
        );
        return None;
    };
    let out = Command::new(python)
        .args(["-c", SCRIPT])
        .arg(problem_xml)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "p2d does not read {}: {}",
        problem_xml.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut view = P2dView {
        tests: Vec::new(),
        solutions: Vec::new(),
        limits: (0.0, 0),
    };
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "test" => view.tests.push((f[1].into(), f[2].into(), f[3] == "1")),
            "solution" => view.solutions.push((f[1].into(), f[2].into())),
            "limits" => view.limits = (f[1].parse().unwrap(), f[2].parse().unwrap()),
            other => panic!("unexpected line {other}"),
        }
    }
    Some(view)
}
