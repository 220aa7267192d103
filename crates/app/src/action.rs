//! The changes a user can ask for ([`Action`]) and the reducer that applies them
//! ([`Scenario::apply`]): every value is checked against its range ([`crate::validation`])
//! and strategy changes against the engine, so no path can store an invalid scenario.

use crate::i18n::{Arg, Translator};
use crate::state::{
    MonteCarlo, Scenario, DEFAULT_BUY, DEFAULT_HOURS_PER_DAY, DEFAULT_JOB_GPU_HOURS,
};
use crate::validation::*;
use planner_core::catalog;
use planner_core::catalog::query::ResolvedOffer;
use planner_core::catalog::support::support_plan;
use planner_core::error::{FileError, FileProblem};
use planner_core::file::DeadlineSpotFile;
use planner_core::option::SupportChoice;
use planner_core::option::{
    OnDemandPrices, OptionInput, SpotInput, SpotPrices, DEFAULT_PEAK_HOURS,
};
use planner_engine::billing::{ReservedTerm, Schedule};
use planner_engine::packages::Packages;
use planner_engine::plan::{FleetLoad, JobLoad, JobSize, Shares, Workload};
use planner_engine::risk::Checkpointing;
use planner_engine::savings_plan::SavingsPlan;
use planner_engine::settlement::Settlement;
use planner_engine::support::{SupportPlan, SupportTier};
use planner_engine::tco::OwnedServer;
use planner_engine::{Currency, Field, FieldPath, MonthConvention, MonthLength};

/// Fleet or job: what a scenario's workload is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// GPUs for some hours a day, some days a week, over the horizon.
    Fleet,
    /// A fixed amount of work, run until finished.
    Job,
}

/// Which free allowance of an option ([`Action::SetFreeAllowance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeKind {
    /// Free GPU-hours.
    GpuHours,
    /// Free storage, GB-months.
    StorageGb,
    /// Free egress, GB.
    EgressGb,
}

