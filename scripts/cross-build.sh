#!/bin/sh
# Cross-builds the release `meditate` for arm64 with the toolchain scripts/cross-toolchain.sh made
# in CACHE, into SCRATCH (a build folder of the source tree), and prints the binary's path:
#   scripts/cross-build.sh CACHE SCRATCH SWIFT_BUILD_FLAG...
# The compiler runs in CACHE/toolchain (chroot), which sees the source tree, and the Swift
# packages' mirror when there is one, at their own paths, so that every path in the build is the
# one outside. The sysroot is /sysroot there.
set -eu
cache=$1 scratch=$2
shift 2
source_tree=$(cd "$(dirname "$0")/.." && pwd)
toolchain=$cache/toolchain
[ -f "$cache/.complete" ] || { echo "meditate: no cross toolchain in $cache (scripts/cross-toolchain.sh)" >&2; exit 1; }

# The host's git redirections (a local mirror of github.com, as on the project's machines) hold
# in the toolchain too, and the mirrors are seen there at their paths.
: > "$toolchain/root/.gitconfig"
git config --get-regexp '^url\.' 2>/dev/null | while read -r key value; do
    git config --file "$toolchain/root/.gitconfig" --add "$key" "$value"
done
mirrors=$(git config --get-regexp '^url\.' 2>/dev/null | sed -n 's/^url\.\(.*\)\.insteadof .*/\1/p' | sort -u)

sysroot=/sysroot
triple=aarch64-unknown-linux-gnu
# shellcheck disable=SC2016 # expanded in the toolchain
unshare --mount --fork /bin/sh -eu -c '
    toolchain=$1 source_tree=$2 mirrors=$3
    shift 3
    mkdir -p "$toolchain$source_tree"
    mount --bind "$source_tree" "$toolchain$source_tree"
    for mirror in $mirrors; do
        [ -d "$mirror" ] || continue
        mkdir -p "$toolchain$mirror"
        mount --bind "$mirror" "$toolchain$mirror"
    done
    mount -t proc proc "$toolchain/proc"
    mount --rbind /dev "$toolchain/dev"
    cp /etc/resolv.conf "$toolchain/etc/resolv.conf" 2>/dev/null || true
    exec chroot "$toolchain" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 "$@"
' cross "$toolchain" "$source_tree" "$mirrors" /bin/sh -eu -c '
    source_tree=$1 scratch=$2 sysroot=$3 triple=$4
    shift 4
    cd "$source_tree"
    export PKG_CONFIG_SYSROOT_DIR="$sysroot"
    export PKG_CONFIG_LIBDIR="$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$sysroot/usr/share/pkgconfig"
    # SwiftPM hands --sdk to clang only; swiftc is given it, and the arm64 runtime, itself.
    swift build --triple "$triple" --sdk "$sysroot" --scratch-path "$scratch" \
        -Xswiftc -sdk -Xswiftc "$sysroot" \
        -Xswiftc -resource-dir -Xswiftc "$sysroot/usr/libexec/swift/lib/swift_static" "$@" >&2
    swift build --triple "$triple" --sdk "$sysroot" --scratch-path "$scratch" \
        -Xswiftc -sdk -Xswiftc "$sysroot" \
        -Xswiftc -resource-dir -Xswiftc "$sysroot/usr/libexec/swift/lib/swift_static" "$@" --show-bin-path
' cross "$source_tree" "$scratch" "$sysroot" "$triple" "$@"
