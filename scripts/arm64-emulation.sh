#!/bin/sh
# Lets this amd64 machine run arm64 programs, a chroot's too, through qemu-user: binfmt_misc
# mounted (a container may start without it) and qemu-aarch64 registered with the F flag, which
# opens the emulator here, so that it works inside a chroot that has none. Needs root and
# qemu-user-static with binfmt-support. Prints one line when it cannot.
set -eu
dir=/proc/sys/fs/binfmt_misc
if [ ! -e "$dir/register" ]; then
    mount -t binfmt_misc binfmt_misc "$dir" 2>/dev/null || {
        echo "meditate: cannot mount $dir to run arm64 programs under qemu" >&2
        exit 1
    }
fi
[ -e "$dir/qemu-aarch64" ] || update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
if ! grep -q '^enabled' "$dir/qemu-aarch64" 2>/dev/null; then
    echo "meditate: qemu-aarch64 is not registered with binfmt_misc (qemu-user-static, binfmt-support)" >&2
    exit 1
fi
