#!/usr/bin/env bash
# Install rulespec with its test extras, and the headless Chromium the browser tests drive
# (Debian's package; Playwright's own browser download cannot work offline). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e ".[test]"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian chromium for the browser tests…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "warning: could not install chromium; browser tests will be skipped" >&2
  else
    echo "warning: /usr/bin/chromium missing and not root; browser tests will be skipped" >&2
  fi
fi
