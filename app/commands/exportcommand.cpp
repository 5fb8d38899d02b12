#include "app/commands/exportcommand.h"

#include "analysis/timeline/stepbreakdown.h"
#include "app/commands/commandline.h"
#include "app/reports/exportcaption.h"
#include "app/reports/profilesteps.h"
#include "model/annotations/annotationstore.h"
#include "model/annotations/timelinearrangementstore.h"
#include "model/profile/profile.h"
#include "model/profile/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextStream>

#include <cmath>

namespace npuscope {

namespace {

    // The translation context of the command's messages (lupdate reads ExportCommand::tr).
    class ExportCommand {
        Q_DECLARE_TR_FUNCTIONS(ExportCommand)
    };

    // Beyond this an image is unusable and QImage may fail to allocate it.
    constexpr int kMaxWidth = 16384;
    constexpr double kMaxScale = 4.0;

    int fail(const QString &message, int code = kExitUserError)
    {
        QTextStream(stderr) << QStringLiteral("npuscope export: ") << message << '\n';
        return code;
    }

    const RankProfile *pickRank(const Profile &profile, int rank)
    {
        for (const auto &r : profile.ranks)
            if (r->trace && (rank < 0 || r->rank() == rank))
                return r.get();
        return nullptr;
    }

    struct Range {
        TimeNs start = 0; // absolute; start >= end: whole trace
        TimeNs end = 0;
        TimeNs origin = 0;
        QString stepId;
    };

    // --step and --range: the step's span, a range relative to the step (or the rank's start).
    bool resolveRange(
        const QCommandLineParser &parser, const RankProfile &rank, Range *range, QString *error)
    {
        range->origin = rankTimeOrigin(rank);
        if (parser.isSet(QStringLiteral("step"))) {
            range->stepId = parser.value(QStringLiteral("step"));
            const std::vector<StepSpan> steps = findStepSpans(*rank.trace);
            const auto it = std::find_if(steps.begin(), steps.end(),
                [&](const StepSpan &s) { return s.id == range->stepId; });
            if (it == steps.end()) {
                QStringList ids;
                for (const StepSpan &s : steps)
                    ids << s.id;
                *error = ids.isEmpty()
                    ? ExportCommand::tr("--step %1: the trace has no ProfilerStep slices")
                          .arg(range->stepId)
                    : ExportCommand::tr("--step %1: no such step (steps: %2)")
                          .arg(range->stepId, ids.join(QStringLiteral(", ")));
                return false;
            }
            range->origin = it->start;
            range->start = it->start;
            range->end = it->end;
        }
        if (!parser.isSet(QStringLiteral("range")))
            return true;
        const QString text = parser.value(QStringLiteral("range"));
        const QStringList parts = text.split(QLatin1Char(':'));
        TimeNs a = 0;
        TimeNs b = 0;
        if (parts.size() != 2 || !parseExportTime(parts[0], &a) || !parseExportTime(parts[1], &b)
            || b <= a) {
            *error = ExportCommand::tr("--range \"%1\": expected START:END with START < END, e.g. "
                                       "2ms:3.5ms (a bare number is µs)")
                         .arg(text);
            return false;
        }
        range->start = range->origin + a;
        range->end = range->origin + b;
        return true;
    }

    bool readAnnotations(const QCommandLineParser &parser, const Profile &profile, int rank,
        std::vector<Annotation> *out, QString *error)
    {
        AnnotationSet set;
        // Without --annotations: the ones the GUI saved for this profile (read only).
        const AnnotationSet::ReadResult result = parser.isSet(QStringLiteral("annotations"))
            ? AnnotationStore::readFile(parser.value(QStringLiteral("annotations")), &set)
            : AnnotationStore().load(profile.path, &set);
        if (!result.ok) {
            *error = result.error;
            return false;
        }
        for (const QString &w : result.warnings)
            QTextStream(stderr) << QStringLiteral("npuscope export: ") << w << '\n';
        for (const Annotation &a : set.items)
            if (a.rank < 0 || a.rank == rank)
                out->push_back(a);
        return true;
    }

} // namespace

bool parseExportTime(const QString &text, TimeNs *ns)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(-?\\d+(?:\\.\\d*)?|-?\\.\\d+)\\s*(ns|us|µs|ms|s)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    const QString unit = m.captured(2);
    const double scale = unit == QLatin1String("ns") ? 1.0
        : unit == QLatin1String("ms")                ? 1e6
        : unit == QLatin1String("s")                 ? 1e9
                                                     : 1e3;
    const double value = m.captured(1).toDouble() * scale;
    if (!std::isfinite(value) || std::abs(value) > 9e18)
        return false;
    *ns = static_cast<TimeNs>(std::llround(value));
    return true;
}

