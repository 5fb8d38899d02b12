#include "model/profile/jsonkind.h"

#include <QByteArray>
#include <QFile>
#include <QList>

#include <zlib.h>

namespace npuscope {

namespace {

    // Kineto writes a few KiB (schemaVersion, deviceProperties) before "traceEvents"; an
    // execution trace's "schema" and "nodes" open its first line; a report's "checks" and
    // "findings" are its first two keys. 64 KiB decides those; 1 MiB at most for the rest.
    constexpr qsizetype kFirstRead = qsizetype(64) << 10;
    constexpr qsizetype kMaxRead = qsizetype(1) << 20;

    // Walks the keys of the top-level object, skipping their values.
    class KeyWalker {
    public:
        explicit KeyWalker(QByteArrayView text)
            : m_text(text)
        {
        }

        // '[', '{' or 0 (anything else): the first character after a BOM and white space.
        char open()
        {
            if (m_text.startsWith("\xEF\xBB\xBF"))
                m_pos = 3;
            skipWs();
            return m_pos < m_text.size() && (at() == '[' || at() == '{') ? m_text[m_pos++] : 0;
        }

        // The next key (the value before it skipped), or false at the end of the object or of
        // the bytes read.
        bool nextKey(QByteArrayView *key)
        {
            if (m_started && !skipValue())
                return false;
            m_started = true;
            skipWs();
            if (m_pos < m_text.size() && at() == ',') {
                ++m_pos;
                skipWs();
            }
            const qsizetype begin = m_pos + 1;
            if (m_pos >= m_text.size() || at() != '"' || !skipString())
                return false;
            *key = m_text.sliced(begin, m_pos - begin - 1);
            skipWs();
            if (m_pos >= m_text.size() || at() != ':')
                return false;
            ++m_pos;
            return true;
        }

    private:
        char at() const { return m_text[m_pos]; }

        void skipWs()
        {
            while (m_pos < m_text.size()
                && (at() == ' ' || at() == '\n' || at() == '\r' || at() == '\t'))
                ++m_pos;
        }

        // At a '"': past the closing one.
        bool skipString()
        {
            for (++m_pos; m_pos < m_text.size(); ++m_pos) {
                if (at() == '\\')
                    ++m_pos;
                else if (at() == '"') {
                    ++m_pos;
                    return true;
                }
            }
            return false;
        }

        bool skipValue()
        {
            skipWs();
            int depth = 0;
            while (m_pos < m_text.size()) {
                const char c = at();
                if (c == '"') {
                    if (!skipString())
                        return false;
                    if (depth == 0)
                        return true;
                    continue;
                }
                if (c == '{' || c == '[')
                    ++depth;
                else if (c == '}' || c == ']')
                    --depth;
                else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\r'))
                    return true;
                ++m_pos;
                if (depth == 0 && (c == '}' || c == ']'))
                    return true;
                if (depth < 0)
                    return false;
            }
            return false;
        }

        QByteArrayView m_text;
        qsizetype m_pos = 0;
        bool m_started = false;
    };

    JsonFileKind decide(const QList<QByteArrayView> &keys)
    {
        const auto has = [&keys](const char *k) { return keys.contains(QByteArrayView(k)); };
        if (has("traceEvents"))
            return JsonFileKind::Trace;
        if (has("schema") && has("nodes"))
            return JsonFileKind::ExecutionTrace;
        if (has("checks") && has("findings"))
            return JsonFileKind::NpuscopeReport;
        if (has("base") && has("by_bucket"))
            return JsonFileKind::NpuscopeComparison;
        if (has("config") && (has("start_info") || has("end_info")))
            return JsonFileKind::ProfilerInfo;
        return JsonFileKind::Unknown;
    }

    // Up to `limit` bytes of the file from its start, inflated when it is gzip (zlib reads a
    // plain file as it is).
    QByteArray readHead(gzFile file, QByteArray head, qsizetype limit)
    {
        qsizetype size = head.size();
        head.resize(limit);
        while (size < limit) {
            const int got = gzread(file, head.data() + size, unsigned(limit - size));
            if (got <= 0)
                break;
            size += got;
        }
        head.resize(size);
        return head;
    }

} // namespace

JsonFileKind jsonFileKindIn(QByteArrayView head)
{
    KeyWalker walker(head);
    const char open = walker.open();
    if (open == '[')
        return JsonFileKind::Trace;
    if (open != '{')
        return JsonFileKind::Unknown;
    QList<QByteArrayView> keys;
    QByteArrayView key;
    while (walker.nextKey(&key)) {
        keys << key;
        if (const JsonFileKind kind = decide(keys); kind != JsonFileKind::Unknown)
            return kind;
    }
    return JsonFileKind::Unknown;
}

JsonFileKind sniffJsonFile(const QString &path)
{
    gzFile file = gzopen(QFile::encodeName(path).constData(), "rb");
    if (!file)
        return JsonFileKind::Unknown;
    QByteArray head = readHead(file, {}, kFirstRead);
    JsonFileKind kind = jsonFileKindIn(head);
    if (kind == JsonFileKind::Unknown && head.size() == kFirstRead)
        kind = jsonFileKindIn(readHead(file, std::move(head), kMaxRead));
    gzclose(file);
    return kind;
}

} // namespace npuscope
