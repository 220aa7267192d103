//! The user's own prices, imported from a file ([`super::import`]): an [`Imported`] value that
//! the app's state owns and passes, inside a [`super::query::Catalog`] (bundled + imported),
//! wherever offers are looked up, so they can be compared like catalog offers. No global or
//! thread-local registry: an imported offer's source and details travel with it.
//!
//! Imported offers are leaked to `'static` (the catalog's types hold `&'static str`): memory
//! grows by the size of each imported file, which [`super::import::MAX_FILE_BYTES`] bounds, and
//! at most [`MAX_IMPORTED_OFFERS`] offers are kept in all.

use super::{Currency, Offer, OfferDetails, Source, Spread, SOURCES};

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

/// One imported offer with what the bundled tables hold for catalog offers: its details, its
/// source (the file, marked "your price", and the file's as-of date) and whether the file stated
/// the provider kind.
#[derive(Clone, Copy, Debug)]
pub struct ImportedOffer {
    /// The offer (id `"user/<import number>/<line>"`).
    pub offer: &'static Offer,
    /// Its details (spreads of one price, its region, no commitments).
    pub details: &'static OfferDetails,
    /// Its source: the file it came from and the date the file gives.
    pub source: &'static Source,
    /// Whether the file stated the provider kind (when it did not, the details hold
    /// [`super::ProviderKind::GpuCloud`] as a placeholder and the UI shows no kind).
    pub kind_stated: bool,
    /// Number of the import it came from (re-importing a file of the same name replaces it).
    import: u32,
}

/// Two entries are the same offer when they are the same leaked offer.
impl PartialEq for ImportedOffer {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.offer, other.offer)
    }
}

/// The user's imported offers, in import order, and the name of the file each import came
/// from. A value: the app's state owns it (the web app keeps it in its reducer's state).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Imported {
    offers: Vec<ImportedOffer>,
    /// File name of each import number still held: `(import number, file name)`.
    files: Vec<(u32, String)>,
    /// Imports so far (numbers the offers' ids and sources).
    imports: u32,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

impl Imported {
    /// Adds the offers of one imported file named `file_name` and returns them, in file order.
    /// **Re-importing replaces**: offers imported earlier from a file of the same name (compared
    /// exactly) are removed first, so loading a corrected `quote.csv` again does not duplicate its
    /// offers (their ids, which name the import number, are no longer found). Each distinct
    /// as-of date gets its own [`Source`] whose reference is the file name (marked "your
    /// price"). Offer ids are `"user/<import number>/<line>"`, unique for the value's life.
    /// Offers beyond [`MAX_IMPORTED_OFFERS`] in all are not added.
    pub fn register(&mut self, file_name: &str, offers: Vec<NewOffer>) -> Vec<&'static Offer> {
        self.remove_file(file_name);
        self.imports += 1;
        let import = self.imports;
        self.files.push((import, file_name.to_string()));
        let mut out = Vec::new();
        let mut sources_here: Vec<(String, &'static Source)> = Vec::new();
        for o in offers {
            if self.offers.len() >= MAX_IMPORTED_OFFERS {
                break;
            }
            let source = match sources_here.iter().find(|(d, _)| *d == o.as_of) {
                Some(&(_, s)) => s,
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
                    sources_here.push((o.as_of.clone(), src));
                    src
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
                // Past the bundled sources: not an index of any table ([`Offer::source`] gives
                // a placeholder); the source travels in the entry ([`ImportedOffer::source`]).
                source: SOURCES.len(),
                note: leak(o.note),
            }));
            let one = |p: f64| Spread {
                min: p,
                median: p,
                max: p,
            };
            let details: &'static OfferDetails = Box::leak(Box::new(OfferDetails {
                // Placeholder when the file states none; see [`ImportedOffer::kind_stated`].
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
            self.offers.push(ImportedOffer {
                offer,
                details,
                source,
                kind_stated: o.provider_kind.is_some(),
                import,
            });
            out.push(offer);
        }
        out
    }

    /// Drops the offers imported from `file_name`.
    fn remove_file(&mut self, file_name: &str) {
        let gone: Vec<u32> = self
            .files
            .iter()
            .filter(|(_, f)| f == file_name)
            .map(|(i, _)| *i)
            .collect();
        self.offers.retain(|o| !gone.contains(&o.import));
        self.files.retain(|(i, _)| !gone.contains(i));
    }

    /// Removes every imported offer (for a "Clear imported prices" control); ids of removed
    /// offers are no longer found. Memory leaked for them (see the module note) is not
    /// reclaimed.
    pub fn clear(&mut self) {
        self.offers.clear();
        self.files.clear();
    }

    /// Every imported offer with its details and source, in import order.
    #[must_use]
    pub fn entries(&self) -> &[ImportedOffer] {
        &self.offers
    }

    /// Number of imported offers.
    #[must_use]
    pub fn len(&self) -> usize {
        self.offers.len()
    }

    /// Whether no offer is imported.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.offers.is_empty()
    }

    /// Provider names of the imported offers, de-duplicated, in import order.
    #[must_use]
    pub fn providers(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for o in &self.offers {
            if !out.contains(&o.offer.provider) {
                out.push(o.offer.provider);
            }
        }
        out
    }

    /// The imported offer with id `id`, with its details and source.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&ImportedOffer> {
        self.offers.iter().find(|o| o.offer.id == id)
    }
}

