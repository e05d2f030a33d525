//! What each partial solution of a scored built-in package earns, found by
//! running it as the judges do ([`crate::scored`] wrote the package with
//! every mutant waiting in `partially_accepted/`), then stated in it: a
//! testdata_tools `@EXPECTED_GRADES@` line (one grade per secret group) at
//! the top of the program, the program in the directory its grades imply.
//!
//! A grade is stated only where no judge of a somewhat other speed could see
//! another: the runs are timed against `time_limit_to_tle` × the limit (a TLE
//! is past it, as the pass-fail package's kill table counts one), and every
//! run a grade rests on that is not that TLE must stay under
//! [`NEAR_LIMIT`] × the limit. A solution with a grade nearer than that is
//! left out of the package and said so, never given a guessed grade.

use super::judged::open_staged;
use super::kills::NEAR_LIMIT;
use super::package::program_path;
use super::scored::PARTIAL;
use super::scored_check::tests_within_groups;
use super::suite_tests::SuiteError;
use jurybox_format::scoring::SubmissionScore;
use jurybox_format::Verdict;
use jurybox_jury::{
    kill_past, run_matrix_as_judged, score_matrix, FirstPass, Jury, Limits, Row, TimeLimit,
};
use std::fs;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// What became of one partial solution.
#[derive(Clone, Debug, PartialEq)]
pub enum Graded {
    /// Its grade on each secret group, and the directory it went to.
    Stated {
        /// The program's name (`rowtrees`).
        program: String,
        /// One grade per secret group, in order.
        grades: Vec<Verdict>,
        /// Its directory under `submissions/`.
        dir: &'static str,
    },
    /// Left out: a grade rests on a run too near the limit to be sure of.
    LeftOut {
        /// The program's name.
        program: String,
        /// Why: the group and the run.
        why: String,
    },
}

