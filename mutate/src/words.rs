//! The words the operators must recognise: keywords (which never end an operand,
//! so a `-` after them is a sign), type names (which start a declaration and make
//! a `*` a pointer), and the standard templates (whose `<` opens arguments).

/// C and C++ keywords after which an operator is unary (`return -1`, `case -1:`).
/// `this`, `true`, `false` and `nullptr` are values and are left out.
pub(crate) const C_KEYWORDS: &[&str] = &[
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "class", "co_await", "co_return", "co_yield", "compl", "const",
    "const_cast", "constexpr", "continue", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "extern", "float", "for", "friend", "goto", "if",
    "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "restrict", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
    "struct", "switch", "template", "thread_local", "throw", "try", "typedef", "typename",
    "union", "unsigned", "using", "virtual", "void", "volatile", "while", "xor", "xor_eq",
    "_Bool",
];

/// Python keywords after which an operator is unary (`return -1`, `x if c else -1`).
/// `True`, `False` and `None` are values and are left out.
pub(crate) const PYTHON_KEYWORDS: &[&str] = &[
    "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif",
    "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
];

/// The builtin C type keywords a declaration's type is made of.
pub(crate) const BUILTIN_TYPE_WORDS: &[&str] = &[
    "int", "long", "short", "char", "double", "float", "unsigned", "signed", "bool", "void",
    "auto", "__int128", "_Bool",
];

/// Type names that are not keywords but are as good as ones in contest code: the
/// fixed-width integers and the usual typedefs. After one, `*` and `&&` declare.
pub(crate) const COMMON_TYPE_NAMES: &[&str] = &[
    "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
    "uint64_t", "ll", "ull", "ld", "lld", "string",
];

/// Words before which a declaration's type may stand (`static const int a, b;`).
pub(crate) const DECLARATION_QUALIFIERS: &[&str] = &[
    "const", "static", "constexpr", "volatile", "register", "mutable", "thread_local", "inline",
];

/// Names whose `<` opens template arguments: the standard library's templates
/// and casts, and the keyword `template`. A `<` after any of them is never
/// mutated.
pub(crate) const TEMPLATE_NAMES: &[&str] = &[
    "template", "vector", "array", "map", "set", "multiset", "multimap", "unordered_map",
    "unordered_set", "unordered_multimap", "unordered_multiset", "pair", "tuple", "queue",
    "priority_queue", "stack", "deque", "list", "forward_list", "bitset", "basic_string",
    "optional", "variant", "function", "greater", "less", "greater_equal", "less_equal",
    "equal_to", "not_equal_to", "hash", "plus", "minus", "multiplies", "numeric_limits",
    "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "bit_cast", "make_pair",
    "make_tuple", "get", "unique_ptr", "shared_ptr", "make_unique", "make_shared", "span",
    "valarray", "complex", "initializer_list", "max", "min", "swap", "tree", "gp_hash_table",
    "cc_hash_table", "is_same", "enable_if", "conditional", "accumulate", "iota",
];

/// Whether `word` is a C type word or common type name.
pub(crate) fn is_c_type_word(word: &str) -> bool {
    BUILTIN_TYPE_WORDS.contains(&word) || COMMON_TYPE_NAMES.contains(&word)
}
