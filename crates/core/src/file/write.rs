//! The scenario file as pretty JSON text, written by hand: byte for byte what
//! `serde_json::to_string_pretty` writes through the types' derived `Serialize` impls (two-space
//! indent, `"key": value`, numbers as `zmij` and `itoa` write them, a non-finite number as
//! `null`, string escapes as serde_json's; the tests compare the two on every golden and
//! example scenario). The page writes every scenario this way (exported file, share link,
//! stored state), so its wasm carries one small writer instead of a serde serializer of every
//! scenario type (about 11 KB before compression); the derived impls stay for the command line.

use super::{
    AllowanceFile, BillingFile, BuyFile, CheckpointFile, DeadlineSpotFile, FreeFile,
    MonteCarloFile, OptionFile, PackagesFile, ReservedFile, SavingsPlanFile, ScenarioFile,
    ScheduleFile, SettlementFile, SharesFile, SpotFile, SupportFile, TierFile, WorkloadFile,
};
use std::fmt::Write as _;

/// A value written as one JSON object (its fields in declaration order, as serde derives them).
pub(crate) trait WriteJson {
    /// Writes `self` as an object at `w`'s current position.
    fn write(&self, w: &mut Pretty);
}

/// JSON text under construction, in serde_json's `PrettyFormatter` layout, or compact (the
/// same text without the whitespace between tokens, as `serde_json::to_string` writes it).
#[derive(Default)]
pub(crate) struct Pretty {
    out: String,
    depth: usize,
    /// Whether the innermost open object or array has no member yet.
    empty: bool,
    /// Whether to leave out the line breaks, indents and the space after each `:`.
    compact: bool,
    /// Whether a non-finite number was written (as `null`).
    null: bool,
}

impl Pretty {
    /// A writer of compact text.
    pub(crate) fn compact() -> Pretty {
        Pretty {
            compact: true,
            ..Pretty::default()
        }
    }

    /// The text written.
    pub(crate) fn finish(self) -> String {
        self.out
    }

    /// The text written, or `None` if it holds a `null` (a non-finite number, which would not
    /// read back: a scenario file has no other `null`).
    pub(crate) fn finite(self) -> Option<String> {
        (!self.null).then_some(self.out)
    }

    /// Opens an object (`{`) or an array (`[`).
    fn open(&mut self, bracket: char) {
        self.out.push(bracket);
        self.depth += 1;
        self.empty = true;
    }

    /// Closes the innermost object (`}`) or array (`]`): on its own line unless it is empty.
    fn close(&mut self, bracket: char) {
        self.depth -= 1;
        if !self.empty {
            self.newline();
        }
        self.out.push(bracket);
        self.empty = false;
    }

