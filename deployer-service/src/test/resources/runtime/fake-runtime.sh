#!/bin/sh
# A stand-in for systemctl / supervisorctl in the deployer's acceptance tests.
# usage: fake-runtime.sh activate|restart STATE_DIR INSTANCE_ID VERSION
# activate stages the version; restart makes the staged version the running one, which the
# test's health-service then reads back. A version containing "broken" cannot be started.
set -eu
action=$1
dir=$2
instance=$3
version=$4
echo "$action $instance $version" >> "$dir/calls.log"
case "$action" in
	activate)
		if [ -p "$dir/$instance.hold" ]; then
			read -r _ < "$dir/$instance.hold"
		fi
		printf '%s' "$version" > "$dir/$instance.pending"
		;;
	restart)
		case "$version" in
			*broken*)
				echo "fake-runtime: $instance cannot start $version" >&2
				exit 3
				;;
		esac
		mv "$dir/$instance.pending" "$dir/$instance.version"
		;;
	*)
		echo "fake-runtime: unknown action $action" >&2
		exit 2
		;;
esac
