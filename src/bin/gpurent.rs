//! `gpurent`: the command-line twin of the app's cost engine. `gpurent eval SCENARIO.json
//! [--format json|csv]` evaluates a scenario file (see `docs/scenario-format.md`) and prints
//! totals and monthly series; a bad file prints the field at fault and the reason on stderr and
//! exits with status 1. Native only: on wasm32 the binary is an empty shell (clap is not
//! compiled there), so `cargo clippy --target wasm32-unknown-unknown --all-targets` passes.

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use clap::{Parser, Subcommand, ValueEnum};
    use gpu_cost_planner::engine::{file, report};
    use std::path::PathBuf;
    use std::process::ExitCode;

    /// GPU rental cost planner, command-line twin of the web app's engine.
    #[derive(Parser, Debug)]
    #[command(
        name = "gpurent",
        version,
        about = "Command-line twin of the GPU rental cost planner's cost engine"
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    /// Subcommands; each is one variant, so more (e.g. `catalog`) can be added alongside.
    #[derive(Subcommand, Debug)]
    enum Command {
        /// Evaluate a scenario file and print totals and monthly series.
        Eval(EvalArgs),
    }

    /// Arguments of `gpurent eval`.
    #[derive(clap::Args, Debug)]
    struct EvalArgs {
        /// Scenario file (versioned JSON, see docs/scenario-format.md).
        scenario: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    }

    /// Output formats of `gpurent eval`.
    #[derive(Clone, Copy, Debug, ValueEnum)]
    enum Format {
        /// Pretty JSON, full precision.
        Json,
        /// CSV, one row per option and month, amounts in cents.
        Csv,
    }

    fn eval(args: &EvalArgs) -> Result<String, String> {
        let text = std::fs::read_to_string(&args.scenario)
            .map_err(|e| format!("cannot read {}: {e}", args.scenario.display()))?;
        let evaluation =
            file::evaluate_json(&text).map_err(|e| format!("{}: {e}", args.scenario.display()))?;
        Ok(match args.format {
            Format::Json => report::to_json(&evaluation),
            Format::Csv => report::to_csv(&evaluation),
        })
    }

    /// Runs the command line; the exit code is 0 on success, 1 on a bad scenario or I/O error
    /// (clap itself exits with 2 on bad arguments).
    pub fn main() -> ExitCode {
        let cli = Cli::parse();
        let result = match &cli.command {
            Command::Eval(args) => eval(args),
        };
        match result {
            Ok(out) => {
                print!("{out}");
                if !out.ends_with('\n') {
                    println!();
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
