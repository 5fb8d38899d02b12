#include "model/profile/kerneltimeline.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    // torch_npu's process_sort_index of these processes in trace_view.json (ascend-2025-01):
    // Python 0, Ascend Hardware 13, HCCL 15. The steps stand where the Python thread would.
    constexpr std::int64_t kStepSort = 0;
    constexpr std::int64_t kDeviceSort = 13;
    constexpr std::int64_t kCommunicationSort = 15;

    // Communication tasks: HCCL rows have no stream number (N/A) and the Accelerator Core
    // "HCCL" or "COMMUNICATION" (FORMATS.md §3).
    bool isCommunication(const KernelTable &k, std::size_t row)
    {
        if (k.stream[row] == KernelTable::kNoValue)
            return true;
        const QString core = k.strings.string(k.core[row]).toUpper();
        return core.contains(QLatin1String("HCCL"))
            || core.contains(QLatin1String("COMMUNICATION"));
    }

    class Builder {
    public:
        explicit Builder(const KernelTable &kernels)
            : m_kernels(kernels)
            , m_trace(std::make_shared<Trace>())
        {
        }

        std::shared_ptr<Trace> build()
        {
            const KernelTable &k = m_kernels;
            for (std::size_t r = 0; r < std::size_t(k.rowCount()); ++r) {
                if (k.start[r] == Table::kMissingNs) {
                    ++m_untimed;
                    continue;
                }
                Event e;
                e.start = k.start[r];
                e.duration = std::max<TimeNs>(0, k.duration[r]);
                e.name = m_trace->strings.intern(k.strings.view(k.name[r]));
                e.category = m_trace->strings.intern(std::string_view());
                track(isCommunication(k, r) ? -1 : k.stream[r]).events.push_back(e);
                addToStep(k.strings.view(k.step[r]), e);
            }
            addSteps();
            return finish();
        }

        qsizetype untimed() const { return m_untimed; }

    private:
        // The track of a stream (-1: communication), created on first use.
        Track &track(int stream)
        {
            const auto [it, inserted] = m_byStream.try_emplace(stream, m_trace->tracks.size());
            if (inserted) {
                const bool comm = stream < 0;
                const QString process = comm ? KernelTimeline::communicationProcess()
                                             : KernelTimeline::deviceProcess();
                const QString thread = comm ? KernelTimeline::communicationProcess()
                                            : QStringLiteral("Stream %1").arg(stream);
                addTrack(process, thread, comm ? TrackKind::Communication : TrackKind::DeviceStream,
                    comm ? kCommunicationSort : kDeviceSort);
                m_trace->tracks.back().streamId = stream;
            }
            return m_trace->tracks[it->second];
        }

        void addTrack(
            const QString &process, const QString &thread, TrackKind kind, std::int64_t sort)
        {
            Track t;
            t.pidKey = m_trace->strings.intern(process.toStdString());
            t.tidKey = m_trace->strings.intern(thread.toStdString());
            t.processName = process;
            t.threadName = thread;
            if (kind != TrackKind::HostThread)
                t.processLabels = QStringLiteral("NPU");
            t.processSort = sort;
            t.kind = kind;
            m_trace->tracks.push_back(std::move(t));
        }

        void addToStep(std::string_view step, const Event &e)
        {
            if (step.empty())
                return;
            const auto [it, inserted]
                = m_steps.try_emplace(std::string(step), std::pair { e.start, e.end() });
            if (!inserted) {
                it->second.first = std::min(it->second.first, e.start);
                it->second.second = std::max(it->second.second, e.end());
            }
        }

        // One "ProfilerStep#N" slice per Step Id, from its first kernel's start to its last
        // kernel's end: the same name the host writes, so step analysis finds them.
        void addSteps()
        {
            if (m_steps.empty())
                return;
            addTrack(KernelTimeline::stepProcess(), KernelTimeline::stepProcess(),
                TrackKind::HostThread, kStepSort);
            Track &t = m_trace->tracks.back();
            for (const auto &[id, span] : m_steps) {
                Event e;
                e.start = span.first;
                e.duration = span.second - span.first;
                e.name = m_trace->strings.intern("ProfilerStep#" + id);
                e.category = m_trace->strings.intern("step");
                t.events.push_back(e);
            }
        }

        std::shared_ptr<Trace> finish()
        {
            Trace &trace = *m_trace;
            // Streams in number order, then communication, then the steps.
            const auto order = [](const Track &t) {
                return t.kind == TrackKind::DeviceStream ? 0
                    : t.kind == TrackKind::Communication ? 1
                                                         : 2;
            };
            std::stable_sort(
                trace.tracks.begin(), trace.tracks.end(), [&](const Track &a, const Track &b) {
                    return order(a) != order(b) ? order(a) < order(b) : a.streamId < b.streamId;
                });
            bool any = false;
            for (std::uint32_t i = 0; i < trace.tracks.size(); ++i) {
                Track &t = trace.tracks[i];
                t.id = TrackId(i);
                Trace::buildTrackIndexes(t);
                for (const Event &e : t.events) {
                    trace.minTime = any ? std::min(trace.minTime, e.start) : e.start;
                    trace.maxTime = any ? std::max(trace.maxTime, e.end()) : e.end();
                    any = true;
                }
                trace.stats.complete += static_cast<std::int64_t>(t.events.size());
            }
            trace.stats.events = trace.stats.complete;
            trace.indexFlows();
            return any ? m_trace : nullptr;
        }

        const KernelTable &m_kernels;
        std::shared_ptr<Trace> m_trace;
        std::map<int, std::size_t> m_byStream; // stream (-1: communication) -> track index
        std::map<std::string, std::pair<TimeNs, TimeNs>> m_steps; // Step Id -> span
        qsizetype m_untimed = 0;
    };

} // namespace

QString KernelTimeline::deviceProcess() { return QStringLiteral("Ascend Hardware"); }
QString KernelTimeline::communicationProcess() { return QStringLiteral("Communication"); }
QString KernelTimeline::builtFrom(const Trace &trace)
{
    // Trace files are JSON (trace_view.json, *.pt.trace.json[.gz]): only a timeline made from a
    // table has the path of a CSV file.
    return trace.path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? QFileInfo(trace.path).fileName()
        : QString();
}

QString KernelTimeline::stepProcess() { return QStringLiteral("Steps"); }

std::shared_ptr<Trace> KernelTimeline::build(const KernelTable &kernels, IssueList *issues)
{
    Builder builder(kernels);
    std::shared_ptr<Trace> trace = builder.build();
    const QString file = kernels.table ? kernels.table->path : QString();
    if (builder.untimed() > 0 && issues)
        issues->append({ Severity::Warning, file, QString(),
            QCoreApplication::translate("npuscope::KernelTimeline",
                "%n kernel row(s) without a start time are not on the timeline", nullptr,
                int(builder.untimed())) });
    if (!trace)
        return nullptr;
    trace->path = file.isEmpty() ? QStringLiteral("kernel_details.csv") : file;
    return trace;
}

} // namespace npuscope
