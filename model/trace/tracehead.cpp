#include "model/trace/tracehead.h"

#include "model/trace/tracesource.h"

#include <QByteArray>
#include <QCoreApplication>

#include <cstring>

namespace npuscope {

namespace {

    constexpr std::int64_t kHeadWindow = std::int64_t(1) << 20;

    bool isWs(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    QString describeStart(const char *data, std::int64_t size, std::int64_t i)
    {
        QString shown;
        for (std::int64_t k = i; k < size && k < i + 16; ++k) {
            const char c = data[k];
            shown += (c >= 32 && c < 127) ? QChar::fromLatin1(c) : QChar(u'?');
        }
        return shown;
    }

    std::int64_t skipWs(const char *data, std::int64_t size, std::int64_t i)
    {
        while (i < size && isWs(data[i]))
            ++i;
        return i;
    }

    // After the '{' at `i`: the '[' of "traceEvents", or -1.
    std::int64_t traceEventsArray(const char *data, std::int64_t size, std::int64_t i)
    {
        static const char kKey[] = "\"traceEvents\"";
        const QByteArrayView view(data + i, size - i);
        const qsizetype key = view.indexOf(QByteArrayView(kKey));
        if (key < 0)
            return -1;
        std::int64_t k = skipWs(data, size, i + key + qsizetype(sizeof(kKey) - 1));
        if (k >= size || data[k] != ':')
            return -1;
        k = skipWs(data, size, k + 1);
        return k < size && data[k] == '[' ? k : -1;
    }

} // namespace

ArrayStart findArrayStartIn(const char *data, std::int64_t size, bool complete)
{
    ArrayStart result;
    std::int64_t i = size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    i = skipWs(data, size, i);
    if (i >= size) {
        if (complete)
            result.error
                = QCoreApplication::translate("npuscope::TraceParser", "the file is empty");
        else
            result.error = QCoreApplication::translate(
                "npuscope::TraceParser", "only whitespace in the first %1 MiB")
                               .arg(size >> 20);
        return result;
    }
    if (data[i] == '[') {
        result.offset = i + 1;
        return result;
    }
    if (data[i] != '{') {
        result.error = QCoreApplication::translate(
            "npuscope::TraceParser", "not a JSON trace: it starts with \"%1\"")
                           .arg(describeStart(data, size, i));
        return result;
    }
    const std::int64_t array = traceEventsArray(data, size, i);
    if (array >= 0) {
        result.offset = array + 1;
        result.kineto = true;
        return result;
    }
    if (!complete && size < kMaxTracePreamble) {
        result.needMore = true;
        return result;
    }
    result.error = QCoreApplication::translate(
        "npuscope::TraceParser", "a JSON object without a \"traceEvents\" array");
    return result;
}

ArrayStart findArrayStart(const TraceSource &src)
{
    QByteArray head;
    for (std::int64_t window = kHeadWindow;; window *= 4) {
        head.resize(static_cast<qsizetype>(std::min(window, src.size())));
        const std::int64_t got = src.read(0, head.data(), head.size());
        if (got < 0) {
            ArrayStart result;
            result.error = QCoreApplication::translate("npuscope::TraceParser", "read error");
            return result;
        }
        ArrayStart result = findArrayStartIn(head.constData(), got, got >= src.size());
        if (!result.needMore)
            return result;
        if (window >= kMaxTracePreamble) {
            result = findArrayStartIn(head.constData(), got, true);
            return result;
        }
    }
}

} // namespace npuscope
