//! harden's search rules, each on programs whose behaviour the input decides: a
//! number `n` on a line, answered by echoing it, with shell programs that loop
//! forever on the inputs that must be slow (so a time limit is certain, not a
//! matter of the machine's load) and sources that list their candidates.
//! Each test names the rule it holds and what the search would find without it.

use jurybox_format::generators::GeneratorsYaml;
use jurybox_format::{Package, Settings, Verdict};
use jurybox_harden::drive::save_cut_short;
use jurybox_harden::search::{Bounding, Searched, Searcher, Target, CONFIRMING_RUNS};
use jurybox_harden::source::{
    Candidate, CandidateInput, Climb, Growing, GrowingRule, SeededGenerator, SeededRule, Source,
};
use jurybox_jury::{BuiltPackage, Jury, LimitRule, Limits, Stop};
use jurybox_languages::Built;
use jurybox_sandbox::RunLimits;
use jurybox_sandbox::StackLimit;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Spins until killed.
const SPIN: &str = "while :; do :; done";

/// A shell program (its name is `$0`, the package's arguments follow).
fn sh(name: &str, script: &str) -> Built {
    Built {
        name: name.into(),
        language: "sh".into(),
        argv: vec!["sh".into(), "-c".into(), script.into(), name.into()],
        stack: StackLimit::Inherited,
    }
}

/// `n` on a line, echoed; `body` runs first (`$n` is the input).
fn echoing(name: &str, body: &str) -> Built {
    sh(name, &format!("read n; {body}; echo $n"))
}

/// A minimal package (nothing but problem.yaml: the programs are given built).
fn package(dir: &Path) -> Package {
    std::fs::write(dir.join("problem.yaml"), "name: rules\n").unwrap();
    Package::read(dir).unwrap()
}

/// `validator` (a Kattis one: 42 accepts) as the package's only program.
fn built(validator: Option<Built>) -> BuiltPackage {
    BuiltPackage {
        submissions: Vec::new(),
        input_validators: validator
            .map(|v| (v.name.clone(), Ok(v)))
            .into_iter()
            .collect(),
        answer_validators: Vec::new(),
        output_validator: None,
        ..BuiltPackage::default()
    }
}

/// A validator that accepts `n` when `test` (a shell test of `$n`) holds.
/// A package in a temporary directory with its programs built, for a `Jury`.
struct Fixture {
    dir: tempfile::TempDir,
    package: Package,
    built: BuiltPackage,
    cancel: AtomicBool,
}

impl Fixture {
    fn new(validator: Option<Built>) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        Fixture {
            package: package(dir.path()),
            dir,
            built: built(validator),
            cancel: AtomicBool::new(false),
        }
    }

    fn jury(&self) -> Jury<'_> {
        Jury {
            package: &self.package,
            built: &self.built,
            cancel: &self.cancel,
            turn: jurybox_jury::Turn::default(),
        }
    }
}

fn accepting(test: &str) -> Option<Built> {
    Some(sh(
        "validate",
        &format!("read n; [ {test} ] && exit 42; exit 43"),
    ))
}

/// A 0.05 s limit: a spinning run is stopped at 0.15 s of CPU, well past the
/// 0.1 s a too-slow catch must exceed (an echo takes a few milliseconds).
fn limits() -> Limits {
    Limits {
        time_limit: 0.05,
        kill_at: 0.15,
        memory_mib: 256,
        output_mib: 16,
        jury: RunLimits::with_cpu(Duration::from_secs(10)),
        wall_factor: 4.0,
        wall_cap: None,
    }
}

const TLE_SECONDS: f64 = 0.1;

