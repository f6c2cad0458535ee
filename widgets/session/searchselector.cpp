#include "searchselector.h"

#include "session.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

SearchSelector::SearchSelector(Session *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_choices(new QComboBox(this))
{
    m_choices->setAccessibleName(tr("Search shown"));
    m_choices->setToolTip(tr("Several search logs are loaded: the tree shows the one chosen here"));
    auto *label = new QLabel(tr("&Search:"), this);
    label->setBuddy(m_choices);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_choices, 1);
    connect(m_choices, qOverload<int>(&QComboBox::activated), this,
            [this](int row) { Q_EMIT searchChosen(m_choices->itemData(row).toInt()); });
    connect(session, &Session::loaded, this, &SearchSelector::fill);
    connect(session, &Session::searchShown, this, &SearchSelector::followShown);
    hide();
}

void SearchSelector::fill()
{
    const QSignalBlocker blocker(m_choices);
    m_choices->clear();
    for (const auto &search : m_session->openSearches())
        m_choices->addItem(QFileInfo(search.path).fileName(), search.fileIndex);
    setVisible(m_choices->count() > 1);
}

void SearchSelector::followShown()
{
    const QSignalBlocker blocker(m_choices);
    m_choices->setCurrentIndex(m_choices->findData(m_session->shownFileIndex()));
}
