//! The GPU spec table and the mapping from the sources' GPU spellings to one canonical model
//! name per GPU (`"A100 80GB SXM"`, never three spellings).
//!
//! Uses only `std`: `build.rs` includes this file (next to `ingest.rs`) to canonicalise GPU
//! names at build time, and the library uses the same table at run time to compare offers per
//! unit of work.
//!
//! Figures are copied from the vendor's datasheet or product page named on each row, and are
//! **dense** (without structured sparsity): where a datasheet gives only the sparse Tensor-Core
//! figure (marked with an asterisk, "with sparsity"), the dense figure is half of it, which is
//! how NVIDIA defines the sparse rate. A cell is left empty (`None`) where the datasheet does not
//! give the figure, where the variant (SXM or PCIe) is not known, or where no vendor datasheet
//! was found (China-market parts such as the A800, H800 and Alibaba's codenamed GPUs). Memory is
//! the vendor's per-GPU "GB" figure, taken as GiB as elsewhere in the catalog.

/// One GPU model with its vendor figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GpuSpec {
    /// Canonical model name used by every offer, e.g. `"A100 80GB SXM"`.
    pub model: &'static str,
    /// Identifying chip key: the upper-case letters and digits of the model without vendor,
    /// memory and form-factor words, e.g. `"A100"`, `"RTX4090"`, `"RTX6000ADA"`.
    pub chip: &'static str,
    /// Form factor when it changes the figures: `"SXM"`, `"PCIe"`, `"NVL"`; `""` when the model
    /// has one form, or for the "form factor not stated" row of a chip sold in several.
    pub form: &'static str,
    /// Memory per GPU in GiB (vendor "GB").
    pub memory_gib: f64,
    /// Dense BF16 Tensor-Core (or matrix) throughput in TFLOPS; `None` if not supported or not
    /// in the datasheet.
    pub bf16_dense_tflops: Option<f64>,
    /// Dense FP16 Tensor-Core throughput in TFLOPS (FP32 accumulate where the datasheet
    /// distinguishes); `None` if not in the datasheet.
    pub fp16_dense_tflops: Option<f64>,
    /// Peak FP32 (non-tensor) throughput in TFLOPS.
    pub fp32_tflops: Option<f64>,
    /// Memory bandwidth in GB/s.
    pub memory_bandwidth_gb_s: Option<f64>,
    /// GPU-to-GPU NVLink bandwidth in GB/s (total, both directions) where the part has NVLink;
    /// `None` when it has none or the figure is unknown.
    pub nvlink_gb_s: Option<f64>,
    /// Vendor document the figures come from.
    pub datasheet: &'static str,
    /// Where the document is published.
    pub url: &'static str,
}

impl GpuSpec {
    /// Dense 16-bit Tensor throughput used as the unit of work: BF16 where the GPU has it,
    /// else FP16 (V100, T4, Quadro RTX 6000 have no BF16). `None` when neither is known.
    #[must_use]
    pub fn work_tflops(&self) -> Option<f64> {
        self.bf16_dense_tflops.or(self.fp16_dense_tflops)
    }

    /// Interconnect implied by the form factor: `"NVLink (SXM)"`, `"PCIe"`,
    /// `"NVLink bridge (NVL)"`, or `""` when not known.
    #[must_use]
    pub fn interconnect(&self) -> &'static str {
        match self.form {
            "SXM" => "NVLink (SXM)",
            "PCIe" => "PCIe",
            "NVL" => "NVLink bridge (NVL)",
            _ => "",
        }
    }
}

/// The reference GPU for "relative to A100 80GB" figures (docs/cost-model.md, "Workloads", job).
pub const REFERENCE_MODEL: &str = "A100 80GB SXM";