fn searcher<'a>(
    jury: Jury<'a>,
    reference: &'a Built,
    bounding: Vec<(&'a Built, bool)>,
) -> Searcher<'a> {
    Searcher {
        jury,
        reference,
        reference_submission: None,
        bounding: bounding
            .into_iter()
            .map(|(program, must_pass)| Bounding {
                name: &program.name,
                program,
                must_pass,
                submission: None,
            })
            .collect(),
        // The limit 0.05 s, kept by ac_to_time_limit 1 at 0.05 s steps: a
        // spin (stopped past 0.06 s) moves it, an echo does not.
        limit_rule: LimitRule {
            ac_to_time_limit: 1.0,
            resolution: 0.05,
            floor: 0.0,
        },
        kept_limit: 0.05,
        may_move_limit: Err(jurybox_harden::search::MoveRefusal {
            would: "a test that moves the time limit would catch it".into(),
            but: "the test states its limit".into(),
        }),
        limits: limits(),
        settings: Settings::default(),
        group: None,
        // One at a time: the candidates drawn are then exact.
        jobs: 1,
        deadline: Instant::now() + Duration::from_secs(120),
        known: Default::default(),
        max_candidates: None,
        shrink_time: Duration::ZERO,
        no_tests: Default::default(),
        maximal_bytes: Default::default(),
        end: None,
    }
}

fn target<'a>(program: &'a Built, verdict: Verdict) -> Target<'a> {
    Target {
        name: program.name.clone(),
        program,
        catch: BTreeSet::from([verdict]),
        reach: None,
        largest_first: false,
        submission: None,
    }
}

/// The numbers given, in order, each a candidate named `NAME n`.
struct Listed {
    name: &'static str,
    left: std::collections::VecDeque<u32>,
}

fn listed(name: &'static str, numbers: &[u32]) -> Box<dyn Source> {
    Box::new(Listed {
        name,
        left: numbers.iter().copied().collect(),
    })
}

impl Source for Listed {
    fn name(&self) -> String {
        self.name.into()
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        let n = self.left.pop_front()?;
        Some(Candidate {
            input: CandidateInput::Ready(format!("{n}\n").into_bytes()),
            provenance: format!("{} {n}", self.name),
            command: None,
        })
    }
}

fn caught(searched: Searched) -> (String, String) {
    match searched {
        Searched::Caught(c) => (String::from_utf8(c.input).unwrap(), c.provenance),
        other => panic!("not caught: {other:?}"),
    }
}

/// keeps_limit, in a search for a wrong answer: the target is wrong from 2 on,
/// but on 2 a submission that bounds the limit from below spins, so 2 would
/// move the limit and is no catch; 3 is. Without the rule, 2. The bounding
/// submission is an accepted one (which must also pass) and then a wrong one
/// (which need not: its CPU time alone decides).
#[test]
fn a_catch_that_would_move_the_limit_is_no_catch() {
    for must_pass in [true, false] {
        catch_that_would_move_the_limit(must_pass);
    }
}

fn catch_that_would_move_the_limit(must_pass: bool) {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let slow_on_2 = echoing("slow_on_2", &format!("[ $n -eq 2 ] && {SPIN}"));
    let wrong = sh(
        "wrong_answer/from_2",
        "read n; [ $n -ge 2 ] && echo wrong || echo $n",
    );
    let searcher = searcher(jury, &reference, vec![(&slow_on_2, must_pass)]);
    let mut sources = vec![listed("listed", &[1, 2, 3])];
    let (input, _) = caught(searcher.search(&target(&wrong, Verdict::WA), &mut sources));
    assert_eq!(input, "3\n", "bounded by one that must pass: {must_pass}");
    // 2 is said apart from the candidates the target passed.
    let (no_tests, said) = searcher.no_tests.said();
    assert_eq!(no_tests, 1, "{said:?}");
    assert!(said[0].contains("the time limit would move"), "{said:?}");
}

/// Hears what a search tells its sources of inputs too costly for the limit.
struct Listening(std::sync::Arc<std::sync::Mutex<Vec<Vec<u8>>>>);

impl Source for Listening {
    fn name(&self) -> String {
        "listening".into()
    }
    fn next_candidate(&mut self) -> Option<Candidate> {
        None
    }
    fn too_costly(&mut self, input: &[u8]) {
        self.0.lock().unwrap().push(input.to_vec());
    }
}