TimelineExportOptions rankExportOptions(const Profile &profile, const RankProfile &rank,
    TimeNs start, TimeNs end, TimeNs origin, const QString &stepId,
    const std::vector<Annotation> &annotations)
{
    TimelineExportOptions o;
    o.trace = rank.trace;
    o.start = start;
    o.end = end;
    o.origin = origin;
    o.annotations = annotations;
    if (rank.trace) {
        const TimeNs s = start < end ? start : rank.trace->minTime;
        const TimeNs e = start < end ? end : rank.trace->maxTime;
        o.caption = ExportCaption::lines(profile, rank, s, e, origin, stepId);
    }
    return o;
}

namespace {

    void addExportOptions(QCommandLineParser &parser)
    {
        parser.setApplicationDescription(
            ExportCommand::tr("Renders a profile's timeline, with annotations, a colour legend and "
                              "a caption, as PNG or SVG. Needs no display."));
        parser.addHelpOption();
        parser.addPositionalArgument(QStringLiteral("PATH"),
            ExportCommand::tr("Profile folder, rank folder or trace file."));
        addSourceOption(parser);
        parser.addOption({ { QStringLiteral("o"), QStringLiteral("output") },
            ExportCommand::tr("Image to write: FILE.png or FILE.svg."), QStringLiteral("FILE") });
        parser.addOption({ QStringLiteral("range"),
            ExportCommand::tr("Time range START:END from the rank's start (or the step's with "
                              "--step), e.g. 2ms:3.5ms; a bare number is µs."),
            QStringLiteral("START:END") });
        parser.addOption({ QStringLiteral("step"),
            ExportCommand::tr("Show profiler step N (ProfilerStep#N)."), QStringLiteral("N") });
        parser.addOption({ QStringLiteral("rank"),
            ExportCommand::tr("Rank to show (default: the first with a trace)."),
            QStringLiteral("R") });
        parser.addOption({ QStringLiteral("tracks"),
            ExportCommand::tr("Only tracks whose \"process / track\" name matches this regular "
                              "expression (case-insensitive)."),
            QStringLiteral("REGEX") });
        parser.addOption({ QStringLiteral("annotations"),
            ExportCommand::tr(
                "Annotations file to draw (default: those saved for the profile by the GUI)."),
            QStringLiteral("FILE") });
        parser.addOption({ QStringLiteral("default-layout"),
            ExportCommand::tr("Draw the default track layout (device first), not the arrangement "
                              "saved for the profile by the GUI (order, hidden tracks).") });
        parser.addOption({ QStringLiteral("width"),
            ExportCommand::tr("Image width in pixels (default 1600)."), QStringLiteral("W") });
        parser.addOption({ QStringLiteral("scale"),
            ExportCommand::tr("Pixel scale of a PNG: 2 for high-DPI screens (default 1)."),
            QStringLiteral("S") });
    }

    // What the options say about the image, checked.
    struct ImageSettings {
        QString path; // the profile
        QString output;
        QString suffix; // "png" or "svg"
        int width = 1600;
        double scale = 1.0;
        int rank = -1; // -1: the first with a trace
    };

