//! `odd-edges`: footprints covering nearly the whole platform whose four edges all
//! lie at odd coordinates, the worst shape there is for a region quadtree (the
//! spec's slow `quadtree`).
//!
//! A quadtree covers a footprint with the squares inside it and splits every square
//! an edge of the footprint crosses. An edge at an odd coordinate crosses a square
//! at every level down to 2 × 2, so an edge of length L splits about L/2 + L/4 + …
//! ≈ L squares, and a block whose edges hug the platform's borders splits about
//! 2(D + S): no rectangle costs more. An edge at a uniform place splits 2/3 of that
//! on average (an edge on a multiple of 2^t stops splitting t levels early), and a
//! line one cell wide splits its length once (its two edges cross the same squares),
//! so the jury's `large`, `lines` and `strips` cost a quadtree about half as much a
//! block.
//!
//! The squares are also made to be cold. Each edge takes the places 1, 5, 9, … from
//! its border up to `margin` (on the far side top, top − 4, …), each once a round
//! in a new order each round, so a block splits squares that no block has split for
//! about margin/4 blocks, and no two places share a column of 4 cells (what one
//! cache line of a tree stored level by level holds). The work of those blocks is
//! more than a cache holds: the tree's leaves come from memory, as for a block at a
//! uniform place, while a block costs half as much again.

use super::{cuboid, height, param_d, param_n, param_s, param_w, platform};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Input, Tetris3d};

/// Nearly full footprints, every edge off every power-of-two grid line.
pub(super) const ODD_EDGES: Family<Tetris3d> = Family {
    name: "odd-edges",
    about: "footprints nearly the whole platform, all four edges at odd coordinates \
            within `margin` of the borders, each place once a round: a quadtree splits \
            every edge down to unit squares, about 2*(D+S) squares a block, its worst \
            case",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        Param {
            name: "margin",
            about: "how far inside the platform's borders an edge may lie (clamped to \
                    (side-1)/2)",
            min: 1,
            max: 2048,
            default: 100,
            stress: 3,
        },
    ],
    generate: odd_edges,
};

fn odd_edges(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let margin = options.get_u32("margin");
    let (mut x_edges, mut y_edges) = (Edges::new(d, margin), Edges::new(s, margin));
    let blocks = (0..options.get_usize("n"))
        .map(|_| {
            let x = x_edges.draw(rng);
            let y = y_edges.draw(rng);
            cuboid(x, y, height(rng, w))
        })
        .collect();
    Input { d, s, blocks }
}

/// The places of one side's two edges, each dealt once a round.
struct Edges {
    side: u32,
    near: Deck,
    far: Deck,
}

impl Edges {
    /// The odd places 1, 5, 9, … up to `m` from 0 and top, top − 4, … down to
    /// `side - m`, where top is the largest odd coordinate `<= side`. With
    /// `m <= (side - 1) / 2`, every near place is below every far one.
    fn new(side: u32, margin: u32) -> Edges {
        let m = margin.min(side.saturating_sub(1) / 2).max(1);
        let top = side.saturating_sub(1) + side % 2;
        Edges {
            side,
            near: Deck::new((1..=m).step_by(4).collect()),
            far: Deck::new((0..m).step_by(4).map(|k| top.saturating_sub(k)).collect()),
        }
    }

    /// The interval `(lo, hi - lo)` between a near and a far place; on a side
    /// shorter than 3, which has no two odd coordinates, the whole side.
    fn draw(&mut self, rng: &mut Rng) -> (u32, u32) {
        if self.side < 3 {
            return (0, self.side);
        }
        let lo = self.near.deal(rng);
        let hi = self.far.deal(rng);
        (lo, hi - lo)
    }
}

/// Places dealt in rounds: each once a round, shuffled afresh at each round's start.
struct Deck {
    places: Vec<u32>,
    dealt: usize,
}

impl Deck {
    fn new(places: Vec<u32>) -> Deck {
        let dealt = places.len();
        Deck { places, dealt }
    }

