//! The mutations that write a word where another was: a name of the input
//! written again at a later place (the same dish ordered twice), a line written
//! over a later line of as many tokens (a line reused), and a token replaced by
//! an entry of the package's dictionary (the words and numbers of its
//! statement, sources and samples, given by the caller: AFL's `-x`), once and
//! at two places. A bug that needs a word the tests never hold ("tiramisu"
//! ordered twice) is out of reach of every other edit, which only moves,
//! repeats and renumbers what is there. And one letter of a word changed to
//! the first or last of its class (a message sent three times with one letter
//! garbled: any other edit of the word breaks what the validator asks of it).

use super::edits::Edit;
use super::layout::{integer, Layout, Splice};
use crate::text::Grid;

/// Places an entry is tried at (spread over the input, its first and last
/// fitting tokens among them).
pub(crate) const PLACES_PER_ENTRY: usize = 8;

/// "line L, token T", counted from 1.
fn place((line, token): (usize, usize)) -> String {
    format!("line {}, token {}", line + 1, token + 1)
}

/// The character classes of `bytes` (lowercase, uppercase, digit, other) as
/// bits: an entry fits a word token whose classes include its own.
fn classes(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |c, b| {
        c | match b {
            b'a'..=b'z' => 1,
            b'A'..=b'Z' => 2,
            b'0'..=b'9' => 4,
            _ => 8,
        }
    })
}

/// Whether `entry` may stand where `token` is: a number for a number, a word
/// of no other characters than the token's for a word; never the token itself
/// nor anything with white space (a token stays one token).
fn fits(entry: &[u8], token: &[u8]) -> bool {
    if entry.is_empty() || entry == token || entry.iter().any(u8::is_ascii_whitespace) {
        return false;
    }
    match (integer(token), integer(entry)) {
        (Some(_), entry) => entry.is_some(),
        (None, Some(_)) => false,
        (None, None) => classes(entry) & !classes(token) == 0,
    }
}

/// Every token's place, in reading order.
fn places(layout: &Layout) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..layout.height()).flat_map(move |line| (0..layout.width(line)).map(move |t| (line, t)))
}

fn set(layout: &Layout, at: (usize, usize), bytes: &[u8]) -> Splice {
    Splice {
        range: layout.span(at.0, at.1),
        bytes: bytes.to_vec(),
    }
}

/// The echoes of line `line`: its content written over the next and the last
/// later line with as many tokens and other content, and each of its words
/// (tokens that are not numbers) written over the next and the last later
/// word of the same characters that differs from it.
pub(crate) fn echo_edits(layout: &Layout, line: usize) -> Vec<Edit> {
    let text = layout.text();
    let mut edits = Vec::new();
    let own = &text[layout.content(line)];
    let later: Vec<usize> = (line + 1..layout.height())
        .filter(|&m| layout.width(m) == layout.width(line) && text[layout.content(m)] != *own)
        .collect();
    for m in first_and_last(&later) {
        edits.push(Edit {
            splices: vec![Splice {
                range: layout.content(m),
                bytes: own.to_vec(),
            }],
            description: format!("line {} written over line {}", line + 1, m + 1),
        });
    }
    for token in 0..layout.width(line) {
        let word = layout.token(line, token);
        if integer(word).is_some() {
            continue;
        }
        let later: Vec<(usize, usize)> = places(layout)
            .filter(|&at| at > (line, token))
            .filter(|&(l, t)| fits(word, layout.token(l, t)))
            .collect();
        for at in first_and_last(&later) {
            edits.push(Edit {
                splices: vec![set(layout, at, word)],
                description: format!("{} written over {}", place((line, token)), place(at)),
            });
        }
        edits.extend(letter_edits(layout, (line, token)));
    }
    edits
}

/// The first and the last character of `c`'s class, if it has one.
fn class_ends(c: u8) -> Option<[u8; 2]> {
    match c {
        b'a'..=b'z' => Some([b'a', b'z']),
        b'A'..=b'Z' => Some([b'A', b'Z']),
        b'0'..=b'9' => Some([b'0', b'9']),
        _ => None,
    }
}

