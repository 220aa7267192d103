//! The catalog refresh: rebuilds `data/catalog-sources/refresh-<provider>.csv` from public price
//! endpoints, in one normalised schema ([`schema::Row`]), with a provenance record per run.
//!
//! Each provider module has pure parsers (bytes → rows, tested on recorded real responses in
//! `tests/fixtures/refresh/<provider>/`) and a thin network step that builds the requests
//! ([`fetch::Request`]) and hands each answer to its parser. Sending requests is the caller's
//! job through [`fetch::Fetch`]: `gpurent catalog refresh` uses an HTTP client or, with
//! `--from-dir`, saved responses. Nothing here depends on the planner's catalog
//! (`planner-core`): the ingest reads the files this writes (docs/catalog-refresh.md).

pub mod aws;
pub mod azure;
pub mod coreweave;
pub mod error;
pub mod fetch;
pub mod gcp;
pub mod lambda;
pub mod runpod;
pub mod schema;
pub mod tables;
pub mod vast;

use error::RefreshError;
use fetch::{Fetch, Recorder, Request, ResponseRecord};
use schema::Row;
use serde::Serialize;
use std::collections::BTreeMap;

/// Where a response came from: its name in messages, the URL in `source_ref`, and the fetch
/// time used as `as_of` when the response states no date of its own.
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    /// Name in error messages (the saved file name).
    pub name: &'a str,
    /// The URL the response answers.
    pub url: &'a str,
    /// Fetch time, `YYYY-MM-DDTHH:MM:SSZ`.
    pub fetched_at: &'a str,
}

impl<'a> Origin<'a> {
    /// The origin of `request`'s response, fetched at `fetched_at`.
    #[must_use]
    pub fn of(request: &'a Request, fetched_at: &'a str) -> Self {
        Self {
            name: &request.save_as,
            url: &request.url,
            fetched_at,
        }
    }
}

/// Lines or items left out, by reason, with counts (written to the provenance file).
pub type Skipped = BTreeMap<String, u64>;

/// The providers the refresh knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Provider {
    /// AWS: EC2 Price List (on-demand, Reserved), Savings Plans, spot feed.
    Aws,
    /// Azure: Retail Prices API (on-demand, spot, reservations, savings plans).
    Azure,
    /// Google Cloud: Cyclenerd's `pricing.yml` (on-demand, spot, committed use).
    Gcp,
    /// Lambda: instance types API (needs an API key).
    Lambda,
    /// RunPod: GraphQL `gpuTypes` (terms restrict automated collection).
    RunPod,
    /// Vast.ai: bundles (terms restrict automated collection).
    Vast,
    /// CoreWeave: pricing page HTML.
    CoreWeave,
}

impl Provider {
    /// Every provider, in the order a refresh runs them.
    pub const ALL: [Provider; 7] = [
        Provider::Aws,
        Provider::Azure,
        Provider::Gcp,
        Provider::Lambda,
        Provider::RunPod,
        Provider::Vast,
        Provider::CoreWeave,
    ];

