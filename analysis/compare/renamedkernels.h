#pragma once

#include "analysis/compare/comparison.h"

#include <vector>

namespace npuscope {

class KernelTable;

// Joins the by-Name rows of kernels that the kernel match paired under different names: a name
// only the base has whose every matched kernel pairs with kernels of one name only the new run
// has, and the other way round (CANN's renumbered instances such as hcom_allReduce__586_0_1 and
// hcom_allReduce__210_0_1 in two runs of one job, trans_TransData_12 -> _14, MatMulV2 -> V3).
// The joined row keeps the base name as its key, the new one in newKey, both in its label,
// and the rows are sorted again by |delta|. Rows with a name on both sides stay as they are.
void joinRenamedRows(std::vector<DiffRow> &byName, const KernelMatch &match,
    const KernelTable &base, const KernelTable &next);

} // namespace npuscope
