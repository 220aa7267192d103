//! The GPU spec table's row type, its reader (`data/gpu-specs.csv`), and the mapping from the
//! sources' GPU spellings to one canonical model name per GPU (`"A100 80GB SXM"`, never three
//! spellings).
//!
//! `build.rs` includes this file (next to the ingest) to read the spec table and canonicalise
//! GPU names at build time; the library re-exports it from `catalog::gpus`, whose `GPU_SPECS`
//! is the table the build rendered. Uses only `std`, `csv` and `crate::decimal` (which
//! `build.rs` includes too).
//!
//! Figures are **dense** (without structured sparsity) and come from the source named on each
//! row (data/catalog-sources/PROVENANCE.md, "GPU spec figures"): where a document gives only the
//! sparse Tensor-Core figure, the dense figure is half of it (NVIDIA: "Specifications 1/2 lower
//! without sparsity"). A cell is empty (`None`) where no source read gives the figure. Where
//! the form factor (SXM, PCIe, NVL) is not known, the row without a form carries the **lower**
//! of the forms' figures. Memory is the vendor's per-GPU "GB" figure, taken as GiB as elsewhere
//! in the catalog.

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
    /// Vendor document the figures come from ([`NO_DATASHEET`] when none was read).
    pub datasheet: &'static str,
    /// Where the document is published (the vendor's address; `""` when none).
    pub url: &'static str,
    /// What kind of source the figures were read in.
    pub source_kind: SourceKind,
    /// Date of the document or of the copy read, as the table states it (`"unknown"` when
    /// neither is known).
    pub source_date: &'static str,
}

/// What kind of source a spec row's figures were read in (data/gpu-specs.csv).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// The vendor's own document, read in the vendor's repository or pages (NVIDIA, AMD ROCm,
    /// AWS Neuron, Google Cloud TPU docs).
    Vendor,
    /// The vendor's figures as transcribed or quoted by a third party that names the document.
    Quote,
    /// A third party's compilation (labelled SECONDARY in the table).
    Secondary,
    /// No figure read: the memory comes from the model name or the listing.
    None,
}

impl SourceKind {
    /// `"vendor"`, `"quote"`, `"secondary"`, `"none"`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SourceKind::Vendor => "vendor",
            SourceKind::Quote => "quote",
            SourceKind::Secondary => "secondary",
            SourceKind::None => "none",
        }
    }
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

/// The `datasheet` of models with no vendor datasheet cited (the UI shows a translated
/// explanation instead of this text).
pub const NO_DATASHEET: &str =
    "no vendor datasheet cited: memory is the size in the product name or the source listing";