/// The word at `at` with one character changed to the first or the last of
/// its class, at up to [`PLACES_PER_ENTRY`] positions spread from its first
/// character to its last (issue 43: KTH Challenge 2020's tripletexting, a
/// message three times over with at most one letter garbled, where the
/// wrong submissions fail only on a smaller letter first or last).
fn letter_edits(layout: &Layout, at: (usize, usize)) -> Vec<Edit> {
    let word = layout.token(at.0, at.1);
    let start = layout.span(at.0, at.1).start;
    let positions: Vec<usize> = (0..word.len()).collect();
    let mut edits = Vec::new();
    for p in spread(&positions, PLACES_PER_ENTRY) {
        let Some(ends) = class_ends(word[p]) else {
            continue;
        };
        for end in ends.into_iter().filter(|&e| e != word[p]) {
            edits.push(Edit {
                splices: vec![Splice {
                    range: start + p..start + p + 1,
                    bytes: vec![end],
                }],
                description: format!(
                    "{}, character {}: {:?} → {:?}",
                    place(at),
                    p + 1,
                    char::from(word[p]),
                    char::from(end)
                ),
            });
        }
    }
    edits
}

/// Up to `k` of `all`, spread from the first to the last.
fn spread<T: Copy + PartialEq>(all: &[T], k: usize) -> Vec<T> {
    if all.len() <= k {
        return all.to_vec();
    }
    let last = all.len() - 1;
    let mut picked: Vec<T> = (0..k).map(|i| all[i * last / (k - 1)]).collect();
    picked.dedup();
    picked
}

/// The first and (when another) the last of `all`.
fn first_and_last<T: Copy + PartialEq>(all: &[T]) -> Vec<T> {
    let mut picked: Vec<T> = all.first().copied().into_iter().collect();
    if let Some(&last) = all.last() {
        if picked.first() != Some(&last) {
            picked.push(last);
        }
    }
    picked
}

