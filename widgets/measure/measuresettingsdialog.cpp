#include "measuresettingsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

MeasureSettingsDialog::MeasureSettingsDialog(const MeasureSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_command(new QLineEdit(settings.workerCommand, this))
    , m_prefix(new QLineEdit(settings.launchPrefix, this))
    , m_timing(new QComboBox(this))
    , m_timeout(new QSpinBox(this))
{
    setWindowTitle(tr("GPU Measurement Settings"));

    m_command->setAccessibleName(tr("Worker command"));
    m_command->setToolTip(tr("The kfx-measure executable, with any arguments; on the far side of the launch "
                             "prefix when there is one"));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setToolTip(tr("Choose the kfx-measure executable on this machine"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const auto path = QFileDialog::getOpenFileName(this, tr("Choose kfx-measure"), m_command->text());
        if (!path.isEmpty())
            m_command->setText(path);
    });
    auto *commandRow = new QHBoxLayout;
    commandRow->addWidget(m_command, 1);
    commandRow->addWidget(browse);

    m_prefix->setAccessibleName(tr("Launch prefix"));
    m_prefix->setPlaceholderText(tr("none: the GPU of this machine"));
    m_prefix->setToolTip(tr("A command the worker is started through, to measure on another machine: for "
                            "example \"ssh gpu-box\" or \"srun --gres=gpu:1\""));

    m_timing->addItem(tr("Robust (warm-up, L2 flushed, median)"), int(kfx::measure::TimingProtocol::Robust));
    m_timing->addItem(tr("Reference (the published protocol, mean)"), int(kfx::measure::TimingProtocol::Reference));
    m_timing->setCurrentIndex(m_timing->findData(int(settings.timing)));
    m_timing->setAccessibleName(tr("Timing protocol"));
    m_timing->setToolTip(tr("Robust gives steadier figures; Reference times the way the published searches did"));

    m_timeout->setRange(1, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setValue(std::max(1, settings.timeoutMs / 1000));
    m_timeout->setAccessibleName(tr("Time limit per kernel"));
    m_timeout->setToolTip(tr("A kernel with no result after this long is stopped and recorded as a timeout"));

    auto *form = new QFormLayout;
    // QFormLayout gives a label its buddy only when the field is a widget: this row's field is a layout (the
    // command and its Browse button), so without a buddy of its own the label would show a literal "&".
    auto *commandLabel = new QLabel(tr("&Worker:"), this);
    commandLabel->setBuddy(m_command);
    form->addRow(commandLabel, commandRow);
    form->addRow(tr("Launch &prefix:"), m_prefix);
    form->addRow(tr("&Timing:"), m_timing);
    form->addRow(tr("Time &limit per kernel:"), m_timeout);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

MeasureSettings MeasureSettingsDialog::settings() const
{
    MeasureSettings edited;
    edited.workerCommand = m_command->text().trimmed();
    edited.launchPrefix = m_prefix->text().trimmed();
    edited.timing = kfx::measure::TimingProtocol(m_timing->currentData().toInt());
    edited.timeoutMs = m_timeout->value() * 1000;
    return edited;
}
