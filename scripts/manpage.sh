#!/bin/sh
# Write gpusizer(1) in roff to stdout, from the help texts of the built
# binary, so the manual never drifts from what the commands say.
# usage: manpage.sh path/to/gpusizer VERSION
set -eu
B=${1:?usage: manpage.sh GPUSIZER VERSION}
V=${2:?usage: manpage.sh GPUSIZER VERSION}
# roff: a backslash is written \e; a line starting with . or ' is protected by \&
esc() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
cat <<HEAD
.TH GPUSIZER 1 "" "gpusizer $V" "User Commands"
.SH NAME
gpusizer \- how much GPU memory an exact machine-learning workload needs, which offers can carry it, and how to prove it
.SH SYNOPSIS
.B gpusizer
.I COMMAND
.RI [ args ]
.SH DESCRIPTION
.nf
HEAD
"$B" --help | esc
echo ".fi"
for cmd in $("$B" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p'); do
	echo ".SH \"$(echo "$cmd" | tr '[:lower:]' '[:upper:]')\""
	echo ".nf"
	"$B" "$cmd" --help 2>&1 | esc
	echo ".fi"
done
cat <<'TAIL'
.SH UNITS
GB = 10^9 bytes, GiB = 2^30 bytes; every figure is printed with its unit.
.SH FILES
The formulas and their sources, the sheet and catalog formats and the web
server's threat model are in the project's docs/method.md, docs/sheet.md and
docs/serve.md.
TAIL
