#!/bin/sh
body=$(cat)
printf '{"text": "%s", "upper": "%s"}\n' "$body" "$(printf '%s' "$body" | tr a-z A-Z)"
