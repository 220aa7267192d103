//! Tests of the shared chart helpers and the cumulative chart (view-model to SVG).

use super::*;

/// A straight cumulative series: `per_month` × m at each month end m = 0..=`months`.
fn linear(per_month: f64, months: u32) -> Vec<(f64, f64)> {
    (0..=months)
        .map(|m| (f64::from(m), per_month * f64::from(m)))
        .collect()
}

fn sample(lines: Vec<Line>) -> CumulativeChart {
    CumulativeChart {
        title: "Cumulative on-demand cost".into(),
        x_label: "Month (1 month = 730 h)".into(),
        y_label: "Cumulative cost (USD)".into(),
        footer: vec!["Prices as of 2026-07-30".into()],
        lines,
        empty_message: "Pick offers to compare".into(),
        months: 12,
        bands: Vec::new(),
        bands_pending: 0,
        currency: planner_engine::Currency::Usd,
        log_scale: false,
        markers: Vec::new(),
        thin_band_note: String::new(),
    }
}

#[test]
fn owed_after_the_horizon_continues_the_line_dashed_to_the_term_end() {
    let with = Line {
        label: "reserved".into(),
        total: String::new(),
        points: linear(30_000.0, 3),
        owed: Some((12.0, 120_000.0)),
    };
    let mut chart = sample(vec![with.clone()]);
    chart.months = 3;
    let mut out = String::new();
    let frame = {
        let root = SvgBackend::with_string(&mut out, (800, 500)).into_drawing_area();
        draw_cumulative(&root, &chart, &Theme::LIGHT, 1.0).unwrap()
    };
    assert_eq!(frame.x_max, 12.0, "the axis runs to the term's end");
    assert!(frame.y_max >= 120_000.0, "and up to the total commitment");
    let svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    let mut plain = sample(vec![Line { owed: None, ..with }]);
    plain.months = 3;
    let plain = cumulative_svg(&plain, &Theme::LIGHT, 900).unwrap();
    assert!(
        svg.matches("<polyline").count() >= plain.matches("<polyline").count() + 24,
        "24 dashes"
    );
}