/// A change the user asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Add the offer (bundled or imported, with its source) to the comparison (all on
    /// demand), or remove every option on it if it is already there.
    ToggleOffer(ResolvedOffer),
    /// Remove every compared offer.
    ClearSelection,
    /// Add a copy of option `index` right after it, named `"{name} (2)"` (the first free
    /// number), with every input the same.
    DuplicateOption(usize),
    /// Name option `index` (validated by [`check_name`]: trimmed, not empty, at most
    /// [`crate::validation::MAX_NAME_CHARS`] characters).
    RenameOption {
        /// Position of the option.
        index: usize,
        /// The new name.
        name: String,
    },
    /// Set the number of GPUs (validated against [`GPUS_SPEC`]).
    SetGpus(f64),
    /// Set the fleet's hours per day (validated against [`HOURS_PER_DAY_SPEC`]; refused in job
    /// mode).
    SetHoursPerDay(f64),
    /// Set the horizon in months (validated against [`MONTHS_SPEC`]).
    SetMonths(f64),
    /// Set the month convention.
    SetMonthConvention(MonthConvention),
    /// Set the display currency.
    SetCurrency(Currency),
    /// Set the exchange rate in USD per CNY (validated against [`RATE_SPEC`]).
    SetUsdPerCny(f64),
    /// Set days per week the fleet runs (validated against [`DAYS_PER_WEEK_SPEC`]; refused in
    /// job mode).
    SetDaysPerWeek(f64),
    /// Set the contingency budget in % (validated against [`CONTINGENCY_SPEC`]).
    SetContingencyPct(f64),
    /// Add a copy of option `index` run on spot capacity for `spot_pct` % of its GPUs (the rest
    /// on demand), named after it; refused if the offer lists no spot price or the comparison
    /// is full.
    AddSpotVariant {
        /// Position of the option to copy.
        index: usize,
        /// Spot share in %, 1–100.
        spot_pct: f64,
    },
    /// Remove the option at this position.
    RemoveOption(usize),
    /// Set the interruption rate (per instance-hour) of every option's spot capacity
    /// (validated against [`INTERRUPTIONS_SPEC`]).
    SetSpotInterruptions(f64),
    /// Set the hours between checkpoints (validated against [`CHECKPOINT_INTERVAL_SPEC`]).
    SetCheckpointInterval(f64),
    /// Use Young's optimal checkpoint interval √(2c/λ) (the engine's default).
    UseSuggestedCheckpointInterval,
    /// Set the hours one checkpoint takes to write (validated against [`HOURS_SPEC`]).
    SetCheckpointWrite(f64),
    /// Set the hours a restart after an interruption takes (validated against [`HOURS_SPEC`]).
    SetRestart(f64),
    /// Set the GB kept in storage (validated against [`VOLUME_GB_SPEC`]).
    SetStorageGb(f64),
    /// Set the GB of egress per month (validated against [`VOLUME_GB_SPEC`]).
    SetEgressGb(f64),
    /// Set every option's storage price per GB-month (validated against [`PER_GB_PRICE_SPEC`]).
    SetStoragePrice(f64),
    /// Set every option's egress price per GB (validated against [`PER_GB_PRICE_SPEC`]).
    SetEgressPrice(f64),
    /// Count months as calendar months from `start` (`"YYYY-MM"`); the fixed conventions are
    /// chosen with [`Action::SetMonthConvention`].
    SetCalendarStart(String),
    /// Add a copy of option `index` with `reserved_pct` % of its GPUs on the catalog offer's
    /// committed-use price number `commitment` (`catalog::OFFER_DETAILS[..].commitments`) and the
    /// rest on demand, named after it; refused when the offer lists no such commitment.
    AddReservedVariant {
        /// Position of the option to copy.
        index: usize,
        /// Reserved share in %, 1–100.
        reserved_pct: f64,
        /// Which of the offer's commitments (term and payment option).
        commitment: usize,
    },
    /// Set option `index`'s reserved and spot shares in %; on-demand takes the rest, so the
    /// three always sum to 100 % (refused when reserved + spot exceeds 100 or the option lacks
    /// the reserved or spot prices a non-zero share needs).
    SetOptionShares {
        /// Position of the option.
        index: usize,
        /// Reserved share, %.
        reserved_pct: f64,
        /// Spot share, %.
        spot_pct: f64,
    },
    /// Switch between fleet mode and job mode (the GPU count is kept; a job runs until
    /// finished, [`DEFAULT_JOB_GPU_HOURS`] of work at first; back in fleet mode the fleet
    /// defaults return for the fields a job does not have).
    SetMode(Mode),
    /// Set the job's work in reference GPU-hours (validated against [`JOB_GPU_HOURS_SPEC`]).
    SetJobGpuHours(f64),
    /// Size the job by a deadline in months instead of a GPU count (validated against
    /// [`JOB_WITHIN_SPEC`]); [`Action::SetGpus`] sizes it by GPUs again.
    SetJobWithinMonths(f64),
    /// Set the multi-GPU scaling efficiency (validated against [`SCALING_SPEC`]).
    SetScalingEfficiency(f64),
    /// Override option `index`'s throughput relative to the reference GPU (validated against
    /// [`THROUGHPUT_SPEC`]).
    SetThroughput {
        /// Position of the option.
        index: usize,
        /// Work per GPU-hour relative to an A100 80GB SXM.
        factor: f64,
    },
    /// Set option `index`'s host failures per instance-hour (validated against
    /// [`HOST_FAILURES_SPEC`]): each failure costs a restart and the work since the last
    /// checkpoint (docs/cost-model.md).
    SetHostFailures {
        /// Position of the option.
        index: usize,
        /// Host failures per instance-hour.
        per_hour: f64,
    },
    /// Give option `index` a peak/off-peak on-demand schedule (docs/cost-model.md, "Hour-of-day
    /// prices"): its on-demand price (typed, else its offer's) is the peak price from
    /// `peak_from_hour` (inclusive) to `peak_to_hour` (exclusive) o'clock, wrapping past
    /// midnight, and `off_peak_per_hour` (per instance-hour, option's currency) the other hours.
    /// An off-peak price of 0 returns the option to one price all day. Validated against
    /// [`OFF_PEAK_PRICE_SPEC`] and [`PEAK_HOUR_SPEC`]; refused with
    /// [`ScenarioError::NoOnDemandPrice`] when the option has no on-demand price, and with
    /// [`ScenarioError::NeedsFirst`] when the off-peak price is 0 and a peak hour differs
    /// from the one in force (without an off-peak price the hours have no effect).
    SetOffPeak {
        /// Position of the option.
        index: usize,
        /// Off-peak price per instance-hour; 0 = none.
        off_peak_per_hour: f64,
        /// First peak hour, 0–23.
        peak_from_hour: f64,
        /// First hour after the peak, 0–23.
        peak_to_hour: f64,
    },
    /// Whether option `index`'s work may move into the cheapest hours of its schedule (a job
    /// runs only in them; a fleet's daily run starts at the cheapest hour).
    SetShiftable {
        /// Position of the option.
        index: usize,
        /// Work may move.
        shiftable: bool,
    },
    /// Set one free allowance of option `index` (docs/cost-model.md, "Free allowances"): units
    /// free every month (unused ones do not carry over) and units free once over the plan, each
    /// validated against [`ALLOWANCE_SPEC`].
    SetFreeAllowance {
        /// Position of the option.
        index: usize,
        /// Which allowance.
        kind: FreeKind,
        /// Free units per month.
        monthly: f64,
        /// Free units once.
        once: f64,
    },
    /// Set option `index`'s spot bid cap per instance-hour in its currency (validated against
    /// [`BID_CAP_SPEC`]; 0 = no cap): hours whose market price is above it have no spot
    /// capacity. Refused with [`ScenarioError::NoSpotOption`] when the option has no spot
    /// capacity.
    SetBidCap {
        /// Position of the option.
        index: usize,
        /// Highest price paid per instance-hour; 0 = no cap.
        per_hour: f64,
    },
    /// Set the Monte-Carlo trials per option and the seed of the risk bands (validated
    /// against [`TRIALS_SPEC`] and [`SEED_SPEC`]); kept in the scenario file's `montecarlo`.
    SetMonteCarlo {
        /// Trials per option.
        trials: f64,
        /// Seed of the random stream.
        seed: f64,
    },
    /// Give option `index` reserved prices typed by the user (for offers whose catalog entry
    /// lists no committed-use price): term in whole months 1–120, upfront per instance 0–100
    /// million and recurring price per instance-hour 0–10,000, in the option's currency.
    SetInlineReserved {
        /// Position of the option.
        index: usize,
        /// Term, months.
        term_months: f64,
        /// Paid at the start of each term, per instance.
        upfront: f64,
        /// Recurring price per instance-hour.
        per_hour: f64,
    },
    /// Give option `index` a savings plan (docs/cost-model.md, "Savings plans"): a commitment
    /// per hour for the whole option (validated against [`SAVINGS_PLAN_COMMITMENT_SPEC`]; 0
    /// removes the plan), the price under the plan per instance-hour
    /// ([`SAVINGS_PLAN_RATE_SPEC`]) and the term in whole months ([`SAVINGS_PLAN_TERM_SPEC`]),
    /// in the option's currency.
    SetSavingsPlan {
        /// Position of the option.
        index: usize,
        /// Commitment per hour; 0 = no plan.
        commitment_per_hour: f64,
        /// Price under the plan per instance-hour.
        plan_per_hour: f64,
        /// Term, months.
        term_months: f64,
    },
    /// Put option `index` on a published support plan by id
    /// (`planner_core::catalog::support::SUPPORT_PLANS`, priced in USD), or take its support
    /// plan away (`None`). Refused for an unknown id or an option not in USD.
    SetSupportPlan {
        /// Position of the option.
        index: usize,
        /// Id of the published plan, or `None` for no support plan.
        plan: Option<String>,
    },
    /// Give option `index` a support plan of its own in its currency: the greater of a monthly
    /// minimum ([`SUPPORT_MINIMUM_SPEC`]) and `pct` % ([`SUPPORT_PCT_SPEC`]) of the month's
    /// other charges.
    SetOwnSupport {
        /// Position of the option.
        index: usize,
        /// Monthly minimum.
        minimum: f64,
        /// Percentage of the month's other charges.
        pct: f64,
    },
    /// Give option `index` day/week/month/year packages (包日/包周/包月/包年) beside hourly
    /// billing, prices per instance in its currency, each validated against
    /// [`PACKAGE_PRICE_SPEC`]; 0 means not offered, all 0 removes the packages. The engine then
    /// picks the cheapest mix.
    SetPackages {
        /// Position of the option.
        index: usize,
        /// 包日 price, 0 = none.
        per_day: f64,
        /// 包周 price, 0 = none.
        per_week: f64,
        /// 包月 price, 0 = none.
        per_month: f64,
        /// 包年 price, 0 = none.
        per_year: f64,
    },
    /// Settle option `index`'s hourly billing at each whole hour and at shutdown, each
    /// settlement rounded up to `unit` in its currency ([`SETTLEMENT_UNIT_SPEC`]; 0 bills
    /// exactly again).
    SetSettlement {
        /// Position of the option.
        index: usize,
        /// Money unit of each settlement, 0 = none.
        unit: f64,
    },
    /// Deadline-safe spot for the job (docs/cost-model.md, "Deadline-safe spot"): a deadline
    /// of `hours` from the start ([`DEADLINE_SPOT_SPEC`]; 0 removes it), keeping the trial
    /// count and seed already set (else 1,000 trials, seed 1). Refused outside job mode and
    /// when the deadline is under restart + run hours for some option.
    SetDeadlineSpot {
        /// Deadline, hours; 0 = none.
        hours: f64,
    },
    /// Whether option `index`'s provider bills storage while nothing runs (job mode: storage
    /// for the whole horizon instead of the job's running time).
    SetStorageWhileStopped {
        /// Position of the option.
        index: usize,
        /// Billed while stopped.
        on: bool,
    },
    /// Compare with owning servers (the example server of docs/cost-model.md, "Buy vs rent", when first switched on),
    /// or stop comparing.
    EnableBuy(bool),
    /// Set the owned server (every field validated, see [`check_buy`]).
    SetBuy(OwnedServer),
    /// Use the catalog offer's commitment number `commitment` (term and payment option) as
    /// option `index`'s reserved prices.
    SetOptionCommitment {
        /// Position of the option.
        index: usize,
        /// Which of the offer's commitments.
        commitment: usize,
    },
}

