#!/bin/sh
# Builds the packages of the commit checked out here twice, each in a fresh clone in a folder of
# its own, one after the other, and compares them byte for byte; on a difference, diffoscope
# says where it lies, and the run fails:
#   scripts/check-reproducible.sh
# amd64 and, as root on amd64 (the cross build enters a chroot), arm64. Prints each package's
# size, its checksum and each build's time. Uncommitted changes are not in the clones.
set -eu
source_tree=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/meditate-reproducible.XXXXXX")
trap 'rm -rf "$work"' EXIT
architectures=$(dpkg --print-architecture)
if [ "$architectures" = amd64 ] && [ "$(id -u)" = 0 ]; then architectures="amd64 arm64"; fi
commit=$(git -C "$source_tree" rev-parse HEAD)
[ -z "$(git -C "$source_tree" status --porcelain --untracked-files=no)" ] ||
    echo "meditate: uncommitted changes are left out; this checks $commit"

for build in first second; do
    git clone -q "$source_tree" "$work/$build-$$"
    git -C "$work/$build-$$" checkout -q "$commit"
    for arch in $architectures; do
        started=$(date +%s)
        make -s -C "$work/$build-$$" deb ARCH="$arch" > "$work/$build-$arch.log" 2>&1 ||
            { tail -n 30 "$work/$build-$arch.log"; exit 1; }
        mkdir -p "$work/$build"
        cp "$work/$build-$$"/.build/deb/meditate_*_"$arch".deb "$work/$build/"
        echo "$build build, $arch: $(($(date +%s) - started)) s"
    done
done

status=0
for package in "$work"/first/*.deb; do
    name=$(basename "$package")
    if cmp -s "$package" "$work/second/$name"; then
        echo "identical: $name, $(stat -c %s "$package") bytes, sha256 $(sha256sum < "$package" | cut -c1-16)…"
    else
        echo "differ: $name"
        # diffoscope disassembles a 60 MB binary slowly: a quarter of an hour at most.
        timeout 900 diffoscope --text - "$package" "$work/second/$name" | head -n 200
        status=1
    fi
done
exit $status
