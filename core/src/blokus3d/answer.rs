//! The output: one line per action (`NO` or the K scores), an empty line between
//! test cases; its reader; and the judge.
//!
//! The reader is tolerant of whitespace the way testlib's token readers are (spaces,
//! tabs, `\r`, empty lines anywhere), but keeps one reply per non-empty line, so that
//! a reply with the wrong number of tokens is a presentation error at its own line,
//! and a `NO` where scores were due is a wrong answer at its own action rather than a
//! shifted token stream.

use super::{Answer, Input, Reply};
use crate::error::Position;
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// Writes `answer` exactly as the output format says.
pub(super) fn write(answer: &Answer, out: &mut String) {
    for (i, replies) in answer.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for reply in replies {
            match reply {
                Reply::No => out.push_str("NO\n"),
                Reply::Scores(scores) => {
                    for (j, s) in scores.iter().enumerate() {
                        if j > 0 {
                            out.push(' ');
                        }
                        let _ = write!(out, "{s}");
                    }
                    out.push('\n');
                }
            }
        }
    }
}

/// Reads a candidate's output for `input`.
pub(super) fn parse(input: &Input, text: &[u8]) -> Result<Answer, ParseError> {
    let mut lines = text
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| line.iter().any(|b| !b.is_ascii_whitespace()));
    let mut answer = Vec::with_capacity(input.games.len());
    let end_line = text.split(|&b| b == b'\n').count();
    for (g, game) in input.games.iter().enumerate() {
        let mut replies = Vec::with_capacity(game.actions.len());
        for a in 0..game.actions.len() {
            let what = format!("the reply to test case {}, action {}", g + 1, a + 1);
            let Some((number, line)) = lines.next() else {
                return Err(ParseError::new(
                    Position {
                        line: end_line,
                        column: 1,
                    },
                    format!("expected {what}, found end of output"),
                ));
            };
            replies.push(reply(number, line, game.k as usize, &what)?);
        }
        answer.push(replies);
    }
    if let Some((number, line)) = lines.next() {
        let column = line
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(0)
            + 1;
        return Err(ParseError::new(
            Position {
                line: number,
                column,
            },
            "expected end of output (every action has its reply), found another line",
        ));
    }
    Ok(answer)
}

/// One line: `NO` or exactly `k` integers.
fn reply(number: usize, line: &[u8], k: usize, what: &str) -> Result<Reply, ParseError> {
    let at = |column: usize| Position {
        line: number,
        column,
    };
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if line[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && !line[i].is_ascii_whitespace() {
            i += 1;
        }
        tokens.push((start + 1, &line[start..i]));
    }
    if tokens.len() == 1 && tokens[0].1 == b"NO" {
        return Ok(Reply::No);
    }
    let mut scores = Vec::with_capacity(k);
    for &(column, token) in &tokens {
        let canonical = !token.is_empty()
            && token.iter().all(u8::is_ascii_digit)
            && (token == b"0" || token[0] != b'0');
        let value = std::str::from_utf8(token)
            .ok()
            .filter(|_| canonical)
            .and_then(|t| t.parse::<u32>().ok())
            .ok_or_else(|| {
                ParseError::new(
                    at(column),
                    format!(
                        "{what}: expected NO or a score (a non-negative integer), found '{}'",
                        String::from_utf8_lossy(token)
                    ),
                )
            })?;
        scores.push(value);
    }
    if scores.len() != k {
        return Err(ParseError::new(
            at(1),
            format!(
                "{what}: expected NO or K = {k} scores, found {} tokens",
                tokens.len()
            ),
        ));
    }
    Ok(Reply::Scores(scores))
}

fn show(reply: &Reply) -> String {
    match reply {
        Reply::No => "NO".to_string(),
        Reply::Scores(s) => s.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
    }
}

/// Accepted when every reply matches, else a wrong answer naming the test case and
/// the action of the first difference.
pub(super) fn judge(reference: &Answer, candidate: &Answer) -> Judgement {
    if reference.len() != candidate.len() {
        return Judgement::WrongAnswer(format!(
            "expected {} test cases, found {}",
            reference.len(),
            candidate.len()
        ));
    }
    for (g, (want, got)) in reference.iter().zip(candidate).enumerate() {
        if want.len() != got.len() {
            return Judgement::WrongAnswer(format!(
                "test case {}: expected {} replies, found {}",
                g + 1,
                want.len(),
                got.len()
            ));
        }
        if let Some(a) = (0..want.len()).find(|&a| want[a] != got[a]) {
            return Judgement::WrongAnswer(format!(
                "test case {}, action {}: expected {}, found {}",
                g + 1,
                a + 1,
                show(&want[a]),
                show(&got[a])
            ));
        }
    }
    Judgement::Accepted
}
