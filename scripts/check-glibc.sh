#!/bin/sh
# Fails with one line when BINARY asks for a newer glibc than the target has: the highest
# GLIBC_ symbol version it binds, against the libc6 version in the target's dpkg STATUS file.
#   scripts/check-glibc.sh BINARY STATUS
set -eu
binary=$1 status=$2
objdump=objdump
case "$(od -An -tx1 -j18 -N2 "$binary" | tr -d ' ')" in
    b700) objdump=aarch64-linux-gnu-objdump ;;
esac
needed=$("$objdump" -T "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
target=$(awk '/^Package: libc6$/ { found = 1 } found && /^Version:/ { print $2; exit }' "$status" | sed 's/-.*//')
if [ -z "$needed" ] || [ -z "$target" ]; then
    echo "meditate: cannot tell which glibc $binary needs (${needed:-?}) or the target has (${target:-?})" >&2
    exit 1
fi
if [ "$(printf '%s\n%s\n' "$needed" "$target" | sort -V | tail -n 1)" != "$target" ]; then
    echo "meditate: $binary needs glibc $needed, newer than the target's $target" >&2
    exit 1
fi
echo "glibc: $binary needs $needed at most; the target has $target"
