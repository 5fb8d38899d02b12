#!/usr/bin/env bash
# Checks the habits a review would otherwise have to police, on the tracked sources:
#   1. every C++ file is formatted as .clang-format says (clang-format 14, Debian 12);
#   2. no function of the product (app, widgets, analysis, model) is longer than
#      NPUSCOPE_MAX_FUNCTION_LINES (default 80) lines;
#   3. includes go downward only: app -> widgets -> analysis -> model, and model/ never includes
#      the generator (model/generator is linked by the app and the tests only);
#   4. no two folders of the product include each other, directly or through others;
#   5. analysis/ opens no file and starts no thread: what it needs of a file the loader read, and
#      a caller that has a pool hands it in (ParallelFor).
# Tests and benchmarks are held to the format but not to the length (data tables are long).
# Prints every offence as file:line and exits 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
max=${NPUSCOPE_MAX_FUNCTION_LINES:-80}
status=0

mapfile -t sources < <(git ls-files '*.cpp' '*.h')
mapfile -t product < <(git ls-files 'app/*.cpp' 'app/*.h' 'widgets/*.cpp' 'widgets/*.h' \
    'analysis/*.cpp' 'analysis/*.h' 'model/*.cpp' 'model/*.h')

echo "== style: clang-format on ${#sources[@]} files"
if ! clang-format --dry-run --Werror "${sources[@]}" 2>/tmp/npuscope-format.$$; then
    grep -E '^[^ ].*: (error|warning):' /tmp/npuscope-format.$$ | cut -d: -f1,2 | sort -u \
        | sed 's/$/: not formatted (run clang-format -i on it)/'
    status=1
fi
rm -f /tmp/npuscope-format.$$

echo "== style: functions of at most $max lines in ${#product[@]} files"
# With the WebKit style a function body opens with "{" alone on its line and closes with "}" at
# the same indentation; classes, namespaces, control statements and lambdas open at the end of
# their line. So the bodies counted are exactly the functions, free or member, inline or not
# (a lambda counts toward the function that holds it).
long=$(awk -v limit="$max" '
    FNR == 1 { depth = 0 }
    /^[ \t]*\{[ \t]*$/ {
        depth++; start[depth] = FNR; name[depth] = last
        match($0, /^[ \t]*/); indent[depth] = RLENGTH
        next
    }
    /^[ \t]*\}/ && depth > 0 {
        match($0, /^[ \t]*/)
        if (RLENGTH == indent[depth]) {
            n = FNR - start[depth] - 1
            if (n > limit) printf "%s:%d: function of %d lines (limit %d): %s\n", FILENAME, start[depth], n, limit, name[depth]
            depth--
        }
    }
    $0 ~ /[A-Za-z_]/ { last = $0; sub(/^[ \t]+/, "", last) }
' "${product[@]}")
if [ -n "$long" ]; then
    echo "$long"
    status=1
fi

echo "== style: includes go downward (app -> widgets -> analysis -> model)"
layering=$(
    for f in "${product[@]}"; do
        layer=${f%%/*}
        case $layer in
            model) banned='"(app|widgets|analysis)/|"model/generator/' ;;
            analysis) banned='"(app|widgets)/' ;;
            widgets) banned='"app/' ;;
            app) continue ;;
        esac
        case $f in model/generator/*) banned='"(app|widgets|analysis)/' ;; esac
        grep -nE "^#include $banned" "$f" | sed "s|^|$f:|; s|$|: includes an upper layer|" || true
    done
)
if [ -n "$layering" ]; then
    echo "$layering"
    status=1
fi

echo "== style: no include circle between the folders of a layer"
# A folder is a layer's subfolder (model/core, analysis/rules, app/window, ...); a file directly
# in a layer's folder counts as that layer. An edge a -> b is an include from a file of a into a
# file of b; a circle is a pair of folders that reach each other (transitive closure).
circles=$(
    for f in "${product[@]}"; do
        grep -oE '^#include "(app|widgets|analysis|model)/[^"]+"' "$f" | sed "s|^#include \"||; s|\"$||; s|^|$f |" || true
    done | awk '
        function folder(p,    n, a) { n = split(p, a, "/"); return n > 2 ? a[1] "/" a[2] : a[1] }
        { a = folder($1); b = folder($2)
          if (a != b) { edge[a, b] = 1; where[a, b] = $1 " -> " $2 }
          nodes[a] = 1; nodes[b] = 1 }
        END {
            for (k in nodes) for (i in nodes) if ((i, k) in edge) for (j in nodes)
                if ((k, j) in edge) edge[i, j] = 1
            for (i in nodes) for (j in nodes)
                if (i < j && (i, j) in edge && (j, i) in edge)
                    printf "%s <-> %s: folders include each other (%s; %s)\n", i, j,
                        ((i, j) in where ? where[i, j] : "through others"),
                        ((j, i) in where ? where[j, i] : "through others")
        }' | sort
)
if [ -n "$circles" ]; then
    echo "$circles"
    status=1
fi

echo "== style: analysis/ opens no file and starts no thread"
io=$(git ls-files 'analysis/*.cpp' 'analysis/*.h' | xargs grep -nE \
    '#include <(QFile|QFileInfo|QDir|QSaveFile|QTemporaryFile|QThread|QThreadPool|thread|fstream|cstdio|QtConcurrent[^>]*)>|#include "model/trace/tracesource.h"|std::(thread|jthread|async)\b|\bQThread\b|QtConcurrent::|\bfopen\(' \
    | sed 's/$/: file or thread in analysis\//' || true)
if [ -n "$io" ]; then
    echo "$io"
    status=1
fi

[ $status -eq 0 ] && echo "== style: clean"
exit $status
