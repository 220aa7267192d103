//! The decision helper: walks the founding articles' decision tree over the bundled catalog and
//! returns a ranked shortlist with structured, translatable reasons.
//!
//! The tree (article 1, section 5 "通用决策树", and article 2, section 5 "选型决策框架"):
//! 1. hardware needs → only offers with the GPU model, memory per GPU and NVLink asked for;
//! 2. data location → mainland China data stays on mainland offers, other data off them
//!    (article 2: "根据数据合规要求选择本地化数据中心");
//! 3. interruptible work → spot prices count ("任务可中断 → 尝试竞价实例或第三方动态定价");
//!    work that must not stop pays a 12 % failure budget on marketplace hosts (article 1:
//!    "需预留10%-15%的预算用于故障处理", midpoint rounded);
//! 4. budget sensitivity → committed-use prices (terms within the horizon) count and every offer
//!    ranks on price alone ("预算敏感 → 评估预留实例与第三方平台的成本差"); otherwise clouds with
//!    SLAs rank first;
//! 5. operations skill → low skill ranks managed clouds first ("技术门槛低 → 依赖云平台的完整工具链"),
//!    unless the budget is tight.
//!
//! The scenario sets the size: an offer with fewer GPUs per instance than the scenario needs is
//! proposed as several whole nodes ("2 × 4-GPU nodes", never with NVLink asked for, which does
//! not span nodes), and every price is per GPU the scenario needs (whole instances rounded up).
//! Ranking: first the tier (0 = preferred by steps 4–5, 1 = after), then that price per GPU-hour,
//! in the page's currency at the page's exchange rate. [`add_picks`] adds picks beside the
//! user's options with the price they were ranked on and their failure allowance.

use crate::action::Action;
use crate::state::Scenario;
use planner_core::catalog::query::ResolvedOffer;
use planner_core::catalog::{self, Offer, ProviderKind};
use planner_engine::{Currency, ExchangeRate};

/// Failure budget added to marketplace prices for work that must not be interrupted, percent.
pub const MARKETPLACE_CONTINGENCY_PCT: f64 = 12.0;

/// Where the data must stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataLocation {
    /// Data must stay in mainland China (offers in mainland regions only).
    ChinaMainland,
    /// Data must stay outside mainland China.
    OutsideChinaMainland,
    /// No constraint.
    Anywhere,
}

/// The answers to the decision tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Needs {
    /// GPU model or family, matched case-insensitively against the canonical model name
    /// (`"A100"` matches `"A100 40GB"` and `"A100 80GB SXM"`); `None` = any.
    pub gpu: Option<String>,
    /// Minimum memory per GPU in GiB; `None` = any.
    pub min_memory_gib: Option<f64>,
    /// GPUs must be linked by NVLink (the offer's interconnect or GPU spec says so).
    pub nvlink: bool,
    /// Minimum GPUs per instance (1 = any).
    pub min_gpus_per_instance: u32,
    /// Cost matters more than SLAs and convenience.
    pub budget_sensitive: bool,
    /// The team can run its own environment (images, drivers, restarts) on bare hosts.
    pub ops_skilled: bool,
    /// The work can be interrupted and resumed (checkpoints), so spot capacity is usable.
    pub interruptible: bool,
    /// Data residency.
    pub data_location: DataLocation,
    /// GPUs the scenario needs (≥ 1): offers are priced as the whole instances that hold them.
    pub gpus: u32,
    /// Months of the scenario's horizon; a commitment longer than it does not count. `None`
    /// (a job until finished) = any term.
    pub horizon_months: Option<u32>,
    /// The page's currency: every price of the shortlist is in it.
    pub currency: Currency,
    /// The page's exchange rate.
    pub rate: ExchangeRate,
}

impl Needs {
    /// `self` with the scenario's GPU count, horizon, currency and exchange rate.
    #[must_use]
    pub fn for_scenario(mut self, scenario: &Scenario) -> Needs {
        self.gpus = scenario.fleet().gpus.max(1);
        self.horizon_months = scenario.horizon_months();
        self.currency = scenario.display_currency();
        self.rate = scenario.rate();
        self
    }
}

impl Default for Needs {
    fn default() -> Self {
        Needs {
            gpu: None,
            min_memory_gib: None,
            nvlink: false,
            min_gpus_per_instance: 1,
            budget_sensitive: false,
            ops_skilled: false,
            interruptible: false,
            data_location: DataLocation::Anywhere,
            gpus: 1,
            horizon_months: None,
            currency: Currency::Usd,
            rate: ExchangeRate::CATALOG_DEFAULT,
        }
    }
}

