//! Diagnostics of the ingest, not checks (ignored tests, run by name): what docs/catalog.md's
//! figures are read from.

use super::*;

fn catalog() -> Catalog {
    ingest_all(
        &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/catalog-sources"),
    )
    .unwrap_or_else(|e| panic!("ingest failed: {e}"))
}

fn source_of<'a>(c: &'a Catalog, o: &OfferRecord) -> &'a SourceRecord {
    &c.sources[o.source]
}

/// A diagnostic, not a check: prints the offers, superseded ids and dropped ids whose line
/// contains `$PAT` (`PAT=Nebius cargo test -p planner-core --lib print_offers_matching --
/// --ignored --nocapture`).
#[test]
#[ignore = "diagnostic"]
fn print_offers_matching() {
    let c = catalog();
    let pat = std::env::var("PAT").unwrap_or_default();
    for o in &c.offers {
        let line = format!(
            "{} | {} | {} | {}x {} {:?} | od {:?} spot {:?} | {}",
            o.id,
            o.provider,
            o.tier,
            o.gpu_count,
            o.gpu_model,
            o.gpu_memory_gib,
            o.on_demand_per_hour,
            o.spot_per_hour,
            source_of(&c, o).as_of
        );
        if line.contains(&pat) {
            println!("{line}");
        }
    }
    for (a, b) in &c.superseded {
        let l = format!("SUP {a} -> {b}");
        if l.contains(&pat) {
            println!("{l}");
        }
    }
    for (a, b) in &c.dropped {
        let l = format!("DROP {a} : {b}");
        if l.contains(&pat) {
            println!("{l}");
        }
    }
}

/// A diagnostic, not a check: prints the counts docs/catalog.md quotes (offers, sources,
/// skipped rows by file and reason, dropped offers by reason, offers per source)
/// (`cargo test -p planner-core --lib print_counts -- --ignored --nocapture`).
#[test]
#[ignore = "diagnostic"]
fn print_counts() {
    let c = catalog();
    let sup = c
        .dropped
        .iter()
        .filter(|(_, r)| r.starts_with("superseded"))
        .count();
    println!(
        "offers {} sources {} skipped {} dropped {} (superseded {}) superseded-map {}",
        c.offers.len(),
        c.sources.len(),
        c.skipped.len(),
        c.dropped.len(),
        sup,
        c.superseded.len()
    );
    let mut by: std::collections::BTreeMap<String, usize> = Default::default();
    for (_, r) in &c.dropped {
        *by.entry(r.split(':').next().unwrap_or("").to_string())
            .or_default() += 1;
    }
    println!("{by:?}");
    let mut sk: std::collections::BTreeMap<String, usize> = Default::default();
    for (f, _, r) in &c.skipped {
        *sk.entry(format!("{f}: {}", r.split([':', '(']).next().unwrap_or("")))
            .or_default() += 1;
    }
    for (k, v) in sk {
        println!("{v:5} {k}");
    }
    for s in &c.sources {
        println!(
            "SRC {} | {} | {}",
            s.id,
            s.as_of,
            c.offers
                .iter()
                .filter(|o| o.source == c.sources.iter().position(|x| x.id == s.id).unwrap())
                .count()
        );
    }
}
