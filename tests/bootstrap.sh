#!/usr/bin/env bash
# Install rulespec with its test extras, and the headless Chromium the browser tests drive
# (Debian's package; Playwright's own browser download cannot work offline). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e ".[test]"
# The compiled engine, in place (engine/_native; see engine/native.py): the tests then run the engine as
# `pip install .` ships it, and tests/test_native.py compares it with the plain-Python one. It is rebuilt only
# when a compiled source changed. Without a C compiler the tests run the plain-Python engine.
python -m engine.native_build || echo "warning: compiled engine not built; the tests run the plain-Python engine" >&2
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian chromium for the browser tests…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "warning: could not install chromium; browser tests will be skipped" >&2
  else
    echo "warning: /usr/bin/chromium missing and not root; browser tests will be skipped" >&2
  fi
fi
