//! Board shapes: open, random holes, 1-wide serpentine corridors, single lines.

use crate::Rng;

/// `rows * cols` open cells.
pub(super) fn open(rows: u32, cols: u32) -> Vec<bool> {
    vec![true; (rows * cols) as usize]
}

/// Each cell '#' with probability `holes` percent.
pub(super) fn holes(rng: &mut Rng, rows: u32, cols: u32, holes: u64) -> Vec<bool> {
    (0..rows * cols).map(|_| !rng.chance(holes, 100)).collect()
}

/// 1-wide corridors: even rows open, odd rows '#' but for one or two random
/// openings, so the open cells form a maze of corridors joined by single cells.
/// A board with one row or one column is itself a corridor, holes and all.
pub(super) fn corridors(rng: &mut Rng, rows: u32, cols: u32, holes: u64) -> Vec<bool> {
    if rows == 1 || cols == 1 {
        let mut line = self::holes(rng, rows, cols, holes);
        line[0] = true;
        return line;
    }
    let mut open = vec![false; (rows * cols) as usize];
    for x in 0..rows {
        if x % 2 == 0 {
            for y in 0..cols {
                open[(x * cols + y) as usize] = true;
            }
        } else {
            for _ in 0..rng.range(1, 2) {
                open[(x * cols + rng.range_u32(0, cols - 1)) as usize] = true;
            }
        }
    }
    open
}
