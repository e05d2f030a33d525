//! `write::keep`, the one door into a package (issue 44: "nothing is
//! written into a package unless the finding was confirmed twice"): a
//! finding not confirmed (by two more runs) is refused whatever it is
//! (an invalid input, an accepted wrong output) and leaves the package's
//! data and generators.yaml as they were; the same finding confirmed is
//! kept, so the refusal is the confirmation's doing and not the package's.

use jurybox_audit::finding::{Finding, FindingCategory, Keep};
use jurybox_audit::write::{keep, KeepError};
use jurybox_format::Package;
use std::path::{Path, PathBuf};

/// A copy of tests/packages/audit-no-eof with a generators.yaml, read.
fn package(tmp: &Path) -> Package {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/audit-no-eof");
    let to = tmp.join("audit-no-eof");
    copy_dir(&from, &to);
    let yaml = to.join("generators/generators.yaml");
    std::fs::create_dir_all(yaml.parent().unwrap()).unwrap();
    std::fs::write(
        &yaml,
        "solution: /submissions/accepted/sum.cpp\ndata:\n  secret:\n    data:\n      - zero:\n          in: \"2\\n-5 5\\n\"\n",
    )
    .unwrap();
    let package = Package::read(&to).unwrap();
    assert!(package.programs.generators_yaml.is_some());
    package
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path: PathBuf = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &path);
        } else {
            std::fs::copy(entry.path(), &path).unwrap();
        }
    }
}

fn finding(keep: Keep, confirmed: bool) -> Finding {
    let output = (keep == Keep::InvalidOutput).then(|| b"4\n".to_vec());
    Finding {
        category: match keep {
            Keep::InvalidOutput => FindingCategory::OutputValidator,
            _ => FindingCategory::InvalidInput,
        },
        program: "validate.py".into(),
        what: "accepts a token after the end".into(),
        input: b"2\n-5 5\nx\n".to_vec(),
        answer: output.as_ref().map(|_| b"0\n".to_vec()),
        output,
        test: None,
        shrunk: None,
        keep,
        confirmed,
    }
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all.extend(snapshot(&path));
        } else {
            all.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    all.sort();
    all
}

#[test]
fn a_finding_seen_once_is_never_written_and_the_same_confirmed_is() {
    for kind in [Keep::InvalidInput, Keep::InvalidOutput] {
        let tmp = tempfile::tempdir().unwrap();
        let package = package(tmp.path());
        let before = snapshot(&package.dir);
        let refused = keep(&package, &finding(kind, false), "one-off");
        assert!(
            matches!(refused, Err(KeepError::NotKept(_))),
            "{kind:?}: {refused:?}"
        );
        assert_eq!(snapshot(&package.dir), before, "{kind:?}: nothing written");
        let kept = keep(&package, &finding(kind, true), "held-twice").unwrap();
        assert!(kept.input.exists(), "{kind:?}");
        assert_ne!(snapshot(&package.dir), before, "{kind:?}");
    }
}
