//! The bundled price catalog: GPU rental offers read from the dated public sources in
//! `data/catalog-sources/` (see its `PROVENANCE.md`) at build time, and the types that describe
//! them. Pure data: no web crate is used here.
//!
//! `build.rs` runs [`ingest`] over the source CSV files and writes the offers as Rust statics,
//! so the browser bundle carries no CSV parser and does no parsing at start-up.

pub mod aliases;
mod decode;
pub mod export;
pub mod gpus;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod guards;
pub mod import;
#[cfg(not(target_arch = "wasm32"))]
pub mod ingest;
pub mod query;
pub mod sla;
pub mod stopped;
pub mod support;
pub mod terms;
pub mod user;
pub mod validation;

use planner_engine::{Billing, Currency};
pub use terms::{
    billing_rule, gaps, BillingMode, BillingRule, Gap, GapKind, PriceBasis, PriceTerm, Term,
};

/// One dated public source the catalog was built from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    /// Short stable id, e.g. `"skypilot-aws"`.
    pub id: &'static str,
    /// Where the data came from: repository, path and commit (from `PROVENANCE.md`).
    pub reference: &'static str,
    /// Date of the data: `YYYY-MM-DD` (a commit date, a generated-at stamp, a page's "updated"
    /// date), `YYYY-MM` when only the month is known, or [`DATE_UNKNOWN`] when the source's data
    /// date is not known (then the prices count as stale).
    pub as_of: &'static str,
    /// Whether `as_of` is a day (`true`) rather than a month or unknown (`false`).
    pub as_of_exact: bool,
    /// Licence of the data as stated in `PROVENANCE.md`.
    pub licence: &'static str,
    /// Caveats that apply to every offer from this source.
    pub note: &'static str,
}

/// Placeholder returned by [`Offer::source`] for an index that is in no source table.
static UNKNOWN_SOURCE: Source = Source {
    id: "unknown",
    reference: "unknown source",
    as_of: "unknown",
    as_of_exact: false,
    licence: "",
    note: "",
};

/// The `as_of` of a source whose data date is not known ("date unknown"): such prices count as
/// stale ([`Source::is_stale`]).
pub const DATE_UNKNOWN: &str = "unknown";

/// Prices older than this many months are marked stale in the UI (docs/cost-model.md, "Units",
/// dates). List prices of the big clouds change a few times a year, so a year-old snapshot
/// deserves a warning.
pub const STALE_AFTER_MONTHS: u32 = 12;

impl Source {
    /// Year and month of `as_of` (`YYYY-MM` or `YYYY-MM-DD`); `None` if it is malformed.
    #[must_use]
    pub fn as_of_year_month(&self) -> Option<(i32, u32)> {
        let mut parts = self.as_of.split('-');
        let year = parts.next()?.parse().ok()?;
        let month: u32 = parts.next()?.parse().ok()?;
        (1..=12).contains(&month).then_some((year, month))
    }

    /// Age of the prices in whole months on `today` (`(year, month)`), never negative; `None` if
    /// the as-of date is malformed.
    #[must_use]
    pub fn age_months(&self, today: (i32, u32)) -> Option<u32> {
        let (y, m) = self.as_of_year_month()?;
        let months = (today.0 - y) * 12 + today.1 as i32 - m as i32;
        Some(months.max(0) as u32)
    }

    /// Whether the data date is known (not [`DATE_UNKNOWN`] and well-formed).
    #[must_use]
    pub fn date_known(&self) -> bool {
        self.as_of_year_month().is_some()
    }

    /// Whether the prices are older than [`STALE_AFTER_MONTHS`] on `today`. An unknown
    /// ([`DATE_UNKNOWN`]) or malformed date counts as stale, so it is never presented as fresh.
    #[must_use]
    pub fn is_stale(&self, today: (i32, u32)) -> bool {
        self.age_months(today)
            .is_none_or(|age| age > STALE_AFTER_MONTHS)
    }
}

