#pragma once

// Internal to the profile generator: writers of trace_view.json events and CSV rows in
// torch_npu's exact shape.

#include "model/generator/generatoroutput.h"
#include "model/generator/generatortimeline.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace npuscope::gen {

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
    void deviceTask(const DeviceTask &t);
    void apiEvent(const Block &b, const ApiEvent &a);
    void hostToDeviceId(const DeviceTask &t);
    void hostToDeviceStart(const DeviceTask &t, std::int64_t tid, TimeNs ts);
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
