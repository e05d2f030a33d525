//! Reading `generators.yaml` as BAPCtools 2026.10 does: names (numbering,
//! `count:`, groups), commands (program resolution, placeholders, seeds, size
//! arguments), literal and copied cases, inherited settings, includes, and
//! what is an error for the whole file or an issue for one case. Expected
//! seeds and names come from BAPCtools itself: its formula run in Python, and
//! the files `bt generate` committed for its own test problem `testseed`.

use jurybox_format::generators::{
    bapctools_seed, size_args, split_words, Generator, GeneratorsError, GeneratorsYaml, SizeArg,
    Solution,
};
use jurybox_format::{Issue, Package};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn read(text: &str) -> (GeneratorsYaml, Vec<Issue>) {
    read_with(text, &BTreeMap::new())
}

fn read_with(text: &str, constants: &BTreeMap<String, String>) -> (GeneratorsYaml, Vec<Issue>) {
    let mut issues = Vec::new();
    let g = GeneratorsYaml::parse(text, "generators/generators.yaml", constants, &mut issues)
        .unwrap_or_else(|e| panic!("{e}"));
    (g, issues)
}

fn names(g: &GeneratorsYaml) -> Vec<&str> {
    g.cases.iter().map(|c| c.name.as_str()).collect()
}

fn inversions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/inversions")
}

#[test]
fn inversions_generators_yaml_reads_as_bapctools_names_it() {
    let path = inversions_dir().join("generators/generators.yaml");
    let mut issues = Vec::new();
    let g = GeneratorsYaml::read(
        &path,
        "generators/generators.yaml",
        &BTreeMap::new(),
        &mut issues,
    )
    .unwrap();
    assert!(issues.is_empty(), "{issues:?}");
    // Both data: are lists: one counter numbers all four cases, width 1.
    assert_eq!(
        names(&g),
        [
            "sample/1-1",
            "secret/2-small-1",
            "secret/3-small-2",
            "secret/4-medium"
        ]
    );
    assert_eq!(
        g.generators["random"],
        vec![PathBuf::from("generators/random.py")]
    );
    let small = &g.cases[1];
    assert_eq!(small.key, "small-1");
    assert_eq!(small.at, "data.secret.data[0].small-1");
    assert_eq!(
        small.solution,
        Solution::Program("submissions/accepted/merge_sort.cpp".into())
    );
    let cmd = small.generate.as_ref().unwrap();
    assert_eq!(cmd.program, "random.py");
    // `random.py` is a file: the map's `random` is another name.
    assert_eq!(
        cmd.generator,
        Generator::Program("generators/random.py".into())
    );
    assert_eq!(cmd.args, ["{seed:1}", "6", "50"]);
    // python3: int(sha512(b"random.py {seed:1} 6 50").hexdigest(), 16) % 2**31
    assert_eq!(cmd.seed, Some(2059141806));
    assert_eq!(g.cases[2].generate.as_ref().unwrap().seed, Some(970599100));
    assert_eq!(g.cases[3].generate.as_ref().unwrap().seed, Some(570334520));
    assert_eq!(
        cmd.sizes,
        [
            SizeArg {
                word: 1,
                value: 6,
                label: None
            },
            SizeArg {
                word: 2,
                value: 50,
                label: None
            }
        ]
    );
    assert_eq!(
        g.cases[0].generate.as_ref().unwrap().seed,
        None,
        "a literal seed is no seed"
    );
    let seeded: Vec<&str> = g.seeded_rules().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        seeded,
        ["secret/2-small-1", "secret/3-small-2", "secret/4-medium"]
    );
    assert_eq!(
        cmd.instantiate(7, None),
        ["7", "6", "50"],
        "the seed goes where {{seed:1}} was"
    );
    assert_eq!(cmd.instantiate(7, Some(&[12, 100])), ["7", "12", "100"]);
}

