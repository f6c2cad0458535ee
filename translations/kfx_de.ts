<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>BinChart</name>
    <message>
        <source>The forecast&apos;s probability for each speedup bin: filled in the highlight colour, the predicted bin; outlined, the bin the measurement fell into; dashed, 1× (no speedup)</source>
        <translation>Die Wahrscheinlichkeit der Prognose für jeden Speedup-Bin: in der Hervorhebungsfarbe gefüllt der vorhergesagte Bin, umrandet der Bin der Messung, gestrichelt 1× (kein Speedup)</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>the predicted bin</source>
        <translation>der vorhergesagte Bin</translation>
    </message>
    <message>
        <source>the bin the measurement fell into</source>
        <translation>der Bin der Messung</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation>Keine Prognose</translation>
    </message>
</context>
<context>
    <name>CalibrationInputs</name>
    <message>
        <source>%1: %2 forecast kernels, more than the %3 the in-search baselines are computed for, so its forecasts are shown without them.</source>
        <translation>%1: %2 vorhergesagte Kernel, mehr als die %3, für die die Baselines der Suche berechnet werden; seine Vorhersagen stehen darum ohne sie.</translation>
    </message>
    <message numerus="yes">
        <source>The in-search baselines of %n forecast kernel(s) are being computed…</source>
        <translation>
            <numerusform>Die Baselines der Suche für %n vorhergesagten Kernel werden berechnet…</numerusform>
            <numerusform>Die Baselines der Suche für %n vorhergesagte Kernel werden berechnet…</numerusform>
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
        <translation>Bei 50 %
%1</translation>
    </message>
    <message>
        <source>Surrogate</source>
        <translation>Surrogat</translation>
    </message>
    <message>
        <source>Parsed</source>
        <translation>Lesbar</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Off by
≤ 1 bin</source>
        <translation>Abweichung
≤ 1 Bin</translation>
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
        <translation>Anteil der Antworten, die sich als Prognose lesen ließen</translation>
    </message>
    <message>
        <source>Share of parsed forecasts that declare the true bin</source>
        <translation>Anteil der gelesenen Prognosen, die den wahren Bin nennen</translation>
    </message>
    <message>
        <source>Share of parsed forecasts at most one bin from the true bin</source>
        <translation>Anteil der gelesenen Prognosen, die höchstens einen Bin vom wahren Bin abweichen</translation>
    </message>
    <message>
        <source>Mean over all rows, unparsed answers scored as a uniform forecast; lower is better</source>
        <translation>Mittel über alle Zeilen, nicht lesbare Antworten als Gleichverteilung gewertet; kleiner ist besser</translation>
    </message>
    <message numerus="yes">
        <source>Expected calibration error over %n confidence bucket(s)</source>
        <translation>
            <numerusform>Erwarteter Kalibrierungsfehler über %n Konfidenzklasse</numerusform>
            <numerusform>Erwarteter Kalibrierungsfehler über %n Konfidenzklassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Risk when trusting the most confident half of the forecasts (%1)</source>
        <translation>Risiko, wenn der zuversichtlichsten Hälfte der Prognosen vertraut wird (%1)</translation>
    </message>
    <message>
        <source>Area under the risk–coverage curve (%1); lower is better</source>
        <translation>Fläche unter der Risiko-Abdeckungs-Kurve (%1); kleiner ist besser</translation>
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
        <translation>Klassenweise
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
[95-%-KI]</translation>
    </message>
    <message>
        <source>AUGRC
[95% CI]</source>
        <translation>AUGRC
[95-%-KI]</translation>
    </message>
    <message>
        <source>Coverage at
%1% risk</source>
        <translation>Abdeckung bei
%1 % Risiko</translation>
    </message>
    <message>
        <source>Risk at
%1% coverage</source>
        <translation>Risiko bei
%1 % Abdeckung</translation>
    </message>
    <message numerus="yes">
        <source>Adaptive calibration error: the mean gap between confidence and accuracy over %n bucket(s) holding equal numbers of forecasts</source>
        <translation>
            <numerusform>Adaptiver Kalibrierungsfehler: der mittlere Abstand zwischen Konfidenz und Trefferquote über %n Klasse mit gleich vielen Prognosen</numerusform>
            <numerusform>Adaptiver Kalibrierungsfehler: der mittlere Abstand zwischen Konfidenz und Trefferquote über %n Klassen mit je gleich vielen Prognosen</numerusform>
        </translation>
    </message>
    <message>
        <source>Maximum calibration error: the largest gap between confidence and accuracy over the reliability diagram&apos;s buckets</source>
        <translation>Maximaler Kalibrierungsfehler: der größte Abstand zwischen Konfidenz und Trefferquote über die Klassen des Zuverlässigkeitsdiagramms</translation>
    </message>
    <message>
        <source>Calibration error of each bin&apos;s probability against that bin being the true one, averaged over the 8 bins</source>
        <translation>Kalibrierungsfehler der Wahrscheinlichkeit jedes Bins dafür, dass dieser Bin der wahre ist, gemittelt über die 8 Bins</translation>
    </message>
    <message>
        <source>Spiegelhalter&apos;s test that the confidences are calibrated: a small p says they are not</source>
        <translation>Spiegelhalter-Test, ob die Konfidenzen kalibriert sind: Ein kleines p sagt, dass sie es nicht sind</translation>
    </message>
    <message>
        <source>Area under the risk–coverage curve (max-prob score, wrong bin), with a bootstrap 95% interval</source>
        <translation>Fläche unter der Risiko-Abdeckungs-Kurve (max-prob-Maß, falscher Bin), mit einem Bootstrap-95-%-Intervall</translation>
    </message>
    <message>
        <source>Area under the generalised risk–coverage curve: the chance a forecast is both trusted and wrong, averaged over coverage; with a bootstrap 95% interval</source>
        <translation>Fläche unter der verallgemeinerten Risiko-Abdeckungs-Kurve: die Wahrscheinlichkeit, dass eine Prognose vertraut und falsch ist, gemittelt über die Abdeckung; mit einem Bootstrap-95-%-Intervall</translation>
    </message>
    <message>
        <source>The largest share of forecasts that can be trusted with at most this share wrong</source>
        <translation>Der größte Anteil der Prognosen, dem vertraut werden kann, wenn höchstens dieser Anteil falsch sein darf</translation>
    </message>
    <message>
        <source>The share wrong among the most confident forecasts covering at least this share</source>
        <translation>Der Anteil falscher unter den zuversichtlichsten Prognosen, die mindestens diesen Anteil abdecken</translation>
    </message>
    <message>
        <source>&lt; 0.001</source>
        <translation>&lt; 0,001</translation>
    </message>
</context>
<context>
    <name>CalibrationTableModel</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
</context>
<context>
    <name>CalibrationView</name>
    <message>
        <source>Repeats</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Confidence score</source>
        <translation>Konfidenzmaß</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Pooled</source>
        <translation>Zusammengefasst</translation>
    </message>
    <message>
        <source>Separate</source>
        <translation>Getrennt</translation>
    </message>
    <message>
        <source>Pool a surrogate&apos;s repeats, or show each repeat as its own surrogate (&quot;name #r&quot;)</source>
        <translation>Wiederholungen eines Surrogats zusammenfassen oder jede als eigenes Surrogat zeigen („Name #r“)</translation>
    </message>
    <message>
        <source>All packs</source>
        <translation>Alle Pakete</translation>
    </message>
    <message>
        <source>The confidence score that decides which forecasts are trusted</source>
        <translation>Das Konfidenzmaß, das entscheidet, welchen Prognosen vertraut wird</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Export the chart shown, or its data</source>
        <translation>Das gezeigte Diagramm oder seine Daten exportieren</translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation>%1 als %2…</translation>
    </message>
    <message>
        <source>Summary as CSV…</source>
        <translation>Übersicht als CSV…</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Wiederholungen:</translation>
    </message>
    <message>
        <source>P&amp;ack:</source>
        <translation>P&amp;aket:</translation>
    </message>
    <message>
        <source>&amp;Score:</source>
        <translation>&amp;Maß:</translation>
    </message>
    <message>
        <source>Ris&amp;k:</source>
        <translation>Risi&amp;ko:</translation>
    </message>
    <message>
        <source>Surrogate of the confusion matrix</source>
        <translation>Surrogat der Konfusionsmatrix</translation>
    </message>
    <message>
        <source>S&amp;urrogate:</source>
        <translation>S&amp;urrogat:</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>Zuverlässigkeit</translation>
    </message>
    <message>
        <source>Risk–coverage</source>
        <translation>Risiko–Abdeckung</translation>
    </message>
    <message>
        <source>Top-k recovery</source>
        <translation>Top-k-Ausbeute</translation>
    </message>
    <message>
        <source>Confusion</source>
        <translation>Konfusion</translation>
    </message>
    <message>
        <source>%1, trusted at threshold %2</source>
        <translation>%1, vertraut bei Schwelle %2</translation>
    </message>
    <message>
        <source>%1, the top %2% of each pool measured</source>
        <translation>%1, die besten %2 % jedes Pools gemessen</translation>
    </message>
    <message>
        <source>%1, predicted bin %2, true bin %3</source>
        <translation>%1, vorhergesagter Bin %2, wahrer Bin %3</translation>
    </message>
    <message>
        <source>Summary per surrogate</source>
        <translation>Übersicht je Surrogat</translation>
    </message>
    <message>
        <source>Click a bucket, curve point or cell to select its forecasts.</source>
        <translation>Klassen, Kurvenpunkte oder Zellen anklicken, um ihre Prognosen auszuwählen.</translation>
    </message>
    <message>
        <source>No forecasts to calibrate. Open a search log whose nodes carry forecasts, or predictions (kfx-cli forecast writes them) together with the pairs or search they forecast.</source>
        <translation>Keine Prognosen zum Kalibrieren. Öffnen Sie ein Suchprotokoll, dessen Knoten Prognosen tragen, oder Vorhersagen (kfx-cli forecast schreibt sie) zusammen mit den Paaren oder der Suche, die sie prognostizieren.</translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) loaded, but no measured comparison: open the eval set or the search log they forecast as well.</source>
        <translation>
            <numerusform>%n Prognose geladen, aber kein gemessener Vergleich: Öffnen Sie auch das Eval-Set oder das Suchprotokoll, das sie prognostiziert.</numerusform>
            <numerusform>%n Prognosen geladen, aber kein gemessener Vergleich: Öffnen Sie auch das Eval-Set oder das Suchprotokoll, das sie prognostizieren.</numerusform>
        </translation>
    </message>
    <message>
        <source>No forecast of pack %1 names a comparison with a measured speedup.</source>
        <translation>Keine Prognose aus Paket %1 nennt einen Vergleich mit gemessenem Speedup.</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n loaded forecast(s) names a loaded comparison with a measured speedup.</source>
        <translation>
            <numerusform>Die %n geladene Prognose nennt keinen geladenen Vergleich mit gemessenem Speedup.</numerusform>
            <numerusform>Keine der %n geladenen Prognosen nennt einen geladenen Vergleich mit gemessenem Speedup.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s)</source>
        <translation>
            <numerusform>%n Vergleich</numerusform>
            <numerusform>%n Vergleiche</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) of %1 (repeats pooled)</source>
        <translation>
            <numerusform>%n Prognose von %1 (Wiederholungen zusammengefasst)</numerusform>
            <numerusform>%n Prognosen von %1 (Wiederholungen zusammengefasst)</numerusform>
        </translation>
    </message>
    <message>
        <source>Selected %1: %2</source>
        <translation>%1 ausgewählt: %2</translation>
    </message>
    <message>
        <source>Export Chart as PNG…</source>
        <translation>Diagramm als PNG exportieren…</translation>
    </message>
    <message>
        <source>Export Chart as SVG…</source>
        <translation>Diagramm als SVG exportieren…</translation>
    </message>
    <message>
        <source>Export Data as CSV…</source>
        <translation>Daten als CSV exportieren…</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>%1 nach %2 exportiert</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Reliability buckets</source>
        <translation>Zuverlässigkeitsklassen</translation>
    </message>
    <message>
        <source>Equal width</source>
        <translation>Gleich breit</translation>
    </message>
    <message>
        <source>Equal count</source>
        <translation>Gleich viele</translation>
    </message>
    <message>
        <source>Buckets of equal confidence range, or each holding the same number of forecasts</source>
        <translation>Klassen mit gleichem Konfidenzbereich oder mit je gleich vielen Prognosen</translation>
    </message>
    <message>
        <source>&amp;Buckets:</source>
        <translation>&amp;Klassen:</translation>
    </message>
    <message>
        <source>%1, forecasts %2–%3% by confidence</source>
        <translation>%1, Prognosen %2–%3 % nach Konfidenz</translation>
    </message>
    <message>
        <source>%1, confidence %2–%3</source>
        <translation>%1, Konfidenz %2–%3</translation>
    </message>
    <message>
        <source>Why the charts are empty, or what they leave out</source>
        <translation>Warum die Diagramme leer sind oder was sie auslassen</translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation>Wählen Sie einen Kernel, um seinen Code zu sehen.</translation>
    </message>
    <message>
        <source>Kernel code</source>
        <translation>Kernel-Code</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>Search reference</source>
        <translation>Such-Referenz</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Eltern</translation>
    </message>
    <message>
        <source>Picked node</source>
        <translation>Gewählter Knoten</translation>
    </message>
    <message>
        <source>Task reference</source>
        <translation>Task-Referenz</translation>
    </message>
    <message>
        <source>Reference kernel</source>
        <translation>Referenzkernel</translation>
    </message>
    <message>
        <source>What the left pane compares the candidate with: the search&apos;s seed (where the search started), the candidate&apos;s parent (the edit the mutation made), a node you picked with Navigate → Use as Reference, or the task&apos;s own reference kernel (the one the speedups are measured against)</source>
        <translation>Womit der linke Bereich den Kandidaten vergleicht: dem Seed der Suche (wo sie begann), dem Elternkernel des Kandidaten (die Änderung der Mutation), einem mit Navigieren → Als Referenz verwenden gewählten Knoten oder dem Referenzkernel der Task (gegen den die Speedups gemessen werden)</translation>
    </message>
    <message>
        <source>Reference kernel code</source>
        <translation>Code des Referenzkernels</translation>
    </message>
    <message>
        <source>Candidate kernel code</source>
        <translation>Code des Kandidatenkernels</translation>
    </message>
    <message>
        <source>No reference to show.</source>
        <translation>Keine Referenz anzuzeigen.</translation>
    </message>
    <message>
        <source>Select a kernel to see its code.</source>
        <translation>Wählen Sie einen Kernel, um seinen Code zu sehen.</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>&amp;Referenz:</translation>
    </message>
    <message>
        <source>No task is known for this search. Its reference kernel is read from tasks/&lt;task&gt;/ beside a &lt;task&gt;-search.jsonl log, or from the task directory chosen for Measure on GPU.</source>
        <translation>Für diese Suche ist keine Task bekannt. Ihr Referenzkernel wird aus tasks/&lt;task&gt;/ neben einem Protokoll &lt;task&gt;-search.jsonl gelesen oder aus dem für „Auf GPU messen“ gewählten Task-Verzeichnis.</translation>
    </message>
    <message>
        <source>Task %1 · %2</source>
        <translation>Task %1 · %2</translation>
    </message>
    <message>
        <source>Cannot read the task&apos;s reference %1: %2</source>
        <translation>Die Referenz der Task %1 ist nicht lesbar: %2</translation>
    </message>
    <message>
        <source>The task in %1 cannot be read: %2</source>
        <translation>Die Task in %1 ist nicht lesbar: %2</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>The pair holds no candidate code.</source>
        <translation>Das Paar enthält keinen Kandidaten-Code.</translation>
    </message>
    <message>
        <source>Reference of %1</source>
        <translation>Referenz von %1</translation>
    </message>
    <message>
        <source>Candidate %1 · measured %2</source>
        <translation>Kandidat %1 · gemessen %2</translation>
    </message>
    <message>
        <source>The pair holds no reference code.</source>
        <translation>Das Paar enthält keinen Referenz-Code.</translation>
    </message>
    <message>
        <source>The log names this kernel only as a parent and never shows its code.</source>
        <translation>Das Protokoll nennt diesen Kernel nur als Eltern und zeigt nie seinen Code.</translation>
    </message>
    <message>
        <source>The log holds no code for this kernel.</source>
        <translation>Das Protokoll enthält keinen Code für diesen Kernel.</translation>
    </message>
    <message>
        <source>Candidate %1 · %2</source>
        <translation>Kandidat %1 · %2</translation>
    </message>
    <message>
        <source> · measured %1</source>
        <translation> · gemessen %1</translation>
    </message>
    <message>
        <source>Seed reference code</source>
        <translation>Code der Such-Referenz</translation>
    </message>
    <message>
        <source>Seed %1</source>
        <translation>Seed %1</translation>
    </message>
    <message>
        <source>Parent %1</source>
        <translation>Eltern %1</translation>
    </message>
    <message>
        <source>This kernel has no parent: it is the root of its lineage.</source>
        <translation>Dieser Kernel hat keine Eltern: Er ist die Wurzel seiner Abstammung.</translation>
    </message>
    <message>
        <source>No task reference</source>
        <translation>Keine Task-Referenz</translation>
    </message>
    <message>
        <source>Picked %1</source>
        <translation>Gewählt %1</translation>
    </message>
    <message>
        <source>No node picked yet: select one and use Navigate → Use as Reference (Ctrl+R).</source>
        <translation>Noch kein Knoten gewählt: Wählen Sie einen aus und nutzen Sie Navigieren → Als Referenz verwenden (Strg+R).</translation>
    </message>
    <message>
        <source>No reference</source>
        <translation>Keine Referenz</translation>
    </message>
    <message>
        <source>&amp;Use as Reference</source>
        <translation>Als Referenz ver&amp;wenden</translation>
    </message>
    <message>
        <source>Compare every kernel selected from now on with this one</source>
        <translation>Jeden ab jetzt gewählten Kernel mit diesem vergleichen</translation>
    </message>
    <message>
        <source>Compare with the Search &amp;Reference</source>
        <translation>Mit der Such-&amp;Referenz vergleichen</translation>
    </message>
    <message>
        <source>Show the search&apos;s seed reference on the left</source>
        <translation>Die Seed-Referenz der Suche links zeigen</translation>
    </message>
    <message>
        <source>Compare with the Pa&amp;rent</source>
        <translation>Mit den E&amp;ltern vergleichen</translation>
    </message>
    <message>
        <source>Show the kernel&apos;s parent on the left</source>
        <translation>Die Eltern des Kernels links zeigen</translation>
    </message>
    <message>
        <source>Compare with the Picked &amp;Node</source>
        <translation>Mit dem gewählten Kn&amp;oten vergleichen</translation>
    </message>
    <message>
        <source>Show the node picked with Use as Reference on the left</source>
        <translation>Den mit „Als Referenz verwenden“ gewählten Knoten links zeigen</translation>
    </message>
    <message>
        <source>Compare with the &amp;Task&apos;s Reference</source>
        <translation>Mit der Referenz der &amp;Task vergleichen</translation>
    </message>
    <message>
        <source>Show the task&apos;s own reference kernel, which the speedups are measured against, on the left</source>
        <translation>Den eigenen Referenzkernel der Task, gegen den die Speedups gemessen werden, links zeigen</translation>
    </message>
</context>
<context>
    <name>ConfusionHeatMap</name>
    <message>
        <source>Confusion matrix</source>
        <translation>Konfusionsmatrix</translation>
    </message>
    <message>
        <source>Confusion: %1</source>
        <translation>Konfusion: %1</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>Wahrer Bin</translation>
    </message>
    <message>
        <source>Predicted bin</source>
        <translation>Vorhergesagter Bin</translation>
    </message>
    <message numerus="yes">
        <source>predicted bin %1, true bin %2: %n forecast(s)&lt;br&gt;%3 of the forecasts of bin %1%4</source>
        <translation>
            <numerusform>vorhergesagter Bin %1, wahrer Bin %2: %n Prognose&lt;br&gt;%3 der Prognosen von Bin %1%4</numerusform>
            <numerusform>vorhergesagter Bin %1, wahrer Bin %2: %n Prognosen&lt;br&gt;%3 der Prognosen von Bin %1%4</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>&lt;br&gt;click to select them</source>
        <translation>&lt;br&gt;klicken, um sie auszuwählen</translation>
    </message>
