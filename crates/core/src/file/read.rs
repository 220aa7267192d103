//! Reading a scenario file from a JSON value, field by field, as `docs/scenario-format.md`
//! describes it: every key checked against the object's fields, every value against its kind,
//! each problem a typed [`FileError`] with its [`FieldPath`]. Strict reading (the command line,
//! [`super::parse`]) stops at the first problem; lenient reading (links, imports, the stored
//! state: `crate::share`) records each problem as a [`Notice`], drops the field (its default
//! applies) and goes on. Hand-written rather than derived: the typed errors come from here
//! directly (no serde wording to interpret), and the wasm carries no derived deserializer.

use super::{
    AllowanceFile, BillingFile, BuyFile, CheckpointFile, DeadlineSpotFile, FreeFile,
    MonteCarloFile, OptionFile, PackagesFile, ReservedFile, SavingsPlanFile, ScenarioFile,
    ScheduleFile, SettlementFile, SharesFile, SpotFile, SupportFile, TierFile, WorkloadFile,
    VERSION,
};
use crate::error::{Expected, FileError, FileProblem, Found};
use crate::share::{Notice, NoticeKind};
use planner_engine::{Field, FieldPath, Mode};
use serde_json::{Map, Value};

/// The fields of a scenario file's top level.
pub const SCENARIO_FIELDS: &[Field] = &[
    Field::Version,
    Field::Name,
    Field::Month,
    Field::Start,
    Field::HorizonMonths,
    Field::Currency,
    Field::UsdPerCny,
    Field::RateAsOf,
    Field::Workload,
    Field::Portfolio,
    Field::Checkpoint,
    Field::StorageGb,
    Field::EgressGbPerMonth,
    Field::ContingencyPct,
    Field::Montecarlo,
    Field::DeadlineSpot,
    Field::Buy,
    Field::Options,
];
const WORKLOAD_FIELDS: &[Field] = &[
    Field::Mode,
    Field::Gpus,
    Field::HoursPerDay,
    Field::DaysPerWeek,
    Field::StartHour,
    Field::GpuHours,
    Field::WithinMonths,
    Field::ScalingEfficiency,
];
const SHARES_FIELDS: &[Field] = &[Field::Reserved, Field::Spot];
const CHECKPOINT_FIELDS: &[Field] = &[Field::IntervalHours, Field::WriteHours, Field::RestartHours];
const MONTECARLO_FIELDS: &[Field] = &[Field::Trials, Field::Seed];
const DEADLINE_SPOT_FIELDS: &[Field] = &[Field::DeadlineHours, Field::Trials, Field::Seed];
const BUY_FIELDS: &[Field] = &[
    Field::Gpus,
    Field::Purchase,
    Field::LifeYears,
    Field::Residual,
    Field::Kw,
    Field::Pue,
    Field::PricePerKwh,
    Field::OpsPerMonth,
];
const BILLING_FIELDS: &[Field] = &[Field::GranularitySeconds, Field::MinimumSeconds];
const SCHEDULE_FIELDS: &[Field] = &[
    Field::PeakPerHour,
    Field::OffPeakPerHour,
    Field::PeakFromHour,
    Field::PeakToHour,
    Field::Hourly,
];
const RESERVED_FIELDS: &[Field] = &[Field::TermMonths, Field::Upfront, Field::RecurringPerHour];
const SUPPORT_FIELDS: &[Field] = &[Field::SupportPlanId, Field::MinimumPerMonth, Field::Tiers];
const TIER_FIELDS: &[Field] = &[Field::UpTo, Field::Pct];
const SETTLEMENT_FIELDS: &[Field] = &[Field::PeriodSeconds, Field::Unit, Field::RoundUp];
const PACKAGES_FIELDS: &[Field] = &[
    Field::PerDay,
    Field::PerWeek,
    Field::PerMonth,
    Field::PerYear,
];
const SAVINGS_PLAN_FIELDS: &[Field] = &[
    Field::CommitmentPerHour,
    Field::PlanPerHour,
    Field::TermMonths,
];
const SPOT_FIELDS: &[Field] = &[
    Field::PerHour,
    Field::Hourly,
    Field::BidCapPerHour,
    Field::InterruptionsPerHour,
];
const ALLOWANCE_FIELDS: &[Field] = &[Field::Monthly, Field::Once];
const FREE_FIELDS: &[Field] = &[Field::GpuHours, Field::StorageGb, Field::EgressGb];
/// The fields of one compared option.
pub const OPTION_FIELDS: &[Field] = &[
    Field::Name,
    Field::Offer,
    Field::PricesAsOf,
    Field::Currency,
    Field::GpusPerInstance,
    Field::OnDemandPerHour,
    Field::Billing,
    Field::Schedule,
    Field::Shiftable,
    Field::ThroughputFactor,
    Field::Reserved,
    Field::Spot,
    Field::MonthlyPackagePerInstance,
    Field::SavingsPlan,
    Field::Support,
    Field::Packages,
    Field::Settlement,
    Field::StorageBilledWhileStopped,
    Field::FailuresPerHour,
    Field::Free,
    Field::StoragePerGbMonth,
    Field::EgressPerGb,
    Field::Portfolio,
];

