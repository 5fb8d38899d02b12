#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QSet>
#include <QString>
#include <QStringList>

namespace npuscope {

struct CounterSeries;
struct Track;

// How the user arranged a profile's timeline: the order of process groups and of the tracks in
// each, what is hidden, which groups are collapsed and which deep tracks expanded. Items are
// named, not numbered, so that one arrangement fits every rank of a profile and a profile
// loaded again: "g:<process>", "t:<process> / <thread>", "c:<process> / <series>". Empty: the
// default layout (device first). Saved per profile by TimelineArrangementStore.
struct TimelineArrangement {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineArrangement)

public:
    QStringList order; // item keys in the user's order; items not listed keep the default order
    QSet<QString> hidden; // item keys (a hidden group hides all of it)
    QSet<QString> collapsed; // group keys
    QSet<QString> expanded; // track keys of deep tracks showing every level

    bool isEmpty() const
    {
        return order.isEmpty() && hidden.isEmpty() && collapsed.isEmpty() && expanded.isEmpty();
    }
    bool operator==(const TimelineArrangement &) const = default;

    static QString groupKey(const QString &processName);
    static QString trackKey(const Track &track);
    static QString counterKey(const CounterSeries &counter);

    QByteArray toJson() const;
    // Unknown or malformed fields are skipped; false (and *error) when it is not an arrangement.
    bool fromJson(const QByteArray &json, QString *error);
};

} // namespace npuscope