</context>
<context>
    <name>ConfusionModel</name>
    <message>
        <source>True bin %1</source>
        <translation>Wahrer Bin %1</translation>
    </message>
    <message>
        <source>Predicted bin %1</source>
        <translation>Vorhergesagter Bin %1</translation>
    </message>
</context>
<context>
    <name>DemoCandidateCard</name>
    <message>
        <source>Candidate being replayed</source>
        <translation>Kandidat im Replay</translation>
    </message>
    <message>
        <source>Following: %1</source>
        <translation>Verfolgt: %1</translation>
    </message>
    <message>
        <source>Press Play or Step: each candidate appears, gets its forecast, then its verdict.</source>
        <translation>Drücken Sie Abspielen oder Schritt: Jeder Kandidat erscheint, erhält seine Prognose, dann sein Urteil.</translation>
    </message>
    <message>
        <source>Candidate %1</source>
        <translation>Kandidat %1</translation>
    </message>
    <message>
        <source>mutated from %1</source>
        <translation>mutiert aus %1</translation>
    </message>
    <message>
        <source>Forecast: bin %1 %2, expected %3</source>
        <translation>Prognose: Bin %1 %2, erwartet %3</translation>
    </message>
    <message>
        <source>The model deferred: %1</source>
        <translation>Das Modell hat verwiesen: %1</translation>
    </message>
    <message>
        <source>No forecast</source>
        <translation>Keine Prognose</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Not among the k chosen</source>
        <translation>Nicht unter den gewählten k</translation>
    </message>
    <message>
        <source>Chosen for the GPU</source>
        <translation>Für die GPU gewählt</translation>
    </message>
    <message>
        <source>Gate: trusted, confidence %1</source>
        <translation>Gate: vertraut, Konfidenz %1</translation>
    </message>
    <message>
        <source>Gate: deferred, confidence %1</source>
        <translation>Gate: verwiesen, Konfidenz %1</translation>
    </message>
    <message>
        <source>Gate: deferred by the model</source>
        <translation>Gate: vom Modell verwiesen</translation>
    </message>
    <message>
        <source>Gate: deferred (no usable forecast)</source>
        <translation>Gate: verwiesen (keine brauchbare Prognose)</translation>
    </message>
    <message>
        <source>Gate: trusted by hand</source>
        <translation>Gate: von Hand vertraut</translation>
    </message>
    <message>
        <source>Gate: deferred by hand</source>
        <translation>Gate: von Hand verwiesen</translation>
    </message>
    <message>
        <source>Measured on the GPU: it failed</source>
        <translation>Auf der GPU gemessen: fehlgeschlagen</translation>
    </message>
    <message>
        <source>Measured on the GPU: %1, a new best</source>
        <translation>Auf der GPU gemessen: %1, neues Bestes</translation>
    </message>
    <message>
        <source>Measured on the GPU: %1</source>
        <translation>Auf der GPU gemessen: %1</translation>
    </message>
    <message>
        <source>Admitted on its forecast: no GPU time spent</source>
        <translation>Nach Prognose aufgenommen: keine GPU-Zeit verbraucht</translation>
    </message>
    <message>
        <source>Dropped unmeasured: forecast slower than its parent</source>
        <translation>Ungemessen verworfen: langsamer als die Eltern prognostiziert</translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation>Nicht gemessen</translation>
    </message>
    <message>
        <source>Not measured: the GPU budget is spent</source>
        <translation>Nicht gemessen: das GPU-Budget ist aufgebraucht</translation>
    </message>
</context>
<context>
    <name>DiagnosticsModel</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>partial data: %n damaged line(s)</source>
        <translation>
            <numerusform>unvollständige Daten: %n beschädigte Zeile</numerusform>
            <numerusform>unvollständige Daten: %n beschädigte Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
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
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source>severe slowdown</source>
        <translation>starke Verlangsamung</translation>
    </message>
    <message>
        <source>significant slowdown</source>
        <translation>deutliche Verlangsamung</translation>
    </message>
    <message>
        <source>moderate slowdown</source>
        <translation>mäßige Verlangsamung</translation>
    </message>
    <message>
        <source>minor slowdown</source>
        <translation>leichte Verlangsamung</translation>
    </message>
    <message>
        <source>minor speedup</source>
        <translation>leichter Speedup</translation>
    </message>
    <message>
        <source>significant speedup</source>
        <translation>deutlicher Speedup</translation>
    </message>
    <message>
        <source>high speedup</source>
        <translation>hoher Speedup</translation>
    </message>
    <message>
        <source>extreme speedup</source>
        <translation>extremer Speedup</translation>
    </message>
    <message>
        <source>Max probability</source>
        <translation>Max. Wahrsch.</translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation>Negative Entropie</translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation>Top-2-Abstand</translation>
    </message>
    <message>
        <source>Expected bin index</source>
        <translation>Erwarteter Bin</translation>
    </message>
