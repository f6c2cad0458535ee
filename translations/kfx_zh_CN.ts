<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BinChart</name>
    <message>
        <source>The forecast&apos;s probability for each speedup bin: filled in the highlight colour, the predicted bin; outlined, the bin the measurement fell into; dashed, 1× (no speedup)</source>
        <translation>预测在每个加速比区间上的概率：以高亮色填充的是预测区间，带边框的是测量值所在区间，虚线为 1×（无加速）</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>the predicted bin</source>
        <translation>预测区间</translation>
    </message>
    <message>
        <source>the bin the measurement fell into</source>
        <translation>测量值所在区间</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation>无预测</translation>
    </message>
</context>
<context>
    <name>CalibrationInputs</name>
    <message>
        <source>%1: %2 forecast kernels, more than the %3 the in-search baselines are computed for, so its forecasts are shown without them.</source>
        <translation>%1：%2 个已预测的内核，超过了计算搜索内基线的上限 %3，因此其预测不附带基线显示。</translation>
    </message>
    <message numerus="yes">
        <source>The in-search baselines of %n forecast kernel(s) are being computed…</source>
        <translation>
            <numerusform>正在计算 %n 个已预测内核的搜索内基线…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CalibrationSummaryModel</name>
    <message>
        <source>AURC
%1</source>
        <translation>AURC
%1</translation>
    </message>
    <message>
        <source>At 50%
%1</source>
        <translation>50% 时
%1</translation>
    </message>
    <message>
        <source>Surrogate</source>
        <translation>代理模型</translation>
    </message>
    <message>
        <source>Parsed</source>
        <translation>可解析</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Off by
≤ 1 bin</source>
        <translation>偏差
≤ 1 区间</translation>
    </message>
    <message>
        <source>Brier</source>
        <translation>Brier</translation>
    </message>
    <message>
        <source>CRPS</source>
        <translation>CRPS</translation>
    </message>
    <message>
        <source>NLL</source>
        <translation>NLL</translation>
    </message>
    <message>
        <source>ECE</source>
        <translation>ECE</translation>
    </message>
    <message>
        <source>Share of answers that could be parsed into a forecast</source>
        <translation>可解析为预测的回答所占比例</translation>
    </message>
    <message>
        <source>Share of parsed forecasts that declare the true bin</source>
        <translation>给出真实区间的已解析预测所占比例</translation>
    </message>
    <message>
        <source>Share of parsed forecasts at most one bin from the true bin</source>
        <translation>与真实区间相差至多一个区间的已解析预测所占比例</translation>
    </message>
    <message>
        <source>Mean over all rows, unparsed answers scored as a uniform forecast; lower is better</source>
        <translation>所有行的平均值，无法解析的回答按均匀预测计分；越低越好</translation>
    </message>
    <message numerus="yes">
        <source>Expected calibration error over %n confidence bucket(s)</source>
        <translation>
            <numerusform>%n 个置信度分组上的期望校准误差</numerusform>
        </translation>
    </message>
    <message>
        <source>Risk when trusting the most confident half of the forecasts (%1)</source>
        <translation>信任最有把握的一半预测时的风险（%1）</translation>
    </message>
    <message>
        <source>Area under the risk–coverage curve (%1); lower is better</source>
        <translation>风险–覆盖率曲线下面积（%1）；越低越好</translation>
    </message>
    <message>
        <source>%1 [%2, %3]</source>
        <translation>%1 [%2, %3]</translation>
    </message>
    <message>
        <source>ACE</source>
        <translation>ACE</translation>
    </message>
    <message>
        <source>MCE</source>
        <translation>MCE</translation>
    </message>
    <message>
        <source>Classwise
ECE</source>
        <translation>逐类
ECE</translation>
    </message>
    <message>
        <source>Spiegel-
halter p</source>
        <translation>Spiegel-
halter p</translation>
    </message>
    <message>
        <source>AURC
[95% CI]</source>
        <translation>AURC
[95% CI]</translation>
    </message>
    <message>
        <source>AUGRC
[95% CI]</source>
        <translation>AUGRC
[95% CI]</translation>
    </message>
    <message>
        <source>Coverage at
%1% risk</source>
        <translation>风险 %1% 时
的覆盖率</translation>
    </message>
    <message>
        <source>Risk at
%1% coverage</source>
        <translation>覆盖率 %1% 时
的风险</translation>
    </message>
    <message numerus="yes">
        <source>Adaptive calibration error: the mean gap between confidence and accuracy over %n bucket(s) holding equal numbers of forecasts</source>
        <translation>
            <numerusform>自适应校准误差：在 %n 个预测数相等的分组上，置信度与准确率之差的平均值</numerusform>
        </translation>
    </message>
    <message>
        <source>Maximum calibration error: the largest gap between confidence and accuracy over the reliability diagram&apos;s buckets</source>
        <translation>最大校准误差：可靠性图各分组中置信度与准确率之差的最大值</translation>
    </message>
    <message>
        <source>Calibration error of each bin&apos;s probability against that bin being the true one, averaged over the 8 bins</source>
        <translation>每个区间的概率相对于该区间为真实区间的校准误差，在 8 个区间上取平均</translation>
    </message>
    <message>
        <source>Spiegelhalter&apos;s test that the confidences are calibrated: a small p says they are not</source>
        <translation>检验置信度是否校准的 Spiegelhalter 检验：p 值小说明未校准</translation>
    </message>
    <message>
        <source>Area under the risk–coverage curve (max-prob score, wrong bin), with a bootstrap 95% interval</source>
        <translation>风险–覆盖率曲线下面积（max-prob 分数，错误区间），附 bootstrap 95% 区间</translation>
    </message>
    <message>
        <source>Area under the generalised risk–coverage curve: the chance a forecast is both trusted and wrong, averaged over coverage; with a bootstrap 95% interval</source>
        <translation>广义风险–覆盖率曲线下面积：预测既受信任又错误的概率，在覆盖率上取平均；附 bootstrap 95% 区间</translation>
    </message>
    <message>
        <source>The largest share of forecasts that can be trusted with at most this share wrong</source>
        <translation>在错误比例至多为此值的前提下，可信任的最大预测比例</translation>
    </message>
    <message>
        <source>The share wrong among the most confident forecasts covering at least this share</source>
        <translation>覆盖至少此比例的最有把握预测中的错误比例</translation>
    </message>
    <message>
        <source>&lt; 0.001</source>
        <translation>&lt; 0.001</translation>
    </message>
</context>
<context>
    <name>CalibrationTableModel</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
</context>
<context>
    <name>CalibrationView</name>
    <message>
        <source>Repeats</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>测试包</translation>
    </message>
    <message>
        <source>Confidence score</source>
        <translation>置信度分数</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Pooled</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Separate</source>
        <translation>分开</translation>
    </message>
    <message>
        <source>Pool a surrogate&apos;s repeats, or show each repeat as its own surrogate (&quot;name #r&quot;)</source>
        <translation>合并代理模型的重复运行，或将每次重复显示为独立的代理模型（“名称 #r”）</translation>
    </message>
    <message>
        <source>All packs</source>
        <translation>所有测试包</translation>
    </message>
    <message>
        <source>The confidence score that decides which forecasts are trusted</source>
        <translation>决定信任哪些预测的置信度分数</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export the chart shown, or its data</source>
        <translation>导出当前图表或其数据</translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation>%1（%2）…</translation>
    </message>
    <message>
        <source>Summary as CSV…</source>
        <translation>摘要导出为 CSV…</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>重复(&amp;R)：</translation>
    </message>
    <message>
        <source>P&amp;ack:</source>
        <translation>测试包(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Score:</source>
        <translation>分数(&amp;S)：</translation>
    </message>
    <message>
        <source>Ris&amp;k:</source>
        <translation>风险(&amp;K)：</translation>
    </message>
    <message>
        <source>Surrogate of the confusion matrix</source>
        <translation>混淆矩阵的代理模型</translation>
    </message>
    <message>
        <source>S&amp;urrogate:</source>
        <translation>代理模型(&amp;U)：</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <source>Risk–coverage</source>
        <translation>风险–覆盖率</translation>
    </message>
    <message>
        <source>Top-k recovery</source>
        <translation>Top-k 召回</translation>
    </message>
    <message>
        <source>Confusion</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>%1, trusted at threshold %2</source>
        <translation>%1，阈值 %2 时信任</translation>
    </message>
    <message>
        <source>%1, the top %2% of each pool measured</source>
        <translation>%1，每个池中前 %2% 已测量</translation>
    </message>
    <message>
        <source>%1, predicted bin %2, true bin %3</source>
        <translation>%1，预测区间 %2，真实区间 %3</translation>
    </message>
    <message>
        <source>Summary per surrogate</source>
        <translation>各代理模型摘要</translation>
    </message>
    <message>
        <source>Click a bucket, curve point or cell to select its forecasts.</source>
        <translation>点击分组、曲线点或单元格以选中其预测。</translation>
    </message>
    <message>
        <source>No forecasts to calibrate. Open a search log whose nodes carry forecasts, or predictions (kfx-cli forecast writes them) together with the pairs or search they forecast.</source>
        <translation>没有可校准的预测。请打开节点带有预测的搜索日志，或将预测文件（由 kfx-cli forecast 生成）与其所预测的对或搜索一同打开。</translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) loaded, but no measured comparison: open the eval set or the search log they forecast as well.</source>
        <translation>
            <numerusform>已加载 %n 条预测，但没有已测量的对比：请同时打开它们所预测的评估集或搜索日志。</numerusform>
        </translation>
    </message>
    <message>
        <source>No forecast of pack %1 names a comparison with a measured speedup.</source>
        <translation>测试包 %1 中没有任何预测对应有测量加速比的对比。</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n loaded forecast(s) names a loaded comparison with a measured speedup.</source>
        <translation>
            <numerusform>已加载的 %n 条预测均未对应有测量加速比的已加载对比。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s)</source>
        <translation>
            <numerusform>%n 个对比</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) of %1 (repeats pooled)</source>
        <translation>
            <numerusform>%1 的 %n 条预测（重复已合并）</numerusform>
        </translation>
    </message>
    <message>
        <source>Selected %1: %2</source>
        <translation>已选中 %1：%2</translation>
    </message>
    <message>
        <source>Export Chart as PNG…</source>
        <translation>图表导出为 PNG…</translation>
    </message>
    <message>
        <source>Export Chart as SVG…</source>
        <translation>图表导出为 SVG…</translation>
    </message>
    <message>
        <source>Export Data as CSV…</source>
        <translation>数据导出为 CSV…</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>已将%1导出到 %2</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Reliability buckets</source>
        <translation>可靠性分组</translation>
    </message>
    <message>
        <source>Equal width</source>
        <translation>等宽</translation>
    </message>
    <message>
        <source>Equal count</source>
        <translation>等数量</translation>
    </message>
    <message>
        <source>Buckets of equal confidence range, or each holding the same number of forecasts</source>
        <translation>按相同置信度范围分组，或每组包含相同数量的预测</translation>
    </message>
    <message>
        <source>&amp;Buckets:</source>
        <translation>分组(&amp;B)：</translation>
    </message>
    <message>
        <source>%1, forecasts %2–%3% by confidence</source>
        <translation>%1，按置信度排序位于 %2–%3% 的预测</translation>
    </message>
    <message>
        <source>%1, confidence %2–%3</source>
        <translation>%1，置信度 %2–%3</translation>
    </message>
    <message>
        <source>Why the charts are empty, or what they leave out</source>
        <translation>图表为何为空，或省略了什么</translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation>选择一个内核以查看其代码。</translation>
    </message>
    <message>
        <source>Kernel code</source>
        <translation>内核代码</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>Search reference</source>
        <translation>搜索参考</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>父节点</translation>
    </message>
    <message>
        <source>Picked node</source>
        <translation>选定节点</translation>
    </message>
    <message>
        <source>Task reference</source>
        <translation>任务参考</translation>
    </message>
    <message>
        <source>Reference kernel</source>
        <translation>参考内核</translation>
    </message>
    <message>
        <source>What the left pane compares the candidate with: the search&apos;s seed (where the search started), the candidate&apos;s parent (the edit the mutation made), a node you picked with Navigate → Use as Reference, or the task&apos;s own reference kernel (the one the speedups are measured against)</source>
        <translation>左侧窗格用来与候选内核对比的对象：搜索的种子（搜索起点）、候选内核的父节点（变异所做的修改）、通过“导航 → 用作参考”选定的节点，或任务自身的参考内核（加速比即相对它测量）</translation>
    </message>
    <message>
        <source>Reference kernel code</source>
        <translation>参考内核代码</translation>
    </message>
    <message>
        <source>Candidate kernel code</source>
        <translation>候选内核代码</translation>
    </message>
    <message>
        <source>No reference to show.</source>
        <translation>没有可显示的参考。</translation>
    </message>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation>选择一个内核以查看其代码。</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>参考(&amp;R)：</translation>
    </message>
    <message>
        <source>No task is known for this search. Its reference kernel is read from tasks/&lt;task&gt;/ beside a &lt;task&gt;-search.jsonl log, or from the task directory chosen for Measure on GPU.</source>
        <translation>此搜索没有已知任务。其参考内核从 &lt;task&gt;-search.jsonl 日志旁的 tasks/&lt;task&gt;/ 读取，或从为“在 GPU 上测量”选择的任务目录读取。</translation>
    </message>
    <message>
        <source>Task %1 · %2</source>
        <translation>任务 %1 · %2</translation>
    </message>
    <message>
        <source>Cannot read the task&apos;s reference %1: %2</source>
        <translation>无法读取任务的参考 %1：%2</translation>
    </message>
    <message>
        <source>The task in %1 cannot be read: %2</source>
        <translation>无法读取 %1 中的任务：%2</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>The pair holds no candidate code.</source>
        <translation>该对不含候选代码。</translation>
    </message>
    <message>
        <source>Reference of %1</source>
        <translation>%1 的参考</translation>
    </message>
    <message>
        <source>Candidate %1 · measured %2</source>
        <translation>候选 %1 · 测得 %2</translation>
    </message>
    <message>
        <source>The pair holds no reference code.</source>
        <translation>该对不含参考代码。</translation>
    </message>
    <message>
        <source>The log names this kernel only as a parent and never shows its code.</source>
        <translation>日志仅将此内核作为父节点提及，从未给出其代码。</translation>
    </message>
    <message>
        <source>The log holds no code for this kernel.</source>
        <translation>日志中没有此内核的代码。</translation>
    </message>
    <message>
        <source>Candidate %1 · %2</source>
        <translation>候选 %1 · %2</translation>
    </message>
    <message>
        <source> · measured %1</source>
        <translation> · 测得 %1</translation>
    </message>
    <message>
        <source>Seed reference code</source>
        <translation>种子参考代码</translation>
    </message>
    <message>
        <source>Seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>Parent %1</source>
        <translation>父节点 %1</translation>
    </message>
    <message>
        <source>This kernel has no parent: it is the root of its lineage.</source>
        <translation>此内核没有父节点：它是其谱系的根。</translation>
    </message>
    <message>
        <source>No task reference</source>
        <translation>无任务参考</translation>
    </message>
    <message>
        <source>Picked %1</source>
        <translation>选定 %1</translation>
    </message>
    <message>
        <source>No node picked yet: select one and use Navigate → Use as Reference (Ctrl+R).</source>
        <translation>尚未选定节点：选中一个节点，然后使用“导航 → 用作参考”（Ctrl+R）。</translation>
    </message>
    <message>
        <source>No reference</source>
        <translation>无参考</translation>
    </message>
    <message>
        <source>&amp;Use as Reference</source>
        <translation>用作参考(&amp;U)</translation>
    </message>
    <message>
        <source>Compare every kernel selected from now on with this one</source>
        <translation>此后选中的每个内核都与此内核对比</translation>
    </message>
    <message>
        <source>Compare with the Search &amp;Reference</source>
        <translation>与搜索参考对比(&amp;R)</translation>
    </message>
    <message>
        <source>Show the search&apos;s seed reference on the left</source>
        <translation>在左侧显示搜索的种子参考</translation>
    </message>
    <message>
        <source>Compare with the Pa&amp;rent</source>
        <translation>与父节点对比(&amp;R)</translation>
    </message>
    <message>
        <source>Show the kernel&apos;s parent on the left</source>
        <translation>在左侧显示内核的父节点</translation>
    </message>
    <message>
        <source>Compare with the Picked &amp;Node</source>
        <translation>与选定节点对比(&amp;N)</translation>
    </message>
    <message>
        <source>Show the node picked with Use as Reference on the left</source>
        <translation>在左侧显示通过“用作参考”选定的节点</translation>
    </message>
    <message>
        <source>Compare with the &amp;Task&apos;s Reference</source>
        <translation>与任务的参考对比(&amp;T)</translation>
    </message>
    <message>
        <source>Show the task&apos;s own reference kernel, which the speedups are measured against, on the left</source>
        <translation>在左侧显示任务自身的参考内核（加速比即相对它测量）</translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>Confusion: %1</source>
        <translation>混淆矩阵：%1</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>真实区间</translation>
    </message>
    <message>
        <source>Predicted bin</source>
        <translation>预测区间</translation>
    </message>
    <message numerus="yes">
        <source>predicted bin %1, true bin %2: %n forecast(s)&lt;br&gt;%3 of the forecasts of bin %1%4</source>
        <translation>
            <numerusform>预测区间 %1，真实区间 %2：%n 条预测&lt;br&gt;占区间 %1 预测的 %3%4</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;br&gt;click to select them</source>
        <translation>&lt;br&gt;点击以选中它们</translation>
    </message>
