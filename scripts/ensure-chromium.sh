#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests: CHROMIUM_PATH, else Debian's chromium, installed here when
# this runs as root with apt available. Anything else stops with a one-line instruction.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then echo "$CHROMIUM_PATH"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation) >&2
  echo /usr/bin/chromium; exit 0
fi
echo "The browser tests need Chromium: install Debian's 'chromium' package (apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
