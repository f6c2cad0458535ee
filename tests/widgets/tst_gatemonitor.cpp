// The gate session's online risk monitor (issue 17) on a generated search whose kernel family shifts halfway,
// shown first up to before the shift and then whole, as a followed log grows: only a certified threshold arms it,
// it watches only what arrives afterwards, its alarm outlasts a threshold moved since, and Defer Everything is one
// undoable step.

#include "gate/gatesession.h"
#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "testmain.h"

namespace tst_gatemonitor {
namespace {

namespace {

struct GrowingSearch {
    std::shared_ptr<const kfx::Population> early; // the log up to before the shift
    std::shared_ptr<const kfx::Population> whole;
};

GrowingSearch shiftedSearch()
{
    std::ostringstream out;
    kfx::generate::SearchVariation variation;
    variation.familyShiftHalfway = true;
    kfx::generate::SyntheticGenerator(42, variation).write(kfx::generate::SyntheticKind::PuctV3, 600, out);
    const std::string text = out.str();
    // 40 % of the lines: the shift comes once half the nodes are sent to evaluation.
    std::size_t cut = 0;
    for (std::size_t lines = std::count(text.begin(), text.end(), '\n') * 2 / 5; lines > 0; --lines)
        cut = text.find('\n', cut) + 1;
    return {kfx::loadText(text.substr(0, cut), "early.jsonl").population,
            kfx::loadText(text, "whole.jsonl").population};
}

} // namespace

class TestGateMonitor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_search = shiftedSearch();
        QVERIFY(m_search.early && m_search.whole);
        QVERIFY(m_search.whole->size() > m_search.early->size());
    }

    void armedOnlyByACertifiedThreshold()
    {
        SessionWorkspace workspace;
        GateSession session(&workspace);
        session.setPopulation(m_search.early);
        // α = 0.001 cannot be certified on a few hundred forecasts: nothing is armed, nothing changes.
        QVERIFY(!session.applyRiskControl(0.001, 0.05).certified);
        QVERIFY(!session.monitor().armed);
        session.setPopulation(m_search.whole);
        QVERIFY(!session.monitor().armed);
        QVERIFY(!session.monitor().alarmed());
    }

    void alarmsOnTheShiftAndKeepsTheRecord()
    {
        SessionWorkspace workspace;
        GateSession session(&workspace);
        session.setPopulation(m_search.early);
        QSignalSpy alarms(&session, &GateSession::monitorAlarmed);
        // α = 0.4: with its kernels that fail counted as trust errors, the generated surrogate is wrong too often
        // for a lower level to be certified before the shift.
        const auto certified = session.applyRiskControl(0.4, 0.05, kfx::gate::Correction::Holm,
                                                        kfx::gate::PValue::HoeffdingBentkus);
        QVERIFY(certified.certified);
        QVERIFY(session.monitor().armed);
        // Nothing has arrived since certifying: the bounds know nothing yet.
        QCOMPARE(session.monitor().watched, std::int64_t(0));
        QCOMPARE(session.monitor().upperBound, 1.0);

        session.setPopulation(m_search.whole);
        QVERIFY(session.monitor().watched > 100);
        QVERIFY(session.monitor().alarmed());
        QCOMPARE(alarms.count(), 1);
        QCOMPARE(alarms.constFirst().at(0).toString(), session.monitor().alarmNodeId);
        QVERIFY(session.monitor().alarmLowerBound > 0.4);
        QVERIFY(double(session.monitor().wrong) / double(session.monitor().trusted) > 0.4);

        // The same data again (a re-gating) raises nothing new.
        session.setPopulation(m_search.whole);
        QCOMPARE(alarms.count(), 1);

        // Defer Everything: nothing trusted, the alarm still on record, one step to undo.
        const int steps = session.undoStack()->count();
        session.deferEverything();
        QCOMPARE(session.settings().gate.threshold, std::numeric_limits<double>::infinity());
        QCOMPARE(session.summary().trusted, 0);
        QCOMPARE(session.monitor().trusted, std::int64_t(0));
        QVERIFY(session.monitor().alarmed());
        QCOMPARE(session.undoStack()->count(), steps + 1);
        session.undoStack()->undo();
        QCOMPARE(session.settings().gate.threshold, certified.threshold);

        // Certifying again starts the watch afresh on what is known now.
        QVERIFY(session.applyRiskControl(0.6, 0.05).certified);
        QVERIFY(!session.monitor().alarmed());
        QCOMPARE(session.monitor().watched, std::int64_t(0));
    }

private:
    GrowingSearch m_search;
};

KFX_TEST_MAIN(TestGateMonitor)

} // namespace
} // namespace tst_gatemonitor

#include "tst_gatemonitor.moc"
