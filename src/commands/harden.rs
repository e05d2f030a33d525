//! `jurybox harden PACKAGE`: the matrix, the survivors, a search for each, and
//! what was found, saved (and with --write, added to the package).

use super::contest_each::{self, EachProblem};
use super::run_package::{open, print_built};
use crate::cli::HardenArgs;
use crate::contest_view as contest_summary;
use crate::exit;
use crate::interrupt;
use crate::stopped::ended;
use anyhow::{anyhow, Result};
use jurybox_format::Verdict;
use jurybox_harden::search::{Searched, Target};
use jurybox_harden::session::SearchBudget;
use jurybox_harden::session::Session;
use jurybox_harden::write::{add_to_package, record_machine_speed, test_name, write_test};
use jurybox_harden::{mutants, survivors};
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{ProblemLine, Score};
use jurybox_jury::{choose_judge, Case};
use jurybox_languages::Judge;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::ExitCode;

/// Opens `dir` for hardening, built as `judge` (or its format's judge) does,
/// printing the judge, what could not be used and the limit; a jury fault met
/// on the way is saved in `save` (by default the package's found directory).
pub fn session(
    dir: &Path,
    which: Option<Vec<usize>>,
    judge: Option<Judge>,
    jobs: usize,
    save: Option<&Path>,
) -> Result<Session> {
    let (package, cases) = open(dir, jobs)?;
    let judging = choose_judge(&package, judge);
    errln!(
        "{}: building, deriving the time limit and running {} submissions on {} tests",
        package.name,
        which.as_ref().map_or(package.submissions.len(), Vec::len),
        cases.len()
    );
    let save = save.map_or_else(|| found_dir(&package.name), Path::to_path_buf);
    let session = Session::open(package, cases, which, judging, jobs, interrupt::flag())
        .map_err(|stop| ended(stop, &save))?;
    print_built(&session.package, &session.built);
    outln!("{}", session.limit.explain());
    Ok(session)
}

/// Seconds of shrinking per finding of the audit harden runs first: a
/// fifth of `jurybox audit`'s, so the audit adds little to the search.
const AUDIT_SHRINK_SECONDS: f64 = 1.0;

/// The audit of the jury's own programs, harden's first step: its findings
/// printed (and saved) before the search, and said loudly when a jury
/// program is wrong, for the search judges by them; the search runs on
/// either way. The input grammar read here is the one the search uses.
fn audit_first(session: &Session, args: &HardenArgs, save: &Path) -> Result<()> {
    let cancel = interrupt::flag();
    let config = jurybox_audit::Config {
        seed: args.seed,
        jobs: super::jobs(args.jobs),
        shrink_seconds: AUDIT_SHRINK_SECONDS,
        time_limit: session.limit.seconds,
        gen: args.gen.clone(),
        ..Default::default()
    };
    let report = jurybox_audit::audit_with(
        &session.package,
        &session.cases,
        &session.built,
        session.grammar(cancel),
        &config,
        cancel,
    )
    .map_err(|stop| ended(stop, save))?;
    let replay = format!(
        "jurybox audit {}",
        jurybox_sandbox::shell_quote(&session.package.dir.display().to_string())
    );
    outln!("audit of the jury's own programs (--no-audit skips it):");
    crate::audit_view::print_report(&session.package, &report, save, &replay, false)?;
    if !report.findings.is_empty() {
        outln!(
            "WARNING: {} of the jury's own programs' findings above: the search below judges by these programs (`{replay}` audits them in full)",
            report.findings.len()
        );
    }
    Ok(())
}

