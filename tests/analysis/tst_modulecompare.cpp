// msprof-analyze compare's ModuleCompare table (analysis/compare/moduletree.h, modulecompare.h):
// on a written profile, the modules, their order and device times against the kernels written
// under them; on the samples, each forward module's device total against a plain pass over the
// raw trace_view.json (the kernels whose async_npu flow starts inside the module's slice).
#include "analysis/compare/comparison.h"
#include "analysis/rules/findings.h"
#include "model/profile/profileloader.h"
#include "vendorcompareprofile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

// The written kernels launched in [from, to] (us), in ns.
TimeNs launchedNs(bool slower, qint64 from, qint64 to)
{
    TimeNs ns = 0;
    for (const vendorcompare::Kernel &k : vendorcompare::kernels(slower))
        if (k.launch >= from && k.launch <= to)
            ns += k.dur * 1000;
    return ns;
}

// Per forward nn.Module slice of a raw trace (by start): its name and the summed duration
// (ns) of the device events whose async_npu flow starts inside it.
std::vector<std::pair<QString, TimeNs>> rawModuleTotals(const QString &traceFile)
{
    QFile f(traceFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
    auto ns = [](const QJsonValue &v) {
        return qRound64((v.isString() ? v.toString().toDouble() : v.toDouble()) * 1000.0);
    };
    std::map<QString, TimeNs> starts; // flow id -> s time
    std::map<QString, QString> ends; // flow id -> "pid/tid/ts" of the f
    std::map<QString, TimeNs> durations; // "pid/tid/ts" -> X duration
    auto key = [](const QJsonObject &e) -> QString {
        return e[QLatin1String("pid")].toVariant().toString() + u'/'
            + e[QLatin1String("tid")].toVariant().toString() + u'/'
            + e[QLatin1String("ts")].toVariant().toString();
    };
    std::vector<QJsonObject> modules;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        const QString ph = e[QLatin1String("ph")].toString();
        const QString id = e[QLatin1String("id")].toVariant().toString();
        if (e[QLatin1String("cat")].toString() == QLatin1String("async_npu")
            && ph == QLatin1String("s"))
            starts[id] = ns(e[QLatin1String("ts")]);
        else if (e[QLatin1String("cat")].toString() == QLatin1String("async_npu")
            && ph == QLatin1String("f"))
            ends[id] = key(e);
        else if (ph == QLatin1String("X"))
            durations[key(e)] = ns(e[QLatin1String("dur")]);
        if (ph == QLatin1String("X")
            && e[QLatin1String("name")].toString().startsWith(QLatin1String("nn.Module: ")))
            modules.push_back(e);
    }
    std::stable_sort(
        modules.begin(), modules.end(), [&](const QJsonObject &x, const QJsonObject &y) {
            return ns(x[QLatin1String("ts")]) < ns(y[QLatin1String("ts")]);
        });
    std::vector<std::pair<QString, TimeNs>> out;
    for (const QJsonObject &m : modules) {
        const TimeNs from = ns(m[QLatin1String("ts")]), to = from + ns(m[QLatin1String("dur")]);
        TimeNs total = 0;
        for (const auto &[id, at] : starts)
            if (at >= from && at <= to && ends.count(id))
                total += durations[ends[id]];
        out.emplace_back(m[QLatin1String("name")].toString().mid(11), total);
    }
    return out;
}

} // namespace

class TstModuleCompare : public QObject {
    Q_OBJECT

private slots:
    void writtenProfile();
    void samplesAgainstRawTrace();
    void apisAgainstRawTrace();
};

