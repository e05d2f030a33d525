//! Writing a new test into `generators.yaml`: the exact text inserted in the
//! list and map forms (and where `data:` is empty, null or missing), every
//! other byte kept, the names BAPCtools gives the new test (and the older
//! ones it renumbers), the refusals, round trips on texts modelled on
//! BAPCtools' own example files, and arbitrary text never panicking.

use jurybox_format::generators::{
    add_described_test, add_test, Added, Entry, GeneratorsYaml, WriteError,
};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

fn cmd(words: &str) -> Entry {
    Entry::Command(words.split(' ').map(String::from).collect())
}

fn input(text: &str) -> Entry {
    Entry::Input { text: text.into() }
}

fn parse(text: &str) -> GeneratorsYaml {
    GeneratorsYaml::parse(text, "generators.yaml", &BTreeMap::new(), &mut Vec::new())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// `new` is `old` with whole lines inserted at one place: returns them.
fn inserted<'a>(old: &str, new: &'a str) -> &'a str {
    let common = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // Insertions start at a line start.
    let prefix = old[..common].rfind('\n').map_or(0, |i| i + 1);
    let rest = &old[prefix..];
    assert!(
        new.len() >= old.len() && new.ends_with(rest),
        "more than an insertion:\n{new}"
    );
    &new[prefix..new.len() - rest.len()]
}

fn inversions_text() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages/inversions/generators/generators.yaml");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_command_goes_at_the_end_of_a_numbered_list_and_gets_the_next_number() {
    let old = inversions_text();
    let added = add_test(&old, "secret", "jurybox-1", cmd("random.py 12345 6 50")).unwrap();
    assert_eq!(
        added.text,
        format!("{old}      - jurybox-1: random.py 12345 6 50\n")
    );
    assert_eq!(added.name, "secret/5-jurybox-1");
    assert!(added.renamed.is_empty());
    let case = parse(&added.text)
        .case("secret/5-jurybox-1")
        .cloned()
        .unwrap();
    assert_eq!(case.generate.unwrap().args, ["12345", "6", "50"]);
}

#[test]
fn an_input_is_written_as_a_literal_block() {
    let old = inversions_text();
    let added = add_test(&old, "secret", "tiny", input("2\n2 1\n")).unwrap();
    assert_eq!(
        inserted(&old, &added.text),
        "      - tiny:\n          in: |\n            2\n            2 1\n"
    );
    let case = parse(&added.text).case(&added.name).cloned().unwrap();
    assert_eq!(case.files["in"], "2\n2 1\n");
}

const MAP_FORM: &str = "\
# top comment
solution: /submissions/accepted/a.py   # trailing