</context>
<context>
    <name>ConfusionModel</name>
    <message>
        <source>True bin %1</source>
        <translation>真实区间 %1</translation>
    </message>
    <message>
        <source>Predicted bin %1</source>
        <translation>预测区间 %1</translation>
    </message>
</context>
<context>
    <name>DemoCandidateCard</name>
    <message>
        <source>Candidate being replayed</source>
        <translation>正在回放的候选</translation>
    </message>
    <message>
        <source>Following: %1</source>
        <translation>跟随：%1</translation>
    </message>
    <message>
        <source>Press Play or Step: each candidate appears, gets its forecast, then its verdict.</source>
        <translation>按“播放”或“单步”：每个候选依次出现，得到预测，然后得到裁决。</translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation>候选 %1</translation>
    </message>
    <message>
        <source>mutated from %1</source>
        <translation>由 %1 变异而来</translation>
    </message>
    <message>
        <source>Forecast: bin %1 %2, expected %3</source>
        <translation>预测：区间 %1 %2，期望 %3</translation>
    </message>
    <message>
        <source>The model deferred: %1</source>
        <translation>模型已转交：%1</translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation>无预测</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Not among the k chosen</source>
        <translation>不在选中的 k 个之中</translation>
    </message>
    <message>
        <source>Chosen for the GPU</source>
        <translation>已选中交给 GPU</translation>
    </message>
    <message>
        <source>Gate: trusted, confidence %1</source>
        <translation>门控：信任，置信度 %1</translation>
    </message>
    <message>
        <source>Gate: deferred, confidence %1</source>
        <translation>门控：转交，置信度 %1</translation>
    </message>
    <message>
        <source>Gate: deferred by the model</source>
        <translation>门控：由模型转交</translation>
    </message>
    <message>
        <source>Gate: deferred (no usable forecast)</source>
        <translation>门控：转交（无可用预测）</translation>
    </message>
    <message>
        <source>Gate: trusted by hand</source>
        <translation>门控：手动信任</translation>
    </message>
    <message>
        <source>Gate: deferred by hand</source>
        <translation>门控：手动转交</translation>
    </message>
    <message>
        <source>Measured on the GPU: it failed</source>
        <translation>已在 GPU 上测量：失败</translation>
    </message>
    <message>
        <source>Measured on the GPU: %1, a new best</source>
        <translation>已在 GPU 上测量：%1，新的最佳</translation>
    </message>
    <message>
        <source>Measured on the GPU: %1</source>
        <translation>已在 GPU 上测量：%1</translation>
    </message>
    <message>
        <source>Admitted on its forecast: no GPU time spent</source>
        <translation>凭预测接纳：未耗费 GPU 时间</translation>
    </message>
    <message>
        <source>Dropped unmeasured: forecast slower than its parent</source>
        <translation>未测量即丢弃：预测比父节点慢</translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Not measured: the GPU budget is spent</source>
        <translation>未测量：GPU 预算已用完</translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>partial data: %n damaged line(s)</source>
        <translation>
            <numerusform>数据不完整：%n 行已损坏</numerusform>
        </translation>
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
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>DisplayText</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>severe slowdown</source>
        <translation>严重减速</translation>
    </message>
    <message>
        <source>significant slowdown</source>
        <translation>显著减速</translation>
    </message>
    <message>
        <source>moderate slowdown</source>
        <translation>中等减速</translation>
    </message>
    <message>
        <source>minor slowdown</source>
        <translation>轻微减速</translation>
    </message>
    <message>
        <source>minor speedup</source>
        <translation>轻微加速</translation>
    </message>
    <message>
        <source>significant speedup</source>
        <translation>显著加速</translation>
    </message>
    <message>
        <source>high speedup</source>
        <translation>大幅加速</translation>
    </message>
    <message>
        <source>extreme speedup</source>
        <translation>极大加速</translation>
    </message>
    <message>
        <source>Max probability</source>
        <translation>最大概率</translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation>负熵</translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation>Top-2 差距</translation>
    </message>
    <message>
        <source>Expected bin index</source>
        <translation>期望区间序号</translation>
    </message>
</context>
<context>
    <name>ErrorsDock</name>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Load errors</source>
        <translation>加载错误</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in code</source>
        <translation>在代码中查找</translation>
    </message>
    <message>
        <source>Enter: next match · Shift+Enter: previous match · Escape: close</source>
        <translation>Enter：下一个匹配 · Shift+Enter：上一个匹配 · Escape：关闭</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配（Shift+Enter）</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>上一个匹配</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配（Enter）</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配</translation>
    </message>
    <message>
        <source>Close the find bar (Escape)</source>
        <translation>关闭查找栏（Escape）</translation>
    </message>
    <message>
        <source>Close find bar</source>
        <translation>关闭查找栏</translation>
    </message>
    <message>
        <source>In %1:</source>
        <translation>在 %1 中：</translation>
    </message>
    <message>
        <source>Wrapped around</source>
        <translation>已从头开始</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
</context>
<context>
    <name>ForecastChoices</name>
    <message>
        <source>%1 · repeat %2</source>
        <translation>%1 · 第 %2 次重复</translation>
    </message>
    <message>
        <source>search log</source>
        <translation>搜索日志</translation>
    </message>
    <message>
        <source>The answer could not be parsed.</source>
        <translation>无法解析回答。</translation>
    </message>
    <message>
        <source>%1 (trusted)</source>
        <translation>%1（信任）</translation>
    </message>