/// What one search found, printed; with `write_to`, the test is also added to
/// that package. `Ok(true)` when it caught the target; a stop (Ctrl-C, a jury
/// fault, its input saved in `save`) is the command's end.
pub fn report_search(
    target: &str,
    searched: Searched,
    save: &Path,
    write_to: Option<&jurybox_format::Package>,
    replay: &str,
) -> Result<bool> {
    match searched {
        Searched::Caught(caught) => {
            jurybox_judging::progress::caught();
            let name = test_name(target, &caught.input);
            let description = format!(
                "found by jurybox harden: catches {target} ({}); from {}{}",
                caught.run.detail,
                caught.provenance,
                caught
                    .shrunk
                    .as_ref()
                    .map_or(String::new(), |s| format!(", shrunk ({s})"))
            );
            let saved = write_test(save, &name, &caught.input, &caught.answer, &description)?;
            outln!(
                "{target}: caught ({}) by {}",
                caught.run.detail,
                caught.provenance
            );
            if let Some(stats) = &caught.shrunk {
                outln!("  shrunk: {stats}");
            }
            outln!("  saved: {}", saved.display());
            outln!(
                "  reproduce: {replay} --input {}",
                jurybox_sandbox::shell_quote(&saved.display().to_string())
            );
            if let Some(package) = write_to {
                let added = add_to_package(
                    package,
                    &name,
                    &caught.input,
                    &caught.answer,
                    &description,
                    caught
                        .command
                        .as_deref()
                        .filter(|_| caught.shrunk.is_none()),
                )?;
                match &added.in_problem_xml {
                    Some(how) => outln!("  added to problem.xml as {how}"),
                    None => outln!("  added: {}", added.input.display()),
                }
                if added.in_generators_yaml {
                    outln!("  added to generators.yaml as {}", added.name);
                }
                for (old, new) in &added.renamed {
                    outln!("  renamed {old} to {new} (BAPCtools' numbering)");
                }
            }
            Ok(true)
        }
        Searched::Agreed {
            candidates,
            valid,
            tried,
        } => {
            outln!(
                "{target}: not caught: agreed with the reference on {valid} valid of {candidates} candidates"
            );
            if !tried.is_empty() {
                outln!("  tried: {}", tried.join("; "));
            }
            Ok(false)
        }
        Searched::Stopped(stop) => Err(ended(stop, save)),
    }
}

/// A test found during this run, to judge later targets by (a test that
/// catches one survivor often catches the next: adding it twice would make
/// BAPCtools refuse the package's identical rules), with its name as saved.
fn found_case(
    session: &Session,
    target: &str,
    caught: &jurybox_harden::search::Caught,
) -> (Case, String) {
    let name = test_name(target, &caught.input);
    let case = Case {
        name: format!("found/{name}"),
        input: caught.input.clone(),
        answer: caught.answer.clone(),
        settings: session.secret_settings(),
    };
    (case, name)
}

/// `harden PACKAGE`, or `harden CONTEST`: each problem hardened in turn,
/// one summary at the end.
pub fn run(args: HardenArgs) -> Result<ExitCode> {
    contest_each::contest_only("harden", &args.package, &args.contest)?;
    if contest_each::is_contest(&args.package) {
        let how = EachProblem {
            command: "harden",
            options: format!(
                "mutants {}, seed {}, seconds {}, mutant seconds {}, only {:?}, judge {:?}",
                args.mutants,
                args.seed,
                args.seconds,
                args.mutant_seconds,
                args.only,
                args.judge.judge
            ),
            shard: args.contest.shard,
            report: args.contest.report.as_deref(),
        };
        return contest_each::run(&args.package, &how, |dir, line| harden(dir, &args, line));
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(harden(&args.package, &args, &mut line)?))
}

/// The session's facts in a contest's summary line.
pub fn fill_line(line: &mut ProblemLine, session: &Session) {
    line.limit = contest_summary::limits(&session.limit);
    line.submissions = contest_summary::by_directory(&session.package);
    line.contradictions = Some(session.matrix.contradictions());
}

