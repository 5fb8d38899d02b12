#pragma once

// Internal to the profile generator: an output file behind a large buffer, with the number
// formatting torch_npu output needs (microseconds with exactly three decimals, from ns).

#include "model/core/types.h"

#include <QFile>
#include <QString>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace npuscope::gen {

class OutFile {
public:
    OutFile();
    ~OutFile();
    OutFile(const OutFile &) = delete;
    OutFile &operator=(const OutFile &) = delete;

    bool open(const QString &path);
    bool close(); // flushes; false if any write failed
    bool ok() const { return m_error.isEmpty(); }
    QString errorString() const { return m_error; }
    std::int64_t size() const { return m_flushed + static_cast<std::int64_t>(m_used); }

    void put(std::string_view s)
    {
        if (s.size() > m_buffer.size() - m_used) [[unlikely]] {
            putSlow(s);
            return;
        }
        std::memcpy(m_buffer.data() + m_used, s.data(), s.size());
        m_used += s.size();
    }
    void put(char c)
    {
        if (m_used == m_buffer.size()) [[unlikely]]
            flush();
        m_buffer[m_used++] = c;
    }
    void putInt(std::int64_t v);
    void putPadded(std::uint64_t v, int width); // zero-padded to width digits
    void putMicros(TimeNs ns); // exactly three decimals: "1736408883704643.212"
    void putMicrosShort(TimeNs ns); // trailing zeros dropped, one decimal kept: "53.74", "12.0"
    void putQuoted(const char *shape); // CSV shape cell: """32,4096""" or N/A

private:
    char *reserve(std::size_t n);
    void flush();
    void putSlow(std::string_view s);

    QFile m_file;
    std::vector<char> m_buffer;
    std::size_t m_used = 0;
    std::int64_t m_flushed = 0;
    QString m_error;
};

} // namespace npuscope::gen
