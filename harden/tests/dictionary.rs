//! The package's dictionary ([`jurybox_harden::dictionary::gather`]) on
//! `tests/packages/specials`, whose needed word only its statement names.

use crate::write::copy_dir;
use jurybox_format::{Package, Settings};
use jurybox_jury::Case;
use std::path::Path;

/// specials' samples as the session reads them.
fn samples(dir: &Path) -> Vec<Case> {
    let input = std::fs::read(dir.join("data/sample/1.in")).unwrap();
    vec![Case {
        name: "sample/1".into(),
        input,
        answer: b"2\n".to_vec(),
        settings: Settings::default(),
    }]
}

/// Issue 43: "tiramisu" is in no test and no source of specials, only in its
/// statement; the dictionary has it (most frequent words first, so among the
/// first entries: the statement names it three times), and a copy without
/// the statement (all else kept) has not.
#[test]
fn the_word_only_the_statement_names_is_in_the_dictionary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/specials");
    let package = Package::read(&dir).unwrap();
    let dictionary = jurybox_harden::dictionary::gather(&package, &samples(&dir));
    let at = dictionary.words.iter().position(|w| w == "tiramisu");
    assert!(at.is_some_and(|i| i < 20), "{:?}", dictionary.words);
    assert!(dictionary.entries().contains(&b"tiramisu".to_vec()));

    let tmp = tempfile::tempdir().unwrap();
    let copy = tmp.path().join("specials");
    copy_dir(&dir, &copy);
    std::fs::remove_dir_all(copy.join("statement")).unwrap();
    let bare = Package::read(&copy).unwrap();
    let without = jurybox_harden::dictionary::gather(&bare, &samples(&copy));
    assert!(
        !without.words.iter().any(|w| w == "tiramisu"),
        "{without:?}"
    );
}