impl Scenario {
    /// Returns the scenario with `action` applied, or why it was refused (then `self` is still
    /// the state in force). Values are re-validated here even though the UI validates first, so
    /// no path can store an invalid scenario.
    pub fn apply(&self, action: Action) -> Result<Scenario, ScenarioError> {
        self.apply_in(action, planner_core::language::Language::En)
    }

    /// [`Scenario::apply`] with the names of new spot and reserved variants written in
    /// `language` (the page's: "…, spot" / "…，竞价"); a name, once made, stays as it is when
    /// the language changes, as a name the user typed does.
    pub fn apply_in(
        &self,
        action: Action,
        language: planner_core::language::Language,
    ) -> Result<Scenario, ScenarioError> {
        let mut next = self.clone();
        // Whether the engine must accept the result: checked once, after the match, for every
        // change that can make the scenario unevaluable.
        let mut engine = false;
        // Whether the engine must accept the result if it accepted the scenario before: a
        // job's length and the overheads of interruptions, failures and checkpoints, so a value
        // that breaks the comparison is refused beside its field and the last results stay,
        // while a scenario that is already unevaluable for another reason can still be edited.
        let mut keep_evaluable = false;
        match action {
            Action::ToggleOffer(offer) => {
                let on = |o: &OptionInput| o.offer.is_some_and(|r| r.offer.id == offer.offer.id);
                let options = &mut next.options;
                if options.iter().any(on) {
                    options.retain(|o| !on(o));
                } else if options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                } else {
                    options.push(OptionInput {
                        storage_per_gb_month: self.storage_price(),
                        egress_per_gb: self.egress_price(),
                        ..OptionInput::on(offer)
                    });
                }
            }
            Action::ClearSelection => next.options.clear(),
            Action::SetGpus(v) => {
                let gpus = check(v, GPUS_SPEC, Input::Gpus)? as u32;
                match &mut next.workload {
                    Workload::Fleet(f) => f.gpus = gpus,
                    Workload::Job(j) => {
                        j.size = JobSize::Gpus(gpus);
                        // Fewer GPUs make the job longer: the engine may refuse its horizon.
                        keep_evaluable = true;
                    }
                }
            }
            Action::SetMode(mode) => {
                let fleet = self.fleet();
                next.workload = match mode {
                    Mode::Fleet => Workload::Fleet(FleetLoad {
                        gpus: fleet.gpus,
                        hours_per_day: DEFAULT_HOURS_PER_DAY,
                        days_per_week: FleetLoad::DAYS_IN_WEEK,
                        start_hour: FleetLoad::DEFAULT_START_HOUR,
                    }),
                    Mode::Job => Workload::Job(JobLoad {
                        gpu_hours: DEFAULT_JOB_GPU_HOURS,
                        size: JobSize::Gpus(fleet.gpus),
                        scaling_efficiency: JobLoad::PERFECT_SCALING,
                    }),
                };
                next.horizon_months = match mode {
                    Mode::Fleet => Some(fleet.months),
                    Mode::Job => None,
                };
            }
            Action::SetJobGpuHours(v) => {
                next.job_mode()?.gpu_hours = check(v, JOB_GPU_HOURS_SPEC, Input::Work)?;
                keep_evaluable = true;
            }
            Action::SetJobWithinMonths(v) => {
                let v = check(v, JOB_WITHIN_SPEC, Input::Deadline)?;
                next.job_mode()?.size = JobSize::WithinMonths(v);
                keep_evaluable = true;
            }
            Action::SetScalingEfficiency(v) => {
                next.job_mode()?.scaling_efficiency =
                    check(v, SCALING_SPEC, Input::ScalingEfficiency)?;
                keep_evaluable = true;
            }
            Action::SetThroughput { index, factor } => {
                let factor = check(factor, THROUGHPUT_SPEC, Input::Throughput)?;
                next.option_mut(index)?.throughput_factor = Some(factor);
                keep_evaluable = true;
            }
            Action::SetHostFailures { index, per_hour } => {
                let v = check(per_hour, HOST_FAILURES_SPEC, Input::HostFailures)?;
                next.option_mut(index)?.failures_per_hour = v;
                keep_evaluable = true;
            }
            Action::SetOffPeak {
                index,
                off_peak_per_hour,
                peak_from_hour,
                peak_to_hour,
            } => {
                let off = check(off_peak_per_hour, OFF_PEAK_PRICE_SPEC, Input::OffPeakPrice)?;
                // Whole hours 0–23 once checked, so the casts are exact.
                let from = check(peak_from_hour, PEAK_HOUR_SPEC, Input::PeakFrom)? as u32;
                let to = check(peak_to_hour, PEAK_HOUR_SPEC, Input::PeakTo)? as u32;
                let o = next.option_mut(index)?;
                if off == 0.0 {
                    // One price all day: the peak hours in force (the default ones without an
                    // off-peak price) stay; moving them has no effect, so it is refused.
                    let (in_from, in_to) = match o.on_demand {
                        Some(OnDemandPrices::PeakOffPeak {
                            from_hour, to_hour, ..
                        }) => (from_hour, to_hour),
                        _ => DEFAULT_PEAK_HOURS,
                    };
                    for (hour, in_force, input) in
                        [(from, in_from, Input::PeakFrom), (to, in_to, Input::PeakTo)]
                    {
                        if hour != in_force {
                            return Err(ScenarioError::NeedsFirst {
                                input,
                                needs: Input::OffPeakPrice,
                            });
                        }
                    }
                }
                let offer_price = o.offer.and_then(|r| r.offer.on_demand_per_hour);
                let peak = match o.on_demand {
                    Some(OnDemandPrices::Flat(p) | OnDemandPrices::PeakOffPeak { peak: p, .. }) => {
                        Some(p)
                    }
                    Some(OnDemandPrices::Hourly(s)) => {
                        Some(s.per_hour.iter().copied().fold(0.0, f64::max))
                    }
                    None => offer_price,
                }
                .ok_or(ScenarioError::NoOnDemandPrice)?;
                o.on_demand = if off == 0.0 {
                    (Some(peak) != offer_price).then_some(OnDemandPrices::Flat(peak))
                } else {
                    let field = FieldPath::option(index).field(Field::Schedule);
                    let schedule = Schedule::peak_off_peak(field, peak, off, from, to)
                        .map_err(|e| ScenarioError::Engine(e.into()))?;
                    Some(OnDemandPrices::PeakOffPeak {
                        peak,
                        off_peak: off,
                        from_hour: from,
                        to_hour: to,
                        schedule,
                    })
                };
                engine = true;
            }
            Action::SetShiftable { index, shiftable } => {
                next.option_mut(index)?.shiftable = shiftable;
                engine = true;
            }
            Action::SetFreeAllowance {
                index,
                kind,
                monthly,
                once,
            } => {
                let allowance = planner_engine::billing::Allowance {
                    monthly: check(monthly, ALLOWANCE_SPEC, Input::FreeMonthly)?,
                    once: check(once, ALLOWANCE_SPEC, Input::FreeOnce)?,
                };
                let free = &mut next.option_mut(index)?.free;
                *match kind {
                    FreeKind::GpuHours => &mut free.gpu_hours,
                    FreeKind::StorageGb => &mut free.storage_gb,
                    FreeKind::EgressGb => &mut free.egress_gb,
                } = allowance;
            }
            Action::SetBidCap { index, per_hour } => {
                let cap = check(per_hour, BID_CAP_SPEC, Input::BidCap)?;
                let spot = next
                    .option_mut(index)?
                    .spot
                    .as_mut()
                    .ok_or(ScenarioError::NoSpotOption)?;
                spot.bid_cap_per_hour = (cap > 0.0).then_some(cap);
                // The engine refuses a cap under every hour's market price for a job.
                engine = true;
            }
            Action::SetMonteCarlo { trials, seed } => {
                // Whole and in range once checked, so the casts are exact.
                next.montecarlo = Some(MonteCarlo {
                    trials: check(trials, TRIALS_SPEC, Input::Trials)? as u32,
                    seed: check(seed, SEED_SPEC, Input::Seed)? as u64,
                });
            }
            Action::SetHoursPerDay(v) => {
                let v = check(v, HOURS_PER_DAY_SPEC, Input::HoursPerDay)?;
                next.fleet_mode()?.hours_per_day = v;
            }
            Action::SetMonths(v) => {
                next.horizon_months = Some(check(v, MONTHS_SPEC, Input::Months)? as u32);
            }
            Action::SetMonthConvention(m) => next.conventions.month = MonthLength::Fixed(m),
            Action::SetCurrency(c) => {
                // The owned server's amounts are in the display currency (scenario format):
                // convert them at the scenario's rate, so switching the currency never
                // changes the rent-vs-buy answer (found by a new user: it used to relabel).
                let from = self.display_currency();
                let rate = self.rate();
                if let Some(buy) = next.buy.as_mut() {
                    let convert = |v: f64| rate.convert(v, from, c).unwrap_or(v);
                    buy.purchase = convert(buy.purchase);
                    buy.price_per_kwh = convert(buy.price_per_kwh);
                    buy.ops_per_month = convert(buy.ops_per_month);
                }
                next.conventions.currency = c;
            }
            Action::SetUsdPerCny(v) => {
                next.conventions.rate = Some(planner_engine::ExchangeRate {
                    usd_per_cny: check(v, RATE_SPEC, Input::ExchangeRate)?,
                });
            }
            Action::SetDaysPerWeek(v) => {
                let v = check(v, DAYS_PER_WEEK_SPEC, Input::DaysPerWeek)?;
                next.fleet_mode()?.days_per_week = v;
            }
            Action::SetContingencyPct(v) => {
                next.contingency_pct = check(v, CONTINGENCY_SPEC, Input::Contingency)?;
            }
            Action::AddSpotVariant { index, spot_pct } => {
                let spot = check(spot_pct, SPOT_PCT_SPEC, Input::SpotShare)? / 100.0;
                if next.options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                }
                let Some(base) = next.options.get(index) else {
                    return Err(ScenarioError::NoSuchOption(index));
                };
                // A spot variant of a spot variant would stack one strategy on another.
                if base.portfolio.is_some_and(|p| p.spot > 0.0) {
                    return Err(ScenarioError::AlreadyVariant);
                }
                let mut variant = base.clone();
                let base_name = self.option_name(index);
                let reserved = base.portfolio.map_or(0.0, |p| p.reserved);
                let interruptions = self.spot_interruptions();
                variant.spot = Some(match variant.spot {
                    Some(sp) => SpotInput {
                        interruptions_per_hour: interruptions,
                        ..sp
                    },
                    None => SpotInput {
                        prices: SpotPrices::Offer,
                        bid_cap_per_hour: None,
                        interruptions_per_hour: interruptions,
                    },
                });
                variant.portfolio = Some(Shares {
                    reserved: reserved.min(1.0 - spot),
                    spot,
                });
                let t = Translator::new(language);
                variant.name = Some(self.unused_name(if spot >= 1.0 {
                    t.text_with(msg!("ui-variant-spot"), &[("name", Arg::Text(base_name))])
                } else {
                    t.text_with(
                        msg!("ui-variant-spot-share"),
                        &[
                            ("name", Arg::Text(base_name)),
                            (
                                "pct",
                                Arg::Text(planner_core::format::input_value(spot_pct)),
                            ),
                        ],
                    )
                }));
                next.options.insert(index + 1, variant);
                // The engine decides whether the prices allow it (e.g. no spot price listed).
                engine = true;
            }
            Action::DuplicateOption(index) => {
                if next.options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                }
                let Some(base) = next.options.get(index) else {
                    return Err(ScenarioError::NoSuchOption(index));
                };
                let mut copy = base.clone();
                copy.name = Some(self.unused_name(self.option_name(index)));
                next.options.insert(index + 1, copy);
            }
            Action::RenameOption { index, name } => {
                let name = check_name(&name)?;
                next.option_mut(index)?.name = Some(name);
            }
            Action::SetSpotInterruptions(v) => {
                // Without spot capacity the rate has nowhere to go: say so, whatever was typed
                // (a range message would suggest some other value could work), rather than let
                // the field snap back silently.
                if !next.options.iter().any(|o| o.spot.is_some()) {
                    return Err(ScenarioError::NoSpotOption);
                }
                let v = check(v, INTERRUPTIONS_SPEC, Input::Interruptions)?;
                for sp in next.options.iter_mut().filter_map(|o| o.spot.as_mut()) {
                    sp.interruptions_per_hour = v;
                }
                keep_evaluable = true;
            }
            Action::SetCheckpointInterval(v) => {
                let v = check(v, CHECKPOINT_INTERVAL_SPEC, Input::CheckpointInterval)?;
                next.checkpoint_mut().interval_hours = Some(v);
                keep_evaluable = true;
            }
            Action::UseSuggestedCheckpointInterval => next.checkpoint_mut().interval_hours = None,
            Action::SetCheckpointWrite(v) => {
                next.checkpoint_mut().write_hours = check(v, HOURS_SPEC, Input::CheckpointWrite)?;
                keep_evaluable = true;
            }
            Action::SetRestart(v) => {
                next.checkpoint_mut().restart_hours = check(v, HOURS_SPEC, Input::Restart)?;
                keep_evaluable = true;
            }
            Action::SetStorageGb(v) => {
                next.storage_gb = check(v, VOLUME_GB_SPEC, Input::Storage)?;
            }
            Action::SetEgressGb(v) => {
                next.egress_gb_per_month = check(v, VOLUME_GB_SPEC, Input::Egress)?;
            }
            Action::SetStoragePrice(v) => {
                let v = check(v, PER_GB_PRICE_SPEC, Input::StoragePrice)?;
                for o in &mut next.options {
                    o.storage_per_gb_month = v;
                }
            }
            Action::SetEgressPrice(v) => {
                let v = check(v, PER_GB_PRICE_SPEC, Input::EgressPrice)?;
                for o in &mut next.options {
                    o.egress_per_gb = v;
                }
            }
            Action::SetCalendarStart(start) => {
                let (year, month) = year_month(&start).ok_or_else(|| {
                    ScenarioError::StartMonth(planner_core::error::quoted(&start))
                })?;
                next.conventions.month = MonthLength::Calendar { year, month };
            }
            Action::AddReservedVariant {
                index,
                reserved_pct,
                commitment,
            } => {
                let reserved = check(reserved_pct, SPOT_PCT_SPEC, Input::ReservedShare)? / 100.0;
                if next.options.len() >= MAX_COMPARED {
                    return Err(ScenarioError::TooManyOffers);
                }
                let Some(base) = next.options.get(index) else {
                    return Err(ScenarioError::NoSuchOption(index));
                };
                // A variant of a reserved option would stack one strategy on another.
                if base.portfolio.is_some_and(|p| p.reserved > 0.0) {
                    return Err(ScenarioError::AlreadyVariant);
                }
                let mut variant = base.clone();
                let c = option_commitment(base, commitment)?;
                variant.reserved = Some(reserved_term(c));
                variant.portfolio = Some(Shares {
                    reserved,
                    spot: 0.0,
                });
                let base_name = self.option_name(index);
                let t = Translator::new(language);
                variant.name = Some(self.unused_name(t.text_with(
                    msg!("ui-variant-reserved"),
                    &[
                        ("name", Arg::Text(base_name)),
                        (
                            "reserved",
                            Arg::Text(planner_core::format::input_value(reserved * 100.0)),
                        ),
                        (
                            "rest",
                            Arg::Text(planner_core::format::input_value(100.0 - reserved * 100.0)),
                        ),
                        ("months", Arg::Exact(f64::from(c.term_months))),
                        ("payment", Arg::Text(t.payment(c.payment))),
                    ],
                )));
                next.options.insert(index + 1, variant);
                engine = true;
            }
            Action::SetOptionShares {
                index,
                reserved_pct,
                spot_pct,
            } => {
                let reserved = check(reserved_pct, SHARE_PCT_SPEC, Input::ReservedShare)? / 100.0;
                let spot = check(spot_pct, SHARE_PCT_SPEC, Input::SpotShare)? / 100.0;
                if reserved + spot > 1.0 + 1e-9 {
                    return Err(ScenarioError::SharesAbove100 {
                        reserved_pct,
                        spot_pct,
                    });
                }
                let interruptions = self.spot_interruptions();
                let o = next.option_mut(index)?;
                if reserved > 0.0 && o.reserved.is_none() {
                    o.reserved = Some(reserved_term(option_commitment(o, 0)?));
                }
                if spot > 0.0 && o.spot.is_none() {
                    o.spot = Some(SpotInput {
                        prices: SpotPrices::Offer,
                        bid_cap_per_hour: None,
                        interruptions_per_hour: interruptions,
                    });
                }
                o.portfolio = (reserved > 0.0 || spot > 0.0).then_some(Shares { reserved, spot });
                engine = true;
            }
            Action::SetInlineReserved {
                index,
                term_months,
                upfront,
                per_hour,
            } => {
                let term = check(term_months, RESERVED_TERM_SPEC, Input::ReservedTerm)? as u32;
                let upfront = check(upfront, PURCHASE_SPEC, Input::ReservedUpfront)?;
                let per_hour = check(per_hour, RESERVED_PER_HOUR_SPEC, Input::ReservedPrice)?;
                next.option_mut(index)?.reserved = Some(ReservedTerm {
                    term_months: term,
                    upfront,
                    recurring_per_hour: per_hour,
                });
                engine = true;
            }
            Action::SetSavingsPlan {
                index,
                commitment_per_hour,
                plan_per_hour,
                term_months,
            } => {
                let commitment = check(
                    commitment_per_hour,
                    SAVINGS_PLAN_COMMITMENT_SPEC,
                    Input::SavingsPlanCommitment,
                )?;
                let rate = check(
                    plan_per_hour,
                    SAVINGS_PLAN_RATE_SPEC,
                    Input::SavingsPlanRate,
                )?;
                let term = check(term_months, SAVINGS_PLAN_TERM_SPEC, Input::SavingsPlanTerm)?;
                next.option_mut(index)?.savings_plan = (commitment > 0.0).then_some(SavingsPlan {
                    commitment_per_hour: commitment,
                    plan_per_hour: rate,
                    term_months: term as u32,
                });
                engine = true;
            }
            Action::SetSupportPlan { index, plan } => {
                let choice = match plan {
                    Some(id) => Some(SupportChoice::Published(support_plan(&id).ok_or_else(
                        || {
                            ScenarioError::Engine(FileError::new(
                                FieldPath::option(index)
                                    .field(Field::Support)
                                    .field(Field::SupportPlanId),
                                FileProblem::UnknownSupportPlan(id.clone()),
                            ))
                        },
                    )?)),
                    None => None,
                };
                next.option_mut(index)?.support = choice;
                engine = true;
            }
            Action::SetOwnSupport {
                index,
                minimum,
                pct,
            } => {
                let minimum = check(minimum, SUPPORT_MINIMUM_SPEC, Input::SupportMinimum)?;
                let pct = check(pct, SUPPORT_PCT_SPEC, Input::SupportPct)?;
                next.option_mut(index)?.support = Some(SupportChoice::Own(SupportPlan {
                    minimum,
                    tiers: vec![SupportTier { up_to: None, pct }],
                }));
                engine = true;
            }
            Action::SetPackages {
                index,
                per_day,
                per_week,
                per_month,
                per_year,
            } => {
                let price = |v: f64, input: Input| {
                    check(v, PACKAGE_PRICE_SPEC, input).map(|p| (p > 0.0).then_some(p))
                };
                let p = Packages {
                    per_day: price(per_day, Input::PackageDay)?,
                    per_week: price(per_week, Input::PackageWeek)?,
                    per_month: price(per_month, Input::PackageMonth)?,
                    per_year: price(per_year, Input::PackageYear)?,
                };
                let o = next.option_mut(index)?;
                o.packages = (p != Packages::default()).then_some(p);
                if o.packages.is_some() {
                    // One or the other: the typed packages replace a file's monthly package.
                    o.monthly_package_per_instance = None;
                }
                engine = true;
            }
            Action::SetSettlement { index, unit } => {
                let unit = check(unit, SETTLEMENT_UNIT_SPEC, Input::SettlementUnit)?;
                next.option_mut(index)?.settlement = (unit > 0.0).then_some(Settlement {
                    period_seconds: 3600,
                    unit,
                    round_up: true,
                });
                engine = true;
            }
            Action::SetDeadlineSpot { hours } => {
                let hours = check(hours, DEADLINE_SPOT_SPEC, Input::DeadlineSpotHours)?;
                if hours > 0.0 && !self.is_job() {
                    return Err(ScenarioError::Engine(
                        planner_engine::EngineError::new(
                            FieldPath::of(Field::DeadlineSpot),
                            planner_engine::Problem::OnlyInJobMode,
                        )
                        .into(),
                    ));
                }
                next.deadline_spot = (hours > 0.0).then(|| DeadlineSpotFile {
                    deadline_hours: hours,
                    ..self.deadline_spot.unwrap_or(DeadlineSpotFile {
                        deadline_hours: hours,
                        trials: DeadlineSpotFile::DEFAULT_TRIALS,
                        seed: 1,
                    })
                });
                // Validated without running the trials (the page runs them once, memoised).
                next.deadline_inputs()
                    .map(|_| ())
                    .map_err(ScenarioError::Engine)?;
            }
            Action::SetStorageWhileStopped { index, on } => {
                next.option_mut(index)?.storage_billed_while_stopped = on;
            }
            Action::EnableBuy(on) => {
                next.buy = on.then(|| self.buy.unwrap_or(DEFAULT_BUY));
            }
            Action::SetBuy(b) => next.buy = Some(check_buy(b)?),
            Action::SetOptionCommitment { index, commitment } => {
                let o = next.option_mut(index)?;
                o.reserved = Some(reserved_term(option_commitment(o, commitment)?));
            }
            Action::RemoveOption(i) => {
                if i >= next.options.len() {
                    return Err(ScenarioError::NoSuchOption(i));
                }
                next.options.remove(i);
            }
        }
        if engine {
            next.engine_accepts()?;
        } else if keep_evaluable {
            // The scenario before is evaluated only when the new one is refused.
            if let Err(e) = next.evaluate() {
                if self.evaluate().is_ok() {
                    return Err(ScenarioError::Engine(e));
                }
            }
        }
        Ok(next)
    }

    /// `name` if no option has it, else the first of `name (2)`, `name (3)`, … that none has:
    /// a duplicate or a second identical variant gets a name of its own.
    fn unused_name(&self, name: String) -> String {
        let taken = |n: &str| (0..self.options.len()).any(|i| self.option_name(i) == n);
        if !taken(&name) {
            return name;
        }
        (2..)
            .map(|k| format!("{name} ({k})"))
            .find(|n| !taken(n))
            .unwrap_or(name)
    }

    /// The job, or a refusal in fleet mode.
    fn job_mode(&mut self) -> Result<&mut JobLoad, ScenarioError> {
        match &mut self.workload {
            Workload::Job(j) => Ok(j),
            Workload::Fleet(_) => Err(ScenarioError::JobModeFirst),
        }
    }

    /// The fleet, or a refusal in job mode.
    fn fleet_mode(&mut self) -> Result<&mut FleetLoad, ScenarioError> {
        match &mut self.workload {
            Workload::Fleet(f) => Ok(f),
            Workload::Job(_) => Err(ScenarioError::FleetModeFirst),
        }
    }

    /// Option `index`, or a refusal naming the option.
    fn option_mut(&mut self, index: usize) -> Result<&mut OptionInput, ScenarioError> {
        self.options
            .get_mut(index)
            .ok_or(ScenarioError::NoSuchOption(index))
    }

    /// The checkpoint settings, set to what the editor shows ([`Scenario::checkpoint`]) when
    /// the scenario had none.
    fn checkpoint_mut(&mut self) -> &mut Checkpointing {
        let c = self.checkpoint();
        self.checkpoint.get_or_insert(c)
    }

    /// `Ok` when the engine evaluates the scenario, else its error.
    fn engine_accepts(&self) -> Result<(), ScenarioError> {
        self.evaluate().map(|_| ()).map_err(ScenarioError::Engine)
    }
}

