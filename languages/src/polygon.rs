//! Polygon's compiler ids (problem.xml's `<source type="...">`: `cpp.g++17`,
//! `python.3`, `java11`), the one table of them: which language of
//! [`crate::LANGUAGES`] an id names (read from a package), and the id a
//! package jurybox writes gives each language. Polygon names a compiler and
//! its version in one word; the family is its first part (`cpp.` is every
//! G++ and Clang, `python.` CPython and PyPy).

use crate::Language;

/// One family of Polygon's ids.
struct PolygonFamily {
    /// The language's id in the table of languages.
    language: &'static str,
    /// How every id of the family begins.
    prefix: &'static str,
    /// The id a written package gives a source of the language.
    written: &'static str,
}

/// Every family jurybox reads and writes.
static FAMILIES: &[PolygonFamily] = &[
    PolygonFamily {
        language: "cpp",
        prefix: "cpp.",
        written: "cpp.g++17",
    },
    PolygonFamily {
        language: "c",
        prefix: "c.",
        written: "c.gcc",
    },
    PolygonFamily {
        language: "python3",
        prefix: "python.",
        written: "python.3",
    },
    PolygonFamily {
        language: "java",
        prefix: "java",
        written: "java11",
    },
    PolygonFamily {
        language: "kotlin",
        prefix: "kotlin",
        written: "kotlin",
    },
    PolygonFamily {
        language: "pascal",
        prefix: "pascal.",
        written: "pascal.fpc",
    },
];

/// How PyPy's ids begin (`python.pypy3`, `python.pypy3-64`): on Codeforces a
/// language of its own, run by `pypy3`.
const PYPY_PREFIX: &str = "python.pypy";

/// The C++ standard a written package's C++ id (`cpp.g++17`) names.
pub const WRITTEN_CPP_STANDARD: &str = "17";

impl Language {
    /// The language Polygon's id `kind` names (`cpp.g++20` is C++), if
    /// jurybox knows its family.
    pub fn of_polygon_id(kind: &str) -> Option<&'static Language> {
        let family = FAMILIES.iter().find(|f| kind.starts_with(f.prefix))?;
        Language::named(family.language)
    }

    /// The id a Polygon package jurybox writes gives a source of this
    /// language (`cpp.g++17`), if Polygon has one jurybox knows.
    pub fn polygon_id(&self) -> Option<&'static str> {
        FAMILIES
            .iter()
            .find(|f| f.language == self.id)
            .map(|f| f.written)
    }
}

/// Whether Polygon's id `kind` is PyPy's (`python.pypy3`).
pub fn is_pypy(kind: &str) -> bool {
    kind.starts_with(PYPY_PREFIX)
}

/// The C++ standard a C++ id names, by its last digits (`cpp.g++20`,
/// `cpp.gcc13-64-winlibs-g++20`: `20`); `None` for another language's id or
/// one that ends in no digits.
pub fn cpp_standard(kind: &str) -> Option<&str> {
    if Language::of_polygon_id(kind)?.id != "cpp" {
        return None;
    }
    let standard = kind.rsplit(|c: char| !c.is_ascii_digit()).next()?;
    (!standard.is_empty()).then_some(standard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_a_language_of_the_table_and_reads_back() {
        for family in FAMILIES {
            let language = Language::named(family.language).expect("in the table");
            assert_eq!(language.polygon_id(), Some(family.written));
            assert_eq!(Language::of_polygon_id(family.written), Some(language));
        }
        assert_eq!(
            Language::of_polygon_id("cpp.gcc13-64-winlibs-g++20")
                .unwrap()
                .id,
            "cpp"
        );
        assert_eq!(
            Language::of_polygon_id("python.pypy3").unwrap().id,
            "python3"
        );
        assert_eq!(Language::of_polygon_id("pascal.pabc").unwrap().id, "pascal");
        assert_eq!(Language::of_polygon_id("delphi.7"), None);
        assert!(is_pypy("python.pypy3-64") && !is_pypy("python.3"));
        assert_eq!(cpp_standard("cpp.gcc13-64-winlibs-g++20"), Some("20"));
        assert_eq!(cpp_standard("cpp.g++17"), Some(WRITTEN_CPP_STANDARD));
        assert_eq!(cpp_standard("python.3"), None);
    }
}
