#include "analysis/compare/kernelmatch.h"

#include "analysis/stats/kernelkinds.h"

#include <QHash>

#include <algorithm>

namespace npuscope {

namespace {

    // Regions of at most this many elements per side are aligned with a plain O(N·M) table
    // when Myers gives up: small enough to be cheap, and exact where it matters.
    constexpr qint32 kSmallRegion = 64;

    struct Region {
        qint32 a0, a1, b0, b1; // [a0, a1) of a, [b0, b1) of b
    };

    // Myers' greedy diff of a[r] and b[r] with the V array of every round kept for the walk
    // back. False when the sequences need more than maxEdits edits.
    bool myers(std::span<const quint32> a, std::span<const quint32> b, const Region &r,
        int maxEdits, std::vector<AlignedPair> &out)
    {
        const qint32 n = r.a1 - r.a0;
        const qint32 m = r.b1 - r.b0;
        const int max = std::min<qint64>(qint64(n) + m, maxEdits);
        const int offset = max + 1;
        std::vector<qint32> v(std::size_t(2 * max + 3), 0);
        std::vector<std::vector<qint32>> rounds;
        auto at
            = [&](const std::vector<qint32> &vec, int k) { return vec[std::size_t(k + offset)]; };
        for (int d = 0; d <= max; ++d) {
            rounds.push_back(v);
            for (int k = -d; k <= d; k += 2) {
                qint32 x = (k == -d || (k != d && at(v, k - 1) < at(v, k + 1))) ? at(v, k + 1)
                                                                                : at(v, k - 1) + 1;
                qint32 y = x - k;
                while (x < n && y < m && a[std::size_t(r.a0 + x)] == b[std::size_t(r.b0 + y)]) {
                    ++x;
                    ++y;
                }
                v[std::size_t(k + offset)] = x;
                if (x < n || y < m)
                    continue;
                // Walk back through the rounds, collecting the diagonal (equal) steps.
                std::vector<AlignedPair> pairs;
                for (int dd = d; dd > 0; --dd) {
                    const std::vector<qint32> &pv = rounds[std::size_t(dd)];
                    const int kk = x - y;
                    const int prevK = (kk == -dd || (kk != dd && at(pv, kk - 1) < at(pv, kk + 1)))
                        ? kk + 1
                        : kk - 1;
                    const qint32 px = at(pv, prevK);
                    const qint32 py = px - prevK;
                    while (x > px && y > py) {
                        --x;
                        --y;
                        pairs.emplace_back(r.a0 + x, r.b0 + y);
                    }
                    x = px;
                    y = py;
                }
                while (x > 0 && y > 0) {
                    --x;
                    --y;
                    pairs.emplace_back(r.a0 + x, r.b0 + y);
                }
                out.insert(out.end(), pairs.rbegin(), pairs.rend());
                return true;
            }
        }
        return false;
    }

    // Longest common subsequence by dynamic programming, for small regions.
    void lcsTable(std::span<const quint32> a, std::span<const quint32> b, const Region &r,
        std::vector<AlignedPair> &out)
    {
        const qint32 n = r.a1 - r.a0;
        const qint32 m = r.b1 - r.b0;
        std::vector<qint32> t(std::size_t((n + 1) * (m + 1)), 0);
        auto cell = [&](qint32 i, qint32 j) -> qint32 & { return t[std::size_t(i * (m + 1) + j)]; };
        for (qint32 i = n - 1; i >= 0; --i) {
            for (qint32 j = m - 1; j >= 0; --j) {
                cell(i, j) = a[std::size_t(r.a0 + i)] == b[std::size_t(r.b0 + j)]
                    ? cell(i + 1, j + 1) + 1
                    : std::max(cell(i + 1, j), cell(i, j + 1));
            }
        }
        for (qint32 i = 0, j = 0; i < n && j < m;) {
            if (a[std::size_t(r.a0 + i)] == b[std::size_t(r.b0 + j)]) {
                out.emplace_back(r.a0 + i, r.b0 + j);
                ++i;
                ++j;
            } else if (cell(i + 1, j) >= cell(i, j + 1)) {
                ++i;
            } else {
                ++j;
            }
        }
    }

    void alignRegion(std::span<const quint32> a, std::span<const quint32> b, Region r, int maxEdits,
        std::vector<AlignedPair> &out)
    {
        // Common prefix and suffix cost nothing to pair and shrink what the diff sees.
        while (r.a0 < r.a1 && r.b0 < r.b1 && a[std::size_t(r.a0)] == b[std::size_t(r.b0)])
            out.emplace_back(r.a0++, r.b0++);
        std::vector<AlignedPair> suffix;
        while (r.a0 < r.a1 && r.b0 < r.b1 && a[std::size_t(r.a1 - 1)] == b[std::size_t(r.b1 - 1)])
            suffix.emplace_back(--r.a1, --r.b1);
        if (r.a0 < r.a1 && r.b0 < r.b1 && !myers(a, b, r, maxEdits, out)) {
            if (r.a1 - r.a0 <= kSmallRegion && r.b1 - r.b0 <= kSmallRegion) {
                lcsTable(a, b, r, out);
            } else {
                const qint32 am = r.a0 + (r.a1 - r.a0) / 2;
                const qint32 bm = r.b0 + (r.b1 - r.b0) / 2;
                alignRegion(a, b, { r.a0, am, r.b0, bm }, maxEdits, out);
                alignRegion(a, b, { am, r.a1, bm, r.b1 }, maxEdits, out);
            }
        }
        out.insert(out.end(), suffix.rbegin(), suffix.rend());
    }

