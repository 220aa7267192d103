# 简体中文文本。每条消息必须与 en.ftl 一致（相同的消息和变量），由 i18n 完整性测试检查。

language-name = 简体中文

## 分享链接、导入文件和本地存储的提示（$field：字段路径，$detail：原因或数值）。
notice-unknown-field = { $field }：未知字段，已忽略
notice-rejected = { $field }：未能载入（{ $detail }），已使用默认值
notice-option-dropped = { $field }：此方案无法载入（{ $detail }），其他方案已保留
notice-no-options = { $field }：没有可用的方案，已添加一个示例方案
notice-older-version = { $field }：由旧版本（{ $detail }）创建，已升级
notice-newer-version = { $field }：由新版本（{ $detail }）创建，仅载入了本版本能识别的部分
notice-link-too-long = 链接过长（{ $detail } 字节，上限 100 KB），未打开
notice-link-truncated = 链接不完整，已载入其中完整的部分
notice-link-corrupt = 链接已损坏（{ $detail }），显示默认场景
notice-link-too-large = 链接数据过大（解压后超过 { $detail } 字节），未打开
notice-not-json = 文件不是有效的 JSON（{ $detail }），已使用默认场景
notice-unknown-language = { $field }：未知语言 { $detail }，保留当前语言
notice-storage-corrupt = 无法读取已保存的状态（{ $detail }），已使用默认值，旧数据已另行保留
notice-duplicate-name = 名称“{ $field }”已被使用，已另存为“{ $detail }”

## 选型助手的理由。
reason-matches-gpu = 具备所需 GPU：{ $gpu }
reason-enough-memory = 每卡显存 { $gib } GiB
reason-nvlink = GPU 之间通过 NVLink 互联
reason-in-china-mainland = 区域位于中国大陆，符合数据所在地要求
reason-outside-china-mainland = 区域位于中国大陆以外，符合数据所在地要求
reason-spot-price = 按竞价价格排序：每 GPU 小时 { $price }（任务可中断）
reason-committed-price = 按 { $months } 个月承诺使用价格排序：每 GPU 小时 { $price }
reason-on-demand-price = 按按需价格排序：每 GPU 小时 { $price }
reason-failure-budget = 第三方平台主机：加计 { $pct } % 故障预算（文章建议 10%–15%）
reason-sla-first = 有 SLA 和冗余的云平台，预算不紧张时优先
reason-managed-toolchain = 工具链完整的托管云平台，运维能力有限时优先
reason-self-managed = 需自行配置环境的第三方主机，排在托管云平台之后

## 预设场景（来自创始文章）。
preset-a100-training-reserved-mix-name = A100 训练：纯按需与 60% 预留对比
preset-a100-training-reserved-mix-description = 3 个月内完成 10 万 A100 GPU 小时：纯按需（3.20 美元/小时）对比 60% 三年预留实例（1.80 美元/小时）加 40% 按需。同时显示 3 个月内的成本和三年承诺的总额。价格来自创始文章（Azure）。
preset-rtx4090-marketplace-vs-cloud-name = 第三方平台 10 张 RTX 4090 与云平台对比
preset-rtx4090-marketplace-vs-cloud-description = 在 Vast.ai 或 AutoDL 租用 10 台 RTX 4090 主机 3 个月，考虑主机故障（每 200 主机小时一次，每小时保存检查点）和 12% 的应急预算（文章建议 10%–15%），对比云平台的 L40S。价格来自内置价格目录。
preset-offpeak-rendering-name = 非高峰时段渲染
preset-offpeak-rendering-description = 在 Paperspace 用 4 张 RTX 6000 完成 2,000 GPU 小时的渲染：移到夜间非高峰时段（0.80 美元/小时，文章数据）或立即运行（高峰 1.33 美元/小时，由“非高峰便宜 40%”推算）。
preset-free-tier-to-paid-name = 原型：先用免费层，再转付费 GPU
preset-free-tier-to-paid-description = 1 张 GPU，每天 2 小时、每周 5 天，共 3 个月：先用 Paperspace 免费 GPU 小时（一次性 12 小时）再付费，对比从第一小时起付费的 Lambda A10，即文章给初创团队的建议。价格来自内置价格目录。

