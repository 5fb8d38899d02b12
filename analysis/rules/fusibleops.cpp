#include "analysis/rules/fusibleops.h"

#include "analysis/rules/frameworkfindings.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <limits>
#include <map>
#include <string_view>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // The aten rules of msprof-analyze's advisor/rules/timeline_fusion_ops.yaml: the fused API,
    // the operator sequence it replaces ("a-(b){0,1}-(c|d)": operator names without "aten::",
    // parenthesised groups with a repeat count), and the first CANN version whose rule set has
    // it (each set inherits the one before).
    struct FusionRule {
        const char *api;
        const char *pattern;
        const char *since;
    };

    constexpr FusionRule kRules[] = {
        { "torch_npu.npu_confusion_transpose", "(permute)-(contiguous){0,1}-(reshape)", "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(permute)-(contiguous){0,1}-(view)", "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(transpose)-(contiguous){0,1}-(reshape)",
            "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(transpose)-(contiguous){0,1}-(view)", "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(reshape)-(contiguous){0,1}-(permute)", "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(reshape)-(contiguous){0,1}-(transpose)",
            "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(view)-(contiguous){0,1}-(permute)", "6.3.RC2" },
        { "torch_npu.npu_confusion_transpose", "(view)-(contiguous){0,1}-(transpose)", "6.3.RC2" },
        { "torch_npu.fast_gelu", "gelu", "6.3.RC2" },
        { "torch_npu.npu_scaled_masked_softmax", "softmax-(mul){0,1}-(masked_fill_)", "6.3.RC2" },
        { "torch_npu.npu_scaled_masked_softmax", "softmax-(mul){0,1}-(add)", "6.3.RC2" },
        { "optimizer.clip_grad_norm_fused_", "add-reciprocal-mul", "6.3.RC2" },
        { "torch_npu.npu_fusion_attention",
            "matmul-(add){0,1}-(mul){0,1}-(masked_fill_){0,1}-softmax-(dropout){0,1}-matmul",
            "7.0.RC1" },
        { "torch_npu.npu_fusion_attention",
            "matmul-(add){0,1}-(mul){0,1}-(add){0,1}-softmax-(dropout){0,1}-matmul", "7.0.RC1" },
        { "torch_npu.npu_rotary_mul", "(chunk)-neg-cat-(mul){0,2}-add", "7.0.RC1" },
        { "torch_npu.npu_rotary_mul", "(slice)-neg-cat-(mul){0,2}-add", "7.0.RC1" },
        { "torch_npu.npu_rms_norm", "(pow){0,1}-(mean){0,1}-(add){0,1}-rsqrt-mul-(type_as){0,1}",
            "7.0.0" },
        { "torch_npu.npu_swiglu", "(slice)-silu-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(chunk)-silu-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(slice)-mul-silu", "7.0.0" },
        { "torch_npu.npu_swiglu", "(chunk)-mul-silu", "7.0.0" },
        { "torch_npu.npu_swiglu", "(slice)-sigmoid-mul-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(chunk)-sigmoid-mul-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(slice)-mul-sigmoid-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(chunk)-mul-sigmoid-mul", "7.0.0" },
        { "torch_npu.npu_swiglu", "(slice)-mul-mul-sigmoid", "7.0.0" },
        { "torch_npu.npu_swiglu", "(chunk)-mul-mul-sigmoid", "7.0.0" },
        { "torch_npu.npu_geglu", "(slice)-gelu-mul", "8.0.RC1" },
        { "torch_npu.npu_geglu", "(chunk)-gelu-mul", "8.0.RC1" },
        { "torch_npu.npu_geglu", "(slice)-mul-gelu", "8.0.RC1" },
        { "torch_npu.npu_geglu", "(chunk)-mul-gelu", "8.0.RC1" },
        { "torch_npu.npu_group_norm_silu", "group_norm-silu", "8.0.RC1" },
        { "torch.addmm", "mul-mul-add", "8.0.RC1" },
        { "torch_npu.npu_add_layer_norm", "add-layer_norm", "8.0.RC1" },
        { "mindspeed.ops.npu_matmul_add", "matmul-add", "8.0.RC3" },
        { "mindspeed.ops.npu_moe_token_permute", "argsort-argsort-index_select", "8.0.RC3" },
        { "mindspeed.ops.npu_moe_token_unpermute", "index_select-mul-reduce_sum", "8.0.RC3" },
    };

    constexpr std::string_view kAten = "aten::";
    constexpr std::string_view kBackward = "autograd::engine::evaluate_function";
    constexpr int kMaxStacksRead = 32; // "Call stack" args read per API (each a lazy parse)

    // A CANN version as a number that orders them: 8.0.RC3 < 8.0.0 < 8.1.RC1; -1 when it does
    // not parse (alpha and test builds).
    qint64 versionKey(const QString &version)
    {
        static const QRegularExpression re(QStringLiteral("^(\\d+)\\.(\\d+)\\.(?:RC(\\d+)|(\\d+))"),
            QRegularExpression::CaseInsensitiveOption);
        const auto m = re.match(version.trimmed());
        if (!m.hasMatch())
            return -1;
        const qint64 release = m.captured(3).isEmpty() ? 100 + m.captured(4).toLongLong()
                                                       : m.captured(3).toLongLong();
        return (m.captured(1).toLongLong() * 100 + m.captured(2).toLongLong()) * 1000 + release;
    }

    // "(a|b){0,1}-c" -> "(?:-a-|-b-){0,1}(?:-c-)": each operator framed by '-' in the text
    // "-op1--op2-..." so that a name never matches part of another.
    QString regexOf(const char *pattern)
    {
        QString out;
        for (const QString &token : QString::fromLatin1(pattern).split(QLatin1Char('-'))) {
            const qsizetype open = token.indexOf(QLatin1Char('('));
            const qsizetype close = token.indexOf(QLatin1Char(')'));
            const QString names = open >= 0 ? token.mid(open + 1, close - open - 1) : token;
            const QString suffix = open >= 0 ? token.mid(close + 1) : QString();
            QStringList framed;
            for (const QString &n : names.split(QLatin1Char('|')))
                framed << QLatin1Char('-') + QRegularExpression::escape(n.trimmed())
                        + QLatin1Char('-');
            out += QStringLiteral("(?:%1)%2").arg(framed.join(QLatin1Char('|')), suffix);
        }
        return out;
    }

    // The forward aten operators a thread ran at the top level, in order: not inside another
    // aten operator (its own steps) nor inside the autograd engine (backward).
    struct OpSequence {
        QString text; // "-op1--op2-..."
        std::vector<qsizetype> offsets; // per operator, where it starts in text
        std::vector<EventRef> events;
    };

    OpSequence topLevelOps(const Trace &trace, const Track &track)
    {
        OpSequence seq;
        TimeNs blockedUntil = std::numeric_limits<TimeNs>::min();
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.start < blockedUntil)
                continue;
            const std::string_view name = trace.strings.view(e.name);
            if (name.substr(0, kBackward.size()) == kBackward) {
                blockedUntil = e.end();
            } else if (name.substr(0, kAten.size()) == kAten) {
                blockedUntil = e.end();
                const std::string_view op = name.substr(kAten.size());
                seq.offsets.push_back(seq.text.size());
                seq.events.push_back({ track.id, i });
                seq.text += QLatin1Char('-') + QString::fromUtf8(op.data(), qsizetype(op.size()))
                    + QLatin1Char('-');
            }
        }
        return seq;
    }

    struct Match {
        EventRef first;
        TimeNs start = 0;
        TimeNs end = 0;
        QString ops; // "add-layer_norm"
    };

    struct ApiMatches {
        QStringList patterns;
        std::vector<Match> matches;
    };

    // Every match of `re` in `seq`, as the operators it spans.
    void matchAll(const Trace &trace, const OpSequence &seq, const QRegularExpression &re,
        std::vector<Match> &out)
    {
        auto it = re.globalMatch(seq.text);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedLength() == 0)
                continue;
            const auto first
                = std::lower_bound(seq.offsets.begin(), seq.offsets.end(), m.capturedStart());
            const auto last = std::lower_bound(first, seq.offsets.end(), m.capturedEnd());
            if (first == seq.offsets.end() || *first != m.capturedStart() || last == first)
                continue;
            const std::size_t a = std::size_t(first - seq.offsets.begin());
            const std::size_t b = std::size_t(last - seq.offsets.begin()) - 1;
            Match match { seq.events[a], trace.event(seq.events[a]).start, 0,
                m.captured()
                    .mid(1, m.capturedLength() - 2)
                    .replace(QStringLiteral("--"), QStringLiteral("-")) };
            for (std::size_t k = a; k <= b; ++k)
                match.end = std::max(match.end, trace.event(seq.events[k]).end());
            out.push_back(match);
        }
    }

    // Per fused API, the matches of its rules that the CANN version `key` has (-1: all).
    std::map<QString, ApiMatches> matchRules(const Trace &trace, qint64 key)
    {
        std::vector<OpSequence> threads;
        for (const Track &t : trace.tracks) {
            if (t.kind == TrackKind::HostThread)
                threads.push_back(topLevelOps(trace, t));
        }
        std::map<QString, ApiMatches> byApi;
        for (const FusionRule &r : kRules) {
            if (key >= 0 && versionKey(QLatin1String(r.since)) > key)
                continue;
            const QRegularExpression re(regexOf(r.pattern));
            std::vector<Match> found;
            for (const OpSequence &seq : threads)
                matchAll(trace, seq, re, found);
            if (found.empty())
                continue;
            ApiMatches &api = byApi[QLatin1String(r.api)];
            api.patterns << QLatin1String(r.pattern);
            api.matches.insert(api.matches.end(), found.begin(), found.end());
        }
        return byApi;
    }

    // The same operators matched by two patterns of one API count once.
    void dedupe(std::vector<Match> &matches)
    {
        std::stable_sort(matches.begin(), matches.end(),
            [](const Match &a, const Match &b) { return a.start < b.start; });
        const auto sameFirst = [](const Match &a, const Match &b) {
            return a.first.track.value == b.first.track.value && a.first.index == b.first.index;
        };
        matches.erase(std::unique(matches.begin(), matches.end(), sameFirst), matches.end());
    }

    // "from <user frame> (n)" for the most frequent stacks of the matches' first operators.
    QStringList stacksOf(const Trace &trace, const std::vector<Match> &matches)
    {
        std::map<QString, int> byFrame;
        for (std::size_t i = 0; i < matches.size() && int(i) < kMaxStacksRead; ++i) {
            const QString stack
                = trace.args(matches[i].first).value(QStringLiteral("Call stack")).toString();
            if (!stack.isEmpty())
                ++byFrame[userFrame(callStackFrames(stack))];
        }
        std::vector<std::pair<int, QString>> frames;
        for (const auto &[frame, n] : byFrame)
            frames.emplace_back(-n, frame);
        std::sort(frames.begin(), frames.end());
        QStringList out;
        for (std::size_t i = 0; i < frames.size() && i < 3; ++i)
            out << QStringLiteral("%1 (%2)").arg(frames[i].second).arg(-frames[i].first);
        return out;
    }

} // namespace

