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
# that `man meditate-render` finds it; generate-manual names them meditate.render. Only the
# commands --help shows: not `help`, not the benchmark tool it hides.
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$tools/generate-manual" "$tools/meditate" --multi-page --date "$date" \
    --authors "the meditate developers" -o "$pages" >/dev/null
visible=$(COLUMNS=1000 "$tools/meditate" --lang en --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')

# The root page: generate-manual gives it only --version and --help. It gets the sit's options
# (the command when none is named), one line per command, the examples as typed, and the
# sections of packaging/meditate.1.sections (FILES, ENVIRONMENT, EXIT STATUS).
root_page() {
    sed -n '1,/^\.Sh SYNOPSIS/p' "$pages/meditate.1" | sed '$d'
    printf '%s\n' .Sh\ SYNOPSIS .Nm '.Op Ar options' .Nm .Ar\ preset '.Op Ar options' .Nm .Ar\ command \
        '.Op Ar arguments ...' .Sh\ DESCRIPTION
    sed -n '/^\.Sh DESCRIPTION/,/^Examples:/p' "$pages/meditate.1" | sed '1d;$d'
    printf '%s\n' .Pp 'A sit (the command when none is named) takes these options; see' '.Xr meditate-sit 1 .'
    sed -n '/^\.Sh DESCRIPTION/,/^\.Sh /p' "$pages/meditate.sit.1" | sed -n '/^\.Bl/,/^\.El/p'
    printf '%s\n' .Sh\ COMMANDS '.Bl -tag -width Ds'
    for command in $visible; do
        printf '.It Cm %s\n' "$command"
        sed -n 's/^\.Nd "\(.*\)"$/\1/p' "$pages/meditate.$command.1"
    done
    printf '%s\n' .El .Sh\ EXAMPLES '.Bd -literal'
    sed -n '/^Examples:/,/^\.Bl/p' "$pages/meditate.1" | sed '1d;$d;s/^  //'
    printf '%s\n' .Ed
    grep -v '^\.\\"' "$source_tree/packaging/meditate.1.sections"
    printf '%s\n' '.Sh "SEE ALSO"'
    last=$(printf '%s\n' $visible | tail -n 1)
    for command in $visible; do
        [ "$command" = "$last" ] && printf '.Xr meditate-%s 1\n' "$command" || printf '.Xr meditate-%s 1 ,\n' "$command"
    done
    sed -n '/^\.Sh AUTHORS/,$p' "$pages/meditate.1"
}
root_page > "$pages/root"
mv "$pages/root" "$pages/meditate.1"

for page in "$pages"/*.1; do
    name=$(basename "$page" .1)
    top=$(printf %s "$name" | cut -d. -f2)
    if [ "$name" != meditate ] && ! printf '%s\n' $visible | grep -qx "$top"; then continue; fi
    dashed=$(printf %s "$name" | tr . -)
    upper=$(printf %s "$dashed" | tr '[:lower:]' '[:upper:]')
    # whatis reads one word per name (meditate-ctl-sit); the synopsis keeps what is typed
    # (meditate ctl sit). An empty line in roff is a paragraph break groff warns about. A
    # command's exit statuses are the root page's.
    awk -v title="$upper" -v word="$dashed" '
        /^\.Dt / { $2 = title }
        /^\.Nm "/ && !named { named = 1; typed = substr($0, 5); print ".Nm " word; next }
        /^\.Nm$/ && typed != "" { print ".Nm " typed; next }
        /^\.Xr meditate\.help / { next }
        /^\.Xr meditate\./ { gsub(/\./, "-", $2) }
        /^\.Ex -std/ && word != "meditate" { print "As listed in"; print ".Xr meditate 1 ."; next }
        /^$/ { print ".Pp"; next }
        { print }' "$page" \
        | gzip -9n > "$stage/share/man/man1/$dashed.1.gz"
done

# The completions ask meditate itself (`meditate __complete`) at each Tab.
"$tools/meditate" --generate-completion-script bash > "$stage/share/bash-completion/completions/meditate"
"$tools/meditate" --generate-completion-script zsh > "$stage/share/zsh/vendor-completions/_meditate"
"$tools/meditate" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/meditate.fish"
chmod 644 "$stage/share/bash-completion/completions/meditate" "$stage/share/zsh/vendor-completions/_meditate" \
    "$stage/share/fish/vendor_completions.d/meditate.fish"
