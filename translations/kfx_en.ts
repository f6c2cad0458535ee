<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CalibrationInputs</name>
    <message numerus="yes">
        <source>The in-search baselines of %n forecast kernel(s) are being computed…</source>
        <translation>
            <numerusform>The in-search baselines of %n forecast kernel are being computed…</numerusform>
            <numerusform>The in-search baselines of %n forecast kernels are being computed…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CalibrationSummaryModel</name>
    <message numerus="yes">
        <source>Expected calibration error over %n confidence bucket(s)</source>
        <translation>
            <numerusform>Expected calibration error over %n confidence bucket</numerusform>
            <numerusform>Expected calibration error over %n confidence buckets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Adaptive calibration error: the mean gap between confidence and accuracy over %n bucket(s) holding equal numbers of forecasts</source>
        <translation>
            <numerusform>Adaptive calibration error: the mean gap between confidence and accuracy over %n bucket holding equal numbers of forecasts</numerusform>
            <numerusform>Adaptive calibration error: the mean gap between confidence and accuracy over %n buckets holding equal numbers of forecasts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CalibrationView</name>
    <message numerus="yes">
        <source>%n forecast(s) loaded, but no measured comparison: open the eval set or the search log they forecast as well.</source>
        <translation>
            <numerusform>%n forecast loaded, but no measured comparison: open the eval set or the search log it forecasts as well.</numerusform>
            <numerusform>%n forecasts loaded, but no measured comparison: open the eval set or the search log they forecast as well.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>None of the %n loaded forecast(s) names a loaded comparison with a measured speedup.</source>
        <translation>
            <numerusform>The %n loaded forecast names no loaded comparison with a measured speedup.</numerusform>
            <numerusform>None of the %n loaded forecasts names a loaded comparison with a measured speedup.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s)</source>
        <translation>
            <numerusform>%n comparison</numerusform>
            <numerusform>%n comparisons</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) of %1 (repeats pooled)</source>
        <translation>
            <numerusform>%n forecast of %1 (repeats pooled)</numerusform>
            <numerusform>%n forecasts of %1 (repeats pooled)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message numerus="yes">
        <source>predicted bin %1, true bin %2: %n forecast(s)&lt;br&gt;%3 of the forecasts of bin %1%4</source>
        <translation>
            <numerusform>predicted bin %1, true bin %2: %n forecast&lt;br&gt;%3 of the forecasts of bin %1%4</numerusform>
            <numerusform>predicted bin %1, true bin %2: %n forecasts&lt;br&gt;%3 of the forecasts of bin %1%4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>partial data: %n damaged line(s)</source>
        <translation>
            <numerusform>partial data: %n damaged line</numerusform>
            <numerusform>partial data: %n damaged lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ForecastPanel</name>
    <message numerus="yes">
        <source>Success: %1, the %2 of %n case(s)</source>
        <translation>
            <numerusform>Success: %1, the %2 of %n case</numerusform>
            <numerusform>Success: %1, the %2 of %n cases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ForecastRunner</name>
    <message numerus="yes">
        <source>Only %n measured kernel(s) in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</source>
        <translation>
            <numerusform>Only %n measured kernel in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</numerusform>
            <numerusform>Only %n measured kernels in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training the embedded surrogate on %n measured kernel(s)…</source>
        <translation>
            <numerusform>Training the embedded surrogate on %n measured kernel…</numerusform>
            <numerusform>Training the embedded surrogate on %n measured kernels…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>New measurements: retraining the embedded surrogate on %n kernel(s) in the background…</source>
        <translation>
            <numerusform>New measurements: retraining the embedded surrogate on %n kernel in the background…</numerusform>
            <numerusform>New measurements: retraining the embedded surrogate on %n kernels in the background…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Embedded surrogate retrained on %n measured kernel(s); new forecasts use it.</source>
        <translation>
            <numerusform>Embedded surrogate retrained on %n measured kernel; new forecasts use it.</numerusform>
            <numerusform>Embedded surrogate retrained on %n measured kernels; new forecasts use it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forecasting %n kernel(s) with %1…</source>
        <translation>
            <numerusform>Forecasting %n kernel with %1…</numerusform>
            <numerusform>Forecasting %n kernels with %1…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) by %1</source>
        <translation>
            <numerusform>%n forecast by %1</numerusform>
            <numerusform>%n forecasts by %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answered before (cached)</source>
        <translation>
            <numerusform>%n answered before (cached)</numerusform>
            <numerusform>%n answered before (cached)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deferral(s)</source>
        <translation>
            <numerusform>%n deferral</numerusform>
            <numerusform>%n deferrals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failure(s), first: %1</source>
        <translation>
            <numerusform>%n failure, first: %1</numerusform>
            <numerusform>%n failures, first: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pretrained, then trained on %n measured kernel(s)</source>
        <translation>
            <numerusform>pretrained, then trained on %n measured kernel</numerusform>
            <numerusform>pretrained, then trained on %n measured kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training the pretrained embedded surrogate further on %n measured kernel(s)…</source>
        <translation>
            <numerusform>Training the pretrained embedded surrogate further on %n measured kernel…</numerusform>
            <numerusform>Training the pretrained embedded surrogate further on %n measured kernels…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GateBar</name>
    <message numerus="yes">
        <source>no threshold certifies α = %1 at δ = %2 on %n measured kernel(s)</source>
        <translation>
            <numerusform>no threshold certifies α = %1 at δ = %2 on %n measured kernel</numerusform>
            <numerusform>no threshold certifies α = %1 at δ = %2 on %n measured kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Monitor: %n trusted measured since certifying, error at most %1</source>
        <translation>
            <numerusform>Monitor: %n trusted measured since certifying, error at most %1</numerusform>
            <numerusform>Monitor: %n trusted measured since certifying, error at most %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GateController</name>
    <message numerus="yes">
        <source>%n forecast(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%n forecast in %1 could not be read and is left out (the first, of kernel %2: %3).</numerusform>
            <numerusform>%n forecasts in %1 could not be read and are left out (the first, of kernel %2: %3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%n measurement in %1 could not be read and is left out (the first, of kernel %2: %3).</numerusform>
            <numerusform>%n measurements in %1 could not be read and are left out (the first, of kernel %2: %3).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GateSession</name>
    <message numerus="yes">
        <source>Trust %n Kernel(s)</source>
        <translation>
            <numerusform>Trust %n Kernel</numerusform>
            <numerusform>Trust %n Kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Defer %n Kernel(s)</source>
        <translation>
            <numerusform>Defer %n Kernel</numerusform>
            <numerusform>Defer %n Kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %n Kernel(s) to the Gate</source>
        <translation>
            <numerusform>Return %n Kernel to the Gate</numerusform>
            <numerusform>Return %n Kernels to the Gate</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HubPullDialog</name>
    <message numerus="yes">
        <source>%1 of %n row(s)</source>
        <translation>
            <numerusform>%1 of %n row</numerusform>
            <numerusform>%1 of %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s): %2</source>
        <translation>
            <numerusform>%1 of %n row: %2</numerusform>
            <numerusform>%1 of %n rows: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HubPullJob</name>
    <message numerus="yes">
        <source>%n row(s) of %1 (config “%2”, split “%3”)</source>
        <translation>
            <numerusform>%n row of %1 (config “%2”, split “%3”)</numerusform>
            <numerusform>%n rows of %1 (config “%2”, split “%3”)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ListNavigator</name>
    <message numerus="yes">
        <source>None of the %n comparison(s) selected in the Calibration view is in the list shown</source>
        <translation>
            <numerusform>None of the %n comparison selected in the Calibration view is in the list shown</numerusform>
            <numerusform>None of the %n comparisons selected in the Calibration view is in the list shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view</source>
        <translation>
            <numerusform>%n comparison selected in the Calibration view</numerusform>
            <numerusform>%n comparisons selected in the Calibration view</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view; %1 not in the list shown</source>
        <translation>
            <numerusform>%n comparison selected in the Calibration view; %1 not in the list shown</numerusform>
            <numerusform>%n comparisons selected in the Calibration view; %1 not in the list shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation type="vanished">
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) loaded</source>
        <translation type="vanished">
            <numerusform>%n pair loaded</numerusform>
            <numerusform>%n pairs loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prediction(s) loaded</source>
        <translation type="vanished">
            <numerusform>%n prediction loaded</numerusform>
            <numerusform>%n predictions loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) — Kernel Forecast Explorer</source>
        <translation>
            <numerusform>%n pair — Kernel Forecast Explorer</numerusform>
            <numerusform>%n pairs — Kernel Forecast Explorer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasureController</name>
    <message numerus="yes">
        <source>Queued %n kernel(s) for the GPU.</source>
        <translation>
            <numerusform>Queued %n kernel for the GPU.</numerusform>
            <numerusform>Queued %n kernels for the GPU.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) measured</source>
        <translation>
            <numerusform>%n kernel measured</numerusform>
            <numerusform>%n kernels measured</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation>
            <numerusform>, %n failed</numerusform>
            <numerusform>, %n failed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasureQueue</name>
    <message numerus="yes">
        <source>, lost %n time(s) and restarted</source>
        <translation>
            <numerusform>, lost %n time and restarted</numerusform>
            <numerusform>, lost %n times and restarted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PopulationModel</name>
    <message numerus="yes">
        <source>%n case(s), %1 mean</source>
        <translation>
            <numerusform>%n case, %1 mean</numerusform>
            <numerusform>%n cases, %1 mean</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecentSessions</name>
    <message numerus="yes">
        <source>%1 and %n more file(s)</source>
        <translation>
            <numerusform>%1 and %n more file</numerusform>
            <numerusform>%1 and %n more files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReliabilityChart</name>
    <message numerus="yes">
        <source> of %n comparison(s) (repeats pooled)</source>
        <translation>
            <numerusform> of %n comparison (repeats pooled)</numerusform>
            <numerusform> of %n comparisons (repeats pooled)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecast</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecasts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecast</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecasts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReplayView</name>
    <message numerus="yes">
        <source>Replaying %n kernel(s)…</source>
        <translation>
            <numerusform>Replaying %n kernel…</numerusform>
            <numerusform>Replaying %n kernels…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evaluation(s)</source>
        <translation>
            <numerusform>%n evaluation</numerusform>
            <numerusform>%n evaluations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchController</name>
    <message numerus="yes">
        <source>%1: best measured %2× after %n GPU measurement(s)</source>
        <translation>
            <numerusform>%1: best measured %2× after %n GPU measurement</numerusform>
            <numerusform>%1: best measured %2× after %n GPU measurements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchEvidenceView</name>
    <message numerus="yes">
        <source>%n bin(s) above the parent&apos;s</source>
        <translation>
            <numerusform>%n bin above the parent&apos;s</numerusform>
            <numerusform>%n bins above the parent&apos;s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bin(s) below the parent&apos;s</source>
        <translation>
            <numerusform>%n bin below the parent&apos;s</numerusform>
            <numerusform>%n bins below the parent&apos;s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SeedSimulationBar</name>
    <message numerus="yes">
        <source>Stopped after %n seed(s); nothing is shown for them.</source>
        <translation>
            <numerusform>Stopped after %n seed; nothing is shown for them.</numerusform>
            <numerusform>Stopped after %n seeds; nothing is shown for them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs the selective search and its baseline over many seeds of %1&apos;s measured landscape: recorded H100 measurements, not live ones, at this pair&apos;s budget of %n GPU measurement(s)</source>
        <translation>
            <numerusform>Runs the selective search and its baseline over many seeds of %1&apos;s measured landscape: recorded H100 measurements, not live ones, at this pair&apos;s budget of %n GPU measurement</numerusform>
            <numerusform>Runs the selective search and its baseline over many seeds of %1&apos;s measured landscape: recorded H100 measurements, not live ones, at this pair&apos;s budget of %n GPU measurements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Simulating %n seed(s) on recorded measurements…</source>
        <translation>
            <numerusform>Simulating %n seed on recorded measurements…</numerusform>
            <numerusform>Simulating %n seeds on recorded measurements…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>selective (%1), %n seed(s)</source>
        <translation>
            <numerusform>selective (%1), %n seed</numerusform>
            <numerusform>selective (%1), %n seeds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>baseline, %n seed(s)</source>
        <translation>
            <numerusform>baseline, %n seed</numerusform>
            <numerusform>baseline, %n seeds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seed(s) on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median [10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline %11 measurements (never there: %12 and %13 seeds).</source>
        <translation>
            <numerusform>%n seed on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median [10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline %11 measurements (never there: %12 and %13 seeds).</numerusform>
            <numerusform>%n seeds on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median [10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline %11 measurements (never there: %12 and %13 seeds).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message numerus="yes">
        <source>Added %n file(s) to the session</source>
        <translation>
            <numerusform>Added %n file to the session</numerusform>
            <numerusform>Added %n files to the session</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionStatus</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) loaded</source>
        <translation>
            <numerusform>%n pair loaded</numerusform>
            <numerusform>%n pairs loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prediction(s) loaded</source>
        <translation>
            <numerusform>%n prediction loaded</numerusform>
            <numerusform>%n predictions loaded</numerusform>
        </translation>
    </message>
</context>
</TS>
