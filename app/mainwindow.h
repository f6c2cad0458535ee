#pragma once

#include "io/loadedfile.h"

#include <QMainWindow>

#include <map>
#include <memory>
#include <thread>
#include <vector>

class CodeView;
class DiagnosticsModel;
class GateController;
class PopulationModel;
class PopulationProxyModel;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSplitter;
class QTableView;
class QTreeView;

// The kfx window: the lineage tree of a search beside the code of the selected kernel, load errors in a dock.
// It only wires the models and views of kfx_widgets together and loads files off the GUI thread.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the files in the background and shows what they hold; loading again drops a load still running.
    void openFiles(const QStringList &paths);
    // Shows a population directly, as a loaded search log would be shown.
    void showPopulation(std::shared_ptr<const kfx::Population> population, const QString &label = {});

    bool isLoading() const { return m_loading; }
    QTreeView *treeView() const { return m_tree; }
    CodeView *codeView() const { return m_codeView; }
    PopulationModel *populationModel() const { return m_populationModel; }
    PopulationProxyModel *proxyModel() const { return m_proxyModel; }
    DiagnosticsModel *diagnosticsModel() const { return m_diagnosticsModel; }
    GateController *gateController() const { return m_gate; }
    QString statusText() const;

Q_SIGNALS:
    void loadingFinished();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void openWithDialog();
    void showCurrentNode(const QModelIndex &current);
    void onLoadProgress(int job, int done, int total, const QString &file);
    void onLoaded(int job, std::shared_ptr<std::vector<kfx::LoadedFile>> files);
    void setLoading(bool loading);
    void updateStatus();
    void resizeTreeColumns();
    void restoreSettings();
    void saveSettings() const;

    PopulationModel *m_populationModel;
    PopulationProxyModel *m_proxyModel;
    DiagnosticsModel *m_diagnosticsModel;
    QLineEdit *m_filter;
    QTreeView *m_tree;
    QLabel *m_nodeHeading;
    CodeView *m_codeView;
    QSplitter *m_splitter;
    QTableView *m_diagnosticsView;
    QLabel *m_statusLabel;
    QLabel *m_progressLabel;
    QProgressBar *m_progress;
    GateController *m_gate = nullptr;

    bool m_loading = false;
    int m_job = 0;
    std::size_t m_pairs = 0;
    std::size_t m_predictions = 0;
    // Loader threads by job, joined when their result arrives or the window goes away.
    std::map<int, std::thread> m_loaders;
};