/// The edits that put `entry` into the input: at each of up to
/// [`PLACES_PER_ENTRY`] tokens it fits (spread from the first to the last),
/// alone, then with the next of those places too (the entry named twice).
/// Empty when it fits nowhere.
pub(crate) fn entry_edits(layout: &Layout, entry: &[u8]) -> Vec<Edit> {
    let fitting: Vec<(usize, usize)> = places(layout)
        .filter(|&(l, t)| fits(entry, layout.token(l, t)))
        .collect();
    let spread = spread(&fitting, PLACES_PER_ENTRY);
    let shown = String::from_utf8_lossy(entry);
    let mut edits = Vec::new();
    for &at in &spread {
        edits.push(Edit {
            splices: vec![set(layout, at, entry)],
            description: format!("{}: dictionary {shown:?}", place(at)),
        });
    }
    for &at in &spread {
        // The next fitting token after it, among all (not only the spread):
        // two orders of the same dish are often next to each other.
        if let Some(&next) = fitting.iter().find(|&&other| other > at) {
            edits.push(Edit {
                splices: vec![set(layout, at, entry), set(layout, next, entry)],
                description: format!("{} and {}: dictionary {shown:?}", place(at), place(next)),
            });
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::super::layout::apply;
    use super::*;

    fn made(edits: &[Edit], layout: &Layout) -> Vec<(String, String)> {
        edits
            .iter()
            .map(|e| {
                let text = apply(layout.text(), &e.splices);
                (e.description.clone(), String::from_utf8_lossy(&text).into())
            })
            .collect()
    }

    #[test]
    fn an_entry_goes_where_a_word_of_its_characters_is_once_and_twice() {
        let layout = Layout::new(b"3\npasta\nsalad\npasta\n".to_vec());
        let all = made(&entry_edits(&layout, b"tiramisu"), &layout);
        assert_eq!(
            all[0],
            (
                "line 2, token 1: dictionary \"tiramisu\"".into(),
                "3\ntiramisu\nsalad\npasta\n".into()
            )
        );
        assert!(all.contains(&(
            "line 3, token 1 and line 4, token 1: dictionary \"tiramisu\"".into(),
            "3\npasta\ntiramisu\ntiramisu\n".into()
        )));
        // Never over the count, nor a word of other characters.
        assert!(all.iter().all(|(_, t)| t.starts_with("3\n")), "{all:#?}");
        assert!(entry_edits(&layout, b"Tiramisu").is_empty());
        assert!(entry_edits(&layout, b"two words").is_empty());
        // A number goes where numbers are.
        let numbers = made(&entry_edits(&layout, b"20"), &layout);
        assert_eq!(numbers.len(), 1, "{numbers:#?}");
        assert_eq!(numbers[0].1, "20\npasta\nsalad\npasta\n");
    }

    #[test]
    fn an_entry_is_tried_at_a_few_places_spread_over_a_long_input() {
        let text: String = (0..100).map(|i| format!("w{i}x\n")).collect();
        let layout = Layout::new(text.into_bytes());
        let all = made(&entry_edits(&layout, b"zz"), &layout);
        // Each place alone, then with the next (the last has none).
        assert_eq!(all.len(), 2 * PLACES_PER_ENTRY - 1, "{all:#?}");
        assert!(all[0].0.starts_with("line 1,"));
        assert!(all[PLACES_PER_ENTRY - 1].0.starts_with("line 100,"));
    }

    /// Issue 43 (tripletexting): `hejhejhej` with its first or its last
    /// letter made an `a` is valid (one letter garbled) and is what the wrong
    /// submissions fail on; the letters in between are spread, not all tried.
    #[test]
    fn one_letter_of_a_word_becomes_the_first_or_last_of_its_class() {
        let layout = Layout::new(b"hejhejhej\n".to_vec());
        let all = made(&letter_edits(&layout, (0, 0)), &layout);
        let texts: Vec<&str> = all.iter().map(|(_, t)| t.as_str()).collect();
        assert!(texts.contains(&"aejhejhej\n"), "{all:#?}");
        assert!(texts.contains(&"hejhejhea\n"), "{all:#?}");
        assert!(texts.contains(&"hejhejhez\n"), "{all:#?}");
        assert_eq!(all[0].0, "line 1, token 1, character 1: 'h' → 'a'");
        let long = Layout::new(vec![b'm'; 1000]);
        assert_eq!(letter_edits(&long, (0, 0)).len(), 2 * PLACES_PER_ENTRY);
        // Echoed with the rest of the word's edits; never a number's digits.
        let echoed = made(&echo_edits(&layout, 0), &layout);
        assert!(echoed.iter().any(|(_, t)| t == "aejhejhej\n"));
        assert!(echo_edits(&Layout::new(b"12\n".to_vec()), 0).is_empty());
    }

    #[test]
    fn a_name_and_a_line_are_written_again_further_on() {
        let layout = Layout::new(b"2 x\nann bob\ncid dan\neve fay\n".to_vec());
        let all = made(&echo_edits(&layout, 1), &layout);
        let texts: Vec<&str> = all.iter().map(|(_, t)| t.as_str()).collect();
        assert!(
            texts.contains(&"2 x\nann bob\nann bob\neve fay\n"),
            "{all:#?}"
        );
        assert!(
            texts.contains(&"2 x\nann bob\ncid dan\nann bob\n"),
            "{all:#?}"
        );
        assert!(
            texts.contains(&"2 x\nann ann\ncid dan\neve fay\n"),
            "{all:#?}"
        );
        assert!(
            texts.contains(&"2 x\nann bob\ncid dan\neve ann\n"),
            "{all:#?}"
        );
        // Nothing goes backwards; numbers are the values' stage's.
        let last: Vec<(String, String)> = made(&echo_edits(&layout, 3), &layout)
            .into_iter()
            .filter(|(d, _)| d.contains("written over"))
            .collect();
        assert_eq!(last.len(), 1, "{last:#?}");
        assert_eq!(last[0].1, "2 x\nann bob\ncid dan\neve eve\n");
        assert!(echo_edits(&Layout::new(b"1 2\n3 4\n".to_vec()), 0).len() == 1);
    }
}
