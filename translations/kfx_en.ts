<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>MainWindow</name>
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
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
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
</TS>
