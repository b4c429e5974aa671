# tessera shell integration for zsh: zsh reads this first because tessera pointed ZDOTDIR here.
# Each user file runs with the user's own ZDOTDIR in place (their .zshenv may move it, their .zshrc
# may use it for HISTFILE or compinit); between files ZDOTDIR points back here so zsh reads our
# .zprofile / .zshrc / .zlogin next, and .zshrc (or .zlogin in a login shell) puts it back for good.

__tessera_zdotdir=$ZDOTDIR

# Sets ZDOTDIR to what the user has (or unsets it if they have none) before one of their files runs.
__tessera_use_user_zdotdir() {
  emulate -L zsh
  if (( ${+__tessera_user_zdotdir} )); then
    ZDOTDIR=$__tessera_user_zdotdir
  else
    unset ZDOTDIR
  fi
}

# After one of their files ran: remember whatever ZDOTDIR it left, then point zsh back here.
__tessera_use_tessera_zdotdir() {
  emulate -L zsh
  if (( ${+ZDOTDIR} )); then
    typeset -g __tessera_user_zdotdir=$ZDOTDIR
  else
    unset __tessera_user_zdotdir
  fi
  ZDOTDIR=$__tessera_zdotdir
}

# The last step of startup: ZDOTDIR is the user's again (so is its exported state), helpers go away.
__tessera_finish_startup() {
  emulate -L zsh
  __tessera_use_user_zdotdir
  unset __tessera_zdotdir __tessera_user_zdotdir
  unfunction __tessera_use_user_zdotdir __tessera_use_tessera_zdotdir __tessera_finish_startup
}

if (( ${+TESSERA_USER_ZDOTDIR} )); then
  __tessera_user_zdotdir=$TESSERA_USER_ZDOTDIR
  unset TESSERA_USER_ZDOTDIR
  export ZDOTDIR=$__tessera_user_zdotdir
else
  # Unset, and no longer exported: a user who never had ZDOTDIR should not see one.
  unset ZDOTDIR
fi

if [[ -r ${ZDOTDIR:-$HOME}/.zshenv ]]; then
  builtin source ${ZDOTDIR:-$HOME}/.zshenv
fi
__tessera_use_tessera_zdotdir

# A non-interactive zsh reads nothing after this file: finish here.
if [[ ! -o interactive ]]; then
  __tessera_finish_startup
fi