    /// The id used in flags and file names (`refresh-<id>.csv`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Provider::Aws => "aws",
            Provider::Azure => "azure",
            Provider::Gcp => "gcp",
            Provider::Lambda => "lambda",
            Provider::RunPod => "runpod",
            Provider::Vast => "vast",
            Provider::CoreWeave => "coreweave",
        }
    }

    /// The provider by id (case-insensitive).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.id().eq_ignore_ascii_case(id.trim()))
    }

    /// The name rows carry in `provider`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Provider::Aws => "AWS",
            Provider::Azure => "Azure",
            Provider::Gcp => "Google Cloud",
            Provider::Lambda => "Lambda",
            Provider::RunPod => "RunPod",
            Provider::Vast => "Vast.ai",
            Provider::CoreWeave => "CoreWeave",
        }
    }

    /// Refreshed when no `--provider` is given: needs no credential and no permission.
    #[must_use]
    pub fn by_default(self) -> bool {
        matches!(
            self,
            Provider::Aws | Provider::Azure | Provider::Gcp | Provider::CoreWeave
        )
    }

    /// What the provider's terms say about collecting its prices, with the source of the note.
    #[must_use]
    pub fn terms(self) -> &'static str {
        match self {
            Provider::Aws => "AWS Price List bulk files and the spot feeds are published for programmatic use, no credentials",
            Provider::Azure => "the Retail Prices API is a public, unauthenticated API published for programmatic price queries",
            Provider::Gcp => "Cyclenerd's pricing.yml is Apache-2.0 (© Nils Knieling), built from Google's Cloud Billing Catalog",
            Provider::Lambda => "the instance-types API needs the account holder's API key; no clause against collection found (docs/catalog-refresh.md, Terms)",
            Provider::RunPod => "RunPod's Terms of Service (last updated 2026-03-24) forbid automated access and building a database from the site without permission (docs/catalog-refresh.md, Terms)",
            Provider::Vast => "Vast.ai's Terms (version date 2026-09-01) and its feed licence forbid bulk collection and use in a price-comparison product without a data licence (docs/catalog-refresh.md, Terms)",
            Provider::CoreWeave => "public pricing page; no clause against collection found (docs/catalog-refresh.md, Terms)",
        }
    }

    /// Whether the terms restrict automated collection: the command then needs
    /// `--accept-terms <id>` from a maintainer who has permission.
    #[must_use]
    pub fn terms_restrict(self) -> bool {
        matches!(self, Provider::RunPod | Provider::Vast)
    }

    /// The environment variable of an API key the provider needs, if any.
    #[must_use]
    pub fn credential(self) -> Option<&'static str> {
        match self {
            Provider::Lambda => Some(lambda::KEY_ENV),
            _ => None,
        }
    }

    /// Version of this provider's parser; bumped when its output changes for the same input.
    #[must_use]
    pub fn parser_version(self) -> u32 {
        1
    }
}

/// What a refresh run is told.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// AWS regions (empty: [`aws::DEFAULT_REGIONS`]).
    pub aws_regions: Vec<String>,
    /// Azure regions (empty: [`azure::DEFAULT_REGIONS`]).
    pub azure_regions: Vec<String>,
    /// Fetch time, `YYYY-MM-DDTHH:MM:SSZ`.
    pub fetched_at: String,
    /// Providers whose restrictive terms the maintainer has permission for.
    pub accepted_terms: Vec<Provider>,
}

impl Options {
    fn aws_regions(&self) -> Vec<String> {
        regions_or(&self.aws_regions, &aws::DEFAULT_REGIONS)
    }

    fn azure_regions(&self) -> Vec<String> {
        regions_or(&self.azure_regions, &azure::DEFAULT_REGIONS)
    }
}

fn regions_or(given: &[String], default: &[&str]) -> Vec<String> {
    if given.is_empty() {
        default.iter().map(|r| (*r).to_owned()).collect()
    } else {
        given.to_vec()
    }
}

/// The requests of `provider` known before anything is fetched (`--list-requests`; AWS's
/// per-region Savings Plans files and Azure's further pages follow from the answers).
#[must_use]
pub fn first_requests(provider: Provider, options: &Options) -> Vec<Request> {
    match provider {
        Provider::Aws => aws::first_requests(&options.aws_regions()),
        Provider::Azure => options
            .azure_regions()
            .iter()
            .map(|r| azure::first_request(r))
            .collect(),
        Provider::Gcp => vec![Request::get(gcp::PRICING_YML_URL, "pricing.yml")],
        Provider::Lambda => vec![lambda::request()],
        Provider::RunPod => vec![runpod::request()],
        Provider::Vast => vec![vast::request()],
        Provider::CoreWeave => vec![coreweave::request()],
    }
}

/// One provider's refresh: its rows (sorted, ready to write) and what was fetched.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The provider.
    pub provider: Provider,
    /// The normalised rows, sorted by [`Row::sort_key`].
    pub rows: Vec<Row>,
    /// Every response, in fetch order.
    pub responses: Vec<ResponseRecord>,
    /// Lines or items left out, by reason.
    pub skipped: Skipped,
    /// Fetch time.
    pub fetched_at: String,
}

