#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace npuscope {

// Terminal columns a string takes: East Asian wide characters take two.
int displayWidth(const QString &s);

// A simple fixed-width table for the headless commands' text output: every column right-aligned
// to its widest cell (by displayWidth, so CJK text lines up), the last column left-aligned and
// unpadded, each line indented by two spaces.
QString textTable(const QStringList &header, const QList<QStringList> &rows);

} // namespace npuscope
