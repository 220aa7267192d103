//! Decoding of the compact catalog text that `build.rs` generates (`ingest::render_rust`, the
//! same field order): one column per field, one value per offer, then the table of distinct
//! notes. A text of short numbers and strings is about 40 KB smaller in the gzipped wasm than
//! static arrays of structs (docs/performance.md); decoding takes well under a millisecond and
//! the strings borrow from the static text.
//!
//! The text is generated at build time and checked by the native tests
//! (`validation::tests::decoded_catalog_equals_the_ingest`), so a malformed field is a build
//! bug: it panics with the offer's position.

use super::terms::{BillingMode, PriceBasis, PriceTerm, Term};
use super::{Commitment, Offer, OfferDetails, Payment, ProviderKind, Spread};
use planner_engine::{Billing, Currency};

/// Columns of the compact text (fields per offer), before the note table. Equal to
/// `ingest::CATALOG_COLUMNS` (tested).
pub const COLUMNS: usize = 35;

/// Separates the values of one column and the notes of the note table.
const FIELD_SEP: char = '\u{1f}';
/// Separates the columns (and the note table after them).
const RECORD_SEP: char = '\u{1e}';
/// Separates the items of a list field (regions, price terms).
const LIST_SEP: char = '\u{1d}';
/// Separates the parts of one price term.
const PART_SEP: char = '\u{1c}';

