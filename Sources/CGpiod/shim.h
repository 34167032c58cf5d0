/* libgpiod 1.6 (Debian 12 libgpiod-dev). The 2.x API is different and not supported yet. */
#ifndef CGPIOD_SHIM_H
#define CGPIOD_SHIM_H
#include <gpiod.h>
/* Only the 1.x API has line bulks (2.x replaced them with request configs), so this macro tells them apart
   at compile time, before Swift would fail with hundreds of confusing "cannot find" errors. */
#ifndef GPIOD_LINE_BULK_MAX_LINES
#error "metrotimer needs the libgpiod 1.x API (Debian 12: libgpiod-dev 1.6). The installed <gpiod.h> is libgpiod 2.x, which metrotimer does not support yet: install libgpiod 1.6 (libgpiod-dev on Debian 12)."
#endif
#endif
