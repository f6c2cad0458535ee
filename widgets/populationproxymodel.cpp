#include "populationproxymodel.h"

#include "populationmodel.h"

#include <algorithm>
#include <cctype>

namespace {

// Whether `needle` (lower case) occurs in `text`, ignoring the case of ASCII letters. Bytes of multi-byte UTF-8
// sequences compare exactly, which is what a search for an identifier or a number needs.
bool containsIgnoringCase(std::string_view text, std::string_view needle)
{
    const auto it = std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == static_cast<unsigned char>(b);
    });
    return it != text.end();
}

} // namespace

PopulationProxyModel::PopulationProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(PopulationModel::SortRole);
}

void PopulationProxyModel::setSourceModel(QAbstractItemModel *sourceModel)
{
    m_populationModel = qobject_cast<PopulationModel *>(sourceModel);
    QSortFilterProxyModel::setSourceModel(sourceModel);
}

void PopulationProxyModel::setFilterText(const QString &text)
{
    if (text == m_filterText)
        return;
    m_filterText = text;
    const auto utf8 = text.toLower().toUtf8();
    m_needle.assign(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    invalidateFilter();
}

bool PopulationProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_needle.empty() || !m_populationModel)
        return true;
    const auto *node = m_populationModel->node(m_populationModel->index(sourceRow, 0, sourceParent));
    return node && (containsIgnoringCase(node->id, m_needle) || containsIgnoringCase(node->code, m_needle));
}

bool PopulationProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const auto leftKey = left.data(sortRole());
    const auto rightKey = right.data(sortRole());
    // Nodes without a value (no measurement, no forecast) sort below every node with one.
    if (!leftKey.isValid() || !rightKey.isValid())
        return !leftKey.isValid() && rightKey.isValid();
    if (leftKey.userType() == QMetaType::QString || rightKey.userType() == QMetaType::QString)
        return leftKey.toString() < rightKey.toString();
    return leftKey.toDouble() < rightKey.toDouble();
}
