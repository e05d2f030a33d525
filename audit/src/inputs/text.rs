//! Invalid inputs made from one valid input by its bytes: line endings,
//! blanks, trailing garbage, a byte that is not ASCII, a final newline
//! missing, a line missing or repeated. Each is a function of the valid
//! input, so a finding is shrunk by shrinking the valid input under it
//! (the shrinker writes canonical text, which would undo the mutation).

/// A change of a valid input's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMutation {
    /// Every `\n` written `\r\n`.
    CrLf,
    /// The first space a tab.
    TabForSpace,
    /// The first space doubled.
    DoubleSpace,
    /// A space before the first token.
    LeadingSpace,
    /// A space before the first newline.
    TrailingSpace,
    /// The last newline removed.
    NoFinalNewline,
    /// A non-ASCII byte (`é` in UTF-8) after the first token.
    NonAscii,
    /// A token `x` on a line of its own after the end.
    TrailingGarbage,
    /// A token `1` after the end.
    ExtraNumber,
    /// An empty line after the end.
    BlankLineAtEnd,
    /// The last line written twice.
    RepeatedLastLine,
    /// The last line removed.
    MissingLastLine,
}

impl TextMutation {
    /// Every mutation, in the order tried.
    pub const ALL: [TextMutation; 12] = [
        TextMutation::TrailingGarbage,
        TextMutation::ExtraNumber,
        TextMutation::BlankLineAtEnd,
        TextMutation::RepeatedLastLine,
        TextMutation::MissingLastLine,
        TextMutation::NoFinalNewline,
        TextMutation::CrLf,
        TextMutation::TabForSpace,
        TextMutation::DoubleSpace,
        TextMutation::LeadingSpace,
        TextMutation::TrailingSpace,
        TextMutation::NonAscii,
    ];

    /// Whether the change makes any input invalid, whatever its grammar:
    /// every change but a line repeated or removed (which a format of
    /// lines up to the end of the file may allow).
    pub fn generic(self) -> bool {
        !matches!(
            self,
            TextMutation::RepeatedLastLine | TextMutation::MissingLastLine
        )
    }

    /// In words, for a finding.
    pub fn describe(self) -> &'static str {
        match self {
            TextMutation::CrLf => "lines ended by CRLF",
            TextMutation::TabForSpace => "a tab for a space",
            TextMutation::DoubleSpace => "two spaces between tokens",
            TextMutation::LeadingSpace => "a space before the first token",
            TextMutation::TrailingSpace => "a space at a line's end",
            TextMutation::NoFinalNewline => "no newline at the end",
            TextMutation::NonAscii => "a byte that is not ASCII",
            TextMutation::TrailingGarbage => "a token `x` after the input's end",
            TextMutation::ExtraNumber => "a number `1` after the input's end",
            TextMutation::BlankLineAtEnd => "an empty line at the end",
            TextMutation::RepeatedLastLine => "the last line repeated",
            TextMutation::MissingLastLine => "the last line missing",
        }
    }

    /// `valid` changed, or `None` where the change cannot be made.
    pub fn apply(self, valid: &[u8]) -> Option<Vec<u8>> {
        let first = |b: u8| valid.iter().position(|&c| c == b);
        let mut out = valid.to_vec();
        match self {
            TextMutation::CrLf => {
                first(b'\n')?;
                out = valid
                    .iter()
                    .flat_map(|&b| {
                        if b == b'\n' {
                            vec![b'\r', b'\n']
                        } else {
                            vec![b]
                        }
                    })
                    .collect();
            }
            TextMutation::TabForSpace => out[first(b' ')?] = b'\t',
            TextMutation::DoubleSpace => out.insert(first(b' ')?, b' '),
            TextMutation::LeadingSpace => out.insert(0, b' '),
            TextMutation::TrailingSpace => out.insert(first(b'\n')?, b' '),
            TextMutation::NoFinalNewline => {
                out.pop().filter(|&b| b == b'\n')?;
            }
            TextMutation::NonAscii => {
                let end = valid
                    .iter()
                    .position(|b| b.is_ascii_whitespace())
                    .unwrap_or(valid.len());
                out.splice(end..end, "é".bytes());
            }
            TextMutation::TrailingGarbage => out.extend_from_slice(b"x\n"),
            TextMutation::ExtraNumber => out.extend_from_slice(b"1\n"),
            TextMutation::BlankLineAtEnd => out.push(b'\n'),
            TextMutation::RepeatedLastLine | TextMutation::MissingLastLine => {
                let body = valid.strip_suffix(b"\n")?;
                let start = body.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
                let last = valid[start..].to_vec();
                if self == TextMutation::RepeatedLastLine {
                    out.extend_from_slice(&last);
                } else {
                    out.truncate(start);
                }
            }
        }
        Some(out)
    }
}
