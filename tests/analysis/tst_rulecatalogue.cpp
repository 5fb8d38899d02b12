// The findings catalogue as data (rulecatalogue.h): one entry per rule, in the order of
// findingIds(), each naming its inputs, its grading and every threshold with a source, and the
// per-rank rules their detector (the registry analyseRank runs); docs/FINDINGS.md agrees with it.

#include "analysis/rules/findings.h"
#include "analysis/rules/rulecatalogue.h"
#include "analysis/rules/thresholds.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cmath>

using namespace npuscope;

class TstRuleCatalogue : public QObject {
    Q_OBJECT

private slots:
    void oneEntryPerRuleInCatalogueOrder()
    {
        QStringList ids;
        for (const RuleSpec &spec : ruleCatalogue())
            ids << QLatin1String(spec.id);
        QCOMPARE(ids, findingIds());
        for (const QString &id : findingIds())
            QVERIFY2(ruleSpec(id) && QLatin1String(ruleSpec(id)->id) == id, qPrintable(id));
        QVERIFY(!ruleSpec(u"no-such-rule"));
    }

    void everyEntryIsComplete()
    {
        const QSet<QString> units { QStringLiteral("ratio"), QStringLiteral("ns"),
            QStringLiteral("bytes"), QStringLiteral("MB"), QStringLiteral("GB/s"),
            QStringLiteral("ms"), QStringLiteral("count"), QStringLiteral("times") };
        const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9_]*$"));
        for (const RuleSpec &spec : ruleCatalogue()) {
            const QString id = QLatin1String(spec.id);
            QVERIFY2(QFile::exists(QStringLiteral(NPUSCOPE_SOURCE_DIR "/analysis/rules/%1.cpp")
                                       .arg(QLatin1String(spec.family))),
                qPrintable(id));
            QVERIFY2(qstrlen(spec.inputs) > 10, qPrintable(id));
            QVERIFY2(qstrlen(spec.severity) > 3, qPrintable(id));
            // The registry: analyseRank runs the per-rank entries' functions, in this order.
            const bool perRank = spec.scope == RuleScope::Rank;
            QVERIFY2(bool(spec.detect) == perRank && bool(spec.missing) == perRank, qPrintable(id));
            QSet<QString> keys;
            for (const RuleThreshold &t : spec.thresholds) {
                const QString where = id + QLatin1Char(' ') + QLatin1String(t.key);
                QVERIFY2(snake.match(QLatin1String(t.key)).hasMatch(), qPrintable(where));
                QVERIFY2(!keys.contains(QLatin1String(t.key)), qPrintable(where));
                keys.insert(QLatin1String(t.key));
                QVERIFY2(units.contains(QLatin1String(t.unit)), qPrintable(where));
                QVERIFY2(std::isfinite(t.value) && t.value > 0, qPrintable(where));
                QVERIFY2(qstrlen(t.source) >= 4, qPrintable(where));
            }
        }
    }

    void gradingNamesItsThresholds()
    {
        // A grading that names a threshold ("critical from share_critical") names one the rule
        // declares.
        const QRegularExpression named(
            QStringLiteral("\\b([a-z]+(?:_[a-z]+)+|share|spread|ratio)\\b"));
        for (const RuleSpec &spec : ruleCatalogue()) {
            QSet<QString> keys;
            for (const RuleThreshold &t : spec.thresholds)
                keys.insert(QLatin1String(t.key));
            auto it = named.globalMatch(QLatin1String(spec.severity));
            while (it.hasNext()) {
                const QString key = it.next().captured(1);
                QVERIFY2(keys.contains(key),
                    qPrintable(QLatin1String(spec.id) + QLatin1String(": ") + key));
            }
        }
    }

    void valuesAreTheDetectorsConstants()
    {
        // Spot checks that the table reads thresholds.h, not copies: a few by key.
        auto value = [](const char *id, const char *key) {
            for (const RuleThreshold &t : ruleSpec(QString::fromLatin1(id))->thresholds)
                if (qstrcmp(t.key, key) == 0)
                    return t.value;
            return -1.0;
        };
        QCOMPARE(value("transdata-overhead", "share"), kTransDataShare);
        QCOMPARE(value("host-bound", "wait_ratio"), double(kHostBoundWaitRatio));
        QCOMPARE(value("gc", "min_gc"), double(kGcThresholdNs));
        QCOMPARE(value("comm-bandwidth", "sdma_baseline"), kSdmaBaselineGBs);
        QCOMPARE(value("slow-link", "peer_ratio"), kSlowLinkRatio);
    }

    void findingsDocumentHasEveryRuleInOrder()
    {
        QFile doc(QStringLiteral(NPUSCOPE_SOURCE_DIR "/docs/FINDINGS.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        const QRegularExpression heading(
            QStringLiteral("^### (\\d+)\\. `([a-z0-9-]+)`"), QRegularExpression::MultilineOption);
        QStringList documented;
        auto it = heading.globalMatch(text);
        while (it.hasNext())
            documented << it.next().captured(2);
        QStringList ids;
        for (const RuleSpec &spec : ruleCatalogue())
            ids << QLatin1String(spec.id);
        QCOMPARE(documented, ids);
    }
};

QTEST_GUILESS_MAIN(TstRuleCatalogue)
#include "tst_rulecatalogue.moc"
