//! The user's own prices, imported from a file ([`super::import`]) and kept for the rest of the
//! page's life beside the bundled catalog, so they can be looked up by id and compared like
//! catalog offers.
//!
//! Imported offers are leaked to `'static` (the catalog's types hold `&'static str`): memory
//! grows by the size of each imported file, which [`super::import::MAX_FILE_BYTES`] bounds, and
//! at most [`MAX_IMPORTED_OFFERS`] offers are kept in all. The registry is per thread (the
//! browser has one).

use super::{Currency, Offer, OfferDetails, Source, Spread, SOURCES};
use std::cell::RefCell;

/// Most imported offers kept in all; an import that would exceed it keeps what fits.
pub const MAX_IMPORTED_OFFERS: usize = 5_000;

/// One imported offer before registration: owned text, prices per instance-hour in `currency`.
#[derive(Clone, Debug, PartialEq)]
pub struct NewOffer {
    /// Provider name as written in the file.
    pub provider: String,
    /// Provider kind, when the file gives a valid one.
    pub provider_kind: Option<super::ProviderKind>,
    /// Instance type or plan name as written.
    pub instance_type: String,
    /// Canonical GPU model when the spelling is in the GPU table, else the file's text.
    pub gpu_model: String,
    /// GPU name as written in the file.
    pub source_gpu_name: String,
    /// GPUs per instance, at least 1.
    pub gpu_count: u32,
    /// Memory per GPU in GiB.
    pub gpu_memory_gib: Option<f64>,
    /// vCPUs per instance.
    pub vcpus: Option<f64>,
    /// Host RAM per instance in GiB.
    pub ram_gib: Option<f64>,
    /// Region as written (may be empty).
    pub region: String,
    /// Native currency.
    pub currency: Currency,
    /// On-demand price per instance-hour, finite and positive.
    pub on_demand_per_hour: f64,
    /// Spot price per instance-hour, when given.
    pub spot_per_hour: Option<f64>,
    /// As-of date as written (`YYYY-MM-DD` or `YYYY-MM`), empty when the file gives none.
    pub as_of: String,
    /// Note as written.
    pub note: String,
    /// 1-based line of the row (CSV) or of the object's start (JSON) in the file.
    pub line: usize,
}

