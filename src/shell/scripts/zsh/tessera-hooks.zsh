# tessera shell integration for zsh: the hooks that report the working directory (OSC 7) and the
# prompt / command cycle (OSC 133 A B C D). Sourced from tessera's .zshrc after the user's .zshrc.

# Sourced twice: the hooks are already there (and adding them again would be harmless but wasteful).
if (( ${+__tessera_hooks_loaded} )); then
  return 0
fi
typeset -g __tessera_hooks_loaded=1

# First precmd hook: the command that just finished, if one ran (not for an empty Enter).
__tessera_precmd() {
  local __tessera_status=$?
  emulate -L zsh
  if (( ${+__tessera_command_ran} )); then
    unset __tessera_command_ran
    builtin printf '\e]133;D;%s\a' $__tessera_status
  fi
  __tessera_report_cwd
}

# Last precmd hook: prompt themes set PS1 in their own precmd hooks, so wrap it only now. The marks
# go inside %{ %} so zsh counts them as zero width; what the user sees is their prompt unchanged.
__tessera_prompt_start() {
  emulate -L zsh
  if (( ! ${+__tessera_ps1_set} )) || [[ $PS1 != $__tessera_ps1_set ]]; then
    if [[ -o prompt_percent ]]; then
      typeset -g __tessera_ps1_set=$'%{\e]133;A\a%}'$PS1$'%{\e]133;B\a%}'
    else
      typeset -g __tessera_ps1_set=$PS1
    fi
    PS1=$__tessera_ps1_set
  fi
  [[ -o prompt_percent ]] || builtin printf '\e]133;A\a'
}

__tessera_preexec() {
  emulate -L zsh
  typeset -g __tessera_command_ran=1
  __tessera_keep_hooks_in_place
  builtin printf '\e]133;C\a'
}

# Keeps __tessera_precmd first and __tessera_prompt_start last even when a plugin adds hooks later.
# Done here, not in precmd, so the array is never changed while zsh walks it.
__tessera_keep_hooks_in_place() {
  if [[ ${precmd_functions[1]-} != __tessera_precmd || ${precmd_functions[-1]-} != __tessera_prompt_start ]]; then
    precmd_functions=(__tessera_precmd ${precmd_functions:#__tessera_(precmd|prompt_start)} __tessera_prompt_start)
  fi
  if (( ! ${preexec_functions[(Ie)__tessera_preexec]} )); then
    preexec_functions+=(__tessera_preexec)
  fi
}

# Sends OSC 7; the percent-encoded path is recomputed only when the directory changed.
__tessera_report_cwd() {
  emulate -L zsh
  if [[ $PWD != ${__tessera_cwd_seen-} ]]; then
    typeset -g __tessera_cwd_seen=$PWD
    __tessera_percent_encode $PWD
  fi
  builtin printf '\e]7;file://%s%s\a' $HOST ${__tessera_cwd_url-}
}

# Sets __tessera_cwd_url (no subshell). Byte by byte, so a UTF-8 name becomes %C3%A9.
__tessera_percent_encode() {
  emulate -L zsh
  setopt no_multibyte
  local LC_ALL=C text=$1 out= char
  integer i
  for (( i = 1; i <= $#text; i++ )); do
    char=$text[i]
    case $char in
      ([A-Za-z0-9/._~-]) out+=$char ;;
      (*) builtin printf -v char '%%%02X' "'$char"; out+=$char ;;
    esac
  done
  typeset -g __tessera_cwd_url=$out
}

() {
  emulate -L zsh
  typeset -ga precmd_functions preexec_functions
  __tessera_keep_hooks_in_place
}