## 界面：语言、提示、分享与文件、已保存的方案、预设、决策助手。
ui-language = 语言
ui-dismiss = 关闭
ui-save-quota = 浏览器存储已满：此次修改未保存，保留上一次的保存
ui-save-unavailable = 浏览器不允许在此使用本地存储：修改不会在下次访问时保留
ui-save-failed = 方案无法保存（{ $detail }）；保留上一次的保存
ui-copy-share-link = 复制分享链接
ui-share-link = 分享链接：
ui-link-copied = 链接已复制到剪贴板
ui-link-copy-by-hand = 请复制已选中的链接（浏览器不允许自动复制）
ui-link-failed = 无法生成链接（{ $detail }）
ui-export-json = 导出方案 JSON
ui-export-failed = 导出失败（{ $detail }）
ui-import-json = 导入方案 JSON
ui-save-as = 另存为
ui-save-name-placeholder = 名称
ui-save = 保存
ui-saved-empty = 还没有已保存的方案。
ui-open = 打开
ui-delete = 删除
ui-presets = 预设
ui-preset-choose = 选择一个预设…
ui-preset-about = 关于预设
ui-advisor-title = 决策助手
ui-advisor-gpu = GPU 系列
ui-advisor-any = 任意
ui-advisor-memory = 每块 GPU 的最小显存（GiB）
ui-advisor-nvlink = GPU 之间有 NVLink 互联
ui-advisor-budget = 预算紧张
ui-advisor-ops = 我们能在裸机上自行搭建和维护环境
ui-advisor-interruptible = 任务可以中断后继续
ui-advisor-location = 数据必须留在
ui-advisor-location-anywhere = 任意地区
ui-advisor-location-cn = 中国大陆境内
ui-advisor-location-outside-cn = 中国大陆境外
ui-advisor-none = 目录中没有符合这些硬件要求的报价。
ui-advisor-score = 排名依据：每 GPU 小时 { $price }
ui-advisor-compare = 比较前 { $count } 个

## Main page: header, scenario editor, charts, footer.
ui-app-title = GPU 租用成本规划器
ui-app-intro = 比较真实、注明日期的 GPU 租用报价。全部计算在浏览器中完成，不向任何地方发送数据。
ui-scenario-files = 场景文件
ui-scenario-job = 场景：作业
ui-scenario-fleet = 场景：机群
ui-workload = 工作负载
ui-mode = 模式
ui-mode-fleet = 机群：N 块 GPU 运行若干个月
ui-mode-job = 作业：固定工作量，直到完成
ui-job-size-by = 作业规模依据
ui-job-size-gpus = GPU 数量
ui-job-size-deadline = 截止期限
ui-work = 工作量
ui-unit-reference-gpu-hours = 参考 GPU 小时（A100 80GB）
ui-finish-within = 完成期限
ui-unit-months = 个月
ui-gpus = GPU 数
ui-unit-gpus = 块 GPU
ui-scaling-efficiency = 扩展效率
ui-job-note = 每个选项按其 GPU 吞吐量运行至工作完成（在“策略”中逐项设置）；图表覆盖耗时最长的选项。
ui-hours-per-day = 每天小时数
ui-unit-h-per-day = 小时/天
ui-days-per-week = 每周天数
ui-unit-days-per-week = 天/周
ui-months = 月数
ui-spot-risk = 竞价风险（适用于竞价变体）
ui-interruptions = 每实例小时中断次数
ui-unit-per-h = /小时
ui-unit-h = 小时
ui-checkpoint-every = 检查点间隔
ui-young-using = 采用 Young 最优值 √(2c/λ) = { $hours } 小时
ui-young-pending = 当竞价选项有中断率和写入时间时，适用 Young 最优值
ui-young-use-hours = 使用建议的最优值（{ $hours } 小时，Young）
ui-young-use = 使用建议的最优值（Young）
ui-checkpoint-write = 检查点写入时间
ui-restart-time = 重启时间
ui-storage-egress = 存储与出网流量
ui-storage-kept = 保留的存储
ui-storage-price = 存储价格
ui-unit-per-gb-month = 每 GB·月
ui-egress = 出网流量
ui-unit-gb-per-month = GB/月
ui-egress-price = 出网流量价格
ui-unit-per-gb = 每 GB
ui-per-gb-note = 按 GB 计的价格使用各选项自身的货币，适用于所有参与比较的选项。
ui-strategy-legend = 单个选项的策略：预留 / 竞价 / 按需
ui-budget-conventions = 预算与约定
ui-contingency = 应急预算
ui-month-length = 月长度
ui-calendar-months = 日历月
ui-first-month = 起始月份
ui-show-totals-in = 总额显示货币
ui-exchange-rate = 汇率：1 人民币兑美元
ui-rate-note = { $rate }。默认 0.138：目录中阿里云和腾讯云数据源使用的汇率（2026 年）。修改汇率不会改变目录；已是显示货币的报价不做换算。
ui-compared-options = 参与比较的选项
ui-chart-cumulative = 累计成本随时间变化
ui-chart-breakdown = 按组成部分的月度成本
ui-option = 选项
ui-option-n = 选项 { $n }
ui-chart-ranking = 按总额排名
ui-chart-reserved = 预留与按需对比
ui-chart-buy = 租用与购买对比
ui-dismiss-lower = 关闭
ui-footer = 价格：来自 data/catalog-sources/PROVENANCE.md 所列的公开快照，各注明截至日期；为每实例小时的标价，不含税、存储和出网流量。并非报价。

