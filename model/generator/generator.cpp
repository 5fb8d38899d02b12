#include "model/generator/generator.h"

#include "model/generator/generatordbwriter.h"
#include "model/generator/generatorinfo.h"
#include "model/generator/generatormemory.h"
#include "model/generator/generatorsim.h"
#include "model/generator/generatorwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <string>

namespace npuscope {

using namespace gen;

namespace {

    class GeneratorText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Generator)
    };

    constexpr TimeNs kBaseEpochNs = 1736408883000000000; // the sample run's collection day
    constexpr TimeNs kRankOffsetNs = 1370130; // ranks do not start at the same instant
    constexpr int kFirstStepId = 2; // schedule skip_first 0 + wait 1 + warmup 1
    constexpr int kOperatorRows = 40; // operator_details.csv rows (the first host ops)
    // Long runs (20,000 steps of 30 kernels: the analysis benchmark) stay in bounded memory: the
    // files are streamed, and what is kept per step is the truth (StepTruth, ~100 bytes: 10 MB at
    // the cap).
    constexpr int kMaxSteps = 100'000;
    constexpr std::int64_t kMetadataEvents = 34; // M events written by TraceWriter::metadata()
    constexpr TimeNs kMonotonicOffsetNs = 1736236720000000000; // epoch - CLOCK_MONOTONIC (sample)

    SimConfig rankConfig(const GeneratorOptions &o, int rank, int layers, int steps)
    {
        SimConfig cfg;
        cfg.rank = rank;
        cfg.layers = layers;
        cfg.steps = steps;
        cfg.firstStepId = kFirstStepId;
        cfg.seed = o.seed;
        cfg.deviceCores = o.deviceCores;
        for (Plant p : o.plants)
            cfg.plants |= 1u << static_cast<int>(p);
        cfg.baseNs = kBaseEpochNs + rank * kRankOffsetNs;
        cfg.slowdownPermille = 1000 + o.rankSlowdownPermille * rank;
        cfg.slowType = o.slowKernelType.toStdString();
        cfg.slowTypePermille = static_cast<int>(std::lround(o.slowKernelFactor * 1000));
        return cfg;
    }

    std::int64_t countEvents(const SimConfig &cfg)
    {
        Simulator sim(cfg);
        OverlapTracker tracker;
        Block b;
        std::int64_t n = kMetadataEvents;
        while (sim.next(b)) {
            for (const DeviceTask &t : b.tasks)
                tracker.add(t, b.overlap);
            if (b.stepEnd)
                tracker.finishStep(b.stepEndNs, b.overlap);
            n += b.traceEvents();
        }
        return n;
    }

    // Layers per step so that a rank's trace has about options.events events. Events grow
    // linearly with layers; a few one-step count runs (no output, fast) find the slope.
    int calibrateLayers(const GeneratorOptions &o)
    {
        const std::int64_t target
            = std::max<std::int64_t>(1, (o.events - kMetadataEvents) / o.steps);
        auto perStep = [&](int layers) {
            return countEvents(rankConfig(o, 0, layers, 1)) - kMetadataEvents;
        };
        const std::int64_t one = perStep(1);
        const std::int64_t slope = std::max<std::int64_t>(1, perStep(9) - one) / 8;
        int layers
            = static_cast<int>(std::max<std::int64_t>(1, 1 + (target - one + slope / 2) / slope));
        for (int i = 0; i < 2 && layers > 1; ++i) {
            const std::int64_t got = perStep(layers);
            if (got == one || std::abs(got - target) * 50 < target)
                break;
            const double scale = double(target - one) / double(got - one);
            layers = std::max(1, int(1 + (layers - 1) * scale + 0.5));
        }
        return layers;
    }

    class ProgressTracker {
    public:
        ProgressTracker(const ProgressFn &fn, std::int64_t total)
            : m_fn(fn)
            , m_total(total)
        {
        }
        bool update(std::int64_t done)
        {
            if (!m_fn)
                return true;
            return m_fn(m_base + done, std::max(m_total, m_base + done));
        }
        void finishRank(std::int64_t events) { m_base += events; }

    private:
        const ProgressFn &m_fn;
        std::int64_t m_total;
        std::int64_t m_base = 0;
    };

    struct OpStat {
        std::int64_t count = 0;
        TimeNs total = 0;
        TimeNs min = 0;
        TimeNs max = 0;
    };

    class RankWriter {
    public:
        RankWriter(const GeneratorOptions &o, int rank, int layers, ProgressTracker &progress)
            : m_options(o)
            , m_cfg(rankConfig(o, rank, layers, o.steps))
            , m_ids(traceIds(rank))
            , m_progress(progress)
        {
            m_truth.rank = rank;
            m_truth.dir
                = QDir(o.outDir).absoluteFilePath(QStringLiteral("rank%1_ascend_pt").arg(rank));
            m_outputDir = m_truth.dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT");
        }
        bool run();
        const RankTruth &truth() const { return m_truth; }
        bool writesText() const { return m_options.format != GeneratorFormat::Db; }
        bool writesDb() const { return m_options.format != GeneratorFormat::Text; }
        QString error() const { return m_error; }

    private:
        bool open(OutFile &f, const QString &name);
        bool close(OutFile &f);
        bool writeText();
        bool writeDb(bool accountTruth);
        bool hostPass(TraceWriter &w, std::vector<Counter> &counters);
        bool devicePass(TraceWriter &w);
        bool flowPass(TraceWriter &w);
        void account(const Block &b, const DeviceTask &t);
        void addStep(const Block &b, const StepStats &s, std::int64_t rows);
        bool writeStepTrace();
        bool writeOpStatistic();
        bool writeInfo();
        bool tick(std::int64_t events);
        TimeNs sessionStartNs() const { return m_cfg.baseNs - 200'000'000; }
        TimeNs sessionEndNs() const { return m_lastStepEnd + 5'000'000; }

        const GeneratorOptions &m_options;
        SimConfig m_cfg;
        TraceIds m_ids;
        ProgressTracker &m_progress;
        QString m_outputDir;
        QString m_error;
        RankTruth m_truth;
        std::map<std::pair<std::string, std::string>, OpStat> m_opStats;
        TimeNs m_lastStepEnd = 0;
    };

    bool RankWriter::open(OutFile &f, const QString &name)
    {
        if (f.open(m_outputDir + QLatin1Char('/') + name))
            return true;
        m_error = f.errorString();
        return false;
    }

    bool RankWriter::close(OutFile &f)
    {
        if (f.close())
            return true;
        if (m_error.isEmpty())
            m_error = f.errorString();
        return false;
    }

    bool RankWriter::tick(std::int64_t events)
    {
        if (m_progress.update(events))
            return true;
        m_error = GeneratorText::tr("cancelled");
        return false;
    }

    bool RankWriter::run()
    {
        if (!QDir().mkpath(m_outputDir)) {
            m_error = GeneratorText::tr("cannot create %1").arg(m_outputDir);
            return false;
        }
        if (writesText() && !writeText())
            return false;
        if (writesDb() && !writeDb(!writesText()))
            return false;
        return writeInfo();
    }

    bool RankWriter::writeText()
    {
        OutFile trace;
        if (!open(trace, QStringLiteral("trace_view.json")))
            return false;
        TraceWriter w(trace, m_ids);
        w.begin();
        std::vector<Counter> counters;
        if (!hostPass(w, counters))
            return false;
        w.metadata();
        w.counters(counters);
        if (!devicePass(w) || !flowPass(w))
            return false;
        w.end();
        m_truth.traceEvents = w.events();
        m_truth.traceBytes = trace.size();
        if (!close(trace))
            return false;
        m_progress.finishRank(w.events());
        if (!writeStepTrace() || !writeOpStatistic())
            return false;
        return !GeneratorMemory::wanted(m_options)
            || GeneratorMemory(m_options, m_truth.steps)
                   .writeCsv(m_outputDir, m_truth.rank % 8, &m_error);
    }

    // One pass writes every table. accountTruth: the text passes did not run, so this pass
    // computes the truth (kernels, steps) from the same simulation.
    bool RankWriter::writeDb(bool accountTruth)
    {
        DbRankInfo info;
        info.rank = m_truth.rank;
        info.ranks = m_options.ranks;
        info.deviceId = m_truth.rank % 8; // as traceIds(): eight NPUs per server
        info.ids = m_ids;
        info.sessionStartNs = sessionStartNs();
        info.withStack = m_options.withStack;
        const QString path
            = m_outputDir + QStringLiteral("/ascend_pytorch_profiler_%1.db").arg(m_truth.rank);
        DbWriter db;
        if (!db.open(path, info)) {
            m_error = db.errorString();
            return false;
        }
        Simulator sim(m_cfg);
        OverlapTracker tracker;
        Block b;
        std::int64_t stepRows = 0, events = 0;
        while (sim.next(b)) {
            for (const DeviceTask &t : b.tasks) {
                tracker.add(t, b.overlap);
                if (accountTruth)
                    account(b, t);
            }
            stepRows += static_cast<std::int64_t>(b.tasks.size());
            if (accountTruth)
                m_truth.hostOps += static_cast<std::int64_t>(b.host.size());
            if (b.stepEnd) {
                const StepStats stats = tracker.finishStep(b.stepEndNs, b.overlap);
                if (accountTruth)
                    addStep(b, stats, stepRows);
                stepRows = 0;
            }
            db.block(b);
            events += b.traceEvents();
            if (!tick(events))
                return false;
        }
        if (!db.finish(sessionEndNs())) {
            m_error = db.errorString();
            return false;
        }
        m_progress.finishRank(events);
        if (GeneratorMemory::wanted(m_options)
            && !GeneratorMemory(m_options, m_truth.steps).writeDb(path, m_truth.rank % 8, &m_error))
            return false;
        m_truth.dbPath = path;
        m_truth.dbBytes = QFileInfo(path).size();
        m_truth.dbRows = db.rows();
        return writeAnalysisDb(
            m_outputDir + QStringLiteral("/analysis.db"), m_truth.steps, &m_error);
    }

    bool RankWriter::hostPass(TraceWriter &w, std::vector<Counter> &counters)
    {
        OutFile ops;
        if (!open(ops, QStringLiteral("operator_details.csv")))
            return false;
        writeOperatorDetailsHeader(ops);
        int rowsLeft = kOperatorRows;
        Simulator sim(m_cfg);
        Block b;
        while (sim.next(b)) {
            w.hostEvents(b);
            m_truth.hostOps += static_cast<std::int64_t>(b.host.size());
            counters.insert(counters.end(), b.counters.begin(), b.counters.end());
            if (rowsLeft > 0)
                rowsLeft -= writeOperatorRows(ops, b, rowsLeft);
            if (!tick(w.events()))
                return false;
        }
        return close(ops);
    }

    bool RankWriter::devicePass(TraceWriter &w)
    {
        OutFile kernels;
        if (!open(kernels, QStringLiteral("kernel_details.csv")))
            return false;
        writeKernelDetailsHeader(kernels);
        Simulator sim(m_cfg);
        OverlapTracker tracker;
        Block b;
        std::int64_t stepRows = 0;
        while (sim.next(b)) {
            for (const DeviceTask &t : b.tasks) {
                tracker.add(t, b.overlap);
                writeKernelRow(kernels, t, b.stepId);
                account(b, t);
            }
            stepRows += static_cast<std::int64_t>(b.tasks.size());
            if (b.stepEnd) {
                addStep(b, tracker.finishStep(b.stepEndNs, b.overlap), stepRows);
                stepRows = 0;
            }
            w.deviceEvents(b);
            if (!tick(w.events()))
                return false;
        }
        return close(kernels);
    }

    bool RankWriter::flowPass(TraceWriter &w)
    {
        Simulator sim(m_cfg);
        Block b;
        while (sim.next(b)) {
            w.flows(b);
            if (!tick(w.events()))
                return false;
        }
        return true;
    }

    void RankWriter::account(const Block &b, const DeviceTask &t)
    {
        RankTruth &r = m_truth;
        const HostEvent &launcher = b.host[static_cast<std::size_t>(t.host)];
        r.launcherNs[QString::fromLatin1(launcher.name)] += t.dur;
        if (launcher.thread == 1)
            r.backwardLaunchNs += t.dur;
        const TimeNs end = t.start + t.dur;
        r.firstTaskNs = r.kernelRows == 0 ? t.start : std::min(r.firstTaskNs, t.start);
        r.lastTaskEndNs = std::max(r.lastTaskEndNs, end);
        ++r.kernelRows;
        r.typeNs[QString::fromLatin1(t.spec->type)] += t.dur;
        ++r.typeRows[QString::fromLatin1(t.spec->type)];
        if (t.comm) {
            ++r.commOps;
            r.commNs += t.dur;
            return;
        }
        ++r.computeKernels;
        r.kernelTotalNs += t.dur;
        if (t.spec == &kTransDataKernel) {
            ++r.transDataKernels;
            r.transDataNs += t.dur;
        }
        if (t.spec->core == Core::AiCpu) {
            ++r.aiCpuKernels;
            r.aiCpuNs += t.dur;
            r.aiCpuOver20us += t.dur > 20000 ? 1 : 0;
        }
        if (t.plants & kPlantHostBound) {
            ++r.hostGaps;
            r.hostGapNs += t.wait;
        }
        r.waitOver10xKernels += t.wait >= 10 * t.dur ? 1 : 0;
        if (t.spec->core == Core::AiCore && t.blockDim < m_options.deviceCores) {
            ++r.lowBlockDimKernels;
            r.lowBlockDimNs += t.dur;
        }
        OpStat &s = m_opStats[{ t.spec->type, coreName(t.spec->core) }];
        s.min = s.count == 0 ? t.dur : std::min(s.min, t.dur);
        s.max = std::max(s.max, t.dur);
        s.total += t.dur;
        ++s.count;
    }

    void RankWriter::addStep(const Block &b, const StepStats &s, std::int64_t rows)
    {
        StepTruth st;
        st.stepId = b.stepId;
        st.startNs = b.stepStartNs;
        st.wallNs = b.stepEndNs - b.stepStartNs;
        st.firstTaskNs = s.firstTask;
        st.computingNs = s.computing;
        st.commNs = s.comm;
        st.commNotOverlappedNs = s.notOverlapped;
        st.overlappedNs = s.comm - s.notOverlapped;
        st.freeNs = s.free;
        st.stageNs = b.stepEndNs - s.firstTask;
        st.preparingNs = s.firstTask - b.stepStartNs;
        st.kernelRows = rows;
        m_truth.steps.push_back(st);
        m_truth.stepWallNs.push_back(st.wallNs);
        m_truth.commNotOverlappedNs += s.notOverlapped;
        m_lastStepEnd = b.stepEndNs;
    }

    bool RankWriter::writeStepTrace()
    {
        OutFile f;
        if (!open(f, QStringLiteral("step_trace_time.csv")))
            return false;
        f.put("Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,"
              "Bubble,Communication(Not Overlapped and Exclude Receive),Preparing\r\n");
        for (const StepTruth &s : m_truth.steps) {
            f.putInt(s.stepId);
            const TimeNs values[] = { s.computingNs, s.commNotOverlappedNs, s.overlappedNs,
                s.commNs, s.freeNs, s.stageNs };
            for (TimeNs v : values) {
                f.put(',');
                f.putMicrosShort(v);
            }
            f.put(",0,");
            f.putMicrosShort(s.commNotOverlappedNs);
            f.put(',');
            f.putMicrosShort(s.preparingNs);
            f.put("\r\n");
        }
        return close(f);
    }

    bool RankWriter::writeOpStatistic()
    {
        OutFile f;
        if (!open(f, QStringLiteral("op_statistic.csv")))
            return false;
        f.put("OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),"
              "Ratio(%)\n");
        std::vector<std::pair<std::pair<std::string, std::string>, OpStat>> rows(
            m_opStats.begin(), m_opStats.end());
        std::stable_sort(rows.begin(), rows.end(),
            [](const auto &a, const auto &b) { return a.second.total > b.second.total; });
        const TimeNs all = std::max<TimeNs>(1, m_truth.kernelTotalNs);
        for (const auto &[key, s] : rows) {
            f.put(key.first);
            f.put(',');
            f.put(key.second);
            f.put(',');
            f.putInt(s.count);
            for (TimeNs v : { s.total, s.min, s.total / s.count, s.max }) {
                f.put(',');
                f.putMicrosShort(v);
            }
            f.put(',');
            f.putMicrosShort(s.total * 100000 / all); // percent with three decimals
            f.put('\n');
        }
        return close(f);
    }

    bool RankWriter::writeInfo()
    {
        ProfilerInfoFields fields;
        fields.steps = m_options.steps;
        fields.startMonotonicNs = sessionStartNs() - kMonotonicOffsetNs;
        fields.endNs = sessionEndNs();
        fields.endMonotonicNs = fields.endNs - kMonotonicOffsetNs;
        fields.rank = m_truth.rank;
        fields.format = m_options.format;
        fields.profileMemory = GeneratorMemory::wanted(m_options);
        fields.withStack = m_options.withStack;
        const QString info = profilerInfoJson(fields);
        const QString infoName = QStringLiteral("profiler_info_%1.json").arg(m_truth.rank);
        // The database holds the metadata (META_DATA.ENV_VARIABLES): no json beside it.
        const std::pair<QString, QString> files[] = { { infoName, info },
            { QStringLiteral("profiler_metadata.json"), profilerMetadataJson() } };
        for (const auto &[name, text] : std::span(files, writesText() ? 2 : 1)) {
            QFile f(m_truth.dir + QLatin1Char('/') + name);
            const QByteArray bytes = text.toUtf8();
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)
                || f.write(bytes) != bytes.size()) {
                m_error
                    = GeneratorText::tr("cannot write %1: %2").arg(f.fileName(), f.errorString());
                return false;
            }
        }
        return true;
    }

} // namespace

