/* CGpiod: the installed libgpiod (Debian 12: 1.6; Debian 13, Ubuntu 24.04, Raspberry Pi OS trixie: 2.x),
 * found through pkg-config and linked. Swift never imports it: MetroGPIO goes through CGpioShim, whose two
 * backend files are the only code that calls libgpiod. */
#ifndef CGPIOD_SHIM_H
#define CGPIOD_SHIM_H
#include <gpiod.h>
#endif