## Comparison table.
ui-cannot-compute = 无法计算比较：{ $detail }
ui-no-offer-picked = 尚未选择报价：请在下方报价表中勾选最多 { $max } 行。
ui-prices-as-of = 价格截至 { $date }
ui-spot-variant-title = 添加此选项的副本，以竞价容量运行
ui-spot-variant = + 竞价变体
ui-reserved-variant-title = 添加此选项的副本：60 % 的 GPU 采用该报价的第一个承诺使用期限，40 % 按需
ui-reserved-variant = + 60/40 预留
ui-remove-option = 移除 { $name }
ui-remove = 移除
ui-cmp-heading = 总额、单价与盈亏平衡
ui-download-csv = 下载 CSV
ui-cmp-option = 选项
ui-cmp-total = 规划期内总额（{ $currency }）
ui-cmp-commitment-title = 总额加上规划期后仍需支付的预留承诺
ui-cmp-commitment = 承诺总额（{ $currency }）
ui-cmp-per-gpu-hour = 每实际使用 GPU 小时
ui-cmp-per-job = 每个作业
ui-cmp-finish = 完成时间（月，每月 { $month }）
ui-month-hours = { $hours } 小时
ui-cmp-break-even-utilisation = 预留盈亏平衡利用率
ui-cmp-break-even-months-title = 使用多少个月后预留期限比按需付费更划算
ui-cmp-break-even-months = 预留盈亏平衡（月）
ui-warnings = 警告
ui-actions = 操作

## Warnings of the comparison table ($amount: money for the locale).
warn-reserved-above-on-demand = 预留价格高于按需价格：永远无法回本
warn-committed-after-horizon = 规划期结束后仍承诺 { $amount }
warn-reserved-idle = 预留容量闲置 { $amount }

## CSV headers (words with units; see en.ftl).
csv-option = 选项
csv-offer-id = 报价 ID
csv-prices-as-of = 价格截至
csv-total = 规划期内总额（{ $currency }）
csv-total-with-commitment = 承诺总额（{ $currency }）
csv-per-used-gpu-hour = 每实际使用 GPU 小时（{ $currency }）
csv-per-job = 每个作业（{ $currency }）
csv-finish-months = 完成时间（月，{ $month }）
csv-break-even-utilisation = 盈亏平衡利用率（%）
csv-break-even-months = 盈亏平衡（月，{ $month }）
csv-warnings = 警告
csv-month = 月份（{ $month }）
csv-cumulative = 累计成本（{ $currency }）
csv-p10-cumulative = P10 累计成本（{ $currency }）
csv-p90-cumulative = P90 累计成本（{ $currency }）
csv-rank = 排名
csv-series = 系列
csv-marker = 标记：{ $label }
csv-utilisation-pct = 利用率（%）
csv-per-instance-hour-of-term = 期限内每实例小时（{ $currency }）
csv-component-per-month = { $component }（{ $currency }/月，{ $month }）
csv-total-per-month = 月度合计（{ $currency }/月，{ $month }）