/// Year and month of a `"YYYY-MM"` text with a year 1900–2200 (the engine's calendar range).
fn year_month(text: &str) -> Option<(i32, u32)> {
    let ok = text.len() == 7 && text.as_bytes().get(4) == Some(&b'-');
    let year = text.get(..4)?.parse::<i32>().ok()?;
    let month = text.get(5..)?.parse::<u32>().ok()?;
    (ok && (1900..=2200).contains(&year) && (1..=12).contains(&month)).then_some((year, month))
}

/// Commitment number `commitment` of `option`'s bundled catalog offer, or why there is none.
fn option_commitment(
    option: &OptionInput,
    commitment: usize,
) -> Result<catalog::Commitment, ScenarioError> {
    option
        .offer
        .and_then(|r| catalog::offer_index(r.offer.id))
        .and_then(|i| catalog::OFFER_DETAILS.get(i))
        .and_then(|d| d.commitments.get(commitment))
        .copied()
        .ok_or(ScenarioError::NoCommitment)
}

/// A catalog commitment as the engine's reserved term.
fn reserved_term(c: catalog::Commitment) -> ReservedTerm {
    ReservedTerm {
        term_months: c.term_months,
        upfront: c.upfront,
        recurring_per_hour: c.per_hour,
    }
}

/// Reserved and spot shares (in %) after one of them is set to `value`: the other is lowered
/// when the two would exceed 100 %, so on-demand (the rest) is never negative.
#[must_use]
pub fn rebalance(reserved_pct: f64, spot_pct: f64, set_reserved: bool, value: f64) -> (f64, f64) {
    if set_reserved {
        (value, spot_pct.min(100.0 - value).max(0.0))
    } else {
        (reserved_pct.min(100.0 - value).max(0.0), value)
    }
}