#[derive(Default)]
struct Registry {
    /// Registered offers with their details, in import order.
    offers: Vec<(&'static Offer, &'static OfferDetails)>,
    /// The file name each entry of `offers` was imported from (same order).
    files: Vec<String>,
    /// Ids of imported offers whose file stated a provider kind.
    kind_stated: Vec<&'static str>,
    sources: Vec<&'static Source>,
    imports: usize,
}

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::default());
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Registers the offers of one imported file named `file_name` and returns them, in file
/// order. **Re-importing replaces**: offers imported earlier from a file of the same name
/// (compared exactly) are removed first, so loading a corrected `quote.csv` again does not
/// duplicate its offers (their ids, which name the import number, are no longer found). Each distinct as-of date gets its own [`Source`] whose reference is the file name
/// (marked "your price"). Offer ids are `"user/<import number>/<line>"`, unique for the page's
/// life. Offers beyond [`MAX_IMPORTED_OFFERS`] in all are not registered.
pub fn register(file_name: &str, offers: Vec<NewOffer>) -> Vec<&'static Offer> {
    REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        remove_file(&mut r, file_name);
        r.imports += 1;
        let import = r.imports;
        let mut out = Vec::new();
        let mut sources_here: Vec<(String, usize)> = Vec::new();
        for o in offers {
            if r.offers.len() >= MAX_IMPORTED_OFFERS {
                break;
            }
            let source = match sources_here.iter().find(|(d, _)| *d == o.as_of) {
                Some(&(_, i)) => i,
                None => {
                    let as_of = if o.as_of.is_empty() {
                        "undated".to_string()
                    } else {
                        o.as_of.clone()
                    };
                    let src: &'static Source = Box::leak(Box::new(Source {
                        id: leak(format!("user-{import}")),
                        reference: leak(format!("your price: {file_name}")),
                        as_of: leak(as_of),
                        as_of_exact: o.as_of.len() == 10 && o.as_of != super::DATE_UNKNOWN,
                        licence: "your own data",
                        note: "Imported from your file; not checked against any public source.",
                    }));
                    r.sources.push(src);
                    let i = SOURCES.len() + r.sources.len() - 1;
                    sources_here.push((o.as_of.clone(), i));
                    i
                }
            };
            // Like the bundled catalog: a known model carries its nominal memory, the file's
            // figure is kept in the details when it differs.
            let nominal = super::gpus::spec_by_model(&o.gpu_model).map(|s| s.memory_gib);
            let source_gpu_memory_gib = o
                .gpu_memory_gib
                .filter(|m| nominal.is_some_and(|n| n != *m));
            let gpu_memory_gib = nominal.or(o.gpu_memory_gib);
            let offer: &'static Offer = Box::leak(Box::new(Offer {
                id: leak(format!("user/{import}/{}", o.line)),
                provider: leak(o.provider),
                instance_type: leak(o.instance_type),
                gpu_model: leak(o.gpu_model),
                gpu_count: o.gpu_count,
                gpu_memory_gib,
                vcpus: o.vcpus,
                ram_gib: o.ram_gib,
                region: leak(o.region.clone()),
                listings: 1,
                on_demand_per_hour: Some(o.on_demand_per_hour),
                spot_per_hour: o.spot_per_hour,
                currency: o.currency,
                billing: super::Billing::UNSTATED,
                source,
                note: leak(o.note),
            }));
            let one = |p: f64| Spread {
                min: p,
                median: p,
                max: p,
            };
            let details: &'static OfferDetails = Box::leak(Box::new(OfferDetails {
                // Placeholder when the file states none; see [`kind_stated`].
                provider_kind: o.provider_kind.unwrap_or(super::ProviderKind::GpuCloud),
                source_gpu_name: leak(o.source_gpu_name),
                interconnect: super::gpus::spec_by_model(offer.gpu_model)
                    .map_or("", super::gpus::GpuSpec::interconnect),
                gpu_memory_total_gib: None,
                source_gpu_memory_gib,
                on_demand_spread: Some(one(o.on_demand_per_hour)),
                spot_spread: o.spot_per_hour.map(one),
                spot_listings: u32::from(o.spot_per_hour.is_some()),
                regions: if offer.region.is_empty() {
                    &[]
                } else {
                    Box::leak(Box::new([offer.region]))
                },
                commitments: &[],
                monthly_per_month: None,
                terms: &[],
                spot_source: None,
                cheapest_elsewhere: None,
                sold_via: "",
            }));
            if o.provider_kind.is_some() {
                r.kind_stated.push(offer.id);
            }
            r.offers.push((offer, details));
            r.files.push(file_name.to_string());
            out.push(offer);
        }
        out
    })
}

/// Drops the offers registered from `file_name`.
fn remove_file(r: &mut Registry, file_name: &str) {
    let mut keep = r.files.iter().map(|f| f != file_name);
    let mut removed = Vec::new();
    r.offers.retain(|(o, _)| {
        let k = keep.next().unwrap_or(true);
        if !k {
            removed.push(o.id);
        }
        k
    });
    r.files.retain(|f| f != file_name);
    r.kind_stated.retain(|id| !removed.contains(id));
}

/// Removes every imported offer (for a "Clear imported prices" control); the bundled catalog
/// is untouched. Ids of removed offers are no longer found by [`offer_by_id`] or
/// [`super::offer_by_id`]. Memory leaked for them (see the module note) is not reclaimed.
pub fn clear() {
    REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        r.offers.clear();
        r.files.clear();
        r.kind_stated.clear();
    });
}

/// Every imported offer, in import order.
#[must_use]
pub fn offers() -> Vec<&'static Offer> {
    REGISTRY.with(|r| r.borrow().offers.iter().map(|(o, _)| *o).collect())
}

/// Whether an offer was imported by the user (its id starts with `"user/"`).
#[must_use]
pub fn is_user_offer(offer: &Offer) -> bool {
    offer.id.starts_with("user/")
}

