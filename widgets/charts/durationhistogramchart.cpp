#include "widgets/charts/durationhistogramchart.h"

#include "model/core/durationtext.h"
#include "widgets/timeline/timeaxis.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace npuscope {

void fillDurationHistogram(QChart *chart, const Histogram &histogram, const QString &title)
{
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    chart->setTitle(title);
    if (histogram.counts.empty())
        return;
    auto *set = new QBarSet(QCoreApplication::translate("npuscope", "Kernels"));
    QStringList labels;
    qint64 highest = 0;
    for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
        *set << double(histogram.counts[i]);
        highest = std::max(highest, histogram.counts[i]);
        labels << QString::number(i); // hidden: a dock-sized chart elides them all
    }
    set->setColor(QColor(0x4E79A7));
    set->setBorderColor(QColor(0x4E79A7).darker(120));
    auto *series = new QBarSeries(chart);
    series->setBarWidth(0.95);
    series->append(set);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis(chart);
    x->append(labels);
    x->setLabelsVisible(false);
    const QString range = QStringLiteral("%1 … %2").arg(
        formatDuration(histogram.edges.front()), formatDuration(histogram.edges.back() - 1));
    // In the title: Qt Charts elides an axis title long before it runs out of room.
    chart->setTitle(title + QStringLiteral("<br>")
        + (histogram.logarithmic
                ? QCoreApplication::translate("npuscope", "%1, logarithmic bins").arg(range)
                : range));
    // The bin's range and count on hover.
    QObject::connect(set, &QBarSet::hovered, chart, [edges = histogram.edges, set](bool on, int i) {
        if (!on || i < 0 || std::size_t(i) + 1 >= edges.size()) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
            QCoreApplication::translate("npuscope", "%1 – %2: %3 kernel(s)")
                .arg(formatDuration(edges[std::size_t(i)]),
                    formatDuration(edges[std::size_t(i) + 1]))
                .arg(set->at(i)));
    });
    auto *y = new QValueAxis(chart);
    y->setRange(0, double(std::max<qint64>(highest, 1)) * 1.05);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTickCount(std::min<int>(int(highest) + 1, 5));
    y->setTitleText(QCoreApplication::translate("npuscope", "Count"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace npuscope