    fn deal(&mut self, rng: &mut Rng) -> u32 {
        if self.dealt == self.places.len() {
            rng.shuffle(&mut self.places);
            self.dealt = 0;
        }
        self.dealt += 1;
        self.places[self.dealt - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::ODD_EDGES;
    use crate::{Generate, Options};
    use jurybox_core::tetris3d::{Block, Input, Tetris3d};

    /// The squares a region quadtree over `[0, size)²` splits for `b` (those its
    /// footprint meets but does not contain): the cost of one query or one raise.
    fn split_squares(b: &Block, (x, y, side): (u32, u32, u32)) -> u64 {
        let meets = x < b.x + b.d && b.x < x + side && y < b.y + b.s && b.y < y + side;
        let inside = b.x <= x && x + side <= b.x + b.d && b.y <= y && y + side <= b.y + b.s;
        if !meets || inside {
            return 0;
        }
        let h = side / 2;
        let children = [(x, y), (x + h, y), (x, y + h), (x + h, y + h)];
        1 + children
            .iter()
            .map(|&(cx, cy)| split_squares(b, (cx, cy, h)))
            .sum::<u64>()
    }

    /// The mean number of squares split per block.
    fn mean_splits(input: &Input) -> f64 {
        let size = input.d.max(input.s).next_power_of_two();
        let total: u64 = input
            .blocks
            .iter()
            .map(|b| split_squares(b, (0, 0, size)))
            .sum();
        total as f64 / input.blocks.len() as f64
    }

    fn make(family: &str, n: u64, seed: u64) -> Input {
        let family = Tetris3d::families()
            .iter()
            .find(|f| f.name == family)
            .unwrap();
        let mut options = Options::defaults(family.params);
        options.set("n", n);
        family.make(&options, seed)
    }

    #[test]
    fn every_edge_is_odd_and_near_its_border() {
        for (d, s, margin) in [(1000, 1000, 100), (1000, 400, 7), (3, 1000, 50), (1, 2, 9)] {
            let mut options = Options::defaults(ODD_EDGES.params);
            for (name, value) in [("d", d), ("s", s), ("margin", margin), ("n", 300)] {
                options.set(name, value);
            }
            let input = ODD_EDGES.make(&options, 4);
            for b in &input.blocks {
                for (lo, len, side) in [(b.x, b.d, d as u32), (b.y, b.s, s as u32)] {
                    let hi = lo + len;
                    if side < 3 {
                        assert_eq!((lo, hi), (0, side), "{b:?}");
                        continue;
                    }
                    assert!(lo % 2 == 1 && hi % 2 == 1 && hi <= side, "{b:?} on {side}");
                    assert!(lo as u64 <= margin && (side - hi) as u64 <= margin, "{b:?}");
                }
            }
        }
    }

    #[test]
    fn each_place_comes_once_a_round_and_places_are_4_apart() {
        // Margin 100 on 1000: the near places 1, 5, ..., 97 and the far ones 999,
        // 995, ..., 903, 25 each: each round of 25 blocks uses each once.
        let input = make("odd-edges", 100, 2);
        let sides: [fn(&Block) -> u32; 4] = [|b| b.x, |b| b.x + b.d, |b| b.y, |b| b.y + b.s];
        for side in sides {
            for round in input.blocks.chunks(25).take(4) {
                let mut places: Vec<u32> = round.iter().map(side).collect();
                places.sort_unstable();
                let first = places[0];
                assert!(first == 1 || first == 903, "{places:?}");
                let expected: Vec<u32> = (0..25).map(|k| first + 4 * k).collect();
                assert_eq!(places, expected);
            }
        }
    }

    #[test]
    fn a_quadtree_splits_more_squares_here_than_on_any_other_family() {
        // About 2(D + S) = 4000 at D = S = 1000 with margin 100 (edges 900-1000 long):
        // 3 589 at seed 1, against 2 262 for `large` (the next), 1 392 for `wide`,
        // 1 364 for `strips` and 954 for `lines`.
        let own = mean_splits(&make("odd-edges", 200, 1));
        assert!(own >= 3_400.0, "{own} squares a block");
        for family in Tetris3d::families() {
            if family.name == "odd-edges" {
                continue;
            }
            let other = mean_splits(&make(family.name, 200, 1));
            assert!(
                own >= 1.5 * other,
                "{}: {other} squares a block against {own}",
                family.name
            );
        }
    }
}