/// One rentable offer: an instance type of one provider at its listed on-demand price.
///
/// Prices are **per instance-hour in the offer's native `currency`**; per GPU-hour figures are
/// derived with [`Offer::on_demand_per_gpu_hour`]. When a source lists the same instance type in
/// several regions or zones, the catalog keeps one headline listing by the rule named by
/// [`AGGREGATION_RULE`] (the cheapest; for Chinese hyperscalers the cheapest mainland listing)
/// and records its region and how many regions list it. An offer not sold on demand (spot
/// only, Capacity Blocks, Flex-start) has no on-demand price: see
/// [`Offer::on_demand_per_hour`] and [`OfferDetails::terms`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offer {
    /// Stable id, unique in the catalog, `"<source id>/<instance type>"` in lower case, e.g. `"skypilot-aws/p4d.24xlarge"`. Used in saved state and URLs.
    pub id: &'static str,
    /// Provider display name, e.g. `"AWS"`, `"Alibaba Cloud"`, `"AutoDL"`.
    pub provider: &'static str,
    /// The provider's instance type or plan name (for per-card marketplaces, the card name).
    pub instance_type: &'static str,
    /// GPU model as the source names it, e.g. `"A100-80GB"`, `"RTX 4090"`.
    pub gpu_model: &'static str,
    /// GPUs per instance (at least 1; fractional vGPU slices are not in the catalog).
    pub gpu_count: u32,
    /// Memory per GPU in GiB: the canonical model's nominal size from the GPU spec table
    /// ([`gpus::GPU_SPECS`]) when the model is known (the source's own figure, often the
    /// slightly smaller usable memory, is in [`OfferDetails::source_gpu_memory_gib`]), else
    /// the source's figure when it states one.
    pub gpu_memory_gib: Option<f64>,
    /// vCPUs per instance, when stated.
    pub vcpus: Option<f64>,
    /// Host RAM per instance in GiB, when stated.
    pub ram_gib: Option<f64>,
    /// Region (or location) of the listing the price comes from.
    pub region: &'static str,
    /// Number of regions/zones/hosts the source lists this instance type in (at least 1).
    pub listings: u32,
    /// On-demand price per instance-hour, in `currency`: finite and positive; `None` when the
    /// offer is **not sold on demand** (Google a3-highgpu-1g/2g/4g, AWS p5e and trn2 are sold
    /// only as spot, Flex-start or Capacity Blocks): such an offer is kept out of on-demand
    /// totals and rankings, and its other prices are in [`spot_per_hour`](Self::spot_per_hour)
    /// and [`OfferDetails::terms`].
    pub on_demand_per_hour: Option<f64>,
    /// Spot / preemptible price per instance-hour in `currency` for the same listing, if any.
    pub spot_per_hour: Option<f64>,
    /// Native currency of the prices.
    pub currency: Currency,
    /// Billing granularity and minimum charge for on-demand time.
    pub billing: Billing,
    /// Index into [`SOURCES`].
    pub source: usize,
    /// Offer-specific caveat (derived figures, ranges, anomalies); empty when none.
    pub note: &'static str,
}

impl Offer {
    /// On-demand price per GPU-hour in the native currency: `on_demand_per_hour / gpu_count`.
    /// `None` when the offer is not sold on demand, or when `gpu_count` is 0 (never in the
    /// bundled catalog, but possible for user data).
    ///
    /// Example: p3.16xlarge at 24.48/h with 8 GPUs is 3.06 per GPU-hour (docs/cost-model.md, "Units").
    #[must_use]
    pub fn on_demand_per_gpu_hour(&self) -> Option<f64> {
        let price = self.on_demand_per_hour?;
        (self.gpu_count > 0).then(|| price / f64::from(self.gpu_count))
    }

    /// Whether the offer is sold on demand (has an on-demand price).
    #[must_use]
    pub fn sold_on_demand(&self) -> bool {
        self.on_demand_per_hour.is_some()
    }

    /// Total GPU memory per instance in GiB (`gpu_count × gpu_memory_gib`), when known.
    #[must_use]
    pub fn total_gpu_memory_gib(&self) -> Option<f64> {
        self.gpu_memory_gib.map(|m| m * f64::from(self.gpu_count))
    }

    /// The source this bundled offer's prices come from. An imported offer's source travels
    /// with it ([`query::Catalog::source`], [`query::ResolvedOffer`]); for it, as for any index
    /// in no table, this is a placeholder, never a panic.
    #[must_use]
    pub fn source(&self) -> &'static Source {
        source_at(self.source)
    }
}

/// The bundled source at index `i` of [`SOURCES`] (an offer's or a [`PriceTerm`]'s
/// `source`); a placeholder for an index past it, never a panic.
#[must_use]
pub fn source_at(i: usize) -> &'static Source {
    // Bundled offers and their price terms index SOURCES (checked by catalog::validation).
    SOURCES.get(i).unwrap_or(&UNKNOWN_SOURCE)
}

/// The rule used when a source lists one instance type at several prices (regions, zones,
/// hosts). Shown in the UI next to the offer table.
pub const AGGREGATION_RULE: &str =
    "one row per instance type: the cheapest on-demand listing across the source's regions, zones or hosts (its region is shown); for Alibaba Cloud, Tencent Cloud and AWS China the cheapest mainland-China listing, with the cheapest listing elsewhere shown beside it";

/// What kind of business sells an offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProviderKind {
    /// A general-purpose cloud (AWS, Azure, Google Cloud, Alibaba Cloud, Tencent Cloud).
    Hyperscaler,
    /// A cloud specialised in GPUs (Lambda, RunPod, CoreWeave, …).
    GpuCloud,
    /// A marketplace of third-party hosts (Vast.ai, AutoDL, TensorDock, Salad): per-host offers, no redundancy.
    Marketplace,
}

