//! `jurybox harden PACKAGE`: the matrix, the survivors, a search for each,
//! then the mutants of the accepted submissions the data leaves alive, each
//! searched for in turn; what is found saved (and with `write`, added to the
//! package, this machine's speed recorded beside its limit).

mod rounds;

use super::audit_first::audit_first;
use super::budget::SHORTEST_ROUND;
use super::budget::{CommandClock, MutantsClock, MutantsShare, Phases};
use super::found::{found_case, save_cut_short};
use super::place::{place, Placement};
use super::targets::{equivalents, mutant_target};
use super::{
    fill_line, indent, open_session, stopped, tell_disagreements, tell_search, HardenError,
};
use crate::mutants::{self, Kill, Mutants};
use crate::search::{Searched, Target};
use crate::session::{SearchBudget, Session};
use crate::subtask::{
    earned_but_failed, group_survivors, groups_that_may_hold, scored_subtasks, SurvivedGroup,
};
use crate::survivors;
use crate::write::record_machine_speed;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{ProblemLine, Score};
use jurybox_jury::package::measure;
use jurybox_jury::{Case, Limits, Tell, TestAt};
use jurybox_languages::Judge;
use rounds::{hunt_survivors, RoundsDone};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How `jurybox harden` was asked to run (its flags).
#[derive(Clone, Debug)]
pub struct HardenConfig {
    /// `--write`: add what is found to the package.
    pub write: bool,
    /// Audit the jury's own programs first (`--no-audit` says no).
    pub audit: bool,
    /// `--gen CMD`: a generator of candidates.
    pub gen: Option<String>,
    /// `--budget`: the whole command, from its start ([`CommandClock`]):
    /// opening the package, the audit, the mutants (a third at most), every
    /// survivor's search shared round by round ([`super::budget`]), the
    /// mutants' searches, each catch's confirmation.
    pub budget: f64,
    /// `--seconds`: the most one survivor's searches take (`None`: the
    /// budget).
    pub seconds: Option<f64>,
    /// `--seed`.
    pub seed: u64,
    /// `--mutants N`: at most this many of each accepted submission.
    pub mutants: usize,
    /// `--mutant-seconds`: each surviving mutant's search.
    pub mutant_seconds: f64,
    /// `--candidates N`: at most this many candidates a search.
    pub candidates: Option<usize>,
    /// `--only TEXT`: only the survivors whose name holds one of these.
    pub only: Vec<String>,
    /// `--shrink-seconds`.
    pub shrink_seconds: f64,
    /// `--save DIR`, else the package's found directory.
    pub save: Option<PathBuf>,
    /// `--jobs`.
    pub jobs: usize,
    /// `--judge`, else the package format's.
    pub judge: Option<Judge>,
}

/// What the searches found so far, so that a later target is judged on it
/// before its own search.
struct Found {
    /// The tests found, as cases.
    cases: Vec<Case>,
    /// Their names as saved.
    names: Vec<String>,
    /// The scoring group each was found for (`None`: the secret tests), the
    /// only one it may catch a survivor of: a test of another group is
    /// outside its constraints.
    groups: Vec<Option<String>>,
    /// Accepted submissions found disagreeing with the reference.
    disagreements: usize,
}

/// What a hardening run needs at every step.
struct Run<'a> {
    session: &'a Session,
    config: &'a HardenConfig,
    save: PathBuf,
    cancel: &'a AtomicBool,
    tell: &'a dyn Tell,
    replay: String,
    /// The command's budget: no search's run starts past its end.
    clock: CommandClock,
}

/// A search run by [`Run::hunt`].
struct Hunt {
    searched: Searched,
    /// Seconds the search's deadline was set before the budget's end so
    /// that a late catch is still confirmed ([`Searcher::confirming_reserve`]),
    /// when that cut its time short.
    reserved: Option<f64>,
}

