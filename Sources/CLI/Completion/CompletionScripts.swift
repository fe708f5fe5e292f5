/// The completion scripts for bash, zsh and fish (`meditate --generate-completion-script
/// SHELL`, installed by `make install` and the package). Each asks `meditate __complete` for the
/// candidates, so that they follow the options, presets and library as they are; the first line
/// of its answer says whether file names belong among them.
enum CompletionScripts {
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    static let bash = #"""
        # bash completion for meditate: the candidates come from meditate itself.
        _meditate() {
            local cur words cword
            if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
                _get_comp_words_by_ref -n =: cur words cword
            else
                words=("${COMP_WORDS[@]}")
                cword=$COMP_CWORD
                cur=${COMP_WORDS[COMP_CWORD]}
            fi
            # One candidate a line, never split at spaces nor expanded as a pattern (a title `*`);
            # inserted quoted as file names are, so that a title with a space or a `$(` stays
            # one word and is never run.
            local -a lines found
            # After an opened quote, the word being completed without it (readline keeps the
            # quote and closes it); the words before as typed.
            local word=$cur
            [[ $word == [\'\"]* ]] && word=${word:1}
            mapfile -t lines < <("${words[0]}" __complete bash -- "${words[@]:1:cword-1}" "$word" 2>/dev/null)
            COMPREPLY=("${lines[@]:1}")
            compopt -o filenames 2>/dev/null
            if [[ ${lines[0]} == files ]]; then
                mapfile -t found < <(compgen -f -- "$cur")
                COMPREPLY+=("${found[@]}")
            fi
            if declare -F __ltrim_colon_completions >/dev/null 2>&1; then
                __ltrim_colon_completions "$cur"
            fi
        }
        complete -F _meditate meditate

        """#

    static let zsh = #"""
        #compdef meditate
        # zsh completion for meditate: the candidates come from meditate itself.
        local -a lines candidates
        # The words before as the command will get them (their quotes taken off), and the one
        # being completed as zsh has read it so far (after an opened quote, without it).
        lines=("${(@f)$(${words[1]} __complete zsh -- "${(@Q)words[2,CURRENT-1]}" "$PREFIX" 2>/dev/null)}")
        candidates=("${(@)lines[2,-1]}")
        (( ${#candidates} )) && compadd -- "${(@)candidates}"
        [[ ${lines[1]} == files ]] && _files
        return 0

        """#

    static let fish = #"""
        # fish completion for meditate: the candidates come from meditate itself.
        function __meditate_complete
            set -l tokens (commandline -opc)
            set -l current (commandline -ct)
            set -l lines ($tokens[1] __complete fish -- $tokens[2..-1] $current 2>/dev/null)
            test (count $lines) -gt 1; and printf '%s\n' $lines[2..-1]
            if test "$lines[1]" = files
                __fish_complete_path $current
            end
        end
        complete -c meditate -f -a '(__meditate_complete)'

        """#
}
