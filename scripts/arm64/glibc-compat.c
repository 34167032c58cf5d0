/* Entry points of glibc 2.38 that Debian 13's Swift runtime libraries (built against glibc 2.41) call, for
 * linking them into programs that run on Debian 12 and Raspberry Pi OS bookworm (glibc 2.36).
 *
 * glibc 2.38 gave strtol() and the scanf family C23's reading of numbers (a "0b" prefix is binary) under these
 * names. The runtime reads decimal environment values and the like with them, never a "0b" prefix, so the
 * older functions give the same results. Linked only into the bookworm arm64 build (scripts/arm64/build.sh);
 * every other build takes them from its own glibc. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }

int __isoc23_sscanf(const char *s, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int matched = vsscanf(s, format, arguments);
  va_end(arguments);
  return matched;
}

int __isoc23_vsscanf(const char *s, const char *format, va_list arguments) {
  return vsscanf(s, format, arguments);
}
