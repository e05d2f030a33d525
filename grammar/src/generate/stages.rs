//! Each stage's step of the candidate stream ([`Candidates`]): every small
//! input (an odometer over the choices), each value at its boundaries, the
//! maximal shapes, coordinated edits, random inputs on a log scale.

use super::edits::{edits_of, Replay};
use super::policy::{Pin, Policy, Sizes, Values};
use super::run::{Budget, Stop};
use super::small::Odometer;
use super::{describe_item, Candidates, GeneratedInput, Origin, State};

impl Candidates<'_> {
    /// One step of the small stage ([`Candidates::step`]).
    pub(super) fn step_small(&mut self, budget: Budget) -> Result<Option<GeneratedInput>, ()> {
        let State::Small { size, odometer } = &mut self.state else {
            return Err(());
        };
        let size_now = *size;
        if !odometer.start(size_now) {
            if size_now >= self.options.small_values {
                return Err(());
            }
            *size += 1;
            *odometer = Odometer::new(self.options.small_domain, self.options.open_length);
            return Ok(None);
        }
        let small_budget = Budget {
            tokens: size_now,
            ..budget
        };
        let made = self.plan.run(odometer, small_budget);
        odometer.advance();
        let made = match made {
            Ok(m) if m.tokens == size_now => Ok(m.bytes),
            Ok(_) => Err(Stop::Declined),
            Err(stop) => Err(stop),
        };
        let domain = self.options.small_domain;
        if made.is_err() {
            // Dead ends of the odometer are not runs worth counting.
            return Ok(None);
        }
        Ok(self.keep(made, || Origin::SmallScope {
            values: size_now,
            domain,
        }))
    }

    /// One step of the boundary stage ([`Candidates::step`]).
    pub(super) fn step_boundary(&mut self, budget: Budget) -> Result<Option<GeneratedInput>, ()> {
        let State::Boundary {
            slot,
            index,
            misses,
        } = &mut self.state
        else {
            return Err(());
        };
        if *slot >= self.items.len() {
            return Err(());
        }
        let (s, j, attempt) = (*slot, *index, *misses);
        // The rest random over its bounds: few equal values to break a
        // distinctness rule by chance.
        let mut p = Policy::new(
            Sizes::Random { scale: 8 },
            Values::Random,
            0,
            self.options.open_length,
        );
        p.rng = jurybox_generators::Rng::new(
            self.seed_for(2, (s as u64) << 24 | (j as u64) << 4 | attempt as u64),
        );
        p.pin = Some(Pin { slot: s, index: j });
        if self.dependent[s] {
            p.bounds_at_max = Some(self.options.max_tokens as u64 / 4);
        }
        let made = self.plan.run(&mut p, budget).map(|m| m.bytes);
        let (beyond, pinned) = (p.beyond, p.pinned.clone());
        let State::Boundary {
            slot,
            index,
            misses,
        } = &mut self.state
        else {
            return Err(());
        };
        // Past the end of the slot's list, or never reached: the next slot.
        if beyond || (pinned.is_none() && *misses >= 3) {
            *slot += 1;
            *index = 0;
            *misses = 0;
            return Ok(None);
        }
        // A run that broke a rule or missed the slot: another draw of the rest.
        if (pinned.is_none() || made.is_err()) && *misses < 3 {
            *misses += 1;
            return Ok(None);
        }
        *misses = 0;
        *index += 1;
        let item = describe_item(self.items[s]);
        Ok(self.keep(made, || Origin::Boundary {
            item,
            value: pinned.unwrap_or_default(),
        }))
    }

    /// One step of the maximal stage ([`Candidates::step`]).
    pub(super) fn step_maximal(&mut self) -> Result<Option<GeneratedInput>, ()> {
        let State::Maximal { shape } = &mut self.state else {
            return Err(());
        };
        let i = *shape;
        *shape += 1;
        let shapes = self.maximal_shapes();
        if i >= shapes {
            return Err(());
        }
        let (made, origin) = self.maximal_run((self.maximal_start + i) % shapes, None);
        Ok(self.keep(made, || origin))
    }

    /// One step of the edits stage ([`Candidates::step`]).
    pub(super) fn step_edits(&mut self, budget: Budget) -> Result<Option<GeneratedInput>, ()> {
        let State::Edits {
            base,
            queue,
            replay,
        } = &mut self.state
        else {
            return Err(());
        };
        if replay.is_none() {
            if *base >= 8 {
                return Err(());
            }
            let b = *base;
            *base += 1;
            let scale = (4u64 << (2 * b)).min(self.size_ceiling);
            let fresh = Policy::new(
                Sizes::Random { scale },
                Values::Random,
                self.seed_for(4, b),
                self.options.open_length,
            );
            let mut r = Replay::new(fresh);
            if self.plan.run(&mut r, budget).is_err() {
                return Ok(None);
            }
            let mut q = Vec::new();
            for (key, role, lo, hi, v) in &r.order {
                for to in edits_of(*role, *lo, *hi, *v) {
                    q.push((key.clone(), *v, to));
                }
            }
            q.reverse();
            r.replaying = true;
            let State::Edits { queue, replay, .. } = &mut self.state else {
                return Err(());
            };
            *queue = q;
            *replay = Some(Box::new(r));
            return Ok(None);
        }
        let Some((key, from, to)) = queue.pop() else {
            *replay = None;
            return Ok(None);
        };
        let Some(r) = replay.as_mut() else {
            return Ok(None);
        };
        r.edit = Some((key.clone(), to));
        r.fresh.rng = jurybox_generators::Rng::new(
            self.seed.wrapping_add(to as u64).wrapping_add(key.0 as u64),
        );
        let made = self.plan.run(&mut **r, budget).map(|m| m.bytes);
        let item = describe_item(self.items[key.0]);
        let at = if key.1.is_empty() {
            String::new()
        } else {
            format!(" at repetition {:?}", key.1)
        };
        Ok(self.keep(made, || Origin::Edit {
            item: format!("{item}{at}"),
            from: from.to_string(),
            to: to.to_string(),
        }))
    }

    /// One step of the random stage ([`Candidates::step`]).
    pub(super) fn step_random(&mut self, budget: Budget) -> Result<Option<GeneratedInput>, ()> {
        let State::Random {
            round,
            scale,
            failures,
        } = &mut self.state
        else {
            return Err(());
        };
        if *failures >= 1000 {
            return Err(());
        }
        let s = 1u64 << *scale;
        let (r, sc) = (*round, *scale);
        let values = if r % 2 == 0 {
            Values::Random
        } else {
            Values::Near { scale: s.max(3) }
        };
        let mut p = Policy::new(
            Sizes::Random { scale: s },
            values,
            self.seed_for(5, r << 8 | sc as u64),
            self.options.open_length,
        );
        let made = self.plan.run(&mut p, budget).map(|m| m.bytes);
        let State::Random { round, scale, .. } = &mut self.state else {
            return Err(());
        };
        let too_big = made == Err(Stop::Budget)
            || s >= self.options.max_tokens as u64
            || s >= self.size_ceiling;
        if too_big || *scale >= 62 {
            *scale = 0;
            *round += 1;
        } else {
            *scale += 1;
        }
        let kept = self.keep(made, || Origin::Random { scale: s });
        let State::Random { failures, .. } = &mut self.state else {
            return Err(());
        };
        if kept.is_some() {
            *failures = 0;
        } else {
            *failures += 1;
        }
        Ok(kept)
    }
}