#[test]
fn the_package_reader_reads_generators_yaml_too() {
    let p = Package::read(&inversions_dir()).unwrap();
    let g = p
        .generators
        .as_ref()
        .expect("inversions has a generators.yaml");
    assert_eq!(g.cases.len(), 4);
    assert!(
        !p.issues.iter().any(|i| i.file.starts_with("generators")),
        "{:?}",
        p.issues
    );
}

/// The fixture's data/ was written by `bt generate` (BAPCtools 2026.10): its
/// names are the ones the reader gives the rules.
#[test]
fn inversions_data_is_what_its_generators_yaml_declares() {
    let p = Package::read(&inversions_dir()).unwrap();
    let on_disk: Vec<&str> = p.data.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(on_disk, names(p.generators.as_ref().unwrap()));
}

#[test]
fn a_broken_generators_yaml_is_an_issue_of_the_package_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let src = inversions_dir();
    copy_dir(&src, dir.path());
    std::fs::write(
        dir.path().join("generators/generators.yaml"),
        "data:\n  secret: [\n",
    )
    .unwrap();
    let p = Package::read(dir.path()).unwrap();
    assert!(p.generators.is_none());
    let issue = p
        .issues
        .iter()
        .find(|i| i.file == "generators/generators.yaml")
        .expect("an issue names the file");
    assert!(issue.message.contains("line"), "{issue}");
    assert_eq!(p.data.tests.len(), 4, "data/ is still read");
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Modelled on BAPCtools' `test/problems/testseed`, whose `data/sample/*.in`
/// were written by `bt generate` running `stdout.py` (which prints its
/// arguments): the first word of each file is the seed BAPCtools passed.
#[test]
fn seeds_and_count_names_match_the_files_bt_generate_wrote_for_testseed() {
    let text = r#"solution: /submissions/accepted/echo.py

data:
  sample:
    data:
      - basic_seed:
          generate: "stdout.py {seed}"
      - whitespace:
          generate: "stdout.py {seed} a  aa  b "
      - seed-42:
          generate: "stdout.py {seed:42}"
      - random_salt:
          generate: "stdout.py {seed:42}"
          random_salt: "bob"
      - count:
          generate: "stdout.py {seed} {count}"
          count: 5
      - count-list:
          generate: "stdout.py {seed:1} {count}"
          count: [-2, 0, 1, 2]
      - count-range:
          generate: "stdout.py {seed:2} {count}"
          count: -2..=3
  secret:
    data: []
"#;
    let (g, issues) = read(text);
    assert!(issues.is_empty(), "{issues:?}");
    let got: Vec<(&str, u32)> = g
        .cases
        .iter()
        .map(|c| (c.name.as_str(), c.generate.as_ref().unwrap().seed.unwrap()))
        .collect();
    let want = [
        ("sample/01-basic_seed", 162981470),
        ("sample/02-whitespace", 2133905738),
        ("sample/03-seed-42", 1750401614),
        ("sample/04-random_salt", 593058468),
        ("sample/05-count-1", 256329547),
        ("sample/06-count-2", 1581952888),
        ("sample/07-count-3", 969404650),
        ("sample/08-count-4", 1490385484),
        ("sample/09-count-5", 498227416),
        ("sample/10-count-list--2", 207342926),
        ("sample/11-count-list-0", 627447910),
        ("sample/12-count-list-1", 699508446),
        ("sample/13-count-list-2", 2075121131),
        ("sample/14-count-range--2", 458079516),
        ("sample/15-count-range--1", 1599491640),
        ("sample/16-count-range-00", 1577057647),
        ("sample/17-count-range-01", 176819904),
        ("sample/18-count-range-02", 2011330370),
        ("sample/19-count-range-03", 839616175),
    ];
    assert_eq!(got, want);
    // {count} is filled in before the words are split.
    let count3 = g.case("sample/07-count-3").unwrap();
    assert_eq!(count3.count, Some(3));
    assert_eq!(count3.generate.as_ref().unwrap().args, ["{seed}", "3"]);
    assert_eq!(
        count3.generate.as_ref().unwrap().instantiate(9, None),
        ["9", "3"]
    );
    // Words are split at any white space run.
    assert_eq!(
        g.cases[1].generate.as_ref().unwrap().args,
        ["{seed}", "a", "aa", "b"]
    );
    // One seeded rule per distinct command: the `count` cases differ by
    // {count}, but seed-42 and random_salt are one command (salts differ).
    assert_eq!(g.seeded_rules().len(), 18);
}

