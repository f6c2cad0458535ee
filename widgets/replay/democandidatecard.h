#pragma once

#include "replay/counterfactualreplay.h"

#include <QFrame>

class QLabel;

// One candidate of the demo's replay, told in the order a search meets it: it appears with its forecast, then
// the gate (or the k-of-n choice) rules on it and it is measured, admitted on its forecast, or dropped. Large
// type from a distance; colours from the palette only.
class DemoCandidateCard : public QFrame {
    Q_OBJECT
public:
    enum class Stage { Forecast, Settled };

    explicit DemoCandidateCard(QWidget *parent = nullptr);

    // Nothing shown yet: says what the animation is about to do.
    void showIdle(const QString &policy);
    void showCandidate(const kfx::replay::CandidateEvent &event, Stage stage);

    QString text() const; // every line, for tests and the accessible description

    static QString fateText(const kfx::replay::CandidateEvent &event);
    static QString decisionText(const kfx::replay::CandidateEvent &event);

private:
    QLabel *m_title;
    QLabel *m_parent;
    QLabel *m_forecast;
    QLabel *m_decision;
    QLabel *m_fate;
};
