//! Entry point of the web app (built by Trunk for `wasm32-unknown-unknown`). On other targets
//! the binary only points at the library, whose engine is tested natively.

#[cfg(target_arch = "wasm32")]
fn main() {
    gpu_cost_planner::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("gpu-cost-planner is a web app: run `scripts/serve.sh` to build and serve it.");
}