#[test]
fn seed_formula_matches_bapctools() {
    // python3: int(hashlib.sha512((salt + (f":{c-1}" if c != 1 else "") + cmd.strip()).encode())
    //          .hexdigest(), 16) % 2**31
    assert_eq!(bapctools_seed("abcd", 1, "graph {seed}"), 611036640);
    assert_eq!(bapctools_seed("", 3, "graph {seed:3} 3"), 1438362805);
    assert_eq!(bapctools_seed("", 7, "graph {seed:3} 7"), 1799422172);
    assert_eq!(bapctools_seed("salt", 1, "  gen {seed}  \n"), 58142920);
}

#[test]
fn words_split_as_python_shlex_split_does() {
    // Expected values printed by python3 `shlex.split`.
    let cases: [(&str, &[&str]); 8] = [
        ("a \"b c\" d", &["a", "b c", "d"]),
        ("a 'b c'd", &["a", "b cd"]),
        ("a\\ b", &["a b"]),
        ("\"x\\\"y\\z\"", &["x\"y\\z"]),
        ("''", &[""]),
        ("#x y", &["#x", "y"]),
        ("a\tb\r\nc", &["a", "b", "c"]),
        ("e \"\" f", &["e", "", "f"]),
    ];
    for (text, want) in cases {
        assert_eq!(split_words(text).unwrap(), want, "{text:?}");
    }
    assert!(split_words("gen 'open").is_err());
    assert!(split_words("gen \\").is_err());
}

#[test]
fn a_map_data_keeps_names_and_reads_children_in_sorted_order() {
    let text = "\
data:
  sample:
    data:
      '2': {in: '1 2', ans: '3'}
      '1':
        in: |
          5 6
        ans: '11'
  secret:
    data:
      zz: gen.py 1
      aa:
        generate: gen.py 2
      group:
        data:
          inner: gen.py 3
";
    let (g, issues) = read(text);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        names(&g),
        [
            "sample/1",
            "sample/2",
            "secret/aa",
            "secret/group/inner",
            "secret/zz"
        ]
    );
    let one = g.case("sample/1").unwrap();
    assert_eq!(one.files["in"], "5 6\n");
    assert_eq!(
        one.files["ans"], "11\n",
        "BAPCtools ends literal files with a newline"
    );
    assert!(one.is_sample() && one.generate.is_none());
    assert_eq!(g.groups.len(), 3);
    assert_eq!(g.groups[2].name, "secret/group");
    assert!(!g.groups[2].numbered);
}