/// Fetches (through `fetch`) and parses everything of `provider`.
///
/// # Errors
/// [`RefreshError::TermsNotAccepted`] before any request for a provider whose terms restrict
/// collection and is not in `options.accepted_terms`; the first fetch or parse error;
/// [`RefreshError::NoRows`] when the answers hold no GPU price at all.
pub fn refresh(
    provider: Provider,
    fetch: &mut dyn Fetch,
    options: &Options,
) -> Result<Outcome, RefreshError> {
    if provider.terms_restrict() && !options.accepted_terms.contains(&provider) {
        return Err(RefreshError::TermsNotAccepted {
            provider: provider.name(),
            id: provider.id(),
            terms: provider.terms(),
        });
    }
    let at = options.fetched_at.as_str();
    let mut recorder = Recorder::new(fetch);
    let mut skipped = Skipped::new();
    let r = &mut recorder;
    let mut rows = match provider {
        Provider::Aws => aws::refresh(r, &options.aws_regions(), at, &mut skipped)?,
        Provider::Azure => azure::refresh(r, &options.azure_regions(), at, &mut skipped)?,
        Provider::Gcp => one(
            r,
            Request::get(gcp::PRICING_YML_URL, "pricing.yml"),
            at,
            &gcp::read,
        )?,
        Provider::Lambda => one(r, lambda::request(), at, &lambda::read)?,
        Provider::RunPod => one(r, runpod::request(), at, &runpod::read)?,
        Provider::Vast => one(r, vast::request(), at, &vast::read)?,
        Provider::CoreWeave => one(r, coreweave::request(), at, &|bytes, origin| {
            coreweave::read(&String::from_utf8_lossy(bytes), origin)
        })?,
    };
    if rows.is_empty() {
        return Err(RefreshError::NoRows {
            provider: provider.name(),
            responses: recorder.records.len(),
        });
    }
    rows.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    rows.dedup();
    Ok(Outcome {
        provider,
        rows,
        responses: recorder.records,
        skipped,
        fetched_at: options.fetched_at.clone(),
    })
}

/// A parser of one response.
type Parse = dyn Fn(&[u8], &Origin) -> Result<Vec<Row>, error::ParseError>;

/// Fetches `request` and parses its answer.
fn one(
    recorder: &mut Recorder,
    request: Request,
    fetched_at: &str,
    parse: &Parse,
) -> Result<Vec<Row>, RefreshError> {
    let body = recorder.get(&request)?;
    Ok(parse(&body, &Origin::of(&request, fetched_at))?)
}

/// The provenance record of one provider's run (`refresh-<id>.provenance.json`).
#[derive(Debug, Serialize)]
pub struct Provenance<'a> {
    /// Provider id.
    pub provider: &'static str,
    /// When the responses were fetched (UTC).
    pub fetched_at: &'a str,
    /// "network" or "saved responses in <dir>".
    pub mode: &'a str,
    /// The tool and parser that wrote the file.
    pub parser: String,
    /// Rows written.
    pub rows: usize,
    /// Rows per billing mode.
    pub rows_by_billing_mode: BTreeMap<String, usize>,
    /// Every response: URL, method, body, saved name, size, SHA-256.
    pub responses: &'a [ResponseRecord],
    /// Lines or items left out, by reason.
    pub skipped: &'a Skipped,
    /// What the provider's terms say about collecting its prices.
    pub terms: &'static str,
}

impl Outcome {
    /// The provenance record of this run, fetched in `mode`.
    #[must_use]
    pub fn provenance<'a>(&'a self, mode: &'a str) -> Provenance<'a> {
        let mut by_mode = BTreeMap::new();
        for row in &self.rows {
            let mode = row
                .billing_mode
                .and_then(|m| serde_json::to_value(m).ok())
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            *by_mode.entry(mode).or_default() += 1;
        }
        Provenance {
            provider: self.provider.id(),
            fetched_at: &self.fetched_at,
            mode,
            parser: format!(
                "planner-refresh {} ({} parser v{})",
                env!("CARGO_PKG_VERSION"),
                self.provider.id(),
                self.provider.parser_version()
            ),
            rows: self.rows.len(),
            rows_by_billing_mode: by_mode,
            responses: &self.responses,
            skipped: &self.skipped,
            terms: self.provider.terms(),
        }
    }
}
