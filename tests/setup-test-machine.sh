#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine of this kind:
# the PC/SC stack with the vpcd virtual reader (NFC tests), Debian's Chromium (UI tests),
# and the npm packages. Electron's and Playwright's own binary downloads are skipped:
# they cannot be fetched here and the tests do not need them.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(pcscd libpcsclite-dev vsmartcard-vpcd chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# better-sqlite3 and pcsclite build from source against the installed Node's headers.
[ -d /usr/include/node ] && export npm_config_nodedir=/usr
ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
