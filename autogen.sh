#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-only
# Generate configure and the Makefile.in files from a git checkout.
set -e
cd "$(dirname "$0")"
autoreconf --install --force --warnings=all
