#!/usr/bin/env bash
# Debian packages the tests need: Chromium for browser journeys (Playwright never downloads a browser),
# a CJK font so Japanese shows in screenshots, and LibreOffice to read back the Excel export.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
# The Excel export test opens the .xlsx in LibreOffice (only its spreadsheet part is needed).
command -v libreoffice >/dev/null 2>&1 || need+=(libreoffice-calc)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
chromium --version
libreoffice --version
