//! Other names for providers and places, so that search and filters find offers when the user
//! types a Chinese or colloquial name: `北京` finds `cn-beijing` and `ap-beijing`, `华东` finds
//! the East China regions, `阿里云` finds Alibaba Cloud, `gcp` finds Google Cloud.
//!
//! The tables are small and hand-written (documented in `docs/catalog.md`); every region term is
//! a substring of region strings that occur in the bundled catalog (checked by a test), matched
//! case-insensitively.

use super::OFFERS;

/// Place names and the lower-case substrings of catalog region strings they stand for.
/// Macro-regions (华东, 华北, 华南, 西南) list the cities of the catalog in them.
pub const REGION_ALIASES: &[(&str, &[&str])] = &[
    ("北京", &["beijing"]),
    ("上海", &["shanghai"]),
    ("广州", &["guangzhou"]),
    ("深圳", &["shenzhen"]),
    ("杭州", &["hangzhou"]),
    ("成都", &["chengdu", "sichuan"]),
    ("重庆", &["chongqing"]),
    ("南京", &["nanjing"]),
    ("青岛", &["qingdao"]),
    ("张家口", &["zhangjiakou"]),
    ("乌兰察布", &["wulanchabu"]),
    ("河源", &["heyuan"]),
    ("四川", &["sichuan", "chengdu"]),
    ("香港", &["hongkong", "hong kong", "asia-east2"]),
    ("hong kong", &["hongkong", "hong kong", "asia-east2"]),
    ("hongkong", &["hongkong", "hong kong", "asia-east2"]),
    ("华东", &["hangzhou", "shanghai", "nanjing"]),
    ("华北", &["beijing", "qingdao", "zhangjiakou", "wulanchabu"]),
    ("华南", &["guangzhou", "shenzhen", "heyuan"]),
    ("西南", &["chengdu", "chongqing", "sichuan"]),
    ("中国", &["cn"]),
    (
        "新加坡",
        &["singapore", "asia-southeast1", "ap-southeast-1"],
    ),
    ("东京", &["tokyo", "asia-northeast1", "ap-northeast-1"]),
    ("首尔", &["seoul", "asia-northeast3", "ap-northeast-2"]),
];

/// Other names of providers (lower case) and the catalog's provider name they stand for.
pub const PROVIDER_ALIASES: &[(&str, &str)] = &[
    ("阿里", "Alibaba Cloud"),
    ("阿里云", "Alibaba Cloud"),
    ("aliyun", "Alibaba Cloud"),
    ("alicloud", "Alibaba Cloud"),
    ("腾讯", "Tencent Cloud"),
    ("腾讯云", "Tencent Cloud"),
    ("谷歌", "Google Cloud"),
    ("谷歌云", "Google Cloud"),
    ("gcp", "Google Cloud"),
    ("亚马逊", "AWS"),
    ("亚马逊云", "AWS"),
    ("amazon", "AWS"),
    ("微软", "Azure"),
    ("microsoft", "Azure"),
    ("恒源", "恒源云 (gpushare.com)"),
    ("gpushare", "恒源云 (gpushare.com)"),
    ("晨涧", "晨涧云 (mornai.cn)"),
    ("mornai", "晨涧云 (mornai.cn)"),
    ("datacrunch", "Verda"),
    ("vast", "Vast.ai"),
];

/// The lower-case terms a search word or region query stands for: itself, plus the region
/// substrings and provider names (lower case) of any alias it equals (case-insensitively).
/// Case folds for ASCII letters only: the catalog's and the aliases' text has no other letter
/// with a case (tested in `validation`), and Unicode folding would add its tables to the wasm.
#[must_use]
pub fn expand(word: &str) -> Vec<String> {
    let w = word.trim().to_ascii_lowercase();
    let mut out = vec![w.clone()];
    for (alias, terms) in REGION_ALIASES {
        if *alias == w {
            out.extend(terms.iter().map(|t| (*t).to_string()));
        }
    }
    for (alias, provider) in PROVIDER_ALIASES {
        if *alias == w {
            out.push(provider.to_ascii_lowercase());
        }
    }
    out
}

/// The region terms of a region query (`"北京"` → `["北京", "beijing"]`); see [`expand`].
#[must_use]
pub fn region_terms(query: &str) -> Vec<String> {
    let q = query.trim().to_ascii_lowercase();
    let mut out = vec![q.clone()];
    for (alias, terms) in REGION_ALIASES {
        if *alias == q {
            out.extend(terms.iter().map(|t| (*t).to_string()));
        }
    }
    out
}