impl ProviderKind {
    /// Every kind, in display order.
    pub const ALL: [ProviderKind; 3] = [
        ProviderKind::Hyperscaler,
        ProviderKind::GpuCloud,
        ProviderKind::Marketplace,
    ];

    /// Lower-case label used on screen and in exports: `"hyperscaler"`, `"gpu-cloud"`,
    /// `"marketplace"`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ProviderKind::Hyperscaler => "hyperscaler",
            ProviderKind::GpuCloud => "gpu-cloud",
            ProviderKind::Marketplace => "marketplace",
        }
    }

    /// Parses a [`label`](Self::label) (case-insensitive; `"gpu cloud"` also accepted).
    #[must_use]
    pub fn from_label(label: &str) -> Option<ProviderKind> {
        let l = label.trim().to_ascii_lowercase().replace(' ', "-");
        ProviderKind::ALL.into_iter().find(|k| k.label() == l)
    }
}

/// The raw spread of one price over the listings aggregated into an offer, per instance-hour in
/// the offer's currency: cheapest, median (mean of the middle two for an even count), dearest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// Cheapest listing.
    pub min: f64,
    /// Median listing.
    pub median: f64,
    /// Dearest listing.
    pub max: f64,
}

/// How a committed-use (reserved) term is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payment {
    /// Nothing upfront; the recurring rate is billed every month of the term.
    NoUpfront,
    /// Part upfront, the rest as a recurring rate.
    PartialUpfront,
    /// Everything upfront; no recurring rate.
    AllUpfront,
}

impl Payment {
    /// Label: `"no upfront"`, `"partial upfront"`, `"all upfront"`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Payment::NoUpfront => "no upfront",
            Payment::PartialUpfront => "partial upfront",
            Payment::AllUpfront => "all upfront",
        }
    }
}

/// A committed-use / reserved price of an offer (docs/cost-model.md, "Billing modes", reserved).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Commitment {
    /// Term in months (12 or 36 in the bundled catalog).
    pub term_months: u32,
    /// Payment option.
    pub payment: Payment,
    /// Amount paid upfront per instance, in the offer's currency.
    pub upfront: f64,
    /// Recurring price per instance-hour, in the offer's currency.
    pub per_hour: f64,
}

impl Commitment {
    /// Effective price per instance-hour over the whole term: `per_hour + upfront / term hours`,
    /// with 730 hours per month (docs/cost-model.md: on-demand 40.00/h vs 105,120 upfront + 20.00/h
    /// for 12 months is 32.00/h).
    #[must_use]
    pub fn effective_per_hour(&self) -> f64 {
        let hours = f64::from(self.term_months) * planner_engine::HOURS_PER_MONTH_730;
        if hours > 0.0 {
            // The engine's rule, so the catalog's tooltips and warnings agree with the plans.
            planner_engine::billing::ReservedTerm {
                term_months: self.term_months,
                upfront: self.upfront,
                recurring_per_hour: self.per_hour,
            }
            .effective_per_hour(hours)
        } else {
            self.per_hour
        }
    }
}

/// Everything the catalog knows about an offer beyond [`Offer`]: provider kind, the source's GPU
/// spelling, interconnect, price spreads, regions, committed-use and monthly prices. Kept
/// beside `Offer` (rather than in it) so existing code that builds `Offer` values still compiles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OfferDetails {
    /// What kind of business sells the offer.
    pub provider_kind: ProviderKind,
    /// The GPU name as the source spells it (the offer's `gpu_model` is the canonical name).
    pub source_gpu_name: &'static str,
    /// Interconnect where known: `"NVLink (SXM)"`, `"PCIe"`, `"NVLink bridge (NVL)"`; `""` if not.
    pub interconnect: &'static str,
    /// Total GPU memory per instance in GiB as the source states it (only kept when it equals
    /// GPU count × per-GPU memory).
    pub gpu_memory_total_gib: Option<f64>,
    /// Memory per GPU in GiB as the source (or imported file) reports it, when it differs from
    /// the canonical model's nominal size in [`Offer::gpu_memory_gib`] (drivers report usable
    /// memory: 140.40 GiB for a 141 GB H200, 44.99 for a 48 GB L40S); `None` when equal.
    pub source_gpu_memory_gib: Option<f64>,
    /// Spread of the on-demand price per instance-hour over the listings; `None` when the
    /// offer is not sold on demand.
    pub on_demand_spread: Option<Spread>,
    /// Spread of the spot price per instance-hour over the listings that have one.
    pub spot_spread: Option<Spread>,
    /// Listings with a spot price.
    pub spot_listings: u32,
    /// Every region the listings name, sorted; empty when the source names none.
    pub regions: &'static [&'static str],
    /// Reserved and committed-use terms the engine can price ([`Commitment`]: term, payment,
    /// upfront, recurring rate), taken from [`terms`](Self::terms) where the source gives the
    /// payment split.
    pub commitments: &'static [Commitment],
    /// Monthly package or subscription (包月) price per instance-month, from
    /// [`terms`](Self::terms), when one is listed.
    pub monthly_per_month: Option<f64>,
    /// Every price of the offer other than its on-demand headline and cheapest spot price:
    /// reserved and committed terms, savings plans, subscriptions and packages, Capacity
    /// Blocks; each with its region and its own source (which may differ from the offer's).
    pub terms: &'static [PriceTerm],
    /// Index into [`SOURCES`] of the source of the cheapest spot price, when it is not the
    /// offer's own source; `None` otherwise.
    pub spot_source: Option<usize>,
    /// For a headline chosen among mainland-China listings (Alibaba Cloud, Tencent Cloud, AWS
    /// China): the cheapest on-demand listing outside the mainland, (price per instance-hour,
    /// region); `None` otherwise.
    pub cheapest_elsewhere: Option<(f64, &'static str)>,
    /// The marketplace the offer is bought through when it resells another cloud (Shadeform,
    /// Prime Intellect): its prices are the marketplace's; `""` when bought from the provider.
    pub sold_via: &'static str,
}

