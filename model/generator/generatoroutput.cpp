#include "model/generator/generatoroutput.h"

#include <QCoreApplication>

#include <charconv>

namespace npuscope::gen {

namespace {

    class OutFileText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Generator)
    };

    // Large enough that write() calls cost nothing next to formatting; small enough to be free.
    constexpr std::size_t kBufferBytes = 8 << 20;

} // namespace

// ---- OutFile ----

OutFile::OutFile() = default;

OutFile::~OutFile()
{
    if (m_file.isOpen())
        close();
}

bool OutFile::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        m_error = OutFileText::tr("cannot write %1: %2").arg(path, m_file.errorString());
        return false;
    }
    m_buffer.resize(kBufferBytes);
    m_used = 0;
    m_flushed = 0;
    return true;
}

bool OutFile::close()
{
    flush();
    m_file.close();
    m_buffer = {};
    return ok();
}

void OutFile::flush()
{
    if (m_used == 0)
        return;
    const auto n = static_cast<qint64>(m_used);
    if (ok() && m_file.write(m_buffer.data(), n) != n)
        m_error
            = OutFileText::tr("cannot write %1: %2").arg(m_file.fileName(), m_file.errorString());
    m_flushed += n;
    m_used = 0;
}

void OutFile::putSlow(std::string_view s)
{
    flush();
    if (s.size() > m_buffer.size()) {
        const auto n = static_cast<qint64>(s.size());
        if (ok() && m_file.write(s.data(), n) != n)
            m_error = OutFileText::tr("cannot write %1").arg(m_file.fileName());
        m_flushed += n;
        return;
    }
    std::memcpy(m_buffer.data(), s.data(), s.size());
    m_used = s.size();
}

char *OutFile::reserve(std::size_t n)
{
    if (m_buffer.size() - m_used < n)
        flush();
    return m_buffer.data() + m_used;
}

void OutFile::putInt(std::int64_t v)
{
    char *p = reserve(24);
    m_used += static_cast<std::size_t>(std::to_chars(p, p + 24, v).ptr - p);
}

void OutFile::putPadded(std::uint64_t v, int width)
{
    char digits[24];
    const auto n = static_cast<int>(std::to_chars(digits, digits + 24, v).ptr - digits);
    for (int i = n; i < width; ++i)
        put('0');
    put(std::string_view(digits, static_cast<std::size_t>(n)));
}

void OutFile::putMicros(TimeNs ns)
{
    char *p = reserve(32);
    char *q = p;
    if (ns < 0) {
        *q++ = '-';
        ns = -ns;
    }
    q = std::to_chars(q, p + 28, ns / 1000).ptr;
    const auto frac = static_cast<int>(ns % 1000);
    q[0] = '.';
    q[1] = static_cast<char>('0' + frac / 100);
    q[2] = static_cast<char>('0' + frac / 10 % 10);
    q[3] = static_cast<char>('0' + frac % 10);
    m_used += static_cast<std::size_t>(q + 4 - p);
}

void OutFile::putMicrosShort(TimeNs ns)
{
    putMicros(ns);
    // Drop trailing zeros of the three decimals, keeping one ("12.0", as Python prints).
    for (int i = 0; i < 2 && m_buffer[m_used - 1] == '0'; ++i)
        --m_used;
}

void OutFile::putQuoted(const char *shape)
{
    if (!shape) {
        put("N/A");
        return;
    }
    put(R"(""")");
    put(shape);
    put(R"(""")");
}

} // namespace npuscope::gen
