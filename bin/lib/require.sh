# Sourced by bin/run, bin/test and bin/bench: installs the system packages a command needs when they are missing.
#
#   require CALLER command=package [command=package ...]
#
# For each command not on PATH, its Debian package is installed: as root, or through passwordless sudo, with apt-get
# (one `apt-get update` per run, --no-install-recommends), after one line saying what is installed and why. Where
# nothing can be installed (no apt-get, no root, no passwordless sudo), it prints the exact command to run and exits
# with 1. XS2A_NO_INSTALL=1 turns the installing off (the command to run is printed instead).

require() {
  local caller=$1; shift
  local missing=() packages=() spec command package
  for spec in "$@"; do
    command=${spec%%=*}; package=${spec#*=}
    command -v "$command" >/dev/null 2>&1 && continue
    missing+=("$command")
    [[ " ${packages[*]} " == *" $package "* ]] || packages+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0

  local as_root=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); else as_root=(none); fi
  fi
  local hint="sudo apt-get update && sudo apt-get install --no-install-recommends ${packages[*]}"
  if [ "${XS2A_NO_INSTALL:-0}" = 1 ] || [ "${as_root[*]}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    printf '[%s] needs %s, which is not installed; run:\n  %s\n' "$caller" "${missing[*]}" "$hint" >&2
    exit 1
  fi

  printf '[%s] installing %s (for %s)\n' "$caller" "${packages[*]}" "${missing[*]}"
  # apt's own output is shown only when it fails (debconf's notes on a machine without apt-utils are not news)
  local log; log=$(mktemp)
  if [ -z "${XS2A_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get update -qq >"$log" 2>&1 \
      || { cat "$log" >&2; rm -f "$log"; printf '[%s] apt-get update failed; run:\n  %s\n' "$caller" "$hint" >&2; exit 1; }
    export XS2A_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" \
    >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; printf '[%s] apt-get install failed; run:\n  %s\n' "$caller" "$hint" >&2; exit 1; }
  rm -f "$log"
  for command in "${missing[@]}"; do
    command -v "$command" >/dev/null 2>&1 \
      || { printf '[%s] %s is still missing after the install\n' "$caller" "$command" >&2; exit 1; }
  done
}

# What the local stack needs, as command=package pairs: bin/run, bin/test and bin/bench all start it. The PostgreSQL
# server only when DATABASE_URL names no other server; the client (psql) always, for bin/db-setup.
system_packages() {
  echo java=default-jdk-headless javac=default-jdk-headless mvn=maven openssl=openssl nginx=nginx-light \
    psql=postgresql-client
  [ -n "${DATABASE_URL:-}" ] || echo pg_ctlcluster=postgresql
}
