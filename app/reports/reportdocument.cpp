#include "app/reports/reportdocument.h"

#include "app/reports/clusterjson.h"
#include "app/reports/devicereport.h"
#include "app/reports/memoryreport.h"

#include <QJsonArray>

namespace npuscope {

namespace {

    QString us(const QJsonValue &v)
    {
        return v.isNull() || v.isUndefined() ? QStringLiteral("-")
                                             : QString::number(v.toDouble(), 'f', 3);
    }

    QString pct(const QJsonValue &v)
    {
        return QString::number(v.toDouble() * 100.0, 'f', 1) + QLatin1Char('%');
    }

    QString str(const QJsonObject &o, const char *key) { return o[QLatin1String(key)].toString(); }

} // namespace

ReportDocument::ReportDocument(const std::vector<ReportImage> &images)
    : m_images(images)
    , m_imageUsed(images.size(), false)
{
}

ReportDocument::ReportDocument(
    const QJsonObject &report, const std::vector<ReportImage> &images, int top)
    : m_images(images)
    , m_imageUsed(images.size(), false)
{
    m_title = tr("npuscope report: %1").arg(str(report, "path"));
    heading(1, m_title);
    const QJsonArray ranks = report[QStringLiteral("ranks")].toArray();
    // Summary: one line per rank, then the findings across ranks.
    heading(2, tr("Summary"));
    QList<QStringList> rows;
    for (const QJsonValue &v : ranks) {
        const QJsonObject r = v.toObject();
        const QJsonObject k = r[QStringLiteral("kernels")].toObject();
        const QJsonArray steps = r[QStringLiteral("steps")].toArray();
        double wall = 0;
        for (const QJsonValue &s : steps)
            wall += s.toObject()[QStringLiteral("wall_us")].toDouble();
        rows << QStringList { str(r, "label"),
            QString::number(k[QStringLiteral("count")].toInteger()),
            us(k[QStringLiteral("total_duration_us")]), QString::number(steps.size()),
            steps.isEmpty() ? QStringLiteral("-") : QString::number(wall / steps.size(), 'f', 3),
            QString::number(r[QStringLiteral("findings")].toArray().size()) };
    }
    table({ tr("Rank"), tr("Kernels"), tr("Kernel time(us)"), tr("Steps"), tr("Mean step(us)"),
              tr("Findings") },
        rows, { false, true, true, true, true, true });
    const QJsonArray profileFindings = report[QStringLiteral("findings")].toArray();
    if (!profileFindings.isEmpty()) {
        heading(2, tr("Findings across ranks"));
        addFindings(profileFindings);
    }
    if (report.contains(QStringLiteral("cluster")))
        addCluster(report[QStringLiteral("cluster")].toObject());
    QStringList issues;
    for (const QJsonValue &v : report[QStringLiteral("issues")].toArray())
        issues << QStringLiteral("[%1] %2: %3")
                      .arg(str(v.toObject(), "severity"), str(v.toObject(), "file"),
                          str(v.toObject(), "message"));
    if (!issues.isEmpty()) {
        heading(2, tr("Issues"));
        list(issues);
    }
    for (const QJsonValue &v : ranks)
        addRank(v.toObject(), top);
    addImages(QString()); // pictures not tied to a rank
}

void ReportDocument::heading(int level, const QString &text)
{
    Block b;
    b.kind = Block::Kind::Heading;
    b.level = level;
    b.text = text;
    m_blocks.push_back(std::move(b));
}

void ReportDocument::paragraph(const QString &text)
{
    Block b;
    b.kind = Block::Kind::Paragraph;
    b.text = text;
    m_blocks.push_back(std::move(b));
}

void ReportDocument::list(const QStringList &items)
{
    Block b;
    b.kind = Block::Kind::List;
    b.items = items;
    m_blocks.push_back(std::move(b));
}

void ReportDocument::table(
    const QStringList &header, const QList<QStringList> &rows, const QList<bool> &numeric)
{
    if (rows.isEmpty())
        return;
    Block b;
    b.kind = Block::Kind::Table;
    b.items = header;
    b.rows = rows;
    b.numeric = numeric;
    m_blocks.push_back(std::move(b));
}

void ReportDocument::addFindings(const QJsonArray &findings)
{
    constexpr qsizetype kEvidence = 5; // the GUI lists all of them; a report keeps it readable
    for (const QJsonValue &v : findings) {
        const QJsonObject f = v.toObject();
        heading(4, QStringLiteral("[%1] %2").arg(str(f, "severity"), str(f, "title")));
        m_blocks.back().css = str(f, "severity");
        QStringList lines;
        for (const QJsonValue &d : f[QStringLiteral("details")].toArray())
            lines << d.toString();
        const QJsonArray evidence = f[QStringLiteral("evidence")].toArray();
        for (qsizetype i = 0; i < evidence.size() && i < kEvidence; ++i)
            lines << tr("at: %1").arg(str(evidence[i].toObject(), "label"));
        if (!lines.isEmpty())
            list(lines);
        paragraph(tr("Advice: %1").arg(str(f, "advice")));
        if (!str(f, "snippet").isEmpty()) {
            Block code;
            code.kind = Block::Kind::Code;
            code.text = str(f, "snippet");
            m_blocks.push_back(std::move(code));
        }
    }
}

void ReportDocument::addCluster(const QJsonObject &cluster)
{
    const ClusterTables tables = clusterTables(cluster);
    heading(2, tr("Cluster"));
    paragraph(tables.layoutLine);
    for (const ReportTable &t : tables.tables) {
        heading(3, t.title);
        table(t.header, t.rows, t.numeric);
    }
}

void ReportDocument::addNotChecked(const QJsonArray &checks)
{
    QStringList lines;
    for (const QJsonValue &v : checks) {
        const QJsonObject c = v.toObject();
        if (str(c, "status") == QLatin1String("not_checked"))
            lines << tr("%1: %2 To check it: %3")
                         .arg(str(c, "id"), str(c, "reason"), str(c, "collect"));
    }
    if (lines.isEmpty())
        return;
    heading(4, tr("Not checked (data missing)"));
    list(lines);
}

void ReportDocument::addAggregate(
    const QJsonArray &rows, const QString &key, const QString &title, int top)
{
    QList<QStringList> cells;
    for (qsizetype i = 0; i < rows.size() && i < top; ++i) {
        const QJsonObject o = rows[i].toObject();
        cells << QStringList { o[key].toString(),
            QString::number(o[QStringLiteral("count")].toInteger()),
            us(o[QStringLiteral("total_us")]), us(o[QStringLiteral("mean_us")]),
            us(o[QStringLiteral("max_us")]), pct(o[QStringLiteral("share")]) };
    }
    if (cells.isEmpty())
        return;
    heading(3,
        rows.size() > top ? tr("%1 (top %2 of %3)").arg(title).arg(top).arg(rows.size()) : title);
    table({ key, tr("Count"), tr("Total(us)"), tr("Mean(us)"), tr("Max(us)"), tr("Share") }, cells,
        { false, true, true, true, true, true });
}

void ReportDocument::addRank(const QJsonObject &r, int top)
{
    heading(2, str(r, "label"));
    paragraph(str(r, "path"));
    const QJsonObject p = r[QStringLiteral("profiler")].toObject();
    if (p[QStringLiteral("found")].toBool())
        paragraph(
            tr("Profiler level %1, aic_metrics %2").arg(str(p, "level"), str(p, "aic_metrics")));
    addImages(QStringLiteral("rank%1-").arg(r[QStringLiteral("rank")].toInt()));

    heading(3, tr("Findings"));
    const QJsonArray findings = r[QStringLiteral("findings")].toArray();
    if (findings.isEmpty())
        paragraph(tr("No findings."));
    addFindings(findings);
    addNotChecked(r[QStringLiteral("checks")].toArray());

    QList<QStringList> topRows;
    for (const QJsonValue &v : r[QStringLiteral("top_kernels")].toArray()) {
        const QJsonObject o = v.toObject();
        topRows << QStringList { o[QStringLiteral("name")].toString(),
            o[QStringLiteral("type")].toString(), us(o[QStringLiteral("duration_us")]),
            us(o[QStringLiteral("wait_us")]),
            o[QStringLiteral("block_dim")].isNull()
                ? QStringLiteral("-")
                : QString::number(o[QStringLiteral("block_dim")].toInt()),
            o[QStringLiteral("accelerator_core")].toString(),
            o[QStringLiteral("stream")].toString() };
    }
    if (!topRows.isEmpty()) {
        heading(3, tr("Top kernels by duration"));
        table({ tr("Name"), tr("Type"), tr("Duration(us)"), tr("Wait(us)"), tr("Block Dim"),
                  tr("Core"), tr("Stream") },
            topRows, { false, false, true, true, true, false, false });
    }
    addCallTree(r[QStringLiteral("call_tree")].toObject());
    addAggregate(
        r[QStringLiteral("by_type")].toArray(), QStringLiteral("type"), tr("By Type"), top);
    addAggregate(r[QStringLiteral("by_accelerator_core")].toArray(),
        QStringLiteral("accelerator_core"), tr("By Accelerator Core"), top);
    addAggregate(
        r[QStringLiteral("by_name")].toArray(), QStringLiteral("name"), tr("By Name"), top);

    QList<QStringList> stepRows;
    for (const QJsonValue &v : r[QStringLiteral("steps")].toArray()) {
        const QJsonObject o = v.toObject();
        stepRows << QStringList { o[QStringLiteral("step")].toString(),
            us(o[QStringLiteral("wall_us")]), us(o[QStringLiteral("device_busy_us")]),
            us(o[QStringLiteral("computing_us")]),
            us(o[QStringLiteral("communication_not_overlapped_us")]),
            us(o[QStringLiteral("free_us")]), us(o[QStringLiteral("unaccounted_us")]),
            str(o, "window") };
    }
    for (const DeviceReport::Section &d : DeviceReport::sections(r)) {
        heading(3, d.title);
        paragraph(d.text);
        if (!d.rows.isEmpty())
            table(d.header, d.rows, QList<bool>(d.header.size(), true));
    }
    if (!stepRows.isEmpty()) {
        heading(3, tr("Steps"));
        table({ tr("Step"), tr("Wall(us)"), tr("Busy(us)"), tr("Computing(us)"),
                  tr("Comm not overlapped(us)"), tr("Free(us)"), tr("Unaccounted(us)"),
                  tr("Window") },
            stepRows, { false, true, true, true, true, true, true, false });
    }
    if (r.contains(QStringLiteral("memory"))) {
        heading(3, tr("Memory"));
        table(MemoryReport::header(), MemoryReport::rows(r[QStringLiteral("memory")].toObject()),
            { false, true, true, true, true, false });
    }
    QStringList issues;
    for (const QJsonValue &v : r[QStringLiteral("issues")].toArray())
        issues << QStringLiteral("[%1] %2 %3: %4")
                      .arg(str(v.toObject(), "severity"), str(v.toObject(), "file"),
                          str(v.toObject(), "location"), str(v.toObject(), "message"));
    if (!issues.isEmpty()) {
        heading(3, tr("Input issues"));
        list(issues);
    }
}

void ReportDocument::addCallTree(const QJsonObject &t)
{
    QList<QStringList> rows;
    for (const QJsonValue &v : t[QStringLiteral("top_frames")].toArray()) {
        const QJsonObject o = v.toObject();
        rows << QStringList { o[QStringLiteral("frame")].toString(),
            us(o[QStringLiteral("self_device_us")]), us(o[QStringLiteral("total_device_us")]),
            us(o[QStringLiteral("self_host_us")]), us(o[QStringLiteral("total_host_us")]),
            QString::number(o[QStringLiteral("depth")].toInt()) };
    }
    if (rows.isEmpty())
        return;
    heading(3, tr("Host frames that launched the most device time"));
    paragraph(tr("Device time %1 us, %2 us of it attributed to host frames through the launch "
                 "flows, %3 us unattributed.")
                  .arg(us(t[QStringLiteral("total_device_us")]),
                      us(t[QStringLiteral("attributed_device_us")]),
                      us(t[QStringLiteral("unattributed_device_us")])));
    table({ tr("Frame"), tr("Self device(us)"), tr("Total device(us)"), tr("Self host(us)"),
              tr("Total host(us)"), tr("Depth") },
        rows, { false, true, true, true, true, true });
}

void ReportDocument::addImages(const QString &prefix)
{
    for (std::size_t i = 0; i < m_images.size(); ++i) {
        if (m_imageUsed[i] || !m_images[i].fileName.startsWith(prefix))
            continue;
        m_imageUsed[i] = true;
        Block b;
        b.kind = Block::Kind::Image;
        b.text = m_images[i].title;
        b.image = static_cast<int>(i);
        m_blocks.push_back(std::move(b));
    }
}

} // namespace npuscope