/// Whether `region` (a catalog region string) matches `query` ([`region_terms`]).
#[must_use]
pub fn region_matches(query: &str, region: &str) -> bool {
    let region = region.to_ascii_lowercase();
    region_terms(query)
        .iter()
        .any(|t| region.contains(t.as_str()))
}

/// Whether the provider name `provider` matches a user's `query`: case-insensitively equal,
/// starting with or containing it (`"google"`, `"恒源云"`, `"alibaba"`), or through
/// [`PROVIDER_ALIASES`] (`"gcp"`, `"阿里云"`). An empty query matches every provider.
#[must_use]
pub fn provider_matches(query: &str, provider: &str) -> bool {
    let q = query.trim().to_ascii_lowercase();
    if q.is_empty() {
        return true;
    }
    let p = provider.to_ascii_lowercase();
    p.contains(&q)
        || PROVIDER_ALIASES
            .iter()
            .any(|(alias, name)| *alias == q && name.eq_ignore_ascii_case(provider))
}

/// Catalog provider names matching `query` ([`provider_matches`]), sorted.
#[must_use]
pub fn matching_providers(query: &str) -> Vec<&'static str> {
    super::providers()
        .into_iter()
        .filter(|p| provider_matches(query, p))
        .collect()
}

/// Whether any bundled offer is in a region matching `query` (its shown region or a listed one).
#[must_use]
pub fn any_region_matches(query: &str) -> bool {
    OFFERS.iter().any(|o| {
        region_matches(query, o.region)
            || super::details(o).is_some_and(|d| d.regions.iter().any(|r| region_matches(query, r)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_place_names_find_catalog_regions() {
        for (alias, terms) in REGION_ALIASES {
            assert!(any_region_matches(alias), "{alias} matches no region");
            for t in *terms {
                assert!(any_region_matches(t), "{alias} → {t} matches no region");
            }
        }
        assert!(region_matches("北京", "cn-beijing"));
        assert!(region_matches("北京", "ap-beijing"));
        assert!(region_matches("香港", "Hong Kong, HK, AS"));
        assert!(region_matches("华东", "cn-hangzhou"));
        assert!(region_matches("华南", "ap-guangzhou"));
        assert!(!region_matches("华南", "cn-beijing"));
    }

    #[test]
    fn offer_search_and_region_filter_understand_chinese_names() {
        use crate::catalog::query::{filter_offers, OfferFilter};
        use planner_engine::ExchangeRate;
        let find = |text: &str, region: &str| {
            let f = OfferFilter {
                text: text.into(),
                region: region.into(),
                ..OfferFilter::default()
            };
            filter_offers(
                OFFERS,
                &f,
                super::super::Currency::Usd,
                ExchangeRate::default(),
            )
        };
        let beijing = find("", "北京");
        // cn-beijing is Alibaba's spelling, ap-beijing Tencent's.
        assert!(beijing.iter().any(|o| o.provider == "Alibaba Cloud"));
        assert!(beijing.iter().any(|o| o.provider == "Tencent Cloud"));
        assert!(!find("北京", "").is_empty());
        assert!(!find("", "华东").is_empty());
        assert!(!find("", "香港").is_empty());
        let ali = find("阿里云", "");
        assert!(!ali.is_empty() && ali.iter().all(|o| o.provider == "Alibaba Cloud"));
        let tencent_gz = find("腾讯 广州", "");
        assert!(!tencent_gz.is_empty());
        assert!(tencent_gz
            .iter()
            .all(|o| o.provider == "Tencent Cloud" && o.region.contains("guangzhou")));
        assert!(find("谷歌", "")
            .iter()
            .all(|o| o.provider == "Google Cloud"));
        assert!(!find("谷歌", "").is_empty());
    }

    #[test]
    fn provider_aliases_name_catalog_providers() {
        let providers = super::super::providers();
        for (alias, name) in PROVIDER_ALIASES {
            assert!(
                providers.contains(name),
                "{alias} → {name} is not a provider"
            );
        }
        assert_eq!(matching_providers("gcp"), ["Google Cloud"]);
        assert_eq!(matching_providers("google"), ["Google Cloud"]);
        assert_eq!(matching_providers("阿里"), ["Alibaba Cloud"]);
        assert_eq!(matching_providers("腾讯云"), ["Tencent Cloud"]);
        assert_eq!(matching_providers("恒源云"), ["恒源云 (gpushare.com)"]);
        assert_eq!(matching_providers("亚马逊"), ["AWS"]);
        assert_eq!(matching_providers("Microsoft"), ["Azure"]);
        assert!(matching_providers("nosuchcloud").is_empty());
    }
}