    bool readImageSettings(const QCommandLineParser &parser, ImageSettings *s, QString *error)
    {
        s->output = parser.value(QStringLiteral("output"));
        s->suffix = QFileInfo(s->output).suffix().toLower();
        if (parser.positionalArguments().size() != 1 || s->output.isEmpty()) {
            *error = ExportCommand::tr(
                "usage: npuscope export PATH -o FILE.png|.svg [--range START:END] [--step N] "
                "[--rank R] [--tracks REGEX] [--annotations FILE] [--default-layout] [--width W] "
                "[--scale S]");
            return false;
        }
        s->path = parser.positionalArguments().constFirst();
        if (s->suffix != QLatin1String("png") && s->suffix != QLatin1String("svg")) {
            *error = ExportCommand::tr("%1: the output must end in .png or .svg").arg(s->output);
            return false;
        }
        bool ok = true;
        if (parser.isSet(QStringLiteral("width")))
            s->width = parser.value(QStringLiteral("width")).toInt(&ok);
        if (!ok || s->width < TimelineExporter::kHeaderWidth + 100 || s->width > kMaxWidth) {
            *error = ExportCommand::tr("--width expects a whole number from %1 to %2")
                         .arg(TimelineExporter::kHeaderWidth + 100)
                         .arg(kMaxWidth);
            return false;
        }
        if (parser.isSet(QStringLiteral("scale")))
            s->scale = parser.value(QStringLiteral("scale")).toDouble(&ok);
        if (!ok || !(s->scale >= 0.5 && s->scale <= kMaxScale)) {
            *error = ExportCommand::tr("--scale expects a number from 0.5 to %1").arg(kMaxScale);
            return false;
        }
        if (parser.isSet(QStringLiteral("rank")))
            s->rank = parser.value(QStringLiteral("rank")).toInt(&ok);
        if (!ok || (parser.isSet(QStringLiteral("rank")) && s->rank < 0)) {
            *error = ExportCommand::tr("--rank expects a rank number");
            return false;
        }
        return true;
    }

    void reportWritten(const ImageSettings &s, const TimelineExporter &exporter, std::size_t notes)
    {
        const QSize pixels
            = s.suffix == QLatin1String("png") ? exporter.size() * s.scale : exporter.size();
        QTextStream(stdout) << ExportCommand::tr(
            "%1: %2 x %3 px, %n track(s), %4 annotation(s)", nullptr, exporter.shownTrackCount())
                                   .arg(QDir::toNativeSeparators(s.output))
                                   .arg(pixels.width())
                                   .arg(pixels.height())
                                   .arg(notes)
                            << '\n';
    }

} // namespace

int runExportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addExportOptions(parser);
    if (!parser.parse(QStringList { QStringLiteral("npuscope export") } + arguments))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return kExitOk;
    }
    ImageSettings settings;
    QString error;
    if (!readImageSettings(parser, &settings, &error))
        return fail(error);

    QString sourceError;
    const std::optional<SourceFormat> source = sourceFormat(parser, &sourceError);
    if (!source)
        return fail(sourceError);
    LoadOptions loadOptions;
    loadOptions.operatorTable = false; // no output shows the Operators tab
    loadOptions.source = *source;
    const LoadResult loaded = loadProfile(settings.path, loadOptions);
    if (!loaded.profile || loaded.profile->ranks.empty())
        return fail(loaded.error);
    const Profile &profile = *loaded.profile;
    const RankProfile *rank = pickRank(profile, settings.rank);
    if (!rank)
        return fail(settings.rank >= 0
                ? ExportCommand::tr("%1: no rank %2 with a trace")
                      .arg(settings.path)
                      .arg(settings.rank)
                : ExportCommand::tr("%1: no trace to draw (trace_view.json or a Kineto trace)")
                      .arg(settings.path));
    Range range;
    if (!resolveRange(parser, *rank, &range, &error))
        return fail(error);
    std::vector<Annotation> annotations;
    if (!readAnnotations(parser, profile, rank->rank(), &annotations, &error))
        return fail(error);

    TimelineExportOptions options = rankExportOptions(
        profile, *rank, range.start, range.end, range.origin, range.stepId, annotations);
    options.trackPattern = parser.value(QStringLiteral("tracks"));
    if (!parser.isSet(QStringLiteral("default-layout"))) {
        // The arrangement the GUI saved for this profile; a damaged one only costs the order.
        options.arrangement = TimelineArrangementStore().load(profile.path, &error);
        if (!error.isEmpty())
            QTextStream(stderr) << QStringLiteral("npuscope export: ") << error << '\n';
    }
    options.width = settings.width;
    options.scale = settings.scale;
    TimelineExporter exporter(options);
    if (!exporter.isValid())
        return fail(exporter.error());
    if (exporter.shownTrackCount() == 0 && !options.trackPattern.isEmpty())
        QTextStream(stderr)
            << QStringLiteral("npuscope export: ")
            << ExportCommand::tr("--tracks \"%1\" matches no track").arg(options.trackPattern)
            << '\n';
    if (!exporter.save(settings.output, &error))
        return fail(error);
    reportWritten(settings, exporter, annotations.size());
    return profile.isDamaged() ? kExitDataError : kExitOk;
}

} // namespace npuscope
