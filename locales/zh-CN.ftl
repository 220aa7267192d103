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
notice-storage-newer = 已保存的状态由本应用的新版本（版本 { $detail }）写入：已载入本版本能识别的部分；存储的数据保持不变（另有副本保留），在您点击“保存”之前此处的修改不会保存
notice-import-refused = { $field }：未导入（{ $detail }），当前方案和已保存的方案均未改变

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