void TstModuleCompare::writtenProfile()
{
    QTemporaryDir dir;
    const auto compared = vendorcompare::compareWritten(dir.path());
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const RunComparison &c = compared->comparison;

    // Base order by start; the new run's Dropout_0 before the first pair starting after it.
    const QStringList paths { QStringLiteral("Net_0"), QStringLiteral("Net_0/Conv2d_0"),
        QStringLiteral("Net_0/Linear_0"), QStringLiteral("Net_0/Dropout_0"),
        QStringLiteral("[ BACKWARD ]/Net_0/Conv2d_0"), QStringLiteral("Optimizer.step#SGD.step") };
    QStringList got;
    for (const ModuleDiffRow &r : c.modules)
        got << r.path;
    QCOMPARE(got, paths);
    const ModuleDiffRow &net = c.modules[0], &conv = c.modules[1], &linear = c.modules[2],
                        &dropout = c.modules[3], &backward = c.modules[4], &step = c.modules[5];
    QCOMPARE(net.level, 2);
    QCOMPARE(conv.level, 3);
    QCOMPARE(conv.moduleClass, QStringLiteral("Conv2d"));
    QCOMPARE(backward.moduleClass, QStringLiteral("Conv2d"));
    QCOMPARE(step.moduleClass, QStringLiteral("Optimizer.step#SGD.step"));
    QVERIFY(backward.backward && !conv.backward);
    QVERIFY(!dropout.inBase() && dropout.inNew());

    // The written slices: Net_0 100-400, Conv2d_0 110-200, Linear_0 210-300, Dropout_0 305-315,
    // the backward op 600-700, the optimizer step 800-900.
    for (bool slower : { false, true }) {
        auto total = [&](const ModuleDiffRow &r) { return slower ? r.newTotalNs : r.baseTotalNs; };
        auto self = [&](const ModuleDiffRow &r) { return slower ? r.newSelfNs : r.baseSelfNs; };
        QCOMPARE(total(net), launchedNs(slower, 100, 400));
        QCOMPARE(total(conv), launchedNs(slower, 110, 200));
        QCOMPARE(self(conv), total(conv));
        QCOMPARE(total(linear), launchedNs(slower, 210, 300));
        QCOMPARE(self(net),
            launchedNs(slower, 100, 400) - launchedNs(slower, 110, 200)
                - launchedNs(slower, 210, 300) - launchedNs(slower, 305, 315));
        QCOMPARE(total(backward), launchedNs(slower, 600, 700));
        QCOMPARE(total(step), launchedNs(slower, 800, 900));
    }
    QCOMPARE(dropout.newTotalNs, launchedNs(true, 305, 315));
    QVERIFY(dropout.newTotalNs > 0);
    QVERIFY(conv.newTotalNs > conv.baseTotalNs);
}

void TstModuleCompare::samplesAgainstRawTrace()
{
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const QString level1 = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    const QString level2 = kSamples + QStringLiteral("/ascend-2025-01/level2/rank0_ascend_pt");
    const auto compared = vendorcompare::compare(level1, level2);
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const RunComparison &c = compared->comparison;
    QVERIFY(c.modules.size() > 20);
    const QString trace = QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    for (int side = 0; side < 2; ++side) {
        const auto raw = rawModuleTotals((side == 0 ? level1 : level2) + trace);
        QVERIFY(!raw.empty());
        const ModuleTree &tree = side == 0 ? c.baseModules : c.newModules;
        std::vector<const ModuleNode *> forward;
        for (const ModuleNode &m : tree.nodes)
            if (!m.backward && !m.name.startsWith(QLatin1String("Optimizer")))
                forward.push_back(&m);
        std::sort(forward.begin(), forward.end(),
            [](const ModuleNode *x, const ModuleNode *y) { return x->start < y->start; });
        QCOMPARE(forward.size(), raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            QCOMPARE(forward[i]->name, raw[i].first);
            QVERIFY2(
                qAbs(forward[i]->totalDeviceNs - raw[i].second) <= 10, qPrintable(raw[i].first));
        }
    }
}

// ApiCompare: per host op name (cpu_op slices, ProfilerStep#N left out) its calls and total
// duration, against a plain pass over the raw trace_view.json; self time never exceeds total.
void TstModuleCompare::apisAgainstRawTrace()
{
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const QString level1 = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    const QString level2 = kSamples + QStringLiteral("/ascend-2025-01/level2/rank0_ascend_pt");
    const auto compared = vendorcompare::compare(level1, level2);
    QVERIFY2(compared->ok(), qPrintable(compared->comparison.error));
    const std::vector<ApiDiffRow> &apis = compared->comparison.apis;
    QVERIFY(!apis.empty());
    QFile f(level1 + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::map<QString, std::pair<qint64, double>> raw; // name -> calls, total us
    for (const QJsonValue &v : QJsonDocument::fromJson(f.readAll()).array()) {
        const QJsonObject e = v.toObject();
        const QString name = e[QLatin1String("name")].toString();
        if (e[QLatin1String("cat")].toString() != QLatin1String("cpu_op")
            || e[QLatin1String("ph")].toString() != QLatin1String("X")
            || name.contains(QLatin1String("ProfilerStep#")))
            continue;
        ++raw[name].first;
        raw[name].second += e[QLatin1String("dur")].toVariant().toDouble();
    }
    QCOMPARE(apis.size(), raw.size());
    for (const ApiDiffRow &r : apis) {
        QVERIFY2(raw.count(r.name), qPrintable(r.name));
        QCOMPARE(r.baseCount, raw[r.name].first);
        QVERIFY2(qAbs(double(r.baseTotalNs) / 1000.0 - raw[r.name].second)
                < 0.001 * double(r.baseCount) + 1e-6,
            qPrintable(r.name));
        QVERIFY(r.baseSelfNs >= 0 && r.baseSelfNs <= r.baseTotalNs);
    }
}

QTEST_GUILESS_MAIN(TstModuleCompare)
#include "tst_modulecompare.moc"