/// Why an offer is where it is, with its numbers; the page's text of each is in
/// [`crate::messages`] (formatted for the locale).
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Has the GPU asked for (`gpu`: the offer's canonical model).
    MatchesGpu {
        /// Canonical model name.
        gpu: &'static str,
    },
    /// Memory per GPU meets the minimum (`gib`).
    EnoughMemory {
        /// Memory per GPU, GiB.
        gib: f64,
    },
    /// GPUs linked by NVLink.
    NvLink,
    /// Region in mainland China, as the data requires.
    InChinaMainland,
    /// Region outside mainland China, as the data requires.
    OutsideChinaMainland,
    /// Ranked on its spot price (interruptible work), per GPU-hour needed.
    SpotPrice {
        /// Per GPU-hour needed, in `currency`.
        per_gpu_hour: f64,
        /// The page's currency.
        currency: Currency,
    },
    /// Ranked on its committed-use price (budget-sensitive), per GPU-hour needed over the term.
    CommittedPrice {
        /// Per GPU-hour needed, in `currency`.
        per_gpu_hour: f64,
        /// The page's currency.
        currency: Currency,
        /// Term, months.
        term_months: u32,
    },
    /// Ranked on its on-demand price, per GPU-hour needed.
    OnDemandPrice {
        /// Per GPU-hour needed, in `currency`.
        per_gpu_hour: f64,
        /// The page's currency.
        currency: Currency,
    },
    /// The scenario's GPUs need several nodes of this offer (`nodes` × `gpus_per_node`,
    /// paying for `nodes × gpus_per_node` GPUs), or one node larger than the need; priced so.
    Nodes {
        /// Whole instances rented.
        nodes: u32,
        /// GPUs per instance.
        gpus_per_node: u32,
        /// GPUs the scenario needs.
        needed: u32,
    },
    /// The budget is tight: ranked on price alone, whatever set-up it needs.
    BudgetFirst,
    /// Marketplace host for work that must not stop: a failure budget is added (`pct`).
    FailureBudget {
        /// Percent added.
        pct: f64,
    },
    /// A cloud with SLA and redundancy, ranked first because the budget is not tight.
    SlaFirst,
    /// Not a marketplace host (the catalog's provider `kind`: a hyperscaler or a GPU cloud):
    /// ranked before marketplace hosts for a team with little ops skill, then by price.
    CloudFirst {
        /// The offer's provider kind (never [`ProviderKind::Marketplace`]).
        kind: ProviderKind,
    },
    /// A marketplace host that needs its own environment set-up: ranked after the clouds for a
    /// team with little ops skill, then by price.
    SelfManaged,
}

/// One shortlisted offer.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// 1 = best.
    pub rank: usize,
    /// The catalog offer.
    pub offer: &'static Offer,
    /// 0 = preferred by budget and operations answers, 1 = after.
    pub tier: u8,
    /// Price the rank is based on, per GPU-hour the scenario needs, in `currency` (after the
    /// failure budget, if any).
    pub score_per_gpu_hour: f64,
    /// The page's currency ([`Needs::currency`]).
    pub currency: Currency,
    /// Whole instances rented for the scenario's GPUs.
    pub nodes: u32,
    /// Why, in tree order.
    pub reasons: Vec<Reason>,
}

/// Whether a catalog region is in mainland China: Alibaba `cn-*` (not `cn-hongkong`), Tencent
/// mainland `ap-*` cities, and the Chinese sources' `CN…` regions.
#[must_use]
pub fn in_china_mainland(region: &str) -> bool {
    const TENCENT_MAINLAND: [&str; 7] = [
        "ap-beijing",
        "ap-shanghai",
        "ap-guangzhou",
        "ap-chengdu",
        "ap-chongqing",
        "ap-nanjing",
        "ap-shenzhen",
    ];
    let r = region.trim().to_ascii_lowercase();
    (r.starts_with("cn-") && !r.starts_with("cn-hongkong"))
        || r == "cn"
        || r.starts_with("cn ")
        || r.starts_with("cn,")
        || r.starts_with("cn (")
        || TENCENT_MAINLAND.iter().any(|t| r.starts_with(t))
}