mod data {
    use super::{BillingMode, BillingRule, Gap, GapKind, Source};
    include!(concat!(env!("OUT_DIR"), "/catalog_data.rs"));
}

/// Details of every bundled offer, index-aligned with [`OFFERS`] (a slice, through `Deref`).
pub static OFFER_DETAILS: &BundledDetails = &BundledDetails;

/// Offers the ingest built but then dropped, with the reason: `(offer id, reason)`.
pub static DROPPED: &[(&str, &str)] = data::DROPPED;

/// Offers replaced by a newer source's offer for the same thing: `(old id, id of the offer that
/// replaces it)`, in the ingest's order (429 pairs in the second-edition catalog).
/// [`offer_by_id`] follows it, so saved scenarios and share links that name an old id open the
/// current offer. Read from one build-time text (`old\tnew` per line) rather than a static
/// slice of pairs, whose pointers cost about 3 KB gzip of the wasm bundle.
pub fn superseded() -> impl Iterator<Item = (&'static str, &'static str)> {
    data::SUPERSEDED_TEXT
        .split('\n')
        .filter_map(|line| line.split_once('\t'))
}

/// How each provider bills time, with the source of the rule (providers without one are not
/// listed: their billing is not stated).
pub static BILLING_RULES: &[BillingRule] = data::BILLING_RULES;

/// Billing modes a provider sells for which no price could be read here, per provider.
pub static GAPS: &[Gap] = data::GAPS;

/// Index of a bundled offer in [`OFFERS`] by id (binary search over the positions of
/// [`OFFERS`] sorted by id, built on first use: a build-time table of them was 909 `u16`s of
/// nearly incompressible data in the wasm, about 1.5 KB gzip, and sorting 909 ids takes well
/// under a millisecond).
#[must_use]
pub fn offer_index(id: &str) -> Option<usize> {
    static BY_ID: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    let by_id = BY_ID.get_or_init(|| {
        let mut order: Vec<usize> = (0..OFFERS.len()).collect();
        // Every position is below `OFFERS.len()`, so the indexing cannot fail.
        planner_engine::sort::sort_by(&mut order, &|&a: &usize, &b: &usize| {
            OFFERS[a].id.cmp(OFFERS[b].id)
        });
        order
    });
    let pos = by_id
        .binary_search_by(|&i| OFFERS.get(i).map_or("", |o| o.id).cmp(id))
        .ok()?;
    by_id.get(pos).copied()
}

/// Every source the catalog was built from, indexed by [`Offer::source`].
pub static SOURCES: &[Source] = data::SOURCES;

/// Every offer in the bundled catalog, sorted by provider, then on-demand price per GPU-hour.
/// Use it as a `&'static [Offer]` (it dereferences to one and iterates like one).
pub static OFFERS: &BundledOffers = &BundledOffers;

/// The bundled offers and their details, decoded once, on first use, from the compact text
/// `build.rs` generates ([`decode`]).
fn bundled() -> &'static (Vec<Offer>, Vec<OfferDetails>) {
    static DECODED: std::sync::OnceLock<(Vec<Offer>, Vec<OfferDetails>)> =
        std::sync::OnceLock::new();
    DECODED.get_or_init(|| decode::decode_offers(data::OFFER_TEXT))
}

/// The type of [`OFFERS`]: dereferences to the bundled `[Offer]` slice.
#[derive(Debug)]
pub struct BundledOffers;

impl std::ops::Deref for BundledOffers {
    type Target = [Offer];
    fn deref(&self) -> &[Offer] {
        &bundled().0
    }
}