## Counts ($n: a number; Chinese has one form).
count-gpus-one = { $n } 块 GPU
count-gpus-other = { $n } 块 GPU
count-months-one = { $n } 个月
count-months-other = { $n } 个月
count-offers-one = { $n } 个报价
count-offers-other = { $n } 个报价
count-rows-one = { $n } 行
count-rows-other = { $n } 行

## Charts.
chart-month-calendar = 自 { $start } 起的日历月
chart-undated = 未注明日期
chart-plan-job = 作业：{ $work } 参考 GPU 小时（A100 80GB），{ $size }，扩展效率 { $efficiency }，运行至完成；1 个月 = { $month }；按整实例计费；不含税
chart-plan-within = { $months } 个月内完成
chart-plan-on = 使用 { $gpus }
chart-plan-fleet = { $gpus } × 每天 { $hours } 小时 × 每周 { $days } 天，{ $months }；1 个月 = { $month }；按整实例计费；不含税
chart-plan-storage = ；存储 { $storage } GB，每 GB·月 { $storage_price }；出网流量每月 { $egress } GB，每 GB { $egress_price }
chart-plan-contingency = ；应急预算 { $pct } %
chart-plan-end = 。
chart-prices-as-of = 价格截至：{ $dates }。
chart-converted = 已按 { $rate } 换算为 { $currency }。
chart-cumulative-title = 累计成本（{ $currency }）
chart-month-axis = 月份（1 个月 = { $month }）
chart-empty-pick = 在报价表中最多选择 { $max } 个报价进行比较
chart-bands = 阴影：对有中断风险的选项，以 { $trials } 次中断蒙特卡洛模拟（种子 1）得到的累计成本 P10–P90 区间。
chart-ranking-title-job = 作业总成本，从低到高（{ $currency }）
chart-ranking-title = { $months }总成本，从低到高（{ $currency }）
chart-ranking-axis = 规划期内总成本（{ $currency }）
chart-breakdown-title = 按组成部分的月度成本（{ $currency }）
chart-breakdown-axis = 每月成本（{ $currency }）
chart-option-line = 选项：{ $name }
component-reserved-upfront = 预留预付
component-reserved-recurring = 预留按期费用
component-reserved-idle = 预留闲置
component-on-demand = 按需
component-package = 包月套餐
component-spot = 竞价
component-rework = 返工（中断）
component-storage = 存储
component-egress = 出网流量
component-contingency = 应急预算
chart-reserved-on-demand-line = { $name }：按需，每使用实例小时 { $price }
chart-reserved-line-term = { $name }：预留，{ $months } 个月，期限内每实例小时 { $price }
chart-reserved-line = { $name }：预留，期限内每实例小时 { $price }
chart-break-even-marker = { $name }：利用率 { $pct } % 时盈亏平衡
chart-never = 永不
chart-never-pays-off = { $name }：预留永远无法回本（高于按需）
chart-reserved-title = 按利用率比较预留与按需（{ $currency }）
chart-reserved-x-axis = 利用率：期限内实际使用小时占比（%）
chart-reserved-y-axis = 期限内每实例小时（{ $currency }）
chart-reserved-empty = 添加预留变体（比较表中的“+ 60/40 预留”）或设置预留比例，以查看其盈亏平衡点
chart-rent-line = 租用：{ $name }
chart-buy-line = 购买：{ $servers } 台 { $gpus } GPU 服务器（每台 { $price }，{ $years } 年，残值 { $residual } %），每服务器小时 { $per_hour }
chart-month-n = 第 { $n } 个月
chart-buy-cheaper-from = { $name }：自第 { $n } 个月起购买更便宜
chart-no-crossover = 无交点
chart-renting-stays-cheaper = 在全部 { $months }内租用都更便宜
chart-buy-footer = 购买（现金视角）：第 0 个月支付购置款，每月支付电费（kW × PUE × 每千瓦时电价）和运维费，残值仅在转售时收回；金额单位 { $currency }。
chart-buy-title = 租用与购买：累计成本（{ $currency }）
chart-buy-empty = 勾选“与购买服务器比较”以绘制自有服务器曲线