GeneratorResult generateProfile(const GeneratorOptions &options, const ProgressFn &progress)
{
    GeneratorResult result;
    if (options.outDir.isEmpty())
        result.error = GeneratorText::tr("no output folder given");
    else if (options.ranks < 1 || options.ranks > 4096)
        result.error = GeneratorText::tr("ranks must be between 1 and 4096");
    else if (options.steps < 1 || options.steps > kMaxSteps)
        result.error = GeneratorText::tr("steps must be between 1 and %1").arg(kMaxSteps);
    else if (options.deviceCores < 1 || options.deviceCores > 1024)
        result.error = GeneratorText::tr("deviceCores must be between 1 and 1024");
    else if (options.events < 1)
        result.error = GeneratorText::tr("events must be positive");
    if (!result.error.isEmpty())
        return result;

    const int layers = options.layers > 0 ? options.layers : calibrateLayers(options);
    const std::int64_t estimate = countEvents(rankConfig(options, 0, layers, options.steps));
    const int passes = options.format == GeneratorFormat::Both ? 2 : 1;
    ProgressTracker tracker(progress, estimate * options.ranks * passes);
    for (int rank = 0; rank < options.ranks; ++rank) {
        RankWriter writer(options, rank, layers, tracker);
        if (!writer.run()) {
            result.error = writer.error();
            return result;
        }
        result.ranks.push_back(writer.truth());
    }
    result.ok = true;
    return result;
}

} // namespace npuscope
