//! Aggregation of one source's rows into offers: one offer per key (instance type), the
//! cheapest on-demand row kept, spreads and regions recorded.

use super::*;

/// Groups rows by key (one offer per instance type) in first-seen order. The kept row is the
/// cheapest on-demand one (first in file order on ties); the other modes are aggregated by the
/// same named rule, cheapest, across every row of the group, and the raw on-demand and spot
/// spreads (min, median, max) and the distinct regions are kept.
#[derive(Default)]
pub(super) struct Aggregator {
    groups: Vec<Group>,
    index: HashMap<String, usize>,
}

struct Group {
    kept: OfferRecord,
    on_demand: Vec<f64>,
    spot: Vec<f64>,
    regions: BTreeSet<String>,
    commitments: Vec<(u32, &'static str, f64, f64)>,
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

impl Aggregator {
    pub(super) fn add(&mut self, key: String, offer: OfferRecord) {
        let i = match self.index.get(&key) {
            Some(&i) => i,
            None => {
                self.index.insert(key, self.groups.len());
                self.groups.push(Group {
                    kept: offer.clone(),
                    on_demand: Vec::new(),
                    spot: Vec::new(),
                    regions: BTreeSet::new(),
                    commitments: Vec::new(),
                });
                self.groups.len() - 1
            }
        };
        let g = &mut self.groups[i];
        g.on_demand.push(offer.on_demand_per_hour);
        g.spot.extend(offer.spot_per_hour);
        if !offer.region.is_empty() {
            g.regions.insert(offer.region.clone());
        }
        for &(term, payment, upfront, per_hour) in &offer.commitments {
            match g
                .commitments
                .iter_mut()
                .find(|c| c.0 == term && c.1 == payment)
            {
                Some(c)
                    if per_hour + upfront / (f64::from(term) * 730.0)
                        < c.3 + c.2 / (f64::from(term) * 730.0) =>
                {
                    *c = (term, payment, upfront, per_hour);
                }
                Some(_) => {}
                None => g.commitments.push((term, payment, upfront, per_hour)),
            }
        }
        if offer.on_demand_per_hour < g.kept.on_demand_per_hour {
            g.kept = offer;
        }
    }

    pub(super) fn finish(self) -> Vec<OfferRecord> {
        self.groups
            .into_iter()
            .map(|mut g| {
                let mut o = g.kept;
                o.listings = u32::try_from(g.on_demand.len()).unwrap_or(u32::MAX);
                o.spot_listings = u32::try_from(g.spot.len()).unwrap_or(u32::MAX);
                o.on_demand_spread = spread(&mut g.on_demand).unwrap_or((
                    o.on_demand_per_hour,
                    o.on_demand_per_hour,
                    o.on_demand_per_hour,
                ));
                o.spot_spread = spread(&mut g.spot);
                o.spot_per_hour = o.spot_spread.map(|s| s.0);
                o.regions = g.regions.into_iter().collect();
                g.commitments.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
                o.commitments = g.commitments;
                o
            })
            .collect()
    }
}
