//! Aggregation of listings (one row per region, zone or host, possibly from several source
//! files of one provider) into offers: one offer per key (instance type).
//!
//! The headline listing is the cheapest on-demand one (the first in input order on ties); for
//! the providers with a home region set ([`home_region`]: Alibaba Cloud, Tencent Cloud and AWS
//! China) the cheapest **mainland** listing, with the cheapest listing elsewhere kept beside it.
//! A key without any on-demand listing becomes an offer not sold on demand, headed by its
//! cheapest spot listing. The offer's region, vCPUs, source and other identity fields come from
//! the headline listing; the spot price is the cheapest spot of any listing (mainland first
//! under the home rule), where a spot price at or above the on-demand price of its row or
//! region counts as a placeholder and is not used; a term at or above its region's on-demand
//! price is not used either; each price term (mode, term, payment, basis) is the one of the
//! headline's region when listed there, else the cheapest. The raw on-demand and spot spreads
//! (min, median, max) and every region are kept.

use super::*;

/// Whether `region` is in `provider`'s home market, for providers whose headline price is
/// taken there: mainland China for Alibaba Cloud (`cn-*` except `cn-hongkong`), Tencent Cloud
/// (`ap-<mainland city>`) and AWS China. `None` for every other provider (no home rule: the
/// cheapest listing anywhere).
#[must_use]
pub fn home_region(provider: &str, region: &str) -> Option<bool> {
    const TENCENT_MAINLAND: &[&str] = &[
        "ap-beijing",
        "ap-chengdu",
        "ap-chongqing",
        "ap-guangzhou",
        "ap-nanjing",
        "ap-shanghai",
        "ap-shenzhen",
        "ap-tianjin",
        "ap-hangzhou",
        "ap-wuhan",
        "ap-changsha",
        "ap-jinan",
        "ap-hefei",
        "ap-xian",
        "ap-fuzhou",
        "ap-zhengzhou",
        "ap-shijiazhuang",
        "ap-qingyuan",
    ];
    match provider {
        "Alibaba Cloud" => Some(region.starts_with("cn-") && region != "cn-hongkong"),
        "Tencent Cloud" => {
            Some(TENCENT_MAINLAND.iter().any(|c| {
                region == *c || region.strip_prefix(c).is_some_and(|r| r.starts_with('-'))
            }))
        }
        "AWS China" => Some(region.starts_with("cn-")),
        _ => None,
    }
}

/// Groups listings by key in first-seen order and builds one offer per group (see the module
/// doc).
#[derive(Default)]
pub(super) struct Aggregator {
    groups: Vec<Vec<OfferRecord>>,
    index: HashMap<String, usize>,
}

/// (min, median, max) of a non-empty list; the median of an even count is the mean of the
/// middle two values.
fn spread(values: &mut [f64]) -> Option<(f64, f64, f64)> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let (&min, &max) = (values.first()?, values.last()?);
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    Some((min, median, max))
}

/// The listing with the least `price` (the first on ties), if any has one.
fn cheapest<'a>(
    listings: impl Iterator<Item = &'a OfferRecord>,
    price: impl Fn(&OfferRecord) -> Option<f64>,
) -> Option<&'a OfferRecord> {
    let mut best: Option<(&OfferRecord, f64)> = None;
    for l in listings {
        if let Some(p) = price(l) {
            if best.is_none_or(|(_, b)| p < b) {
                best = Some((l, p));
            }
        }
    }
    best.map(|(l, _)| l)
}

impl Aggregator {
    /// Adds one listing under `key`.
    pub(super) fn add(&mut self, key: String, offer: OfferRecord) {
        match self.index.get(&key) {
            Some(&i) => self.groups[i].push(offer),
            None => {
                self.index.insert(key, self.groups.len());
                self.groups.push(vec![offer]);
            }
        }
    }

    /// One offer per key, in first-seen order.
    pub(super) fn finish(self) -> Vec<OfferRecord> {
        self.groups.into_iter().map(aggregate).collect()
    }
}