</context>
<context>
    <name>ErrorsDock</name>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Load errors</source>
        <translation>Ladefehler</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in code</source>
        <translation>Im Code suchen</translation>
    </message>
    <message>
        <source>Enter: next match · Shift+Enter: previous match · Escape: close</source>
        <translation>Eingabe: nächster Treffer · Umschalt+Eingabe: vorheriger Treffer · Escape: schließen</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Vorheriger Treffer (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>Vorheriger Treffer</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Nächster Treffer (Eingabe)</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Close the find bar (Escape)</source>
        <translation>Suchleiste schließen (Escape)</translation>
    </message>
    <message>
        <source>Close find bar</source>
        <translation>Suchleiste schließen</translation>
    </message>
    <message>
        <source>In %1:</source>
        <translation>In %1:</translation>
    </message>
    <message>
        <source>Wrapped around</source>
        <translation>Von vorn begonnen</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
</context>
<context>
    <name>ForecastChoices</name>
    <message>
        <source>%1 · repeat %2</source>
        <translation>%1 · Wiederholung %2</translation>
    </message>
    <message>
        <source>search log</source>
        <translation>Suchprotokoll</translation>
    </message>
    <message>
        <source>The answer could not be parsed.</source>
        <translation>Die Antwort war nicht lesbar.</translation>
    </message>
    <message>
        <source>%1 (trusted)</source>
        <translation>%1 (vertraut)</translation>
    </message>
</context>
<context>
    <name>ForecastController</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>&amp;Forecast Selected Kernels</source>
        <translation>Gewählte Kernels &amp;prognostizieren</translation>
    </message>
    <message>
        <source>Forecast &amp;Kernels Without a Forecast</source>
        <translation>&amp;Kernels ohne Prognose prognostizieren</translation>
    </message>
    <message>
        <source>&amp;Stop Forecasting</source>
        <translation>Prognose &amp;stoppen</translation>
    </message>
    <message>
        <source>Forecast When &amp;Opening</source>
        <translation>Beim Ö&amp;ffnen prognostizieren</translation>
    </message>
    <message>
        <source>Forecast a search that has no forecasts with the embedded surrogate as soon as it is opened, learning from every open search</source>
        <translation>Eine Suche ohne Prognosen gleich beim Öffnen mit dem eingebetteten Surrogat prognostizieren, das aus jeder offenen Suche lernt</translation>
    </message>
    <message>
        <source>Forecast with the &amp;LLM Surrogate</source>
        <translation>Mit dem &amp;LLM-Surrogat prognostizieren</translation>
    </message>
    <message>
        <source>Ask the configured OpenAI-compatible server instead of the embedded model</source>
        <translation>Den eingestellten OpenAI-kompatiblen Server statt des eingebetteten Modells fragen</translation>
    </message>
    <message>
        <source>LLM Surrogate &amp;Settings…</source>
        <translation>LLM-Surrogat-&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Forecast progress</source>
        <translation>Prognosefortschritt</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop forecasting; answers received so far are kept</source>
        <translation>Prognose stoppen; bisher erhaltene Antworten bleiben</translation>
    </message>
    <message>
        <source>Not shown (Forecasts by shows %1): %2</source>
        <translation>Nicht gezeigt („Prognosen von“ zeigt %1): %2</translation>
    </message>
    <message>
        <source>F&amp;orecast</source>
        <translation>P&amp;rognose</translation>
    </message>
</context>
<context>
    <name>ForecastPanel</name>
    <message>
        <source>bin %1 (%2)</source>
        <translation>Bin %1 (%2)</translation>
    </message>
    <message>
        <source>%1: measured as %2, labelled to the model as %3</source>
        <translation>%1: gemessen als %2, dem Modell genannt als %3</translation>
    </message>
    <message>
        <source>Forecast source</source>
        <translation>Prognosequelle</translation>
    </message>
    <message>
        <source>Which surrogate and repeat produced the forecast shown</source>
        <translation>Welches Surrogat und welche Wiederholung die gezeigte Prognose erzeugt haben</translation>
    </message>
    <message>
        <source>&amp;Forecast by:</source>
        <translation>&amp;Prognose von:</translation>
    </message>
    <message>
        <source>The surrogate and repeat that produced this forecast</source>
        <translation>Das Surrogat und die Wiederholung, die diese Prognose erzeugt haben</translation>
    </message>
    <message>
        <source>Measured as</source>
        <translation>Gemessen als</translation>
    </message>
    <message>
        <source>The interval of speedups the ground-truth rule floor(2·log2 S) + 4 really assigns to the bin</source>
        <translation>Das Speedup-Intervall, das die Referenzregel floor(2·log2 S) + 4 dem Bin tatsächlich zuordnet</translation>
    </message>
    <message>
        <source>Labelled as</source>
        <translation>Benannt als</translation>
    </message>
    <message>
        <source>The interval the prompt and the forecast tool told the model; it differs from the measured interval by about half a bin</source>
        <translation>Das Intervall, das Prompt und Prognose-Tool dem Modell nannten; es weicht vom gemessenen Intervall um etwa einen halben Bin ab</translation>
    </message>
    <message>
        <source>Predicted:</source>
        <translation>Vorhergesagt:</translation>
    </message>
    <message>
        <source>The bin the surrogate declared (not necessarily its most likely bin) and the mass it put there</source>
        <translation>Der Bin, den das Surrogat angab (nicht unbedingt sein wahrscheinlichster), und die Masse darauf</translation>
    </message>
    <message>
        <source>True:</source>
        <translation>Wahr:</translation>
    </message>
    <message>
        <source>The bin the measured speedup S falls into</source>
        <translation>Der Bin, in den der gemessene Speedup S fällt</translation>
    </message>
    <message>
        <source>Scores:</source>
        <translation>Maße:</translation>
    </message>
    <message>
        <source>max-prob: the mass on the predicted bin; neg-entropy: 1 − H(p)/ln 8, 1 for a certain forecast and 0 for a uniform one; top-2 margin: the largest mass minus the second largest</source>
        <translation>max-prob: die Masse auf dem vorhergesagten Bin; neg-entropy: 1 − H(p)/ln 8, 1 für eine sichere und 0 für eine gleichverteilte Prognose; top-2 margin: die größte Masse minus die zweitgrößte</translation>
    </message>
    <message>
        <source>Expected:</source>
        <translation>Erwartet:</translation>
    </message>
    <message>
        <source>The expected speedup Σ p_b · midpoint_b, as the abstaining search scores a trusted forecast, and the sum of the probabilities as the model gave them before renormalisation</source>
        <translation>Der erwartete Speedup Σ p_b · midpoint_b, wie die abwägende Suche eine vertraute Prognose bewertet, und die Summe der Wahrscheinlichkeiten, wie das Modell sie vor der Normierung angab</translation>
    </message>
    <message>
        <source>Forecast distribution</source>
        <translation>Prognoseverteilung</translation>
    </message>
    <message>
        <source>Forecast rationale</source>
        <translation>Prognosebegründung</translation>
    </message>
    <message>
        <source>No rationale.</source>
        <translation>Keine Begründung.</translation>
    </message>
    <message>
        <source>Benchmark cases</source>
        <translation>Benchmark-Fälle</translation>
    </message>
    <message>
        <source>Failure message</source>
        <translation>Fehlermeldung</translation>
    </message>
    <message>
        <source>R&amp;ationale</source>
        <translation>Begr&amp;ündung</translation>
    </message>
    <message>
        <source>&amp;Measurement</source>
        <translation>&amp;Messung</translation>
    </message>
    <message>
        <source>Forecast notice</source>
        <translation>Prognosehinweis</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>Not measured.</source>
        <translation>Nicht gemessen.</translation>
    </message>
    <message>
        <source>Never measured.</source>
        <translation>Nie gemessen.</translation>
    </message>
    <message>
        <source>Success: %1 (runtime %2, reference %3)</source>
        <translation>Erfolg: %1 (Laufzeit %2, Referenz %3)</translation>
    </message>
    <message numerus="yes">
        <source>Success: %1, the %2 of %n case(s)</source>
        <translation>
            <numerusform>Erfolg: %1, %2 von %n Fall</numerusform>
            <numerusform>Erfolg: %1, %2 von %n Fällen</numerusform>
        </translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation>Verweisgrund: %1</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Speedup</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Korrekt</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>max difference: %1</source>
        <translation>max. Abweichung: %1</translation>
    </message>
    <message>
        <source>avg difference: %1</source>
        <translation>mittl. Abweichung: %1</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>Nichts ausgewählt.</translation>
    </message>
    <message>
        <source>the answer could not be parsed</source>
        <translation>die Antwort war nicht lesbar</translation>
    </message>
    <message>
        <source>deferred by the model</source>
        <translation>vom Modell verwiesen</translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation>vom Modell verwiesen: %1</translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation>keine Prognose</translation>
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
        <translation>%1 · rohe Wahrscheinlichkeitssumme %2</translation>
    </message>
    <message>
        <source>%1 measured · bin %2 (%3)</source>
        <translation>%1 gemessen · Bin %2 (%3)</translation>
    </message>
    <message>
        <source>Evi&amp;dence</source>
        <translation>Bele&amp;ge</translation>
    </message>
    <message>
        <source>Missed by:</source>
        <translation>Verfehlt um:</translation>
    </message>
    <message>
        <source>For a forecast whose bin the measurement missed: how far the measured speedup fell outside the predicted bin, as a share of the bin&apos;s nearest edge and in bins (a bin spans a factor of √2)</source>
        <translation>Für eine Prognose, deren Bin die Messung verfehlt hat: wie weit der gemessene Speedup außerhalb des vorhergesagten Bins lag, als Anteil der nächsten Bin-Grenze und in Bins (ein Bin umfasst den Faktor √2)</translation>
    </message>
    <message>
        <source>%1 % (%2 of a bin)</source>
        <translation>%1 % (%2 Bin)</translation>
    </message>
    <message>
        <source>%1 below bin %2, which starts at %3</source>
        <translation>%1 unter Bin %2, das bei %3 beginnt</translation>
    </message>
    <message>
        <source>%1 above bin %2, which ends at %3</source>
        <translation>%1 über Bin %2, das bei %3 endet</translation>
    </message>
</context>
<context>
    <name>ForecastRunner</name>
    <message>
        <source>A forecast is already running.</source>
        <translation>Eine Prognose läuft bereits.</translation>
    </message>
    <message>
        <source>There is no kernel to forecast.</source>
        <translation>Es gibt keinen Kernel zu prognostizieren.</translation>
    </message>
    <message numerus="yes">
        <source>Only %n measured kernel(s) in the open searches: the embedded surrogate needs at least %1 to learn from. Measure more kernels, or open more searches together, to get forecasts.</source>
        <translation>
            <numerusform>Nur %n gemessener Kernel in den offenen Suchen: Das eingebettete Surrogat braucht mindestens %1 zum Lernen. Messen Sie mehr Kernels oder öffnen Sie mehr Suchen zusammen, um Prognosen zu erhalten.</numerusform>
            <numerusform>Nur %n gemessene Kernels in den offenen Suchen: Das eingebettete Surrogat braucht mindestens %1 zum Lernen. Messen Sie mehr Kernels oder öffnen Sie mehr Suchen zusammen, um Prognosen zu erhalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>The LLM surrogate could not start: %1</source>
        <translation>Das LLM-Surrogat konnte nicht starten: %1</translation>
    </message>
    <message numerus="yes">
        <source>Training the embedded surrogate on %n measured kernel(s)…</source>
        <translation>
            <numerusform>Das eingebettete Surrogat lernt aus %n gemessenen Kernel…</numerusform>
            <numerusform>Das eingebettete Surrogat lernt aus %n gemessenen Kernels…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>New measurements: retraining the embedded surrogate on %n kernel(s) in the background…</source>
        <translation>
            <numerusform>Neue Messungen: Das eingebettete Surrogat lernt im Hintergrund neu aus %n Kernel…</numerusform>
            <numerusform>Neue Messungen: Das eingebettete Surrogat lernt im Hintergrund neu aus %n Kernels…</numerusform>
        </translation>
    </message>
    <message>
        <source>The embedded model could not be saved in the workspace: %1</source>
        <translation>Das eingebettete Modell konnte nicht im Arbeitsbereich gespeichert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Embedded surrogate retrained on %n measured kernel(s); new forecasts use it.</source>
        <translation>
            <numerusform>Eingebettetes Surrogat aus %n gemessenem Kernel neu gelernt; neue Prognosen nutzen es.</numerusform>
            <numerusform>Eingebettetes Surrogat aus %n gemessenen Kernels neu gelernt; neue Prognosen nutzen es.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retraining the embedded surrogate failed: %1</source>
        <translation>Neulernen des eingebetteten Surrogats fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The embedded surrogate could not be trained: %1</source>
        <translation>Das eingebettete Surrogat konnte nicht lernen: %1</translation>
    </message>
    <message>
        <source>The forecast could not start: %1</source>
        <translation>Die Vorhersage konnte nicht beginnen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Forecasting %n kernel(s) with %1…</source>
        <translation>
            <numerusform>Prognose für %n Kernel mit %1…</numerusform>
            <numerusform>Prognose für %n Kernels mit %1…</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecast cancelled.</source>
        <translation>Prognose abgebrochen.</translation>
    </message>
    <message>
        <source>Forecast stopped: other data was opened.</source>
        <translation>Prognose gestoppt: andere Daten wurden geöffnet.</translation>
    </message>
    <message>
        <source>The forecasts could not be cached: %1</source>
        <translation>Die Prognosen konnten nicht zwischengespeichert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n forecast(s) by %1</source>
        <translation>
            <numerusform>%n Prognose von %1</numerusform>
            <numerusform>%n Prognosen von %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answered before (cached)</source>
        <translation>
            <numerusform>%n schon beantwortet (Cache)</numerusform>
            <numerusform>%n schon beantwortet (Cache)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deferral(s)</source>
        <translation>
            <numerusform>%n Verweis</numerusform>
            <numerusform>%n Verweise</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failure(s), first: %1</source>
        <translation>
            <numerusform>%n Fehlschlag, erster: %1</numerusform>
            <numerusform>%n Fehlschläge, erster: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens rein, %2 raus</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>pretrained on the %1 corpus, never saw this task</source>
        <translation>vortrainiert auf dem %1-Korpus, hat diese Aufgabe nie gesehen</translation>
    </message>
    <message>
        <source>pretrained on the %1 corpus</source>
        <translation>vortrainiert auf dem %1-Korpus</translation>
    </message>
    <message numerus="yes">
        <source>pretrained, then trained on %n measured kernel(s)</source>
        <translation>
            <numerusform>vortrainiert, dann auf %n gemessenem Kernel weitertrainiert</numerusform>
            <numerusform>vortrainiert, dann auf %n gemessenen Kernels weitertrainiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Training the pretrained embedded surrogate further on %n measured kernel(s)…</source>
        <translation>
            <numerusform>Das vortrainierte eingebettete Surrogat lernt an %n gemessenem Kernel weiter…</numerusform>
            <numerusform>Das vortrainierte eingebettete Surrogat lernt an %n gemessenen Kernels weiter…</numerusform>
        </translation>
    </message>
    <message>
        <source>The pretrained surrogate cannot be used: %1</source>
        <translation>Das vortrainierte Surrogat ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, continued step by step</source>
        <translation>%1, Schritt für Schritt weitertrainiert</translation>
    </message>
    <message>
        <source>%1, inside the search-aware forecaster</source>
        <translation>%1, im suchbewussten Forecaster</translation>
    </message>
    <message>
        <source>%1 (without the search-aware forecaster, which stops at %2 measured kernels; this search has %3)</source>
        <translation>%1 (ohne den suchbewussten Forecaster, der bei %2 gemessenen Kernels endet; diese Suche hat %3)</translation>
    </message>
    <message>
        <source>The forecasts could not be saved: %1</source>
        <translation>Die Prognosen konnten nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>ForecastSourceChoice</name>
    <message>
        <source>The workspace&apos;s choice of forecasts could not be read: %1</source>
        <translation>Die im Arbeitsbereich gewählte Prognosequelle ließ sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>The choice of forecasts could not be saved in the workspace: %1</source>
        <translation>Die gewählte Prognosequelle ließ sich nicht im Arbeitsbereich speichern: %1</translation>
    </message>
    <message>
        <source>the search log&apos;s own</source>
        <translation>die des Suchprotokolls</translation>
    </message>
    <message>
        <source>embedded model</source>
        <translation>eingebettetes Modell</translation>
    </message>
    <message>
        <source>LLM: %1</source>
        <translation>LLM: %1</translation>
    </message>
    <message>
        <source>Forecasts by:</source>
        <translation>Prognosen von:</translation>
    </message>
    <message>
        <source>Whose forecasts the gate, Calibration, the replay and the comparison show</source>
        <translation>Wessen Prognosen Gate, Kalibrierung, Replay und Vergleich zeigen</translation>
    </message>
</context>
<context>
    <name>FrontierChart</name>
    <message>
        <source>measure all</source>
        <translation>alles messen</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>certified</source>
        <translation>nachgewiesen</translation>
    </message>
    <message>
        <source>GPU-budget frontier</source>
        <translation>GPU-Budget-Front</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>For a search this large, run kfx-cli replay --frontier</source>
        <translation>Für eine so große Suche: kfx-cli replay --frontier ausführen</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>%1: trusts nothing</source>
        <translation>%1: vertraut nichts</translation>
    </message>
    <message>
        <source>Solid: the best measured speedup so far (left axis). Dashed: the share of trusted forecasts in the wrong bin so far (right axis). Against GPU evaluations spent, for each way of setting the gate.</source>
        <translation>Durchgezogen: der bisher beste gemessene Speedup (linke Achse). Gestrichelt: der bisherige Anteil vertrauter Prognosen im falschen Bin (rechte Achse). Aufgetragen über die verbrauchten GPU-Messungen, für jede Art, das Gate einzustellen.</translation>
    </message>
    <message>
        <source>best ×</source>
        <translation>bester ×</translation>
    </message>
    <message>
        <source>risk</source>
        <translation>Risiko</translation>
    </message>
</context>
<context>
    <name>GateBar</name>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Certify</source>
        <translation>Nachweisen</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation>Vertraut</translation>
    </message>
    <message>
        <source>Deferred</source>
        <translation>Verwiesen</translation>
    </message>
    <message>
        <source>Overridden</source>
        <translation>Übersteuert</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Gate</translation>
    </message>
    <message>
        <source>Gate score</source>
        <translation>Gate-Maß</translation>
    </message>
    <message>
        <source>The confidence score the gate reads</source>
        <translation>Das Konfidenzmaß, das das Gate liest</translation>
    </message>
    <message>
        <source>Gate threshold</source>
        <translation>Gate-Schwelle</translation>
    </message>
    <message>
        <source>Forecasts scoring at or above the threshold are trusted; the rest go to the GPU</source>
        <translation>Prognosen mit einem Maß ab der Schwelle gelten als vertraut; die übrigen gehen an die GPU</translation>
    </message>
    <message>
        <source>Gate threshold value</source>
        <translation>Wert der Gate-Schwelle</translation>
    </message>
    <message>
        <source>Target coverage</source>
        <translation>Ziel-Abdeckung</translation>
    </message>
    <message>
        <source>Trust this share of the forecasts: the threshold midway between the last trusted and the first deferred score</source>
        <translation>Diesem Anteil der Prognosen vertrauen: die Schwelle mittig zwischen dem letzten vertrauten und dem ersten verwiesenen Maß</translation>
    </message>
    <message>
        <source>Set the threshold for the target coverage</source>
        <translation>Die Schwelle für die Ziel-Abdeckung setzen</translation>
    </message>
    <message>
        <source>Largest acceptable error rate among trusted forecasts</source>
        <translation>Höchste zulässige Fehlerrate unter den vertrauten Prognosen</translation>
    </message>
    <message>
        <source>Chance that the guarantee fails</source>
        <translation>Wahrscheinlichkeit, dass die Garantie nicht hält</translation>
    </message>
    <message>
        <source>The guarantee holds with probability 1 − δ (exact Clopper–Pearson bounds over the measured kernels)</source>
        <translation>Die Garantie gilt mit Wahrscheinlichkeit 1 − δ (exakte Clopper-Pearson-Schranken über die gemessenen Kernels)</translation>
    </message>
    <message>
        <source>Set the lowest threshold whose error rate is certified below α</source>
        <translation>Die niedrigste Schwelle setzen, deren Fehlerrate nachweislich unter α liegt</translation>
    </message>
    <message>
        <source>Gate:</source>
        <translation>Gate:</translation>
    </message>
    <message>
        <source>Coverage:</source>
        <translation>Abdeckung:</translation>
    </message>
    <message>
        <source>Risk:</source>
        <translation>Risiko:</translation>
    </message>
    <message>
        <source>Workspace message</source>
        <translation>Meldung zum Arbeitsbereich</translation>
    </message>
    <message>
        <source>Keep and Use This Data</source>
        <translation>Diese Daten behalten und nutzen</translation>
    </message>
    <message>
        <source>Record the data as it is now, so that this message does not return</source>
        <translation>Die Daten in ihrem jetzigen Stand festhalten, damit diese Meldung nicht wiederkommt</translation>
    </message>
    <message>
        <source>Set Aside and Start Fresh</source>
        <translation>Beiseitelegen und neu beginnen</translation>
    </message>
    <message>
        <source>Rename the unusable workspace file (it is kept) and start an empty workspace</source>
        <translation>Die unbrauchbare Arbeitsbereichsdatei umbenennen (sie bleibt erhalten) und mit einem leeren Arbeitsbereich beginnen</translation>
    </message>
    <message>
        <source>certified: %1 of %2 trusted wrong, bound %3</source>
        <translation>zertifiziert: %1 von %2 vertrauten falsch, Schranke %3</translation>
    </message>
    <message numerus="yes">
        <source>no threshold certifies α = %1 at δ = %2 on %n measured kernel(s)</source>
        <translation>
            <numerusform>keine Schwelle zertifiziert α = %1 bei δ = %2 auf %n gemessenen Kernel</numerusform>
            <numerusform>keine Schwelle zertifiziert α = %1 bei δ = %2 auf %n gemessenen Kernels</numerusform>
        </translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>vertraut</translation>
    </message>
    <message>
        <source>deferred</source>
        <translation>verwiesen</translation>
    </message>
    <message>
        <source>overridden</source>
        <translation>übersteuert</translation>
    </message>
    <message>
        <source>risk</source>
        <translation>Risiko</translation>
    </message>
    <message>
        <source>No trusted forecast has a measured truth to judge it by</source>
        <translation>Keine vertraute Prognose hat eine gemessene Wahrheit, an der sie sich messen ließe</translation>
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
        <translation>Feste Folge</translation>
    </message>
    <message>
        <source>Multiple-testing correction</source>
        <translation>Korrektur für multiples Testen</translation>
    </message>
    <message>
        <source>How the thresholds&apos; tests are combined so that the chosen one is safe with probability 1 − δ: Bonferroni (each at δ/m), Holm (step-down, certifies at least as many), or fixed sequence (from the most confident threshold down, stopping at the first failure)</source>
        <translation>Wie die Tests der Schwellen kombiniert werden, damit die gewählte mit Wahrscheinlichkeit 1 − δ sicher ist: Bonferroni (jede bei δ/m), Holm (schrittweise absteigend, bestätigt mindestens ebenso viele) oder feste Folge (von der sichersten Schwelle abwärts, Halt beim ersten Fehlschlag)</translation>
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
        <translation>p-Wert</translation>
    </message>
    <message>
        <source>Clopper–Pearson: the exact binomial tail; Hoeffding–Bentkus: valid for any bounded loss, more cautious</source>
        <translation>Clopper–Pearson: der exakte Binomialrand; Hoeffding–Bentkus: gültig für jeden beschränkten Verlust, vorsichtiger</translation>
    </message>
    <message>
        <source>Risk monitor</source>
        <translation>Risikowächter</translation>
    </message>
    <message>
        <source>Defer Everything</source>
        <translation>Alles zurückstellen</translation>
    </message>
    <message>
        <source>Trust no forecast: every candidate goes to the GPU (undoable)</source>
        <translation>Keiner Prognose vertrauen: jeder Kandidat geht auf die GPU (rückgängig zu machen)</translation>
    </message>
    <message>
        <source>Risk alarm: the trusted forecasts&apos; error rate is at least %1, above α = %2</source>
        <translation>Risikoalarm: die Fehlerrate der vertrauten Prognosen ist mindestens %1, über α = %2</translation>
    </message>
    <message>
        <source>Raised by the measurement of %1: %2 of %3 trusted forecasts measured since certifying were wrong. The bound holds at every moment at once, so a false alarm has probability at most δ = %4 over the whole run.</source>
        <translation>Ausgelöst von der Messung von %1: %2 von %3 seit dem Nachweis gemessenen vertrauten Prognosen waren falsch. Die Schranke gilt zu jedem Zeitpunkt zugleich, ein Fehlalarm hat also über den ganzen Lauf höchstens die Wahrscheinlichkeit δ = %4.</translation>
    </message>
    <message numerus="yes">
        <source>Monitor: %n trusted measured since certifying, error at most %1</source>
        <translation>
            <numerusform>Wächter: %n vertraute seit dem Nachweis gemessen, Fehler höchstens %1</numerusform>
            <numerusform>Wächter: %n vertraute seit dem Nachweis gemessen, Fehler höchstens %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Time-uniform bounds on the trusted forecasts&apos; error rate: %1 to %2. An alarm is raised when even the lower bound exceeds α = %3.</source>
        <translation>Zeitgleichmäßige Schranken für die Fehlerrate der vertrauten Prognosen: %1 bis %2. Alarm, sobald selbst die untere Schranke α = %3 übersteigt.</translation>
    </message>
    <message>
        <source>Risk warning</source>
        <translation>Risikowarnung</translation>
    </message>
    <message>
        <source>⚠ Trusted kernels are wrong %1 of the time, far above the target α = %2</source>
        <translation>⚠ Vertraute Kernels liegen in %1 der Fälle falsch, weit über dem Ziel α = %2</translation>
    </message>
    <message>
        <source>At most this share of trusted forecasts may be wrong: name the wrong bin, or trust a kernel that fails</source>
        <translation>Höchstens dieser Anteil vertrauter Prognosen darf falsch sein: den falschen Bin nennen oder einem Kernel vertrauen, der scheitert</translation>
    </message>
    <message>
        <source>%1 of %2 trusted forecasts with known truth were wrong: %3 named the wrong bin, and %4 trusted a kernel that failed to compile, crashed or computed wrong results</source>
        <translation>%1 von %2 vertrauten Prognosen mit bekannter Wahrheit waren falsch: %3 nannten den falschen Bin, und %4 vertrauten einem Kernel, der nicht kompilierte, abstürzte oder falsche Ergebnisse berechnete</translation>
    </message>
    <message>
        <source>%1 of the %2 trusted kernels with a measurement failed or disagree with their forecast (%3). With probability 1 − δ = %4 the true rate is at least %5, above α = %6: raise the threshold, or Certify one for α.</source>
        <translation>%1 der %2 vertrauten Kernels mit einer Messung scheiterten oder widersprechen ihrer Prognose (%3). Mit Wahrscheinlichkeit 1 − δ = %4 liegt die wahre Rate bei mindestens %5, über α = %6: Schwelle anheben oder eine für α zertifizieren.</translation>
    </message>
</context>
<context>
    <name>GateController</name>
    <message numerus="yes">
        <source>%n forecast(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%n Prognose in %1 konnte nicht gelesen werden und bleibt außen vor (die erste, von Kernel %2: %3).</numerusform>
            <numerusform>%n Prognosen in %1 konnten nicht gelesen werden und bleiben außen vor (die erste, von Kernel %2: %3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n measurement(s) in %1 could not be read and are left out (the first, of kernel %2: %3).</source>
        <translation>
            <numerusform>%n Messung in %1 konnte nicht gelesen werden und bleibt außen vor (die erste, von Kernel %2: %3).</numerusform>
            <numerusform>%n Messungen in %1 konnten nicht gelesen werden und bleiben außen vor (die erste, von Kernel %2: %3).</numerusform>
        </translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Gate</translation>
    </message>
    <message>
        <source>&amp;Gate</source>
        <translation>&amp;Gate</translation>
    </message>
    <message>
        <source>&amp;Trust</source>
        <translation>&amp;Vertrauen</translation>
    </message>
    <message>
        <source>Trust the forecast of the selected kernels whatever the gate says</source>
        <translation>Der Prognose der gewählten Kernels vertrauen, was auch immer das Gate sagt</translation>
    </message>
    <message>
        <source>&amp;Defer to the GPU</source>
        <translation>An die &amp;GPU verweisen</translation>
    </message>
    <message>
        <source>Measure the selected kernels whatever the gate says</source>
        <translation>Die gewählten Kernels messen, was auch immer das Gate sagt</translation>
    </message>
    <message>
        <source>&amp;Auto (Follow the Gate)</source>
        <translation>&amp;Automatisch (dem Gate folgen)</translation>
    </message>
    <message>
        <source>Override with &amp;Note…</source>
        <translation>Übersteuern mit &amp;Notiz…</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● Live</translation>
    </message>
    <message>
        <source>Following a growing log</source>
        <translation>Folgt einem wachsenden Protokoll</translation>
    </message>
    <message>
        <source>The workspace&apos;s forecasts could not be read: %1</source>
        <translation>Die Prognosen des Arbeitsbereichs sind nicht lesbar: %1</translation>
    </message>
    <message>
        <source>The workspace&apos;s measurements could not be read: %1</source>
        <translation>Die Messungen des Arbeitsbereichs sind nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Override with Note</source>
        <translation>Übersteuern mit Notiz</translation>
    </message>
    <message>
        <source>Why? The note stays with the override in the workspace.</source>
        <translation>Warum? Die Notiz bleibt mit der Übersteuerung im Arbeitsbereich.</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Vertrauen</translation>
    </message>
    <message>
        <source>Defer to the GPU</source>
        <translation>An die GPU verweisen</translation>
    </message>
    <message>
        <source>Auto (follow the gate)</source>
        <translation>Automatisch (dem Gate folgen)</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
    <message>
        <source>Risk alarm at %1: %2 of %3 trusted forecasts wrong since certifying; the error rate is above α = %4. Gate → Defer Everything falls back to measuring all.</source>
        <translation>Risikoalarm bei %1: %2 von %3 vertrauten Prognosen seit dem Nachweis falsch; die Fehlerrate liegt über α = %4. Gate → Alles zurückstellen misst wieder alles.</translation>
    </message>
    <message>
        <source>Defer &amp;Everything</source>
        <translation>Alles zurückst&amp;ellen</translation>
    </message>
</context>
<context>
    <name>GateOverrideRow</name>
    <message>
        <source>Trust</source>
        <translation>Vertrauen</translation>
    </message>
    <message>
        <source>Defer</source>
        <translation>Verweisen</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Gate decision for this kernel</source>
        <translation>Gate-Entscheidung für diesen Kernel</translation>
    </message>
    <message>
        <source>Gate mark</source>
        <translation>Gate-Markierung</translation>
    </message>
    <message>
        <source>Gate decision</source>
        <translation>Gate-Entscheidung</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Notiz (optional)</translation>
    </message>
    <message>
        <source>Override note</source>
        <translation>Notiz zur Übersteuerung</translation>
    </message>
    <message>
        <source>Why you overrule the gate; kept with the override in the workspace. Enter saves it.</source>
        <translation>Warum Sie das Gate überstimmen; bleibt mit der Übersteuerung im Arbeitsbereich. Eingabe speichert.</translation>
    </message>
    <message>
        <source>Trust this kernel&apos;s forecast whatever the gate says (T in the tree)</source>
        <translation>Der Prognose dieses Kernels vertrauen, was auch immer das Gate sagt (T im Baum)</translation>
    </message>
    <message>
        <source>Measure this kernel on the GPU whatever the gate says (D in the tree)</source>
        <translation>Diesen Kernel auf der GPU messen, was auch immer das Gate sagt (D im Baum)</translation>
    </message>
    <message>
        <source>Let the gate decide again (A in the tree)</source>
        <translation>Das Gate wieder entscheiden lassen (A im Baum)</translation>
    </message>
    <message>
        <source>The gate does not judge this kernel.</source>
        <translation>Das Gate beurteilt diesen Kernel nicht.</translation>
    </message>
    <message>
        <source>Seeds, and mutations that produced no kernel, never reach the gate.</source>
        <translation>Seeds und Mutationen ohne Kernel erreichen das Gate nie.</translation>
    </message>
    <message>
        <source>Gate: %1</source>
        <translation>Gate: %1</translation>
    </message>
</context>
<context>
    <name>GateSession</name>
    <message>
        <source>Move Gate Threshold</source>
        <translation>Gate-Schwelle verschieben</translation>
    </message>
    <message>
        <source>Change Gate</source>
        <translation>Gate ändern</translation>
    </message>
    <message>
        <source>The workspace could not be opened</source>
        <translation>Der Arbeitsbereich konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The gate settings could not be saved</source>
        <translation>Die Gate-Einstellungen konnten nicht gespeichert werden</translation>
    </message>
    <message numerus="yes">
        <source>Trust %n Kernel(s)</source>
        <translation>
            <numerusform>%n Kernel vertrauen</numerusform>
            <numerusform>%n Kernels vertrauen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Defer %n Kernel(s)</source>
        <translation>
            <numerusform>%n Kernel verweisen</numerusform>
            <numerusform>%n Kernels verweisen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %n Kernel(s) to the Gate</source>
        <translation>
            <numerusform>%n Kernel dem Gate zurückgeben</numerusform>
            <numerusform>%n Kernels dem Gate zurückgeben</numerusform>
        </translation>
    </message>
    <message>
        <source>The override could not be saved</source>
        <translation>Die Übersteuerung konnte nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About kfx</source>
        <translation>Ü&amp;ber kfx</translation>
    </message>
    <message>
        <source>About kfx</source>
        <translation>Über kfx</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Kernel Forecast Explorer&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Lineage trees of LLM-driven GPU-kernel searches, the surrogate&apos;s forecasts beside the kernels, their calibration, the forecast gate, and measurement on a GPU with kfx-measure.&lt;/p&gt;&lt;p&gt;The bundled demo (scripts/run) opens the H100 corpus&apos;s rms_norm selective search beside its equal-budget baseline: the selective search forecasts every candidate and measures only those the surrogate is unsure of, and found a 1.38× kernel against the baseline&apos;s 1.37× with 120 GPU evaluations each, all measured on an NVIDIA H100 80GB HBM3. The earlier demo searches (row softmax, layer norm and fp32 matmul, 54 kernels measured on the same GPU on 2026-11-22) are in resources/demo.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Kernel Forecast Explorer&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Abstammungsbäume LLM-gesteuerter GPU-Kernel-Suchen, die Prognosen des Surrogats neben den Kernels, ihre Kalibrierung, das Prognose-Gate und Messungen auf einer GPU mit kfx-measure.&lt;/p&gt;&lt;p&gt;Die mitgelieferte Demo (scripts/run) öffnet die selektive rms_norm-Suche des H100-Korpus neben ihrer Baseline mit gleichem Budget: Die selektive Suche prognostiziert jeden Kandidaten und misst nur die, bei denen das Surrogat unsicher ist, und fand einen 1,38×-Kernel gegenüber 1,37× der Baseline bei je 120 GPU-Auswertungen, alle gemessen auf einer NVIDIA H100 80GB HBM3. Die früheren Demo-Suchen (Row-Softmax, Layer-Norm und FP32-Matmul, 54 Kernels, am 22.11.2026 auf derselben GPU gemessen) liegen in resources/demo.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Tab and Shift+Tab move between the list, the filters, the code panes and the forecast panel; in a code pane Ctrl+F finds, Escape closes the find bar.</source>
        <translation>Tab und Umschalt+Tab wechseln zwischen Liste, Filtern, Code-Bereichen und Prognosebereich; in einem Code-Bereich sucht Strg+F, Escape schließt die Suchleiste.</translation>
    </message>
</context>
<context>
    <name>HubPullDialog</name>
    <message>
        <source>&amp;Download and Open</source>
        <translation>&amp;Herunterladen und öffnen</translation>
    </message>
    <message>
        <source>Open from Hugging Face</source>
        <translation>Von Hugging Face öffnen</translation>
    </message>
    <message>
        <source>“combined”, or the only config</source>
        <translation>„combined“ oder die einzige Konfiguration</translation>
    </message>
    <message>
        <source>the config’s only split</source>
        <translation>der einzige Split der Konfiguration</translation>
    </message>
    <message>
        <source>The Hugging Face dataset viewer, or a server that answers as it does</source>
        <translation>Der Dataset-Viewer von Hugging Face oder ein Server, der wie er antwortet</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Split</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>&amp;Dataset:</source>
        <translation>&amp;Datensatz:</translation>
    </message>
    <message>
        <source>&amp;Config:</source>
        <translation>&amp;Konfiguration:</translation>
    </message>
    <message>
        <source>&amp;Split:</source>
        <translation>&amp;Split:</translation>
    </message>
    <message>
        <source>Se&amp;rver:</source>
        <translation>Se&amp;rver:</translation>
    </message>
    <message>
        <source>Gated datasets need a Hugging Face token in the environment variable %1; it is sent, never stored.</source>
        <translation>Zugangsbeschränkte Datensätze brauchen ein Hugging-Face-Token in der Umgebungsvariable %1; es wird gesendet, nie gespeichert.</translation>
    </message>
    <message>
        <source>Name a dataset, as owner/name.</source>
        <translation>Nennen Sie einen Datensatz als besitzer/name.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Asking %1 for the dataset’s splits…</source>
        <translation>Frage %1 nach den Splits des Datensatzes…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s)</source>
        <translation>
            <numerusform>%1 von %n Zeile</numerusform>
            <numerusform>%1 von %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s): %2</source>
        <translation>
            <numerusform>%1 von %n Zeile: %2</numerusform>
            <numerusform>%1 von %n Zeilen: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation>%1 heruntergeladen.</translation>
    </message>
    <message>
        <source>Cancelled. The pages fetched so far are kept; downloading again resumes.</source>
        <translation>Abgebrochen. Die bisher geholten Seiten bleiben; erneutes Herunterladen setzt fort.</translation>
    </message>
    <message>
        <source>Could not download: %1</source>
        <translation>Herunterladen nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>HubPullJob</name>
    <message>
        <source>an eval set</source>
        <translation>Eval-Set</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>an RL training pool</source>
        <translation>RL-Trainingspool</translation>
    </message>
    <message>
        <source>discovery pairs</source>
        <translation>Discovery-Paare</translation>
    </message>
    <message>
        <source>PUCT search events</source>
        <translation>PUCT-Suchereignisse</translation>
    </message>
    <message>
        <source>PUCT search summaries</source>
        <translation>PUCT-Suchzusammenfassungen</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of %1 (config “%2”, split “%3”)</source>
        <translation>
            <numerusform>%n Zeile (%1, Konfiguration „%2“, Split „%3“)</numerusform>
            <numerusform>%n Zeilen (%1, Konfiguration „%2“, Split „%3“)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>kfx will use the new language when it is started again.</source>
        <translation>kfx verwendet die neue Sprache beim nächsten Start.</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>S&amp;prache</translation>
    </message>
</context>
<context>
    <name>LineageTreeView</name>
    <message>
        <source>Population tree</source>
        <translation>Populationsbaum</translation>
    </message>
</context>
<context>
    <name>ListNavigator</name>
    <message>
        <source>&amp;Parent</source>
        <translation>&amp;Eltern</translation>
    </message>
    <message>
        <source>Select the parent of the kernel</source>
        <translation>Die Eltern des Kernels auswählen</translation>
    </message>
    <message>
        <source>First &amp;Child</source>
        <translation>Erstes &amp;Kind</translation>
    </message>
    <message>
        <source>Select the first child of the kernel</source>
        <translation>Das erste Kind des Kernels auswählen</translation>
    </message>
    <message>
        <source>&amp;Next Sibling or Pair</source>
        <translation>&amp;Nächstes Geschwister oder Paar</translation>
    </message>
    <message>
        <source>Select the next kernel of the same parent, or the next pair</source>
        <translation>Den nächsten Kernel derselben Eltern oder das nächste Paar auswählen</translation>
    </message>
    <message>
        <source>P&amp;revious Sibling or Pair</source>
        <translation>&amp;Vorheriges Geschwister oder Paar</translation>
    </message>
    <message>
        <source>Select the previous kernel of the same parent, or the previous pair</source>
        <translation>Den vorherigen Kernel derselben Eltern oder das vorherige Paar auswählen</translation>
    </message>
    <message>
        <source>Next Surrogate &amp;Failure</source>
        <translation>Nächster Surrogat-&amp;Fehlgriff</translation>
    </message>
    <message>
        <source>Select the next confident, wrong forecast, worst first (threshold and score from the filters)</source>
        <translation>Die nächste zuversichtliche, falsche Prognose auswählen, die schlimmste zuerst (Schwelle und Maß aus den Filtern)</translation>
    </message>
    <message>
        <source>Previous Surrogate F&amp;ailure</source>
        <translation>Vorheriger Surrogat-Fehl&amp;griff</translation>
    </message>
    <message>
        <source>Select the previous confident, wrong forecast</source>
        <translation>Die vorherige zuversichtliche, falsche Prognose auswählen</translation>
    </message>
    <message>
        <source>&amp;Seed</source>
        <translation>&amp;Seed</translation>
    </message>
    <message>
        <source>Select the root of the search</source>
        <translation>Die Wurzel der Suche auswählen</translation>
    </message>
    <message>
        <source>Best &amp;Measured Node</source>
        <translation>Bester ge&amp;messener Knoten</translation>
    </message>
    <message>
        <source>Select the fastest kernel measured, as the status bar and Selective Search against Baseline name it</source>
        <translation>Den schnellsten gemessenen Kernel wählen, wie ihn die Statusleiste und „Selektive Suche gegen Baseline“ nennen</translation>
    </message>
    <message>
        <source>Archive &amp;Best Node</source>
        <translation>&amp;Bester Archivknoten</translation>
    </message>
    <message>
        <source>Select the best archive member; the path to it is in bold</source>
        <translation>Das beste Archivmitglied auswählen; der Pfad dorthin ist fett</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n comparison(s) selected in the Calibration view is in the list shown</source>
        <translation>
            <numerusform>Der %n in der Kalibrierungsansicht gewählte Vergleich ist nicht in der gezeigten Liste</numerusform>
            <numerusform>Keiner der %n in der Kalibrierungsansicht gewählten Vergleiche ist in der gezeigten Liste</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view</source>
        <translation>
            <numerusform>%n Vergleich in der Kalibrierungsansicht gewählt</numerusform>
            <numerusform>%n Vergleiche in der Kalibrierungsansicht gewählt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) selected in the Calibration view; %1 not in the list shown</source>
        <translation>
            <numerusform>%n Vergleich in der Kalibrierungsansicht gewählt; %1 nicht in der gezeigten Liste</numerusform>
            <numerusform>%n Vergleiche in der Kalibrierungsansicht gewählt; %1 nicht in der gezeigten Liste</numerusform>
        </translation>
    </message>
    <message>
        <source>No surrogate failures at this threshold</source>
        <translation>Keine Surrogat-Fehlgriffe bei dieser Schwelle</translation>
    </message>
    <message>
        <source>Surrogate failure %1 of %2</source>
        <translation>Surrogat-Fehlgriff %1 von %2</translation>
    </message>
    <message>
        <source>No surprises</source>
        <translation>Keine Überraschungen</translation>
    </message>
    <message>
        <source>Surprise %1 of %2</source>
        <translation>Überraschung %1 von %2</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <source>Let the model defer to the GPU (predict-or-defer tool)</source>
        <translation>Dem Modell erlauben, an die GPU zu verweisen (Werkzeug „predict-or-defer“)</translation>
    </message>
    <message>
        <source>LLM Surrogate</source>
        <translation>LLM-Surrogat</translation>
    </message>
    <message>
        <source>The name of the environment variable holding the API key; the key itself is read when forecasting starts and never stored</source>
        <translation>Der Name der Umgebungsvariable mit dem API-Schlüssel; der Schlüssel selbst wird beim Start der Prognose gelesen und nie gespeichert</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The longest one forecast may take, retries included</source>
        <translation>Die längste Dauer einer Prognose, Wiederholungsversuche eingeschlossen</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>&amp;Endpunkt:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API-Schlüssel-&amp;Variable:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <source>Max &amp;tokens:</source>
        <translation>Max. &amp;Tokens:</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>Total time &amp;budget:</source>
        <translation>Gesamt-&amp;Zeitbudget:</translation>
    </message>
    <message>
        <source>&amp;Retries:</source>
        <translation>&amp;Wiederholungen:</translation>
    </message>
    <message>
        <source>Largest &amp;response:</source>
        <translation>Größte &amp;Antwort:</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Parallelität:</translation>
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
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open files in place of the session shown</source>
        <translation>Dateien anstelle der gezeigten Sitzung öffnen</translation>
    </message>
    <message>
        <source>&amp;Add Files to Session…</source>
        <translation>Dateien zur Sitzung &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Open files beside those already open: predictions for the search shown, another search</source>
        <translation>Dateien neben den schon offenen öffnen: Vorhersagen für die gezeigte Suche, eine weitere Suche</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Find in the focused code pane, or filter the nodes or pairs</source>
        <translation>Im fokussierten Code-Bereich suchen oder die Knoten bzw. Paare filtern</translation>
    </message>
    <message>
        <source>Find in &amp;Code</source>
        <translation>Im &amp;Code suchen</translation>
    </message>
    <message>
        <source>Focus the &amp;List</source>
        <translation>&amp;Liste fokussieren</translation>
    </message>
    <message>
        <source>Focus the Candidate &amp;Code</source>
        <translation>&amp;Kandidaten-Code fokussieren</translation>
    </message>
    <message>
        <source>Show the &amp;Rationale</source>
        <translation>&amp;Begründung zeigen</translation>
    </message>
    <message>
        <source>Show the &amp;Measurement</source>
        <translation>&amp;Messung zeigen</translation>
    </message>
    <message>
        <source>&amp;Calibration</source>
        <translation>&amp;Kalibrierung</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>&amp;Navigieren</translation>
    </message>
    <message>
        <source>Add Files to the Session</source>
        <translation>Dateien zur Sitzung hinzufügen</translation>
    </message>
    <message>
        <source>Open Search Logs and Data Files</source>
        <translation>Suchprotokolle und Datendateien öffnen</translation>
    </message>
    <message>
        <source>kfx data (*.jsonl *.json *.jsonl.gz);;All files (*)</source>
        <translation>kfx-Daten (*.jsonl *.json *.jsonl.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3)…</source>
        <translation>Lade %1 (%2 von %3)…</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <source>%1 — Kernel Forecast Explorer</source>
        <translation>%1 — Kernel Forecast Explorer</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) — Kernel Forecast Explorer</source>
        <translation>
            <numerusform>%n Paar — Kernel Forecast Explorer</numerusform>
            <numerusform>%n Paare — Kernel Forecast Explorer</numerusform>
        </translation>
    </message>
    <message>
        <source>Open from &amp;Hugging Face…</source>
        <translation>Von Hu&amp;gging Face öffnen…</translation>
    </message>
    <message>
        <source>Download a published dataset from the Hugging Face Hub and open it</source>
        <translation>Einen veröffentlichten Datensatz vom Hugging Face Hub herunterladen und öffnen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Show the E&amp;vidence</source>
        <translation>&amp;Belege zeigen</translation>
    </message>
