//! Per-provider facts that no price file carries: how each provider bills time (granularity and
//! minimum, with the page or note it was read in) and the billing modes it sells for which no
//! price could be read here ("could not be sourced here"). Both are rendered into the catalog
//! (`BILLING_RULES`, `GAPS`) and shown by the page; data/catalog-sources/PROVENANCE.md cites
//! the same sources.

use super::BillingRecord;

/// How a provider bills on-demand time, with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BillingRuleRecord {
    /// Provider display name.
    pub provider: &'static str,
    /// Granularity and minimum applied to the provider's offers.
    pub billing: BillingRecord,
    /// The rule in a few words.
    pub rule: &'static str,
    /// The page or note it was read in.
    pub source: &'static str,
    /// Date of that page, or `"unknown"`.
    pub as_of: &'static str,
}

const fn rule(
    provider: &'static str,
    billing: BillingRecord,
    rule: &'static str,
    source: &'static str,
    as_of: &'static str,
) -> BillingRuleRecord {
    BillingRuleRecord {
        provider,
        billing,
        rule,
        source,
        as_of,
    }
}

const NOT_STATED: BillingRecord = BillingRecord::UNSTATED;

/// Every provider whose billing rule was read somewhere (data/catalog-sources/
/// `aws-billing-rules-aws.csv`, `billing-rules-gpu-clouds.csv`, the Google Cloud and Chinese
/// platforms' notes in PROVENANCE.md). A rule with a granularity sets the offers' billing; a rule
/// without one (the page names no increment) is shown as text only.
pub const BILLING_RULES: &[BillingRuleRecord] = &[
    rule("AWS", BillingRecord::PER_SECOND_MIN_60S, "per second, 60-second minimum (Linux On-Demand, Reserved and Spot); list prices are per hour", "AWS What's New, \"Announcing Amazon EC2 per second billing\" (aws-billing-rules-aws.csv)", "2017-10-02"),
    rule("Google Cloud", BillingRecord::PER_SECOND_MIN_60S, "vCPUs, GPUs and memory: 1-minute minimum, then per second", "Google \"VM instance pricing\" (stored copy idx:23469220902)", "unknown"),
    rule("Tencent Cloud", BillingRecord::PER_SECOND, "pay-as-you-go metered per second, settled every whole hour (Beijing time), fees rounded to 2 decimals", "tencentyun/intlcloud-documents (CVM billing docs)", "2023-06-30"),
    rule("Alibaba Cloud", NOT_STATED, "settled every whole hour (UTC+8); the compute billing period depends on the vCPU count; a charge under ¥0.01 is raised to ¥0.01", "AlibabaCloudDocs/ecs (2021 docs)", "2021-07-09"),
    rule("Lambda", BillingRecord::PER_MINUTE, "one-minute increments from launch (after health checks) to termination; sales tax added", "docs.lambda.ai/public-cloud/billing (billing-rules-gpu-clouds.csv)", "unknown"),
    rule("CoreWeave", BillingRecord::PER_MINUTE, "per minute, no minimum resource charge; the GPU price includes the host's vCPU, RAM and ephemeral storage", "docs.coreweave.com/resources/billing-and-charges", "unknown"),
    rule("RunPod", BillingRecord::PER_SECOND, "pods billed by the second for compute and storage; at least one hour's worth of balance needed to start", "docs.runpod.io/pods/pricing", "unknown"),
    rule("Vast.ai", BillingRecord::PER_SECOND, "per second while active; storage per second even while stopped; bandwidth separate", "vast.ai/docs/billing, docs.vast.ai/billing-help", "unknown"),
    rule("Paperspace", NOT_STATED, "hourly usage plus a monthly access and storage fee (from $5/month for 50 GB) billed until the VM is deleted", "support.paperspace.com Virtual Machine Billing Overview", "unknown"),
    rule("Crusoe", NOT_STATED, "usage tracked per instance-hour (finer granularity not stated)", "docs.crusoecloud.com/usage-billing/viewing-usage", "unknown"),
    rule("Nebius", NOT_STATED, "from start to a complete stop; stopped time not charged, disks charged regardless (granularity not stated)", "docs.nebius.com (legal specification)", "unknown"),
    rule("Hyperstack", NOT_STATED, "ACTIVE and SHUTOFF billed in full, HIBERNATED only for the saved disk (granularity not stated)", "infrahub-doc.nexgencloud.com/docs/billing/states-and-billing", "unknown"),
    rule("Massed Compute", BillingRecord::PER_MINUTE, "balance debited every minute (hourly price ÷ 60)", "vm-docs.massedcompute.com/docs/billing/overview", "unknown"),
    rule("AutoDL", BillingRecord::PER_SECOND, "per second from power-on to power-off, minimum charge ¥0.01, deducted on the whole hour", "AutoDL billing docs as transcribed in idx:70233061975 and idx:70905242706", "2026-09-29"),
    rule("Featurize", BillingRecord::PER_MINUTE, "per minute", "idx:70233061975", "2026-09-29"),
    rule("矩池云 (MatPool)", BillingRecord::PER_MINUTE, "per minute, running state only", "idx:70233061975", "2026-09-29"),
    rule("共绩算力 (Gongji / suanli.cn)", BillingRecord::PER_SECOND, "per second; spot jobs can be interrupted", "idx:70233061975", "2026-09-29"),
];