/// Reads values into the file's types. Every reader returns `None` for a value it could not
/// use (after recording why); the caller then leaves the field out, or gives up on the
/// enclosing object when the field is required.
pub(crate) struct Reader<'n> {
    /// Lenient reading: every problem becomes a notice here. Strict reading (`None`): the first
    /// problem is kept in `first`.
    notices: Option<&'n mut Vec<Notice>>,
    first: Option<FileError>,
}

/// An object being read: its fields and where it is.
struct Object<'v> {
    map: &'v Map<String, Value>,
    at: FieldPath,
}

impl<'v> Object<'v> {
    fn get(&self, field: Field) -> Option<&Value> {
        self.map.get(field.name())
    }

    /// Field `field`'s value and path, if present. Not inlined: one copy of the map lookup for
    /// every field read.
    #[inline(never)]
    fn field(&self, field: Field) -> Option<(&'v Value, FieldPath)> {
        Some((self.map.get(field.name())?, self.at.field(field)))
    }
}

impl<'n> Reader<'n> {
    /// A reader that keeps the first problem ([`Reader::finish`] returns it).
    pub(crate) fn strict() -> Reader<'static> {
        Reader {
            notices: None,
            first: None,
        }
    }

    /// A reader that records every problem in `notices` and reads on.
    pub(crate) fn lenient(notices: &'n mut Vec<Notice>) -> Reader<'n> {
        Reader {
            notices: Some(notices),
            first: None,
        }
    }

    /// `value` if nothing was wrong, else the first problem (strict reading).
    pub(crate) fn finish<T>(self, value: Option<T>) -> Result<T, FileError> {
        match (self.first, value) {
            (Some(e), _) => Err(e),
            (None, Some(v)) => Ok(v),
            // Every `None` is recorded first; a last guard.
            (None, None) => Err(FileError::new(FieldPath::ROOT, FileProblem::NotAnObject)),
        }
    }

    fn problem(&mut self, field: FieldPath, problem: FileProblem) {
        match &mut self.notices {
            Some(n) => n.push(Notice {
                at: field,
                kind: NoticeKind::Rejected(problem),
            }),
            None => {
                self.first.get_or_insert(FileError::new(field, problem));
            }
        }
    }

    /// Records that `v` at `at` is not of the `expected` kind; always `None`.
    fn wrong<T>(&mut self, at: FieldPath, expected: Expected, v: &Value) -> Option<T> {
        self.wrong_type(at, expected, v);
        None
    }

    /// [`Reader::wrong`]'s work, once for every kind of value read.
    #[inline(never)]
    fn wrong_type(&mut self, at: FieldPath, expected: Expected, v: &Value) {
        self.problem(
            at,
            FileProblem::WrongType {
                expected,
                found: Found::of(v),
            },
        );
    }

    /// The object at `at`, its keys checked against `fields` (each unknown key recorded and
    /// ignored).
    fn object<'v>(
        &mut self,
        v: &'v Value,
        at: FieldPath,
        fields: &'static [Field],
    ) -> Option<Object<'v>> {
        let Value::Object(map) = v else {
            return self.wrong(at, Expected::Object, v);
        };
        for key in map.keys() {
            if !fields.iter().any(|f| f.name() == key) {
                let problem = FileProblem::UnknownField {
                    key: crate::error::quoted(key),
                    expected: fields,
                };
                match &mut self.notices {
                    Some(n) => n.push(Notice {
                        at,
                        kind: NoticeKind::UnknownField {
                            key: crate::error::quoted(key),
                        },
                    }),
                    None => {
                        self.first.get_or_insert(FileError::new(at, problem));
                    }
                }
            }
        }
        Some(Object { map, at })
    }

    /// Field `field` of `o` read by `read`; `None` when absent or unusable.
    fn opt<'v, T>(
        &mut self,
        o: &Object<'v>,
        field: Field,
        read: impl FnOnce(&mut Self, &'v Value, FieldPath) -> Option<T>,
    ) -> Option<T> {
        let (v, at) = o.field(field)?;
        read(self, v, at)
    }

    /// Field `field` of `o`, which must be there (absent: [`FileProblem::Missing`]).
    fn required<'v, T>(
        &mut self,
        o: &Object<'v>,
        field: Field,
        read: impl FnOnce(&mut Self, &'v Value, FieldPath) -> Option<T>,
    ) -> Option<T> {
        if o.get(field).is_none() {
            self.problem(o.at.field(field), FileProblem::Missing);
            return None;
        }
        self.opt(o, field, read)
    }

    fn number(&mut self, v: &Value, at: FieldPath) -> Option<f64> {
        match v {
            // Numbers keep their text (`arbitrary_precision`): parsed here with the
            // correctly rounded parser ([`crate::decimal`]); one too large for f64 reads as
            // infinite, which the engine then refuses with the field's range.
            Value::Number(n) => crate::decimal::parse_f64(&n.to_string()),
            _ => self.wrong(at, Expected::Number, v),
        }
    }

    fn whole(&mut self, v: &Value, at: FieldPath, max: u64) -> Option<u64> {
        match v.as_u64().filter(|n| *n <= max) {
            Some(n) => Some(n),
            None => self.wrong(at, Expected::Whole { max }, v),
        }
    }

    fn u32(&mut self, v: &Value, at: FieldPath) -> Option<u32> {
        self.whole(v, at, u64::from(u32::MAX))
            .and_then(|n| u32::try_from(n).ok())
    }

    fn u64(&mut self, v: &Value, at: FieldPath) -> Option<u64> {
        self.whole(v, at, u64::MAX)
    }

    fn text(&mut self, v: &Value, at: FieldPath) -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            _ => self.wrong(at, Expected::Text, v),
        }
    }

    fn bool(&mut self, v: &Value, at: FieldPath) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(*b),
            _ => self.wrong(at, Expected::Bool, v),
        }
    }

    fn numbers(&mut self, v: &Value, at: FieldPath) -> Option<Vec<f64>> {
        let Value::Array(items) = v else {
            return self.wrong(at, Expected::List, v);
        };
        let mut out = Vec::with_capacity(items.len());
        for (j, item) in items.iter().enumerate() {
            // One bad price spoils the list: it is dropped whole.
            out.push(self.number(item, at.index(j))?);
        }
        Some(out)
    }

    #[inline(never)]
    fn f64_or(&mut self, o: &Object<'_>, field: Field, default: f64) -> f64 {
        self.opt(o, field, Self::number).unwrap_or(default)
    }

    #[inline(never)]
    fn opt_f64(&mut self, o: &Object<'_>, field: Field) -> Option<f64> {
        self.opt(o, field, Self::number)
    }

    #[inline(never)]
    fn opt_u32(&mut self, o: &Object<'_>, field: Field) -> Option<u32> {
        self.opt(o, field, Self::u32)
    }

    #[inline(never)]
    fn opt_text(&mut self, o: &Object<'_>, field: Field) -> Option<String> {
        self.opt(o, field, Self::text)
    }

    /// The top level of a scenario file, without its options (read one by one with
    /// [`Reader::option`]) and without checking `version` (the caller does): `options` is
    /// left empty.
    pub(crate) fn scenario(&mut self, v: &Value) -> Option<ScenarioFile> {
        let o = self.object(v, FieldPath::ROOT, SCENARIO_FIELDS)?;
        let workload = self.required(&o, Field::Workload, Self::workload);
        let file = ScenarioFile {
            version: VERSION,
            name: self.opt_text(&o, Field::Name),
            month: self
                .opt_text(&o, Field::Month)
                .unwrap_or_else(super::default_month),
            start: self.opt_text(&o, Field::Start),
            horizon_months: self.opt_u32(&o, Field::HorizonMonths),
            currency: self
                .opt_text(&o, Field::Currency)
                .unwrap_or_else(super::default_currency),
            usd_per_cny: self.opt_f64(&o, Field::UsdPerCny),
            rate_as_of: self.opt_text(&o, Field::RateAsOf),
            portfolio: self.opt(&o, Field::Portfolio, Self::shares),
            checkpoint: self.opt(&o, Field::Checkpoint, Self::checkpoint),
            storage_gb: self.f64_or(&o, Field::StorageGb, 0.0),
            egress_gb_per_month: self.f64_or(&o, Field::EgressGbPerMonth, 0.0),
            contingency_pct: self.f64_or(&o, Field::ContingencyPct, 0.0),
            montecarlo: self.opt(&o, Field::Montecarlo, Self::montecarlo),
            deadline_spot: self.opt(&o, Field::DeadlineSpot, Self::deadline_spot),
            buy: self.opt(&o, Field::Buy, Self::buy),
            options: Vec::new(),
            workload: workload?,
        };
        Some(file)
    }

    /// The `options` value as a list (not read further).
    pub(crate) fn options_list<'v>(&mut self, v: &'v Value) -> Option<&'v [Value]> {
        match v.get(Field::Options.name()) {
            None => {
                self.problem(FieldPath::of(Field::Options), FileProblem::Missing);
                None
            }
            Some(Value::Array(a)) => Some(a),
            Some(other) => self.wrong(FieldPath::of(Field::Options), Expected::List, other),
        }
    }

    fn workload(&mut self, v: &Value, at: FieldPath) -> Option<WorkloadFile> {
        let o = self.object(v, at, WORKLOAD_FIELDS)?;
        let mode = self.required(&o, Field::Mode, Self::mode);
        Some(WorkloadFile {
            mode: mode?,
            gpus: self.opt_u32(&o, Field::Gpus),
            hours_per_day: self.opt_f64(&o, Field::HoursPerDay),
            days_per_week: self.opt_f64(&o, Field::DaysPerWeek),
            start_hour: self.opt_u32(&o, Field::StartHour),
            gpu_hours: self.opt_f64(&o, Field::GpuHours),
            within_months: self.opt_f64(&o, Field::WithinMonths),
            scaling_efficiency: self.opt_f64(&o, Field::ScalingEfficiency),
        })
    }

    fn mode(&mut self, v: &Value, at: FieldPath) -> Option<Mode> {
        match v.as_str() {
            Some("fleet") => Some(Mode::Fleet),
            Some("job") => Some(Mode::Job),
            _ => self.wrong(at, Expected::Mode, v),
        }
    }

    fn shares(&mut self, v: &Value, at: FieldPath) -> Option<SharesFile> {
        let o = self.object(v, at, SHARES_FIELDS)?;
        Some(SharesFile {
            reserved: self.f64_or(&o, Field::Reserved, 0.0),
            spot: self.f64_or(&o, Field::Spot, 0.0),
        })
    }

    fn checkpoint(&mut self, v: &Value, at: FieldPath) -> Option<CheckpointFile> {
        let o = self.object(v, at, CHECKPOINT_FIELDS)?;
        Some(CheckpointFile {
            interval_hours: self.opt_f64(&o, Field::IntervalHours),
            write_hours: self.f64_or(&o, Field::WriteHours, 0.0),
            restart_hours: self.f64_or(&o, Field::RestartHours, 0.0),
        })
    }

    fn montecarlo(&mut self, v: &Value, at: FieldPath) -> Option<MonteCarloFile> {
        let o = self.object(v, at, MONTECARLO_FIELDS)?;
        let trials = self.required(&o, Field::Trials, Self::u32);
        let seed = self.opt(&o, Field::Seed, Self::u64).unwrap_or(1);
        Some(MonteCarloFile {
            trials: trials?,
            seed,
        })
    }

    fn deadline_spot(&mut self, v: &Value, at: FieldPath) -> Option<DeadlineSpotFile> {
        let o = self.object(v, at, DEADLINE_SPOT_FIELDS)?;
        let deadline_hours = self.required(&o, Field::DeadlineHours, Self::number);
        let trials = self
            .opt(&o, Field::Trials, Self::u32)
            .unwrap_or(DeadlineSpotFile::DEFAULT_TRIALS);
        let seed = self.opt(&o, Field::Seed, Self::u64).unwrap_or(1);
        Some(DeadlineSpotFile {
            deadline_hours: deadline_hours?,
            trials,
            seed,
        })
    }

    fn buy(&mut self, v: &Value, at: FieldPath) -> Option<BuyFile> {
        let o = self.object(v, at, BUY_FIELDS)?;
        let gpus = self.required(&o, Field::Gpus, Self::u32);
        let purchase = self.required(&o, Field::Purchase, Self::number);
        let life_years = self.required(&o, Field::LifeYears, Self::number);
        Some(BuyFile {
            gpus: gpus?,
            purchase: purchase?,
            life_years: life_years?,
            residual: self.f64_or(&o, Field::Residual, 0.0),
            kw: self.f64_or(&o, Field::Kw, 0.0),
            pue: self.f64_or(&o, Field::Pue, 1.0),
            price_per_kwh: self.f64_or(&o, Field::PricePerKwh, 0.0),
            ops_per_month: self.f64_or(&o, Field::OpsPerMonth, 0.0),
        })
    }

    /// Option `v` at `at` (`options[i]`).
    pub(crate) fn option(&mut self, v: &Value, at: FieldPath) -> Option<OptionFile> {
        let o = self.object(v, at, OPTION_FIELDS)?;
        Some(OptionFile {
            name: self.opt_text(&o, Field::Name),
            offer: self.opt_text(&o, Field::Offer),
            prices_as_of: self.opt_text(&o, Field::PricesAsOf),
            currency: self.opt_text(&o, Field::Currency),
            gpus_per_instance: self.opt_u32(&o, Field::GpusPerInstance),
            on_demand_per_hour: self.opt_f64(&o, Field::OnDemandPerHour),
            billing: self.opt(&o, Field::Billing, Self::billing),
            schedule: self.opt(&o, Field::Schedule, Self::schedule),
            shiftable: self.opt(&o, Field::Shiftable, Self::bool).unwrap_or(false),
            throughput_factor: self.opt_f64(&o, Field::ThroughputFactor),
            reserved: self.opt(&o, Field::Reserved, Self::reserved),
            spot: self.opt(&o, Field::Spot, Self::spot),
            monthly_package_per_instance: self.opt_f64(&o, Field::MonthlyPackagePerInstance),
            savings_plan: self.opt(&o, Field::SavingsPlan, Self::savings_plan),
            support: self.opt(&o, Field::Support, Self::support),
            packages: self.opt(&o, Field::Packages, Self::packages),
            settlement: self.opt(&o, Field::Settlement, Self::settlement),
            storage_billed_while_stopped: self
                .opt(&o, Field::StorageBilledWhileStopped, Self::bool)
                .unwrap_or(false),
            failures_per_hour: self.f64_or(&o, Field::FailuresPerHour, 0.0),
            free: self.opt(&o, Field::Free, Self::free),
            storage_per_gb_month: self.f64_or(&o, Field::StoragePerGbMonth, 0.0),
            egress_per_gb: self.f64_or(&o, Field::EgressPerGb, 0.0),
            portfolio: self.opt(&o, Field::Portfolio, Self::shares),
        })
    }

    fn billing(&mut self, v: &Value, at: FieldPath) -> Option<BillingFile> {
        let o = self.object(v, at, BILLING_FIELDS)?;
        Some(BillingFile {
            granularity_seconds: self.opt_u32(&o, Field::GranularitySeconds),
            minimum_seconds: self.opt_u32(&o, Field::MinimumSeconds).unwrap_or(0),
        })
    }

    fn schedule(&mut self, v: &Value, at: FieldPath) -> Option<ScheduleFile> {
        let o = self.object(v, at, SCHEDULE_FIELDS)?;
        Some(ScheduleFile {
            peak_per_hour: self.opt_f64(&o, Field::PeakPerHour),
            off_peak_per_hour: self.opt_f64(&o, Field::OffPeakPerHour),
            peak_from_hour: self.opt_u32(&o, Field::PeakFromHour),
            peak_to_hour: self.opt_u32(&o, Field::PeakToHour),
            hourly: self.opt(&o, Field::Hourly, Self::numbers),
        })
    }

    fn reserved(&mut self, v: &Value, at: FieldPath) -> Option<ReservedFile> {
        let o = self.object(v, at, RESERVED_FIELDS)?;
        let term_months = self.required(&o, Field::TermMonths, Self::u32);
        Some(ReservedFile {
            term_months: term_months?,
            upfront: self.f64_or(&o, Field::Upfront, 0.0),
            recurring_per_hour: self.f64_or(&o, Field::RecurringPerHour, 0.0),
        })
    }

    fn savings_plan(&mut self, v: &Value, at: FieldPath) -> Option<SavingsPlanFile> {
        let o = self.object(v, at, SAVINGS_PLAN_FIELDS)?;
        let commitment = self.required(&o, Field::CommitmentPerHour, Self::number);
        let plan = self.required(&o, Field::PlanPerHour, Self::number);
        Some(SavingsPlanFile {
            commitment_per_hour: commitment?,
            plan_per_hour: plan?,
            term_months: self.opt_u32(&o, Field::TermMonths).unwrap_or(12),
        })
    }

    fn support(&mut self, v: &Value, at: FieldPath) -> Option<SupportFile> {
        let o = self.object(v, at, SUPPORT_FIELDS)?;
        Some(SupportFile {
            plan: self.opt_text(&o, Field::SupportPlanId),
            minimum_per_month: self.opt_f64(&o, Field::MinimumPerMonth),
            tiers: self.opt(&o, Field::Tiers, Self::tiers),
        })
    }

    fn settlement(&mut self, v: &Value, at: FieldPath) -> Option<SettlementFile> {
        let o = self.object(v, at, SETTLEMENT_FIELDS)?;
        Some(SettlementFile {
            period_seconds: self.opt_u32(&o, Field::PeriodSeconds).unwrap_or(3600),
            unit: self.f64_or(&o, Field::Unit, 0.01),
            round_up: self.opt(&o, Field::RoundUp, Self::bool).unwrap_or(true),
        })
    }

    fn packages(&mut self, v: &Value, at: FieldPath) -> Option<PackagesFile> {
        let o = self.object(v, at, PACKAGES_FIELDS)?;
        Some(PackagesFile {
            per_day: self.opt_f64(&o, Field::PerDay),
            per_week: self.opt_f64(&o, Field::PerWeek),
            per_month: self.opt_f64(&o, Field::PerMonth),
            per_year: self.opt_f64(&o, Field::PerYear),
        })
    }

    fn tiers(&mut self, v: &Value, at: FieldPath) -> Option<Vec<TierFile>> {
        let Value::Array(items) = v else {
            return self.wrong(at, Expected::List, v);
        };
        let mut out = Vec::with_capacity(items.len());
        for (j, item) in items.iter().enumerate() {
            // One bad tier spoils the list: it is dropped whole.
            let o = self.object(item, at.index(j), TIER_FIELDS)?;
            let pct = self.required(&o, Field::Pct, Self::number);
            out.push(TierFile {
                up_to: self.opt_f64(&o, Field::UpTo),
                pct: pct?,
            });
        }
        Some(out)
    }

    fn spot(&mut self, v: &Value, at: FieldPath) -> Option<SpotFile> {
        let o = self.object(v, at, SPOT_FIELDS)?;
        Some(SpotFile {
            per_hour: self.opt_f64(&o, Field::PerHour),
            hourly: self.opt(&o, Field::Hourly, Self::numbers),
            bid_cap_per_hour: self.opt_f64(&o, Field::BidCapPerHour),
            interruptions_per_hour: self.f64_or(&o, Field::InterruptionsPerHour, 0.0),
        })
    }

    fn allowance(&mut self, v: &Value, at: FieldPath) -> Option<AllowanceFile> {
        let o = self.object(v, at, ALLOWANCE_FIELDS)?;
        Some(AllowanceFile {
            monthly: self.f64_or(&o, Field::Monthly, 0.0),
            once: self.f64_or(&o, Field::Once, 0.0),
        })
    }

    fn free(&mut self, v: &Value, at: FieldPath) -> Option<FreeFile> {
        let o = self.object(v, at, FREE_FIELDS)?;
        Some(FreeFile {
            gpu_hours: self
                .opt(&o, Field::GpuHours, Self::allowance)
                .unwrap_or_default(),
            storage_gb: self
                .opt(&o, Field::StorageGb, Self::allowance)
                .unwrap_or_default(),
            egress_gb: self
                .opt(&o, Field::EgressGb, Self::allowance)
                .unwrap_or_default(),
        })
    }
}