</context>
<context>
    <name>MeasureController</name>
    <message>
        <source>GPU Measurements</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation>G&amp;PU</translation>
    </message>
    <message>
        <source>&amp;Measure Current Kernel on GPU</source>
        <translation>Aktuellen Kernel auf GPU &amp;messen</translation>
    </message>
    <message>
        <source>Measure the current kernel with kfx-measure</source>
        <translation>Den aktuellen Kernel mit kfx-measure messen</translation>
    </message>
    <message>
        <source>Measure &amp;Selected Kernels on GPU</source>
        <translation>&amp;Gewählte Kernels auf GPU messen</translation>
    </message>
    <message>
        <source>Measure every selected kernel with kfx-measure</source>
        <translation>Jeden gewählten Kernel mit kfx-measure messen</translation>
    </message>
    <message>
        <source>Measure Everything the Gate &amp;Deferred</source>
        <translation>Alles vom Gate &amp;Verwiesene messen</translation>
    </message>
    <message>
        <source>Measure every kernel the gate sends to the GPU that has no measurement yet</source>
        <translation>Jeden Kernel messen, den das Gate an die GPU schickt und der noch keine Messung hat</translation>
    </message>
    <message>
        <source>&amp;Cancel All Measurements</source>
        <translation>Alle Messungen &amp;abbrechen</translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation>Jede wartende und laufende Messung abbrechen</translation>
    </message>
    <message>
        <source>Measurement S&amp;ettings…</source>
        <translation>Mess&amp;einstellungen…</translation>
    </message>
    <message>
        <source>The worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation>Der Worker, ein Startpräfix für eine entfernte GPU, das Messprotokoll und das Zeitlimit</translation>
    </message>
    <message>
        <source>No kernel is selected.</source>
        <translation>Kein Kernel ausgewählt.</translation>
    </message>
    <message>
        <source>The gate has not judged any kernel yet.</source>
        <translation>Das Gate hat noch keinen Kernel beurteilt.</translation>
    </message>
    <message>
        <source>Every kernel the gate deferred is measured already.</source>
        <translation>Jeder vom Gate verwiesene Kernel ist schon gemessen.</translation>
    </message>
    <message>
        <source>Only a search opened from a file can be measured: its task directory is found beside it.</source>
        <translation>Nur eine aus einer Datei geöffnete Suche kann gemessen werden: Ihr Task-Verzeichnis liegt daneben.</translation>
    </message>
    <message>
        <source>No task directory for %1: nothing was measured.</source>
        <translation>Kein Task-Verzeichnis für %1: Nichts wurde gemessen.</translation>
    </message>
    <message>
        <source>The selected kernels have no code to measure.</source>
        <translation>Die gewählten Kernels haben keinen Code zum Messen.</translation>
    </message>
    <message numerus="yes">
        <source>Queued %n kernel(s) for the GPU.</source>
        <translation>
            <numerusform>%n Kernel für die GPU eingereiht.</numerusform>
            <numerusform>%n Kernels für die GPU eingereiht.</numerusform>
        </translation>
    </message>
    <message>
        <source>The measurement could not be saved: %1</source>
        <translation>Die Messung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>%1 measured: %2</source>
        <translation>%1 gemessen: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) measured</source>
        <translation>
            <numerusform>%n Kernel gemessen</numerusform>
            <numerusform>%n Kernels gemessen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation>
            <numerusform>, %n fehlgeschlagen</numerusform>
            <numerusform>, %n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU measurements finished</source>
        <translation>GPU-Messungen beendet</translation>
    </message>
    <message>
        <source>kfx GPU measurements</source>
        <translation>kfx-GPU-Messungen</translation>
    </message>
    <message>
        <source>Task Directory of %1 (task.json, a GPU MODE task.yml, or a KernelBench problem.py)</source>
        <translation>Aufgabenverzeichnis von %1 (task.json, eine GPU-MODE-task.yml oder ein KernelBench-problem.py)</translation>
    </message>
    <message>
        <source>%1 measured on the CPU (test mode): %2</source>
        <translation>%1 auf der CPU gemessen (Testmodus): %2</translation>
    </message>
</context>
<context>
    <name>MeasureProblem</name>
    <message>
        <source>&lt;tt&gt;ssh gpu-box&lt;/tt&gt;&amp;nbsp;&amp;nbsp;or&amp;nbsp;&amp;nbsp;&lt;tt&gt;srun --gres=gpu:1&lt;/tt&gt;</source>
        <translation>&lt;tt&gt;ssh gpu-box&lt;/tt&gt;&amp;nbsp;&amp;nbsp;oder&amp;nbsp;&amp;nbsp;&lt;tt&gt;srun --gres=gpu:1&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>auf diesem Rechner</translation>
    </message>
    <message>
        <source>behind “%1”</source>
        <translation>hinter „%1“</translation>
    </message>
    <message>
        <source>No GPU %1: nothing was measured (%2).</source>
        <translation>Keine GPU %1: Nichts wurde gemessen (%2).</translation>
    </message>
    <message>
        <source>No GPU worker (kfx-measure) %1: nothing was measured.</source>
        <translation>Kein GPU-Worker (kfx-measure) %1: Nichts wurde gemessen.</translation>
    </message>
    <message>
        <source>Nothing can be measured: %1</source>
        <translation>Nichts kann gemessen werden: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU %1.&lt;/b&gt; The worker answered: %2&lt;br&gt;To measure on a GPU elsewhere, give a launch prefix in the measurement settings, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%3&lt;br&gt;kfx then starts kfx-measure through it and speaks the same protocol over its input and output.</source>
        <translation>&lt;b&gt;Keine GPU %1.&lt;/b&gt; Der Worker antwortete: %2&lt;br&gt;Um auf einer GPU anderswo zu messen, geben Sie in den Messeinstellungen ein Startpräfix an, zum Beispiel&lt;br&gt;&amp;nbsp;&amp;nbsp;%3&lt;br&gt;kfx startet kfx-measure dann darüber und spricht dasselbe Protokoll über dessen Ein- und Ausgabe.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU worker on this machine.&lt;/b&gt; %1&lt;br&gt;kfx-measure is built with kfx where the CUDA toolkit is installed; on its own, from the kfx sources, with CMake, a compiler, simdjson and the toolkit:&lt;br&gt;&amp;nbsp;&amp;nbsp;&lt;tt&gt;cmake -S core/measure -B build-measure &amp;amp;&amp;amp; cmake --build build-measure&lt;/tt&gt;&lt;br&gt;Then choose it as the worker in the measurement settings, or give a launch prefix there to run the worker on a GPU machine, for example&lt;br&gt;&amp;nbsp;&amp;nbsp;%2</source>
        <translation>&lt;b&gt;Kein GPU-Worker auf diesem Rechner.&lt;/b&gt; %1&lt;br&gt;kfx-measure wird mit kfx gebaut, wo das CUDA-Toolkit installiert ist; einzeln aus den kfx-Quellen mit CMake, einem Compiler, simdjson und dem Toolkit:&lt;br&gt;&amp;nbsp;&amp;nbsp;&lt;tt&gt;cmake -S core/measure -B build-measure &amp;amp;&amp;amp; cmake --build build-measure&lt;/tt&gt;&lt;br&gt;Wählen Sie es dann in den Messeinstellungen als Worker, oder geben Sie dort ein Startpräfix an, um den Worker auf einem GPU-Rechner auszuführen, zum Beispiel&lt;br&gt;&amp;nbsp;&amp;nbsp;%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing can be measured:&lt;/b&gt; %1&lt;br&gt;Check the worker command and the launch prefix in the measurement settings.</source>
        <translation>&lt;b&gt;Nichts kann gemessen werden:&lt;/b&gt; %1&lt;br&gt;Prüfen Sie den Worker-Befehl und das Startpräfix in den Messeinstellungen.</translation>
    </message>
