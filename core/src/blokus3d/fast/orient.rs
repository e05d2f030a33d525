//! The 104 orientations of the 11 pieces, each with its column runs, computed once.

use crate::blokus3d::pieces::{pieces, PieceId, PIECE_COUNT};
use std::sync::OnceLock;

/// One footprint column of an orientation: its cubes form the run
/// `lo .. lo + len` (no piece of 4 cubes has a gap inside a column).
#[derive(Clone, Copy, Debug)]
pub(super) struct Column {
    pub dx: i32,
    pub dy: i32,
    pub lo: i32,
    pub len: i32,
}

/// One orientation of one piece.
#[derive(Clone, Debug)]
pub(super) struct Orientation {
    pub piece: PieceId,
    pub cubes: Vec<[i32; 3]>,
    /// For each cube, the `lo` of its column.
    pub cube_lo: Vec<i32>,
    pub columns: Vec<Column>,
}

/// Every orientation, piece by piece in [`pieces`] order, each piece's in its own
/// orientation order.
pub(super) fn orientations() -> &'static [Orientation] {
    static ALL: OnceLock<Vec<Orientation>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        for (piece, info) in pieces().iter().enumerate() {
            for shape in &info.orientations {
                let cubes: Vec<[i32; 3]> = shape.iter().map(|c| c.map(i32::from)).collect();
                let mut columns: Vec<Column> = Vec::new();
                for &[dx, dy, dz] in &cubes {
                    match columns.iter_mut().find(|c| (c.dx, c.dy) == (dx, dy)) {
                        Some(c) => {
                            c.lo = c.lo.min(dz);
                            c.len += 1;
                        }
                        None => columns.push(Column {
                            dx,
                            dy,
                            lo: dz,
                            len: 1,
                        }),
                    }
                }
                for c in &columns {
                    let zs = cubes.iter().filter(|q| (q[0], q[1]) == (c.dx, c.dy));
                    assert!(zs.clone().all(|q| (c.lo..c.lo + c.len).contains(&q[2])));
                }
                let cube_lo = cubes
                    .iter()
                    .map(|q| {
                        columns
                            .iter()
                            .find(|c| (c.dx, c.dy) == (q[0], q[1]))
                            .expect("its column")
                            .lo
                    })
                    .collect();
                all.push(Orientation {
                    piece,
                    cubes,
                    cube_lo,
                    columns,
                });
            }
        }
        all
    })
}

/// Index in [`orientations`] of `piece`'s first orientation.
pub(super) fn first_of(piece: PieceId) -> usize {
    static FIRST: OnceLock<[usize; PIECE_COUNT]> = OnceLock::new();
    FIRST.get_or_init(|| {
        let mut first = [0; PIECE_COUNT];
        let mut at = 0;
        for (p, info) in pieces().iter().enumerate() {
            first[p] = at;
            at += info.orientations.len();
        }
        first
    })[piece]
}

/// For one piece, its orientations' cubes `(orientation, cube index)` grouped by
/// the cube's height `dz` in the orientation and its lift `e = dz - lo` above the
/// bottom of its column: `[dz][e]`. A cube put at a free cell `z` of a column of
/// height `h` needs `e = z - h` (its column's run starts on the stack) and lands the
/// piece at base `z - dz`, so the search reads one list per (`dz`, `e`).
pub(super) type Lifts = [[Vec<(usize, usize)>; 4]; 4];

/// [`Lifts`] of every piece.
pub(super) fn lifts() -> &'static [Lifts; PIECE_COUNT] {
    static LIFTS: OnceLock<[Lifts; PIECE_COUNT]> = OnceLock::new();
    LIFTS.get_or_init(|| {
        let mut all: [Lifts; PIECE_COUNT] = Default::default();
        for (o, orient) in orientations().iter().enumerate() {
            for (i, &[_, _, dz]) in orient.cubes.iter().enumerate() {
                let e = dz - orient.cube_lo[i];
                all[orient.piece][dz as usize][e as usize].push((o, i));
            }
        }
        all
    })
}