impl Run<'_> {
    /// A search's budget of `seconds`.
    fn budget(&self, seconds: f64) -> SearchBudget {
        SearchBudget {
            seconds,
            shrink_seconds: self.config.shrink_seconds,
            candidates: self.config.candidates,
        }
    }

    /// Searches for `target` for `seconds` from `seed`, inside the
    /// constraints of `group` when it is a scoring group's survivor (or
    /// the group a scored problem's whole-package survivor is searched in).
    /// The search stops drawing candidates what confirming a catch may take
    /// before the budget's end, and no run of it starts past that end; a
    /// catch whose confirmation the end cut short is saved apart and told
    /// ([`save_cut_short`]) before anything else.
    fn hunt(
        &self,
        target: &Target,
        group: Option<&SurvivedGroup>,
        seconds: f64,
        seed: u64,
    ) -> Result<Hunt, HardenError> {
        let mut searcher = self
            .session
            .searcher_in(self.cancel, &self.budget(seconds), group)
            .expect("a reference exists");
        let reserve = searcher.confirming_reserve(target);
        let latest = self.clock.end_less(reserve);
        let reserved = (latest < searcher.deadline).then_some(reserve);
        (searcher.end, searcher.deadline) = (Some(self.clock.end()), latest.min(searcher.deadline));
        let gen = self.config.gen.as_deref();
        let searched = self.session.hunt(&searcher, target, gen, seed);
        // Said only when the search ran to the deadline the reserve moved: a
        // search that caught or ended sooner was not cut short by it.
        let reserved = reserved.filter(|_| Instant::now() >= latest);
        let cut = searcher.no_tests.take_cut_short();
        save_cut_short(&target.name, &cut, (&self.save, &self.replay), self.tell)?;
        Ok(Hunt { searched, reserved })
    }

    /// The accepted submissions found disagreeing since the last call,
    /// saved and told ([`tell_disagreements`]) within the budget.
    fn disagreements(&self) -> Result<usize, HardenError> {
        let shrink = (self.config.shrink_seconds, Some(self.clock.end()));
        tell_disagreements(
            self.session,
            (&self.save, "harden"),
            shrink,
            self.cancel,
            self.tell,
        )
    }
}

