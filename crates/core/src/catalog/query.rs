//! Querying the catalog: the catalog as the page sees it ([`Catalog`]: the bundled offers and
//! the user's imported ones, a value passed where offers are looked up), an offer resolved with
//! its source ([`ResolvedOffer`]), the offer table's filter (provider, GPU family, memory, GPU
//! count, region, billing mode, free text in any language the aliases know) and sort orders, and an offer's
//! label. Prices are compared after conversion to the display currency, so CNY and USD offers
//! interleave correctly (docs/cost-model.md, "Currency").

use super::user::{Imported, ImportedOffer};
use super::{
    aliases, gpu_family, price_per_reference_gpu_hour, Offer, OfferDetails, Source, OFFERS,
};
use planner_engine::{Currency, ExchangeRate};
use std::ops::Index;

impl Offer {
    /// Label of an offer in legends, tables and exports: `"AWS p4d.24xlarge (8× A100)"`
    /// (provider, instance type, GPUs per instance × GPU model).
    #[must_use]
    pub fn label(&self) -> String {
        format!(
            "{} {} ({}× {})",
            self.provider, self.instance_type, self.gpu_count, self.gpu_model
        )
    }
}

/// An offer with the source of its prices: a bundled catalog offer, or one the user imported
/// (whose source is the file it came from). What a scenario's option refers to.
#[derive(Clone, Copy, Debug)]
pub struct ResolvedOffer {
    /// The offer; its prices are per instance-hour in its own currency.
    pub offer: &'static Offer,
    /// Where its prices come from (as-of date, reference).
    pub source: &'static Source,
}

/// Two resolved offers are the same when they are the same offer (the same static or leaked
/// value, so equal ids of a re-imported file's old and new offers never compare equal).
impl PartialEq for ResolvedOffer {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.offer, other.offer)
    }
}

impl ResolvedOffer {
    /// A bundled catalog offer with its source ([`Offer::source`]).
    #[must_use]
    pub fn bundled(offer: &'static Offer) -> ResolvedOffer {
        ResolvedOffer {
            offer,
            source: offer.source(),
        }
    }

    /// Whether the user imported it (else it is a bundled offer).
    #[must_use]
    pub fn is_imported(&self) -> bool {
        super::user::is_user_offer(self.offer)
    }
}

/// The catalog as the page sees it: the bundled offers, then the user's imported ones. A view
/// over an [`Imported`] value the app's state owns, passed wherever an offer is looked up by id
/// or its source and details are needed; [`Catalog::BUNDLED`] has no imported offer (the CLI,
/// the tests, a page before any import).
#[derive(Clone, Copy, Debug)]
pub struct Catalog<'a> {
    imported: &'a [ImportedOffer],
}

impl Catalog<'static> {
    /// The bundled catalog alone.
    pub const BUNDLED: Catalog<'static> = Catalog { imported: &[] };
}

impl<'a> Catalog<'a> {
    /// The bundled catalog and the offers of `imported`.
    #[must_use]
    pub fn new(imported: &'a Imported) -> Catalog<'a> {
        Catalog {
            imported: imported.entries(),
        }
    }

    /// Every offer: the bundled ones in catalog order, then the imported ones in import order.
    pub fn offers(&self) -> impl Iterator<Item = &'static Offer> + 'a {
        OFFERS.iter().chain(self.imported.iter().map(|e| e.offer))
    }

    /// Number of offers, bundled and imported.
    #[must_use]
    pub fn len(&self) -> usize {
        OFFERS.len() + self.imported.len()
    }

    /// Whether there is no offer at all (never: the bundled catalog has offers).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn imported(&self, offer: &Offer) -> Option<&'a ImportedOffer> {
        self.imported.iter().find(|e| e.offer.id == offer.id)
    }

