#include "helpmenu.h"

#include "buildinfo.h"

#include "kfx-config.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

HelpMenu::HelpMenu(const QMenuBar *menus, QWidget *parent) : QMenu(tr("&Help"), parent), m_menus(menus)
{
    auto *keys = addAction(tr("&Keyboard Shortcuts"), this, &HelpMenu::showShortcuts);
    keys->setObjectName(QStringLiteral("keyboardShortcuts"));
    keys->setShortcut(QKeySequence(QStringLiteral("Ctrl+/")));
    auto *about = addAction(tr("&About kfx"), this,
                            [this] { QMessageBox::about(parentWidget(), tr("About kfx"), aboutText()); });
    about->setObjectName(QStringLiteral("about"));
    about->setMenuRole(QAction::AboutRole);
}

QString HelpMenu::aboutText()
{
    // The build's own version, not QCoreApplication's: that one is whatever the program that made the window set.
    return tr("<h3>Kernel Forecast Explorer</h3><p>Version %1</p><p>Lineage trees of LLM-driven GPU-kernel "
              "searches, the surrogate's forecasts beside the kernels, their calibration, the forecast gate, and "
              "measurement on a GPU with kfx-measure.</p><p>The bundled demo (scripts/run) opens the H100 corpus's "
              "rms_norm selective search beside its equal-budget baseline: the selective search forecasts every "
              "candidate and measures only those the surrogate is unsure of, and found a 1.38× kernel against the "
              "baseline's 1.37× with 120 GPU evaluations each, all measured on an NVIDIA H100 80GB HBM3. The "
              "earlier demo searches (row softmax, layer norm and fp32 matmul, 54 kernels measured on the same GPU "
              "on 2026-11-22) are in resources/demo.</p>")
               .arg(QStringLiteral(KFX_VERSION_STRING))
        + QStringLiteral("<p>%1</p>")
              .arg(libraryVersions().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

QList<QPair<QString, QString>> HelpMenu::shortcuts(const QMenuBar *menus)
{
    QList<QPair<QString, QString>> list;
    for (auto *menuAction : menus->actions()) {
        if (!menuAction->menu())
            continue;
        for (auto *entry : menuAction->menu()->actions()) {
            if (entry->shortcut().isEmpty())
                continue;
            auto text = entry->text();
            text.remove(QLatin1Char('&'));
            list.append({text, entry->shortcut().toString(QKeySequence::NativeText)});
        }
    }
    return list;
}

void HelpMenu::showShortcuts()
{
    QDialog dialog(parentWidget());
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(&dialog);
    const auto list = shortcuts(m_menus);
    auto *table = new QTableWidget(static_cast<int>(list.size()), 2, &dialog);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->setAccessibleName(tr("Keyboard shortcuts"));
    for (int row = 0; row < list.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(list[row].first));
        table->setItem(row, 1, new QTableWidgetItem(list[row].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto *note = new QLabel(tr("Tab and Shift+Tab move between the list, the filters, the code panes and the "
                               "forecast panel; in a code pane Ctrl+F finds, Escape closes the find bar."),
                            &dialog);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(table);
    layout->addWidget(note);
    layout->addWidget(buttons);
    dialog.resize(520, 560);
    dialog.exec();
}
