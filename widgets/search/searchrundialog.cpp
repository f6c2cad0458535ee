#include "searchrundialog.h"

#include "common/displaytext.h"
#include "common/elidedlabel.h"
#include "gpu/measuresettings.h"
#include "gpu/measuresettingsdialog.h"
#include "model/speedupbin.h"
#include "search/searchworkers.h"
#include "search/standinsource.h"
#include "session/tasklocator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>
#include <limits>

using kfx::search::SearchMode;
using kfx::search::SelectionPolicy;

namespace {

enum BudgetUnit { Measurements, GpuSeconds };

// A line edit with a Browse… button that picks a directory or a file to save.
QWidget *withBrowse(QLineEdit *edit, QWidget *parent, bool directory)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto *browse = new QPushButton(SearchRunDialog::tr("Browse…"), row);
    browse->setAccessibleName(SearchRunDialog::tr("Browse for %1").arg(edit->accessibleName()));
    layout->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, edit, [edit, directory] {
        const auto chosen = directory
            ? QFileDialog::getExistingDirectory(edit->window(), edit->accessibleName(), edit->text())
            : QFileDialog::getSaveFileName(edit->window(), edit->accessibleName(), edit->text(),
                                           SearchRunDialog::tr("Search logs (*.jsonl)"));
        if (!chosen.isEmpty()) {
            edit->setText(chosen);
            Q_EMIT edit->editingFinished();
        }
    });
    return row;
}