</context>
<context>
    <name>MeasureQueue</name>
    <message>
        <source>Cancelled while running</source>
        <translation>Während der Ausführung abgebrochen</translation>
    </message>
    <message>
        <source>Not measured: %1</source>
        <translation>Nicht gemessen: %1</translation>
    </message>
    <message>
        <source>The worker&apos;s answer could not be read: %1</source>
        <translation>Die Antwort des Workers ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Cancelled before it started</source>
        <translation>Vor dem Start abgebrochen</translation>
    </message>
    <message>
        <source>[GPU %1] </source>
        <translation>[GPU %1] </translation>
    </message>
    <message>
        <source> (Slurm job %1)</source>
        <translation> (Slurm-Job %1)</translation>
    </message>
    <message>
        <source>Not measured: its worker was lost twice while measuring it; last: %1</source>
        <translation>Nicht gemessen: Sein Worker ging beim Messen zweimal verloren; zuletzt: %1</translation>
    </message>
    <message>
        <source>kfx: the worker%1 was lost again while measuring %2, which is not measured: %3</source>
        <translation>kfx: Der Worker%1 ging beim Messen von %2 erneut verloren; %2 wird nicht gemessen: %3</translation>
    </message>
    <message>
        <source>Queued again: its worker was lost (%1)</source>
        <translation>Erneut eingereiht: Sein Worker ging verloren (%1)</translation>
    </message>
    <message>
        <source>kfx: the worker%1 was lost while measuring %2; it is restarted and %2 is queued again: %3</source>
        <translation>kfx: Der Worker%1 ging beim Messen von %2 verloren; er wird neu gestartet und %2 erneut eingereiht: %3</translation>
    </message>
    <message>
        <source>kfx: squeue failed: %1</source>
        <translation>kfx: squeue schlug fehl: %1</translation>
    </message>
    <message>
        <source>kfx: %1</source>
        <translation>kfx: %1</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>no Slurm job</source>
        <translation>kein Slurm-Job</translation>
    </message>
    <message>
        <source>Slurm job %1, pending</source>
        <translation>Slurm-Job %1, wartend</translation>
    </message>
    <message>
        <source>Slurm job %1, running</source>
        <translation>Slurm-Job %1, läuft</translation>
    </message>
    <message numerus="yes">
        <source>, lost %n time(s) and restarted</source>
        <translation>
            <numerusform>, %n-mal verloren und neu gestartet</numerusform>
            <numerusform>, %n-mal verloren und neu gestartet</numerusform>
        </translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation>Worker %1: %2</translation>
    </message>
</context>
<context>
    <name>MeasureQueueModel</name>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>%1, bin %2</source>
        <translation>%1, Bin %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Pending (Slurm job %1)</source>
        <translation>Wartend (Slurm-Job %1)</translation>
    </message>
    <message>
        <source>Running (Slurm job %1)</source>
        <translation>Läuft (Slurm-Job %1)</translation>
    </message>
    <message>
        <source>CPU (test mode): correct</source>
        <translation>CPU (Testmodus): korrekt</translation>
    </message>
    <message>
        <source>Suspicious:</source>
        <translation>Verdächtig:</translation>
    </message>
</context>
<context>
    <name>MeasureQueueView</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Cancel &amp;All</source>
        <translation>Alle a&amp;bbrechen</translation>
    </message>
    <message>
        <source>C&amp;lear Finished</source>
        <translation>&amp;Fertige entfernen</translation>
    </message>
    <message>
        <source>Measurement problem</source>
        <translation>Messproblem</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Choose the worker, a launch prefix for a remote GPU, the timing protocol and the time limit</source>
        <translation>Worker, Startpräfix für eine entfernte GPU, Messprotokoll und Zeitlimit wählen</translation>
    </message>
    <message>
        <source>Measurement queue</source>
        <translation>Messwarteschlange</translation>
    </message>
    <message>
        <source>The worker&apos;s log (its stderr) appears here.</source>
        <translation>Das Protokoll des Workers (seine Standardfehlerausgabe) erscheint hier.</translation>
    </message>
    <message>
        <source>Worker log</source>
        <translation>Worker-Protokoll</translation>
    </message>
    <message>
        <source>What kfx-measure wrote to its error output</source>
        <translation>Was kfx-measure in seine Fehlerausgabe schrieb</translation>
    </message>
    <message>
        <source>Cancel the selected measurements</source>
        <translation>Die gewählten Messungen abbrechen</translation>
    </message>
    <message>
        <source>Cancel every queued and running measurement</source>
        <translation>Jede wartende und laufende Messung abbrechen</translation>
    </message>
    <message>
        <source>Remove the finished measurements from the list; their results stay in the workspace</source>
        <translation>Die fertigen Messungen aus der Liste entfernen; ihre Ergebnisse bleiben im Arbeitsbereich</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Each worker&apos;s Slurm job: pending while the cluster has no node for it, and how often the worker was lost (its node gone) and restarted</source>
        <translation>Der Slurm-Job jedes Workers: wartend, solange der Cluster keinen Knoten für ihn hat, und wie oft der Worker verloren ging (sein Knoten fiel weg) und neu gestartet wurde</translation>
    </message>
</context>
<context>
    <name>MeasureSettingsDialog</name>
    <message>
        <source>GPU Measurement Settings</source>
        <translation>GPU-Messeinstellungen</translation>
    </message>
    <message>
        <source>Worker command</source>
        <translation>Worker-Befehl</translation>
    </message>
    <message>
        <source>The kfx-measure executable, with any arguments; on the far side of the launch prefix when there is one</source>
        <translation>Das Programm kfx-measure mit allen Argumenten; jenseits des Startpräfixes, falls es eines gibt</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the kfx-measure executable on this machine</source>
        <translation>Das Programm kfx-measure auf diesem Rechner wählen</translation>
    </message>
    <message>
        <source>Choose kfx-measure</source>
        <translation>kfx-measure wählen</translation>
    </message>
    <message>
        <source>Launch prefix</source>
        <translation>Startpräfix</translation>
    </message>
    <message>
        <source>none: the GPU of this machine</source>
        <translation>keins: die GPU dieses Rechners</translation>
    </message>
    <message>
        <source>A command the worker is started through, to measure on another machine: for example &quot;ssh gpu-box&quot; or &quot;srun --gres=gpu:1&quot;</source>
        <translation>Ein Befehl, über den der Worker gestartet wird, um auf einem anderen Rechner zu messen: zum Beispiel „ssh gpu-box“ oder „srun --gres=gpu:1“</translation>
    </message>
    <message>
        <source>Robust (warm-up, L2 flushed, median)</source>
        <translation>Robust (Aufwärmen, L2 geleert, Median)</translation>
    </message>
    <message>
        <source>Reference (the published protocol, mean)</source>
        <translation>Referenz (das veröffentlichte Protokoll, Mittelwert)</translation>
    </message>
    <message>
        <source>Timing protocol</source>
        <translation>Messprotokoll</translation>
    </message>
    <message>
        <source>Robust gives steadier figures; Reference times the way the published searches did</source>
        <translation>Robust liefert stabilere Werte; Referenz misst so, wie es die veröffentlichten Suchen taten</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Time limit per kernel</source>
        <translation>Zeitlimit je Kernel</translation>
    </message>
    <message>
        <source>A kernel with no result after this long is stopped and recorded as a timeout</source>
        <translation>Ein Kernel, der nach dieser Zeit kein Ergebnis hat, wird gestoppt und als Zeitüberschreitung erfasst</translation>
    </message>
    <message>
        <source>&amp;Worker:</source>
        <translation>&amp;Worker:</translation>
    </message>
    <message>
        <source>Launch &amp;prefix:</source>
        <translation>Start&amp;präfix:</translation>
    </message>
    <message>
        <source>&amp;Timing:</source>
        <translation>&amp;Messprotokoll:</translation>
    </message>
    <message>
        <source>Time &amp;limit per kernel:</source>
        <translation>&amp;Zeitlimit je Kernel:</translation>
    </message>
    <message>
        <source>Python interpreter</source>
        <translation>Python-Interpreter</translation>
    </message>
    <message>
        <source>The interpreter GPU MODE and KernelBench candidates run in, with PyTorch installed: python3, a virtualenv&apos;s directory, or a command such as &quot;srun --gres=gpu:1 python3&quot;</source>
        <translation>Der Interpreter, in dem GPU-MODE- und KernelBench-Kandidaten laufen, mit installiertem PyTorch: python3, das Verzeichnis einer virtuellen Umgebung oder ein Befehl wie &quot;srun --gres=gpu:1 python3&quot;</translation>
    </message>
    <message>
        <source>P&amp;ython:</source>
        <translation>P&amp;ython:</translation>
    </message>
    <message>
        <source>Measure through &amp;Slurm</source>
        <translation>Über &amp;Slurm messen</translation>
    </message>
    <message>
        <source>Run each worker as a Slurm job (srun) on the cluster&apos;s GPU nodes: the launch prefix is then not used, and the worker command and the task directories must be visible at the same paths on the nodes</source>
        <translation>Jeden Worker als Slurm-Job (srun) auf den GPU-Knoten des Clusters starten: Das Startpräfix wird dann nicht verwendet, und der Worker-Befehl und die Aufgabenordner müssen auf den Knoten unter denselben Pfaden sichtbar sein</translation>
    </message>
    <message>
        <source>Slurm partition</source>
        <translation>Slurm-Partition</translation>
    </message>
    <message>
        <source>srun --partition; empty: the default</source>
        <translation>srun --partition; leer: die Voreinstellung</translation>
    </message>
    <message>
        <source>the cluster&apos;s default</source>
        <translation>Voreinstellung des Clusters</translation>
    </message>
    <message>
        <source>Slurm GRES</source>
        <translation>Slurm-GRES</translation>
    </message>
    <message>
        <source>srun --gres: the GPUs of one worker, as gpu:1</source>
        <translation>srun --gres: die GPUs eines Workers, etwa gpu:1</translation>
    </message>
    <message>
        <source>Slurm time limit</source>
        <translation>Slurm-Zeitlimit</translation>
    </message>
    <message>
        <source>srun --time for each worker&apos;s job, as 2:00:00; empty: the partition&apos;s default</source>
        <translation>srun --time für den Job jedes Workers, etwa 2:00:00; leer: die Voreinstellung der Partition</translation>
    </message>
    <message>
        <source>Further srun options</source>
        <translation>Weitere srun-Optionen</translation>
    </message>
    <message>
        <source>Added to each srun, for example --account=lab --qos=short</source>
        <translation>Wird jedem srun angefügt, zum Beispiel --account=lab --qos=short</translation>
    </message>
    <message>
        <source>Slurm workers</source>
        <translation>Slurm-Worker</translation>
    </message>
    <message>
        <source>How many workers (jobs, one GPU each) kfx keeps alive</source>
        <translation>Wie viele Worker (Jobs mit je einer GPU) kfx am Leben hält</translation>
    </message>
    <message>
        <source>P&amp;artition:</source>
        <translation>P&amp;artition:</translation>
    </message>
    <message>
        <source>&amp;GRES:</source>
        <translation>&amp;GRES:</translation>
    </message>
    <message>
        <source>Ti&amp;me limit:</source>
        <translation>&amp;Höchstdauer:</translation>
    </message>
    <message>
        <source>E&amp;xtra srun options:</source>
        <translation>Weitere srun-&amp;Optionen:</translation>
    </message>
    <message>
        <source>W&amp;orkers:</source>
        <translation>A&amp;nzahl Worker:</translation>
    </message>
</context>
<context>
    <name>PairListModel</name>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Speedup</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>Wahrer Bin</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation>Prognosen</translation>
    </message>
    <message>
        <source>The comparison id that joins the pair with its predictions</source>
        <translation>Die Vergleichs-ID, die das Paar mit seinen Vorhersagen verbindet</translation>
    </message>
    <message>
        <source>The benchmark pack or problem the pair belongs to</source>
        <translation>Das Benchmark-Paket oder Problem, zu dem das Paar gehört</translation>
    </message>
    <message>
        <source>The candidate&apos;s measured speedup S over the reference</source>
        <translation>Der gemessene Speedup S des Kandidaten gegenüber der Referenz</translation>
    </message>
    <message>
        <source>The bin of the measured speedup: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation>Der Bin des gemessenen Speedups: floor(2·log2 S) + 4, begrenzt auf 1..8</translation>
    </message>
    <message>
        <source>The bin declared by the first parsed forecast (the first surrogate&apos;s first repeat)</source>
        <translation>Der Bin der ersten gelesenen Prognose (erste Wiederholung des ersten Surrogats)</translation>
    </message>
    <message>
        <source>The mass that forecast put on its predicted bin</source>
        <translation>Die Masse, die diese Prognose auf ihren vorhergesagten Bin legte</translation>
    </message>
    <message>
        <source>How many prediction rows (surrogates × repeats) were loaded for the pair</source>
        <translation>Wie viele Vorhersagezeilen (Surrogate × Wiederholungen) für das Paar geladen wurden</translation>
    </message>
</context>
<context>
    <name>PairListPane</name>
    <message>
        <source>Filter by id, pack or code (Ctrl+F)</source>
        <translation>Nach ID, Paket oder Code filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Pair filter</source>
        <translation>Paarfilter</translation>
    </message>
    <message>
        <source>Shows the pairs whose comparison id, pack or candidate code contains this text</source>
        <translation>Zeigt die Paare, deren Vergleichs-ID, Paket oder Kandidaten-Code diesen Text enthält</translation>
    </message>
    <message>
        <source>Comparison pairs</source>
        <translation>Vergleichspaare</translation>
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
        <translation>alle</translation>
    </message>
    <message>
        <source>Minimum speedup</source>
        <translation>Minimaler Speedup</translation>
    </message>
    <message>
        <source>Maximum speedup</source>
        <translation>Maximaler Speedup</translation>
    </message>
    <message>
        <source>Surrogate &amp;failures</source>
        <translation>Surrogat-&amp;Fehlgriffe</translation>
    </message>
    <message>
        <source>Filter by id or code (Ctrl+F)</source>
        <translation>Nach ID oder Code filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Filter nodes</source>
        <translation>Knoten filtern</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Alle Zustände</translation>
    </message>
    <message>
        <source>Failed (any)</source>
        <translation>Fehlgeschlagen (alle)</translation>
    </message>
    <message>
        <source>Failed: compile error</source>
        <translation>Fehlgeschlagen: Compilerfehler</translation>
    </message>
    <message>
        <source>Failed: runtime error</source>
        <translation>Fehlgeschlagen: Laufzeitfehler</translation>
    </message>
    <message>
        <source>Failed: incorrect output</source>
        <translation>Fehlgeschlagen: falsche Ausgabe</translation>
    </message>
    <message>
        <source>Failed: mutation, forecast or infrastructure</source>
        <translation>Fehlgeschlagen: Mutation, Prognose oder Infrastruktur</translation>
    </message>
    <message>
        <source>Archive members</source>
        <translation>Archivmitglieder</translation>
    </message>
    <message>
        <source>Not admitted</source>
        <translation>Nicht aufgenommen</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Not selected by the search</source>
        <translation>Von der Suche nicht gewählt</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Zustandsfilter</translation>
    </message>
    <message>
        <source>Show only kernels in this state (with their ancestors, so the lineage stays whole)</source>
        <translation>Nur Kernels in diesem Zustand zeigen (mit ihren Vorfahren, damit die Abstammung vollständig bleibt)</translation>
    </message>
    <message>
        <source>Hide kernels measured slower than this speedup (any: no lower bound)</source>
        <translation>Kernels ausblenden, die langsamer als dieser Speedup gemessen wurden (alle: keine Untergrenze)</translation>
    </message>
    <message>
        <source>Hide kernels measured faster than this speedup (any: no upper bound)</source>
        <translation>Kernels ausblenden, die schneller als dieser Speedup gemessen wurden (alle: keine Obergrenze)</translation>
    </message>
    <message>
        <source>True bin filter</source>
        <translation>Filter wahrer Bin</translation>
    </message>
    <message>
        <source>Show only kernels whose measured speedup falls into this bin</source>
        <translation>Nur Kernels zeigen, deren gemessener Speedup in diesen Bin fällt</translation>
    </message>
    <message>
        <source>Predicted bin filter</source>
        <translation>Filter vorhergesagter Bin</translation>
    </message>
    <message>
        <source>Show only kernels whose last forecast declared this bin</source>
        <translation>Nur Kernels zeigen, deren letzte Prognose diesen Bin angab</translation>
    </message>
    <message>
        <source>Show only confident, wrong forecasts: the score is at or above the threshold and the predicted bin is not the measured one (which includes the wrong side of 1×). F8 and Shift+F8 walk through them, worst first</source>
        <translation>Nur zuversichtliche, falsche Prognosen zeigen: Das Maß liegt auf oder über der Schwelle und der vorhergesagte Bin ist nicht der gemessene (auch die falsche Seite von 1×). F8 und Umschalt+F8 gehen sie durch, die schlimmste zuerst</translation>
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
        <translation>Konfidenzmaß</translation>
    </message>
    <message>
        <source>How confidence is measured: the mass on the predicted bin (max-prob), one minus the normalised entropy (neg-entropy), or the gap between the two largest masses</source>
        <translation>Wie die Konfidenz gemessen wird: die Masse auf dem vorhergesagten Bin (max-prob), eins minus die normierte Entropie (neg-entropy) oder der Abstand zwischen den zwei größten Massen</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source>Confidence threshold</source>
        <translation>Konfidenzschwelle</translation>
    </message>
    <message>
        <source>A forecast counts as confident at or above this score</source>
        <translation>Eine Prognose gilt ab diesem Maß als zuversichtlich</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Zustand:</translation>
    </message>
    <message>
        <source>S&amp;peedup:</source>
        <translation>S&amp;peedup:</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>&amp;True bin:</source>
        <translation>&amp;Wahrer Bin:</translation>
    </message>
    <message>
        <source>Pre&amp;dicted:</source>
        <translation>Vorher&amp;gesagt:</translation>
    </message>
    <message>
        <source>Surpr&amp;ises</source>
        <translation>Überraschun&amp;gen</translation>
    </message>
    <message>
        <source>Show only kernels whose measured bin the forecast gave less than %1 % probability, confident or not; F8 and Shift+F8 walk through them, most surprising first</source>
        <translation>Nur Kernels zeigen, deren gemessenem Bin die Prognose weniger als %1 % Wahrscheinlichkeit gab, ob zuversichtlich oder nicht; F8 und Umschalt+F8 gehen sie durch, die überraschendste zuerst</translation>
    </message>