const A100_DOC: &str = "NVIDIA A100 Tensor Core GPU datasheet";
const A100_URL: &str = "https://www.nvidia.com/en-us/data-center/a100/";
const H100_DOC: &str = "NVIDIA H100 Tensor Core GPU datasheet";
const H100_URL: &str = "https://www.nvidia.com/en-us/data-center/h100/";
const H200_DOC: &str = "NVIDIA H200 Tensor Core GPU datasheet";
const H200_URL: &str = "https://www.nvidia.com/en-us/data-center/h200/";
const V100_DOC: &str = "NVIDIA Tesla V100 GPU datasheet";
const V100_URL: &str = "https://www.nvidia.com/en-us/data-center/v100/";
/// The `datasheet` of models with no vendor datasheet cited (the UI shows a translated
/// explanation instead of this text).
pub const NO_DATASHEET: &str =
    "no vendor datasheet cited: memory is the size in the product name or the source listing";

/// Shorthand row constructor (figures in TFLOPS, GB/s).
#[allow(clippy::too_many_arguments)]
const fn spec(
    model: &'static str,
    chip: &'static str,
    form: &'static str,
    memory_gib: f64,
    bf16: Option<f64>,
    fp16: Option<f64>,
    fp32: Option<f64>,
    bandwidth: Option<f64>,
    nvlink: Option<f64>,
    datasheet: &'static str,
    url: &'static str,
) -> GpuSpec {
    GpuSpec {
        model,
        chip,
        form,
        memory_gib,
        bf16_dense_tflops: bf16,
        fp16_dense_tflops: fp16,
        fp32_tflops: fp32,
        memory_bandwidth_gb_s: bandwidth,
        nvlink_gb_s: nvlink,
        datasheet,
        url,
    }
}

/// Memory-only row for a part with no vendor datasheet at hand.
const fn memory_only(model: &'static str, chip: &'static str, memory_gib: f64) -> GpuSpec {
    spec(
        model,
        chip,
        "",
        memory_gib,
        None,
        None,
        None,
        None,
        None,
        NO_DATASHEET,
        "",
    )
}

