//! Published support plans of AWS, Azure and Google Cloud as data ([`SUPPORT_PLANS`]): each a
//! monthly minimum and marginal tiers of the month's charges, in USD, with its source and the
//! date of its data, transcribed from data/billing-rules/support-plans.csv (which quotes each
//! source; several are secondary sources, said in `source`). A scenario option refers to one by
//! `id` (`"support": {"plan": "aws-business-legacy"}`); docs/cost-model.md, "Support plans".

use planner_engine::support::{SupportPlan, SupportTier};

/// One published support plan. Amounts in USD per month.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportPlanInfo {
    /// Stable id used by scenario files, e.g. `"aws-business-legacy"`.
    pub id: &'static str,
    /// Provider id as in the catalog (`"aws"`, `"azure"`, `"gcp"`).
    pub provider: &'static str,
    /// Plan name as the source writes it.
    pub name: &'static str,
    /// Monthly minimum (the whole fee of a flat plan), USD.
    pub minimum: f64,
    /// Marginal tiers: (upper bound in USD or `None` for the last, percentage).
    pub tiers: &'static [(Option<f64>, f64)],
    /// Where the figures come from (reference as in data/billing-rules/support-plans.csv).
    pub source: &'static str,
    /// Date of the data as the source gives it, typed so the page words it in its language.
    pub as_of: SupportAsOf,
}

/// How old a published support plan's figures are, as its source says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupportAsOf {
    /// Dated by the source: ISO 8601 `YYYY-MM-DD`.
    Date(&'static str),
    /// The source gives no date.
    Unknown,
    /// Published after an announcement of month `announced` (`YYYY-MM`), with no date of its
    /// own; the figures were checked against the source on `checked` (`YYYY-MM-DD`).
    AfterAnnouncement {
        /// Month of the announcement, `YYYY-MM`.
        announced: &'static str,
        /// Day the figures were last checked, `YYYY-MM-DD`.
        checked: &'static str,
    },
    /// Only the monthly minimum is dated (`minimum`, `YYYY-MM-DD`); the tiers are not.
    MinimumOnly {
        /// Date of the minimum, `YYYY-MM-DD`.
        minimum: &'static str,
    },
}

impl SupportAsOf {
    /// Every date the value carries (for checks of their form).
    #[must_use]
    pub fn dates(&self) -> Vec<&'static str> {
        match *self {
            SupportAsOf::Date(d) | SupportAsOf::MinimumOnly { minimum: d } => vec![d],
            SupportAsOf::Unknown => Vec::new(),
            SupportAsOf::AfterAnnouncement { announced, checked } => vec![announced, checked],
        }
    }
}

impl SupportPlanInfo {
    /// The engine's plan.
    #[must_use]
    pub fn plan(&self) -> SupportPlan {
        SupportPlan {
            minimum: self.minimum,
            tiers: self
                .tiers
                .iter()
                .map(|&(up_to, pct)| SupportTier { up_to, pct })
                .collect(),
        }
    }
}

/// AWS's 10/7/5/3 % tiers with bounds at 10K, 80K and 250K USD (Business; Google Cloud
/// Enhanced as DoiT resells it).
const TIERS_10K: &[(Option<f64>, f64)] = &[
    (Some(10_000.0), 10.0),
    (Some(80_000.0), 7.0),
    (Some(250_000.0), 5.0),
    (None, 3.0),
];
/// 10/7/5/3 % tiers with bounds at 150K, 500K and 1M USD (AWS Enterprise, Google Cloud Premium
/// as DoiT resells it).
const TIERS_150K: &[(Option<f64>, f64)] = &[
    (Some(150_000.0), 10.0),
    (Some(500_000.0), 7.0),
    (Some(1_000_000.0), 5.0),
    (None, 3.0),
];