data:
    sample:
        data:
            '1': {in: \"1 2\", ans: \"3\"}
    secret:
        # the secret cases
        data:
            small: gen.py {seed} 5     # small one
            \"big\":
                generate: gen.py {seed:1} 100000
            # commented: gen.py 7

    invalid_input:
        data:
            neg: {in: \"-1\"}
";

#[test]
fn in_a_map_the_entry_follows_the_last_one_at_its_indentation() {
    let added = add_test(MAP_FORM, "secret", "jurybox-1", cmd("gen.py 42 5")).unwrap();
    let want = MAP_FORM.replace("100000\n", "100000\n            jurybox-1: gen.py 42 5\n");
    assert_eq!(added.text, want);
    assert_eq!(added.name, "secret/jurybox-1");
    let added = add_test(MAP_FORM, "secret", "shrunk", input(" 1\n\n2")).unwrap();
    let want = MAP_FORM.replace(
        "100000\n",
        "100000\n            shrunk:\n              in: |2-\n                 1\n\n                2\n",
    );
    assert_eq!(added.text, want);
    assert_eq!(
        parse(&added.text).case("secret/shrunk").unwrap().files["in"],
        " 1\n\n2\n"
    );
}

/// BAPCtools' new-problem skeleton: `data: []` with commented examples below.
const SKELETON: &str = "\
#solution: /submissions/accepted/submission.py
version: 2025-12  # use this version of the generators framework

data:
  sample:
    data: []
      # Some small examples showing to help understanding of the problem.
      #- '':
      #    in: 1 2

  secret:
    data: []
      # You can re-use the input validator by symlinking it as `generator` in
      #- min: generator {seed} -n min -k min -ai min

  invalid_input:
    # Add invalid test cases to ensure that input_validators correctly rejects them.
    data: []
      #invalid_test_case_input:
      #  in: \"<invalid input>\"
";

#[test]
fn an_empty_flow_list_becomes_a_block_list() {
    let added = add_test(SKELETON, "secret", "first", cmd("generator 7 -n 10")).unwrap();
    let want = SKELETON.replace(
        "  secret:\n    data: []\n",
        "  secret:\n    data:\n      - first: generator 7 -n 10\n",
    );
    assert_eq!(added.text, want);
    assert_eq!(added.name, "secret/1-first", "a list numbers its cases");
}

#[test]
fn missing_or_null_groups_and_data_are_created_as_maps() {
    let cases = [
        (
            "solution: /s.py\ndata:\n  sample:\n    data:\n      a: {in: '1'}\n  secret:\n",
            "  secret:\n    data:\n      x: gen 1\n",
        ),
        (
            "data:\n  sample:\n    data: {}\n",
            "data:\n  sample:\n    data: {}\n  secret:\n    data:\n      x: gen 1\n",
        ),
        ("solution: /s.py\n", "solution: /s.py\ndata:\n  secret:\n    data:\n      x: gen 1\n"),
        (
            "data:\n  sample:\n    data:\n      - '': gen 5\n  secret:\n    include:\n      - sample\n",
            "      - sample\n    data:\n      x: gen 1\n",
        ),
        (
            "data:\n  secret:\n    data: ~  # none yet\n",
            "data:\n  secret:\n    data:   # none yet\n      x: gen 1\n",
        ),
        ("data:\n  secret: {}\n", "data:\n  secret:\n    data:\n      x: gen 1\n"),
        ("", "data:\n  secret:\n    data:\n      x: gen 1\n"),
    ];
    for (old, want) in cases {
        let added =
            add_test(old, "secret", "x", cmd("gen 1")).unwrap_or_else(|e| panic!("{old}: {e}"));
        assert!(added.text.ends_with(want), "{old}\n---\n{}", added.text);
        assert_eq!(added.name, "secret/x", "{old}");
    }
}

#[test]
fn a_nested_group_and_the_tests_it_renumbers() {
    let old = "\
data:
  secret:
    data:
      - a: gen 1
      - hard:
          data:
            - b: gen 2
      - c: gen 3
";
    let added = add_test(old, "secret/hard", "x", cmd("gen 9")).unwrap();
    assert_eq!(inserted(old, &added.text), "            - x: gen 9\n");
    assert_eq!(added.name, "secret/1-hard/3-x");
    assert_eq!(
        added.renamed,
        [("secret/3-c".to_string(), "secret/4-c".to_string())],
        "one counter runs through the file"
    );
    let map = "data:\n  secret:\n    data:\n      hard:\n        data:\n          b: gen 2\n      c: gen 3\n";
    let added = add_test(map, "secret/hard", "x", cmd("gen 9")).unwrap();
    assert_eq!(inserted(map, &added.text), "          x: gen 9\n");
    assert_eq!(added.name, "secret/hard/x");
}

#[test]
fn the_tenth_numbered_case_renames_the_first_nine() {
    let mut old = String::from("data:\n  secret:\n    data:\n");
    for i in 1..=9 {
        old.push_str(&format!("      - c{i}: gen {i}\n"));
    }
    let added = add_test(&old, "secret", "ten", cmd("gen 10")).unwrap();
    assert_eq!(added.name, "secret/10-ten");
    assert_eq!(added.renamed.len(), 9);
    assert_eq!(
        added.renamed[0],
        ("secret/1-c1".into(), "secret/01-c1".into())
    );
}

#[test]
fn line_breaks_and_a_missing_final_newline_are_respected() {
    let crlf = "data:\r\n  secret:\r\n    data:\r\n      a: gen 1\r\n# end\r\n";
    let added = add_test(crlf, "secret", "b", input("1\n2\n")).unwrap();
    assert_eq!(
        added.text,
        "data:\r\n  secret:\r\n    data:\r\n      a: gen 1\r\n      b:\r\n        in: |\r\n          1\r\n          2\r\n# end\r\n"
    );
    assert_eq!(
        parse(&added.text).case("secret/b").unwrap().files["in"],
        "1\n2\n"
    );
    let bare = "data:\n  secret:\n    data:\n      a: gen 1";
    let added = add_test(bare, "secret", "b", cmd("gen 2")).unwrap();
    assert_eq!(added.text, format!("{bare}\n      b: gen 2\n"));
}

#[test]
fn a_block_scalar_that_looks_like_comments_stays_whole() {
    let old = "\
data:
  secret:
    data:
      - min:
          in: |
            encrypt
            # not a comment
";
    let added = add_test(old, "secret", "x", cmd("eval.py 5 1000")).unwrap();
    assert!(
        added
            .text
            .ends_with("# not a comment\n      - x: eval.py 5 1000\n"),
        "{}",
        added.text
    );
    assert_eq!(
        parse(&added.text).cases[0].files["in"],
        "encrypt\n# not a comment\n"
    );
}

#[test]
fn refusals() {
    let inv = inversions_text();
    let refuse = |text: &str, group: &str, name: &str, entry: Entry| -> WriteError {
        add_test(text, group, name, entry).expect_err(name)
    };
    assert!(matches!(
        refuse(&inv, "secret", "medium", cmd("random.py 1 2 3")),
        WriteError::Taken { .. }
    ));
    assert!(matches!(
        refuse(MAP_FORM, "secret", "small", cmd("gen.py 1 2")),
        WriteError::Taken { .. }
    ));
    for bad in [
        "",
        "has space",
        "-dash",
        "x.in",
        "test_group",
        "a/b",
        &"n".repeat(253),
    ] {
        assert!(
            matches!(
                refuse(&inv, "secret", bad, cmd("random.py 1 2 3")),
                WriteError::Name { .. }
            ),
            "{bad:?}"
        );
    }
    // The same command with BAPCtools' own seed filled in is the same rule.
    let err = refuse(&inv, "secret", "again", cmd("random.py 2059141806 6 50"));
    assert!(
        matches!(&err, WriteError::Duplicate { existing } if existing == "secret/2-small-1"),
        "{err}"
    );
    let samples = "data:\n  sample:\n    data:\n      a: {in: '1 2'}\n  secret:\n    data: {}\n";
    assert!(matches!(
        refuse(samples, "secret", "b", input("1 2")),
        WriteError::Duplicate { .. }
    ));
    for words in [
        vec!["gen", "a b"],
        vec!["gen", "'q'"],
        vec!["/abs.py"],
        vec![],
        vec!["gen", "{seed}", "{seed:2}"],
    ] {
        let words: Vec<String> = words.into_iter().map(String::from).collect();
        assert!(
            matches!(
                refuse(&inv, "secret", "w", Entry::Command(words.clone())),
                WriteError::Command { .. }
            ),
            "{words:?}"
        );
    }
    let no_solution = "data:\n  secret:\n    solution:\n    data:\n      a: gen 1\n";
    assert!(matches!(
        refuse(no_solution, "secret", "b", input("5\n")),
        WriteError::NoAnswer { .. }
    ));
    assert!(
        add_test(no_solution, "secret", "b", cmd("gen 2")).is_ok(),
        "a generator may write its .ans"
    );
    let included =
        "data:\n  sample:\n    data:\n      b: gen 1\n  secret:\n    include: [b]\n    data: {}\n";
    assert!(matches!(
        refuse(included, "secret", "b", cmd("gen 2")),
        WriteError::Taken { .. }
    ));
    assert!(matches!(
        refuse(&inv, "secret/nope", "x", cmd("gen 2")),
        WriteError::Layout { .. }
    ));
    assert!(matches!(
        refuse(&inv, "secret//x", "x", cmd("gen 2")),
        WriteError::Layout { .. }
    ));
    let flow = "data:\n  secret:\n    data: {a: gen 1}\n";
    assert!(matches!(
        refuse(flow, "secret", "x", cmd("gen 2")),
        WriteError::Layout { .. }
    ));
    assert!(matches!(
        refuse("data: [\n", "secret", "x", cmd("gen 2")),
        WriteError::Read(_)
    ));
    let twice = "data:\n  secret:\n    data:\n      - g: {data: [{a: gen 1}]}\n      - g: {data: [{b: gen 2}]}\n";
    assert!(matches!(
        refuse(twice, "secret/g", "x", cmd("gen 7")),
        WriteError::Layout { .. }
    ));
}

/// Texts modelled on BAPCtools' own `generators.yaml` files (its
/// documentation's example, its skeleton and test problems: `generatorcount`,
/// `divsort`, `alternativeencryption`, `identity`): every kind of entry,
/// comments between and after entries, flow maps, block scalars, nesting.
const EXAMPLES: [&str; 5] = [
    // doc/generators.yaml
    "\
solution: /submissions/accepted/sol.py
random_salt: abcd
test_group.yaml:
  output_validator_args: []
generators:
  tree:
    - tree.py
    - lib.py
data:
  sample:
    data:
      \"1\": tree --n 12 # runs the tree generator
      \"2\":
        in: 23 foo
      \"3\":
        copy: manual_cases/sample/3
      \"4\":
        in: 1 0
        ans: \"1\"
        yaml:
          description: Right identity for addition
      \"5\":
        in: |
          10 13
          0 0
        ans: |
          23
          0
  #'6':

  secret:
    include:
      - \"sample\"
    data:
      \"01\":
        in: \"3\"
      \"02\": greedy.cpp 4
      \"05\":
        generate: tree 6
        match: \"^1 2$\"
      07-string: |
        tree
        a
        b
      08-random-1: graph {seed}
      #09-random-1a: graph {seed}
      12-counted:
        generate: graph {seed:3} {count}
        count: 2
      14-count-range:
        generate: graph {seed:3} {count}
        count: 10..=12
      16_override:
        generate: large_case_generator.py 1000000
        solution: /generators/gnu_multi_precision.cpp
        random_salt: \"123\"
      hard_cases_group:
        test_group.yaml:
          output_validator_args: [space_change_sensitive]
        data:
          - \"\": tree empty
          - a: tree a
          - numbered_test_group:
              data:
                - c: tree c
          - numbered_test_group:
              data:
                e: tree e

unknown_key: tool_specific_config
",
    // test/problems/generatorcount
    "\
solution: /submissions/accepted/thore.py
version: 2026-01  # use this version of the generators framework

data:
  sample:
    data:
      - '': { in: s 1 2}
  secret:
    data:
      - count-lo:
          generate: mygen.py a {count} 0
          count: 1
      - count-list-neg:
          generate: mygen.py n {count} 2
          count: [-1, 0, 1]
      - count-range-padding:
          generate: mygen.py r {count} -10
          count: -9..=9
",
    // test/problems/divsort
    "\
solution: /submissions/accepted/th.py
data:
  sample:
    data:
      - \"\":
          in: 9.0 3.0 ab cd
          ans: 3.0 abcd
  secret:
    test_group.yaml:
      input_validator_args:
        integers: [small]
    data:
      integers:
        test_group.yaml:
          input_validator_args: [--integer]
            #grading: foo
        data:
          - unsorted-integer:
              in: 10.0 2.0 ba cd
              ans: 5.0 abcd
      tolerant:
        data:
          - tiny_floats:
              in: 10.0 3.0 ab dc
              yaml:
                description: |
                  Must be AC. Compare invalid_output/imprecise, which is (there)
                  invalid because of float_tolerance

  invalid_input:
    data:
      always_invalid:
        data:
          too_many_tokens: {in: 10.0 2.5 ab cd ef}
",
    // test/problems/alternativeencryption
    "\
solution: /submissions/accepted/mzuenni_sample.cpp

test_group.yaml:
  output_validator_args:
    - case_sensitive
data:
  sample:
    data:
      - \"\":
          in: |
            encrypt
            3
          in.download: {link: in}
          ans.download: \"\"

  secret:
    data:
      - min:
          in: |
            encrypt
            1
            a
      - letters:
          generate: eval.py 0 26 sigma[i % 26]
          match:
            - \"\\\\Aencrypt$\"
      - random_equal: eval.py {seed} 1000 sigma[i % 26] * randrange(1, 101)

      - random:
          generate: eval.py {seed} 1000 randstr(randrange(1, 101))
          count: 10
",
    // test/problems/identity (legacy-style map with flow entries)
    "\
solution: /submissions/accepted/author.py
data:
  sample:
    data:
      '1':
        in: \"5\"
  secret:
    data:
      'stdoutpy': stdout.py 6
      'stdoutcpp': stdout.cpp 7
      'inans': {in: \"8\", ans: \"8\"}
      'random-gen': random_gen.py {seed:9}
      'hard-coded':
        in: '11'   # a comment
",
];

#[test]
fn round_trips_on_bapctools_style_files() {
    for (i, old) in EXAMPLES.iter().enumerate() {
        let before = parse(old);
        for (name, entry) in [
            ("jurybox-cmd", cmd("gen.py 987654 30")),
            ("jurybox-in", input("3\n1 2 3\n")),
        ] {
            let added: Added = add_test(old, "secret", name, entry.clone())
                .unwrap_or_else(|e| panic!("example {i}: {e}"));
            let ins = inserted(old, &added.text);
            assert!(ins.contains(name), "example {i}: {ins:?}");
            let after = parse(&added.text);
            assert_eq!(after.cases.len(), before.cases.len() + 1, "example {i}");
            let case = after
                .case(&added.name)
                .unwrap_or_else(|| panic!("example {i}: {}", added.name));
            match &entry {
                Entry::Command(_) => {
                    assert_eq!(case.generate.as_ref().unwrap().args, ["987654", "30"])
                }
                Entry::Input { text } => assert_eq!(&case.files["in"], text),
            }
            // A second test goes in after the first.
            let again = add_test(&added.text, "secret", "jurybox-2", cmd("gen.py 1 2")).unwrap();
            assert_eq!(
                parse(&again.text).cases.len(),
                before.cases.len() + 2,
                "example {i}"
            );
        }
    }
}

/// Lines a `generators.yaml` is made of, good and broken.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("data:".to_string()),
        Just("secret:".to_string()),
        Just("sample:".to_string()),
        Just("- ".to_string()),
        Just("  ".to_string()),
        Just("    ".to_string()),
        Just("'1': gen 1".to_string()),
        Just("a: gen {seed} 5".to_string()),
        Just("count: 3".to_string()),
        Just("count: 1..=200".to_string()),
        Just("in: |".to_string()),
        Just("include: [a]".to_string()),
        Just("copy: x".to_string()),
        Just("solution:".to_string()),
        Just("data: []".to_string()),
        Just("{a: 1}".to_string()),
        Just("# c".to_string()),
        Just("\"q\\\"\": ~".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("\t".to_string()),
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics_and_additions_always_reparse(
        parts in proptest::collection::vec(fragment(), 0..40),
    ) {
        let text: String = parts.concat();
        let _ = GeneratorsYaml::parse(&text, "g.yaml", &BTreeMap::new(), &mut Vec::new());
        if let Ok(added) = add_test(&text, "secret", "jb", cmd("gen 1")) {
            let g = parse(&added.text);
            prop_assert!(g.case(&added.name).is_some());
        }
        let _ = add_test(&text, "secret/a", "jb", input("1\n"));
    }
}

/// One entry of a generated `generators.yaml`, at key column `col` with
/// indentation unit `unit`.
fn entry_text(kind: u8, key: &str, col: usize, unit: usize) -> String {
    let pad = " ".repeat(col);
    let inner = " ".repeat(col + unit);
    let deeper = " ".repeat(col + 2 * unit);
    match kind % 5 {
        0 => format!("{pad}{key}: gen.py {{seed}} 10 # c\n"),
        1 => format!("{pad}{key}:\n{inner}in: |\n{deeper}1 2\n{deeper}# literal\n"),
        2 => format!("{pad}{key}: {{in: '5', ans: '5'}}\n"),
        3 => {
            format!("{pad}{key}:\n{inner}generate: gen.py {{seed:2}} {{count}}\n{inner}count: 2\n")
        }
        _ => format!("{pad}'{key}':\n{inner}copy: manual/{key}\n"),
    }
}

prop_compose! {
    /// A valid file in the list or the map form, with comments and blank
    /// lines between entries, indented by 2 or 4.
    fn generated_file()(
        unit in prop_oneof![Just(2usize), Just(4usize)],
        list in any::<bool>(),
        kinds in proptest::collection::vec((0u8..5, any::<bool>(), any::<bool>()), 1..6),
        final_newline in any::<bool>(),
    ) -> String {
        let mut text = format!("solution: /s.py\ndata:\n{}sample:\n{}data: {{}}\n", " ".repeat(unit), " ".repeat(2 * unit));
        text.push_str(&format!("{}secret:\n{}data:\n", " ".repeat(unit), " ".repeat(2 * unit)));
        for (i, (kind, comment, blank)) in kinds.iter().enumerate() {
            let key = format!("k{i}");
            let col = 3 * unit;
            if *comment {
                text.push_str(&format!("{}# before {key}\n", " ".repeat(col)));
            }
            if list {
                let body = entry_text(*kind, &key, col + 2, unit);
                text.push_str(&format!("{}- {}", " ".repeat(col), &body[col + 2..]));
            } else {
                text.push_str(&entry_text(*kind, &key, col, unit));
            }
            if *blank {
                text.push('\n');
            }
        }
        text.push_str("# the end\n");
        if !final_newline {
            text.pop();
        }
        text
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn additions_to_valid_files_are_pure_insertions_that_read_back(text in generated_file()) {
        let before = parse(&text);
        for entry in [cmd("gen.py 31337 20"), input("4\n1 2 3 4\n"), input(" x")] {
            let added = add_test(&text, "secret", "jb", entry.clone()).unwrap();
            let ins = inserted(&text, &added.text);
            prop_assert!(ins.contains("jb"), "{}", ins);
            let after = parse(&added.text);
            prop_assert_eq!(after.cases.len(), before.cases.len() + 1);
            let case = after.case(&added.name).unwrap();
            match &entry {
                Entry::Command(_) => prop_assert_eq!(&case.generate.as_ref().unwrap().args, &["31337", "20"]),
                Entry::Input { text } => {
                    let want = if text.ends_with('\n') { text.clone() } else { format!("{text}\n") };
                    prop_assert_eq!(&case.files["in"], &want)
                }
            }
        }
    }
}

#[test]
fn a_described_entry_carries_its_description_under_yaml() {
    let old = inversions_text();
    let added = add_described_test(
        &old,
        "secret",
        "found",
        cmd("random.py 5 6 7"),
        Some("catches \"greedy\": n = 6"),
    )
    .unwrap();
    let tree = parse(&added.text);
    let case = tree.cases.iter().find(|c| c.name == added.name).unwrap();
    assert_eq!(case.generate.as_ref().unwrap().text, "random.py 5 6 7");
    let yaml: yaml_serde::Value = yaml_serde::from_str(&case.files["yaml"]).unwrap();
    assert_eq!(yaml["description"], "catches \"greedy\": n = 6");
    // The same command again is the same rule, description or not.
    assert!(matches!(
        add_described_test(&added.text, "secret", "again", cmd("random.py 5 6 7"), None),
        Err(WriteError::Duplicate { .. })
    ));
    let with_input =
        add_described_test(&old, "secret", "small", input("2\n2 1\n"), Some("x")).unwrap();
    let tree = parse(&with_input.text);
    let case = tree
        .cases
        .iter()
        .find(|c| c.name == with_input.name)
        .unwrap();
    assert_eq!(case.files.get("in").map(String::as_str), Some("2\n2 1\n"));
    assert!(case.files.contains_key("yaml"));
}
