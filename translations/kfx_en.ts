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
</TS>
