#pragma once

#include "model/memory/memoryprofile.h"

#include <QWidget>

#include <memory>

namespace npuscope {

// The memory curves of a rank: per component of memory_record.csv, allocated (solid), reserved
// (dashed) and active (dotted) in MB over time, the device's modules summed (npu_module_mem,
// grey), each allocated peak marked. A click picks an instant (instantPicked); the picked instant
// is drawn as a vertical line.
class MemoryChart : public QWidget {
    Q_OBJECT

public:
    explicit MemoryChart(QWidget *parent = nullptr);

    void setMemory(std::shared_ptr<const MemoryProfile> memory);
    // What the export calls its memory records, for the text shown without them.
    void setRecordName(const QString &name);
    void setInstant(TimeNs t); // the vertical line; INT64_MIN: none
    TimeNs instant() const { return m_instant; }
    // The time shown at x (widget coordinates), and back.
    TimeNs timeAt(double x) const;
    double xOf(TimeNs t) const;

    QSize sizeHint() const override { return { 640, 240 }; }

signals:
    void instantPicked(npuscope::TimeNs t);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QRectF plotRect() const;
    double yOf(double mb) const;
    void drawAxes(QPainter &p) const;
    void drawCurve(QPainter &p, const MemoryCurve &c, const std::vector<double> &values,
        const QColor &color, Qt::PenStyle style) const;
    void drawLegend(QPainter &p) const;

    std::shared_ptr<const MemoryProfile> m_memory;
    QString m_recordName = QStringLiteral("memory_record.csv");
    TimeNs m_t0 = 0, m_t1 = 1;
    double m_maxMb = 1;
    TimeNs m_instant = INT64_MIN;
};

} // namespace npuscope