/// Hardens the package in `dir`: its status, its summary in `line`.
fn harden(dir: &Path, args: &HardenArgs, line: &mut ProblemLine) -> Result<u8> {
    let jobs = super::jobs(args.jobs);
    let session = session(dir, None, args.judge.judge, jobs, args.save.as_deref())?;
    fill_line(line, &session);
    let save = args
        .save
        .clone()
        .unwrap_or_else(|| found_dir(&session.package.name));
    let stopped = |stop| ended(stop, &save);
    let cancel = interrupt::flag();
    if !args.no_audit {
        audit_first(&session, args, &save)?;
    }
    let mut survivors = survivors(&session.package, &session.matrix);
    if !args.only.is_empty() {
        survivors.retain(|s| {
            let name = &session.package.submissions[s.submission].name;
            args.only.iter().any(|o| name.contains(o.as_str()))
        });
    }
    if session.reference().is_none() {
        return Err(anyhow!(
            "no accepted submission passed every test: nothing can answer a new input"
        ));
    }
    outln!(
        "{} submissions must fail and pass every test{}{}",
        survivors.len(),
        if survivors.is_empty() { "" } else { ": " },
        survivors
            .iter()
            .map(|s| session.package.submissions[s.submission].name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let limits = session.limits();
    errln!(
        "making up to {} mutants of each accepted submission",
        args.mutants
    );
    let mutants = if args.mutants > 0 {
        let start = std::time::Instant::now();
        let made = mutants::make(&session, args.mutants, args.seed, cancel).map_err(stopped)?;
        // Outside every search's budget (--help says so): said, so the
        // command's whole time adds up.
        errln!(
            "making {} mutants took {:.1} s (outside --seconds and --mutant-seconds)",
            made.made,
            start.elapsed().as_secs_f64()
        );
        made
    } else {
        Default::default()
    };
    for skipped in &mutants.skipped {
        errln!("note: no mutants of {skipped}");
    }
    let mut killed = mutants::kills(&session, &mutants.kept, &session.cases, &limits, cancel)
        .map_err(stopped)?;
    let before = killed.iter().filter(|k| k.is_some()).count();
    outln!(
        "{} mutants made: {} kept, {} did not compile, {} failed a sample, {}; the data kills {before} of {}",
        mutants.made,
        mutants.kept.len(),
        mutants.not_compiling,
        mutants.failing_samples,
        equivalents(&mutants),
        mutants.kept.len()
    );
    if !survivors.is_empty() || killed.iter().any(Option::is_none) {
        for line in session.grammar_note(cancel) {
            errln!("{line}");
        }
    }
    let write_to = args.write.then_some(&session.package);
    let budget = |seconds: f64| SearchBudget {
        seconds,
        shrink_seconds: args.shrink_seconds,
        candidates: args.candidates,
    };
    let searcher = |seconds: f64| {
        session
            .searcher(cancel, &budget(seconds))
            .expect("a reference exists")
    };
    let replay = format!(
        "jurybox stress {}",
        jurybox_sandbox::shell_quote(&dir.display().to_string())
    );
    let mut new_cases: Vec<Case> = Vec::new();
    let mut found_names: Vec<String> = Vec::new();
    let mut caught_survivors = 0;
    let mut disagreements = 0;
    for survivor in &survivors {
        let sub = &session.package.submissions[survivor.submission];
        let target = Target {
            name: sub.name.clone(),
            program: session.built.submissions[survivor.submission]
                .as_ref()
                .expect("survivors built"),
            catch: survivor.catch.clone(),
            reach: None,
        };
        let jury = session.jury(cancel);
        let mut earlier = None;
        // A too-slow survivor is caught only over the TLE line, as its search
        // asks: a run past the limit but under the line is not separable.
        let only_slow = target.catch.iter().all(|v| *v == Verdict::TLE);
        let tle_line = session.limit.tle_seconds();
        for (case, name) in new_cases.iter().zip(&found_names) {
            let run = jury.run(target.program, case, &limits).map_err(stopped)?;
            if target.catch.contains(&run.verdict) && (!only_slow || run.cpu > tle_line) {
                earlier = Some((name, run));
                break;
            }
        }
        if let Some((name, run)) = earlier {
            outln!(
                "{}: caught ({}) by {name}, found above",
                sub.name,
                run.detail
            );
            caught_survivors += 1;
            continue;
        }
        errln!(
            "searching for a test that catches {} ({})",
            sub.name,
            target
                .catch
                .iter()
                .map(|v| v.code())
                .collect::<Vec<_>>()
                .join("/")
        );
        jurybox_judging::progress::phase(&format!("search: {}", sub.name), 0);
        let searched = session.hunt(
            &searcher(args.seconds),
            &target,
            args.gen.as_deref(),
            args.seed,
        );
        if let Searched::Caught(c) = &searched {
            let (case, name) = found_case(&session, &sub.name, c);
            new_cases.push(case);
            found_names.push(name);
        }
        if report_search(&sub.name, searched, &save, write_to, &replay)? {
            caught_survivors += 1;
        }
        disagreements += say_disagreements(&session, &save, "harden")?;
    }
    outln!(
        "{caught_survivors} of {} surviving submissions caught",
        survivors.len()
    );
    let any_verdict = any_failure();
    for (i, mutant) in mutants.kept.iter().enumerate() {
        if killed[i].is_some() {
            continue;
        }
        let by_new = mutants::kills(
            &session,
            std::slice::from_ref(mutant),
            &new_cases,
            &limits,
            cancel,
        )
        .map_err(stopped)?;
        if let Some(Some((t, verdict))) = by_new.first() {
            killed[i] = Some((session.cases.len() + t, *verdict));
            outln!(
                "{}: killed ({verdict}) by {}, found above",
                mutant.name,
                found_names[*t]
            );
            continue;
        }
        let target = Target {
            name: mutant.name.clone(),
            program: &mutant.program,
            catch: any_verdict.clone(),
            reach: mutants.reach(mutant),
        };
        jurybox_judging::progress::phase(&format!("search: mutant {}", mutant.label), 0);
        let searched = session.hunt(
            &searcher(args.mutant_seconds),
            &target,
            args.gen.as_deref(),
            args.seed,
        );
        if let Searched::Caught(c) = &searched {
            let (case, name) = found_case(&session, &format!("mutant {}", mutant.label), c);
            new_cases.push(case);
            found_names.push(name);
            killed[i] = Some((session.cases.len() + new_cases.len() - 1, c.run.verdict));
        }
        let label = format!("mutant {}", mutant.label);
        report_search(&label, searched, &save, write_to, &replay)?;
        disagreements += say_disagreements(&session, &save, "harden")?;
        if killed[i].is_none() {
            outln!("  its edit:\n{}", indent(&mutant.diff));
        }
    }
    if args.write && session.package.polygon.is_none() {
        // The tests were held to the limit on this machine: its speed beside
        // the limit says which machine that was (problem.yaml's comment; a
        // Polygon package's problem.xml has its own cpu-name).
        let speed = super::calibrate::measure()?;
        let path = record_machine_speed(&session.package, &speed)?;
        outln!(
            "recorded this machine's speed, {:.2}, in {}",
            speed.speed,
            path.display()
        );
    }
    let after = killed.iter().filter(|k| k.is_some()).count();
    outln!(
        "mutation score: {before}/{n} before, {after}/{n} after",
        n = mutants.kept.len()
    );
    line.survivors = Some(survivors.len() - caught_survivors);
    line.score = (!mutants.kept.is_empty()).then_some(Score {
        killed: after,
        of: mutants.kept.len(),
    });
    // A submission that must fail and still passes is the package's own
    // claim unmet, as is an accepted one rejected on a valid input; a
    // surviving mutant is a measure (it may be equivalent).
    Ok(exit::found_if(
        caught_survivors < survivors.len() || disagreements > 0,
    ))
}

/// Says (each input saved first, with the reference's answer) every accepted
/// submission that the reference's answer rejected on a valid input the
/// search met since the last call: the accepted submissions contradict each
/// other there, so no test was made of it. How many there were. `command`
/// (`harden`, `stress`, `mutants`) names the finder in the saved description.
pub fn say_disagreements(session: &Session, save: &Path, command: &str) -> Result<usize> {
    let found = session.take_disagreements();
    for d in &found {
        let name = test_name(&d.submission, &d.input);
        let description = format!(
            "found by jurybox {command}: {} gets {} on this valid input, whose answer is the reference's",
            d.submission, d.detail
        );
        let saved = write_test(save, &name, &d.input, &d.answer, &description)?;
        outln!(
            "CONTRADICTION: {} gets {} ({}) on a valid input the reference answered: the accepted submissions disagree there, so no test was made of it",
            d.submission,
            d.verdict,
            d.detail
        );
        outln!("  saved: {}", saved.display());
    }
    Ok(found.len())
}

/// What kills a mutant: any verdict but AC.
fn any_failure() -> BTreeSet<Verdict> {
    BTreeSet::from([Verdict::WA, Verdict::TLE, Verdict::RTE])
}

/// The mutants dropped by their object code (trivial compiler equivalence):
/// the score counts killed of the rest.
fn equivalents(made: &mutants::Mutants) -> String {
    format!(
        "{} equivalent (the original's object code), {} repeats (another mutant's)",
        made.equivalent, made.repeats
    )
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `jurybox mutants PACKAGE`, or `mutants CONTEST`: each problem in turn, one
/// summary at the end.
pub fn mutants(dir: &Path, args: &crate::cli::MutantsArgs) -> Result<ExitCode> {
    if contest_each::is_contest(dir) {
        let how = EachProblem {
            command: "mutants",
            options: format!(
                "mutants {}, seed {}, search {}, judge {:?}",
                args.mutants, args.seed, args.search, args.judge.judge
            ),
            shard: args.contest.shard,
            report: args.contest.report.as_deref(),
        };
        return contest_each::run(dir, &how, |dir, line| mutants_of(dir, args, line));
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(mutants_of(dir, args, &mut line)?))
}

/// The mutants of the accepted submissions of the package in `dir`, which
/// tests kill each, the survivors' edits, and the mutation score: its
/// status, its summary in `line`.
fn mutants_of(dir: &Path, args: &crate::cli::MutantsArgs, line: &mut ProblemLine) -> Result<u8> {
    let jobs = super::jobs(args.jobs);
    let package = jurybox_format::Package::read(dir)?;
    let accepted: Vec<usize> = (0..package.submissions.len())
        .filter(|&i| package.submissions[i].is_accepted())
        .collect();
    drop(package);
    let session = session(dir, Some(accepted), args.judge.judge, jobs, None)?;
    fill_line(line, &session);
    let save = found_dir(&session.package.name);
    let stopped = |stop| ended(stop, &save);
    let cancel = interrupt::flag();
    let made = mutants::make(&session, args.mutants, args.seed, cancel).map_err(stopped)?;
    for skipped in &made.skipped {
        errln!("note: no mutants of {skipped}");
    }
    let killed = mutants::kills(
        &session,
        &made.kept,
        &session.cases,
        &session.limits(),
        cancel,
    )
    .map_err(stopped)?;
    outln!(
        "{} mutants made: {} kept, {} did not compile, {} failed a sample, {}",
        made.made,
        made.kept.len(),
        made.not_compiling,
        made.failing_samples,
        equivalents(&made)
    );
    for (mutant, kill) in made.kept.iter().zip(&killed) {
        match kill {
            Some((t, verdict)) => outln!(
                "killed   {}  by {} ({verdict})",
                mutant.name,
                session.cases[*t].name
            ),
            None => outln!("SURVIVES {}\n{}", mutant.name, indent(&mutant.diff)),
        }
    }
    let n = killed.iter().filter(|k| k.is_some()).count();
    outln!("mutation score: {n}/{}", made.kept.len());
    line.score = Some(Score {
        killed: n,
        of: made.kept.len(),
    });
    let mut alive = made.kept.len() - n;
    let mut disagreements = 0;
    if args.search > 0.0 && alive > 0 {
        let searched;
        (searched, disagreements) = search_survivors(&session, &made, &killed, args, &save, dir)?;
        outln!("the search kills {searched} of the {alive} mutants the data leaves alive");
        alive -= searched;
    }
    line.survivors = Some(alive);
    Ok(exit::found_if(alive > 0 || disagreements > 0))
}

/// `mutants DIR --search S`: each mutant the data leaves alive searched for as
/// harden searches (the input's grammar first), what kills it saved; the
/// number killed, and of accepted submissions found disagreeing.
fn search_survivors(
    session: &Session,
    made: &mutants::Mutants,
    killed: &[Option<(usize, Verdict)>],
    args: &crate::cli::MutantsArgs,
    save: &Path,
    dir: &Path,
) -> Result<(usize, usize)> {
    let cancel = interrupt::flag();
    for line in session.grammar_note(cancel) {
        errln!("{line}");
    }
    let budget = SearchBudget {
        seconds: args.search,
        shrink_seconds: args.search,
        candidates: None,
    };
    let replay = format!(
        "jurybox stress {}",
        jurybox_sandbox::shell_quote(&dir.display().to_string())
    );
    let (mut caught, mut disagreements) = (0, 0);
    for (mutant, _) in made.kept.iter().zip(killed).filter(|(_, k)| k.is_none()) {
        let searcher = session.searcher(cancel, &budget).ok_or_else(|| {
            anyhow!("no accepted submission passed every test: nothing can answer a new input")
        })?;
        let target = Target {
            name: mutant.name.clone(),
            program: &mutant.program,
            catch: any_failure(),
            reach: made.reach(mutant),
        };
        jurybox_judging::progress::phase(&format!("search: mutant {}", mutant.label), 0);
        let searched = session.hunt(&searcher, &target, None, args.seed);
        let label = format!("mutant {}", mutant.label);
        if report_search(&label, searched, save, None, &replay)? {
            caught += 1;
        }
        disagreements += say_disagreements(session, save, "mutants")?;
    }
    Ok((caught, disagreements))
}
