<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CallTree</name>
    <message>
        <source>[kernels no host frame launched]</source>
        <translation>[无主机帧启动的核函数]</translation>
    </message>
    <message>
        <source>Python frames and framework ops</source>
        <translation>Python 帧与框架算子</translation>
    </message>
    <message>
        <source>Framework ops (no Python frames collected)</source>
        <translation>框架算子（未采集 Python 帧）</translation>
    </message>
    <message>
        <source>CANN calls (no framework thread)</source>
        <translation>CANN 调用（无框架线程）</translation>
    </message>
    <message>
        <source>No host frames</source>
        <translation>无主机帧</translation>
    </message>
    <message>
        <source>Launch flow from a host op</source>
        <translation>来自主机算子的下发连线</translation>
    </message>
    <message>
        <source>CANN launch inside a host op</source>
        <translation>主机算子内的 CANN 下发</translation>
    </message>
    <message>
        <source>No launch found</source>
        <translation>未找到下发</translation>
    </message>
    <message>
        <source>Nested on its own thread</source>
        <translation>在本线程内嵌套</translation>
    </message>
    <message>
        <source>Backward under its forward op (fwdbwd)</source>
        <translation>反向归于其前向算子（fwdbwd）</translation>
    </message>
    <message>
        <source>Dequeued under its enqueue</source>
        <translation>出队归于其入队</translation>
    </message>
    <message>
        <source>Under the frame waiting for it</source>
        <translation>归于等待它的帧</translation>
    </message>
    <message>
        <source>Backward under its forward op (sequence number)</source>
        <translation>反向归于其前向算子（序列号）</translation>
    </message>
</context>
<context>
    <name>ClusterReport</name>
    <message>
        <source>Parallel layout: %1</source>
        <translation>并行布局：%1</translation>
    </message>
    <message>
        <source>Computing(us)</source>
        <translation>计算(us)</translation>
    </message>
    <message>
        <source>Comm not overlapped(us)</source>
        <translation>未掩盖通信(us)</translation>
    </message>
    <message>
        <source>Free(us)</source>
        <translation>空闲(us)</translation>
    </message>
    <message>
        <source>Step(us)</source>
        <translation>迭代(us)</translation>
    </message>
    <message>
        <source>Ranks (per step)</source>
        <translation>各 Rank（每个迭代）</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Pipeline stages (each time the maximum over its ranks)</source>
        <translation>流水线 stage（各时间取其 Rank 中的最大值）</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Process groups</source>
        <translation>通信组</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Group id</source>
        <translation>组 ID</translation>
    </message>
    <message>
        <source>Links (summed over the steps)</source>
        <translation>通信链路（各迭代求和）</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信组</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Src</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Dst</source>
        <translation>目的</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Size(MB)</source>
        <translation>数据量(MB)</translation>
    </message>
    <message>
        <source>Time(ms)</source>
        <translation>耗时(ms)</translation>
    </message>
    <message>
        <source>Bandwidth(GB/s)</source>
        <translation>带宽(GB/s)</translation>
    </message>
    <message>
        <source>Bubble(us)</source>
        <translation>气泡(us)</translation>
    </message>
