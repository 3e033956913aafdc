#!/usr/bin/env bash
# Builds the two rival solvers the benchmark `cargo bench -p grundy-cli --bench rivals` runs
# beside grundy: Nathan Bullock's Obsequi (Domineering) and Christophe Steininger's c4
# (Connect Four). Their sources are fetched (or taken from a path) into target/rivals/, never
# into the checkout's tracked files, and built with the system's C++ compiler. See README.md.
#
#   bench/rivals/build.sh                       # clone both from GitHub at the pinned commits
#   bench/rivals/build.sh --obsequi PATH --c4 PATH
#
# PATH is a source directory (a checkout) or a git directory (bare or not) from which the
# pinned commit is exported. The binaries land in target/rivals/bin/:
#   Obsequi        Bullock's solver, unchanged (its Makefile's target `Obsequi`)
#   c4-solve-1g    c4's solver library with its default settings (a 1 GB table, one thread a
#                  core) behind bench/rivals/c4_solve.cpp, a driver of ours that reads positions
#   c4-solve-64m   the same with its 64 MB table (settings.h's own example size), for the sets
set -euo pipefail

OBSEQUI_URL=https://github.com/nathanbullock/obsequi
OBSEQUI_COMMIT=c032190a187b3db5b356d1668744b5281b6cc802
C4_URL=https://github.com/ChristopheSteininger/c4
C4_COMMIT=80baa5315c90fcc4f1491e7fa66cf6db29462581

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="${RIVALS_DIR:-$root/target/rivals}"
obsequi_src=$OBSEQUI_URL
c4_src=$C4_URL
only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --obsequi) obsequi_src=$2; shift 2 ;;
        --c4) c4_src=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
CXX=${CXX:-g++}
command -v "$CXX" >/dev/null || { echo "build.sh: no C++ compiler ($CXX); install g++" >&2; exit 1; }
mkdir -p "$out/bin"

# Puts the sources of commit $3 from $1 (URL, git directory or source directory) into $2.
get_sources() {
    local src=$1 dest=$2 commit=$3
    rm -rf "$dest"
    mkdir -p "$dest"
    if [ -d "$src" ] && ! git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1 \
        && ! git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
        cp -R "$src/." "$dest/"
        echo "  sources: $src (a plain directory, commit not checked)"
        return
    fi
    local gitdir=$src
    if [ ! -d "$src" ]; then
        gitdir="$out/src/$(basename "$dest").git"
        if [ ! -d "$gitdir" ]; then
            git clone --quiet --bare "$src" "$gitdir" || {
                echo "build.sh: cannot clone $src (no network?); pass --obsequi/--c4 PATH" >&2
                return 1
            }
        fi
    elif git -C "$src" rev-parse --git-dir >/dev/null 2>&1 \
        && ! git --git-dir="$src" rev-parse --is-bare-repository 2>/dev/null | grep -q true; then
        gitdir=$(git -C "$src" rev-parse --absolute-git-dir)
    fi
    git --git-dir="$gitdir" archive "$commit" | tar -x -C "$dest" || {
        echo "build.sh: commit $commit not in $src" >&2
        return 1
    }
    echo "  sources: $src @ ${commit:0:7}"
}

build_obsequi() {
    echo "Obsequi:"
    get_sources "$obsequi_src" "$out/obsequi" "$OBSEQUI_COMMIT" || return 1
    # One of its files includes the header protoc makes from obsequi.proto (for its web
    # page's metrics; the solver does not call it).
    command -v protoc >/dev/null || {
        echo "build.sh: Obsequi needs protoc and protobuf's headers:" \
            "apt-get install protobuf-compiler libprotobuf-dev" >&2
        return 1
    }
    mkdir -p "$out/obsequi/obsequi/objs"
    (cd "$out/obsequi/obsequi" && protoc --cpp_out=. obsequi.proto 2>>../build.log) || {
        echo "build.sh: protoc failed on Obsequi's obsequi.proto" >&2
        return 1
    }
    # Its Makefile's flags (-O3 -march=native, C++11) without -Werror, and the C headers
    # that newer compilers no longer include by the way.
    make -C "$out/obsequi/obsequi" Obsequi \
        CC="$CXX" \
        CPPFLAGS="-std=c++11 -O3 -march=native -include cstdio -include cstdlib -include cstring -include cstdint" \
        >"$out/obsequi/build.log" 2>&1 || {
        echo "build.sh: Obsequi did not build; see $out/obsequi/build.log" >&2
        return 1
    }
    cp "$out/obsequi/obsequi/Obsequi" "$out/bin/Obsequi"
    echo "  built $out/bin/Obsequi"
}

# c4 with `NUM_TABLE_ENTRIES = $1` (its settings.h), as bin/$2.
build_c4_variant() {
    local entries=$1 name=$2 dir="$out/c4-$2"
    rm -rf "$dir"
    cp -R "$out/c4" "$dir"
    sed -i "s/NUM_TABLE_ENTRIES = [0-9]*;/NUM_TABLE_ENTRIES = $entries;/" "$dir/src/solver/settings.h"
    grep -q "NUM_TABLE_ENTRIES = $entries;" "$dir/src/solver/settings.h" || {
        echo "build.sh: c4's settings.h has no NUM_TABLE_ENTRIES to set" >&2
        return 1
    }
    # Its CMakeLists' optimised flags: -O3 -flto, NDEBUG, C++20.
    "$CXX" -std=c++20 -O3 -flto -DNDEBUG -pthread -I"$dir/src" \
        $(find "$dir/src/solver" -name '*.cpp' | sort) "$here/c4_solve.cpp" \
        -o "$out/bin/$name" >"$dir/build.log" 2>&1 || {
        echo "build.sh: c4 did not build; see $dir/build.log" >&2
        return 1
    }
    echo "  built $out/bin/$name"
}

build_c4() {
    echo "c4:"
    get_sources "$c4_src" "$out/c4" "$C4_COMMIT" || return 1
    build_c4_variant 134217757 c4-solve-1g || return 1
    build_c4_variant 8388617 c4-solve-64m || return 1
}

status=0
if [ -z "$only" ] || [ "$only" = obsequi ]; then build_obsequi || status=1; fi
if [ -z "$only" ] || [ "$only" = c4 ]; then build_c4 || status=1; fi
exit $status