/// keeps_limit, in a search for a too-slow target: the target spins from 2 on,
/// an accepted submission spins on 2 only. A growing source stops at the size
/// that would move the limit (2), and the next source's 3 catches it. Without
/// the rule, 2. 2 is told to every source (`Source::too_costly`: one that can
/// make the same shape smaller, `ScaledToLimit`, does), 3 is not, and 2 is
/// counted apart from the candidates the target passed.
#[test]
fn a_too_slow_catch_that_would_move_the_limit_stops_its_source() {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let slow_on_2 = echoing("accepted/slow_on_2", &format!("[ $n -eq 2 ] && {SPIN}"));
    let slow = echoing(
        "time_limit_exceeded/from_2",
        &format!("[ $n -ge 2 ] && {SPIN}"),
    );
    let searcher = searcher(jury, &reference, vec![(&slow_on_2, true)]);
    let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut sources = vec![
        listed("first", &[1, 2, 3]),
        Box::new(Listening(told.clone())),
        listed("second", &[3]),
    ];
    let (input, provenance) =
        caught(searcher.search_slow(&target(&slow, Verdict::TLE), &mut sources, TLE_SECONDS));
    assert_eq!((input.as_str(), provenance.as_str()), ("3\n", "second 3"));
    assert_eq!(*told.lock().unwrap(), vec![b"2\n".to_vec()]);
    let (no_tests, said) = searcher.no_tests.said();
    assert_eq!(no_tests, 1, "{said:?}");
    assert!(said[0].contains("the time limit would move"), "{said:?}");
}

/// CONFIRMING_RUNS: on 2 the target spins on its first run only (a neighbour's
/// noise, played by a count of runs in a file), on 3 on every run. The catch
/// must hold on every confirming run, so 3 catches it. Without the rule, 2.
#[test]
fn a_too_slow_catch_must_hold_on_every_confirming_run() {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let runs = fixture.dir.path().join("runs");
    let reference = echoing("reference", "true");
    let noisy = echoing(
        "time_limit_exceeded/noisy",
        &format!(
            "f='{}'.$n; c=$(cat \"$f\" 2>/dev/null || echo 0); echo $((c + 1)) > \"$f\"; \
             if [ $n -ge 3 ] || [ $n -eq 2 -a $c -eq 0 ]; then {SPIN}; fi",
            runs.display()
        ),
    );
    let searcher = searcher(jury, &reference, Vec::new());
    let mut sources = vec![listed("listed", &[1, 2, 3])];
    let (input, _) =
        caught(searcher.search_slow(&target(&noisy, Verdict::TLE), &mut sources, TLE_SECONDS));
    assert_eq!(input, "3\n");
    let on_2 = std::fs::read_to_string(runs.with_extension("2")).unwrap();
    assert_eq!(
        on_2.trim(),
        "2",
        "2 was run again, and passed the second run"
    );
    let on_3 = std::fs::read_to_string(runs.with_extension("3")).unwrap();
    assert_eq!(
        on_3.trim(),
        CONFIRMING_RUNS.to_string(),
        "3 held on every run"
    );
}

/// Refused growth, in a search for a too-slow target: the validators refuse 3
/// (and, here only, accept 4, on which the target spins). The source stops at
/// the first input refused, so nothing is caught and 4 is never drawn.
/// Without the rule, 4 is.
#[test]
fn a_too_slow_search_stops_a_source_at_the_first_input_refused() {
    let fixture = Fixture::new(accepting("$n -ne 3"));
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let slow = echoing(
        "time_limit_exceeded/on_4",
        &format!("[ $n -eq 4 ] && {SPIN}"),
    );
    let searcher = searcher(jury, &reference, Vec::new());
    let mut sources = vec![listed("listed", &[1, 2, 3, 4])];
    match searcher.search_slow(&target(&slow, Verdict::TLE), &mut sources, TLE_SECONDS) {
        Searched::Agreed {
            candidates, valid, ..
        } => assert_eq!((candidates, valid), (3, 2)),
        other => panic!("{other:?}"),
    }
}

