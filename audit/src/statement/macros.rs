//! A statement's own macros without arguments expanded: BAPCtools'
//! problem template defines a problem's limits as `\newcommand{\maxn}{1000}`
//! and states them as `$\minn \leq n \leq \maxn$`, so the bounds are read
//! only once the macros are replaced by what they stand for.

/// A macro's name and what it stands for.
type Macro = (String, String);

/// `text` with every argument-free macro it defines (`\newcommand{\a}{b}`,
/// `\newcommand\a{b}`, `\renewcommand`, `\def\a{b}`) replaced by its body
/// wherever it is used, bodies that use other macros expanded too.
pub fn expand(text: &str) -> String {
    let macros = definitions(text);
    if macros.is_empty() {
        return text.to_string();
    }
    let mut out = text.to_string();
    // Bodies may use one another; a macro that uses itself stops here.
    for _ in 0..4 {
        let next = replace_all(&out, &macros);
        if next == out {
            break;
        }
        out = next;
    }
    out
}

/// Every argument-free macro `text` defines.
fn definitions(text: &str) -> Vec<Macro> {
    let mut out = Vec::new();
    for keyword in ["\\newcommand", "\\renewcommand", "\\def"] {
        let mut rest = text;
        while let Some(at) = rest.find(keyword) {
            rest = &rest[at + keyword.len()..];
            if rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
                continue; // \newcommandx, \definecolor: not this keyword
            }
            if let Some(found) = definition(rest) {
                out.push(found);
            }
        }
    }
    out
}

/// `{\name}{body}` or `\name{body}` at the start of `text`; `None` for a
/// macro with arguments (`[1]`) or one that does not read.
fn definition(text: &str) -> Option<Macro> {
    let text = text.trim_start();
    let (name, rest) = match text.strip_prefix('{') {
        Some(inner) => {
            let close = inner.find('}')?;
            (inner[..close].trim(), &inner[close + 1..])
        }
        None => {
            let end = 1 + text[1..]
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(text.len() - 1);
            (&text[..end], &text[end..])
        }
    };
    let name = name.strip_prefix('\\')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let body = braced(rest.trim_start())?;
    Some((name.to_string(), body.to_string()))
}

/// The contents of the balanced `{...}` that starts `text`.
fn braced(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('{')?;
    let mut depth = 1;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&inner[..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` with each use of a macro (its name not followed by a letter)
/// replaced by its body, a definition's own name left alone.
fn replace_all(text: &str, macros: &[Macro]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let len = after
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after.len());
        let name = &after[..len];
        let defining = ["newcommand", "renewcommand", "def"].iter().any(|k| {
            out.trim_end().ends_with(&format!("\\{k}")) || out.ends_with(&format!("\\{k}{{"))
        });
        match macros.iter().find(|(n, _)| n == name) {
            Some((_, body)) if !defining => out.push_str(body),
            _ => {
                out.push('\\');
                out.push_str(name);
            }
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn a_limit_defined_as_a_macro_is_stated_by_its_value() {
        let tex = "\\newcommand{\\minn}{2}\n\\newcommand\\maxn{1000}\n\\def\\maxm{10^{5}}\n$\\minn \\leq n\\leq \\maxn$, $m \\le \\maxm$";
        let out = expand(tex);
        assert!(
            out.ends_with("$2 \\leq n\\leq 1000$, $m \\le 10^{5}$"),
            "{out}"
        );
    }

    #[test]
    fn macros_with_arguments_and_other_commands_are_left_alone() {
        let tex = "\\newcommand{\\f}[1]{#1}\\newcommand{\\n}{5}$\\f{x} \\le \\nu$ \\definecolor";
        assert_eq!(
            expand(tex),
            "\\newcommand{\\f}[1]{#1}\\newcommand{\\n}{5}$\\f{x} \\le \\nu$ \\definecolor"
        );
    }
}
