//! Outputs made wrong from a right one: each numeric token moved by one (a
//! real number far past any tolerance), the output cut short, an extra
//! token, the empty output, a huge number, `nan`, `inf`, another test's
//! answer. Where the problem has several answers only what no answer can
//! be is made (empty, `nan`, `inf`).

/// A wrong output and what it is.
pub struct Wrong {
    /// What it is, in words.
    pub what: String,
    /// A key: one finding per key.
    pub label: String,
    /// The output.
    pub output: Vec<u8>,
}

/// The whitespace-separated tokens of `text`.
pub fn tokens(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Most tokens changed one at a time (the first ones, and the last).
const CHANGED_TOKENS: usize = 6;

/// The wrong outputs made from `answer`; `others` are other tests' answers.
pub fn wrong_outputs(answer: &[u8], others: &[&[u8]], several: bool) -> Vec<Wrong> {
    let words = tokens(answer);
    let mut out = Vec::new();
    let mut push = |what: String, label: &str, words: &[String]| {
        out.push(Wrong {
            what,
            label: label.to_string(),
            output: render(words),
        })
    };
    push("the empty output".into(), "empty", &[]);
    let numeric: Vec<usize> = (0..words.len())
        .filter(|&i| number(&words[i]).is_some())
        .collect();
    if let Some(&first) = numeric.first() {
        for (token, label) in [("nan", "nan"), ("inf", "inf"), ("-inf", "-inf")] {
            let mut w = words.clone();
            w[first] = token.into();
            push(
                format!("`{token}` for token {} (`{}`)", first + 1, words[first]),
                label,
                &w,
            );
        }
    }
    if several {
        return out;
    }
    let mut changed: Vec<usize> = numeric.iter().copied().take(CHANGED_TOKENS).collect();
    changed.extend(numeric.last().filter(|l| !changed.contains(l)));
    for &i in &changed {
        for step in [1i8, -1] {
            let Some(w) = moved(&words[i], step) else {
                continue;
            };
            let mut ws = words.clone();
            ws[i] = w.clone();
            let label = format!(
                "token {} {}",
                if i == 0 {
                    "first"
                } else if Some(&i) == numeric.last() {
                    "last"
                } else {
                    "middle"
                },
                step
            );
            push(
                format!("token {} changed from `{}` to `{w}`", i + 1, words[i]),
                &label,
                &ws,
            );
        }
    }
    if let Some(&first) = numeric.first() {
        let mut w = words.clone();
        w[first] = format!("1{}", "0".repeat(30));
        push(
            format!("a huge number for token {} (`{}`)", first + 1, words[first]),
            "huge",
            &w,
        );
    }
    if words.len() > 1 {
        push(
            "the output without its last token".into(),
            "truncated",
            &words[..words.len() - 1],
        );
        push(
            "only the first token of the output".into(),
            "first only",
            &words[..1],
        );
    }
    if let Some(last) = words.last() {
        let mut w = words.clone();
        w.push(last.clone());
        push("an extra token at the end".into(), "extra", &w);
    }
    let own = words.clone();
    if let Some(other) = others
        .iter()
        .map(|o| tokens(o))
        .find(|o| *o != own && !o.is_empty())
    {
        push("another test's answer".into(), "other answer", &other);
    }
    out
}

/// `words` written one line each, as most answers are.
fn render(words: &[String]) -> Vec<u8> {
    let mut out = String::new();
    for w in words {
        out.push_str(w);
        out.push('\n');
    }
    out.into_bytes()
}

/// A token's number, if it is one.
fn number(token: &str) -> Option<f64> {
    token.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// `token` moved by `step`: an integer by one, a real number far past any
/// tolerance (to `2x + step`).
fn moved(token: &str, step: i8) -> Option<String> {
    if let Ok(v) = token.parse::<i128>() {
        return Some((v + i128::from(step)).to_string());
    }
    let x = number(token)?;
    let decimals = token.split_once('.').map_or(0, |(_, d)| d.len());
    Some(format!("{:.*}", decimals, 2.0 * x + f64::from(step)))
}
