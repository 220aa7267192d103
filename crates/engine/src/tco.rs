//! Buy vs rent (docs/cost-model.md, "Buy vs rent"): the hourly cost of owning a server, per used
//! GPU-hour, and the cash view used to find the month in which renting overtakes buying.

use super::{
    in_range, non_negative, positive, EngineError, Field, FieldPath, Problem, HOURS_PER_MONTH_730,
    HOURS_PER_YEAR,
};

/// An owned server of `gpus` GPUs. Amounts are in one currency (the plan's display currency
/// when used in a scenario).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OwnedServer {
    /// GPUs in the server, ≥ 1.
    pub gpus: u32,
    /// Purchase price P.
    pub purchase: f64,
    /// Useful life Y in years (> 0).
    pub life_years: f64,
    /// Residual value r as a fraction of P at end of life, 0–1.
    pub residual: f64,
    /// Power draw in kW.
    pub kw: f64,
    /// Data-centre PUE (≥ 1).
    pub pue: f64,
    /// Electricity price per kWh.
    pub price_per_kwh: f64,
    /// Operations cost per month (staff, colocation, maintenance).
    pub ops_per_month: f64,
}

impl OwnedServer {
    /// Validates every field (finite, in range). Errors name `field.*`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        if self.gpus == 0 {
            return Err(EngineError::new(
                field.field(Field::Gpus),
                Problem::ZeroGpus,
            ));
        }
        non_negative(field.field(Field::Purchase), self.purchase)?;
        positive(field.field(Field::LifeYears), self.life_years)?;
        in_range(field.field(Field::LifeYears), self.life_years, 0.0, 50.0)?;
        in_range(field.field(Field::Residual), self.residual, 0.0, 1.0)?;
        non_negative(field.field(Field::Kw), self.kw)?;
        in_range(field.field(Field::Pue), self.pue, 1.0, 5.0)?;
        non_negative(field.field(Field::PricePerKwh), self.price_per_kwh)?;
        non_negative(field.field(Field::OpsPerMonth), self.ops_per_month)?;
        Ok(())
    }

    /// Owned cost per server-hour, paid whether used or not:
    /// P(1 − r)/(Y · 8,760) + kW · PUE · price + ops / 730 (docs/cost-model.md).
    ///
    /// Example: P = 250,000, Y = 3, r = 10 %, 6.5 kW, PUE 1.3, 0.12/kWh, ops 1,500/month →
    /// 11.6304 per server-hour.
    #[must_use]
    pub fn per_server_hour(&self) -> f64 {
        self.purchase * (1.0 - self.residual) / (self.life_years * HOURS_PER_YEAR)
            + self.running_per_hour()
    }

    /// Power and operations per server-hour (the part of [`Self::per_server_hour`] that is paid
    /// monthly in cash): kW · PUE · price + ops / 730.
    #[must_use]
    pub fn running_per_hour(&self) -> f64 {
        self.kw * self.pue * self.price_per_kwh + self.ops_per_month / HOURS_PER_MONTH_730
    }

    /// Owned cost per **used** GPU-hour at utilisation `utilisation` (0–1]: per server-hour / g /
    /// u. `None` when utilisation is not positive. Example above at u = 70 %: 2.0769.
    #[must_use]
    pub fn per_used_gpu_hour(&self, utilisation: f64) -> Option<f64> {
        (utilisation > 0.0 && utilisation.is_finite() && self.gpus > 0)
            .then(|| self.per_server_hour() / f64::from(self.gpus) / utilisation)
    }

    /// Cumulative cash cost of owning `servers` servers at the end of each month 1..=months:
    /// purchases at the start, then power and operations for each month's hours
    /// (`month_hours[i]`). The residual value is not credited inside the horizon (it is only
    /// recovered at resale). Used for the crossover month.
    #[must_use]
    pub fn cumulative_cash(&self, servers: f64, month_hours: &[f64]) -> Vec<f64> {
        let mut acc = servers * self.purchase;
        month_hours
            .iter()
            .map(|h| {
                acc += servers * self.running_per_hour() * h;
                acc
            })
            .collect()
    }
}

/// First month (1-based) at whose end cumulative renting costs at least cumulative buying;
/// `None` if renting stays cheaper over the whole series (crossover beyond the horizon, or never).
#[must_use]
pub fn crossover_month(rent_cumulative: &[f64], buy_cumulative: &[f64]) -> Option<u32> {
    rent_cumulative
        .iter()
        .zip(buy_cumulative)
        .position(|(r, b)| r >= b)
        .map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> OwnedServer {
        OwnedServer {
            gpus: 8,
            purchase: 250_000.0,
            life_years: 3.0,
            residual: 0.10,
            kw: 6.5,
            pue: 1.3,
            price_per_kwh: 0.12,
            ops_per_month: 1_500.0,
        }
    }

    #[test]
    fn cost_model_tco_example() {
        let s = example();
        assert!(s.validate(FieldPath::of(Field::Buy)).is_ok());
        assert_eq!(format!("{:.4}", s.per_server_hour()), "11.6304");
        assert_eq!(
            format!("{:.4}", s.per_used_gpu_hour(0.70).unwrap()),
            "2.0769"
        );
        assert_eq!(s.per_used_gpu_hour(0.0), None);
    }

    #[test]
    fn crossover_is_the_first_month_renting_costs_more() {
        let s = example();
        let hours = vec![730.0; 36];
        let buy = s.cumulative_cash(1.0, &hours);
        assert!((buy[0] - (250_000.0 + s.running_per_hour() * 730.0)).abs() < 1e-6);
        // Renting at 32.77/h: 23,922.10 a month vs 250,000 + ~3,000 a month.
        let rent: Vec<f64> = (1..=36).map(|m| 32.77 * 730.0 * f64::from(m)).collect();
        let m = crossover_month(&rent, &buy).unwrap();
        assert!(rent[m as usize - 1] >= buy[m as usize - 1]);
        assert!(rent[m as usize - 2] < buy[m as usize - 2]);
        assert_eq!(m, 12);
        assert_eq!(crossover_month(&rent[..5], &buy[..5]), None);
    }

    #[test]
    fn bad_server_fields_are_named() {
        let e = OwnedServer {
            pue: 0.5,
            ..example()
        }
        .validate(FieldPath::of(Field::Buy))
        .unwrap_err();
        assert_eq!(e.field.to_string(), "buy.pue");
        let e = OwnedServer {
            gpus: 0,
            ..example()
        }
        .validate(FieldPath::of(Field::Buy))
        .unwrap_err();
        assert_eq!(e.field.to_string(), "buy.gpus");
    }
}