</context>
<context>
    <name>PopulationModel</name>
    <message>
        <source>Bin %1: %2</source>
        <translation>Bin %1: %2</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>gewählt</translation>
    </message>
    <message>
        <source>not selected</source>
        <translation>nicht gewählt</translation>
    </message>
    <message>
        <source>%1 runtime</source>
        <translation>%1 Laufzeit</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), %1 mean</source>
        <translation>
            <numerusform>%n Fall, %1 Mittel</numerusform>
            <numerusform>%n Fälle, %1 Mittel</numerusform>
        </translation>
    </message>
    <message>
        <source>First named on line %1 of the log</source>
        <translation>Zuerst genannt in Zeile %1 des Protokolls</translation>
    </message>
    <message>
        <source>Outcome: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Deferral reason: %1</source>
        <translation>Verweisgrund: %1</translation>
    </message>
    <message>
        <source>Was in the archive once, evicted later</source>
        <translation>War einmal im Archiv, später verdrängt</translation>
    </message>
    <message>
        <source>p(%1) = %2</source>
        <translation>p(%1) = %2</translation>
    </message>
    <message>
        <source>Forecast by %1</source>
        <translation>Prognose von %1</translation>
    </message>
    <message>
        <source>Selection score %1</source>
        <translation>Auswahlwert %1</translation>
    </message>
    <message>
        <source>Predicted bin %1 at max-prob %2, measured bin %3%4</source>
        <translation>Vorhergesagter Bin %1 bei max-prob %2, gemessener Bin %3%4</translation>
    </message>
    <message>
        <source>, on the wrong side of 1×</source>
        <translation>, auf der falschen Seite von 1×</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>Speedup</translation>
    </message>
    <message>
        <source>True bin</source>
        <translation>Wahrer Bin</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Gate</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Miss</source>
        <translation>Fehlgriff</translation>
    </message>
    <message>
        <source>The node&apos;s ULID, shortened to its last 8 characters (the full id is in each row&apos;s tooltip)</source>
        <translation>Die ULID des Knotens, gekürzt auf die letzten 8 Zeichen (die volle ID steht im Tooltip jeder Zeile)</translation>
    </message>
    <message>
        <source>The search step that produced the kernel (empty for the seed)</source>
        <translation>Der Suchschritt, der den Kernel hervorbrachte (leer beim Seed)</translation>
    </message>
    <message>
        <source>What the kernel is written in, guessed from its code</source>
        <translation>Worin der Kernel geschrieben ist, aus seinem Code erraten</translation>
    </message>
    <message>
        <source>What became of the kernel: admitted to the archive, not admitted, failed, not selected for measurement by the search, evicted, or a placeholder for a parent the log never describes</source>
        <translation>Was aus dem Kernel wurde: ins Archiv aufgenommen, nicht aufgenommen, fehlgeschlagen, von der Suche nicht zur Messung gewählt, verdrängt oder Platzhalter für Eltern, die das Protokoll nie beschreibt</translation>
    </message>
    <message>
        <source>Measured speedup S over the reference (aggregated over the benchmark cases)</source>
        <translation>Gemessener Speedup S gegenüber der Referenz (über die Benchmark-Fälle zusammengefasst)</translation>
    </message>
    <message>
        <source>The speedup bin the measurement falls into: floor(2·log2 S) + 4, clamped to 1..8</source>
        <translation>Der Speedup-Bin der Messung: floor(2·log2 S) + 4, begrenzt auf 1..8</translation>
    </message>
    <message>
        <source>The bin the surrogate declared in its last forecast for this kernel</source>
        <translation>Der Bin, den das Surrogat in seiner letzten Prognose für diesen Kernel angab</translation>
    </message>
    <message>
        <source>The probability mass the last forecast put on its predicted bin</source>
        <translation>Die Wahrscheinlichkeitsmasse, die die letzte Prognose auf ihren vorhergesagten Bin legte</translation>
    </message>
    <message>
        <source>The surrogate-filtered search&apos;s decision: selected for measurement, or not selected</source>
        <translation>Die Entscheidung der Surrogat-gefilterten Suche: zur Messung gewählt oder nicht gewählt</translation>
    </message>
    <message>
        <source>How many benchmark cases were measured, and their mean runtime</source>
        <translation>Wie viele Benchmark-Fälle gemessen wurden und ihre mittlere Laufzeit</translation>
    </message>
    <message>
        <source>How badly the last forecast missed: its max-prob confidence times the distance in bins between the predicted and the measured bin</source>
        <translation>Wie stark die letzte Prognose danebenlag: ihre max-prob-Konfidenz mal dem Abstand in Bins zwischen vorhergesagtem und gemessenem Bin</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>evaluated</source>
        <translation>ausgewertet</translation>
    </message>
    <message>
        <source>not admitted</source>
        <translation>nicht aufgenommen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>verdrängt</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>Platzhalter</translation>
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
        <translation>andere</translation>
    </message>
    <message>
        <source>A surprise: the forecast gave the measured bin %1 % (%2 bits)</source>
        <translation>Eine Überraschung: Die Prognose gab dem gemessenen Bin %1 % (%2 Bit)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>trusted</source>
        <translation>vertraut</translation>
    </message>
    <message>
        <source>deferred by model</source>
        <translation>vom Modell verwiesen</translation>
    </message>
    <message>
        <source>deferred</source>
        <translation>verwiesen</translation>
    </message>
    <message>
        <source>trusted (override)</source>
        <translation>vertraut (übersteuert)</translation>
    </message>
    <message>
        <source>deferred (override)</source>
        <translation>verwiesen (übersteuert)</translation>
    </message>
    <message>
        <source>no forecast</source>
        <translation>keine Prognose</translation>
    </message>
    <message>
        <source>deferred by the model: %1</source>
        <translation>vom Modell verwiesen: %1</translation>
    </message>
    <message>
        <source>Trusted: its score %1 is at or above the threshold.</source>
        <translation>Vertraut: Sein Maß %1 liegt auf oder über der Schwelle.</translation>
    </message>
    <message>
        <source>Deferred to the GPU: its score %1 is below the threshold.</source>
        <translation>An die GPU verwiesen: Sein Maß %1 liegt unter der Schwelle.</translation>
    </message>
    <message>
        <source>Deferred by the model: %1</source>
        <translation>Vom Modell verwiesen: %1</translation>
    </message>
    <message>
        <source>Deferred by the model, which gave no reason.</source>
        <translation>Vom Modell verwiesen, ohne Begründung.</translation>
    </message>
    <message>
        <source>Deferred to the GPU: there is no usable forecast.</source>
        <translation>An die GPU verwiesen: Es gibt keine brauchbare Prognose.</translation>
    </message>
    <message>
        <source>Trusted by hand, whatever the gate says.</source>
        <translation>Von Hand vertraut, was auch immer das Gate sagt.</translation>
    </message>
    <message>
        <source>Trusted by hand: %1</source>
        <translation>Von Hand vertraut: %1</translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand, whatever the gate says.</source>
        <translation>Von Hand an die GPU verwiesen, was auch immer das Gate sagt.</translation>
    </message>
    <message>
        <source>Deferred to the GPU by hand: %1</source>
        <translation>Von Hand an die GPU verwiesen: %1</translation>
    </message>
    <message>
        <source>The kernel then failed its measurement (%1): trusting it is a trust error.</source>
        <translation>Die Messung des Kernels schlug danach fehl (%1): Ihm zu vertrauen ist ein Vertrauensfehler.</translation>
    </message>
    <message>
        <source>The kernel then failed its measurement (%1), as the GPU found.</source>
        <translation>Die Messung des Kernels schlug danach fehl (%1), wie die GPU feststellte.</translation>
    </message>
</context>
<context>
    <name>RecalibrationController</name>
    <message>
        <source>temperature scaling</source>
        <translation>Temperaturskalierung</translation>
    </message>
    <message>
        <source>isotonic regression</source>
        <translation>isotone Regression</translation>
    </message>
    <message>
        <source>histogram binning</source>
        <translation>Histogramm-Binning</translation>
    </message>
    <message>
        <source>&amp;Recalibrate…</source>
        <translation>&amp;Rekalibrieren…</translation>
    </message>
    <message>
        <source>Show &amp;Original Forecasts Only</source>
        <translation>Nur &amp;ursprüngliche Prognosen zeigen</translation>
    </message>
    <message>
        <source>Export &amp;Recalibrated Predictions…</source>
        <translation>&amp;Rekalibrierte Vorhersagen exportieren…</translation>
    </message>
    <message>
        <source>Fit temperature, isotonic or histogram recalibration on a split of the pairs and show the recalibrated surrogates beside the originals</source>
        <translation>Temperatur-, isotone oder Histogramm-Rekalibrierung auf einem Teil der Paare anpassen und die rekalibrierten Surrogate neben den ursprünglichen zeigen</translation>
    </message>
    <message>
        <source>Write the recalibrated forecasts as prediction rows</source>
        <translation>Die rekalibrierten Prognosen als Vorhersagezeilen schreiben</translation>
    </message>
    <message>
        <source>Nothing to recalibrate: no surrogate has a forecast of a measured pair in %1</source>
        <translation>Nichts zu rekalibrieren: Kein Surrogat hat eine Prognose eines gemessenen Paares in %1</translation>
    </message>
    <message>
        <source>Nothing has been recalibrated</source>
        <translation>Nichts wurde rekalibriert</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Export Recalibrated Predictions</source>
        <translation>Rekalibrierte Vorhersagen exportieren</translation>
    </message>
    <message>
        <source>Prediction rows (*.jsonl)</source>
        <translation>Vorhersagezeilen (*.jsonl)</translation>
    </message>
    <message>
        <source>Recalibrated by %1 on %2 (calibration pairs: %3, surrogates: %4), shown as &quot;… (recalibrated)&quot;</source>
        <translation>Rekalibriert mit %1 auf %2 (Kalibrierungspaare: %3, Surrogate: %4), gezeigt als „… (rekalibriert)“</translation>
    </message>
    <message>
        <source>Recalibrated rows written to %1: %2</source>
        <translation>Rekalibrierte Zeilen nach %1 geschrieben: %2</translation>
    </message>
</context>
<context>
    <name>RecalibrationDialog</name>
    <message>
        <source>Recalibrate</source>
        <translation>Rekalibrieren</translation>
    </message>
    <message>
        <source>Temperature scaling</source>
        <translation>Temperaturskalierung</translation>
    </message>
    <message>
        <source>Isotonic regression</source>
        <translation>Isotone Regression</translation>
    </message>
    <message>
        <source>Histogram binning</source>
        <translation>Histogramm-Binning</translation>
    </message>
    <message>
        <source>Fitted per surrogate on the calibration split&apos;s measured pairs, then applied to the rest of its forecasts</source>
        <translation>Je Surrogat auf den gemessenen Paaren des Kalibrierungsteils angepasst, dann auf seine übrigen Prognosen angewandt</translation>
    </message>
    <message>
        <source>Random share of the pairs</source>
        <translation>Zufälliger Anteil der Paare</translation>
    </message>
    <message>
        <source>One pack</source>
        <translation>Ein Paket</translation>
    </message>
    <message>
        <source>The same seed draws the same pairs</source>
        <translation>Derselbe Startwert zieht dieselben Paare</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <source>&amp;Fit on:</source>
        <translation>&amp;Anpassen auf:</translation>
    </message>
    <message>
        <source>&amp;Pack:</source>
        <translation>&amp;Paket:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>S&amp;hare of pairs:</source>
        <translation>&amp;Anteil der Paare:</translation>
    </message>
    <message>
        <source>&amp;Recalibrate</source>
        <translation>&amp;Rekalibrieren</translation>
    </message>
    <message>
        <source>Every surrogate</source>
        <translation>Jedes Surrogat</translation>
    </message>
    <message>
        <source>S&amp;urrogate:</source>
        <translation>S&amp;urrogat:</translation>
    </message>
</context>
<context>
    <name>RecentSessions</name>
    <message numerus="yes">
        <source>%1 and %n more file(s)</source>
        <translation>
            <numerusform>%1 und %n weitere Datei</numerusform>
            <numerusform>%1 und %n weitere Dateien</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecentSessionsMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
