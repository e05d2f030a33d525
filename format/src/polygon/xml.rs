//! Reading problem.xml and contest.xml with `roxmltree`: the document parsed
//! with an error that names the file, line and column, and the few questions
//! the readers ask of an element (a child, an attribute, a number), each
//! answer that cannot be used an [`Issue`] that says where it stands.

use crate::{Issue, PackageError};
use roxmltree::{Document, Node};
use std::path::Path;

/// The text of `path`, parsed; a file that is not well-formed XML is an error
/// with its line and column.
pub(crate) fn parse<'a>(text: &'a str, path: &Path) -> Result<Document<'a>, PackageError> {
    Document::parse(text).map_err(|e| {
        let pos = e.pos();
        PackageError::Xml {
            file: path.display().to_string(),
            line: pos.row,
            column: pos.col,
            reason: e.to_string(),
        }
    })
}

/// Where `node` starts, as `line:column`, for messages.
pub(crate) fn at(node: Node) -> String {
    let pos = node.document().text_pos_at(node.range().start);
    format!("{}:{}", pos.row, pos.col)
}

/// The first element child of `node` named `name`.
pub(crate) fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// Every element child of `node` named `name`, in document order.
pub(crate) fn children<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children().filter(move |c| c.has_tag_name(name))
}

/// The trimmed text of the child element `name`, when it has any.
pub(crate) fn child_text(node: Node, name: &str) -> Option<String> {
    child(node, name)
        .and_then(|c| c.text())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// An attribute, empty values included (`input-file=""` means stdin).
pub(crate) fn attr(node: Node, name: &str) -> Option<String> {
    node.attribute(name).map(str::to_string)
}

/// The child element `name` read as an unsigned integer; present but not a
/// number is an issue of `file` naming its line and column.
pub(crate) fn child_number(
    node: Node,
    name: &str,
    file: &str,
    issues: &mut Vec<Issue>,
) -> Option<u64> {
    let element = child(node, name)?;
    let text = element.text().unwrap_or("").trim();
    match text.parse::<u64>() {
        Ok(n) => Some(n),
        Err(_) => {
            issues.push(Issue::new(
                file,
                format!(
                    "{}: <{name}> must be a whole number, not '{text}': ignored",
                    at(element)
                ),
            ));
            None
        }
    }
}

/// An attribute read as a number (`points="32.0"`); present but not a finite
/// non-negative number is an issue.
pub(crate) fn attr_number(
    node: Node,
    name: &str,
    file: &str,
    issues: &mut Vec<Issue>,
) -> Option<f64> {
    let text = node.attribute(name)?;
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Some(x),
        _ => {
            issues.push(Issue::new(
                file,
                format!(
                    "{}: {name}=\"{text}\" must be a non-negative number: ignored",
                    at(node)
                ),
            ));
            None
        }
    }
}

/// A boolean attribute as Polygon writes it (`true`/`false`; `1`/`0`,
/// `yes`/`no` read too, as ejudge's reader does).
pub(crate) fn attr_bool(node: Node, name: &str, file: &str, issues: &mut Vec<Issue>) -> bool {
    match node.attribute(name).map(|v| v.trim().to_ascii_lowercase()) {
        None => false,
        Some(v) if ["true", "1", "yes"].contains(&v.as_str()) => true,
        Some(v) if ["false", "0", "no"].contains(&v.as_str()) => false,
        Some(v) => {
            issues.push(Issue::new(
                file,
                format!(
                    "{}: {name}=\"{v}\" must be true or false: read as false",
                    at(node)
                ),
            ));
            false
        }
    }
}

/// `text` with the five XML special characters escaped, for an attribute value
/// in double quotes or element text.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_document_names_its_line_and_column() {
        let err = parse(
            "<problem>\n  <names>\n</problem>",
            Path::new("p/problem.xml"),
        )
        .unwrap_err();
        match err {
            PackageError::Xml {
                file, line, column, ..
            } => {
                assert_eq!(file, "p/problem.xml");
                assert_eq!((line, column), (3, 1), "at the mismatched end tag");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn escaped_text_reads_back_as_itself() {
        let text = "gen \"a\" <b> & 'c'\n\t";
        let xml = format!("<t cmd=\"{}\"/>", escape(text));
        let doc = Document::parse(&xml).unwrap();
        assert_eq!(doc.root_element().attribute("cmd"), Some(text));
    }
}