QString fusibleOpsNote(const DetectorInput &in)
{
    const QString version = in.rank.config.cannVersion;
    return versionKey(version) >= 0
        ? Text::tr("The rules of CANN %1 (the profile's) were applied.").arg(version)
        : Text::tr("The profile does not record a CANN version that parses: the rules of every "
                   "version were applied.");
}

std::optional<Finding> findFusibleOps(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    std::map<QString, ApiMatches> byApi = matchRules(trace, versionKey(in.rank.config.cannVersion));
    if (byApi.empty())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kFusibleOps);
    f.severity = FindingSeverity::Info;
    int total = 0;
    for (auto &[api, m] : byApi) {
        dedupe(m.matches);
        total += int(m.matches.size());
        const QStringList stacks = stacksOf(trace, m.matches);
        f.details << Text::tr("%1 replaces %2: %n match(es)", nullptr, int(m.matches.size()))
                         .arg(api, m.patterns.join(QStringLiteral(", ")))
                + (stacks.isEmpty() ? QString()
                                    : Text::tr(", from %1").arg(stacks.join(QStringLiteral(", "))));
        for (std::size_t i = 0; i < m.matches.size() && i < 4; ++i) {
            const Match &x = m.matches[i];
            Evidence e;
            e.event = x.first;
            e.start = x.start;
            e.end = x.end;
            e.label = Text::tr("%1: %2").arg(api, x.ops);
            f.evidence.push_back(e);
        }
    }
    std::stable_sort(f.evidence.begin(), f.evidence.end(),
        [](const Evidence &a, const Evidence &b) { return a.start < b.start; });
    if (f.evidence.size() > kMaxEvidence)
        f.evidence.resize(kMaxEvidence);
    QStringList apis;
    for (const auto &[api, m] : byApi)
        apis << api;
    f.title = Text::tr("%n aten operator sequence(s) that a fused API replaces: %1", nullptr, total)
                  .arg(apis.join(QStringLiteral(", ")));
    f.addMetric(QStringLiteral("fusible_sequences"), total, Metric::Unit::Count);
    f.addMetric(QStringLiteral("fused_apis"), double(apis.size()), Metric::Unit::Count);
    f.details << Text::tr("Rules: the aten entries of msprof-analyze's "
                          "rules/timeline_fusion_ops.yaml. Matched on the forward aten operators "
                          "each host thread ran at the top level (the advisor also matches the "
                          "steps inside an operator and interleaves threads). %1")
                     .arg(fusibleOpsNote(in));
    f.advice = Text::tr("A fused API runs the sequence as one operator: fewer launches and less "
                        "memory traffic. Where the code at the frames named computes what the "
                        "fused API does (the rules match operator names, not arguments), call "
                        "the fused API instead and compare the step time.");
    return f;
}

} // namespace npuscope