/// Reads the spec table (`data/gpu-specs.csv`, columns by header name; PROVENANCE.md describes
/// them) into rows with `'static` strings (leaked: the table is read once per build or test).
///
/// `nvlink_gb_s` is the `interconnect_gb_s` of rows whose `interconnect` names NVLink (not
/// NeuronLink or TPU ICI); `source_kind` is [`SourceKind::Secondary`] when the `note` says
/// SECONDARY, [`SourceKind::None`] when no `source_ref` is given, [`SourceKind::Vendor`] when
/// the figures were read in the vendor's own repository or pages, else [`SourceKind::Quote`].
/// A row without a memory figure (TPU v2) is left out: an offer needs the memory per GPU.
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse, as text naming the
/// line and column.
pub fn read_spec_table(text: &str) -> Result<Vec<GpuSpec>, String> {
    let leak = |s: &str| -> &'static str { String::leak(s.trim().to_string()) };
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| e.to_string())?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("gpu-specs.csv: column `{name}` is missing"))
    };
    let c = [
        "model",
        "chip",
        "form",
        "memory_gib",
        "bf16_dense_tflops",
        "fp16_dense_tflops",
        "fp32_tflops",
        "memory_bandwidth_gb_s",
        "interconnect",
        "interconnect_gb_s",
        "source_title",
        "source_url",
        "source_date",
        "source_ref",
        "note",
    ]
    .map(col);
    let [model, chip, form, memory, bf16, fp16, fp32, bandwidth, link, link_gb_s, title, url, date, reference, note] =
        c;
    let (model, chip, form, memory, bf16, fp16, fp32, bandwidth) = (
        model?, chip?, form?, memory?, bf16?, fp16?, fp32?, bandwidth?,
    );
    let (link, link_gb_s, title, url, date, reference, note) =
        (link?, link_gb_s?, title?, url?, date?, reference?, note?);
    let mut rows = Vec::new();
    for (i, rec) in reader.records().enumerate() {
        let rec = rec.map_err(|e| e.to_string())?;
        let line = i + 2;
        let cell = |k: usize| rec.get(k).unwrap_or("").trim();
        let num = |k: usize| -> Result<Option<f64>, String> {
            match cell(k) {
                "" => Ok(None),
                v => crate::decimal::parse_f64(v)
                    .map(Some)
                    .ok_or_else(|| format!("gpu-specs.csv:{line}: {v:?} is not a number")),
            }
        };
        let Some(memory_gib) = num(memory)? else {
            continue;
        };
        let reference = cell(reference);
        let kind = if cell(note).contains("SECONDARY") {
            SourceKind::Secondary
        } else if reference.is_empty() {
            SourceKind::None
        } else if [
            "NVIDIA/",
            "ROCm/",
            "aws-neuron/",
            "docs: https://cloud.google.com/",
            "docs: https://docs.cloud.google.com/",
        ]
        .iter()
        .any(|p| reference.starts_with(p))
        {
            SourceKind::Vendor
        } else {
            SourceKind::Quote
        };
        let nvlink = cell(link).contains("NVLink");
        rows.push(GpuSpec {
            model: leak(cell(model)),
            chip: leak(cell(chip)),
            form: match cell(form) {
                "SXM" => "SXM",
                "PCIe" => "PCIe",
                "NVL" => "NVL",
                "" => "",
                other => return Err(format!("gpu-specs.csv:{line}: unknown form {other:?}")),
            },
            memory_gib,
            bf16_dense_tflops: num(bf16)?,
            fp16_dense_tflops: num(fp16)?,
            fp32_tflops: num(fp32)?,
            memory_bandwidth_gb_s: num(bandwidth)?,
            nvlink_gb_s: if nvlink { num(link_gb_s)? } else { None },
            datasheet: if kind == SourceKind::None {
                NO_DATASHEET
            } else {
                leak(cell(title))
            },
            url: leak(cell(url)),
            source_kind: kind,
            source_date: match cell(date) {
                "" => "unknown",
                d => leak(d),
            },
        });
    }
    Ok(rows)
}

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
    "EDITION",
    "GENERATION",
    "AWS",
    "GOOGLE",
    "CLOUD",
    "HABANA",
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

/// Edition words (one chip and memory sold in editions with different figures) and what they
/// mean: `"Server"`, `"Workstation"` (also `WS`), `"Max-Q"`, `"Active"`.
fn edition_word(word: &str) -> Option<&'static str> {
    match word {
        "SERVER" => Some("Server"),
        "WORKSTATION" | "WS" => Some("Workstation"),
        "MAXQ" => Some("Max-Q"),
        "ACTIVE" => Some("Active"),
        _ => None,
    }
}

/// A memory word such as `80GB`, `80G` or `24`-followed-by-`GB`: its number.
fn memory_word(word: &str) -> Option<f64> {
    let digits = word.trim_end_matches("GB").trim_end_matches('G');
    if digits.len() < word.len() && !digits.is_empty() {
        crate::decimal::parse_f64(digits)
    } else {
        None
    }
}

