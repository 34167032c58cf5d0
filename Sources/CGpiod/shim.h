/* libgpiod 1.6 (Debian libgpiod-dev). The 2.x API is different and not supported yet. */
#ifndef CGPIOD_SHIM_H
#define CGPIOD_SHIM_H
#include <gpiod.h>
/* Only the 1.x API has line bulks; 2.x replaced them with request configs. */
#ifndef GPIOD_LINE_BULK_MAX_LINES
#error "metrotimer needs the libgpiod 1.x API (Debian 12: libgpiod-dev 1.6); libgpiod 2.x is not supported yet"
#endif
#endif