#[test]
fn svg_has_legend_axes_and_footer() {
    let line = Line {
        label: "AWS p4d.24xlarge".into(),
        total: String::new(),
        points: linear(23_922.1, 12),
        owed: None,
    };
    let svg = cumulative_svg(&sample(vec![line]), &Theme::LIGHT, 900).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
    assert!(svg.contains("AWS p4d.24xlarge"));
    assert!(svg.contains("Month (1 month = 730 h)"));
    assert!(svg.contains("Cumulative cost (USD)"));
    assert!(svg.contains("Prices as of 2026-07-30"));
    assert!(svg.contains("<polyline"), "a line is drawn");
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn svg_text_renders_at_the_css_sizes_the_layout_assumes() {
    let line = Line {
        label: "AWS p4d.24xlarge".into(),
        total: String::new(),
        points: linear(23_922.1, 12),
        owed: None,
    };
    let svg = cumulative_svg(&sample(vec![line]), &Theme::LIGHT, 900).unwrap();
    // Scale 1: the title is TITLE_FONT px, the legend LEGEND_FONT px, the footer
    // FOOTER_FONT px, as written in the SVG.
    let sizes: Vec<f64> = svg
        .split("font-size=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse().ok())
        .collect();
    for want in [TITLE_FONT, LEGEND_FONT, FOOTER_FONT, 12.0] {
        assert!(
            sizes.iter().any(|s| (s - want).abs() < 1e-9),
            "font-size {want} in {sizes:?}"
        );
    }
    assert!(sizes.iter().all(|s| *s >= 10.0), "{sizes:?}");
}

#[test]
fn svg_escapes_user_text() {
    let line = Line {
        label: "<script>alert(1)</script> & co".into(),
        total: String::new(),
        points: vec![(0.0, 0.0), (1.0, 1.0)],
        owed: None,
    };
    let svg = cumulative_svg(&sample(vec![line]), &Theme::DARK, 600).unwrap();
    assert!(!svg.contains("<script>"));
    assert!(svg.contains("&lt;script&gt;"));
}

#[test]
fn narrow_charts_wrap_legend_and_footer_instead_of_clipping() {
    let mut c = sample(vec![Line {
        label: "Alibaba Cloud ecs.gn7e-c16g1.32xlarge (8× A100 80GB)".into(),
        total: "¥1,234,567.89".into(),
        points: vec![(0.0, 0.0), (1.0, 1.0)],
        owed: None,
    }]);
    c.footer = vec!["On-demand, 8 GPUs × 24 h/day, 12 months; 1 month = 730 h; whole instances billed; prices per instance-hour, no tax, storage or egress.".into()];
    let wide = preferred_height(&c, 1200.0);
    let narrow = preferred_height(&c, 320.0);
    assert!(narrow > wide, "{narrow} <= {wide}");
    let svg = cumulative_svg(&c, &Theme::LIGHT, 320).unwrap();
    assert!(svg.contains("¥1,234,567.89"), "the legend keeps every word");
    assert!(svg.contains("egress."), "the footer keeps every word");
}

/// The largest `y` of a `<text>` element whose content contains `needle`, and the SVG's
/// height, from the markup plotters writes.
fn text_y_and_height(svg: &str, needle: &str) -> (f64, f64) {
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let height = attr(svg.split('>').next().unwrap(), "height");
    let y = svg
        .split("<text")
        .skip(1)
        .filter(|t| t.split("</text>").next().unwrap().contains(needle))
        .map(|t| attr(t, "y"))
        .fold(f64::NAN, f64::max);
    (y, height)
}

#[test]
fn a_phone_wide_chart_with_a_long_legend_and_footer_keeps_its_last_footer_line_inside() {
    // Five two-line legend entries and a footer of many lines at 320 px: together taller
    // than half the drawing, which once squeezed them into half and cut the last lines off.
    let line = |name: &str| Line {
        label: format!("Alibaba Cloud ecs.gn7e-c16g1.32xlarge (8× A100 80GB), {name}"),
        total: "CN¥3,276,771.91".into(),
        points: linear(250_000.0, 12),
        owed: None,
    };
    let mut c = sample(["a", "b", "c", "d", "e"].map(line).to_vec());
    c.footer = vec![
        "10 GPUs × 24 h/day × 7 days/week, 12 months; 1 month = 730 h; whole instances billed; no tax.".into(),
        "Prices as of: date unknown; Sep 29, 2026. Converted to CNY at 1 CNY = 0.138 USD; 1 USD = 7.2464 CNY.".into(),
        "Shaded: P10–P90 of cumulative cost over 10,000 Monte-Carlo trials of interruptions (seed 1) for options with interruption risk.".into(),
        "P10–P90 spread under 1 px at this scale: the bands lie within the lastword".into(),
    ];
    let svg = cumulative_svg(&c, &Theme::LIGHT, 320).unwrap();
    let (y, height) = text_y_and_height(&svg, "lastword");
    assert!(y.is_finite(), "the last footer line is drawn");
    assert!(
        y + FOOTER_LINE <= height,
        "last footer line at y = {y} in a drawing {height} high"
    );
}

#[test]
fn hover_maps_the_pointer_through_the_drawn_frame() {
    let lines = vec![
        Line {
            label: "A".into(),
            total: "$1,200.00".into(),
            points: linear(100.0, 12),
            owed: None,
        },
        Line {
            label: "B".into(),
            total: String::new(),
            points: linear(250.0, 12),
            owed: None,
        },
    ];
    let chart = sample(lines);
    let mut out = String::new();
    let frame = {
        let root = SvgBackend::with_string(&mut out, (800, 500)).into_drawing_area();
        draw_cumulative(&root, &chart, &Theme::LIGHT, 1.0).unwrap()
    };
    // The legend shows the name with its total; the readout (below) the name alone.
    assert!(out.contains("A — $1,200.00"), "{out}");
    assert!(frame.left > 0.0 && frame.right < 800.0 && frame.left < frame.right);
    assert_eq!(frame.x_max, 12.0);
    // The pointer a little right of month 6's x.
    let x6 = frame.left + (frame.right - frame.left) * 6.0 / 12.0;
    let mid_y = (frame.top + frame.bottom) / 2.0;
    let t = tooltip_at(&chart, &frame, x6 + 3.0, mid_y).unwrap();
    assert_eq!(t.month, 6.0);
    assert!((t.x - x6).abs() < 1e-9);
    // Highest first; month 6 is left of the middle, so the readout opens to the right.
    assert_eq!(
        t.rows,
        vec![("B".to_string(), 1500.0), ("A".to_string(), 600.0)]
    );
    assert!(!t.left && t.top > frame.bottom);
    let x9 = frame.left + (frame.right - frame.left) * 9.0 / 12.0;
    assert!(tooltip_at(&chart, &frame, x9, mid_y).unwrap().left);
    assert!(tooltip_at(&chart, &frame, frame.left - 30.0, mid_y).is_none());
    assert!(tooltip_at(&chart, &frame, x6, frame.bottom + 5.0).is_none());
    assert!(tooltip_at(&sample(vec![]), &frame, x6, mid_y).is_none());
}

#[test]
fn long_titles_are_cut_to_fit() {
    assert_eq!(fit_line("short", 400.0, 16.0), "short");
    let long = "Monthly cost by component: Alibaba Cloud ecs.gn7e-c16g1.32xlarge (8× A100 80GB)";
    let cut = fit_line(long, 320.0, 16.0);
    assert!(cut.ends_with('…') && cut.chars().count() <= chars_fitting(320.0, 16.0));
}

#[test]
fn narrow_chart_titles_wrap_onto_two_lines_and_keep_their_unit() {
    let fits = chars_fitting(306.0, TITLE_FONT);
    assert_eq!(
        title_lines("Cumulative cost (USD)", 306.0),
        ["Cumulative cost (USD)"]
    );
    // 375 px phone: the ranking title no longer loses "(USD)".
    let two = title_lines("Total cost over 12 months, cheapest first (USD)", 306.0);
    assert_eq!(two.len(), 2, "{two:?}");
    assert!(two[1].ends_with("(USD)"), "{two:?}");
    assert!(two.iter().all(|l| l.chars().count() <= fits), "{two:?}");
    // Longer than two lines: the second is cut with "…", never a third line.
    let long = "Monthly cost by component: Alibaba Cloud ecs.gn7e-c16g1.32xlarge (8× A100 80GB) over the whole horizon of the scenario (CNY)";
    let cut = title_lines(long, 306.0);
    assert_eq!(cut.len(), TITLE_MAX_LINES, "{cut:?}");
    assert!(
        cut[1].ends_with('…') && cut[1].chars().count() <= fits,
        "{cut:?}"
    );
    // Chinese counts double width (two columns a character, as the wrapper counts).
    let zh = title_lines(
        "12 个月总成本，从低到高（USD）12 个月总成本，从低到高（USD）",
        306.0,
    );
    let columns =
        |l: &str| -> usize { l.chars().map(|c| if c >= '\u{1100}' { 2 } else { 1 }).sum() };
    assert!(
        zh.len() == 2 && zh.iter().all(|l| columns(l) <= fits),
        "{zh:?}"
    );
}

#[test]
fn y_labels_get_decimals_for_small_ranges() {
    assert_eq!(label_decimals(50_000.0), 0);
    assert_eq!(label_decimals(1.0), 0);
    assert_eq!(label_decimals(0.125), 1);
    assert_eq!(label_decimals(0.004), 3);
    assert_eq!(label_decimals(1e-9), 4);
    assert_eq!(label_decimals(0.0), 0);
    assert_eq!(label_decimals(f64::NAN), 0);
    let tiny = Line {
        label: "tiny".into(),
        total: String::new(),
        points: vec![(0.0, 0.0), (1.0, 0.07)],
        owed: None,
    };
    let svg = cumulative_svg(&sample(vec![tiny]), &Theme::LIGHT, 800).unwrap();
    assert!(svg.contains("0.05"), "labels show cents");
    assert!(
        !svg.contains("0.050"),
        "no more decimals than the steps need"
    );
}

#[test]
fn crossovers_are_found_between_month_ends_in_x_order() {
    let line = |label: &str, points: Vec<(f64, f64)>| Line {
        label: label.into(),
        total: String::new(),
        points,
        owed: None,
    };
    // A: 1,000 upfront then 100/month; B: 300/month. They cross at month 5.
    let a = line(
        "A",
        (0..=12)
            .map(|m| {
                (
                    f64::from(m),
                    if m == 0 {
                        0.0
                    } else {
                        1_000.0 + 100.0 * f64::from(m)
                    },
                )
            })
            .collect(),
    );
    let b = line("B", linear(300.0, 12));
    let c = line("C", linear(50.0, 12));
    let found = crossovers(&[a.clone(), b.clone(), c]);
    assert_eq!(found.len(), 1, "{found:?}");
    let (x, y, i, j) = found[0];
    assert!((x - 5.0).abs() < 1e-9, "{x}");
    assert!(
        (y - (1_000.0 + 100.0 * x)).abs() < 1e-6,
        "on both lines: {y}"
    );
    assert_eq!((i, j), (0, 1));
    // Equal at month 0 only: no crossing.
    assert!(crossovers(&[b.clone(), line("D", linear(200.0, 12))]).is_empty());
    // Drawn as a ring with its tag, and listed in the legend.
    let mut chart = sample(vec![a, b]);
    chart.markers = vec![lines::Marker {
        x,
        y,
        tag: "month 5".into(),
        label: "A and B cross".into(),
        series: 0,
    }];
    let svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    assert!(svg.contains("◯ month 5: A and B cross"), "{svg}");
    assert!(
        svg.contains(">\nmonth 5\n<") || svg.contains("\nmonth 5\n"),
        "tag on the plot"
    );
}

#[test]
fn log_scale_labels_decades_and_lifts_cheap_lines_off_the_floor() {
    let lines = vec![
        Line {
            label: "hyperscaler".into(),
            total: String::new(),
            points: linear(200_000.0, 12),
            owed: None,
        },
        Line {
            label: "marketplace".into(),
            total: String::new(),
            points: linear(300.0, 12),
            owed: None,
        },
    ];
    let mut chart = sample(lines);
    let linear_svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    chart.log_scale = true;
    let log_svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    // Decades from 100 (below 300) to 10,000,000 (above 2.4 M × 1.05).
    for label in [
        "\n100\n",
        "\n1,000\n",
        "\n10,000\n",
        "\n1,000,000\n",
        "\n10,000,000\n",
    ] {
        assert!(log_svg.contains(label), "{label:?} in the log axis");
    }
    assert!(!linear_svg.contains("\n10,000,000\n"));
    let axis = YAxis::of(&chart);
    assert_eq!((axis.lo, axis.hi), (2.0, 7.0));
    // The cheap line's 12-month total is a fifth of the way up instead of 0.1 %.
    assert!(axis.pixels(100.0, 3_600.0, 100.0) > 30.0);
    assert_eq!(axis.map(0.0), 2.0, "month 0 sits on the axis' bottom");
}

#[test]
fn a_log_axis_starts_each_line_at_its_first_positive_point() {
    let points = [
        (0.0, 0.0),
        (1.0, 0.0),
        (2.0, 300.0),
        (3.0, 600.0),
        (4.0, f64::NAN),
    ];
    assert_eq!(
        drawn_points(&points, true),
        vec![(2.0, 300.0), (3.0, 600.0)]
    );
    assert_eq!(drawn_points(&points, false), points[..4].to_vec());
    // In the drawn SVG: the log chart's cheap line has 12 month dots, not 13 (month 0's
    // zero is not drawn on the axis floor).
    let lines = vec![Line {
        label: "marketplace".into(),
        total: String::new(),
        points: linear(300.0, 12),
        owed: None,
    }];
    let mut chart = sample(lines);
    let dots = |svg: &str| svg.matches("<circle").count();
    let linear_svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    chart.log_scale = true;
    let log_svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    assert_eq!(
        dots(&linear_svg) - dots(&log_svg),
        1,
        "month 0's dot is left out"
    );
}

#[test]
fn a_band_thinner_than_a_pixel_is_said_in_the_footer() {
    let line = Line {
        label: "spot".into(),
        total: String::new(),
        points: linear(10_000.0, 12),
        owed: None,
    };
    let mut chart = sample(vec![line]);
    chart.thin_band_note = "P10–P90 spread under 1 px".into();
    chart.bands = vec![BandArea {
        series: 0,
        points: (0..=12)
            .map(|m| {
                let y = 10_000.0 * f64::from(m);
                (f64::from(m), y - 1.0, y + 1.0)
            })
            .collect(),
    }];
    assert!(thinnest_visible(&chart).unwrap() < 1.0);
    let svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    assert!(svg.contains("P10–P90 spread under 1 px"));
    // A wide band: no note.
    for p in &mut chart.bands[0].points {
        p.2 += 5_000.0;
    }
    assert!(thinnest_visible(&chart).unwrap() > 1.0);
    let svg = cumulative_svg(&chart, &Theme::LIGHT, 900).unwrap();
    assert!(!svg.contains("P10–P90 spread under 1 px"));
    assert!(thinnest_visible(&sample(vec![])).is_none());
}

#[test]
fn empty_and_degenerate_charts_draw_without_error() {
    let svg = cumulative_svg(&sample(vec![]), &Theme::LIGHT, 600).unwrap();
    assert!(svg.contains("Pick offers to compare"));
    let nan = Line {
        label: "bad".into(),
        total: String::new(),
        points: vec![(0.0, f64::NAN), (1.0, f64::INFINITY)],
        owed: None,
    };
    assert!(cumulative_svg(&sample(vec![nan]), &Theme::LIGHT, 1).is_ok());
    let huge = Line {
        label: "huge".into(),
        total: String::new(),
        points: vec![(0.0, 0.0), (120.0, 1.2e13)],
        owed: None,
    };
    assert!(cumulative_svg(&sample(vec![huge]), &Theme::LIGHT, 375).is_ok());
}

/// `svg` with every `font-size="v"` written as `v` × 1.24 ([`svg::push_decimal`], 2 places):
/// plotters' own SVG backend writes the size it is given ÷ 1.24.
fn font_sizes_times_1_24(svg: &str) -> String {
    let mut parts = svg.split("font-size=\"");
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        let (size, rest) = part.split_once('"').expect("attribute ends");
        out.push_str("font-size=\"");
        svg::push_decimal(&mut out, size.parse::<f64>().expect("a number") * 1.24, 2);
        out.push('"');
        out.push_str(rest);
    }
    out
}

#[test]
fn the_svg_backend_writes_what_plotters_svg_backend_writes() {
    let mut chart = sample(vec![
        Line {
            label: "AWS p4d.24xlarge <8× A100> & \"co\" 's".into(),
            total: "$1,200.00".into(),
            points: linear(23_922.1, 12),
            owed: Some((24.0, 400_000.0)),
        },
        Line {
            label: "spot".into(),
            total: String::new(),
            points: linear(10_000.0, 12),
            owed: None,
        },
    ]);
    chart.bands = vec![BandArea {
        series: 1,
        points: (0..=12)
            .map(|m| {
                let y = 10_000.0 * f64::from(m);
                (f64::from(m), y * 0.8, y * 1.3)
            })
            .collect(),
    }];
    for (theme, scale, size) in [
        (Theme::LIGHT, 1.0, (900, 520)),
        (Theme::DARK, 2.0, (640, 900)),
        (Theme::LIGHT, 1.5, (375, 700)),
    ] {
        for log_scale in [false, true] {
            chart.log_scale = log_scale;
            let mut ours = String::new();
            {
                let root = svg::SvgBackend::with_string(&mut ours, size).into_drawing_area();
                draw_cumulative(&root, &chart, &theme, scale).unwrap();
            }
            let mut theirs = String::new();
            {
                let root = SVGBackend::with_string(&mut theirs, size).into_drawing_area();
                draw_cumulative(&root, &chart, &theme, scale).unwrap();
            }
            assert!(ours.matches("<text").count() > 10, "{ours}");
            assert!(ours.contains("<polygon") && ours.contains("transform=\"rotate("));
            assert_eq!(ours, font_sizes_times_1_24(&theirs), "scale {scale}");
        }
    }
}

#[test]
fn a_long_axis_title_keeps_its_first_clause_on_a_narrow_chart() {
    let title = "Total cost (USD): within the horizon, then any commitment owed after it";
    assert_eq!(super::fit_axis_title(title, 900.0, 13.0), title);
    assert_eq!(
        super::fit_axis_title(title, 300.0, 13.0),
        "Total cost (USD)"
    );
    let zh = "总成本（USD）：规划期内，之后为规划期后仍欠的承诺";
    assert_eq!(super::fit_axis_title(zh, 300.0, 13.0), "总成本（USD）");
    // Even the first clause too long: cut with "…" to what fits.
    let cut = super::fit_axis_title(&"x".repeat(200), 150.0, 13.0);
    assert!(cut.ends_with('…') && cut.chars().count() == 19, "{cut}");
}

#[test]
fn a_chinese_title_that_fits_a_phone_stays_on_one_line() {
    // A 375 px phone's chart: about 319 CSS px for the title. "12" must not be left alone on
    // the first line with the rest cut (Chinese counted twice as wide, twice over).
    assert_eq!(
        super::title_lines("12 个月总成本，从低到高（USD）", 319.0),
        vec!["12 个月总成本，从低到高（USD）".to_string()]
    );
    let long = "按利用率比较预留与按需：规划期内每个选项的累计成本，以及预留期限结束后仍需支付的承诺金额，还有更多说明文字";
    let lines = super::title_lines(long, 319.0);
    assert!(lines.len() <= super::TITLE_MAX_LINES, "{lines:?}");
}

#[test]
fn chinese_footers_wrap_at_the_chart_width_counted_once() {
    // About 65 columns (Chinese characters count two): one line on a 600 px chart, not two.
    let footer = vec![
        "8 个 GPU × 24 小时/天 × 7 天/周，12 个月；1 个月 = 730 小时；按整实例计费；不含税"
            .to_string(),
    ];
    assert_eq!(super::wrap_footer(&footer, 600.0), footer);
    // On a phone it wraps, each line within the width.
    let narrow = super::wrap_footer(&footer, 300.0);
    assert!(narrow.len() >= 2, "{narrow:?}");
}
