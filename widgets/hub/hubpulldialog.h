#pragma once

#include <QDialog>
#include <QPointer>

class HubPullJob;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

// File → Open from Hugging Face…: a published dataset's split downloaded through the dataset viewer's rows API
// (kfx::hub::DatasetPull) into the data folder, with progress and Cancel; `pulled` names the file to open.
class HubPullDialog : public QDialog {
    Q_OBJECT
public:
    explicit HubPullDialog(QWidget *parent = nullptr);
    ~HubPullDialog() override;

    // Where pulled files go: $XDG_DATA_HOME/kfx/kfx/hub unless set.
    void setOutputFolder(const QString &folder);

    void reject() override;

Q_SIGNALS:
    void pulled(const QString &path);

private:
    void startPull();
    void showProgress(qint64 rowsDone, qint64 rowsTotal, const QString &note);
    void finishPull(const QString &path, const QString &summary);
    void failPull(const QString &message, bool cancelled);
    void setRunning(bool running);

    QComboBox *m_dataset;
    QLineEdit *m_config;
    QLineEdit *m_split;
    QLineEdit *m_server;
    QProgressBar *m_progress;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QPushButton *m_download;
    QString m_outputFolder;
    QPointer<HubPullJob> m_job;
};
