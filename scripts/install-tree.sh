#!/bin/sh
# Copies a staged tree (scripts/stage.sh) under a prefix, for `make install` and `make deb`:
#   scripts/install-tree.sh STAGE ROOT PREFIX USER_UNITS SYSTEM_UNITS [MANIFEST]
# ROOT is DESTDIR (may be empty); USER_UNITS and SYSTEM_UNITS are the unit folders (SYSTEM_UNITS
# empty: none, as for a prefix in a home folder). The units are given the installed binary's
# path. MANIFEST, when given (a path under ROOT), lists every file and every folder this
# created, for scripts/uninstall-tree.sh: what was there before is never listed.
set -eu
stage=$1 root=$2 prefix=$3 user_units=$4 system_units=$5 manifest=${6:-}
created=$(mktemp)
trap 'rm -f "$created"' EXIT

# Makes the folders of $1 (under ROOT) that are missing, noting each one made.
make_folder() {
    missing=""
    folder=$1
    while [ ! -d "$root$folder" ]; do
        missing="$folder $missing"
        folder=$(dirname "$folder")
    done
    for folder in $missing; do
        mkdir -m 755 "$root$folder"
        echo "$folder/" >> "$created"
    done
}

# Copies $1 to $2 (a path under the prefix) with mode $3.
put() {
    make_folder "$(dirname "$2")"
    install -m "$3" "$1" "$root$2"
    echo "$2" >> "$created"
}

put "$stage/bin/meditate" "$prefix/bin/meditate" 755
for file in $(cd "$stage" && find share -type f | sort); do
    put "$stage/$file" "$prefix/$file" 644
done
units() {
    for unit in "$stage/units/$1"/*; do
        sed "s|/usr/local/bin/meditate|$prefix/bin/meditate|g" "$unit" > "$created.unit"
        put "$created.unit" "$2/$(basename "$unit")" 644
    done
    rm -f "$created.unit"
}
units user "$user_units"
[ -z "$system_units" ] || units system "$system_units"

if [ -n "$manifest" ]; then
    make_folder "$(dirname "$manifest")"
    echo "$manifest" >> "$created"
    cp "$created" "$root$manifest"
    chmod 644 "$root$manifest"
fi
