//! `gpurent catalog refresh`: fetches the public price endpoints of planner-refresh's providers
//! (or reads saved responses with `--from-dir`), and writes `refresh-<provider>.csv` and
//! `refresh-<provider>.provenance.json` into `--out` (docs/catalog-refresh.md).
//!
//! All or nothing: every selected provider is fetched and parsed before any file is written,
//! and each file is written to a temporary name then renamed, so a failure (offline, a changed
//! format, terms not accepted) leaves the output directory as it was.

use clap::Args;
use planner_refresh::error::FetchError;
use planner_refresh::fetch::{parse_utc, utc_seconds, Fetch, Method, Request};
use planner_refresh::schema::to_csv;
use planner_refresh::{first_requests, refresh, Options, Outcome, Provider};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Arguments of `gpurent catalog refresh`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RefreshArgs {
    /// Providers to refresh (repeat or comma-separate): aws, azure, gcp, lambda, runpod, vast,
    /// coreweave. Default: the ones that need neither a key nor permission (aws, azure, gcp,
    /// coreweave).
    #[arg(long = "provider", value_delimiter = ',')]
    pub providers: Vec<String>,
    /// Directory the files are written to.
    #[arg(long, default_value = "data/catalog-sources")]
    pub out: PathBuf,
    /// Read saved responses from DIR/<provider>/<file> instead of the network (the file names
    /// are those `--list-requests` prints). Needs --fetched-at.
    #[arg(long, value_name = "DIR", requires = "fetched_at")]
    pub from_dir: Option<PathBuf>,
    /// When the saved responses were fetched (UTC, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD): the
    /// date of rows whose source states none.
    #[arg(long, value_name = "TIME")]
    pub fetched_at: Option<String>,
    /// AWS regions (repeat or comma-separate; default: us-east-1, us-east-2, us-west-2,
    /// eu-west-1, eu-central-1, ap-northeast-1).
    #[arg(long = "aws-region", value_delimiter = ',')]
    pub aws_regions: Vec<String>,
    /// Azure regions (default: eastus, eastus2, southcentralus, westus2, westus3, westeurope,
    /// swedencentral, japaneast).
    #[arg(long = "azure-region", value_delimiter = ',')]
    pub azure_regions: Vec<String>,
    /// Providers whose terms forbid automated collection without permission (runpod, vast):
    /// pass their id only if you have that permission.
    #[arg(long = "accept-terms", value_delimiter = ',')]
    pub accept_terms: Vec<String>,
    /// Print the requests (method, URL, body, saved file name) and exit without fetching.
    #[arg(long)]
    pub list_requests: bool,
}

fn providers(ids: &[String]) -> Result<Vec<Provider>, String> {
    let mut out = Vec::new();
    for id in ids {
        let p = Provider::from_id(id).ok_or_else(|| {
            let known: Vec<&str> = Provider::ALL.iter().map(|p| p.id()).collect();
            format!("unknown provider {id:?}; providers: {}", known.join(", "))
        })?;
        if !out.contains(&p) {
            out.push(p);
        }
    }
    Ok(out)
}

/// Runs the refresh; returns the summary printed on success.
///
/// # Errors
/// The message of the first failure (bad arguments, a fetch, parse or terms error, a write
/// error); no file is written then.
pub fn run(args: &RefreshArgs) -> Result<String, String> {
    let selected = if args.providers.is_empty() {
        Provider::ALL
            .into_iter()
            .filter(|p| p.by_default())
            .collect()
    } else {
        providers(&args.providers)?
    };
    let fetched_at = match (&args.from_dir, &args.fetched_at) {
        (Some(_), Some(t)) | (None, Some(t)) => parse_utc(t).ok_or_else(|| {
            format!(
                "--fetched-at {t:?} is not a UTC time YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD"
            )
        })?,
        (Some(_), None) => return Err("--from-dir needs --fetched-at".into()),
        (None, None) => utc_seconds(SystemTime::now()),
    };
    let options = Options {
        aws_regions: args.aws_regions.clone(),
        azure_regions: args.azure_regions.clone(),
        fetched_at,
        accepted_terms: providers(&args.accept_terms)?,
    };
    if args.list_requests {
        return Ok(list_requests(&selected, &options));
    }
    let mut outcomes = Vec::new();
    for &provider in &selected {
        let result = match &args.from_dir {
            Some(dir) => refresh(provider, &mut SavedResponses::new(dir, provider), &options),
            None => refresh(provider, &mut Http::new(), &options),
        };
        outcomes.push(result.map_err(|e| format!("{}: {e}; nothing written", provider.id()))?);
    }
    let mode = match &args.from_dir {
        Some(dir) => format!("saved responses in {}", dir.display()),
        None => "network".to_owned(),
    };
    write_all(&args.out, &outcomes, &mode)
}

fn list_requests(selected: &[Provider], options: &Options) -> String {
    let mut out = String::new();
    for &p in selected {
        for r in first_requests(p, options) {
            let method = match r.method {
                Method::Get => "GET",
                Method::Post => "POST",
            };
            out.push_str(&format!("{}/{}\t{method} {}", p.id(), r.save_as, r.url));
            if let Some(body) = &r.body {
                out.push_str(&format!("\tbody {body}"));
            }
            if let Some(env) = r.bearer_env {
                out.push_str(&format!("\tAuthorization: Bearer ${env}"));
            }
            out.push('\n');
        }
        match p {
            Provider::Aws => out.push_str(
                "aws/savings-plans-<region>.csv\tGET the region's versionUrl of the region index, with index.csv for index.json\n",
            ),
            Provider::Azure => out.push_str(
                "azure/retail-prices-<region>-page-<n>.json\tGET the NextPageLink of page n-1 until it is null\n",
            ),
            _ => {}
        }
    }
    out
}