</context>
<context>
    <name>CompareCommand</name>
    <message>
        <source>rank %1 is not in %2 (ranks: %3)</source>
        <translation>Rank %1 不在 %2 中（现有 Rank：%3）</translation>
    </message>
    <message>
        <source>npuscope compare: %1</source>
        <translation>npuscope compare：%1</translation>
    </message>
    <message>
        <source>Compares one step of two runs: summary, differences by work bucket, Type and Name, findings that appeared or were resolved.</source>
        <translation>对比两次运行中的一个迭代：摘要，按工作类别、类型和名称列出的差异，以及新出现或已解决的诊断项。</translation>
    </message>
    <message>
        <source>The baseline profile.</source>
        <translation>基线性能数据。</translation>
    </message>
    <message>
        <source>The profile to compare with it (may be BASE itself with --rank A:B).</source>
        <translation>与基线对比的性能数据（配合 --rank A:B 时可以就是 BASE 本身）。</translation>
    </message>
    <message>
        <source>Print JSON instead of text.</source>
        <translation>输出 JSON 而非文本。</translation>
    </message>
    <message>
        <source>Step to compare, or BASE_STEP:NEW_STEP (default: the first step both runs have).</source>
        <translation>要对比的迭代，或 BASE_STEP:NEW_STEP（默认：两次运行共有的第一个迭代）。</translation>
    </message>
    <message>
        <source>Rank of each run, or BASE_RANK:NEW_RANK (default: the first rank).</source>
        <translation>每次运行的 Rank，或 BASE_RANK:NEW_RANK（默认：第一个 Rank）。</translation>
    </message>
    <message>
        <source>Rows of each difference table in the text output (default 15).</source>
        <translation>文本输出中每个差异表的行数（默认 15）。</translation>
    </message>
    <message>
        <source>--top expects a whole number &gt;= 0</source>
        <translation>--top 需要不小于 0 的整数</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1：文件或文件夹不存在</translation>
    </message>
    <message>
        <source>npuscope compare: the input is damaged; run `npuscope report` on it to see where</source>
        <translation>npuscope compare：输入数据已损坏；请对其运行 `npuscope report` 查看损坏位置</translation>
    </message>
    <message>
        <source>%1 (%2 us)</source>
        <translation>%1（%2 us）</translation>
    </message>
    <message>
        <source>%1 pt</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Step time (us)</source>
        <translation>迭代耗时 (us)</translation>
    </message>
    <message>
        <source>Device busy (us)</source>
        <translation>设备忙碌 (us)</translation>
    </message>
    <message>
        <source>Kernel total (us)</source>
        <translation>算子总耗时 (us)</translation>
    </message>
    <message>
        <source>AI_CPU share</source>
        <translation>AI_CPU 占比</translation>
    </message>
    <message>
        <source>TransData share</source>
        <translation>TransData 占比</translation>
    </message>
    <message>
        <source>Free (us)</source>
        <translation>空闲 (us)</translation>
    </message>
    <message>
        <source>Communication not overlapped (us)</source>
        <translation>未掩盖通信 (us)</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新数据</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>差值</translation>
    </message>
    <message>
        <source> (top %1 of %2 by |delta|)</source>
        <translation> (按 |差值| 取前 %1 项，共 %2 项)</translation>
    </message>
    <message>
        <source>Base(us)</source>
        <translation>基线(us)</translation>
    </message>
    <message>
        <source>New(us)</source>
        <translation>新数据(us)</translation>
    </message>
    <message>
        <source>Delta(us)</source>
        <translation>差值(us)</translation>
    </message>
    <message>
        <source>Base n</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New n</source>
        <translation>新数据次数</translation>
    </message>
    <message>
        <source>Findings that appeared</source>
        <translation>新出现的诊断项</translation>
    </message>
    <message>
        <source>Findings resolved</source>
        <translation>已解决的诊断项</translation>
    </message>
    <message>
        <source>By work bucket</source>
        <translation>按工作类别</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>By Type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>By Name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>--fail-if-slower: step %1 of %2 has no step time (%3 us); the slowdown cannot be measured</source>
        <translation>--fail-if-slower：%2 的迭代 %1 没有迭代时间（%3 us）；无法衡量变慢程度</translation>
    </message>
    <message>
        <source>Exit with code 3 when the new step time is slower by more than PCT percent; PCT:module=NAME or PCT:category=NAME gates the device time of a module (its path or name, e.g. Sequential_0) or of a time category (e.g. &quot;Conv (Backward)&quot; or conv_backward). May be given more than once.</source>
        <translation>新数据的迭代耗时变慢超过 PCT 百分比时以退出码 3 退出；PCT:module=NAME 或 PCT:category=NAME 则检查某个模块（其路径或名称，例如 Sequential_0）或某个时间类别（例如 &quot;Conv (Backward)&quot; 或 conv_backward）的设备耗时。可多次指定。</translation>
    </message>
    <message>
        <source>--fail-if-slower expects a percentage &gt;= 0, optionally followed by :module=NAME or :category=NAME</source>
        <translation>--fail-if-slower 需要不小于 0 的百分比，其后可跟 :module=NAME 或 :category=NAME</translation>
    </message>
    <message>
        <source>module %1</source>
        <translation>模块 %1</translation>
    </message>
    <message>
        <source>--fail-if-slower: no module in the runs (the module table needs with_stack nn.Module slices)</source>
        <translation>--fail-if-slower：两次运行中都没有模块（模块表需要使用 with_stack 采集的 nn.Module 切片）</translation>
    </message>
    <message>
        <source>--fail-if-slower: no module %1 in either run</source>
        <translation>--fail-if-slower：两次运行中都没有模块 %1</translation>
    </message>
    <message>
        <source>category %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>--fail-if-slower: no time in category %1 in either run (categories with time: %2)</source>
        <translation>--fail-if-slower：两次运行中类别 %1 都没有耗时（有耗时的类别：%2）</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>--fail-if-slower: %1 has no device time in the base run; the slowdown cannot be measured</source>
        <translation>--fail-if-slower：%1 在基线数据中没有设备耗时；无法衡量变慢程度</translation>
    </message>
    <message>
        <source>npuscope compare: the new run is %1% slower (%2: %3 us -&gt; %4 us), more than the %5% allowed</source>
        <translation>npuscope compare：新数据慢了 %1%（%2：%3 us -&gt; %4 us），超过允许的 %5%</translation>
    </message>
    <message>
        <source>Base(ms)</source>
        <translation>基线(ms)</translation>
    </message>
    <message>
        <source>New(ms)</source>
        <translation>新数据(ms)</translation>
    </message>
    <message>
        <source>Delta(ms)</source>
        <translation>差值(ms)</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Device time by module</source>
        <translation>按模块的设备耗时</translation>
    </message>
    <message>
        <source>Base total(us)</source>
        <translation>基线总耗时(us)</translation>
    </message>
    <message>
        <source>New total(us)</source>
        <translation>新数据总耗时(us)</translation>
    </message>
    <message>
        <source>Base self(us)</source>
        <translation>基线自身耗时(us)</translation>
    </message>
    <message>
        <source>New self(us)</source>
        <translation>新数据自身耗时(us)</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Host time by API</source>
        <translation>按 API 的 Host 耗时</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Write compare.html (self-contained) and compare.md into OUT_DIR instead.</source>
        <translation>改为将 compare.html（自包含）和 compare.md 写入 OUT_DIR。</translation>
    </message>
    <message>
        <source>usage: npuscope compare BASE NEW [--json | --html OUT_DIR] [--step N] [--rank R] [--fail-if-slower PCT]</source>
        <translation>用法：npuscope compare BASE NEW [--json | --html OUT_DIR] [--step N] [--rank R] [--fail-if-slower PCT]</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>npuscope compare</source>
        <translation>npuscope 对比</translation>
    </message>
    <message>
        <source>base: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>new:  %1</source>
        <translation>新数据：%1</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Top-1 kernel: base %1, new %2</source>
        <translation>Top-1 算子：基线 %1，新数据 %2</translation>
    </message>
    <message>
        <source>Time by category (msprof-analyze OverallMetrics)</source>
        <translation>按类别的耗时（msprof-analyze OverallMetrics）</translation>
    </message>
    <message>
        <source>Note: the runs share no step number; their first steps are compared (base %1, new %2).</source>
        <translation>注意：两次运行没有相同的迭代编号，将对比各自的第一个迭代（基线 %1，新数据 %2）。</translation>
    </message>
    <message>
        <source>Note: a Kineto trace against an Ascend profile: kernel names differ, compare the work buckets.</source>
        <translation>注意：正在将 Kineto 时间线数据与昇腾性能数据对比，二者的算子名称不同，请对比工作类别。</translation>
    </message>
    <message>
        <source>Step time: %1 us -&gt; %2 us (%3)</source>
        <translation>迭代耗时：%1 us -&gt; %2 us（%3）</translation>
    </message>
    <message>
        <source>Kernels matched: %1; faster: %2, slower: %3 (beyond %4%); only in base: %5, only in new: %6</source>
        <translation>匹配的算子：%1；变快：%2，变慢：%3（变化超过 %4%）；仅在基线中：%5，仅在新数据中：%6</translation>
    </message>
    <message>
        <source>No time by module: neither run has nn.Module slices (collected with with_stack=True).</source>
        <translation>没有按模块的耗时：两次运行都没有 nn.Module 切片（需使用 with_stack=True 采集）。</translation>
    </message>
    <message>
        <source>Device memory by operator</source>
        <translation>按算子的设备内存</translation>
    </message>
    <message>
        <source>Base(MB)</source>
        <translation>基线(MB)</translation>
    </message>
    <message>
        <source>New(MB)</source>
        <translation>新数据(MB)</translation>
    </message>
    <message>
        <source>Delta(MB)</source>
        <translation>差值(MB)</translation>
    </message>
    <message>
        <source>Base held(ms)</source>
        <translation>基线占用时长(ms)</translation>
    </message>
    <message>
        <source>New held(ms)</source>
        <translation>新数据占用时长(ms)</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Memory an operator and the operators nested in it allocated (operator_memory.csv); held: allocation to release, summed.</source>
        <translation>算子及其嵌套算子申请的内存（operator_memory.csv）；占用时长：从申请到释放的时长之和。</translation>
    </message>
    <message>
        <source>No memory by operator: neither run has operator_memory.csv (collected with profile_memory=True).</source>
        <translation>没有按算子的内存：两次运行都没有 operator_memory.csv（需使用 profile_memory=True 采集）。</translation>
    </message>
    <message>
        <source>Memory by operator: only the base run has operator_memory.csv; the new run reads 0.</source>
        <translation>按算子的内存：只有基线数据有 operator_memory.csv；新数据一侧显示为 0。</translation>
    </message>
    <message>
        <source>Memory by operator: only the new run has operator_memory.csv; the base run reads 0.</source>
        <translation>按算子的内存：只有新数据有 operator_memory.csv；基线一侧显示为 0。</translation>
    </message>
    <message>
        <source>%1 is read from the npuscope report %2, which holds its summary only: compare the profile folders</source>
        <translation>%1 读自 npuscope 报告 %2，其中只有它的摘要：请比较性能数据文件夹本身</translation>
    </message>
    <message>
        <source>No memory by operator: operator_memory.csv is there, but no framework operator (cpu_op) of the trace holds its allocations (no readable trace_view.json, or Level0).</source>
        <translation>没有按算子统计的内存：operator_memory.csv 存在，但 trace 中没有任何框架算子（cpu_op）持有其中的内存申请（没有可读的 trace_view.json，或为 Level0）。</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <source>step %1 is not in the base run (steps: %2)</source>
        <translation>基线数据中没有迭代 %1（现有迭代：%2）</translation>
    </message>
    <message>
        <source>step %1 is not in the new run (steps: %2)</source>
        <translation>新数据中没有迭代 %1（现有迭代：%2）</translation>
    </message>
    <message>
        <source>the base run has no kernels to compare</source>
        <translation>基线数据中没有可对比的算子</translation>
    </message>
    <message>
        <source>the new run has no kernels to compare</source>
        <translation>新数据中没有可对比的算子</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>--step %1: the trace has no ProfilerStep slices</source>
        <translation>--step %1：时间线数据中没有 ProfilerStep 切片</translation>
    </message>
    <message>
        <source>--step %1: no such step (steps: %2)</source>
        <translation>--step %1：没有该迭代（现有迭代：%2）</translation>
    </message>
    <message>
        <source>--range &quot;%1&quot;: expected START:END with START &lt; END, e.g. 2ms:3.5ms (a bare number is µs)</source>
        <translation>--range “%1”：应为 START:END 且 START &lt; END，例如 2ms:3.5ms（不带单位的数字表示 µs）</translation>
    </message>
    <message>
        <source>Renders a profile&apos;s timeline, with annotations, a colour legend and a caption, as PNG or SVG. Needs no display.</source>
        <translation>将性能数据的时间线连同标注、颜色图例和说明文字渲染为 PNG 或 SVG。无需显示器。</translation>
    </message>
    <message>
        <source>Profile folder, rank folder or trace file.</source>
        <translation>性能数据文件夹、Rank 文件夹或时间线数据文件。</translation>
    </message>
    <message>
        <source>Image to write: FILE.png or FILE.svg.</source>
        <translation>要写入的图像：FILE.png 或 FILE.svg。</translation>
    </message>
    <message>
        <source>Time range START:END from the rank&apos;s start (or the step&apos;s with --step), e.g. 2ms:3.5ms; a bare number is µs.</source>
        <translation>时间范围 START:END，从该 Rank 的起点（使用 --step 时为该迭代的起点）算起，例如 2ms:3.5ms；不带单位的数字表示 µs。</translation>
    </message>
    <message>
        <source>Show profiler step N (ProfilerStep#N).</source>
        <translation>显示迭代 N（ProfilerStep#N）。</translation>
    </message>
    <message>
        <source>Rank to show (default: the first with a trace).</source>
        <translation>要显示的 Rank（默认：第一个有时间线数据的 Rank）。</translation>
    </message>
    <message>
        <source>Only tracks whose &quot;process / track&quot; name matches this regular expression (case-insensitive).</source>
        <translation>仅显示“进程 / 泳道”名称与此正则表达式匹配的泳道（不区分大小写）。</translation>
    </message>
    <message>
        <source>Annotations file to draw (default: those saved for the profile by the GUI).</source>
        <translation>要绘制的标注文件（默认：图形界面为该性能数据保存的标注）。</translation>
    </message>
    <message>
        <source>Image width in pixels (default 1600).</source>
        <translation>图像宽度，单位为像素（默认 1600）。</translation>
    </message>
    <message>
        <source>Pixel scale of a PNG: 2 for high-DPI screens (default 1).</source>
        <translation>PNG 的像素缩放倍数：高 DPI 屏幕用 2（默认 1）。</translation>
    </message>
    <message>
        <source>%1: the output must end in .png or .svg</source>
        <translation>%1：输出文件名必须以 .png 或 .svg 结尾</translation>
    </message>
    <message>
        <source>--width expects a whole number from %1 to %2</source>
        <translation>--width 需要 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>--scale expects a number from 0.5 to %1</source>
        <translation>--scale 需要 0.5 到 %1 之间的数值</translation>
    </message>
    <message>
        <source>--rank expects a rank number</source>
        <translation>--rank 需要 Rank 编号</translation>
    </message>
    <message>
        <source>%1: no rank %2 with a trace</source>
        <translation>%1：没有带时间线数据的 Rank %2</translation>
    </message>
    <message>
        <source>%1: no trace to draw (trace_view.json or a Kineto trace)</source>
        <translation>%1：没有可绘制的时间线数据（trace_view.json 或 Kineto 时间线数据）</translation>
    </message>
    <message>
        <source>--tracks &quot;%1&quot; matches no track</source>
        <translation>--tracks “%1” 未匹配任何泳道</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 x %3 px, %n track(s), %4 annotation(s)</source>
        <translation>
            <numerusform>%1：%2 x %3 px，%n 条泳道，%4 个标注</numerusform>
        </translation>
    </message>
    <message>
        <source>Draw the default track layout (device first), not the arrangement saved for the profile by the GUI (order, hidden tracks).</source>
        <translation>绘制默认的轨道布局（设备在前），而不是图形界面为该性能数据保存的排列（顺序、隐藏的轨道）。</translation>
    </message>
    <message>
        <source>usage: npuscope export PATH -o FILE.png|.svg [--range START:END] [--step N] [--rank R] [--tracks REGEX] [--annotations FILE] [--default-layout] [--width W] [--scale S]</source>
        <translation>用法：npuscope export PATH -o FILE.png|.svg [--range START:END] [--step N] [--rank R] [--tracks REGEX] [--annotations FILE] [--default-layout] [--width W] [--scale S]</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>%1 (%2, Block Dim %3)</source>
        <translation>%1（%2，Block Dim %3）</translation>
    </message>
    <message>
        <source>Format conversions (TransData) take %1 of device compute time</source>
        <translation>格式转换（TransData）占设备计算时间的 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n task(s), %2</source>
        <translation>
            <numerusform>%1：%n 个任务，%2</numerusform>
        </translation>
    </message>
    <message>
        <source>The formats converted are not recorded (Level0 or no kernel_details.csv); collect at Level1 to see them.</source>
        <translation>未记录转换前后的格式（Level0 或缺少 kernel_details.csv）；请以 Level1 重新采集以查看。</translation>
    </message>
    <message>
        <source>TransData converts tensors between memory layouts (for example NCHW and the NPU&apos;s NC1HWC0 or FRACTAL_Z) where neighbouring operators expect different formats. Keep tensors in one format: cast weights and inputs once, before the training loop, with torch_npu.npu_format_cast(tensor, format), and look at the operators just before and after the largest conversions listed here.</source>
        <translation>当相邻算子要求的格式不同时，TransData 会在不同内存排布之间转换张量（例如 NCHW 与 NPU 的 NC1HWC0 或 FRACTAL_Z）。请让张量保持同一种格式：在训练循环开始之前，使用 torch_npu.npu_format_cast(tensor, format) 对权重和输入做一次性转换，并检查此处列出的耗时最大的几次转换前后的算子。</translation>
    </message>
    <message numerus="yes">
        <source>%n operator task(s) fell back to the AI CPU and ran longer than 20 µs (%1 of device compute time on the AI CPU)</source>
        <translation>
            <numerusform>%n 个算子任务回退到 AI CPU 执行且耗时超过 20 µs（AI CPU 耗时占设备计算时间的 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>These operators have no AI Core implementation for their inputs and ran on the AI CPU, which is far slower. Check whether an equivalent operator runs on the AI Core, and whether a data type (float64, int64) or a dynamic shape causes the fallback: casting the inputs (for example to float32 or int32) often moves the operator back to the AI Core. Operators such as nonzero or unique also force a host synchronisation.</source>
        <translation>这些算子对当前输入没有 AI Core 实现，因此在慢得多的 AI CPU 上执行。请检查是否有可在 AI Core 上执行的等价算子，以及回退是否由数据类型（float64、int64）或动态 shape 引起：对输入做类型转换（例如转为 float32 或 int32）通常能让算子回到 AI Core 执行。nonzero、unique 等算子还会强制触发 Host 同步。</translation>
    </message>
    <message numerus="yes">
        <source>%n compute-heavy task(s) leave AI Cores idle (Block Dim not a multiple of %1 cores): %2 of device compute time</source>
        <translation>
            <numerusform>%n 个计算密集型任务使部分 AI Core 空闲（Block Dim 不是 %1 核的整数倍）：占设备计算时间的 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 with Block Dim %2</source>
        <translation>%1（Block Dim %2）</translation>
    </message>
    <message>
        <source>Each task was split into fewer blocks than the device has AI Cores, so some cores sat idle while it ran. The dimension being split is usually too small: raise the batch size, pad or reshape to larger multiples of 16, or merge several small MatMuls into one; some operators let you choose the tiling.</source>
        <translation>这些任务切分出的块数少于设备的 AI Core 数，因此执行期间部分核处于空闲状态。原因通常是被切分的维度太小：请增大 batch size，将形状填充或变换为 16 的更大倍数，或将多个小 MatMul 合并为一个；部分算子允许自行选择切分（tiling）方式。</translation>
    </message>
    <message>
        <source>with_stack=True records the Python call stack of every operator; with every option on, training has been seen to run 8x slower</source>
        <translation>with_stack=True 会记录每个算子的 Python 调用栈；曾观察到全部选项开启时训练慢了 8 倍</translation>
    </message>
    <message>
        <source>profile_memory=True tracks every allocation</source>
        <translation>profile_memory=True 会跟踪每一次内存分配</translation>
    </message>
    <message>
        <source>record_shapes=True records the input shapes of every operator and can add synchronisations</source>
        <translation>record_shapes=True 会记录每个算子的输入 shape，并可能引入额外的同步</translation>
    </message>
    <message>
        <source>profiler_level Level2 collects the most detailed and most costly data</source>
        <translation>profiler_level 为 Level2 时采集的数据最详细，开销也最大</translation>
    </message>
    <message>
        <source>aic_metrics %1 samples AI Core counters during every kernel</source>
        <translation>aic_metrics %1 会在每个算子执行期间采样 AI Core 计数器</translation>
    </message>
    <message numerus="yes">
        <source>%n active step(s) recorded; 3 are enough and more make the files huge</source>
        <translation>
            <numerusform>记录了 %n 个 active 迭代；3 个已足够，更多只会让文件变得巨大</numerusform>
        </translation>
    </message>
    <message>
        <source>warmup=0: the profiler&apos;s own start-up cost lands in the first recorded step</source>
        <translation>warmup=0：性能采集自身的启动开销会计入记录的第一个迭代</translation>
    </message>
    <message numerus="yes">
        <source>The profile was collected with %n option(s) that distort timings</source>
        <translation>
            <numerusform>采集性能数据时启用了 %n 个会使耗时失真的选项</numerusform>
        </translation>
    </message>
    <message>
        <source>Absolute times in this profile include the profiler&apos;s own cost: compare shares, not milliseconds, and collect again for timing. Use Level1 with AiCoreNone, leave with_stack, record_shapes and profile_memory off (turn with_stack on later, for one suspicious operator), record 3 steps after one wait and one warmup step, and give each rank its own output folder:</source>
        <translation>此性能数据中的绝对时间包含性能采集自身的开销：请比较占比而不是毫秒数，如需准确耗时请重新采集。使用 Level1 并设置 AiCoreNone，关闭 with_stack、record_shapes 和 profile_memory（之后可针对单个可疑算子再开启 with_stack），在 1 个 wait 迭代和 1 个 warmup 迭代之后记录 3 个迭代，并为每个 Rank 指定独立的输出目录：</translation>
    </message>
    <message>
        <source>%1 computes %2 longer per step than %3 (%4 of the step)</source>
        <translation>%1 每个迭代的计算时间比 %3 长 %2（占迭代时间的 %4）</translation>
    </message>
    <message>
        <source>Ranks differ by %1 per step in %2 time (%3 of the step)</source>
        <translation>各 Rank 每个迭代的%2时间相差 %1（占迭代时间的 %3）</translation>
    </message>
    <message>
        <source>exposed communication</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1: compute %2, exposed communication %3, idle %4, wall %5 per step</source>
        <translation>%1：每个迭代计算 %2，未掩盖通信 %3，空闲 %4，总耗时 %5</translation>
    </message>
    <message>
        <source>In synchronous training every rank waits for the slowest one inside the collectives, so the fast ranks show the lag as communication. Look at what differs on the slow rank: uneven inputs (sequence lengths, batch sizes), data loading, pipeline stages with unequal layers, or a device running at a lower frequency.</source>
        <translation>在同步训练中，每个 Rank 都会在集合通信中等待最慢的 Rank，因此较快的 Rank 会把这段滞后体现为通信时间。请检查慢 Rank 有何不同：输入不均衡（序列长度、batch size）、数据加载、流水线各 stage 的层数不等，或设备运行在较低频率。</translation>
    </message>
    <message>
        <source>All tasks</source>
        <translation>全部任务</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>%1 idle (%2)</source>
        <translation>空闲 %1（%2）</translation>
    </message>
    <message>
        <source>%1 idle before %2 (%3)</source>
        <translation>%2 之前空闲 %1（%3）</translation>
    </message>
    <message>
        <source>The device waits for the host: %1 of step time idle (%2 of the time outside exposed communication)</source>
        <translation>设备在等待 Host 下发：迭代时间的 %1 处于空闲（占未掩盖通信以外时间的 %2）</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) waited at least 10x their duration, %1 in all</source>
        <translation>
            <numerusform>%n 个算子的等待时间不少于自身耗时的 10 倍，共 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device idle gap(s) over %1 caused by the host, %2 in all (%3 right after a synchronising call)</source>
        <translation>
            <numerusform>%n 段由 Host 导致、超过 %1 的设备空闲间隙，共 %2（其中 %3 紧随同步调用之后）</numerusform>
        </translation>
    </message>
    <message>
        <source>Without trace_view.json the host side is not visible: judged from the kernels&apos; Wait Time alone</source>
        <translation>缺少 trace_view.json，无法查看 Host 侧：仅根据算子的 Wait Time 判断</translation>
    </message>
    <message>
        <source>The host does not issue work fast enough and the device sits idle between tasks. Use graph mode (torch.compile with the NPU backend, or torchair) so that whole graphs are launched at once, raise the batch size to spread the launch cost, and remove host synchronisations from the training loop: .item(), .cpu(), printing tensors, torch.npu.synchronize(). The gaps listed here start where the host was late.</source>
        <translation>Host 下发任务不够快，设备在任务之间处于空闲。请使用图模式（使用 NPU 后端的 torch.compile，或 torchair），一次下发整张图；增大 batch size 以分摊下发开销；并去除训练循环中的 Host 同步：.item()、.cpu()、打印张量、torch.npu.synchronize()。此处列出的间隙均始于 Host 下发滞后之处。</translation>
    </message>
    <message>
        <source>%1 waited %2 to run for %3</source>
        <translation>%1 等待 %2，执行 %3</translation>
    </message>
    <message>
        <source>Communication is not hidden behind computation: %1 of step time, %2 of communication overlapped</source>
        <translation>通信未被计算掩盖：占迭代时间的 %1，通信被掩盖的比例为 %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 communication not overlapped (overlap %4)</source>
        <translation>%1：%3 通信中有 %2 未被掩盖（掩盖率 %4）</translation>
    </message>
    <message>
        <source>Collectives run while the compute streams are idle, so their whole duration adds to the step. Let gradient all-reduce run during the backward pass (DDP gradient buckets, bucket_cap_mb; overlap_grad_reduce / overlap_comm in Megatron or DeepSpeed), avoid calls that wait for a collective inside the step (barrier, .item() on reduced values), and check whether a slow rank makes the others wait (rank-imbalance).</source>
        <translation>集合通信执行时计算流处于空闲，因此其全部耗时都计入迭代时间。请让梯度 all-reduce 在反向传播期间执行（DDP 梯度桶、bucket_cap_mb；Megatron 或 DeepSpeed 中的 overlap_grad_reduce / overlap_comm），避免在迭代内调用需要等待集合通信完成的操作（barrier、对归约结果调用 .item()），并检查是否有慢 Rank 导致其他 Rank 等待（rank-imbalance）。</translation>
    </message>
    <message>
        <source>%1: %2 not overlapped</source>
        <translation>%1：%2 未被掩盖</translation>
    </message>
    <message>
        <source>%1 of step time is not covered by any device task: steps take %2, the device is busy for %3</source>
        <translation>迭代时间的 %1 未被任何设备任务覆盖：迭代耗时 %2，设备忙碌 %3</translation>
    </message>
    <message>
        <source>%1: %2 wall, %3 device busy, %4 of kernel durations, %5 unaccounted</source>
        <translation>%1：总耗时 %2，设备忙碌 %3，算子耗时合计 %4，未归因 %5</translation>
    </message>
    <message>
        <source>%1: %2 wall, %3 device busy, %4 unaccounted</source>
        <translation>%1：总耗时 %2，设备忙碌 %3，未归因 %4</translation>
    </message>
    <message>
        <source>Time that no kernel or collective accounts for is spent in idle gaps while the device waits for the host, in synchronisation points (.item(), .cpu(), torch.npu.synchronize()), before the first task of the step (data loading) and in work the profiler did not record. Look at the largest gaps on the timeline and at the host and CANN tracks above them.</source>
        <translation>无法归因于任何算子或集合通信的时间，花在了设备等待 Host 时的空闲间隙、同步点（.item()、.cpu()、torch.npu.synchronize()）、迭代首个任务之前（数据加载），以及性能采集未记录的工作上。请查看时间线上最大的间隙，以及其上方的 Host 和 CANN 泳道。</translation>
    </message>
    <message>
        <source>%1: %2 unaccounted</source>
        <translation>%1：未归因 %2</translation>
    </message>
    <message>
        <source>No kernel rows: kernel_details.csv was not collected and the trace has no device kernels.</source>
        <translation>没有算子行：未采集 kernel_details.csv，trace 中也没有设备算子。</translation>
    </message>
    <message>
        <source>Collect with ProfilerActivity.NPU so that kernel_details.csv is written.</source>
        <translation>采集时启用 ProfilerActivity.NPU，以生成 kernel_details.csv。</translation>
    </message>
    <message>
        <source>The kernels come from the trace, which records no Accelerator Core or Block Dim.</source>
        <translation>算子来自 trace，其中没有记录 Accelerator Core 和 Block Dim。</translation>
    </message>
    <message>
        <source>Block Dim is 0 or missing in every row (a Level0 profile).</source>
        <translation>每一行的 Block Dim 都为 0 或缺失（Level0 数据）。</translation>
    </message>
    <message>
        <source>kernel_details.csv has no Wait Time column and there is no trace_view.json: idle time before a kernel is unknown.</source>
        <translation>kernel_details.csv 没有 Wait Time 列，也没有 trace_view.json：无法得知算子执行前的空闲时间。</translation>
    </message>
    <message>
        <source>Collect with the default export (trace_view.json) or a CANN version that writes Wait Time.</source>
        <translation>使用默认导出（trace_view.json）采集，或使用会写出 Wait Time 的 CANN 版本。</translation>
    </message>
    <message>
        <source>No step time: no ProfilerStep in the trace, no step_trace_time.csv and no timed kernel rows.</source>
        <translation>没有迭代时间：trace 中没有 ProfilerStep，没有 step_trace_time.csv，也没有带时间的算子行。</translation>
    </message>
    <message>
        <source>Collect with a profiler schedule and call prof.step() once per training step.</source>
        <translation>使用 profiler schedule 采集，并在每个训练迭代调用一次 prof.step()。</translation>
    </message>
    <message>
        <source>No profiler_info.json: the collection options are unknown.</source>
        <translation>没有 profiler_info.json：采集选项未知。</translation>
    </message>
    <message>
        <source>Keep the profiler_info_N.json that torch_npu writes next to ASCEND_PROFILER_OUTPUT.</source>
        <translation>保留 torch_npu 写在 ASCEND_PROFILER_OUTPUT 旁边的 profiler_info_N.json。</translation>
    </message>
    <message>
        <source>Fewer than two ranks with step times: nothing to compare.</source>
        <translation>有迭代时间的 rank 少于两个：无可比较。</translation>
    </message>
    <message>
        <source>Collect every rank of the job into one folder (one rank*_ascend_pt folder per rank).</source>
        <translation>把作业的所有 rank 采集到同一个文件夹（每个 rank 一个 rank*_ascend_pt 文件夹）。</translation>
    </message>
    <message>
        <source>the span of the step&apos;s kernel rows</source>
        <translation>该迭代算子行的时间跨度</translation>
    </message>
    <message>
        <source>the kernel rows&apos; start times</source>
        <translation>算子行的开始时间</translation>
    </message>
    <message>
        <source>Format conversions (TransData)</source>
        <translation>格式转换（TransData）</translation>
    </message>
    <message>
        <source>AI CPU fallback</source>
        <translation>回退到 AI CPU</translation>
    </message>
    <message>
        <source>Device waiting for the host</source>
        <translation>设备等待 Host</translation>
    </message>
    <message>
        <source>AI Cores left idle (low Block Dim)</source>
        <translation>AI Core 闲置（Block Dim 偏低）</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>通信未被计算掩盖</translation>
    </message>
    <message>
        <source>Step time no device task accounts for</source>
        <translation>没有设备任务覆盖的迭代时间</translation>
    </message>
    <message>
        <source>Profiler options that distort timings</source>
        <translation>影响计时的采集选项</translation>
    </message>
    <message>
        <source>Imbalance between ranks</source>
        <translation>rank 间负载不均衡</translation>
    </message>
    <message>
        <source>Communication runs serially, none of it overlaps computation: %1 of step time</source>
        <translation>通信串行执行，完全没有与计算重叠：占迭代时间的 %1</translation>
    </message>
    <message>
        <source>Communication times from %1, step time from %2; reported from %3 of the step (%4 when part of the communication overlaps)</source>
        <translation>通信时间来自%1，迭代时间来自%2；占迭代 %3 起报告（部分通信有重叠时为 %4）</translation>
    </message>
    <message>
        <source>Accelerator Core is N/A in every compute row (a Level0 profile): AI_CPU tasks cannot be told apart.</source>
        <translation>所有计算算子行的 Accelerator Core 都是 N/A（Level0 数据）：无法区分 AI_CPU 任务。</translation>
    </message>
    <message>
        <source>Device memory close to its capacity</source>
        <translation>设备内存接近容量上限</translation>
    </message>
    <message>
        <source>Reserved memory far above allocated (fragmentation)</source>
        <translation>预留内存远高于已分配内存（碎片）</translation>
    </message>
    <message>
        <source>Memory growing step over step</source>
        <translation>内存逐步增长</translation>
    </message>
    <message>
        <source>Largest single allocations</source>
        <translation>最大的单次内存分配</translation>
    </message>
    <message>
        <source>%1: %2, never released</source>
        <translation>%1：%2，从未释放</translation>
    </message>
    <message>
        <source>%1: %2, alive %3</source>
        <translation>%1：%2，存活 %3</translation>
    </message>
    <message>
        <source>profile with profile_memory=True</source>
        <translation>使用 profile_memory=True 采集</translation>
    </message>
    <message>
        <source>the profile does not record the device&apos;s memory size (NPU_INFO names the chip%1, not its memory)</source>
        <translation>性能数据未记录设备内存容量（NPU_INFO 只给出芯片型号%1，没有内存大小）</translation>
    </message>
    <message>
        <source>give the device&apos;s memory size: npuscope report --device-memory GB</source>
        <translation>请给出设备内存容量：npuscope report --device-memory GB</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) with known times: growth from step to step needs at least three</source>
        <translation>
            <numerusform>仅 %n 个有时间的 step：判断逐步增长至少需要三个</numerusform>
        </translation>
    </message>
    <message>
        <source>profile at least three active steps (schedule active=3)</source>
        <translation>至少采集三个 active step（schedule active=3）</translation>
    </message>
    <message>
        <source>Device memory peaks at %1 of its %2 (%3)</source>
        <translation>设备内存峰值达到其 %2 的 %1（%3）</translation>
    </message>
    <message>
        <source>Peak from %1</source>
        <translation>峰值来自 %1</translation>
    </message>
    <message>
        <source>The next larger batch or sequence will not fit. Look at what is alive at the peak (Memory view): activations can be recomputed (activation checkpointing), optimizer states and gradients sharded (ZeRO / FSDP), weights kept in bf16; a smaller micro-batch with gradient accumulation keeps the same effective batch.</source>
        <translation>再大一点的 batch 或序列就放不下了。查看峰值时存活的内存（内存视图）：激活值可以重计算（activation checkpointing），优化器状态和梯度可以分片（ZeRO / FSDP），权重可用 bf16 保存；用更小的 micro-batch 加梯度累积可保持相同的有效 batch。</translation>
    </message>
    <message>
        <source>peak: %1</source>
        <translation>峰值：%1</translation>
    </message>
    <message>
        <source>%1 reserved but unused at the %2 peak: the caching allocator holds %3x what is allocated</source>
        <translation>%2 峰值时有 %1 已预留但未使用：缓存分配器持有的内存是已分配内存的 %3 倍</translation>
    </message>
    <message>
        <source>Threshold: reserved at least %1x allocated and %2 idle. PyTorch&apos;s allocator itself advises max_split_size_mb when &quot;reserved memory is &gt;&gt; allocated memory&quot;; the factor is npuscope&apos;s.</source>
        <translation>阈值：预留内存至少为已分配内存的 %1 倍且空闲 %2。PyTorch 分配器本身在“reserved memory is &gt;&gt; allocated memory”时建议设置 max_split_size_mb；具体倍数由 npuscope 设定。</translation>
    </message>
    <message>
        <source>The allocator keeps freed blocks it cannot reuse for the sizes asked next. Set PYTORCH_NPU_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:&lt;MB&gt; so that large blocks are not split), avoid tensors whose size changes every step (pad to buckets), and call torch.npu.empty_cache() only between phases, never per step.</source>
        <translation>分配器保留了已释放、但无法用于后续申请大小的内存块。设置 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True（或 max_split_size_mb:&lt;MB&gt;，使大块不被切分），避免每个 step 大小都变化的张量（按桶补齐），并且只在阶段之间调用 torch.npu.empty_cache()，不要每个 step 调用。</translation>
    </message>
    <message>
        <source>%1 peak: %2 allocated, %3 reserved</source>
        <translation>%1 峰值：已分配 %2，已预留 %3</translation>
    </message>
    <message>
        <source>Memory grows step over step: each step keeps %1 that the next does not release</source>
        <translation>内存逐步增长：每个 step 保留 %1，下一个 step 结束时仍未释放</translation>
    </message>
    <message numerus="yes">
        <source>Step %1: %2 in %n allocation(s) still alive after the next step</source>
        <translation>
            <numerusform>Step %1：%n 次分配共 %2 在下一个 step 之后仍然存活</numerusform>
        </translation>
    </message>
    <message>
        <source>Something keeps tensors of every step alive: a list that collects losses or outputs without .detach() / .item(), a cache keyed by step, hooks that store activations, or retain_graph=True. At this rate the job runs out of memory after enough steps; the allocations listed are those kept.</source>
        <translation>有代码让每个 step 的张量一直存活：未经 .detach() / .item() 就收集 loss 或输出的列表、按 step 建立的缓存、保存激活值的 hook，或 retain_graph=True。照此速度，训练足够多的 step 后会内存不足；列出的分配就是被保留的那些。</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation(s) of at least %1 of the %2 peak; the largest: %3 (%4)</source>
        <translation>
            <numerusform>%n 次分配至少占 %2 峰值的 %1；最大的：%3（%4）</numerusform>
        </translation>
    </message>
    <message>
        <source>Single tensors this large decide the peak on their own: check their shapes (an unexpected broadcast, a full-vocabulary logits tensor, a buffer kept in fp32) and whether they can be chunked, recomputed or freed earlier.</source>
        <translation>这么大的单个张量自身就决定了峰值：检查它们的形状（意外的广播、完整词表的 logits 张量、以 fp32 保存的缓冲区），以及能否分块、重计算或更早释放。</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation(s) recorded alive at the %1 peak</source>
        <translation>
            <numerusform>%1 峰值时记录到 %n 次分配仍然存活</numerusform>
        </translation>
    </message>
    <message>
        <source>Collect at profiler_level Level1 or higher (%1 then has Accelerator Core and Block Dim).</source>
        <translation>以 profiler_level Level1 或更高级别采集（此时 %1 含有 Accelerator Core 和 Block Dim）。</translation>
    </message>
    <message>
        <source>%1 has no Accelerator Core column: AI_CPU tasks cannot be told apart.</source>
        <translation>%1 没有 Accelerator Core 列：无法区分 AI_CPU 任务。</translation>
    </message>
    <message>
        <source>%1 has no Block Dim column.</source>
        <translation>%1 没有 Block Dim 列。</translation>
    </message>
    <message>
        <source>%1 has no Wait Time column: judged from the trace&apos;s idle gaps alone.</source>
        <translation>%1 没有 Wait Time 列：仅根据 trace 中的空闲间隙判断。</translation>
    </message>
    <message>
        <source>the ProfilerStep slices of %1</source>
        <translation>%1 中的 ProfilerStep 片段</translation>
    </message>
    <message>
        <source>no %1: the profile was collected without profile_memory</source>
        <translation>没有 %1：采集时未开启 profile_memory</translation>
    </message>
    <message>
        <source>no %1 (or %2): the allocations were not recorded</source>
        <translation>没有 %1（或 %2）：未记录内存分配</translation>
    </message>
    <message>
        <source>Imbalance between pipeline stages</source>
        <translation>流水线 stage 间负载不均衡</translation>
    </message>
    <message>
        <source>One pipeline stage (%1): no stages to compare.</source>
        <translation>只有一个流水线 stage（%1）：没有可比较的 stage。</translation>
    </message>
    <message>
        <source>The pipeline layout is unknown: %1.</source>
        <translation>流水线布局未知：%1。</translation>
    </message>
    <message>
        <source>Collect with torch_npu 2.1 or later, which writes distributed_args and parallel_group_info into profiler_metadata.json, and keep every rank&apos;s communication.json (profiler_level Level1 or higher).</source>
        <translation>使用 torch_npu 2.1 或更高版本采集（它会把 distributed_args 和 parallel_group_info 写入 profiler_metadata.json），并保留每个 Rank 的 communication.json（profiler_level Level1 或更高）。</translation>
    </message>
    <message>
        <source>Compared with the other ranks of its pipeline stage (ranks %1): the stages do different work.</source>
        <translation>仅与同一流水线 stage 内的其他 Rank 比较（Rank %1）：不同 stage 承担的工作不同。</translation>
    </message>
    <message>
        <source>Pipeline stage %1 (ranks %2) computes %3 longer per step than stage %4 (ranks %5), %6 of the step</source>
        <translation>流水线 stage %1（Rank %2）每个迭代的计算时间比 stage %4（Rank %5）长 %3，占迭代时间的 %6</translation>
    </message>
    <message>
        <source>Stage %1 (ranks %2): compute %3, exposed communication %4, idle %5</source>
        <translation>Stage %1（Rank %2）：计算 %3，未掩盖通信 %4，空闲 %5</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>stage %1</translation>
    </message>
    <message>
        <source>A pipeline runs at the pace of its slowest stage: the other stages wait for it in the pipeline bubbles and inside the collectives, which shows on them as communication. No rank is slow: the stages hold unequal work. Move layers from stage %1 to the faster stages (an uneven layer split, e.g. MindSpeed&apos;s --num-layer-list or Megatron&apos;s --decoder-first-pipeline-num-layers), or, where the split cannot change, more micro-batches per step make the bubbles a smaller share of it.</source>
        <translation>流水线的速度取决于最慢的 stage：其他 stage 在流水线气泡中和集合通信内等待它，这在它们身上表现为通信时间。并没有慢 Rank：是各 stage 承担的工作量不均。请把 stage %1 的部分层移到较快的 stage（不均匀切分层数，例如 MindSpeed 的 --num-layer-list 或 Megatron 的 --decoder-first-pipeline-num-layers）；如果无法调整切分，增加每个迭代的 micro-batch 数可以降低气泡在迭代中的占比。</translation>
    </message>
    <message>
        <source>D is not divisible by 128</source>
        <translation>D 不能被 128 整除</translation>
    </message>
    <message>
        <source>neither D nor S is divisible by 128</source>
        <translation>D 和 S 都不能被 128 整除</translation>
    </message>
    <message>
        <source>S is not divisible by 128</source>
        <translation>S 不能被 128 整除</translation>
    </message>
    <message>
        <source>the inner axis is not divisible by 256</source>
        <translation>内轴不能被 256 整除</translation>
    </message>
    <message>
        <source>cube</source>
        <translation>Cube</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>vector</source>
        <translation>Vector</translation>
    </message>
    <message numerus="yes">
        <source>[%1] %2 %3 %4 (%n task(s), %5)</source>
        <translation>
            <numerusform>[%1] %2 %3 %4（%n 个任务，%5）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: unaffine shape, %2</source>
        <translation>%1：shape 不亲和，%2</translation>
    </message>
    <message>
        <source>%1: bound type %2 (%3)</source>
        <translation>%1：bound 类型 %2（%3）</translation>
    </message>
    <message>
        <source>%1: %2% room for optimisation (%3)</source>
        <translation>%1：%2% 的优化空间（%3）</translation>
    </message>
    <message>
        <source>%1 has no pipeline ratios (aic_mac_ratio, aiv_vec_ratio, ...): Level0, or aic_metrics other than PipeUtilization.</source>
        <translation>%1 没有流水线利用率（aic_mac_ratio、aiv_vec_ratio 等）：Level0，或 aic_metrics 不是 PipeUtilization。</translation>
    </message>
    <message>
        <source>Collect at profiler_level Level1 or higher with aic_metrics AiCMetrics.PipeUtilization (the default).</source>
        <translation>以 profiler_level Level1 或更高级别、aic_metrics 为 AiCMetrics.PipeUtilization（默认值）采集。</translation>
    </message>
    <message>
        <source>%1 has no Input Shapes, Output Shapes or Accelerator Core.</source>
        <translation>%1 没有 Input Shapes、Output Shapes 或 Accelerator Core 列。</translation>
    </message>
    <message>
        <source>Collect at profiler_level Level1 or higher with record_shapes=True.</source>
        <translation>以 profiler_level Level1 或更高级别并设置 record_shapes=True 采集。</translation>
    </message>
    <message>
        <source>AI Core operators by shape: %1 with room for optimisation, %2 bound, %3 with unaffine shapes</source>
        <translation>按 shape 的 AI Core 算子：%1 个有优化空间，%2 个 bound，%3 个 shape 不亲和</translation>
    </message>
    <message>
        <source>Rule: msprof-analyze aicore_performance.yaml. Room: how far the averaged pipeline ratios are from the rule&apos;s thresholds (cube: mac 0.8, mte2 0.95; FlashAttention: mte2 0.8, vec or fixpipe 0.75; vector: vec, mte2, mte3 0.7 each, 0.9 together). The top 5 of each list, as the advisor shows them. Severity (ours): by the compute time of the operators with room.</source>
        <translation>规则：msprof-analyze aicore_performance.yaml。优化空间：平均流水线利用率与规则阈值的差距（Cube：mac 0.8，mte2 0.95；FlashAttention：mte2 0.8，vec 或 fixpipe 0.75；Vector：vec、mte2、mte3 各 0.7，合计 0.9）。每个列表取前 5 项，与 advisor 的展示一致。严重程度（本工具自定）：按有优化空间的算子所占计算时间。</translation>
    </message>
    <message>
        <source>Operators with room keep every pipeline far from its limit: they are usually too small to fill the cores or wait on scheduling; fuse them with their neighbours or batch the work. Bound operators have reached the limit of the pipelines named: reduce the data they move (mte2/mte3) or the work (vec, mac). Unaffine shapes: pad MatMul inner axes to multiples of 256 and FlashAttention head dim and sequence length to multiples of 128.</source>
        <translation>有优化空间的算子没有任何流水线接近上限：它们通常太小而无法占满计算核，或在等待调度；请将其与相邻算子融合，或合并成批处理。bound 算子已达到所列流水线的上限：减少其搬运的数据（mte2/mte3）或计算量（vec、mac）。shape 不亲和：将 MatMul 的内轴填充到 256 的整数倍，将 FlashAttention 的 head dim 和序列长度填充到 128 的整数倍。</translation>
    </message>
    <message>
        <source>%1 bytes × %2 (%3)</source>
        <translation>%1 字节 × %2（%3）</translation>
    </message>
    <message>
        <source>No communication statistics: communication.json (or analysis.db&apos;s CommAnalyzerTime) is absent: a single card, Level0, or not exported.</source>
        <translation>没有通信统计：缺少 communication.json（或 analysis.db 的 CommAnalyzerTime）：单卡、Level0，或未导出。</translation>
    </message>
    <message>
        <source>Collect a multi-card job at profiler_level Level1 or higher: torch_npu then writes communication.json (analysis.db with export_type db).</source>
        <translation>在多卡任务中以 profiler_level Level1 或更高级别采集：torch_npu 会写出 communication.json（export_type db 时为 analysis.db）。</translation>
    </message>
    <message>
        <source>No communication matrix: communication_matrix.json (or analysis.db&apos;s CommAnalyzerMatrix) is absent: a single card, Level0, or not exported.</source>
        <translation>没有通信矩阵：缺少 communication_matrix.json（或 analysis.db 的 CommAnalyzerMatrix）：单卡、Level0，或未导出。</translation>
    </message>
    <message>
        <source>Collect a multi-card job at profiler_level Level1 or higher: torch_npu then writes communication_matrix.json (analysis.db with export_type db).</source>
        <translation>在多卡任务中以 profiler_level Level1 或更高级别采集：torch_npu 会写出 communication_matrix.json（export_type db 时为 analysis.db）。</translation>
    </message>
    <message numerus="yes">
        <source>%n communication operation(s) move data not aligned to 512 bytes (%1 of the checked transfer time)</source>
        <translation>
            <numerusform>%n 个通信算子传输的数据未按 512 字节对齐（占所检查传输时间的 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 bytes in %3 (%4 unaligned), %5; unaligned packets: %6</source>
        <translation>%1：%2 字节，耗时 %3（其中未对齐 %4），%5；未对齐的数据包：%6</translation>
    </message>
    <message>
        <source>Rule: msprof-analyze byte_alignment.yaml: SDMA packets between chips (HCCS, PCIE, SIO) larger than 512 bytes whose size is not a multiple of 512 bytes; read from %1.</source>
        <translation>规则：msprof-analyze byte_alignment.yaml：芯片间（HCCS、PCIE、SIO）大于 512 字节且大小不是 512 字节整数倍的 SDMA 数据包；读取自 %1。</translation>
    </message>
    <message>
        <source>HCCL moves data fastest in multiples of 512 bytes. Pad or bucket the tensors these operations reduce or gather (for example the gradient bucket size of DDP) so that each transfer is a multiple of 512 bytes; the HCCL documentation and engineers can say which size suits the algorithm.</source>
        <translation>HCCL 在数据量为 512 字节整数倍时传输最快。请对这些算子归约或收集的张量做填充或分桶（例如 DDP 的梯度桶大小），使每次传输都是 512 字节的整数倍；适合该算法的大小可查阅 HCCL 文档或咨询 HCCL 工程师。</translation>
    </message>
    <message>
        <source>%1: %2 of %3 entries with %1 traffic (%4) moved less than %5 MB each, %6 in all; by volume %7 of %8 (%9), by transit time %10 of %11 (%12)</source>
        <translation>%1：在 %3 个有 %1 流量的条目中（%4），有 %2 个每次传输少于 %5 MB，共 %6；按数据量为 %8 中的 %7（%9），按传输时间为 %11 中的 %10（%12）</translation>
    </message>
    <message>
        <source>%1: %2 over %3 in %4</source>
        <translation>%1：%2，经 %3，耗时 %4</translation>
    </message>
    <message>
        <source>%1: %2 of the operations under %3 MB (%4)</source>
        <translation>%1：%2 的通信算子小于 %3 MB（%4）</translation>
    </message>
    <message>
        <source>Small communication packets: %1</source>
        <translation>通信小包：%1</translation>
    </message>
    <message>
        <source>Rule: msprof-analyze packet.yaml: more than 20% of the operations with SDMA traffic under 16 MB, or with RDMA traffic under 1 MB; it counts operations (each step&apos;s Total Op Info among them), not bytes. Severity (ours): a warning when they hold 5% of the transit time.</source>
        <translation>规则：msprof-analyze packet.yaml：有 SDMA 流量的通信算子中超过 20% 小于 16 MB，或有 RDMA 流量的通信算子中超过 20% 小于 1 MB；它统计的是算子个数（包括每个迭代的 Total Op Info），而非字节数。严重程度（本工具自定）：这些算子占传输时间 5% 时为警告。</translation>
    </message>
    <message>
        <source>Many small transfers cost more in launch and synchronisation than in moving data. If they are data-parallel gradients, raise the batch size or accumulate gradients over more steps; with ZeRO-3, ZeRO-2 or ZeRO-1 communicates less often when memory allows; fused (affinity) optimizers and operators reduce the number of communication operations.</source>
        <translation>大量小数据传输在下发和同步上的开销大于数据传输本身。如果它们是数据并行的梯度，请增大 batch size 或增加梯度累积步数；使用 ZeRO-3 时，在内存允许的情况下改用 ZeRO-2 或 ZeRO-1 可减少通信次数；融合（亲和）优化器和融合算子可以减少通信算子的数量。</translation>
    </message>
    <message numerus="yes">
        <source>%n communication link(s) well under their transport&apos;s bandwidth (down to %1 of it)</source>
        <translation>
            <numerusform>%n 条通信链路明显低于其传输类型的带宽（最低为其 %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, group %2, %3 → %4 over %5: %6 in %7, %8 (reference %9)</source>
        <translation>%1，通信域 %2，%3 → %4，经 %5：%6，耗时 %7，%8（参考值 %9）</translation>
    </message>
    <message>
        <source>Rule: SDMA links (HCCS, PCIE, SIO) under 0.8 × 18 GB/s, the reference of msprof-analyze&apos;s bandwidth_contention.yaml; RDMA under 0.8 × 12.5 GB/s (ours: 100 GbE line rate, the advisor has none). Links that moved less than 16 MB (RDMA: 1 MB) in a step are not judged (ours). Read from %1.</source>
        <translation>规则：SDMA 链路（HCCS、PCIE、SIO）低于 0.8 × 18 GB/s，即 msprof-analyze bandwidth_contention.yaml 的参考值；RDMA 低于 0.8 × 12.5 GB/s（本工具自定：100 GbE 线速，advisor 没有此值）。一个迭代内传输少于 16 MB（RDMA：1 MB）的链路不做判断（本工具自定）。读取自 %1。</translation>
    </message>
    <message>
        <source>A link this slow moves large transfers at a fraction of what its transport can carry. Compare it with the same link on the other ranks (the cluster&apos;s communication matrix): one slow link points to the hardware or its configuration (HCCS lanes, NIC, switch port, PFC/ECN); every link slow points to contention with computation that reads memory at the same time, or to small packets.</source>
        <translation>如此慢的链路传输大数据时只达到其传输类型能力的一小部分。请与其他 Rank 上的同一链路对比（集群通信矩阵）：只有一条链路慢，说明硬件或其配置有问题（HCCS 通道、网卡、交换机端口、PFC/ECN）；所有链路都慢，说明与同时读写内存的计算存在争用，或数据包过小。</translation>
    </message>
    <message numerus="yes">
        <source>%n RDMA transfer(s) took over 4 s: suspected retransmission</source>
        <translation>
            <numerusform>%n 次 RDMA 传输耗时超过 4 s：疑似重传</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (group %2, %3): RDMA %4 in %5, %6</source>
        <translation>%1（通信域 %2，%3）：RDMA %4，耗时 %5，%6</translation>
    </message>
    <message>
        <source>Rule: msprof-analyze rdma_analysis.yaml: an RDMA transit time over 4000 ms in an operation that itself lasted 4000 ms or more. The advisor also asks every rank of the group to have lasted that long (else the time is waiting for a late rank); compare the ranks.</source>
        <translation>规则：msprof-analyze rdma_analysis.yaml：RDMA 传输时间超过 4000 ms，且所在通信算子本身持续 4000 ms 或更久。advisor 还要求该通信域的所有 Rank 都持续这么久（否则这段时间是在等待慢 Rank）；请对比各 Rank。</translation>
    </message>
    <message>
        <source>A single RDMA transfer of seconds is the signature of packet loss and retransmission on the RoCE network. Check that the transfer time is real on the other ranks, then the network: switch and NIC configuration (PFC, ECN, MTU), optical modules and link errors.</source>
        <translation>单次 RDMA 传输耗时数秒是 RoCE 网络丢包重传的典型特征。请先确认其他 Rank 上的传输时间同样如此，再检查网络：交换机与网卡配置（PFC、ECN、MTU）、光模块及链路错误。</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s) keep no pipeline above 80% busy (mte, cube, vector and scalar ratios all under it): %1 of device compute time</source>
        <translation>
            <numerusform>%n 个任务没有任何流水线的繁忙度超过 80%（mte、cube、vector、scalar 利用率均低于该值）：占设备计算时间的 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Rule: msprof-analyze&apos;s operator bound check (config.ini operator_bound_ratio 0.8), reported when one such task lasts over 20 µs; each task&apos;s ratios are those of its own core (aic_* on the AI Core, aiv_* on the vector core). The advisor skips this check when no operator has a static shape; npuscope does not.</source>
        <translation>规则：msprof-analyze 的算子 bound 检查（config.ini operator_bound_ratio 0.8），当其中有任务超过 20 µs 时报告；每个任务的利用率取自其所在的核（AI Core 上为 aic_*，Vector 核上为 aiv_*）。当没有任何静态 shape 算子时 advisor 会跳过此检查；npuscope 不跳过。</translation>
    </message>
    <message>
        <source>These operators use no pipeline (cube, vector, memory transfer, scalar) anywhere near its limit: they are latency- or scheduling-bound rather than compute- or memory-bound. Tune the longest with AOE (operator auto-tuning), give them larger shapes or batches, or fuse them with their neighbours.</source>
        <translation>这些算子的各条流水线（cube、vector、数据搬运、scalar）都远未达到上限：它们受延迟或调度限制，而非受计算或内存限制。请用 AOE（算子自动调优）调优耗时最长的算子，为其提供更大的 shape 或 batch，或将其与相邻算子融合。</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s) longer than 20 µs are bound by one pipeline (over 80% busy): %1 of device compute time</source>
        <translation>
            <numerusform>%n 个超过 20 µs 的任务受单一流水线限制（繁忙度超过 80%）：占设备计算时间的 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bound by %2</source>
        <translation>%1 受 %2 限制</translation>
    </message>
    <message>
        <source>Rule: a ratio of the task&apos;s own core over 0.8 (msprof-analyze config.ini operator_bound_ratio), tasks over 20 µs. Information: a bound operator is at the limit of that pipeline.</source>
        <translation>规则：任务所在核的某项利用率超过 0.8（msprof-analyze config.ini operator_bound_ratio），任务超过 20 µs。提示信息：bound 算子已达到该流水线的上限。</translation>
    </message>
    <message>
        <source>A bound operator is limited by the pipeline named: mac (cube) or vec is the compute itself, the best case; mte2 / mte3 / mte1 mean it waits on memory transfers: fuse it with its neighbours, avoid format conversions, keep data in a layout the operator reads directly; scalar means control code dominates: often dynamic shapes or tiling that is too fine.</source>
        <translation>bound 算子受所列流水线限制：mac（cube）或 vec 是计算本身，属于最好的情况；mte2 / mte3 / mte1 表示在等待数据搬运：请将其与相邻算子融合、避免格式转换、让数据保持在算子可直接读取的格式；scalar 表示控制代码占主导：常见原因是动态 shape 或切分过细。</translation>
    </message>
    <message>
        <source>No AI Core frequency samples: the trace has no AI Core Freq counter (the database: no AICORE_FREQ rows).</source>
        <translation>没有 AI Core 频率采样：时间线数据中没有 AI Core Freq 计数器（数据库：AICORE_FREQ 中没有数据行）。</translation>
    </message>
    <message>
        <source>Collect with the trace (trace_view.json) on a device that reports its AI Core frequency (Atlas A2 and later).</source>
        <translation>采集时保留时间线数据（trace_view.json），并在会上报 AI Core 频率的设备上采集（Atlas A2 及更新型号）。</translation>
    </message>
    <message numerus="yes">
        <source>%n AI Core operator(s) ran with the AI Core frequency lowered by 5% or more</source>
        <translation>
            <numerusform>%n 个 AI Core 算子运行时 AI Core 频率降低了 5% 或更多</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n task(s), %2, frequency %3 below %4 MHz on average (lowest %5 MHz)</source>
        <translation>
            <numerusform>%1：%n 个任务，%2，频率平均比 %4 MHz 低 %3（最低 %5 MHz）</numerusform>
        </translation>
    </message>
    <message>
        <source>Rule: msprof-analyze config.ini frequency_threshold 0.05, over the AI_CORE and MIX_AIC tasks. The maximum is the highest frequency this profile recorded (the advisor reads the device&apos;s aic_frequency from info.json, which torch_npu&apos;s export does not keep).</source>
        <translation>规则：msprof-analyze config.ini frequency_threshold 0.05，针对 AI_CORE 和 MIX_AIC 任务。最高频率取本性能数据记录到的最高值（advisor 从 info.json 读取设备的 aic_frequency，而 torch_npu 的导出不保留该文件）。</translation>
    </message>
    <message>
        <source>The device lowered its AI Core clock while these operators ran, so they took longer than they would at full speed. Look for power or temperature limits (npu-smi info: power, temperature, the frequency policy) and for other jobs on the same device.</source>
        <translation>这些算子运行时设备降低了 AI Core 时钟，因此比全速运行时耗时更长。请检查功耗或温度限制（npu-smi info：功耗、温度、调频策略），以及同一设备上的其他任务。</translation>
    </message>
    <message>
        <source>The profile does not record the chip (a text export has no NPU_INFO), so its AI Core count is unknown.</source>
        <translation>性能数据未记录芯片（文本导出没有 NPU_INFO），因此 AI Core 数未知。</translation>
    </message>
    <message>
        <source>NPU_INFO names the chip family %1, whose models have %2 AI Cores; the profile does not say which model.</source>
        <translation>NPU_INFO 只记录了芯片系列 %1，其各型号有 %2 个 AI Core；性能数据未说明是哪个型号。</translation>
    </message>
    <message>
        <source> or </source>
        <comment>between core counts</comment>
        <translation> 或 </translation>
    </message>
    <message>
        <source>The chip %1 that NPU_INFO names is not in npuscope&apos;s table of Ascend chips, so its AI Core count is unknown.</source>
        <translation>NPU_INFO 记录的芯片 %1 不在 npuscope 的昇腾芯片表中，因此 AI Core 数未知。</translation>
    </message>
    <message>
        <source>NPU_INFO of %1</source>
        <translation>%1 的 NPU_INFO</translation>
    </message>
    <message>
        <source>the chip %1 (NPU_INFO)</source>
        <translation>芯片 %1（NPU_INFO）</translation>
    </message>
    <message>
        <source>A Block Dim is judged against the chip&apos;s core counts: export as a database (export_type db), whose NPU_INFO names the chip, on a chip model in npuscope&apos;s table (Ascend910B1-B4, Ascend910_93xx, Ascend310P3, ...).</source>
        <translation>Block Dim 要与芯片的核数比较：请以数据库格式导出（export_type db），其 NPU_INFO 会记录芯片，且芯片型号需在 npuscope 的芯片表中（Ascend910B1-B4、Ascend910_93xx、Ascend310P3 等）。</translation>
    </message>
    <message>
        <source>%1 records no ENV_VARIABLES.</source>
        <translation>%1 未记录 ENV_VARIABLES。</translation>
    </message>
    <message>
        <source>No profiler_metadata.json (and no META_DATA in a database): the environment is unknown.</source>
        <translation>没有 profiler_metadata.json（数据库中也没有 META_DATA）：环境变量未知。</translation>
    </message>
    <message>
        <source>Keep the profiler_metadata.json that torch_npu 2.1 and later write beside profiler_info.json.</source>
        <translation>请保留 torch_npu 2.1 及以后版本写在 profiler_info.json 旁边的 profiler_metadata.json。</translation>
    </message>
    <message>
        <source>%1 records no operator state (OP State).</source>
        <translation>%1 未记录算子状态（OP State）。</translation>
    </message>
    <message>
        <source>Collect at profiler_level Level1 or higher with a CANN version whose database records the operator state, or with the text export.</source>
        <translation>请以 profiler_level Level1 或更高级别采集，并使用其数据库记录算子状态的 CANN 版本，或使用文本导出。</translation>
    </message>
    <message>
        <source>Collect at profiler_level Level1 or higher with the text export: kernel_details.csv then has an OP State column.</source>
        <translation>请以 profiler_level Level1 或更高级别、文本导出方式采集：此时 kernel_details.csv 含 OP State 列。</translation>
    </message>
    <message>
        <source>%1 has no OP State column (a Level0 profile); msprof-analyze reports every operator as dynamic here, as it reads a missing column as no static operator.</source>
        <translation>%1 没有 OP State 列（Level0 数据）；msprof-analyze 在此会把所有算子报为动态 shape，因为它把缺失的列当作没有静态算子。</translation>
    </message>
    <message>
        <source>OP State is empty in every compute row of %1.</source>
        <translation>%1 所有计算行的 OP State 均为空。</translation>
    </message>
    <message>
        <source>A Kineto (GPU) trace: torch_npu&apos;s affinity APIs do not apply.</source>
        <translation>这是 Kineto（GPU）trace：torch_npu 的亲和 API 不适用。</translation>
    </message>
    <message>
        <source>Profile on an Ascend NPU with torch_npu.</source>
        <translation>请在昇腾 NPU 上用 torch_npu 采集。</translation>
    </message>
    <message>
        <source>The trace has no host (framework) events: the Python APIs called are unknown.</source>
        <translation>trace 中没有 host（框架）事件：调用的 Python API 未知。</translation>
    </message>
    <message>
        <source>No trace: the Python APIs called are unknown.</source>
        <translation>没有 trace：调用的 Python API 未知。</translation>
    </message>
    <message>
        <source>Collect with ProfilerActivity.CPU (and with_stack=True to see where each API is called).</source>
        <translation>请开启 ProfilerActivity.CPU 采集（并设 with_stack=True 以看到各 API 的调用位置）。</translation>
    </message>
    <message>
        <source>%1 AI Cores and %2 vector cores, from %3.</source>
        <translation>%1 个 AI Core、%2 个 Vector Core，来自%3。</translation>
    </message>
    <message>
        <source>%1 AI Cores, from %2; the vector core count is unknown, so vector tasks are not judged.</source>
        <translation>%1 个 AI Core，来自%2；Vector Core 数未知，因此不判断 vector 任务。</translation>
    </message>
    <message>
        <source>Environment variables that slow training</source>
        <translation>拖慢训练的环境变量</translation>
    </message>
    <message>
        <source>Operators compiled for dynamic shapes</source>
        <translation>按动态 shape 编译的算子</translation>
    </message>
    <message>
        <source>APIs with a faster torch_npu equivalent</source>
        <translation>有更快 torch_npu 替代的 API</translation>
    </message>
    <message>
        <source>Communication not aligned to 512 bytes</source>
        <translation>通信数据未按 512 字节对齐</translation>
    </message>
    <message>
        <source>Small communication packets</source>
        <translation>通信小包</translation>
    </message>
    <message>
        <source>Communication links under their bandwidth</source>
        <translation>通信链路低于其带宽</translation>
    </message>
    <message>
        <source>RDMA retransmission suspected</source>
        <translation>疑似 RDMA 重传</translation>
    </message>
    <message>
        <source>AI Core operator efficiency by shape</source>
        <translation>按 shape 的 AI Core 算子效率</translation>
    </message>
    <message>
        <source>Operators bound by one pipeline</source>
        <translation>受单一流水线限制的算子</translation>
    </message>
    <message>
        <source>Operators with no pipeline near its limit</source>
        <translation>没有流水线接近上限的算子</translation>
    </message>
    <message>
        <source>AI Core frequency lowered</source>
        <translation>AI Core 频率降低</translation>
    </message>
    <message>
        <source>logs below the error level (3): debug and info logging slow training down</source>
        <translation>日志级别低于 error（3）：debug 和 info 日志会拖慢训练</translation>
    </message>
    <message>
        <source>export ASCEND_GLOBAL_LOG_LEVEL=3</source>
        <translation>export ASCEND_GLOBAL_LOG_LEVEL=3</translation>
    </message>
    <message>
        <source>set: the DSCP value of the RoCE packets (default 132, DSCP 33) must match the network&apos;s configuration</source>
        <translation>已设置：RoCE 报文的 DSCP 值（默认 132，即 DSCP 33）必须与网络配置一致</translation>
    </message>
    <message>
        <source>check it against the switches&apos; configuration</source>
        <translation>请对照交换机配置检查</translation>
    </message>
    <message>
        <source>set: the RDMA NIC priority (0-7, default 4) must equal the NIC&apos;s PFC priority, else communication slows down</source>
        <translation>已设置：RDMA 网卡优先级（0-7，默认 4）必须与网卡的 PFC 优先级相同，否则通信变慢</translation>
    </message>
    <message>
        <source>check it against the NIC&apos;s PFC priority</source>
        <translation>请对照网卡的 PFC 优先级检查</translation>
    </message>
    <message>
        <source>not set or below 10000: aclnn operators that drop out of the cache are prepared on the host again</source>
        <translation>未设置或小于 10000：被挤出缓存的 aclnn 算子需要在 host 上重新准备</translation>
    </message>
    <message>
        <source>export ACLNN_CACHE_LIMIT=100000 when the host is the bottleneck</source>
        <translation>当 host 是瓶颈时 export ACLNN_CACHE_LIMIT=100000</translation>
    </message>
    <message>
        <source>not set or 0: the dynamic-shape cache is off, so operators of shapes seen before are prepared on the host again</source>
        <translation>未设置或为 0：动态 shape 缓存关闭，之前出现过的 shape 的算子需要在 host 上重新准备</translation>
    </message>
    <message>
        <source>export HOST_CACHE_CAPACITY=20 (costs host memory in proportion)</source>
        <translation>export HOST_CACHE_CAPACITY=20（按比例占用 host 内存）</translation>
    </message>
    <message>
        <source>without expandable_segments:True the caching allocator cannot grow a block, and memory fragments when tensor sizes change</source>
        <translation>没有 expandable_segments:True 时缓存分配器无法扩展内存块，张量大小变化时内存会碎片化</translation>
    </message>
    <message>
        <source>export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True</source>
        <translation>export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True</translation>
    </message>
    <message>
        <source>1: every operator runs synchronously (a debugging mode); the host waits for each one</source>
        <translation>为 1：每个算子同步执行（调试模式），host 要等待每一个算子</translation>
    </message>
    <message>
        <source>export ASCEND_LAUNCH_BLOCKING=0, or unset it</source>
        <translation>export ASCEND_LAUNCH_BLOCKING=0，或取消设置</translation>
    </message>
    <message>
        <source>set: a fixed cross-server algorithm instead of the one HCCL chooses for the chip, nodes and data size</source>
        <translation>已设置：使用固定的跨服务器算法，而不是由 HCCL 按芯片、节点数和数据量选择</translation>
    </message>
    <message>
        <source>unset HCCL_ALGO</source>
        <translation>unset HCCL_ALGO</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>%1 = %2: %3. Suggestion: %4.</source>
        <translation>%1 = %2：%3。建议：%4。</translation>
    </message>
    <message numerus="yes">
        <source>%n environment variable(s) set against the advisor&apos;s recommendation: %1</source>
        <translation>
            <numerusform>%n 个环境变量与 advisor 的建议不符：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Conditions of msprof-analyze&apos;s advisor (environment_variable_checker.py, rules/en/environment_variable_info.yaml): ACLNN_CACHE_LIMIT below %1, HOST_CACHE_CAPACITY 0 or not set, PYTORCH_NPU_ALLOC_CONF without expandable_segments:True, ASCEND_LAUNCH_BLOCKING=1, a log level other than 3, HCCL_RDMA_TC, HCCL_RDMA_SL or HCCL_ALGO set. Read from %2.</source>
        <translation>判断条件取自 msprof-analyze advisor（environment_variable_checker.py、rules/en/environment_variable_info.yaml）：ACLNN_CACHE_LIMIT 小于 %1，HOST_CACHE_CAPACITY 为 0 或未设置，PYTORCH_NPU_ALLOC_CONF 不含 expandable_segments:True，ASCEND_LAUNCH_BLOCKING=1，日志级别不是 3，设置了 HCCL_RDMA_TC、HCCL_RDMA_SL 或 HCCL_ALGO。读取自 %2。</translation>
    </message>
    <message>
        <source>Set these variables in the shell that starts training (every rank), as suggested for each, then collect again: the next profile records the values it ran with.</source>
        <translation>请在启动训练的 shell 中（每个 rank）按各自的建议设置这些变量，然后重新采集：下一份性能数据会记录运行时的取值。</translation>
    </message>
    <message numerus="yes">
        <source>All %n operator task(s) ran as dynamic-shape operators (none static): each new input shape is compiled on the host</source>
        <translation>
            <numerusform>全部 %n 个算子任务均以动态 shape 运行（没有静态算子）：每个新的输入 shape 都要在 host 上编译</numerusform>
        </translation>
    </message>
    <message>
        <source>msprof-analyze&apos;s advisor reports this when no operator of %1 is static (operator_checker.py, is_dynamic_shape); we use its bar.</source>
        <translation>当 %1 中没有任何静态算子时，msprof-analyze advisor 报告此问题（operator_checker.py，is_dynamic_shape）；本工具采用相同的标准。</translation>
    </message>
    <message>
        <source>Most frequent types: %1</source>
        <translation>最常见的类型：%1</translation>
    </message>
    <message>
        <source>Operators compiled for dynamic shapes cost host time for each new shape. Unless the shapes really change every step, switch off online compilation and internal formats at the start of the script, as the snippet shows, and compare the step time.</source>
        <translation>按动态 shape 编译的算子每遇到新 shape 都要消耗 host 时间。除非 shape 确实每步都变，请按代码片段所示在脚本开头关闭在线编译和内部格式，然后比较步骤时间。</translation>
    </message>
    <message>
        <source>%1 (%2, dynamic)</source>
        <translation>%1（%2，动态）</translation>
    </message>
    <message numerus="yes">
        <source>%1 instead of torch.optim.%2: %n call(s), %3; no call stack recorded (collect with with_stack=True to see where it is made)</source>
        <translation>
            <numerusform>用 %1 替代 torch.optim.%2：%n 次调用，%3；未记录调用栈（用 with_stack=True 采集可看到调用位置）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 instead of torch.optim.%2: %n call(s), %3, from %4</source>
        <translation>
            <numerusform>用 %1 替代 torch.optim.%2：%n 次调用，%3，调用自 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>Call stack: %1</source>
        <translation>调用栈：%1</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message numerus="yes">
        <source>The optimizer has a fused torch_npu version: %1 (%n step call(s), %2)</source>
        <translation>
            <numerusform>优化器有 torch_npu 融合版本：%1（%n 次 step 调用，%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>Rules: the Optimizer entries of msprof-analyze&apos;s rules/timeline_fusion_ops.yaml (Optimizer.step#SGD.step -&gt; torch_npu.optim.NpuFusedSGD, ...).</source>
        <translation>规则：msprof-analyze 的 rules/timeline_fusion_ops.yaml 中的 Optimizer 条目（Optimizer.step#SGD.step -&gt; torch_npu.optim.NpuFusedSGD 等）。</translation>
    </message>
    <message>
        <source>torch_npu&apos;s fused optimizers update all parameters in a few large kernels instead of several small ones per parameter, which cuts launches and host time. Replace the optimizer where it is created (the frame named above) with the torch_npu version of the same name and the same arguments.</source>
        <translation>torch_npu 的融合优化器用少数几个大 kernel 更新全部参数，而不是每个参数若干个小 kernel，从而减少下发次数和 host 时间。请在创建优化器的位置（上面列出的调用帧）换成同名、同参数的 torch_npu 版本。</translation>
    </message>
    <message>
        <source>%1 (%2 → %3)</source>
        <translation>%1（%2 → %3）</translation>
    </message>
    <message>
        <source>On DOUBLE data: %1. Convert those tensors to float32 if possible (AicpuChecker&apos;s double suggestion).</source>
        <translation>处理 DOUBLE 数据的算子：%1。如可能请将这些张量转换为 float32（AicpuChecker 针对 double 的建议）。</translation>
    </message>
    <message>
        <source>Collect every rank of the job with profiler_level Level1 or higher and keep each rank&apos;s communication_matrix.json.</source>
        <translation>以 profiler_level Level1 或更高级别采集作业的每个 rank，并保留每个 rank 的 communication_matrix.json。</translation>
    </message>
    <message numerus="yes">
        <source>The communication matrices&apos; %n link(s) join ranks that were not collected.</source>
        <translation>
            <numerusform>通信矩阵的 %n 条链路连接的是未采集的 rank。</numerusform>
        </translation>
    </message>
    <message>
        <source>No rank has a communication matrix.</source>
        <translation>没有任何 rank 有通信矩阵。</translation>
    </message>
    <message>
        <source>No two links of 1 MB or more share a group name, an operation type and a transport: nothing to compare.</source>
        <translation>没有两条 1 MB 及以上的链路属于同名通信组、同一操作类型和同一传输类型：无可比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) left out: they join ranks that were not collected.</source>
        <translation>
            <numerusform>略去了 %n 条链路：它们连接的是未采集的 rank。</numerusform>
        </translation>
    </message>
    <message>
        <source>Communication links slower than their peers</source>
        <translation>慢于同类链路的通信链路</translation>
    </message>
    <message>
        <source>group (%1)</source>
        <translation>通信组 (%1)</translation>
    </message>
    <message>
        <source>%1 %2, rank %3 to %4 over %5: %6 GB/s, its peers&apos; median %7 GB/s (%8 MB in %9 ms)</source>
        <translation>%1 %2，rank %3 到 %4，经 %5：%6 GB/s，同类链路中位数 %7 GB/s（%8 MB，用时 %9 ms）</translation>
    </message>
    <message>
        <source>rank %1 sends to rank %2 (%3 %4)</source>
        <translation>rank %1 发送到 rank %2（%3 %4）</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) slower than their peers; the slowest at %1 of their bandwidth</source>
        <translation>
            <numerusform>%n 条链路慢于同类链路；最慢的只有其带宽的 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Links of one group carry the same operations, so they should move data at the same rate. A link well under its peers points at the cards at its ends or the path between them: check the link&apos;s health (hccn_tool link and error counters), whether other jobs share the card or the switch, and whether the ranks at its ends are placed as the others are.</source>
        <translation>同一通信组的链路承载相同的操作，传输速率应当一致。明显慢于同类的链路指向其两端的卡或两者之间的通路：检查链路健康状况（hccn_tool 的链路与错误计数），是否有其他作业共用该卡或交换机，以及其两端 rank 的放置是否与其他 rank 相同。</translation>
    </message>
    <message>
        <source>A Kineto (GPU) trace: it has no CANN API events.</source>
        <translation>这是 Kineto（GPU）trace：其中没有 CANN API 事件。</translation>
    </message>
    <message>
        <source>The trace has no CANN API events (AscendCL, Node@launch): profiler_level Level0 does not record them.</source>
        <translation>trace 中没有 CANN API 事件（AscendCL、Node@launch）：profiler_level Level0 不记录它们。</translation>
    </message>
    <message>
        <source>No trace: the CANN API calls are unknown.</source>
        <translation>没有 trace：CANN API 调用未知。</translation>
    </message>
    <message>
        <source>Collect the trace at profiler_level Level1 or higher, with ProfilerActivity.NPU.</source>
        <translation>请以 profiler_level Level1 或更高级别、开启 ProfilerActivity.NPU 采集 trace。</translation>
    </message>
    <message>
        <source>The trace has no GC events (gc_detect_threshold not set) and no CANN API events (profiler_level Level0 records none) to conjecture garbage collection from idle gaps.</source>
        <translation>trace 中既没有 GC 事件（未设置 gc_detect_threshold），也没有可用来从空闲间隙推测垃圾回收的 CANN API 事件（profiler_level Level0 不记录）。</translation>
    </message>
    <message>
        <source>No trace: garbage collections are unknown.</source>
        <translation>没有 trace：垃圾回收情况未知。</translation>
    </message>
    <message>
        <source>Collect with experimental_config=torch_npu.profiler._ExperimentalConfig(gc_detect_threshold=1) (GC events of 1 ms or longer; torch_npu 2.1 or later), or at profiler_level Level1.</source>
        <translation>请用 experimental_config=torch_npu.profiler._ExperimentalConfig(gc_detect_threshold=1) 采集（记录 1 ms 及以上的 GC 事件；torch_npu 2.1 或更高版本），或以 profiler_level Level1 采集。</translation>
    </message>
    <message>
        <source>The trace has no host (framework) events.</source>
        <translation>trace 中没有 host（框架）事件。</translation>
    </message>
    <message>
        <source>No trace: the framework&apos;s calls are unknown.</source>
        <translation>没有 trace：框架的调用未知。</translation>
    </message>
    <message>
        <source>Collect with ProfilerActivity.CPU (and with_stack=True to see where each call is made).</source>
        <translation>请开启 ProfilerActivity.CPU 采集（并设 with_stack=True 以看到各调用的位置）。</translation>
    </message>
    <message>
        <source>No GC events recorded (gc_detect_threshold was not set): only the advisor&apos;s conjectured GC was checked, device idle gaps over 200 ms with almost no AscendCL call.</source>
        <translation>未记录 GC 事件（未设置 gc_detect_threshold）：只检查了 advisor 的推测 GC，即超过 200 ms、几乎没有 AscendCL 调用的设备空闲间隙。</translation>
    </message>
    <message>
        <source>The database&apos;s GC_RECORD table is not read: only the advisor&apos;s conjectured GC was checked, device idle gaps over 200 ms with almost no AscendCL call.</source>
        <translation>尚未读取数据库的 GC_RECORD 表：只检查了 advisor 的推测 GC，即超过 200 ms、几乎没有 AscendCL 调用的设备空闲间隙。</translation>
    </message>
    <message>
        <source>Stream synchronised after each launch</source>
        <translation>每次下发后都同步流</translation>
    </message>
    <message>
        <source>Python garbage collection</source>
        <translation>Python 垃圾回收</translation>
    </message>
    <message>
        <source>Slow DataLoader</source>
        <translation>DataLoader 过慢</translation>
    </message>
    <message>
        <source>Operators compiled on the host (dispatch)</source>
        <translation>在 host 上编译算子（算子下发）</translation>
    </message>
    <message>
        <source>SyncBatchNorm calls</source>
        <translation>SyncBatchNorm 调用</translation>
    </message>
    <message>
        <source>Slow device memory APIs (malloc and free)</source>
        <translation>设备内存 API（申请与释放）过慢</translation>
    </message>
    <message>
        <source>%1 (%2)%3</source>
        <translation>%1（%2）%3</translation>
    </message>
    <message numerus="yes">
        <source>Called from %1 (%n of the calls read)</source>
        <translation>
            <numerusform>调用自 %1（在读取的调用中占 %n 次）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device idle gap(s) over %1 with almost no host API call, %2 in all: probably Python garbage collection</source>
        <translation>
            <numerusform>%n 个超过 %1 的设备空闲间隙中几乎没有 host API 调用，共 %2：很可能是 Python 垃圾回收</numerusform>
        </translation>
    </message>
    <message>
        <source>The trace has no GC events (torch_npu records them only with gc_detect_threshold): conjectured by the rule of msprof-analyze&apos;s advisor (conjectured_gc_checker.py, rules/en/conjectured_gc.yaml): a gap over %1 in which AscendCL calls take under 1% of the time and number under 1 per 10 ms; we use its bars.</source>
        <translation>trace 中没有 GC 事件（torch_npu 只在设置 gc_detect_threshold 时记录）：按 msprof-analyze advisor 的规则推测（conjectured_gc_checker.py，rules/en/conjectured_gc.yaml）：超过 %1 的间隙中，AscendCL 调用耗时不到 1%、次数不到每 10 ms 1 次；本工具采用相同的标准。</translation>
    </message>
    <message numerus="yes">
        <source>Device idle %1, %n AscendCL call(s) in it</source>
        <translation>
            <numerusform>设备空闲 %1，其间有 %n 次 AscendCL 调用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stream synchronisation(s) right after an operator launch (%1 of the launches): operators run one at a time, the host waiting for each</source>
        <translation>
            <numerusform>%n 次流同步紧跟在算子下发之后（占下发的 %1）：算子逐个执行，host 等待每一个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 aclrtSynchronizeStream call(s), %2 in all; %3 of %4 Node@launch calls are followed at once by one.</source>
        <translation>共 %1 次 aclrtSynchronizeStream 调用，合计 %2；%4 次 Node@launch 调用中有 %3 次紧跟一次同步。</translation>
    </message>
    <message>
        <source>ASCEND_LAUNCH_BLOCKING = %1 in the profile&apos;s environment.</source>
        <translation>该 profile 的环境中 ASCEND_LAUNCH_BLOCKING = %1。</translation>
    </message>
    <message>
        <source>Rule of msprof-analyze&apos;s advisor (synchronize_stream_checker.py, rules/en/synchronize.yaml): reported when more than %1 of the launches are followed by a synchronisation; we use its bar.</source>
        <translation>msprof-analyze advisor 的规则（synchronize_stream_checker.py，rules/en/synchronize.yaml）：超过 %1 的下发紧跟同步时报告；本工具采用相同的标准。</translation>
    </message>
    <message>
        <source>: right after a launch</source>
        <translation>：紧跟在下发之后</translation>
    </message>
    <message>
        <source>A synchronisation after nearly every launch is what ASCEND_LAUNCH_BLOCKING=1 does (a debugging mode): unset it in the shell that starts training. If it is not set, look for code that waits for the device after each operator (torch.npu.synchronize(), .item(), .cpu()) at the frames named.</source>
        <translation>几乎每次下发后都同步，正是 ASCEND_LAUNCH_BLOCKING=1（调试模式）的行为：请在启动训练的 shell 中取消设置它。如果没有设置，请在列出的调用帧处查找每个算子之后都等待设备的代码（torch.npu.synchronize()、.item()、.cpu()）。</translation>
    </message>
    <message numerus="yes">
        <source>%n Python garbage collection(s) of %1 or longer, %2 in all: each stops the training process</source>
        <translation>
            <numerusform>%n 次 %1 及以上的 Python 垃圾回收，共 %2：每次都会暂停训练进程</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GC event(s) recorded, %2 of them at or over %3 (rule of msprof-analyze&apos;s advisor: gc_checker.py, rules/en/gc.yaml gc_threshold; we use its bar).</source>
        <translation>记录了 %1 个 GC 事件，其中 %2 个达到或超过 %3（msprof-analyze advisor 的规则：gc_checker.py，rules/en/gc.yaml 的 gc_threshold；本工具采用相同的标准）。</translation>
    </message>
    <message>
        <source>A collection stops the whole Python process, and the steps it falls in take longer. Release large objects when they are no longer used and avoid reference cycles; as a stopgap, raise the collection thresholds with gc.set_threshold(), or disable automatic collection and call gc.collect() at a chosen point of the step (for example every N steps).</source>
        <translation>一次垃圾回收会暂停整个 Python 进程，它所在的 step 就会变长。不再使用的大对象请及时释放，并避免循环引用；临时办法是用 gc.set_threshold() 提高回收阈值，或关闭自动回收，在 step 中选定的位置调用 gc.collect()（例如每 N 个 step 一次）。</translation>
    </message>
    <message numerus="yes">
        <source>%n DataLoader call(s) of %1 or longer (the longest %2): the step waits for its data</source>
        <translation>
            <numerusform>%n 次 %1 及以上的 DataLoader 调用（最长 %2）：step 在等待数据</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 DataLoader call(s) in the trace, %2 at or over %3 (rule of msprof-analyze&apos;s advisor: dataloader_checker.py, rules/en/dataloader.yaml; we use its bar).</source>
        <translation>trace 中有 %1 次 DataLoader 调用，其中 %2 次达到或超过 %3（msprof-analyze advisor 的规则：dataloader_checker.py，rules/en/dataloader.yaml；本工具采用相同的标准）。</translation>
    </message>
    <message>
        <source>Iterated at %1</source>
        <translation>迭代位置：%1</translation>
    </message>
    <message>
        <source>The DataLoader loads in the training process (num_workers=0): give it worker processes (num_workers), and check the disk I/O of the data directory.</source>
        <translation>DataLoader 在训练进程内加载数据（num_workers=0）：请为它设置工作进程（num_workers），并检查数据目录的磁盘 I/O。</translation>
    </message>
    <message>
        <source>Check the disk I/O of the data directory (on ModelArts, copy the data to /cache), that no core binding (taskset) starves the workers, that the data is not in archives (tar, zip); set pin_memory=True and tune num_workers.</source>
        <translation>请检查数据目录的磁盘 I/O（在 ModelArts 上把数据复制到 /cache），确认没有绑核（taskset）让工作进程得不到 CPU，数据没有放在归档文件（tar、zip）中；并设置 pin_memory=True、调整 num_workers。</translation>
    </message>
    <message numerus="yes">
        <source>%n operator compilation(s) on the host (aclopCompileAndExecute), %1 in all</source>
        <translation>
            <numerusform>在 host 上编译了 %n 次算子（aclopCompileAndExecute），共 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Rule of msprof-analyze&apos;s advisor (timeline_op_dispatch_analyzer.py, MAX_OP_COMPILE_NUM of constant.py): reported from %1 compilations; we use its bar.</source>
        <translation>msprof-analyze advisor 的规则（timeline_op_dispatch_analyzer.py，constant.py 的 MAX_OP_COMPILE_NUM）：编译次数达到 %1 时报告；本工具采用相同的标准。</translation>
    </message>
    <message>
        <source>Operators compiled while training cost host time at each new shape or attribute. Switch off online compilation and internal formats at the start of the script, as the snippet shows, and compare the step time.</source>
        <translation>训练中编译算子会在每遇到新的 shape 或属性时耗费 host 时间。请按代码片段所示，在脚本开头关闭在线编译和内部格式，然后比较 step 时间。</translation>
    </message>
    <message numerus="yes">
        <source>%n SyncBatchNorm call(s), %1 in all: each synchronises the ranks and slows the host&apos;s dispatch</source>
        <translation>
            <numerusform>%n 次 SyncBatchNorm 调用，共 %1：每次都要在各 rank 间同步，并拖慢 host 下发</numerusform>
        </translation>
    </message>
    <message>
        <source>Rule of msprof-analyze&apos;s advisor (syncbn_checker.py, rules/en/sync_batchnorm.yaml max_syncbn_num): reported from %1 calls; we use its bar.</source>
        <translation>msprof-analyze advisor 的规则（syncbn_checker.py，rules/en/sync_batchnorm.yaml 的 max_syncbn_num）：调用达到 %1 次时报告；本工具采用相同的标准。</translation>
    </message>
    <message>
        <source>Use plain BatchNorm where synchronised statistics are not needed (drop torch.nn.SyncBatchNorm.convert_sync_batchnorm(model)); else use torch_npu&apos;s efficient SyncBatchNorm forward, which gathers the statistics of all ranks in one all_gather (rules/en/sync_batchnorm.yaml shows it).</source>
        <translation>不需要同步统计量时请使用普通 BatchNorm（去掉 torch.nn.SyncBatchNorm.convert_sync_batchnorm(model)）；否则请使用 torch_npu 的高效 SyncBatchNorm forward，它用一次 all_gather 收集所有 rank 的统计量（见 rules/en/sync_batchnorm.yaml）。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s), %2</source>
        <translation>
            <numerusform>%1：%n 次调用，%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Device memory APIs take %1 on the host: %2</source>
        <translation>设备内存 API 在 host 上耗时 %1：%2</translation>
    </message>
    <message>
        <source>Rule of msprof-analyze&apos;s advisor (memory_checker.py, rules/en/memory.yaml max_total_duration): an API whose calls take %1 or more in all; we use its bar.</source>
        <translation>msprof-analyze advisor 的规则（memory_checker.py，rules/en/memory.yaml 的 max_total_duration）：某个 API 的调用合计达到 %1 时报告；本工具采用相同的标准。</translation>
    </message>
    <message>
        <source>The caching allocator keeps asking the device for memory: let it grow its blocks (PYTORCH_NPU_ALLOC_CONF=expandable_segments:True). Frees mean memory is given back: watch HBM usage with npu-smi info and lower the batch size if it is at the limit, and remove torch.npu.empty_cache() calls (collect with with_stack=True to find them).</source>
        <translation>缓存分配器不断向设备申请内存：请允许它扩展内存块（PYTORCH_NPU_ALLOC_CONF=expandable_segments:True）。释放调用说明内存被归还给设备：请用 npu-smi info 观察 HBM 使用量，若已到上限则减小 batch size，并去掉 torch.npu.empty_cache() 调用（用 with_stack=True 采集以找到它们）。</translation>
    </message>
    <message>
        <source>Memory is given back to the device while training: watch HBM usage with npu-smi info and lower the batch size if it is at the limit, and remove torch.npu.empty_cache() calls (collect with with_stack=True to find them).</source>
        <translation>训练中内存被归还给设备：请用 npu-smi info 观察 HBM 使用量，若已到上限则减小 batch size，并去掉 torch.npu.empty_cache() 调用（用 with_stack=True 采集以找到它们）。</translation>
    </message>
    <message>
        <source>The optimizer rules of msprof-analyze&apos;s timeline_fusion_ops.yaml; its aten operator-sequence rules are fusible-ops.</source>
        <translation>msprof-analyze 的 timeline_fusion_ops.yaml 中的优化器规则；其 aten 算子序列规则由 fusible-ops 检查。</translation>
    </message>
    <message>
        <source>Operator sequences a fused API replaces</source>
        <translation>可由融合 API 替换的算子序列</translation>
    </message>
    <message>
        <source>The rules of CANN %1 (the profile&apos;s) were applied.</source>
        <translation>已应用 CANN %1（该 profile 的版本）的规则。</translation>
    </message>
    <message>
        <source>The profile does not record a CANN version that parses: the rules of every version were applied.</source>
        <translation>该 profile 没有记录可解析的 CANN 版本：已应用所有版本的规则。</translation>
    </message>
    <message numerus="yes">
        <source>%1 replaces %2: %n match(es)</source>
        <translation>
            <numerusform>%1 可替换 %2：匹配 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <source>, from %1</source>
        <translation>，调用自 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n aten operator sequence(s) that a fused API replaces: %1</source>
        <translation>
            <numerusform>%n 处 aten 算子序列可由融合 API 替换：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Rules: the aten entries of msprof-analyze&apos;s rules/timeline_fusion_ops.yaml. Matched on the forward aten operators each host thread ran at the top level (the advisor also matches the steps inside an operator and interleaves threads). %1</source>
        <translation>规则：msprof-analyze 的 rules/timeline_fusion_ops.yaml 中的 aten 条目。在每个 host 线程顶层执行的前向 aten 算子上匹配（advisor 还会匹配算子内部的步骤，并把各线程交错在一起）。%1</translation>
    </message>
    <message>
        <source>A fused API runs the sequence as one operator: fewer launches and less memory traffic. Where the code at the frames named computes what the fused API does (the rules match operator names, not arguments), call the fused API instead and compare the step time.</source>
        <translation>融合 API 把整个序列作为一个算子执行：下发更少，内存访问更少。如果列出的调用帧处的代码计算的正是融合 API 所做的事（规则只匹配算子名，不看参数），请改为调用融合 API，并比较 step 时间。</translation>
    </message>
    <message>
        <source>Parallel layout: %1. Each time is the maximum over the stage&apos;s ranks, per step.</source>
        <translation>并行布局：%1。各时间为该 stage 内各 Rank 每个迭代的最大值。</translation>
    </message>