// The workspace's folder when one is open and writable, else a folder under the system's temporary one.
QString defaultLog(const QString &dataFile, const QString &task)
{
    QString folder = dataFile.isEmpty() ? QString() : QFileInfo(dataFile).absolutePath();
    if (folder.isEmpty() || !QFileInfo(folder).isWritable()) {
        folder = QDir::temp().filePath(QStringLiteral("kfx-searches"));
        QDir().mkpath(folder);
    }
    const auto name = task.isEmpty() ? QStringLiteral("search") : QDir(task).dirName();
    return QDir(folder).filePath(
        QStringLiteral("%1-run-%2.jsonl")
            .arg(name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

// Where the form's choices are kept from one run to the next (the task, pool and log follow the search shown).
QString settingsKey(const char *field)
{
    return QStringLiteral("searchRun/") + QLatin1String(field);
}

} // namespace

SearchRunDialog::SearchRunDialog(const QString &dataFile, const TrustSettings &gate, QWidget *parent)
    : QDialog(parent)
    , m_task(new QLineEdit(this))
    , m_usePool(new QRadioButton(tr("Candidate &pool or template mutations (a stand-in for an LLM)"), this))
    , m_pool(new QLineEdit(this))
    , m_useLlm(new QRadioButton(tr("&OpenAI-compatible server"), this))
    , m_llmUrl(new QLineEdit(this))
    , m_llmModel(new QLineEdit(this))
    , m_mode(new QComboBox(this))
    , m_policy(new QComboBox(this))
    , m_trustLevel(new QDoubleSpinBox(this))
    , m_budget(new QDoubleSpinBox(this))
    , m_budgetUnit(new QComboBox(this))
    , m_workers(new QSpinBox(this))
    , m_steps(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_measurement(new ElidedLabel(this))
    , m_baseline(new QCheckBox(tr("Also run the equal-budget &baseline (measures everything)"), this))
    , m_log(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_dataFile(dataFile)
    , m_gate(gate)
{
    setWindowTitle(tr("Run a Search"));
    setObjectName(QStringLiteral("searchRunDialog"));
    // Room for a task's path and a log's name without scrolling them.
    setMinimumWidth(fontMetrics().averageCharWidth() * 90);
    m_task->setObjectName(QStringLiteral("searchTask"));
    m_task->setAccessibleName(tr("Task directory"));
    m_task->setPlaceholderText(tr("a kfx-task or GPU MODE directory; empty: the pool's or the mutations' task"));
    m_pool->setObjectName(QStringLiteral("searchPool"));
    m_pool->setAccessibleName(tr("Candidate pool or template mutations"));
    m_pool->setToolTip(tr("A directory with a pool.json (a candidate pool) or a mutations.json (template mutations)"));
    m_llmUrl->setObjectName(QStringLiteral("searchLlmUrl"));
    m_llmUrl->setAccessibleName(tr("Server URL"));
    m_llmUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_llmModel->setObjectName(QStringLiteral("searchLlmModel"));
    m_llmModel->setAccessibleName(tr("Model"));
    m_mode->setObjectName(QStringLiteral("searchMode"));
    m_mode->setAccessibleName(tr("Mode"));
    m_mode->addItem(tr("Standard: measure every candidate"), QVariant::fromValue(int(SearchMode::Standard)));
    m_mode->addItem(tr("Selective: forecast, measure only some"), QVariant::fromValue(int(SearchMode::Selective)));
    m_policy->setObjectName(QStringLiteral("searchPolicy"));
    m_policy->setAccessibleName(tr("Policy"));
    m_policy->addItem(tr("Top-k by forecast (the paper)"), QVariant::fromValue(int(SelectionPolicy::TopK)));
    m_policy->addItem(tr("Trust above a confidence threshold"), QVariant::fromValue(int(SelectionPolicy::Threshold)));
    m_policy->addItem(tr("Trust a coverage target"), QVariant::fromValue(int(SelectionPolicy::Coverage)));
    m_policy->addItem(tr("Trust at a certified risk"), QVariant::fromValue(int(SelectionPolicy::Risk)));
    m_trustLevel->setObjectName(QStringLiteral("searchTrustLevel"));
    m_trustLevel->setAccessibleName(tr("Trust level"));
    m_trustLevel->setRange(0.0, 1.0);
    m_trustLevel->setSingleStep(0.05);
    m_budget->setObjectName(QStringLiteral("searchBudget"));
    m_budget->setAccessibleName(tr("GPU budget"));
    m_budget->setRange(0.0, 1e7);
    m_budget->setDecimals(0);
    m_budget->setValue(40);
    m_budgetUnit->setObjectName(QStringLiteral("searchBudgetUnit"));
    m_budgetUnit->setAccessibleName(tr("GPU budget unit"));
    m_budgetUnit->addItem(tr("measurements"));
    m_budgetUnit->addItem(tr("GPU-seconds"));
    m_workers->setObjectName(QStringLiteral("searchWorkers"));
    m_workers->setAccessibleName(tr("Workers"));
    m_workers->setRange(1, 256);
    m_workers->setToolTip(tr("Measurement workers kept busy at once: one per GPU"));
    m_steps->setObjectName(QStringLiteral("searchSteps"));
    m_steps->setAccessibleName(tr("Steps"));
    m_steps->setRange(1, 100000);
    m_steps->setValue(kfx::search::SearchConfig{}.steps);
    m_seed->setObjectName(QStringLiteral("searchSeed"));
    m_seed->setAccessibleName(tr("Seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_baseline->setObjectName(QStringLiteral("searchBaseline"));
    m_log->setObjectName(QStringLiteral("searchLog"));
    m_log->setAccessibleName(tr("Log"));
    m_error->setObjectName(QStringLiteral("searchRunError"));
    m_error->setWordWrap(true);
    m_error->setForegroundRole(QPalette::Link);
    m_error->hide();
    m_usePool->setChecked(true);

    auto *budget = new QWidget(this);
    auto *budgetLayout = new QHBoxLayout(budget);
    budgetLayout->setContentsMargins(0, 0, 0, 0);
    budgetLayout->addWidget(m_budget, 1);
    budgetLayout->addWidget(m_budgetUnit);
    auto *measurement = new QWidget(this);
    auto *measurementLayout = new QHBoxLayout(measurement);
    measurementLayout->setContentsMargins(0, 0, 0, 0);
    m_measurement->setAccessibleName(tr("Measured by"));
    measurementLayout->addWidget(m_measurement, 1);
    auto *settings = new QPushButton(tr("Measurement &Settings…"), measurement);
    measurementLayout->addWidget(settings);

    auto *form = new QFormLayout;
    form->addRow(tr("&Task:"), withBrowse(m_task, this, true));
    form->addRow(m_usePool);
    form->addRow(tr("Pool or mutations &directory:"), withBrowse(m_pool, this, true));
    form->addRow(m_useLlm);
    form->addRow(tr("Server &URL:"), m_llmUrl);
    form->addRow(tr("Mo&del:"), m_llmModel);
    form->addRow(tr("&Mode:"), m_mode);
    form->addRow(tr("Pol&icy:"), m_policy);
    form->addRow(tr("Trust &level:"), m_trustLevel);
    form->addRow(tr("GPU &budget:"), budget);
    form->addRow(tr("&Workers:"), m_workers);
    form->addRow(tr("St&eps:"), m_steps);
    form->addRow(tr("See&d:"), m_seed);
    form->addRow(tr("Measured by:"), measurement);
    form->addRow(m_baseline);
    form->addRow(tr("&Log:"), withBrowse(m_log, this, false));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(settings, &QPushButton::clicked, this, [this] {
        MeasureSettingsDialog dialog(MeasureSettings::load(), this);
        if (dialog.exec() == QDialog::Accepted) {
            dialog.settings().save();
            showMeasurement();
        }
    });
    connect(m_task, &QLineEdit::editingFinished, this, &SearchRunDialog::taskChanged);
    connect(m_pool, &QLineEdit::textEdited, this, [this] { m_poolFromTask = false; });
    connect(m_usePool, &QRadioButton::toggled, this, &SearchRunDialog::updateEnabled);
    connect(m_mode, qOverload<int>(&QComboBox::currentIndexChanged), this, &SearchRunDialog::updateEnabled);
    connect(m_policy, qOverload<int>(&QComboBox::currentIndexChanged), this, &SearchRunDialog::policyChanged);
    connect(m_budgetUnit, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int unit) { m_budget->setDecimals(unit == Measurements ? 0 : 1); });

    connect(m_pool, &QLineEdit::editingFinished, this, &SearchRunDialog::proposeLog);
    connect(m_usePool, &QRadioButton::toggled, this, &SearchRunDialog::proposeLog);

    // As Ctrl+M finds it, without asking: the user can type or browse here instead.
    m_task->setText(TaskLocator().taskDirectory(dataFile));
    taskChanged();
    showMeasurement();
    restoreChoices();
}

QString SearchRunDialog::searchTask() const
{
    const auto task = m_task->text().trimmed();
    if (!task.isEmpty() || !m_usePool->isChecked())
        return task;
    try {
        return QString::fromStdString(
            kfx::search::openStandInSource(m_pool->text().trimmed().toStdString()).taskDirectory);
    } catch (const std::exception &) {
        return {}; // the form names the pool's fault when it is accepted
    }
}

void SearchRunDialog::proposeLog()
{
    if (m_log->text() != m_proposedLog)
        return; // typed or browsed: the user's
    m_proposedLog = defaultLog(m_dataFile, searchTask());
    m_log->setText(m_proposedLog);
}

void SearchRunDialog::restoreChoices()
{
    const QSettings settings;
    const auto index = [&](const char *field, QComboBox *box) {
        box->setCurrentIndex(
            std::clamp(settings.value(settingsKey(field), box->currentIndex()).toInt(), 0, box->count() - 1));
    };
    (settings.value(settingsKey("llm"), false).toBool() ? m_useLlm : m_usePool)->setChecked(true);
    m_llmUrl->setText(settings.value(settingsKey("llmUrl")).toString());
    m_llmModel->setText(settings.value(settingsKey("llmModel")).toString());
    index("mode", m_mode);
    index("policy", m_policy);
    policyChanged();
    index("budgetUnit", m_budgetUnit);
    m_budget->setValue(settings.value(settingsKey("budget"), m_budget->value()).toDouble());
    m_workers->setValue(settings.value(settingsKey("workers"), m_workers->value()).toInt());
    m_steps->setValue(settings.value(settingsKey("steps"), m_steps->value()).toInt());
    m_seed->setValue(settings.value(settingsKey("seed"), m_seed->value()).toInt());
    m_baseline->setChecked(settings.value(settingsKey("baseline"), m_baseline->isChecked()).toBool());
}

void SearchRunDialog::saveChoices() const
{
    QSettings settings;
    settings.setValue(settingsKey("llm"), m_useLlm->isChecked());
    settings.setValue(settingsKey("llmUrl"), m_llmUrl->text().trimmed());
    settings.setValue(settingsKey("llmModel"), m_llmModel->text().trimmed());
    settings.setValue(settingsKey("mode"), m_mode->currentIndex());
    settings.setValue(settingsKey("policy"), m_policy->currentIndex());
    settings.setValue(settingsKey("budgetUnit"), m_budgetUnit->currentIndex());
    settings.setValue(settingsKey("budget"), m_budget->value());
    settings.setValue(settingsKey("workers"), m_workers->value());
    settings.setValue(settingsKey("steps"), m_steps->value());
    settings.setValue(settingsKey("seed"), m_seed->value());
    settings.setValue(settingsKey("baseline"), m_baseline->isChecked());
}

QString SearchRunDialog::bundledPool(const QString &taskDirectory)
{
    const auto tasks = TaskLocator::bundledTasksDirectory();
    const auto name = QFileInfo(taskDirectory).fileName();
    if (tasks.isEmpty() || name.isEmpty())
        return {};
    const QDir pool(QDir(tasks).filePath(QStringLiteral("../pools/") + name));
    return pool.exists(QStringLiteral("pool.json")) ? pool.absolutePath() : QString();
}

void SearchRunDialog::taskChanged()
{
    if (m_poolFromTask)
        m_pool->setText(bundledPool(m_task->text().trimmed()));
    proposeLog();
}

void SearchRunDialog::updateEnabled()
{
    const bool pool = m_usePool->isChecked();
    m_pool->parentWidget()->setEnabled(pool);
    m_llmUrl->setEnabled(!pool);
    m_llmModel->setEnabled(!pool);
    const bool selective = m_mode->currentIndex() == 1;
    m_policy->setEnabled(selective);
    m_trustLevel->setEnabled(selective && m_policy->currentIndex() > 0);
}

void SearchRunDialog::policyChanged()
{
    // The level starts where the gate bar stands, by the gate's score: one trust setting on screen, not two.
    const auto policy = static_cast<SelectionPolicy>(m_policy->currentData().toInt());
    const bool expectedBin = policy == SelectionPolicy::Threshold
        && m_gate.confidence == kfx::metrics::ConfidenceScore::ExpectedBin;
    m_trustLevel->setRange(0.0, expectedBin ? double(kfx::kBinCount - 1) : 1.0);
    m_trustLevel->setValue(m_gate.level(policy));
    QString what;
    switch (policy) {
    case SelectionPolicy::TopK:
        what = tr("Top-k trusts no forecast: every selected candidate is measured");
        break;
    case SelectionPolicy::Threshold:
        what = tr("The confidence (%1) a forecast needs to be trusted").arg(confidenceScoreText(m_gate.confidence));
        break;
    case SelectionPolicy::Coverage:
        what = tr("The share of each step's selected candidates trusted, the most confident by %1")
                   .arg(confidenceScoreText(m_gate.confidence));
        break;
    case SelectionPolicy::Risk:
        what = tr("α: the largest share of trusted forecasts that may be wrong, certified with probability 1 − δ "
                  "(δ = %1)")
                   .arg(QLocale().toString(m_gate.delta));
        break;
    }
    if (policy != SelectionPolicy::TopK)
        what += QLatin1Char('\n') + tr("The gate bar's: %1").arg(m_gate.describe(policy));
    m_trustLevel->setToolTip(what);
    updateEnabled();
}

void SearchRunDialog::showMeasurement()
{
    const auto settings = MeasureSettings::load();
    const auto worker = QFileInfo(settings.workerCommand).fileName();
    m_measurement->setFullText(settings.useSlurm ? tr("%1 through Slurm").arg(worker)
                                   : settings.launchPrefix.isEmpty()
                                   ? worker
                                   : tr("%1 behind “%2”").arg(worker, settings.launchPrefix));
}

QString SearchRunDialog::validate() const
{
    const auto task = m_task->text().trimmed();
    if (!task.isEmpty() && !TaskLocator::isTaskDirectory(task))
        return tr("Task: %1 is not a kfx-task or GPU MODE task directory.").arg(task);
    if (m_usePool->isChecked()) {
        const auto pool = m_pool->text().trimmed();
        if (pool.isEmpty())
            return tr("Candidate pool or template mutations: choose a directory with a pool.json or a mutations.json.");
        // Opened as the search will open it, so that a spec at fault is named here rather than when the run fails.
        QString poolTask;
        try {
            poolTask = QString::fromStdString(kfx::search::openStandInSource(pool.toStdString()).taskDirectory);
        } catch (const std::exception &error) {
            return tr("Candidate pool or template mutations: %1").arg(QString::fromStdString(error.what()));
        }
        // Its kernels are written for one task: measured against another's reference, they would fail or lie.
        if (!task.isEmpty() && QDir(poolTask).dirName() != QDir(task).dirName())
            return tr("Candidate pool or template mutations: its kernels are for the task “%1”, not “%2”.")
                .arg(QDir(poolTask).dirName(), QDir(task).dirName());
    } else {
        const QUrl url(m_llmUrl->text().trimmed(), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            return tr("Server URL: give an http:// or https:// address.");
        if (m_llmModel->text().trimmed().isEmpty())
            return tr("Model: name the model the server should use.");
        if (task.isEmpty())
            return tr("Task: a server needs the task directory its kernels are written for.");
    }
    if (m_budget->value() <= 0.0)
        return tr("GPU budget: give more than 0 %1.").arg(m_budgetUnit->currentText());
    const auto log = m_log->text().trimmed();
    if (log.isEmpty())
        return tr("Log: choose the file the search is written to.");
    if (!QFileInfo(QFileInfo(log).absolutePath()).isDir())
        return tr("Log: the folder %1 does not exist.").arg(QFileInfo(log).absolutePath());
    QStringList logs{log};
    if (m_baseline->isChecked())
        logs << QString::fromStdString(kfx::search::defaultBaselineLog(log.toStdString()));
    for (const auto &file : logs) {
        if (QFileInfo(file).size() > 0)
            return tr("Log: %1 already holds a search; choose a new file.").arg(file);
    }
    return {};
}

SearchRunRequest SearchRunDialog::request(QString *error) const
{
    SearchRunRequest request;
    *error = validate();
    if (!error->isEmpty())
        return request;
    request.task = m_task->text().trimmed();
    if (m_usePool->isChecked()) {
        request.pool = m_pool->text().trimmed();
    } else {
        request.llmUrl = m_llmUrl->text().trimmed();
        request.llmModel = m_llmModel->text().trimmed();
    }
    auto &config = request.config;
    config.mode = static_cast<SearchMode>(m_mode->currentData().toInt());
    config.policy = static_cast<SelectionPolicy>(m_policy->currentData().toInt());
    m_gate.applyTo(config); // the gate's score and δ; the level is the form's
    switch (config.policy) {
    case SelectionPolicy::TopK:
        break;
    case SelectionPolicy::Threshold:
        config.threshold = m_trustLevel->value();
        break;
    case SelectionPolicy::Coverage:
        config.coverage = m_trustLevel->value();
        break;
    case SelectionPolicy::Risk:
        config.alpha = m_trustLevel->value();
        break;
    }
    if (config.mode == SearchMode::Selective)
        config = kfx::search::withSelectiveDefaults(config);
    config.steps = m_steps->value();
    config.seed = static_cast<std::uint64_t>(m_seed->value());
    if (m_budgetUnit->currentIndex() == Measurements)
        config.budgetMeasurements = static_cast<int>(m_budget->value());
    else
        config.budgetGpuSeconds = m_budget->value();
    request.baseline = m_baseline->isChecked();
    request.workers = m_workers->value();
    const auto settings = MeasureSettings::load();
    request.workerCommand = settings.argv();
    request.timeoutMs = settings.timeoutMs;
    request.measure.timing = settings.timing;
    request.measure.python = settings.pythonArgv();
    request.measure.device = settings.computeDevice;
    // Under the client's limit, so that a Python candidate that runs too long is its own timeout, not a lost worker.
    request.measure.timeoutMs = 0.9 * settings.timeoutMs;
    request.log = QFileInfo(m_log->text().trimmed()).absoluteFilePath();
    return request;
}

void SearchRunDialog::accept()
{
    QString error;
    request(&error);
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!error.isEmpty())
        return;
    saveChoices();
    QDialog::accept();
}