/// Whether an offer was imported by the user (its id starts with `"user/"`).
#[must_use]
pub fn is_user_offer(offer: &Offer) -> bool {
    offer.id.starts_with("user/")
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
        let mut imported = Imported::default();
        let registered = imported.register(
            "quote.csv",
            vec![
                new_offer(2, Some(super::super::ProviderKind::Marketplace)),
                new_offer(3, None),
            ],
        );
        assert_eq!(registered.len(), 2);
        let a = registered[0];
        assert!(is_user_offer(a));
        let catalog = super::super::query::Catalog::new(&imported);
        assert_eq!(catalog.offer_by_id(a.id).map(|o| o.id), Some(a.id));
        assert_eq!(a.on_demand_per_gpu_hour(), Some(0.75));
        assert_eq!(catalog.source(a).reference, "your price: quote.csv");
        assert_eq!(catalog.source(a).as_of, "2026-11-01");
        assert!(catalog.source(a).as_of_exact);
        assert_eq!(catalog.source(registered[1]).as_of, "undated");
        assert!(catalog.source(registered[1]).is_stale((2026, 11)));
        let d = catalog.details(a).expect("details");
        assert_eq!(d.provider_kind, super::super::ProviderKind::Marketplace);
        assert_eq!(d.interconnect, "");
        assert_eq!(d.regions, ["eu"]);
        assert!(imported.get(a.id).is_some_and(|e| e.kind_stated));
        assert!(!imported
            .get(registered[1].id)
            .is_some_and(|e| e.kind_stated));
        assert!(imported.providers().contains(&"Acme"));
        // Nothing global: another value, and the bundled catalog, know none of them.
        assert!(Imported::default().get(a.id).is_none());
        assert!(super::super::offer_by_id(a.id).is_none());
    }

    #[test]
    fn reimporting_a_file_replaces_its_offers_and_clear_removes_all() {
        let mut imported = Imported::default();
        let first = imported.register("prices.csv", vec![new_offer(2, None), new_offer(3, None)]);
        let other = imported.register("other.csv", vec![new_offer(2, None)]);
        assert_eq!(imported.len(), 3);
        let again = imported.register("prices.csv", vec![new_offer(2, None), new_offer(3, None)]);
        assert_eq!(imported.len(), 3, "re-import must not duplicate");
        assert!(imported.get(first[0].id).is_none());
        assert!(imported.get(again[0].id).is_some());
        assert!(imported.get(other[0].id).is_some());
        imported.clear();
        assert!(imported.is_empty());
        assert!(imported.get(again[1].id).is_none());
        assert!(imported.providers().is_empty());
    }

    #[test]
    fn at_most_the_limit_is_kept_in_all() {
        let mut imported = Imported::default();
        let many: Vec<NewOffer> = (0..MAX_IMPORTED_OFFERS + 3)
            .map(|l| new_offer(l + 2, None))
            .collect();
        assert_eq!(
            imported.register("big.csv", many).len(),
            MAX_IMPORTED_OFFERS
        );
        assert!(imported
            .register("more.csv", vec![new_offer(2, None)])
            .is_empty());
        assert_eq!(imported.len(), MAX_IMPORTED_OFFERS);
    }
}