/// `x` in `from` converted to the page's currency at the page's rate (∞ without a rate, so
/// the offer is left out).
fn convert(needs: &Needs, x: f64, from: Currency) -> f64 {
    needs
        .rate
        .convert(x, from, needs.currency)
        .unwrap_or(f64::INFINITY)
}

fn has_nvlink(o: &Offer) -> bool {
    let detail = catalog::details(o).map_or("", |d| d.interconnect);
    if !detail.is_empty() {
        return detail.contains("NVLink") && o.gpu_count > 1;
    }
    o.gpu_count > 1
        && catalog::gpus::spec_by_model(o.gpu_model).is_some_and(|s| s.nvlink_gb_s.is_some())
}

/// The shortlist for `needs`: at most `limit` offers, best first, one per provider and instance
/// type (its cheapest listing). Empty if no offer has the hardware asked for.
#[must_use]
pub fn shortlist(needs: &Needs, limit: usize) -> Vec<Ranked> {
    let want_gpu = needs.gpu.as_deref().map(|g| g.trim().to_ascii_lowercase());
    let mut out: Vec<Ranked> = Vec::new();
    for o in catalog::OFFERS {
        let mut reasons = Vec::new();
        // 1. Hardware.
        if let Some(g) = &want_gpu {
            if !o.gpu_model.to_ascii_lowercase().contains(g.as_str()) {
                continue;
            }
            reasons.push(Reason::MatchesGpu { gpu: o.gpu_model });
        }
        if let Some(min) = needs.min_memory_gib {
            match o.gpu_memory_gib {
                Some(m) if m + 1e-9 >= min => reasons.push(Reason::EnoughMemory { gib: m }),
                _ => continue,
            }
        }
        if o.gpu_count < needs.min_gpus_per_instance.max(1) || o.gpu_count == 0 {
            continue;
        }
        let need = needs.gpus.max(1);
        let nodes = need.div_ceil(o.gpu_count);
        if needs.nvlink {
            // NVLink links the GPUs of one node only.
            if !has_nvlink(o) || nodes > 1 {
                continue;
            }
            reasons.push(Reason::NvLink);
        }
        // 2. Data location.
        let mainland = in_china_mainland(o.region);
        match needs.data_location {
            DataLocation::ChinaMainland if mainland => reasons.push(Reason::InChinaMainland),
            DataLocation::OutsideChinaMainland if !mainland => {
                reasons.push(Reason::OutsideChinaMainland);
            }
            DataLocation::Anywhere => {}
            _ => continue,
        }
        let kind = catalog::details(o).map_or(ProviderKind::GpuCloud, |d| d.provider_kind);
        // Per GPU-hour the scenario needs: whole instances, rounded up.
        let gpus = f64::from(need) / f64::from(nodes);
        // Never an offer that cannot be rented the way the work needs it: an offer not sold on
        // demand (spot only, Capacity Blocks) only for interruptible work with its spot price.
        // (Retired sizes are not in the catalog at all.)
        if o.on_demand_per_hour.is_none() && !(needs.interruptible && o.spot_per_hour.is_some()) {
            continue;
        }
        // 3–4. Price: on-demand, or spot if interruptible, or committed if budget-sensitive.
        let currency = needs.currency;
        let mut price = o
            .on_demand_per_hour
            .map_or(f64::INFINITY, |p| convert(needs, p, o.currency) / gpus);
        let mut price_reason = Reason::OnDemandPrice {
            per_gpu_hour: price,
            currency,
        };
        if needs.interruptible {
            if let Some(s) = o.spot_per_hour {
                let p = convert(needs, s, o.currency) / gpus;
                if p < price {
                    price = p;
                    price_reason = Reason::SpotPrice {
                        per_gpu_hour: p,
                        currency,
                    };
                }
            }
        }
        if needs.budget_sensitive {
            for c in catalog::details(o).map_or(&[][..], |d| d.commitments) {
                if needs.horizon_months.is_some_and(|h| c.term_months > h) {
                    continue;
                }
                let p = convert(needs, c.effective_per_hour(), o.currency) / gpus;
                if p < price {
                    price = p;
                    price_reason = Reason::CommittedPrice {
                        per_gpu_hour: p,
                        currency,
                        term_months: c.term_months,
                    };
                }
            }
        }
        reasons.push(price_reason);
        if nodes * o.gpu_count != need || nodes > 1 {
            reasons.push(Reason::Nodes {
                nodes,
                gpus_per_node: o.gpu_count,
                needed: need,
            });
        }
        let marketplace = kind == ProviderKind::Marketplace;
        if marketplace && !needs.interruptible {
            price *= 1.0 + MARKETPLACE_CONTINGENCY_PCT / 100.0;
            reasons.push(Reason::FailureBudget {
                pct: MARKETPLACE_CONTINGENCY_PCT,
            });
        }
        // 4–5. Tier: a tight budget ranks on price alone.
        let mut tier = 0;
        if needs.budget_sensitive {
            reasons.push(Reason::BudgetFirst);
        } else if !needs.ops_skilled {
            if marketplace {
                tier = 1;
                reasons.push(Reason::SelfManaged);
            } else {
                reasons.push(Reason::CloudFirst { kind });
            }
        } else if marketplace {
            tier = 1;
        } else {
            reasons.push(Reason::SlaFirst);
        }
        if !price.is_finite() {
            continue;
        }
        // One per provider and instance type: keep the cheapest listing.
        if let Some(prev) = out
            .iter_mut()
            .find(|r| r.offer.provider == o.provider && r.offer.instance_type == o.instance_type)
        {
            if price < prev.score_per_gpu_hour {
                *prev = Ranked {
                    rank: 0,
                    offer: o,
                    tier,
                    score_per_gpu_hour: price,
                    currency,
                    nodes,
                    reasons,
                };
            }
            continue;
        }
        out.push(Ranked {
            rank: 0,
            offer: o,
            tier,
            score_per_gpu_hour: price,
            currency,
            nodes,
            reasons,
        });
    }
    planner_engine::sort::sort_by(&mut out, &|a, b| {
        a.tier
            .cmp(&b.tier)
            .then(a.score_per_gpu_hour.total_cmp(&b.score_per_gpu_hour))
            .then(a.offer.id.cmp(b.offer.id))
    });
    out.truncate(limit);
    for (i, r) in out.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    out
}