    // Interned keys shared by both runs (each run has its own string pool).
    class KeyTable {
    public:
        quint32 key(const QString &text)
        {
            auto it = m_ids.constFind(text);
            if (it == m_ids.cend())
                it = m_ids.insert(text, quint32(m_ids.size()));
            return *it;
        }
        // Keys of the rows' names, cached per string id of the run's pool.
        std::vector<quint32> keys(
            const KernelTable &k, const std::vector<qint32> &rows, bool family)
        {
            std::vector<qint64> cache(k.strings.size(), -1);
            std::vector<quint32> out;
            out.reserve(rows.size());
            for (qint32 row : rows) {
                const StringId id = k.name[std::size_t(row)];
                qint64 &c = cache[id.value];
                if (c < 0) {
                    const QString name = k.strings.string(id);
                    c = key(family ? kernelFamily(name) : name);
                }
                out.push_back(quint32(c));
            }
            return out;
        }

    private:
        QHash<QString, quint32> m_ids;
    };

    // Rows in start order (rows without a start keep their table order, after the others).
    std::vector<qint32> startOrdered(const KernelTable &k, std::vector<qint32> rows)
    {
        std::stable_sort(rows.begin(), rows.end(), [&](qint32 x, qint32 y) {
            const TimeNs sx = k.start[std::size_t(x)], sy = k.start[std::size_t(y)];
            const bool mx = sx == Table::kMissingNs, my = sy == Table::kMissingNs;
            return mx != my ? my : (!mx && sx < sy);
        });
        return rows;
    }

    // Aligns one kind of rows: exact names, then the gaps between matched rows by family.
    void matchKind(const KernelTable &bk, const std::vector<qint32> &baseRows,
        const KernelTable &nk, const std::vector<qint32> &newRows, KeyTable &keys, KernelMatch &out)
    {
        const std::vector<quint32> a = keys.keys(bk, baseRows, false);
        const std::vector<quint32> b = keys.keys(nk, newRows, false);
        std::vector<AlignedPair> exact = alignSequences(a, b, kMaxAlignEdits);
        const std::vector<quint32> fa = keys.keys(bk, baseRows, true);
        const std::vector<quint32> fb = keys.keys(nk, newRows, true);
        std::vector<AlignedPair> all;
        AlignedPair previous { -1, -1 };
        exact.emplace_back(qint32(a.size()), qint32(b.size())); // sentinel: the tail gap
        for (const AlignedPair &p : exact) {
            const Region gap { previous.first + 1, p.first, previous.second + 1, p.second };
            if (gap.a0 < gap.a1 && gap.b0 < gap.b1) {
                const std::span<const quint32> sa(fa.data() + gap.a0, std::size_t(gap.a1 - gap.a0));
                const std::span<const quint32> sb(fb.data() + gap.b0, std::size_t(gap.b1 - gap.b0));
                for (const AlignedPair &q : alignSequences(sa, sb, kMaxAlignEdits))
                    all.emplace_back(gap.a0 + q.first, gap.b0 + q.second);
            }
            all.push_back(p);
            previous = p;
        }
        all.pop_back(); // the sentinel
        std::vector<bool> baseUsed(baseRows.size(), false), newUsed(newRows.size(), false);
        for (const AlignedPair &p : all) {
            out.pairs.push_back({ baseRows[std::size_t(p.first)], newRows[std::size_t(p.second)] });
            baseUsed[std::size_t(p.first)] = true;
            newUsed[std::size_t(p.second)] = true;
        }
        for (std::size_t i = 0; i < baseRows.size(); ++i) {
            if (!baseUsed[i])
                out.onlyBase.push_back(baseRows[i]);
        }
        for (std::size_t i = 0; i < newRows.size(); ++i) {
            if (!newUsed[i])
                out.onlyNew.push_back(newRows[i]);
        }
    }

} // namespace

std::vector<AlignedPair> alignSequences(
    std::span<const quint32> a, std::span<const quint32> b, int maxEdits)
{
    std::vector<AlignedPair> out;
    alignRegion(a, b, { 0, qint32(a.size()), 0, qint32(b.size()) }, std::max(1, maxEdits), out);
    return out;
}

QString kernelFamily(QStringView name)
{
    qsizetype end = name.size();
    for (;;) {
        qsizetype i = end;
        while (i > 0 && name[i - 1].isDigit())
            --i;
        if (i == end || i == 0)
            break; // no trailing digits, or the name is only digits: keep it
        end = i;
        if (end > 1 && name[end - 1] == u'_' && name[end - 2].isDigit())
            --end; // "_612_6_1": the separators between counters go too
    }
    return name.left(end).toString();
}

KernelMatch matchKernels(const MatchSide &base, const MatchSide &next)
{
    KernelMatch out;
    if (!base.rank || !next.rank || !base.rank->kernels || !next.rank->kernels || !base.kinds
        || !next.kinds)
        return out;
    const KernelTable &bk = *base.rank->kernels;
    const KernelTable &nk = *next.rank->kernels;
    KeyTable keys;
    for (const bool comm : { false, true }) {
        std::vector<qint32> b, n;
        for (qint32 row : base.rows) {
            if (base.kinds->isCommunication(row) == comm)
                b.push_back(row);
        }
        for (qint32 row : next.rows) {
            if (next.kinds->isCommunication(row) == comm)
                n.push_back(row);
        }
        matchKind(
            bk, startOrdered(bk, std::move(b)), nk, startOrdered(nk, std::move(n)), keys, out);
    }
    std::sort(out.onlyBase.begin(), out.onlyBase.end());
    std::sort(out.onlyNew.begin(), out.onlyNew.end());
    return out;
}

} // namespace npuscope
