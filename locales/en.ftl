# English strings. Every message here must exist in zh-CN.ftl with the same variables
# (checked by the i18n completeness test). Variables are pre-formatted for the locale.

language-name = English

## Notices from share links, imported files and stored state ($field: the field's path,
## $detail: the reason or value).
notice-unknown-field = { $field }: unknown field, ignored
notice-rejected = { $field }: not loaded ({ $detail }); the default is used
notice-option-dropped = { $field }: this option could not be loaded ({ $detail }); the other options were kept
notice-no-options = { $field }: no usable option; an example option was added
notice-older-version = { $field }: made by an older version ({ $detail }) and upgraded
notice-newer-version = { $field }: made by a newer version ({ $detail }); only what this version understands was loaded
notice-link-too-long = The link is too long ({ $detail } bytes; at most 100 KB); it was not opened
notice-link-truncated = The link is cut short; its complete part was loaded
notice-link-corrupt = The link is damaged ({ $detail }); the default scenario is shown
notice-link-too-large = The link's data is too large (over { $detail } bytes unpacked); it was not opened
notice-not-json = The file is not valid JSON ({ $detail }); the default scenario is used
notice-unknown-language = { $field }: unknown language { $detail }; the current language is kept
notice-storage-corrupt = The saved state could not be read ({ $detail }); defaults are used and the old data was kept aside
notice-duplicate-name = The name “{ $field }” is already used; saved as “{ $detail }”

## Decision helper reasons.
reason-matches-gpu = Has the GPU asked for: { $gpu }
reason-enough-memory = { $gib } GiB of memory per GPU
reason-nvlink = GPUs linked by NVLink
reason-in-china-mainland = Region in mainland China, where the data must stay
reason-outside-china-mainland = Region outside mainland China, as the data requires
reason-spot-price = Ranked on its spot price, { $price } per GPU-hour (the work can be interrupted)
reason-committed-price = Ranked on its { $months }-month committed price, { $price } per GPU-hour
reason-on-demand-price = Ranked on its on-demand price, { $price } per GPU-hour
reason-failure-budget = Marketplace host: { $pct } % added for host failures (the articles advise 10–15 %)
reason-sla-first = Cloud with an SLA and redundancy, ranked first because the budget is not tight
reason-managed-toolchain = Managed cloud with a full toolchain, ranked first for a small operations team
reason-self-managed = Bare marketplace host that needs its own set-up, ranked after managed clouds

