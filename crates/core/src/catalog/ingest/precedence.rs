//! The precedence rules between sources: one offer per provider and instance type
//! ([`supersede`]), then, for GPU clouds and marketplaces, one offer per provider, GPU model,
//! count and tier ([`supersede_by_model`]); the guard against per-GPU prices turned into
//! instance sizes the provider does not sell ([`check_per_gpu_sizes`]); and the chains of
//! superseded ids resolved to the offers that stay ([`resolve_superseded`]).

use super::*;

/// The precedence rule when the same provider sells the same instance type (for the Chinese
/// platforms: the same product name, e.g. AutoDL `RTX 4090`) in two or more sources:
///
/// 1. for a hyperscaler, the provider's own price data (a fetcher's output) wins over
///    hand-typed quotes, whatever their dates;
/// 2. then the newest data date wins (a known date over "unknown");
/// 3. then the earlier offer (ingest order).
///
/// The other offers move to [`Catalog::dropped`] with the reason and to
/// [`Catalog::superseded`] (their ids keep opening the winner), and the winner takes over
/// their price terms that it lacks (an Alibaba 包月 price from a hand-typed quote joins the
/// fetcher's hourly offer, keeping its own source), the newer one where both have the same
/// mode and term. Deterministic: depends only on the offers' order and dates.
pub(super) fn supersede(catalog: &mut Catalog) {
    let key = |o: &OfferRecord| (o.provider.clone(), o.instance_type.to_lowercase());
    let date_of = |i: usize| {
        catalog.sources.get(i).map_or(String::new(), |s| {
            if s.as_of == DATE_UNKNOWN {
                String::new()
            } else {
                s.as_of.clone()
            }
        })
    };
    let rank = |o: &OfferRecord| {
        let id = catalog.sources.get(o.source).map_or("", |s| s.id.as_str());
        let primary = provider_kind(&o.provider) == "hyperscaler" && !is_quote_source(id);
        (primary, date_of(o.source))
    };
    let mut best: HashMap<(String, String), usize> = HashMap::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        let k = key(o);
        match best.get(&k) {
            Some(&j) if rank(&catalog.offers[j]) >= rank(o) => {}
            _ => {
                best.insert(k, i);
            }
        }
    }
    let mut moved: Vec<(usize, TermRecord)> = Vec::new();
    let mut dropped = Vec::new();
    let mut superseded = Vec::new();
    let mut keep = vec![true; catalog.offers.len()];
    for (i, o) in catalog.offers.iter().enumerate() {
        let winner = best.get(&key(o)).copied().unwrap_or(i);
        if winner == i {
            continue;
        }
        keep[i] = false;
        let w = &catalog.offers[winner];
        moved.extend(o.terms.iter().map(|t| (winner, t.clone())));
        superseded.push((o.id.clone(), w.id.clone()));
        let when = |s: usize| match date_of(s) {
            d if d.is_empty() => "date unknown".to_string(),
            d => format!("as of {d}"),
        };
        dropped.push((
            o.id.clone(),
            format!(
                "superseded: {} sells {:?} also in {} ({}, {}); this one is {}",
                o.provider,
                o.instance_type,
                w.id,
                if rank(w).0 && !rank(o).0 {
                    "the provider's own price data"
                } else {
                    "a newer source"
                },
                when(w.source),
                when(o.source)
            ),
        ));
    }
    for (winner, t) in moved {
        let terms = &catalog.offers[winner].terms;
        let same = |u: &TermRecord| {
            (u.mode, u.term_months, u.term_days, u.payment)
                == (t.mode, t.term_months, t.term_days, t.payment)
        };
        match terms.iter().position(same) {
            None => catalog.offers[winner].terms.push(t),
            Some(p) if date_of(t.source) > date_of(terms[p].source) => {
                catalog.offers[winner].terms[p] = t
            }
            Some(_) => {}
        }
    }
    let mut i = 0;
    catalog.offers.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    catalog.dropped.extend(dropped);
    catalog.superseded.extend(superseded);
}

