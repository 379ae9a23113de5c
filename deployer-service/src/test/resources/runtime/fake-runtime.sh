#!/bin/sh
# A stand-in for systemctl / supervisorctl in the deployer's acceptance tests.
# usage: fake-runtime.sh activate|restart STATE_DIR INSTANCE_ID VERSION
# activate stages the version; restart makes the staged version the running one, which the
# test's health-service then reads back. A version containing "broken" cannot be started; one
# containing "leaky" starts, saying credentials on its standard error as careless hooks do.
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
			*leaky*)
				echo "fake-runtime: migrating postgres://orders:s3cr3t-pw@db.internal:5432/orders" >&2
				echo "> Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2lnbmF0dXJlLXZhbHVl" >&2
				echo "+ /srv/orders/bin/notify --api-token=tok-0123456789abcdef $instance" >&2
				;;
		esac
		mv "$dir/$instance.pending" "$dir/$instance.version"
		;;
	*)
		echo "fake-runtime: unknown action $action" >&2
		exit 2
		;;
esac
