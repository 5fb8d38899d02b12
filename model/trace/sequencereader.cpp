#include "model/trace/sequencereader.h"

#include "model/core/trace.h"
#include "model/trace/tracesource.h"

#include <QByteArray>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string_view>
#include <thread>

namespace npuscope {

namespace {

    // From this many ops on, their numbers are read on a second thread.
    constexpr std::size_t kParallelReads = 4096;
    constexpr std::int64_t kWindowBytes = 4 << 20;
    constexpr std::int64_t kEventBytes = 64 << 10; // a window is refilled when less is left

    constexpr std::string_view kSequenceKey = "\"Sequence number\"";

    // The value after the key at raw[i]: -1 when absent or negative. `complete` is false when the
    // number may go on past the end of `raw`.
    std::int64_t sequenceValue(std::string_view raw, std::size_t i, bool *complete = nullptr)
    {
        i += kSequenceKey.size();
        while (i < raw.size() && (raw[i] == ':' || raw[i] == ' ' || raw[i] == '"'))
            ++i;
        std::int64_t value = -1;
        for (; i < raw.size() && raw[i] >= '0' && raw[i] <= '9' && value < (std::int64_t(1) << 50);
             ++i)
            value = (value < 0 ? 0 : value * 10) + (raw[i] - '0');
        if (complete)
            *complete = i < raw.size();
        return value;
    }

    // The "Sequence number" of an event's args (the raw JSON of the event); -1 when absent or
    // negative.
    std::int64_t sequenceNumber(std::string_view raw)
    {
        const std::size_t i = raw.find(kSequenceKey);
        return i == std::string_view::npos ? -1 : sequenceValue(raw, i);
    }

    // The key is looked for this far into an event before its whole length is worked out.
    constexpr std::size_t kKeySearchBytes = 1024;

    // sequenceNumber() of the JSON object starting at raw[0] (raw runs on past it), without
    // working out its length first, when the key comes early: its first occurrence, found by
    // memmem, is the object's when the object does not close before it, which is certain when
    // no '}' or ']' comes before it (else TraceSource::jsonObjectLength tells). Measuring every
    // event first, with a memchr per string and a find per quote, was most of the reading time
    // on a large trace. Nothing (nullopt) when the key is not found early or the number may go
    // on past `raw`: the caller then measures the object.
    std::optional<std::int64_t> earlySequenceNumber(std::string_view raw)
    {
        if (raw.empty() || raw.front() != '{')
            return std::nullopt;
        const void *hit = memmem(raw.data(), std::min(raw.size(), kKeySearchBytes),
            kSequenceKey.data(), kSequenceKey.size());
        if (!hit)
            return std::nullopt;
        const auto k = std::size_t(static_cast<const char *>(hit) - raw.data());
        const bool mayClose = std::memchr(raw.data(), '}', k) || std::memchr(raw.data(), ']', k);
        if (mayClose && TraceSource::jsonObjectLength(raw.data(), std::int64_t(k)) >= 0)
            return -1; // the object ended before the key
        bool complete = false;
        const std::int64_t value = sequenceValue(raw, k, &complete);
        return complete ? std::optional<std::int64_t>(value) : std::nullopt;
    }

    // The raw JSON of events through a window of the trace file: the host ops of a thread lie
    // in file order, so reading them costs one read per window instead of one per event. The
    // window reaches no further than `end` (past the last op read) needs, and its memory is the
    // calling thread's, kept from one trace to the next: fresh memory costs a page fault per
    // 4 KiB, which for a small trace is most of reading its ops again.
    class RawEvents {
    public:
        RawEvents(const Trace &trace, std::int64_t end, QByteArray &window)
            : m_trace(trace)
            , m_end(end)
            , m_window(window)
        {
            m_window.resize(0); // keeps its capacity
        }

