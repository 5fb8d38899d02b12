#pragma once

#include "model/core/hugepages.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

namespace npuscope {

// Values by an integer id, for the joins the database reader makes on ids (connectionId -> the
// launch, CONNECTION_IDS both ways): filled in one pass, built once, then looked up per row. The
// values of one id come in the order they were added. The profilers number these ids densely
// from some base, so a dense range is an offset table (one counting pass, a lookup is two loads);
// sparse ids are sorted and searched. Replaces hash tables that cost more than SQLite's scan.
template <class V> class DbIdIndex {
public:
    void reserve(std::size_t n)
    {
        reserveHuge(m_keys, n);
        reserveHuge(m_values, n);
    }
    void add(std::int64_t id, const V &value)
    {
        m_sorted = m_sorted && (m_keys.empty() || m_keys.back() <= id);
        m_keys.push_back(id);
        m_values.push_back(value);
    }

    void build()
    {
        if (m_keys.empty())
            return;
        const auto [lo, hi] = std::minmax_element(m_keys.begin(), m_keys.end());
        m_min = *lo;
        // hi - lo fits in 64 bits unsigned for any ids; + 1 only once it is known to be small.
        const auto width = static_cast<std::uint64_t>(*hi) - static_cast<std::uint64_t>(*lo);
        const std::size_t n = m_keys.size();
        m_dense = width < 4 * std::uint64_t(n) + 1024 && n < UINT32_MAX;
        m_dense ? buildDense(std::size_t(width) + 1) : buildSparse();
    }

    // The values added under id, in the order they were added.
    std::span<const V> find(std::int64_t id) const
    {
        if (m_dense) {
            const auto k = static_cast<std::uint64_t>(id) - static_cast<std::uint64_t>(m_min);
            // k + 1 would wrap for an id 2^64 - 1 above m_min (int64 min and max both present).
            if (id < m_min || k >= m_offsets.size() - 1)
                return {};
            return { m_values.data() + m_offsets[k], m_offsets[k + 1] - m_offsets[k] };
        }
        const auto [first, last] = std::equal_range(m_keys.begin(), m_keys.end(), id);
        return { m_values.data() + (first - m_keys.begin()), std::size_t(last - first) };
    }

    // f(id, values) for every id, ascending.
    template <class F> void forEach(F f) const
    {
        if (m_dense) {
            for (std::size_t k = 0; k + 1 < m_offsets.size(); ++k)
                if (m_offsets[k + 1] > m_offsets[k])
                    f(m_min + std::int64_t(k),
                        std::span<const V>(
                            m_values.data() + m_offsets[k], m_offsets[k + 1] - m_offsets[k]));
            return;
        }
        for (std::size_t i = 0; i < m_keys.size();) {
            std::size_t j = i;
            while (j < m_keys.size() && m_keys[j] == m_keys[i])
                ++j;
            f(m_keys[i], std::span<const V>(m_values.data() + i, j - i));
            i = j;
        }
    }

private:
    void buildDense(std::size_t range)
    {
        reserveHuge(m_offsets, range + 1);
        m_offsets.assign(range + 1, 0);
        for (const std::int64_t id : m_keys)
            ++m_offsets[std::size_t(id - m_min) + 1];
        std::partial_sum(m_offsets.begin(), m_offsets.end(), m_offsets.begin());
        if (m_sorted) { // the values are in id order already (the profilers' tables mostly are)
            m_keys = {};
            return;
        }
        std::vector<std::uint32_t> next(m_offsets.begin(), m_offsets.end() - 1);
        std::vector<V> values;
        reserveHuge(values, m_values.size());
        values.resize(m_values.size());
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            values[next[std::size_t(m_keys[i] - m_min)]++] = m_values[i];
        m_values = std::move(values);
        m_keys = {};
    }
    void buildSparse()
    {
        if (m_sorted)
            return;
        std::vector<std::uint32_t> order(m_keys.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return m_keys[a] < m_keys[b]; });
        std::vector<std::int64_t> keys(order.size());
        std::vector<V> values(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            keys[i] = m_keys[order[i]];
            values[i] = m_values[order[i]];
        }
        m_keys = std::move(keys);
        m_values = std::move(values);
    }

    std::vector<std::int64_t> m_keys; // sparse: sorted after build(); dense: emptied
    std::vector<V> m_values;
    std::vector<std::uint32_t> m_offsets; // dense: id - m_min -> first value, one past the end
    std::int64_t m_min = 0;
    bool m_dense = false;
    bool m_sorted = true; // the ids came in ascending order
};

} // namespace npuscope