</context>
<context>
    <name>Gaps</name>
    <message>
        <source>waiting for the host</source>
        <translation>等待 Host 下发</translation>
    </message>
    <message>
        <source>host synchronisation</source>
        <translation>Host 同步</translation>
    </message>
    <message>
        <source>waiting for communication</source>
        <translation>等待通信</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>GenerateCommand</name>
    <message>
        <source>--%1 expects a whole number of at least %2, not &quot;%3&quot;</source>
        <translation>--%1 需要不小于 %2 的整数，而不是“%3”</translation>
    </message>
    <message>
        <source>Writes a realistic, deterministic torch_npu profile folder.</source>
        <translation>生成一个逼真且可复现的 torch_npu 性能数据文件夹。</translation>
    </message>
    <message>
        <source>Folder to write rank*_ascend_pt folders into.</source>
        <translation>写入 rank*_ascend_pt 文件夹的目标文件夹。</translation>
    </message>
    <message>
        <source>Approximate trace events per rank (default 20000).</source>
        <translation>每个 Rank 的大致时间线事件数（默认 20000）。</translation>
    </message>
    <message>
        <source>Number of ranks (default 1).</source>
        <translation>Rank 数量（默认 1）。</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>Profiled steps (default 3).</source>
        <translation>采集的迭代数（默认 3）。</translation>
    </message>
    <message>
        <source>rank %1: %2 (%3 trace events, %4 kernels, %5 MB)</source>
        <translation>Rank %1：%2（%3 个时间线事件，%4 个算子，%5 MB）</translation>
    </message>
    <message>
        <source>--format expects text, db or both, not &quot;%1&quot;</source>
        <translation>--format 应为 text、db 或 both，而不是“%1”</translation>
    </message>
    <message>
        <source>rank %1: %2 (%3 rows, %4 kernels, %5 MB)</source>
        <translation>Rank %1：%2（%3 行，%4 个算子，%5 MB）</translation>
    </message>
    <message>
        <source>What to write per rank: text (trace_view.json and CSV files, the default), db (the profiler&apos;s SQLite database ascend_pytorch_profiler_N.db and analysis.db, export_type db) or both.</source>
        <translation>每个 rank 写出的内容：text（trace_view.json 与 CSV 文件，默认）、db（profiler 的 SQLite 数据库 ascend_pytorch_profiler_N.db 与 analysis.db，即 export_type db）或 both（两者都写）。</translation>
    </message>
    <message>
        <source>--rank-slowdown expects a percentage from 0 to 100</source>
        <translation>--rank-slowdown 需要 0 到 100 之间的百分比</translation>
    </message>
    <message>
        <source>Each rank&apos;s device runs PCT percent slower than the one before: a planted rank imbalance (default 0).</source>
        <translation>每个 rank 的设备比前一个慢 PCT%：人为植入的 rank 不均衡（默认 0）。</translation>
    </message>
    <message>
        <source>usage: npuscope generate OUT_DIR [--events N] [--ranks R] [--seed S] [--steps K] [--plant LIST] [--rank-slowdown PCT] [--format text|db|both] [--with-stack]</source>
        <translation>用法：npuscope generate OUT_DIR [--events N] [--ranks R] [--seed S] [--steps K] [--plant LIST] [--rank-slowdown PCT] [--format text|db|both] [--with-stack]</translation>
    </message>
    <message>
        <source>Write a Python call stack for every framework op into the database (PYTORCH_CALLCHAINS, with_stack).</source>
        <translation>为每个框架算子向数据库写入 Python 调用栈（PYTORCH_CALLCHAINS，with_stack）。</translation>
    </message>
    <message>
        <source>Problems to plant: transdata, aicpu, hostbound, lowblockdim, commnotoverlapped, memoryleak, fragmentation (these two write the profile_memory files), all.</source>
        <translation>要植入的问题：transdata、aicpu、hostbound、lowblockdim、commnotoverlapped、memoryleak、fragmentation（后两者会写出 profile_memory 的文件）、all。</translation>
    </message>
