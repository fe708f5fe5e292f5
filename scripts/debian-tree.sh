#!/bin/sh
# A minimal Debian in DIR, as a clean machine with no Swift for the package tests:
#   scripts/debian-tree.sh DIR [SUITE [ARCH]]
# SUITE is bookworm (Debian 12) unless given, ARCH this machine's. debootstrap --variant=minbase
# from the mirror apt uses here, or, for another architecture, mmdebstrap, which runs the
# packages' scripts under qemu-user (scripts/arm64-emulation.sh registers it); then what the test
# looks with (man-db for `man -w`, bash-completion, systemd for `systemd-analyze verify`, not
# under emulation). Made once per build folder: DIR/.complete marks a finished tree, and a lock
# beside it lets `make test` start it early while the test waits for it. Needs root.
set -eu
dir=$1 suite=${2:-bookworm} arch=${3:-$(dpkg --print-architecture)}
mkdir -p "$(dirname "$dir")"
exec 9> "$dir.lock"
flock 9
[ -f "$dir/.complete" ] && exit 0
rm -rf "$dir"
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
if [ "$arch" = "$(dpkg --print-architecture)" ]; then
    debootstrap --variant=minbase "$suite" "$dir" "$mirror"
    cp /etc/resolv.conf "$dir/etc/resolv.conf"
    unshare --mount --pid --fork --mount-proc="$dir/proc" chroot "$dir" /bin/sh -c '
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends man-db bash-completion systemd'
else
    "$(dirname "$0")/arm64-emulation.sh"
    mmdebstrap --quiet --variant=minbase --architectures="$arch" --include=man-db,bash-completion --skip=cleanup/apt/lists \
        "$suite" "$dir" "deb $mirror $suite main"
    cp /etc/resolv.conf "$dir/etc/resolv.conf"
fi
touch "$dir/.complete"
