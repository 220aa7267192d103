//! Providers' single-instance SLAs as data ([`SLAS`]): the monthly availability each commits to
//! for one instance and the service-credit tiers it pays below it, each with its source and the
//! date of its data, transcribed from data/billing-rules/sla.csv (which quotes each source;
//! several are secondary, said in `source`). An option on a catalog offer gets its provider's
//! SLA (the engine's [`Sla`], docs/cost-model.md, "SLA and service credits"). The
//! single-instance figure is the one that applies to a GPU option as the planner models it
//! (instances, not a multi-zone deployment).

use planner_engine::sla::{CreditTier, Sla};

/// One provider's single-instance SLA.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlaInfo {
    /// Provider display name, as in [`super::Offer::provider`].
    pub provider: &'static str,
    /// Service and scope as the source names them.
    pub service: &'static str,
    /// Commitment and credit tiers (empty tiers: not found in the sources read).
    pub sla: Sla,
    /// Where the figures come from, in short (data/billing-rules/sla.csv has the full
    /// references and quotations).
    pub source: &'static str,
    /// Date of the data as the source gives it (`"unknown"` where it gives none).
    pub as_of: &'static str,
}

/// 10 % / 30 % / 100 % below 99.5 / 99.0 / 95.0 (Amazon Compute SLA, instance level).
const AWS_TIERS: &[CreditTier] = &[
    CreditTier {
        below_pct: 99.5,
        credit_pct: 10.0,
    },
    CreditTier {
        below_pct: 99.0,
        credit_pct: 30.0,
    },
    CreditTier {
        below_pct: 95.0,
        credit_pct: 100.0,
    },
];
/// 10 % / 25 % / 100 % below 99.9 / 95.0 / 90.0 (Compute Engine, a single instance of all
/// other families).
const GCP_TIERS: &[CreditTier] = &[
    CreditTier {
        below_pct: 99.9,
        credit_pct: 10.0,
    },
    CreditTier {
        below_pct: 95.0,
        credit_pct: 25.0,
    },
    CreditTier {
        below_pct: 90.0,
        credit_pct: 100.0,
    },
];
/// 10 % / 25 % / 100 % below 99.975 / 99.0 / 95.0 (Tencent CVM, single instance).
const TENCENT_TIERS: &[CreditTier] = &[
    CreditTier {
        below_pct: 99.975,
        credit_pct: 10.0,
    },
    CreditTier {
        below_pct: 99.0,
        credit_pct: 25.0,
    },
    CreditTier {
        below_pct: 95.0,
        credit_pct: 100.0,
    },
];

/// The single-instance SLAs, by provider. Each figure is in data/billing-rules/sla.csv.
pub static SLAS: &[SlaInfo] = &[
    SlaInfo {
        provider: "AWS",
        service: "EC2, instance level",
        sla: Sla {
            committed_pct: 99.5,
            tiers: AWS_TIERS,
        },
        source: "aws.amazon.com/compute/sla, quoted by third parties (secondary)",
        as_of: "unknown",
    },
    SlaInfo {
        provider: "Azure",
        service: "Virtual Machines v1.9, single instance, Premium SSD",
        sla: Sla {
            committed_pct: 99.9,
            tiers: &[],
        },
        source: "azure.microsoft.com/support/legal/sla/virtual-machines/v1_9",
        as_of: "unknown",
    },
    SlaInfo {
        provider: "Google Cloud",
        service: "Compute Engine, single instance",
        sla: Sla {
            committed_pct: 99.9,
            tiers: GCP_TIERS,
        },
        source: "cloud.google.com/compute/sla; credit tiers secondary",
        as_of: "unknown",
    },
    SlaInfo {
        provider: "Tencent Cloud",
        service: "CVM, single instance",
        sla: Sla {
            committed_pct: 99.975,
            tiers: TENCENT_TIERS,
        },
        source: "tencentyun/intlcloud-documents CVM SLA",
        as_of: "2023-06-30",
    },
];

/// The SLA of `provider` (display name as in the catalog), if one is known.
#[must_use]
pub fn sla_for(provider: &str) -> Option<&'static SlaInfo> {
    SLAS.iter().find(|s| s.provider == provider)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sla_is_in_range_dated_and_sourced() {
        for s in SLAS {
            assert!(
                s.sla.committed_pct > 0.0 && s.sla.committed_pct <= 100.0,
                "{s:?}"
            );
            for t in s.sla.tiers {
                assert!(
                    t.below_pct > 0.0 && t.below_pct <= s.sla.committed_pct,
                    "{s:?}"
                );
                assert!((0.0..=100.0).contains(&t.credit_pct), "{s:?}");
            }
            assert!(!s.source.is_empty() && !s.as_of.is_empty());
            // Providers are named as the catalog names them.
            assert!(
                super::super::providers().contains(&s.provider),
                "{} is not a catalog provider",
                s.provider
            );
        }
    }

    #[test]
    fn credits_as_the_sources_state_them() {
        let aws = sla_for("AWS").expect("AWS");
        assert_eq!(aws.sla.credit_pct(99.6), 0.0);
        assert_eq!(aws.sla.credit_pct(99.2), 10.0);
        assert_eq!(aws.sla.credit_pct(97.0), 30.0);
        assert_eq!(aws.sla.credit_pct(90.0), 100.0);
        let tencent = sla_for("Tencent Cloud").expect("Tencent");
        assert_eq!(tencent.sla.credit_pct(99.97), 10.0);
        assert_eq!(tencent.sla.credit_pct(96.0), 25.0);
        assert!(sla_for("Azure").expect("Azure").sla.tiers.is_empty());
        assert!(sla_for("Vast.ai").is_none());
    }
}