    /// The offer with id `id`: bundled first, then imported.
    #[must_use]
    pub fn offer_by_id(&self, id: &str) -> Option<&'static Offer> {
        super::offer_by_id(id).or_else(|| {
            self.imported
                .iter()
                .find(|e| e.offer.id == id)
                .map(|e| e.offer)
        })
    }

    /// The offer with id `id` ([`Catalog::offer_by_id`], then ignoring case, so hand-typed ids
    /// in scenario files work) with its source.
    #[must_use]
    pub fn resolve(&self, id: &str) -> Option<ResolvedOffer> {
        let offer = self
            .offer_by_id(id)
            .or_else(|| self.offers().find(|o| o.id.eq_ignore_ascii_case(id)))?;
        Some(self.resolved(offer))
    }

    /// `offer` (bundled or imported) with its source.
    #[must_use]
    pub fn resolved(&self, offer: &'static Offer) -> ResolvedOffer {
        ResolvedOffer {
            offer,
            source: self.source(offer),
        }
    }

    /// The source of `offer`'s prices: its bundled source, or for an imported offer the file
    /// it came from (a placeholder for an offer in neither).
    #[must_use]
    pub fn source(&self, offer: &Offer) -> &'static Source {
        match self.imported(offer) {
            Some(e) if super::user::is_user_offer(offer) => e.source,
            _ => offer.source(),
        }
    }

    /// The details of `offer` (bundled or imported).
    #[must_use]
    pub fn details(&self, offer: &Offer) -> Option<&'static OfferDetails> {
        super::details(offer).or_else(|| self.imported(offer).map(|e| e.details))
    }

    /// What the offer table shows of `offer` beside its own fields, found with one look-up:
    /// its source, details, whether its provider kind is known (always for bundled offers, for
    /// imported ones when their file stated it) and the catalog's warnings on `today`
    /// ([`super::validation::warnings_with`]).
    #[must_use]
    pub fn listing(&self, offer: &Offer, today: (i32, u32)) -> Listing {
        let (source, details, kind_stated) = match self.imported(offer) {
            Some(e) if super::user::is_user_offer(offer) => {
                (e.source, Some(e.details), e.kind_stated)
            }
            _ => (offer.source(), super::details(offer), true),
        };
        Listing {
            source,
            details,
            kind_stated,
            warnings: super::validation::warnings_with(offer, details, source, today),
        }
    }
}

/// An offer's source, details and warnings as the offer table shows them
/// ([`Catalog::listing`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// Where its prices come from.
    pub source: &'static Source,
    /// Its details (spreads, regions, commitments), when known.
    pub details: Option<&'static OfferDetails>,
    /// Whether its provider kind is known.
    pub kind_stated: bool,
    /// The catalog's warnings on it.
    pub warnings: Vec<super::validation::Warning>,
}

/// How the offer table is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SortKey {
    /// On-demand price per GPU-hour, cheapest first (converted to the display currency so CNY and
    /// USD offers interleave correctly).
    #[default]
    PricePerGpuHour,
    /// On-demand price per instance-hour, cheapest first (converted).
    PricePerInstanceHour,
    /// GPU memory per GPU, largest first.
    GpuMemory,
    /// Provider name, then instance type.
    Provider,
    /// Cost of the offer all on demand under the current scenario, cheapest first (the app's
    /// `Scenario::offer_totals`; sorted by the offer table, which holds those totals, with
    /// [`sort_by_totals`]; [`filter_offers`] keeps the price-per-GPU-hour order for it).
    ScenarioTotal,
    /// On-demand price per A100-80GB-equivalent GPU-hour (dense BF16 throughput, see
    /// [`price_per_reference_gpu_hour`]), cheapest first (converted); offers whose GPU
    /// has no throughput figure sort last.
    PricePerWork,
}

/// Offer table filter. Empty strings mean "any".
#[derive(Clone, Debug, PartialEq, Default)]
pub struct OfferFilter {
    /// Exact provider name, or empty.
    pub provider: String,
    /// GPU family key ([`gpu_family`]), or empty.
    pub gpu_family: String,
    /// Case-insensitive search: every whitespace-separated word must occur in the provider,
    /// instance type, `"8× A100"`-style GPU text, memory per GPU (`"80gb"`) or region.
    pub text: String,
    /// Sort order.
    pub sort: SortKey,
    /// Least memory per GPU in GiB (offers with less, or unknown, are hidden); 0 means any.
    pub min_gpu_memory_gib: u32,
    /// Exact GPUs per instance; 0 means any.
    pub gpu_count: u32,
    /// Case-insensitive text that the offer's region, or one of its listed regions, must
    /// contain; empty means any.
    pub region: String,
    /// A way the offer must be sold in, or `None` for any: on-demand means an on-demand price,
    /// spot a spot price or a spot term, any other mode a price term of that mode
    /// ([`OfferDetails::terms`]).
    pub billing: Option<super::BillingMode>,
}

/// Whether `offer` (its terms in `details`) is sold in `mode` (see [`OfferFilter::billing`]).
fn sold_in(offer: &Offer, details: Option<&OfferDetails>, mode: super::BillingMode) -> bool {
    let in_terms = || details.is_some_and(|d| d.terms.iter().any(|t| t.mode == mode));
    match mode {
        super::BillingMode::OnDemand => offer.on_demand_per_hour.is_some(),
        super::BillingMode::Spot => offer.spot_per_hour.is_some() || in_terms(),
        _ => in_terms(),
    }
}