    fn newline(&mut self) {
        if self.compact {
            return;
        }
        self.out.push('\n');
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// Starts the next member of the innermost object or array.
    fn member(&mut self) {
        if !self.empty {
            self.out.push(',');
        }
        self.newline();
        self.empty = false;
    }

    /// Starts member `key` of the innermost object (keys are plain identifiers: no escapes).
    pub(crate) fn key(&mut self, key: &str) {
        self.member();
        self.out.push('"');
        self.out.push_str(key);
        self.out.push_str(if self.compact { "\":" } else { "\": " });
    }

    /// `v` as serde_json writes an `f64`: `zmij`'s shortest text, `null` if not finite.
    fn number(&mut self, v: f64) {
        if v.is_finite() {
            self.out.push_str(zmij::Buffer::new().format_finite(v));
        } else {
            self.out.push_str("null");
            self.null = true;
        }
    }

    /// `s` as a JSON string, escaped as serde_json escapes it.
    fn string(&mut self, s: &str) {
        string(&mut self.out, s);
    }

    /// Field `key`: a number.
    pub(crate) fn f64(&mut self, key: &str, v: f64) {
        self.key(key);
        self.number(v);
    }

    /// Field `key`: a number, left out when `None`.
    fn opt_f64(&mut self, key: &str, v: Option<f64>) {
        if let Some(v) = v {
            self.f64(key, v);
        }
    }

    /// Field `key`: a whole number.
    pub(crate) fn u64(&mut self, key: &str, v: u64) {
        self.key(key);
        let _ = write!(self.out, "{v}");
    }

    /// Field `key`: a whole number, left out when `None`.
    fn opt_u32(&mut self, key: &str, v: Option<u32>) {
        if let Some(v) = v {
            self.u64(key, u64::from(v));
        }
    }

    /// Field `key`: `true` or `false`.
    fn bool(&mut self, key: &str, v: bool) {
        self.key(key);
        self.out.push_str(if v { "true" } else { "false" });
    }

    /// Field `key`: a string.
    pub(crate) fn str(&mut self, key: &str, v: &str) {
        self.key(key);
        self.string(v);
    }

    /// Field `key`: a string, left out when `None`.
    fn opt_str(&mut self, key: &str, v: Option<&String>) {
        if let Some(v) = v {
            self.str(key, v);
        }
    }

    /// Field `key`: an object.
    pub(crate) fn object(&mut self, key: &str, v: &dyn WriteJson) {
        self.key(key);
        v.write(self);
    }

    /// Field `key`: an object, left out when `None`.
    fn opt_object(&mut self, key: &str, v: Option<&dyn WriteJson>) {
        if let Some(v) = v {
            self.object(key, v);
        }
    }

    /// Field `key`: an array of numbers, left out when `None`.
    fn opt_numbers(&mut self, key: &str, v: Option<&Vec<f64>>) {
        if let Some(v) = v {
            self.key(key);
            self.open('[');
            for &x in v {
                self.member();
                self.number(x);
            }
            self.close(']');
        }
    }

    /// Field `key`: an array of objects.
    pub(crate) fn objects(&mut self, key: &str, v: &mut dyn Iterator<Item = &dyn WriteJson>) {
        self.key(key);
        self.open('[');
        for x in v {
            self.member();
            x.write(self);
        }
        self.close(']');
    }

    /// Writes an object: `{`, `fields`, `}`.
    pub(crate) fn fields(&mut self, fields: &mut dyn FnMut(&mut Pretty)) {
        self.open('{');
        fields(self);
        self.close('}');
    }
}

/// `s` as a JSON string at the end of `out`, escaped as serde_json escapes it.
fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `value` as compact JSON text at the end of `out`: the same text as `value.to_string()`
/// (numbers as read, kept as text by `arbitrary_precision`; object keys in `Value`'s order).
pub(crate) fn compact_value(out: &mut String, value: &serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n.as_str()),
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                string(out, key);
                out.push(':');
                compact_value(out, item);
            }
            out.push('}');
        }
    }
}

impl ScenarioFile {
    /// The file as pretty JSON text, the same bytes as `serde_json::to_string_pretty(self)`
    /// (a non-finite number is written as `null`, as serde_json writes it).
    #[must_use]
    pub fn to_pretty_json(&self) -> String {
        let mut w = Pretty::default();
        self.write(&mut w);
        w.finish()
    }
}

impl WriteJson for ScenarioFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.u64("version", u64::from(self.version));
            w.opt_str("name", self.name.as_ref());
            w.str("month", &self.month);
            w.opt_str("start", self.start.as_ref());
            w.opt_u32("horizon_months", self.horizon_months);
            w.str("currency", &self.currency);
            w.opt_f64("usd_per_cny", self.usd_per_cny);
            w.opt_str("rate_as_of", self.rate_as_of.as_ref());
            w.object("workload", &self.workload);
            w.opt_object("portfolio", dynamic(self.portfolio.as_ref()));
            w.opt_object("checkpoint", dynamic(self.checkpoint.as_ref()));
            w.f64("storage_gb", self.storage_gb);
            w.f64("egress_gb_per_month", self.egress_gb_per_month);
            w.f64("contingency_pct", self.contingency_pct);
            w.opt_object("montecarlo", dynamic(self.montecarlo.as_ref()));
            w.opt_object("deadline_spot", dynamic(self.deadline_spot.as_ref()));
            w.opt_object("buy", dynamic(self.buy.as_ref()));
            w.objects(
                "options",
                &mut self.options.iter().map(|o| o as &dyn WriteJson),
            );
        });
    }
}

/// `v` as a trait object (for [`Pretty::opt_object`]).
fn dynamic<T: WriteJson>(v: Option<&T>) -> Option<&dyn WriteJson> {
    v.map(|v| v as &dyn WriteJson)
}

impl WriteJson for WorkloadFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.str("mode", self.mode.name());
            w.opt_u32("gpus", self.gpus);
            w.opt_f64("hours_per_day", self.hours_per_day);
            w.opt_f64("days_per_week", self.days_per_week);
            w.opt_u32("start_hour", self.start_hour);
            w.opt_f64("gpu_hours", self.gpu_hours);
            w.opt_f64("within_months", self.within_months);
            w.opt_f64("scaling_efficiency", self.scaling_efficiency);
        });
    }
}

impl WriteJson for SharesFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.f64("reserved", self.reserved);
            w.f64("spot", self.spot);
        });
    }
}

