#include "app/reports/concurrentfor.h"

#include <QtConcurrent/QtConcurrentMap>

#include <numeric>
#include <vector>

namespace npuscope {

ParallelFor concurrentFor()
{
    return [](std::size_t count, const std::function<void(std::size_t)> &fn) {
        std::vector<std::size_t> tasks(count);
        std::iota(tasks.begin(), tasks.end(), std::size_t(0));
        QtConcurrent::blockingMap(tasks, [&fn](std::size_t task) { fn(task); });
    };
}

} // namespace npuscope
