#include "measuresettingsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
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
    , m_python(new QLineEdit(settings.python, this))
    , m_device(settings.computeDevice)
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

    m_python->setAccessibleName(tr("Python interpreter"));
    m_python->setToolTip(tr("The interpreter GPU MODE and KernelBench candidates run in, with PyTorch installed: "
                            "python3, a virtualenv's directory, or a command such as \"srun --gres=gpu:1 python3\""));

    auto *form = new QFormLayout;
    // QFormLayout gives a label its buddy only when the field is a widget: this row's field is a layout (the
    // command and its Browse button), so without a buddy of its own the label would show a literal "&".
    auto *commandLabel = new QLabel(tr("&Worker:"), this);
    commandLabel->setBuddy(m_command);
    form->addRow(commandLabel, commandRow);
    form->addRow(tr("Launch &prefix:"), m_prefix);
    form->addRow(tr("&Timing:"), m_timing);
    form->addRow(tr("Time &limit per kernel:"), m_timeout);
    form->addRow(tr("P&ython:"), m_python);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(slurmGroup(settings));
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
    edited.python = m_python->text().trimmed();
    // Not in the dialog: the CPU test mode comes from the environment or the settings file, and stays as it was.
    edited.computeDevice = m_device;
    applySlurm(edited);
    return edited;
}

QGroupBox *MeasureSettingsDialog::slurmGroup(const MeasureSettings &settings)
{
    m_slurm = new QGroupBox(tr("Measure through &Slurm"), this);
    m_slurm->setCheckable(true);
    m_slurm->setChecked(settings.useSlurm);
    m_slurm->setToolTip(tr("Run each worker as a Slurm job (srun) on the cluster's GPU nodes: the launch prefix is "
                           "then not used, and the worker command and the task directories must be visible at "
                           "the same paths on the nodes"));
    const auto field = [this](const std::string &value, const QString &name, const QString &tip) {
        auto *edit = new QLineEdit(QString::fromStdString(value), m_slurm);
        edit->setAccessibleName(name);
        edit->setToolTip(tip);
        return edit;
    };
    m_partition = field(settings.slurm.partition, tr("Slurm partition"), tr("srun --partition; empty: the default"));
    m_partition->setPlaceholderText(tr("the cluster's default"));
    m_gres = field(settings.slurm.gres, tr("Slurm GRES"), tr("srun --gres: the GPUs of one worker, as gpu:1"));
    m_timeLimit = field(settings.slurm.timeLimit, tr("Slurm time limit"),
                        tr("srun --time for each worker's job, as 2:00:00; empty: the partition's default"));
    m_srunOptions = field(settings.slurm.extraOptions, tr("Further srun options"),
                          tr("Added to each srun, for example --account=lab --qos=short"));
    m_slurmWorkers = new QSpinBox(m_slurm);
    m_slurmWorkers->setRange(1, 256);
    m_slurmWorkers->setValue(std::max(1, settings.slurmWorkers));
    m_slurmWorkers->setAccessibleName(tr("Slurm workers"));
    m_slurmWorkers->setToolTip(tr("How many workers (jobs, one GPU each) kfx keeps alive"));

    auto *form = new QFormLayout(m_slurm);
    form->addRow(tr("P&artition:"), m_partition);
    form->addRow(tr("&GRES:"), m_gres);
    form->addRow(tr("Ti&me limit:"), m_timeLimit);
    form->addRow(tr("E&xtra srun options:"), m_srunOptions);
    form->addRow(tr("W&orkers:"), m_slurmWorkers);
    return m_slurm;
}

void MeasureSettingsDialog::applySlurm(MeasureSettings &edited) const
{
    edited.useSlurm = m_slurm->isChecked();
    edited.slurm.partition = m_partition->text().trimmed().toStdString();
    edited.slurm.gres = m_gres->text().trimmed().toStdString();
    edited.slurm.timeLimit = m_timeLimit->text().trimmed().toStdString();
    edited.slurm.extraOptions = m_srunOptions->text().trimmed().toStdString();
    edited.slurmWorkers = m_slurmWorkers->value();
}
