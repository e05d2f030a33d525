//! A local test that a move leaves a connected piece connected, so the search
//! need not flood the rest to split it (the digital-topology "simple point" test).
//!
//! The cells around a removed cell (8) or domino (10), listed around it, make a
//! ring in which consecutive cells share a side. Any path of the piece through
//! the removed cells enters and leaves by their side neighbours; if every side
//! neighbour still present lies in one cyclic run of present ring cells, the run
//! joins them without the removed cells, and the rest stays connected. Otherwise
//! the test says nothing (a longer path may still join them) and the caller
//! floods. Time O(ring) per move, tables built at compile time.
//! Source: the simple-point test of digital topology (e.g. Rosenfeld, 1970).

/// Offsets of the ring around one cell, in order around it.
pub(super) const CELL_RING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Offsets of the ring around the domino of a cell and the cell to its right, in
/// order around it (the ring of a vertical domino is its transpose).
pub(super) const PAIR_RING: [(i32, i32); 10] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (2, 0),
    (2, 1),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// Per pattern of present ring cells around one cell: true when the move
/// cannot disconnect.
pub(super) const CELL_SAFE: [bool; 1024] = table(8, 0b0101_0101);

/// The same around a domino.
pub(super) const PAIR_SAFE: [bool; 1024] = table(10, 0b10_1101_0110);

/// The pattern of `ring`'s cells present in `mask` (a ring entry is the cell's
/// bit, or 0 where the component has no cell).
pub(super) fn pattern(mask: u32, ring: &[u32]) -> usize {
    ring.iter()
        .enumerate()
        .fold(0, |p, (d, &cell)| p | usize::from(mask & cell != 0) << d)
}

/// For each pattern of a ring of `len` cells whose side neighbours of the
/// removed cells are the bits of `sides`: do the present side neighbours lie in
/// one cyclic run of present cells?
const fn table(len: u32, sides: u32) -> [bool; 1024] {
    let mut safe = [false; 1024];
    let full = (1u32 << len) - 1;
    let mut p = 0;
    while p <= full {
        safe[p as usize] = p == full || one_run_holds_sides(p, len, sides);
        p += 1;
    }
    safe
}

/// Whether the side cells present in `p` (not full) share one run.
const fn one_run_holds_sides(p: u32, len: u32, sides: u32) -> bool {
    // Start just after an absent cell, so no run wraps around.
    let mut start = 0;
    while p >> start & 1 != 0 {
        start += 1;
    }
    let (mut run, mut side_run) = (0, 0);
    let mut previous = false;
    let mut k = 1;
    while k <= len {
        let d = (start + k) % len;
        let present = p >> d & 1 != 0;
        if present && !previous {
            run += 1;
        }
        if present && sides >> d & 1 != 0 {
            if side_run != 0 && side_run != run {
                return false;
            }
            side_run = run;
        }
        previous = present;
        k += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{CELL_SAFE, PAIR_SAFE};

    #[test]
    fn the_tables_know_cut_cells_from_safe_ones() {
        // A cell between a cell above and one below, nothing else: a cut.
        assert!(!CELL_SAFE[0b0001_0001]);
        // With the right column present, the two are joined around it.
        assert!(CELL_SAFE[0b0001_1111]);
        // One neighbour and a lone corner: nothing to disconnect.
        assert!(CELL_SAFE[0b0000_1001]);
        assert!(CELL_SAFE[0b0000_0000]);
        // A domino between left and right neighbours only: a cut; with the row
        // below present, safe.
        assert!(!PAIR_SAFE[0b10_0001_0000]);
        assert!(PAIR_SAFE[0b11_0001_1111]);
        // Above and below the left cell of the domino: a cut.
        assert!(!PAIR_SAFE[0b00_1000_0010]);
    }
}
