#!/usr/bin/env bash
# Puts one release of the example app in place, as a build would: its code and the arguments
# it runs with, in $NOTES_HOME/releases/VERSION.
#   release.sh VERSION [APP ARGUMENTS...]      e.g. release.sh v3-broken --unhealthy
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: release.sh VERSION [APP ARGUMENTS...]" >&2; exit 2; }
release=${NOTES_HOME:?NOTES_HOME names where the releases go}/releases/$1
mkdir -p "$release"
cp "$(dirname "$0")/app.py" "$release/app.py"
printf '%s\n' "--version=$1" "${@:2}" > "$release/release.args"
