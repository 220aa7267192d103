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
//! 4. budget sensitivity → committed-use prices count and marketplaces rank on price alone
//!    ("预算敏感 → 评估预留实例与第三方平台的成本差"); otherwise clouds with SLAs rank first;
//! 5. operations skill → low skill ranks managed clouds first ("技术门槛低 → 依赖云平台的完整工具链").
//!
//! Ranking: first the tier (0 = preferred by steps 4–5, 1 = after), then the effective price per
//! GPU-hour in USD (CNY converted at the catalog's 0.138 USD per CNY).

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
    /// Ranked on its spot price (interruptible work), USD per GPU-hour.
    SpotPrice {
        /// USD per GPU-hour.
        usd_per_gpu_hour: f64,
    },
    /// Ranked on its committed-use price (budget-sensitive), USD per GPU-hour over the term.
    CommittedPrice {
        /// USD per GPU-hour.
        usd_per_gpu_hour: f64,
        /// Term, months.
        term_months: u32,
    },
    /// Ranked on its on-demand price, USD per GPU-hour.
    OnDemandPrice {
        /// USD per GPU-hour.
        usd_per_gpu_hour: f64,
    },
    /// Marketplace host for work that must not stop: a failure budget is added (`pct`).
    FailureBudget {
        /// Percent added.
        pct: f64,
    },
    /// A cloud with SLA and redundancy, ranked first because the budget is not tight.
    SlaFirst,
    /// A managed cloud with a full toolchain, ranked first for a team with little ops skill.
    ManagedToolchain,
    /// A marketplace host that needs its own environment set-up, ranked after managed clouds.
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
    /// Price the rank is based on, USD per GPU-hour (after the failure budget, if any).
    pub score_usd_per_gpu_hour: f64,
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

fn usd(x: f64, c: Currency) -> f64 {
    ExchangeRate::CATALOG_DEFAULT
        .convert(x, c, Currency::Usd)
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
        if o.gpu_count < needs.min_gpus_per_instance.max(1) {
            continue;
        }
        if needs.nvlink {
            if !has_nvlink(o) {
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
        let gpus = f64::from(o.gpu_count.max(1));
        // Never an offer that cannot be rented the way the work needs it: an offer not sold on
        // demand (spot only, Capacity Blocks) only for interruptible work with its spot price.
        // (Retired sizes are not in the catalog at all.)
        if o.on_demand_per_hour.is_none() && !(needs.interruptible && o.spot_per_hour.is_some()) {
            continue;
        }
        // 3–4. Price: on-demand, or spot if interruptible, or committed if budget-sensitive.
        let mut price = o
            .on_demand_per_hour
            .map_or(f64::INFINITY, |p| usd(p, o.currency) / gpus);
        let mut price_reason = Reason::OnDemandPrice {
            usd_per_gpu_hour: price,
        };
        if needs.interruptible {
            if let Some(s) = o.spot_per_hour {
                let p = usd(s, o.currency) / gpus;
                if p < price {
                    price = p;
                    price_reason = Reason::SpotPrice {
                        usd_per_gpu_hour: p,
                    };
                }
            }
        }
        if needs.budget_sensitive {
            for c in catalog::details(o).map_or(&[][..], |d| d.commitments) {
                let p = usd(c.effective_per_hour(), o.currency) / gpus;
                if p < price {
                    price = p;
                    price_reason = Reason::CommittedPrice {
                        usd_per_gpu_hour: p,
                        term_months: c.term_months,
                    };
                }
            }
        }
        reasons.push(price_reason);
        let marketplace = kind == ProviderKind::Marketplace;
        if marketplace && !needs.interruptible {
            price *= 1.0 + MARKETPLACE_CONTINGENCY_PCT / 100.0;
            reasons.push(Reason::FailureBudget {
                pct: MARKETPLACE_CONTINGENCY_PCT,
            });
        }
        // 4–5. Tier.
        let mut tier = 0;
        if !needs.ops_skilled {
            if marketplace {
                tier = 1;
                reasons.push(Reason::SelfManaged);
            } else {
                reasons.push(Reason::ManagedToolchain);
            }
        } else if !needs.budget_sensitive {
            if marketplace {
                tier = 1;
            } else {
                reasons.push(Reason::SlaFirst);
            }
        }
        if !price.is_finite() {
            continue;
        }
        // One per provider and instance type: keep the cheapest listing.
        if let Some(prev) = out
            .iter_mut()
            .find(|r| r.offer.provider == o.provider && r.offer.instance_type == o.instance_type)
        {
            if price < prev.score_usd_per_gpu_hour {
                *prev = Ranked {
                    rank: 0,
                    offer: o,
                    tier,
                    score_usd_per_gpu_hour: price,
                    reasons,
                };
            }
            continue;
        }
        out.push(Ranked {
            rank: 0,
            offer: o,
            tier,
            score_usd_per_gpu_hour: price,
            reasons,
        });
    }
    planner_engine::sort::sort_by(&mut out, &|a, b| {
        a.tier
            .cmp(&b.tier)
            .then(
                a.score_usd_per_gpu_hour
                    .total_cmp(&b.score_usd_per_gpu_hour),
            )
            .then(a.offer.id.cmp(b.offer.id))
    });
    out.truncate(limit);
    for (i, r) in out.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    out
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
        for r in with_spot {
            let s = usd(r.offer.spot_per_hour.unwrap(), r.offer.currency)
                / f64::from(r.offer.gpu_count);
            assert!((r.score_usd_per_gpu_hour - s).abs() < 1e-9);
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
            .all(|w| w[0].score_usd_per_gpu_hour <= w[1].score_usd_per_gpu_hour));
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
        let list = shortlist(
            &Needs {
                gpu: Some("RTX 4090".into()),
                budget_sensitive: true,
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
            .all(|r| r.reasons.contains(&Reason::ManagedToolchain)));
        assert!(list[first_market..]
            .iter()
            .all(|r| r.reasons.contains(&Reason::SelfManaged) && r.tier == 1));
        assert_eq!(list[0].rank, 1);
        assert!(shortlist(&Needs::default(), 3).len() == 3);
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
                usd_per_gpu_hour: 1.0,
            },
            Reason::CommittedPrice {
                usd_per_gpu_hour: 1.0,
                term_months: 12,
            },
            Reason::OnDemandPrice {
                usd_per_gpu_hour: 1.0,
            },
            Reason::FailureBudget { pct: 12.0 },
            Reason::SlaFirst,
            Reason::ManagedToolchain,
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
}