/// What [`add_picks`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Added {
    /// The scenario with the picks added after the user's options.
    pub scenario: Scenario,
    /// Picks added.
    pub added: usize,
    /// Picks left out: already compared, or beyond the comparison's limit.
    pub skipped: usize,
    /// Failure allowances carried in: the option's label, the allowance in percent and the
    /// host failures per instance-hour that carry it.
    pub carried: Vec<(String, f64, f64)>,
}

/// `scenario` with `picks` added after the user's options (never replacing one), each on the
/// price it was ranked on (a spot price → 100 % spot; a committed price → that commitment,
/// 100 % reserved) and a marketplace pick's failure allowance carried in as host failures: the
/// rate per instance-hour at which the engine's own failure model (docs/cost-model.md) adds the
/// allowance's percentage to the option's total, found by bisection. A pick already compared,
/// or beyond the comparison's limit, is skipped.
#[must_use]
pub fn add_picks(scenario: &Scenario, picks: &[Ranked]) -> Added {
    fn apply(s: &mut Scenario, a: Action) {
        if let Ok(next) = s.apply(a) {
            *s = next;
        }
    }
    let mut s = scenario.clone();
    let (mut added, mut skipped, mut carried) = (0, 0, Vec::new());
    for r in picks {
        let compared = s
            .options()
            .iter()
            .any(|o| o.offer.is_some_and(|x| x.offer.id == r.offer.id));
        match s.apply(Action::ToggleOffer(ResolvedOffer::bundled(r.offer))) {
            Ok(next) if !compared => s = next,
            _ => {
                skipped += 1;
                continue;
            }
        }
        added += 1;
        let index = s.options().len() - 1;
        for reason in &r.reasons {
            match *reason {
                Reason::SpotPrice { .. } => apply(
                    &mut s,
                    Action::SetOptionShares {
                        index,
                        reserved_pct: 0.0,
                        spot_pct: 100.0,
                    },
                ),
                Reason::CommittedPrice {
                    per_gpu_hour,
                    term_months,
                    ..
                } => {
                    // The commitment it was ranked on: that term at that price.
                    let terms = catalog::details(r.offer).map_or(&[][..], |d| d.commitments);
                    let price = |c: &catalog::Commitment| {
                        convert(&Needs::default(), c.effective_per_hour(), r.offer.currency)
                    };
                    let best = terms
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| c.term_months == term_months)
                        .min_by(|a, b| price(a.1).total_cmp(&price(b.1)));
                    if let (Some((commitment, _)), true) = (best, per_gpu_hour.is_finite()) {
                        apply(&mut s, Action::SetOptionCommitment { index, commitment });
                        apply(
                            &mut s,
                            Action::SetOptionShares {
                                index,
                                reserved_pct: 100.0,
                                spot_pct: 0.0,
                            },
                        );
                    }
                }
                Reason::FailureBudget { pct } => {
                    if let Some(per_hour) = failure_rate_for(&s, index, pct) {
                        apply(&mut s, Action::SetHostFailures { index, per_hour });
                        carried.push((r.offer.label(), pct, per_hour));
                    }
                }
                _ => {}
            }
        }
    }
    Added {
        scenario: s,
        added,
        skipped,
        carried,
    }
}

