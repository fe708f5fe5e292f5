#!/bin/sh
# Runs COMMAND in this source tree seen at /mnt/meditate, in a mount namespace of its own (and a
# user namespace, when not run as root), so that a release build compiles the same paths whatever
# folder the tree is in:
#   scripts/at-fixed-path.sh COMMAND...
# Why: swiftc leaves the length of a source file's absolute path in the code that checks a
# withoutActuallyEscaping closure (the call to swift_isEscapingClosureAtFileLocation), even under
# -file-prefix-map, and GRDB has one; two folders of different lengths gave two binaries. /mnt is
# covered by an empty tmpfs in that namespace only: nothing outside it sees a change.
# Where no namespace can be had (unprivileged user namespaces turned off, no /mnt, or a tree under /mnt),
# COMMAND runs here, and one line says that its binary then matches only builds made in folders
# of this path's length.
set -eu
fixed=/mnt/meditate
source_tree=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$source_tree"
[ "$source_tree" = "$fixed" ] && exec "$@"

if [ "$(id -u)" = 0 ]; then namespaces="--mount"; else namespaces="--user --map-root-user --mount"; fi
case "$source_tree" in
    /mnt | /mnt/*) usable=no ;;
    # (The probe mounts as the build will: a namespace may be allowed where a mount is not.)
    # shellcheck disable=SC2086 # two or three options
    *) if [ -d /mnt ] && unshare $namespaces mount -t tmpfs -o size=64k meditate-probe /mnt 2>/dev/null; then
        usable=yes
    else usable=no; fi ;;
esac
if [ $usable = no ]; then
    echo "meditate: building in $source_tree, not at $fixed (no mount namespace here): a build in a folder whose path is another length gives another binary" >&2
    exec "$@"
fi

# The bind's source is ".", the tree this shell stands in, found through its working directory.
# shellcheck disable=SC2086,SC2016 # two or three options; expanded in the namespace
exec unshare $namespaces /bin/sh -eu -c '
    fixed=$1
    shift
    mount -t tmpfs -o size=64k,mode=755 meditate-build "${fixed%/*}"
    mkdir "$fixed"
    mount --bind . "$fixed"
    cd "$fixed"
    exec "$@"
' at-fixed-path "$fixed" "$@"
