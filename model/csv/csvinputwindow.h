#pragma once

// Internal to csvreader.cpp: the input of one load, read window by window. Not a public API.

#include "model/csv/csvhugepages.h"
#include "model/csv/csvtokenizer.h"

#include <QIODevice>
#include <QString>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace npuscope::csv {

// The input, read window by window into a reused buffer followed by kPaddingBytes zeros.
// Rows never straddle windows: the unparsed tail moves to the front of the next one. Reading
// a whole file at once needs memory for all of it (10 GB for a 10 GB file) and a page fault
// for every fresh page of it; a reused window costs none. The loader alternates two windows
// (see CsvLoader::refill).
class InputWindow {
public:
    InputWindow(QIODevice &device, std::size_t windowBytes)
        : m_device(device)
        , m_windowBytes(std::max<std::size_t>(windowBytes, 1))
    {
    }
    QIODevice &device() { return m_device; }
    void skip(std::int64_t bytes) // before the first refill
    {
        m_offset = std::max<qint64>(m_device.skip(bytes), 0);
    }
    std::string_view data() const { return { m_buffer.get(), m_filled }; }
    std::int64_t offset() const { return m_offset; } // input offset of data()[0]
    bool atEnd() const { return m_atEnd; }
    const QString &error() const { return m_error; }
    // Keeps data()[keep...] at the front and reads after it; false on a read error.
    bool refill(std::size_t keep)
    {
        const std::size_t kept = m_filled - keep;
        if (keep > 0 && kept > 0)
            std::memmove(m_buffer.get(), m_buffer.get() + keep, kept);
        m_offset += std::int64_t(keep);
        m_filled = kept;
        return readMore();
    }
    // Starts with from.data()[keep...] and reads after it (the next window of the input).
    bool refillFrom(const InputWindow &from, std::size_t keep)
    {
        const std::size_t kept = from.m_filled - keep;
        m_offset = from.m_offset + std::int64_t(keep);
        m_atEnd = from.m_atEnd;
        m_error = from.m_error;
        m_filled = 0;
        reserve(kept);
        if (kept > 0)
            std::memcpy(m_buffer.get(), from.m_buffer.get() + keep, kept);
        m_filled = kept;
        return readMore();
    }

private:
    // A row longer than half a window (a huge quoted cell) doubles the window.
    std::size_t capacity() const { return std::max(m_windowBytes, 2 * m_filled); }
    // Room for capacity() bytes and the padding, keeping data().
    void reserve(std::size_t kept)
    {
        const std::size_t needed = std::max(m_windowBytes, 2 * kept) + kPaddingBytes;
        if (m_bufferSize < needed) {
            // Not zero-filled: read() writes it. In huge pages where it can be: read() would
            // fault in a 2 MB window page by page.
            const std::size_t size = hugePageCapacity(needed, 1);
            auto bigger = std::make_unique_for_overwrite<char[]>(size);
            adviseHugePages(bigger.get(), needed, size);
            if (m_filled > 0)
                std::memcpy(bigger.get(), m_buffer.get(), m_filled);
            m_buffer = std::move(bigger);
            m_bufferSize = size;
        }
    }
    bool readMore()
    {
        const std::size_t capacity = this->capacity();
        reserve(m_filled);
        while (m_filled < capacity && !m_atEnd) {
            const qint64 n = m_device.read(m_buffer.get() + m_filled, qint64(capacity - m_filled));
            if (n < 0)
                m_error = m_device.errorString();
            m_atEnd = n <= 0;
            m_filled += std::size_t(std::max<qint64>(n, 0));
        }
        std::memset(m_buffer.get() + m_filled, 0, kPaddingBytes);
        return m_error.isEmpty();
    }

    QIODevice &m_device;
    std::size_t m_windowBytes;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_bufferSize = 0;
    std::size_t m_filled = 0;
    std::int64_t m_offset = 0;
    bool m_atEnd = false;
    QString m_error;
};

} // namespace npuscope::csv
