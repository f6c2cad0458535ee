<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>BinChart</name>
    <message>
        <source>The forecast&apos;s probability for each speedup bin: filled in the highlight colour, the predicted bin; outlined, the bin the measurement fell into; dashed, 1× (no speedup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the predicted bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bin the measurement fell into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CalibrationSummaryModel</name>
    <message>
        <source>AURC
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At 50%
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Surrogate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off by
≤ 1 bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CRPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NLL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of answers that could be parsed into a forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of parsed forecasts that declare the true bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of parsed forecasts at most one bin from the true bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean over all rows, unparsed answers scored as a uniform forecast; lower is better</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Expected calibration error over %n confidence bucket(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Risk when trusting the most confident half of the forecasts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Area under the risk–coverage curve (%1); lower is better</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CalibrationTableModel</name>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CalibrationView</name>
    <message>
        <source>Repeats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pooled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Separate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pool a surrogate&apos;s repeats, or show each repeat as its own surrogate (&quot;name #r&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All packs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The confidence score that decides which forecasts are trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the chart shown, or its data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;ack:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Score:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ris&amp;k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Surrogate of the confusion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;urrogate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risk–coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, confidence %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, trusted at threshold %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, the top %2% of each pool measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, predicted bin %2, true bin %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary per surrogate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a bucket, curve point or cell to select its forecasts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why the charts are empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecasts to calibrate. Open a search log whose nodes carry forecasts, or predictions (kfx-cli forecast writes them) together with the pairs or search they forecast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) loaded, but no measured comparison: open the eval set or the search log they forecast as well.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No forecast of pack %1 names a comparison with a measured speedup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>None of the %n loaded forecast(s) names a loaded comparison with a measured speedup.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) of %1 (repeats pooled)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Selected %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chart as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chart as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Data as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel code</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>Search reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picked node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the left pane compares the candidate with: the search&apos;s seed (where the search started), the candidate&apos;s parent (the edit the mutation made), a node you picked with Navigate → Use as Reference, or the task&apos;s own reference kernel (the one the speedups are measured against)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference kernel code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate kernel code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reference to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No task is known for this search. Its reference kernel is read from tasks/&lt;task&gt;/ beside a &lt;task&gt;-search.jsonl log, or from the task directory chosen for Measure on GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the task&apos;s reference %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task in %1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pair holds no candidate code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate %1 · measured %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pair holds no reference code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log names this kernel only as a parent and never shows its code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log holds no code for this kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · measured %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed reference code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kernel has no parent: it is the root of its lineage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No task reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Picked %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No node picked yet: select one and use Navigate → Use as Reference (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reference</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message>
        <source>Confusion matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confusion: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>predicted bin %1, true bin %2: %n forecast(s)&lt;br&gt;%3 of the forecasts of bin %1%4</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;click to select them</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfusionModel</name>
    <message>
        <source>True bin %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted bin %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoCandidateCard</name>
    <message>
        <source>Candidate being replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Play or Step: each candidate appears, gets its forecast, then its verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mutated from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast: bin %1 %2, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model deferred: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not among the k chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen for the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: trusted, confidence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: deferred, confidence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: deferred by the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: deferred (no usable forecast)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: trusted by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: deferred by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on the GPU: it failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on the GPU: %1, a new best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured on the GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admitted on its forecast: no GPU time spent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped unmeasured: forecast slower than its parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured: the GPU budget is spent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>partial data: %n damaged line(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DisplayText</name>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter: next match · Shift+Enter: previous match · Escape: close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the find bar (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close find bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrapped around</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForecastPanel</name>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bin %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: measured as %2, labelled to the model as %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which surrogate and repeat produced the forecast shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Forecast by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The surrogate and repeat that produced this forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval of speedups the ground-truth rule floor(2·log2 S) + 4 really assigns to the bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labelled as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval the prompt and the forecast tool told the model; it differs from the measured interval by about half a bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bin the surrogate declared (not necessarily its most likely bin) and the mass it put there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bin the measured speedup S falls into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max-prob: the mass on the predicted bin; neg-entropy: 1 − H(p)/ln 8, 1 for a certain forecast and 0 for a uniform one; top-2 margin: the largest mass minus the second largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expected speedup Σ p_b · midpoint_b, as the abstaining search scores a trusted forecast, and the sum of the probabilities as the model gave them before renormalisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast rationale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rationale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benchmark cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;ationale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success: %1 (runtime %2, reference %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Success: %1, the %2 of %n case(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max difference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>avg difference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer could not be parsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred by the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · p %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max-prob %1 · neg-entropy %2 · top-2 margin %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · raw probability sum %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ForecastRunner</name>
    <message>
        <source>A forecast is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no kernel to forecast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Only %n measured kernel(s) in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The LLM surrogate could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Training the embedded surrogate on %n measured kernel(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>New measurements: retraining the embedded surrogate on %n kernel(s) in the background…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The embedded model could not be saved in the workspace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Embedded surrogate retrained on %n measured kernel(s); new forecasts use it.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Retraining the embedded surrogate failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The embedded surrogate could not be trained: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Forecasting %n kernel(s) with %1…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Forecast cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast stopped: other data was opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forecasts could not be cached: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) by %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answered before (cached)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deferral(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failure(s), first: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateBar</name>
    <message>
        <source>Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overridden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The confidence score the gate reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecasts scoring at or above the threshold are trusted; the rest go to the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate threshold value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this share of the forecasts: the threshold midway between the last trusted and the first deferred score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the threshold for the target coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest acceptable error rate among trusted forecasts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this share of trusted forecasts may name the wrong bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chance that the guarantee fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guarantee holds with probability 1 − δ (exact Clopper–Pearson bounds over the measured kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the lowest threshold whose error rate is certified below α</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risk:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep and Use This Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the data as it is now, so that this message does not return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set Aside and Start Fresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the unusable workspace file (it is kept) and start an empty workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certified: %1 of %2 trusted wrong, bound %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>no threshold certifies α = %1 at δ = %2 on %n measured kernel(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overridden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 trusted forecasts with known truth named the wrong bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trusted forecast has a measured truth to judge it by</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateController</name>
    <message>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counterfactual Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the forecast of the selected kernels whatever the gate says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Defer to the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure the selected kernels whatever the gate says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Auto (Follow the Gate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override with &amp;Note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Forecast Selected Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast &amp;Kernels Without a Forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop Forecasting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast When &amp;Opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast a search that has no forecasts with the embedded surrogate as soon as it is opened, learning from every open search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast with the &amp;LLM Surrogate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the configured OpenAI-compatible server instead of the embedded model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM Surrogate &amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay &amp;Demo Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop forecasting; answers received so far are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following a growing log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s forecasts could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace&apos;s measurements could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override with Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why? The note stays with the override in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defer to the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto (follow the gate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forecasts could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateOverrideRow</name>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate decision for this kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate mark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why you overrule the gate; kept with the override in the workspace. Enter saves it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this kernel&apos;s forecast whatever the gate says (T in the tree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure this kernel on the GPU whatever the gate says (D in the tree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the gate decide again (A in the tree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gate does not judge this kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seeds, and mutations that produced no kernel, never reach the gate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateSession</name>
    <message>
        <source>The workspace %1 is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a kfx workspace: another program&apos;s database has its name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace %1 was written by a newer version of kfx.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Set it aside (it is kept, renamed) to start a fresh workspace; until then, overrides and gate settings are not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move Gate Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected bin index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data changed since this workspace was saved (%1): overrides and notes may refer to kernels that are now different or gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace could not be opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This workspace is kept in %1, as the settings ask.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The data&apos;s folder %1 cannot be written, so its workspace is kept in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace could not be set aside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fresh workspace was started; the old one is kept as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace could not record the data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gate settings could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Trust %n Kernel(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Defer %n Kernel(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %n Kernel(s) to the Gate</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The override could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kfx will use the new language when it is started again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <source>Let the model defer to the GPU (predict-or-defer tool)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM Surrogate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name of the environment variable holding the API key; the key itself is read when forecasting starts and never stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest one forecast may take, retries included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max &amp;tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total time &amp;budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retries:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest &amp;response:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>search log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · repeat %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer could not be parsed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Forecast Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Population tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several search logs are loaded: the tree shows the one chosen here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by id, pack or code (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows the pairs whose comparison id, pack or candidate code contains this text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open files in place of the session shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add Files to Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open files beside those already open: predictions for the search shown, another search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in the focused code pane, or filter the nodes or pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in &amp;Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus the &amp;List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus the Candidate &amp;Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the &amp;Rationale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the &amp;Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About kfx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About kfx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the parent of the kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First &amp;Child</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the first child of the kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Sibling or Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the next kernel of the same parent, or the next pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;revious Sibling or Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the previous kernel of the same parent, or the previous pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Surrogate &amp;Failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the next confident, wrong forecast, worst first (threshold and score from the filters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Surrogate F&amp;ailure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the previous confident, wrong forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the root of the search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Best Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the best archive member; the path to it is in bold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use as Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare every kernel selected from now on with this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with the Search &amp;Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the search&apos;s seed reference on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with the Pa&amp;rent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the kernel&apos;s parent on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with the Picked &amp;Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the node picked with Use as Reference on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with the &amp;Task&apos;s Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the task&apos;s own reference kernel, which the speedups are measured against, on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Files to the Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Search Logs and Data Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kfx data (*.jsonl *.json *.jsonl.gz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already open: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) to the session</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1 in place of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Kernel Forecast Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (trusted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) — Kernel Forecast Explorer</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>None of the %n comparison(s) selected in the Calibration view is in the list shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view; %1 not in the list shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No surrogate failures at this threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Surrogate failure %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Kernel Forecast Explorer&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Lineage trees of LLM-driven GPU-kernel searches, the surrogate&apos;s forecasts beside the kernels, their calibration, the forecast gate, and measurement on a GPU with kfx-measure.&lt;/p&gt;&lt;p&gt;The bundled demo search (row softmax, layer norm and fp32 matmul kernels, 54 in all) was measured with kfx-measure on an NVIDIA H100 80GB HBM3 on 2026-11-22.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tab and Shift+Tab move between the list, the filters, the code panes and the forecast panel; in a code pane Ctrl+F finds, Escape closes the find bar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>archive %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No search loaded — File → Open (Ctrl+O) or drop files here</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) loaded</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prediction(s) loaded</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasureController</name>
    <message>
        <source>GPU Measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task Directory of %1 (task.json and the reference kernel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measure Current Kernel on GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure the current kernel with kfx-measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure &amp;Selected Kernels on GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure every selected kernel with kfx-measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure Everything the Gate &amp;Deferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure every kernel the gate sends to the GPU that has no measurement yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel All Measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement S&amp;ettings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel is selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gate has not judged any kernel yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every kernel the gate deferred is measured already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a search opened from a file can be measured: its task directory is found beside it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No task directory for %1: nothing was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected kernels have no code to measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Queued %n kernel(s) for the GPU.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The measurement could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measured: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) measured</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>GPU measurements finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kfx GPU measurements</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MeasureProblem</name>
    <message>
        <source>&lt;tt&gt;ssh gpu-box&lt;/tt&gt;&amp;nbsp;&amp;nbsp;or&amp;nbsp;&amp;nbsp;&lt;tt&gt;srun --gres=gpu:1&lt;/tt&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>behind “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU %1: nothing was measured (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU worker (kfx-measure) %1: nothing was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing can be measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU %1.&lt;/b&gt; The worker answered: %2&lt;br&gt;To measure on a GPU elsewhere, give a launch prefix in the measurement settings, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%3&lt;br&gt;kfx then starts kfx-measure through it and speaks the same protocol over its input and output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU worker on this machine.&lt;/b&gt; %1&lt;br&gt;kfx-measure is built with kfx where the CUDA toolkit is installed; on its own, from the kfx sources, with CMake, a compiler, simdjson and the toolkit:&lt;br&gt;&amp;nbsp;&amp;nbsp;&lt;tt&gt;cmake -S core/measure -B build-measure &amp;amp;&amp;amp; cmake --build build-measure&lt;/tt&gt;&lt;br&gt;Then choose it as the worker in the measurement settings, or give a launch prefix there to run the worker on a GPU machine, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing can be measured:&lt;/b&gt; %1&lt;br&gt;Check the worker command and the launch prefix in the measurement settings.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MeasureQueue</name>
    <message>
        <source>Cancelled while running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker&apos;s answer could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled before it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[GPU %1] </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MeasureQueueModel</name>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, bin %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MeasureQueueView</name>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker&apos;s log (its stderr) appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What kfx-measure wrote to its error output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the selected measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the finished measurements from the list; their results stay in the workspace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MeasureSettingsDialog</name>
    <message>
        <source>GPU Measurement Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kfx-measure executable, with any arguments; on the far side of the launch prefix when there is one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the kfx-measure executable on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose kfx-measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the GPU of this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A command the worker is started through, to measure on another machine: for example &quot;ssh gpu-box&quot; or &quot;srun --gres=gpu:1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Robust (warm-up, L2 flushed, median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference (the published protocol, mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Robust gives steadier figures; Reference times the way the published searches did</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time limit per kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A kernel with no result after this long is stopped and recorded as a timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Worker:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch &amp;prefix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time &amp;limit per kernel:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PairListModel</name>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison id that joins the pair with its predictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The benchmark pack or problem the pair belongs to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The candidate&apos;s measured speedup S over the reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bin of the measured speedup: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bin declared by the first parsed forecast (the first surrogate&apos;s first repeat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The mass that forecast put on its predicted bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many prediction rows (surrogates × repeats) were loaded for the pair</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PopulationFilterBar</name>
    <message>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Surrogate &amp;failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by id or code (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed (any)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: compile error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: runtime error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: incorrect output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: mutation, forecast or infrastructure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not admitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not selected by the search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only kernels in this state (with their ancestors, so the lineage stays whole)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide kernels measured slower than this speedup (any: no lower bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide kernels measured faster than this speedup (any: no upper bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True bin filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only kernels whose measured speedup falls into this bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted bin filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only kernels whose last forecast declared this bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only confident, wrong forecasts: the score is at or above the threshold and the predicted bin is not the measured one (which includes the wrong side of 1×). F8 and Shift+F8 walk through them, worst first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max-prob</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neg-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-2 margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How confidence is measured: the mass on the predicted bin (max-prob), one minus the normalised entropy (neg-entropy), or the gap between the two largest masses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≥ </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A forecast counts as confident at or above this score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;peedup:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;True bin:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre&amp;dicted:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PopulationModel</name>
    <message>
        <source>Bin %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), %1 mean</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>First named on line %1 of the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Was in the archive once, evicted later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p(%1) = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted bin %1 at max-prob %2, measured bin %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, on the wrong side of 1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Miss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node&apos;s ULID, shortened to its last 8 characters (the full id is in each row&apos;s tooltip)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search step that produced the kernel (empty for the seed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the kernel is written in, guessed from its code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What became of the kernel: admitted to the archive, not admitted, failed, not selected for measurement by the search, evicted, or a placeholder for a parent the log never describes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured speedup S over the reference (aggregated over the benchmark cases)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speedup bin the measurement falls into: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bin the surrogate declared in its last forecast for this kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probability mass the last forecast put on its predicted bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The surrogate-filtered search&apos;s decision: selected for measurement, or not selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many benchmark cases were measured, and their mean runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How badly the last forecast missed: its max-prob confidence times the distance in bins between the predicted and the measured bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not admitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA C++</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred by model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trusted (override)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred (override)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted: its score %1 is at or above the threshold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred to the GPU: its score %1 is below the threshold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred by the model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred by the model, which gave no reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred to the GPU: there is no usable forecast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted by hand, whatever the gate says.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted by hand: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand, whatever the gate says.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not gated: the kernel failed its measurement (%1), so no forecast of its speed is trusted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecalibrationController</name>
    <message>
        <source>temperature scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>isotonic regression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>histogram binning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recalibrate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Original Forecasts Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Recalibrated Predictions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit temperature, isotonic or histogram recalibration on a split of the pairs and show the recalibrated surrogates beside the originals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the recalibrated forecasts as prediction rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to recalibrate: no surrogate has a forecast of a measured pair in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n surrogate(s) recalibrated by %1 on %2 (%3 pairs), shown as &quot;… (recalibrated)&quot;</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing has been recalibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Recalibrated Predictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prediction rows (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n recalibrated row(s) written to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecalibrationDialog</name>
    <message>
        <source>Recalibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Isotonic regression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram binning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted per surrogate on the calibration split&apos;s measured pairs, then applied to the rest of its forecasts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random share of the pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same seed draws the same pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pack:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;hare of pairs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recalibrate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecentSessions</name>
    <message numerus="yes">
        <source>%1 and %n more file(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReliabilityChart</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecast(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecast(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n comparison(s) (repeats pooled)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;confidence %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;mean confidence %1, accuracy %2 (%3 of %4 right)&lt;br&gt;95% interval %5–%6 (Clopper–Pearson)&lt;br&gt;click to select them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence (mass on the predicted bin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perfectly calibrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReliabilityModel</name>
    <message>
        <source>%1–%2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of forecasts from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: mean confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: forecasts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: accuracy 95% low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: accuracy 95% high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: confidence from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: confidence to</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayResultsModel</name>
    <message>
        <source>Standard (measure all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random k (equal budget)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Surrogate top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate as filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compound (trust forecasts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oracle (hindsight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oracle agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayView</name>
    <message>
        <source>&amp;Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counterfactual replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates the k-of-n policies measure per parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU evaluations every policy may spend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the random baseline&apos;s draws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large, animated replay for presenting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animation steps per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy the demo follows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whose candidates the demo shows one by one, with their forecasts and verdicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k per parent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best speedup (×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best-so-far speedup by GPU evaluations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU budget left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a recorded v2 or v3 search to replay it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Replaying %n kernel(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No kernel of this search has a forecast: the surrogate policies measure nothing. Forecast the search first (Gate → Forecast Kernels Without a Forecast).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU evaluation %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 GPU evaluations left</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n evaluation(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RiskCoverageChart</name>
    <message>
        <source>Risk–coverage: %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage (share of forecasts trusted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;the gate at threshold %2 trusts %3 of the forecasts, at risk %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;threshold %2: coverage %3, risk %4&lt;br&gt;%5 trusted, %6 measured&lt;br&gt;click to select the trusted forecasts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RiskCoverageModel</name>
    <message>
        <source>%1: threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mass on predicted bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regret</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThemeChooser</name>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopKChart</name>
    <message>
        <source>Top-k recovery (ranked by expected bin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates measured (% of each pool)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the best speedup found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within 20% of the best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measuring the top %2% finds %3 of the best speedup&lt;br&gt;click to select the forecasts measured</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopKModel</name>
    <message>
        <source>Measured (%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Search logs, eval sets or other data files to open together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predictions of a surrogate to show with the files (may be given several times).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the node or pair with this id (or the end of it) once the files are loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt %1 (compiled against %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KSyntaxHighlighting %1 (at compile time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore LLM-driven GPU-kernel searches and their speedup forecasts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