## Presets (from the founding articles).
preset-a100-training-reserved-mix-name = A100 training: on-demand vs 60 % reserved
preset-a100-training-reserved-mix-description = 100,000 A100 GPU-hours within 3 months: pure on-demand at 3.20 USD/h against 60 % reserved on a 3-year term at 1.80 USD/h plus 40 % on-demand. Shows the cost within the 3 months and the whole 3-year commitment. Prices from the founding article (Azure).
preset-rtx4090-marketplace-vs-cloud-name = 10 × RTX 4090 on a marketplace vs a cloud
preset-rtx4090-marketplace-vs-cloud-description = Ten RTX 4090 hosts on Vast.ai or AutoDL for 3 months, with host failures (one per 200 host-hours, hourly checkpoints) and a 12 % contingency budget (the article advises 10–15 %), against a cloud L40S. Prices from the bundled catalog.
preset-offpeak-rendering-name = Off-peak rendering
preset-offpeak-rendering-description = 2,000 GPU-hours of rendering on 4 RTX 6000 GPUs on Paperspace: moved into off-peak night hours (0.80 USD/h, the article's figure) or run at once (peak 1.33 USD/h, derived from "40 % cheaper off-peak").
preset-free-tier-to-paid-name = Prototype: free tier, then a paid GPU
preset-free-tier-to-paid-description = One GPU, 2 hours a day, 5 days a week for 3 months: Paperspace's free GPU-hours first (12 hours once), then paid, against Lambda's A10 from the first hour, as the article suggests for start-ups. Prices from the bundled catalog.

## Interface: language, notices, share and files, saved scenarios, presets, decision helper.
ui-language = Language
ui-dismiss = Dismiss
ui-save-quota = The browser's storage is full: this change was not saved, the previous save is kept
ui-save-unavailable = The browser does not allow local storage here: changes are not saved between visits
ui-save-failed = The scenario could not be saved ({ $detail }); the previous save is kept
ui-copy-share-link = Copy share link
ui-share-link = Share link:
ui-link-copied = Link copied to the clipboard
ui-link-copy-by-hand = Copy the selected link (the browser did not allow copying)
ui-link-failed = The link could not be made ({ $detail })
ui-export-json = Export scenario JSON
ui-export-failed = The export failed ({ $detail })
ui-import-json = Import scenario JSON
ui-save-as = Save as
ui-save-name-placeholder = name
ui-save = Save
ui-saved-empty = No saved scenarios yet.
ui-open = Open
ui-delete = Delete
ui-presets = Presets
ui-preset-choose = Choose a preset…
ui-preset-about = About the presets
ui-advisor-title = Decision helper
ui-advisor-gpu = GPU family
ui-advisor-any = any
ui-advisor-memory = Minimum memory per GPU (GiB)
ui-advisor-nvlink = GPUs linked by NVLink
ui-advisor-budget = The budget is tight
ui-advisor-ops = We can run our own environment on bare hosts
ui-advisor-interruptible = The work can be interrupted and resumed
ui-advisor-location = Data must stay
ui-advisor-location-anywhere = anywhere
ui-advisor-location-cn = in mainland China
ui-advisor-location-outside-cn = outside mainland China
ui-advisor-none = No offer in the catalog has this hardware.
ui-advisor-score = ranked at { $price } per GPU-hour
ui-advisor-compare = Compare the top { $count }

## Main page: header, scenario editor, charts, footer.
ui-app-title = GPU rental cost planner
ui-app-intro = Compare real, dated GPU rental offers. Everything runs in your browser; nothing is sent anywhere.
ui-scenario-files = scenario files
ui-scenario-job = Scenario: job
ui-scenario-fleet = Scenario: fleet
ui-workload = Workload
ui-mode = Mode
ui-mode-fleet = fleet: N GPUs for a number of months
ui-mode-job = job: a fixed amount of work, until finished
ui-job-size-by = Size the job by
ui-job-size-gpus = GPU count
ui-job-size-deadline = deadline
ui-work = Work
ui-unit-reference-gpu-hours = reference GPU-hours (A100 80GB)
ui-finish-within = Finish within
ui-unit-months = months
ui-gpus = GPUs
ui-unit-gpus = GPUs
ui-scaling-efficiency = Scaling efficiency
ui-job-note = Each option runs until the work is done at its GPU's throughput (set per option under Strategy); the charts span the longest option.
ui-hours-per-day = Hours per day
ui-unit-h-per-day = h/day
ui-days-per-week = Days per week
ui-unit-days-per-week = days/week
ui-months = Months
ui-spot-risk = Spot risk (applies to spot variants)
ui-interruptions = Interruptions per instance-hour
ui-unit-per-h = /h
ui-unit-h = h
ui-checkpoint-every = Checkpoint every
ui-young-using = Using Young's optimum √(2c/λ) = { $hours } h
ui-young-pending = Young's optimum applies once a spot option has interruptions and a write time
ui-young-use-hours = Use the suggested optimum ({ $hours } h, Young)
ui-young-use = Use the suggested optimum (Young)
ui-checkpoint-write = Checkpoint write time
ui-restart-time = Restart time
ui-storage-egress = Storage and egress
ui-storage-kept = Storage kept
ui-storage-price = Storage price
ui-unit-per-gb-month = per GB-month
ui-egress = Egress
ui-unit-gb-per-month = GB/month
ui-egress-price = Egress price
ui-unit-per-gb = per GB
ui-per-gb-note = Per-GB prices are in each option's own currency and apply to every compared option.
ui-strategy-legend = Strategy of one option: reserved / spot / on-demand
ui-budget-conventions = Budget and conventions
ui-contingency = Contingency
ui-month-length = Month length
ui-calendar-months = calendar months
ui-first-month = First month
ui-show-totals-in = Show totals in
ui-exchange-rate = Exchange rate: USD per 1 CNY
ui-rate-note = { $rate }. Default 0.138: the rate the catalog's Alibaba and Tencent source used (2026). Editing it never changes the catalog; offers already in the display currency are not converted.
ui-compared-options = Compared options
ui-chart-cumulative = Cumulative cost over time
ui-chart-breakdown = Monthly cost by component
ui-option = Option
ui-option-n = option { $n }
ui-chart-ranking = Ranking by total
ui-chart-reserved = Reserved vs on-demand
ui-chart-buy = Rent vs buy
ui-dismiss-lower = dismiss
ui-footer = Prices: public snapshots listed in data/catalog-sources/PROVENANCE.md, each with its as-of date; list prices per instance-hour, excluding tax, storage and egress. Not a quote.

## Comparison table.
ui-cannot-compute = Cannot compute the comparison: { $detail }
ui-no-offer-picked = No offer picked yet: tick up to { $max } rows in the offer table below.
ui-prices-as-of = prices as of { $date }
ui-spot-variant-title = Add a copy of this option run on spot capacity
ui-spot-variant = + spot variant
ui-reserved-variant-title = Add a copy of this option with 60 % of its GPUs on the offer's first committed-use term and 40 % on demand
ui-reserved-variant = + 60/40 reserved
ui-remove-option = Remove { $name }
ui-remove = remove
ui-cmp-heading = Totals, rates and break-even
ui-download-csv = Download CSV
ui-cmp-option = Option
ui-cmp-total = Total in horizon ({ $currency })
ui-cmp-commitment-title = total plus reserved commitment owed after the horizon
ui-cmp-commitment = Total commitment ({ $currency })
ui-cmp-per-gpu-hour = Per used GPU-hour
ui-cmp-per-job = Per job
ui-cmp-finish = Finish (months of { $month })
ui-month-hours = { $hours } h
ui-cmp-break-even-utilisation = Reserved break-even utilisation
ui-cmp-break-even-months-title = months of use after which the reserved term beats paying on demand
ui-cmp-break-even-months = Reserved break-even (months)
ui-warnings = Warnings
ui-actions = Actions

## Warnings of the comparison table ($amount: money for the locale).
warn-reserved-above-on-demand = reserved rate above on-demand: never pays off
warn-committed-after-horizon = { $amount } committed after the horizon
warn-reserved-idle = { $amount } of reserved capacity idle

## CSV headers. English headers are stable snake_case names for scripts ($currency: lower-case
## code such as usd; $month: the month convention's code such as 730h); Chinese headers are
## words with the same units (upper-case code). Columns are the same in both languages.
csv-option = option
csv-offer-id = offer_id
csv-prices-as-of = prices_as_of
csv-total = total_{ $currency }
csv-total-with-commitment = total_with_commitment_{ $currency }
csv-per-used-gpu-hour = { $currency }_per_used_gpu_hour
csv-per-job = { $currency }_per_job
csv-finish-months = finish_months_{ $month }
csv-break-even-utilisation = break_even_utilisation_pct
csv-break-even-months = break_even_months_{ $month }
csv-warnings = warnings
csv-month = month_{ $month }
csv-cumulative = cumulative_{ $currency }
csv-p10-cumulative = p10_cumulative_{ $currency }
csv-p90-cumulative = p90_cumulative_{ $currency }
csv-rank = rank
csv-series = series
csv-marker = marker: { $label }
csv-utilisation-pct = utilisation_pct
csv-per-instance-hour-of-term = { $currency }_per_instance_hour_of_term
csv-component-per-month = { $component }_{ $currency }_per_month_{ $month }
csv-total-per-month = total_{ $currency }_per_month_{ $month }

## Counts ($n: a number). Code picks -one for 1, -other otherwise (English plural forms).
count-gpus-one = { $n } GPU
count-gpus-other = { $n } GPUs
count-months-one = { $n } month
count-months-other = { $n } months
count-offers-one = { $n } offer
count-offers-other = { $n } offers
count-rows-one = { $n } row
count-rows-other = { $n } rows

## Charts: titles, axes, legends, footers, markers, empty messages ($currency: code such as USD).
chart-month-calendar = calendar month from { $start }
chart-undated = undated
chart-plan-job = Job: { $work } reference GPU-hours (A100 80GB) { $size }, scaling efficiency { $efficiency }, until finished; 1 month = { $month }; whole instances billed; no tax
chart-plan-within = within { $months } months
chart-plan-on = on { $gpus }
chart-plan-fleet = { $gpus } × { $hours } h/day × { $days } days/week, { $months }; 1 month = { $month }; whole instances billed; no tax
chart-plan-storage = ; storage { $storage } GB at { $storage_price }/GB-month, egress { $egress } GB/month at { $egress_price }/GB
chart-plan-contingency = ; contingency { $pct } %
chart-plan-end = .
chart-prices-as-of = Prices as of: { $dates }.
chart-converted = Converted to { $currency } at { $rate }.
chart-cumulative-title = Cumulative cost ({ $currency })
chart-month-axis = Month (1 month = { $month })
chart-empty-pick = Pick up to { $max } offers in the table to compare them
chart-bands = Shaded: P10–P90 of cumulative cost over { $trials } Monte-Carlo trials of interruptions (seed 1) for options with interruption risk.
chart-ranking-title-job = Total cost of the job, cheapest first ({ $currency })
chart-ranking-title = Total cost over { $months }, cheapest first ({ $currency })
chart-ranking-axis = Total cost within the horizon ({ $currency })
chart-breakdown-title = Monthly cost by component ({ $currency })
chart-breakdown-axis = Cost per month ({ $currency })
chart-option-line = Option: { $name }
component-reserved-upfront = Reserved upfront
component-reserved-recurring = Reserved recurring
component-reserved-idle = Reserved idle
component-on-demand = On-demand
component-package = Monthly package
component-spot = Spot
component-rework = Rework (interruptions)
component-storage = Storage
component-egress = Egress
component-contingency = Contingency
chart-reserved-on-demand-line = { $name }: on demand, { $price }/instance-hour used
chart-reserved-line-term = { $name }: reserved, { $months } months, { $price }/instance-hour of the term
chart-reserved-line = { $name }: reserved, { $price }/instance-hour of the term
chart-break-even-marker = { $name }: break-even at { $pct } % utilisation
chart-never = never
chart-never-pays-off = { $name }: reserved never pays off (above on demand)
chart-reserved-title = Reserved vs on-demand by utilisation ({ $currency })
chart-reserved-x-axis = Utilisation: share of the term's hours used (%)
chart-reserved-y-axis = Per instance-hour of term ({ $currency })
chart-reserved-empty = Add a reserved variant ("+ 60/40 reserved" in the comparison) or a reserved share to see its break-even
chart-rent-line = Rent: { $name }
chart-buy-line = Buy: { $servers } × { $gpus }-GPU server ({ $price } each, { $years } years, { $residual } % residual), { $per_hour }/server-hour
chart-month-n = month { $n }
chart-buy-cheaper-from = { $name }: buying is cheaper from month { $n }
chart-no-crossover = no crossover
chart-renting-stays-cheaper = renting stays cheaper for all { $months }
chart-buy-footer = Buying, cash view: purchase paid in month 0, power (kW × PUE × price per kWh) and operations monthly, residual value recovered only at resale; amounts in { $currency }.
chart-buy-title = Rent vs buy: cumulative cost ({ $currency })
chart-buy-empty = Switch on "Compare with buying" to draw the owned server