/// The published plans, by provider. Each figure is in data/billing-rules/support-plans.csv
/// with its quote; conflicting third-party claims listed there are not used.
pub const SUPPORT_PLANS: &[SupportPlanInfo] = &[
    SupportPlanInfo {
        id: "aws-business-plus",
        provider: "aws",
        name: "AWS Business Support+ (2025 plans)",
        minimum: 29.0,
        tiers: &[
            (Some(10_000.0), 9.0),
            (Some(80_000.0), 7.0),
            (Some(250_000.0), 5.0),
            (None, 3.0),
        ],
        source: "idx:66083458321 (study notes, secondary), agrees with idx:70133746140 (checked 2026-10-04)",
        as_of: SupportAsOf::AfterAnnouncement {
            announced: "2025-12",
            checked: "2026-10-04",
        },
    },
    SupportPlanInfo {
        id: "aws-enterprise",
        provider: "aws",
        name: "AWS Enterprise Support (2025 plans)",
        minimum: 5_000.0,
        tiers: TIERS_150K,
        source: "idx:66083458321 (study notes, secondary), agrees with idx:70133746140 (checked 2026-10-04)",
        as_of: SupportAsOf::AfterAnnouncement {
            announced: "2025-12",
            checked: "2026-10-04",
        },
    },
    SupportPlanInfo {
        id: "aws-business-legacy",
        provider: "aws",
        name: "AWS Business Support (legacy, ends 2027-01-01)",
        minimum: 100.0,
        tiers: TIERS_10K,
        source: "tiers: AWSSupportBusiness bill line items idx:29017048580; minimum: aws.amazon.com/premiumsupport/knowledge-center/support-billing/",
        as_of: SupportAsOf::MinimumOnly {
            minimum: "2017-10-26",
        },
    },
    SupportPlanInfo {
        id: "aws-developer-legacy",
        provider: "aws",
        name: "AWS Developer Support (legacy, ends 2027-01-01)",
        minimum: 29.0,
        tiers: &[(None, 3.0)],
        source: "AWS Price List AWSDeveloperSupport.csv (mirror labofsahil/aws-pricing-dataset)",
        as_of: SupportAsOf::Date("2018-05-01"),
    },
    SupportPlanInfo {
        id: "aws-enterprise-legacy",
        provider: "aws",
        name: "AWS Enterprise Support (legacy, ends 2027-01-01)",
        minimum: 15_000.0,
        tiers: TIERS_150K,
        source: "atonementlicensing.com/blog/aws-enterprise-support-cost/ (third party)",
        as_of: SupportAsOf::Unknown,
    },
    SupportPlanInfo {
        id: "azure-developer",
        provider: "azure",
        name: "Azure Developer",
        minimum: 29.0,
        tiers: &[],
        source: "idx:58262689161 (third-party notes; idx:63417849589 and idx:62566586607 agree)",
        as_of: SupportAsOf::Unknown,
    },
    SupportPlanInfo {
        id: "azure-standard",
        provider: "azure",
        name: "Azure Standard",
        minimum: 100.0,
        tiers: &[],
        source: "idx:58262689161 (third-party notes; idx:62194350798 says 300)",
        as_of: SupportAsOf::Unknown,
    },
    SupportPlanInfo {
        id: "azure-professional-direct",
        provider: "azure",
        name: "Azure Professional Direct",
        minimum: 1_000.0,
        tiers: &[],
        source: "idx:58262689161 (third-party notes; idx:63417849589 and idx:62566586607 agree)",
        as_of: SupportAsOf::Unknown,
    },
    SupportPlanInfo {
        id: "gcp-standard-doit",
        provider: "gcp",
        name: "Google Cloud Standard (partner resold, DoiT)",
        minimum: 29.0,
        tiers: &[(None, 3.0)],
        source: "help.doit.com/docs/google-cloud/google-cloud-support",
        as_of: SupportAsOf::Date("2024-11-01"),
    },
    SupportPlanInfo {
        id: "gcp-enhanced-doit",
        provider: "gcp",
        name: "Google Cloud Enhanced (partner resold, DoiT)",
        minimum: 100.0,
        tiers: TIERS_10K,
        source: "help.doit.com/docs/google-cloud/google-cloud-support",
        as_of: SupportAsOf::Date("2024-11-01"),
    },
    SupportPlanInfo {
        id: "gcp-premium-doit",
        provider: "gcp",
        name: "Google Cloud Premium (partner resold, DoiT)",
        minimum: 15_000.0,
        tiers: TIERS_150K,
        source: "help.doit.com/docs/google-cloud/google-cloud-support",
        as_of: SupportAsOf::Date("2024-11-01"),
    },
];

/// The plan with this id, if any.
#[must_use]
pub fn support_plan(id: &str) -> Option<&'static SupportPlanInfo> {
    SUPPORT_PLANS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_engine::FieldPath;

    #[test]
    fn every_plan_is_valid_and_ids_are_unique() {
        let mut ids: Vec<&str> = SUPPORT_PLANS.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), SUPPORT_PLANS.len());
        for p in SUPPORT_PLANS {
            assert!(p.plan().validate(FieldPath::ROOT).is_ok(), "{}", p.id);
            assert!(!p.source.is_empty());
            // Dates are ISO (`YYYY-MM-DD`, or `YYYY-MM` for a month): no words in them.
            for d in p.as_of.dates() {
                let digits = |r: std::ops::Range<usize>| {
                    d.get(r)
                        .is_some_and(|x| x.bytes().all(|b| b.is_ascii_digit()))
                };
                let month = d.len() >= 7 && digits(0..4) && &d[4..5] == "-" && digits(5..7);
                let day = d.len() == 7 || (d.len() == 10 && &d[7..8] == "-" && digits(8..10));
                assert!(month && day, "{}: {d}", p.id);
            }
        }
    }

    /// The legacy AWS Business tiers reproduce issue 18's example (10 % to 10,000, 7 % to
    /// 80,000, minimum 100: 16,029.08 → 1,422.04).
    #[test]
    fn aws_business_legacy_is_the_issue_example() {
        let p = support_plan("aws-business-legacy").unwrap().plan();
        assert!((p.monthly(16_029.08) - 1_422.04).abs() < 0.005);
        assert_eq!(p.monthly(900.0), 100.0);
        // AWS's Partner-Led page example uses the 150K tiers: 1.2M → 70,500 (before its
        // minimum): 15,000 + 24,500 + 25,000 + 6,000.
        let e = support_plan("aws-enterprise-legacy").unwrap().plan();
        assert!((e.monthly(1_200_000.0) - 70_500.0).abs() < 1e-6);
    }
}
