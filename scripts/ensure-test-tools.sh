#!/usr/bin/env bash
# Installs the system programs the test suite drives for real (shells, vim, less, tmux, git, and
# sshd for the tests of other hosts), when they are missing and we may install them (root with
# apt-get). Otherwise says what to install. Installing openssh-server starts no service here: the
# tests run their own sshd with a config of their own on a local port (tests/helpers/testSshd.ts).
set -u
needed=(bash zsh fish vim less tmux git sshd)
missing=()
for tool in "${needed[@]}"; do
  # sshd lives in /usr/sbin, which a user's PATH may not hold.
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] && exit 0

# Debian package names match the program names here, except vim where vim-nox is lighter, and sshd.
packages=()
for tool in "${missing[@]}"; do
  case "$tool" in
    vim) packages+=(vim-nox) ;;
    sshd) packages+=(openssh-server) ;;
    *) packages+=("$tool") ;;
  esac
done

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-test-tools: installing ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq "${packages[@]}" >/dev/null || {
    echo "ensure-test-tools: apt-get could not install ${packages[*]}" >&2
    exit 1
  }
else
  echo "ensure-test-tools: missing ${missing[*]}; install them (e.g. sudo apt-get install ${packages[*]})." >&2
  echo "ensure-test-tools: tests that need them will say so and be skipped." >&2
fi
exit 0
