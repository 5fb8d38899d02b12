#include "analysis/compare/sequencematch.h"

#include <algorithm>

namespace npuscope {

std::vector<SequencePair> matchSequences(
    const std::vector<QString> &base, const std::vector<QString> &next)
{
    const std::size_t m = base.size(), n = next.size();
    std::vector<SequencePair> out;
    // dropNew[i * (m + 1) + j]: at (i new, j base) items, the best drops the new one.
    std::vector<bool> dropNew((n + 1) * (m + 1), false);
    std::vector<int> previous(m + 1, 0), current(m + 1, 0);
    for (std::size_t i = 1; i <= n; ++i) {
        current[0] = 0;
        for (std::size_t j = 1; j <= m; ++j) {
            if (next[i - 1] == base[j - 1]) {
                current[j] = previous[j - 1] + 1;
            } else if (current[j - 1] < previous[j]) {
                dropNew[i * (m + 1) + j] = true;
                current[j] = previous[j];
            } else {
                current[j] = current[j - 1];
            }
        }
        std::swap(previous, current);
    }
    std::size_t i = n, j = m;
    while (i > 0 && j > 0) {
        if (next[i - 1] == base[j - 1]) {
            out.push_back({ int(j - 1), int(i - 1) });
            --i;
            --j;
        } else if (dropNew[i * (m + 1) + j]) {
            out.push_back({ -1, int(i - 1) });
            --i;
        } else {
            out.push_back({ int(j - 1), -1 });
            --j;
        }
    }
    for (; i > 0; --i)
        out.push_back({ -1, int(i - 1) });
    for (; j > 0; --j)
        out.push_back({ int(j - 1), -1 });
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace npuscope
