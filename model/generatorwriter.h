#pragma once

// Internal to the profile generator: a large buffered output file with fast number formatting,
// and the writers of trace_view.json events and CSV rows in torch_npu's exact shape.

#include "model/generatorsim.h"

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

// Process and thread ids of one rank, encoded like torch_npu's: (pid << 10) | (sort << 5) | dev.
struct TraceIds {
    std::int64_t pythonPid = 0;
    std::int64_t threads[2] = { 0, 0 }; // main, autograd
    std::int64_t cannPid = 0;
    std::int64_t hardwarePid = 0;
    std::int64_t hcclPid = 0;
    std::int64_t overlapPid = 0;
    std::int64_t freqPid = 0;
    int computeStream = 2;
};
TraceIds traceIds(int rank);

// Writes trace_view.json events as one top-level array on one line (torch_npu's shape).
class TraceWriter {
public:
    TraceWriter(OutFile &out, const TraceIds &ids);
    void begin();
    void end();
    void hostEvents(const Block &b); // Python cpu_op X events
    void metadata(); // M events of every process
    void counters(const std::vector<Counter> &counters);
    void deviceEvents(const Block &b); // tasks, CANN APIs, HCCL, overlap, HostToDevice flows
    void flows(const Block &b); // async_npu host op -> device task
    std::int64_t events() const { return m_events; }

private:
    void next();
    void meta(bool pythonStyle, std::string_view name, std::int64_t pid, std::int64_t tid,
        std::string_view key, std::string_view text, std::int64_t number = -1);
    void deviceTask(const Block &b, const DeviceTask &t);
    void apiEvent(const Block &b, const ApiEvent &a);
    void hostToDeviceId(const DeviceTask &t);
    void taskName(const DeviceTask &t);
    void taskPidTid(const DeviceTask &t);

    OutFile &m_out;
    TraceIds m_ids;
    std::int64_t m_events = 0;
};

// kernel_details.csv (Level1, aic_metrics off: no metric columns), CRLF like the sample.
void writeKernelDetailsHeader(OutFile &out);
void writeKernelRow(OutFile &out, const DeviceTask &t, int stepId);

// operator_details.csv rows for the host ops of a block (LF, multi-line quoted cells).
void writeOperatorDetailsHeader(OutFile &out);
int writeOperatorRows(OutFile &out, const Block &b, int maxRows);

} // namespace npuscope::gen
