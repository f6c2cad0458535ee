#include "llmsettingsdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {

QString group()
{
    return QStringLiteral("LlmSurrogate");
}

} // namespace

LlmSettingsDialog::LlmSettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_endpoint(new QLineEdit(this))
    , m_model(new QLineEdit(this))
    , m_apiKeyEnv(new QLineEdit(this))
    , m_temperature(new QDoubleSpinBox(this))
    , m_maxTokens(new QSpinBox(this))
    , m_timeout(new QDoubleSpinBox(this))
    , m_totalTimeout(new QDoubleSpinBox(this))
    , m_retries(new QSpinBox(this))
    , m_maxResponseMiB(new QSpinBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_allowDeferral(new QCheckBox(tr("Let the model defer to the GPU (predict-or-defer tool)"), this))
{
    setWindowTitle(tr("LLM Surrogate"));
    m_endpoint->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/v1"));
    m_model->setPlaceholderText(QStringLiteral("gpt-oss-20b"));
    m_apiKeyEnv->setPlaceholderText(QStringLiteral("OPENAI_API_KEY"));
    // A variable name, never a key: refuse anything that could not name an environment variable.
    m_apiKeyEnv->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*")), this));
    m_apiKeyEnv->setToolTip(tr("The name of the environment variable holding the API key; the key itself is "
                               "read when forecasting starts and never stored"));
    m_temperature->setRange(0.0, 2.0);
    m_temperature->setSingleStep(0.1);
    m_maxTokens->setRange(1, 1'000'000);
    for (auto *timeout : {m_timeout, m_totalTimeout}) {
        timeout->setRange(kfx::surrogate::kMinTimeoutSeconds, kfx::surrogate::kMaxTimeoutSeconds);
        timeout->setSuffix(tr(" s"));
    }
    m_totalTimeout->setToolTip(tr("The longest one forecast may take, retries included"));
    m_retries->setRange(0, 20);
    m_maxResponseMiB->setRange(1, 1024);
    m_maxResponseMiB->setSuffix(tr(" MiB"));
    m_concurrency->setRange(1, 256);

    auto *form = new QFormLayout;
    form->addRow(tr("&Endpoint:"), m_endpoint);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API key &variable:"), m_apiKeyEnv);
    form->addRow(tr("&Temperature:"), m_temperature);
    form->addRow(tr("Max &tokens:"), m_maxTokens);
    form->addRow(tr("T&imeout:"), m_timeout);
    form->addRow(tr("Total time &budget:"), m_totalTimeout);
    form->addRow(tr("&Retries:"), m_retries);
    form->addRow(tr("Largest &response:"), m_maxResponseMiB);
    form->addRow(tr("&Concurrency:"), m_concurrency);
    form->addRow(QString(), m_allowDeferral);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setSettings(load());
}

kfx::surrogate::LlmSettings LlmSettingsDialog::load()
{
    kfx::surrogate::LlmSettings defaults;
    QSettings settings;
    settings.beginGroup(group());
    kfx::surrogate::LlmSettings loaded = defaults;
    loaded.endpoint = settings.value(QStringLiteral("endpoint")).toString().toStdString();
    loaded.model = settings.value(QStringLiteral("model")).toString().toStdString();
    loaded.apiKeyEnv = settings.value(QStringLiteral("apiKeyEnv")).toString().toStdString();
    loaded.temperature = settings.value(QStringLiteral("temperature"), defaults.temperature).toDouble();
    loaded.maxTokens = settings.value(QStringLiteral("maxTokens"), defaults.maxTokens).toInt();
    loaded.timeoutSeconds = settings.value(QStringLiteral("timeoutSeconds"), defaults.timeoutSeconds).toDouble();
    loaded.totalTimeoutSeconds =
        settings.value(QStringLiteral("totalTimeoutSeconds"), defaults.totalTimeoutSeconds).toDouble();
    loaded.retries = settings.value(QStringLiteral("retries"), defaults.retries).toInt();
    loaded.maxResponseBytes = settings
                                  .value(QStringLiteral("maxResponseMiB"),
                                         qulonglong(defaults.maxResponseBytes / kfx::surrogate::kMiB))
                                  .toULongLong()
        * kfx::surrogate::kMiB;
    loaded.concurrency = settings.value(QStringLiteral("concurrency"), defaults.concurrency).toInt();
    loaded.allowDeferral = settings.value(QStringLiteral("allowDeferral"), defaults.allowDeferral).toBool();
    return loaded;
}

void LlmSettingsDialog::save(const kfx::surrogate::LlmSettings &llm)
{
    QSettings settings;
    settings.beginGroup(group());
    settings.setValue(QStringLiteral("endpoint"), QString::fromStdString(llm.endpoint));
    settings.setValue(QStringLiteral("model"), QString::fromStdString(llm.model));
    settings.setValue(QStringLiteral("apiKeyEnv"), QString::fromStdString(llm.apiKeyEnv));
    settings.setValue(QStringLiteral("temperature"), llm.temperature);
    settings.setValue(QStringLiteral("maxTokens"), llm.maxTokens);
    settings.setValue(QStringLiteral("timeoutSeconds"), llm.timeoutSeconds);
    settings.setValue(QStringLiteral("totalTimeoutSeconds"), llm.totalTimeoutSeconds);
    settings.setValue(QStringLiteral("retries"), llm.retries);
    settings.setValue(QStringLiteral("maxResponseMiB"), qulonglong(llm.maxResponseBytes / kfx::surrogate::kMiB));
    settings.setValue(QStringLiteral("concurrency"), llm.concurrency);
    settings.setValue(QStringLiteral("allowDeferral"), llm.allowDeferral);
}

bool LlmSettingsDialog::isConfigured(const kfx::surrogate::LlmSettings &settings)
{
    return !settings.endpoint.empty() && !settings.model.empty();
}

kfx::surrogate::LlmSettings LlmSettingsDialog::settings() const
{
    kfx::surrogate::LlmSettings llm;
    llm.endpoint = m_endpoint->text().trimmed().toStdString();
    llm.model = m_model->text().trimmed().toStdString();
    llm.apiKeyEnv = m_apiKeyEnv->text().trimmed().toStdString();
    llm.temperature = m_temperature->value();
    llm.maxTokens = m_maxTokens->value();
    llm.timeoutSeconds = m_timeout->value();
    llm.totalTimeoutSeconds = m_totalTimeout->value();
    llm.retries = m_retries->value();
    llm.maxResponseBytes = std::size_t(m_maxResponseMiB->value()) * kfx::surrogate::kMiB;
    llm.concurrency = m_concurrency->value();
    llm.allowDeferral = m_allowDeferral->isChecked();
    return llm;
}

void LlmSettingsDialog::setSettings(const kfx::surrogate::LlmSettings &llm)
{
    m_endpoint->setText(QString::fromStdString(llm.endpoint));
    m_model->setText(QString::fromStdString(llm.model));
    m_apiKeyEnv->setText(QString::fromStdString(llm.apiKeyEnv));
    m_temperature->setValue(llm.temperature);
    m_maxTokens->setValue(llm.maxTokens);
    m_timeout->setValue(llm.timeoutSeconds);
    m_totalTimeout->setValue(llm.totalTimeoutSeconds);
    m_retries->setValue(llm.retries);
    m_maxResponseMiB->setValue(int(llm.maxResponseBytes / kfx::surrogate::kMiB));
    m_concurrency->setValue(llm.concurrency);
    m_allowDeferral->setChecked(llm.allowDeferral);
}

void LlmSettingsDialog::accept()
{
    save(settings());
    QDialog::accept();
}
