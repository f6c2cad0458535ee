#pragma once

#include "surrogate/llmsurrogate.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

// The LLM surrogate's settings, kept in QSettings. The API key is never asked for: only the NAME of the
// environment variable that holds it, which the client reads when a batch starts.
class LlmSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit LlmSettingsDialog(QWidget *parent = nullptr);

    static kfx::surrogate::LlmSettings load();
    static void save(const kfx::surrogate::LlmSettings &settings);
    // Whether an endpoint and a model are set, so the LLM surrogate can be asked at all.
    static bool isConfigured(const kfx::surrogate::LlmSettings &settings);

    kfx::surrogate::LlmSettings settings() const;
    void setSettings(const kfx::surrogate::LlmSettings &settings);

    void accept() override;

private:
    QLineEdit *m_endpoint;
    QLineEdit *m_model;
    QLineEdit *m_apiKeyEnv;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_maxTokens;
    QDoubleSpinBox *m_timeout;
    QDoubleSpinBox *m_totalTimeout;
    QSpinBox *m_retries;
    QSpinBox *m_maxResponseMiB;
    QSpinBox *m_concurrency;
    QCheckBox *m_allowDeferral;
};
