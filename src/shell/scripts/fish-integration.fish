# tessera shell integration for fish, run by `fish --init-command` after fish has read the user's
# own configuration. Reports the working directory (OSC 7) and the prompt / command cycle
# (OSC 133 A B C D) without changing what the prompt looks like.

# Sourced twice: the handlers are already there.
if not set -q __tessera_loaded
    set -g __tessera_loaded 1

    # Event handlers do not change the $status and $pipestatus that fish_prompt then sees.
    function __tessera_prompt_start --on-event fish_prompt
        __tessera_wrap_prompt
        printf '\e]7;file://%s%s\a' $hostname (string escape --style=url -- $PWD)
        printf '\e]133;A\a'
    end

    function __tessera_preexec --on-event fish_preexec
        set -g __tessera_command_ran 1
        printf '\e]133;C\a'
    end

    function __tessera_postexec --on-event fish_postexec
        set -l command_status $status
        if set -q __tessera_command_ran
            set -e __tessera_command_ran
            printf '\e]133;D;%s\a' $command_status
        end
    end

    # The end of the prompt (133;B) has no event: fish_prompt is wrapped so the mark follows its
    # output. The user's prompt runs as __tessera_user_prompt and prints exactly what it did.
    # A theme or `funced` may define fish_prompt anew at any time, so this checks at every prompt.
    function __tessera_wrap_prompt
        if functions fish_prompt 2>/dev/null | string match -q '*__tessera_user_prompt*'
            return 0
        end
        functions -q fish_prompt; or return 0
        functions -e __tessera_user_prompt
        functions -c fish_prompt __tessera_user_prompt
        function fish_prompt --description 'The user prompt, followed by the end-of-prompt mark for tessera'
            __tessera_user_prompt
            printf '\e]133;B\a'
        end
    end

    __tessera_wrap_prompt
end
