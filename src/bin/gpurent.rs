//! `gpurent`: the native command-line tool over the same library as the web app.
//!
//! `gpurent catalog --format json|csv [--provider P] [--gpu G]` prints the bundled catalog (or
//! the offers matching the filters) to standard output in the export schema of
//! `gpu_cost_planner::catalog::export`, so it can be checked and reused outside the browser.
//! Exit status 0 on success, 1 when writing fails, 2 on bad arguments (clap's convention).
//!
//! The tool is native only: on `wasm32` (where the web app is built) the binary is empty.

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::{Parser, Subcommand, ValueEnum};
    use gpu_cost_planner::catalog::{export, Offer, OFFERS};
    use std::io::Write as _;

    /// GPU rental cost planner, command-line tool.
    #[derive(Parser, Debug)]
    #[command(name = "gpurent", version, about)]
    pub struct Cli {
        /// What to do.
        #[command(subcommand)]
        pub command: Command,
    }

    /// Output format of `gpurent catalog`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
    pub enum Format {
        /// A JSON array of offer objects.
        Json,
        /// CSV with a header row.
        Csv,
    }

    /// The subcommands.
    #[derive(Subcommand, Debug)]
    pub enum Command {
        /// Print the bundled catalog of GPU rental offers (prices per instance-hour in each
        /// offer's own currency, with source and as-of date).
        Catalog {
            /// Output format.
            #[arg(long, value_enum, default_value = "json")]
            format: Format,
            /// Only offers of this provider (case-insensitive, e.g. "aws", "Google Cloud").
            #[arg(long)]
            provider: Option<String>,
            /// Only offers of this GPU: a canonical model ("A100 80GB SXM") or a family ("A100").
            #[arg(long)]
            gpu: Option<String>,
        },
    }

    /// The text `command` prints.
    ///
    /// # Errors
    /// The CSV writer's message, if it fails.
    pub fn render(command: &Command) -> Result<String, String> {
        match command {
            Command::Catalog {
                format,
                provider,
                gpu,
            } => {
                let filter = export::ExportFilter {
                    provider: provider.clone().unwrap_or_default(),
                    gpu: gpu.clone().unwrap_or_default(),
                };
                let all: Vec<&Offer> = OFFERS.iter().collect();
                let offers = export::select(&all, &filter);
                match format {
                    Format::Json => Ok(export::to_json(&offers)),
                    Format::Csv => export::to_csv(&offers),
                }
            }
        }
    }

    /// Parses the arguments, prints, and returns the exit status.
    pub fn run() -> std::process::ExitCode {
        let cli = Cli::parse();
        let text = match render(&cli.command) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("gpurent: {e}");
                return std::process::ExitCode::from(1);
            }
        };
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            // A closed pipe (`gpurent catalog | head`) is not an error worth a message.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gpurent: cannot write: {e}");
                std::process::ExitCode::from(1)
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
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

// The command-line tool is not built for the browser target.
#[cfg(target_arch = "wasm32")]
fn main() {}
