//! Which lexer and which operators a submission gets, told from its file name.

use std::fmt;
use std::path::Path;

/// The syntax a submission is mutated in: its language, as far as the lexer
/// and the operators care. C and C++ share a lexer (C++ adds raw strings and
/// template brackets); Python has its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Syntax {
    /// C, from `.c`.
    C,
    /// C++, from `.cpp`, `.cc`, `.cxx`, `.c++` or `.C`.
    Cpp,
    /// Python 3, from `.py` or `.py3`.
    Python,
}

impl Syntax {
    /// The language of a submission from its extension, as the judges' tools tell
    /// it (BAPCtools and problemtools go by the extension too), read from the one
    /// table of languages a judge builds (`jurybox_languages`); `None` for any
    /// other file, which the caller skips rather than guesses.
    pub fn of(path: impl AsRef<Path>) -> Option<Syntax> {
        let name = path.as_ref().file_name()?.to_str()?;
        match jurybox_languages::Language::of_file(name)?.id {
            "c" => Some(Syntax::C),
            "cpp" => Some(Syntax::Cpp),
            "python3" => Some(Syntax::Python),
            _ => None,
        }
    }

    /// The language's usual name, for reports.
    pub fn name(self) -> &'static str {
        match self {
            Syntax::C => "C",
            Syntax::Cpp => "C++",
            Syntax::Python => "Python",
        }
    }

    /// C or C++: the languages with a preprocessor, braces and typed declarations.
    pub(crate) fn is_c_family(self) -> bool {
        matches!(self, Syntax::C | Syntax::Cpp)
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
