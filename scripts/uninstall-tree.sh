#!/bin/sh
# Removes what scripts/install-tree.sh installed, from its manifest, and nothing else:
#   scripts/uninstall-tree.sh ROOT MANIFEST
# Files first, then the folders it made, deepest first, each only if it is empty (a folder
# that now holds something of someone else's stays).
set -eu
root=$1 manifest=$2
if [ ! -f "$root$manifest" ]; then
    echo "meditate: nothing to uninstall: no $root$manifest (was it installed with this PREFIX?)" >&2
    exit 1
fi
list=$(cat "$root$manifest")
echo "$list" | grep -v '/$' | while IFS= read -r file; do
    rm -f "$root$file"
done
echo "$list" | grep '/$' | sort -r | while IFS= read -r folder; do
    rmdir "$root$folder" 2>/dev/null || true
done