</context>
<context>
    <name>ForecastController</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&amp;Forecast Selected Kernels</source>
        <translation>预测所选内核(&amp;F)</translation>
    </message>
    <message>
        <source>Forecast &amp;Kernels Without a Forecast</source>
        <translation>预测无预测的内核(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Stop Forecasting</source>
        <translation>停止预测(&amp;S)</translation>
    </message>
    <message>
        <source>Forecast When &amp;Opening</source>
        <translation>打开时预测(&amp;O)</translation>
    </message>
    <message>
        <source>Forecast a search that has no forecasts with the embedded surrogate as soon as it is opened, learning from every open search</source>
        <translation>打开没有预测的搜索时，立即用内置代理模型进行预测；该模型从所有已打开的搜索中学习</translation>
    </message>
    <message>
        <source>Forecast with the &amp;LLM Surrogate</source>
        <translation>使用 LLM 代理模型预测(&amp;L)</translation>
    </message>
    <message>
        <source>Ask the configured OpenAI-compatible server instead of the embedded model</source>
        <translation>询问已配置的 OpenAI 兼容服务器，而非内置模型</translation>
    </message>
    <message>
        <source>LLM Surrogate &amp;Settings…</source>
        <translation>LLM 代理模型设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Forecast progress</source>
        <translation>预测进度</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop forecasting; answers received so far are kept</source>
        <translation>停止预测；已收到的回答会保留</translation>
    </message>
    <message>
        <source>Not shown (Forecasts by shows %1): %2</source>
        <translation>未显示（“预测来源”显示的是%1）：%2</translation>
    </message>
    <message>
        <source>F&amp;orecast</source>
        <translation>预测(&amp;O)</translation>
    </message>
</context>
<context>
    <name>ForecastPanel</name>
    <message>
        <source>bin %1 (%2)</source>
        <translation>区间 %1（%2）</translation>
    </message>
    <message>
        <source>%1: measured as %2, labelled to the model as %3</source>
        <translation>%1：按 %2 测量，向模型标注为 %3</translation>
    </message>
    <message>
        <source>Forecast source</source>
        <translation>预测来源</translation>
    </message>
    <message>
        <source>Which surrogate and repeat produced the forecast shown</source>
        <translation>生成当前预测的代理模型及重复次序</translation>
    </message>
    <message>
        <source>&amp;Forecast by:</source>
        <translation>预测来源(&amp;F)：</translation>
    </message>
    <message>
        <source>The surrogate and repeat that produced this forecast</source>
        <translation>生成此预测的代理模型及重复次序</translation>
    </message>
    <message>
        <source>Measured as</source>
        <translation>测量区间</translation>
    </message>
    <message>
        <source>The interval of speedups the ground-truth rule floor(2·log2 S) + 4 really assigns to the bin</source>
        <translation>真值规则 floor(2·log2 S) + 4 实际分配给该区间的加速比范围</translation>
    </message>
    <message>
        <source>Labelled as</source>
        <translation>标注区间</translation>
    </message>
    <message>
        <source>The interval the prompt and the forecast tool told the model; it differs from the measured interval by about half a bin</source>
        <translation>提示词和预测工具告知模型的范围；与测量区间相差约半个区间</translation>
    </message>
    <message>
        <source>Predicted:</source>
        <translation>预测：</translation>
    </message>
    <message>
        <source>The bin the surrogate declared (not necessarily its most likely bin) and the mass it put there</source>
        <translation>代理模型给出的区间（不一定是其概率最大的区间）及其上的概率质量</translation>
    </message>
    <message>
        <source>True:</source>
        <translation>真实：</translation>
    </message>
    <message>
        <source>The bin the measured speedup S falls into</source>
        <translation>测得加速比 S 所在的区间</translation>
    </message>
    <message>
        <source>Scores:</source>
        <translation>分数：</translation>
    </message>
    <message>
        <source>max-prob: the mass on the predicted bin; neg-entropy: 1 − H(p)/ln 8, 1 for a certain forecast and 0 for a uniform one; top-2 margin: the largest mass minus the second largest</source>
        <translation>max-prob：预测区间上的概率质量；neg-entropy：1 − H(p)/ln 8，确定的预测为 1，均匀预测为 0；top-2 margin：最大质量减去第二大质量</translation>
    </message>
    <message>
        <source>Expected:</source>
        <translation>期望：</translation>
    </message>
    <message>
        <source>The expected speedup Σ p_b · midpoint_b, as the abstaining search scores a trusted forecast, and the sum of the probabilities as the model gave them before renormalisation</source>
        <translation>期望加速比 Σ p_b · midpoint_b（可弃权的搜索即按此为受信任的预测打分），以及模型在归一化之前给出的概率之和</translation>
    </message>
    <message>
        <source>Forecast distribution</source>
        <translation>预测分布</translation>
    </message>
    <message>
        <source>Forecast rationale</source>
        <translation>预测理由</translation>
    </message>
    <message>
        <source>No rationale.</source>
        <translation>无理由。</translation>
    </message>
    <message>
        <source>Benchmark cases</source>
        <translation>基准测试用例</translation>
    </message>
    <message>
        <source>Failure message</source>
        <translation>失败信息</translation>
    </message>
    <message>
        <source>R&amp;ationale</source>
        <translation>理由(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Measurement</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <source>Forecast notice</source>
        <translation>预测提示</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>Not measured.</source>
        <translation>未测量。</translation>
    </message>
    <message>
        <source>Never measured.</source>
        <translation>从未测量。</translation>
    </message>
    <message>
        <source>Success: %1 (runtime %2, reference %3)</source>
        <translation>成功：%1（运行时间 %2，参考 %3）</translation>
    </message>
    <message numerus="yes">
        <source>Success: %1, the %2 of %n case(s)</source>
        <translation>
            <numerusform>成功：%1，%n 个用例的%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation>转交原因：%1</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>max difference: %1</source>
        <translation>最大差异：%1</translation>
    </message>
    <message>
        <source>avg difference: %1</source>
        <translation>平均差异：%1</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>未选中任何内容。</translation>
    </message>
    <message>
        <source>the answer could not be parsed</source>
        <translation>无法解析回答</translation>
    </message>
    <message>
        <source>deferred by the model</source>
        <translation>由模型转交</translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation>由模型转交：%1</translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation>无预测</translation>
    </message>
    <message>
        <source>%1 · %2 · p %3</source>
        <translation>%1 · %2 · p %3</translation>
    </message>
    <message>
        <source>max-prob %1 · neg-entropy %2 · top-2 margin %3</source>
        <translation>max-prob %1 · neg-entropy %2 · top-2 margin %3</translation>
    </message>
    <message>
        <source>%1 · raw probability sum %2</source>
        <translation>%1 · 原始概率和 %2</translation>
    </message>
    <message>
        <source>%1 measured · bin %2 (%3)</source>
        <translation>实测 %1 · 区间 %2（%3）</translation>
    </message>
    <message>
        <source>Evi&amp;dence</source>
        <translation>依据(&amp;D)</translation>
    </message>
    <message>
        <source>Missed by:</source>
        <translation>偏差：</translation>
    </message>
    <message>
        <source>For a forecast whose bin the measurement missed: how far the measured speedup fell outside the predicted bin, as a share of the bin&apos;s nearest edge and in bins (a bin spans a factor of √2)</source>
        <translation>对于测量结果未落入其预测区间的预测：实测加速比落在预测区间之外的距离，以区间最近边界的比例和区间数表示（一个区间跨越 √2 倍）</translation>
    </message>
    <message>
        <source>%1 % (%2 of a bin)</source>
        <translation>%1 %（%2 个区间）</translation>
    </message>
    <message>
        <source>%1 below bin %2, which starts at %3</source>
        <translation>比区间 %2 低 %1，该区间起于 %3</translation>
    </message>
    <message>
        <source>%1 above bin %2, which ends at %3</source>
        <translation>比区间 %2 高 %1，该区间止于 %3</translation>
    </message>
</context>
<context>
    <name>ForecastRunner</name>
    <message>
        <source>A forecast is already running.</source>
        <translation>已有预测正在运行。</translation>
    </message>
    <message>
        <source>There is no kernel to forecast.</source>
        <translation>没有可预测的内核。</translation>
    </message>
    <message numerus="yes">
        <source>Only %n measured kernel(s) in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</source>
        <translation>
            <numerusform>已打开的搜索中只有 %n 个已测量的内核：内置代理模型至少需要 %1 个才能学习。请测量更多内核，或一同打开更多搜索，以获得预测。</numerusform>
        </translation>
    </message>
    <message>
        <source>The LLM surrogate could not start: %1</source>
        <translation>LLM 代理模型无法启动：%1</translation>
    </message>
    <message numerus="yes">
        <source>Training the embedded surrogate on %n measured kernel(s)…</source>
        <translation>
            <numerusform>正在用 %n 个已测量内核训练内置代理模型…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>New measurements: retraining the embedded surrogate on %n kernel(s) in the background…</source>
        <translation>
            <numerusform>有新的测量：正在后台用 %n 个内核重新训练内置代理模型…</numerusform>
        </translation>
    </message>
    <message>
        <source>The embedded model could not be saved in the workspace: %1</source>
        <translation>无法将内置模型保存到工作区：%1</translation>
    </message>
    <message numerus="yes">
        <source>Embedded surrogate retrained on %n measured kernel(s); new forecasts use it.</source>
        <translation>
            <numerusform>内置代理模型已用 %n 个已测量内核重新训练；新的预测将使用它。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retraining the embedded surrogate failed: %1</source>
        <translation>重新训练内置代理模型失败：%1</translation>
    </message>
    <message>
        <source>The embedded surrogate could not be trained: %1</source>
        <translation>无法训练内置代理模型：%1</translation>
    </message>
    <message>
        <source>The forecast could not start: %1</source>
        <translation>预测无法开始：%1</translation>
    </message>
    <message numerus="yes">
        <source>Forecasting %n kernel(s) with %1…</source>
        <translation>
            <numerusform>正在用 %1 预测 %n 个内核…</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecast cancelled.</source>
        <translation>预测已取消。</translation>
    </message>
    <message>
        <source>Forecast stopped: other data was opened.</source>
        <translation>预测已停止：打开了其他数据。</translation>
    </message>
    <message>
        <source>The forecasts could not be cached: %1</source>
        <translation>无法缓存预测：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) by %1</source>
        <translation>
            <numerusform>%1 给出 %n 条预测</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answered before (cached)</source>
        <translation>
            <numerusform>%n 条此前已回答（缓存）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deferral(s)</source>
        <translation>
            <numerusform>%n 次转交</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failure(s), first: %1</source>
        <translation>
            <numerusform>%n 次失败，第一次：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>输入 %1 个 token，输出 %2 个</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>pretrained on the %1 corpus, never saw this task</source>
        <translation>在 %1 语料上预训练，从未见过此任务</translation>
    </message>
    <message>
        <source>pretrained on the %1 corpus</source>
        <translation>在 %1 语料上预训练</translation>
    </message>
    <message>
        <source>The pretrained surrogate cannot be used: %1</source>
        <translation>无法使用预训练代理模型：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>pretrained, then trained on %n measured kernel(s)</source>
        <translation>
            <numerusform>预训练后，又在 %n 个已测量内核上继续训练</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training the pretrained embedded surrogate further on %n measured kernel(s)…</source>
        <translation>
            <numerusform>正在用 %n 个已测量内核继续训练预训练的嵌入式代理模型…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, continued step by step</source>
        <translation>%1，逐步继续训练</translation>
    </message>
    <message>
        <source>%1, inside the search-aware forecaster</source>
        <translation>%1，置于搜索感知预测器之内</translation>
    </message>
    <message>
        <source>%1 (without the search-aware forecaster, which stops at %2 measured kernels; this search has %3)</source>
        <translation>%1（未使用搜索感知预测器，它最多支持 %2 个已测内核；此搜索有 %3 个）</translation>
    </message>
    <message>
        <source>The forecasts could not be saved: %1</source>
        <translation>无法保存预测：%1</translation>
    </message>
</context>
<context>
    <name>ForecastSourceChoice</name>
    <message>
        <source>The workspace&apos;s choice of forecasts could not be read: %1</source>
        <translation>无法读取工作区中选定的预测来源：%1</translation>
    </message>
    <message>
        <source>The choice of forecasts could not be saved in the workspace: %1</source>
        <translation>无法在工作区中保存选定的预测来源：%1</translation>
    </message>
    <message>
        <source>the search log&apos;s own</source>
        <translation>搜索日志自带的</translation>
    </message>
    <message>
        <source>embedded model</source>
        <translation>内置模型</translation>
    </message>
    <message>
        <source>LLM: %1</source>
        <translation>LLM：%1</translation>
    </message>
    <message>
        <source>Forecasts by:</source>
        <translation>预测来源：</translation>
    </message>
    <message>
        <source>Whose forecasts the gate, Calibration, the replay and the comparison show</source>
        <translation>门控、校准、回放和对比所显示的预测来自谁</translation>
    </message>
</context>
<context>
    <name>FrontierChart</name>
    <message>
        <source>measure all</source>
        <translation>全部测量</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>certified</source>
        <translation>已认证</translation>
    </message>
    <message>
        <source>GPU-budget frontier</source>
        <translation>GPU 预算前沿</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU 评估</translation>
    </message>
    <message>
        <source>For a search this large, run kfx-cli replay --frontier</source>
        <translation>对于这么大的搜索，请运行 kfx-cli replay --frontier</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>%1: trusts nothing</source>
        <translation>%1：不信任任何预测</translation>
    </message>
    <message>
        <source>Solid: the best measured speedup so far (left axis). Dashed: the share of trusted forecasts in the wrong bin so far (right axis). Against GPU evaluations spent, for each way of setting the gate.</source>
        <translation>实线：迄今测得的最佳加速比（左轴）。虚线：迄今受信任预测中落在错误区间的比例（右轴）。横轴为已耗费的 GPU 评估次数，每种门控设定方式各一条。</translation>
    </message>
    <message>
        <source>best ×</source>
        <translation>最佳 ×</translation>
    </message>
    <message>
        <source>risk</source>
        <translation>风险</translation>
    </message>
</context>
<context>
    <name>GateBar</name>
    <message>
        <source>Set</source>
        <translation>设定</translation>
    </message>
    <message>
        <source>Certify</source>
        <translation>认证</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>Deferred</source>
        <translation>转交</translation>
    </message>
    <message>
        <source>Overridden</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU 评估</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>Gate score</source>
        <translation>门控分数</translation>
    </message>
    <message>
        <source>The confidence score the gate reads</source>
        <translation>门控读取的置信度分数</translation>
    </message>
    <message>
        <source>Gate threshold</source>
        <translation>门控阈值</translation>
    </message>
    <message>
        <source>Forecasts scoring at or above the threshold are trusted; the rest go to the GPU</source>
        <translation>分数达到或超过阈值的预测受信任；其余交给 GPU</translation>
    </message>
    <message>
        <source>Gate threshold value</source>
        <translation>门控阈值数值</translation>
    </message>
    <message>
        <source>Target coverage</source>
        <translation>目标覆盖率</translation>
    </message>
    <message>
        <source>Trust this share of the forecasts: the threshold midway between the last trusted and the first deferred score</source>
        <translation>信任这一比例的预测：阈值取最后一个受信任分数与第一个被转交分数的中点</translation>
    </message>
    <message>
        <source>Set the threshold for the target coverage</source>
        <translation>按目标覆盖率设定阈值</translation>
    </message>
    <message>
        <source>Largest acceptable error rate among trusted forecasts</source>
        <translation>受信任预测中可接受的最大错误率</translation>
    </message>
    <message>
        <source>Chance that the guarantee fails</source>
        <translation>保证失效的概率</translation>
    </message>
    <message>
        <source>The guarantee holds with probability 1 − δ (exact Clopper–Pearson bounds over the measured kernels)</source>
        <translation>该保证以概率 1 − δ 成立（基于已测量内核的精确 Clopper–Pearson 界）</translation>
    </message>
    <message>
        <source>Set the lowest threshold whose error rate is certified below α</source>
        <translation>设定错误率经认证低于 α 的最低阈值</translation>
    </message>
    <message>
        <source>Gate:</source>
        <translation>门控：</translation>
    </message>
    <message>
        <source>Coverage:</source>
        <translation>覆盖率：</translation>
    </message>
    <message>
        <source>Risk:</source>
        <translation>风险：</translation>
    </message>
    <message>
        <source>Workspace message</source>
        <translation>工作区消息</translation>
    </message>
    <message>
        <source>Keep and Use This Data</source>
        <translation>保留并使用这些数据</translation>
    </message>
    <message>
        <source>Record the data as it is now, so that this message does not return</source>
        <translation>按当前状态记录数据，此消息便不再出现</translation>
    </message>
    <message>
        <source>Set Aside and Start Fresh</source>
        <translation>移到一旁并重新开始</translation>
    </message>
    <message>
        <source>Rename the unusable workspace file (it is kept) and start an empty workspace</source>
        <translation>重命名不可用的工作区文件（文件会保留）并新建空工作区</translation>
    </message>
    <message>
        <source>certified: %1 of %2 trusted wrong, bound %3</source>
        <translation>已认证：%2 个受信任中 %1 个错误，上界 %3</translation>
    </message>
    <message numerus="yes">
        <source>no threshold certifies α = %1 at δ = %2 on %n measured kernel(s)</source>
        <translation>
            <numerusform>在 %n 个已测量内核上，没有阈值能在 δ = %2 时认证 α = %1</numerusform>
        </translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>deferred</source>
        <translation>转交</translation>
    </message>
    <message>
        <source>overridden</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>No trusted forecast has a measured truth to judge it by</source>
        <translation>没有受信任的预测有可供评判的测量真值</translation>
    </message>
    <message>
        <source>Bonferroni</source>
        <translation>Bonferroni</translation>
    </message>
    <message>
        <source>Holm</source>
        <translation>Holm</translation>
    </message>
    <message>
        <source>Fixed sequence</source>
        <translation>固定顺序</translation>
    </message>
    <message>
        <source>Multiple-testing correction</source>
        <translation>多重检验校正</translation>
    </message>
    <message>
        <source>How the thresholds&apos; tests are combined so that the chosen one is safe with probability 1 − δ: Bonferroni (each at δ/m), Holm (step-down, certifies at least as many), or fixed sequence (from the most confident threshold down, stopping at the first failure)</source>
        <translation>如何组合各阈值的检验，使所选阈值以 1 − δ 的概率安全：Bonferroni（每个在 δ/m 下检验）、Holm（逐步下降，认证的至少同样多）或固定顺序（从最有把握的阈值向下，遇到第一次失败即停止）</translation>
    </message>
    <message>
        <source>Clopper–Pearson</source>
        <translation>Clopper–Pearson</translation>
    </message>
    <message>
        <source>Hoeffding–Bentkus</source>
        <translation>Hoeffding–Bentkus</translation>
    </message>
    <message>
        <source>p-value</source>
        <translation>p 值</translation>
    </message>
    <message>
        <source>Clopper–Pearson: the exact binomial tail; Hoeffding–Bentkus: valid for any bounded loss, more cautious</source>
        <translation>Clopper–Pearson：精确的二项分布尾概率；Hoeffding–Bentkus：对任何有界损失都成立，更保守</translation>
    </message>
    <message>
        <source>Risk monitor</source>
        <translation>风险监控</translation>
    </message>
    <message>
        <source>Defer Everything</source>
        <translation>全部推迟</translation>
    </message>
    <message>
        <source>Trust no forecast: every candidate goes to the GPU (undoable)</source>
        <translation>不信任任何预测：每个候选都送去 GPU 测量（可撤销）</translation>
    </message>
    <message>
        <source>Risk alarm: the trusted forecasts&apos; error rate is at least %1, above α = %2</source>
        <translation>风险警报：受信任预测的错误率至少为 %1，高于 α = %2</translation>
    </message>
    <message>
        <source>Raised by the measurement of %1: %2 of %3 trusted forecasts measured since certifying were wrong. The bound holds at every moment at once, so a false alarm has probability at most δ = %4 over the whole run.</source>
        <translation>由 %1 的测量触发：自认证以来测量的 %3 个受信任预测中有 %2 个错误。该界在所有时刻同时成立，因此整个运行中误报的概率至多为 δ = %4。</translation>
    </message>
    <message numerus="yes">
        <source>Monitor: %n trusted measured since certifying, error at most %1</source>
        <translation>
            <numerusform>监控：自认证以来已测量 %n 个受信任预测，错误率至多 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Time-uniform bounds on the trusted forecasts&apos; error rate: %1 to %2. An alarm is raised when even the lower bound exceeds α = %3.</source>
        <translation>受信任预测错误率的时间一致界：%1 至 %2。当连下界都超过 α = %3 时发出警报。</translation>
    </message>
    <message>
        <source>Risk warning</source>
        <translation>风险警告</translation>
    </message>
    <message>
        <source>⚠ Trusted kernels are wrong %1 of the time, far above the target α = %2</source>
        <translation>⚠ 受信任内核的错误率为 %1，远高于目标 α = %2</translation>
    </message>
    <message>
        <source>At most this share of trusted forecasts may be wrong: name the wrong bin, or trust a kernel that fails</source>
        <translation>受信任预测中出错的比例至多为此值：给出错误区间，或信任了一个失败的内核</translation>
    </message>
    <message>
        <source>%1 of %2 trusted forecasts with known truth were wrong: %3 named the wrong bin, and %4 trusted a kernel that failed to compile, crashed or computed wrong results</source>
        <translation>%2 条已知真值的受信任预测中有 %1 条出错：%3 条给出了错误区间，%4 条信任了编译失败、崩溃或计算结果错误的内核</translation>
    </message>
    <message>
        <source>%1 of the %2 trusted kernels with a measurement failed or disagree with their forecast (%3). With probability 1 − δ = %4 the true rate is at least %5, above α = %6: raise the threshold, or Certify one for α.</source>
        <translation>%2 个有测量结果的受信任内核中有 %1 个失败或与其预测不符（%3）。以 1 − δ = %4 的概率，真实错误率至少为 %5，高于 α = %6：请提高阈值，或为 α 认证一个阈值。</translation>
    </message>
</context>
<context>
    <name>GateController</name>
    <message numerus="yes">
        <source>%n forecast(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%1 中有 %n 条预测无法读取，已略去（第一条属于内核 %2：%3）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%1 中有 %n 条测量无法读取，已略去（第一条属于内核 %2：%3）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>&amp;Gate</source>
        <translation>门控(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Trust</source>
        <translation>信任(&amp;T)</translation>
    </message>
    <message>
        <source>Trust the forecast of the selected kernels whatever the gate says</source>
        <translation>无论门控如何判断，都信任所选内核的预测</translation>
    </message>
    <message>
        <source>&amp;Defer to the GPU</source>
        <translation>转交 GPU(&amp;D)</translation>
    </message>
    <message>
        <source>Measure the selected kernels whatever the gate says</source>
        <translation>无论门控如何判断，都测量所选内核</translation>
    </message>
    <message>
        <source>&amp;Auto (Follow the Gate)</source>
        <translation>自动（跟随门控）(&amp;A)</translation>
    </message>
    <message>
        <source>Override with &amp;Note…</source>
        <translation>覆盖并附注(&amp;N)…</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● 实时</translation>
    </message>
    <message>
        <source>Following a growing log</source>
        <translation>正在跟随不断增长的日志</translation>
    </message>
    <message>
        <source>The workspace&apos;s forecasts could not be read: %1</source>
        <translation>无法读取工作区的预测：%1</translation>
    </message>
    <message>
        <source>The workspace&apos;s measurements could not be read: %1</source>
        <translation>无法读取工作区的测量：%1</translation>
    </message>
    <message>
        <source>Override with Note</source>
        <translation>覆盖并附注</translation>
    </message>
    <message>
        <source>Why? The note stays with the override in the workspace.</source>
        <translation>为什么？备注会与覆盖一同保存在工作区中。</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>Defer to the GPU</source>
        <translation>转交 GPU</translation>
    </message>
    <message>
        <source>Auto (follow the gate)</source>
        <translation>自动（跟随门控）</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Risk alarm at %1: %2 of %3 trusted forecasts wrong since certifying; the error rate is above α = %4. Gate → Defer Everything falls back to measuring all.</source>
        <translation>%1 处风险警报：自认证以来 %3 个受信任预测中有 %2 个错误；错误率高于 α = %4。门控 → 全部推迟 将回退为全部测量。</translation>
    </message>
    <message>
        <source>Defer &amp;Everything</source>
        <translation>全部推迟(&amp;E)</translation>
    </message>
</context>
<context>
    <name>GateOverrideRow</name>
    <message>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>Defer</source>
        <translation>转交</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Gate decision for this kernel</source>
        <translation>门控对此内核的决定</translation>
    </message>
    <message>
        <source>Gate mark</source>
        <translation>门控标记</translation>
    </message>
    <message>
        <source>Gate decision</source>
        <translation>门控决定</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>备注（可选）</translation>
    </message>
    <message>
        <source>Override note</source>
        <translation>覆盖备注</translation>
    </message>
    <message>
        <source>Why you overrule the gate; kept with the override in the workspace. Enter saves it.</source>
        <translation>您推翻门控决定的理由；与覆盖一同保存在工作区中。按 Enter 保存。</translation>
    </message>
    <message>
        <source>Trust this kernel&apos;s forecast whatever the gate says (T in the tree)</source>
        <translation>无论门控如何判断，都信任此内核的预测（树中的 T）</translation>
    </message>
    <message>
        <source>Measure this kernel on the GPU whatever the gate says (D in the tree)</source>
        <translation>无论门控如何判断，都在 GPU 上测量此内核（树中的 D）</translation>
    </message>
    <message>
        <source>Let the gate decide again (A in the tree)</source>
        <translation>重新交由门控决定（树中的 A）</translation>
    </message>
    <message>
        <source>The gate does not judge this kernel.</source>
        <translation>门控不评判此内核。</translation>
    </message>
    <message>
        <source>Seeds, and mutations that produced no kernel, never reach the gate.</source>
        <translation>种子以及未产生内核的变异永远不会到达门控。</translation>
    </message>
    <message>
        <source>Gate: %1</source>
        <translation>门控：%1</translation>
    </message>
</context>
<context>
    <name>GateSession</name>
    <message>
        <source>Move Gate Threshold</source>
        <translation>移动门控阈值</translation>
    </message>
    <message>
        <source>Change Gate</source>
        <translation>更改门控</translation>
    </message>
    <message>
        <source>The workspace could not be opened</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <source>The gate settings could not be saved</source>
        <translation>无法保存门控设置</translation>
    </message>
    <message numerus="yes">
        <source>Trust %n Kernel(s)</source>
        <translation>
            <numerusform>信任 %n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Defer %n Kernel(s)</source>
        <translation>
            <numerusform>转交 %n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %n Kernel(s) to the Gate</source>
        <translation>
            <numerusform>将 %n 个内核交还门控</numerusform>
        </translation>
    </message>
    <message>
        <source>The override could not be saved</source>
        <translation>无法保存覆盖</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About kfx</source>
        <translation>关于 kfx(&amp;A)</translation>
    </message>
    <message>
        <source>About kfx</source>
        <translation>关于 kfx</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Kernel Forecast Explorer&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Lineage trees of LLM-driven GPU-kernel searches, the surrogate&apos;s forecasts beside the kernels, their calibration, the forecast gate, and measurement on a GPU with kfx-measure.&lt;/p&gt;&lt;p&gt;The bundled demo (scripts/run) opens the H100 corpus&apos;s rms_norm selective search beside its equal-budget baseline: the selective search forecasts every candidate and measures only those the surrogate is unsure of, and found a 1.38× kernel against the baseline&apos;s 1.37× with 120 GPU evaluations each, all measured on an NVIDIA H100 80GB HBM3. The earlier demo searches (row softmax, layer norm and fp32 matmul, 54 kernels measured on the same GPU on 2026-11-22) are in resources/demo.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Kernel Forecast Explorer&lt;/h3&gt;&lt;p&gt;版本 %1&lt;/p&gt;&lt;p&gt;由 LLM 驱动的 GPU 内核搜索的谱系树、与内核并列的代理模型预测、预测的校准、预测门控，以及用 kfx-measure 在 GPU 上的测量。&lt;/p&gt;&lt;p&gt;随附的演示（scripts/run）打开 H100 语料库中 rms_norm 的选择性搜索及其同等预算的基线：选择性搜索预测每个候选，只测量代理模型不确定的候选，找到了 1.38× 的内核，基线为 1.37×，各用 120 次 GPU 评估，全部在 NVIDIA H100 80GB HBM3 上测得。早期的演示搜索（row softmax、layer norm 和 fp32 matmul，共 54 个内核，于 2026-11-22 在同一 GPU 上测得）位于 resources/demo。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Tab and Shift+Tab move between the list, the filters, the code panes and the forecast panel; in a code pane Ctrl+F finds, Escape closes the find bar.</source>
        <translation>Tab 和 Shift+Tab 在列表、筛选器、代码窗格和预测面板之间切换；在代码窗格中按 Ctrl+F 查找，按 Escape 关闭查找栏。</translation>
    </message>
</context>
<context>
    <name>HubPullDialog</name>
    <message>
        <source>&amp;Download and Open</source>
        <translation>下载并打开(&amp;D)</translation>
    </message>
    <message>
        <source>Open from Hugging Face</source>
        <translation>从 Hugging Face 打开</translation>
    </message>
    <message>
        <source>“combined”, or the only config</source>
        <translation>“combined”或唯一的配置</translation>
    </message>
    <message>
        <source>the config’s only split</source>
        <translation>该配置唯一的划分</translation>
    </message>
    <message>
        <source>The Hugging Face dataset viewer, or a server that answers as it does</source>
        <translation>Hugging Face 数据集查看器，或以相同方式应答的服务器</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>&amp;Dataset:</source>
        <translation>数据集(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Config:</source>
        <translation>配置(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Split:</source>
        <translation>划分(&amp;S)：</translation>
    </message>
    <message>
        <source>Se&amp;rver:</source>
        <translation>服务器(&amp;R)：</translation>
    </message>
    <message>
        <source>Gated datasets need a Hugging Face token in the environment variable %1; it is sent, never stored.</source>
        <translation>受限数据集需要在环境变量 %1 中提供 Hugging Face 令牌；令牌只会发送，从不保存。</translation>
    </message>
    <message>
        <source>Name a dataset, as owner/name.</source>
        <translation>请以 owner/name 的形式指定数据集。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Asking %1 for the dataset’s splits…</source>
        <translation>正在向 %1 查询数据集的划分…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s)</source>
        <translation>
            <numerusform>%1 / %n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s): %2</source>
        <translation>
            <numerusform>%1 / %n 行：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation>已下载 %1。</translation>
    </message>
    <message>
        <source>Cancelled. The pages fetched so far are kept; downloading again resumes.</source>
        <translation>已取消。已获取的页面会保留；再次下载时将继续。</translation>
    </message>
    <message>
        <source>Could not download: %1</source>
        <translation>无法下载：%1</translation>
    </message>
</context>
<context>
    <name>HubPullJob</name>
    <message>
        <source>an eval set</source>
        <translation>评估集</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>an RL training pool</source>
        <translation>RL 训练池</translation>
    </message>
    <message>
        <source>discovery pairs</source>
        <translation>发现对</translation>
    </message>
    <message>
        <source>PUCT search events</source>
        <translation>PUCT 搜索事件</translation>
    </message>
    <message>
        <source>PUCT search summaries</source>
        <translation>PUCT 搜索摘要</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of %1 (config “%2”, split “%3”)</source>
        <translation>
            <numerusform>%n 行%1（配置“%2”，划分“%3”）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <source>&amp;System</source>
        <translation>系统(&amp;S)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>kfx will use the new language when it is started again.</source>
        <translation>kfx 将在下次启动时使用新语言。</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
</context>
<context>
    <name>LineageTreeView</name>
    <message>
        <source>Population tree</source>
        <translation>种群树</translation>
    </message>
</context>
<context>
    <name>ListNavigator</name>
    <message>
        <source>&amp;Parent</source>
        <translation>父节点(&amp;P)</translation>
    </message>
    <message>
        <source>Select the parent of the kernel</source>
        <translation>选中内核的父节点</translation>
    </message>
    <message>
        <source>First &amp;Child</source>
        <translation>第一个子节点(&amp;C)</translation>
    </message>
    <message>
        <source>Select the first child of the kernel</source>
        <translation>选中内核的第一个子节点</translation>
    </message>
    <message>
        <source>&amp;Next Sibling or Pair</source>
        <translation>下一个兄弟节点或对(&amp;N)</translation>
    </message>
    <message>
        <source>Select the next kernel of the same parent, or the next pair</source>
        <translation>选中同一父节点的下一个内核，或下一个对</translation>
    </message>
    <message>
        <source>P&amp;revious Sibling or Pair</source>
        <translation>上一个兄弟节点或对(&amp;R)</translation>
    </message>
    <message>
        <source>Select the previous kernel of the same parent, or the previous pair</source>
        <translation>选中同一父节点的上一个内核，或上一个对</translation>
    </message>
    <message>
        <source>Next Surrogate &amp;Failure</source>
        <translation>下一个代理模型失误(&amp;F)</translation>
    </message>
    <message>
        <source>Select the next confident, wrong forecast, worst first (threshold and score from the filters)</source>
        <translation>选中下一个有把握但错误的预测，最严重的优先（阈值和分数取自筛选器）</translation>
    </message>
    <message>
        <source>Previous Surrogate F&amp;ailure</source>
        <translation>上一个代理模型失误(&amp;A)</translation>
    </message>
    <message>
        <source>Select the previous confident, wrong forecast</source>
        <translation>选中上一个有把握但错误的预测</translation>
    </message>
    <message>
        <source>&amp;Seed</source>
        <translation>种子(&amp;S)</translation>
    </message>
    <message>
        <source>Select the root of the search</source>
        <translation>选中搜索的根</translation>
    </message>
    <message>
        <source>Best &amp;Measured Node</source>
        <translation>最佳实测节点(&amp;M)</translation>
    </message>
    <message>
        <source>Select the fastest kernel measured, as the status bar and Selective Search against Baseline name it</source>
        <translation>选择实测最快的内核，即状态栏和“选择性搜索与基线对比”所指的那个</translation>
    </message>
    <message>
        <source>Archive &amp;Best Node</source>
        <translation>存档最佳节点(&amp;B)</translation>
    </message>
    <message>
        <source>Select the best archive member; the path to it is in bold</source>
        <translation>选中最佳存档成员；通往它的路径以粗体显示</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n comparison(s) selected in the Calibration view is in the list shown</source>
        <translation>
            <numerusform>在校准视图中选中的 %n 个对比均不在当前列表中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view</source>
        <translation>
            <numerusform>在校准视图中选中了 %n 个对比</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view; %1 not in the list shown</source>
        <translation>
            <numerusform>在校准视图中选中了 %n 个对比；其中 %1 个不在当前列表中</numerusform>
        </translation>
    </message>
    <message>
        <source>No surrogate failures at this threshold</source>
        <translation>此阈值下没有代理模型失误</translation>
    </message>
    <message>
        <source>Surrogate failure %1 of %2</source>
        <translation>代理模型失误 %1 / %2</translation>
    </message>
    <message>
        <source>No surprises</source>
        <translation>没有意外</translation>
    </message>
    <message>
        <source>Surprise %1 of %2</source>
        <translation>意外 %1 / %2</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <source>Let the model defer to the GPU (predict-or-defer tool)</source>
        <translation>允许模型转交 GPU（predict-or-defer 工具）</translation>
    </message>
    <message>
        <source>LLM Surrogate</source>
        <translation>LLM 代理模型</translation>
    </message>
    <message>
        <source>The name of the environment variable holding the API key; the key itself is read when forecasting starts and never stored</source>
        <translation>存放 API 密钥的环境变量名称；密钥本身在开始预测时读取，从不保存</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The longest one forecast may take, retries included</source>
        <translation>单次预测的最长用时，包括重试</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API 密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Max &amp;tokens:</source>
        <translation>最大 token 数(&amp;T)：</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>超时(&amp;I)：</translation>
    </message>
    <message>
        <source>Total time &amp;budget:</source>
        <translation>总时间预算(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Retries:</source>
        <translation>重试次数(&amp;R)：</translation>
    </message>
    <message>
        <source>Largest &amp;response:</source>
        <translation>最大响应(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>并发数(&amp;C)：</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Kernel Forecast Explorer</source>
        <translation>Kernel Forecast Explorer</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open files in place of the session shown</source>
        <translation>打开文件以替换当前会话</translation>
    </message>
    <message>
        <source>&amp;Add Files to Session…</source>
        <translation>向会话添加文件(&amp;A)…</translation>
    </message>
    <message>
        <source>Open files beside those already open: predictions for the search shown, another search</source>
        <translation>在已打开的文件之外再打开文件：当前搜索的预测、另一个搜索</translation>
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
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <source>Find in the focused code pane, or filter the nodes or pairs</source>
        <translation>在获得焦点的代码窗格中查找，或筛选节点或对</translation>
    </message>
    <message>
        <source>Find in &amp;Code</source>
        <translation>在代码中查找(&amp;C)</translation>
    </message>
    <message>
        <source>Focus the &amp;List</source>
        <translation>聚焦列表(&amp;L)</translation>
    </message>
    <message>
        <source>Focus the Candidate &amp;Code</source>
        <translation>聚焦候选代码(&amp;C)</translation>
    </message>
    <message>
        <source>Show the &amp;Rationale</source>
        <translation>显示理由(&amp;R)</translation>
    </message>
    <message>
        <source>Show the &amp;Measurement</source>
        <translation>显示测量(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Calibration</source>
        <translation>校准(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <source>Add Files to the Session</source>
        <translation>向会话添加文件</translation>
    </message>
    <message>
        <source>Open Search Logs and Data Files</source>
        <translation>打开搜索日志和数据文件</translation>
    </message>
    <message>
        <source>kfx data (*.jsonl *.json *.jsonl.gz);;All files (*)</source>
        <translation>kfx 数据 (*.jsonl *.json *.jsonl.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3)…</source>
        <translation>正在加载 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 — Kernel Forecast Explorer</source>
        <translation>%1 — Kernel Forecast Explorer</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) — Kernel Forecast Explorer</source>
        <translation>
            <numerusform>%n 个对 — Kernel Forecast Explorer</numerusform>
        </translation>
    </message>
    <message>
        <source>Open from &amp;Hugging Face…</source>
        <translation>从 Hugging Face 打开(&amp;H)…</translation>
    </message>
    <message>
        <source>Download a published dataset from the Hugging Face Hub and open it</source>
        <translation>从 Hugging Face Hub 下载已发布的数据集并打开</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Show the E&amp;vidence</source>
        <translation>显示依据(&amp;V)</translation>
    </message>
</context>
<context>
    <name>MeasureController</name>
    <message>
        <source>GPU Measurements</source>
        <translation>GPU 测量</translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation>G&amp;PU</translation>
    </message>
    <message>
        <source>&amp;Measure Current Kernel on GPU</source>
        <translation>在 GPU 上测量当前内核(&amp;M)</translation>
    </message>
    <message>
        <source>Measure the current kernel with kfx-measure</source>
        <translation>用 kfx-measure 测量当前内核</translation>
    </message>
    <message>
        <source>Measure &amp;Selected Kernels on GPU</source>
        <translation>在 GPU 上测量所选内核(&amp;S)</translation>
    </message>
    <message>
        <source>Measure every selected kernel with kfx-measure</source>
        <translation>用 kfx-measure 测量每个所选内核</translation>
    </message>
    <message>
        <source>Measure Everything the Gate &amp;Deferred</source>
        <translation>测量门控转交的全部内核(&amp;D)</translation>
    </message>
    <message>
        <source>Measure every kernel the gate sends to the GPU that has no measurement yet</source>
        <translation>测量门控交给 GPU 且尚无测量的每个内核</translation>
    </message>
    <message>
        <source>&amp;Cancel All Measurements</source>
        <translation>取消全部测量(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation>取消所有排队中和运行中的测量</translation>
    </message>
    <message>
        <source>Measurement S&amp;ettings…</source>
        <translation>测量设置(&amp;E)…</translation>
    </message>
    <message>
        <source>The worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation>工作进程、远程 GPU 的启动前缀、计时协议和时间限制</translation>
    </message>
    <message>
        <source>No kernel is selected.</source>
        <translation>未选中内核。</translation>
    </message>
    <message>
        <source>The gate has not judged any kernel yet.</source>
        <translation>门控尚未评判任何内核。</translation>
    </message>
    <message>
        <source>Every kernel the gate deferred is measured already.</source>
        <translation>门控转交的每个内核都已测量。</translation>
    </message>
    <message>
        <source>Only a search opened from a file can be measured: its task directory is found beside it.</source>
        <translation>只有从文件打开的搜索才能测量：其任务目录位于文件旁。</translation>
    </message>
    <message>
        <source>No task directory for %1: nothing was measured.</source>
        <translation>%1 没有任务目录：未进行任何测量。</translation>
    </message>
    <message>
        <source>The selected kernels have no code to measure.</source>
        <translation>所选内核没有可测量的代码。</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n kernel(s) for the GPU.</source>
        <translation>
            <numerusform>已将 %n 个内核加入 GPU 队列。</numerusform>
        </translation>
    </message>
    <message>
        <source>The measurement could not be saved: %1</source>
        <translation>无法保存测量：%1</translation>
    </message>
    <message>
        <source>%1 measured: %2</source>
        <translation>%1 已测量：%2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) measured</source>
        <translation>
            <numerusform>已测量 %n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation>
            <numerusform>，%n 个失败</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU measurements finished</source>
        <translation>GPU 测量已完成</translation>
    </message>
    <message>
        <source>kfx GPU measurements</source>
        <translation>kfx GPU 测量</translation>
    </message>
    <message>
        <source>Task Directory of %1 (task.json, a GPU MODE task.yml, or a KernelBench problem.py)</source>
        <translation>%1 的任务目录（task.json、GPU MODE 的 task.yml 或 KernelBench 的 problem.py）</translation>
    </message>
    <message>
        <source>%1 measured on the CPU (test mode): %2</source>
        <translation>%1 在 CPU 上测量（测试模式）：%2</translation>
    </message>
</context>
<context>
    <name>MeasureProblem</name>
    <message>
        <source>&lt;tt&gt;ssh gpu-box&lt;/tt&gt;&amp;nbsp;&amp;nbsp;or&amp;nbsp;&amp;nbsp;&lt;tt&gt;srun --gres=gpu:1&lt;/tt&gt;</source>
        <translation>&lt;tt&gt;ssh gpu-box&lt;/tt&gt;&amp;nbsp;&amp;nbsp;或&amp;nbsp;&amp;nbsp;&lt;tt&gt;srun --gres=gpu:1&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>在本机上</translation>
    </message>
    <message>
        <source>behind “%1”</source>
        <translation>位于“%1”之后</translation>
    </message>
    <message>
        <source>No GPU %1: nothing was measured (%2).</source>
        <translation>%1没有 GPU：未进行任何测量（%2）。</translation>
    </message>
    <message>
        <source>No GPU worker (kfx-measure) %1: nothing was measured.</source>
        <translation>%1没有 GPU 工作进程（kfx-measure）：未进行任何测量。</translation>
    </message>
    <message>
        <source>Nothing can be measured: %1</source>
        <translation>无法进行任何测量：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU %1.&lt;/b&gt; The worker answered: %2&lt;br&gt;To measure on a GPU elsewhere, give a launch prefix in the measurement settings, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%3&lt;br&gt;kfx then starts kfx-measure through it and speaks the same protocol over its input and output.</source>
        <translation>&lt;b&gt;%1没有 GPU。&lt;/b&gt;工作进程的回答：%2&lt;br&gt;要在别处的 GPU 上测量，请在测量设置中填写启动前缀，例如&lt;br&gt;&amp;nbsp;&amp;nbsp;%3&lt;br&gt;kfx 随后会通过它启动 kfx-measure，并经由其输入和输出使用相同的协议通信。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU worker on this machine.&lt;/b&gt; %1&lt;br&gt;kfx-measure is built with kfx where the CUDA toolkit is installed; on its own, from the kfx sources, with CMake, a compiler, simdjson and the toolkit:&lt;br&gt;&amp;nbsp;&amp;nbsp;&lt;tt&gt;cmake -S core/measure -B build-measure &amp;amp;&amp;amp; cmake --build build-measure&lt;/tt&gt;&lt;br&gt;Then choose it as the worker in the measurement settings, or give a launch prefix there to run the worker on a GPU machine, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%2</source>
        <translation>&lt;b&gt;本机上没有 GPU 工作进程。&lt;/b&gt;%1&lt;br&gt;在安装了 CUDA 工具包的机器上，kfx-measure 会随 kfx 一同构建；也可以用 CMake、编译器、simdjson 和该工具包从 kfx 源码单独构建：&lt;br&gt;&amp;nbsp;&amp;nbsp;&lt;tt&gt;cmake -S core/measure -B build-measure &amp;amp;&amp;amp; cmake --build build-measure&lt;/tt&gt;&lt;br&gt;然后在测量设置中将其选为工作进程，或在那里填写启动前缀以在 GPU 机器上运行工作进程，例如&lt;br&gt;&amp;nbsp;&amp;nbsp;%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing can be measured:&lt;/b&gt; %1&lt;br&gt;Check the worker command and the launch prefix in the measurement settings.</source>
        <translation>&lt;b&gt;无法进行任何测量：&lt;/b&gt;%1&lt;br&gt;请检查测量设置中的工作进程命令和启动前缀。</translation>
    </message>
</context>
<context>
    <name>MeasureQueue</name>
    <message>
        <source>Cancelled while running</source>
        <translation>运行中被取消</translation>
    </message>
    <message>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <source>The worker&apos;s answer could not be read: %1</source>
        <translation>无法读取工作进程的回答：%1</translation>
    </message>
    <message>
        <source>Cancelled before it started</source>
        <translation>开始前被取消</translation>
    </message>
    <message>
        <source>[GPU %1] </source>
        <translation>[GPU %1] </translation>
    </message>
    <message>
        <source> (Slurm job %1)</source>
        <translation>（Slurm 作业 %1）</translation>
    </message>
    <message>
        <source>Not measured: its worker was lost twice while measuring it; last: %1</source>
        <translation>未测量：测量期间其工作进程两次丢失；最后一次：%1</translation>
    </message>
    <message>
        <source>kfx: the worker%1 was lost again while measuring %2, which is not measured: %3</source>
        <translation>kfx：工作进程%1在测量 %2 时再次丢失，%2 未测量：%3</translation>
    </message>
    <message>
        <source>Queued again: its worker was lost (%1)</source>
        <translation>已重新排队：其工作进程丢失（%1）</translation>
    </message>
    <message>
        <source>kfx: the worker%1 was lost while measuring %2; it is restarted and %2 is queued again: %3</source>
        <translation>kfx：工作进程%1在测量 %2 时丢失；它将重新启动，%2 已重新排队：%3</translation>
    </message>
    <message>
        <source>kfx: squeue failed: %1</source>
        <translation>kfx：squeue 失败：%1</translation>
    </message>
    <message>
        <source>kfx: %1</source>
        <translation>kfx：%1</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>no Slurm job</source>
        <translation>无 Slurm 作业</translation>
    </message>
    <message>
        <source>Slurm job %1, pending</source>
        <translation>Slurm 作业 %1，等待中</translation>
    </message>
    <message>
        <source>Slurm job %1, running</source>
        <translation>Slurm 作业 %1，运行中</translation>
    </message>
    <message numerus="yes">
        <source>, lost %n time(s) and restarted</source>
        <translation>
            <numerusform>, 丢失 %n 次并已重新启动</numerusform>
        </translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation>工作进程 %1：%2</translation>
    </message>
</context>
<context>
    <name>MeasureQueueModel</name>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>已测量</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>%1, bin %2</source>
        <translation>%1，区间 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>已用时间</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Pending (Slurm job %1)</source>
        <translation>等待中（Slurm 作业 %1）</translation>
    </message>
    <message>
        <source>Running (Slurm job %1)</source>
        <translation>运行中（Slurm 作业 %1）</translation>
    </message>
    <message>
        <source>CPU (test mode): correct</source>
        <translation>CPU（测试模式）：正确</translation>
    </message>
    <message>
        <source>Suspicious:</source>
        <translation>可疑：</translation>
    </message>
</context>
<context>
    <name>MeasureQueueView</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel &amp;All</source>
        <translation>全部取消(&amp;A)</translation>
    </message>
    <message>
        <source>C&amp;lear Finished</source>
        <translation>清除已完成(&amp;L)</translation>
    </message>
    <message>
        <source>Measurement problem</source>
        <translation>测量问题</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Choose the worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation>选择工作进程、远程 GPU 的启动前缀、计时协议和时间限制</translation>
    </message>
    <message>
        <source>Measurement queue</source>
        <translation>测量队列</translation>
    </message>
    <message>
        <source>The worker&apos;s log (its stderr) appears here.</source>
        <translation>工作进程的日志（其 stderr）显示在此处。</translation>
    </message>
    <message>
        <source>Worker log</source>
        <translation>工作进程日志</translation>
    </message>
    <message>
        <source>What kfx-measure wrote to its error output</source>
        <translation>kfx-measure 写入其错误输出的内容</translation>
    </message>
    <message>
        <source>Cancel the selected measurements</source>
        <translation>取消所选测量</translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation>取消所有排队中和运行中的测量</translation>
    </message>
    <message>
        <source>Remove the finished measurements from the list; their results stay in the workspace</source>
        <translation>从列表中移除已完成的测量；其结果保留在工作区中</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Each worker&apos;s Slurm job: pending while the cluster has no node for it, and how often the worker was lost (its node gone) and restarted</source>
        <translation>每个工作进程的 Slurm 作业：集群尚无可用节点时为等待中；以及工作进程丢失（其节点消失）并重新启动的次数</translation>
    </message>
</context>
<context>
    <name>MeasureSettingsDialog</name>
    <message>
        <source>GPU Measurement Settings</source>
        <translation>GPU 测量设置</translation>
    </message>
    <message>
        <source>Worker command</source>
        <translation>工作进程命令</translation>
    </message>
    <message>
        <source>The kfx-measure executable, with any arguments; on the far side of the launch prefix when there is one</source>
        <translation>kfx-measure 可执行文件及其参数；若有启动前缀，则为前缀另一端的程序</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose the kfx-measure executable on this machine</source>
        <translation>选择本机上的 kfx-measure 可执行文件</translation>
    </message>
    <message>
        <source>Choose kfx-measure</source>
        <translation>选择 kfx-measure</translation>
    </message>
    <message>
        <source>Launch prefix</source>
        <translation>启动前缀</translation>
    </message>
    <message>
        <source>none: the GPU of this machine</source>
        <translation>无：本机的 GPU</translation>
    </message>
    <message>
        <source>A command the worker is started through, to measure on another machine: for example &quot;ssh gpu-box&quot; or &quot;srun --gres=gpu:1&quot;</source>
        <translation>启动工作进程所经由的命令，用于在另一台机器上测量：例如“ssh gpu-box”或“srun --gres=gpu:1”</translation>
    </message>
    <message>
        <source>Robust (warm-up, L2 flushed, median)</source>
        <translation>稳健（预热、清空 L2、中位数）</translation>
    </message>
    <message>
        <source>Reference (the published protocol, mean)</source>
        <translation>参考（已发表的协议，平均值）</translation>
    </message>
    <message>
        <source>Timing protocol</source>
        <translation>计时协议</translation>
    </message>
    <message>
        <source>Robust gives steadier figures; Reference times the way the published searches did</source>
        <translation>稳健的数值更稳定；参考按已发表的搜索所用方式计时</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Time limit per kernel</source>
        <translation>每个内核的时间限制</translation>
    </message>
    <message>
        <source>A kernel with no result after this long is stopped and recorded as a timeout</source>
        <translation>超过此时间仍无结果的内核会被停止，并记录为超时</translation>
    </message>
    <message>
        <source>&amp;Worker:</source>
        <translation>工作进程(&amp;W)：</translation>
    </message>
    <message>
        <source>Launch &amp;prefix:</source>
        <translation>启动前缀(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Timing:</source>
        <translation>计时(&amp;T)：</translation>
    </message>
    <message>
        <source>Time &amp;limit per kernel:</source>
        <translation>每个内核的时间限制(&amp;L)：</translation>
    </message>
    <message>
        <source>Python interpreter</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <source>The interpreter GPU MODE and KernelBench candidates run in, with PyTorch installed: python3, a virtualenv&apos;s directory, or a command such as &quot;srun --gres=gpu:1 python3&quot;</source>
        <translation>运行 GPU MODE 和 KernelBench 候选的解释器（需装有 PyTorch）：python3、虚拟环境的目录，或 &quot;srun --gres=gpu:1 python3&quot; 这样的命令</translation>
    </message>
    <message>
        <source>P&amp;ython:</source>
        <translation>Python(&amp;Y)：</translation>
    </message>
    <message>
        <source>Measure through &amp;Slurm</source>
        <translation>通过 Slurm 测量(&amp;S)</translation>
    </message>
    <message>
        <source>Run each worker as a Slurm job (srun) on the cluster&apos;s GPU nodes: the launch prefix is then not used, and the worker command and the task directories must be visible at the same paths on the nodes</source>
        <translation>将每个工作进程作为 Slurm 作业（srun）在集群的 GPU 节点上运行：此时不使用启动前缀，且工作进程命令和任务目录必须在节点上以相同路径可见</translation>
    </message>
    <message>
        <source>Slurm partition</source>
        <translation>Slurm 分区</translation>
    </message>
    <message>
        <source>srun --partition; empty: the default</source>
        <translation>srun --partition；留空：默认分区</translation>
    </message>
    <message>
        <source>the cluster&apos;s default</source>
        <translation>集群默认</translation>
    </message>
    <message>
        <source>Slurm GRES</source>
        <translation>Slurm GRES</translation>
    </message>
    <message>
        <source>srun --gres: the GPUs of one worker, as gpu:1</source>
        <translation>srun --gres：一个工作进程的 GPU，例如 gpu:1</translation>
    </message>
    <message>
        <source>Slurm time limit</source>
        <translation>Slurm 时间限制</translation>
    </message>
    <message>
        <source>srun --time for each worker&apos;s job, as 2:00:00; empty: the partition&apos;s default</source>
        <translation>每个工作进程作业的 srun --time，例如 2:00:00；留空：分区默认值</translation>
    </message>
    <message>
        <source>Further srun options</source>
        <translation>其他 srun 选项</translation>
    </message>
    <message>
        <source>Added to each srun, for example --account=lab --qos=short</source>
        <translation>附加到每个 srun，例如 --account=lab --qos=short</translation>
    </message>
    <message>
        <source>Slurm workers</source>
        <translation>Slurm 工作进程</translation>
    </message>
    <message>
        <source>How many workers (jobs, one GPU each) kfx keeps alive</source>
        <translation>kfx 保持运行的工作进程数（作业，每个一块 GPU）</translation>
    </message>
    <message>
        <source>P&amp;artition:</source>
        <translation>分区(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;GRES:</source>
        <translation>GRES(&amp;G)：</translation>
    </message>
    <message>
        <source>Ti&amp;me limit:</source>
        <translation>时间限制(&amp;M)：</translation>
    </message>
    <message>
        <source>E&amp;xtra srun options:</source>
        <translation>其他 srun 选项(&amp;X)：</translation>
    </message>
    <message>
        <source>W&amp;orkers:</source>
        <translation>工作进程数(&amp;O)：</translation>
    </message>
</context>
<context>
    <name>PairListModel</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>测试包</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>真实区间</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation>预测数</translation>
    </message>
    <message>
        <source>The comparison id that joins the pair with its predictions</source>
        <translation>将该对与其预测关联起来的对比 ID</translation>
    </message>
    <message>
        <source>The benchmark pack or problem the pair belongs to</source>
        <translation>该对所属的基准测试包或问题</translation>
    </message>
    <message>
        <source>The candidate&apos;s measured speedup S over the reference</source>
        <translation>候选相对参考测得的加速比 S</translation>
    </message>
    <message>
        <source>The bin of the measured speedup: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation>测得加速比所在的区间：floor(2·log2 S) + 4，限制在 1..8</translation>
    </message>
    <message>
        <source>The bin declared by the first parsed forecast (the first surrogate&apos;s first repeat)</source>
        <translation>第一条已解析预测给出的区间（第一个代理模型的第一次重复）</translation>
    </message>
    <message>
        <source>The mass that forecast put on its predicted bin</source>
        <translation>该预测在其预测区间上的概率质量</translation>
    </message>
    <message>
        <source>How many prediction rows (surrogates × repeats) were loaded for the pair</source>
        <translation>为该对加载的预测行数（代理模型 × 重复次数）</translation>
    </message>
</context>
<context>
    <name>PairListPane</name>
    <message>
        <source>Filter by id, pack or code (Ctrl+F)</source>
        <translation>按 ID、测试包或代码筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Pair filter</source>
        <translation>对筛选</translation>
    </message>
    <message>
        <source>Shows the pairs whose comparison id, pack or candidate code contains this text</source>
        <translation>显示对比 ID、测试包或候选代码包含此文本的对</translation>
    </message>
    <message>
        <source>Comparison pairs</source>
        <translation>对比对</translation>
    </message>
</context>
<context>
    <name>PopulationFilterBar</name>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Minimum speedup</source>
        <translation>最小加速比</translation>
    </message>
    <message>
        <source>Maximum speedup</source>
        <translation>最大加速比</translation>
    </message>
    <message>
        <source>Surrogate &amp;failures</source>
        <translation>代理模型失误(&amp;F)</translation>
    </message>
    <message>
        <source>Filter by id or code (Ctrl+F)</source>
        <translation>按 ID 或代码筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Filter nodes</source>
        <translation>筛选节点</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <source>Failed (any)</source>
        <translation>失败（全部）</translation>
    </message>
    <message>
        <source>Failed: compile error</source>
        <translation>失败：编译错误</translation>
    </message>
    <message>
        <source>Failed: runtime error</source>
        <translation>失败：运行时错误</translation>
    </message>
    <message>
        <source>Failed: incorrect output</source>
        <translation>失败：输出错误</translation>
    </message>
    <message>
        <source>Failed: mutation, forecast or infrastructure</source>
        <translation>失败：变异、预测或基础设施</translation>
    </message>
    <message>
        <source>Archive members</source>
        <translation>存档成员</translation>
    </message>
    <message>
        <source>Not admitted</source>
        <translation>未接纳</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待定</translation>
    </message>
    <message>
        <source>Not selected by the search</source>
        <translation>未被搜索选中</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>状态筛选</translation>
    </message>
    <message>
        <source>Show only kernels in this state (with their ancestors, so the lineage stays whole)</source>
        <translation>只显示处于此状态的内核（连同其祖先，以保持谱系完整）</translation>
    </message>
    <message>
        <source>Hide kernels measured slower than this speedup (any: no lower bound)</source>
        <translation>隐藏测得加速比低于此值的内核（任意：无下限）</translation>
    </message>
    <message>
        <source>Hide kernels measured faster than this speedup (any: no upper bound)</source>
        <translation>隐藏测得加速比高于此值的内核（任意：无上限）</translation>
    </message>
    <message>
        <source>True bin filter</source>
        <translation>真实区间筛选</translation>
    </message>
    <message>
        <source>Show only kernels whose measured speedup falls into this bin</source>
        <translation>只显示测得加速比落在此区间的内核</translation>
    </message>
    <message>
        <source>Predicted bin filter</source>
        <translation>预测区间筛选</translation>
    </message>
    <message>
        <source>Show only kernels whose last forecast declared this bin</source>
        <translation>只显示最近一次预测给出此区间的内核</translation>
    </message>
    <message>
        <source>Show only confident, wrong forecasts: the score is at or above the threshold and the predicted bin is not the measured one (which includes the wrong side of 1×). F8 and Shift+F8 walk through them, worst first</source>
        <translation>只显示有把握但错误的预测：分数达到或超过阈值，且预测区间不是测得的区间（包括落在 1× 错误一侧的情况）。用 F8 和 Shift+F8 逐个浏览，最严重的优先</translation>
    </message>
    <message>
        <source>max-prob</source>
        <translation>max-prob</translation>
    </message>
    <message>
        <source>neg-entropy</source>
        <translation>neg-entropy</translation>
    </message>
    <message>
        <source>top-2 margin</source>
        <translation>top-2 margin</translation>
    </message>
    <message>
        <source>Confidence score</source>
        <translation>置信度分数</translation>
    </message>
    <message>
        <source>How confidence is measured: the mass on the predicted bin (max-prob), one minus the normalised entropy (neg-entropy), or the gap between the two largest masses</source>
        <translation>置信度的衡量方式：预测区间上的概率质量（max-prob）、1 减去归一化熵（neg-entropy），或两个最大质量之差</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source>Confidence threshold</source>
        <translation>置信度阈值</translation>
    </message>
    <message>
        <source>A forecast counts as confident at or above this score</source>
        <translation>分数达到此值的预测视为有把握</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>状态(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;peedup:</source>
        <translation>加速比(&amp;P)：</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>&amp;True bin:</source>
        <translation>真实区间(&amp;T)：</translation>
    </message>
    <message>
        <source>Pre&amp;dicted:</source>
        <translation>预测(&amp;D)：</translation>
    </message>
    <message>
        <source>Surpr&amp;ises</source>
        <translation>意外(&amp;I)</translation>
    </message>
    <message>
        <source>Show only kernels whose measured bin the forecast gave less than %1 % probability, confident or not; F8 and Shift+F8 walk through them, most surprising first</source>
        <translation>只显示预测给其测得区间的概率低于 %1% 的内核（无论是否有把握）；用 F8 和 Shift+F8 逐个浏览，最意外的优先</translation>
    </message>
</context>
<context>
    <name>PopulationModel</name>
    <message>
        <source>Bin %1: %2</source>
        <translation>区间 %1：%2</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>not selected</source>
        <translation>未选中</translation>
    </message>
    <message>
        <source>%1 runtime</source>
        <translation>运行时间 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), %1 mean</source>
        <translation>
            <numerusform>%n 个用例，平均 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>First named on line %1 of the log</source>
        <translation>首次出现在日志第 %1 行</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation>转交原因：%1</translation>
    </message>
    <message>
        <source>Was in the archive once, evicted later</source>
        <translation>曾在存档中，后被淘汰</translation>
    </message>
    <message>
        <source>p(%1) = %2</source>
        <translation>p(%1) = %2</translation>
    </message>
    <message>
        <source>Forecast by %1</source>
        <translation>由 %1 预测</translation>
    </message>
    <message>
        <source>Selection score %1</source>
        <translation>选择分数 %1</translation>
    </message>
    <message>
        <source>Predicted bin %1 at max-prob %2, measured bin %3%4</source>
        <translation>预测区间 %1，max-prob %2，测得区间 %3%4</translation>
    </message>
    <message>
        <source>, on the wrong side of 1×</source>
        <translation>，落在 1× 的错误一侧</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>真实区间</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <source>Miss</source>
        <translation>偏差</translation>
    </message>
    <message>
        <source>The node&apos;s ULID, shortened to its last 8 characters (the full id is in each row&apos;s tooltip)</source>
        <translation>节点的 ULID，缩短为最后 8 个字符（完整 ID 在每行的工具提示中）</translation>
    </message>
    <message>
        <source>The search step that produced the kernel (empty for the seed)</source>
        <translation>产生该内核的搜索步（种子为空）</translation>
    </message>
    <message>
        <source>What the kernel is written in, guessed from its code</source>
        <translation>内核的编写语言，根据其代码推测</translation>
    </message>
    <message>
        <source>What became of the kernel: admitted to the archive, not admitted, failed, not selected for measurement by the search, evicted, or a placeholder for a parent the log never describes</source>
        <translation>内核的结局：接纳进存档、未接纳、失败、未被搜索选中测量、被淘汰，或是日志从未描述的父节点的占位符</translation>
    </message>
    <message>
        <source>Measured speedup S over the reference (aggregated over the benchmark cases)</source>
        <translation>相对参考测得的加速比 S（汇总所有基准测试用例）</translation>
    </message>
    <message>
        <source>The speedup bin the measurement falls into: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation>测量值所在的加速比区间：floor(2·log2 S) + 4，限制在 1..8</translation>
    </message>
    <message>
        <source>The bin the surrogate declared in its last forecast for this kernel</source>
        <translation>代理模型在对此内核的最近一次预测中给出的区间</translation>
    </message>
    <message>
        <source>The probability mass the last forecast put on its predicted bin</source>
        <translation>最近一次预测在其预测区间上的概率质量</translation>
    </message>
    <message>
        <source>The surrogate-filtered search&apos;s decision: selected for measurement, or not selected</source>
        <translation>经代理模型筛选的搜索所做的决定：选中测量或未选中</translation>
    </message>
    <message>
        <source>How many benchmark cases were measured, and their mean runtime</source>
        <translation>测量了多少个基准测试用例及其平均运行时间</translation>
    </message>
    <message>
        <source>How badly the last forecast missed: its max-prob confidence times the distance in bins between the predicted and the measured bin</source>
        <translation>最近一次预测的偏差程度：其 max-prob 置信度乘以预测区间与测得区间之间相差的区间数</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>已评估</translation>
    </message>
    <message>
        <source>not admitted</source>
        <translation>未接纳</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待定</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>已淘汰</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>占位符</translation>
    </message>
    <message>
        <source>CUDA C++</source>
        <translation>CUDA C++</translation>
    </message>
    <message>
        <source>Triton</source>
        <translation>Triton</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>A surprise: the forecast gave the measured bin %1 % (%2 bits)</source>
        <translation>意外：预测给测得区间的概率为 %1%（%2 比特）</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>trusted</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>deferred by model</source>
        <translation>由模型转交</translation>
    </message>
    <message>
        <source>deferred</source>
        <translation>转交</translation>
    </message>
    <message>
        <source>trusted (override)</source>
        <translation>信任（覆盖）</translation>
    </message>
    <message>
        <source>deferred (override)</source>
        <translation>转交（覆盖）</translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation>无预测</translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation>由模型转交：%1</translation>
    </message>
    <message>
        <source>Trusted: its score %1 is at or above the threshold.</source>
        <translation>信任：其分数 %1 达到或超过阈值。</translation>
    </message>
    <message>
        <source>Deferred to the GPU: its score %1 is below the threshold.</source>
        <translation>转交 GPU：其分数 %1 低于阈值。</translation>
    </message>
    <message>
        <source>Deferred by the model: %1</source>
        <translation>由模型转交：%1</translation>
    </message>
    <message>
        <source>Deferred by the model, which gave no reason.</source>
        <translation>由模型转交，未给出理由。</translation>
    </message>
    <message>
        <source>Deferred to the GPU: there is no usable forecast.</source>
        <translation>转交 GPU：没有可用的预测。</translation>
    </message>
    <message>
        <source>Trusted by hand, whatever the gate says.</source>
        <translation>手动信任，无论门控如何判断。</translation>
    </message>
    <message>
        <source>Trusted by hand: %1</source>
        <translation>手动信任：%1</translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand, whatever the gate says.</source>
        <translation>手动转交 GPU，无论门控如何判断。</translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand: %1</source>
        <translation>手动转交 GPU：%1</translation>
    </message>
    <message>
        <source>The kernel then failed its measurement (%1): trusting it is a trust error.</source>
        <translation>该内核随后测量失败（%1）：信任它是一次信任错误。</translation>
    </message>
    <message>
        <source>The kernel then failed its measurement (%1), as the GPU found.</source>
        <translation>该内核随后测量失败（%1），已由 GPU 发现。</translation>
    </message>
</context>
<context>
    <name>RecalibrationController</name>
    <message>
        <source>temperature scaling</source>
        <translation>温度缩放</translation>
    </message>
    <message>
        <source>isotonic regression</source>
        <translation>保序回归</translation>
    </message>
    <message>
        <source>histogram binning</source>
        <translation>直方图分箱</translation>
    </message>
    <message>
        <source>&amp;Recalibrate…</source>
        <translation>重新校准(&amp;R)…</translation>
    </message>
    <message>
        <source>Show &amp;Original Forecasts Only</source>
        <translation>仅显示原始预测(&amp;O)</translation>
    </message>
    <message>
        <source>Export &amp;Recalibrated Predictions…</source>
        <translation>导出重新校准的预测(&amp;R)…</translation>
    </message>
    <message>
        <source>Fit temperature, isotonic or histogram recalibration on a split of the pairs and show the recalibrated surrogates beside the originals</source>
        <translation>在部分对上拟合温度缩放、保序回归或直方图重新校准，并将重新校准后的代理模型与原始模型并列显示</translation>
    </message>
    <message>
        <source>Write the recalibrated forecasts as prediction rows</source>
        <translation>将重新校准的预测写为预测行</translation>
    </message>
    <message>
        <source>Nothing to recalibrate: no surrogate has a forecast of a measured pair in %1</source>
        <translation>没有可重新校准的内容：%1 中没有代理模型对已测量的对给出预测</translation>
    </message>
    <message>
        <source>Nothing has been recalibrated</source>
        <translation>尚未重新校准任何内容</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export Recalibrated Predictions</source>
        <translation>导出重新校准的预测</translation>
    </message>
    <message>
        <source>Prediction rows (*.jsonl)</source>
        <translation>预测行 (*.jsonl)</translation>
    </message>
    <message>
        <source>Recalibrated by %1 on %2 (calibration pairs: %3, surrogates: %4), shown as &quot;… (recalibrated)&quot;</source>
        <translation>已用%1在 %2 上重新校准（校准对：%3，代理模型：%4），显示为“…（重新校准）”</translation>
    </message>
    <message>
        <source>Recalibrated rows written to %1: %2</source>
        <translation>已将重新校准的行写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>RecalibrationDialog</name>
    <message>
        <source>Recalibrate</source>
        <translation>重新校准</translation>
    </message>
    <message>
        <source>Temperature scaling</source>
        <translation>温度缩放</translation>
    </message>
    <message>
        <source>Isotonic regression</source>
        <translation>保序回归</translation>
    </message>
    <message>
        <source>Histogram binning</source>
        <translation>直方图分箱</translation>
    </message>
    <message>
        <source>Fitted per surrogate on the calibration split&apos;s measured pairs, then applied to the rest of its forecasts</source>
        <translation>针对每个代理模型，在校准划分中已测量的对上拟合，然后应用于其其余预测</translation>
    </message>
    <message>
        <source>Random share of the pairs</source>
        <translation>随机抽取部分对</translation>
    </message>
    <message>
        <source>One pack</source>
        <translation>单个测试包</translation>
    </message>
    <message>
        <source>The same seed draws the same pairs</source>
        <translation>相同的种子抽取相同的对</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Fit on:</source>
        <translation>拟合数据(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Pack:</source>
        <translation>测试包(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;hare of pairs:</source>
        <translation>对的比例(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Recalibrate</source>
        <translation>重新校准(&amp;R)</translation>
    </message>
    <message>
        <source>Every surrogate</source>
        <translation>所有代理模型</translation>
    </message>
    <message>
        <source>S&amp;urrogate:</source>
        <translation>代理模型(&amp;U)：</translation>
    </message>
</context>
<context>
    <name>RecentSessions</name>
    <message numerus="yes">
        <source>%1 and %n more file(s)</source>
        <translation>
            <numerusform>%1 及另外 %n 个文件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecentSessionsMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
</context>
<context>
    <name>ReliabilityChart</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;按置信度排序位于 %2 的预测：%n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;置信度 %2：%n 条预测</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n comparison(s) (repeats pooled)</source>
        <translation>
            <numerusform>，来自 %n 个对比（重复已合并）</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;confidence %1–%2</source>
        <translation>&lt;br&gt;置信度 %1–%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;mean confidence %1, accuracy %2 (%3 of %4 right)&lt;br&gt;95% interval %5–%6 (Clopper–Pearson)&lt;br&gt;click to select them</source>
        <translation>&lt;br&gt;平均置信度 %1，准确率 %2（%4 条中 %3 条正确）&lt;br&gt;95% 区间 %5–%6（Clopper–Pearson）&lt;br&gt;点击以选中它们</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <source>Confidence (mass on the predicted bin)</source>
        <translation>置信度（预测区间上的概率质量）</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Perfectly calibrated</source>
        <translation>完美校准</translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation>预测数</translation>
    </message>
</context>
<context>
    <name>ReliabilityModel</name>
    <message>
        <source>%1–%2%</source>
        <translation>%1–%2%</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Share of forecasts from</source>
        <translation>预测比例起点</translation>
    </message>
    <message>
        <source>Confidence from</source>
        <translation>置信度起点</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>%1: mean confidence</source>
        <translation>%1：平均置信度</translation>
    </message>
    <message>
        <source>%1: accuracy</source>
        <translation>%1：准确率</translation>
    </message>
    <message>
        <source>%1: forecasts</source>
        <translation>%1：预测数</translation>
    </message>
    <message>
        <source>%1: correct</source>
        <translation>%1：正确</translation>
    </message>
    <message>
        <source>%1: accuracy 95% low</source>
        <translation>%1：准确率 95% 下限</translation>
    </message>
    <message>
        <source>%1: accuracy 95% high</source>
        <translation>%1：准确率 95% 上限</translation>
    </message>
    <message>
        <source>%1: confidence from</source>
        <translation>%1：置信度起点</translation>
    </message>
    <message>
        <source>%1: confidence to</source>
        <translation>%1：置信度终点</translation>
    </message>
</context>
<context>
    <name>ReplayController</name>
    <message>
        <source>Counterfactual Replay</source>
        <translation>反事实回放</translation>
    </message>
    <message>
        <source>Replay &amp;Demo Mode</source>
        <translation>回放演示模式(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>回放(&amp;R)</translation>
    </message>
</context>
<context>
    <name>ReplayResultsModel</name>
    <message>
        <source>Standard (measure all)</source>
        <translation>标准（全部测量）</translation>
    </message>
    <message>
        <source>Random k (equal budget)</source>
        <translation>随机 k 个（相同预算）</translation>
    </message>
    <message>
        <source>Surrogate top-k</source>
        <translation>代理模型 Top-k</translation>
    </message>
    <message>
        <source>Gate as filter</source>
        <translation>门控作为筛选</translation>
    </message>
    <message>
        <source>Compound (trust forecasts)</source>
        <translation>组合（信任预测）</translation>
    </message>
    <message>
        <source>Oracle (hindsight)</source>
        <translation>Oracle（事后最优）</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation>%1%（共 %2）</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Final best</source>
        <translation>最终最佳</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU 评估</translation>
    </message>
    <message>
        <source>Oracle agreement</source>
        <translation>与 Oracle 一致率</translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation>信任</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>the search ended</source>
        <translation>搜索已结束</translation>
    </message>
    <message>
        <source>budget spent</source>
        <translation>预算已用尽</translation>
    </message>
    <message>
        <source>off the recorded path at step %1</source>
        <translation>自第 %1 步起偏离记录路径</translation>
    </message>
    <message>
        <source>no forecasts</source>
        <translation>没有预测</translation>
    </message>
    <message>
        <source>It replayed every step the recorded search completed.</source>
        <translation>它重放了记录的搜索完成的每一步。</translation>
    </message>
    <message>
        <source>The GPU budget was spent; after it, only kernels admitted on a trusted forecast could enter.</source>
        <translation>GPU 预算已用尽；此后只有凭受信任预测接纳的内核才能进入。</translation>
    </message>
    <message>
        <source>From step %1 on, the recorded search expanded only kernels this policy never admitted to its archive. A replay can measure only the children the recorded search produced, so it had nothing left to choose from.</source>
        <translation>从第 %1 步起，记录的搜索只扩展了此策略从未纳入其存档的内核。重放只能测量记录的搜索所产生的子内核，因此它已无可选择。</translation>
    </message>
    <message>
        <source>Top-k measures only kernels with a forecast, and none of those offered to it had one: forecast the search first (Forecast → Forecast Kernels Without a Forecast).</source>
        <translation>Top-k 只测量有预测的内核，而提供给它的内核都没有预测：请先对搜索进行预测（预测 → 预测无预测的内核）。</translation>
    </message>
    <message>
        <source>Stopped because</source>
        <translation>停止原因</translation>
    </message>
</context>
<context>
    <name>ReplayView</name>
    <message>
        <source>&amp;Demo</source>
        <translation>演示(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>Counterfactual replay</source>
        <translation>反事实回放</translation>
    </message>
    <message>
        <source>Candidates the k-of-n policies measure per parent</source>
        <translation>k-of-n 策略在每个父节点下测量的候选数</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>GPU evaluations every policy may spend</source>
        <translation>每种策略可用的 GPU 评估次数</translation>
    </message>
    <message>
        <source>Seed of the random baseline&apos;s draws</source>
        <translation>随机基线抽样的种子</translation>
    </message>
    <message>
        <source>Large, animated replay for presenting</source>
        <translation>用于演示的大幅动画回放</translation>
    </message>
    <message>
        <source>Demo speed</source>
        <translation>演示速度</translation>
    </message>
    <message>
        <source>Animation steps per second</source>
        <translation>每秒动画步数</translation>
    </message>
    <message>
        <source>Policy the demo follows</source>
        <translation>演示所跟随的策略</translation>
    </message>
    <message>
        <source>Whose candidates the demo shows one by one, with their forecasts and verdicts</source>
        <translation>演示逐个展示其候选（连同预测和裁决）的策略</translation>
    </message>
    <message>
        <source>k per parent:</source>
        <translation>每个父节点 k：</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Follow:</source>
        <translation>跟随：</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU 评估</translation>
    </message>
    <message>
        <source>Best speedup (×)</source>
        <translation>最佳加速比 (×)</translation>
    </message>
    <message>
        <source>Best-so-far speedup by GPU evaluations</source>
        <translation>随 GPU 评估次数变化的迄今最佳加速比</translation>
    </message>
    <message>
        <source>Replay results</source>
        <translation>回放结果</translation>
    </message>
    <message>
        <source>GPU budget left</source>
        <translation>剩余 GPU 预算</translation>
    </message>
    <message>
        <source>Load a recorded v2 or v3 search to replay it.</source>
        <translation>加载已记录的 v2 或 v3 搜索以回放。</translation>
    </message>
    <message numerus="yes">
        <source>Replaying %n kernel(s)…</source>
        <translation>
            <numerusform>正在回放 %n 个内核…</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernel of this search has a forecast: the surrogate policies measure nothing. Forecast the search first (Forecast → Forecast Kernels Without a Forecast).</source>
        <translation>此搜索中没有内核带有预测：代理模型策略不会测量任何内核。请先对搜索进行预测（预测 → 预测无预测的内核）。</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>GPU evaluation %1 of %2</source>
        <translation>GPU 评估 %1 / %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 GPU evaluations left</source>
        <translation>%1：剩余 %2 / %3 次 GPU 评估</translation>
    </message>
    <message numerus="yes">
        <source>%n evaluation(s)</source>
        <translation>
            <numerusform>%n 次评估</numerusform>
        </translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>GPU-Budget Frontier</source>
        <translation>GPU 预算前沿</translation>
    </message>
</context>
<context>
    <name>RiskCoverageChart</name>
    <message>
        <source>Risk–coverage: %1 by %2</source>
        <translation>风险–覆盖率：%1，按%2</translation>
    </message>
    <message>
        <source>Coverage (share of forecasts trusted)</source>
        <translation>覆盖率（受信任预测的比例）</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>门控</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;the gate at threshold %2 trusts %3 of the forecasts, at risk %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;阈值为 %2 的门控信任 %3 的预测，风险为 %4</translation>
    </message>
    <message>
        <source>Gate at %1</source>
        <translation>门控 @ %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;threshold %2: coverage %3, risk %4&lt;br&gt;%5 trusted, %6 measured&lt;br&gt;click to select the trusted forecasts</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;阈值 %2：覆盖率 %3，风险 %4&lt;br&gt;%5 条受信任，%6 条已测量&lt;br&gt;点击以选中受信任的预测</translation>
    </message>
</context>
<context>
    <name>RiskCoverageModel</name>
    <message>
        <source>%1: threshold</source>
        <translation>%1：阈值</translation>
    </message>
    <message>
        <source>%1: coverage</source>
        <translation>%1：覆盖率</translation>
    </message>
    <message>
        <source>%1: risk</source>
        <translation>%1：风险</translation>
    </message>
    <message>
        <source>%1: trusted</source>
        <translation>%1：信任</translation>
    </message>
    <message>
        <source>%1: measured</source>
        <translation>%1：已测量</translation>
    </message>
    <message>
        <source>Mass on predicted bin</source>
        <translation>预测区间上的质量</translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation>负熵</translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation>Top-2 差距</translation>
    </message>
    <message>
        <source>Expected bin</source>
        <translation>期望区间</translation>
    </message>
    <message>
        <source>Wrong bin</source>
        <translation>错误区间</translation>
    </message>
    <message>
        <source>Speedup distance</source>
        <translation>加速比距离</translation>
    </message>
    <message>
        <source>Regret</source>
        <translation>遗憾值</translation>
    </message>
</context>
<context>
    <name>SearchComparisonView</name>
    <message>
        <source>Play &amp;Demo</source>
        <translation>播放演示(&amp;D)</translation>
    </message>
    <message>
        <source>Selective search against its baseline</source>
        <translation>选择性搜索与其基线对比</translation>
    </message>
    <message>
        <source>Best measured speedup of both searches against GPU evaluations</source>
        <translation>两次搜索的最佳实测加速比随 GPU 评估次数的变化</translation>
    </message>
    <message>
        <source>Replays both searches one GPU evaluation at a time; measures the selective search&apos;s kernels live where a GPU answers</source>
        <translation>逐次 GPU 评估地重放两次搜索；若有 GPU 响应，则实时测量选择性搜索的内核</translation>
    </message>
    <message>
        <source>Selective search</source>
        <translation>选择性搜索</translation>
    </message>
    <message>
        <source>Baseline (measures all)</source>
        <translation>基线（全部测量）</translation>
    </message>
    <message>
        <source>Best measured:</source>
        <translation>最佳实测加速比：</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>GPU evaluations:</source>
        <translation>GPU 评估次数：</translation>
    </message>
    <message>
        <source>Candidates considered:</source>
        <translation>考虑的候选数：</translation>
    </message>
    <message>
        <source>selective search</source>
        <translation>选择性搜索</translation>
    </message>
    <message>
        <source>baseline (measures all)</source>
        <translation>基线（全部测量）</translation>
    </message>
    <message>
        <source>Stop &amp;Demo</source>
        <translation>停止演示(&amp;D)</translation>
    </message>
    <message>
        <source>no task directory to measure against</source>
        <translation>没有可用于测量的任务目录</translation>
    </message>
    <message>
        <source>Asking the measurement worker for a GPU…</source>
        <translation>正在向测量工作进程询问 GPU…</translation>
    </message>
    <message>
        <source>Measuring live on %1</source>
        <translation>正在 %1 上实时测量</translation>
    </message>
    <message>
        <source>selective search (live)</source>
        <translation>选择性搜索（实时）</translation>
    </message>
    <message>
        <source>Live measuring stopped: %1</source>
        <translation>实时测量已停止：%1</translation>
    </message>
    <message>
        <source> (finished)</source>
        <translation>（已完成）</translation>
    </message>
    <message>
        <source>Recorded results, measured on %1</source>
        <translation>记录的结果，测量于 %1</translation>
    </message>
    <message>
        <source>Recorded results</source>
        <translation>记录的结果</translation>
    </message>
    <message>
        <source>%1 (not live)</source>
        <translation>%1（非实时）</translation>
    </message>
    <message>
        <source>Not measured live: %1</source>
        <translation>未实时测量：%1</translation>
    </message>
    <message>
        <source>GPU evaluation %1 of %2</source>
        <translation>GPU 评估 %1 / %2</translation>
    </message>
    <message>
        <source>The selective search found the faster kernel: %1 against the baseline&apos;s %2.</source>
        <translation>选择性搜索找到了更快的内核：%1，基线为 %2。</translation>
    </message>
    <message>
        <source>The baseline found the faster kernel: %1 against the selective search&apos;s %2.</source>
        <translation>基线找到了更快的内核：%1，选择性搜索为 %2。</translation>
    </message>
    <message>
        <source>Both found equally fast kernels: %1.</source>
        <translation>两者找到的内核一样快：%1。</translation>
    </message>
    <message>
        <source>So far: %1</source>
        <translation>目前：%1</translation>
    </message>
    <message>
        <source>The selective search spent %1 GPU evaluations and considered %2 candidates; the baseline spent %3 and considered %4.</source>
        <translation>选择性搜索使用了 %1 次 GPU 评估，考虑了 %2 个候选；基线使用了 %3 次，考虑了 %4 个。</translation>
    </message>
</context>
<context>
    <name>SearchController</name>
    <message>
        <source>Live Search</source>
        <translation>实时搜索</translation>
    </message>
    <message>
        <source>&amp;Run…</source>
        <translation>运行(&amp;R)…</translation>
    </message>
    <message>
        <source>Run a live search on a task, with its equal-budget baseline if asked</source>
        <translation>在任务上运行实时搜索，如有要求，同时运行预算相同的基线</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Stop the search at its next event, keeping the log, to resume later</source>
        <translation>在下一个事件处停止搜索并保留日志，以便稍后继续</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>继续(&amp;E)</translation>
    </message>
    <message>
        <source>Continue the paused search from its log</source>
        <translation>从日志继续已暂停的搜索</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>End the search; its log is kept</source>
        <translation>结束搜索；其日志会保留</translation>
    </message>
    <message>
        <source>Last progress of the search</source>
        <translation>搜索的最新进展</translation>
    </message>
    <message>
        <source>GPU budget spent</source>
        <translation>已用 GPU 预算</translation>
    </message>
    <message>
        <source>Search: %1</source>
        <translation>搜索：%1</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message numerus="yes">
        <source>%1: best measured %2× after %n GPU measurement(s)</source>
        <translation>
            <numerusform>%1：%n 次 GPU 测量后，测得最佳 %2×</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not started</source>
        <translation>%1：未开始</translation>
    </message>
    <message>
        <source>%1: %v of %m GPU measurements</source>
        <translation>%1：%m 次 GPU 测量中已完成 %v 次</translation>
    </message>
    <message>
        <source>No search running</source>
        <translation>没有正在运行的搜索</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Pausing at the next event…</source>
        <translation>将在下一个事件处暂停…</translation>
    </message>
    <message>
        <source>Paused: Resume continues from the log</source>
        <translation>已暂停：“继续”将从日志接着运行</translation>
    </message>
    <message>
        <source>Stopping at the next event…</source>
        <translation>将在下一个事件处停止…</translation>
    </message>
    <message>
        <source>Stopped; the log is kept</source>
        <translation>已停止；日志已保留</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Selective Search against Baseline</source>
        <translation>选择性搜索与基线对比</translation>
    </message>
    <message>
        <source>Play &amp;Demo: Selective against Baseline</source>
        <translation>播放演示：选择性与基线对比(&amp;D)</translation>
    </message>
    <message>
        <source>Replays the selective search and its baseline one GPU evaluation at a time</source>
        <translation>逐次 GPU 评估地重放选择性搜索及其基线</translation>
    </message>
    <message>
        <source>Si&amp;mulate Selective against Baseline over Seeds</source>
        <translation>在多个种子上模拟选择性与基线对比(&amp;M)</translation>
    </message>
    <message>
        <source>Runs the pair&apos;s task over many seeds of its measured landscape and draws their bands</source>
        <translation>在该任务的实测全景上以多个种子运行这一对搜索，并绘制其分布带</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <source>A selective search and its baseline are open: View → %1 compares them.</source>
        <translation>已打开一个选择性搜索及其基线：视图 → %1 可对比二者。</translation>
    </message>
</context>
<context>
    <name>SeedSimulationBar</name>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>Si&amp;mulate Seeds</source>
        <translation>模拟种子(&amp;M)</translation>
    </message>
    <message>
        <source>The pair&apos;s searches simulated over many seeds</source>
        <translation>这一对搜索在多个种子上的模拟</translation>
    </message>
    <message>
        <source> seeds</source>
        <translation> 个种子</translation>
    </message>
    <message>
        <source>Seeds to simulate</source>
        <translation>要模拟的种子数</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>top-k</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>certified risk</source>
        <translation>认证风险</translation>
    </message>
    <message>
        <source>Selection policy to simulate</source>
        <translation>要模拟的选择策略</translation>
    </message>
    <message>
        <source>Seeds simulated</source>
        <translation>已模拟的种子</translation>
    </message>
    <message>
        <source>%v of %m seeds</source>
        <translation>%v / %m 个种子</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n seed(s); nothing is shown for them.</source>
        <translation>
            <numerusform>在 %n 个种子后停止；不显示其结果。</numerusform>
        </translation>
    </message>
    <message>
        <source>The simulation failed: %1</source>
        <translation>模拟失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Runs the selective search and its baseline over many seeds of %1&apos;s measured landscape: recorded H100 measurements, not live ones, at this pair&apos;s budget of %n GPU measurement(s)</source>
        <translation>
            <numerusform>在 %1 的实测全景上以多个种子运行选择性搜索及其基线：使用记录的 H100 测量结果，而非实时测量，预算与这一对相同，为 %n 次 GPU 测量</numerusform>
        </translation>
    </message>
    <message>
        <source>kfx has no measured landscape for this search&apos;s task</source>
        <translation>kfx 没有此搜索任务的实测全景</translation>
    </message>
    <message>
        <source>Stop Si&amp;mulation</source>
        <translation>停止模拟(&amp;M)</translation>
    </message>
    <message numerus="yes">
        <source>Simulating %n seed(s) on recorded measurements…</source>
        <translation>
            <numerusform>正在基于记录的测量结果模拟 %n 个种子…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>selective (%1), %n seed(s)</source>
        <translation>
            <numerusform>选择性（%1），%n 个种子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>baseline, %n seed(s)</source>
        <translation>
            <numerusform>基线，%n 个种子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seed(s) on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median [10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline %11 measurements (never there: %12 and %13 seeds).</source>
        <translation>
            <numerusform>%n 个种子，基于记录的测量结果（%1），而非实时测量。%2 次 GPU 测量后的最佳值，中位数 [10–90 %]：选择性 %3 [%4, %5]，基线 %6 [%7, %8]。达到 %9 的 98 %：选择性 %10 次，基线 %11 次测量（从未达到：%12 和 %13 个种子）。</numerusform>
        </translation>
    </message>
    <message>
        <source>How the simulated selective search chooses what to measure: top-k, as Search → Run… does by default, or trusting forecasts at the gate bar&apos;s threshold, coverage or risk</source>
        <translation>模拟的选择性搜索如何选择要测量的内核：top-k（搜索 → 运行… 的默认方式），或按门控栏的阈值、覆盖率或风险信任预测</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>SearchEvidenceView</name>
    <message>
        <source>Forecast evidence</source>
        <translation>预测依据</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1, bin %2</source>
        <translation>%1，第 %2 档</translation>
    </message>
    <message>
        <source>No search kernel selected.</source>
        <translation>未选择搜索中的内核。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Parent&lt;/b&gt; %1: %2</source>
        <translation>&lt;b&gt;父内核&lt;/b&gt; %1：%2</translation>
    </message>
    <message>
        <source>the parent&apos;s bin</source>
        <translation>与父内核同档</translation>
    </message>
    <message numerus="yes">
        <source>%n bin(s) above the parent&apos;s</source>
        <translation>
            <numerusform>比父内核高 %n 档</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bin(s) below the parent&apos;s</source>
        <translation>
            <numerusform>比父内核低 %n 档</numerusform>
        </translation>
    </message>
    <message>
        <source>The forecast shown: bin %1, %2.</source>
        <translation>所示预测：第 %1 档，%2。</translation>
    </message>
    <message>
        <source>The parent was not measured before this kernel.</source>
        <translation>父内核在此内核之前未被测量。</translation>
    </message>
    <message>
        <source>No kernel was measured before this one&apos;s step.</source>
        <translation>在此内核的步骤之前没有测量过任何内核。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Most similar measured kernels&lt;/b&gt; (earlier steps, by the token pairs of their code):</source>
        <translation>&lt;b&gt;最相似的已测内核&lt;/b&gt;（更早的步骤，按代码的词元对）：</translation>
    </message>
    <message>
        <source>%1: %2, similarity %3</source>
        <translation>%1：%2，相似度 %3</translation>
    </message>
</context>
<context>
    <name>SearchRunChart</name>
    <message>
        <source>Best measured speedup against GPU budget</source>
        <translation>最佳测得加速比与 GPU 预算</translation>
    </message>
    <message>
        <source>The best measured speedup so far against GPU measurements spent, for the search and for the baseline that measures everything with the same budget.</source>
        <translation>迄今测得的最佳加速比随已耗费 GPU 测量次数的变化，分别对应搜索和以相同预算测量全部候选的基线。</translation>
    </message>
    <message>
        <source>GPU measurements</source>
        <translation>GPU 测量次数</translation>
    </message>
    <message>
        <source>best ×</source>
        <translation>最佳 ×</translation>
    </message>
    <message>
        <source>search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>baseline (measures all)</source>
        <translation>基线（全部测量）</translation>
    </message>
</context>
<context>
    <name>SearchRunDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for %1</source>
        <translation>浏览：%1</translation>
    </message>
    <message>
        <source>Search logs (*.jsonl)</source>
        <translation>搜索日志 (*.jsonl)</translation>
    </message>
    <message>
        <source>&amp;OpenAI-compatible server</source>
        <translation>OpenAI 兼容服务器(&amp;O)</translation>
    </message>
    <message>
        <source>Also run the equal-budget &amp;baseline (measures everything)</source>
        <translation>同时运行预算相同的基线（全部测量）(&amp;B)</translation>
    </message>
    <message>
        <source>Run a Search</source>
        <translation>运行搜索</translation>
    </message>
    <message>
        <source>Task directory</source>
        <translation>任务目录</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>服务器 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Standard: measure every candidate</source>
        <translation>标准：测量每个候选</translation>
    </message>
    <message>
        <source>Selective: forecast, measure only some</source>
        <translation>选择性：先预测，只测量部分候选</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Top-k by forecast (the paper)</source>
        <translation>按预测取 Top-k（论文的做法）</translation>
    </message>
    <message>
        <source>Trust above a confidence threshold</source>
        <translation>置信度高于阈值时信任</translation>
    </message>
    <message>
        <source>Trust a coverage target</source>
        <translation>按目标覆盖率信任</translation>
    </message>
    <message>
        <source>Trust at a certified risk</source>
        <translation>在经认证的风险下信任</translation>
    </message>
    <message>
        <source>Trust level</source>
        <translation>信任水平</translation>
    </message>
    <message>
        <source>GPU budget</source>
        <translation>GPU 预算</translation>
    </message>
    <message>
        <source>GPU budget unit</source>
        <translation>GPU 预算单位</translation>
    </message>
    <message>
        <source>measurements</source>
        <translation>测量次数</translation>
    </message>
    <message>
        <source>GPU-seconds</source>
        <translation>GPU 秒</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Measurement workers kept busy at once: one per GPU</source>
        <translation>同时保持忙碌的测量工作进程数：每块 GPU 一个</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Measured by</source>
        <translation>测量方式</translation>
    </message>
    <message>
        <source>Measurement &amp;Settings…</source>
        <translation>测量设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>服务器 URL(&amp;U)：</translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation>模型(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>Pol&amp;icy:</source>
        <translation>策略(&amp;I)：</translation>
    </message>
    <message>
        <source>Trust &amp;level:</source>
        <translation>信任水平(&amp;L)：</translation>
    </message>
    <message>
        <source>GPU &amp;budget:</source>
        <translation>GPU 预算(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Workers:</source>
        <translation>工作进程数(&amp;W)：</translation>
    </message>
    <message>
        <source>St&amp;eps:</source>
        <translation>步数(&amp;E)：</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>随机种子(&amp;D)：</translation>
    </message>
    <message>
        <source>Measured by:</source>
        <translation>测量方式：</translation>
    </message>
    <message>
        <source>&amp;Log:</source>
        <translation>日志(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Top-k trusts no forecast: every selected candidate is measured</source>
        <translation>Top-k 不信任任何预测：每个选中的候选都会被测量</translation>
    </message>
    <message>
        <source>The confidence (%1) a forecast needs to be trusted</source>
        <translation>预测获得信任所需的置信度（%1）</translation>
    </message>
    <message>
        <source>The share of each step&apos;s selected candidates trusted, the most confident by %1</source>
        <translation>每步选中的候选中受信任的比例，按%1取最有把握的那些</translation>
    </message>
    <message>
        <source>The gate bar&apos;s: %1</source>
        <translation>门控栏的设置：%1</translation>
    </message>
    <message>
        <source>α: the largest share of trusted forecasts that may be wrong, certified with probability 1 − δ (δ = %1)</source>
        <translation>α：受信任预测中允许出错的最大比例，以 1 − δ 的概率认证（δ = %1）</translation>
    </message>
    <message>
        <source>%1 through Slurm</source>
        <translation>%1（通过 Slurm）</translation>
    </message>
    <message>
        <source>%1 behind “%2”</source>
        <translation>%1（经由“%2”）</translation>
    </message>
    <message>
        <source>Task: %1 is not a kfx-task or GPU MODE task directory.</source>
        <translation>任务：%1 不是 kfx-task 或 GPU MODE 任务目录。</translation>
    </message>
    <message>
        <source>Server URL: give an http:// or https:// address.</source>
        <translation>服务器 URL：请填写 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <source>Model: name the model the server should use.</source>
        <translation>模型：请填写服务器应使用的模型名称。</translation>
    </message>
    <message>
        <source>Task: a server needs the task directory its kernels are written for.</source>
        <translation>任务：使用服务器时需要指定其内核所针对的任务目录。</translation>
    </message>
    <message>
        <source>GPU budget: give more than 0 %1.</source>
        <translation>GPU 预算：请给出大于 0 的值（%1）。</translation>
    </message>
    <message>
        <source>Log: choose the file the search is written to.</source>
        <translation>日志：请选择写入搜索的文件。</translation>
    </message>
    <message>
        <source>Log: the folder %1 does not exist.</source>
        <translation>日志：文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Log: %1 already holds a search; choose a new file.</source>
        <translation>日志：%1 中已有搜索；请选择新文件。</translation>
    </message>
    <message>
        <source>Candidate &amp;pool or template mutations (a stand-in for an LLM)</source>
        <translation>候选池或模板变异（代替 LLM）(&amp;P)</translation>
    </message>
    <message>
        <source>a kfx-task or GPU MODE directory; empty: the pool&apos;s or the mutations&apos; task</source>
        <translation>kfx-task 或 GPU MODE 目录；留空：使用池或变异的任务</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations</source>
        <translation>候选池或模板变异</translation>
    </message>
    <message>
        <source>A directory with a pool.json (a candidate pool) or a mutations.json (template mutations)</source>
        <translation>含 pool.json（候选池）或 mutations.json（模板变异）的目录</translation>
    </message>
    <message>
        <source>Pool or mutations &amp;directory:</source>
        <translation>池或变异目录(&amp;D)：</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: choose a directory with a pool.json or a mutations.json.</source>
        <translation>候选池或模板变异：请选择一个含 pool.json 或 mutations.json 的目录。</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: %1</source>
        <translation>候选池或模板变异：%1</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: its kernels are for the task “%1”, not “%2”.</source>
        <translation>候选池或模板变异：其内核是为任务“%1”编写的，而不是“%2”。</translation>
    </message>
</context>
<context>
    <name>SearchRunner</name>
    <message>
        <source>the worker gave no device information</source>
        <translation>worker 未提供设备信息</translation>
    </message>
</context>
<context>
    <name>SearchSelector</name>
    <message>
        <source>Search shown</source>
        <translation>显示的搜索</translation>
    </message>
    <message>
        <source>Several search logs are loaded: the tree shows the one chosen here</source>
        <translation>已加载多个搜索日志：树中显示此处选择的那个</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>搜索(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>Reopened %1</source>
        <translation>已重新打开 %1</translation>
    </message>
    <message>
        <source>Opened %1 in place of %2</source>
        <translation>已打开 %1，替换 %2</translation>
    </message>
    <message>
        <source>Already open: %1</source>
        <translation>已打开：%1</translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) to the session</source>
        <translation>
            <numerusform>已向会话添加 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>The file could not be read</source>
        <translation>无法读取文件</translation>
    </message>
</context>
<context>
    <name>SessionStatus</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>archive %1</source>
        <translation>存档 %1</translation>
    </message>
    <message>
        <source>best measured %1</source>
        <translation>最佳实测 %1</translation>
    </message>
    <message>
        <source>archive best %1</source>
        <translation>存档最佳 %1</translation>
    </message>
    <message>
        <source>No search loaded — File → Open (Ctrl+O) or drop files here</source>
        <translation>未加载搜索 — 文件 → 打开（Ctrl+O），或将文件拖到此处</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 个对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prediction(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 条预测</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionWorkspace</name>
    <message>
        <source>The workspace %1 is damaged.</source>
        <translation>工作区 %1 已损坏。</translation>
    </message>
    <message>
        <source>%1 is not a kfx workspace: another program&apos;s database has its name.</source>
        <translation>%1 不是 kfx 工作区：这是另一个程序的数据库，只是名称相同。</translation>
    </message>
    <message>
        <source>The workspace %1 was written by a newer version of kfx.</source>
        <translation>工作区 %1 由更新版本的 kfx 写入。</translation>
    </message>
    <message>
        <source>%1 Set it aside (it is kept, renamed) to start a fresh workspace; until then, overrides and gate settings are not saved.</source>
        <translation>%1 将其移到一旁（会以新名称保留）即可新建工作区；在此之前，覆盖和门控设置不会保存。</translation>
    </message>
    <message>
        <source>The data changed since this workspace was saved (%1): overrides and notes may refer to kernels that are now different or gone.</source>
        <translation>自该工作区保存以来数据已改变（%1）：覆盖和备注可能指向已改变或已不存在的内核。</translation>
    </message>
    <message>
        <source>The workspace could not be opened</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <source>This workspace is kept in %1, as the settings ask.</source>
        <translation>按照设置，此工作区保存在 %1 中。</translation>
    </message>
    <message>
        <source>The data&apos;s folder %1 cannot be written, so its workspace is kept in %2.</source>
        <translation>数据文件夹 %1 不可写，因此其工作区保存在 %2 中。</translation>
    </message>
    <message>
        <source>The workspace could not be set aside</source>
        <translation>无法将工作区移到一旁</translation>
    </message>
    <message>
        <source>A fresh workspace was started; the old one is kept as %1.</source>
        <translation>已新建工作区；旧工作区保留为 %1。</translation>
    </message>
    <message>
        <source>The workspace could not record the data</source>
        <translation>工作区无法记录这些数据</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ThemeChooser</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>TopKChart</name>
    <message>
        <source>Top-k recovery (ranked by expected bin)</source>
        <translation>Top-k 召回（按期望区间排序）</translation>
    </message>
    <message>
        <source>Candidates measured (% of each pool)</source>
        <translation>已测量的候选（占每个池的 %）</translation>
    </message>
    <message>
        <source>Share of the best speedup found</source>
        <translation>所找到的最佳加速比的比例</translation>
    </message>
    <message>
        <source>Within 20% of the best</source>
        <translation>与最佳相差 20% 以内</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measuring the top %2% finds %3 of the best speedup&lt;br&gt;click to select the forecasts measured</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;测量前 %2% 可找到最佳加速比的 %3&lt;br&gt;点击以选中被测量的预测</translation>
    </message>
</context>
<context>
    <name>TopKModel</name>
    <message>
        <source>Measured (%)</source>
        <translation>已测量 (%)</translation>
    </message>
</context>
<context>
    <name>TrustSettings</name>
    <message>
        <source>trusts no forecast: every selected candidate is measured</source>
        <translation>不信任任何预测：每个选中的候选都会被测量</translation>
    </message>
    <message>
        <source>%1 at any value</source>
        <translation>%1 取任意值</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>the most confident %1 % by %2</source>
        <translation>按%2最有把握的 %1 %</translation>
    </message>
    <message>
        <source>risk ≤ %1 at δ %2</source>
        <translation>风险 ≤ %1，δ 为 %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Search logs, eval sets or other data files to open together.</source>
        <translation>要一同打开的搜索日志、评估集或其他数据文件。</translation>
    </message>
    <message>
        <source>Predictions of a surrogate to show with the files (may be given several times).</source>
        <translation>与文件一同显示的代理模型预测（可多次指定）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Select the node or pair with this id (or the end of it) once the files are loaded.</source>
        <translation>文件加载完成后，选中具有此 ID（或以其结尾）的节点或对。</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Qt %1 (compiled against %2)</source>
        <translation>Qt %1（编译时为 %2）</translation>
    </message>
    <message>
        <source>KSyntaxHighlighting %1 (at compile time)</source>
        <translation>KSyntaxHighlighting %1（编译时）</translation>
    </message>
    <message>
        <source>Explore LLM-driven GPU-kernel searches and their speedup forecasts.
kfx --report --eval E --predictions P --out DIR writes the Calibration view&apos;s charts and metrics.json without a window.</source>
        <translation>探索由 LLM 驱动的 GPU 内核搜索及其加速比预测。
kfx --report --eval E --predictions P --out DIR 无需窗口即可写出校准视图的图表和 metrics.json。</translation>
    </message>
    <message>
        <source>[FILE...]</source>
        <translation>[文件...]</translation>
    </message>
</context>
<context>
    <name>Rationale</name>
    <message>
        <source>Bin %1 (%2) at p=%3</source>
        <translation>区间 %1（%2），p=%3</translation>
    </message>
    <message>
        <source>For it: %1</source>
        <translation>支持：%1</translation>
    </message>
    <message>
        <source>Against it: %1</source>
        <translation>反对：%1</translation>
    </message>
    <message>
        <source>The parent failed</source>
        <translation>父内核失败</translation>
    </message>
    <message>
        <source>The parent measured bin %1</source>
        <translation>父内核测得区间 %1</translation>
    </message>
    <message>
        <source>Edits like this one, on other tasks, would take it to bin %1 (%2 %)</source>
        <translation>按其他任务上的同类修改，它会进入区间 %1（%2 %）</translation>
    </message>
    <message>
        <source>Nearest measured: %1</source>
        <translation>最相近的已测内核：%1</translation>
    </message>
    <message>
        <source>Similar earlier edits: %1 of %2 failed (the closest %3 % alike)</source>
        <translation>相似的先前修改：%2 个中有 %1 个失败（最接近的相似度 %3 %）</translation>
    </message>
    <message>
        <source>Failure %1 %</source>
        <translation>失败 %1 %</translation>
    </message>
    <message>
        <source>Failure %1 % (mixed %2 %, then calibrated)</source>
        <translation>失败 %1 %（混合后 %2 %，再经校准）</translation>
    </message>
    <message>
        <source>Weights for failure: %1</source>
        <translation>失败的权重：%1</translation>
    </message>
    <message>
        <source>Weights for the bin: %1</source>
        <translation>区间的权重：%1</translation>
    </message>
    <message>
        <source>no model yet: %1 of the %2 measurements training needs</source>
        <translation>尚无模型：训练所需的 %2 次测量中已有 %1 次</translation>
    </message>
    <message>
        <source>%1 lines added</source>
        <translation>新增 %1 行</translation>
    </message>
    <message>
        <source>%1 lines removed</source>
        <translation>删除 %1 行</translation>
    </message>
    <message>
        <source>%1% of lines changed</source>
        <translation>%1% 的行有改动</translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation>计算能力 %1</translation>
    </message>
    <message>
        <source>%1 multiprocessors</source>
        <translation>%1 个多处理器</translation>
    </message>
    <message>
        <source>memory bandwidth %1 GB/s</source>
        <translation>内存带宽 %1 GB/s</translation>
    </message>
    <message>
        <source>hardware context given</source>
        <translation>已给出硬件信息</translation>
    </message>
    <message>
        <source>no hardware context</source>
        <translation>无硬件信息</translation>
    </message>
    <message>
        <source>candidate is written in %1</source>
        <translation>候选内核使用 %1 编写</translation>
    </message>
    <message>
        <source>candidate moves away from %1</source>
        <translation>候选内核不再使用 %1</translation>
    </message>
    <message>
        <source>both kernels are %1</source>
        <translation>两个内核都是 %1</translation>
    </message>
    <message>
        <source>neither kernel is %1</source>
        <translation>两个内核都不是 %1</translation>
    </message>
    <message>
        <source>candidate %1 %2× the reference's</source>
        <translation>候选内核的%1是参考内核的 %2×</translation>
    </message>
    <message>
        <source>candidate adds %1 (%2 → %3)</source>
        <translation>候选内核新增%1（%2 → %3）</translation>
    </message>
    <message>
        <source>candidate has more %1 (%2 → %3)</source>
        <translation>候选内核的%1更多（%2 → %3）</translation>
    </message>
    <message>
        <source>candidate removes %1 (%2 → %3)</source>
        <translation>候选内核去掉了%1（%2 → %3）</translation>
    </message>
    <message>
        <source>candidate has fewer %1 (%2 → %3)</source>
        <translation>候选内核的%1更少（%2 → %3）</translation>
    </message>
    <message>
        <source>neither kernel uses %1</source>
        <translation>两个内核都未使用%1</translation>
    </message>
    <message>
        <source>both kernels use %1 (%2 → %3)</source>
        <translation>两个内核都使用%1（%2 → %3）</translation>
    </message>
    <message>
        <source>#%1 (%2 % alike, bin %3)</source>
        <translation>#%1（相似度 %2 %，区间 %3）</translation>
    </message>
    <message>
        <source>#%1 (%2 % alike, failed)</source>
        <translation>#%1（相似度 %2 %，失败）</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>source size</source>
        <translation>源码大小</translation>
    </message>
    <message>
        <source>line count</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>CUDA C++</source>
        <translation>CUDA C++</translation>
    </message>
    <message>
        <source>Triton</source>
        <translation>Triton</translation>
    </message>
    <message>
        <source>plain PyTorch</source>
        <translation>纯 PyTorch</translation>
    </message>
    <message>
        <source>shared-memory staging</source>
        <translation>共享内存暂存</translation>
    </message>
    <message>
        <source>warp shuffles</source>
        <translation>warp shuffle</translation>
    </message>
    <message>
        <source>vectorised loads</source>
        <translation>向量化加载</translation>
    </message>
    <message>
        <source>tensor-core instructions (mma/wgmma/tl.dot)</source>
        <translation>Tensor Core 指令（mma/wgmma/tl.dot）</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <source>__syncthreads barriers</source>
        <translation>__syncthreads 屏障</translation>
    </message>
    <message>
        <source>autotune configs</source>
        <translation>自动调优配置</translation>
    </message>
    <message>
        <source>block/tile size</source>
        <translation>块/分块大小</translation>
    </message>
    <message>
        <source>threads per block</source>
        <translation>每块线程数</translation>
    </message>
    <message>
        <source>num_warps</source>
        <translation>num_warps</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线级数</translation>
    </message>
    <message>
        <source>explicit fp32 dtypes such as float32 or tf32</source>
        <translation>显式 fp32 数据类型（如 float32 或 tf32）</translation>
    </message>
    <message>
        <source>bf16 arithmetic</source>
        <translation>bf16 运算</translation>
    </message>
    <message>
        <source>fp16 arithmetic</source>
        <translation>fp16 运算</translation>
    </message>
    <message>
        <source>fp8 arithmetic</source>
        <translation>fp8 运算</translation>
    </message>
    <message>
        <source>library matmul/einsum/cuBLAS calls</source>
        <translation>库函数调用（matmul/einsum/cuBLAS）</translation>
    </message>
    <message>
        <source>loops</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>kernel definitions</source>
        <translation>内核定义</translation>
    </message>
    <message>
        <source>global-memory loads/stores</source>
        <translation>全局内存读写</translation>
    </message>
    <message>
        <source>async copies</source>
        <translation>异步拷贝</translation>
    </message>
    <message>
        <source>cache hints</source>
        <translation>缓存提示</translation>
    </message>
    <message>
        <source>loop unrolling</source>
        <translation>循环展开</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>reductions</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>父内核</translation>
    </message>
    <message>
        <source>neighbours</source>
        <translation>近邻</translation>
    </message>
    <message>
        <source>edits</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>prior</source>
        <translation>先验</translation>
    </message>
</context>
</TS>
