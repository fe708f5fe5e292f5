#!/bin/sh
# Builds meditate_VERSION_ARCH.deb from a staged tree (scripts/stage.sh) with dpkg-deb:
#   scripts/make-deb.sh STAGE OUT_FOLDER VERSION [arm64 CROSS_CACHE]
# Depends is what dpkg-shlibdeps finds the binary linked against (runtime libraries, never a
# -dev package): this machine's, or, for a cross-built arm64 binary, those of the sysroot in
# CROSS_CACHE (scripts/cross-toolchain.sh), Debian 13's. lintian reports nothing on it, so it
# carries no overrides. Prints the package's path last.
set -eu
stage=$1 out=$2 version=$3
arch=${4:-$(dpkg --print-architecture)}
cross_cache=${5:-}
source_tree=$(cd "$(dirname "$0")/.." && pwd)
packaging=$source_tree/packaging

changelog_version=$(sed -n '1s/^meditate (\([^)]*\)).*/\1/p' "$packaging/changelog")
if [ "$changelog_version" != "$version" ]; then
    echo "meditate: packaging/changelog begins with $changelog_version, the program says $version" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/meditate_${version}_$arch
mkdir -p "$root"
"$source_tree/scripts/install-tree.sh" "$stage" "$root" /usr /usr/lib/systemd/user /usr/lib/systemd/system

doc=$root/usr/share/doc/meditate
install -d -m 755 "$doc" "$root/usr/lib/sysusers.d" "$root/usr/lib/tmpfiles.d" "$root/DEBIAN"
install -m 644 "$packaging/copyright" "$packaging/README.Debian" "$doc/"
gzip -9n < "$packaging/changelog" > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
install -m 644 "$packaging/sysusers.conf" "$root/usr/lib/sysusers.d/meditate.conf"
install -m 644 "$packaging/tmpfiles.conf" "$root/usr/lib/tmpfiles.d/meditate.conf"
# No lintian warning is left to override (lintian reports none).
install -m 755 "$packaging/postinst" "$packaging/postrm" "$root/DEBIAN/"

# dpkg-shlibdeps reads debian/control from where it runs: a minimal one, in the work folder.
mkdir -p "$work/debian"
printf 'Source: meditate\n\nPackage: meditate\nArchitecture: any\n' > "$work/debian/control"
if [ -n "$cross_cache" ]; then
    # The sysroot's libraries, found through its own dpkg database (its file lists name them
    # where they lie here) and read with the target's objdump (DEB_HOST_ARCH).
    sysroot=$cross_cache/toolchain/sysroot
    multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
    depends=$(cd "$work" && DEB_HOST_ARCH=$arch dpkg-shlibdeps --admindir="$cross_cache/sysroot-dpkg" \
        -l"$sysroot/usr/lib/$multiarch" -O -e"$root/usr/bin/meditate" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
else
    depends=$(cd "$work" && dpkg-shlibdeps -O -e"$root/usr/bin/meditate" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
fi
if [ -z "$depends" ]; then
    echo "meditate: dpkg-shlibdeps found no libraries for $root/usr/bin/meditate" >&2
    exit 1
fi
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@INSTALLED_SIZE@/$installed_size/" \
    -e "s/@DEPENDS@/$depends/" "$packaging/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
package=$out/meditate_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
