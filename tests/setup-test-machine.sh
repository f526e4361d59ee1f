#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine of this kind: the PC/SC stack
# with the vpcd virtual reader (NFC tests), Debian's Chromium (UI tests), Xvfb (a display for
# the Electron smoke test where there is none), CUPS (a raw print queue the printing tests run
# a private scheduler for; the machine's own CUPS service is not started), then the npm
# packages with `npm ci`.
#
# `npm ci` runs on Node 24, the Node of Electron 45's main process and what package.json's
# `engines` accepts: the version pinned by the project's `node` devDependency, fetched first
# from the npm registry (the `node` package) into a cache outside the project, and put first
# on PATH, so npm itself and the install scripts it runs (smartcard's node-gyp build) use it.
#
# Nothing is downloaded for Electron here: the electron package (45) fetches its binary on
# first use, not at install. smartcard is a Node-API addon: it builds against any
# Node's headers and loads unchanged in Electron, so no rebuild for Electron.
# Playwright's own browsers are not downloaded either: the UI tests use Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(pcscd libpcsclite-dev vsmartcard-vpcd chromium xvfb nsis cups poppler-utils)
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

# The `node` devDependency's version, from the lock file (no Node needed to read it).
node_version=$(sed -n '/"node_modules\/node": {/,/}/s/.*"version": "\([^"]*\)".*/\1/p' package-lock.json | head -n 1)
[ -n "$node_version" ] || { echo "package-lock.json pins no node package" >&2; exit 1; }
node_home="${XDG_CACHE_HOME:-$HOME/.cache}/counter-app/node-$node_version"
if [ "$("$node_home/node_modules/.bin/node" --version 2>/dev/null)" != "v$node_version" ]; then
  rm -rf "$node_home"
  mkdir -p "$node_home"
  # The package's preinstall fetches the matching node-<os>-<arch> binary, also from the registry.
  npm install --prefix "$node_home" --no-save --no-package-lock --no-audit --no-fund "node@$node_version"
fi
export PATH="$node_home/node_modules/.bin:$PATH"
# smartcard's node-gyp build needs Node headers, and this Node from the registry ships none
# (node-gyp would download them from nodejs.org, out of reach here). A Node-API addon builds
# the same against any Node's headers, so use the machine's own Node headers where present.
[ -d /usr/include/node ] && export npm_config_nodedir=/usr
echo "npm ci on Node $(node --version)"

PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