impl IntoIterator for &'static BundledOffers {
    type Item = &'static Offer;
    type IntoIter = std::slice::Iter<'static, Offer>;
    fn into_iter(self) -> Self::IntoIter {
        bundled().0.iter()
    }
}

/// The type of [`OFFER_DETAILS`]: dereferences to the bundled `[OfferDetails]` slice.
#[derive(Debug)]
pub struct BundledDetails;

impl std::ops::Deref for BundledDetails {
    type Target = [OfferDetails];
    fn deref(&self) -> &[OfferDetails] {
        &bundled().1
    }
}

/// Number of source rows read at build time but not made into offers (no or non-positive
/// on-demand price, fractional vGPU slices, non-GPU accelerators, monthly or storage rows, …;
/// the rules are in the module docs of `src/catalog/ingest/`).
pub static SKIPPED_ROWS: usize = data::SKIPPED_ROWS;

/// Looks a bundled offer up by its [`Offer::id`], following an id the catalog replaced
/// ([`superseded`], [`RENAMED_ID_PREFIXES`]) to the offer that replaces it (with the user's
/// imported offers too: [`query::Catalog::offer_by_id`]).
#[must_use]
pub fn offer_by_id(id: &str) -> Option<&'static Offer> {
    offer_index(id)
        .and_then(|i| OFFERS.get(i))
        .or_else(|| {
            let (_, new) = superseded().find(|&(old, _)| old == id)?;
            offer_index(new).and_then(|i| OFFERS.get(i))
        })
        .or_else(|| {
            let (old, new) = RENAMED_ID_PREFIXES
                .iter()
                .find(|(old, _)| id.starts_with(old))?;
            let renamed = format!("{new}{}", &id[old.len()..]);
            offer_index(&renamed).and_then(|i| OFFERS.get(i))
        })
}

/// Id prefixes of sources replaced by newer sources that sell the same instance types under
/// the same names: `(old prefix, new prefix)`. Saved scenarios and share links that name an
/// old id open the current offer ([`offer_by_id`]).
pub const RENAMED_ID_PREFIXES: &[(&str, &str)] = &[
    // SkyPilot's US-only v6 Azure file, replaced by the Retail Prices API sources.
    ("skypilot-azure/", "azure/"),
];

/// [`offer_by_id`], but ignoring case when the exact id is not found (`SkyPilot-AWS/P4d.24xlarge`
/// finds `skypilot-aws/p4d.24xlarge`), so hand-typed ids in scenario files work.
#[must_use]
pub fn offer_by_id_ignore_case(id: &str) -> Option<&'static Offer> {
    offer_by_id(id).or_else(|| OFFERS.iter().find(|o| o.id.eq_ignore_ascii_case(id)))
}

/// The [`OfferDetails`] of a bundled offer, found by id (of an imported one:
/// [`query::Catalog::details`]).
#[must_use]
pub fn details(offer: &Offer) -> Option<&'static OfferDetails> {
    offer_index(offer.id).and_then(|i| OFFER_DETAILS.get(i))
}

/// A bundled offer's day, week, month and year package prices per instance (包日/包周/包月/包年,
/// in the offer's currency) from its [`OfferDetails::terms`]: the package and subscription
/// terms priced per period of exactly 1 day, 7 days, 1 month or 12 months, the lowest price of
/// each period over the regions listed (as the headline on-demand price is the cheapest
/// listing). `None` when the offer has none, or is not the bundled offer of its id (an
/// imported offer). Other periods (共绩's 30-day package, a 3-month term) are not mapped: the
/// packages model's month is the plan's month in whole days. Feeds the packages model's
/// defaults ([`crate::option::OptionInput::on`]; docs/cost-model.md, "Packages").
#[must_use]
pub fn package_prices(offer: &Offer) -> Option<planner_engine::packages::Packages> {
    let i = offer_index(offer.id).filter(|&i| std::ptr::eq(&OFFERS[i], offer))?;
    let mut p = planner_engine::packages::Packages::default();
    for t in OFFER_DETAILS.get(i)?.terms {
        let periodic = matches!(t.mode, BillingMode::Package | BillingMode::Subscription)
            && t.basis == PriceBasis::PerPeriod
            && t.price.is_finite()
            && t.price > 0.0;
        if !periodic {
            continue;
        }
        let slot = match t.term {
            Term::Days(1) => &mut p.per_day,
            Term::Days(7) => &mut p.per_week,
            Term::Months(1) => &mut p.per_month,
            Term::Months(12) => &mut p.per_year,
            _ => continue,
        };
        *slot = Some(slot.map_or(t.price, |v: f64| v.min(t.price)));
    }
    (p != planner_engine::packages::Packages::default()).then_some(p)
}