/// Bundled offers of `offers` matching `filter`, sorted by its key. Prices are compared after
/// conversion to `display` at `rate` (offers that cannot be converted sort last).
#[must_use]
pub fn filter_offers(
    offers: &'static [Offer],
    filter: &OfferFilter,
    display: Currency,
    rate: ExchangeRate,
) -> Vec<&'static Offer> {
    filter_refs(
        offers.iter().collect(),
        &super::details,
        filter,
        display,
        rate,
    )
}

/// [`filter_offers`] over every offer of `catalog`, the bundled ones and the user's imported
/// ones (their listed regions taken from their own details).
#[must_use]
pub fn filter_catalog(
    catalog: &Catalog<'_>,
    filter: &OfferFilter,
    display: Currency,
    rate: ExchangeRate,
) -> Vec<&'static Offer> {
    filter_refs(
        catalog.offers().collect(),
        &|o| catalog.details(o),
        filter,
        display,
        rate,
    )
}

/// `offers` matching `filter` (regions listed in `details`), sorted by its key.
fn filter_refs(
    offers: Vec<&'static Offer>,
    details: &dyn Fn(&Offer) -> Option<&'static OfferDetails>,
    filter: &OfferFilter,
    display: Currency,
    rate: ExchangeRate,
) -> Vec<&'static Offer> {
    let region = filter.region.trim().to_ascii_lowercase();
    let words: Vec<String> = filter
        .text
        .to_ascii_lowercase()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut out: Vec<&'static Offer> = offers
        .into_iter()
        .filter(|o| filter.provider.is_empty() || o.provider == filter.provider)
        .filter(|o| {
            filter.min_gpu_memory_gib == 0
                || o.gpu_memory_gib
                    .is_some_and(|m| m >= f64::from(filter.min_gpu_memory_gib))
        })
        .filter(|o| filter.gpu_count == 0 || o.gpu_count == filter.gpu_count)
        .filter(|o| filter.billing.is_none_or(|m| sold_in(o, details(o), m)))
        .filter(|o| {
            region.is_empty()
                || aliases::region_matches(&region, o.region)
                || details(o).is_some_and(|d| {
                    d.regions
                        .iter()
                        .any(|r| aliases::region_matches(&region, r))
                })
        })
        .filter(|o| filter.gpu_family.is_empty() || gpu_family(o.gpu_model) == filter.gpu_family)
        .filter(|o| {
            if words.is_empty() {
                return true;
            }
            let haystack = format!(
                "{} {} {}× {} {} {}",
                o.provider,
                o.instance_type,
                o.gpu_count,
                o.gpu_model,
                o.gpu_memory_gib
                    .map(|m| {
                        let m = crate::float_text::shortest(m);
                        format!("{m}gb {m} gb")
                    })
                    .unwrap_or_default(),
                o.region
            )
            .to_ascii_lowercase();
            // Chinese and other names of places and providers (catalog::aliases) count too.
            words.iter().all(|w| {
                aliases::expand(w)
                    .iter()
                    .any(|t| haystack.contains(t.as_str()))
            })
        })
        .collect();
    let price = |o: &Offer, per_gpu: bool| -> f64 {
        let p = if per_gpu {
            o.on_demand_per_gpu_hour()
        } else {
            o.on_demand_per_hour
        };
        p.and_then(|p| rate.convert(p, o.currency, display).ok())
            .unwrap_or(f64::INFINITY)
    };
    match filter.sort {
        SortKey::PricePerGpuHour | SortKey::ScenarioTotal => {
            sort_offers_by(&mut out, &|o| price(o, true));
        }
        SortKey::PricePerInstanceHour => sort_offers_by(&mut out, &|o| price(o, false)),
        // Largest first; offers without a memory figure last.
        SortKey::GpuMemory => sort_offers_by(&mut out, &|o| -o.gpu_memory_gib.unwrap_or(-1.0)),
        SortKey::Provider => planner_engine::sort::sort_by_cached_key(&mut out, |o| {
            (o.provider.to_ascii_lowercase(), o.instance_type)
        }),
        SortKey::PricePerWork => sort_offers_by(&mut out, &|o| {
            price_per_reference_gpu_hour(o)
                .and_then(|p| rate.convert(p, o.currency, display).ok())
                .unwrap_or(f64::INFINITY)
        }),
    }
    out
}