/// Every GPU model an offer may have, sorted by vendor then name. A100/H100/V100 rows without a
/// form factor are for listings that do not say SXM or PCIe: only the figures shared by both
/// forms are filled in.
pub static GPU_SPECS: &[GpuSpec] = &[
    // NVIDIA data centre, Ampere.
    spec("A100 40GB SXM", "A100", "SXM", 40.0, Some(312.0), Some(312.0), Some(19.5), Some(1555.0), Some(600.0), A100_DOC, A100_URL),
    spec("A100 40GB PCIe", "A100", "PCIe", 40.0, Some(312.0), Some(312.0), Some(19.5), Some(1555.0), None, A100_DOC, A100_URL),
    spec("A100 40GB", "A100", "", 40.0, Some(312.0), Some(312.0), Some(19.5), Some(1555.0), None, A100_DOC, A100_URL),
    spec("A100 80GB SXM", "A100", "SXM", 80.0, Some(312.0), Some(312.0), Some(19.5), Some(2039.0), Some(600.0), A100_DOC, A100_URL),
    spec("A100 80GB PCIe", "A100", "PCIe", 80.0, Some(312.0), Some(312.0), Some(19.5), Some(1935.0), None, A100_DOC, A100_URL),
    spec("A100 80GB", "A100", "", 80.0, Some(312.0), Some(312.0), Some(19.5), None, None, A100_DOC, A100_URL),
    memory_only("A800 40GB", "A800", 40.0),
    memory_only("A800 80GB", "A800", 80.0),
    spec("A10", "A10", "", 24.0, Some(125.0), Some(125.0), Some(31.2), Some(600.0), None, "NVIDIA A10 Tensor Core GPU datasheet", "https://www.nvidia.com/en-us/data-center/products/a10-gpu/"),
    spec("A30", "A30", "", 24.0, Some(165.0), Some(165.0), Some(10.3), Some(933.0), Some(200.0), "NVIDIA A30 Tensor Core GPU datasheet", "https://www.nvidia.com/en-us/data-center/products/a30-gpu/"),
    spec("A40", "A40", "", 48.0, Some(149.7), Some(149.7), Some(37.4), Some(696.0), Some(112.5), "NVIDIA A40 datasheet", "https://www.nvidia.com/en-us/data-center/a40/"),
    // NVIDIA data centre, Hopper and Blackwell.
    spec("H100 80GB SXM", "H100", "SXM", 80.0, Some(989.5), Some(989.5), Some(67.0), Some(3350.0), Some(900.0), H100_DOC, H100_URL),
    spec("H100 80GB PCIe", "H100", "PCIe", 80.0, Some(756.5), Some(756.5), Some(51.0), Some(2000.0), None, H100_DOC, H100_URL),
    spec("H100 94GB NVL", "H100", "NVL", 94.0, Some(835.5), Some(835.5), Some(60.0), Some(3900.0), Some(600.0), H100_DOC, H100_URL),
    spec("H100 80GB", "H100", "", 80.0, None, None, None, None, None, H100_DOC, H100_URL),
    memory_only("H800 80GB", "H800", 80.0),
    spec("H200 141GB", "H200", "", 141.0, Some(989.5), Some(989.5), Some(67.0), Some(4800.0), Some(900.0), H200_DOC, H200_URL),
    spec("GH200 96GB", "GH200", "", 96.0, None, None, None, None, None, "NVIDIA GH200 Grace Hopper Superchip datasheet (figures differ by memory configuration; not filled in)", "https://www.nvidia.com/en-us/data-center/grace-hopper-superchip/"),
    spec("B200 180GB", "B200", "", 180.0, None, None, None, None, None, "NVIDIA HGX B200 (per-GPU dense figures not filled in: published rates changed between announcements)", "https://www.nvidia.com/en-us/data-center/hgx/"),
    memory_only("B300 262GB", "B300", 262.0),
    spec("L4", "L4", "", 24.0, Some(121.0), Some(121.0), Some(30.3), Some(300.0), None, "NVIDIA L4 Tensor Core GPU datasheet", "https://www.nvidia.com/en-us/data-center/l4/"),
    spec("L40", "L40", "", 48.0, Some(181.05), Some(181.05), Some(90.5), Some(864.0), None, "NVIDIA L40 GPU datasheet", "https://www.nvidia.com/en-us/data-center/l40/"),
    spec("L40S", "L40S", "", 48.0, Some(362.05), Some(362.05), Some(91.6), Some(864.0), None, "NVIDIA L40S GPU datasheet", "https://www.nvidia.com/en-us/data-center/l40s/"),
    memory_only("L20 48GB", "L20", 48.0),
    // NVIDIA data centre, older generations.
    spec("V100 16GB SXM2", "V100", "SXM", 16.0, None, Some(125.0), Some(15.7), Some(900.0), Some(300.0), V100_DOC, V100_URL),
    spec("V100 32GB SXM2", "V100", "SXM", 32.0, None, Some(125.0), Some(15.7), Some(900.0), Some(300.0), V100_DOC, V100_URL),
    spec("V100 16GB PCIe", "V100", "PCIe", 16.0, None, Some(112.0), Some(14.0), Some(900.0), None, V100_DOC, V100_URL),
    spec("V100 16GB", "V100", "", 16.0, None, None, None, Some(900.0), None, V100_DOC, V100_URL),
    spec("V100 32GB", "V100", "", 32.0, None, None, None, Some(900.0), None, V100_DOC, V100_URL),
    spec("T4", "T4", "", 16.0, None, Some(65.0), Some(8.1), Some(320.0), None, "NVIDIA T4 Tensor Core GPU datasheet", "https://www.nvidia.com/en-us/data-center/tesla-t4/"),
    spec("P100 16GB", "P100", "", 16.0, None, None, None, None, None, "NVIDIA Tesla P100 datasheet (PCIe and SXM2 figures differ; form not stated by the source)", "https://www.nvidia.com/en-us/data-center/tesla-p100/"),
    spec("P40", "P40", "", 24.0, None, None, Some(12.0), Some(346.0), None, "NVIDIA Tesla P40 datasheet", "https://images.nvidia.com/content/pdf/tesla/184427-Tesla-P40-Datasheet-NV-Final-Letter-Web.pdf"),
    spec("P4", "P4", "", 8.0, None, None, Some(5.5), Some(192.0), None, "NVIDIA Tesla P4 datasheet", "https://images.nvidia.com/content/pdf/tesla/184457-Tesla-P4-Datasheet-NV-Final-Letter-Web.pdf"),
    spec("K80 (one GPU of the board)", "K80", "", 12.0, None, None, None, None, None, "NVIDIA Tesla K80 datasheet (board of two GPUs, 12 GB each; per-GPU rates not filled in)", "https://www.nvidia.com/en-gb/data-center/tesla-k80/"),
    spec("M60 (one GPU of the board)", "M60", "", 8.0, None, None, None, None, None, "NVIDIA Tesla M60 datasheet (board of two GPUs, 8 GB each; per-GPU rates not filled in)", "https://images.nvidia.com/content/tesla/pdf/188417-Tesla-M60-DS-A4-fnl-Web.pdf"),
    // NVIDIA professional (workstation / server) cards.
    spec("RTX A4000", "A4000", "", 16.0, None, None, Some(19.2), Some(448.0), None, "NVIDIA RTX A4000 datasheet", "https://www.nvidia.com/en-us/design-visualization/rtx-a4000/"),
    spec("RTX A5000", "A5000", "", 24.0, None, None, Some(27.8), Some(768.0), Some(112.5), "NVIDIA RTX A5000 datasheet", "https://www.nvidia.com/en-us/design-visualization/rtx-a5000/"),
    spec("RTX A6000", "A6000", "", 48.0, None, None, Some(38.7), Some(768.0), Some(112.5), "NVIDIA RTX A6000 datasheet", "https://www.nvidia.com/en-us/design-visualization/rtx-a6000/"),
    spec("RTX 6000 Ada", "RTX6000ADA", "", 48.0, None, None, Some(91.1), Some(960.0), None, "NVIDIA RTX 6000 Ada Generation datasheet", "https://www.nvidia.com/en-us/design-visualization/rtx-6000/"),
    spec("RTX 5880 Ada", "RTX5880ADA", "", 48.0, None, None, None, None, None, "NVIDIA RTX 5880 Ada Generation datasheet (figures not filled in)", "https://www.nvidia.com/en-us/design-visualization/rtx-5880/"),
    spec("Quadro RTX 6000", "QUADRORTX6000", "", 24.0, None, Some(130.5), Some(16.3), Some(672.0), Some(100.0), "NVIDIA Quadro RTX 6000 datasheet", "https://www.nvidia.com/content/dam/en-zz/Solutions/design-visualization/quadro-product-literature/quadro-rtx-6000-us-nvidia-704093-r4-web.pdf"),
    spec("RTX PRO 6000 Blackwell", "RTXPRO6000", "", 96.0, None, None, None, None, None, "NVIDIA RTX PRO 6000 Blackwell datasheet (figures not filled in)", "https://www.nvidia.com/en-us/data-center/rtx-pro-6000-blackwell-server-edition/"),
    spec("Quadro M4000", "QUADROM4000", "", 8.0, None, None, None, None, None, "NVIDIA Quadro M4000 datasheet (8 GB GDDR5; rates not filled in)", ""),
    spec("Quadro P4000", "QUADROP4000", "", 8.0, None, None, None, None, None, "NVIDIA Quadro P4000 datasheet (8 GB GDDR5; rates not filled in)", ""),
    // NVIDIA GeForce (consumer) cards: figures from the architecture whitepapers' tables.
    memory_only("RTX 2080 Ti", "RTX2080TI", 11.0),
    memory_only("RTX 3060 12GB", "RTX3060", 12.0),
    memory_only("RTX 3060 Ti", "RTX3060TI", 8.0),
    memory_only("RTX 3080 Ti", "RTX3080TI", 12.0),
    spec("RTX 3090", "RTX3090", "", 24.0, Some(71.0), Some(71.0), Some(35.6), Some(936.0), Some(112.5), "NVIDIA Ampere GA102 GPU Architecture whitepaper, appendix table (FP32-accumulate Tensor rate)", "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf"),
    memory_only("RTX 4060 Ti 16GB", "RTX4060TI", 16.0),
    memory_only("RTX 4070 Ti SUPER", "RTX4070TISUPER", 16.0),
    spec("RTX 4090", "RTX4090", "", 24.0, Some(165.2), Some(165.2), Some(82.6), Some(1008.0), None, "NVIDIA Ada GPU Architecture whitepaper, appendix table (FP32-accumulate Tensor rate)", "https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf"),
    memory_only("RTX 4090D", "RTX4090D", 24.0),
    memory_only("RTX 5070", "RTX5070", 12.0),
    memory_only("RTX 5090", "RTX5090", 32.0),
    // Alibaba Cloud codenamed or China-market parts (no public vendor datasheet found).
    memory_only("Alibaba GA107 16GB", "GA107", 16.0),
    memory_only("Alibaba G39 24GB", "G39", 24.0),
    memory_only("Alibaba G49 24GB", "G49", 24.0),
    memory_only("Alibaba G49E 48GB", "G49E", 48.0),
    memory_only("Alibaba G59 32GB", "G59", 32.0),
    memory_only("Alibaba H 96GB", "H", 96.0),
    memory_only("Alibaba H-e 141GB", "HE", 141.0),
    memory_only("L20N 48GB", "L20N", 48.0),
    memory_only("L20N 72GB", "L20N", 72.0),
    // AMD and Intel.
    spec("MI300X", "MI300X", "", 192.0, Some(1307.4), Some(1307.4), None, Some(5300.0), None, "AMD Instinct MI300X accelerator data sheet", "https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html"),
    spec("Radeon Instinct MI25", "MI25", "", 16.0, None, None, None, None, None, "AMD Radeon Instinct MI25 datasheet (16 GB HBM2; rates not filled in)", ""),
    spec("Gaudi 2", "GAUDI2", "", 96.0, None, None, None, Some(2450.0), None, "Intel Gaudi 2 AI accelerator product brief", "https://www.intel.com/content/www/us/en/products/details/processors/ai-accelerators/gaudi2.html"),
];

