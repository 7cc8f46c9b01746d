#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Generate configure and the Makefile.in files from a git checkout.
set -e
cd "$(dirname "$0")"
# libtoolize fills m4/ (git keeps no empty directory); aclocal looks first
mkdir -p m4
autoreconf --install --force --warnings=all
