#pragma once

// An append-only array in fixed-size blocks, for millions of records collected while loading.

#include "model/core/pagearray.h"

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <vector>

namespace npuscope {

// Appending never moves what is stored: a std::vector that grows copies everything into fresh
// pages at each step (for the flow points of a large trace, most of the load's page faults), and
// holds both copies at that moment. Here every page is written once, and the
// peak is the data itself plus at most one partly filled block. Indexing costs a shift and a mask.
// The blocks are PageArrays: a block released while the rest is still in use (a pass that moves
// the records elsewhere, block by block) is given back to the system at once.
template <typename T, unsigned BlockBits = 16> class BlockVector {
    static_assert(std::is_trivially_copyable_v<T>, "blocks are allocated uninitialised");

public:
    static constexpr std::size_t kBlockSize = std::size_t(1) << BlockBits;

    template <bool Const> class Iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using Owner = std::conditional_t<Const, const BlockVector, BlockVector>;
        using reference = std::conditional_t<Const, const T &, T &>;
        using pointer = std::conditional_t<Const, const T *, T *>;

        Iterator() = default;
        Iterator(Owner *owner, std::size_t index)
            : m_owner(owner)
            , m_index(index)
        {
        }
        reference operator*() const { return (*m_owner)[m_index]; }
        pointer operator->() const { return &(*m_owner)[m_index]; }
        Iterator &operator++()
        {
            ++m_index;
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator before = *this;
            ++m_index;
            return before;
        }
        friend bool operator==(const Iterator &a, const Iterator &b)
        {
            return a.m_index == b.m_index;
        }

    private:
        Owner *m_owner = nullptr;
        std::size_t m_index = 0;
    };

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    T &operator[](std::size_t i) { return m_blocks[i >> BlockBits][i & (kBlockSize - 1)]; }
    const T &operator[](std::size_t i) const
    {
        return m_blocks[i >> BlockBits][i & (kBlockSize - 1)];
    }

    void push_back(const T &value)
    {
        if ((m_size >> BlockBits) == m_blocks.size())
            m_blocks.emplace_back(kBlockSize);
        (*this)[m_size++] = value;
    }

    // Frees every block.
    // Allocates blocks for at least n elements (push_back fills them before allocating more).
    void reserve(std::size_t n)
    {
        while (m_blocks.size() * kBlockSize < n)
            m_blocks.emplace_back(kBlockSize);
    }

    void clear()
    {
        std::vector<PageArray<T>>().swap(m_blocks);
        m_size = 0;
    }

    // Block b holds the elements [b kBlockSize, min((b + 1) kBlockSize, size())).
    std::size_t blockCount() const { return (m_size + kBlockSize - 1) / kBlockSize; }
    // Frees block b at once; its elements must not be read again. Different blocks may be
    // released from different threads at the same time.
    void releaseBlock(std::size_t b) { m_blocks[b] = PageArray<T>(); }

    Iterator<false> begin() { return { this, 0 }; }
    Iterator<false> end() { return { this, m_size }; }
    Iterator<true> begin() const { return { this, 0 }; }
    Iterator<true> end() const { return { this, m_size }; }

private:
    std::vector<PageArray<T>> m_blocks;
    std::size_t m_size = 0;
};

} // namespace npuscope