fn write_all(out: &Path, outcomes: &[Outcome], mode: &str) -> Result<String, String> {
    let mut files = Vec::new();
    for o in outcomes {
        let csv =
            to_csv(&o.rows).map_err(|e| format!("{}: cannot write CSV: {e}", o.provider.id()))?;
        let mut provenance = serde_json::to_string_pretty(&o.provenance(mode))
            .map_err(|e| format!("{}: cannot write provenance: {e}", o.provider.id()))?;
        provenance.push('\n');
        files.push((format!("refresh-{}.csv", o.provider.id()), csv));
        files.push((
            format!("refresh-{}.provenance.json", o.provider.id()),
            provenance.into_bytes(),
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let mut temporary = Vec::new();
    for (name, bytes) in &files {
        let tmp = out.join(format!(".{name}.tmp"));
        if let Err(e) = std::fs::write(&tmp, bytes) {
            for t in temporary.iter().chain(std::iter::once(&tmp)) {
                let _ = std::fs::remove_file(t);
            }
            return Err(format!(
                "cannot write {}: {e}; nothing written",
                tmp.display()
            ));
        }
        temporary.push(tmp);
    }
    for ((name, _), tmp) in files.iter().zip(&temporary) {
        std::fs::rename(tmp, out.join(name))
            .map_err(|e| format!("cannot rename {} to {name}: {e}", tmp.display()))?;
    }
    let mut summary = String::new();
    for o in outcomes {
        let p = o.provenance(mode);
        let modes: Vec<String> = p
            .rows_by_billing_mode
            .iter()
            .map(|(m, n)| format!("{m} {n}"))
            .collect();
        summary.push_str(&format!(
            "{}: {} rows ({}) from {} response(s)\n",
            out.join(format!("refresh-{}.csv", o.provider.id()))
                .display(),
            p.rows,
            modes.join(", "),
            o.responses.len()
        ));
    }
    Ok(summary)
}

/// Saved responses: `<dir>/<provider>/<save_as>`.
struct SavedResponses {
    dir: PathBuf,
}

impl SavedResponses {
    fn new(dir: &Path, provider: Provider) -> Self {
        Self {
            dir: dir.join(provider.id()),
        }
    }
}

impl Fetch for SavedResponses {
    fn fetch(&mut self, request: &Request) -> Result<Vec<u8>, FetchError> {
        let path = self.dir.join(&request.save_as);
        std::fs::read(&path).map_err(|e| FetchError::Saved {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    }
}

/// Largest response read (the us-east-1 EC2 price list is about 300 MB).
const MAX_RESPONSE_BYTES: u64 = 2 << 30;

/// The network: ureq (blocking, rustls), proxy from the usual environment variables.
struct Http {
    agent: ureq::Agent,
}

impl Http {
    fn new() -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_connect(Some(Duration::from_secs(30)))
            .timeout_global(Some(Duration::from_secs(30 * 60)))
            .http_status_as_error(false)
            .user_agent(concat!(
                "gpurent-catalog-refresh/",
                env!("CARGO_PKG_VERSION")
            ))
            .build()
            .into();
        Self { agent }
    }
}

impl Fetch for Http {
    fn fetch(&mut self, request: &Request) -> Result<Vec<u8>, FetchError> {
        let url = &request.url;
        let key = match request.bearer_env {
            Some(variable) => match std::env::var(variable) {
                Ok(k) if !k.trim().is_empty() => Some(k),
                _ => {
                    return Err(FetchError::MissingCredential {
                        url: url.clone(),
                        variable,
                    })
                }
            },
            None => None,
        };
        let unreachable = |e: ureq::Error| FetchError::Unreachable {
            url: url.clone(),
            reason: e.to_string(),
        };
        let response = match (request.method, &request.body) {
            (Method::Post, body) => {
                let mut r = self
                    .agent
                    .post(url)
                    .header("Content-Type", "application/json");
                if let Some(k) = &key {
                    r = r.header("Authorization", &format!("Bearer {k}"));
                }
                r.send(body.as_deref().unwrap_or("{}"))
            }
            (Method::Get, _) => {
                let mut r = self.agent.get(url);
                if let Some(k) = &key {
                    r = r.header("Authorization", &format!("Bearer {k}"));
                }
                r.call()
            }
        }
        .map_err(unreachable)?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(FetchError::Status {
                url: url.clone(),
                status,
            });
        }
        response
            .into_body()
            .into_with_config()
            .limit(MAX_RESPONSE_BYTES)
            .read_to_vec()
            .map_err(|e| FetchError::Unreachable {
                url: url.clone(),
                reason: format!("reading the response: {e}"),
            })
    }
}

#[cfg(test)]
mod schema_tests {
    /// `planner-refresh` writes and the catalog's ingest reads `refresh-<provider>.csv`; neither
    /// crate depends on the other, so the binary that links both checks they agree.
    #[test]
    fn refresh_writes_the_header_the_ingest_reads() {
        assert_eq!(
            planner_refresh::schema::HEADER,
            planner_core::catalog::ingest::REFRESH_COLUMNS
        );
    }
}