</context>
<context>
    <name>KernelFlags</name>
    <message>
        <source>host-bound</source>
        <translation>Host 下发瓶颈</translation>
    </message>
    <message>
        <source>low Block Dim</source>
        <translation>Block Dim 偏低</translation>
    </message>
    <message>
        <source>format conversion</source>
        <translation>格式转换</translation>
    </message>
    <message>
        <source>AI_CPU fallback</source>
        <translation>AI_CPU 回退</translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator between flags</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Low Block Dim: %1 blocks is not a multiple of the %2 AI Cores, so some cores idled for %3.</source>
        <translation>Block Dim 偏低：%1 个块不是 %2 个 AI Core 的整数倍，部分核空闲了 %3。</translation>
    </message>
    <message>
        <source>Format conversion (TransData) for %1: time the model itself does not need.</source>
        <translation>格式转换（TransData）耗时 %1：这是模型本身并不需要的时间。</translation>
    </message>
    <message>
        <source>AI_CPU fallback: ran %1 on the AI CPU (longer than %2).</source>
        <translation>AI_CPU 回退：在 AI CPU 上执行了 %1（超过 %2）。</translation>
    </message>
    <message>
        <source>Host-bound: waited %1 before running for %2 (at least %3x its duration, less than half of it under communication); the device idled until the host launched it.</source>
        <translation>Host 下发瓶颈：等待 %1 后才执行 %2（等待时间不少于自身耗时的 %3 倍，其中被通信覆盖的不到一半）；设备一直空闲，直到 Host 下发该算子。</translation>
    </message>
    <message>
        <source>Low Block Dim: %1 blocks is not a multiple of the %2 vector cores, so some cores idled for %3.</source>
        <translation>Block Dim 偏低：%1 个块不是 %2 个 Vector Core 的整数倍，部分核空闲了 %3。</translation>
    </message>