/// On-demand price per dense 16-bit TFLOPS-hour, in the offer's currency: price per GPU-hour ÷
/// the GPU's dense BF16 (else FP16) Tensor TFLOPS ([`gpus::GpuSpec::work_tflops`]). `None` when
/// the GPU has no such figure in the spec table or the offer is not sold on demand. A100 80GB
/// SXM at 3.20 per GPU-hour and 312 TFLOPS: 0.010256… per TFLOPS-hour.
#[must_use]
pub fn price_per_tflops_hour(offer: &Offer) -> Option<f64> {
    let tflops = spec(offer)?.work_tflops()?;
    Some(offer.on_demand_per_gpu_hour()? / tflops)
}

/// On-demand price per A100-80GB-equivalent GPU-hour ([`gpus::REFERENCE_MODEL`], dense BF16):
/// price per GPU-hour × reference TFLOPS ÷ this GPU's TFLOPS. An H100 SXM (989.5 TFLOPS) at
/// 6.00 per GPU-hour is 6.00 × 312 / 989.5 = 1.8919… per A100-equivalent hour. `None` when the
/// GPU's throughput is not in the spec table.
#[must_use]
pub fn price_per_reference_gpu_hour(offer: &Offer) -> Option<f64> {
    let reference = gpus::spec_by_model(gpus::REFERENCE_MODEL)?.work_tflops()?;
    Some(price_per_tflops_hour(offer)? * reference)
}

/// The commitment a price term gives the engine (reserved and committed-use terms in months
/// whose payment split is known), as in [`OfferDetails::commitments`]; `None` for the others.
#[must_use]
pub fn term_commitment(term: &PriceTerm) -> Option<Commitment> {
    decode::commitment(term)
}

/// Dense 16-bit throughput of the offer's GPU in TFLOPS ([`gpus::GpuSpec::work_tflops`]).
/// `None` marks an offer with **no throughput figure**: its spec row (data/gpu-specs.csv) has
/// no dense BF16/FP16 figure, so no speed can be derived for it (job mode then asks for the
/// option's throughput instead of assuming the reference GPU's).
#[must_use]
pub fn throughput_tflops(offer: &Offer) -> Option<f64> {
    spec(offer)?.work_tflops()
}

/// The GPU spec row of an offer's canonical `gpu_model`, if it is in [`gpus::GPU_SPECS`].
#[must_use]
pub fn spec(offer: &Offer) -> Option<&'static gpus::GpuSpec> {
    gpus::spec_by_model(offer.gpu_model)
}

/// Sorted, de-duplicated provider names in the catalog.
#[must_use]
pub fn providers() -> Vec<&'static str> {
    let mut p: Vec<&'static str> = OFFERS.iter().map(|o| o.provider).collect();
    planner_engine::sort::sort_by_cached_key(&mut p, |p| (p.to_ascii_lowercase(), *p));
    p.dedup();
    p
}

/// Words that name a vendor, product line, form factor or edition rather than the GPU itself.
const GPU_NOISE_WORDS: [&str; 19] = [
    "NVIDIA",
    "TESLA",
    "GEFORCE",
    "AMD",
    "INTEL",
    "HGX",
    "SXM",
    "SXM4",
    "SXM5",
    "PCIE",
    "NVLINK",
    "BLACKWELL",
    "SERVER",
    "EDITION",
    "ADA",
    "GPU",
    "WITH",
    "WS",
    "WORKSTATION",
];

/// The words of a GPU model name that identify the GPU, in their original spelling: the part
/// before `*` or `(` (`"A10*1"`, `"A100 (80.0 GB)"`), split at non-alphanumerics, without vendor,
/// form-factor and memory words (`"80GB"`, `"80G"`, `"80 GB"`), and without the `RTX` of the
/// professional A-series (`"RTX A6000"` is the A6000). A trailing `WS` glued to a model number
/// (`"RTXPRO6000WS"`) is dropped like the separate word.
fn gpu_words(model: &str) -> Vec<&str> {
    let head = model.split(['*', '(']).next().unwrap_or(model);
    let tokens: Vec<&str> = head
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .collect();
    let upper = |t: &str| t.to_ascii_uppercase();
    let is_memory = |t: &str| {
        let t = upper(t);
        let digits = t.trim_end_matches("GB").trim_end_matches('G');
        digits.len() < t.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let mut words = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let u = upper(t);
        let next = tokens.get(i + 1).map(|n| upper(n)).unwrap_or_default();
        let memory_number = next == "GB" && t.chars().all(|c| c.is_ascii_digit());
        let a_series_rtx = u == "RTX"
            && next.starts_with('A')
            && next[1..].chars().next().is_some_and(|c| c.is_ascii_digit());
        if GPU_NOISE_WORDS.contains(&u.as_str())
            || is_memory(t)
            || u == "GB"
            || memory_number
            || a_series_rtx
        {
            continue;
        }
        let glued_ws = u.len() > 2
            && u.ends_with("WS")
            && u[..u.len() - 2].ends_with(|c: char| c.is_ascii_digit());
        words.push(if glued_ws { &t[..t.len() - 2] } else { t });
    }
    if words.is_empty() {
        tokens
    } else {
        words
    }
}

