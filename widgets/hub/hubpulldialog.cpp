#include "hubpulldialog.h"

#include "hubpulljob.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>

HubPullDialog::HubPullDialog(QWidget *parent)
    : QDialog(parent)
    , m_dataset(new QComboBox(this))
    , m_config(new QLineEdit(this))
    , m_split(new QLineEdit(this))
    , m_server(new QLineEdit(
          QString::fromUtf8(kfx::hub::kDefaultEndpoint.data(), qsizetype(kfx::hub::kDefaultEndpoint.size())), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_download(m_buttons->addButton(tr("&Download and Open"), QDialogButtonBox::AcceptRole))
    , m_outputFolder(
          QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("hub")))
{
    setWindowTitle(tr("Open from Hugging Face"));
    m_dataset->setEditable(true);
    for (const auto &published : kfx::hub::kPublishedDatasets)
        m_dataset->addItem(QString::fromUtf8(published.id.data(), qsizetype(published.id.size())));
    m_config->setPlaceholderText(tr("“combined”, or the only config"));
    m_split->setPlaceholderText(tr("the config’s only split"));
    m_server->setToolTip(tr("The Hugging Face dataset viewer, or a server that answers as it does"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const std::pair<QWidget *, const char *> names[] = {
        {m_dataset, "hubDataset"},   {m_config, "hubConfig"}, {m_split, "hubSplit"},       {m_server, "hubServer"},
        {m_progress, "hubProgress"}, {m_status, "hubStatus"}, {m_download, "hubDownload"},
    };
    for (const auto &[widget, name] : names)
        widget->setObjectName(QString::fromLatin1(name));
    m_dataset->setAccessibleName(tr("Dataset"));
    m_config->setAccessibleName(tr("Config"));
    m_split->setAccessibleName(tr("Split"));
    m_server->setAccessibleName(tr("Server"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Dataset:"), m_dataset);
    form->addRow(tr("&Config:"), m_config);
    form->addRow(tr("&Split:"), m_split);
    form->addRow(tr("Se&rver:"), m_server);
    auto *tokenNote = new QLabel(
        tr("Gated datasets need a Hugging Face token in the environment variable %1; it is sent, never stored.")
            .arg(QString::fromUtf8(kfx::hub::kTokenVariable.data(), qsizetype(kfx::hub::kTokenVariable.size()))),
        this);
    tokenNote->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(tokenNote);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    connect(m_download, &QPushButton::clicked, this, &HubPullDialog::startPull);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &HubPullDialog::reject);
    setMinimumWidth(520);
}

HubPullDialog::~HubPullDialog() = default;

void HubPullDialog::setOutputFolder(const QString &folder)
{
    m_outputFolder = folder;
}

void HubPullDialog::reject()
{
    // Cancel stops a download under way; the dialog stays, so what was fetched so far can be resumed.
    if (m_job) {
        m_job->cancel();
        return;
    }
    QDialog::reject();
}

void HubPullDialog::startPull()
{
    if (m_job)
        return;
    kfx::hub::PullSettings settings;
    settings.dataset = m_dataset->currentText().trimmed().toStdString();
    settings.config = m_config->text().trimmed().toStdString();
    settings.split = m_split->text().trimmed().toStdString();
    settings.endpoint = m_server->text().trimmed().toStdString();
    settings.token = kfx::hub::tokenFromEnvironment();
    if (settings.dataset.empty()) {
        m_status->setText(tr("Name a dataset, as owner/name."));
        return;
    }
    if (!QDir().mkpath(m_outputFolder)) {
        m_status->setText(tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(m_outputFolder)));
        return;
    }
    settings.out = QDir(m_outputFolder).absolutePath().toStdString();
    m_job = new HubPullJob(std::move(settings), this);
    connect(m_job, &HubPullJob::progressed, this, &HubPullDialog::showProgress);
    connect(m_job, &HubPullJob::succeeded, this, &HubPullDialog::finishPull);
    connect(m_job, &HubPullJob::failed, this, &HubPullDialog::failPull);
    setRunning(true);
    m_status->setText(tr("Asking %1 for the dataset’s splits…").arg(m_server->text().trimmed()));
    m_job->start();
}

void HubPullDialog::showProgress(qint64 rowsDone, qint64 rowsTotal, const QString &note)
{
    // Progress bars hold ints; the published splits are far below INT_MAX rows.
    m_progress->setRange(0, int(std::max<qint64>(rowsTotal, 1)));
    m_progress->setValue(int(rowsDone));
    m_status->setText(note.isEmpty() ? tr("%1 of %n row(s)", nullptr, int(rowsTotal)).arg(rowsDone)
                                     : tr("%1 of %n row(s): %2", nullptr, int(rowsTotal)).arg(rowsDone).arg(note));
}

void HubPullDialog::finishPull(const QString &path, const QString &summary)
{
    m_job->deleteLater();
    m_job.clear();
    setRunning(false);
    m_status->setText(tr("Downloaded %1.").arg(summary));
    Q_EMIT pulled(path);
    accept();
}

void HubPullDialog::failPull(const QString &message, bool cancelled)
{
    m_job->deleteLater();
    m_job.clear();
    setRunning(false);
    m_status->setText(cancelled ? tr("Cancelled. The pages fetched so far are kept; downloading again resumes.")
                                : tr("Could not download: %1").arg(message));
}

void HubPullDialog::setRunning(bool running)
{
    for (QWidget *input :
         {static_cast<QWidget *>(m_dataset), static_cast<QWidget *>(m_config), static_cast<QWidget *>(m_split),
          static_cast<QWidget *>(m_server), static_cast<QWidget *>(m_download)})
        input->setEnabled(!running);
    if (!running && m_progress->value() == 0)
        m_progress->setRange(0, 1);
}