/// Whether the imported offer's file stated its provider kind (when it did not, the details
/// hold [`super::ProviderKind::GpuCloud`] as a placeholder and the UI shows no kind).
#[must_use]
pub fn kind_stated(offer: &Offer) -> bool {
    REGISTRY.with(|r| r.borrow().kind_stated.contains(&offer.id))
}

/// Provider names of the imported offers, de-duplicated, in import order.
#[must_use]
pub fn providers() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for o in offers() {
        if !out.contains(&o.provider) {
            out.push(o.provider);
        }
    }
    out
}

/// An imported offer by id.
#[must_use]
pub fn offer_by_id(id: &str) -> Option<&'static Offer> {
    REGISTRY.with(|r| {
        r.borrow()
            .offers
            .iter()
            .find(|(o, _)| o.id == id)
            .map(|(o, _)| *o)
    })
}

/// The details of an imported offer by id.
#[must_use]
pub fn details(id: &str) -> Option<&'static OfferDetails> {
    REGISTRY.with(|r| {
        r.borrow()
            .offers
            .iter()
            .find(|(o, _)| o.id == id)
            .map(|(_, d)| *d)
    })
}

/// The `i`-th user source (its [`Offer::source`] index minus the bundled source count).
#[must_use]
pub fn source(i: usize) -> Option<&'static Source> {
    REGISTRY.with(|r| r.borrow().sources.get(i).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_offer(line: usize, kind: Option<super::super::ProviderKind>) -> NewOffer {
        NewOffer {
            provider: "Acme".into(),
            provider_kind: kind,
            instance_type: "x".into(),
            gpu_model: "L4".into(),
            source_gpu_name: "L4".into(),
            gpu_count: 2,
            gpu_memory_gib: Some(24.0),
            vcpus: None,
            ram_gib: None,
            region: "eu".into(),
            currency: Currency::Usd,
            on_demand_per_hour: 1.5,
            spot_per_hour: None,
            as_of: if line == 2 {
                "2026-11-01".into()
            } else {
                String::new()
            },
            note: String::new(),
            line,
        }
    }

    #[test]
    fn registered_offers_are_found_with_their_source_and_details() {
        let registered = register(
            "quote.csv",
            vec![
                new_offer(2, Some(super::super::ProviderKind::Marketplace)),
                new_offer(3, None),
            ],
        );
        assert_eq!(registered.len(), 2);
        let a = registered[0];
        assert!(is_user_offer(a));
        assert_eq!(super::super::offer_by_id(a.id).map(|o| o.id), Some(a.id));
        assert_eq!(a.on_demand_per_gpu_hour(), Some(0.75));
        assert_eq!(a.source().reference, "your price: quote.csv");
        assert_eq!(a.source().as_of, "2026-11-01");
        assert!(a.source().as_of_exact);
        assert_eq!(registered[1].source().as_of, "undated");
        assert!(registered[1].source().is_stale((2026, 11)));
        let d = super::super::details(a).expect("details");
        assert_eq!(d.provider_kind, super::super::ProviderKind::Marketplace);
        assert_eq!(d.interconnect, "");
        assert_eq!(d.regions, ["eu"]);
        assert!(kind_stated(a));
        assert!(!kind_stated(registered[1]));
        assert!(providers().contains(&"Acme"));
    }

    #[test]
    fn reimporting_a_file_replaces_its_offers_and_clear_removes_all() {
        // Tests run on their own threads, so this registry starts empty.
        let first = register("prices.csv", vec![new_offer(2, None), new_offer(3, None)]);
        let other = register("other.csv", vec![new_offer(2, None)]);
        assert_eq!(offers().len(), 3);
        let again = register("prices.csv", vec![new_offer(2, None), new_offer(3, None)]);
        assert_eq!(offers().len(), 3, "re-import must not duplicate");
        assert!(offer_by_id(first[0].id).is_none());
        assert!(offer_by_id(again[0].id).is_some());
        assert!(offer_by_id(other[0].id).is_some());
        clear();
        assert!(offers().is_empty());
        assert!(super::super::offer_by_id(again[1].id).is_none());
        assert!(providers().is_empty());
    }
}
