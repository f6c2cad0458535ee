#pragma once

#include <QObject>
#include <QString>

#include <string>
#include <vector>

class QComboBox;
class QWidget;

namespace kfx::workspace {
class Workspace;
}

// Whose forecasts every view shows (issue 23): the log's own, the embedded model's or an LLM server's, one at a
// time, so that the gate, Calibration, F8, the replay and the comparison never mix two surrogates. Nobody chose:
// the log's own when it has any (the embedded model's are added beside them, never put in their place), else the
// first source there is. A person's choice is kept in the workspace beside the data.
class ForecastSourceChoice : public QObject {
    Q_OBJECT
public:
    explicit ForecastSourceChoice(QObject *parent = nullptr);

    // Reads the choice the workspace kept; null (no workspace) forgets any.
    void setWorkspace(kfx::workspace::Workspace *workspace);
    // The sources the search shown carries (kfx::forecastSources). Changes what is shown only while nobody chose.
    void setAvailable(std::vector<std::string> sources);
    // The sources to offer: those available, and the one chosen though none of its forecasts is there yet.
    std::vector<std::string> offered() const;
    std::string shown() const;
    // A person's choice, kept in the workspace; empty while nobody chose.
    const std::string &chosenSource() const { return m_chosen; }
    // What shown() is with `available` sources and `chosen` as the person's choice, wherever it is computed.
    static std::string shownOf(const std::vector<std::string> &available, const std::string &chosen);
    // A person's choice; kept in the workspace.
    void choose(const std::string &source);

    // "the search log's own", "embedded model", "LLM: gpt-oss-20b": the source as the window names it.
    static QString displayName(const std::string &source);
    // The gate bar's "Forecasts by" box, following this choice and making it.
    QWidget *createBox(QWidget *parent);

Q_SIGNALS:
    void offeredChanged();
    // A person chose another source: every view is to show its forecasts.
    void chosen();
    void failed(const QString &message);

private:
    void fill(QComboBox *box) const;

    kfx::workspace::Workspace *m_workspace = nullptr;
    std::vector<std::string> m_available;
    std::string m_chosen; // empty: nobody chose
};