/// The offers and their details, index-aligned.
pub(super) fn decode_offers(text: &'static str) -> (Vec<Offer>, Vec<OfferDetails>) {
    let mut columns: Vec<std::str::Split<'static, char>> =
        text.split(RECORD_SEP).map(|c| c.split(FIELD_SEP)).collect();
    assert_eq!(columns.len(), COLUMNS + 1, "catalog text: columns");
    let notes: Vec<&'static str> = columns.pop().map(Iterator::collect).unwrap_or_default();
    // An empty catalog (GPURENT_EMPTY_CATALOG) writes empty columns: no offer.
    let n = if columns[0].clone().all(str::is_empty) && columns[1].clone().all(str::is_empty) {
        0
    } else {
        columns[0].clone().count()
    };
    let (mut offers, mut details) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut prefix: Option<&'static str> = None;
    for k in 0..n {
        let mut column = 0;
        let mut next = || {
            let value = columns[column]
                .next()
                .unwrap_or_else(|| panic!("catalog text: offer {k} has too few fields"));
            column += 1;
            value
        };
        let bad = |what: &str| -> ! { panic!("catalog text: offer {k}: bad {what}") };
        let float = |s: &str| crate::decimal::parse_f64(s).unwrap_or_else(|| bad("number"));
        let opt = |s: &str| (!s.is_empty()).then(|| float(s));
        let int = |s: &str| s.parse::<u32>().unwrap_or_else(|_| bad("integer"));
        let note = |s: &str| {
            s.parse::<usize>()
                .ok()
                .and_then(|i| notes.get(i).copied())
                .unwrap_or_else(|| bad("note"))
        };
        let (id, provider, instance_type, gpu_model) = (next(), next(), next(), next());
        // An id is written in full, or as `<prefix>/` (then `<prefix>/<instance type in lower
        // case>`), or as nothing (the same with the previous offer's prefix).
        let id: &'static str = if id.is_empty() || id.ends_with('/') {
            let p = match id.strip_suffix('/') {
                Some(p) => p,
                None => prefix.unwrap_or_else(|| bad("id")),
            };
            String::leak(format!("{p}/{}", instance_type.to_ascii_lowercase()))
        } else {
            id
        };
        prefix = id.rsplit_once('/').map(|(p, _)| p);
        let gpu_count = int(next());
        let (gpu_memory_gib, vcpus, ram_gib) = (opt(next()), opt(next()), opt(next()));
        let region = next();
        let listings = int(next());
        let on_demand_per_hour = opt(next());
        let spot_per_hour = opt(next());
        let currency = match next() {
            "U" => Currency::Usd,
            "C" => Currency::Cny,
            _ => bad("currency"),
        };
        let granularity = next();
        let granularity_seconds = (!granularity.is_empty()).then(|| int(granularity));
        let minimum_seconds = int(next());
        let source = next().parse::<usize>().unwrap_or_else(|_| bad("source"));
        let offer_note = note(next());
        offers.push(Offer {
            id,
            provider,
            instance_type,
            gpu_model,
            gpu_count,
            gpu_memory_gib,
            vcpus,
            ram_gib,
            region,
            listings,
            on_demand_per_hour,
            spot_per_hour,
            currency,
            billing: Billing {
                granularity_seconds,
                minimum_seconds,
            },
            source,
            note: offer_note,
        });
        let provider_kind = match next() {
            "h" => ProviderKind::Hyperscaler,
            "g" => ProviderKind::GpuCloud,
            "m" => ProviderKind::Marketplace,
            _ => bad("provider kind"),
        };
        let (source_gpu_name, interconnect) = (next(), next());
        // Nothing: the source spells the GPU as the canonical model.
        let source_gpu_name = if source_gpu_name.is_empty() {
            gpu_model
        } else {
            source_gpu_name
        };
        let (gpu_memory_total_gib, source_gpu_memory_gib) = (opt(next()), opt(next()));
        // "=": a single price, the offer's own; "~": a minimum that is the offer's own price
        // (see `ingest::render_rust`).
        let spread = |next: &mut dyn FnMut() -> &'static str, price: Option<f64>| {
            let (min, median, max) = (next(), next(), next());
            match (min, price) {
                ("", _) => None,
                ("=", Some(p)) => Some(Spread {
                    min: p,
                    median: p,
                    max: p,
                }),
                ("~", Some(p)) => Some(Spread {
                    min: p,
                    median: float(median),
                    max: float(max),
                }),
                ("=" | "~", None) => bad("spread"),
                _ => Some(Spread {
                    min: float(min),
                    median: float(median),
                    max: float(max),
                }),
            }
        };
        let on_demand_spread = spread(&mut next, on_demand_per_hour);
        let spot_spread = spread(&mut next, spot_per_hour);
        let spot_listings = int(next());
        let list = |s: &'static str| s.split(LIST_SEP).filter(|x| !x.is_empty());
        let regions: Vec<&'static str> = list(next()).collect();
        let terms: Vec<PriceTerm> = list(next())
            .map(|t| {
                let mut p = t.split(PART_SEP);
                let mut part = || p.next().unwrap_or_else(|| bad("price term"));
                let mode = BillingMode::from_code(part()).unwrap_or_else(|| bad("billing mode"));
                let term = match part() {
                    "" => Term::None,
                    t if t.ends_with('d') => Term::Days(int(&t[..t.len() - 1])),
                    t if t.ends_with('m') => Term::Months(int(&t[..t.len() - 1])),
                    _ => bad("term"),
                };
                let payment = match part() {
                    "" => None,
                    "n" => Some(Payment::NoUpfront),
                    "p" => Some(Payment::PartialUpfront),
                    "a" => Some(Payment::AllUpfront),
                    _ => bad("payment"),
                };
                let basis = match part() {
                    "r" => PriceBasis::Recurring,
                    "e" => PriceBasis::EffectiveHourly,
                    "p" => PriceBasis::PerPeriod,
                    _ => bad("price basis"),
                };
                let upfront = opt(part()).unwrap_or(0.0);
                let price = float(part());
                let region = part();
                let source = part()
                    .parse::<usize>()
                    .unwrap_or_else(|_| bad("term source"));
                let note = note(part());
                PriceTerm {
                    mode,
                    term,
                    payment,
                    basis,
                    upfront,
                    price,
                    region,
                    source,
                    note,
                }
            })
            .collect();
        let spot_source = next();
        let spot_source = (!spot_source.is_empty()).then(|| {
            spot_source
                .parse::<usize>()
                .unwrap_or_else(|_| bad("spot source"))
        });
        let elsewhere_price = opt(next());
        let elsewhere_region = next();
        let sold_via = next();
        let commitments: Vec<Commitment> = terms.iter().filter_map(commitment).collect();
        let monthly_per_month = terms
            .iter()
            .find(|t| {
                matches!(t.mode, BillingMode::Subscription | BillingMode::Package)
                    && t.term == Term::Months(1)
                    && t.basis == PriceBasis::PerPeriod
            })
            .map(|t| t.price);
        details.push(OfferDetails {
            provider_kind,
            source_gpu_name,
            interconnect,
            gpu_memory_total_gib,
            source_gpu_memory_gib,
            on_demand_spread,
            spot_spread,
            spot_listings,
            regions: Vec::leak(regions),
            commitments: Vec::leak(commitments),
            monthly_per_month,
            terms: Vec::leak(terms),
            spot_source,
            cheapest_elsewhere: elsewhere_price.map(|p| (p, elsewhere_region)),
            sold_via,
        });
    }
    (offers, details)
}

/// The engine's reserved term for a reserved or committed-use price, where the source gives
/// the payment split: a recurring price with its upfront; an effective rate with nothing
/// upfront (the rate itself); or an effective rate paid all upfront (upfront = rate × term
/// hours, 730 h per month). `None` for other modes, per-period prices and an effective rate
/// with a partial upfront (its split is not stated).
pub(super) fn commitment(t: &PriceTerm) -> Option<Commitment> {
    if !matches!(t.mode, BillingMode::Reserved | BillingMode::CommittedUse) {
        return None;
    }
    let Term::Months(term_months) = t.term else {
        return None;
    };
    let payment = t.payment.unwrap_or(Payment::NoUpfront);
    match (t.basis, payment) {
        (PriceBasis::Recurring, _) => Some(Commitment {
            term_months,
            payment,
            upfront: t.upfront,
            per_hour: t.price,
        }),
        (PriceBasis::EffectiveHourly, Payment::NoUpfront) => Some(Commitment {
            term_months,
            payment,
            upfront: 0.0,
            per_hour: t.price,
        }),
        (PriceBasis::EffectiveHourly, Payment::AllUpfront) => Some(Commitment {
            term_months,
            payment,
            upfront: t.price * t.term.hours()?,
            per_hour: 0.0,
        }),
        _ => None,
    }
}
