//! Properties on arbitrary text: the lexers never panic, every mutant is one
//! well-formed edit, and no edit touches a comment or string however the
//! program around it is built.

use jurybox_mutants::{mutants, SourceEdit, Syntax};
use proptest::prelude::*;

const LANGUAGES: [Syntax; 3] = [Syntax::C, Syntax::Cpp, Syntax::Python];

/// Text rich in what the lexers must survive: quotes, comment openers,
/// backslashes, raw-string and prefix letters, brackets, operators, digits.
fn tricky_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 <>=!+*/%&|#\"'()\\[\\]{};,:.\\n\\\\RrbfuL_-]{0,200}",
        any::<String>(),
        "(\"|'|/\\*|\\*/|//|#|R\"x\\(|\\)x\"|'''|\"\"\"|\\\\|\\n|a < b|1 \\+ 2|é|€){0,40}",
    ]
}

/// Every invariant of one mutant list of `source`.
fn check(source: &str, found: &[SourceEdit]) {
    for pair in found.windows(2) {
        assert!(pair[0].start <= pair[1].start, "not in source order");
    }
    for m in found {
        assert!(m.start < m.end && m.end <= source.len(), "{m:?}");
        assert!(source.is_char_boundary(m.start) && source.is_char_boundary(m.end));
        assert_ne!(
            m.original(source),
            m.replacement,
            "an edit that changes nothing"
        );
        let before = &source[..m.start];
        assert_eq!(m.line as usize, before.matches('\n').count() + 1);
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        assert_eq!(m.column as usize, m.start - line_start + 1);
        let mutated = m.apply(source);
        assert_eq!(&mutated[..m.start], before);
        assert_eq!(
            &mutated[m.start..m.start + m.replacement.len()],
            m.replacement
        );
        assert_eq!(&mutated[m.start + m.replacement.len()..], &source[m.end..]);
    }
    let mut edits: Vec<_> = found
        .iter()
        .map(|m| (m.start, m.end, &m.replacement))
        .collect();
    edits.sort();
    let len = edits.len();
    edits.dedup();
    assert_eq!(edits.len(), len, "the same edit twice");
}

/// Pieces of a program: code (whose edits are expected) and opaque pieces
/// (whose bytes no edit may touch), per language family.
fn pieces(language: Syntax) -> (Vec<&'static str>, Vec<&'static str>) {
    let code = vec![
        "a < b",
        "x + 1",
        "i <= n",
        "p && q",
        "r || s",
        "y = z * 2;",
        "k -= 3;",
        "(u != v)",
        "w == 0",
        "t % m",
        "c >= d",
        "e > f",
    ];
    let opaque = match language {
        Syntax::C | Syntax::Cpp => vec![
            "/* a < b + 1 && c */",
            "// x > 2 && y - 1\n",
            "\"a < 1 + b || c\"",
            "'<'",
            "'\\''",
            "\"\\\" < 2\"",
            "L\"1 + 2\"",
            "\n#define X(a) a + 1 < 2 \\\n  && 3\n",
            "\n#include <a+b.h>\n",
            "\n#if 0\nx < y + 1;\n#endif\n",
        ],
        Syntax::Python => vec![
            "# a < b + 1 and c\n",
            "\"a < 1 + b or c\"",
            "'<'",
            "'''x > 2\n+ 3 == 4'''",
            "\"\"\"a\n\"b\" < 1\"\"\"",
            "f\"{a < b + 1}\"",
            "rb'1 + 2 \\' < 3'",
            "\"\\\" < 2\"",
        ],
    };
    (code, opaque)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_gives_well_formed_mutants(source in tricky_text()) {
        for language in LANGUAGES {
            let found = mutants(&source, language);
            check(&source, &found);
            prop_assert_eq!(&found, &mutants(&source, language), "not deterministic");
        }
    }

    #[test]
    fn no_edit_touches_a_comment_or_string(
        choices in prop::collection::vec((any::<bool>(), any::<prop::sample::Index>()), 1..30),
        language in prop::sample::select(LANGUAGES.to_vec()),
    ) {
        let (code, opaque) = pieces(language);
        let mut source = String::new();
        let mut protected = Vec::new();
        for (is_opaque, index) in choices {
            let piece = if is_opaque { *index.get(&opaque) } else { *index.get(&code) };
            let start = source.len();
            source.push_str(piece);
            if is_opaque {
                protected.push((start, source.len()));
            }
            source.push(' ');
        }
        let found = mutants(&source, language);
        check(&source, &found);
        for m in &found {
            for &(s, e) in &protected {
                prop_assert!(
                    m.end <= s || e <= m.start,
                    "{} touches {:?}", m.description(&source), &source[s..e]
                );
            }
        }
    }
}