</context>
<context>
    <name>ReliabilityChart</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;forecasts %2 by confidence: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Prognosen %2 nach Konfidenz: %n Prognose</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Prognosen %2 nach Konfidenz: %n Prognosen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;confidence %2: %n forecast(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Konfidenz %2: %n Prognose</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Konfidenz %2: %n Prognosen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n comparison(s) (repeats pooled)</source>
        <translation>
            <numerusform> von %n Vergleich (Wiederholungen zusammengefasst)</numerusform>
            <numerusform> von %n Vergleichen (Wiederholungen zusammengefasst)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;confidence %1–%2</source>
        <translation>&lt;br&gt;Konfidenz %1–%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;mean confidence %1, accuracy %2 (%3 of %4 right)&lt;br&gt;95% interval %5–%6 (Clopper–Pearson)&lt;br&gt;click to select them</source>
        <translation>&lt;br&gt;mittlere Konfidenz %1, Trefferquote %2 (%3 von %4 richtig)&lt;br&gt;95-%-Intervall %5–%6 (Clopper-Pearson)&lt;br&gt;klicken, um sie auszuwählen</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>Zuverlässigkeit</translation>
    </message>
    <message>
        <source>Confidence (mass on the predicted bin)</source>
        <translation>Konfidenz (Masse auf dem vorhergesagten Bin)</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Perfectly calibrated</source>
        <translation>Perfekt kalibriert</translation>
    </message>
    <message>
        <source>Forecasts</source>
        <translation>Prognosen</translation>
    </message>
</context>
<context>
    <name>ReliabilityModel</name>
    <message>
        <source>%1–%2%</source>
        <translation>%1–%2 %</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Share of forecasts from</source>
        <translation>Anteil der Prognosen ab</translation>
    </message>
    <message>
        <source>Confidence from</source>
        <translation>Konfidenz ab</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>%1: mean confidence</source>
        <translation>%1: mittlere Konfidenz</translation>
    </message>
    <message>
        <source>%1: accuracy</source>
        <translation>%1: Trefferquote</translation>
    </message>
    <message>
        <source>%1: forecasts</source>
        <translation>%1: Prognosen</translation>
    </message>
    <message>
        <source>%1: correct</source>
        <translation>%1: richtig</translation>
    </message>
    <message>
        <source>%1: accuracy 95% low</source>
        <translation>%1: Trefferquote 95 % unten</translation>
    </message>
    <message>
        <source>%1: accuracy 95% high</source>
        <translation>%1: Trefferquote 95 % oben</translation>
    </message>
    <message>
        <source>%1: confidence from</source>
        <translation>%1: Konfidenz ab</translation>
    </message>
    <message>
        <source>%1: confidence to</source>
        <translation>%1: Konfidenz bis</translation>
    </message>
</context>
<context>
    <name>ReplayController</name>
    <message>
        <source>Counterfactual Replay</source>
        <translation>Kontrafaktisches Replay</translation>
    </message>
    <message>
        <source>Replay &amp;Demo Mode</source>
        <translation>Replay-&amp;Demomodus</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>&amp;Wiedergabe</translation>
    </message>
</context>
<context>
    <name>ReplayResultsModel</name>
    <message>
        <source>Standard (measure all)</source>
        <translation>Standard (alles messen)</translation>
    </message>
    <message>
        <source>Random k (equal budget)</source>
        <translation>Zufällige k (gleiches Budget)</translation>
    </message>
    <message>
        <source>Surrogate top-k</source>
        <translation>Surrogat-Top-k</translation>
    </message>
    <message>
        <source>Gate as filter</source>
        <translation>Gate als Filter</translation>
    </message>
    <message>
        <source>Compound (trust forecasts)</source>
        <translation>Kombiniert (Prognosen vertrauen)</translation>
    </message>
    <message>
        <source>Oracle (hindsight)</source>
        <translation>Orakel (im Nachhinein)</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation>%1 % von %2</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Final best</source>
        <translation>Bestes am Ende</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>Oracle agreement</source>
        <translation>Orakel-Quote</translation>
    </message>
    <message>
        <source>Trusted</source>
        <translation>Vertraut</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Verworfen</translation>
    </message>
    <message>
        <source>the search ended</source>
        <translation>die Suche endete</translation>
    </message>
    <message>
        <source>budget spent</source>
        <translation>Budget aufgebraucht</translation>
    </message>
    <message>
        <source>off the recorded path at step %1</source>
        <translation>ab Schritt %1 abseits des aufgezeichneten Pfads</translation>
    </message>
    <message>
        <source>no forecasts</source>
        <translation>keine Prognosen</translation>
    </message>
    <message>
        <source>It replayed every step the recorded search completed.</source>
        <translation>Sie spielte jeden Schritt nach, den die aufgezeichnete Suche abschloss.</translation>
    </message>
    <message>
        <source>The GPU budget was spent; after it, only kernels admitted on a trusted forecast could enter.</source>
        <translation>Das GPU-Budget war aufgebraucht; danach konnten nur noch Kernels mit vertrauter Prognose aufgenommen werden.</translation>
    </message>
    <message>
        <source>From step %1 on, the recorded search expanded only kernels this policy never admitted to its archive. A replay can measure only the children the recorded search produced, so it had nothing left to choose from.</source>
        <translation>Ab Schritt %1 erweiterte die aufgezeichnete Suche nur Kernels, die diese Strategie nie in ihr Archiv aufgenommen hatte. Eine Wiedergabe kann nur die Kinder messen, die die aufgezeichnete Suche erzeugte, also blieb ihr nichts zur Auswahl.</translation>
    </message>
    <message>
        <source>Top-k measures only kernels with a forecast, and none of those offered to it had one: forecast the search first (Forecast → Forecast Kernels Without a Forecast).</source>
        <translation>Top-k misst nur Kernels mit Prognose, und keiner der angebotenen hatte eine: Prognostizieren Sie die Suche zuerst (Prognose → Kernels ohne Prognose prognostizieren).</translation>
    </message>
    <message>
        <source>Stopped because</source>
        <translation>Gestoppt, weil</translation>
    </message>
</context>
<context>
    <name>ReplayView</name>
    <message>
        <source>&amp;Demo</source>
        <translation>&amp;Demo</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Abspielen</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>&amp;Schritt</translation>
    </message>
    <message>
        <source>Counterfactual replay</source>
        <translation>Kontrafaktisches Replay</translation>
    </message>
    <message>
        <source>Candidates the k-of-n policies measure per parent</source>
        <translation>Kandidaten, die die k-aus-n-Strategien je Eltern messen</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>GPU evaluations every policy may spend</source>
        <translation>GPU-Messungen, die jede Strategie verbrauchen darf</translation>
    </message>
    <message>
        <source>Seed of the random baseline&apos;s draws</source>
        <translation>Startwert für die Ziehungen der Zufallsbasis</translation>
    </message>
    <message>
        <source>Large, animated replay for presenting</source>
        <translation>Großes, animiertes Replay zum Vorführen</translation>
    </message>
    <message>
        <source>Demo speed</source>
        <translation>Demo-Tempo</translation>
    </message>
    <message>
        <source>Animation steps per second</source>
        <translation>Animationsschritte pro Sekunde</translation>
    </message>
    <message>
        <source>Policy the demo follows</source>
        <translation>Strategie, der die Demo folgt</translation>
    </message>
    <message>
        <source>Whose candidates the demo shows one by one, with their forecasts and verdicts</source>
        <translation>Wessen Kandidaten die Demo einzeln zeigt, mit ihren Prognosen und Urteilen</translation>
    </message>
    <message>
        <source>k per parent:</source>
        <translation>k je Eltern:</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>Budget:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Follow:</source>
        <translation>Folgen:</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>Tempo:</translation>
    </message>
    <message>
        <source>GPU evaluations</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>Best speedup (×)</source>
        <translation>Bester Speedup (×)</translation>
    </message>
    <message>
        <source>Best-so-far speedup by GPU evaluations</source>
        <translation>Bisher bester Speedup nach GPU-Messungen</translation>
    </message>
    <message>
        <source>Replay results</source>
        <translation>Replay-Ergebnisse</translation>
    </message>
    <message>
        <source>GPU budget left</source>
        <translation>Verbleibendes GPU-Budget</translation>
    </message>
    <message>
        <source>Load a recorded v2 or v3 search to replay it.</source>
        <translation>Laden Sie eine aufgezeichnete v2- oder v3-Suche, um sie abzuspielen.</translation>
    </message>
    <message numerus="yes">
        <source>Replaying %n kernel(s)…</source>
        <translation>
            <numerusform>Replay von %n Kernel…</numerusform>
            <numerusform>Replay von %n Kernels…</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernel of this search has a forecast: the surrogate policies measure nothing. Forecast the search first (Forecast → Forecast Kernels Without a Forecast).</source>
        <translation>Kein Kernel dieser Suche hat eine Prognose: Die Surrogat-Strategien messen nichts. Prognostizieren Sie die Suche zuerst (Prognose → Kernels ohne Prognose prognostizieren).</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>GPU evaluation %1 of %2</source>
        <translation>GPU-Messung %1 von %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 GPU evaluations left</source>
        <translation>%1: %2 von %3 GPU-Messungen übrig</translation>
    </message>
    <message numerus="yes">
        <source>%n evaluation(s)</source>
        <translation>
            <numerusform>%n Messung</numerusform>
            <numerusform>%n Messungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>GPU-Budget Frontier</source>
        <translation>GPU-Budget-Front</translation>
    </message>
</context>
<context>
    <name>RiskCoverageChart</name>
    <message>
        <source>Risk–coverage: %1 by %2</source>
        <translation>Risiko–Abdeckung: %1 nach %2</translation>
    </message>
    <message>
        <source>Coverage (share of forecasts trusted)</source>
        <translation>Abdeckung (Anteil vertrauter Prognosen)</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Gate</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>Gate</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;the gate at threshold %2 trusts %3 of the forecasts, at risk %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;das Gate bei Schwelle %2 vertraut %3 der Prognosen, bei Risiko %4</translation>
    </message>
    <message>
        <source>Gate at %1</source>
        <translation>Gate bei %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;threshold %2: coverage %3, risk %4&lt;br&gt;%5 trusted, %6 measured&lt;br&gt;click to select the trusted forecasts</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Schwelle %2: Abdeckung %3, Risiko %4&lt;br&gt;%5 vertraut, %6 gemessen&lt;br&gt;klicken, um die vertrauten Prognosen auszuwählen</translation>
    </message>
</context>
<context>
    <name>RiskCoverageModel</name>
    <message>
        <source>%1: threshold</source>
        <translation>%1: Schwelle</translation>
    </message>
    <message>
        <source>%1: coverage</source>
        <translation>%1: Abdeckung</translation>
    </message>
    <message>
        <source>%1: risk</source>
        <translation>%1: Risiko</translation>
    </message>
    <message>
        <source>%1: trusted</source>
        <translation>%1: vertraut</translation>
    </message>
    <message>
        <source>%1: measured</source>
        <translation>%1: gemessen</translation>
    </message>
    <message>
        <source>Mass on predicted bin</source>
        <translation>Masse auf vorhergesagtem Bin</translation>
    </message>
    <message>
        <source>Negative entropy</source>
        <translation>Negative Entropie</translation>
    </message>
    <message>
        <source>Top-2 margin</source>
        <translation>Top-2-Abstand</translation>
    </message>
    <message>
        <source>Expected bin</source>
        <translation>Erwarteter Bin</translation>
    </message>
    <message>
        <source>Wrong bin</source>
        <translation>Falscher Bin</translation>
    </message>
    <message>
        <source>Speedup distance</source>
        <translation>Speedup-Abstand</translation>
    </message>
    <message>
        <source>Regret</source>
        <translation>Regret</translation>
    </message>
</context>
<context>
    <name>SearchComparisonView</name>
    <message>
        <source>Play &amp;Demo</source>
        <translation>&amp;Demo abspielen</translation>
    </message>
    <message>
        <source>Selective search against its baseline</source>
        <translation>Selektive Suche gegen ihre Baseline</translation>
    </message>
    <message>
        <source>Best measured speedup of both searches against GPU evaluations</source>
        <translation>Bester gemessener Speedup beider Suchen über GPU-Messungen</translation>
    </message>
    <message>
        <source>Replays both searches one GPU evaluation at a time; measures the selective search&apos;s kernels live where a GPU answers</source>
        <translation>Spielt beide Suchen GPU-Messung für GPU-Messung ab; misst die Kernel der selektiven Suche live, wo eine GPU antwortet</translation>
    </message>
    <message>
        <source>Selective search</source>
        <translation>Selektive Suche</translation>
    </message>
    <message>
        <source>Baseline (measures all)</source>
        <translation>Baseline (misst alles)</translation>
    </message>
    <message>
        <source>Best measured:</source>
        <translation>Bester gemessener Speedup:</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>GPU evaluations:</source>
        <translation>GPU-Messungen:</translation>
    </message>
    <message>
        <source>Candidates considered:</source>
        <translation>Betrachtete Kandidaten:</translation>
    </message>
    <message>
        <source>selective search</source>
        <translation>selektive Suche</translation>
    </message>
    <message>
        <source>baseline (measures all)</source>
        <translation>Baseline (misst alles)</translation>
    </message>
    <message>
        <source>Stop &amp;Demo</source>
        <translation>&amp;Demo beenden</translation>
    </message>
    <message>
        <source>no task directory to measure against</source>
        <translation>kein Task-Verzeichnis, gegen das gemessen werden kann</translation>
    </message>
    <message>
        <source>Asking the measurement worker for a GPU…</source>
        <translation>Frage den Mess-Worker nach einer GPU…</translation>
    </message>
    <message>
        <source>Measuring live on %1</source>
        <translation>Misst live auf %1</translation>
    </message>
    <message>
        <source>selective search (live)</source>
        <translation>selektive Suche (live)</translation>
    </message>
    <message>
        <source>Live measuring stopped: %1</source>
        <translation>Live-Messung abgebrochen: %1</translation>
    </message>
    <message>
        <source> (finished)</source>
        <translation> (fertig)</translation>
    </message>
    <message>
        <source>Recorded results, measured on %1</source>
        <translation>Aufgezeichnete Ergebnisse, gemessen auf %1</translation>
    </message>
    <message>
        <source>Recorded results</source>
        <translation>Aufgezeichnete Ergebnisse</translation>
    </message>
    <message>
        <source>%1 (not live)</source>
        <translation>%1 (nicht live)</translation>
    </message>
    <message>
        <source>Not measured live: %1</source>
        <translation>Nicht live gemessen: %1</translation>
    </message>
    <message>
        <source>GPU evaluation %1 of %2</source>
        <translation>GPU-Messung %1 von %2</translation>
    </message>
    <message>
        <source>The selective search found the faster kernel: %1 against the baseline&apos;s %2.</source>
        <translation>Die selektive Suche fand den schnelleren Kernel: %1 gegenüber %2 der Baseline.</translation>
    </message>
    <message>
        <source>The baseline found the faster kernel: %1 against the selective search&apos;s %2.</source>
        <translation>Die Baseline fand den schnelleren Kernel: %1 gegenüber %2 der selektiven Suche.</translation>
    </message>
    <message>
        <source>Both found equally fast kernels: %1.</source>
        <translation>Beide fanden gleich schnelle Kernel: %1.</translation>
    </message>
    <message>
        <source>So far: %1</source>
        <translation>Bisher: %1</translation>
    </message>
    <message>
        <source>The selective search spent %1 GPU evaluations and considered %2 candidates; the baseline spent %3 and considered %4.</source>
        <translation>Die selektive Suche verbrauchte %1 GPU-Messungen und betrachtete %2 Kandidaten; die Baseline verbrauchte %3 und betrachtete %4.</translation>
    </message>
</context>
<context>
    <name>SearchController</name>
    <message>
        <source>Live Search</source>
        <translation>Live-Suche</translation>
    </message>
    <message>
        <source>&amp;Run…</source>
        <translation>&amp;Starten…</translation>
    </message>
    <message>
        <source>Run a live search on a task, with its equal-budget baseline if asked</source>
        <translation>Eine Live-Suche für eine Task starten, auf Wunsch mit ihrer Baseline gleichen Budgets</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Stop the search at its next event, keeping the log, to resume later</source>
        <translation>Die Suche beim nächsten Ereignis anhalten und das Protokoll behalten, um sie später fortzusetzen</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Continue the paused search from its log</source>
        <translation>Die pausierte Suche aus ihrem Protokoll fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>End the search; its log is kept</source>
        <translation>Die Suche beenden; ihr Protokoll bleibt erhalten</translation>
    </message>
    <message>
        <source>Last progress of the search</source>
        <translation>Letzter Fortschritt der Suche</translation>
    </message>
    <message>
        <source>GPU budget spent</source>
        <translation>Verbrauchtes GPU-Budget</translation>
    </message>
    <message>
        <source>Search: %1</source>
        <translation>Suche: %1</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>Baseline: %1</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>Die Suche ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Baseline</translation>
    </message>
    <message numerus="yes">
        <source>%1: best measured %2× after %n GPU measurement(s)</source>
        <translation>
            <numerusform>%1: bester gemessener Speedup %2× nach %n GPU-Messung</numerusform>
            <numerusform>%1: bester gemessener Speedup %2× nach %n GPU-Messungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not started</source>
        <translation>%1: nicht gestartet</translation>
    </message>
    <message>
        <source>%1: %v of %m GPU measurements</source>
        <translation>%1: %v von %m GPU-Messungen</translation>
    </message>
    <message>
        <source>No search running</source>
        <translation>Keine Suche läuft</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Pausing at the next event…</source>
        <translation>Pausiert beim nächsten Ereignis…</translation>
    </message>
    <message>
        <source>Paused: Resume continues from the log</source>
        <translation>Pausiert: „Fortsetzen“ macht im Protokoll weiter</translation>
    </message>
    <message>
        <source>Stopping at the next event…</source>
        <translation>Stoppt beim nächsten Ereignis…</translation>
    </message>
    <message>
        <source>Stopped; the log is kept</source>
        <translation>Gestoppt; das Protokoll bleibt erhalten</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Selective Search against Baseline</source>
        <translation>Selektive Suche gegen Baseline</translation>
    </message>
    <message>
        <source>Play &amp;Demo: Selective against Baseline</source>
        <translation>&amp;Demo abspielen: selektiv gegen Baseline</translation>
    </message>
    <message>
        <source>Replays the selective search and its baseline one GPU evaluation at a time</source>
        <translation>Spielt die selektive Suche und ihre Baseline GPU-Messung für GPU-Messung ab</translation>
    </message>
    <message>
        <source>Si&amp;mulate Selective against Baseline over Seeds</source>
        <translation>Selektiv gegen Baseline über Seeds si&amp;mulieren</translation>
    </message>
    <message>
        <source>Runs the pair&apos;s task over many seeds of its measured landscape and draws their bands</source>
        <translation>Simuliert die Task des Paars über viele Seeds ihrer gemessenen Landschaft und zeichnet deren Bänder</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suche</translation>
    </message>
    <message>
        <source>A selective search and its baseline are open: View → %1 compares them.</source>
        <translation>Eine selektive Suche und ihre Baseline sind geöffnet: Ansicht → %1 vergleicht sie.</translation>
    </message>
</context>
<context>
    <name>SeedSimulationBar</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Si&amp;mulate Seeds</source>
        <translation>Seeds si&amp;mulieren</translation>
    </message>
    <message>
        <source>The pair&apos;s searches simulated over many seeds</source>
        <translation>Die Suchen des Paars, über viele Seeds simuliert</translation>
    </message>
    <message>
        <source> seeds</source>
        <translation> Seeds</translation>
    </message>
    <message>
        <source>Seeds to simulate</source>
        <translation>Zu simulierende Seeds</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>certified risk</source>
        <translation>zertifiziertes Risiko</translation>
    </message>
    <message>
        <source>Selection policy to simulate</source>
        <translation>Zu simulierende Auswahlstrategie</translation>
    </message>
    <message>
        <source>Seeds simulated</source>
        <translation>Simulierte Seeds</translation>
    </message>
    <message>
        <source>%v of %m seeds</source>
        <translation>%v von %m Seeds</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n seed(s); nothing is shown for them.</source>
        <translation>
            <numerusform>Nach %n Seed gestoppt; dafür wird nichts gezeigt.</numerusform>
            <numerusform>Nach %n Seeds gestoppt; dafür wird nichts gezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The simulation failed: %1</source>
        <translation>Die Simulation ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Runs the selective search and its baseline over many seeds of %1&apos;s measured landscape: recorded H100 measurements, not live ones, at this pair&apos;s budget of %n GPU measurement(s)</source>
        <translation>
            <numerusform>Simuliert die selektive Suche und ihre Baseline über viele Seeds der gemessenen Landschaft von %1: aufgezeichnete H100-Messungen, keine Live-Messungen, beim Budget dieses Paars von %n GPU-Messung</numerusform>
            <numerusform>Simuliert die selektive Suche und ihre Baseline über viele Seeds der gemessenen Landschaft von %1: aufgezeichnete H100-Messungen, keine Live-Messungen, beim Budget dieses Paars von %n GPU-Messungen</numerusform>
        </translation>
    </message>
    <message>
        <source>kfx has no measured landscape for this search&apos;s task</source>
        <translation>kfx hat keine gemessene Landschaft für die Task dieser Suche</translation>
    </message>
    <message>
        <source>Stop Si&amp;mulation</source>
        <translation>Si&amp;mulation stoppen</translation>
    </message>
    <message numerus="yes">
        <source>Simulating %n seed(s) on recorded measurements…</source>
        <translation>
            <numerusform>Simuliere %n Seed auf aufgezeichneten Messungen…</numerusform>
            <numerusform>Simuliere %n Seeds auf aufgezeichneten Messungen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>selective (%1), %n seed(s)</source>
        <translation>
            <numerusform>selektiv (%1), %n Seed</numerusform>
            <numerusform>selektiv (%1), %n Seeds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>baseline, %n seed(s)</source>
        <translation>
            <numerusform>Baseline, %n Seed</numerusform>
            <numerusform>Baseline, %n Seeds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seed(s) on recorded measurements (%1), not live ones. Best after %2 GPU measurements, median [10–90 %]: selective %3 [%4, %5], baseline %6 [%7, %8]. To 98 % of %9: selective %10, baseline %11 measurements (never there: %12 and %13 seeds).</source>
        <translation>
            <numerusform>%n Seed auf aufgezeichneten Messungen (%1), keine Live-Messungen. Bester Speedup nach %2 GPU-Messungen, Median [10–90 %]: selektiv %3 [%4, %5], Baseline %6 [%7, %8]. Bis 98 % von %9: selektiv %10, Baseline %11 Messungen (nie erreicht: %12 und %13 Seeds).</numerusform>
            <numerusform>%n Seeds auf aufgezeichneten Messungen (%1), keine Live-Messungen. Bester Speedup nach %2 GPU-Messungen, Median [10–90 %]: selektiv %3 [%4, %5], Baseline %6 [%7, %8]. Bis 98 % von %9: selektiv %10, Baseline %11 Messungen (nie erreicht: %12 und %13 Seeds).</numerusform>
        </translation>
    </message>
    <message>
        <source>How the simulated selective search chooses what to measure: top-k, as Search → Run… does by default, or trusting forecasts at the gate bar&apos;s threshold, coverage or risk</source>
        <translation>Wie die simulierte selektive Suche wählt, was gemessen wird: Top-k, wie Suche → Ausführen… standardmäßig, oder Prognosen beim Schwellenwert, der Abdeckung oder dem Risiko der Gate-Leiste vertrauen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>SearchEvidenceView</name>
    <message>
        <source>Forecast evidence</source>
        <translation>Belege der Prognose</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1, bin %2</source>
        <translation>%1, Bin %2</translation>
    </message>
    <message>
        <source>No search kernel selected.</source>
        <translation>Kein Kernel einer Suche ausgewählt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Parent&lt;/b&gt; %1: %2</source>
        <translation>&lt;b&gt;Eltern&lt;/b&gt; %1: %2</translation>
    </message>
    <message>
        <source>the parent&apos;s bin</source>
        <translation>der Bin der Eltern</translation>
    </message>
    <message numerus="yes">
        <source>%n bin(s) above the parent&apos;s</source>
        <translation>
            <numerusform>%n Bin über dem der Eltern</numerusform>
            <numerusform>%n Bins über dem der Eltern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bin(s) below the parent&apos;s</source>
        <translation>
            <numerusform>%n Bin unter dem der Eltern</numerusform>
            <numerusform>%n Bins unter dem der Eltern</numerusform>
        </translation>
    </message>
    <message>
        <source>The forecast shown: bin %1, %2.</source>
        <translation>Die gezeigte Prognose: Bin %1, %2.</translation>
    </message>
    <message>
        <source>The parent was not measured before this kernel.</source>
        <translation>Die Eltern wurden vor diesem Kernel nicht gemessen.</translation>
    </message>
    <message>
        <source>No kernel was measured before this one&apos;s step.</source>
        <translation>Vor dem Schritt dieses Kernels wurde kein Kernel gemessen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Most similar measured kernels&lt;/b&gt; (earlier steps, by the token pairs of their code):</source>
        <translation>&lt;b&gt;Ähnlichste gemessene Kernel&lt;/b&gt; (frühere Schritte, nach den Tokenpaaren ihres Codes):</translation>
    </message>
    <message>
        <source>%1: %2, similarity %3</source>
        <translation>%1: %2, Ähnlichkeit %3</translation>
    </message>
</context>
<context>
    <name>SearchRunChart</name>
    <message>
        <source>Best measured speedup against GPU budget</source>
        <translation>Bester gemessener Speedup über dem GPU-Budget</translation>
    </message>
    <message>
        <source>The best measured speedup so far against GPU measurements spent, for the search and for the baseline that measures everything with the same budget.</source>
        <translation>Der bisher beste gemessene Speedup, aufgetragen über die verbrauchten GPU-Messungen, für die Suche und für die Baseline, die mit demselben Budget alles misst.</translation>
    </message>
    <message>
        <source>GPU measurements</source>
        <translation>GPU-Messungen</translation>
    </message>
    <message>
        <source>best ×</source>
        <translation>bester ×</translation>
    </message>
    <message>
        <source>search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>baseline (measures all)</source>
        <translation>Baseline (misst alles)</translation>
    </message>
</context>
<context>
    <name>SearchRunDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Browse for %1</source>
        <translation>Durchsuchen: %1</translation>
    </message>
    <message>
        <source>Search logs (*.jsonl)</source>
        <translation>Suchprotokolle (*.jsonl)</translation>
    </message>
    <message>
        <source>&amp;OpenAI-compatible server</source>
        <translation>&amp;OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>Also run the equal-budget &amp;baseline (measures everything)</source>
        <translation>Auch die &amp;Baseline mit gleichem Budget ausführen (misst alles)</translation>
    </message>
    <message>
        <source>Run a Search</source>
        <translation>Suche starten</translation>
    </message>
    <message>
        <source>Task directory</source>
        <translation>Task-Verzeichnis</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Standard: measure every candidate</source>
        <translation>Standard: jeden Kandidaten messen</translation>
    </message>
    <message>
        <source>Selective: forecast, measure only some</source>
        <translation>Selektiv: prognostizieren, nur einige messen</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Top-k by forecast (the paper)</source>
        <translation>Top-k nach Prognose (wie im Paper)</translation>
    </message>
    <message>
        <source>Trust above a confidence threshold</source>
        <translation>Vertrauen ab einer Konfidenzschwelle</translation>
    </message>
    <message>
        <source>Trust a coverage target</source>
        <translation>Vertrauen bis zu einer Ziel-Abdeckung</translation>
    </message>
    <message>
        <source>Trust at a certified risk</source>
        <translation>Vertrauen bei nachgewiesenem Risiko</translation>
    </message>
    <message>
        <source>Trust level</source>
        <translation>Vertrauensniveau</translation>
    </message>
    <message>
        <source>GPU budget</source>
        <translation>GPU-Budget</translation>
    </message>
    <message>
        <source>GPU budget unit</source>
        <translation>Einheit des GPU-Budgets</translation>
    </message>
    <message>
        <source>measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>GPU-seconds</source>
        <translation>GPU-Sekunden</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Measurement workers kept busy at once: one per GPU</source>
        <translation>Gleichzeitig beschäftigte Mess-Worker: einer je GPU</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Zufalls-Seed</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Measured by</source>
        <translation>Gemessen mit</translation>
    </message>
    <message>
        <source>Measurement &amp;Settings…</source>
        <translation>Mess&amp;einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>&amp;Task:</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>Server-&amp;URL:</translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>Mo&amp;dus:</translation>
    </message>
    <message>
        <source>Pol&amp;icy:</source>
        <translation>St&amp;rategie:</translation>
    </message>
    <message>
        <source>Trust &amp;level:</source>
        <translation>Vertrauens&amp;niveau:</translation>
    </message>
    <message>
        <source>GPU &amp;budget:</source>
        <translation>&amp;GPU-Budget:</translation>
    </message>
    <message>
        <source>&amp;Workers:</source>
        <translation>&amp;Worker:</translation>
    </message>
    <message>
        <source>St&amp;eps:</source>
        <translation>Sc&amp;hritte:</translation>
    </message>
    <message>
        <source>See&amp;d:</source>
        <translation>&amp;Zufalls-Seed:</translation>
    </message>
    <message>
        <source>Measured by:</source>
        <translation>Gemessen mit:</translation>
    </message>
    <message>
        <source>&amp;Log:</source>
        <translation>Protoko&amp;ll:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Top-k trusts no forecast: every selected candidate is measured</source>
        <translation>Top-k vertraut keiner Prognose: Jeder ausgewählte Kandidat wird gemessen</translation>
    </message>
    <message>
        <source>The confidence (%1) a forecast needs to be trusted</source>
        <translation>Die Konfidenz (%1), die eine Prognose braucht, um als vertraut zu gelten</translation>
    </message>
    <message>
        <source>The share of each step&apos;s selected candidates trusted, the most confident by %1</source>
        <translation>Der Anteil der in jedem Schritt ausgewählten Kandidaten, dem vertraut wird: die nach %1 zuversichtlichsten</translation>
    </message>
    <message>
        <source>The gate bar&apos;s: %1</source>
        <translation>Laut Gate-Leiste: %1</translation>
    </message>
    <message>
        <source>α: the largest share of trusted forecasts that may be wrong, certified with probability 1 − δ (δ = %1)</source>
        <translation>α: der größte Anteil vertrauter Prognosen, der falsch sein darf, nachgewiesen mit Wahrscheinlichkeit 1 − δ (δ = %1)</translation>
    </message>
    <message>
        <source>%1 through Slurm</source>
        <translation>%1 über Slurm</translation>
    </message>
    <message>
        <source>%1 behind “%2”</source>
        <translation>%1 hinter „%2“</translation>
    </message>
    <message>
        <source>Task: %1 is not a kfx-task or GPU MODE task directory.</source>
        <translation>Task: %1 ist kein kfx-task- oder GPU-MODE-Task-Verzeichnis.</translation>
    </message>
    <message>
        <source>Server URL: give an http:// or https:// address.</source>
        <translation>Server-URL: Geben Sie eine http://- oder https://-Adresse an.</translation>
    </message>
    <message>
        <source>Model: name the model the server should use.</source>
        <translation>Modell: Nennen Sie das Modell, das der Server verwenden soll.</translation>
    </message>
    <message>
        <source>Task: a server needs the task directory its kernels are written for.</source>
        <translation>Task: Ein Server braucht das Task-Verzeichnis, für das seine Kernels geschrieben werden.</translation>
    </message>
    <message>
        <source>GPU budget: give more than 0 %1.</source>
        <translation>GPU-Budget: Geben Sie mehr als 0 %1 an.</translation>
    </message>
    <message>
        <source>Log: choose the file the search is written to.</source>
        <translation>Protokoll: Wählen Sie die Datei, in die die Suche geschrieben wird.</translation>
    </message>
    <message>
        <source>Log: the folder %1 does not exist.</source>
        <translation>Protokoll: Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Log: %1 already holds a search; choose a new file.</source>
        <translation>Protokoll: %1 enthält bereits eine Suche; wählen Sie eine neue Datei.</translation>
    </message>
    <message>
        <source>Candidate &amp;pool or template mutations (a stand-in for an LLM)</source>
        <translation>Kandidaten-&amp;Pool oder Vorlagen-Mutationen (Ersatz für ein LLM)</translation>
    </message>
    <message>
        <source>a kfx-task or GPU MODE directory; empty: the pool&apos;s or the mutations&apos; task</source>
        <translation>ein kfx-task- oder GPU-MODE-Verzeichnis; leer: die Task des Pools oder der Mutationen</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations</source>
        <translation>Kandidaten-Pool oder Vorlagen-Mutationen</translation>
    </message>
    <message>
        <source>A directory with a pool.json (a candidate pool) or a mutations.json (template mutations)</source>
        <translation>Ein Verzeichnis mit einer pool.json (ein Kandidaten-Pool) oder einer mutations.json (Vorlagen-Mutationen)</translation>
    </message>
    <message>
        <source>Pool or mutations &amp;directory:</source>
        <translation>Pool- oder Mutations-&amp;Verzeichnis:</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: choose a directory with a pool.json or a mutations.json.</source>
        <translation>Kandidaten-Pool oder Vorlagen-Mutationen: Wählen Sie ein Verzeichnis mit einer pool.json oder einer mutations.json.</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: %1</source>
        <translation>Kandidaten-Pool oder Vorlagen-Mutationen: %1</translation>
    </message>
    <message>
        <source>Candidate pool or template mutations: its kernels are for the task “%1”, not “%2”.</source>
        <translation>Kandidaten-Pool oder Vorlagen-Mutationen: Seine Kernel sind für die Aufgabe „%1“, nicht für „%2“.</translation>
    </message>
</context>
<context>
    <name>SearchRunner</name>
    <message>
        <source>the worker gave no device information</source>
        <translation>der Worker hat keine Angaben zum Gerät gemacht</translation>
    </message>
</context>
<context>
    <name>SearchSelector</name>
    <message>
        <source>Search shown</source>
        <translation>Gezeigte Suche</translation>
    </message>
    <message>
        <source>Several search logs are loaded: the tree shows the one chosen here</source>
        <translation>Mehrere Suchprotokolle sind geladen: Der Baum zeigt das hier gewählte</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Suche:</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>Reopened %1</source>
        <translation>Erneut geöffnet: %1</translation>
    </message>
    <message>
        <source>Opened %1 in place of %2</source>
        <translation>%1 anstelle von %2 geöffnet</translation>
    </message>
    <message>
        <source>Already open: %1</source>
        <translation>Schon offen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) to the session</source>
        <translation>
            <numerusform>%n Datei zur Sitzung hinzugefügt</numerusform>
            <numerusform>%n Dateien zur Sitzung hinzugefügt</numerusform>
        </translation>
    </message>
    <message>
        <source>The file could not be read</source>
        <translation>Die Datei konnte nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>SessionStatus</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>archive %1</source>
        <translation>Archiv %1</translation>
    </message>
    <message>
        <source>best measured %1</source>
        <translation>gemessener Bestwert %1</translation>
    </message>
    <message>
        <source>archive best %1</source>
        <translation>Archiv-Bestwert %1</translation>
    </message>
    <message>
        <source>No search loaded — File → Open (Ctrl+O) or drop files here</source>
        <translation>Keine Suche geladen — Datei → Öffnen (Strg+O) oder Dateien hierher ziehen</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) loaded</source>
        <translation>
            <numerusform>%n Paar geladen</numerusform>
            <numerusform>%n Paare geladen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prediction(s) loaded</source>
        <translation>
            <numerusform>%n Vorhersage geladen</numerusform>
            <numerusform>%n Vorhersagen geladen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionWorkspace</name>
    <message>
        <source>The workspace %1 is damaged.</source>
        <translation>Der Arbeitsbereich %1 ist beschädigt.</translation>
    </message>
    <message>
        <source>%1 is not a kfx workspace: another program&apos;s database has its name.</source>
        <translation>%1 ist kein kfx-Arbeitsbereich: Die Datenbank eines anderen Programms trägt seinen Namen.</translation>
    </message>
    <message>
        <source>The workspace %1 was written by a newer version of kfx.</source>
        <translation>Der Arbeitsbereich %1 stammt von einer neueren kfx-Version.</translation>
    </message>
    <message>
        <source>%1 Set it aside (it is kept, renamed) to start a fresh workspace; until then, overrides and gate settings are not saved.</source>
        <translation>%1 Legen Sie ihn beiseite (er bleibt umbenannt erhalten), um mit einem neuen Arbeitsbereich zu beginnen; bis dahin werden Übersteuerungen und Gate-Einstellungen nicht gespeichert.</translation>
    </message>
    <message>
        <source>The data changed since this workspace was saved (%1): overrides and notes may refer to kernels that are now different or gone.</source>
        <translation>Die Daten haben sich seit dem Speichern dieses Arbeitsbereichs geändert (%1): Übersteuerungen und Notizen können Kernels betreffen, die jetzt anders oder verschwunden sind.</translation>
    </message>
    <message>
        <source>The workspace could not be opened</source>
        <translation>Der Arbeitsbereich konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>This workspace is kept in %1, as the settings ask.</source>
        <translation>Dieser Arbeitsbereich liegt laut Einstellungen in %1.</translation>
    </message>
    <message>
        <source>The data&apos;s folder %1 cannot be written, so its workspace is kept in %2.</source>
        <translation>Der Datenordner %1 ist nicht beschreibbar, daher liegt sein Arbeitsbereich in %2.</translation>
    </message>
    <message>
        <source>The workspace could not be set aside</source>
        <translation>Der Arbeitsbereich konnte nicht beiseitegelegt werden</translation>
    </message>
    <message>
        <source>A fresh workspace was started; the old one is kept as %1.</source>
        <translation>Ein neuer Arbeitsbereich wurde begonnen; der alte bleibt als %1 erhalten.</translation>
    </message>
    <message>
        <source>The workspace could not record the data</source>
        <translation>Der Arbeitsbereich konnte die Daten nicht festhalten</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>ThemeChooser</name>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
