# SPDX-License-Identifier: LGPL-2.1-only
# Read by make in src/ for src/python/Makefile: the library's libtool objects.

# Prints the objects of libseccomp.la (from src/Makefile's own list, so
# nothing stale or foreign in src/ is picked up), one absolute path a line.
print-libseccomp-objects:
	@for o in $(libseccomp_la_OBJECTS); do echo "$(abs_builddir)/$$o"; done
