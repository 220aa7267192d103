//! The languages the page is translated into, as share links and the stored state name them
//! (BCP 47 tags `en`, `zh-CN`), and the initial language from the browser's preferences. The
//! translations themselves are planner-app's (`i18n`).

use serde::{Deserialize, Serialize};

/// A language the app is translated into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Language {
    /// English (`"en"`), the default.
    #[default]
    #[serde(rename = "en")]
    En,
    /// Simplified Chinese as used in mainland China (`"zh-CN"`).
    #[serde(rename = "zh-CN")]
    ZhCn,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::En, Language::ZhCn];

    /// The BCP 47 tag written to links and storage: `"en"` or `"zh-CN"`.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::ZhCn => "zh-CN",
        }
    }

    /// The language of a BCP 47 tag, case-insensitive: `en`, `en-*` → English; `zh`, `zh-CN`,
    /// `zh-Hans`, `zh-SG`, `zh-Hans-*` → Chinese. Traditional Chinese (`zh-TW`, `zh-HK`,
    /// `zh-MO`, `zh-Hant*`) gives `None`: the app has no Traditional translation, and readers of
    /// Traditional script are better served by the next language in their list (often English)
    /// than by Simplified text chosen for them (see `docs/i18n.md`). Anything else is `None`.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Language> {
        let t = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = t.split('-');
        match parts.next() {
            Some("en") => Some(Language::En),
            Some("zh") => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"));
                let simplified = rest.contains(&"hans");
                if traditional && !simplified {
                    None
                } else {
                    Some(Language::ZhCn)
                }
            }
            _ => None,
        }
    }

    /// The initial language from the browser's preferred languages (`navigator.languages`, most
    /// preferred first): the first tag this app has a translation for, else English.
    /// `["zh-CN", "en"]` → Chinese; `["zh-TW", "en-US"]` → English; `["fr"]` → English.
    #[must_use]
    pub fn from_browser<S: AsRef<str>>(preferred: &[S]) -> Language {
        preferred
            .iter()
            .find_map(|t| Language::from_tag(t.as_ref()))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_language_follows_the_first_supported_browser_language() {
        assert_eq!(Language::from_browser(&["zh-CN", "en"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["en-GB", "zh-CN"]), Language::En);
        assert_eq!(Language::from_browser(&["fr-FR", "zh"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["zh-TW", "en-US"]), Language::En);
        assert_eq!(Language::from_browser(&["zh-Hant-HK"]), Language::En);
        assert_eq!(Language::from_browser(&["zh_Hans_SG"]), Language::ZhCn);
        assert_eq!(Language::from_browser(&["de"]), Language::En);
        assert_eq!(Language::from_browser::<&str>(&[]), Language::En);
    }

    #[test]
    fn tags_round_trip() {
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
    }
}