</context>
<context>
    <name>OverallMetrics</name>
    <message>
        <source>Computing Time</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>Flash Attention (Forward)</source>
        <translation>Flash Attention（前向）</translation>
    </message>
    <message>
        <source>Flash Attention (Forward) (Cube)</source>
        <translation>Flash Attention（前向）（Cube）</translation>
    </message>
    <message>
        <source>Flash Attention (Forward) (Vector)</source>
        <translation>Flash Attention（前向）（Vector）</translation>
    </message>
    <message>
        <source>Flash Attention (Backward)</source>
        <translation>Flash Attention（反向）</translation>
    </message>
    <message>
        <source>Flash Attention (Backward) (Cube)</source>
        <translation>Flash Attention（反向）（Cube）</translation>
    </message>
    <message>
        <source>Flash Attention (Backward) (Vector)</source>
        <translation>Flash Attention（反向）（Vector）</translation>
    </message>
    <message>
        <source>Conv (Forward)</source>
        <translation>卷积（前向）</translation>
    </message>
    <message>
        <source>Conv (Forward) (Cube)</source>
        <translation>卷积（前向）（Cube）</translation>
    </message>
    <message>
        <source>Conv (Forward) (Vector)</source>
        <translation>卷积（前向）（Vector）</translation>
    </message>
    <message>
        <source>Conv (Backward)</source>
        <translation>卷积（反向）</translation>
    </message>
    <message>
        <source>Conv (Backward) (Cube)</source>
        <translation>卷积（反向）（Cube）</translation>
    </message>
    <message>
        <source>Conv (Backward) (Vector)</source>
        <translation>卷积（反向）（Vector）</translation>
    </message>
    <message>
        <source>Matmul</source>
        <translation>矩阵乘</translation>
    </message>
    <message>
        <source>Matmul (Cube)</source>
        <translation>矩阵乘（Cube）</translation>
    </message>
    <message>
        <source>Matmul (Vector)</source>
        <translation>矩阵乘（Vector）</translation>
    </message>
    <message>
        <source>Page Attention</source>
        <translation>Page Attention</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>Vector</translation>
    </message>
    <message>
        <source>Vector (Trans)</source>
        <translation>Vector（格式转换类）</translation>
    </message>
    <message>
        <source>Vector (No Trans)</source>
        <translation>Vector（非格式转换类）</translation>
    </message>
    <message>
        <source>Cube</source>
        <translation>Cube（其他）</translation>
    </message>
    <message>
        <source>SDMA (Tensor Move)</source>
        <translation>SDMA（Tensor Move）</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Uncovered Communication Time</source>
        <translation>未掩盖通信时间</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Transmit</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Free Time</source>
        <translation>空闲时间</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>E2E Time</source>
        <translation>端到端时间</translation>
    </message>
</context>
<context>
    <name>ParallelLayout</name>
    <message>
        <source>a parallel size is under 1</source>
        <translation>某个并行规模小于 1</translation>
    </message>
    <message>
        <source>world_size %1 is not tensor %2 x pipeline %3 x data %4</source>
        <translation>world_size %1 不等于张量并行 %2 × 流水线并行 %3 × 数据并行 %4</translation>
    </message>
    <message>
        <source>the expert or context parallel size does not divide the data parallel ranks</source>
        <translation>专家并行或上下文并行规模不能整除数据并行的 Rank 数</translation>
    </message>
    <message>
        <source>from distributed_args in profiler_metadata.json</source>
        <translation>来自 profiler_metadata.json 中的 distributed_args</translation>
    </message>
    <message>
        <source>distributed_args in profiler_metadata.json do not describe a layout: %1</source>
        <translation>profiler_metadata.json 中的 distributed_args 无法构成并行布局：%1</translation>
    </message>
    <message>
        <source>pipeline stages inferred from the communication groups (%1)</source>
        <translation>流水线 stage 由通信组推断（%1）</translation>
    </message>
    <message>
        <source>no distributed_args</source>
        <translation>没有 distributed_args</translation>
    </message>
    <message>
        <source>no distributed_args, and no pipeline groups in the communication</source>
        <translation>没有 distributed_args，通信数据中也没有流水线通信组</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source> (top %1 of %2)</source>
        <translation> (前 %1 项，共 %2 项)</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total(us)</source>
        <translation>总耗时(us)</translation>
    </message>
    <message>
        <source>Mean(us)</source>
        <translation>平均(us)</translation>
    </message>
    <message>
        <source>Max(us)</source>
        <translation>最大(us)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Profiler: %1, aic_metrics %2, with_stack %3, record_shapes %4, profile_memory %5</source>
        <translation>性能采集：%1，aic_metrics %2，with_stack %3，record_shapes %4，profile_memory %5</translation>
    </message>
    <message>
        <source>; torch_npu %1, CANN %2</source>
        <translation>；torch_npu %1，CANN %2</translation>
    </message>
    <message>
        <source>Trace: %1 events (X %2, C %3, flows %4, M %5), %6 tracks, %7 counter series, span %8 us
</source>
        <translation>时间线数据：%1 个事件（X %2，C %3，连线 %4，M %5），%6 条泳道，%7 个计数器序列，时间跨度 %8 us
</translation>
    </message>
    <message>
        <source>Kernels: %1 rows, total duration %2 us, total wait %3 us
</source>
        <translation>算子：%1 行，总耗时 %2 us，总等待时间 %3 us
</translation>
    </message>
    <message>
        <source>Top %1 kernels by duration
</source>
        <translation>耗时最长的前 %1 个算子
</translation>
    </message>
    <message>
        <source>Duration(us)</source>
        <translation>耗时(us)</translation>
    </message>
    <message>
        <source>Wait(us)</source>
        <translation>等待时间(us)</translation>
    </message>
    <message>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Findings
</source>
        <translation>诊断结果
</translation>
    </message>
    <message>
        <source>at: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>Device idle: %1 gaps of at least %2 us, %3 us in all (host %4, host sync %5, communication %6, unknown %7 us)
</source>
        <translation>设备空闲：%1 段不短于 %2 us 的间隙，共 %3 us（其中等待 Host 下发 %4，Host 同步 %5，等待通信 %6，原因未知 %7 us）
</translation>
    </message>
    <message>
        <source>Steps
</source>
        <translation>迭代
</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Wall(us)</source>
        <translation>总耗时(us)</translation>
    </message>
    <message>
        <source>Busy(us)</source>
        <translation>忙碌(us)</translation>
    </message>
    <message>
        <source>Computing(us)</source>
        <translation>计算(us)</translation>
    </message>
    <message>
        <source>Comm not overlapped(us)</source>
        <translation>未掩盖通信(us)</translation>
    </message>
    <message>
        <source>Overlapped(us)</source>
        <translation>已掩盖通信(us)</translation>
    </message>
    <message>
        <source>Free(us)</source>
        <translation>空闲(us)</translation>
    </message>
    <message>
        <source>Unaccounted(us)</source>
        <translation>未归因(us)</translation>
    </message>
    <message>
        <source>npuscope report: %1
</source>
        <translation>npuscope 报告：%1
</translation>
    </message>
    <message>
        <source>Issues
</source>
        <translation>问题
</translation>
    </message>
    <message>
        <source>Not collected: %1
</source>
        <translation>未采集：%1
</translation>
    </message>
    <message>
        <source>Findings: none
</source>
        <translation>诊断结果：无
</translation>
    </message>
    <message>
        <source>By Type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>By Accelerator Core</source>
        <translation>按加速核</translation>
    </message>
    <message>
        <source>By Name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>Input issues
</source>
        <translation>输入数据问题
</translation>
    </message>
    <message>
        <source>Summarises a profile: findings, kernels, aggregations, steps, idle gaps, input issues.</source>
        <translation>输出性能数据摘要：诊断结果、算子、汇总统计、迭代、空闲间隙、输入数据问题。</translation>
    </message>
    <message>
        <source>Profile folder, rank folder, trace or kernel_details.csv.</source>
        <translation>性能数据文件夹、Rank 文件夹、时间线数据文件或 kernel_details.csv。</translation>
    </message>
    <message>
        <source>Print JSON instead of text.</source>
        <translation>输出 JSON 而非文本。</translation>
    </message>
    <message>
        <source>Rows in the top-N tables (default 10).</source>
        <translation>Top-N 表格的行数（默认 10）。</translation>
    </message>
    <message>
        <source>usage: npuscope report PATH [--json] [--top N]</source>
        <translation>用法：npuscope report PATH [--json] [--top N]</translation>
    </message>
    <message>
        <source>--top expects a whole number &gt;= 0</source>
        <translation>--top 需要不小于 0 的整数</translation>
    </message>
    <message>
        <source>npuscope: %1</source>
        <translation>npuscope：%1</translation>
    </message>
    <message>
        <source>Write report.html (self-contained) and report.md with timeline pictures into OUT_DIR instead.</source>
        <translation>改为将 report.html（自包含）和带时间线图片的 report.md 写入 OUT_DIR。</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>To check it: %1</source>
        <translation>如需检查：%1</translation>
    </message>
    <message>
        <source>Checked, nothing found: %1
</source>
        <translation>已检查，未发现问题：%1
</translation>
    </message>
    <message>
        <source>Not checked (data missing)
</source>
        <translation>未检查（缺少数据）
</translation>
    </message>
    <message>
        <source>npuscope: the input is damaged; the results cover only what could be read:</source>
        <translation>npuscope：输入已损坏；结果只涵盖能读取的部分：</translation>
    </message>
    <message>
        <source>%1: %2 bytes of the trace could not be parsed</source>
        <translation>%1：trace 中有 %2 字节无法解析</translation>
    </message>
    <message>
        <source>Read from: %1%2
</source>
        <translation>读取自：%1%2
</translation>
    </message>
    <message>
        <source>; --source text reads the text export</source>
        <translation>；--source text 改为读取文本导出</translation>
    </message>
    <message>
        <source>; --source db reads the database</source>
        <translation>；--source db 改为读取数据库</translation>
    </message>
    <message>
        <source>--device-memory expects a size in GB &gt; 0</source>
        <translation>--device-memory 需要一个大于 0 的容量（GB）</translation>
    </message>
    <message>
        <source>The device&apos;s memory size in GB, for the memory-near-capacity check (no profile records it).</source>
        <translation>设备内存容量（GB），用于 memory-near-capacity 检查（性能数据中没有记录）。</translation>
    </message>
    <message>
        <source>timings: load %1 s, analysis %2 s, report %3 s, output %4 s, total %5 s (load average %6)</source>
        <translation>耗时：加载 %1 秒，分析 %2 秒，报告 %3 秒，输出 %4 秒，共 %5 秒（系统负载 %6）</translation>
    </message>
    <message>
        <source>Print how long each phase took (load, analysis, report, output) to stderr.</source>
        <translation>将各阶段（加载、分析、报告、输出）的耗时打印到 stderr。</translation>
    </message>
    <message>
        <source>Cluster
</source>
        <translation>集群
</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>On a run of several ranks, read only each rank&apos;s summary files (profiler_info, profiler_metadata, step_trace_time, the communication statistics), not its trace and tables: the cluster section and the cross-rank findings in seconds for thousands of ranks; each rank&apos;s own checks then say what they lack.</source>
        <translation>对多个 rank 的运行，只读取每个 rank 的摘要文件（profiler_info、profiler_metadata、step_trace_time 和通信统计），不读取其 trace 和各表：数千个 rank 的集群部分和跨 rank 结论只需几秒；各 rank 自身的检查会说明缺少什么。</translation>
    </message>
</context>
<context>
    <name>RulesCommand</name>
    <message>
        <source>Prints the findings catalogue as JSON: each rule&apos;s inputs, how it grades, and every threshold with its value and source.</source>
        <translation>以 JSON 输出诊断规则目录：每条规则读取的数据、定级方式，以及每个阈值的取值和来源。</translation>
    </message>
    <message>
        <source>rules takes no argument</source>
        <translation>rules 不接受参数</translation>
    </message>
</context>
<context>
    <name>WorkBuckets</name>
    <message>
        <source>Matrix multiply</source>
        <translation>矩阵乘</translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <source>Element-wise / vector</source>
        <translation>逐元素 / 向量</translation>
    </message>
    <message>
        <source>Format conversion</source>
        <translation>格式转换</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory copy</source>
        <translation>内存拷贝</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Open the built-in demo profile.</source>
        <translation>打开内置的演示性能数据。</translation>
    </message>
    <message>
        <source>Demo profile</source>
        <translation>演示性能数据</translation>
    </message>
    <message>
        <source>Cannot write the demo profile: %1</source>
        <translation>无法写入演示性能数据：%1</translation>
    </message>
    <message>
        <source>Open every rank of the run a rank folder or file belongs to.</source>
        <translation>打开 Rank 文件夹或文件所属运行的全部 Rank。</translation>
    </message>
    <message>
        <source>Do not hand the paths to an npuscope that is already running.</source>
        <translation>不将路径交给已在运行的 npuscope 打开。</translation>
    </message>
    <message>
        <source>Profile folders or files to open, each in its own window.</source>
        <translation>要打开的性能数据文件夹或文件，每个在单独的窗口中打开。</translation>
    </message>
    <message>
        <source>npuscope: there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).
Run it in a desktop session, under xvfb-run, or use a headless command: npuscope report|compare|export|generate (see npuscope --help).
</source>
        <translation>npuscope：没有可以打开窗口的显示环境（DISPLAY 和 WAYLAND_DISPLAY 均未设置）。
请在桌面会话中运行，或使用 xvfb-run，或使用无界面命令：npuscope report|compare|export|generate（参见 npuscope --help）。
</translation>
    </message>
</context>
<context>
    <name>npuscope</name>
    <message>
        <source>unknown command: %1</source>
        <translation>未知命令：%1</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>%1, logarithmic bins</source>
        <translation>%1，对数分箱</translation>
    </message>
    <message>
        <source>%1 – %2: %3 kernel(s)</source>
        <translation>%1 – %2：%3 个算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>allocated (MB)</source>
        <translation>已分配 (MB)</translation>
    </message>
    <message>
        <source>reserved (MB)</source>
        <translation>已预留 (MB)</translation>
    </message>
    <message>
        <source>active (MB)</source>
        <translation>活跃 (MB)</translation>
    </message>
    <message>
        <source>not a profiler database: it has no STRING_IDS, TASK or PYTORCH_API table</source>
        <translation>不是性能数据库：其中没有 STRING_IDS、TASK 或 PYTORCH_API 表</translation>
    </message>
    <message>
        <source>the database holds no device task, host call or counter: nothing to show</source>
        <translation>数据库中没有设备任务、主机调用或计数器：没有可显示的内容</translation>
    </message>
    <message>
        <source>%1 has no Component or Timestamp(us) column: memory is not shown on the timeline</source>
        <translation>%1 中没有 Component 或 Timestamp(us) 列：时间线上不显示内存</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>内存（%1）</translation>
    </message>
</context>
<context>
    <name>npuscope::AboutDialog</name>
    <message>
        <source>About npuscope</source>
        <translation>关于 npuscope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;npuscope %1&lt;/h3&gt;&lt;p&gt;A fast, offline viewer and analyser for Ascend (torch_npu) and PyTorch Kineto training profiles.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;npuscope %1&lt;/h3&gt;&lt;p&gt;快速的离线工具，用于查看和分析昇腾（torch_npu）与 PyTorch Kineto 训练性能数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Licences:</source>
        <translation>许可证：</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Copy Version Info</source>
        <translation>复制版本信息</translation>
    </message>
    <message>
        <source>Copy the versions above, for a bug report</source>
        <translation>复制以上版本信息，用于提交问题报告</translation>
    </message>
</context>
<context>
    <name>npuscope::AggregationModel</name>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>总耗时 (µs)</translation>
    </message>
    <message>
        <source>Mean (µs)</source>
        <translation>平均 (µs)</translation>
    </message>
    <message>
        <source>Max (µs)</source>
        <translation>最大 (µs)</translation>
    </message>
    <message>
        <source>P50 (µs)</source>
        <translation>P50 (µs)</translation>
    </message>
    <message>
        <source>P90 (µs)</source>
        <translation>P90 (µs)</translation>
    </message>
    <message>
        <source>P99 (µs)</source>
        <translation>P99 (µs)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
</context>
<context>
    <name>npuscope::AggregationPanel</name>
    <message>
        <source>By Type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>By Name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Click a row to filter the kernel table to it</source>
        <translation>单击某行，按该行筛选算子表</translation>
    </message>
    <message>
        <source>No kernels</source>
        <translation>无算子</translation>
    </message>
    <message>
        <source>Top %1 names by total time</source>
        <translation>总耗时最长的前 %1 个名称</translation>
    </message>
    <message>
        <source>Top %1 types by total time</source>
        <translation>总耗时最长的前 %1 个类型</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>Total (ms)</source>
        <translation>总耗时 (ms)</translation>
    </message>
    <message>
        <source>%1
%2 kernels, total %3 µs, %4 % of device time</source>
        <translation>%1
