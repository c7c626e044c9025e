#!/usr/bin/env bash
# Debian packages the tests need: Chromium for browser journeys (Playwright never downloads a browser),
# a CJK font so Japanese shows in screenshots, LibreOffice to read back the Excel export, and poppler-utils
# (pdftotext, pdfinfo) to read back the pack list printed to PDF.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
# The Excel export test opens the .xlsx in LibreOffice (only its spreadsheet part is needed).
command -v libreoffice >/dev/null 2>&1 || need+=(libreoffice-calc)
# The pack list journey prints the page to PDF and reads its text back.
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
chromium --version
libreoffice --version
# sed reads to the end: with pipefail, head closing the pipe early would fail the run with SIGPIPE (141).
pdftotext -v 2>&1 | sed -n 1p