/// Words that name a vendor, product line or packaging rather than the GPU itself.
const NOISE: &[&str] = &[
    "NVIDIA",
    "TESLA",
    "GEFORCE",
    "AMD",
    "INTEL",
    "RADEON",
    "INSTINCT",
    "GPU",
    "WITH",
    "BLACKWELL",
    "SERVER",
    "EDITION",
    "WS",
    "GENERATION",
];

/// Form-factor words and what they mean.
fn form_word(word: &str) -> Option<&'static str> {
    match word {
        // HGX boards carry SXM modules.
        "SXM" | "SXM2" | "SXM4" | "SXM5" | "SXM6" | "HGX" => Some("SXM"),
        "PCIE" => Some("PCIe"),
        "NVL" => Some("NVL"),
        _ => None,
    }
}

/// A memory word such as `80GB`, `80G` or `24`-followed-by-`GB`: its number.
fn memory_word(word: &str) -> Option<f64> {
    let digits = word.trim_end_matches("GB").trim_end_matches('G');
    if digits.len() < word.len() && !digits.is_empty() {
        digits.parse().ok()
    } else {
        None
    }
}

/// What a source spelling says: chip key, form factor and memory (GiB) where written.
///
/// `"NVIDIA A100 SXM"` → `("A100", "SXM", None)`; `"A100 80G"` → `("A100", "", Some(80))`;
/// `"RTX6000-Ada"` → `("RTX6000ADA", "", None)`; `"RTX 6000 Ada"` likewise; Lambda's
/// `"RTX6000"` and a bare `"RTX 6000"` → `"QUADRORTX6000"` (the 24 GB Turing card).
#[must_use]
pub fn parse_spelling(name: &str) -> (String, &'static str, Option<f64>) {
    let upper = name.to_ascii_uppercase();
    let head = upper.split(['*', '(']).next().unwrap_or(&upper);
    let words: Vec<&str> = head
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut chip = String::new();
    let mut form = "";
    let mut memory = None;
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let next = words.get(i + 1).copied().unwrap_or("");
        if NOISE.contains(&w) {
        } else if let Some(f) = form_word(w) {
            form = f;
        } else if w == "NVLINK" {
            // "H100-NVLINK": an NVLink board, but SXM or NVL is not said.
        } else if let Some(m) = memory_word(w) {
            memory = Some(m);
        } else if next == "GB" && w.bytes().all(|b| b.is_ascii_digit()) {
            memory = w.parse().ok();
            i += 1;
        } else if w == "GB" {
        } else if w == "RTX"
            && next.starts_with('A')
            && next.len() > 1
            && next[1..].bytes().all(|b| b.is_ascii_digit())
        {
            // "RTX A6000" is the A6000.
        } else if w == "MEGA" {
            // Google's A3 Mega: the same H100 SXM.
            form = "SXM";
        } else {
            let w = w
                .strip_suffix("WS")
                .filter(|s| s.ends_with(|c: char| c.is_ascii_digit()))
                .unwrap_or(w);
            chip.push_str(w);
        }
        i += 1;
    }
    if chip == "RTX6000" {
        chip = "QUADRORTX6000".to_string();
    }
    if chip == "RTX5880" {
        chip = "RTX5880ADA".to_string();
    }
    if chip.starts_with("RTXA") && chip[4..].bytes().all(|b| b.is_ascii_digit()) && chip.len() > 4 {
        chip = chip[3..].to_string();
    }
    if chip == "M4000" || chip == "P4000" {
        chip = format!("QUADRO{chip}");
    }
    if chip == "GAUDI2" || chip == "GAUDI" {
        chip = "GAUDI2".to_string();
    }
    (chip, form, memory)
}

