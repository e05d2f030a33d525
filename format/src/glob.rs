//! The glob patterns of `submissions.yaml` (2025-09 "Glob patterns"): `*` matches
//! within one path component, `{a,b}` expands, nothing else is special; a pattern
//! matches a path when it matches the path itself or one of its parents.

/// Every pattern `{a,b}` expands to, braces resolved left to right.
fn expand(pattern: &str) -> Vec<String> {
    let Some(open) = pattern.find('{') else {
        return vec![pattern.to_string()];
    };
    let Some(close) = pattern[open..].find('}').map(|c| open + c) else {
        return vec![pattern.to_string()];
    };
    let (head, body, tail) = (
        &pattern[..open],
        &pattern[open + 1..close],
        &pattern[close + 1..],
    );
    body.split(',')
        .flat_map(|choice| expand(&format!("{head}{choice}{tail}")))
        .collect()
}

/// `*`-matching of one component.
fn component(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, rest)) => {
            let Some(after) = text.strip_prefix(head) else {
                return false;
            };
            (0..=after.len())
                .filter(|&i| after.is_char_boundary(i))
                .any(|i| component(rest, &after[i..]))
        }
    }
}

fn whole(pattern: &str, path: &str) -> bool {
    let p: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
    let t: Vec<&str> = path.split('/').collect();
    p.len() == t.len() && p.iter().zip(&t).all(|(p, t)| component(p, t))
}

/// True when `pattern` matches `path` or one of its parent directories.
pub fn matches(pattern: &str, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    expand(pattern)
        .iter()
        .any(|p| (1..=parts.len()).any(|n| whole(p, &parts[..n].join("/"))))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn stars_stay_within_a_component_and_parents_match() {
        assert!(matches("accepted", "accepted/sol.cpp"));
        assert!(matches("accepted/*", "accepted/sol.cpp"));
        assert!(matches("accepted/*.cpp", "accepted/sol.cpp"));
        assert!(!matches("accepted/*.py", "accepted/sol.cpp"));
        assert!(!matches("*.cpp", "accepted/sol.cpp"));
        assert!(matches("author.{py,cpp}", "author.cpp"));
        assert!(matches("secret/*-easy", "secret/01-easy/3"));
        assert!(!matches("secret/*-easy", "secret/01-hard/3"));
        assert!(matches("secret", "secret/a"));
        assert!(!matches("sec", "secret/a"));
    }
}
