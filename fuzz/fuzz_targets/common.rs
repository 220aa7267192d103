//! Invariants shared by the engine fuzz targets.
#![allow(dead_code)]

use planner_core::error::{FileError, FileProblem};
use planner_core::file::Evaluation;

/// `msg` without the parts it quotes back from the input (`"…"` or `` `…` ``), which may hold
/// any text the user typed.
pub fn unquoted(msg: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<char> = None;
    for c in msg.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '`' => quote = Some(c),
            None => out.push(c),
        }
    }
    out
}

/// Whether `token` occurs in `text` as a word of its own (not inside a longer run of letters
/// or digits): how Rust prints a non-finite `f64` (`NaN`, `inf`, `-inf`). Quote-stripping
/// alone is not enough: a field name that itself holds a backtick (serde quotes names in
/// backticks) ends the quote early and leaves the user's letters (`pppinfppp`) outside it.
pub fn shows_token(text: &str, token: &str) -> bool {
    text.match_indices(token).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + token.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

/// An error names a field (or is about the whole document: not JSON, not an object, an unknown
/// top-level key) and its own text (without what it quotes back from the input) shows no NaN or
/// infinity.
pub fn check_error(e: &FileError) {
    let msg = e.to_string();
    assert!(!msg.is_empty(), "empty error message");
    let whole = matches!(
        e.problem,
        FileProblem::NotJson(_) | FileProblem::NotAnObject | FileProblem::UnknownField { .. }
    );
    assert!(whole || !e.field.is_root(), "error without a field: {msg}");
    if let FileProblem::Engine(p) = &e.problem {
        let own = unquoted(&p.to_string());
        assert!(
            !shows_token(&own, "NaN") && !shows_token(&own, "inf"),
            "error shows a non-finite number: {msg}"
        );
    }
}

fn finite_non_negative(what: &str, x: f64) {
    assert!(x.is_finite() && x >= 0.0, "{what} is {x}");
}

/// Totals finite and ≥ 0; cumulative series never decrease; Monte-Carlo bands ordered.
pub fn check_evaluation(ev: &Evaluation) {
    for o in &ev.options {
        let r = &o.result;
        finite_non_negative("total", r.total);
        finite_non_negative("total_with_commitment", r.total_with_commitment);
        for v in r.totals.values() {
            finite_non_negative("totals component", v);
        }
        for m in &r.monthly {
            for v in m.values() {
                finite_non_negative("monthly component", v);
            }
        }
        let mut prev = 0.0_f64;
        for c in &r.cumulative {
            let t = c.total();
            finite_non_negative("cumulative", t);
            assert!(
                t >= prev - 1e-9 * prev.abs().max(1.0),
                "cumulative decreases: {prev} then {t}"
            );
            prev = t;
        }
        for x in [
            r.per_used_gpu_hour,
            r.per_job,
            r.finish_hours,
            r.finish_months,
        ]
        .into_iter()
        .flatten()
        {
            finite_non_negative("per-unit figure", x);
        }
        if let Some(mc) = &o.montecarlo {
            let mut prev = 0.0_f64;
            for b in &mc.cumulative {
                for v in [b.p10, b.p50, b.p90] {
                    finite_non_negative("Monte-Carlo band", v);
                }
                assert!(b.p10 <= b.p50 + 1e-6 * b.p50.abs().max(1.0), "p10 > p50");
                assert!(b.p50 <= b.p90 + 1e-6 * b.p90.abs().max(1.0), "p50 > p90");
                assert!(b.p50 >= prev - 1e-6 * prev.abs().max(1.0), "p50 decreases");
                prev = b.p50;
            }
        }
    }
}

/// The CSV report shows no NaN or infinity.
pub fn check_csv(csv: &str) {
    for line in csv.lines().skip(1) {
        for cell in line.split(',') {
            assert!(
                cell != "NaN" && cell != "inf" && cell != "-inf",
                "CSV cell {cell:?} in {line}"
            );
        }
    }
}