/// Whether two memory figures are the same vendor size: within 7 % (drivers report less than
/// the marketed size, e.g. 46,068 MiB ≈ 44.99 GiB for a 48 GB L40S).
#[must_use]
pub fn same_memory(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.07 * a.max(b)
}

/// The spec row for a source's GPU spelling, given what else is known: per-GPU memory (from the
/// listing) and the form factor (from the instance type, when the name does not say it).
///
/// Rules: rows of the same chip; a stated memory must match ([`same_memory`]); a stated form must
/// match, else the chip's row without a form is used; without a memory, the chip must have one
/// memory size among the candidate rows. `None` when no row fits or the choice is ambiguous
/// (the caller then drops the offer with the reason).
#[must_use]
pub fn resolve(name: &str, memory_gib: Option<f64>, form_hint: &str) -> Option<&'static GpuSpec> {
    let (chip, name_form, name_memory) = parse_spelling(name);
    let form = if name_form.is_empty() {
        form_hint
    } else {
        name_form
    };
    let memory = memory_gib.or(name_memory);
    let mut rows: Vec<&'static GpuSpec> = GPU_SPECS
        .iter()
        .filter(|s| s.chip == chip)
        .filter(|s| memory.is_none_or(|m| same_memory(s.memory_gib, m)))
        .collect();
    if rows.len() > 1 {
        let with_form: Vec<&'static GpuSpec> =
            rows.iter().copied().filter(|s| s.form == form).collect();
        rows = if with_form.is_empty() {
            rows.into_iter().filter(|s| s.form.is_empty()).collect()
        } else {
            with_form
        };
    }
    match rows.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The spec row with this canonical model name.
