//! The GPU spec table (`GPU_SPECS`, read at build time from `data/gpu-specs.csv`: one row per
//! GPU or accelerator model with memory, dense 16-bit and FP32 throughput, bandwidth and
//! interconnect, each with its source and the kind of source) and the lookups by model name or
//! source spelling. The row type and the reader are in `table.rs`, which `build.rs` shares.

mod table;

pub use table::*;

/// Every GPU and accelerator model an offer may have (data/gpu-specs.csv, in file order; rows
/// without a memory figure left out). Rows without a form factor, for listings that do not say
/// SXM, PCIe or NVL, carry the lower of the forms' figures. Use it as a `&'static [GpuSpec]`
/// (it dereferences to one and iterates like one).
pub static GPU_SPECS: &BundledSpecs = &BundledSpecs;

/// The type of [`GPU_SPECS`]: dereferences to the spec rows, decoded once, on first use, from
/// the compact text `build.rs` generates (`ingest::render_rust`: one row per line, fields in
/// [`GpuSpec`]'s order separated by tabs, numbers in their shortest exact form, an absent figure
/// as an empty field, the source kind as `V`, `Q`, `S` or `N`). A static array of the structs
/// cost about 2 KB more gzip in the wasm (docs/performance.md); the strings borrow from the
/// static text.
#[derive(Debug)]
pub struct BundledSpecs;

impl std::ops::Deref for BundledSpecs {
    type Target = [GpuSpec];
    fn deref(&self) -> &[GpuSpec] {
        static DECODED: std::sync::OnceLock<Vec<GpuSpec>> = std::sync::OnceLock::new();
        DECODED.get_or_init(|| decode_specs(super::data::GPU_SPEC_TEXT))
    }
}

impl IntoIterator for &'static BundledSpecs {
    type Item = &'static GpuSpec;
    type IntoIter = std::slice::Iter<'static, GpuSpec>;
    fn into_iter(self) -> Self::IntoIter {
        let rows: &'static [GpuSpec] = GPU_SPECS;
        rows.iter()
    }
}

/// The spec rows of the compact text ([`BundledSpecs`]). The text is generated at build time
/// and checked by the native tests (`validation::tests::decoded_specs_equal_the_ingest`), so
/// a malformed row is a build bug: it panics with the row's position.
fn decode_specs(text: &'static str) -> Vec<GpuSpec> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('\n')
        .enumerate()
        .map(|(k, row)| {
            let bad = |what: &str| -> ! { panic!("GPU spec text: row {k}: bad {what}") };
            let f: Vec<&'static str> = row.split('\t').collect();
            let [model, chip, form, memory, bf16, fp16, fp32, bandwidth, nvlink, datasheet, url, kind, date] =
                f[..]
            else {
                bad("field count")
            };
            let float = |s: &str| crate::decimal::parse_f64(s).unwrap_or_else(|| bad("number"));
            let opt = |s: &str| (!s.is_empty()).then(|| float(s));
            GpuSpec {
                model,
                chip,
                form,
                memory_gib: float(memory),
                bf16_dense_tflops: opt(bf16),
                fp16_dense_tflops: opt(fp16),
                fp32_tflops: opt(fp32),
                memory_bandwidth_gb_s: opt(bandwidth),
                nvlink_gb_s: opt(nvlink),
                datasheet,
                url,
                source_kind: match kind {
                    "V" => SourceKind::Vendor,
                    "Q" => SourceKind::Quote,
                    "S" => SourceKind::Secondary,
                    "N" => SourceKind::None,
                    _ => bad("source kind"),
                },
                source_date: date,
            }
        })
        .collect()
}

/// The spec row for a source's GPU spelling ([`resolve_in`] over [`GPU_SPECS`]).
#[must_use]
pub fn resolve(name: &str, memory_gib: Option<f64>, form_hint: &str) -> Option<&'static GpuSpec> {
    resolve_in(GPU_SPECS, name, memory_gib, form_hint)
}

/// The spec row with this canonical model name.
#[must_use]
pub fn spec_by_model(model: &str) -> Option<&'static GpuSpec> {
    spec_by_model_in(GPU_SPECS, model)
}

/// Whether `spec` is the row of a chip sold in several form factors used for listings that do
/// not say which (then its figures are the lower form's).
#[must_use]
pub fn form_unknown(spec: &GpuSpec) -> bool {
    spec.form.is_empty()
        && GPU_SPECS
            .iter()
            .any(|s| s.chip == spec.chip && !s.form.is_empty())
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
            Some("H200 141GB SXM")
        );
        assert_eq!(
            model("H200", Some(141.0), ""),
            Some("H200 141GB"),
            "form not stated: the lower (NVL) figures"
        );
        assert_eq!(model("RTX6000", Some(24.0), ""), Some("Quadro RTX 6000"));
        assert_eq!(model("RTX-6000-Ada", Some(48.0), ""), Some("RTX 6000 Ada"));
        assert_eq!(
            model("RTXPRO6000WS", Some(95.59), ""),
            Some("RTX PRO 6000 Blackwell Workstation Edition")
        );
        assert_eq!(
            model(
                "NVIDIA RTX PRO 6000 Blackwell Server Edition",
                Some(96.0),
                ""
            ),
            Some("RTX PRO 6000 Blackwell Server Edition")
        );
        assert_eq!(
            model("RTX PRO Server 6000", Some(96.0), ""),
            Some("RTX PRO 6000 Blackwell Server Edition")
        );
        assert_eq!(
            model("RTX PRO 6000", Some(96.0), ""),
            Some("RTX PRO 6000 Blackwell"),
            "edition not stated: the generic row"
        );
        assert_eq!(model("A800", Some(40.0), ""), Some("A800 40GB"));
        assert_eq!(model("Trainium2", Some(96.0), ""), Some("Trainium2"));
        assert_eq!(model("Gaudi HL-205", Some(32.0), ""), Some("Gaudi HL-205"));
        assert_eq!(model("TPU v5e", Some(16.0), ""), Some("TPU v5e"));
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
            assert!(!s.source_date.is_empty(), "{}", s.model);
            assert_eq!(
                s.source_kind == SourceKind::None,
                s.datasheet == NO_DATASHEET,
                "{}",
                s.model
            );
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

    /// The bundled table is data/gpu-specs.csv as read by the build.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn bundled_spec_table_is_the_csv() {
        let csv = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/gpu-specs.csv"
        ))
        .expect("data/gpu-specs.csv");
        assert_eq!(read_spec_table(&csv).expect("spec table"), &GPU_SPECS[..]);
    }
}
