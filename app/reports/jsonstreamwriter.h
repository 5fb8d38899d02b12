#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <cstddef>
#include <functional>

namespace npuscope {

// Writes a QJsonObject as QJsonDocument::toJson(QJsonDocument::Indented) does, byte for byte, in
// chunks to a sink instead of into one QByteArray: the report of a long profile (tens of MB) is
// neither held twice nor grown by reallocation into fresh memory, whose page faults made the
// serialisation time grow much faster than the report's size.
class JsonStreamWriter {
public:
    using Sink = std::function<void(const char *data, std::size_t size)>;
    explicit JsonStreamWriter(Sink sink, std::size_t chunk = std::size_t(1) << 16);
    ~JsonStreamWriter(); // flushes

    JsonStreamWriter(const JsonStreamWriter &) = delete;
    JsonStreamWriter &operator=(const JsonStreamWriter &) = delete;

    void writeDocument(const QJsonObject &object); // the object, then "\n"
    void flush();
    qint64 bytesWritten() const { return m_written + qint64(m_buffer.size()); }

    // The whole document in one QByteArray (what toJson(Indented) returns).
    static QByteArray toBytes(const QJsonObject &object);

private:
    void object(const QJsonObject &o, int indent);
    void array(const QJsonArray &a, int indent);
    void value(const QJsonValue &v, int indent);
    void string(const QString &s);
    void indent(int level);
    void put(const char *data, std::size_t size);
    void put(char c);

    Sink m_sink;
    std::size_t m_chunk;
    QByteArray m_buffer;
    qint64 m_written = 0;
};

} // namespace npuscope
