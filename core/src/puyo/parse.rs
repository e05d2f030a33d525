//! The validator and the answer reader. Both read the same line format: `height`
//! lines `|` + cells + `|` (top row first), then the floor line `+` + `-`s + `+`;
//! the answer adds a line `N chains`. Reading is line-based because a space is a
//! cell, not a separator. A trailing newline is optional; every other deviation is
//! an error naming its line, its column and the rule.

use super::{Answer, Screen, COLOURS, EMPTY, EXTENDED_MAX, OFFICIAL_HEIGHT, OFFICIAL_WIDTH};
use crate::error::Position;
use crate::problem::Constraints;
use crate::scan::describe;
use crate::ParseError;

/// Parses and validates an input screen: the format, `limits`, and that it is
/// settled (no puyo above an empty cell).
pub(super) fn parse_input(text: &[u8], limits: Constraints) -> Result<Screen, ParseError> {
    let mut lines = Lines::new(text);
    let screen = screen(&mut lines, Shape::Constraints(limits))?;
    check_settled(&screen)?;
    lines.finish()?;
    Ok(screen)
}

/// Reads a candidate's answer to `input`: a screen of the same size (settled or
/// not: a floating puyo is a wrong answer, which the judge reports), then `N chains`.
pub(super) fn parse_answer(input: &Screen, text: &[u8]) -> Result<Answer, ParseError> {
    let mut lines = Lines::new(text);
    let shape = Shape::Exactly {
        width: input.width,
        height: input.height,
    };
    let screen = screen(&mut lines, shape)?;
    let chains = chains_line(&mut lines)?;
    lines.finish()?;
    Ok(Answer { screen, chains })
}

/// What size a screen must have.
#[derive(Clone, Copy)]
enum Shape {
    /// Any size the limits allow.
    Constraints(Constraints),
    /// Exactly the size of the input screen (an answer).
    Exactly { width: usize, height: usize },
}

/// One line of the text, without its `\n`.
struct Line<'a> {
    number: usize,
    bytes: &'a [u8],
    /// Whether a `\n` follows `bytes` (false only for a last line without one).
    terminated: bool,
}

impl Line<'_> {
    /// The byte at 0-based index `i`, `\n` just past the end of a terminated line.
    fn at(&self, i: usize) -> Option<u8> {
        match self.bytes.get(i) {
            Some(&b) => Some(b),
            None if i == self.bytes.len() && self.terminated => Some(b'\n'),
            None => None,
        }
    }

    /// An error at 0-based index `i` of this line.
    fn error(&self, i: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(
            Position {
                line: self.number,
                column: i + 1,
            },
            message,
        )
    }

    /// An error saying `expected` was wanted at index `i`, naming what is there.
    fn expected(&self, i: usize, expected: &str) -> ParseError {
        self.error(
            i,
            format!("expected {expected}, found {}", describe(self.at(i))),
        )
    }

    /// Checks that the line ends at index `i`.
    fn end(&self, i: usize) -> Result<(), ParseError> {
        if self.bytes.len() == i {
            Ok(())
        } else {
            Err(self.expected(i, "end of line"))
        }
    }
}

/// The lines of a text; a final `\n` ends the last line rather than opening a new one.
struct Lines<'a> {
    text: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a [u8]) -> Self {
        Lines {
            text,
            pos: 0,
            number: 1,
        }
    }

    fn next(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let (bytes, terminated) = match rest.iter().position(|&b| b == b'\n') {
            Some(n) => (&rest[..n], true),
            None => (rest, false),
        };
        let line = Line {
            number: self.number,
            bytes,
            terminated,
        };
        self.pos += bytes.len() + usize::from(terminated);
        self.number += 1;
        Some(line)
    }

    /// Where the next line would start.
    fn here(&self) -> Position {
        Position {
            line: self.number,
            column: 1,
        }
    }

    /// The next line, or an error saying `expected` was wanted instead of the end.
    fn expect(&mut self, expected: &str) -> Result<Line<'a>, ParseError> {
        let here = self.here();
        self.next().ok_or_else(|| {
            ParseError::new(here, format!("expected {expected}, found end of input"))
        })
    }

    /// Checks that nothing follows.
    fn finish(&mut self) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some(line) => Err(line.expected(0, "end of input")),
        }
    }
}

/// True for the bytes a cell may hold.
fn is_cell(b: u8) -> bool {
    b == EMPTY || COLOURS.contains(&b)
}

/// The error for a byte that is neither a cell nor what else may stand there.
fn not_a_cell(line: &Line, i: usize, instead: &str) -> ParseError {
    match line.at(i) {
        None | Some(b'\n') => line.expected(i, instead),
        found => line.error(
            i,
            format!(
                "{} is not a colour (expected one of rgbyp or a space)",
                describe(found)
            ),
        ),
    }
}

