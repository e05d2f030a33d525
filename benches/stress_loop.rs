//! The stress loop's throughput per problem: cases per second on one thread, with
//! the same case setup, generation, round trip and comparison `jurybox stress` does
//! (shrinking aside: it runs only on failures).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use jurybox_stress::case::{case_setup, check_case};
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};

/// Cases per benchmark iteration.
const CASES: u64 = 1000;

struct Bench<'a>(&'a mut Criterion);

impl ProblemVisitor for Bench<'_> {
    type Output = ();
    fn visit<P: Harness>(self) {
        let families: Vec<_> = P::families().iter().collect();
        let mut group = self.0.benchmark_group("stress_loop");
        group.throughput(Throughput::Elements(CASES));
        group.sample_size(10);
        group.bench_function(P::NAME, |b| {
            let mut next = 0u64;
            b.iter(|| {
                for _ in 0..CASES {
                    let (family, options, seed) = case_setup(&families, 1, next);
                    let input = family.make(&options, seed);
                    check_case::<P>(&input, &[], &Default::default()).expect("engines agree");
                    next += 1;
                }
            })
        });
        group.finish();
    }
}

fn stress_loop(c: &mut Criterion) {
    for name in PROBLEMS {
        with_problem(name, Bench(c));
    }
}

criterion_group!(benches, stress_loop);
criterion_main!(benches);
