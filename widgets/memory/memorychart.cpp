#include "widgets/memory/memorychart.h"

#include "model/core/durationtext.h"
#include "widgets/timeline/timeaxis.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    const QColor kColors[]
        = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
              QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x8c, 0x56, 0x4b) };
    const QColor kDeviceColor(0x7f, 0x7f, 0x7f);

    void extend(const MemoryCurve &c, TimeNs &t0, TimeNs &t1, double &maxMb)
    {
        if (c.times.empty())
            return;
        t0 = std::min(t0, c.times.front());
        t1 = std::max(t1, c.times.back());
        for (const auto *values : { &c.allocated, &c.reserved, &c.active }) {
            for (const double v : *values) {
                if (std::isfinite(v))
                    maxMb = std::max(maxMb, v);
            }
        }
    }

} // namespace

MemoryChart::MemoryChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(160);
    setCursor(Qt::CrossCursor);
    setToolTip(tr("Click an instant to list the allocations alive then"));
}

void MemoryChart::setMemory(std::shared_ptr<const MemoryProfile> memory)
{
    m_memory = std::move(memory);
    m_t0 = INT64_MAX;
    m_t1 = INT64_MIN;
    m_maxMb = 1;
    m_instant = INT64_MIN;
    if (m_memory) {
        // The time span of the allocator's curves (where the allocations happen); the reserve-only
        // ones (APP, the modules) are sampled far wider and would squeeze them into the middle.
        for (const MemoryCurve &c : m_memory->components) {
            if (c.hasAllocated())
                extend(c, m_t0, m_t1, m_maxMb);
        }
        const TimeNs t0 = m_t0, t1 = m_t1;
        for (const MemoryCurve &c : m_memory->components)
            extend(c, m_t0, m_t1, m_maxMb);
        extend(m_memory->deviceTotal, m_t0, m_t1, m_maxMb);
        if (t0 < t1) {
            m_t0 = t0 - (t1 - t0) / 20;
            m_t1 = t1 + (t1 - t0) / 20;
        }
    }
    if (m_t0 >= m_t1) {
        m_t0 = 0;
        m_t1 = 1;
    }
    m_maxMb *= 1.08; // room above the highest peak for its label
    update();
}

void MemoryChart::setRecordName(const QString &name)
{
    m_recordName = name;
    update();
}

void MemoryChart::setInstant(TimeNs t)
{
    m_instant = t;
    update();
}

QRectF MemoryChart::plotRect() const
{
    const int text = fontMetrics().height();
    return QRectF(text * 4.5, text * 1.5, width() - text * 5.5, height() - text * 3.2);
}

TimeNs MemoryChart::timeAt(double x) const
{
    const QRectF r = plotRect();
    const double f = std::clamp((x - r.left()) / std::max(1.0, r.width()), 0.0, 1.0);
    return m_t0 + TimeNs(std::llround(f * double(m_t1 - m_t0)));
}

double MemoryChart::xOf(TimeNs t) const
{
    const QRectF r = plotRect();
    return r.left() + double(t - m_t0) / double(m_t1 - m_t0) * r.width();
}

double MemoryChart::yOf(double mb) const
{
    const QRectF r = plotRect();
    return r.bottom() - mb / m_maxMb * r.height();
}

void MemoryChart::drawAxes(QPainter &p) const
{
    const QRectF r = plotRect();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r);
    p.setPen(palette().color(QPalette::Text));
    const double step = std::pow(10.0, std::floor(std::log10(m_maxMb / 4)));
    const double tick = m_maxMb / step > 20 ? step * 5 : m_maxMb / step > 8 ? step * 2 : step;
    for (double mb = 0; mb <= m_maxMb; mb += tick) {
        const double y = yOf(mb);
        p.drawText(QRectF(0, y - 10, r.left() - 4, 20), Qt::AlignRight | Qt::AlignVCenter,
            QString::number(mb, 'f', 0));
        p.setPen(palette().color(QPalette::Midlight));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        p.setPen(palette().color(QPalette::Text));
    }
    p.drawText(QRectF(0, 0, r.left() + 40, r.top()), Qt::AlignLeft | Qt::AlignVCenter, tr("MB"));
    for (int i = 0; i <= 4; ++i) {
        const TimeNs t = m_t0 + (m_t1 - m_t0) * i / 4;
        const QString label = formatDuration(t - m_t0);
        const double x = xOf(t);
        const double left = i == 0 ? x : i == 4 ? x - 120 : x - 60;
        p.drawText(QRectF(left, r.bottom() + 2, 120, fontMetrics().height()),
            i == 0       ? Qt::AlignLeft
                : i == 4 ? Qt::AlignRight
                         : Qt::AlignHCenter,
            label);
    }
}

