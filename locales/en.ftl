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
notice-storage-newer = The saved state was written by a newer version of this app (version { $detail }): what this version understands was loaded; the stored data is left unchanged (a copy is kept aside) and changes here are not saved until you press Save
notice-import-refused = { $field }: not imported ({ $detail }); the current scenario and the saved ones are unchanged

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
