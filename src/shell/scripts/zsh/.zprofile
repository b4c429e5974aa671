# tessera shell integration for zsh (login shells): runs the user's .zprofile with their ZDOTDIR.

__tessera_use_user_zdotdir
if [[ -r ${ZDOTDIR:-$HOME}/.zprofile ]]; then
  builtin source ${ZDOTDIR:-$HOME}/.zprofile
fi
__tessera_use_tessera_zdotdir
