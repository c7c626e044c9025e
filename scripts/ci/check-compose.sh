#!/usr/bin/env bash
# Validates docker-compose.yml with Debian's docker-compose (no Docker engine needed for `config`).
set -euo pipefail
if ! command -v docker-compose >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose
fi
created_env=0
if [ ! -f .env ]; then cp .env.example .env; created_env=1; fi
trap '[ "$created_env" = 1 ] && rm -f .env' EXIT
docker-compose -f docker-compose.yml config -q
echo "docker-compose.yml is valid"