/// Modelled on BAPCtools' `doc/generators.yaml` and its `generatorincludes`
/// test problem (whose committed data/ shows these names).
#[test]
fn numbered_lists_count_cases_over_the_whole_file_and_groups_per_directory() {
    let text = "\
solution: /submissions/accepted/th.py
data:
  sample:
    data:
      \"1\":
        in: 1 2
        ans: \"3\"
      \"2\":
        in: 1 -3
  secret:
    data:
      - small:
          data:
            - positive:
                data:
                  - sm-all-pos: stdout.py 4 6
                  - sm-zero: stdout.py 4 1
                include:
                  - \"1\"
            - general:
                data:
                  - sm-mixed: stdout.py 4 -6
                  - sm-all-neg: stdout.py -4 -6
      - general:
          data:
            - lg: stdout.py 83413870413975664 -11
          include:
            - small
            - sample
      - '': stdout.py 0 0
";
    let (g, issues) = read(text);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        names(&g),
        [
            "sample/1",
            "sample/2",
            "secret/1-small/1-positive/1-sm-all-pos",
            "secret/1-small/1-positive/2-sm-zero",
            "secret/1-small/2-general/3-sm-mixed",
            "secret/1-small/2-general/4-sm-all-neg",
            "secret/2-general/5-lg",
            "secret/6",
        ]
    );
    let groups: Vec<&str> = g.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        groups,
        [
            "sample",
            "secret",
            "secret/1-small",
            "secret/1-small/1-positive",
            "secret/1-small/2-general",
            "secret/2-general"
        ]
    );
    let included: Vec<(&str, &str)> = g
        .includes
        .iter()
        .map(|i| (i.name.as_str(), i.target.as_str()))
        .collect();
    assert_eq!(
        included,
        [
            ("secret/1-small/1-positive/1", "sample/1"),
            ("secret/2-general/1", "sample/1"),
            (
                "secret/2-general/1-sm-all-pos",
                "secret/1-small/1-positive/1-sm-all-pos"
            ),
            (
                "secret/2-general/2-sm-zero",
                "secret/1-small/1-positive/2-sm-zero"
            ),
            (
                "secret/2-general/3-sm-mixed",
                "secret/1-small/2-general/3-sm-mixed"
            ),
            (
                "secret/2-general/4-sm-all-neg",
                "secret/1-small/2-general/4-sm-all-neg"
            ),
            ("secret/2-general/2", "sample/2"),
        ]
    );
}

#[test]
fn ten_numbered_cases_get_two_digits_and_count_values_pad_when_consecutive() {
    let mut text = String::from("data:\n  secret:\n    data:\n");
    for i in 0..9 {
        text.push_str(&format!("      - c{i}: gen {i}\n"));
    }
    text.push_str("      - many:\n          generate: gen x {count}\n          count: [1, 5]\n");
    text.push_str("      - ten:\n          generate: gen y {count}\n          count: 10\n");
    let (g, issues) = read(&text);
    assert!(issues.is_empty(), "{issues:?}");
    let n = names(&g);
    assert_eq!(n.len(), 21);
    assert_eq!(n[0], "secret/01-c0");
    assert_eq!(
        n[9], "secret/10-many-1",
        "[1, 5] is not consecutive: no padding"
    );
    assert_eq!(n[10], "secret/11-many-5");
    assert_eq!(n[11], "secret/12-ten-01");
    assert_eq!(n[20], "secret/21-ten-10");
    assert_eq!(g.cases[10].generate.as_ref().unwrap().args, ["x", "5"]);
}

#[test]
fn copy_and_old_style_in_paths_are_relative_to_generators() {
    let text = "\
data:
  secret:
    data:
      manual:
        copy: manual/3
      old: manual/4.in
";
    let (g, issues) = read(text);
    assert_eq!(
        g.case("secret/manual").unwrap().copy,
        Some(PathBuf::from("generators/manual/3"))
    );
    assert_eq!(
        g.case("secret/old").unwrap().copy,
        Some(PathBuf::from("generators/manual/4"))
    );
    assert_eq!(issues.len(), 1, "the old form is warned about: {issues:?}");
    assert!(
        issues[0].message.contains("copy: manual/4"),
        "{}",
        issues[0]
    );
}

