#!/bin/sh
# Lays out everything `make install` and `make deb` install, relative to a prefix, in STAGE:
#   scripts/stage.sh BIN_FOLDER STAGE DATE [TOOLS_FOLDER]
# BIN_FOLDER holds the release `meditate`; TOOLS_FOLDER (BIN_FOLDER unless given: another for a
# cross-built binary, which does not run here) a `meditate` of the same source that runs here and
# `generate-manual` (swift-argument-parser's). DATE (yyyy-mm-dd) goes into the man pages, so
# that the same source makes the same pages. STRIP names the strip that reads the binary's
# architecture. The man pages and completions come from the command definitions: a new option
# appears in them by itself.
set -eu
bin=$1 stage=$2 date=$3 tools=${4:-$1}
source_tree=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/share/meditate/sounds" "$stage/share/meditate/web" \
    "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/vendor-completions" "$stage/share/fish/vendor_completions.d" \
    "$stage/share/icons/hicolor/scalable/apps" "$stage/share/applications" "$stage/share/metainfo" \
    "$stage/units/user" "$stage/units/system"

# Stripped as Debian's dh_strip does: the Swift runtime is linked in, and its symbols and
# notes are half the file.
${STRIP:-strip} --strip-unneeded --remove-section=.comment --remove-section=.note \
    -o "$stage/bin/meditate" "$bin/meditate"
chmod 755 "$stage/bin/meditate"
install -m 644 "$source_tree"/Sounds/*.wav "$stage/share/meditate/sounds/"
install -m 644 "$source_tree"/Web/* "$stage/share/meditate/web/"
install -m 644 "$source_tree/Web/icon.svg" "$stage/share/icons/hicolor/scalable/apps/meditate.svg"
# The desktop's launcher (a terminal, with a 10- and a 20-minute sit among its actions) and what
# software centres read of it.
install -m 644 "$source_tree"/contrib/desktop/*.desktop "$stage/share/applications/"
install -m 644 "$source_tree"/contrib/desktop/*.metainfo.xml "$stage/share/metainfo/"
install -m 644 "$source_tree"/contrib/systemd/user/* "$stage/units/user/"
install -m 644 "$source_tree"/contrib/systemd/system/* "$stage/units/system/"

# One page per command, named as git names its own (meditate-render, meditate-ctl-sit), so
# that `man meditate-render` finds it; generate-manual names them meditate.render.
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$tools/generate-manual" "$tools/meditate" --multi-page --date "$date" \
    --authors "the meditate developers" -o "$pages" >/dev/null
for page in "$pages"/*.1; do
    name=$(basename "$page" .1)
    [ "$name" = meditate.help ] && continue   # `meditate help X` is `meditate X --help`
    dashed=$(printf %s "$name" | tr . -)
    upper=$(printf %s "$dashed" | tr '[:lower:]' '[:upper:]')
    # whatis reads one word per name (meditate-ctl-sit); the synopsis keeps what is typed
    # (meditate ctl sit). An empty line in roff is a paragraph break groff warns about.
    awk -v title="$upper" -v word="$dashed" '
        /^\.Dt / { $2 = title }
        /^\.Nm "/ && !named { named = 1; typed = substr($0, 5); print ".Nm " word; next }
        /^\.Nm$/ && typed != "" { print ".Nm " typed; next }
        /^\.Xr meditate\.help / { next }
        /^\.Xr meditate\./ { gsub(/\./, "-", $2) }
        /^$/ { print ".Pp"; next }
        { print }' "$page" \
        | gzip -9n > "$stage/share/man/man1/$dashed.1.gz"
done

# A completion is sourced, not run: no #! line.
"$tools/meditate" --generate-completion-script bash | sed '1{/^#!/d}' > "$stage/share/bash-completion/completions/meditate"
"$tools/meditate" --generate-completion-script zsh > "$stage/share/zsh/vendor-completions/_meditate"
"$tools/meditate" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/meditate.fish"
chmod 644 "$stage/share/bash-completion/completions/meditate" "$stage/share/zsh/vendor-completions/_meditate" \
    "$stage/share/fish/vendor_completions.d/meditate.fish"