/// Refused growth, in a search for a wrong answer: a generator's size grown
/// (1, 2, 4, 8, … up to 2^16) until the validators refuse one (n ≤ 4 is
/// valid), by `--gen` and by a generators.yaml rule. The growth stops at 8:
/// four candidates, three valid. Without the rule, all seventeen sizes are
/// drawn and made.
#[test]
fn a_growing_generator_stops_at_the_first_size_refused() {
    let fixture = Fixture::new(accepting("$n -le 4"));
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let right = echoing("wrong_answer/never", "true");
    let searcher = searcher(jury, &reference, Vec::new());
    let limits = RunLimits::with_cpu(Duration::from_secs(10));
    let gen = Growing {
        generator: SeededGenerator {
            name: "--gen".into(),
            program: None,
            words: "echo {n=1..1}".into(),
            seed: 1,
            drawn: 0,
            limits,
        },
        step: 0,
        max_step: 16,
    };
    let yaml = GeneratorsYaml::parse(
        "data:\n  secret:\n    data:\n      grow: gen.sh {seed} 1\n",
        "generators.yaml",
        &Default::default(),
        &mut Vec::new(),
    )
    .unwrap();
    let case = yaml.seeded_rules()[0];
    let rule = GrowingRule {
        rule: SeededRule {
            case: case.name.clone(),
            command: case.generate.clone().unwrap(),
            // The seed is $1, the size $2.
            program: sh("gen.sh", "echo $2"),
        },
        seed: 1,
        step: 0,
        max_step: 16,
        limits,
    };
    let sources: [Box<dyn Source>; 2] = [Box::new(gen), Box::new(rule)];
    for source in sources {
        let name = source.name();
        match searcher.search(&target(&right, Verdict::WA), &mut [source]) {
            Searched::Agreed {
                candidates, valid, ..
            } => {
                assert_eq!((candidates, valid), (4, 3), "{name}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// keeps_limit's runs are made one at a time (issue 34): whether a catch moves
/// the limit is a question of CPU time, which other runs on the machine only
/// add to. Each bounding submission holds a directory while it runs (`mkdir`
/// fails if another holds it), and the target looks for it during its own
/// run; any overlap leaves a file. Without the rule, two candidates of a
/// batch (jobs = 2) each asked the limit's question beside the other's runs,
/// each on a pool of its own.
#[test]
fn the_limits_question_is_asked_of_runs_made_one_at_a_time() {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let (busy, overlap) = (
        fixture.dir.path().join("busy"),
        fixture.dir.path().join("overlap"),
    );
    let (busy, overlap) = (busy.display(), overlap.display());
    let reference = echoing("reference", "true");
    let holding = |name: &str| {
        echoing(
            name,
            &format!("mkdir '{busy}' 2>/dev/null || touch '{overlap}'; sleep 0.2; rmdir '{busy}'"),
        )
    };
    let (a, b) = (holding("accepted/a"), holding("accepted/b"));
    let wrong = sh(
        "wrong_answer/always",
        &format!(
            "read n; for i in 1 2 3 4; do [ -d '{busy}' ] && touch '{overlap}'; sleep 0.05; done; \
             echo wrong"
        ),
    );
    let mut searcher = searcher(jury, &reference, vec![(&a, true), (&b, true)]);
    searcher.jobs = 2;
    let mut sources = vec![listed("listed", &[1, 2, 3, 4])];
    let (input, _) = caught(searcher.search(&target(&wrong, Verdict::WA), &mut sources));
    assert_eq!(input, "1\n");
    assert!(
        !fixture.dir.path().join("overlap").exists(),
        "a bounding run overlapped another run"
    );
}

/// A jury fault is never an agreement (issue 34): a validator that never ends
/// on 3 (stopped at the jury's CPU limit) ends the search as the jury's fault,
/// naming it and the input, where it once counted as a refused input and the
/// search as agreed.
#[test]
fn a_validator_that_does_not_finish_ends_the_search_as_a_jury_fault() {
    let fixture = Fixture::new(Some(sh(
        "validate",
        &format!("read n; [ $n -eq 3 ] && {SPIN}; exit 42"),
    )));
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let right = echoing("wrong_answer/never", "true");
    let mut searcher = searcher(jury, &reference, Vec::new());
    searcher.limits.jury = RunLimits::with_cpu(Duration::from_millis(200));
    let mut sources = vec![listed("listed", &[1, 2, 3, 4])];
    match searcher.search(&target(&right, Verdict::WA), &mut sources) {
        Searched::Stopped(Stop::JuryFault(fault)) => {
            assert_eq!(fault.input, b"3\n");
            assert!(fault.why.contains("validator"), "{fault}");
            assert!(fault.why.contains("time limit"), "{fault}");
        }
        other => panic!("{other:?}"),
    }
}

/// Climbing on the cost: the only listed input, 1, is fast; `Climb` learns
/// its cost and draws mutations of it (values at limits, neighbours, ...);
/// the target spins on any n ≥ 4, so a mutation catches it, by climbing.
/// Without the costs passed on by the search, `Climb` draws nothing.
#[test]
fn a_too_slow_search_climbs_from_the_costliest_input() {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let slow = echoing(
        "time_limit_exceeded/large",
        &format!("[ \"$n\" -ge 4 ] 2>/dev/null && {SPIN}"),
    );
    let searcher = searcher(jury, &reference, Vec::new());
    let mut sources = vec![listed("listed", &[1]), Box::new(Climb::default())];
    let (input, provenance) =
        caught(searcher.search_slow(&target(&slow, Verdict::TLE), &mut sources, TLE_SECONDS));
    assert!(input.trim().parse::<i64>().unwrap() >= 4, "{input}");
    assert!(
        provenance.starts_with("climbing on the cost"),
        "{provenance}"
    );
}

/// The reference answers with the stack its judge gives it, as every judged
/// run: here a reference that answers only under a 64 MiB stack (karwa2024's
/// 24hvelo keeps a 78 MB table on the stack). Without the rule it answers
/// nothing under jurybox's own 8 MiB, no candidate is a test, and the wrong
/// target is never caught.
#[test]
fn the_reference_answers_with_its_judges_stack() {
    let fixture = Fixture::new(None);
    let jury = fixture.jury();
    let reference = Built {
        stack: StackLimit::Bytes(64 << 20),
        ..echoing("reference", "[ \"$(ulimit -s)\" = 65536 ] || exit 1")
    };
    let wrong = echoing("wrong_answer/off_by_one", "n=$((n + 1))");
    let searcher = searcher(jury, &reference, Vec::new());
    let (input, _) =
        caught(searcher.search(&target(&wrong, Verdict::WA), &mut [listed("listed", &[1])]));
    assert_eq!(input, "1\n");
}

/// A source that lists its numbers and records the seconds each judged one
/// was said to cost (`Source::judged`).
struct Costed {
    left: std::collections::VecDeque<u32>,
    told: std::sync::Arc<std::sync::Mutex<Vec<f64>>>,
}

impl Source for Costed {
    fn name(&self) -> String {
        "costed".into()
    }
    fn next_candidate(&mut self) -> Option<Candidate> {
        let n = self.left.pop_front()?;
        Some(Candidate {
            input: CandidateInput::Ready(format!("{n}\n").into_bytes()),
            provenance: format!("costed {n}"),
            command: None,
        })
    }
    fn judged(&mut self, _: &Candidate, seconds: f64, _: f64) {
        self.told.lock().unwrap().push(seconds);
    }
}

/// Issue 43 (h-budget2): what a candidate is said to cost, by which the
/// sources size their inputs (the maximal shapes' byte cap), is making,
/// validating and answering it, not the target's own run: a too-slow
/// target runs to its kill time on every shape it is slow on, and counted,
/// one such run capped every shape after it (adjustingdrones' 9 s shape).
/// The target here waits 2 s of wall time on each input (no CPU: it passes);
/// the reference echoes at once. Both searches, the too-slow one and the
/// other, tell their source far less than the 2 s. Counted with the target's
/// run, each would tell more than 2 s.
#[test]
fn a_candidates_cost_is_made_validated_and_answered_not_the_targets_run() {
    let fixture = Fixture::new(accepting("$n -ge 0"));
    let jury = fixture.jury();
    let reference = echoing("reference", "true");
    let waits = echoing("time_limit_exceeded/waits", "sleep 2");
    let searcher = searcher(jury, &reference, Vec::new());
    for catch in [Verdict::TLE, Verdict::WA] {
        let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut sources: Vec<Box<dyn Source>> = vec![Box::new(Costed {
            left: [1].into_iter().collect(),
            told: told.clone(),
        })];
        let target = target(&waits, catch);
        let searched = match catch {
            Verdict::TLE => searcher.search_slow(&target, &mut sources, TLE_SECONDS),
            _ => searcher.search(&target, &mut sources),
        };
        assert!(matches!(searched, Searched::Agreed { .. }), "{searched:?}");
        let told = told.lock().unwrap().clone();
        assert_eq!(told.len(), 1, "{catch:?}: {told:?}");
        // A shell's validator and echo: milliseconds, and a second at the
        // most on a loaded machine, against the target's two.
        assert!(told[0] < 1.0, "{catch:?}: said to cost {} s", told[0]);
    }
}

/// Issue 43 (h-budget2): past the command's budget's end no run of a
/// catch's confirmation starts; the candidate the target failed is kept
/// apart with how far its confirmation went, said in the search's
/// no-tests, and saved under `unconfirmed/` with the command that confirms
/// it: nothing found is lost, and the command ends on time. The end here
/// is a second away, more than confirming a catch takes by CPU, so the
/// search starts; the target waits 2 s on `2` before it spins (a machine so
/// busy that its wall time far exceeds its CPU time), so the end passes
/// during that run. With an accepted submission bounding the limit, the
/// limit's check is cut before its first run; without one, the confirming
/// runs after the first. Without the end, both catch `2`, confirmed after
/// the budget (the 320 s overrun measured on adjustingdrones).
#[test]
fn a_catch_whose_confirmation_the_budgets_end_cuts_short_is_saved_apart() {
    let fixture = Fixture::new(None);
    let reference = echoing("reference", "true");
    let slow = echoing(
        "time_limit_exceeded/from_2",
        &format!("[ $n -ge 2 ] && {{ sleep 2; {SPIN}; }}"),
    );
    let cases = [
        (vec![(&reference, true)], "the limit's check: 0 of 1"),
        (Vec::new(), "the confirming runs: over the line on 1 of"),
    ];
    for (bounding, how_far) in cases {
        let mut searcher = searcher(fixture.jury(), &reference, bounding);
        // The wall clock a waiting run needs (the CPU limits stay).
        searcher.limits.wall_factor = 40.0;
        searcher.end = Some(Instant::now() + Duration::from_secs(1));
        let mut sources = vec![listed("listed", &[1, 2, 3])];
        let target = target(&slow, Verdict::TLE);
        match searcher.search_slow(&target, &mut sources, TLE_SECONDS) {
            Searched::Agreed {
                candidates, valid, ..
            } => assert_eq!((candidates, valid), (2, 2), "{how_far}"),
            other => panic!("{how_far}: {other:?}"),
        }
        let (no_tests, said) = searcher.no_tests.said();
        assert_eq!(no_tests, 1, "{said:?}");
        assert!(said[0].contains("not confirmed"), "{said:?}");
        let cut = searcher.no_tests.take_cut_short();
        assert_eq!(cut.len(), 1, "{cut:?}");
        assert_eq!(cut[0].input, b"2\n", "{cut:?}");
        assert!(cut[0].how_far.contains(how_far), "{}", cut[0].how_far);

        let save = tempfile::tempdir().unwrap();
        let told = Told::default();
        let replay = "jurybox stress PKG";
        save_cut_short(&target.name, &cut, (save.path(), replay), &told).unwrap();
        let saved = save.path().join("unconfirmed");
        let inputs: Vec<_> = std::fs::read_dir(&saved)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        assert_eq!(inputs.len(), 1, "{inputs:?}");
        assert_eq!(std::fs::read(&inputs[0]).unwrap(), b"2\n");
        let lines = told.0.lock().unwrap().join("\n");
        assert!(lines.contains("the budget ran out during"), "{lines}");
        assert!(
            lines.contains("confirm: jurybox stress PKG --input"),
            "{lines}"
        );
    }
}

/// A Tell that keeps what is said.
#[derive(Default)]
struct Told(std::sync::Mutex<Vec<String>>);

impl jurybox_jury::Tell for Told {
    fn out(&self, line: &str) {
        self.0.lock().unwrap().push(line.to_string());
    }
    fn note(&self, line: &str) {
        self.0.lock().unwrap().push(line.to_string());
    }
}