%2 个算子，共 %3 µs，占设备时间的 %4 %</translation>
    </message>
    <message>
        <source>Share by accelerator core</source>
        <translation>各加速核耗时占比</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Durations</source>
        <translation>耗时分布</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s)</source>
        <translation>
            <numerusform>%1：%n 个算子</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::AnnotationController</name>
    <message>
        <source>Select a slice first: boxes and arrows are drawn on its track</source>
        <translation>请先选中一个切片：方框和箭头会绘制在其所在的泳道上</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <source>&amp;Annotations</source>
        <translation>标注(&amp;A)</translation>
    </message>
    <message>
        <source>Add &amp;Note</source>
        <translation>添加备注(&amp;N)</translation>
    </message>
    <message>
        <source>Add &amp;Range from Selection</source>
        <translation>根据所选范围添加范围标注(&amp;R)</translation>
    </message>
    <message>
        <source>Add &amp;Box around Selected Slice</source>
        <translation>为所选切片添加方框(&amp;B)</translation>
    </message>
    <message>
        <source>Add &amp;Arrow along Selected Slice</source>
        <translation>沿所选切片添加箭头(&amp;A)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;Import Annotations…</source>
        <translation>导入标注(&amp;I)…</translation>
    </message>
    <message>
        <source>Import Annotations</source>
        <translation>导入标注</translation>
    </message>
    <message>
        <source>Annotations (*.json)</source>
        <translation>标注 (*.json)</translation>
    </message>
    <message>
        <source>&amp;Export Annotations…</source>
        <translation>导出标注(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Annotations</source>
        <translation>导出标注</translation>
    </message>
    <message>
        <source>Export &amp;Image…</source>
        <translation>导出图像(&amp;I)…</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>PNG image, 2x (*.png)</source>
        <translation>PNG 图像，2 倍 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Cop&amp;y Image</source>
        <translation>复制图像(&amp;Y)</translation>
    </message>
    <message>
        <source>Timeline image copied</source>
        <translation>已复制时间线图像</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Export Report to Folder</source>
        <translation>将报告导出到文件夹</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Edit Text…</source>
        <translation>编辑文本…</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>颜色…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Annotation Colour</source>
        <translation>标注颜色</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加%1</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑%1</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除%1</translation>
    </message>
    <message numerus="yes">
        <source>Import %n annotation(s)</source>
        <translation>
            <numerusform>导入 %n 个标注</numerusform>
        </translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Annotate the Selected &amp;Finding</source>
        <translation>为所选诊断项添加标注(&amp;F)</translation>
    </message>
    <message>
        <source>Select a finding in the Findings panel first</source>
        <translation>请先在“诊断结果”面板中选择一个诊断项</translation>
    </message>
    <message>
        <source>This finding has no time range to mark</source>
        <translation>该诊断项没有可标记的时间范围</translation>
    </message>
</context>
<context>
    <name>npuscope::AnnotationListPanel</name>
    <message>
        <source>Annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Double-click or Enter: go there. Delete: remove.</source>
        <translation>双击或按 Enter：跳转到该处。按 Delete：删除。</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（无文本）</translation>
    </message>
</context>
<context>
    <name>npuscope::AnnotationSet</name>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>unknown kind &quot;%1&quot;</source>
        <translation>未知类型“%1”</translation>
    </message>
    <message>
        <source>&quot;start_ns&quot; is missing or not a whole number</source>
        <translation>&quot;start_ns&quot; 缺失或不是整数</translation>
    </message>
    <message>
        <source>&quot;end_ns&quot; is not a whole number</source>
        <translation>&quot;end_ns&quot; 不是整数</translation>
    </message>
    <message>
        <source>colour &quot;%1&quot; is not #rrggbb; the default is used</source>
        <translation>颜色“%1”不是 #rrggbb 格式，将使用默认颜色</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>方框</translation>
    </message>
    <message>
        <source>Arrow</source>
        <translation>箭头</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1：%2：%3</translation>
    </message>
    <message>
        <source>%1: not an npuscope annotations file (no &quot;annotations&quot; list)</source>
        <translation>%1：不是 npuscope 标注文件（缺少 &quot;annotations&quot; 列表）</translation>
    </message>
    <message>
        <source>%1: format &quot;%2&quot; is not %3</source>
        <translation>%1：格式“%2”不是 %3</translation>
    </message>
    <message>
        <source>%1: written by a newer npuscope (version %2); fields it added are ignored</source>
        <translation>%1：由更新版本的 npuscope（版本 %2）写入，将忽略新版本添加的字段</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <source>%1: annotation %2</source>
        <translation>%1：标注 %2</translation>
    </message>
    <message>
        <source>%1: %2; skipped</source>
        <translation>%1：%2；已跳过</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::AnnotationStore</name>
    <message>
        <source>%1: cannot remove the file</source>
        <translation>%1：无法删除文件</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large for an annotations file</source>
        <translation>%1：%2 字节，超出标注文件的大小上限</translation>
    </message>
</context>
<context>
    <name>npuscope::Archive</name>
    <message>
        <source>cannot create the cache folder %1</source>
        <translation>无法创建缓存文件夹 %1</translation>
    </message>
    <message>
        <source>no files in it</source>
        <translation>其中没有文件</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>cannot open it as an archive: %1</source>
        <translation>无法作为压缩包打开：%1</translation>
    </message>
    <message>
        <source>damaged archive after %1 entries: %2</source>
        <translation>压缩包在第 %1 个条目之后已损坏：%2</translation>
    </message>
    <message>
        <source>more than %1 entries; not opened</source>
        <translation>条目超过 %1 个；未打开</translation>
    </message>
    <message>
        <source>a name outside the archive&apos;s folder (absolute or with &quot;..&quot;); skipped</source>
        <translation>名称指向压缩包文件夹之外（绝对路径或含有“..”）；已跳过</translation>
    </message>
    <message>
        <source>cannot create it</source>
        <translation>无法创建</translation>
    </message>
    <message>
        <source>a link; links are not extracted</source>
        <translation>这是链接；链接不会被解压</translation>
    </message>
    <message>
        <source>not a regular file; skipped</source>
        <translation>不是普通文件；已跳过</translation>
    </message>
    <message>
        <source>an archive inside the archive; nested archives are not opened</source>
        <translation>压缩包内的压缩包；嵌套的压缩包不会被打开</translation>
    </message>
    <message>
        <source>%1 declares %2 MiB, more than the %3 MiB an archive may unpack to</source>
        <translation>%1 声明大小为 %2 MiB，超过压缩包允许解压的 %3 MiB</translation>
    </message>
    <message>
        <source>cannot create its folder</source>
        <translation>无法创建其所在文件夹</translation>
    </message>
    <message>
        <source>listed twice; the first one is kept</source>
        <translation>重复出现；保留第一个</translation>
    </message>
    <message>
        <source>cannot write it: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>%1: damaged data: %2</source>
        <translation>%1：数据已损坏：%2</translation>
    </message>
    <message>
        <source>it unpacks to more than %1 MiB; not opened</source>
        <translation>解压后超过 %1 MiB；未打开</translation>
    </message>
    <message>
        <source>it unpacks to more than %1 times its size (a zip bomb?); not opened</source>
        <translation>解压后超过自身大小的 %1 倍（可能是压缩炸弹）；未打开</translation>
    </message>
    <message>
        <source>%1: cannot write it: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>cannot create a lock file in the cache folder %1</source>
        <translation>无法在缓存文件夹 %1 中创建锁文件</translation>
    </message>
</context>
<context>
    <name>npuscope::ArrangementController</name>
    <message>
        <source>The saved track arrangement could not be read: %1</source>
        <translation>无法读取已保存的轨道排列：%1</translation>
    </message>
    <message>
        <source>The track arrangement could not be saved: %1</source>
        <translation>无法保存轨道排列：%1</translation>
    </message>
    <message>
        <source>&amp;Tracks</source>
        <translation>轨道(&amp;T)</translation>
    </message>
</context>
<context>
    <name>npuscope::CallTreeController</name>
    <message>
        <source>Call Tree</source>
        <translation>调用树</translation>
    </message>
    <message>
        <source>, selected range of %1 ms</source>
        <translation>，选中范围 %1 ms</translation>
    </message>
    <message>
        <source>The rank is not loaded in full yet.</source>
        <translation>该卡尚未完整加载。</translation>
    </message>
    <message>
        <source>Building the call tree…</source>
        <translation>正在构建调用树…</translation>
    </message>
    <message>
        <source>Kernels launched under %1</source>
        <translation>%1 下启动的核函数</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export Flame Graph</source>
        <translation>导出火焰图</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>npuscope::CallTreeModel</name>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>Device (total)</source>
        <translation>设备（总计）</translation>
    </message>
    <message>
        <source>Device (self)</source>
        <translation>设备（自身）</translation>
    </message>
    <message>
        <source>Device %</source>
        <translation>设备 %</translation>
    </message>
    <message>
        <source>Host (total)</source>
        <translation>主机（总计）</translation>
    </message>
    <message>
        <source>Host (self)</source>
        <translation>主机（自身）</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
</context>
<context>
    <name>npuscope::CallTreePanel</name>
    <message>
        <source>Backward under its forward op</source>
        <translation>反向归于其前向算子</translation>
    </message>
    <message>
        <source>Search frames</source>
        <translation>搜索帧</translation>
    </message>
    <message>
        <source>Width: device time</source>
        <translation>宽度：设备时间</translation>
    </message>
    <message>
        <source>Width: host time</source>
        <translation>宽度：主机时间</translation>
    </message>
    <message>
        <source>Kernels of backward ops linked to their forward op (fwdbwd flows) count under that op&apos;s Python line; off: under the frame that called backward().</source>
        <translation>通过 fwdbwd 连线关联到前向算子的反向算子，其核函数计入该前向算子的 Python 代码行；关闭时计入调用 backward() 的帧。</translation>
    </message>
    <message>
        <source>Top-down</source>
        <translation>自顶向下</translation>
    </message>
    <message>
        <source>Bottom-up</source>
        <translation>自底向上</translation>
    </message>
    <message>
        <source>Flat</source>
        <translation>平铺</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>No profile loaded.</source>
        <translation>未加载性能数据。</translation>
    </message>
    <message>
        <source>%1. Device time %2: %3 attributed to host frames (%4%), %5 unattributed.</source>
        <translation>%1。设备时间 %2：%3 归属到主机帧（%4%），%5 未归属。</translation>
    </message>
    <message>
        <source>Kernels found by launch flow: %1, by CANN launch: %2; placed by nesting: %3, backward under forward op: %4, dequeued under enqueue: %5, under the waiting frame: %6.</source>
        <translation>按下发连线找到的核函数：%1，按 CANN 下发：%2；按嵌套归位：%3，反向归于前向算子：%4，出队归于入队：%5，归于等待帧：%6。</translation>
    </message>
    <message>
        <source>Export Flame Graph…</source>
        <translation>导出火焰图…</translation>
    </message>
    <message>
        <source>Save the flame graph as shown (zoom, search) as PNG or SVG</source>
        <translation>将当前显示的火焰图（缩放、搜索）保存为 PNG 或 SVG</translation>
    </message>
</context>
<context>
    <name>npuscope::ClusterController</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
</context>
<context>
    <name>npuscope::ClusterLinksView</name>
    <message>
        <source>group</source>
        <translation>通信组</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>通信组：</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信组</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>To</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation>大小（MB）</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（ms）</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Peers&apos; GB/s</source>
        <translation>同类 GB/s</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>%1 %2, rank %3 to %4 over %5: %6 MB in %7 ms, %8 GB/s (%9 entries)</source>
        <translation>%1 %2，rank %3 到 %4，经 %5：%6 MB，用时 %7 ms，%8 GB/s（%9 条记录）</translation>
    </message>
    <message>
        <source>Links between global ranks, summed over the steps. Red: under 80% of the median bandwidth of its peers (same operation and transport in groups of the same name).</source>
        <translation>全局 rank 之间的链路，按各 step 累加。红色：低于同类链路（同名通信组中相同操作与传输类型）带宽中位数的 80%。</translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) left out: they join ranks that were not collected.</source>
        <translation>
            <numerusform>略去了 %n 条链路：它们连接的是未采集的 rank。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::ClusterOverview</name>
    <message>
        <source>Communication matrix</source>
        <translation>通信矩阵</translation>
    </message>
    <message>
        <source>No profile.</source>
        <translation>未打开性能数据。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s); no step data yet (step_trace_time.csv or ProfilerStep slices).</source>
        <translation>
            <numerusform>%n 个 Rank；尚无迭代数据（step_trace_time.csv 或 ProfilerStep 切片）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n rank(s)&lt;/b&gt;, mean time per step.</source>
        <translation>
            <numerusform>&lt;b&gt;%n 个 Rank&lt;/b&gt;，每个迭代的平均耗时。</numerusform>
        </translation>
    </message>
    <message>
        <source>Slowest: &lt;b&gt;%1&lt;/b&gt;, %2 ms behind %3 per step.</source>
        <translation>最慢：&lt;b&gt;%1&lt;/b&gt;，每个迭代比 %3 慢 %2 ms。</translation>
    </message>
    <message>
        <source>Click a bar to open that rank.</source>
        <translation>单击柱条可打开对应的 Rank。</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未掩盖）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 (slowest)</source>
        <translation>%1（最慢）</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>每个迭代耗时 (ms)</translation>
    </message>
    <message>
        <source>Bars from %1 to %2, in this order: point at a bar for its rank.</source>
        <translation>柱条按此顺序从 %1 到 %2：将鼠标指向柱条可查看其 Rank。</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>%1 pipeline stages: bars ordered by stage (S) and data-parallel index (DP).</source>
        <translation>%1 个流水线阶段：柱按阶段（S）和数据并行序号（DP）排列。</translation>
    </message>
    <message>
        <source>%1 · S%2</source>
        <translation>%1 · S%2</translation>
    </message>
    <message>
        <source>%1 · S%2 DP%3</source>
        <translation>%1 · S%2 DP%3</translation>
    </message>
</context>
<context>
    <name>npuscope::CommMatrix</name>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>communication matrix not read: %1</source>
        <translation>未读取通信矩阵：%1</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::CommMatrixView</name>
    <message>
        <source>Communication group:</source>
        <translation>通信域：</translation>
    </message>
    <message>
        <source>Bandwidth in GB/s from the row&apos;s group position to the column&apos;s, all steps; hover a cell for size, time and transport.</source>
        <translation>从行在通信域中的位置到列的位置的带宽（GB/s），统计全部迭代；将鼠标悬停在单元格上可查看数据量、耗时和传输方式。</translation>
    </message>
    <message>
        <source>point-to-point</source>
        <translation>点对点</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>%1 ranks, %2: %3 (%4)</source>
        <translation>%1 个 Rank，%2：%3（%4）</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2 over %3
%4 MB in %5 ms (%6 GB/s), %n transfer(s)</source>
        <translation>
            <numerusform>%1 → %2，经由 %3
%5 ms 内传输 %4 MB（%6 GB/s），共 %n 次传输</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown transport</source>
        <translation>未知传输方式</translation>
    </message>
</context>
<context>
    <name>npuscope::CommandLine</name>
    <message>
        <source>Where a folder holds both the text export and the profiler database: read &apos;text&apos; or &apos;db&apos; (default: db).</source>
        <translation>当文件夹同时包含文本导出和性能数据库时：读取 &apos;text&apos; 或 &apos;db&apos;（默认：db）。</translation>
    </message>
    <message>
        <source>--source expects text or db</source>
        <translation>--source 的取值应为 text 或 db</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareController</name>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与其他运行对比(&amp;W)…</translation>
    </message>
    <message>
        <source>Compare the open profile with another run, side by side</source>
        <translation>将当前打开的性能数据与另一次运行并排对比</translation>
    </message>
    <message>
        <source>Compare &amp;Ranks…</source>
        <translation>对比 Rank(&amp;R)…</translation>
    </message>
    <message>
        <source>Compare two ranks of the open profile, side by side</source>
        <translation>并排对比当前性能数据中的两个 Rank</translation>
    </message>
    <message>
        <source>Compare With Profile Folder</source>
        <translation>选择要对比的性能数据文件夹</translation>
    </message>
    <message>
        <source>Compare Ranks</source>
        <translation>对比 Rank</translation>
    </message>
    <message>
        <source>Base rank:</source>
        <translation>基线 Rank：</translation>
    </message>
    <message>
        <source>New rank:</source>
        <translation>新数据 Rank：</translation>
    </message>
    <message>
        <source>Open a profile first, then compare another run with it.</source>
        <translation>请先打开一份性能数据，再将另一次运行与其对比。</translation>
    </message>
    <message>
        <source>Cannot compare with %1: %2</source>
        <translation>无法与 %1 对比：%2</translation>
    </message>
    <message>
        <source>No such rank to compare.</source>
        <translation>要对比的 Rank 不存在。</translation>
    </message>
    <message>
        <source>Loading and analysing the run to compare…</source>
        <translation>正在加载并分析要对比的运行…</translation>
    </message>
    <message>
        <source>Compare: %1 ↔ %2 — npuscope</source>
        <translation>对比：%1 ↔ %2 — npuscope</translation>
    </message>
    <message>
        <source>Cannot compare %1: only its summary in %2 is here; compare the profile folders</source>
        <translation>无法比较 %1：这里只有它在 %2 中的摘要；请比较性能数据文件夹本身</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareDiffModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Base (µs)</source>
        <translation>基线 (µs)</translation>
    </message>
    <message>
        <source>New (µs)</source>
        <translation>新数据 (µs)</translation>
    </message>
    <message>
        <source>Delta (µs)</source>
        <translation>差值 (µs)</translation>
    </message>
    <message>
        <source>Delta %</source>
        <translation>差值 %</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New count</source>
        <translation>新数据次数</translation>
    </message>
    <message>
        <source>Base: %1
New: %2
The kernels were matched by their order: the same kernels under renumbered names.</source>
        <translation>基线：%1
新数据：%2
按出现顺序匹配的核函数：同一批核函数，编号不同。</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareDocument</name>
    <message>
        <source>npuscope compare</source>
        <translation>npuscope 对比</translation>
    </message>
    <message>
        <source>Base: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>New: %1</source>
        <translation>新数据：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareOverallModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>msprof-analyze compare: %1</source>
        <translation>msprof-analyze compare：%1</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Base (ms)</source>
        <translation>基线 (ms)</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基线次数</translation>
    </message>
    <message>
        <source>New (ms)</source>
        <translation>新数据 (ms)</translation>
    </message>
    <message>
        <source>New count</source>
        <translation>新数据次数</translation>
    </message>
    <message>
        <source>Delta (ms)</source>
        <translation>差值 (ms)</translation>
    </message>
    <message>
        <source>Delta %</source>
        <translation>差值 %</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareSummaryModel</name>
    <message>
        <source> pt</source>
        <translation> 个百分点</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Top-1 kernel</source>
        <translation>Top-1 算子</translation>
    </message>
    <message>
        <source>Top-1 kernel time</source>
        <translation>Top-1 算子耗时</translation>
    </message>
    <message>
        <source>AI_CPU share</source>
        <translation>AI_CPU 占比</translation>
    </message>
    <message>
        <source>TransData share</source>
        <translation>TransData 占比</translation>
    </message>
    <message>
        <source>Free time</source>
        <translation>空闲时间</translation>
    </message>
    <message>
        <source>Communication not overlapped</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <source>Kernel total</source>
        <translation>算子总耗时</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Matched kernels</source>
        <translation>匹配的算子</translation>
    </message>
    <message>
        <source>%1 faster, %2 slower</source>
        <translation>%1 个变快，%2 个变慢</translation>
    </message>
    <message>
        <source>Finding appeared</source>
        <translation>新出现的诊断项</translation>
    </message>
    <message>
        <source>Finding resolved</source>
        <translation>已解决的诊断项</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新数据</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>npuscope::CompareView</name>
    <message>
        <source>The step both timelines are aligned at</source>
        <translation>两条时间线对齐所在的迭代</translation>
    </message>
    <message>
        <source>Swap Sides</source>
        <translation>交换左右</translation>
    </message>
    <message>
        <source>Leave Compare Mode</source>
        <translation>退出对比模式</translation>
    </message>
    <message>
        <source>Align on Selection</source>
        <translation>按所选对齐</translation>
    </message>
    <message>
        <source>Align both timelines at the selected kernel and its match</source>
        <translation>以所选算子及其匹配算子对齐两条时间线</translation>
    </message>
    <message>
        <source>Aligned at step:</source>
        <translation>对齐迭代：</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>By Work Bucket</source>
        <translation>按工作类别</translation>
    </message>
    <message>
        <source>By Type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>By Name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>整次运行</translation>
    </message>
    <message>
        <source>%1 / %2 (first steps)</source>
        <translation>%1 / %2（各自的第一个迭代）</translation>
    </message>
    <message>
        <source>Base: %1 (step %2, %3)</source>
        <translation>基线：%1（迭代 %2，%3）</translation>
    </message>
    <message>
        <source>New: %1 (step %2, %3)</source>
        <translation>新数据：%1（迭代 %2，%3）</translation>
    </message>
    <message>
        <source>Work bucket</source>
        <translation>工作类别</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>By Category</source>
        <translation>按类别</translation>
    </message>
    <message>
        <source>Widths: new run</source>
        <translation>宽度：新数据</translation>
    </message>
    <message>
        <source>Widths: base run</source>
        <translation>宽度：基线</translation>
    </message>
    <message>
        <source>Device time per nn.Module; colour: red slower, green faster (full at ±20%), purple only in new, blue only in base</source>
        <translation>每个 nn.Module 的设备耗时；颜色：红色变慢，绿色变快（±20% 时最深），紫色仅在新数据中，蓝色仅在基线中</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
</context>
<context>
    <name>npuscope::CsvReader</name>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>row has %1 cell(s), the header has %2; the missing cells are empty</source>
        <translation>该行有 %1 个单元格，表头有 %2 列；缺少的单元格按空值处理</translation>
    </message>
    <message>
        <source>row has %1 cell(s), the header has %2; the extra cells are ignored</source>
        <translation>该行有 %1 个单元格，表头有 %2 列；多出的单元格已忽略</translation>
    </message>
    <message>
        <source>%1 rows in all have a wrong number of cells (the first %2 are listed)</source>
        <translation>共有 %1 行的单元格数量不正确（仅列出前 %2 行）</translation>
    </message>
    <message>
        <source>%1 quoted cell(s) have text after the closing quote; it was kept in the cell</source>
        <translation>%1 个带引号的单元格在右引号之后还有文本；该文本已保留在单元格中</translation>
    </message>
    <message>
        <source>quoted cell is never closed; the rest of the file was read into it</source>
        <translation>带引号的单元格没有闭合；文件的剩余部分都被读入了该单元格</translation>
    </message>
    <message>
        <source>read error after %1 bytes (%2); the rest of the file was not read</source>
        <translation>读取 %1 字节后出错（%2）；文件的剩余部分未读取</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>%1 NUL byte(s) in the text; kept as read</source>
        <translation>文本中有 %1 个 NUL 字节；已按原样保留</translation>
    </message>
    <message>
        <source>%1 byte(s) are not valid UTF-8; they are shown as replacement characters</source>
        <translation>%1 个字节不是有效的 UTF-8；显示为替换字符</translation>
    </message>
    <message>
        <source>the file has a header but no data rows</source>
        <translation>文件只有表头，没有数据行</translation>
    </message>
    <message>
        <source>file not found</source>
        <translation>找不到文件</translation>
    </message>
    <message>
        <source>this is a folder, not a CSV file</source>
        <translation>这是文件夹，不是 CSV 文件</translation>
    </message>
    <message>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::Database</name>
    <message>
        <source>cannot open the database: %1</source>
        <translation>无法打开数据库：%1</translation>
    </message>
    <message>
        <source>not a readable database: %1</source>
        <translation>不是可读取的数据库：%1</translation>
    </message>
    <message>
        <source>table %1</source>
        <translation>表 %1</translation>
    </message>
    <message>
        <source>column %1 is missing: the table&apos;s rows are not shown</source>
        <translation>缺少列 %1：该表的行不予显示</translation>
    </message>
    <message>
        <source>reading stopped after %1 row(s): %2; the rest of the table is not shown</source>
        <translation>读取 %1 行后中止：%2；表的其余部分不予显示</translation>
    </message>
    <message>
        <source>column %1: %2 value(s) of the wrong type (first: &apos;%3&apos; in row %4); they are treated as not set</source>
        <translation>列 %1：%2 个值的类型不对（第一个：第 %4 行的 &apos;%3&apos;）；按未设置处理</translation>
    </message>
</context>
<context>
    <name>npuscope::DetailsPanel</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选中任何内容</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>瞬时</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Absolute start (ns)</source>
        <translation>绝对开始时间 (ns)</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>%1 in, %2 out</source>
        <translation>流入 %1，流出 %2</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Kernel (row %1)</source>
        <translation>算子（第 %1 行）</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Accelerator Core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Wait Time</source>
        <translation>等待时间</translation>
    </message>
    <message>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <source>Copy &amp;Value</source>
        <translation>复制值(&amp;V)</translation>
    </message>
    <message>
        <source>Copy &amp;All</source>
        <translation>全部复制(&amp;A)</translation>
    </message>
</context>
<context>
    <name>npuscope::DeviceReport</name>
    <message>
        <source>no device tasks with a time</source>
        <translation>没有带时间的设备任务</translation>
    </message>
    <message>
        <source>The trace links no task to its launch: every task is measured (HTA, matching correlation ids, leaves out those launched in the last ProfilerStep).</source>
        <translation>该 trace 没有把任何任务关联到其下发调用：所有任务都计入（HTA 通过 correlation id 匹配，会略去最后一个 ProfilerStep 中下发的任务）。</translation>
    </message>
    <message>
        <source>no communication kernels</source>
        <translation>没有通信核函数</translation>
    </message>
    <message>
        <source>no launch links (flows) from runtime calls to device tasks</source>
        <translation>没有从运行时调用到设备任务的下发连线（flow）</translation>
    </message>
    <message>
        <source>Not in this trace: %1.</source>
        <translation>此 trace 中没有：%1。</translation>
    </message>
    <message>
        <source>Device time (HTA&apos;s temporal breakdown)</source>
        <translation>设备时间（HTA 的时间分解）</translation>
    </message>
    <message numerus="yes">
        <source>%n device task(s) over %1 us, idle where no stream runs.</source>
        <translation>
            <numerusform>%n 个设备任务，跨度 %1 us；没有任何流在运行时计为空闲。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As HTA: the tasks launched before %1 (%n later task(s) left out).</source>
        <translation>
            <numerusform>与 HTA 相同：只计 %1 开始之前下发的任务（其后的 %n 个任务未计入）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Time(us)</source>
        <translation>时间(us)</translation>
    </message>
    <message>
        <source>Share of span</source>
        <translation>占跨度比例</translation>
    </message>
    <message>
        <source>HTA default, whole us(us)</source>
        <translation>HTA 默认值，取整到 us(us)</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation>非计算</translation>
    </message>
    <message>
        <source>Idle time by cause (HTA)</source>
        <translation>按原因划分的空闲时间（HTA）</translation>
    </message>
    <message>
        <source>Gaps between a stream&apos;s tasks. Host wait: the next task was launched after the stream went idle. Kernel wait: it was launched in time and the gap is under %1 us. Other: the rest.</source>
        <translation>同一流上相邻任务之间的间隙。主机等待：下一个任务在流空闲之后才下发。核函数等待：任务已及时下发，且间隙小于 %1 us。其他：其余情况。</translation>
    </message>
    <message>
        <source>Host wait is not in this trace (no launch links).</source>
        <translation>此 trace 中没有主机等待的信息（没有下发连线）。</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation>间隙数</translation>
    </message>
    <message>
        <source>Host wait(us)</source>
        <translation>主机等待(us)</translation>
    </message>
    <message>
        <source>Kernel wait(us)</source>
        <translation>核函数等待(us)</translation>
    </message>
    <message>
        <source>Other(us)</source>
        <translation>其他(us)</translation>
    </message>
    <message>
        <source>Communication overlapping compute (HTA)</source>
        <translation>通信与计算的重叠（HTA）</translation>
    </message>
    <message>
        <source>%1 us of %2 us of communication (%3%) ran while compute ran.</source>
        <translation>%2 us 通信中有 %1 us（%3%）与计算同时进行。</translation>
    </message>
    <message>
        <source>Kernel launches (HTA)</source>
        <translation>核函数下发（HTA）</translation>
    </message>
    <message>
        <source>%1 launches. Launch delay (task start after the launch call ended): mean %2, p50 %3, p95 %4, max %5 us; %6 over %7 us. Short kernels (launch call at most %8 us and longer than the kernel): %9, %10 us on the device for %11 us of launch calls. Launch calls over %8 us: %12.</source>
        <translation>共 %1 次下发。下发延迟（下发调用结束到任务开始）：平均 %2，p50 %3，p95 %4，最大 %5 us；超过 %7 us 的有 %6 次。短核函数（下发调用不超过 %8 us 且长于该核函数）：%9 个，设备上共 %10 us，对应下发调用 %11 us。超过 %8 us 的下发调用：%12 次。</translation>
    </message>
    <message>
        <source>Queue length (HTA)</source>
        <translation>队列长度（HTA）</translation>
    </message>
    <message>
        <source>Tasks launched and not yet started, per stream.</source>
        <translation>每个流上已下发但尚未开始的任务数。</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
