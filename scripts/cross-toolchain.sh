#!/bin/sh
# Makes, once, what `make deb ARCH=arm64` cross-builds with on an amd64 Debian, in CACHE (outside
# the repository; `make clean-cross` removes it):
#   scripts/cross-toolchain.sh CACHE DEV_PACKAGE...
#
# CACHE/toolchain   Debian sid for amd64 with its swiftlang: the compiler. Debian 13's swiftlang
#                   (6.0) is older than the project's floor (6.2), and sid's needs sid's glibc, so
#                   it runs in this tree, entered with chroot (scripts/cross-build.sh).
# CACHE/toolchain/sysroot
#                   what the binary is linked against: Debian 13 (trixie) for arm64, its packages
#                   only unpacked (no emulation needed): glibc, libstdc++ and DEV_PACKAGE...; and
#                   the arm64 Swift runtime of the very swiftlang version the compiler is (sid's;
#                   it asks for glibc 2.38 at most), under usr/libexec/swift as Debian lays it out.
# CACHE/sysroot-dpkg
#                   a dpkg database of the sysroot's packages, listing their files where they lie
#                   here, so that dpkg-shlibdeps computes Depends from trixie's symbols files.
#
# Needs root (mmdebstrap, chroot). sid's Release file may be past its Valid-Until: its lists are
# taken all the same (Acquire::Check-Valid-Until=false), for sid alone.
set -eu
cache=$1
shift
dev_packages=$(printf '%s,' "$@" | sed 's/,$//')
mkdir -p "$cache"
exec 9> "$cache/.lock"
flock 9
[ -f "$cache/.complete" ] && exit 0

mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
toolchain=$cache/toolchain
sysroot=$toolchain/sysroot
rm -rf "$toolchain" "$cache/sysroot-dpkg" "$cache/runtime"
started=$(date +%s)

echo "cross toolchain: Debian sid amd64 with swiftlang, in $toolchain"
mmdebstrap --quiet --variant=apt --include=swiftlang,libc6-dev,git,pkg-config,ca-certificates \
    --aptopt='Acquire::Check-Valid-Until "false"' sid "$toolchain" "deb $mirror sid main"
version=$(chroot "$toolchain" dpkg-query -W -f '${Version}' swiftlang)

echo "cross sysroot: Debian 13 arm64, unpacked, in $sysroot"
mmdebstrap --quiet --variant=extract --architectures=arm64 --skip=cleanup/apt/cache \
    --include="libc6-dev,libstdc++-14-dev,libgcc-14-dev,$dev_packages" \
    trixie "$sysroot" "deb $mirror trixie main"

# Debian 13's /usr is merged, but the links are made by a real installation: linker scripts
# (libm.so) name /lib/... .
for folder in bin sbin lib; do ln -sfn "usr/$folder" "$sysroot/$folder"; done

# The dpkg database dpkg-shlibdeps reads: each unpacked package as installed, its file list with
# the sysroot's path before each file, and its shlibs and symbols files.
admin=$cache/sysroot-dpkg
mkdir -p "$admin/info" "$admin/updates"
printf 'arm64\n' > "$admin/arch"
# The multiarch layout: a Multi-Arch: same package's lists are named PACKAGE:arm64.
printf '1\n' > "$admin/info/format"
: > "$admin/status"
for deb in "$sysroot"/var/cache/apt/archives/*.deb; do
    name=$(dpkg-deb -f "$deb" Package)
    multiarch=$(dpkg-deb -f "$deb" Multi-Arch)
    key=$name
    [ "$multiarch" = same ] && key=$name:arm64
    { dpkg-deb -f "$deb" Package Version Architecture Multi-Arch Maintainer Depends Provides Source \
        Description | sed '/^$/d'
      printf 'Status: install ok installed\n\n'; } >> "$admin/status"
    dpkg-deb -c "$deb" | awk -v root="$sysroot" '{ path = $6; sub(/^\./, "", path); sub(/\/$/, "", path);
        if (path != "") print root path }' > "$admin/info/$key.list"
    control=$(mktemp -d)
    dpkg-deb -e "$deb" "$control"
    for file in shlibs symbols; do
        [ -f "$control/$file" ] && cp "$control/$file" "$admin/info/$key.$file"
    done
    rm -rf "$control"
done
rm -rf "$sysroot"/var/cache/apt/archives/*.deb

echo "cross runtime: swiftlang $version for arm64, from sid"
apt_dir=$cache/apt
rm -rf "$apt_dir"
mkdir -p "$apt_dir/etc/apt/apt.conf.d" "$apt_dir/etc/apt/preferences.d" "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$cache/runtime"
printf 'deb [arch=arm64 signed-by=%s] %s sid main\n' /usr/share/keyrings/debian-archive-keyring.gpg "$mirror" > "$apt_dir/etc/apt/sources.list"
: > "$apt_dir/status"
apt_options="-o Dir::Etc=$apt_dir/etc/apt -o Dir::State::Lists=$apt_dir/lists -o Dir::State::status=$apt_dir/status
    -o Dir::Cache=$apt_dir -o Dir::Etc::Parts=$apt_dir/etc/apt/apt.conf.d -o Dir::Etc::Preferences=$apt_dir/etc/apt/preferences
    -o Dir::Etc::PreferencesParts=$apt_dir/etc/apt/preferences.d -o Acquire::Check-Valid-Until=false -o APT::Architecture=arm64
    -o APT::Architectures::=arm64 -o Debug::NoLocking=1 -o APT::Sandbox::User=root"
# shellcheck disable=SC2086 # the options are words
apt-get -qq $apt_options update
# shellcheck disable=SC2086
(cd "$cache/runtime" && apt-get -qq $apt_options download "swiftlang:arm64=$version")
# The runtime, its modules and clang's headers; not the compiler, the debugger nor Embedded
# Swift (2 GB of the package's 2.7).
dpkg-deb --fsys-tarfile "$cache"/runtime/swiftlang_*_arm64.deb | tar -x -C "$sysroot" \
    --exclude='./usr/libexec/swift/lib/swift/embedded' --exclude='./usr/libexec/swift/lib/swift_static/embedded' \
    --exclude='./usr/libexec/swift/lib/swift/host' --exclude='./usr/libexec/swift/lib/swift/FrameworkABIBaseline' \
    ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
rm -rf "$cache/runtime"
# Where the compiler looks for a platform's runtime beneath an SDK.
ln -sfn ../libexec/swift/lib/swift "$sysroot/usr/lib/swift"
ln -sfn ../libexec/swift/lib/swift_static "$sysroot/usr/lib/swift_static"

printf '%s\n' "$version" > "$cache/swiftlang-version"
touch "$cache/.complete"
echo "cross toolchain ready in $(($(date +%s) - started)) s: $(du -sh "$cache" | cut -f1) in $cache"
