//! A lexed source with what every operator asks of it: token texts, matching
//! brackets, nesting depth, which `<` and `>` are template brackets, and whether
//! an edit would touch an opaque span.

use crate::lex::{self, Kind, Token};
use crate::words::{C_KEYWORDS, PYTHON_KEYWORDS};
use crate::Syntax;

/// A source ready for the operators.
pub(crate) struct Code<'a> {
    /// The submission's text.
    pub source: &'a str,
    /// Its language.
    pub language: Syntax,
    /// Its code tokens (comments and directives left out).
    pub tokens: Vec<Token>,
    /// For each bracket `(`, `[`, `{` and its closer, the index of the other one.
    pub partner: Vec<Option<usize>>,
    /// How many brackets enclose each token (a bracket is outside its own pair).
    pub depth: Vec<usize>,
    /// The `<`, `>` and `>>` that are (or may be) template brackets, never
    /// comparisons; always false outside C++ (found by `templates.rs`, which
    /// reads the rest of the analysis).
    pub template_bracket: Vec<bool>,
    /// Comments, strings, directives and conditionally compiled tokens, in order.
    opaque: Vec<(usize, usize)>,
}

impl<'a> Code<'a> {
    /// Lexes and analyses `source`; its template brackets are then found by
    /// [`Code::with_template_brackets`].
    pub fn new(source: &'a str, language: Syntax) -> Self {
        let lexed = lex::lex(source, language);
        let mut opaque = lexed.opaque;
        opaque.sort_unstable();
        opaque.dedup();
        let mut code = Code {
            source,
            language,
            partner: vec![None; lexed.tokens.len()],
            depth: vec![0; lexed.tokens.len()],
            template_bracket: vec![false; lexed.tokens.len()],
            tokens: lexed.tokens,
            opaque,
        };
        code.match_brackets();
        code
    }

    fn match_brackets(&mut self) {
        let mut open: Vec<usize> = Vec::new();
        for i in 0..self.tokens.len() {
            let opener = match self.text(i) {
                ")" => "(",
                "]" => "[",
                "}" => "{",
                "(" | "[" | "{" if self.tokens[i].kind == Kind::Punct => {
                    self.depth[i] = open.len();
                    open.push(i);
                    continue;
                }
                _ => {
                    self.depth[i] = open.len();
                    continue;
                }
            };
            if self.tokens[i].kind == Kind::Punct
                && open.last().is_some_and(|&o| self.text(o) == opener)
            {
                let o = open.pop().unwrap_or(i);
                self.partner[o] = Some(i);
                self.partner[i] = Some(o);
            }
            self.depth[i] = open.len();
        }
    }

    /// The number of code tokens.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// The text of token `i`.
    pub fn text(&self, i: usize) -> &'a str {
        let t = self.tokens[i];
        &self.source[t.start..t.end]
    }

    /// Whether token `i` exists and is the punctuator or word `s`.
    pub fn is(&self, i: usize, s: &str) -> bool {
        i < self.len() && self.tokens[i].kind != Kind::Str && self.text(i) == s
    }

    /// Whether token `i` exists and is of `kind`.
    pub fn kind_is(&self, i: usize, kind: Kind) -> bool {
        i < self.len() && self.tokens[i].kind == kind
    }

    /// Whether token `i` is a keyword of the language.
    pub fn is_keyword(&self, i: usize) -> bool {
        self.kind_is(i, Kind::Ident)
            && match self.language {
                Syntax::C | Syntax::Cpp => C_KEYWORDS.contains(&self.text(i)),
                Syntax::Python => PYTHON_KEYWORDS.contains(&self.text(i)),
            }
    }

    /// Whether token `i` is a name: an identifier that is not a keyword.
    pub fn is_name(&self, i: usize) -> bool {
        self.kind_is(i, Kind::Ident) && !self.is_keyword(i)
    }

    /// Whether token `i` ends an operand, so that an operator right after it is
    /// binary: a name, a literal, or a closing bracket.
    pub fn ends_operand(&self, i: usize) -> bool {
        match self.tokens[i].kind {
            Kind::Number | Kind::Str => true,
            Kind::Ident => !self.is_keyword(i),
            Kind::Punct => {
                matches!(self.text(i), ")" | "]")
                    || (self.language == Syntax::Python && self.text(i) == "}")
            }
            Kind::Newline => false,
        }
    }

    /// Whether white space (or a comment) separates tokens `i` and `i + 1`.
    pub fn spaced_after(&self, i: usize) -> bool {
        i + 1 < self.len() && self.tokens[i].end < self.tokens[i + 1].start
    }

    /// The byte range from the start of token `first` to the end of token `last`.
    pub fn range(&self, first: usize, last: usize) -> (usize, usize) {
        (self.tokens[first].start, self.tokens[last].end)
    }

    /// Whether the bytes `start..end` overlap a comment, string, directive or
    /// conditionally compiled token.
    pub fn touches_opaque(&self, start: usize, end: usize) -> bool {
        // The first span ending after `start`; spans are sorted and disjoint.
        let k = self.opaque.partition_point(|&(_, e)| e <= start);
        self.opaque.get(k).is_some_and(|&(s, _)| s < end)
    }
}
