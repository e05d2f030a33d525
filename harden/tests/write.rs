//! `add_to_package` on a copy of the inversions package (numbered
//! generators.yaml): the files, the entry, and the package read back with the
//! new test in it, as `bt generate` would keep it.

use jurybox_format::Package;
use jurybox_harden::write::add_to_package;
use std::path::{Path, PathBuf};

/// A copy of the directory `from` at `to`, recursively.
pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn inversions_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("inversions");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/inversions");
    copy_dir(&from, &dir);
    (tmp, dir)
}

#[test]
fn a_rule_made_test_becomes_the_next_numbered_command_entry() {
    let (_tmp, dir) = inversions_copy();
    let package = Package::read(&dir).unwrap();
    let words: Vec<String> = ["random.py", "77", "9", "5"].map(String::from).to_vec();
    let added = add_to_package(
        &package,
        "jurybox-int_count-0000abcd",
        b"3\n3 2 1\n",
        b"3\n",
        "found by a test",
        Some(&words),
        None,
    )
    .unwrap();
    // The sample is 1, the three secret rules 2..4: the new one is the fifth.
    assert_eq!(added.name, "secret/5-jurybox-int_count-0000abcd");
    assert!(added.in_generators_yaml && added.renamed.is_empty());
    let base = dir.join("data/secret/5-jurybox-int_count-0000abcd");
    assert_eq!(
        std::fs::read(base.with_extension("in")).unwrap(),
        b"3\n3 2 1\n"
    );
    assert_eq!(std::fs::read(base.with_extension("ans")).unwrap(), b"3\n");
    let yaml = std::fs::read_to_string(dir.join("generators/generators.yaml")).unwrap();
    assert!(
        yaml.contains(
            "  - jurybox-int_count-0000abcd:\n          generate: random.py 77 9 5\n          yaml:\n            description: \"found by a test\"\n"
        ),
        "{yaml}"
    );
    let again = Package::read(&dir).unwrap();
    assert!(
        again
            .data
            .tests
            .iter()
            .any(|t| t.name == "secret/5-jurybox-int_count-0000abcd"),
        "the package reads the new test back"
    );
}

#[test]
fn a_shrunk_test_goes_in_as_its_text_and_the_same_rule_twice_is_refused() {
    let (_tmp, dir) = inversions_copy();
    let package = Package::read(&dir).unwrap();
    let added = add_to_package(
        &package,
        "jurybox-x-1",
        b"2\n2 1\n",
        b"1\n",
        "d",
        None,
        None,
    )
    .unwrap();
    let yaml = std::fs::read_to_string(dir.join("generators/generators.yaml")).unwrap();
    assert!(yaml.contains("in: |"), "{yaml}");
    assert!(yaml.contains("2 1"), "{yaml}");
    assert_eq!(added.name, "secret/5-jurybox-x-1");
    // The same input again: BAPCtools would refuse identical rules, so must we,
    // and nothing is written.
    let package = Package::read(&dir).unwrap();
    let before = std::fs::read_dir(dir.join("data/secret")).unwrap().count();
    let refused = add_to_package(
        &package,
        "jurybox-y-2",
        b"2\n2 1\n",
        b"1\n",
        "d",
        None,
        None,
    );
    assert!(refused.is_err());
    assert_eq!(
        std::fs::read_dir(dir.join("data/secret")).unwrap().count(),
        before,
        "a refused test leaves no files"
    );
}
