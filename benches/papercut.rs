//! Papercut engines. `fast::solve` on the maximal input of every big family (the
//! jury's sizes: k = 10^5 cuts, n = m = 10^9 where the family has them), and fast
//! against the naive game search on tiny sheets, measured in the same run.
//!
//! Families are read from the generator at run time, so one added later is benched
//! without touching this file.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use jurybox_core::papercut::{fast, naive, Answer, Input, Papercut};
use jurybox_generators::{family_named, parse_options, Generate, Options};
use std::hint::black_box;
use std::time::Duration;

/// Smallest default k that makes a family worth timing.
const MIN_CUTS: usize = 10_000;

fn maximal_families(c: &mut Criterion) {
    let mut group = c.benchmark_group("papercut_fast");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for family in <Papercut as Generate>::families() {
        let input = family.make(&Options::defaults(family.params), 1);
        if input.cuts.len() < MIN_CUTS {
            continue;
        }
        let id = BenchmarkId::new(
            family.name,
            format!("n={} m={} k={}", input.n, input.m, input.cuts.len()),
        );
        group.bench_with_input(id, &input, |b, input| {
            b.iter(|| fast::solve(black_box(input)))
        });
    }
    group.finish();
}

fn tiny_sheets(c: &mut Criterion) {
    let family = family_named::<Papercut>("random").expect("the random family");
    let args: Vec<String> = ["n=4", "m=3", "k=5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let options = parse_options(family.name, family.params, &args).expect("valid options");
    let inputs: Vec<Input> = (0..64).map(|seed| family.make(&options, seed)).collect();
    let firsts = |solve: fn(&Input) -> Answer| {
        inputs
            .iter()
            .filter(|i| matches!(solve(black_box(i)), Answer::First(_)))
            .count()
    };
    assert_eq!(
        firsts(fast::solve),
        firsts(naive::solve),
        "fast and naive disagree"
    );
    let mut group = c.benchmark_group("papercut_tiny_4x3_k5");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for (name, solve) in [
        ("fast", fast::solve as fn(&Input) -> Answer),
        ("naive", naive::solve),
    ] {
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| firsts(solve))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots().nresamples(5_000);
    targets = maximal_families, tiny_sheets
}
criterion_main!(benches);