/// The GPU family of a model name as sources spell it, so that one GPU is one filter entry:
/// the [identifying words](gpu_words) upper-cased and run together.
/// `"NVIDIA A100 SXM (80.0 GB)"`, `"A100-80GB"` and `"A100 80G"` all give `"A100"`;
/// `"RTX 4090"` and `"RTX4090"` give `"RTX4090"`; `"A10*1"` (a whole A10) gives `"A10"`.
/// Memory variants share a family on purpose: the table shows memory per GPU and sorts by it.
#[must_use]
pub fn gpu_family(model: &str) -> String {
    gpu_words(model).concat().to_ascii_uppercase()
}

/// The [identifying words](gpu_words) of a model name as a readable label: separated by a
/// space, or by `-` where the source wrote the two words with only a hyphen between them, so
/// `"Gaudi HL-205"` stays `"Gaudi HL-205"` (not `"Gaudi HL 205"`) and `"RTX 4090"` stays
/// `"RTX 4090"`.
fn gpu_label(model: &str) -> String {
    let words = gpu_words(model);
    // Each word is a slice of `model`: its offset tells what stood between it and the last one.
    let offset = |w: &str| w.as_ptr() as usize - model.as_ptr() as usize;
    let mut label = String::new();
    let mut end = None;
    for w in words {
        let start = offset(w);
        if let Some(end) = end {
            label.push(if model.get(end..start) == Some("-") {
                '-'
            } else {
                ' '
            });
        }
        label.push_str(w);
        end = Some(start + w.len());
    }
    label
}

/// One entry of the GPU filter: a [`gpu_family`] key, a readable label and the offer count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuFamily {
    /// The family key ([`gpu_family`] of each member's model name).
    pub key: String,
    /// The identifying words of the member spelling with the most words (then the most common),
    /// e.g. `"RTX 4090"`, `"A100"`; no memory size, since the family spans memory variants.
    pub label: String,
    /// Offers in the family.
    pub offers: usize,
}

/// GPU families in the catalog, sorted by label (case-insensitive). Computed once (the
/// bundled catalog does not change; the page's offer table and decision helper both ask for it
/// while the page starts) and cloned.
#[must_use]
pub fn gpu_families() -> Vec<GpuFamily> {
    static FAMILIES: std::sync::OnceLock<Vec<GpuFamily>> = std::sync::OnceLock::new();
    FAMILIES.get_or_init(compute_gpu_families).clone()
}