/// The billing rule of `provider`, if one was sourced.
#[must_use]
pub fn billing_rule(provider: &str) -> Option<&'static BillingRuleRecord> {
    BILLING_RULES.iter().find(|r| r.provider == provider)
}

/// The offers' billing for `provider`: its rule's granularity and minimum, else not stated.
#[must_use]
pub fn billing_for(provider: &str) -> BillingRecord {
    billing_rule(provider).map_or(BillingRecord::UNSTATED, |r| r.billing)
}

/// A billing mode a provider sells (or may sell) with no price readable here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GapRecord {
    /// Provider display name.
    pub provider: &'static str,
    /// Billing mode code (as in the refresh schema).
    pub mode: &'static str,
    /// Why, as a kind the page translates (`catalog::GapKind`, by its snake_case code).
    pub kind: &'static str,
    /// The identifiers the kind's sentence names (instance types, regions, GPU models, dates),
    /// shown as data in either language; empty for none.
    pub covers: &'static str,
    /// What was looked for and what exists, in English (docs/catalog.md and PROVENANCE.md).
    pub reason: &'static str,
}

const fn gap(
    provider: &'static str,
    mode: &'static str,
    kind: &'static str,
    covers: &'static str,
    reason: &'static str,
) -> GapRecord {
    GapRecord {
        provider,
        mode,
        kind,
        covers,
        reason,
    }
}