/// Stable sort of offers by a number, ascending (`f64::total_cmp`), through the one
/// shared sort ([`planner_engine::sort`]; docs/performance.md, bundle size).
pub fn sort_offers_by(offers: &mut [&'static Offer], key: &dyn Fn(&Offer) -> f64) {
    planner_engine::sort::sort_by(offers, &|a, b| key(a).total_cmp(&key(b)));
}

/// Sorts `offers` by their scenario total (offer id → total in the display currency, the app's
/// `Scenario::offer_totals`), cheapest first; offers without a total go last, and ties keep
/// their order (stable).
pub fn sort_by_totals(offers: &mut [&'static Offer], totals: &OfferTotals) {
    sort_offers_by(offers, &|o| {
        totals.get(o.id).copied().unwrap_or(f64::INFINITY)
    });
}

/// Offers' scenario totals by offer id (the app's `Scenario::offer_totals`, in the display
/// currency): a map kept as a list sorted by id and searched by bisection. The page reaches no
/// hash map of its own then (a `HashMap<String, f64>` brought its own copy of the hash table's
/// code into the wasm); built from pairs, a repeated id keeps its last total, as a map would.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OfferTotals(Vec<(&'static str, f64)>);

impl OfferTotals {
    /// The total of offer `id`, if it has one.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&f64> {
        let i = self.0.binary_search_by(|(k, _)| (*k).cmp(id)).ok()?;
        Some(&self.0[i].1)
    }

    /// Whether offer `id` has a total.
    #[must_use]
    pub fn contains_key(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// How many offers have a total.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no offer has a total.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The totals, in offer id order.
    pub fn values(&self) -> impl Iterator<Item = &f64> {
        self.0.iter().map(|(_, v)| v)
    }
}

impl FromIterator<(&'static str, f64)> for OfferTotals {
    fn from_iter<I: IntoIterator<Item = (&'static str, f64)>>(pairs: I) -> Self {
        let mut v: Vec<(&'static str, f64)> = pairs.into_iter().collect();
        planner_engine::sort::sort_by(&mut v, &|a, b| a.0.cmp(b.0));
        // Stable sort: of equal ids the last given is last; keep it, as a map would.
        v.dedup_by(|later, earlier| {
            let same = later.0 == earlier.0;
            if same {
                *earlier = *later;
            }
            same
        });
        OfferTotals(v)
    }
}

/// The total of offer `id`; panics if it has none (tests; the page uses [`OfferTotals::get`]).
impl Index<&str> for OfferTotals {
    type Output = f64;

    fn index(&self, id: &str) -> &f64 {
        self.get(id)
            .unwrap_or_else(|| panic!("no scenario total for {id}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::OFFERS;

    #[test]
    fn sorting_by_scenario_total_puts_uncosted_offers_last() {
        let mut offers: Vec<&'static Offer> = OFFERS.iter().take(3).collect();
        let totals = OfferTotals::from_iter([(offers[2].id, 1.0), (offers[0].id, 2.0)]);
        assert_eq!(totals.len(), 2);
        assert_eq!(totals.get(offers[1].id), None);
        let ids = [offers[2].id, offers[0].id, offers[1].id];
        sort_by_totals(&mut offers, &totals);
        assert_eq!(offers.iter().map(|o| o.id).collect::<Vec<_>>(), ids);
    }

    /// Like a map built from the same pairs: a repeated id keeps its last total; lookups by id.
    #[test]
    fn offer_totals_behave_as_a_map() {
        let totals = OfferTotals::from_iter([("b", 1.0), ("a", 2.0), ("b", 3.0), ("c", 4.0)]);
        assert_eq!(totals.len(), 3);
        assert_eq!(totals.get("b"), Some(&3.0));
        assert_eq!(totals["a"], 2.0);
        assert!(totals.contains_key("c") && !totals.contains_key("d"));
        assert_eq!(
            totals.values().copied().collect::<Vec<_>>(),
            [2.0, 3.0, 4.0]
        );
        assert!(OfferTotals::default().is_empty());
    }

    #[test]
    fn memory_count_region_filters_and_work_sort() {
        let f = OfferFilter {
            min_gpu_memory_gib: 80,
            gpu_count: 8,
            region: "US-EAST".into(),
            sort: SortKey::PricePerWork,
            ..OfferFilter::default()
        };
        let rows = filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default());
        assert!(!rows.is_empty());
        for o in &rows {
            assert!(o.gpu_memory_gib.is_some_and(|m| m >= 80.0), "{}", o.id);
            assert_eq!(o.gpu_count, 8, "{}", o.id);
            let d = crate::catalog::details(o).expect("details");
            assert!(
                o.region.contains("us-east") || d.regions.iter().any(|r| r.contains("us-east")),
                "{}",
                o.id
            );
        }
        let work: Vec<f64> = rows
            .iter()
            .map(|o| price_per_reference_gpu_hour(o).unwrap_or(f64::INFINITY))
            .collect();
        assert!(work.windows(2).all(|w| w[0] <= w[1]), "{work:?}");
        // H100 SXM offers have a throughput figure, so they take part in the work sort.
        assert!(rows.iter().any(|o| o.gpu_model == "H100 80GB SXM"));
    }

    #[test]
    fn gpu_family_filter_groups_spellings() {
        let f = OfferFilter {
            gpu_family: "A100".into(),
            ..OfferFilter::default()
        };
        let by_family = filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default());
        assert!(by_family.iter().any(|o| o.gpu_model == "A100 80GB SXM"));
        assert!(by_family.iter().any(|o| o.gpu_model == "A100 40GB PCIe"));
        assert!(by_family
            .iter()
            .all(|o| !o.gpu_model.contains("A10 ") && o.gpu_model != "A10"));
    }

    #[test]
    fn search_matches_every_word_in_any_field() {
        let find = |text: &str| {
            let f = OfferFilter {
                text: text.into(),
                ..OfferFilter::default()
            };
            filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default())
        };
        let lambda_h100 = find("h100 lambda");
        assert!(!lambda_h100.is_empty());
        assert!(lambda_h100
            .iter()
            .all(|o| o.provider == "Lambda" && o.gpu_model.contains("H100")));
        assert!(find("8× a100").iter().all(|o| o.gpu_count == 8));
        assert!(!find("80gb a100").is_empty());
        assert_eq!(find("  ").len(), OFFERS.len());
    }

    #[test]
    fn filter_by_provider_and_sort_by_per_gpu_price() {
        let f = OfferFilter {
            provider: "AWS".into(),
            ..OfferFilter::default()
        };
        let out = filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default());
        assert!(!out.is_empty());
        assert!(out.iter().all(|o| o.provider == "AWS"));
        // Offers not sold on demand (p5e, trn2) sort last.
        let prices: Vec<f64> = out
            .iter()
            .map(|o| o.on_demand_per_gpu_hour().unwrap_or(f64::INFINITY))
            .collect();
        assert!(prices.windows(2).all(|w| w[0] <= w[1]));
        assert!(out.last().is_some_and(|o| !o.sold_on_demand()));
        let none = OfferFilter {
            text: "no-such-gpu-anywhere".into(),
            ..OfferFilter::default()
        };
        assert!(filter_offers(OFFERS, &none, Currency::Usd, ExchangeRate::default()).is_empty());
    }

    #[test]
    fn billing_filter_keeps_offers_sold_that_way() {
        let all = filter_offers(
            OFFERS,
            &OfferFilter::default(),
            Currency::Usd,
            ExchangeRate::default(),
        );
        for mode in [
            super::super::BillingMode::OnDemand,
            super::super::BillingMode::Spot,
            super::super::BillingMode::Reserved,
            super::super::BillingMode::Subscription,
        ] {
            let f = OfferFilter {
                billing: Some(mode),
                ..OfferFilter::default()
            };
            let out = filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default());
            assert!(!out.is_empty(), "{mode:?}: some offers");
            assert!(out.len() < all.len(), "{mode:?}: not every offer");
            assert!(out
                .iter()
                .all(|o| sold_in(o, super::super::details(o), mode)));
            let kept = all
                .iter()
                .filter(|o| sold_in(o, super::super::details(o), mode))
                .count();
            assert_eq!(
                out.len(),
                kept,
                "{mode:?}: every offer sold that way is kept"
            );
        }
        let reserved = OfferFilter {
            billing: Some(super::super::BillingMode::Reserved),
            ..OfferFilter::default()
        };
        let out = filter_offers(OFFERS, &reserved, Currency::Usd, ExchangeRate::default());
        assert!(out
            .iter()
            .all(|o| super::super::details(o).is_some_and(|d| d
                .terms
                .iter()
                .any(|t| t.mode == super::super::BillingMode::Reserved))));
        let on_demand = OfferFilter {
            billing: Some(super::super::BillingMode::OnDemand),
            ..OfferFilter::default()
        };
        let out = filter_offers(OFFERS, &on_demand, Currency::Usd, ExchangeRate::default());
        assert!(out.iter().all(|o| o.on_demand_per_hour.is_some()));
    }
}