/// Reads the rows and the floor line.
fn screen(lines: &mut Lines, shape: Shape) -> Result<Screen, ParseError> {
    let first = lines.expect("'|' (the left wall of the top row)")?;
    if first.at(0) != Some(b'|') {
        let mut e = first.expected(0, "'|' (the left wall of the top row)");
        if first.at(0) == Some(b'+') {
            e.message.push_str(": the screen has no rows");
        }
        return Err(e);
    }
    let width = (1..)
        .find(|&i| !first.at(i).is_some_and(is_cell))
        .unwrap_or(1)
        - 1;
    if first.at(width + 1) != Some(b'|') {
        return Err(not_a_cell(
            &first,
            width + 1,
            "a cell or '|' (the right wall)",
        ));
    }
    check_width(&first, width, shape)?;
    let mut cells = Vec::new();
    let mut row_lines = vec![first];
    let floor = loop {
        let line = row_lines.last().expect("at least the first row");
        row(line, width, &mut cells)?;
        let next = lines.expect("'|' (a row) or '+' (the floor)")?;
        match next.at(0) {
            Some(b'|') => row_lines.push(next),
            Some(b'+') => break next,
            _ => return Err(next.expected(0, "'|' (a row) or '+' (the floor)")),
        }
    };
    check_height(&row_lines, &floor, shape)?;
    floor_line(&floor, width)?;
    Ok(Screen {
        width,
        height: row_lines.len(),
        cells,
    })
}

fn check_width(first: &Line, width: usize, shape: Shape) -> Result<(), ParseError> {
    let rule = match shape {
        Shape::Constraints(Constraints::Official) if width != OFFICIAL_WIDTH => {
            format!("officially it has {OFFICIAL_WIDTH}")
        }
        Shape::Constraints(Constraints::Extended) if width == 0 => {
            "it needs at least 1".to_string()
        }
        Shape::Constraints(Constraints::Extended) if width > EXTENDED_MAX => {
            format!("the limit is {EXTENDED_MAX}")
        }
        Shape::Exactly { width: w, .. } if width != w => format!("the input screen has {w}"),
        _ => return Ok(()),
    };
    // Point at the wall (or whatever stands there) that ends the first row.
    Err(first.error(width + 1, format!("the screen has {width} columns; {rule}")))
}

fn check_height(rows: &[Line], floor: &Line, shape: Shape) -> Result<(), ParseError> {
    let height = rows.len();
    let (lo, hi, rule) = match shape {
        Shape::Constraints(Constraints::Official) => (
            OFFICIAL_HEIGHT,
            OFFICIAL_HEIGHT,
            format!("officially it has {OFFICIAL_HEIGHT}"),
        ),
        Shape::Constraints(Constraints::Extended) => {
            (1, EXTENDED_MAX, format!("the limit is {EXTENDED_MAX}"))
        }
        Shape::Exactly { height: h, .. } => (h, h, format!("the input screen has {h}")),
    };
    let message = format!("the screen has {height} rows; {rule}");
    if height > hi {
        Err(rows[hi].error(0, message))
    } else if height < lo {
        Err(floor.error(0, message))
    } else {
        Ok(())
    }
}

/// Reads one row of `width` cells between walls, appending its cells.
fn row(line: &Line, width: usize, cells: &mut Vec<u8>) -> Result<(), ParseError> {
    if line.at(0) != Some(b'|') {
        return Err(line.expected(0, "'|' (the left wall)"));
    }
    for i in 1..=width {
        match line.at(i) {
            Some(b) if is_cell(b) => cells.push(b),
            Some(b'|') => {
                return Err(line.error(
                    i,
                    format!("this row has {} cells; the first row has {width}", i - 1),
                ))
            }
            _ => return Err(not_a_cell(line, i, "a cell (one of rgbyp or a space)")),
        }
    }
    match line.at(width + 1) {
        Some(b'|') => line.end(width + 2),
        Some(b) if is_cell(b) => Err(line.error(
            width + 1,
            format!("this row has more than {width} cells; the first row has {width}"),
        )),
        _ => Err(line.expected(width + 1, "'|' (the right wall)")),
    }
}

/// Reads the floor line `+` + `width` × `-` + `+`.
fn floor_line(line: &Line, width: usize) -> Result<(), ParseError> {
    for i in 1..=width {
        if line.at(i) != Some(b'-') {
            return Err(line.expected(i, &format!("'-' (the floor is '+', {width} '-', '+')")));
        }
    }
    match line.at(width + 1) {
        Some(b'+') => line.end(width + 2),
        Some(b'-') => Err(line.error(
            width + 1,
            format!("the floor is longer than the screen is wide ({width})"),
        )),
        _ => Err(line.expected(width + 1, "'+' (the floor's right corner)")),
    }
}

/// Rejects a puyo with an empty cell directly below it.
fn check_settled(screen: &Screen) -> Result<(), ParseError> {
    for row in 0..screen.height.saturating_sub(1) {
        for col in 0..screen.width {
            let cell = screen.get(row, col);
            if cell != EMPTY && screen.get(row + 1, col) == EMPTY {
                return Err(ParseError::new(
                    Position {
                        line: row + 1,
                        column: col + 2,
                    },
                    format!(
                        "puyo '{}' at row {}, column {} floats above an empty cell",
                        cell as char,
                        row + 1,
                        col + 1
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Reads `N chains`: a number without leading zeros that fits in 32 bits.
fn chains_line(lines: &mut Lines) -> Result<u32, ParseError> {
    let line = lines.expect("the line 'N chains'")?;
    let digits = line.bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(line.expected(0, "the number of chains"));
    }
    if digits > 1 && line.bytes[0] == b'0' {
        return Err(line.error(0, "the number of chains has a leading zero"));
    }
    let chains = std::str::from_utf8(&line.bytes[..digits])
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .ok_or_else(|| line.error(0, "the number of chains does not fit in 32 bits"))?;
    const WORD: &[u8] = b" chains";
    for (k, &want) in WORD.iter().enumerate() {
        if line.at(digits + k) != Some(want) {
            return Err(line.expected(digits + k, "' chains' after the number"));
        }
    }
    line.end(digits + WORD.len())?;
    Ok(chains)
}