</context>
<context>
    <name>npuscope::Discovery</name>
    <message>
        <source>permission denied: cannot list this folder</source>
        <translation>权限不足：无法列出此文件夹的内容</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>permission denied: cannot read it</source>
        <translation>权限不足：无法读取</translation>
    </message>
    <message>
        <source>not a profile file: expected a folder, trace_view.json, a Kineto *.json[.gz] trace, kernel_details.csv or a profiler database (*.db)</source>
        <translation>不是性能数据文件：应为文件夹、trace_view.json、Kineto *.json[.gz] 跟踪、kernel_details.csv 或性能数据库（*.db）</translation>
    </message>
    <message>
        <source>no profile found here: expected *ascend_pt, *ascend_ms or PROF_* folders, an ASCEND_PROFILER_OUTPUT folder, trace_view.json, a profiler database or Kineto *.pt.trace.json files</source>
        <translation>此处未找到性能数据：应为 *ascend_pt、*ascend_ms 或 PROF_* 文件夹、ASCEND_PROFILER_OUTPUT 文件夹、trace_view.json、性能数据库或 Kineto *.pt.trace.json 文件</translation>
    </message>
    <message>
        <source>database %1</source>
        <translation>数据库 %1</translation>
    </message>
    <message>
        <source>database %1 (a text export is here too)</source>
        <translation>数据库 %1（此处也有文本导出）</translation>
    </message>
    <message>
        <source>text export (a database is here too: %1)</source>
        <translation>文本导出（此处也有数据库：%1）</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>a PyTorch execution trace (no timings): open the Kineto trace of the same run</source>
        <translation>PyTorch 执行轨迹（execution trace，不含耗时）：请打开同一次运行的 Kineto 跟踪</translation>
    </message>
    <message>
        <source>a PyTorch execution trace (no timings): open the Kineto trace of the same run (%1 is in this folder)</source>
        <translation>PyTorch 执行轨迹（execution trace，不含耗时）：请打开同一次运行的 Kineto 跟踪（此文件夹中有 %1）</translation>
    </message>
    <message>
        <source>an npuscope comparison (compare --json), not a profile: open one of the two runs it compares</source>
        <translation>npuscope 对比结果（compare --json），不是性能数据：请打开它所对比的两次运行之一</translation>
    </message>
    <message>
        <source>the profiler&apos;s settings, not a trace: opening its profile folder</source>
        <translation>性能采集的配置文件，不是跟踪：正在打开其所在的性能数据文件夹</translation>
    </message>
    <message>
        <source>a file of a profile folder, not a trace: opening that folder</source>
        <translation>性能数据文件夹中的文件，不是跟踪：正在打开该文件夹</translation>
    </message>
    <message>
        <source>%1 is also in %2: that report&apos;s summary is read</source>
        <translation>%1 也在 %2 中：读取的是那份报告中的摘要</translation>
    </message>
</context>
<context>
    <name>npuscope::ExportCaption</name>
    <message>
        <source>%1 — rank %2</source>
        <translation>%1 — Rank %2</translation>
    </message>
    <message>
        <source> — step %1</source>
        <translation> — 迭代 %1</translation>
    </message>
    <message>
        <source>range %1 – %2 (%3)</source>
        <translation>范围 %1 – %2（%3）</translation>
    </message>
    <message>
        <source>step time %1</source>
        <translation>迭代耗时 %1</translation>
    </message>
    <message numerus="yes">
        <source>mean step time %1 over %n step(s)</source>
        <translation>
            <numerusform>%n 个迭代的平均耗时 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>top kernel %1: %2 (%3 of device time)</source>
        <translation>耗时最长的算子 %1：%2（占设备时间的 %3）</translation>
    </message>
</context>
<context>
    <name>npuscope::FileReader</name>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1：不是普通文件</translation>
    </message>
    <message>
        <source>cannot initialise zlib</source>
        <translation>无法初始化 zlib</translation>
    </message>
    <message>
        <source>read error: %1</source>
        <translation>读取错误：%1</translation>
    </message>
    <message>
        <source>the compressed data is truncated; the part before it was loaded</source>
        <translation>压缩数据被截断；已加载截断之前的部分</translation>
    </message>
    <message>
        <source>corrupt gzip data (%1); the part before it was loaded</source>
        <translation>gzip 数据已损坏（%1）；已加载损坏之前的部分</translation>
    </message>
</context>
<context>
    <name>npuscope::FindingsModel</name>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message numerus="yes">
        <source>%n option(s)</source>
        <translation>
            <numerusform>%n 个选项</numerusform>
        </translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>诊断结果</translation>
    </message>
    <message>
        <source>Key Number</source>
        <translation>关键数值</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>%1
To check it: %2</source>
        <translation>%1
如需检查：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::FindingsPanel</name>
    <message>
        <source>Ready-to-paste code:</source>
        <translation>可直接粘贴的代码：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the code to the clipboard</source>
        <translation>将代码复制到剪贴板</translation>
    </message>
    <message>
        <source>Pick an entry to show it on the timeline and in the kernel table</source>
        <translation>选择一项，在时间线和算子表中显示它</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message numerus="yes">
        <source>%n critical</source>
        <translation>
            <numerusform>%n 个严重</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n info</source>
        <translation>
            <numerusform>%n 条提示</numerusform>
        </translation>
    </message>
    <message>
        <source>No findings</source>
        <translation>未发现问题</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <source>%1 (analysing…)</source>
        <translation>%1（正在分析…）</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence.</source>
        <translation>选择一条诊断结果以查看其证据。</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Id: %1</source>
        <translation>标识：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1; %n not checked</source>
        <translation>
            <numerusform>%1；%n 项未检查</numerusform>
        </translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <source>To check it</source>
        <translation>如需检查</translation>
    </message>
    <message numerus="yes">
        <source>%n evidence entry(s) belong to other ranks: pick them in the Rank box.</source>
        <translation>
            <numerusform>%n 条证据属于其他 Rank：请在 Rank 下拉框中切换。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::FlameGraphView</name>
    <message>
        <source>Device: %1 (%2%), self %3</source>
        <translation>设备：%1（%2%），自身 %3</translation>
    </message>
    <message numerus="yes">
        <source>Host: %1, self %2; %n call(s)</source>
        <translation>
            <numerusform>主机：%1，自身 %2；%n 次调用</numerusform>
        </translation>
    </message>
    <message>
        <source>npuscope flame graph</source>
        <translation>npuscope 火焰图</translation>
    </message>
</context>
<context>
    <name>npuscope::GapControls</name>
    <message>
        <source>Show &amp;Gaps</source>
        <translation>显示空隙(&amp;G)</translation>
    </message>
    <message>
        <source>Hatch the idle time of the device streams and show the device idle row</source>
        <translation>用斜线标出设备各流的空闲时间，并显示设备空闲行</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Gap threshold: shorter idle intervals are not shown. Auto: the median compute kernel duration</source>
        <translation>空隙阈值：不显示更短的空闲区间。自动：计算算子耗时的中位数</translation>
    </message>
    <message>
        <source> Gap threshold: </source>
        <translation> 空隙阈值： </translation>
    </message>
</context>
<context>
    <name>npuscope::Generator</name>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no output folder given</source>
        <translation>未指定输出文件夹</translation>
    </message>
    <message>
        <source>ranks must be between 1 and 4096</source>
        <translation>Rank 数必须在 1 到 4096 之间</translation>
    </message>
    <message>
        <source>steps must be between 1 and %1</source>
        <translation>迭代数必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <source>deviceCores must be between 1 and 1024</source>
        <translation>deviceCores 必须在 1 到 1024 之间</translation>
    </message>
    <message>
        <source>events must be positive</source>
        <translation>事件数必须为正数</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2 (%3)</source>
        <translation>无法写入 %1：%2（%3）</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>unknown plant &apos;%1&apos; (known: transdata, aicpu, hostbound, lowblockdim, commnotoverlapped, memoryleak, fragmentation, all)</source>
        <translation>未知的植入问题 &apos;%1&apos;（可用：transdata、aicpu、hostbound、lowblockdim、commnotoverlapped、memoryleak、fragmentation、all）</translation>
    </message>
</context>
<context>
    <name>npuscope::HtmlReport</name>
    <message>
        <source>Rank %1: the whole timeline</source>
        <translation>Rank %1：完整时间线</translation>
    </message>
    <message>
        <source>Rank %1: step %2, the longest</source>
        <translation>Rank %1：耗时最长的迭代 %2</translation>
    </message>
    <message>
        <source>%1: is inside the profile folder; npuscope never writes there, choose another folder</source>
        <translation>%1：位于性能数据文件夹内；npuscope 不会向其中写入，请选择其他文件夹</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
</context>
<context>
    <name>npuscope::IssuesModel</name>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>npuscope::IssuesPanel</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>No problems found in the input.</source>
        <translation>输入数据中未发现问题。</translation>
    </message>
    <message>
        <source>%1 error(s), %2 warning(s), %3 info</source>
        <translation>%1 个错误，%2 个警告，%3 条信息</translation>
    </message>
</context>
<context>
    <name>npuscope::KernelTable</name>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>column &apos;%1&apos;: %2 cell(s) are not times (first: &apos;%3&apos;); they are treated as missing</source>
        <translation>列“%1”：%2 个单元格不是时间（第一个：“%3”）；按缺失值处理</translation>
    </message>
    <message>
        <source>column &apos;%1&apos;: %2 cell(s) are not integers (first: &apos;%3&apos;); they are treated as missing</source>
        <translation>列“%1”：%2 个单元格不是整数（第一个：“%3”）；按缺失值处理</translation>
    </message>
    <message>
        <source>name (Name / Op Name)</source>
        <translation>名称（Name / Op Name）</translation>
    </message>
    <message>
        <source>start (Start Time(us) / Task Start Time(us))</source>
        <translation>开始时间（Start Time(us) / Task Start Time(us)）</translation>
    </message>
    <message>
        <source>duration (Duration(us) / Task Duration(us))</source>
        <translation>耗时（Duration(us) / Task Duration(us)）</translation>
    </message>
    <message>
        <source>not a kernel table: missing %1; columns found: %2</source>
        <translation>不是算子表：缺少 %1；找到的列：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::KernelTableModel</name>
    <message>
        <source>Column &quot;%1&quot; of %2</source>
        <translation>%2 中的“%1”列</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Accelerator Core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Start (µs)</source>
        <translation>开始时间 (µs)</translation>
    </message>
    <message>
        <source>Duration (µs)</source>
        <translation>耗时 (µs)</translation>
    </message>
    <message>
        <source>Wait Time (µs)</source>
        <translation>等待时间 (µs)</translation>
    </message>
    <message>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <source>What the row shows by itself: host-bound (Wait Time at least %1x the duration), low Block Dim, format conversion, AI_CPU fallback</source>
        <translation>该行自身体现的问题：Host 下发瓶颈（Wait Time 不少于耗时的 %1 倍）、Block Dim 偏低、格式转换、AI_CPU 回退</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
</context>
<context>
    <name>npuscope::KernelTableView</name>
    <message>
        <source>&amp;Copy Rows as TSV</source>
        <translation>以 TSV 格式复制行(&amp;C)</translation>
    </message>
    <message>
        <source>Filter by name, type or accelerator core</source>
        <translation>按名称、类型或加速核筛选</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>Regex</translation>
    </message>
    <message>
        <source>Treat the filter as a regular expression (case-insensitive)</source>
        <translation>将筛选条件视为正则表达式（不区分大小写）</translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation>移除此筛选条件</translation>
    </message>
    <message>
        <source>Export the visible rows to CSV</source>
        <translation>将可见行导出为 CSV</translation>
    </message>
    <message>
        <source>Invalid regular expression</source>
        <translation>无效的正则表达式</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 个算子</translation>
    </message>
    <message>
        <source>%1 of %2 kernels</source>
        <translation>%1 / %2 个算子</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Show All Columns</source>
        <translation>显示所有列</translation>
    </message>
    <message>
        <source>&amp;Export Visible Rows to CSV…</source>
        <translation>将可见行导出为 CSV(&amp;E)…</translation>
    </message>
    <message>
        <source>Clear &amp;Filters</source>
        <translation>清除筛选条件(&amp;F)</translation>
    </message>
    <message>
        <source>Clear: show every kernel again</source>
        <translation>清除：重新显示全部算子</translation>
    </message>
    <message numerus="yes">
        <source>Showing %n finding row(s), clear</source>
        <translation>
            <numerusform>仅显示 %n 行诊断相关算子，点击清除</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Click to show every kernel again.</source>
        <translation>%1
单击以重新显示全部算子。</translation>
    </message>
</context>
<context>
    <name>npuscope::KernelTimeline</name>
    <message numerus="yes">
        <source>%n kernel row(s) without a start time are not on the timeline</source>
        <translation>
            <numerusform>%n 行算子数据没有开始时间，未显示在时间线上</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::LanguageSettings</name>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
</context>
<context>
    <name>npuscope::LoadController</name>
    <message>
        <source>No profile data was found.</source>
        <translation>未找到性能数据。</translation>
    </message>