/// The version check of a strict read: `version` present and a number from
/// [`super::OLDEST_VERSION`] to [`VERSION`] (older versions migrate unchanged).
fn check_version(v: &Value) -> Result<(), FileError> {
    let at = FieldPath::of(Field::Version);
    match v.get(Field::Version.name()) {
        None => Err(FileError::new(at, FileProblem::MissingVersion)),
        Some(n) if n.as_u64().is_some_and(super::readable_version) => Ok(()),
        Some(other) => Err(FileError::new(
            at,
            FileProblem::WrongVersion(Found::of(other)),
        )),
    }
}

/// Reads a scenario file from `value`, strictly: a JSON object of version [`VERSION`], no
/// unknown field, every value of its field's kind, the required ones present. Errors name the
/// first problem's path.
pub fn read(value: &Value) -> Result<ScenarioFile, FileError> {
    if !value.is_object() {
        return Err(FileError::new(FieldPath::ROOT, FileProblem::NotAnObject));
    }
    check_version(value)?;
    let mut r = Reader::strict();
    let file = r.scenario(value);
    let options = r.options_list(value).map(|list| {
        list.iter()
            .enumerate()
            .map(|(i, o)| r.option(o, FieldPath::option(i)))
            .collect::<Option<Vec<_>>>()
    });
    let file = match (file, options) {
        (Some(mut f), Some(Some(options))) => {
            f.options = options;
            Some(f)
        }
        _ => None,
    };
    r.finish(file)
}