/// [`gpu_families`], computed.
fn compute_gpu_families() -> Vec<GpuFamily> {
    let mut by_key: std::collections::BTreeMap<String, Vec<String>> =
        std::collections::BTreeMap::new();
    for o in OFFERS {
        by_key
            .entry(gpu_family(o.gpu_model))
            .or_default()
            .push(gpu_label(o.gpu_model));
    }
    let mut out: Vec<GpuFamily> = by_key
        .into_iter()
        .map(|(key, mut labels)| {
            let offers = labels.len();
            planner_engine::sort::sort_by(&mut labels, &Ord::cmp);
            // Sorted, so equal spellings are adjacent: each distinct spelling with its count, in
            // one pass (a family can have a hundred offers).
            let mut spellings: Vec<(&String, usize)> = Vec::new();
            for l in &labels {
                match spellings.last_mut() {
                    Some((last, n)) if *last == l => *n += 1,
                    _ => spellings.push((l, 1)),
                }
            }
            let label = spellings
                .into_iter()
                .max_by_key(|&(l, n)| (l.matches([' ', '-']).count(), n, std::cmp::Reverse(l)))
                .map(|(l, _)| l.clone())
                .unwrap_or_else(|| key.clone());
            GpuFamily { key, label, offers }
        })
        .collect();
    planner_engine::sort::sort_by_cached_key(&mut out, |f| f.label.to_ascii_lowercase());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(as_of: &'static str) -> Source {
        Source {
            id: "t",
            reference: "",
            as_of,
            as_of_exact: true,
            licence: "",
            note: "",
        }
    }

    fn offer(gpu_count: u32, on_demand_per_hour: f64) -> Offer {
        Offer {
            id: "test/x",
            provider: "Test",
            instance_type: "x",
            gpu_model: "A100",
            gpu_count,
            gpu_memory_gib: Some(80.0),
            vcpus: None,
            ram_gib: None,
            region: "r",
            listings: 1,
            on_demand_per_hour: Some(on_demand_per_hour),
            spot_per_hour: None,
            currency: Currency::Usd,
            billing: Billing::UNSTATED,
            source: 0,
            note: "",
        }
    }

    #[test]
    fn per_gpu_hour_of_p3_16xlarge() {
        let p3 = offer(8, 24.48);
        assert!((p3.on_demand_per_gpu_hour().unwrap() - 3.06).abs() <= 1e-12);
        assert_eq!(offer(0, 2.0).on_demand_per_gpu_hour(), None);
        assert_eq!(p3.label(), "Test x (8× A100)");
    }

    #[test]
    fn gpu_spellings_fall_into_one_family() {
        for (a, b) in [
            ("A100", "NVIDIA A100 SXM (80.0 GB)"),
            ("A100", "A100-80GB"),
            ("A100", "A100 80G"),
            ("A100", "A100 40GB"),
            ("RTX 4090", "RTX4090"),
            (
                "RTX PRO 6000",
                "NVIDIA RTX PRO 6000 Blackwell Server Edition",
            ),
            ("RTX PRO 6000", "RTX-PRO-6000"),
            ("RTX PRO 6000", "RTXPRO6000"),
            ("A10", "A10*1"),
            ("V100", "Tesla V100"),
            ("V100", "V100-32GB"),
            ("H100", "H100-NVLINK"),
            ("MI300X", "AMD Mi300X"),
            ("A6000", "RTX A6000"),
            ("RTX 5880", "RTX 5880 Ada"),
            ("RTX PRO 6000", "RTXPRO6000WS"),
            ("L40S", "L40S GPU with AMD"),
            ("L40S", "L40S GPU with Intel"),
        ] {
            assert_eq!(gpu_family(a), gpu_family(b), "{a} vs {b}");
        }
        for (a, b) in [
            ("A10", "A100"),
            ("RTX 4090", "RTX 4090D"),
            ("L4", "L40S"),
            ("H100", "H200"),
        ] {
            assert_ne!(gpu_family(a), gpu_family(b), "{a} vs {b}");
        }
    }

    #[test]
    fn gpu_labels_keep_the_sources_hyphens_between_words() {
        assert_eq!(gpu_label("Gaudi HL-205"), "Gaudi HL-205");
        assert_eq!(gpu_label("Intel Gaudi HL-205 (32 GB)"), "Gaudi HL-205");
        assert_eq!(gpu_label("RTX 4090"), "RTX 4090");
        assert_eq!(gpu_label("A100-80GB"), "A100");
        assert_eq!(gpu_label("RTX-A6000"), "A6000");
        assert_eq!(gpu_label("H100 - SXM"), "H100");
        // Words with more than a hyphen between them are separated by a space.
        assert_eq!(gpu_label("Tesla V100 -- 16 GB"), "V100");
        let families = gpu_families();
        let hyphenated: Vec<&str> = families
            .iter()
            .map(|f| f.label.as_str())
            .filter(|l| l.contains('-'))
            .collect();
        assert!(
            !hyphenated.is_empty(),
            "the catalog has hyphenated GPU names"
        );
        for f in &families {
            assert_eq!(
                gpu_family(&f.label),
                f.key,
                "{}: the label names its family",
                f.label
            );
        }
    }

    #[test]
    fn gpu_families_cover_every_offer_once() {
        let families = gpu_families();
        assert_eq!(
            families.iter().map(|f| f.offers).sum::<usize>(),
            OFFERS.len()
        );
        let a100 = families
            .iter()
            .find(|f| f.key == "A100")
            .expect("A100 family");
        assert_eq!(a100.label, "A100");
        assert!(a100.offers > 20, "{}", a100.offers);
        assert!(families.iter().any(|f| f.label == "RTX 4090"));
    }

    #[test]
    fn staleness_counts_whole_months() {
        let today = (2026, 11);
        assert_eq!(source("2026-07-30").age_months(today), Some(4));
        assert!(!source("2026-07-30").is_stale(today));
        assert!(
            !source("2025-11").is_stale(today),
            "exactly 12 months is not stale yet"
        );
        assert!(source("2025-10-31").is_stale(today));
        assert!(source("2023-06").is_stale(today));
        assert_eq!(source("2027-01").age_months(today), Some(0));
        assert!(source("garbage").is_stale(today));
        assert!(source("2026-13").is_stale(today));
    }

    #[test]
    fn bundled_offers_point_at_dated_sources() {
        // The provider list is checked on the ingest side (ingest::tests).
        assert!(!OFFERS.is_empty());
        assert!(SOURCES
            .iter()
            .all(|s| s.as_of_year_month().is_some() || s.as_of == DATE_UNKNOWN));
        assert!(OFFERS.iter().all(|o| o.source < SOURCES.len()));
        let old = OFFERS
            .iter()
            .filter(|o| o.source().is_stale((2026, 11)))
            .count();
        assert!(old > 0, "the 2023 Alibaba list prices are stale");
    }
}
