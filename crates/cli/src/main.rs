//! `gpurent`: the command-line twin of the web app, over the same crates (planner-core's
//! scenario file, reports and catalog; planner-engine's cost engine).
//!
//! - `gpurent eval SCENARIO.json [--format json|csv]` evaluates a scenario file (see
//!   `docs/scenario-format.md`) and prints totals and monthly series; a bad file prints the field
//!   at fault and the reason on stderr.
//! - `gpurent catalog --format json|csv [--provider P] [--gpu G]` prints the bundled catalog (or
//!   the offers matching the filters) in the export schema of
//!   `planner_core::catalog::export`, so it can be checked and reused outside the browser.
//! - `gpurent catalog refresh [--provider P…] [--out DIR] [--from-dir DIR --fetched-at TIME]`
//!   rebuilds `data/catalog-sources/refresh-<provider>.csv` from public price endpoints
//!   (planner-refresh; docs/catalog-refresh.md).
//!
//! Exit status 0 on success, 1 on a bad scenario or an I/O error, 2 on bad arguments (clap's
//! convention). Native only: on wasm32 the binary is an empty shell (clap is declared for
//! native targets only), so `cargo clippy --workspace --target wasm32-unknown-unknown
//! --all-targets` passes.

#[cfg(not(target_arch = "wasm32"))]
mod refresh;

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use crate::refresh::{self, RefreshArgs};
    use clap::{Args, Parser, Subcommand, ValueEnum};
    use planner_core::catalog::{aliases, export, gpu_families, providers, Offer, OFFERS};
    use planner_core::{file, report};
    use std::io::Write as _;
    use std::path::PathBuf;
    use std::process::ExitCode;

    /// GPU rental cost planner, command-line twin of the web app.
    #[derive(Parser, Debug)]
    #[command(
        name = "gpurent",
        version,
        about = "Command-line twin of the GPU rental cost planner: evaluate scenario files, print the catalog"
    )]
    pub struct Cli {
        /// What to do.
        #[command(subcommand)]
        pub command: Command,
    }

    /// Output formats.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
    pub enum Format {
        /// `eval`: pretty JSON, full precision. `catalog`: a JSON array of offer objects.
        Json,
        /// `eval`: one row per option and month, amounts in cents. `catalog`: a header row and
        /// one row per offer.
        Csv,
    }

    /// The subcommands.
    #[derive(Subcommand, Debug)]
    pub enum Command {
        /// Evaluate a scenario file and print totals and monthly series.
        Eval {
            /// Scenario file (versioned JSON, see docs/scenario-format.md).
            scenario: PathBuf,
            /// Output format.
            #[arg(long, value_enum, default_value_t = Format::Json)]
            format: Format,
        },
        /// Print the bundled catalog of GPU rental offers (prices per instance-hour in each
        /// offer's own currency, with source and as-of date), or refresh its source files.
        #[command(args_conflicts_with_subcommands = true)]
        Catalog {
            /// `refresh`; without it, the catalog is printed.
            #[command(subcommand)]
            action: Option<CatalogAction>,
            /// What to print.
            #[command(flatten)]
            print: CatalogArgs,
        },
    }

    /// What `gpurent catalog` prints.
    #[derive(Args, Debug)]
    pub struct CatalogArgs {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        pub format: Format,
        /// Only offers of this provider: case-insensitive part of the name or an alias
        /// ("aws", "google", "gcp", "阿里云", "恒源云"). No match is an error listing the
        /// providers.
        #[arg(long)]
        pub provider: Option<String>,
        /// Only offers of this GPU: a canonical model ("A100 80GB SXM") or a family ("A100").
        /// No match is an error listing the GPU families.
        #[arg(long)]
        pub gpu: Option<String>,
    }

    /// The subcommands of `gpurent catalog`.
    #[derive(Subcommand, Debug)]
    pub enum CatalogAction {
        /// Rebuild data/catalog-sources/refresh-<provider>.csv (and a provenance record) from
        /// public price endpoints, or from saved responses with --from-dir.
        Refresh(Box<RefreshArgs>),
    }

    /// The text `command` prints.
    ///
    /// # Errors
    /// For `eval`: the file cannot be read, or the scenario is invalid (the message names the
    /// field and the reason). For `catalog`: the CSV writer's message, if it fails. For
    /// `catalog refresh`: the first fetch, parse, terms or write error (nothing is written).
    pub fn render(command: &Command) -> Result<String, String> {
        match command {
            Command::Eval { scenario, format } => {
                let text = std::fs::read_to_string(scenario)
                    .map_err(|e| format!("cannot read {}: {e}", scenario.display()))?;
                let evaluation = file::evaluate_json(&text)
                    .map_err(|e| format!("{}: {e}", scenario.display()))?;
                Ok(match format {
                    Format::Json => report::to_json(&evaluation),
                    Format::Csv => report::to_csv(&evaluation),
                })
            }
            Command::Catalog {
                action: Some(CatalogAction::Refresh(args)),
                ..
            } => refresh::run(args),
            Command::Catalog {
                action: None,
                print:
                    CatalogArgs {
                        format,
                        provider,
                        gpu,
                    },
            } => {
                let filter = export::ExportFilter {
                    provider: provider.clone().unwrap_or_default(),
                    gpu: gpu.clone().unwrap_or_default(),
                };
                let all: Vec<&Offer> = OFFERS.iter().collect();
                if !filter.provider.trim().is_empty()
                    && aliases::matching_providers(&filter.provider).is_empty()
                {
                    return Err(format!(
                        "no provider matches --provider {:?}; providers: {}",
                        filter.provider,
                        providers().join(", ")
                    ));
                }
                let gpu_only = export::ExportFilter {
                    provider: String::new(),
                    gpu: filter.gpu.clone(),
                };
                if !filter.gpu.trim().is_empty() && export::select(&all, &gpu_only).is_empty() {
                    let families: Vec<String> =
                        gpu_families().into_iter().map(|f| f.label).collect();
                    return Err(format!(
                        "no offer has a GPU matching --gpu {:?}; GPU families: {}",
                        filter.gpu,
                        families.join(", ")
                    ));
                }
                let offers = export::select(&all, &filter);
                match format {
                    Format::Json => Ok(export::to_json(&offers)),
                    Format::Csv => export::to_csv(&offers),
                }
            }
        }
    }

    /// Parses the arguments, prints, and returns the exit status.
    pub fn run() -> ExitCode {
        let cli = Cli::parse();
        let text = match render(&cli.command) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut out = std::io::stdout().lock();
        let ending = if text.ends_with('\n') { "" } else { "\n" };
        match out
            .write_all(text.as_bytes())
            .and_then(|()| out.write_all(ending.as_bytes()))
            .and_then(|()| out.flush())
        {
            Ok(()) => ExitCode::SUCCESS,
            // A closed pipe (`gpurent catalog | head`) is not an error worth a message.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write: {e}");
                ExitCode::FAILURE
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn catalog_subcommand_filters_and_formats() {
            let cli = Cli::try_parse_from([
                "gpurent",
                "catalog",
                "--format",
                "csv",
                "--provider",
                "lambda",
                "--gpu",
                "H100",
            ])
            .expect("parses");
            let text = render(&cli.command).expect("renders");
            let mut lines = text.lines();
            assert!(lines.next().is_some_and(|h| h.starts_with("id,provider,")));
            let rows: Vec<&str> = lines.collect();
            assert!(!rows.is_empty());
            assert!(rows
                .iter()
                .all(|r| r.contains(",Lambda,") && r.contains("H100")));

            let cli =
                Cli::try_parse_from(["gpurent", "catalog", "--format", "json"]).expect("parses");
            let v: serde_json::Value =
                serde_json::from_str(&render(&cli.command).expect("renders")).expect("json");
            assert_eq!(v.as_array().map(Vec::len), Some(OFFERS.len()));

            assert!(Cli::try_parse_from(["gpurent", "catalog", "--format", "xml"]).is_err());
        }

        #[test]
        fn catalog_refresh_parses_beside_catalog_printing() {
            let cli = Cli::try_parse_from([
                "gpurent",
                "catalog",
                "refresh",
                "--provider",
                "aws,gcp",
                "--aws-region",
                "us-east-1",
                "--accept-terms",
                "vast",
            ])
            .expect("parses");
            let Command::Catalog {
                action: Some(CatalogAction::Refresh(args)),
                ..
            } = cli.command
            else {
                panic!("not a refresh: {cli:?}");
            };
            assert_eq!(args.providers, ["aws", "gcp"]);
            assert_eq!(args.aws_regions, ["us-east-1"]);
            assert_eq!(args.accept_terms, ["vast"]);
            assert_eq!(args.out, PathBuf::from("data/catalog-sources"));
            assert!(args.from_dir.is_none() && !args.list_requests);
            // Printing options belong to `catalog` itself, not to `catalog refresh`.
            assert!(
                Cli::try_parse_from(["gpurent", "catalog", "--format", "csv", "refresh"]).is_err()
            );
            let listed = render(
                &Cli::try_parse_from([
                    "gpurent",
                    "catalog",
                    "refresh",
                    "--list-requests",
                    "--provider",
                    "runpod",
                ])
                .expect("parses")
                .command,
            )
            .expect("lists");
            assert!(
                listed.starts_with(
                    "runpod/gpu-types.json\tPOST https://api.runpod.io/graphql\tbody {\"query\":"
                ),
                "{listed}"
            );
        }

        fn catalog(args: &[&str]) -> Result<String, String> {
            let mut all = vec!["gpurent", "catalog", "--format", "csv"];
            all.extend_from_slice(args);
            render(&Cli::try_parse_from(all).expect("parses").command)
        }

        #[test]
        fn provider_and_gpu_match_loosely_and_no_match_is_an_error() {
            for (query, name) in [
                ("gcp", "Google Cloud"),
                ("google", "Google Cloud"),
                ("恒源云", "恒源云 (gpushare.com)"),
                ("阿里", "Alibaba Cloud"),
                ("amazon", "AWS"),
            ] {
                let text = catalog(&["--provider", query]).expect("renders");
                let rows: Vec<&str> = text.lines().skip(1).collect();
                assert!(!rows.is_empty(), "{query}");
                assert!(rows.iter().all(|r| r.contains(name)), "{query}");
            }
            let e = catalog(&["--provider", "nosuchcloud"]).expect_err("no match");
            assert!(e.contains("Google Cloud") && e.contains("Lambda"), "{e}");
            let e = catalog(&["--gpu", "Voodoo5"]).expect_err("no match");
            assert!(e.contains("A100"), "{e}");
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

// The command-line tool is not built for the browser target.
#[cfg(target_arch = "wasm32")]
fn main() {}