/// Per provider and billing mode: what could not be sourced here (without internet access, on
/// 2026-12-01; PROVENANCE.md lists the searches). docs/catalog.md repeats this table.
pub const GAPS: &[GapRecord] = &[
    gap("AWS", "reserved", "one_year_no_upfront_only", "p5, p5e, p5en, p6, g6f, gr6f, g7e, p3", "1-year Standard No Upfront RIs only (ec2instances.info data of 2026-01-21); none for p5, p5e, p5en, p6, g6f, gr6f, g7e and p3 in that source; no 3-year, partial/all-upfront or Convertible rates outside the China regions; no AWS Price List Reserved rows"),
    gap("AWS", "savings_plan", "not_found", "", "no Savings Plans rates for the global regions (the public Savings Plans files could not be read here)"),
    gap("AWS", "capacity_block", "only_for", "p5.48xlarge, p4d.24xlarge, trn1.32xlarge (2024-Q4)", "only the Q4-2024 Capacity Block rates of a stored copy of the AWS page (p5.48xlarge, p4d.24xlarge, trn1.32xlarge); none for p5e, p5en, p6 or trn2"),
    gap("AWS China", "savings_plan", "unlabelled", "", "Savings Plans rates are listed but their type (Compute or EC2 Instance) is not stated by the source; kept as data, labelled"),
    gap("AWS China", "spot", "not_found", "", "no spot prices for the China regions in the sources"),
    gap("Azure", "spot", "only_for", "westeurope, northeurope, swedencentral, francecentral, polandcentral, indonesiacentral", "Spot prices only for westeurope, northeurope, swedencentral, francecentral, polandcentral and indonesiacentral; none for the other regions (the generator of the 52-region file discards spot)"),
    gap("Azure", "reserved", "only_for", "polandcentral, indonesiacentral, eastus, eastus2, usgovvirginia", "reservations only for a few sizes and regions (polandcentral, indonesiacentral, eastus, eastus2, usgovvirginia); none for ND96asr_v4, ND MI300X v5, NC A10 v4, NV A10 v5 outside two regions"),
    gap("Azure", "savings_plan", "only_for", "polandcentral (12/36), EU ×4 (12)", "1-year savings plans only for 4 European regions and polandcentral (3-year only polandcentral)"),
    gap("Google Cloud", "flex_start", "not_found", "", "no Flex-start (Dynamic Workload Scheduler) price in the sources; a3-highgpu-1g/2g/4g show their spot price only"),
    gap("Google Cloud", "committed_use", "not_eligible", "a2-ultragpu, a3-highgpu-1g/2g/4g, N1, TPU", "Google: GPUs used on demand are not eligible for CUDs (commitments need attached reservations); Cyclenerd gives none for A2 Ultra (\"contact sales\") and the catalog gives none for a3-highgpu-1g/2g/4g, N1 GPUs and TPUs"),
    gap("Google Cloud", "capacity_block", "not_found", "a3-ultragpu, a4, a4x", "no DWS Calendar-mode or future-reservation price in the sources; A3 Ultra (H200), A4 (B200) and A4X (GB200) have no usable price (they are sold by reservation, Spot or Flex-start)"),
    gap("Alibaba Cloud", "subscription", "few_quotes", "cn-shanghai 2023, 2026-09-24 ×3", "包年包月 list prices only from a 2023 blog post (cn-shanghai) and three account quotes of 2026-09-24; the fetcher asks for hourly prices only"),
    gap("Alibaba Cloud", "savings_plan", "not_found", "", "no 节省计划 (savings plan) or reserved-instance prices found"),
    gap("Tencent Cloud", "spot", "not_found", "", "no 竞价实例 (spot) GPU prices found; the fetcher asks for pay-as-you-go only"),
    gap("Tencent Cloud", "subscription", "only_for", "GN7.2XLARGE32, GT4.4XLARGE96", "包年包月 prices only for GN7.2XLARGE32 and GT4.4XLARGE96 (2026-06-15, per GPU) and two serverless GPU functions; none for GN10X/GN10Xp/GNV4/PNV4"),
    gap("Lambda", "reserved", "unverified", "", "1-Click Cluster and reserved prices only as third-party quotes (not verified); no reserved price in the catalog"),
    gap("RunPod", "spot", "not_found", "", "no dated spot price table (the SkyPilot file's spot column is a placeholder)"),
    gap("RunPod", "savings_plan", "no_public_price", "", "savings plans of 3 or 6 months paid upfront exist (RunPod docs) but no prices were found"),
    gap("Vast.ai", "bid", "unverified", "", "interruptible (bid) prices only from single-host samples of 2022 and 2026-01-21; not used"),
    gap("Vast.ai", "reserved", "no_public_price", "", "reserved (prepaid, \"up to 50 %\" off) exists per Vast's docs; no prices found"),
    gap("Paperspace", "subscription", "no_public_price", "", "monthly plans and the monthly access/storage fee are documented, but no per-machine monthly price was found"),
    gap("Paperspace", "reserved", "unverified", "", "3-year commitment prices appear in an older cloud-gpus.github.io version without saying which keys they are; not used"),
    gap("CoreWeave", "reserved", "sales_only", "", "reserved capacity is sold through sales; no price found"),
    gap("Crusoe", "reserved", "no_public_price", "", "6-, 12- and 36-month commitments \"up to 35 % off\" (Crusoe docs); no prices found"),
    gap("Nebius", "reserved", "sales_only", "", "commitment discounts for companies (Nebius docs); no prices found"),
    gap("AutoDL", "package", "login_required", "RTX 4090, RTX 3090", "包日/包周/包年 prices not found (the market API needs a login); 包月 only for RTX 4090 and an approximate RTX 3090"),
    gap("Featurize", "package", "unverified", "", "what Featurize sells beyond hourly rental was not verified"),
];