fn aggregate(mut rows: Vec<OfferRecord>) -> OfferRecord {
    // A spot price at or above the on-demand price of its own row, or of its region, is a
    // placeholder (fetchers and even the Azure API publish spot = on-demand where there is no
    // spot market): it is not used, and the offer says how many were dropped.
    let mut region_od: HashMap<String, f64> = HashMap::new();
    for r in &rows {
        if let Some(p) = r.on_demand_per_hour {
            let e = region_od.entry(r.region.clone()).or_insert(p);
            *e = e.min(p);
        }
    }
    let mut placeholders = 0;
    for r in &mut rows {
        let od = r
            .on_demand_per_hour
            .or_else(|| region_od.get(&r.region).copied());
        if let (Some(s), Some(p)) = (r.spot_per_hour, od) {
            if s >= p {
                r.spot_per_hour = None;
                placeholders += 1;
            }
        }
    }
    // A term at or above the on-demand price of its region is not a discount: not used.
    let mut dear_terms = Vec::new();
    for r in &mut rows {
        r.terms.retain(|t| {
            let od = region_od.get(&t.region).copied();
            let dear = od.is_some_and(|p| t.basis != "per period" && t.effective_per_hour() >= p);
            if dear {
                dear_terms.push(format!("{} {}m in {}", t.mode, t.term_months, t.region));
            }
            !dear
        });
    }
    let provider = rows[0].provider.clone();
    let home = |r: &OfferRecord| home_region(&provider, &r.region);
    let has_home_rule = home(&rows[0]).is_some();
    let is_home = |r: &&OfferRecord| home(r).unwrap_or(true);
    let home_first = |price: fn(&OfferRecord) -> Option<f64>| {
        cheapest(rows.iter().filter(is_home), price).or_else(|| cheapest(rows.iter(), price))
    };
    let od = |r: &OfferRecord| r.on_demand_per_hour;
    let sp = |r: &OfferRecord| r.spot_per_hour;
    let headline = home_first(od)
        .or_else(|| home_first(sp))
        .unwrap_or(&rows[0]);
    let mut o = headline.clone();
    let spot = home_first(sp);
    o.spot_per_hour = spot.and_then(sp);
    o.spot_source = spot.map(|s| s.source).filter(|s| *s != o.source);
    o.listings = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    let mut od_values: Vec<f64> = rows.iter().filter_map(od).collect();
    let mut spot_values: Vec<f64> = rows.iter().filter_map(sp).collect();
    o.spot_listings = u32::try_from(spot_values.len()).unwrap_or(u32::MAX);
    o.on_demand_spread = spread(&mut od_values);
    o.spot_spread = spread(&mut spot_values);
    o.regions = rows
        .iter()
        .filter(|r| !r.region.is_empty())
        .map(|r| r.region.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    o.cheapest_elsewhere = if has_home_rule && o.on_demand_per_hour.is_some() && is_home(&headline)
    {
        cheapest(rows.iter().filter(|r| !is_home(r)), od)
            .and_then(|r| Some((r.on_demand_per_hour?, r.region.clone())))
    } else {
        None
    };
    // One term per (mode, term, payment, basis, note): the headline region's, else the cheapest.
    let mut terms: Vec<TermRecord> = Vec::new();
    for t in rows.iter().flat_map(|r| r.terms.iter()) {
        let same = |u: &TermRecord| {
            (
                u.mode,
                u.term_months,
                u.term_days,
                u.payment,
                u.basis,
                &u.note,
            ) == (
                t.mode,
                t.term_months,
                t.term_days,
                t.payment,
                t.basis,
                &t.note,
            )
        };
        match terms.iter_mut().find(|u| same(u)) {
            None => terms.push(t.clone()),
            Some(u) => {
                let u_here = u.region == o.region;
                let t_here = t.region == o.region;
                if (t_here && !u_here)
                    || (t_here == u_here && t.effective_per_hour() < u.effective_per_hour())
                {
                    *u = t.clone();
                }
            }
        }
    }
    terms.sort_by(|a, b| {
        (a.mode, a.term_months, a.term_days, a.payment, a.basis).cmp(&(
            b.mode,
            b.term_months,
            b.term_days,
            b.payment,
            b.basis,
        ))
    });
    o.terms = terms;
    let mut notes = Vec::new();
    if placeholders > 0 {
        notes.push(format!(
            "{placeholders} listing(s) give a spot price at or above on-demand (a placeholder where there is no spot market): not used"
        ));
    }
    if !dear_terms.is_empty() {
        notes.push(format!(
            "terms at or above the region's on-demand price not used: {}",
            dear_terms.join(", ")
        ));
    }
    for n in notes {
        o.note = if o.note.is_empty() {
            n
        } else {
            format!("{}; {n}", o.note)
        };
    }
    o
}