/// The precedence rule between sources for GPU clouds and marketplaces (not hyperscalers),
/// where sources name instance types differently: one offer per (provider, GPU model, GPU
/// count, tier) — the aggregators' rows (gpurentalprices.com, page quotes, resellers) are used
/// only where they are the best-dated source, never beside another source's offer for the same
/// thing. Among the sources that give a key, the winner is the fresh one (dated within
/// [`STALE_AFTER_MONTHS`]), then the newest date (a known date over "unknown"), then a primary
/// source over an aggregator; all of the winner's offers for the key stay (one source may list
/// several instance types of one GPU and count). Two more rules remove ambiguous duplicates:
/// an offer whose tier is not stated (RunPod secure or community) gives way to the provider's
/// tiered offers of the same GPU and count, and an offer whose GPU's form factor is not stated
/// (`A100 80GB`) gives way to the provider's offers of the same chip, memory and count with a
/// stated form (`A100 80GB SXM`, `A100 80GB PCIe`), unless its own source lists that stated
/// form too (then they are two products: RunPod `H200` and `H200 NVL`). Dropped offers are
/// recorded as superseded.
pub(super) fn supersede_by_model(catalog: &mut Catalog) {
    adopt_stated_form(catalog);
    let spec_of = |model: &str| catalog.specs.iter().find(|s| s.model == model);
    let form_known = |o: &OfferRecord| spec_of(&o.gpu_model).is_some_and(|s| !s.form.is_empty());
    let chip_key = |o: &OfferRecord| {
        let (chip, memory) = spec_of(&o.gpu_model).map_or((o.gpu_model.clone(), 0.0), |s| {
            (s.chip.to_string(), s.memory_gib)
        });
        (o.provider.clone(), chip, memory.to_bits(), o.gpu_count)
    };
    let rank = |o: &OfferRecord| {
        let s = &catalog.sources[o.source];
        let date = if s.as_of == DATE_UNKNOWN {
            String::new()
        } else {
            s.as_of.clone()
        };
        (is_fresh(s), date, !is_quote_source(&s.id))
    };
    let n = catalog.offers.len();
    let mut winner: Vec<Option<usize>> = vec![None; n];
    let eligible = |o: &OfferRecord| provider_kind(&o.provider) != "hyperscaler";
    for (i, o) in catalog.offers.iter().enumerate() {
        if !eligible(o) {
            continue;
        }
        for (j, w) in catalog.offers.iter().enumerate() {
            if i == j {
                continue;
            }
            if !eligible(w) || w.provider != o.provider || w.gpu_count != o.gpu_count {
                continue;
            }
            let same_model = w.gpu_model == o.gpu_model;
            let beats = if same_model && w.tier == o.tier {
                w.source != o.source && rank(w) > rank(o)
            } else if same_model {
                o.tier.is_empty() && !w.tier.is_empty()
            } else {
                // A source that lists both `H200` and `H200 NVL` means two products.
                chip_key(w) == chip_key(o)
                    && form_known(w)
                    && !form_known(o)
                    && !catalog.offers.iter().any(|x| {
                        x.source == o.source
                            && x.provider == o.provider
                            && x.gpu_model == w.gpu_model
                    })
            };
            if beats {
                winner[i] = Some(j);
                break;
            }
        }
    }
    // Follow chains to an offer that stays.
    let mut dropped = Vec::new();
    for i in 0..n {
        let Some(mut j) = winner[i] else { continue };
        let mut hops = 0;
        while let Some(k) = winner[j] {
            j = k;
            hops += 1;
            if hops > n {
                break;
            }
        }
        let (o, w) = (&catalog.offers[i], &catalog.offers[j]);
        let when = |x: &OfferRecord| match catalog.sources[x.source].as_of.as_str() {
            DATE_UNKNOWN => "date unknown".to_string(),
            d => format!("as of {d}"),
        };
        dropped.push((
            i,
            o.id.clone(),
            w.id.clone(),
            format!(
                "superseded: {} {}x {}{} is also in {} ({}); this one is {}",
                o.provider,
                o.gpu_count,
                o.gpu_model,
                if o.tier.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", o.tier)
                },
                w.id,
                when(w),
                when(o)
            ),
        ));
    }
    // A winner without a spot price takes the best-ranked loser's, which keeps its own source;
    // a loser that states the GPU count shows the provider sells that size, so the winner's
    // count counts as stated (`check_per_gpu_sizes`).
    let mut spot_from: Vec<(usize, usize)> = Vec::new();
    for (i, _, new, _) in &dropped {
        let w = catalog
            .offers
            .iter()
            .position(|x| x.id == *new)
            .expect("the winner stays");
        if catalog.offers[*i].count_stated {
            catalog.offers[w].count_stated = true;
        }
        let o = &catalog.offers[*i];
        if catalog.offers[w].spot_per_hour.is_some() || o.spot_per_hour.is_none() {
            continue;
        }
        match spot_from.iter_mut().find(|(x, _)| *x == w) {
            Some((_, best)) if rank(&catalog.offers[*best]) >= rank(o) => {}
            Some((_, best)) => *best = *i,
            None => spot_from.push((w, *i)),
        }
    }
    for (w, i) in spot_from {
        let o = catalog.offers[i].clone();
        let x = &mut catalog.offers[w];
        x.spot_per_hour = o.spot_per_hour;
        x.spot_spread = o.spot_spread;
        x.spot_listings = o.spot_listings.min(x.listings);
        x.spot_source = Some(o.spot_source.unwrap_or(o.source));
        let why = format!(
            "spot price from {} ({})",
            o.id, catalog.sources[o.source].id
        );
        x.note = if x.note.is_empty() {
            why
        } else {
            format!("{}; {why}", x.note)
        };
    }
    let gone: HashSet<usize> = dropped.iter().map(|d| d.0).collect();
    for (_, old, new, why) in dropped {
        catalog.superseded.push((old.clone(), new));
        catalog.dropped.push((old, why));
    }
    let mut i = 0;
    catalog.offers.retain(|_| {
        i += 1;
        !gone.contains(&(i - 1))
    });
}