/// Hardens the package in `dir`: its summary in `line`; `Ok(true)` when
/// something was found (a survivor no search caught, an accepted submission
/// rejected on a valid input). The whole command holds to `--budget`
/// ([`CommandClock`]); the last line says where its seconds went.
pub fn harden(
    dir: &Path,
    config: &HardenConfig,
    cancel: &AtomicBool,
    tell: &dyn Tell,
    line: &mut ProblemLine,
) -> Result<bool, HardenError> {
    let clock = CommandClock::new(config.budget);
    let mut phases = Phases::new(config.budget);
    let save = config.save.as_deref();
    let session = open_session(dir, None, config.judge, config.jobs, save, cancel, tell)?;
    phases.opening = clock.spent();
    fill_line(line, &session);
    let save = save.map_or_else(|| found_dir(&session.package.name), Path::to_path_buf);
    let jury_findings = match config.audit {
        true => {
            let how = (config.seed, config.jobs, config.gen.as_deref());
            let found = audit_first(&session, how, &save, cancel, tell)?;
            line.findings = Some(found);
            found
        }
        false => 0,
    };
    phases.audit = clock.spent() - phases.opening;
    let survivors = chosen_survivors(&session, &config.only);
    let Some(reference) = session.reference_note() else {
        return Err(HardenError::NoReference {
            what: "a new input",
        });
    };
    tell.out(&reference);
    tell.out(&format!(
        "{} submissions must fail and pass every test{}{}",
        survivors.len(),
        if survivors.is_empty() { "" } else { ": " },
        survivors
            .iter()
            .map(|s| s.label(&session.package))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let limit = session.limit.seconds;
    for line in earned_but_failed(&session.package, &session.matrix, &session.cases, limit) {
        tell.out(&line);
    }
    // Measured now, written at the end: its seconds are known before the
    // searches share what is left.
    let writes_speed =
        config.write && session.package.polygon.is_none() && session.package.sinol.is_none();
    let measuring = Instant::now();
    let speed = writes_speed.then(|| measure(cancel, tell)).transpose()?;
    phases.speed = measuring.elapsed().as_secs_f64();
    let run = Run {
        session: &session,
        config,
        replay: format!(
            "jurybox stress {}",
            jurybox_sandbox::shell_quote(&dir.display().to_string())
        ),
        save,
        cancel,
        tell,
        clock,
    };
    let limits = session.limits();
    let share = MutantsShare::of(config.budget).within(clock.left());
    let mutants_clock = MutantsClock::new(share);
    let (mutants, mut killed) = make_mutants(&run, &limits, &mutants_clock)?;
    phases.mutants = (mutants_clock.spent(), share.seconds);
    let before = killed.iter().filter(|k| k.is_some()).count();
    if !survivors.is_empty() || killed.iter().any(Option::is_none) {
        for line in session.grammar_note(cancel) {
            tell.note(&line);
        }
    }
    let mut found = Found {
        cases: Vec::new(),
        names: Vec::new(),
        groups: Vec::new(),
        disagreements: 0,
    };
    // The mutants' searches come after the rounds, out of what the
    // mutants' third left: kept back from the rounds.
    let alive = killed.iter().filter(|k| k.is_none()).count();
    let kept_back = (alive as f64 * config.mutant_seconds).min(share.seconds - phases.mutants.0);
    let rounds_end = clock.end_less(kept_back.max(0.0));
    let rounds_began = Instant::now();
    let RoundsDone {
        caught: caught_survivors,
        held_by_none,
        rounds,
        refused,
    } = hunt_survivors(&run, (&survivors, rounds_end), &mut found)?;
    phases.rounds = (rounds_began.elapsed().as_secs_f64(), rounds);
    tell.out(&format!(
        "{caught_survivors} of {} surviving submissions caught{}{}",
        survivors.len(),
        match held_by_none {
            0 => String::new(),
            n => format!(" ({n} more by a test no group may hold, not added)"),
        },
        refused_moves(&refused)
    ));
    let searching = Instant::now();
    for (i, mutant) in mutants.kept.iter().enumerate() {
        if killed[i].is_some() {
            continue;
        }
        // A search shorter than a second finds nothing a longer one would
        // not: the mutants left are said, not searched.
        let seconds = config.mutant_seconds.min(clock.left());
        if seconds < SHORTEST_ROUND {
            phases.mutant_searches.not_searched += 1;
            continue;
        }
        phases.mutant_searches.searched += 1;
        killed[i] = hunt_mutant(&run, (&mutants, mutant, seconds), &mut found)?;
    }
    phases.mutant_searches.seconds = searching.elapsed().as_secs_f64();
    if let Some(speed) = speed {
        // The tests were held to the limit on this machine: its speed beside
        // the limit says which machine that was (problem.yaml's comment; a
        // Polygon package's problem.xml has its own cpu-name).
        let path = record_machine_speed(&session.package, &speed)?;
        tell.out(&format!(
            "recorded this machine's speed, {:.2}, in {}",
            speed.speed,
            path.display()
        ));
    }
    let after = killed.iter().filter(|k| k.is_some()).count();
    tell.out(&format!(
        "mutation score: {before}/{n} before, {after}/{n} after",
        n = mutants.kept.len()
    ));
    phases.whole = clock.spent();
    tell.out(&phases.said());
    line.survivors = Some(survivors.len() - caught_survivors);
    line.score = (!mutants.kept.is_empty()).then_some(Score {
        killed: after,
        of: mutants.kept.len(),
    });
    // A submission that must fail and still passes is the package's own
    // claim unmet, as is an accepted one rejected on a valid input; a
    // surviving mutant is a measure (it may be equivalent).
    // The jury's own programs found wrong are a fault of the package too.
    Ok(caught_survivors < survivors.len() || found.disagreements > 0 || jury_findings > 0)
}

/// The summary's word on survivors that only a refused move of the limit
/// kept from being caught: each with why (said in full above).
fn refused_moves(refused: &[(String, String)]) -> String {
    if refused.is_empty() {
        return String::new();
    }
    let each: Vec<String> = (refused.iter())
        .map(|(name, but)| {
            format!("{name} not caught only because the time limit could not move: {but}")
        })
        .collect();
    format!("; {}", each.join("; "))
}

/// The package's survivors ([`survivors_and_groups`]), only those whose
/// name holds one of `only` when it is not empty.
fn chosen_survivors(session: &Session, only: &[String]) -> Vec<crate::Survivor> {
    let mut survivors = survivors_and_groups(session);
    if !only.is_empty() {
        survivors.retain(|s| {
            let name = &session.package.submissions[s.submission].name;
            only.iter().any(|o| name.contains(o.as_str()))
        });
    }
    survivors
}

/// The mutants of the accepted submissions (`--mutants` of each), told, and
/// which of them the data kills (the test and verdict), made and judged
/// inside the mutants' share of the budget (`clock`): those not judged in it
/// are dropped, and said to be.
fn make_mutants(
    run: &Run,
    limits: &Limits,
    clock: &MutantsClock,
) -> Result<(Mutants, Vec<Kill>), HardenError> {
    let (session, config, tell) = (run.session, run.config, run.tell);
    tell.note(&format!(
        "making up to {} mutants of each accepted submission",
        config.mutants
    ));
    let mut mutants = if config.mutants > 0 {
        let how = (config.mutants, config.seed);
        let made =
            mutants::make_within(session, how, run.cancel, clock).map_err(stopped(&run.save))?;
        // Inside --budget (its share, --help says so): said, so the
        // command's whole time adds up.
        tell.note(&format!(
            "making {} of {} mutants took {:.1} s (of --budget)",
            made.made - made.not_started,
            made.made,
            clock.spent()
        ));
        made
    } else {
        Default::default()
    };
    for skipped in &mutants.skipped {
        tell.note(&format!("note: no mutants of {skipped}"));
    }
    clock.next_step();
    let tests = mutants::package_tests(session);
    let judging = (&mutants.kept[..], &tests[..], limits);
    let judged =
        mutants::kills_within(session, judging, run.cancel, clock).map_err(stopped(&run.save))?;
    let kept = std::mem::take(&mut mutants.kept);
    let unjudged = judged.iter().filter(|j| j.is_none()).count();
    let (kept, killed): (Vec<_>, Vec<Kill>) = kept
        .into_iter()
        .zip(judged)
        .filter_map(|(m, j)| Some((m, j?)))
        .unzip();
    mutants.kept = kept;
    if mutants.not_started > 0 || unjudged > 0 {
        tell.out(&format!(
            "the mutants' share of --budget ({:.0} s) ran out: {} of {} asked made, {} of {} kept judged",
            clock.seconds(),
            mutants.made - mutants.not_started,
            mutants.made,
            mutants.kept.len(),
            mutants.kept.len() + unjudged
        ));
    }
    let before = killed.iter().filter(|k| k.is_some()).count();
    tell.out(&format!(
        "{} mutants made: {} kept, {} did not compile, {} failed a sample, {}; the data kills {before} of {}",
        mutants.made - mutants.not_started,
        mutants.kept.len(),
        mutants.not_compiling,
        mutants.failing_samples,
        equivalents(&mutants),
        mutants.kept.len()
    ));
    Ok((mutants, killed))
}

/// The package's survivors: a scored problem's survivors of single groups
/// ([`group_survivors`]) first, then the whole package's survivors that are
/// none of those (a partial solution is hardened group by group), each with
/// the groups a test failing it may go into ([`groups_that_may_hold`]).
fn survivors_and_groups(session: &Session) -> Vec<crate::Survivor> {
    let (package, matrix) = (&session.package, &session.matrix);
    let mut out = group_survivors(package, matrix, &session.cases);
    let by_group: BTreeSet<usize> = out.iter().map(|s| s.submission).collect();
    out.extend(
        survivors(package, matrix)
            .into_iter()
            .filter(|s| !by_group.contains(&s.submission))
            .map(|mut s| {
                s.may_hold = groups_that_may_hold(package, &session.cases, s.submission, &s.catch);
                s
            }),
    );
    out
}

/// The group a survivor's search is held to: its own, or for a scored
/// problem's whole-package survivor the last group a test failing it may go
/// into (in run order, the widest constraints as olympiad groups are
/// written; what it finds goes into the first that takes it, [`place`]),
/// else the last scored group (what is found there is said to fit no group
/// it may fail).
fn searched_in(session: &Session, survivor: &crate::Survivor) -> Option<SurvivedGroup> {
    if let Some(group) = survivor.group.as_ref().or(survivor.may_hold.last()) {
        return Some(group.clone());
    }
    let scoring = session.package.scoring.as_ref()?;
    let last = scored_subtasks(&session.package, scoring)
        .into_iter()
        .next_back()?;
    Some(SurvivedGroup {
        name: last.name.clone(),
        settings: crate::subtask::settings_of(scoring, &session.cases, &last.name),
    })
}

/// A mutant the data leaves alive, judged on the tests found earlier in the
/// run, else searched for `seconds`: the test that kills it (its index
/// after the package's own) and the verdict, if any.
fn hunt_mutant(
    run: &Run,
    (mutants, mutant, seconds): (&Mutants, &mutants::Mutant, f64),
    found: &mut Found,
) -> Result<Kill, HardenError> {
    let (session, tell) = (run.session, run.tell);
    // Each found test where it went (its group's limits).
    let tests: Vec<(TestAt, &Case)> = (found.groups.iter())
        .map(|g| TestAt::New(g.as_deref()))
        .zip(&found.cases)
        .collect();
    let by_new = mutants::kills(
        session,
        std::slice::from_ref(mutant),
        &tests,
        &session.limits(),
        run.cancel,
    )
    .map_err(stopped(&run.save))?;
    if let Some(Some((t, verdict))) = by_new.first() {
        tell.out(&format!(
            "{}: killed ({verdict}) by {}, found above",
            mutant.name, found.names[*t]
        ));
        return Ok(Some((session.cases.len() + t, *verdict)));
    }
    let target = mutant_target(mutants, mutant);
    let label = format!("mutant {}", mutant.label);
    let searched = run.hunt(&target, None, seconds, run.config.seed)?.searched;
    let mut killed = None;
    let mut placement = Placement::Into(None);
    if let Searched::Caught(c) = &searched {
        placement = place(session, None, c, run.cancel).map_err(stopped(&run.save))?;
        let (case, name) = found_case(session, &label, c, None);
        found.cases.push(case);
        found.names.push(name);
        found.groups.push(None);
        killed = Some((session.cases.len() + found.cases.len() - 1, c.run.verdict));
    }
    let (write_to, group) = placement.destination(&session.package, run.config.write);
    tell_search(
        &label,
        searched,
        (&run.save, write_to, group),
        &run.replay,
        tell,
    )?;
    placement.tell_nowhere(tell);
    found.disagreements += run.disagreements()?;
    if killed.is_none() {
        tell.out(&format!("  its edit:\n{}", indent(&mutant.diff)));
    }
    Ok(killed)
}