impl WriteJson for CheckpointFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_f64("interval_hours", self.interval_hours);
            w.f64("write_hours", self.write_hours);
            w.f64("restart_hours", self.restart_hours);
        });
    }
}

impl WriteJson for MonteCarloFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.u64("trials", u64::from(self.trials));
            w.u64("seed", self.seed);
        });
    }
}

impl WriteJson for DeadlineSpotFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.f64("deadline_hours", self.deadline_hours);
            w.u64("trials", u64::from(self.trials));
            w.u64("seed", self.seed);
        });
    }
}

impl WriteJson for BuyFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.u64("gpus", u64::from(self.gpus));
            w.f64("purchase", self.purchase);
            w.f64("life_years", self.life_years);
            w.f64("residual", self.residual);
            w.f64("kw", self.kw);
            w.f64("pue", self.pue);
            w.f64("price_per_kwh", self.price_per_kwh);
            w.f64("ops_per_month", self.ops_per_month);
        });
    }
}

impl WriteJson for OptionFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_str("name", self.name.as_ref());
            w.opt_str("offer", self.offer.as_ref());
            w.opt_str("prices_as_of", self.prices_as_of.as_ref());
            w.opt_str("currency", self.currency.as_ref());
            w.opt_u32("gpus_per_instance", self.gpus_per_instance);
            w.opt_f64("on_demand_per_hour", self.on_demand_per_hour);
            w.opt_object("billing", dynamic(self.billing.as_ref()));
            w.opt_object("schedule", dynamic(self.schedule.as_ref()));
            w.bool("shiftable", self.shiftable);
            w.opt_f64("throughput_factor", self.throughput_factor);
            w.opt_object("reserved", dynamic(self.reserved.as_ref()));
            w.opt_object("spot", dynamic(self.spot.as_ref()));
            w.opt_f64(
                "monthly_package_per_instance",
                self.monthly_package_per_instance,
            );
            w.opt_object("savings_plan", dynamic(self.savings_plan.as_ref()));
            w.opt_object("support", dynamic(self.support.as_ref()));
            w.opt_object("packages", dynamic(self.packages.as_ref()));
            w.opt_object("settlement", dynamic(self.settlement.as_ref()));
            if self.storage_billed_while_stopped {
                w.bool("storage_billed_while_stopped", true);
            }
            w.f64("failures_per_hour", self.failures_per_hour);
            w.opt_object("free", dynamic(self.free.as_ref()));
            w.f64("storage_per_gb_month", self.storage_per_gb_month);
            w.f64("egress_per_gb", self.egress_per_gb);
            w.opt_object("portfolio", dynamic(self.portfolio.as_ref()));
        });
    }
}

impl WriteJson for BillingFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_u32("granularity_seconds", self.granularity_seconds);
            w.u64("minimum_seconds", u64::from(self.minimum_seconds));
        });
    }
}

impl WriteJson for ScheduleFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_f64("peak_per_hour", self.peak_per_hour);
            w.opt_f64("off_peak_per_hour", self.off_peak_per_hour);
            w.opt_u32("peak_from_hour", self.peak_from_hour);
            w.opt_u32("peak_to_hour", self.peak_to_hour);
            w.opt_numbers("hourly", self.hourly.as_ref());
        });
    }
}

impl WriteJson for ReservedFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.u64("term_months", u64::from(self.term_months));
            w.f64("upfront", self.upfront);
            w.f64("recurring_per_hour", self.recurring_per_hour);
        });
    }
}

impl WriteJson for SavingsPlanFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.f64("commitment_per_hour", self.commitment_per_hour);
            w.f64("plan_per_hour", self.plan_per_hour);
            w.u64("term_months", u64::from(self.term_months));
        });
    }
}

impl WriteJson for PackagesFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_f64("per_day", self.per_day);
            w.opt_f64("per_week", self.per_week);
            w.opt_f64("per_month", self.per_month);
            w.opt_f64("per_year", self.per_year);
        });
    }
}

impl WriteJson for SettlementFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.u64("period_seconds", u64::from(self.period_seconds));
            w.f64("unit", self.unit);
            w.bool("round_up", self.round_up);
        });
    }
}

impl WriteJson for TierFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_f64("up_to", self.up_to);
            w.f64("pct", self.pct);
        });
    }
}

impl WriteJson for SupportFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_str("plan", self.plan.as_ref());
            w.opt_f64("minimum_per_month", self.minimum_per_month);
            if let Some(tiers) = &self.tiers {
                w.objects("tiers", &mut tiers.iter().map(|t| t as &dyn WriteJson));
            }
        });
    }
}