#[test]
fn generator_names_resolve_through_the_map_first() {
    let text = "\
generators:
  tree:
    - tree.py
    - lib.py
data:
  secret:
    data:
      a: tree --n 12 {seed}
      b: sub/gen.py n=40 --m=7 -k 3 --seed 99 007 -5 1e5
      c: /generators/abs.py 1
";
    let (g, issues) = read(text);
    let a = g.case("secret/a").unwrap().generate.as_ref().unwrap();
    assert_eq!(
        a.generator,
        Generator::Named {
            name: "tree".into(),
            files: vec!["generators/tree.py".into(), "generators/lib.py".into()]
        }
    );
    assert_eq!(
        a.sizes,
        [SizeArg {
            word: 1,
            value: 12,
            label: Some("n".into())
        }]
    );
    let b = g.case("secret/b").unwrap().generate.as_ref().unwrap();
    assert_eq!(
        b.generator,
        Generator::Program("generators/sub/gen.py".into())
    );
    let labels: Vec<(usize, u64, Option<&str>)> = b
        .sizes
        .iter()
        .map(|s| (s.word, s.value, s.label.as_deref()))
        .collect();
    assert_eq!(
        labels,
        [(0, 40, Some("n")), (1, 7, Some("m")), (3, 3, Some("k"))],
        "seeds, leading zeros, signs and exponents are no sizes"
    );
    assert_eq!(
        b.instantiate(0, Some(&[80, 14, 6])),
        ["n=80", "--m=14", "-k", "6", "--seed", "99", "007", "-5", "1e5"]
    );
    // BAPCtools resolves generators relative to generators/ only.
    assert!(g.case("secret/c").is_none());
    assert_eq!(g.skipped, ["secret/c"]);
    assert!(
        issues
            .iter()
            .any(|i| i.message.contains("data.secret.data.c")),
        "{issues:?}"
    );
}

#[test]
fn placeholders_name_seed_and_constants() {
    let text = "\
data:
  secret:
    data:
      a: gen.py {name} s={seed:3} {{n_max}} {{n_max.small}} {{missing}}
      b: gen.py {seed} {seed:2}
      c:
        generate: gen.py {count}
";
    let constants = BTreeMap::from([
        ("n_max".to_string(), "1000".to_string()),
        ("n_max.small".to_string(), "10".to_string()),
    ]);
    let (g, issues) = read_with(text, &constants);
    let a = g.case("secret/a").unwrap().generate.as_ref().unwrap();
    assert_eq!(
        a.args,
        ["{name}", "s={seed:3}", "1000", "10", "{{missing}}"]
    );
    assert_eq!(
        a.instantiate((1 << 31) + 5, None),
        ["testcase", "s=5", "1000", "10", "{{missing}}"],
        "{{name}} is `testcase`; seeds are below 2^31 as BAPCtools' are"
    );
    assert!(g.case("secret/b").is_none(), "two seeds are refused");
    let c = g.case("secret/c").unwrap().generate.as_ref().unwrap();
    assert_eq!(c.args, ["{count}"], "no count: {{count}} stays");
    let messages: Vec<&str> = issues.iter().map(|i| i.message.as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains("{{missing}}")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("at most once")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("{count} in a command without count")),
        "{messages:?}"
    );
}

#[test]
fn solution_salt_and_retries_are_inherited_and_overridden() {
    let text = "\
solution: /submissions/accepted/a.py
random_salt: top
retries: 3
data:
  sample:
    solution:
    data:
      s: {in: '1'}
  secret:
    random_salt: inner
    data:
      a: gen {seed}
      b:
        generate: gen {seed}
        solution: /generators/b.py
        retries: 1
";
    let (g, issues) = read(text);
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(g.case("sample/s").unwrap().solution, Solution::Disabled);
    let a = g.case("secret/a").unwrap();
    assert_eq!(
        a.solution,
        Solution::Program("submissions/accepted/a.py".into())
    );
    assert_eq!((a.random_salt.as_str(), a.retries), ("inner", 3));
    assert_eq!(
        a.generate.as_ref().unwrap().seed,
        Some(bapctools_seed("inner", 1, "gen {seed}"))
    );
    let b = g.case("secret/b").unwrap();
    assert_eq!(b.solution, Solution::Program("generators/b.py".into()));
    assert_eq!(b.retries, 1);
    assert!(g.seeded_rules().len() == 1, "a and b are one command");
}