/// What a source spelling says: chip key, form factor, memory (GiB) where written, and edition.
///
/// `"NVIDIA A100 SXM"` → `("A100", "SXM", None, "")`; `"A100 80G"` → `("A100", "", Some(80),
/// "")`; `"RTX6000-Ada"` → `("RTX6000ADA", …)`; Lambda's `"RTX6000"` and a bare `"RTX 6000"` →
/// `"QUADRORTX6000"` (the 24 GB Turing card); `"RTX PRO Server 6000"` and `"RTXPRO6000WS"` →
/// `"RTXPRO6000"` with edition `"Server"` / `"Workstation"`.
#[must_use]
pub fn parse_spelling(name: &str) -> (String, &'static str, Option<f64>, &'static str) {
    let upper = name.to_ascii_uppercase().replace("MAX-Q", "MAXQ");
    let head = upper.split(['*', '(']).next().unwrap_or(&upper);
    let words: Vec<&str> = head
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut chip = String::new();
    let mut form = "";
    let mut edition = "";
    let mut memory = None;
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let next = words.get(i + 1).copied().unwrap_or("");
        if NOISE.contains(&w) {
        } else if let Some(f) = form_word(w) {
            form = f;
        } else if let Some(e) = edition_word(w) {
            edition = e;
        } else if w == "NVLINK" {
            // "H100-NVLINK": an NVLink board, but SXM or NVL is not said.
        } else if let Some(m) = memory_word(w) {
            memory = Some(m);
        } else if next == "GB" && w.bytes().all(|b| b.is_ascii_digit()) {
            memory = crate::decimal::parse_f64(w);
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
            // A trailing WS glued to a model number ("RTXPRO6000WS") is the workstation edition.
            let (w, glued_ws) = match w.strip_suffix("WS") {
                Some(s) if s.ends_with(|c: char| c.is_ascii_digit()) => (s, true),
                _ => (w, false),
            };
            if glued_ws {
                edition = "Workstation";
            }
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
    if chip == "RTX4000ADA" || chip == "RTXPRO6000" || chip == "RTXPRO4500" {
    } else if chip.starts_with("RTXA")
        && chip[4..].bytes().all(|b| b.is_ascii_digit())
        && chip.len() > 4
    {
        chip = chip[3..].to_string();
    }
    if chip == "M4000" || chip == "P4000" {
        chip = format!("QUADRO{chip}");
    }
    if chip == "GAUDI" {
        chip = "GAUDI2".to_string();
    }
    // AMD's "Radeon PRO V620" is the V620.
    if let Some(rest) = chip.strip_prefix("PROV") {
        chip = format!("V{rest}");
    }
    (chip, form, memory, edition)
}

/// Whether two memory figures are the same vendor size: within 7 % (drivers report less than
/// the marketed size, e.g. 46,068 MiB ≈ 44.99 GiB for a 48 GB L40S).
#[must_use]
pub fn same_memory(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.07 * a.max(b)
}

/// The row of `table` for a source's GPU spelling, given what else is known: per-GPU memory
/// (from the listing) and the form factor (from the instance type, when the name does not say
/// it).
///
/// Rules: rows of the same chip; a stated memory must match ([`same_memory`]); a stated form must
/// match, else the chip's row without a form is used; a stated edition must match, else the
/// row without an edition; without a memory, the chip must have one memory size among the
/// candidate rows. `None` when no row fits or the choice is ambiguous (the caller then drops
/// the offer with the reason).
#[must_use]
pub fn resolve_in<'a>(
    table: &'a [GpuSpec],
    name: &str,
    memory_gib: Option<f64>,
    form_hint: &str,
) -> Option<&'a GpuSpec> {
    let (chip, name_form, name_memory, edition) = parse_spelling(name);
    let form = if name_form.is_empty() {
        form_hint
    } else {
        name_form
    };
    let memory = memory_gib.or(name_memory);
    let mut rows: Vec<&'a GpuSpec> = table
        .iter()
        .filter(|s| s.chip == chip)
        .filter(|s| memory.is_none_or(|m| same_memory(s.memory_gib, m)))
        .collect();
    if rows.len() > 1 {
        let with_form: Vec<&'a GpuSpec> = rows.iter().copied().filter(|s| s.form == form).collect();
        rows = if with_form.is_empty() {
            rows.into_iter().filter(|s| s.form.is_empty()).collect()
        } else {
            with_form
        };
    }
    if rows.len() > 1 {
        let row_edition = |s: &GpuSpec| parse_spelling(s.model).3;
        let with_edition: Vec<&'a GpuSpec> = rows
            .iter()
            .copied()
            .filter(|s| row_edition(s) == edition)
            .collect();
        rows = if with_edition.is_empty() {
            rows.into_iter()
                .filter(|s| row_edition(s).is_empty())
                .collect()
        } else {
            with_edition
        };
    }
    match rows.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The row of `table` with this canonical model name.
#[must_use]
pub fn spec_by_model_in<'a>(table: &'a [GpuSpec], model: &str) -> Option<&'a GpuSpec> {
    table.iter().find(|s| s.model == model)
}
