#!/bin/sh
# Install the Debian 12 packages the build and the tests need, only when one
# is missing, so `make check` works as root on a fresh machine and costs
# nothing on a prepared one.
set -eu
PKGS="build-essential cmake pkg-config clang libclang-rt-14-dev \
libjansson-dev libyaml-dev libcmocka-dev libcurl4-openssl-dev libssl-dev libsodium-dev libmicrohttpd-dev chromium python3-torch curl ca-certificates time \
python3-pytest python3-nbclient python3-ipykernel python3-venv python3-pip python3-setuptools python3-wheel"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
		|| missing="$missing $p"
done
# Node.js and npm run the browser test (playwright-core); any install that
# provides the commands will do (Debian's packages, or NodeSource's nodejs,
# which bundles npm and conflicts with Debian's npm package)
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing Debian packages:$missing; run as root or install them" >&2
	exit 3
fi
echo "deps.sh: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing
