//! Every way an offer is sold besides its on-demand headline price: spot, bid, reserved and
//! committed terms with their payment options, savings plans, subscriptions and packages
//! (包日/包周/包月/包年), Capacity Blocks and Flex-start; each price with its region and its own
//! dated source. Also the per-provider billing rules and the per-provider gaps ("could not be
//! sourced here") that the page shows beside the offer table.
//!
//! The prices are data for the engine (docs/cost-model.md, "Billing modes"): reserved and
//! committed terms become [`super::Commitment`]s where the source gives the payment split;
//! the rest is shown with its source and left for the engine to use.

use super::{Payment, Source};

/// How a price is sold. The codes are the refresh schema's `billing_mode` values
/// (docs/catalog.md, "Refresh").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BillingMode {
    /// Pay as you go, no commitment.
    OnDemand,
    /// Spot / preemptible / interruptible capacity at a market price set by the provider.
    Spot,
    /// Interruptible capacity at a price the buyer bids (Vast.ai interruptible).
    Bid,
    /// A reserved instance: a term with a payment option (AWS RI, Azure reservation).
    Reserved,
    /// A savings plan: an hourly spend committed for a term (Azure, AWS).
    SavingsPlan,
    /// A committed-use discount (Google Cloud resource-based commitments).
    CommittedUse,
    /// A subscription of the instance for a calendar period (Alibaba/Tencent 包年包月).
    Subscription,
    /// A prepaid package of a period on a marketplace (AutoDL 包日/包周/包月/包年).
    Package,
    /// A block of capacity booked ahead for fixed dates (AWS Capacity Blocks for ML).
    CapacityBlock,
    /// Capacity queued for a job and started when available (Google Flex-start).
    FlexStart,
}

impl BillingMode {
    /// Every mode, in display order.
    pub const ALL: [BillingMode; 10] = [
        BillingMode::OnDemand,
        BillingMode::Spot,
        BillingMode::Bid,
        BillingMode::Reserved,
        BillingMode::SavingsPlan,
        BillingMode::CommittedUse,
        BillingMode::Subscription,
        BillingMode::Package,
        BillingMode::CapacityBlock,
        BillingMode::FlexStart,
    ];

    /// The refresh schema's code: `"on_demand"`, `"spot"`, `"bid"`, `"reserved"`,
    /// `"savings_plan"`, `"committed_use"`, `"subscription"`, `"package"`, `"capacity_block"`,
    /// `"flex_start"`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            BillingMode::OnDemand => "on_demand",
            BillingMode::Spot => "spot",
            BillingMode::Bid => "bid",
            BillingMode::Reserved => "reserved",
            BillingMode::SavingsPlan => "savings_plan",
            BillingMode::CommittedUse => "committed_use",
            BillingMode::Subscription => "subscription",
            BillingMode::Package => "package",
            BillingMode::CapacityBlock => "capacity_block",
            BillingMode::FlexStart => "flex_start",
        }
    }

    /// Parses a [`code`](Self::code).
    #[must_use]
    pub fn from_code(code: &str) -> Option<BillingMode> {
        BillingMode::ALL.into_iter().find(|m| m.code() == code)
    }

    /// English name for the CLI and exports: `"on-demand"`, `"spot"`, `"bid"`, `"reserved"`,
    /// `"savings plan"`, `"committed use"`, `"subscription"`, `"package"`, `"capacity block"`,
    /// `"flex-start"`. The page translates the mode itself.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            BillingMode::OnDemand => "on-demand",
            BillingMode::Spot => "spot",
            BillingMode::Bid => "bid",
            BillingMode::Reserved => "reserved",
            BillingMode::SavingsPlan => "savings plan",
            BillingMode::CommittedUse => "committed use",
            BillingMode::Subscription => "subscription",
            BillingMode::Package => "package",
            BillingMode::CapacityBlock => "capacity block",
            BillingMode::FlexStart => "flex-start",
        }
    }
}

/// Length of a term or package period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// No term (spot, bid, capacity block rates per hour).
    None,
    /// A number of days (包日 = 1, 包周 = 7).
    Days(u32),
    /// A number of months (包月 = 1, 包年 = 12, reserved terms 12/36/60).
    Months(u32),
}

impl Term {
    /// Hours in the term, with 730 hours per month (docs/cost-model.md, "Units") and 24 per day;
    /// `None` for [`Term::None`].
    #[must_use]
    pub fn hours(self) -> Option<f64> {
        match self {
            Term::None => None,
            Term::Days(d) => Some(f64::from(d) * 24.0),
            Term::Months(m) => Some(f64::from(m) * planner_engine::HOURS_PER_MONTH_730),
        }
    }

    /// `"12 months"`, `"7 days"`, `""`.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Term::None => String::new(),
            Term::Days(1) => "1 day".to_string(),
            Term::Days(d) => format!("{d} days"),
            Term::Months(1) => "1 month".to_string(),
            Term::Months(m) => format!("{m} months"),
        }
    }
}

/// What [`PriceTerm::price`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PriceBasis {
    /// A recurring price per instance-hour, with [`PriceTerm::upfront`] paid once at the start.
    Recurring,
    /// An all-in effective price per instance-hour over the term (upfront amortised), as the
    /// source states it; how much of it is paid upfront is not stated.
    EffectiveHourly,
    /// The price of the whole period per instance (packages, subscriptions).
    PerPeriod,
}

/// One price of an offer other than its on-demand headline, in the offer's currency, per
/// instance, with its own source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriceTerm {
    /// How it is sold.
    pub mode: BillingMode,
    /// Length of the commitment or period.
    pub term: Term,
    /// Payment option of a reserved term, where the source states it.
    pub payment: Option<Payment>,
    /// What [`price`](Self::price) is.
    pub basis: PriceBasis,
    /// Paid upfront per instance (0 when none or not stated), in the offer's currency.
    pub upfront: f64,
    /// The price: per instance-hour, or per period for [`PriceBasis::PerPeriod`].
    pub price: f64,
    /// Region (or location) the price is for; `""` when the source states none.
    pub region: &'static str,
    /// Index into [`super::SOURCES`] of the source of this price.
    pub source: usize,
    /// Caveat (e.g. "requires an attached reservation"); `""` when none.
    pub note: &'static str,
}

impl PriceTerm {
    /// Effective price per instance-hour over the term: recurring + upfront ÷ term hours; the
    /// stated effective rate; or the period price ÷ the period's hours (730 h per month, 24 per
    /// day). `None` for a per-period price without a term.
    #[must_use]
    pub fn effective_per_hour(&self) -> Option<f64> {
        match self.basis {
            PriceBasis::Recurring => Some(match self.term.hours() {
                Some(h) if h > 0.0 => self.price + self.upfront / h,
                _ => self.price,
            }),
            PriceBasis::EffectiveHourly => Some(self.price),
            PriceBasis::PerPeriod => self
                .term
                .hours()
                .filter(|h| *h > 0.0)
                .map(|h| self.price / h),
        }
    }

    /// The source of this price.
    #[must_use]
    pub fn source(&self) -> &'static Source {
        super::source_at(self.source)
    }
}

/// How a provider bills time, with where that comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BillingRule {
    /// Provider display name, as in [`super::Offer::provider`].
    pub provider: &'static str,
    /// The rule in a few words, e.g. `"per second, 60-second minimum (Linux)"`.
    pub rule: &'static str,
    /// The page or note it was read in.
    pub source: &'static str,
    /// Date of that page, or `"unknown"`.
    pub as_of: &'static str,
}

/// A billing mode a provider sells (or may sell) for which no price could be read here. The
/// page says why in its own language from [`Gap::kind`] (planner-app's messages), naming
/// [`Gap::covers`] as data; the English account of each gap, with what was searched, is in
/// docs/catalog.md and data/catalog-sources/PROVENANCE.md.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gap {
    /// Provider display name.
    pub provider: &'static str,
    /// The mode without a sourced price.
    pub mode: BillingMode,
    /// Why no price is here.
    pub kind: GapKind,
    /// The identifiers the reason names (instance types, regions, GPU models, dates; never
    /// words of a language), empty for none: for [`GapKind::OnlyFor`] what has prices, for
    /// [`GapKind::OneYearNoUpfrontOnly`], [`GapKind::NotEligible`] and [`GapKind::NotFound`]
    /// what has none, for [`GapKind::FewQuotes`] where and when the quotes are from, for
    /// [`GapKind::LoginRequired`] what the public monthly price covers.
    pub covers: &'static str,
}

/// Why a provider's billing mode has no price in the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GapKind {
    /// No price for the mode in any source read.
    NotFound,
    /// The provider's own documents say it is sold, but no price was published or found.
    NoPublicPrice,
    /// Sold through sales or by quote only.
    SalesOnly,
    /// Prices only for some instance types, regions or terms ([`Gap::covers`]).
    OnlyFor,
    /// Only 1-year no-upfront reservations, and none for the types in [`Gap::covers`].
    OneYearNoUpfrontOnly,
    /// Prices are listed without saying which kind of plan they are; kept as data, labelled.
    Unlabelled,
    /// GPUs used on demand are not eligible (Google: committed-use discounts need attached
    /// reservations); none for [`Gap::covers`] either.
    NotEligible,
    /// Only old list prices or a few account quotes ([`Gap::covers`]).
    FewQuotes,
    /// Only unverified figures (third-party quotes, single-host samples); not used.
    Unverified,
    /// The price list needs a login; a public price only for [`Gap::covers`].
    LoginRequired,
}

impl GapKind {
    /// Every kind (for the translation completeness test).
    pub const ALL: [GapKind; 10] = [
        GapKind::NotFound,
        GapKind::NoPublicPrice,
        GapKind::SalesOnly,
        GapKind::OnlyFor,
        GapKind::OneYearNoUpfrontOnly,
        GapKind::Unlabelled,
        GapKind::NotEligible,
        GapKind::FewQuotes,
        GapKind::Unverified,
        GapKind::LoginRequired,
    ];
}

/// Billing rule of `provider`, if one was sourced.
#[must_use]
pub fn billing_rule(provider: &str) -> Option<&'static BillingRule> {
    super::BILLING_RULES.iter().find(|r| r.provider == provider)
}

/// The gaps of `provider` (modes with no sourced price), in [`BillingMode::ALL`] order.
#[must_use]
pub fn gaps(provider: &str) -> Vec<&'static Gap> {
    let mut g: Vec<&'static Gap> = super::GAPS
        .iter()
        .filter(|g| g.provider == provider)
        .collect();
    planner_engine::sort::sort_by_cached_key(&mut g, |g| g.mode);
    g
}
