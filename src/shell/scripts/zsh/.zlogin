# tessera shell integration for zsh (login shells): runs the user's .zlogin, then ends startup.

__tessera_use_user_zdotdir
if [[ -r ${ZDOTDIR:-$HOME}/.zlogin ]]; then
  builtin source ${ZDOTDIR:-$HOME}/.zlogin
fi
__tessera_use_tessera_zdotdir
__tessera_finish_startup
