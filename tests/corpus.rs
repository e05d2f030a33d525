//! Every engine of every problem on every corpus file (samples and regressions),
//! judged against the file's `.ans`. One engine-neutral corpus, many engines, as in
//! the regex crate's test suite. An engine skips a case only when its `too_big`
//! says so, and the skip is printed with the engine's reason.

use jurybox_core::problem::{answer_text, trusted_engines};
use jurybox_core::Constraints;
use jurybox_stress::store::Store;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};

struct RunCorpus;

impl ProblemVisitor for RunCorpus {
    type Output = Vec<String>;

    fn visit<P: Harness>(self) -> Vec<String> {
        let cases = Store::source_tree()
            .cases(P::NAME)
            .expect("corpus is readable");
        assert!(
            !cases.is_empty(),
            "{}: the corpus has no case (samples are missing)",
            P::NAME
        );
        let mut problems = Vec::new();
        for case in &cases {
            let name = case.input_path.display();
            let input = match P::parse_input(&case.input, Constraints::Extended) {
                Ok(input) => input,
                Err(e) => {
                    problems.push(format!("{name}: does not parse: {e}"));
                    continue;
                }
            };
            let Some(answer) = &case.answer else {
                problems.push(format!("{name}: has no .ans file"));
                continue;
            };
            let expected = match P::parse_answer(&input, answer) {
                Ok(a) => a,
                Err(e) => {
                    problems.push(format!("{name}.ans does not parse: {e}"));
                    continue;
                }
            };
            // Mutants are wrong on purpose; the suites prove they are killed.
            for engine in trusted_engines::<P>() {
                if let Some(why) = (engine.too_big)(&input) {
                    eprintln!("{name}: engine `{}` skipped: {why}", engine.name);
                    continue;
                }
                let got = (engine.solve)(&input);
                let verdict = P::judge(&input, &expected, &got);
                if !verdict.is_accepted() {
                    problems.push(format!("{name}: engine `{}`: {verdict}", engine.name));
                }
                // What an engine writes, a checker must read back as the same answer.
                let text = answer_text::<P>(&input, &got);
                if P::parse_answer(&input, text.as_bytes()).as_ref() != Ok(&got) {
                    problems.push(format!(
                        "{name}: engine `{}` writes an answer it cannot read back",
                        engine.name
                    ));
                }
            }
        }
        problems
    }
}

#[test]
fn every_engine_passes_every_corpus_case() {
    let mut problems = Vec::new();
    for name in PROBLEMS {
        problems.extend(with_problem(name, RunCorpus).expect("listed problems exist"));
    }
    assert!(
        problems.is_empty(),
        "corpus failures:\n{}",
        problems.join("\n")
    );
}
