//! The 11 pieces, derived rather than typed in: every polycube of 2 to 4 face-connected
//! unit cubes, grouped by proper rotation (the 24 rotations of the cube; mirror images
//! stay distinct), and each piece's rotation-distinct orientations.
//!
//! Enumeration: grow every shape of n cubes by one face neighbour, normalise (translate
//! the minimum of each coordinate to 0, sort), and keep one canonical form per
//! rotation class (the smallest normalised image over the 24 rotations). Time is
//! negligible (a few hundred shapes), done once behind a `OnceLock`. Source: the
//! standard enumeration of fixed and free polyominoes (Redelmeier's idea, without
//! his refinements), applied to cubes.
//!
//! A normalised shape fits in 4 × 4 × 4, so it is also a 64-bit mask (bit
//! `16x + 4y + z`): the same encoding a description `{xyz,...}` has, which makes
//! "which piece is this description" one table look-up.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A unit cube's position `[x, y, z]`.
pub type Cube = [i8; 3];

/// Index of a piece in [`pieces`] (0..11).
pub type PieceId = usize;

/// Number of pieces each player owns.
pub const PIECE_COUNT: usize = 11;

/// One piece: its name and its rotation-distinct orientations.
#[derive(Clone, Debug)]
pub struct Piece {
    /// A short name (`domino`, `I3`, `L3`, `I4`, `O4`, `T4`, `L4`, `S4`, `tripod`,
    /// `screw-R`, `screw-L`).
    pub name: &'static str,
    /// Every orientation, normalised (minimum of each coordinate 0), cubes sorted.
    /// The first is the canonical form.
    pub orientations: Vec<Vec<Cube>>,
    /// The canonical form under each of the 24 [`rotations`] in order, repeats
    /// kept: the shapes the spec's naive can-place test tries, made once here
    /// rather than at every turn change (where rotating them was most of the naive
    /// engine's time on small boards).
    pub rotations: Vec<Vec<Cube>>,
}

/// The 24 proper rotations as signed permutations: `(perm, signs)` maps
/// `c` to `[signs[0] * c[perm[0]], signs[1] * c[perm[1]], signs[2] * c[perm[2]]]`.
pub fn rotations() -> &'static [([usize; 3], [i8; 3]); 24] {
    static ROTATIONS: OnceLock<[([usize; 3], [i8; 3]); 24]> = OnceLock::new();
    ROTATIONS.get_or_init(|| {
        let mut out = Vec::new();
        let perms = [
            ([0, 1, 2], 1),
            ([1, 2, 0], 1),
            ([2, 0, 1], 1),
            ([0, 2, 1], -1),
            ([2, 1, 0], -1),
            ([1, 0, 2], -1),
        ];
        for (perm, parity) in perms {
            for mask in 0..8 {
                let signs = [0, 1, 2].map(|i| if mask >> i & 1 == 1 { -1i8 } else { 1 });
                // Determinant = parity of the permutation times the product of signs.
                if parity * signs.iter().product::<i8>() == 1 {
                    out.push((perm, signs));
                }
            }
        }
        out.try_into().expect("exactly 24 proper rotations")
    })
}

/// `shape` rotated by rotation `r` of [`rotations`], normalised.
pub fn rotate(shape: &[Cube], r: usize) -> Vec<Cube> {
    let (perm, signs) = rotations()[r];
    normalise(
        shape
            .iter()
            .map(|c| [0, 1, 2].map(|i| signs[i] * c[perm[i]]))
            .collect(),
    )
}

/// `shape` reflected through the plane x = 0, normalised.
pub fn mirror(shape: &[Cube]) -> Vec<Cube> {
    normalise(shape.iter().map(|&[x, y, z]| [-x, y, z]).collect())
}

/// Translates so that each coordinate's minimum is 0, then sorts.
pub fn normalise(mut shape: Vec<Cube>) -> Vec<Cube> {
    for i in 0..3 {
        let min = shape.iter().map(|c| c[i]).min().unwrap_or(0);
        shape.iter_mut().for_each(|c| c[i] -= min);
    }
    shape.sort_unstable();
    shape
}

/// The smallest normalised image of `shape` over the 24 rotations.
pub fn canonical(shape: &[Cube]) -> Vec<Cube> {
    (0..24)
        .map(|r| rotate(shape, r))
        .min()
        .expect("24 rotations")
}

