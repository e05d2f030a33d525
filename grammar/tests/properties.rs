//! Bad input never panics: arbitrary scripts, recordings, tests and
//! patterns are read to a value or an error, and whatever grammar they give
//! makes inputs (or says why not) without panicking.

use proptest::prelude::*;

use jurybox_grammar::generate::{candidates, GenerateOptions};
use jurybox_grammar::pattern::Pattern;
use jurybox_grammar::record::trace;
use jurybox_grammar::{ctd, layout};

/// Small budgets: a property runs hundreds of grammars.
fn small() -> GenerateOptions {
    GenerateOptions {
        max_tokens: 300,
        max_bytes: 4096,
        small_values: 3,
        loop_cap: 200,
        ..GenerateOptions::default()
    }
}

/// Commands of checktestdata, most of them valid, in any order: scripts that
/// parse and run into every rule (unset variables, empty bounds, failed
/// assertions, loops to the end).
fn commands() -> impl Strategy<Value = String> {
    let commands = prop::sample::select(vec![
        "INT(-3, 5, n) ",
        "INT(1, n, v) ",
        "INT(0, 3) ",
        "SPACE ",
        "NEWLINE ",
        "REP(n, SPACE) INT(0, 9) END ",
        "REPI(i, n) INT(1, 5, a[i]) END ",
        "REGEX(\"[a-c]{1,3}\", w) ",
        "FLOAT(-1, 1, x) ",
        "FLOATP(0, 2, 1, 2) ",
        "ASSERT(n != 2) ",
        "ASSERT(UNIQUE(a)) ",
        "IF(n > 1) SPACE INT(1, 2) ELSE NEWLINE END ",
        "WHILE(!ISEOF) INT(0, 1) NEWLINE END ",
        "WHILE(!MATCH(\"0\")) INT(1, 9) NEWLINE END INT(0, 0) ",
        "SET(n = n + 1) ",
        "UNSET(a) ",
        "STRING(\"ok\") ",
        "ASSERT(STRLEN(w) < 3) ",
        "REP(n ^ 2) SET(x = 1) END ",
        "INT(n, n - 1) ",
        "REP(-1) END ",
        "EOF ",
        "ASSERT(INARRAY(1, a)) ",
    ]);
    prop::collection::vec(commands, 0..8).prop_map(|c| c.concat())
}

/// Words of checktestdata in any order: mostly bad scripts.
fn words() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "INT(",
        "FLOAT(",
        "FLOATP(",
        "REGEX(",
        "STRING(",
        "SPACE",
        "NEWLINE",
        "EOF",
        "REP(",
        "REPI(",
        "WHILE(",
        "IF(",
        "ELSE",
        "END",
        "ASSERT(",
        "SET(",
        "UNSET(",
        "UNIQUE(",
        "INARRAY(",
        "STRLEN(",
        "MATCH(",
        "ISEOF",
        "n",
        "a[i]",
        "i",
        "x",
        ",",
        ")",
        "1",
        "0",
        "-3",
        "10",
        "2.5",
        "\"[a-c]+\"",
        "\"x\"",
        "=",
        "+",
        "-",
        "*",
        "/",
        "%",
        "^",
        "<",
        "==",
        "!=",
        "!",
        "&&",
        "||",
        "(",
        "[",
        "]",
        "\n",
        " ",
        "#c\n",
    ]);
    prop::collection::vec(words, 0..40).prop_map(|w| w.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_text_parses_or_is_located(text in "\\PC{0,80}") {
        if let Err(e) = ctd::parse(&text) {
            prop_assert!(e.at.line >= 1 && e.at.column >= 1);
        }
    }

    #[test]
    fn scripts_make_inputs_or_say_why(text in prop_oneof![commands(), words()], seed in any::<u64>()) {
        if let Ok(g) = ctd::parse(&text) {
            if let Ok(stream) = candidates(&g, &small(), seed) {
                for c in stream.take(25) {
                    prop_assert!(c.bytes.len() <= 4096);
                }
            }
        }
    }

    #[test]
    fn recordings_never_panic(text in "(int|space|eoln|end|token|\\t|[0-9]|-|accept|reject|\\n){0,60}") {
        let _ = trace::parse(&text);
    }

    #[test]
    fn layouts_make_inputs(tests in prop::collection::vec("([0-9]{1,2}|-1|ab|2\\.5)( |\\n)([0-9]{1,2}|x)( |\\n){0,3}", 1..4), seed in any::<u64>()) {
        let tests: Vec<Vec<u8>> = tests.into_iter().map(String::into_bytes).collect();
        if let Ok(g) = layout::infer(&tests) {
            if let Ok(stream) = candidates(&g, &small(), seed) {
                for c in stream.take(25) {
                    prop_assert!(c.bytes.len() <= 4096);
                }
            }
        }
    }

    #[test]
    fn patterns_never_panic(text in "[\\[\\]a-z(){},|*+?^\\\\0-9 -]{0,20}", probe in "[a-z0-9]{0,6}") {
        if let Ok(p) = Pattern::testlib(&text) {
            let _ = p.matches(&probe);
        }
        if let Ok(p) = Pattern::checktestdata(&text) {
            let _ = p.matches(&probe);
        }
    }
}