        std::int64_t sequenceNumber(EventRef ref)
        {
            const auto at = static_cast<std::int64_t>(m_trace.event(ref).argsOffset);
            if (at < m_start || at + kEventBytes > m_start + m_window.size()) {
                const std::int64_t bytes = std::clamp(m_end - at, kEventBytes, kWindowBytes);
                m_window.resize(bytes);
                const std::int64_t got = m_trace.source->read(at, m_window.data(), bytes);
                m_window.resize(std::max<std::int64_t>(got, 0));
                m_start = at;
            }
            const std::int64_t from = at - m_start;
            if (const std::optional<std::int64_t> early = earlySequenceNumber(std::string_view(
                    m_window.constData() + from, std::size_t(m_window.size() - from))))
                return *early;
            const std::int64_t length = TraceSource::jsonObjectLength(
                m_window.constData() + from, m_window.size() - from);
            if (length < 0) { // larger than what the window holds past it
                const QByteArray whole = m_trace.rawEventJson(ref);
                return npuscope::sequenceNumber(
                    std::string_view(whole.constData(), std::size_t(whole.size())));
            }
            return npuscope::sequenceNumber(
                std::string_view(m_window.constData() + from, std::size_t(length)));
        }

    private:
        const Trace &m_trace;
        std::int64_t m_end;
        QByteArray &m_window;
        std::int64_t m_start = 0;
    };

    bool isHostOp(const Trace &trace, TrackId track, const Event &e, StringId python)
    {
        return trace.track(track).kind == TrackKind::HostThread && !e.instant
            && e.category != python;
    }

    // A fwdbwd flow between two host ops: the call tree follows those, not sequence numbers.
    bool hasBackwardFlows(const Trace &trace, StringId python)
    {
        const StringId fwdbwd = trace.strings.find("fwdbwd");
        if (!fwdbwd.isValid())
            return false;
        return std::any_of(trace.flows.begin(), trace.flows.end(), [&](const Flow &f) {
            return (f.category == fwdbwd || f.name == fwdbwd) && f.from.isValid() && f.to.isValid()
                && f.from.track != f.to.track
                && isHostOp(trace, f.from.track, trace.event(f.from), python)
                && isHostOp(trace, f.to.track, trace.event(f.to), python);
        });
    }

    struct Read {
        std::uint64_t offset; // its argsOffset: where its JSON starts in the file
        EventRef ref;
    };

    // The host ops, in the order of their bytes in the file; nothing past kMaxSequenceReads.
    std::optional<std::vector<Read>> hostOps(const Trace &trace, StringId python)
    {
        std::vector<Read> reads;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread)
                continue;
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                if (!t.events[i].instant && t.events[i].category != python)
                    reads.push_back({ t.events[i].argsOffset, { t.id, i } });
            }
            if (reads.size() > kMaxSequenceReads)
                return std::nullopt;
        }
        const auto byOffset = [](const Read &a, const Read &b) { return a.offset < b.offset; };
        if (!std::is_sorted(reads.begin(), reads.end(), byOffset))
            std::sort(reads.begin(), reads.end(), byOffset);
        return reads;
    }

    using Numbered = std::vector<std::pair<std::uint64_t, std::int64_t>>; // (key, number)

    Numbered readPart(
        const Trace &trace, const std::vector<Read> &reads, std::size_t from, std::size_t to)
    {
        if (from >= to)
            return {};
        thread_local QByteArray window; // see RawEvents
        RawEvents raw(trace, std::int64_t(reads[to - 1].offset) + kEventBytes, window);
        Numbered out;
        for (std::size_t k = from; k < to; ++k) {
            const std::int64_t seq = raw.sequenceNumber(reads[k].ref);
            if (seq >= 0)
                out.emplace_back(SequenceNumbers::key(reads[k].ref), seq);
        }
        return out;
    }

} // namespace

SequenceNumbers readSequenceNumbers(const Trace &trace)
{
    SequenceNumbers s;
    const StringId python = trace.strings.find("python_function");
    if (!trace.source || hasBackwardFlows(trace, python))
        return s;
    const std::optional<std::vector<Read>> ops = hostOps(trace, python);
    if (!ops)
        return s;
    const std::vector<Read> &reads = *ops;
    const std::size_t half
        = reads.size() >= kParallelReads && std::thread::hardware_concurrency() >= 2
        ? reads.size() / 2
        : reads.size();
    Numbered second;
    std::thread helper;
    if (half < reads.size())
        helper = std::thread([&]() { second = readPart(trace, reads, half, reads.size()); });
    Numbered all = readPart(trace, reads, 0, half);
    if (helper.joinable())
        helper.join();
    all.insert(all.end(), second.begin(), second.end());
    std::sort(all.begin(), all.end());
    s.keys.reserve(all.size());
    s.numbers.reserve(all.size());
    for (const auto &[key, number] : all) {
        s.keys.push_back(key);
        s.numbers.push_back(number);
    }
    s.read = true;
    return s;
}

} // namespace npuscope