/// True when the cubes are distinct and face-connected.
pub fn is_polycube(shape: &[Cube]) -> bool {
    let distinct = (0..shape.len()).all(|i| !shape[..i].contains(&shape[i]));
    if !distinct || shape.is_empty() {
        return false;
    }
    let mut seen = vec![false; shape.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..shape.len() {
            if !seen[j] && touches(shape[i], shape[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// Two cubes share a face: they differ by exactly 1 in exactly one coordinate.
pub fn touches(a: Cube, b: Cube) -> bool {
    let d: Vec<i8> = (0..3).map(|i| (a[i] - b[i]).abs()).collect();
    d.iter().sum::<i8>() == 1
}

/// The rotation classes of polycubes with `n` cubes, as canonical forms, sorted.
pub fn free_polycubes(n: usize) -> Vec<Vec<Cube>> {
    let mut level: Vec<Vec<Cube>> = vec![vec![[0, 0, 0]]];
    for _ in 1..n {
        let mut next: BTreeMap<Vec<Cube>, ()> = BTreeMap::new();
        for shape in &level {
            for c in shape {
                for axis in 0..3 {
                    for step in [-1, 1] {
                        let mut d = *c;
                        d[axis] += step;
                        if !shape.contains(&d) {
                            let mut grown = shape.clone();
                            grown.push(d);
                            next.insert(canonical(&grown), ());
                        }
                    }
                }
            }
        }
        level = next.into_keys().collect();
    }
    level
}

/// The name the spec gives a piece, read off its shape.
fn name_of(shape: &[Cube]) -> &'static str {
    let mut extent: Vec<i8> = (0..3)
        .map(|i| shape.iter().map(|c| c[i]).max().unwrap_or(0) + 1)
        .collect();
    extent.sort_unstable();
    let degree = |c: Cube| shape.iter().filter(|&&d| touches(c, d)).count();
    let max_degree = shape.iter().map(|&c| degree(c)).max().unwrap_or(0);
    match (shape.len(), extent.as_slice()) {
        (2, _) => "domino",
        (3, [1, 1, 3]) => "I3",
        (3, _) => "L3",
        (4, [1, 1, 4]) => "I4",
        (4, [1, 2, 2]) => "O4",
        (4, [1, 2, 3]) if max_degree == 3 => "T4",
        (4, [1, 2, 3]) => {
            // L has three cubes in a row; S has none.
            let straight = shape.iter().any(|&c| {
                (0..3).any(|axis| {
                    let mut a = c;
                    let mut b = c;
                    a[axis] += 1;
                    b[axis] += 2;
                    shape.contains(&a) && shape.contains(&b)
                })
            });
            if straight {
                "L4"
            } else {
                "S4"
            }
        }
        (4, [2, 2, 2]) if max_degree == 3 => "tripod",
        (4, [2, 2, 2]) => {
            if screw_handedness(shape) > 0 {
                "screw-R"
            } else {
                "screw-L"
            }
        }
        _ => "unknown",
    }
}

/// The sign of det(step1, step2, step3) along the screw's path (+1 right-handed):
/// invariant under rotation and under walking the path backwards.
fn screw_handedness(shape: &[Cube]) -> i32 {
    let degree = |c: Cube| shape.iter().filter(|&&d| touches(c, d)).count();
    let mut path = vec![*shape.iter().find(|&&c| degree(c) == 1).expect("a path end")];
    while path.len() < shape.len() {
        let last = *path.last().expect("non-empty");
        let next = *shape
            .iter()
            .find(|&&c| touches(last, c) && !path.contains(&c))
            .expect("a path");
        path.push(next);
    }
    let s: Vec<[i32; 3]> = path
        .windows(2)
        .map(|w| [0, 1, 2].map(|i| i32::from(w[1][i] - w[0][i])))
        .collect();
    let det = s[0][0] * (s[1][1] * s[2][2] - s[1][2] * s[2][1])
        - s[0][1] * (s[1][0] * s[2][2] - s[1][2] * s[2][0])
        + s[0][2] * (s[1][0] * s[2][1] - s[1][1] * s[2][0]);
    det.signum()
}

/// Every orientation of `shape` that differs after normalisation, the canonical first.
fn orientations(shape: &[Cube]) -> Vec<Vec<Cube>> {
    let mut all: Vec<Vec<Cube>> = (0..24).map(|r| rotate(shape, r)).collect();
    all.sort();
    all.dedup();
    all
}

/// The 11 pieces in the spec's order (domino, I3, L3, I4, O4, T4, L4, S4, tripod,
/// screw-R, screw-L), derived by [`free_polycubes`].
pub fn pieces() -> &'static [Piece] {
    static PIECES: OnceLock<Vec<Piece>> = OnceLock::new();
    PIECES.get_or_init(|| {
        const ORDER: [&str; PIECE_COUNT] = [
            "domino", "I3", "L3", "I4", "O4", "T4", "L4", "S4", "tripod", "screw-R", "screw-L",
        ];
        let mut found: Vec<Piece> = (2..=4)
            .flat_map(free_polycubes)
            .map(|shape| {
                let orientations = orientations(&shape);
                let rotations = (0..24).map(|r| rotate(&orientations[0], r)).collect();
                Piece {
                    name: name_of(&shape),
                    orientations,
                    rotations,
                }
            })
            .collect();
        found.sort_by_key(|p| ORDER.iter().position(|&n| n == p.name));
        found
    })
}

/// A normalised shape (every coordinate in 0..4) as a mask, bit `16x + 4y + z`.
pub fn mask_of(shape: &[Cube]) -> Option<u64> {
    let mut mask = 0u64;
    for c in shape {
        if c.iter().any(|&v| !(0..4).contains(&v)) {
            return None;
        }
        mask |= 1 << (16 * c[0] + 4 * c[1] + c[2]);
    }
    Some(mask)
}

/// Which piece a description names: `Some((piece, orientation index))` when its cubes
/// are distinct and form one of the 11 pieces in one of its orientations (a
/// description is normalised by the input's rules, so the orientation is exact).
pub fn identify(cubes: &[Cube]) -> Option<(PieceId, usize)> {
    static TABLE: OnceLock<Vec<(u64, PieceId, usize)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table: Vec<(u64, PieceId, usize)> = pieces()
            .iter()
            .enumerate()
            .flat_map(|(p, piece)| {
                piece
                    .orientations
                    .iter()
                    .enumerate()
                    .map(move |(o, shape)| (mask_of(shape).expect("fits 4x4x4"), p, o))
            })
            .collect();
        table.sort_unstable();
        table
    });
    if !(2..=4).contains(&cubes.len()) {
        return None;
    }
    let mask = mask_of(cubes)?;
    if mask.count_ones() as usize != cubes.len() {
        return None; // a repeated cube
    }
    let i = table.binary_search_by_key(&mask, |e| e.0).ok()?;
    Some((table[i].1, table[i].2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_exactly_eleven_pieces_with_these_orientation_counts() {
        let counts: Vec<(&str, usize)> = pieces()
            .iter()
            .map(|p| (p.name, p.orientations.len()))
            .collect();
        assert_eq!(
            counts,
            [
                ("domino", 3),
                ("I3", 3),
                ("L3", 12),
                ("I4", 3),
                ("O4", 3),
                ("T4", 12),
                ("L4", 24),
                ("S4", 12),
                ("tripod", 8),
                ("screw-R", 12),
                ("screw-L", 12),
            ]
        );
        assert_eq!(
            [2, 3, 4].map(|n| free_polycubes(n).len()),
            [1, 2, 8],
            "1 dicube, 2 tricubes, 8 tetracubes up to rotation"
        );
    }

    #[test]
    fn only_the_screws_are_chiral_and_they_mirror_each_other() {
        for (i, piece) in pieces().iter().enumerate() {
            let image = identify(&mirror(&piece.orientations[0]))
                .expect("a piece")
                .0;
            let expected = match piece.name {
                "screw-R" => 10,
                "screw-L" => 9,
                _ => i,
            };
            assert_eq!(image, expected, "{}", piece.name);
        }
    }

    #[test]
    fn rotations_are_24_distinct_proper_ones() {
        // Arms of lengths 2, 1 and 3 from one corner: no rotation maps it to itself.
        let probe: Vec<Cube> = vec![
            [0, 0, 0],
            [1, 0, 0],
            [2, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
            [0, 0, 2],
            [0, 0, 3],
        ];
        let mut images: Vec<Vec<Cube>> = (0..24).map(|r| rotate(&probe, r)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 24, "a chiral asymmetric probe has 24 images");
        assert!(!images.contains(&mirror(&probe)));
    }

    #[test]
    fn identify_rejects_what_is_not_a_piece() {
        assert_eq!(identify(&[]), None);
        assert_eq!(identify(&[[0, 0, 0]]), None);
        assert_eq!(identify(&[[0, 0, 0], [0, 0, 0]]), None, "repeated");
        assert_eq!(identify(&[[0, 0, 0], [0, 1, 1]]), None, "disconnected");
        let five = [[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3], [0, 1, 0]];
        assert_eq!(identify(&five), None, "five cubes");
        // The sample's first action: a vertical I4.
        assert_eq!(
            identify(&[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3]]).map(|p| p.0),
            Some(3)
        );
        // Order does not matter.
        assert_eq!(
            identify(&[[0, 1, 1], [0, 1, 0], [0, 0, 1], [0, 0, 0]]).map(|p| p.0),
            Some(4)
        );
    }
}