impl WriteJson for SpotFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.opt_f64("per_hour", self.per_hour);
            w.opt_numbers("hourly", self.hourly.as_ref());
            w.opt_f64("bid_cap_per_hour", self.bid_cap_per_hour);
            w.f64("interruptions_per_hour", self.interruptions_per_hour);
        });
    }
}

impl WriteJson for AllowanceFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.f64("monthly", self.monthly);
            w.f64("once", self.once);
        });
    }
}

impl WriteJson for FreeFile {
    fn write(&self, w: &mut Pretty) {
        w.fields(&mut |w| {
            w.object("gpu_hours", &self.gpu_hours);
            w.object("storage_gb", &self.storage_gb);
            w.object("egress_gb", &self.egress_gb);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;

    /// A scenario with every field present (strings needing every kind of escape, extreme and
    /// non-finite numbers, empty and non-empty arrays), and one with every optional field absent.
    fn every_field() -> ScenarioFile {
        let full = OptionFile {
            name: Some("quote \" backslash \\ tab \t nl \n cr \r bs \u{8} ff \u{c} nul \u{0} us \u{1f} del \u{7f} 包月 ✓".into()),
            offer: Some("skypilot-aws/p4d.24xlarge".into()),
            prices_as_of: Some("2026-11-30".into()),
            currency: Some("CNY".into()),
            gpus_per_instance: Some(u32::MAX),
            on_demand_per_hour: Some(0.1 + 0.2),
            billing: Some(BillingFile {
                granularity_seconds: Some(60),
                minimum_seconds: 0,
            }),
            schedule: Some(ScheduleFile {
                peak_per_hour: Some(1e300),
                off_peak_per_hour: Some(f64::MIN_POSITIVE),
                peak_from_hour: Some(8),
                peak_to_hour: Some(20),
                hourly: Some(vec![1.0, -0.0, 5e-324, f64::NAN, 1e15, 1e16, 123_456.789]),
            }),
            shiftable: true,
            throughput_factor: Some(f64::INFINITY),
            reserved: Some(ReservedFile {
                term_months: 12,
                upfront: 1000.0,
                recurring_per_hour: 0.5,
            }),
            spot: Some(SpotFile {
                per_hour: Some(0.3),
                hourly: Some(Vec::new()),
                bid_cap_per_hour: Some(f64::NEG_INFINITY),
                interruptions_per_hour: 0.01,
            }),
            monthly_package_per_instance: Some(99.99),
            savings_plan: Some(SavingsPlanFile {
                commitment_per_hour: 2.0,
                plan_per_hour: 1.5,
                term_months: 36,
            }),
            support: Some(SupportFile {
                plan: Some("aws-business".into()),
                minimum_per_month: Some(100.0),
                tiers: Some(vec![
                    TierFile {
                        up_to: Some(10_000.0),
                        pct: 10.0,
                    },
                    TierFile {
                        up_to: None,
                        pct: 3.0,
                    },
                ]),
            }),
            packages: Some(PackagesFile {
                per_day: Some(1.0),
                per_week: Some(6.0),
                per_month: Some(20.0),
                per_year: Some(200.0),
            }),
            settlement: Some(SettlementFile {
                period_seconds: 3600,
                unit: 0.01,
                round_up: false,
            }),
            storage_billed_while_stopped: true,
            failures_per_hour: 1e-6,
            free: Some(FreeFile::default()),
            storage_per_gb_month: 0.08,
            egress_per_gb: 0.09,
            portfolio: Some(SharesFile {
                reserved: 0.5,
                spot: 0.25,
            }),
        };
        let sparse = OptionFile {
            support: Some(SupportFile {
                plan: None,
                minimum_per_month: None,
                tiers: Some(Vec::new()),
            }),
            packages: Some(PackagesFile::default()),
            ..OptionFile::default()
        };
        ScenarioFile {
            version: VERSION,
            name: Some("名前 \u{2028} \u{fffd}".into()),
            month: "calendar".into(),
            start: Some("2026-01".into()),
            horizon_months: Some(0),
            currency: "USD".into(),
            usd_per_cny: Some(0.138),
            rate_as_of: Some(String::new()),
            workload: WorkloadFile {
                mode: Mode::Job,
                gpus: Some(8),
                hours_per_day: Some(24.0),
                days_per_week: Some(7.0),
                start_hour: Some(0),
                gpu_hours: Some(1e9),
                within_months: Some(2.5),
                scaling_efficiency: Some(0.9),
            },
            portfolio: Some(SharesFile::default()),
            checkpoint: Some(CheckpointFile {
                interval_hours: Some(2.0),
                write_hours: 0.1,
                restart_hours: 0.2,
            }),
            storage_gb: -1.0,
            egress_gb_per_month: f64::NAN,
            contingency_pct: 10.0,
            montecarlo: Some(MonteCarloFile {
                trials: 1000,
                seed: u64::MAX,
            }),
            deadline_spot: Some(DeadlineSpotFile {
                deadline_hours: 48.0,
                trials: 1000,
                seed: 1,
            }),
            buy: Some(BuyFile {
                gpus: 8,
                purchase: 250_000.0,
                life_years: 4.0,
                residual: 0.1,
                kw: 6.5,
                pue: 1.4,
                price_per_kwh: 0.12,
                ops_per_month: 500.0,
            }),
            options: vec![full, sparse, OptionFile::default()],
        }
    }

    #[test]
    fn writes_serde_json_pretty_text() {
        let full = every_field();
        let serde = serde_json::to_string_pretty(&full).unwrap();
        assert_eq!(full.to_pretty_json(), serde);
        // Compact: serde_json's compact text; its NaN is written as `null` and reported.
        let compact = |f: &ScenarioFile| {
            let mut w = Pretty::compact();
            f.write(&mut w);
            w
        };
        assert_eq!(
            compact(&full).finish(),
            serde_json::to_string(&full).unwrap()
        );
        assert_eq!(compact(&full).finite(), None);
        let default = crate::share::default_scenario();
        assert_eq!(
            compact(&default).finite(),
            Some(serde_json::to_string(&default).unwrap())
        );
        let empty = ScenarioFile {
            name: None,
            start: None,
            horizon_months: None,
            usd_per_cny: None,
            rate_as_of: None,
            workload: WorkloadFile {
                mode: Mode::Fleet,
                gpus: None,
                hours_per_day: None,
                days_per_week: None,
                start_hour: None,
                gpu_hours: None,
                within_months: None,
                scaling_efficiency: None,
            },
            portfolio: None,
            checkpoint: None,
            montecarlo: None,
            deadline_spot: None,
            buy: None,
            options: Vec::new(),
            ..full
        };
        assert_eq!(
            empty.to_pretty_json(),
            serde_json::to_string_pretty(&empty).unwrap()
        );
    }

    #[test]
    fn stored_state_and_share_link_match_serde_json() {
        use crate::language::Language;
        use crate::share::{link_json, Shared};
        use crate::storage::{save, Saved, Stored, STORAGE_VERSION};
        // Every field, the non-finite numbers made finite (`save` refuses a `null`).
        let mut file = every_field();
        file.egress_gb_per_month = 1.0;
        let o = &mut file.options[0];
        o.throughput_factor = Some(2.0);
        o.schedule.as_mut().unwrap().hourly = Some(vec![1.0, -0.0, 5e-324, 1e15, 1e16]);
        o.spot.as_mut().unwrap().bid_cap_per_hour = Some(0.5);
        let expect = |stored: &Stored| {
            let mut s = stored.clone();
            s.version = STORAGE_VERSION;
            serde_json::to_string(&s).unwrap()
        };
        for language in [None, Some(Language::En), Some(Language::ZhCn)] {
            let stored = Stored {
                version: 0,
                language,
                current: file.clone(),
                saved: vec![
                    Saved {
                        name: "a \"b\"".into(),
                        scenario: file.clone(),
                    },
                    Saved {
                        name: "c".into(),
                        scenario: crate::share::default_scenario(),
                    },
                ],
            };
            assert_eq!(save(&stored).unwrap().value, expect(&stored));
            let empty = Stored {
                saved: Vec::new(),
                ..stored
            };
            assert_eq!(save(&empty).unwrap().value, expect(&empty));
        }
        let with_nan = Stored {
            current: every_field(),
            ..Stored::default()
        };
        assert!(save(&with_nan).is_err());
        #[derive(serde::Serialize)]
        struct Envelope<'a> {
            v: u32,
            lang: &'a str,
            scenario: &'a ScenarioFile,
        }
        for (language, scenario) in [
            (Language::En, crate::share::default_scenario()),
            (Language::ZhCn, file),
        ] {
            let expected = serde_json::to_string(&Envelope {
                v: crate::share::LINK_VERSION,
                lang: language.tag(),
                scenario: &scenario,
            })
            .unwrap();
            let shared = Shared { language, scenario };
            assert_eq!(link_json(&shared).unwrap(), expected);
        }
    }
}
