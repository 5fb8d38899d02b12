#include "app/reports/jsonstreamwriter.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QLocale>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <utility>

namespace npuscope {

namespace {

    char hexDigit(unsigned u) { return char(u < 10 ? '0' + u : 'a' + u - 10); }

    bool isHighSurrogate(char16_t u) { return u >= 0xd800 && u < 0xdc00; }
    bool isLowSurrogate(char16_t u) { return u >= 0xdc00 && u < 0xe000; }

} // namespace

JsonStreamWriter::JsonStreamWriter(Sink sink, std::size_t chunk)
    : m_sink(std::move(sink))
    , m_chunk(chunk)
{
    m_buffer.reserve(qsizetype(chunk) + 64);
}

JsonStreamWriter::~JsonStreamWriter() { flush(); }

QByteArray JsonStreamWriter::toBytes(const QJsonObject &object)
{
    QByteArray out;
    {
        JsonStreamWriter w(
            [&out](const char *data, std::size_t size) { out.append(data, qsizetype(size)); });
        w.writeDocument(object);
    }
    return out;
}

void JsonStreamWriter::flush()
{
    if (m_buffer.isEmpty())
        return;
    m_written += m_buffer.size();
    m_sink(m_buffer.constData(), std::size_t(m_buffer.size()));
    m_buffer.resize(0); // keeps the capacity
}

void JsonStreamWriter::put(const char *data, std::size_t size)
{
    m_buffer.append(data, qsizetype(size));
    if (std::size_t(m_buffer.size()) >= m_chunk)
        flush();
}

void JsonStreamWriter::put(char c)
{
    m_buffer.append(c);
    if (std::size_t(m_buffer.size()) >= m_chunk)
        flush();
}

void JsonStreamWriter::indent(int level)
{
    static const char kSpaces[]
        = "                                                                ";
    for (std::size_t n = std::size_t(4 * level); n > 0;) {
        const std::size_t step = std::min(n, sizeof(kSpaces) - 1);
        put(kSpaces, step);
        n -= step;
    }
}

void JsonStreamWriter::writeDocument(const QJsonObject &o)
{
    put("{\n", 2);
    object(o, 1);
    put("}\n", 2);
}

// The members of `o` at `level`, each on a line of its own, as Qt's writer does.
void JsonStreamWriter::object(const QJsonObject &o, int level)
{
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (it != o.constBegin())
            put(",\n", 2);
        indent(level);
        string(it.key());
        put(": ", 2);
        value(it.value(), level);
    }
    if (!o.isEmpty())
        put('\n');
}

void JsonStreamWriter::array(const QJsonArray &a, int level)
{
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (i > 0)
            put(",\n", 2);
        indent(level);
        value(a.at(i), level);
    }
    if (!a.isEmpty())
        put('\n');
}

void JsonStreamWriter::value(const QJsonValue &v, int level)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        v.toBool() ? put("true", 4) : put("false", 5);
        break;
    case QJsonValue::Double: {
        // An integer stays an integer (a qint64 beyond 2^53 too); a double is written shortest.
        const QVariant number = v.toVariant();
        QByteArray text;
        if (number.typeId() == QMetaType::LongLong) {
            text = QByteArray::number(number.toLongLong());
        } else {
            const double d = number.toDouble();
            text = std::isfinite(d) ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest)
                                    : QByteArrayLiteral("null");
        }
        put(text.constData(), std::size_t(text.size()));
        break;
    }
    case QJsonValue::String:
        string(v.toString());
        break;
    case QJsonValue::Array:
        put("[\n", 2);
        array(v.toArray(), level + 1);
        indent(level);
        put(']');
        break;
    case QJsonValue::Object:
        put("{\n", 2);
        object(v.toObject(), level + 1);
        indent(level);
        put('}');
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        put("null", 4);
        break;
    }
}

// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8; a lone
// surrogate as \uXXXX.
void JsonStreamWriter::string(const QString &s)
{
    put('"');
    const char16_t *p = reinterpret_cast<const char16_t *>(s.constData());
    const char16_t *const end = p + s.size();
    char out[8];
    while (p != end) {
        const char16_t u = *p++;
        std::size_t n = 0;
        if (u < 0x80) {
            if (u >= 0x20 && u != '"' && u != '\\') {
                out[n++] = char(u);
            } else {
                out[n++] = '\\';
                switch (u) {
                case '"':
                    out[n++] = '"';
                    break;
                case '\\':
                    out[n++] = '\\';
                    break;
                case 0x8:
                    out[n++] = 'b';
                    break;
                case 0xc:
                    out[n++] = 'f';
                    break;
                case 0xa:
                    out[n++] = 'n';
                    break;
                case 0xd:
                    out[n++] = 'r';
                    break;
                case 0x9:
                    out[n++] = 't';
                    break;
                default:
                    out[n++] = 'u';
                    out[n++] = '0';
                    out[n++] = '0';
                    out[n++] = hexDigit(u >> 4);
                    out[n++] = hexDigit(u & 0xf);
                }
            }
        } else if (u < 0x800) {
            out[n++] = char(0xc0 | (u >> 6));
            out[n++] = char(0x80 | (u & 0x3f));
        } else if (isHighSurrogate(u) && p != end && isLowSurrogate(*p)) {
            const char32_t c = 0x10000 + ((char32_t(u) - 0xd800) << 10) + (*p++ - 0xdc00);
            out[n++] = char(0xf0 | (c >> 18));
            out[n++] = char(0x80 | ((c >> 12) & 0x3f));
            out[n++] = char(0x80 | ((c >> 6) & 0x3f));
            out[n++] = char(0x80 | (c & 0x3f));
        } else if (isHighSurrogate(u) || isLowSurrogate(u)) {
            out[n++] = '\\';
            out[n++] = 'u';
            for (int shift = 12; shift >= 0; shift -= 4)
                out[n++] = hexDigit((u >> shift) & 0xf);
        } else {
            out[n++] = char(0xe0 | (u >> 12));
            out[n++] = char(0x80 | ((u >> 6) & 0x3f));
            out[n++] = char(0x80 | (u & 0x3f));
        }
        put(out, n);
    }
    put('"');
}

} // namespace npuscope