#[must_use]
pub fn spec_by_model(model: &str) -> Option<&'static GpuSpec> {
    GPU_SPECS.iter().find(|s| s.model == model)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(name: &str, memory: Option<f64>, form: &str) -> Option<&'static str> {
        resolve(name, memory, form).map(|s| s.model)
    }

    #[test]
    fn spellings_map_to_one_model() {
        assert_eq!(model("A100-80GB", None, "SXM"), Some("A100 80GB SXM"));
        assert_eq!(
            model("NVIDIA A100 SXM", Some(80.0), ""),
            Some("A100 80GB SXM")
        );
        assert_eq!(model("A100 80G", Some(80.0), ""), Some("A100 80GB"));
        assert_eq!(model("A100 PCIe", Some(80.0), ""), Some("A100 80GB PCIe"));
        assert_eq!(model("A100", Some(40.0), "SXM"), Some("A100 40GB SXM"));
        assert_eq!(model("A100", None, ""), None, "40 or 80 GB: ambiguous");
        assert_eq!(
            model("H100", Some(79.6474609375), "SXM"),
            Some("H100 80GB SXM")
        );
        assert_eq!(model("H100 NVL", Some(94.0), ""), Some("H100 94GB NVL"));
        assert_eq!(
            model("H100", Some(93.583984375), "NVL"),
            Some("H100 94GB NVL")
        );
        assert_eq!(model("H100-NVLINK", Some(80.0), ""), Some("H100 80GB"));
        assert_eq!(
            model("NVIDIA HGX H200", Some(141.0), ""),
            Some("H200 141GB")
        );
        assert_eq!(model("RTX6000", Some(24.0), ""), Some("Quadro RTX 6000"));
        assert_eq!(model("RTX-6000-Ada", Some(48.0), ""), Some("RTX 6000 Ada"));
        assert_eq!(
            model("RTXPRO6000WS", Some(95.59), ""),
            Some("RTX PRO 6000 Blackwell")
        );
        assert_eq!(
            model(
                "NVIDIA RTX PRO 6000 Blackwell Server Edition",
                Some(96.0),
                ""
            ),
            Some("RTX PRO 6000 Blackwell")
        );
        assert_eq!(model("RTX A6000", Some(48.0), ""), Some("RTX A6000"));
        assert_eq!(model("RTXA6000", Some(47.98), ""), Some("RTX A6000"));
        assert_eq!(
            model("Nvidia Tesla V100", Some(16.0), ""),
            Some("V100 16GB")
        );
        assert_eq!(model("V100-32GB", None, "SXM"), Some("V100 32GB SXM2"));
        assert_eq!(model("L40S", Some(44.98828125), ""), Some("L40S"));
        assert_eq!(
            model("NVIDIA L40S GPU with AMD", Some(48.0), ""),
            Some("L40S")
        );
        assert_eq!(model("AMD Mi300X", Some(192.0), ""), Some("MI300X"));
        assert_eq!(model("Intel Gaudi 2", Some(96.0), ""), Some("Gaudi 2"));
        assert_eq!(model("L20N 72G", Some(72.0), ""), Some("L20N 72GB"));
        assert_eq!(model("H-e", Some(141.0), ""), Some("Alibaba H-e 141GB"));
        assert_eq!(model("RTX 4090", Some(24.0), ""), Some("RTX 4090"));
        assert_ne!(model("RTX 4090D", Some(24.0), ""), Some("RTX 4090"));
        assert_eq!(model("Mystery 9000", Some(24.0), ""), None);
    }

    #[test]
    fn spec_rows_are_unique_and_plausible() {
        for (i, s) in GPU_SPECS.iter().enumerate() {
            assert!(
                GPU_SPECS[..i].iter().all(|t| t.model != s.model),
                "duplicate {}",
                s.model
            );
            assert!(s.memory_gib > 0.0, "{}", s.model);
            assert!(!s.datasheet.is_empty(), "{}", s.model);
            assert!(
                s.url.is_empty() || s.url.starts_with("https://"),
                "{}",
                s.model
            );
            // Dense 16-bit tensor rates exceed FP32 on every part that has them.
            if let (Some(t), Some(f)) = (s.work_tflops(), s.fp32_tflops) {
                assert!(t > f, "{}", s.model);
            }
        }
        let reference = spec_by_model(REFERENCE_MODEL).map(GpuSpec::work_tflops);
        assert_eq!(reference, Some(Some(312.0)));
    }
}
