//! What each provider bills while nothing runs, as data ([`STOPPED_BILLING`]): whether its
//! storage and volumes are billed while an instance is stopped, and whether a stopped instance
//! itself is billed, with the source and its date, transcribed from
//! data/billing-rules/stopped-billing-providers.csv (a test checks the two agree). An option
//! picked from an offer takes its provider's storage rule as the default of
//! `storage_billed_while_stopped` ([`crate::option::OptionInput::on`]); the user may change it.
//! docs/cost-model.md, "What is billed while nothing runs".

/// One provider's rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoppedBilling {
    /// Provider display name, as in [`super::Offer::provider`].
    pub provider: &'static str,
    /// Storage and volumes are billed while no instance runs.
    pub storage_billed: bool,
    /// A stopped instance is billed (`None`: the sources read do not say).
    pub instance_billed: Option<bool>,
    /// Where it was read, in short (the data file adds what it says and where it is recorded
    /// in data/billing-rules/ or data/catalog-sources/).
    pub source: &'static str,
    /// Date of the source (`"unknown"` when undated).
    pub as_of: &'static str,
}

macro_rules! rule {
    ($p:literal, $s:literal, $i:expr, $src:literal, $d:literal) => {
        StoppedBilling {
            provider: $p,
            storage_billed: $s,
            instance_billed: $i,
            source: $src,
            as_of: $d,
        }
    };
}

/// Every provider with a sourced rule.
pub static STOPPED_BILLING: &[StoppedBilling] = &[
    rule!(
        "AWS",
        true,
        Some(false),
        "awsdocs/amazon-ec2-user-guide Stop_Start.md",
        "2023-03-07"
    ),
    rule!(
        "Azure",
        true,
        Some(false),
        "learn.microsoft.com VirtualMachineResource.Deallocate",
        "not before 2025-11"
    ),
    rule!(
        "Google Cloud",
        true,
        Some(false),
        "compute.instances.stop (API discovery document)",
        "unknown"
    ),
    rule!(
        "Alibaba Cloud",
        true,
        Some(true),
        "AlibabaCloudDocs/ecs 按量付费实例停机不收费.md",
        "2021-07-09"
    ),
    rule!(
        "Tencent Cloud",
        true,
        Some(false),
        "tencentyun/intlcloud-documents 按量计费实例关机不收费说明",
        "2023-06-30"
    ),
    rule!(
        "RunPod",
        true,
        Some(false),
        "docs.runpod.io/pods/storage",
        "unknown"
    ),
    rule!(
        "Vast.ai",
        true,
        Some(false),
        "vast.ai/docs/billing/billing",
        "unknown"
    ),
    rule!(
        "AutoDL",
        true,
        Some(false),
        "idx:70233061975 citing AutoDL's docs",
        "2026-09-29"
    ),
    rule!(
        "Nebius",
        true,
        Some(false),
        "docs.nebius.com/legal/specific-terms/compute",
        "unknown"
    ),
    rule!(
        "Hyperstack",
        true,
        Some(true),
        "infrahub-doc.nexgencloud.com/docs/billing/states-and-billing",
        "unknown"
    ),
    rule!(
        "Lambda",
        true,
        None,
        "docs.lambda.ai/public-cloud/billing",
        "unknown"
    ),
    rule!(
        "Paperspace",
        true,
        Some(false),
        "support.paperspace.com Virtual-Machine-Billing-Overview",
        "unknown"
    ),
];

/// The rule of `provider` (display name as in the catalog), if one is sourced.
#[must_use]
pub fn stopped_billing(provider: &str) -> Option<&'static StoppedBilling> {
    STOPPED_BILLING.iter().find(|s| s.provider == provider)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The table is the data file, row for row.
    #[test]
    fn table_matches_the_data_file() {
        let text = include_str!("../../../../data/billing-rules/stopped-billing-providers.csv");
        let mut rows = csv::Reader::from_reader(text.as_bytes());
        let yes = |s: &str| match s {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        };
        let read: Vec<StoppedBilling> = rows
            .records()
            .map(|r| {
                let r = r.expect("row");
                let leak =
                    |i: usize| -> &'static str { Box::leak(r[i].to_string().into_boxed_str()) };
                StoppedBilling {
                    provider: leak(0),
                    storage_billed: yes(&r[1]).expect("storage is yes or no"),
                    instance_billed: yes(&r[2]),
                    source: leak(3),
                    as_of: leak(4),
                }
            })
            .collect();
        assert_eq!(read.as_slice(), STOPPED_BILLING);
    }

    #[test]
    fn every_rule_names_a_catalog_provider_and_is_dated_or_says_unknown() {
        let providers = super::super::providers();
        for r in STOPPED_BILLING {
            assert!(
                providers.contains(&r.provider),
                "{} is not in the catalog",
                r.provider
            );
            assert!(!r.as_of.is_empty() && !r.source.is_empty());
        }
        assert!(stopped_billing("Vast.ai").is_some_and(|r| r.storage_billed));
        assert_eq!(
            stopped_billing("Alibaba Cloud").and_then(|r| r.instance_billed),
            Some(true)
        );
        assert!(stopped_billing("Nobody").is_none());
    }
}
