#include "model/core/stringinterner.h"
#include "model/trace/inplacedocument.h"
#include "model/trace/spanfeed.h"
#include "model/trace/traceparser.h"
#include "model/trace/traceparserbackend.h"

#include "model/core/decimal.h"
#include "model/trace/tracesource.h"

#include <QCoreApplication>
#include <simdjson.h>

#include <cstring>
#include <unordered_map>
#include <utility>

namespace npuscope::NPUSCOPE_SIMD_NS {

namespace od = simdjson::ondemand;
using simdjson::error_code;

namespace {

    bool isWs(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    QString errorText(error_code e) { return QString::fromUtf8(simdjson::error_message(e)); }

    std::string_view stripToken(std::string_view tok) { return trimCell(tok); }

    // The key of a field as written, when it is short and has no escapes: the bytes up to the
    // closing quote (simdjson's buffer is padded, so looking 6 bytes ahead is safe). Empty when the
    // key has a backslash in its first bytes (unescape it the slow way) or is longer than 5 bytes
    // (no key we read is). `escaped` tells the two apart.
    std::string_view shortRawKey(const od::raw_json_string &key, bool *escaped)
    {
        const char *raw = key.raw();
        *escaped = false;
        for (std::size_t n = 0; n < 6; ++n) {
            if (raw[n] == '"')
                return { raw, n };
            if (raw[n] == '\\') {
                *escaped = true;
                return {};
            }
        }
        return {};
    }

    FlowIdKey flowIdKey(std::string_view id)
    {
        const auto size = static_cast<qsizetype>(id.size());
        return { StringInterner::hash(id),
            static_cast<std::uint64_t>(qHashBits(id.data(), size, 0x9E3779B97F4A7C15ull)) };
    }

} // namespace

struct Parser final : SpanParserBackend {
    od::parser parser;
    od::parser argsParser; // for "args" that come before "ph" (torch_npu metadata does this)
    std::vector<char> buffer;
    std::vector<char> argsBuffer;
    std::unordered_map<std::uint64_t, std::uint32_t> trackIndex;
    std::vector<std::pair<std::string_view, double>> counterArgs;
    RawChunk *out = nullptr;
    const std::atomic<bool> *cancel = nullptr;
    std::int64_t eventOffset = -1; // of the event being parsed: problems in its args point there
    // Events of one thread come in runs: the last (pid, tid) texts and their track skip two
    // string lookups and a hash lookup for most events. The views point into the chunk's pool.
    std::string_view lastPid, lastTid;
    std::uint32_t lastTrack = 0;
    bool haveLastTrack = false;

    struct Span {
        std::int64_t begin, end;
        bool last;
    };

    // The document being parsed: '[' + events + ']' + padding, in `buffer` or in place.
    char *doc = nullptr;
    std::size_t docCapacity = 0;
    char *inPlace = nullptr; // the span's text, to be parsed where it is
    InPlaceDocument inPlaceDoc;

    void parse(const TraceSource &source, std::int64_t begin, std::int64_t end, bool last,
        RawChunk &chunk, const std::atomic<bool> *cancelFlag, char *text) override;