/// The host failures per instance-hour (rounded up to 6 decimals) that make option `index` of
/// `s` cost `pct` % more under the engine's failure model; `None` when the scenario does not
/// evaluate or even 1 failure per hour adds less.
fn failure_rate_for(s: &Scenario, index: usize, pct: f64) -> Option<f64> {
    let total = |per_hour: f64| -> Option<f64> {
        let r = s
            .apply(Action::SetHostFailures { index, per_hour })
            .ok()?
            .evaluate()
            .ok()?;
        r.get(index).map(|o| o.total)
    };
    let target = total(0.0)? * (1.0 + pct / 100.0);
    let (mut lo, mut hi) = (0.0, 1.0);
    if total(hi)? < target {
        return None;
    }
    // 20 halvings: 1 / 2^20 ≈ 1e-6 per hour.
    for _ in 0..20 {
        let mid = (lo + hi) / 2.0;
        if total(mid)? < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((hi * 1e6).ceil() / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(o: &Offer) -> ProviderKind {
        catalog::details(o).unwrap().provider_kind
    }

    #[test]
    fn hardware_filters_model_memory_and_nvlink() {
        let needs = Needs {
            gpu: Some("A100".into()),
            min_memory_gib: Some(80.0),
            nvlink: true,
            ops_skilled: true,
            budget_sensitive: true,
            ..Needs::default()
        };
        let list = shortlist(&needs, 50);
        assert!(!list.is_empty());
        for r in &list {
            assert!(r.offer.gpu_model.contains("A100"), "{}", r.offer.gpu_model);
            assert!(r.offer.gpu_memory_gib.unwrap() >= 80.0);
            assert!(r.offer.gpu_count > 1);
            assert!(r.reasons.contains(&Reason::NvLink));
        }
        let none = Needs {
            gpu: Some("no such gpu".into()),
            ..Needs::default()
        };
        assert!(shortlist(&none, 10).is_empty());
    }

    #[test]
    fn data_location_keeps_mainland_data_in_mainland_regions() {
        let cn = shortlist(
            &Needs {
                gpu: Some("4090".into()),
                data_location: DataLocation::ChinaMainland,
                ops_skilled: true,
                budget_sensitive: true,
                ..Needs::default()
            },
            50,
        );
        assert!(!cn.is_empty());
        assert!(cn.iter().all(|r| in_china_mainland(r.offer.region)));
        assert!(cn
            .iter()
            .all(|r| r.reasons.contains(&Reason::InChinaMainland)));
        let out = shortlist(
            &Needs {
                data_location: DataLocation::OutsideChinaMainland,
                ..Needs::default()
            },
            500,
        );
        assert!(out.iter().all(|r| !in_china_mainland(r.offer.region)));
        assert!(in_china_mainland("cn-beijing") && !in_china_mainland("cn-hongkong"));
        assert!(in_china_mainland("ap-nanjing-3") && !in_china_mainland("ap-singapore"));
    }

    #[test]
    fn never_an_offer_that_cannot_be_rented_the_way_the_work_needs() {
        let not_on_demand = catalog::OFFERS
            .iter()
            .filter(|o| !o.sold_on_demand())
            .count();
        assert!(
            not_on_demand > 0,
            "the catalog has offers not sold on demand"
        );
        let all = catalog::OFFERS.len();
        let steady = shortlist(
            &Needs {
                ops_skilled: true,
                ..Needs::default()
            },
            all,
        );
        assert!(!steady.is_empty());
        assert!(steady.iter().all(|r| r.offer.sold_on_demand()));
        // Interruptible work may run on spot-only capacity, ranked on its spot price.
        let spot = shortlist(
            &Needs {
                ops_skilled: true,
                interruptible: true,
                ..Needs::default()
            },
            all,
        );
        assert!(spot.iter().any(|r| !r.offer.sold_on_demand()));
        assert!(spot
            .iter()
            .all(|r| r.offer.sold_on_demand() || r.offer.spot_per_hour.is_some()));
    }

    #[test]
    fn interruptible_work_ranks_on_spot_prices() {
        let base = Needs {
            gpu: Some("A100".into()),
            ops_skilled: true,
            budget_sensitive: true,
            ..Needs::default()
        };
        let steady = shortlist(&base, 500);
        let spot = shortlist(
            &Needs {
                interruptible: true,
                ..base.clone()
            },
            500,
        );
        assert!(steady.iter().all(|r| !r
            .reasons
            .iter()
            .any(|x| matches!(x, Reason::SpotPrice { .. }))));
        let with_spot: Vec<_> = spot
            .iter()
            .filter(|r| {
                r.reasons
                    .iter()
                    .any(|x| matches!(x, Reason::SpotPrice { .. }))
            })
            .collect();
        assert!(!with_spot.is_empty());
        // Per GPU needed: the whole nodes rented for the scenario's GPUs (1 by default).
        for r in with_spot {
            let s = convert(
                &Needs::default(),
                r.offer.spot_per_hour.unwrap(),
                r.offer.currency,
            ) * f64::from(r.nodes)
                / f64::from(base.gpus);
            assert!((r.score_per_gpu_hour - s).abs() < 1e-9);
        }
        // Marketplace hosts carry the failure budget only when the work must not stop.
        assert!(steady
            .iter()
            .filter(|r| kind(r.offer) == ProviderKind::Marketplace)
            .all(|r| r.reasons.contains(&Reason::FailureBudget { pct: 12.0 })));
        assert!(spot
            .iter()
            .all(|r| !r.reasons.contains(&Reason::FailureBudget { pct: 12.0 })));
    }

    #[test]
    fn budget_sensitive_counts_commitments_and_ranks_on_price_alone() {
        let tight = shortlist(
            &Needs {
                budget_sensitive: true,
                ops_skilled: true,
                ..Needs::default()
            },
            1000,
        );
        assert!(tight.iter().all(|r| r.tier == 0));
        assert!(tight
            .windows(2)
            .all(|w| w[0].score_per_gpu_hour <= w[1].score_per_gpu_hour));
        assert!(tight.iter().any(|r| r
            .reasons
            .iter()
            .any(|x| matches!(x, Reason::CommittedPrice { .. }))));
        // Not budget-sensitive: clouds with SLAs first, marketplaces after.
        let sla = shortlist(
            &Needs {
                ops_skilled: true,
                ..Needs::default()
            },
            1000,
        );
        let first_market = sla
            .iter()
            .position(|r| kind(r.offer) == ProviderKind::Marketplace)
            .unwrap();
        assert!(sla[..first_market]
            .iter()
            .all(|r| r.reasons.contains(&Reason::SlaFirst)));
        assert!(sla[first_market..]
            .iter()
            .all(|r| kind(r.offer) == ProviderKind::Marketplace));
        assert!(sla.iter().all(|r| !r
            .reasons
            .iter()
            .any(|x| matches!(x, Reason::CommittedPrice { .. }))));
    }

    #[test]
    fn low_ops_skill_puts_managed_clouds_first() {
        // (A tight budget ranks on price alone instead: below.)
        let list = shortlist(
            &Needs {
                gpu: Some("RTX 4090".into()),
                budget_sensitive: false,
                ops_skilled: false,
                ..Needs::default()
            },
            100,
        );
        let first_market = list
            .iter()
            .position(|r| kind(r.offer) == ProviderKind::Marketplace)
            .unwrap();
        assert!(first_market > 0);
        assert!(list[..first_market]
            .iter()
            .all(|r| r.reasons.contains(&Reason::CloudFirst {
                kind: kind(r.offer)
            })));
        assert!(list[first_market..]
            .iter()
            .all(|r| r.reasons.contains(&Reason::SelfManaged) && r.tier == 1));
        assert_eq!(list[0].rank, 1);
        assert!(shortlist(&Needs::default(), 3).len() == 3);
    }

    #[test]
    fn the_scenarios_gpu_count_sets_the_nodes_and_the_price() {
        let needs = Needs {
            gpus: 8,
            ops_skilled: true,
            ..Needs::default()
        };
        let list = shortlist(&needs, 2000);
        assert!(
            list.iter().any(|r| r.offer.gpu_count < 8),
            "smaller nodes are proposed as several"
        );
        for r in &list {
            let g = r.offer.gpu_count;
            assert_eq!(r.nodes, 8u32.div_ceil(g), "{}", r.offer.id);
            if g != 8 {
                assert!(
                    r.reasons.contains(&Reason::Nodes {
                        nodes: r.nodes,
                        gpus_per_node: g,
                        needed: 8
                    }),
                    "{}: {:?}",
                    r.offer.id,
                    r.reasons
                );
            }
            // Priced as the whole nodes rented, per GPU needed.
            if let Some(Reason::OnDemandPrice { per_gpu_hour, .. }) = r
                .reasons
                .iter()
                .find(|x| matches!(x, Reason::OnDemandPrice { .. }))
            {
                let want = convert(
                    &needs,
                    r.offer.on_demand_per_hour.unwrap(),
                    r.offer.currency,
                ) * f64::from(r.nodes)
                    / 8.0;
                assert!((per_gpu_hour - want).abs() < 1e-9, "{}", r.offer.id);
            }
        }
        // A 3-GPU node pays for 9 GPUs: said.
        let t = crate::i18n::Translator::new(planner_core::language::Language::En);
        assert_eq!(
            t.reason(&Reason::Nodes {
                nodes: 3,
                gpus_per_node: 3,
                needed: 8
            }),
            "3 × 3-GPU node(s) for the scenario's 8 GPUs: pays for 9 GPUs, priced so"
        );
        assert_eq!(
            t.reason(&Reason::Nodes {
                nodes: 2,
                gpus_per_node: 4,
                needed: 8
            }),
            "2 × 4-GPU nodes for the scenario's 8 GPUs, priced as 2 nodes"
        );
        // NVLink does not span nodes: only single nodes of 8 or more.
        let linked = shortlist(
            &Needs {
                nvlink: true,
                ..needs.clone()
            },
            2000,
        );
        assert!(
            !linked.is_empty()
                && linked
                    .iter()
                    .all(|r| r.nodes == 1 && r.offer.gpu_count >= 8)
        );
    }

    #[test]
    fn a_tight_budget_changes_the_ranking_and_prices_follow_the_page_currency() {
        let base = Needs::default();
        let ids = |n: &Needs| -> Vec<&str> { shortlist(n, 5).iter().map(|r| r.offer.id).collect() };
        let tight = Needs {
            budget_sensitive: true,
            ..base.clone()
        };
        assert_ne!(ids(&base), ids(&tight));
        let list = shortlist(&tight, 200);
        assert!(list
            .iter()
            .all(|r| r.reasons.contains(&Reason::BudgetFirst)));
        assert!(list
            .windows(2)
            .all(|w| w[0].score_per_gpu_hour <= w[1].score_per_gpu_hour));
        // A 12-month horizon leaves out 36-month terms.
        let short = shortlist(
            &Needs {
                horizon_months: Some(12),
                ..tight.clone()
            },
            2000,
        );
        assert!(short.iter().all(|r| !r.reasons.iter().any(
            |x| matches!(x, Reason::CommittedPrice { term_months, .. } if *term_months > 12)
        )));
        // In CNY at the same rate: the same order, every price ÷ USD per CNY.
        let rate = ExchangeRate::CATALOG_DEFAULT;
        let cny = shortlist(
            &Needs {
                currency: Currency::Cny,
                rate,
                ..base.clone()
            },
            5,
        );
        let usd = shortlist(&base, 5);
        for (c, u) in cny.iter().zip(&usd) {
            assert_eq!(c.offer.id, u.offer.id);
            assert_eq!(c.currency, Currency::Cny);
            assert!((c.score_per_gpu_hour - u.score_per_gpu_hour / rate.usd_per_cny).abs() < 1e-6);
        }
    }

    #[test]
    fn picks_are_added_beside_the_users_options_with_their_failure_allowance() {
        let scenario = Scenario::default();
        let before = scenario.options().len();
        let needs = Needs {
            gpu: Some("4090".into()),
            ops_skilled: true,
            budget_sensitive: true,
            ..Needs::default()
        }
        .for_scenario(&scenario);
        let picks = shortlist(&needs, 3);
        assert!(picks
            .iter()
            .any(|r| r.reasons.contains(&Reason::FailureBudget { pct: 12.0 })));
        let out = add_picks(&scenario, &picks);
        let n = out.scenario.options().len();
        assert_eq!(out.added + out.skipped, picks.len());
        assert_eq!(
            n,
            (before + picks.len()).min(crate::validation::MAX_COMPARED)
        );
        // The user's options are kept, first and unchanged.
        assert_eq!(&out.scenario.options()[..before], scenario.options());
        // Each marketplace pick carries its 12 % through the engine's failure model.
        assert!(!out.carried.is_empty());
        let results = out.scenario.evaluate().unwrap();
        for (label, pct, rate) in &out.carried {
            let i = results.iter().position(|r| &r.name == label).unwrap();
            let plain = out
                .scenario
                .apply(Action::SetHostFailures {
                    index: i,
                    per_hour: 0.0,
                })
                .unwrap()
                .evaluate()
                .unwrap();
            let ratio = results[i].total / plain[i].total;
            assert!(
                (ratio - (1.0 + pct / 100.0)).abs() < 1e-3,
                "{label}: {ratio} at {rate}/h"
            );
        }
        // Adding again adds nothing (already compared).
        let again = add_picks(&out.scenario, &picks);
        assert_eq!((again.added, again.skipped), (0, picks.len()));
        assert_eq!(again.scenario, out.scenario);
    }

    #[test]
    fn every_reason_has_its_listed_message_id() {
        let all = [
            Reason::MatchesGpu { gpu: "A100" },
            Reason::EnoughMemory { gib: 80.0 },
            Reason::NvLink,
            Reason::InChinaMainland,
            Reason::OutsideChinaMainland,
            Reason::SpotPrice {
                per_gpu_hour: 1.0,
                currency: Currency::Usd,
            },
            Reason::CommittedPrice {
                per_gpu_hour: 1.0,
                currency: Currency::Usd,
                term_months: 12,
            },
            Reason::OnDemandPrice {
                per_gpu_hour: 1.0,
                currency: Currency::Usd,
            },
            Reason::Nodes {
                nodes: 2,
                gpus_per_node: 4,
                needed: 8,
            },
            Reason::Nodes {
                nodes: 3,
                gpus_per_node: 3,
                needed: 8,
            },
            Reason::BudgetFirst,
            Reason::FailureBudget { pct: 12.0 },
            Reason::SlaFirst,
            Reason::CloudFirst {
                kind: ProviderKind::Hyperscaler,
            },
            Reason::CloudFirst {
                kind: ProviderKind::GpuCloud,
            },
            Reason::SelfManaged,
        ];
        // Every reason has its own sentence in both languages (crate::messages).
        for language in planner_core::language::Language::ALL {
            let t = crate::i18n::Translator::new(language);
            let mut sentences: Vec<String> = all.iter().map(|r| t.reason(r)).collect();
            assert!(sentences.iter().all(|s| !s.is_empty()));
            sentences.sort();
            sentences.dedup();
            assert_eq!(sentences.len(), all.len(), "{sentences:?}");
        }
    }

    #[test]
    fn reasons_name_the_picks_kind_and_the_ranking_criterion() {
        // A small operations team, budget not tight: clouds first, marketplace hosts after,
        // each group by price; every pick's reason says its own kind and that order.
        let needs = Needs {
            budget_sensitive: false,
            ops_skilled: false,
            ..Needs::default()
        };
        let list = shortlist(&needs, usize::MAX);
        let t = crate::i18n::Translator::new(planner_core::language::Language::En);
        let market = list
            .iter()
            .find(|r| kind(r.offer) == ProviderKind::Marketplace)
            .unwrap();
        let cloud = list
            .iter()
            .find(|r| kind(r.offer) == ProviderKind::Hyperscaler)
            .unwrap();
        let gpu_cloud = list
            .iter()
            .find(|r| kind(r.offer) == ProviderKind::GpuCloud)
            .unwrap();
        let said = |r: &Ranked| {
            r.reasons
                .iter()
                .map(|x| t.reason(x))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let m = said(market);
        assert!(
            m.contains("Marketplace") && m.contains("then by price"),
            "{m}"
        );
        assert!(!m.contains("cloud (") && !m.contains("ranked first"), "{m}");
        let c = said(cloud);
        assert!(
            c.contains("Hyperscaler")
                && c.contains("before marketplace hosts")
                && c.contains("then by price"),
            "{c}"
        );
        assert!(!c.contains("ranked first"), "{c}");
        let g = said(gpu_cloud);
        assert!(
            g.contains("GPU cloud") && !g.contains("Hyperscaler") && !g.contains("full toolchain"),
            "{g}"
        );
    }
}
