# tessera shell integration for zsh (interactive shells): runs the user's .zshrc, then adds the hooks.

__tessera_use_user_zdotdir
if [[ -r ${ZDOTDIR:-$HOME}/.zshrc ]]; then
  builtin source ${ZDOTDIR:-$HOME}/.zshrc
fi
__tessera_use_tessera_zdotdir

builtin source $__tessera_zdotdir/tessera-hooks.zsh

# A login shell still reads .zlogin, which finishes startup; otherwise this is the last file.
if [[ ! -o login ]]; then
  __tessera_finish_startup
fi