/// An offer whose GPU's form factor its source does not state (`H100` → `H100 80GB`) takes the
/// form the provider's other sources state for that chip and memory when they state exactly one
/// (Nebius `NVIDIA H100 NVLink` is the `H100 80GB SXM` of Nebius's other sources), and when its
/// own source does not list a stated form of that chip for the provider (then the two are
/// different products). Its note says so. Then the dated precedence between sources applies to
/// it as to any offer of that model.
fn adopt_stated_form(catalog: &mut Catalog) {
    let spec_of = |model: &str| catalog.specs.iter().find(|s| s.model == model).copied();
    let mut renames = Vec::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        if provider_kind(&o.provider) == "hyperscaler" {
            continue;
        }
        let Some(spec) = spec_of(&o.gpu_model).filter(|s| s.form.is_empty()) else {
            continue;
        };
        let stated: BTreeSet<(&str, usize)> = catalog
            .offers
            .iter()
            .filter(|x| x.provider == o.provider)
            .filter_map(|x| {
                spec_of(&x.gpu_model)
                    .filter(|s| {
                        !s.form.is_empty() && s.chip == spec.chip && s.memory_gib == spec.memory_gib
                    })
                    .map(|s| (s.model, x.source))
            })
            .collect();
        let models: BTreeSet<&str> = stated.iter().map(|(m, _)| *m).collect();
        if models.len() != 1 || stated.iter().any(|(_, src)| *src == o.source) {
            continue;
        }
        let model = *models.iter().next().expect("one model");
        let from = stated
            .iter()
            .map(|(_, src)| catalog.sources[*src].id.as_str())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
            .join(", ");
        renames.push((
            i,
            model,
            format!(
                "form factor not stated by the source; {} sells this GPU as {model} (per {from})",
                o.provider
            ),
        ));
    }
    for (i, model, why) in renames {
        let spec = spec_of(model).expect("a spec row");
        let o = &mut catalog.offers[i];
        o.gpu_model = model.to_string();
        if !o.interconnect.contains("per the source") {
            o.interconnect = spec.interconnect();
        }
        o.note = if o.note.is_empty() {
            why
        } else {
            format!("{}; {why}", o.note)
        };
    }
}

/// The guard "a per-GPU price turned into an instance size the provider does not sell": an
/// offer built from a per-GPU price whose source does not state the GPU count
/// (`count_stated = false`) is dropped when another source shows the provider selling that GPU
/// only in other counts (Nebius sells B200 only as 8-GPU presets), with the sizes it does
/// sell; it stays where a source shows that count, where the provider rents single GPUs
/// ([`SINGLE_GPU_RENTERS`]), or where no source shows any size (its note then says the size is
/// not stated).
pub(super) fn check_per_gpu_sizes(catalog: &mut Catalog) {
    let mut drop = Vec::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        if o.count_stated || SINGLE_GPU_RENTERS.contains(&o.provider.as_str()) {
            continue;
        }
        let sizes: BTreeSet<u32> = catalog
            .offers
            .iter()
            .filter(|x| x.count_stated && x.provider == o.provider && x.gpu_model == o.gpu_model)
            .map(|x| x.gpu_count)
            .collect();
        // No source shows the provider's sizes of this GPU: kept, the offer says so.
        if sizes.is_empty() || sizes.contains(&o.gpu_count) {
            continue;
        }
        let sold = format!(
            "the provider sells it as {}-GPU instances",
            sizes
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("/")
        );
        drop.push((
            i,
            format!(
                "per-GPU price not turned into a {}-GPU instance: {sold}",
                o.gpu_count
            ),
        ));
    }
    let gone: HashSet<usize> = drop.iter().map(|d| d.0).collect();
    for (i, why) in drop {
        catalog.dropped.push((catalog.offers[i].id.clone(), why));
    }
    let mut i = 0;
    catalog.offers.retain(|_| {
        i += 1;
        !gone.contains(&(i - 1))
    });
}

/// Follows chains in [`Catalog::superseded`] (an offer superseded by one that a later pass
/// superseded in turn) so that every old id names an offer that is in the catalog.
pub(super) fn resolve_superseded(catalog: &mut Catalog) {
    let map: HashMap<String, String> = catalog.superseded.iter().cloned().collect();
    for (_, new) in &mut catalog.superseded {
        let mut hops = 0;
        while let Some(next) = map.get(new.as_str()) {
            *new = next.clone();
            hops += 1;
            if hops > map.len() {
                break;
            }
        }
    }
    catalog.superseded.sort();
    catalog.superseded.dedup();
}
