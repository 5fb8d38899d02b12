#include "app/reports/calltreejson.h"

#include "analysis/calltree/calltree.h"
#include "analysis/calltree/calltreeviews.h"
#include "app/reports/reportjson.h"

#include <QJsonArray>

namespace npuscope {

QJsonObject callTreeJson(const CallTree &tree, int top)
{
    QJsonObject o;
    o[QStringLiteral("source")]
        = QString::fromLatin1(tree.source == CallTreeSource::PythonFrames ? "python_frames"
                : tree.source == CallTreeSource::FrameworkOps             ? "framework_ops"
                : tree.source == CallTreeSource::CannCalls                ? "cann_calls"
                                                                          : "none");
    o[QStringLiteral("total_device_us")] = nsToUs(tree.totalDeviceNs);
    o[QStringLiteral("attributed_device_us")] = nsToUs(tree.attributedDeviceNs);
    o[QStringLiteral("unattributed_device_us")] = nsToUs(tree.unattributedDeviceNs);
    // Kernel rows per (launch rule, path rule): "flow/forward_backward": 89, ...
    QJsonObject rules;
    for (int l = 0; l < kLaunchRuleCount; ++l)
        for (int p = 0; p < kPathRuleCount; ++p)
            if (const qint64 n = tree.kernelsByRule[std::size_t(l)][std::size_t(p)]; n > 0)
                rules[launchRuleKey(LaunchRule(l)) % QLatin1Char('/') % pathRuleKey(PathRule(p))]
                    = n;
    o[QStringLiteral("kernels_by_rule")] = rules;
    QJsonArray frames;
    for (std::uint32_t n : topDeviceFrames(tree, top)) {
        const CallTreeNode &node = tree.nodes[n];
        frames.append(QJsonObject { { QStringLiteral("frame"), tree.nodeName(n) },
            { QStringLiteral("self_device_us"), nsToUs(node.selfDevice) },
            { QStringLiteral("total_device_us"), nsToUs(node.totalDevice) },
            { QStringLiteral("self_host_us"), nsToUs(node.selfHost) },
            { QStringLiteral("total_host_us"), nsToUs(node.totalHost) },
            { QStringLiteral("depth"), qint64(node.depth) } });
    }
    o[QStringLiteral("top_frames")] = frames;
    return o;
}

} // namespace npuscope
