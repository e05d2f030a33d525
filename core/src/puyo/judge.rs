//! The judge: the answer is unique, so it compares, and says precisely how a wrong
//! answer differs (the link counts, and the first differing cell in reading order).

use super::{Answer, EMPTY};
use crate::Judgement;

/// Accepted when `candidate` equals `reference`, else a wrong answer naming the
/// differences.
pub(super) fn judge(reference: &Answer, candidate: &Answer) -> Judgement {
    let mut why = Vec::new();
    if reference.chains != candidate.chains {
        why.push(format!(
            "expected {} chains, found {}",
            reference.chains, candidate.chains
        ));
    }
    let (want, got) = (&reference.screen, &candidate.screen);
    if (want.width, want.height) != (got.width, got.height) {
        why.push(format!(
            "expected a {}x{} screen, found {}x{}",
            want.width, want.height, got.width, got.height
        ));
    } else if let Some(i) = (0..want.cells.len()).find(|&i| want.cells[i] != got.cells[i]) {
        why.push(format!(
            "row {}, column {}: expected {}, found {}",
            i / want.width + 1,
            i % want.width + 1,
            cell_name(want.cells[i]),
            cell_name(got.cells[i])
        ));
    }
    if why.is_empty() {
        Judgement::Accepted
    } else {
        Judgement::WrongAnswer(why.join("; "))
    }
}

fn cell_name(cell: u8) -> String {
    if cell == EMPTY {
        "an empty cell".to_string()
    } else {
        format!("'{}'", cell as char)
    }
}
