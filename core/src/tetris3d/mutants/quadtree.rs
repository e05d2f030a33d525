//! Mutant: a region quadtree over the platform with permanent tags (per node the
//! max over its square and the highest top assigned to the whole square). Right
//! answers, but a footprint splits into O(perimeter) squares: a 1 × 1000 strip
//! needs 1000 unit squares, so thin strips make it slow. Time O(N (d + s)) worst.

use super::super::{Block, Input};

/// The tree: node `i` has children `4i+1..=4i+4`; the root covers `[0, size)²`.
struct Quadtree {
    size: u32,
    max: Vec<u64>,
    tag: Vec<u64>,
}

/// A square node: its index, its corner and its side.
#[derive(Clone, Copy)]
struct Square {
    node: usize,
    x: u32,
    y: u32,
    side: u32,
}

impl Square {
    fn children(self) -> [Square; 4] {
        let half = self.side / 2;
        let first = 4 * self.node + 1;
        [
            Square {
                node: first,
                x: self.x,
                y: self.y,
                side: half,
            },
            Square {
                node: first + 1,
                x: self.x + half,
                y: self.y,
                side: half,
            },
            Square {
                node: first + 2,
                x: self.x,
                y: self.y + half,
                side: half,
            },
            Square {
                node: first + 3,
                x: self.x + half,
                y: self.y + half,
                side: half,
            },
        ]
    }

    fn meets(self, b: &Block) -> bool {
        self.x < b.x + b.d
            && b.x < self.x + self.side
            && self.y < b.y + b.s
            && b.y < self.y + self.side
    }

    fn inside(self, b: &Block) -> bool {
        b.x <= self.x
            && self.x + self.side <= b.x + b.d
            && b.y <= self.y
            && self.y + self.side <= b.y + b.s
    }
}

impl Quadtree {
    fn new(side: u32) -> Quadtree {
        let size = side.next_power_of_two();
        let nodes = (4 * (size as usize).pow(2) - 1) / 3;
        Quadtree {
            size,
            max: vec![0; nodes],
            tag: vec![0; nodes],
        }
    }

    fn root(&self) -> Square {
        Square {
            node: 0,
            x: 0,
            y: 0,
            side: self.size,
        }
    }

    fn query(&self, at: Square, b: &Block) -> u64 {
        if !at.meets(b) {
            return 0;
        }
        if at.inside(b) {
            return self.max[at.node];
        }
        let below = at.children().map(|c| self.query(c, b));
        below.into_iter().fold(self.tag[at.node], u64::max)
    }

    fn raise(&mut self, at: Square, b: &Block, top: u64) {
        if !at.meets(b) {
            return;
        }
        self.max[at.node] = self.max[at.node].max(top);
        if at.inside(b) {
            self.tag[at.node] = self.tag[at.node].max(top);
            return;
        }
        for child in at.children() {
            self.raise(child, b, top);
        }
    }
}

/// The highest point, computed with a quadtree.
pub fn solve(input: &Input) -> u64 {
    let mut tree = Quadtree::new(input.d.max(input.s));
    let mut highest = 0;
    for b in &input.blocks {
        let top = tree.query(tree.root(), b) + u64::from(b.w);
        tree.raise(tree.root(), b, top);
        highest = highest.max(top);
    }
    highest
}
