//! The results at a glance: [`totals`] ranks the compared options by their total within the
//! horizon and puts each one's total commitment (what a reserved term still owes after the
//! horizon included) beside it; [`sticky_summary`] is the one-line version a phone keeps at the
//! top of the window (the cheapest option and its total, both totals when a commitment applies),
//! with a link to the rest. Both read the engine's results (`Scenario::evaluate`); amounts are
//! formatted exactly as in the comparison table (`Translator::money`, display currency).

use crate::ui::markup;
use planner_app::i18n::{Arg, Translator};
use planner_app::msg;
use planner_engine::plan::OptionResult;
use planner_engine::Currency;
use yew::prelude::*;

/// The engine's results (`Scenario::evaluate`), or why they could not be computed.
pub type Results = Result<Vec<OptionResult>, planner_core::error::FileError>;

/// Positions of `results` ordered by total within the horizon, cheapest first (ties keep the
/// options' order; totals that are not finite sort last). A selection of the smallest remaining
/// total each time: at most ten options are compared (`validation::MAX_COMPARED`), and the
/// standard library's sort would add about 3 KB of code to the wasm for this one use.
fn ranked(results: &[OptionResult]) -> Vec<usize> {
    let key = |i: usize| {
        let t = results[i].total;
        if t.is_finite() {
            t
        } else {
            f64::INFINITY
        }
    };
    let mut left: Vec<usize> = (0..results.len()).collect();
    let mut order = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let mut best = 0;
        for (k, &i) in left.iter().enumerate() {
            if key(i) < key(left[best]) {
                best = k;
            }
        }
        order.push(left.remove(best));
    }
    order
}

/// Whether `r` commits more than its total within the horizon (a reserved term or savings plan
/// running past it): then both totals are shown.
fn commits_beyond(r: &OptionResult) -> bool {
    r.total_with_commitment.is_finite() && r.total_with_commitment > r.total + 0.005
}

/// The compared options ranked by total within the horizon, each with its total commitment and
/// the part of it owed after the horizon, reserved and savings plan together (`#totals`, one row per option, `data-rank` from 1),
/// amounts in `c`; `term_months[i]` is option `i`'s reserved term in months, if any: a term
/// longer than the horizon is said ("uses 3 of its 36-month reserved term"). A plain function,
/// not a component: it changes with every result, so a component would re-render as often and
/// cost more code in the wasm.
pub fn totals(results: &Results, term_months: &[Option<u32>], c: Currency, t: &Translator) -> Html {
    let body = match results {
        Ok(r) if !r.is_empty() => {
            // Each value's column name, shown before it in the narrow stacked layout.
            let l_total = t.text_with(
                msg!("ui-cmp-total"),
                &[("currency", Arg::Text(c.code().into()))],
            );
            let l_commitment = t.text_with(
                msg!("ui-cmp-commitment"),
                &[("currency", Arg::Text(c.code().into()))],
            );
            let rows = ranked(r).into_iter().enumerate().map(|(rank, i)| {
                let o = &r[i];
                let owed = o.committed_after_horizon();
                let horizon = u32::try_from(o.month_hours.len()).unwrap_or(u32::MAX);
                let term = term_months
                    .get(i)
                    .copied()
                    .flatten()
                    .filter(|m| o.reserved.is_some() && *m > horizon);
                html! {
                    <tr data-rank={(rank + 1).to_string()} data-option={i.to_string()}>
                        <td class="num rank">{ rank + 1 }</td>
                        <th scope="row" class="option-label" title={o.name.clone()}>{ o.name.clone() }</th>
                        <td class="num total" data-label={l_total.clone()}>{ t.money(o.total, c) }</td>
                        <td class="num commitment" data-label={l_commitment.clone()}>
                            { t.money(o.total_with_commitment, c) }
                            if commits_beyond(o) && owed > 0.0 {
                                <div class="owed small">{ t.text_with(msg!("ui-totals-owed-after"), &[("amount", Arg::Text(t.money(owed, c)))]) }</div>
                            }
                            if let Some(m) = term {
                                <div class="term-used small">{ t.text_with(msg!("ui-totals-term-used"), &[("used", Arg::Number(f64::from(horizon))), ("term", Arg::Number(f64::from(m)))]) }</div>
                            }
                        </td>
                    </tr>
                }
            });
            html! {
                <div class="table-scroll">
                    <table id="totals">
                        <thead><tr>
                            { markup::th(true, Some("num"), None, "#".into()) }
                            { markup::th(true, None, None, t.text(msg!("ui-cmp-option")).into()) }
                            { markup::th(true, Some("num"), None, t.text_with(msg!("ui-cmp-total"), &[("currency", Arg::Text(c.code().into()))]).into()) }
                            { markup::th(true, Some("num"), Some(t.text(msg!("ui-cmp-commitment-title")).into()), t.text_with(msg!("ui-cmp-commitment"), &[("currency", Arg::Text(c.code().into()))]).into()) }
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
        }
        Ok(_) => html! {
            <p class="empty">{ t.text_with(msg!("ui-no-offer-picked"), &[("max", Arg::Number(planner_app::validation::MAX_COMPARED as f64))]) }</p>
        },
        Err(e) => html! {
            <p class="field-error">{ t.text_with(msg!("ui-cannot-compute"), &[("detail", Arg::Text(t.file_error(e)))]) }</p>
        },
    };
    html! {
        <section class="card totals-card" id="totals-card" aria-labelledby="totals-heading">
            <div class="card-head">
                <h2 id="totals-heading">{ t.text(msg!("ui-totals-heading")) }</h2>
                <a class="small" href="#results-heading">{ t.text(msg!("ui-totals-details")) }</a>
            </div>
            { body }
        </section>
    }
}

/// The cheapest option and its total within the horizon, with its total commitment when a
/// reserved term or savings plan runs past the horizon (`#sticky-summary`; the stylesheet keeps it at the top
/// of the window on narrow screens and hides it where the results column is beside the plan).
pub fn sticky_summary(results: &Results, c: Currency, t: &Translator) -> Html {
    let cheapest = match results {
        Ok(r) => ranked(r).first().map(|&i| &r[i]),
        Err(_) => None,
    };
    html! {
        <div id="sticky-summary" class="sticky-summary">
            if let Some(o) = cheapest {
                <span class="summary-label">{ t.text(msg!("ui-summary-cheapest")) }</span>
                { " " }<span class="summary-option">{ o.name.clone() }</span>
                { " " }
                <strong class="summary-total" id="sticky-total">{ t.money(o.total, c) }</strong>
                { " " }<span class="muted small">{ c.code() }</span>
                if commits_beyond(o) {
                    { " · " }
                    <span class="summary-commitment" id="sticky-commitment">{ t.text_with(msg!("ui-summary-commitment"), &[("amount", Arg::Text(t.money(o.total_with_commitment, c)))]) }</span>
                }
            } else {
                <span class="muted">{ t.text(msg!("ui-summary-none")) }</span>
            }
            { " " }
            <a class="summary-more" href="#totals-heading">{ t.text(msg!("ui-summary-more")) }</a>
        </div>
    }
}