    std::uint32_t intern(std::string_view s)
    {
        return StringInterner::intern(out->strings, s).value;
    }
    std::uint32_t trackOf(std::uint32_t pid, std::uint32_t tid);
    void parseSpan(const TraceSource &src, const Span &span, std::vector<Span> &work);
    std::int64_t load(const TraceSource &src, const Span &span, bool *shrank);
    void recover(const Span &span, std::int64_t good, std::int64_t bad, std::int64_t len,
        error_code err, std::vector<Span> &work);
    error_code parseEvent(od::object &obj, std::int64_t offset);
    error_code parseArgs(
        char ph, od::object &args, std::string_view *metaText, std::int64_t *metaSort);
    error_code parseLateArgs(
        char ph, std::string_view text, std::string_view *metaText, std::int64_t *metaSort);
    void commit(char ph, std::int64_t offset, std::string_view name, std::string_view cat,
        std::string_view pid, std::string_view tid, std::string_view ts, std::string_view dur,
        std::string_view id, std::string_view bp, std::string_view metaText, std::int64_t metaSort);
    void commitMetadata(std::string_view name, std::string_view pid, std::string_view tid,
        std::string_view metaText, std::int64_t metaSort);
    // Parses "ts"; false (and a problem counted) when it is missing or not a number.
    bool parseStart(std::string_view ts, std::int64_t offset, TimeNs *startNs);
    void commitCounter(std::string_view name, std::string_view pid, TimeNs startNs);
    // The chunk's track of (pid, tid); the last one is remembered.
    std::uint32_t trackFor(std::string_view pid, std::string_view tid);
    void commitSlice(char ph, std::int64_t offset, std::string_view name, std::string_view cat,
        std::uint32_t track, TimeNs startNs, std::string_view dur);
};

std::unique_ptr<SpanParserBackend> makeParser() { return std::make_unique<Parser>(); }

void Parser::parse(const TraceSource &source, std::int64_t begin, std::int64_t end, bool last,
    RawChunk &chunk, const std::atomic<bool> *cancelFlag, char *text)
{
    inPlace = text; // for the whole span only: the pieces of a damaged one are read again
    out = &chunk;
    cancel = cancelFlag;
    trackIndex.clear();
    haveLastTrack = false;
    chunk.begin = begin;
    chunk.end = end;
    // Work list used as a stack: pieces pushed in reverse so they are parsed in file order.
    std::vector<Span> work { { begin, end, last } };
    while (!work.empty()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return;
        const Span span = work.back();
        work.pop_back();
        parseSpan(source, span, work);
    }
}

std::uint32_t Parser::trackOf(std::uint32_t pid, std::uint32_t tid)
{
    const std::uint64_t key = (std::uint64_t(pid) << 32) | tid;
    auto [it, inserted]
        = trackIndex.try_emplace(key, static_cast<std::uint32_t>(out->trackKeys.size()));
    if (inserted)
        out->trackKeys.emplace_back(pid, tid);
    return it->second;
}

// Copies the span into the buffer as a JSON array: '[' + events + ']'. A trailing comma is
// trimmed; for the last span the file's own ']' closes the array first when it is there.
std::int64_t Parser::load(const TraceSource &src, const Span &span, bool *shrank)
{
    const std::int64_t n = span.end - span.begin;
    const auto need = static_cast<std::size_t>(n + 2 + simdjson::SIMDJSON_PADDING);
    if (buffer.capacity() < need) {
        // Room for the next spans too (they differ by a few bytes), and no copy of the old
        // contents: growing by resize() alone copied and re-faulted the buffer several times.
        buffer.clear();
        buffer.reserve(need + need / 8);
    }
    buffer.resize(need);
    buffer[0] = '[';
    std::int64_t got = src.read(span.begin, buffer.data() + 1, n);
    if (got < 0)
        got = 0;
    *shrank = got < n;
    std::int64_t len = 1 + got;
    while (len > 1 && isWs(buffer[static_cast<std::size_t>(len - 1)]))
        --len;
    if (len > 1 && buffer[static_cast<std::size_t>(len - 1)] == ',')
        --len;
    buffer[static_cast<std::size_t>(len++)] = ']';
    std::memset(buffer.data() + len, 0, simdjson::SIMDJSON_PADDING);
    doc = buffer.data();
    docCapacity = buffer.size();
    return len;
}

void Parser::parseSpan(const TraceSource &src, const Span &span, std::vector<Span> &work)
{
    bool shrank = false;
    std::int64_t len = 0;
    if (inPlace) {
        static_assert(simdjson::SIMDJSON_PADDING + 2 <= SpanFeed::kTextSlack);
        len = inPlaceDoc.build(
            std::exchange(inPlace, nullptr), span.end - span.begin, simdjson::SIMDJSON_PADDING);
        doc = inPlaceDoc.data();
        docCapacity = inPlaceDoc.capacity();
    } else {
        len = load(src, span, &shrank);
    }
    if (shrank)
        out->issues.append({ Severity::Warning, src.path(),
            QCoreApplication::translate("npuscope::TraceParser", "byte %1")
                .arg(span.begin + len - 1),
            QCoreApplication::translate("npuscope::TraceParser",
                "the file became shorter while it was being read; the rest was not loaded"),
            true });
    od::document document;
    od::array arr;
    // Spans differ by a few bytes; simdjson reallocates its index whenever a span is larger than
    // any before (fresh pages each time), so leave room for the next spans.
    if (parser.capacity() < std::size_t(len)
        && parser.allocate(std::size_t(len) + std::size_t(len) / 8, parser.max_depth())
            != simdjson::SUCCESS) {
        // No room for the slack: iterate() allocates what it needs or reports the error.
    }
    error_code err = parser.iterate(doc, static_cast<std::size_t>(len), docCapacity).get(document);
    if (!err)
        err = document.get_array().get(arr);
    if (err) {
        inPlaceDoc.restore();
        recover(span, span.begin, span.begin, len, err, work);
        return;
    }
    std::int64_t good = span.begin; // file offset after the last good event
    std::int64_t bad = -1; // file offset where a damaged event starts
    const char *base = doc + 1;
    for (auto result : arr) {
        od::value value;
        if ((err = std::move(result).get(value)))
            break;
        const char *loc = nullptr;
        if ((err = value.current_location().get(loc)))
            break;
        const std::int64_t offset = span.begin + (loc - base);
        od::object obj;
        if ((err = value.get_object().get(obj)) || (err = parseEvent(obj, offset))) {
            bad = offset;
            break;
        }
        const char *after = nullptr;
        good = document.current_location().get(after) ? span.begin + (len - 1)
                                                      : span.begin + (after - base);
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
    }
    inPlaceDoc.restore();
    if (cancel && cancel->load(std::memory_order_relaxed))
        return;
    const std::int64_t ourClose = span.begin + (len - 2); // file coordinate of the ']' we added
    if (!err && good >= ourClose) {
        if (span.last && !shrank)
            out->issues.append({ Severity::Warning, src.path(),
                QCoreApplication::translate("npuscope::TraceParser", "byte %1").arg(ourClose),
                QCoreApplication::translate("npuscope::TraceParser",
                    "the event array is not closed (missing ']'); every complete event was "
                    "loaded") });
        return;
    }
    if (!err && span.last)
        return; // closed by the file's own ']'
    recover(span, good, bad < 0 ? good : bad, len, err, work);
}

// Handles damage inside a span. [span.begin, good) is parsed; the event at `bad` failed.
void Parser::recover(const Span &span, std::int64_t good, std::int64_t bad, std::int64_t len,
    error_code err, std::vector<Span> &work)
{
    const char *base = doc + 1;
    const std::int64_t dataLen = len - 2; // without our brackets
    const auto rel = [&](std::int64_t fileOffset) { return fileOffset - span.begin; };
    // Nothing parsed and the span holds several events: bisect at an event boundary so that the
    // good events on either side of the damage are kept.
    if (good == span.begin && bad == span.begin) {
        const std::int64_t mid = findEventBoundary(base, dataLen, dataLen / 2);
        const std::int64_t first = findEventBoundary(base, dataLen, 1);
        const std::int64_t split = mid > 0 ? mid : first;
        if (split > 0 && split < dataLen) {
            work.push_back({ span.begin + split, span.end, span.last });
            work.push_back({ span.begin, span.begin + split, false });
            return;
        }
    }
    // Only separators and the array's end left: a quirk, nothing lost.
    std::int64_t i = rel(good);
    while (i < dataLen && (isWs(base[i]) || base[i] == ','))
        ++i;
    if (i >= dataLen || (span.last && base[i] == ']')) {
        if (span.last) {
            const bool trailingComma
                = std::memchr(base + rel(good), ',',
                      static_cast<std::size_t>(std::max<std::int64_t>(i - rel(good), 0)))
                != nullptr;
            if (trailingComma && i < dataLen)
                out->issues.append({ Severity::Info, QString(),
                    QCoreApplication::translate("npuscope::TraceParser", "byte %1").arg(good),
                    QCoreApplication::translate("npuscope::TraceParser",
                        "trailing comma before the closing ']' (a known torch_npu quirk); nothing "
                        "lost") });
        }
        return;
    }
    const std::int64_t from = std::max(rel(bad), i);
    const std::int64_t next = findResyncPoint(base, dataLen, from + 1);
    const std::int64_t lostEnd = next > 0 ? next : dataLen;
    const std::int64_t lost = lostEnd - from;
    out->stats.droppedBytes += lost;
    if (next < 0 && span.last) {
        out->issues.append({ Severity::Warning, QString(),
            QCoreApplication::translate("npuscope::TraceParser", "byte %1").arg(span.begin + from),
            QCoreApplication::translate("npuscope::TraceParser",
                "the trace ends inside an event (%1); the last %2 bytes were dropped — was the job "
                "stopped while writing?")
                .arg(errorText(err))
                .arg(lost),
            true });
        return;
    }
    out->issues.append({ Severity::Warning, QString(),
        QCoreApplication::translate("npuscope::TraceParser", "byte %1").arg(span.begin + from),
        QCoreApplication::translate(
            "npuscope::TraceParser", "malformed event (%1); skipped %2 bytes up to the next event")
            .arg(errorText(err))
            .arg(lost),
        true });
    if (next > 0)
        work.push_back({ span.begin + next, span.end, span.last });
}

error_code Parser::parseArgs(
    char ph, od::object &obj, std::string_view *metaText, std::int64_t *metaSort)
{
    for (auto fr : obj) {
        od::field f;
        std::string_view key;
        if (auto e = std::move(fr).get(f))
            return e;
        if (auto e = f.unescaped_key().get(key))
            return e;
        od::value v = f.value();
        if (ph == 'M') {
            if (key == "name" || key == "labels") {
                if (v.get_string().get(*metaText))
                    *metaText = stripToken(v.raw_json_token());
            } else if (key == "sort_index") {
                std::string_view tok = stripToken(v.raw_json_token());
                *metaSort = parseInteger(tok).value_or(0);
            }
        } else {
            // Counter: each numeric arg is a sample of its own series. Numbers may be strings.
            double number = 0;
            if (v.get_double().get(number)) {
                std::string_view tok = stripToken(v.raw_json_token());
                auto parsed = parseDouble(tok);
                if (!parsed) {
                    out->addProblem(RawChunk::BadCounterValue, eventOffset,
                        QCoreApplication::translate(
                            "npuscope::TraceParser", "counter value is not a number: %1")
                            .arg(QString::fromUtf8(tok.data(),
                                static_cast<qsizetype>(std::min<std::size_t>(tok.size(), 60)))));
                    continue;
                }
                number = *parsed;
            }
            counterArgs.emplace_back(key, number);
        }
    }
    return simdjson::SUCCESS;
}

error_code Parser::parseLateArgs(
    char ph, std::string_view text, std::string_view *metaText, std::int64_t *metaSort)
{
    argsBuffer.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(argsBuffer.data(), text.data(), text.size());
    std::memset(argsBuffer.data() + text.size(), 0, simdjson::SIMDJSON_PADDING);
    od::document argsDoc;
    od::object obj;
    if (auto e = argsParser.iterate(argsBuffer.data(), text.size(), argsBuffer.size()).get(argsDoc))
        return e;
    if (auto e = argsDoc.get_object().get(obj))
        return e;
    return parseArgs(ph, obj, metaText, metaSort);
}

error_code Parser::parseEvent(od::object &obj, std::int64_t offset)
{
    eventOffset = offset;
    char ph = 0;
    std::string_view name, cat, pid, tid, ts, dur, id, bp, metaText;
    std::int64_t metaSort = 0;
    std::string_view lateArgs; // raw "args" seen before "ph"
    counterArgs.clear();
    for (auto fr : obj) {
        od::field f;
        std::string_view key;
        if (auto e = std::move(fr).get(f))
            return e;
        bool escaped = false;
        key = shortRawKey(f.key(), &escaped);
        if (escaped) {
            if (auto e = f.unescaped_key().get(key))
                return e;
        }
        if (key.size() < 2 || key.size() > 4)
            continue; // every key we read has 2 to 4 characters
        od::value v = f.value();
        if (key == "ph") {
            std::string_view p;
            if (auto e = v.get_string().get(p))
                return e;
            ph = p.empty() ? '?' : p.front();
        } else if (key == "name") {
            if (v.get_string().get(name))
                name = stripToken(v.raw_json_token());
        } else if (key == "cat") {
            if (v.get_string().get(cat))
                cat = {};
        } else if (key == "pid") {
            pid = stripToken(v.raw_json_token());
        } else if (key == "tid") {
            tid = stripToken(v.raw_json_token());
        } else if (key == "ts") {
            ts = v.raw_json_token();
        } else if (key == "dur") {
            dur = v.raw_json_token();
        } else if (key == "id") {
            id = stripToken(v.raw_json_token());
        } else if (key == "bp") {
            if (v.get_string().get(bp))
                bp = {};
        } else if (key == "args") {
            od::object args;
            if (ph == 'M' || ph == 'C') {
                if (auto e = v.get_object().get(args))
                    return e;
                if (auto e = parseArgs(ph, args, &metaText, &metaSort))
                    return e;
            } else if (ph == 0) {
                if (auto e = v.get_object().get(args))
                    return e;
                if (auto e = args.raw_json().get(lateArgs))
                    return e;
            }
        }
    }
    if (!lateArgs.empty() && (ph == 'M' || ph == 'C')) {
        if (auto e = parseLateArgs(ph, lateArgs, &metaText, &metaSort))
            return e;
    }
    commit(ph, offset, name, cat, pid, tid, ts, dur, id, bp, metaText, metaSort);
    return simdjson::SUCCESS;
}

void Parser::commit(char ph, std::int64_t offset, std::string_view name, std::string_view cat,
    std::string_view pid, std::string_view tid, std::string_view ts, std::string_view dur,
    std::string_view id, std::string_view bp, std::string_view metaText, std::int64_t metaSort)
{
    TraceStats &st = out->stats;
    ++st.events;
    if (ph == 'M') {
        ++st.metadata;
        commitMetadata(name, pid, tid, metaText, metaSort);
        return;
    }
    const bool flow = ph == 's' || ph == 't' || ph == 'f';
    const bool known
        = ph == 'X' || ph == 'B' || ph == 'E' || ph == 'i' || ph == 'I' || ph == 'C' || flow;
    if (!known) {
        ++st.other;
        return;
    }
    TimeNs startNs = 0;
    if (!parseStart(ts, offset, &startNs)) {
        ph == 'C' ? ++st.counter : flow ? ++st.flow : ++st.other;
        return;
    }
    if (ph == 'C') {
        ++st.counter;
        commitCounter(name, pid, startNs);
        return;
    }
    const std::uint32_t track = trackFor(pid, tid);
    if (flow) {
        ++st.flow;
        // HostToDevice flows are named category + id: keep the category, not a unique name.
        const bool nameIsCatId = name.size() == cat.size() + id.size()
            && name.substr(0, cat.size()) == cat && name.substr(cat.size()) == id;
        const std::uint32_t catId = intern(cat);
        out->flows.push_back({ startNs, track, nameIsCatId ? catId : intern(name), catId,
            flowIdKey(id), ph, bp == "e" });
        return;
    }
    commitSlice(ph, offset, name, cat, track, startNs, dur);
}

void Parser::commitMetadata(std::string_view name, std::string_view pid, std::string_view tid,
    std::string_view metaText, std::int64_t metaSort)
{
    RawChunk::Meta m;
    if (name == "process_name")
        m.kind = RawChunk::Meta::Kind::ProcessName;
    else if (name == "process_labels")
        m.kind = RawChunk::Meta::Kind::ProcessLabels;
    else if (name == "process_sort_index")
        m.kind = RawChunk::Meta::Kind::ProcessSort;
    else if (name == "thread_name")
        m.kind = RawChunk::Meta::Kind::ThreadName;
    else if (name == "thread_sort_index")
        m.kind = RawChunk::Meta::Kind::ThreadSort;
    else
        return; // other metadata (e.g. process_uptime_seconds) is not needed
    m.pid = intern(pid);
    m.tid = intern(tid);
    m.text = intern(metaText);
    m.sort = metaSort;
    out->metas.push_back(m);
}

bool Parser::parseStart(std::string_view ts, std::int64_t offset, TimeNs *startNs)
{
    if (parseScaledToNs(ts, 0, startNs))
        return true;
    if (ts.empty())
        out->addProblem(RawChunk::MissingTimestamp, offset,
            QCoreApplication::translate("npuscope::TraceParser", "event without \"ts\""));
    else
        out->addProblem(RawChunk::BadTimestamp, offset,
            QCoreApplication::translate(
                "npuscope::TraceParser", "timestamp %1 is not a valid number of microseconds")
                .arg(QString::fromUtf8(
                    ts.data(), static_cast<qsizetype>(std::min<std::size_t>(ts.size(), 40)))));
    return false;
}

void Parser::commitCounter(std::string_view name, std::string_view pid, TimeNs startNs)
{
    const std::uint32_t pidId = intern(pid);
    for (const auto &[key, value] : counterArgs) {
        // "AI Core Freq" {"MHz": 1800} -> "AI Core Freq (MHz)"; the key names the unit or part.
        std::uint32_t series;
        if (key == name || key.empty() || name.empty())
            series = intern(name.empty() ? key : name);
        else
            series = intern(std::string(name) + " (" + std::string(key) + ")");
        out->counters.push_back({ startNs, pidId, series, value });
    }
}

std::uint32_t Parser::trackFor(std::string_view pid, std::string_view tid)
{
    if (haveLastTrack && pid == lastPid && tid == lastTid)
        return lastTrack;
    const std::uint32_t pidId = intern(pid), tidId = intern(tid);
    lastTrack = trackOf(pidId, tidId);
    lastPid = out->strings.view(StringId(pidId));
    lastTid = out->strings.view(StringId(tidId));
    haveLastTrack = true;
    return lastTrack;
}

void Parser::commitSlice(char ph, std::int64_t offset, std::string_view name, std::string_view cat,
    std::uint32_t track, TimeNs startNs, std::string_view dur)
{
    TraceStats &st = out->stats;
    RawChunk::Slice slice;
    slice.track = track;
    slice.phase = ph == 'I' ? 'i' : ph;
    slice.event.start = startNs;
    slice.event.argsOffset = static_cast<std::uint64_t>(offset);
    slice.event.name = StringId(intern(name));
    slice.event.category = StringId(intern(cat));
    if (ph == 'X') {
        ++st.complete;
        TimeNs d = 0;
        if (!dur.empty() && !parseScaledToNs(dur, 0, &d)) {
            out->addProblem(RawChunk::BadDuration, offset,
                QCoreApplication::translate("npuscope::TraceParser",
                    "duration %1 is not a valid number of microseconds; shown as 0")
                    .arg(QString::fromUtf8(dur.data(),
                        static_cast<qsizetype>(std::min<std::size_t>(dur.size(), 40)))));
        } else if (d < 0) {
            out->addProblem(RawChunk::NegativeDuration, offset,
                QCoreApplication::translate(
                    "npuscope::TraceParser", "negative duration; shown as 0"));
        } else {
            slice.event.duration = d;
        }
    } else if (ph == 'B' || ph == 'E') {
        ++st.beginEnd;
    } else {
        ++st.instant;
        slice.event.instant = 1;
    }
    out->slices.push_back(slice);
}

} // namespace npuscope::NPUSCOPE_SIMD_NS