</context>
<context>
    <name>npuscope::MainWindow</name>
    <message>
        <source>npuscope</source>
        <translation>npuscope</translation>
    </message>
    <message>
        <source>Loading of %1 cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message>
        <source>Selected range: %1</source>
        <translation>选中范围：%1</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Aggregation</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Input Issues</source>
        <translation>输入数据问题</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open F&amp;ile…</source>
        <translation>打开文件(&amp;I)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Profile</source>
        <translation>打开演示性能数据(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Export Visible Kernels to CSV…</source>
        <translation>将可见算子导出为 CSV(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Close Profile</source>
        <translation>关闭性能数据(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About npuscope</source>
        <translation>关于 npuscope(&amp;A)</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能数据</translation>
    </message>
    <message>
        <source> Rank: </source>
        <translation> Rank: </translation>
    </message>
    <message>
        <source>The rank (device) shown in every view</source>
        <translation>所有视图中显示的 Rank（设备）</translation>
    </message>
    <message>
        <source> Step: </source>
        <translation> 迭代: </translation>
    </message>
    <message>
        <source>Zoom the timeline to one profiler step</source>
        <translation>将时间线缩放到某个迭代</translation>
    </message>
    <message>
        <source>Open a profile folder or file to begin.</source>
        <translation>请打开性能数据文件夹或文件。</translation>
    </message>
    <message>
        <source>Loading… %p%</source>
        <translation>正在加载… %p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading</source>
        <translation>停止加载</translation>
    </message>
    <message>
        <source>No recent profiles</source>
        <translation>无最近打开的性能数据</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>Open Profile Folder</source>
        <translation>打开性能数据文件夹</translation>
    </message>
    <message>
        <source>Open Profile File</source>
        <translation>打开性能数据文件</translation>
    </message>
    <message>
        <source>Demo profile</source>
        <translation>演示性能数据</translation>
    </message>
    <message>
        <source>Cannot write the demo profile: %1</source>
        <translation>无法写入演示性能数据：%1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Could not open %1.</source>
        <translation>无法打开 %1。</translation>
    </message>
    <message>
        <source>Cannot Open Profile</source>
        <translation>无法打开性能数据</translation>
    </message>
    <message>
        <source>npuscope could not open
%1</source>
        <translation>npuscope 无法打开
%1</translation>
    </message>
    <message>
        <source>%1 — npuscope</source>
        <translation>%1 — npuscope</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n rank(s), %2 events, %3 kernels, loaded in %4 s.</source>
        <translation>
            <numerusform>%1：%n 个 Rank，%2 个事件，%3 个算子，加载耗时 %4 s。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 input issue(s): see Input Issues.</source>
        <translation>%1 个输入数据问题：请查看“输入数据问题”。</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
    <message>
        <source>There are no kernel rows to export.</source>
        <translation>没有可导出的算子行。</translation>
    </message>
    <message>
        <source>Export Kernels</source>
        <translation>导出算子</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
    <message>
        <source>Exported %1 rows to %2.</source>
        <translation>已将 %1 行导出到 %2。</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>诊断结果</translation>
    </message>
    <message>
        <source>Range Summary</source>
        <translation>范围汇总</translation>
    </message>
    <message>
        <source>Loading %1… the timeline shows the first %2 events while the rest loads.</source>
        <translation>正在加载 %1… 其余部分加载期间，时间线先显示前 %2 个事件。</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>主机侧算子</translation>
    </message>
    <message>
        <source>&amp;Colour Slices By</source>
        <translation>切片着色方式(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Category</source>
        <translation>类别(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Accelerator Core</source>
        <translation>加速核(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n rank(s), summaries loaded in %2 s; opening the first rank…</source>
        <translation>
            <numerusform>%1：%n 个 Rank，摘要加载耗时 %2 s；正在打开第一个 Rank…</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading the trace of %1…</source>
        <translation>正在加载 %1 的时间线数据…</translation>
    </message>
    <message>
        <source>%1: %2 events, loaded in %3 s.</source>
        <translation>%1：%2 个事件，加载耗时 %3 s。</translation>
    </message>
    <message>
        <source>%1 could not be loaded: %2</source>
        <translation>无法加载 %1：%2</translation>
    </message>
    <message>
        <source>No timeline: this rank has no readable trace and no timed kernel rows.</source>
        <translation>无时间线：此 Rank 没有可读取的时间线数据，也没有带开始时间的算子行。</translation>
    </message>
    <message>
        <source>Timeline made from %1 (no readable trace_view.json): device streams and steps only, no host threads.</source>
        <translation>时间线由 %1 生成（没有可读取的 trace_view.json）：仅含设备流和迭代，没有 Host 线程。</translation>
    </message>
    <message>
        <source>Read from the %1.</source>
        <translation>读取自%1。</translation>
    </message>
    <message>
        <source>Read the &amp;Other Export (Text / Database)</source>
        <translation>读取另一种导出（文本 / 数据库）(&amp;O)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Profiles (*.json *.json.gz *.csv *.db *.zip *.tar *.tar.gz *.tgz *.tar.zst);;Profile archives (*.zip *.tar *.tar.gz *.tgz *.tar.zst);;All files (*)</source>
        <translation>性能数据 (*.json *.json.gz *.csv *.db *.zip *.tar *.tar.gz *.tgz *.tar.zst);;性能数据压缩包 (*.zip *.tar *.tar.gz *.tgz *.tar.zst);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>npuscope::Memory</name>
    <message numerus="yes">
        <source>%n allocation(s) without a size or an allocation time skipped</source>
        <translation>
            <numerusform>跳过了 %n 次没有大小或分配时间的分配</numerusform>
        </translation>
    </message>
    <message>
        <source>operator_memory.csv has no Name, Size(KB) or Allocation Time(us) column: the allocations are not shown</source>
        <translation>operator_memory.csv 没有 Name、Size(KB) 或 Allocation Time(us) 列：不显示内存分配</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>%1 has no Component or Timestamp(us) column: it is not used for the memory view</source>
        <translation>%1 没有 Component 或 Timestamp(us) 列：内存视图不使用它</translation>
    </message>
    <message>
        <source>NPU modules</source>
        <translation>NPU 模块</translation>
    </message>
</context>
<context>
    <name>npuscope::MemoryChart</name>
    <message>
        <source>Click an instant to list the allocations alive then</source>
        <translation>点击某一时刻，列出当时存活的内存分配</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>NPU modules (npu_module_mem)</source>
        <translation>NPU 模块（npu_module_mem）</translation>
    </message>
    <message>
        <source>solid: allocated, dashed: reserved, dotted: active</source>
        <translation>实线：已分配，虚线：已预留，点线：活跃</translation>
    </message>
    <message>
        <source>%1 peak %2 MB</source>
        <translation>%1 峰值 %2 MB</translation>
    </message>
    <message>
        <source>No %1: collect with profile_memory=True to see device memory</source>
        <translation>没有 %1：使用 profile_memory=True 采集才能查看设备内存</translation>
    </message>
</context>
<context>
    <name>npuscope::MemoryPanel</name>
    <message>
        <source>At the peak</source>
        <translation>跳到峰值</translation>
    </message>
    <message>
        <source>List the allocations alive at the allocator&apos;s peak</source>
        <translation>列出分配器峰值时存活的内存分配</translation>
    </message>
    <message>
        <source>Group by operator</source>
        <translation>按算子分组</translation>
    </message>
    <message>
        <source>Group by Python frame</source>
        <translation>按 Python 栈帧分组</translation>
    </message>
    <message>
        <source>Python frames need a trace collected with with_stack</source>
        <translation>Python 栈帧需要使用 with_stack 采集的 trace</translation>
    </message>
    <message>
        <source>Operator / allocation</source>
        <translation>算子 / 分配</translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation>大小（MB）</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Allocated at</source>
        <translation>分配时间</translation>
    </message>
    <message>
        <source>Released at</source>
        <translation>释放时间</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>存活时长</translation>
    </message>
    <message>
        <source>%1: peak %2 MB allocated, %3 MB reserved then (reserve peak %4 MB)</source>
        <translation>%1：峰值已分配 %2 MB，当时已预留 %3 MB（预留峰值 %4 MB）</translation>
    </message>
    <message>
        <source>(no Python frame)</source>
        <translation>（无 Python 栈帧）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>to the end</source>
        <translation>直到结束</translation>
    </message>
    <message numerus="yes">
        <source>At %1: %n allocation(s) alive, %2 MB</source>
        <translation>
            <numerusform>%1 时：%n 次分配存活，共 %2 MB</numerusform>
        </translation>
    </message>
    <message>
        <source>NPU modules (%1): peak %2 MB reserved</source>
        <translation>NPU 模块（%1）：预留峰值 %2 MB</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation(s) in %1</source>
        <translation>
            <numerusform>%1 中共 %n 次分配</numerusform>
        </translation>
    </message>
    <message>
        <source>No %1: the allocations were not recorded</source>
        <translation>没有 %1：未记录内存分配</translation>
    </message>
</context>
<context>
    <name>npuscope::MemoryReport</name>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Peak allocated(MB)</source>
        <translation>已分配峰值(MB)</translation>
    </message>
    <message>
        <source>Peak reserved(MB)</source>
        <translation>已预留峰值(MB)</translation>
    </message>
    <message>
        <source>At(us)</source>
        <translation>时刻(us)</translation>
    </message>
    <message>
        <source>Alive then(MB)</source>
        <translation>当时存活(MB)</translation>
    </message>
    <message>
        <source>Largest alive</source>
        <translation>最大的存活分配</translation>
    </message>
    <message>
        <source>%1 (%2 MB)</source>
        <translation>%1（%2 MB）</translation>
    </message>
    <message>
        <source>Memory (peaks; allocations of %1 alive then)
</source>
        <translation>内存（峰值；当时存活的 %1 分配）
</translation>
    </message>
</context>
<context>
    <name>npuscope::ModuleFlameGraph</name>
    <message>
        <source>No modules: the module view needs both runs collected with with_stack (nn.Module slices).</source>
        <translation>没有模块：模块视图需要两次运行都使用 with_stack 采集（nn.Module 切片）。</translation>
    </message>
    <message>
        <source>%1 (backward)</source>
        <translation>%1（反向）</translation>
    </message>
    <message>
        <source>%1 µs (self %2 µs)</source>
        <translation>%1 µs（自身 %2 µs）</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>%1 (%2)
Base: %3
New: %4
Change: %5</source>
        <translation>%1（%2）
基线：%3
新数据：%4
变化：%5</translation>
    </message>
</context>
<context>
    <name>npuscope::MsprofText</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::OperatorsPanel</name>
    <message>
        <source>This database has no framework operators (PYTORCH_API) to list.</source>
        <translation>该数据库中没有可列出的框架算子（PYTORCH_API）。</translation>
    </message>
    <message>
        <source>This trace has no framework operators (cpu_op) to list.</source>
        <translation>该时间线数据中没有可列出的框架算子（cpu_op）。</translation>
    </message>
    <message>
        <source>operator_details.csv was not collected (record_shapes or Level1 and above).</source>
        <translation>未采集 operator_details.csv（需要 record_shapes 或 Level1 及以上级别）。</translation>
    </message>
    <message>
        <source>Rebuilt from the trace&apos;s framework operators and their launches</source>
        <translation>由时间线数据中的框架算子及其下发关系重建</translation>
    </message>
    <message>
        <source>Rebuilt from PYTORCH_API and the tasks each operator launched</source>
        <translation>由 PYTORCH_API 及各算子下发的任务重建</translation>
    </message>
</context>
<context>
    <name>npuscope::ProfileLoader</name>
    <message>
        <source>%1: no profile found</source>
        <translation>%1：未找到性能数据</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is read from this report: its profile folder %2 is not reachable here, so only its summary (steps, layout, communication) is shown</source>
        <translation>%1 读自此报告：在这里无法访问它的性能数据文件夹 %2，因此只显示它的摘要（迭代、并行布局、通信）</translation>
    </message>
</context>
<context>
    <name>npuscope::ProfileSession</name>
    <message>
        <source>This kernel has no matching slice in the trace.</source>
        <translation>该算子在时间线数据中没有对应的切片。</translation>
    </message>
</context>
<context>
    <name>npuscope::ProfilerConfig</name>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>profiler_info is not a readable JSON object (%1); collection settings unknown</source>
        <translation>profiler_info 不是可读取的 JSON 对象（%1）；采集设置未知</translation>
    </message>
    <message>
        <source>cannot read profiler_info: %1</source>
        <translation>无法读取 profiler_info：%1</translation>
    </message>
    <message>
        <source>profiler_info is %1 MB, too large to be real; ignored</source>
        <translation>profiler_info 有 %1 MB，过大，不可能是真实文件；已忽略</translation>
    </message>
</context>
<context>
    <name>npuscope::ProfilerMetadata</name>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>profiler metadata: %1 is not %2; ignored</source>
        <translation>profiler metadata：%1 不是%2；已忽略</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>字节 %1</translation>
    </message>
    <message>
        <source>profiler metadata is not readable JSON (%1); environment variables and parallel groups unknown</source>
        <translation>profiler metadata 不是可读的 JSON（%1）；环境变量和并行通信组未知</translation>
    </message>
    <message>
        <source>profiler metadata is not a JSON object; environment variables and parallel groups unknown</source>
        <translation>profiler metadata 不是 JSON 对象；环境变量和并行通信组未知</translation>
    </message>
    <message>
        <source>byte 0</source>
        <translation>字节 0</translation>
    </message>
    <message>
        <source>profiler metadata cannot be read: %1</source>
        <translation>无法读取 profiler metadata：%1</translation>
    </message>
    <message>
        <source>META_DATA row %1, </source>
        <translation>META_DATA 行 %1，</translation>
    </message>
    <message>
        <source>profiler metadata: %1 is not a readable JSON object; ignored</source>
        <translation>profiler metadata：%1 不是可读的 JSON 对象；已忽略</translation>
    </message>
</context>
<context>
    <name>npuscope::RangeSummaryModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均耗时</translation>
    </message>
</context>
<context>
    <name>npuscope::RangeSummaryWidget</name>
    <message>
        <source>Shift+drag on the timeline to summarise a time range.</source>
        <translation>在时间线上按住 Shift 拖动以汇总一个时间范围。</translation>
    </message>
    <message>
        <source>Summarising %1…</source>
        <translation>正在汇总 %1…</translation>
    </message>
    <message numerus="yes">
        <source>%1 selected on %n track(s): %2 slices, %3 names</source>
        <translation>
            <numerusform>已选择 %1，%n 条泳道：%2 个切片，%3 个名称</numerusform>
        </translation>
    </message>
    <message>
        <source>Whole trace, device (as HTA): %1 span; idle %2 (%3), compute %4 (%5), non-compute %6 (%7).</source>
        <translation>整个 trace 的设备时间（与 HTA 相同）：跨度 %1；空闲 %2（%3），计算 %4（%5），非计算 %6（%7）。</translation>
    </message>
    <message>
        <source>Work launched before %1, as HTA measures.</source>
        <translation>只计 %1 开始之前下发的任务，与 HTA 相同。</translation>
    </message>
</context>
<context>
    <name>npuscope::RankComm</name>
    <message>
        <source>&quot;%1&quot; is not a number</source>
        <translation>“%1”不是数值</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>communication data partly read: %1</source>
        <translation>通信数据部分读取：%1</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>a packet size that is not [count, time]</source>
        <translation>数据包大小不是 [次数, 时间]</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>a link that is not &quot;src-dst&quot;</source>
        <translation>链路不是“src-dst”形式</translation>
    </message>
</context>
<context>
    <name>npuscope::RankLoader</name>
    <message>
        <source>The rank could not be loaded.</source>
        <translation>无法加载该 Rank。</translation>
    </message>
    <message>
        <source>its profile folder %1 is not reachable from here; only its summary in %2 can be shown.</source>
        <translation>在这里无法访问它的性能数据文件夹 %1；只能显示它在 %2 中的摘要。</translation>
    </message>
</context>
<context>
    <name>npuscope::RankTimelineController</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Show Ranks on One &amp;Timeline…</source>
        <translation>在同一时间线上显示多个 Rank(&amp;T)…</translation>
    </message>
    <message>
        <source>Several ranks on one timeline, aligned by step start</source>
        <translation>在同一时间线上显示多个 Rank，按迭代开始时间对齐</translation>
    </message>
    <message>
        <source>Show Ranks on One Timeline</source>
        <translation>在同一时间线上显示多个 Rank</translation>
    </message>
    <message>
        <source>Ranks to show (at most %1); each rank&apos;s trace is read unless it is open:</source>
        <translation>要显示的 Rank（最多 %1 个）；未打开的 Rank 将读取其时间线数据：</translation>
    </message>
    <message>
        <source>Choose between one and %1 ranks.</source>
        <translation>请选择 1 到 %1 个 Rank。</translation>
    </message>
    <message>
        <source>No such rank to show.</source>
        <translation>没有可显示的此 Rank。</translation>
    </message>
    <message numerus="yes">
        <source>Reading the traces of %n rank(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个 Rank 的时间线数据…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>npuscope::RankTimelineWindow</name>
    <message>
        <source>%1 on One Timeline — npuscope</source>
        <translation>%1 的同一时间线视图 — npuscope</translation>
    </message>
    <message>
        <source>First events</source>
        <translation>首个事件</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>The step whose start lines up on every rank</source>
        <translation>各 Rank 以此迭代的开始时间对齐</translation>
    </message>
    <message>
        <source>Align on:</source>
        <translation>对齐到：</translation>
    </message>
    <message>
        <source>%1: no trace</source>
        <translation>%1：无时间线数据</translation>
    </message>
    <message>
        <source>%1 (reference)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>%1 %2%3</source>
        <translation>%1 %2%3</translation>
    </message>
    <message>
        <source>(no step %1: first events aligned)</source>
        <translation>（无迭代 %1：按首个事件对齐）</translation>
    </message>
    <message>
        <source>Aligned on each rank&apos;s first event.</source>
        <translation>已按各 Rank 的首个事件对齐。</translation>
    </message>
    <message>
        <source>Aligned on the start of step %1.</source>
        <translation>已按迭代 %1 的开始时间对齐。</translation>
    </message>
    <message>
        <source>Times shifted by: %1</source>
        <translation>时间偏移：%1</translation>
    </message>
</context>
<context>
    <name>npuscope::ReportDocument</name>
    <message>
        <source>npuscope report: %1</source>
        <translation>npuscope 报告：%1</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Kernel time(us)</source>
        <translation>算子耗时(us)</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Mean step(us)</source>
        <translation>平均迭代耗时(us)</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>诊断结果</translation>
    </message>
    <message>
        <source>Findings across ranks</source>
        <translation>各 Rank 的诊断结果</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>at: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>%1 (top %2 of %3)</source>
        <translation>%1 (前 %2 项，共 %3 项)</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total(us)</source>
        <translation>总耗时(us)</translation>
    </message>
    <message>
        <source>Mean(us)</source>
        <translation>平均(us)</translation>
    </message>
    <message>
        <source>Max(us)</source>
        <translation>最大(us)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Profiler level %1, aic_metrics %2</source>
        <translation>采集级别 %1，aic_metrics %2</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>Top kernels by duration</source>
        <translation>耗时最长的算子</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Duration(us)</source>
        <translation>耗时(us)</translation>
    </message>
    <message>
        <source>Wait(us)</source>
        <translation>等待时间(us)</translation>
    </message>
    <message>
        <source>Block Dim</source>
        <translation>Block Dim</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>加速核</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>By Type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>By Accelerator Core</source>
        <translation>按加速核</translation>
    </message>
    <message>
        <source>By Name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Wall(us)</source>
        <translation>总耗时(us)</translation>
    </message>
    <message>
        <source>Busy(us)</source>
        <translation>忙碌(us)</translation>
    </message>
    <message>
        <source>Computing(us)</source>
        <translation>计算(us)</translation>
    </message>
    <message>
        <source>Comm not overlapped(us)</source>
        <translation>未掩盖通信(us)</translation>
    </message>
    <message>
        <source>Free(us)</source>
        <translation>空闲(us)</translation>
    </message>
    <message>
        <source>Unaccounted(us)</source>
        <translation>未归因(us)</translation>
    </message>
    <message>
        <source>Input issues</source>
        <translation>输入数据问题</translation>
    </message>
    <message>
        <source>%1: %2 To check it: %3</source>
        <translation>%1：%2 如需检查：%3</translation>
    </message>
    <message>
        <source>Not checked (data missing)</source>
        <translation>未检查（缺少数据）</translation>
    </message>
    <message>
        <source>Host frames that launched the most device time</source>
        <translation>启动设备时间最多的主机帧</translation>
    </message>
    <message>
        <source>Device time %1 us, %2 us of it attributed to host frames through the launch flows, %3 us unattributed.</source>
        <translation>设备时间 %1 us，其中 %2 us 通过下发连线归属到主机帧，%3 us 未归属。</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>Self device(us)</source>
        <translation>自身设备(us)</translation>
    </message>
    <message>
        <source>Total device(us)</source>
        <translation>总设备(us)</translation>
    </message>
    <message>
        <source>Self host(us)</source>
        <translation>自身主机(us)</translation>
    </message>
    <message>
        <source>Total host(us)</source>
        <translation>总主机(us)</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
</context>
<context>
    <name>npuscope::ReportSummary</name>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>not a readable npuscope report: %1</source>
        <translation>不是可读的 npuscope 报告：%1</translation>
    </message>
    <message>
        <source>an npuscope report without rank summaries (written by an older npuscope): open the profile it describes, or report it again</source>
        <translation>不含各卡摘要的 npuscope 报告（由旧版 npuscope 写出）：请打开它所描述的性能数据，或重新生成报告</translation>
    </message>
    <message>
        <source>%1 is no longer in this report</source>
        <translation>%1 已不在此报告中</translation>
    </message>
</context>
<context>
    <name>npuscope::ScanResultsView</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Collected</source>
        <translation>采集时间</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Stop scanning; the profiles found so far stay listed</source>
        <translation>停止扫描；已找到的性能数据仍保留在列表中</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1 个</translation>
    </message>
    <message>
        <source>%1
Opens all %2 ranks of this run</source>
        <translation>%1
打开此运行的全部 %2 个 Rank</translation>
    </message>
    <message numerus="yes">
        <source>Scanning %1… %n profile(s) found</source>
        <translation>
            <numerusform>正在扫描 %1… 已找到 %n 份性能数据</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan of %1 stopped: %n profile(s) found</source>
        <translation>
            <numerusform>已停止扫描 %1：找到 %n 份性能数据</numerusform>
        </translation>
    </message>
    <message>
        <source>No profiles found in %1.</source>
        <translation>在 %1 中未找到性能数据。</translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s) found in %1.</source>
        <translation>
            <numerusform>在 %1 中找到 %n 份性能数据。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>The language of menus, panels and findings</source>
        <translation>菜单、面板和诊断结果所用的语言</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>The new language is used when npuscope starts next time.</source>
        <translation>新语言将在下次启动 npuscope 时生效。</translation>
    </message>
</context>
<context>
    <name>npuscope::StartPage</name>
    <message>
        <source>Recent profiles</source>
        <translation>最近打开的性能数据</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>No recent profiles yet.</source>
        <translation>暂无最近打开的性能数据。</translation>
    </message>
    <message>
        <source>Tip: drop a profile folder or a trace file anywhere on this window.</source>
        <translation>提示：可将性能数据文件夹或时间线数据文件拖放到此窗口的任意位置。</translation>
    </message>
    <message>
        <source>npuscope</source>
        <translation>npuscope</translation>
    </message>
    <message>
        <source>Open an Ascend (torch_npu) profiler folder, a trace_view.json or a PyTorch Kineto trace to see where every millisecond of a training step goes.</source>
        <translation>打开昇腾（torch_npu）性能采集文件夹、trace_view.json 或 PyTorch Kineto 时间线数据，查看训练迭代中每一毫秒花在了哪里。</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open Demo Profile</source>
        <translation>打开演示性能数据</translation>
    </message>
    <message>
        <source>%1 (not found)</source>
        <translation>%1（未找到）</translation>
    </message>
    <message>
        <source>Profiles in %1</source>
        <translation>%1 中的性能数据</translation>
    </message>
    <message>
        <source>Scan Folder…</source>
        <translation>扫描文件夹…</translation>
    </message>
    <message>
        <source>Find every profile below a folder: Ascend rank folders and Kineto traces</source>
        <translation>查找某个文件夹下的全部性能数据：昇腾 Rank 文件夹和 Kineto 时间线数据</translation>
    </message>
    <message>
        <source>Scan Folder for Profiles</source>
        <translation>扫描文件夹中的性能数据</translation>
    </message>
</context>
<context>
    <name>npuscope::TablePanel</name>
    <message>
        <source>Regex</source>
        <translation>Regex</translation>
    </message>
    <message>
        <source>Filter rows (any text column)…</source>
        <translation>筛选行（任意文本列）…</translation>
    </message>
    <message>
        <source>Treat the filter as a regular expression</source>
        <translation>将筛选条件视为正则表达式</translation>
    </message>
    <message>
        <source>&amp;Copy Rows as TSV</source>
        <translation>以 TSV 格式复制行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Find on Timeline</source>
        <translation>在时间线上查找(&amp;F)</translation>
    </message>
    <message>
        <source>Invalid regular expression</source>
        <translation>无效的正则表达式</translation>
    </message>
    <message>
        <source>%1: %2 rows</source>
        <translation>%1：%2 行</translation>
    </message>
    <message>
        <source>%1: %2 of %3 rows</source>
        <translation>%1：%2 / %3 行</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineArrangement</name>
    <message>
        <source>offset %1: %2</source>
        <translation>偏移 %1：%2</translation>
    </message>
    <message>
        <source>not a timeline arrangement (no JSON object)</source>
        <translation>不是时间线排列（没有 JSON 对象）</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineArrangementControl</name>
    <message>
        <source>Show Hidden</source>
        <translation>显示隐藏项</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Undo Arrangement Change</source>
        <translation>撤销排列更改</translation>
    </message>
    <message>
        <source>Reset Arrangement</source>
        <translation>重置排列</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineArrangementStore</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large for a timeline arrangement</source>
        <translation>%1：%2 字节，对时间线排列来说太大</translation>
    </message>
    <message>
        <source>%1: cannot remove the file</source>
        <translation>%1：无法删除文件</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineColors</name>
    <message>
        <source>Cube (AI_CORE)</source>
        <translation>Cube（AI_CORE）</translation>
    </message>
    <message>
        <source>Vector (AI_VECTOR_CORE)</source>
        <translation>Vector（AI_VECTOR_CORE）</translation>
    </message>
    <message>
        <source>Mixed (MIX_AIC/AIV)</source>
        <translation>混合（MIX_AIC/AIV）</translation>
    </message>
    <message>
        <source>AI_CPU</source>
        <translation>AI_CPU</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory copy</source>
        <translation>内存拷贝</translation>
    </message>
    <message>
        <source>Other device task</source>
        <translation>其他设备任务</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineExporter</name>
    <message>
        <source>--tracks: &quot;%1&quot; is not a valid regular expression: %2</source>
        <translation>--tracks：“%1”不是有效的正则表达式：%2</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>无时间线数据</translation>
    </message>
    <message>
        <source>npuscope timeline</source>
        <translation>npuscope 时间线</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png or .svg</source>
        <translation>%1：文件名必须以 .png 或 .svg 结尾</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineFollower</name>
    <message numerus="yes">
        <source>%1: %n event(s) on the timeline (F3 for the next).</source>
        <translation>
            <numerusform>%1：时间线上有 %n 个事件（按 F3 跳到下一个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 does not appear on the timeline.</source>
        <translation>%1 未出现在时间线上。</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineLayout</name>
    <message>
        <source>Process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>已固定</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelinePainter</name>
    <message numerus="yes">
        <source>%Ln events</source>
        <translation>
            <numerusform>%Ln 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <source>Span %1</source>
        <translation>跨度 %1</translation>
    </message>
    <message>
        <source>W / S, Ctrl+Wheel</source>
        <translation>W / S，Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Zoom in / out at the mouse</source>
        <translation>以鼠标位置为中心放大 / 缩小</translation>
    </message>
    <message>
        <source>A / D, Drag</source>
        <translation>A / D，拖动</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>Wheel, Up / Down</source>
        <translation>滚轮，↑ / ↓</translation>
    </message>
    <message>
        <source>Scroll the tracks</source>
        <translation>滚动泳道</translation>
    </message>
    <message>
        <source>Shift+Drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Select a time range</source>
        <translation>选择时间范围</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a slice; click a process to fold it</source>
        <translation>选中切片；单击进程可将其折叠</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Zoom to a slice</source>
        <translation>缩放到切片</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the range selection or the selected slice</source>
        <translation>缩放以适配所选范围或所选切片</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Undo the last zoom</source>
        <translation>撤销上一次缩放</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Show the whole trace</source>
        <translation>显示完整时间线</translation>
    </message>
    <message>
        <source>Ctrl+Right / Ctrl+Left</source>
        <translation>Ctrl+Right / Ctrl+Left</translation>
    </message>
    <message>
        <source>Follow the selected slice&apos;s flow forward / back</source>
        <translation>沿所选切片的连线前进 / 后退</translation>
    </message>
    <message>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <source>Colour slices by name or by category</source>
        <translation>按名称或类别为切片着色</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Show or hide this help</source>
        <translation>显示或隐藏此帮助</translation>
    </message>
    <message>
        <source>Timeline keys</source>
        <translation>时间线快捷键</translation>
    </message>
    <message numerus="yes">
        <source>+%n level(s)</source>
        <translation>
            <numerusform>+%n 层</numerusform>
        </translation>
    </message>
    <message>
        <source>fold levels</source>
        <translation>折叠层级</translation>
    </message>
    <message>
        <source>Click +N levels</source>
        <translation>单击 +N 层</translation>
    </message>
    <message>
        <source>Show every nesting level of a deep track</source>
        <translation>显示深层泳道的全部嵌套层级</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>Find slices by name</source>
        <translation>按名称查找切片</translation>
    </message>
    <message>
        <source>F3 / Shift+F3</source>
        <translation>F3 / Shift+F3</translation>
    </message>
    <message>
        <source>Next / previous match</source>
        <translation>下一个 / 上一个匹配</translation>
    </message>
    <message>
        <source>Device idle</source>
        <translation>设备空闲</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineSearch</name>
    <message>
        <source>Invalid regular expression at offset %1: %2</source>
        <translation>正则表达式在偏移 %1 处无效：%2</translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineSearchBar</name>
    <message>
        <source>Regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Find slices by name</source>
        <translation>按名称查找切片</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3, Shift+Enter)</source>
        <translation>上一个匹配（Shift+F3、Shift+Enter）</translation>
    </message>
    <message>
        <source>Next match (F3, Enter)</source>
        <translation>下一个匹配（F3、Enter）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>关闭查找栏（Esc）</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n match(es)</source>
        <translation>
            <numerusform>第 %1 个，共 %n 个匹配</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineTooltip</name>
    <message>
        <source>(object)</source>
        <translation>（对象）</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more fields</source>
        <translation>
            <numerusform>另有 %Ln 个字段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln events</source>
        <translation>
            <numerusform>%Ln 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>From</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>Zoom in to see them one by one</source>
        <translation>放大以逐个查看</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>起始于</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Device idle</source>
        <translation>设备空闲</translation>
    </message>
    <message>
        <source>Stream gap</source>
        <translation>流空隙</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message numerus="yes">
        <source>%Ln gaps merged; zoom in to see them</source>
        <translation>
            <numerusform>已合并 %Ln 个空隙；放大以逐个查看</numerusform>
        </translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>%1 (%2 of the span)</source>
        <translation>%1（占时间跨度的 %2）</translation>
    </message>
    <message>
        <source>Under the cursor</source>
        <translation>光标处</translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s), %1 busy</source>
        <translation>
            <numerusform>%Ln 个事件，忙碌 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Longest there</source>
        <translation>该处最长</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>of the first %Ln</source>
        <translation>
            <numerusform>（仅统计前 %Ln 个）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>npuscope::TimelineView</name>
    <message>
        <source>No trace loaded</source>
        <translation>未加载时间线数据</translation>
    </message>
    <message numerus="yes">
        <source>Show All %n Level(s)</source>
        <translation>
            <numerusform>显示全部 %n 层</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show Only %n Level(s)</source>
        <translation>
            <numerusform>仅显示 %n 层</numerusform>
        </translation>
    </message>
    <message>
        <source>Expand Process</source>
        <translation>展开进程</translation>
    </message>
    <message>
        <source>Collapse Process</source>
        <translation>折叠进程</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>固定到顶部</translation>
    </message>
    <message>
        <source>Hide Process</source>
        <translation>隐藏进程</translation>
    </message>
    <message>
        <source>Hide Counter</source>
        <translation>隐藏计数器</translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation>隐藏轨道</translation>
    </message>
</context>
<context>
    <name>npuscope::TraceParser</name>
    <message>
        <source>%1 flow ends are not inside any slice and were not drawn</source>
        <translation>%1 个连线端点不在任何切片内，未绘制</translation>
    </message>
    <message>
        <source>%1 &quot;B&quot; events have no matching &quot;E&quot;; shown with zero duration</source>
        <translation>%1 个 &quot;B&quot; 事件没有匹配的 &quot;E&quot;，按零时长显示</translation>
    </message>
    <message>
        <source>%1 &quot;E&quot; events have no matching &quot;B&quot;; ignored</source>
        <translation>%1 个 &quot;E&quot; 事件没有匹配的 &quot;B&quot;，已忽略</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>%1 (and %2 more like it)</source>
        <translation>%1（另有 %2 处类似）</translation>
    </message>
    <message>
        <source>read error</source>
        <translation>读取错误</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>not a JSON trace: it starts with &quot;%1&quot;</source>
        <translation>不是 JSON 格式的 trace：文件以 &quot;%1&quot; 开头</translation>
    </message>
    <message>
        <source>a JSON object without a &quot;traceEvents&quot; array</source>
        <translation>JSON 对象中没有 &quot;traceEvents&quot; 数组</translation>
    </message>
    <message>
        <source>byte 0</source>
        <translation>第 0 字节</translation>
    </message>
    <message>
        <source>the file became shorter while it was being read; the rest was not loaded</source>
        <translation>读取过程中文件变短了，其余部分未加载</translation>
    </message>
    <message>
        <source>the event array is not closed (missing &apos;]&apos;); every complete event was loaded</source>
        <translation>事件数组未闭合（缺少 &apos;]&apos;），所有完整的事件均已加载</translation>
    </message>
    <message>
        <source>trailing comma before the closing &apos;]&apos; (a known torch_npu quirk); nothing lost</source>
        <translation>闭合的 &apos;]&apos; 前有多余的逗号（torch_npu 的已知问题），没有丢失数据</translation>
    </message>
    <message>
        <source>the trace ends inside an event (%1); the last %2 bytes were dropped — was the job stopped while writing?</source>
        <translation>trace 在某个事件中间结束（%1），最后 %2 字节已丢弃——是否在写入时停止了任务？</translation>
    </message>
    <message>
        <source>malformed event (%1); skipped %2 bytes up to the next event</source>
        <translation>事件格式错误（%1），已跳过 %2 字节直到下一个事件</translation>
    </message>
    <message>
        <source>counter value is not a number: %1</source>
        <translation>计数器的值不是数字：%1</translation>
    </message>
    <message>
        <source>event without &quot;ts&quot;</source>
        <translation>事件缺少 &quot;ts&quot;</translation>
    </message>
    <message>
        <source>timestamp %1 is not a valid number of microseconds</source>
        <translation>时间戳 %1 不是有效的微秒数</translation>
    </message>
    <message>
        <source>duration %1 is not a valid number of microseconds; shown as 0</source>
        <translation>时长 %1 不是有效的微秒数，按 0 显示</translation>
    </message>
    <message>
        <source>negative duration; shown as 0</source>
        <translation>时长为负数，按 0 显示</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>decompressed data exceeds %1 MiB; refusing to continue (gzip bomb guard)</source>
        <translation>解压后的数据超过 %1 MiB；拒绝继续（gzip 炸弹防护）</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>no trace event in the first %1 MiB after the event array starts; the rest was not read</source>
        <translation>事件数组开始后的前 %1 MiB 中没有任何跟踪事件；其余部分未读取</translation>
    </message>
    <message>
        <source>compressed byte %1</source>
        <translation>压缩数据第 %1 字节</translation>
    </message>
    <message>
        <source>only whitespace in the first %1 MiB</source>
        <translation>前 %1 MiB 只有空白字符</translation>
    </message>
    <message>
        <source>a compressed trace can be loaded only once</source>
        <translation>压缩的跟踪文件只能加载一次</translation>
    </message>
</context>
<context>
    <name>npuscope::Usage</name>
    <message>
        <source>open profiles in the GUI, a window each</source>
        <translation>在图形界面中打开性能数据，每个一个窗口</translation>
    </message>
    <message>
        <source>open the generated demo profile in the GUI</source>
        <translation>在图形界面中打开生成的演示性能数据</translation>
    </message>
    <message>
        <source>findings, kernels and steps of a profile</source>
        <translation>性能数据的诊断项、算子与迭代</translation>
    </message>
    <message>
        <source>compare one step of two runs</source>
        <translation>对比两次运行中的一个迭代</translation>
    </message>
    <message>
        <source>draw the timeline into an image</source>
        <translation>将时间线绘制为图片</translation>
    </message>
    <message>
        <source>write a synthetic profile with planted problems</source>
        <translation>生成植入了问题的合成性能数据</translation>
    </message>
    <message>
        <source>every option of a command</source>
        <translation>命令的全部选项</translation>
    </message>
    <message>
        <source>Viewer and analyser for Ascend (torch_npu) and Kineto training profiles.</source>
        <translation>昇腾（torch_npu）与 Kineto 训练性能数据的查看与分析工具。</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>the findings catalogue: inputs and thresholds with their sources, as JSON</source>
        <translation>诊断规则目录：输入数据与阈值及其来源（JSON）</translation>
    </message>
</context>
</TS>
