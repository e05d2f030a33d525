//! `fast::solve` on a maximal input of every big Tetris 3D family.
//!
//! Families are read from the generator at run time, so a family added later is
//! benched without touching this file; "big" means its default options (the jury's
//! sizes) give at least 1000 blocks. Samples are few (one solve takes tens of ms)
//! so the whole run stays under 20 seconds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use jurybox_core::tetris3d::{fast, Tetris3d};
use jurybox_generators::{Generate, Options};
use std::hint::black_box;
use std::time::Duration;

/// Smallest default N that makes a family worth timing.
const MIN_BLOCKS: usize = 1000;

fn maximal_families(c: &mut Criterion) {
    let mut group = c.benchmark_group("tetris3d_fast");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for family in <Tetris3d as Generate>::families() {
        let input = family.make(&Options::defaults(family.params), 1);
        if input.blocks.len() < MIN_BLOCKS {
            continue;
        }
        let id = BenchmarkId::new(
            family.name,
            format!("D={} S={} N={}", input.d, input.s, input.blocks.len()),
        );
        group.bench_with_input(id, &input, |b, input| {
            b.iter(|| fast::solve(black_box(input)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Plots and the default 100 000 bootstrap resamples took most of a 40 s run.
    config = Criterion::default().without_plots().nresamples(5_000);
    targets = maximal_families
}
criterion_main!(benches);