</context>
<context>
    <name>TopKChart</name>
    <message>
        <source>Top-k recovery (ranked by expected bin)</source>
        <translation>Top-k-Ausbeute (nach erwartetem Bin geordnet)</translation>
    </message>
    <message>
        <source>Candidates measured (% of each pool)</source>
        <translation>Gemessene Kandidaten (% jedes Pools)</translation>
    </message>
    <message>
        <source>Share of the best speedup found</source>
        <translation>Anteil des besten gefundenen Speedups</translation>
    </message>
    <message>
        <source>Within 20% of the best</source>
        <translation>Innerhalb von 20 % des Besten</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measuring the top %2% finds %3 of the best speedup&lt;br&gt;click to select the forecasts measured</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Messen der besten %2 % findet %3 des besten Speedups&lt;br&gt;klicken, um die gemessenen Prognosen auszuwählen</translation>
    </message>
</context>
<context>
    <name>TopKModel</name>
    <message>
        <source>Measured (%)</source>
        <translation>Gemessen (%)</translation>
    </message>
</context>
<context>
    <name>TrustSettings</name>
    <message>
        <source>trusts no forecast: every selected candidate is measured</source>
        <translation>vertraut keiner Prognose: jeder ausgewählte Kandidat wird gemessen</translation>
    </message>
    <message>
        <source>%1 at any value</source>
        <translation>%1 bei jedem Wert</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>the most confident %1 % by %2</source>
        <translation>die sichersten %1 % nach %2</translation>
    </message>
    <message>
        <source>risk ≤ %1 at δ %2</source>
        <translation>Risiko ≤ %1 bei δ %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Search logs, eval sets or other data files to open together.</source>
        <translation>Suchprotokolle, Eval-Sets oder andere Datendateien, die zusammen geöffnet werden.</translation>
    </message>
    <message>
        <source>Predictions of a surrogate to show with the files (may be given several times).</source>
        <translation>Vorhersagen eines Surrogats, die mit den Dateien gezeigt werden (mehrfach möglich).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Select the node or pair with this id (or the end of it) once the files are loaded.</source>
        <translation>Den Knoten oder das Paar mit dieser ID (oder ihrem Ende) auswählen, sobald die Dateien geladen sind.</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Qt %1 (compiled against %2)</source>
        <translation>Qt %1 (kompiliert gegen %2)</translation>
    </message>
    <message>
        <source>KSyntaxHighlighting %1 (at compile time)</source>
        <translation>KSyntaxHighlighting %1 (zur Kompilierzeit)</translation>
    </message>
    <message>
        <source>Explore LLM-driven GPU-kernel searches and their speedup forecasts.
kfx --report --eval E --predictions P --out DIR writes the Calibration view&apos;s charts and metrics.json without a window.</source>
        <translation>LLM-gesteuerte GPU-Kernel-Suchen und ihre Speedup-Prognosen erkunden.
kfx --report --eval E --predictions P --out DIR schreibt die Diagramme der Kalibrierungsansicht und metrics.json ohne Fenster.</translation>
    </message>
    <message>
        <source>[FILE...]</source>
        <translation>[DATEI...]</translation>
    </message>
</context>
<context>
    <name>Rationale</name>
    <message>
        <source>Bin %1 (%2) at p=%3</source>
        <translation>Bin %1 (%2) mit p=%3</translation>
    </message>
    <message>
        <source>For it: %1</source>
        <translation>Dafür: %1</translation>
    </message>
    <message>
        <source>Against it: %1</source>
        <translation>Dagegen: %1</translation>
    </message>
    <message>
        <source>The parent failed</source>
        <translation>Der Elternkernel ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>The parent measured bin %1</source>
        <translation>Der Elternkernel wurde in Bin %1 gemessen</translation>
    </message>
    <message>
        <source>Edits like this one, on other tasks, would take it to bin %1 (%2 %)</source>
        <translation>Änderungen wie diese würden ihn, nach anderen Aufgaben zu urteilen, in Bin %1 bringen (%2 %)</translation>
    </message>
    <message>
        <source>Nearest measured: %1</source>
        <translation>Nächste gemessene Kernel: %1</translation>
    </message>
    <message>
        <source>Similar earlier edits: %1 of %2 failed (the closest %3 % alike)</source>
        <translation>Ähnliche frühere Änderungen: %1 von %2 fehlgeschlagen (die ähnlichste %3 % ähnlich)</translation>
    </message>
    <message>
        <source>Failure %1 %</source>
        <translation>Fehlschlag %1 %</translation>
    </message>
    <message>
        <source>Failure %1 % (mixed %2 %, then calibrated)</source>
        <translation>Fehlschlag %1 % (gemischt %2 %, dann kalibriert)</translation>
    </message>
    <message>
        <source>Weights for failure: %1</source>
        <translation>Gewichte für den Fehlschlag: %1</translation>
    </message>
    <message>
        <source>Weights for the bin: %1</source>
        <translation>Gewichte für den Bin: %1</translation>
    </message>
    <message>
        <source>no model yet: %1 of the %2 measurements training needs</source>
        <translation>noch kein Modell: %1 der %2 Messungen, die das Training braucht</translation>
    </message>
    <message>
        <source>%1 lines added</source>
        <translation>%1 Zeilen hinzugefügt</translation>
    </message>
    <message>
        <source>%1 lines removed</source>
        <translation>%1 Zeilen entfernt</translation>
    </message>
    <message>
        <source>%1% of lines changed</source>
        <translation>%1 % der Zeilen geändert</translation>
    </message>
    <message>
        <source>compute capability %1</source>
        <translation>Compute Capability %1</translation>
    </message>
    <message>
        <source>%1 multiprocessors</source>
        <translation>%1 Multiprozessoren</translation>
    </message>
    <message>
        <source>memory bandwidth %1 GB/s</source>
        <translation>Speicherbandbreite %1 GB/s</translation>
    </message>
    <message>
        <source>hardware context given</source>
        <translation>Hardwarekontext angegeben</translation>
    </message>
    <message>
        <source>no hardware context</source>
        <translation>kein Hardwarekontext</translation>
    </message>
    <message>
        <source>candidate is written in %1</source>
        <translation>Kandidat ist in %1 geschrieben</translation>
    </message>
    <message>
        <source>candidate moves away from %1</source>
        <translation>Kandidat verzichtet auf %1</translation>
    </message>
    <message>
        <source>both kernels are %1</source>
        <translation>beide Kernel sind %1</translation>
    </message>
    <message>
        <source>neither kernel is %1</source>
        <translation>keiner der Kernel ist %1</translation>
    </message>
    <message>
        <source>candidate %1 %2× the reference's</source>
        <translation>Kandidat: %1 das %2-Fache der Referenz</translation>
    </message>
    <message>
        <source>candidate adds %1 (%2 → %3)</source>
        <translation>Kandidat fügt %1 hinzu (%2 → %3)</translation>
    </message>
    <message>
        <source>candidate has more %1 (%2 → %3)</source>
        <translation>Kandidat hat mehr %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>candidate removes %1 (%2 → %3)</source>
        <translation>Kandidat entfernt %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>candidate has fewer %1 (%2 → %3)</source>
        <translation>Kandidat hat weniger %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>neither kernel uses %1</source>
        <translation>keiner der Kernel verwendet %1</translation>
    </message>
    <message>
        <source>both kernels use %1 (%2 → %3)</source>
        <translation>beide Kernel verwenden %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>#%1 (%2 % alike, bin %3)</source>
        <translation>#%1 (%2 % ähnlich, Bin %3)</translation>
    </message>
    <message>
        <source>#%1 (%2 % alike, failed)</source>
        <translation>#%1 (%2 % ähnlich, fehlgeschlagen)</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>source size</source>
        <translation>Quelltextgröße</translation>
    </message>
    <message>
        <source>line count</source>
        <translation>Zeilenzahl</translation>
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
        <translation>reines PyTorch</translation>
    </message>
    <message>
        <source>shared-memory staging</source>
        <translation>Zwischenspeicherung im Shared Memory</translation>
    </message>
    <message>
        <source>warp shuffles</source>
        <translation>Warp-Shuffles</translation>
    </message>
    <message>
        <source>vectorised loads</source>
        <translation>vektorisierte Ladezugriffe</translation>
    </message>
    <message>
        <source>tensor-core instructions (mma/wgmma/tl.dot)</source>
        <translation>Tensor-Core-Befehle (mma/wgmma/tl.dot)</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>atomare Operationen</translation>
    </message>
    <message>
        <source>__syncthreads barriers</source>
        <translation>__syncthreads-Barrieren</translation>
    </message>
    <message>
        <source>autotune configs</source>
        <translation>Autotune-Konfigurationen</translation>
    </message>
    <message>
        <source>block/tile size</source>
        <translation>Block-/Kachelgröße</translation>
    </message>
    <message>
        <source>threads per block</source>
        <translation>Threads pro Block</translation>
    </message>
    <message>
        <source>num_warps</source>
        <translation>num_warps</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <source>explicit fp32 dtypes such as float32 or tf32</source>
        <translation>explizite fp32-Datentypen wie float32 oder tf32</translation>
    </message>
    <message>
        <source>bf16 arithmetic</source>
        <translation>bf16-Arithmetik</translation>
    </message>
    <message>
        <source>fp16 arithmetic</source>
        <translation>fp16-Arithmetik</translation>
    </message>
    <message>
        <source>fp8 arithmetic</source>
        <translation>fp8-Arithmetik</translation>
    </message>
    <message>
        <source>library matmul/einsum/cuBLAS calls</source>
        <translation>Bibliotheksaufrufe (matmul/einsum/cuBLAS)</translation>
    </message>
    <message>
        <source>loops</source>
        <translation>Schleifen</translation>
    </message>
    <message>
        <source>kernel definitions</source>
        <translation>Kernel-Definitionen</translation>
    </message>
    <message>
        <source>global-memory loads/stores</source>
        <translation>Lade-/Speicherzugriffe auf globalen Speicher</translation>
    </message>
    <message>
        <source>async copies</source>
        <translation>asynchrone Kopien</translation>
    </message>
    <message>
        <source>cache hints</source>
        <translation>Cache-Hinweise</translation>
    </message>
    <message>
        <source>loop unrolling</source>
        <translation>Schleifenabrollung</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>reductions</source>
        <translation>Reduktionen</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>Elternkernel</translation>
    </message>
    <message>
        <source>neighbours</source>
        <translation>Nachbarn</translation>
    </message>
    <message>
        <source>edits</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>prior</source>
        <translation>Prior</translation>
    </message>
</context>
</TS>
