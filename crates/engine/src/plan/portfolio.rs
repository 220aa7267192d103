//! How a portfolio's shares split an option's concurrent GPUs into reserved, spot and
//! on-demand capacity in whole instances (docs/cost-model.md, "Portfolio").

use super::{Instances, Shares};
use crate::ceil_tolerant;

/// How a portfolio's shares split the concurrent GPUs of an option into capacity classes
/// (docs/cost-model.md, "Portfolio"). Reserved first: `⌈reserved share × gpus / per_instance⌉`
/// whole instances (tolerant of float noise, [`ceil_tolerant`]), running every hour of the term;
/// they serve up to their GPUs. Then spot, then on-demand the rest.
///
/// - **Fleet** (`fleet`): instances are rented whole, and a class never takes part of one.
///   Spot takes the whole number of the fleet's `⌈gpus / per_instance⌉` instances nearest to
///   its share (a half rounds up, tolerant of float noise), at most those the reserved
///   instances leave; on-demand takes the instances left. So 50 % spot of 8 GPUs on one
///   8-GPU instance is that instance on spot, not one spot and one on-demand instance, and the
///   fleet rents exactly `⌈gpus / per_instance⌉` instances in all.
/// - **Job** (`!fleet`): billing is pro rata, so spot takes `spot share × gpus` (at most what
///   the reserved GPUs leave) and instances are fractional.
///
/// `gpus` is the concurrent GPU count (fractional for a job sized by a deadline), finite and
/// positive; `per_instance` at least 1 (a 0 is taken as 1); `has_reserved` whether the option
/// has reserved prices (without them the reserved share is ignored, as validation refuses it).
#[must_use]
pub fn split(
    shares: Shares,
    has_reserved: bool,
    gpus: f64,
    per_instance: u32,
    fleet: bool,
) -> Split {
    let g = f64::from(per_instance.max(1));
    let n_r = if has_reserved && shares.reserved > 0.0 {
        ceil_tolerant(shares.reserved * gpus / g)
    } else {
        0.0
    };
    let c_r = (n_r * g).min(gpus);
    let asked = if fleet {
        round_half_up_tolerant(shares.spot * ceil_tolerant(gpus / g)) * g
    } else {
        shares.spot * gpus
    };
    let c_s = asked.min(gpus - c_r).max(0.0);
    let c_o = (gpus - c_r - c_s).max(0.0);
    let whole = |c: f64| if fleet { ceil_tolerant(c / g) } else { c / g };
    Split {
        instances: Instances {
            reserved: n_r,
            spot: whole(c_s),
            on_demand: whole(c_o),
        },
        reserved_gpus: c_r,
        spot_gpus: c_s,
        on_demand_gpus: c_o,
    }
}

/// The concurrent GPUs and instances of each capacity class, made by [`split`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Split {
    /// Instances per class: whole in fleet mode, fractional (pro rata) for a job except the
    /// reserved ones.
    pub instances: Instances,
    /// GPUs the reserved instances serve (at most the concurrent GPUs).
    pub reserved_gpus: f64,
    /// GPUs on spot.
    pub spot_gpus: f64,
    /// GPUs on demand.
    pub on_demand_gpus: f64,
}

/// `x` rounded to the nearest integer, halves up, ignoring float noise: a value within 1e-9
/// (relative) of a half rounds up, so 0.35 × 10 (3.4999999999999996 in binary) is 4, as
/// 3.5 is. `x` must be finite and non-negative.
fn round_half_up_tolerant(x: f64) -> f64 {
    (x + 1e-9 * x.abs().max(1.0)).round()
}