// A step line: each sample holds until the next.
void MemoryChart::drawCurve(QPainter &p, const MemoryCurve &c, const std::vector<double> &values,
    const QColor &color, Qt::PenStyle style) const
{
    QPainterPath path;
    bool open = false;
    for (std::size_t i = 0; i < c.times.size(); ++i) {
        if (!std::isfinite(values[i])) {
            open = false;
            continue;
        }
        const QPointF point(xOf(c.times[i]), yOf(values[i]));
        if (!open) {
            path.moveTo(point);
            open = true;
        } else {
            path.lineTo(QPointF(point.x(), path.currentPosition().y()));
            path.lineTo(point);
        }
    }
    QPen pen(color, 1.5, style);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

void MemoryChart::drawLegend(QPainter &p) const
{
    const QRectF r = plotRect();
    double x = r.left() + 6;
    const double y = r.top() - fontMetrics().height() * 0.75;
    auto item = [&](const QColor &color, const QString &text) {
        p.setPen(QPen(color, 3));
        p.drawLine(QPointF(x, y), QPointF(x + 14, y));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QPointF(x + 18, y + fontMetrics().ascent() / 2.5), text);
        x += 30 + fontMetrics().horizontalAdvance(text);
    };
    for (std::size_t i = 0; i < m_memory->components.size(); ++i)
        item(kColors[i % std::size(kColors)], m_memory->components[i].component);
    if (!m_memory->deviceTotal.times.empty())
        item(kDeviceColor, tr("NPU modules (npu_module_mem)"));
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(x, r.top() - fontMetrics().height() * 1.4, r.right() - x,
                   fontMetrics().height() * 1.3),
        Qt::AlignRight | Qt::AlignVCenter,
        tr("solid: allocated, dashed: reserved, dotted: active"));
}

void MemoryChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_memory || (m_memory->components.empty() && m_memory->deviceTotal.times.empty())) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter,
            tr("No %1: collect with profile_memory=True to see device memory").arg(m_recordName));
        return;
    }
    drawAxes(p);
    p.save();
    p.setClipRect(plotRect().adjusted(-2, -2, 2, 2));
    const MemoryCurve &device = m_memory->deviceTotal;
    if (!device.times.empty())
        drawCurve(p, device, device.reserved, kDeviceColor, Qt::DashLine);
    for (std::size_t i = 0; i < m_memory->components.size(); ++i) {
        const MemoryCurve &c = m_memory->components[i];
        const QColor color = kColors[i % std::size(kColors)];
        drawCurve(p, c, c.reserved, color, Qt::DashLine);
        drawCurve(p, c, c.active, color.lighter(140), Qt::DotLine);
        drawCurve(p, c, c.allocated, color, Qt::SolidLine);
        if (!c.hasAllocated())
            continue;
        const QPointF peak(xOf(c.peakAllocatedTime), yOf(c.peakAllocatedMb));
        p.setPen(QPen(color, 1.5));
        p.setBrush(color);
        p.drawEllipse(peak, 4, 4);
        // Each label a line lower than the previous one: peaks close together stay readable.
        p.drawText(peak + QPointF(6, -4 + fontMetrics().height() * double(i)),
            tr("%1 peak %2 MB").arg(c.component, QString::number(c.peakAllocatedMb, 'f', 1)));
    }
    p.restore();
    if (m_instant != INT64_MIN) {
        const double x = xOf(m_instant);
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        p.drawLine(QPointF(x, plotRect().top()), QPointF(x, plotRect().bottom()));
    }
    drawLegend(p);
}

void MemoryChart::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_memory || !plotRect().contains(event->position())) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_instant = timeAt(event->position().x());
    update();
    emit instantPicked(m_instant);
}

} // namespace npuscope
