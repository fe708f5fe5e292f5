#!/bin/sh
# A minimal Debian bookworm in DIR, as a clean machine with no Swift for the package test:
#   scripts/debian-tree.sh DIR
# debootstrap --variant=minbase from the mirror apt uses here, then what the test looks with
# (man-db for `man -w`, bash-completion, systemd for `systemd-analyze verify`). Made once per
# build folder: DIR/.complete marks a finished tree, and a lock beside it lets `make test` start
# it early while the test waits for it. Needs root (debootstrap, chroot).
set -eu
dir=$1
mkdir -p "$(dirname "$dir")"
exec 9> "$dir.lock"
flock 9
[ -f "$dir/.complete" ] && exit 0
rm -rf "$dir"
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
debootstrap --variant=minbase bookworm "$dir" "$mirror"
cp /etc/resolv.conf "$dir/etc/resolv.conf"
unshare --mount --pid --fork --mount-proc="$dir/proc" chroot "$dir" /bin/sh -c '
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends man-db bash-completion systemd'
touch "$dir/.complete"
