//! The one view jurybox takes of an input whose format it does not know: lines of
//! whitespace-separated tokens. And the one guess it makes about structure, shared
//! by the shrinker (which removes lines and tokens) and the mutator (which also
//! repeats them): a *count*, an integer on an earlier line that equals the number
//! of lines below it (`n`, then n lines) or the number of tokens of a later line
//! (`k`, then a line of k numbers). Whoever changes how many lines or tokens there
//! are changes the count with them, so the input stays well formed.
//!
//! Time: each count query reads the lines above the change once, O(tokens above).

/// Lines of tokens, owned: the shrinker's working form.
pub(crate) type Lines = Vec<Vec<String>>;

/// `text` as lines of tokens (invalid UTF-8 read lossily).
pub(crate) fn parse(text: &[u8]) -> Lines {
    String::from_utf8_lossy(text)
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

/// `lines` in canonical form: tokens separated by one space, each line ended by a
/// newline.
pub(crate) fn render(lines: &Lines) -> Vec<u8> {
    let mut out = String::new();
    for line in lines {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out.into_bytes()
}

/// Anything read as lines of tokens: the shrinker's owned [`Lines`] and the
/// mutator's byte spans into the original input.
pub(crate) trait Grid {
    /// How many lines.
    fn height(&self) -> usize;
    /// How many tokens line `line` has.
    fn width(&self, line: usize) -> usize;
    /// Token `index` of line `line`.
    fn token(&self, line: usize, index: usize) -> &[u8];
}

impl Grid for Lines {
    fn height(&self) -> usize {
        self.len()
    }
    fn width(&self, line: usize) -> usize {
        self[line].len()
    }
    fn token(&self, line: usize, index: usize) -> &[u8] {
        self[line][index].as_bytes()
    }
}

fn natural(token: &[u8]) -> Option<usize> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// A count found above a change: where it is and what it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Count {
    /// Its line.
    pub line: usize,
    /// Its token on that line.
    pub index: usize,
    /// Its value.
    pub value: usize,
}

/// The integers on lines above `at` that equal the number of lines below their own
/// line (`n`, then n lines to the end), nearest line first: a change of the lines
/// from `at` on changes them by as many lines.
pub(crate) fn line_counts(grid: &impl Grid, at: usize) -> Vec<Count> {
    let mut counts = Vec::new();
    for line in (0..at.min(grid.height())).rev() {
        let below = grid.height() - line - 1;
        for index in 0..grid.width(line) {
            if natural(grid.token(line, index)) == Some(below) {
                counts.push(Count {
                    line,
                    index,
                    value: below,
                });
            }
        }
    }
    counts
}

/// The integers on lines above `line` that equal its number of tokens (`k`, then a
/// line of k tokens), nearest line first.
pub(crate) fn token_counts(grid: &impl Grid, line: usize) -> Vec<Count> {
    let width = grid.width(line);
    let mut counts = Vec::new();
    for above in (0..line).rev() {
        for index in 0..grid.width(above) {
            if natural(grid.token(above, index)) == Some(width) {
                counts.push(Count {
                    line: above,
                    index,
                    value: width,
                });
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_lines_and_of_tokens_are_found_nearest_first() {
        let lines = parse(b"3 2\n2\nx y\n9\n");
        // Line 0's "3" counts the 3 lines below it; line 1's "2" the 2 below it.
        assert_eq!(
            line_counts(&lines, 2),
            vec![
                Count {
                    line: 1,
                    index: 0,
                    value: 2
                },
                Count {
                    line: 0,
                    index: 0,
                    value: 3
                }
            ]
        );
        assert!(line_counts(&lines, 0).is_empty());
        // Line 2 has 2 tokens: the "2" on line 1 and on line 0 may count them.
        let counts: Vec<(usize, usize)> = token_counts(&lines, 2)
            .iter()
            .map(|c| (c.line, c.index))
            .collect();
        assert_eq!(counts, vec![(1, 0), (0, 1)]);
        assert_eq!(render(&lines), b"3 2\n2\nx y\n9\n");
    }
}
