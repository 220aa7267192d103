//! Presets drawn from the founding articles (`docs/source-articles` of the shared docs): ready
//! scenario files under `presets/`, bundled with `include_str!`, each with a translated name and
//! description (`preset-<id>-name`, `preset-<id>-description` in `locales/*.ftl`).

use planner_core::error::FileError;
use planner_core::file::{parse, ScenarioFile};

/// A bundled example scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id, also the stem of its file under `presets/` and of its message ids.
    pub id: &'static str,
    /// The scenario file's JSON text.
    pub json: &'static str,
}

impl Preset {
    /// The scenario. Errors only if the bundled file is invalid (a test guards against that).
    pub fn scenario(&self) -> Result<ScenarioFile, FileError> {
        parse(self.json)
    }

    /// Message id of the preset's name in `locales/*.ftl` (no arguments).
    #[must_use]
    pub fn name_id(&self) -> String {
        format!("preset-{}-name", self.id)
    }

    /// Message id of the preset's description in `locales/*.ftl` (no arguments).
    #[must_use]
    pub fn description_id(&self) -> String {
        format!("preset-{}-description", self.id)
    }
}

/// The presets, in menu order:
///
/// - `a100-training-reserved-mix`: article 1, section 5 case study: 100,000 A100 GPU-hours within
///   3 months, pure on-demand (Azure 3.2 USD/h) vs 60 % reserved on a 3-year term (1.8 USD/h)
///   + 40 % on-demand; shows the cost within the horizon and the total commitment.
/// - `rtx4090-marketplace-vs-cloud`: article 1, section 1: 10 RTX 4090 rented on a marketplace
///   (the catalog's Vast.ai and AutoDL offers) with host failures (assumed 1 per 200 host-hours,
///   1 h checkpoints) and the 10–15 % failure budget (12 %), against a cloud L40S.
/// - `offpeak-rendering`: article 1, section 2: Paperspace's RTX 6000 at 0.80 USD/h off-peak,
///   "about 40 % below peak" (peak 1.33 USD/h derived), shiftable render work vs at once.
/// - `free-tier-to-paid`: article 2, "start on Paperspace's free tier, move on to Lambda": 12
///   free GPU-hours once, then paid (catalog Paperspace A4000), against the catalog's Lambda A10.
pub const PRESETS: [Preset; 4] = [
    Preset {
        id: "a100-training-reserved-mix",
        json: include_str!("../presets/a100-training-reserved-mix.json"),
    },
    Preset {
        id: "rtx4090-marketplace-vs-cloud",
        json: include_str!("../presets/rtx4090-marketplace-vs-cloud.json"),
    },
    Preset {
        id: "offpeak-rendering",
        json: include_str!("../presets/offpeak-rendering.json"),
    },
    Preset {
        id: "free-tier-to-paid",
        json: include_str!("../presets/free-tier-to-paid.json"),
    },
];

/// The preset with this id.
#[must_use]
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_core::catalog::offer_by_id;
    use planner_core::file::Evaluation;

    fn eval(id: &str) -> Evaluation {
        preset(id)
            .unwrap()
            .scenario()
            .unwrap()
            .load()
            .unwrap()
            .evaluate()
            .unwrap()
    }

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 0.01, "{a} vs {b}");
    }

    fn price(id: &str) -> f64 {
        offer_by_id(id).unwrap().on_demand_per_hour.unwrap()
    }

    #[test]
    fn a100_training_on_demand_vs_60_40_mix() {
        let e = eval("a100-training-reserved-mix");
        // On-demand: 100,000 h × 3.2.
        close(e.options[0].result.total, 320_000.0);
        // GPUs: 100,000 / (3 × 730) = 45.66; 60 % reserved → 28 whole instances.
        // Reserved: 28 × 2,190 h × 1.8 = 110,376; rest 100,000 − 61,320 = 38,680 h × 3.2 = 123,776.
        let mix = &e.options[1].result;
        close(mix.total, 110_376.0 + 123_776.0);
        // Commitment: 28 instances × 36 months × 730 h × 1.8 = 1,324,512 in all.
        close(mix.total_with_commitment, 1_324_512.0 + 123_776.0);
    }

    #[test]
    fn rtx4090_marketplace_with_failures_and_contingency_vs_cloud() {
        let e = eval("rtx4090-marketplace-vs-cloud");
        // The preset names the current offers; the ids it named before the newer Vast and
        // Nebius sources superseded them still open the same offers (as old links do).
        let vast = price("vast-feed/vast-ai/rtx 4090 per gpu (cheapest live offer)");
        assert_eq!(price("skypilot-vast/1x-rtx_4090-32-65536"), vast);
        assert_eq!(price("cn-offers-2026-10-04/autodl/rtx 4090"), 1.98);
        let cloud = price("gpurentalprices/nebius/1x l40s");
        assert_eq!(price("skypilot-nebius/gpu-l40s-a_1gpu-8vcpu-32gb"), cloud);
        // Daly: segments of 1 h work + 0.05 h write, λ = 1/200 h, restart 0.5 h:
        // E = (e^{λ·1.05} − 1)(1/λ + 0.5) billed hours per useful hour; 12 % contingency on top.
        let failing = ((0.005f64 * 1.05).exp() - 1.0) * (200.0 + 0.5);
        let hours = 10.0 * 730.0 * 3.0;
        close(e.options[0].result.total, hours * vast * failing * 1.12);
        // AutoDL in CNY, shown in USD at 0.138.
        close(
            e.options[1].result.total,
            hours * 1.98 * 0.138 * failing * 1.12,
        );
        // Cloud: no failures, checkpoint writes only (1.05 h per useful hour).
        close(e.options[2].result.total, hours * cloud * 1.05 * 1.12);
        assert!(e.options[0].result.total < e.options[2].result.total);
    }

    #[test]
    fn offpeak_rendering_shifted_vs_at_once() {
        let e = eval("offpeak-rendering");
        // All 2,000 GPU-hours in the 10 off-peak hours: 2,000 × 0.80.
        close(e.options[0].result.total, 1_600.0);
        // At once: the daily average (14 peak h × 1.33 + 10 off-peak h × 0.80) / 24.
        close(
            e.options[1].result.total,
            2_000.0 * (14.0 * 1.33 + 10.0 * 0.8) / 24.0,
        );
    }

    #[test]
    fn free_tier_prototype_then_paid() {
        let e = eval("free-tier-to-paid");
        assert_eq!(price("skypilot-paperspace/a4000"), 0.76);
        assert_eq!(price("gpurentalprices/lambda/1x a10"), 1.29);
        // The id the preset named before a newer source superseded it opens the same offer.
        assert_eq!(price("skypilot-lambda/gpu_1x_a10"), 1.29);
        // 730/24 days × 5/7 × 2 h = 43.45 GPU-hours a month, 130.36 in 3 months.
        let hours = 3.0 * 730.0 / 24.0 * 5.0 / 7.0 * 2.0;
        close(e.options[0].result.total, (hours - 12.0) * 0.76);
        close(e.options[1].result.total, hours * 1.29);
    }

    #[test]
    fn every_preset_loads_and_has_a_unique_id() {
        for (i, p) in PRESETS.iter().enumerate() {
            assert!(p.scenario().unwrap().load().is_ok(), "{}", p.id);
            assert!(PRESETS[..i].iter().all(|q| q.id != p.id));
            assert_eq!(preset(p.id), Some(p));
        }
    }
}