/// Runs every program of `submissions/partially_accepted/` in the scored
/// package `dir` under `limit`, states each one's grades in it (or removes
/// it, [`Graded::LeftOut`]) and says what became of each.
pub fn grade_partial_solutions(
    dir: &Path,
    limit: &TimeLimit,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<Graded>, SuiteError> {
    let (package, built, cases) = open_staged(dir, jobs, cancel)?;
    let Some(scoring) = &package.scoring else {
        return Err(SuiteError::Directory(format!(
            "{} is not read as a scored package",
            dir.display()
        )));
    };
    let partial: Vec<usize> = (0..package.submissions.len())
        .filter(|&s| {
            package.submissions[s]
                .name
                .starts_with(&format!("{PARTIAL}/"))
        })
        .collect();
    let jury = Jury {
        package: &package,
        built: &built,
        cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let tle = limit.tle_seconds();
    let limits = Limits {
        time_limit: tle,
        kill_at: kill_past(tle),
        wall_factor: 10.0,
        ..Limits::of(&package, limit.seconds)
    };
    let group_of = |t: usize| scoring.group_of(t).map(|g| g.name.clone());
    tests_within_groups(&jury, &cases, group_of, &limits)?;
    let none = FirstPass::default();
    let matrix = run_matrix_as_judged(&jury, &partial, &cases, &limits, jobs, &none)?;
    let scored = score_matrix(&package, &matrix, tle);
    // One grade per secret group: the samples' group (worth 0) has none.
    let subtasks: Vec<String> = scoring
        .subtasks()
        .iter()
        .filter(|g| g.tests().iter().any(|&t| !package.data.tests[t].sample))
        .map(|g| g.name.clone())
        .collect();
    let mut graded = Vec::new();
    for (row, scored) in matrix.rows.iter().zip(&scored) {
        let file = row
            .name
            .strip_prefix(&format!("{PARTIAL}/"))
            .unwrap_or(&row.name);
        let program = file.strip_suffix(".cpp").unwrap_or(file).to_string();
        let Some(score) = &scored.score else {
            return Err(SuiteError::Directory(format!(
                "mutant {program} does not build: {}",
                row.build_error.as_deref().unwrap_or("")
            )));
        };
        let path = program_path(&dir.join("submissions").join(PARTIAL), &program);
        let near = NEAR_LIMIT * limit.seconds;
        let placed = grades_of(row, score, &subtasks, group_of, near)
            .and_then(|grades| Ok((directory_of(&grades)?, grades)));
        match placed {
            Err(why) => {
                fs::remove_file(&path)?;
                graded.push(Graded::LeftOut { program, why });
            }
            Ok((dir_name, grades)) => {
                state_grades(&path, &grades)?;
                if dir_name != PARTIAL {
                    let into = dir.join("submissions").join(dir_name);
                    fs::create_dir_all(&into)?;
                    fs::rename(&path, into.join(format!("{program}.cpp")))?;
                }
                graded.push(Graded::Stated {
                    program,
                    grades,
                    dir: dir_name,
                });
            }
        }
    }
    let partial_dir = dir.join("submissions").join(PARTIAL);
    if fs::read_dir(&partial_dir)?.next().is_none() {
        fs::remove_dir(partial_dir)?;
    }
    Ok(graded)
}

/// Each secret group's grade in `score`, or why one is not sure: a run the
/// grade rests on (each run of the group up to the one that decided it) at
/// `near` CPU seconds or more that is not the deciding time limit. A group
/// decided by a time limit is sure whatever its earlier passing runs took:
/// on a slower judge such a run is a time limit itself, and the grade is the
/// same (netgame's unmemoised search passes a 16-cell net in 10 s, under
/// 1.5 x the 8.5 s limit, before the 20-cell net it needs 20 s on).
/// `group_of` names a test's group.
fn grades_of(
    row: &Row,
    score: &SubmissionScore,
    subtasks: &[String],
    group_of: impl Fn(usize) -> Option<String>,
    near: f64,
) -> Result<Vec<Verdict>, String> {
    let mut grades = Vec::new();
    for name in subtasks {
        let group = score
            .group(name)
            .ok_or_else(|| format!("group {name} has no score"))?;
        if !group.known {
            return Err(format!("group {name}: its score is not known"));
        }
        for (t, run) in row.runs.iter().enumerate() {
            let Some(run) = run else { continue };
            if group_of(t).as_deref() != Some(name.as_str()) {
                continue;
            }
            let decides = group.decided_by == Some(t);
            let timed_out = group.verdict == Verdict::TLE;
            let sure = run.cpu < near
                || (decides && run.verdict == Verdict::TLE)
                || (timed_out && run.verdict == Verdict::AC);
            if !sure {
                return Err(format!(
                    "group {name}: {} in {:.2} s on test {t}, near the limit",
                    run.verdict, run.cpu
                ));
            }
            if decides {
                break;
            }
        }
        grades.push(group.verdict);
    }
    Ok(grades)
}

/// Where a program with `grades` goes: `partially_accepted/` when it earns a
/// group, else the directory of its one rejection. A program rejected in two
/// ways (tetris3d's inclusive: WA on the small group, TLE on the full one)
/// fits no directory: each permits only accepted runs and its own verdict,
/// so it is left out, said why.
fn directory_of(grades: &[Verdict]) -> Result<&'static str, String> {
    if grades.contains(&Verdict::AC) {
        return Ok(PARTIAL);
    }
    let first = grades.first().copied().unwrap_or(Verdict::WA);
    if grades.iter().any(|&g| g != first) {
        let words: Vec<String> = grades.iter().map(Verdict::to_string).collect();
        return Err(format!(
            "its grades {} mix rejections that no one directory permits",
            words.join(" ")
        ));
    }
    Ok(match first {
        Verdict::TLE => "time_limit_exceeded",
        Verdict::RTE => "run_time_error",
        _ => "wrong_answer",
    })
}

/// Puts the `@EXPECTED_GRADES@` line at the top of the program at `path`.
fn state_grades(path: &Path, grades: &[Verdict]) -> Result<(), SuiteError> {
    let words: Vec<String> = grades.iter().map(Verdict::to_string).collect();
    let text = fs::read_to_string(path)?;
    let head = format!(
        "// @EXPECTED_GRADES@ {}\n// (its grade on each secret group, found by `jurybox package --scoring` running it)\n",
        words.join(" ")
    );
    fs::write(path, format!("{head}{text}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(verdict: Verdict, cpu: f64) -> Option<jurybox_jury::Run> {
        use jurybox_judging::verdict::RunVerdict;
        let detail = match verdict {
            Verdict::AC => RunVerdict::Accepted,
            _ => RunVerdict::WrongAnswer("stated by the test".into()),
        };
        Some(jurybox_jury::Run {
            verdict,
            detail,
            points: 100.0,
            cpu,
            wall: cpu,
            stalled: false,
            starved: false,
        })
    }

    /// One group `g` of tests 0..3, graded `verdict`, decided by test 2
    /// unless accepted.
    fn graded(
        verdict: Verdict,
        runs: Vec<Option<jurybox_jury::Run>>,
    ) -> Result<Vec<Verdict>, String> {
        let row = Row {
            submission: 0,
            name: "slow".into(),
            runs,
            build_error: None,
            violations: Vec::new(),
            stopped_early: false,
        };
        let group = jurybox_format::scoring::GroupScore {
            name: "g".into(),
            points: Some(100.0),
            score: if verdict == Verdict::AC { 100.0 } else { 0.0 },
            verdict,
            decided_by: (verdict != Verdict::AC).then_some(2),
            known: true,
        };
        let score = SubmissionScore {
            total: group.score,
            verdict,
            known: true,
            groups: vec![group],
            first_rejected: (verdict != Verdict::AC).then_some(2),
        };
        grades_of(&row, &score, &["g".to_string()], |_| Some("g".into()), 1.0)
    }

    #[test]
    fn a_grade_resting_on_a_run_near_the_limit_is_not_sure_unless_a_time_limit_settles_it() {
        use Verdict::*;
        let near_pass = || run(AC, 1.4);
        // Passing near the limit, then a sure time limit: a slower judge sees
        // a time limit sooner, the same grade.
        assert_eq!(
            graded(TLE, vec![run(AC, 0.1), near_pass(), run(TLE, 2.3)]),
            Ok(vec![TLE])
        );
        // Passing near the limit, then a wrong answer: a slower judge could
        // stop it at that run with a time limit, another grade.
        assert!(graded(WA, vec![run(AC, 0.1), near_pass(), run(WA, 0.1)]).is_err());
        // Accepted on a run near the limit: not sure either.
        assert!(graded(AC, vec![run(AC, 0.1), near_pass(), run(AC, 0.1)]).is_err());
        assert_eq!(
            graded(AC, vec![run(AC, 0.1), run(AC, 0.9), run(AC, 0.1)]),
            Ok(vec![AC])
        );
    }

    #[test]
    fn a_program_that_earns_no_group_goes_by_its_one_rejection_or_nowhere() {
        use Verdict::*;
        assert_eq!(directory_of(&[AC, TLE]), Ok(PARTIAL));
        assert_eq!(directory_of(&[TLE, TLE]), Ok("time_limit_exceeded"));
        assert_eq!(directory_of(&[WA, WA]), Ok("wrong_answer"));
        assert_eq!(directory_of(&[RTE]), Ok("run_time_error"));
        // WA then TLE: wrong_answer/ permits no TLE, time_limit_exceeded/ no WA.
        let mixed = directory_of(&[WA, TLE]).unwrap_err();
        assert!(mixed.contains("WA TLE"), "{mixed}");
        assert!(directory_of(&[TLE, WA]).is_err());
    }
}
