# tessera shell integration for bash, started as `bash --rcfile THIS -i`.
# Runs the startup files bash would have run, then reports the working directory (OSC 7) and the
# prompt / command cycle (OSC 133 A B C D) without changing what the prompt looks like.
# Everything here must survive `set -u` and a user's own PROMPT_COMMAND, PS0 and DEBUG trap.

# Sourced twice (e.g. a ~/.bashrc that sources this file): the hooks are already in place.
if [[ -n "${__tessera_loaded-}" ]]; then
  return 0
fi
__tessera_loaded=1

# --- hooks (defined before the user's files run, so their aliases cannot change these bodies) ---

# First entry of PROMPT_COMMAND: sees the command's exit status before anything else changes it.
__tessera_precmd() {
  local __tessera_status=$?
  if [[ -n "${__tessera_command_ran+set}" ]]; then
    builtin unset __tessera_command_ran
    builtin printf '\e]133;D;%s\a' "$__tessera_status"
  elif [[ -n "${__tessera_no_ps0_flag-}" ]]; then
    # Without promptvars PS0 cannot flag a command; report each cycle rather than never.
    builtin printf '\e]133;D;%s\a' "$__tessera_status"
  fi
  return "$__tessera_status"
}

# Last entry of PROMPT_COMMAND: the user's hooks have run and PS1 is final for this prompt.
__tessera_prompt_start() {
  local __tessera_status=$?
  __tessera_keep_hooks_in_place
  __tessera_wrap_prompts
  __tessera_report_cwd
  __tessera_at_prompt=1
  return "$__tessera_status"
}

__tessera_prompt_command_is_array() {
  ((BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1)))
}

# Puts our two hooks first and last around whatever PROMPT_COMMAND holds now.
__tessera_hook_prompt_command() {
  local -a __tessera_user=()
  local __tessera_entry __tessera_joined
  for __tessera_entry in ${PROMPT_COMMAND+"${PROMPT_COMMAND[@]}"}; do
    __tessera_entry=${__tessera_entry#__tessera_precmd$'\n'}
    __tessera_entry=${__tessera_entry%$'\n'__tessera_prompt_start}
    __tessera_entry=${__tessera_entry//__tessera_precmd/:}
    __tessera_entry=${__tessera_entry//__tessera_prompt_start/:}
    if [[ -n "$__tessera_entry" && "$__tessera_entry" != ":" ]]; then
      __tessera_user+=("$__tessera_entry")
    fi
  done
  if __tessera_prompt_command_is_array; then
    PROMPT_COMMAND=(__tessera_precmd ${__tessera_user[@]+"${__tessera_user[@]}"} __tessera_prompt_start)
  else
    # Newlines, not ';': a user's entry may end in a comment or a ';' of its own.
    __tessera_joined=__tessera_precmd
    for __tessera_entry in ${__tessera_user[@]+"${__tessera_user[@]}"}; do
      __tessera_joined+=$'\n'$__tessera_entry
    done
    PROMPT_COMMAND=$__tessera_joined$'\n'__tessera_prompt_start
  fi
}

# Something changed PROMPT_COMMAND after startup (a tool's `eval "$(x hook bash)"`): take its new
# entries in, so from the next prompt on our hooks are again first and last.
__tessera_keep_hooks_in_place() {
  if __tessera_prompt_command_is_array; then
    [[ "${PROMPT_COMMAND[0]-}" == __tessera_precmd && "${PROMPT_COMMAND[*]: -1}" == __tessera_prompt_start ]] && return 0
  else
    [[ "${PROMPT_COMMAND-}" == __tessera_precmd$'\n'* && "${PROMPT_COMMAND-}" == *$'\n'__tessera_prompt_start ]] && return 0
  fi
  __tessera_hook_prompt_command
}

# The marks are wrapped in \[ \] so readline counts them as zero width; the visible prompt is the user's.
__tessera_wrap_prompts() {
  if [[ -z "${__tessera_ps1_set+set}" || "${PS1-}" != "$__tessera_ps1_set" ]]; then
    __tessera_ps1_set="\[\e]133;A\a\]${PS1-}\[\e]133;B\a\]"
    PS1=$__tessera_ps1_set
  fi
  # PS0 (bash >= 4.4) is printed after Enter, before the command runs.
  if ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))) &&
    [[ -z "${__tessera_ps0_set+set}" || "${PS0-}" != "$__tessera_ps0_set" ]]; then
    if builtin shopt -q promptvars; then
      # The assignment expands to nothing and tells __tessera_precmd that a command ran.
      __tessera_ps0_set='${__tessera_command_ran=}'"${PS0-}"'\e]133;C\a'
      __tessera_no_ps0_flag=
    else
      __tessera_ps0_set="${PS0-}"'\e]133;C\a'
      __tessera_no_ps0_flag=1
    fi
    PS0=$__tessera_ps0_set
  fi
}

__tessera_report_cwd() {
  if [[ "${__tessera_cwd_seen-}" != "$PWD" ]]; then
    __tessera_cwd_seen=$PWD
    __tessera_percent_encode "$PWD"
  fi
  builtin printf '\e]7;file://%s%s\a' "${HOSTNAME-}" "${__tessera_cwd_url-}"
}

# Sets __tessera_cwd_url (no subshell). Byte by byte (LC_ALL=C), so a UTF-8 name becomes %C3%A9.
__tessera_percent_encode() {
  local LC_ALL=C __tessera_text=$1 __tessera_out= __tessera_char __tessera_i
  for ((__tessera_i = 0; __tessera_i < ${#__tessera_text}; __tessera_i++)); do
    __tessera_char=${__tessera_text:__tessera_i:1}
    case $__tessera_char in
      [A-Za-z0-9/._~-]) __tessera_out+=$__tessera_char ;;
      *)
        builtin printf -v __tessera_char '%%%02X' "'$__tessera_char"
        __tessera_out+=$__tessera_char
        ;;
    esac
  done
  __tessera_cwd_url=$__tessera_out
}

# bash < 4.4 has no PS0: the first command after a prompt marks the start of the command line.
__tessera_debug_trap() {
  if [[ -n "${__tessera_at_prompt-}" && "${BASH_COMMAND-}" != __tessera_precmd* ]]; then
    __tessera_at_prompt=
    __tessera_command_ran=1
    builtin printf '\e]133;C\a'
  fi
}

# --- the user's own startup files, at top level so their `declare`s stay global ---

if [[ -n "${TESSERA_BASH_LOGIN-}" ]]; then
  # A login shell was asked for, but bash ignores --rcfile in login shells: read what one would.
  builtin unset TESSERA_BASH_LOGIN
  if [[ -r /etc/profile ]]; then
    builtin source /etc/profile
  fi
  for __tessera_profile in ~/.bash_profile ~/.bash_login ~/.profile; do
    if [[ -r "$__tessera_profile" ]]; then
      builtin source "$__tessera_profile"
      break
    fi
  done
  builtin unset __tessera_profile
else
  # bash itself has already read /etc/bash.bashrc (where the build has one); --rcfile replaced ~/.bashrc.
  __tessera_rcfile=${TESSERA_BASH_RCFILE:-~/.bashrc}
  builtin unset TESSERA_BASH_RCFILE
  if [[ -r "$__tessera_rcfile" ]]; then
    builtin source "$__tessera_rcfile"
  fi
  builtin unset __tessera_rcfile
fi

# --- install ---

__tessera_hook_prompt_command
if ((BASH_VERSINFO[0] < 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] < 4))); then
  if [[ -z "$(builtin trap -p DEBUG)" ]]; then
    builtin trap '__tessera_debug_trap' DEBUG
  fi
fi