#[test]
fn whole_file_errors_name_the_file_and_the_key() {
    let cases = [
        ("- a\n- b\n", "(top level)", "map"),
        ("data:\n  - secret: {}\n", "data", "numbered"),
        ("generate: x\n", "(top level)", "directory"),
        (
            "data:\n  secret:\n    data:\n      a:\n        generate: g {count}\n        count: 0\n",
            "data.secret.data.a.count",
            "between 1 and 100",
        ),
        (
            "data:\n  secret:\n    data:\n      - a:\n          generate: g\n          count: 5..=1\n",
            "data",
            "start 5 must be <= end 1",
        ),
        ("data:\n  secret:\n    data: 5\n", "data.secret.data", "map or a list"),
        ("data:\n  secret:\n    data:\n      'bad name!':\n        data: {}\n", "data.secret.data.bad name!", "directory name"),
    ];
    for (text, at_want, reason_want) in cases {
        let err = GeneratorsYaml::parse(text, "g.yaml", &BTreeMap::new(), &mut Vec::new())
            .expect_err(text);
        match &err {
            GeneratorsError::Invalid { file, at, reason } => {
                assert_eq!(file, "g.yaml");
                assert_eq!(at, at_want, "{text}");
                assert!(reason.contains(reason_want), "{text}: {reason}");
            }
            other => panic!("{text}: {other}"),
        }
    }
    let err = GeneratorsYaml::parse("data: [\n", "g.yaml", &BTreeMap::new(), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(err, GeneratorsError::Yaml { .. }));
    assert!(
        err.to_string().starts_with("g.yaml: ") && err.to_string().contains("line"),
        "{err}"
    );
}

#[test]
fn one_bad_case_is_an_issue_and_the_rest_is_read() {
    let text = "\
data:
  sample:
    data:
      test_group: gen 0
  secrets:
    data: {}
  invalid_inputs:
    data: {}
  secret:
    unknown_key: 1
    data:
      - two: gen 1
        keys: gen 2
      - good: gen 3
      - empty:
      - nothing: {yaml: {a: 1}}
      - test_group: gen 4
      - notes: {in: '1', comment: x}
      - 'in': {in: 3}
      - 7: gen 5
";
    let (g, issues) = read(text);
    // `two`/`keys` is skipped without a number (but widens the numbers: 9
    // values in the list); `empty`, `nothing` and `in` take numbers though
    // they are skipped; the numbered `4-test_group` is a fine name.
    assert_eq!(
        names(&g),
        ["secret/1-good", "secret/4-test_group", "secret/5-notes"]
    );
    assert_eq!(
        g.skipped,
        [
            "sample/test_group",
            "secret/2-empty",
            "secret/3-nothing",
            "secret/6-in"
        ]
    );
    let joined: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    let want = [
        "data.secrets: not a directory BAPCtools knows",
        "data.invalid_inputs: a deprecated name",
        "data.secret.unknown_key: unknown key of a test group",
        "data.secret.data[0]: a numbered entry must have exactly one key",
        "data.secret.data[2].empty: an empty entry",
        "data.secret.data[3].nothing: a test case needs one of generate, copy, in",
        "data.sample.data.test_group: test_group: test_group clashes",
        "data.secret.data[5].notes.comment: unknown key of a test case",
        "data.secret.data[6].in: in must be a string",
        "data.secret.data[7].7: a key must be a string",
    ];
    for w in want {
        assert!(
            joined
                .iter()
                .any(|j| j.starts_with("generators/generators.yaml: ") && j.contains(w)),
            "{w}: {joined:#?}"
        );
    }
}

#[test]
fn an_empty_or_comment_only_file_declares_nothing() {
    for text in ["", "\n", "# nothing yet\n"] {
        let (g, issues) = read(text);
        assert!(g.cases.is_empty() && issues.is_empty(), "{text:?}");
    }
}

#[test]
fn size_heuristic_on_its_own() {
    let words: Vec<String> = [
        "100",
        "{seed}",
        "n=5",
        "x=0",
        "-n",
        "8",
        "--seed",
        "4",
        "3.5",
        "s=1{seed}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let got: Vec<(usize, u64)> = size_args(&words)
        .iter()
        .map(|s| (s.word, s.value))
        .collect();
    assert_eq!(got, [(0, 100), (2, 5), (5, 8)]);
}
