#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// One part of a comparison as the readers show it: a table (header + rows; `numeric` says which
// columns hold numbers) or, without a header, a list of `items`; `footer` is a line after it.
struct CompareSection {
    QString title;
    QStringList header;
    QList<QStringList> rows;
    QList<bool> numeric;
    QStringList items;
    QString footer;
};

// A comparisonJson() object laid out once for the text output (renderComparisonText) and the
// HTML and Markdown ones (compare --html): the runs, notes, the step line and the sections in
// the order they are read. Tables keep their first `top` rows (the summary and the categories
// all of theirs).
struct CompareLayout {
    QString baseRun; // "PATH (label, backend)"
    QString newRun;
    QStringList notes; // steps matched by position, a Kineto trace against an Ascend profile
    QString stepTime; // "Step time: B us -> N us (+x%)"
    CompareSection summary;
    QString matching; // "Kernels matched: ..."
    std::vector<CompareSection> findings; // appeared, resolved: lists, only the non-empty ones
    std::vector<CompareSection> tables; // categories, modules, APIs, bucket, Type, Name

    static CompareLayout of(const QJsonObject &comparison, int top);
};

} // namespace npuscope
