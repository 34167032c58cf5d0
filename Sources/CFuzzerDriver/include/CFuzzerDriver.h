#ifndef METROTIMER_CFUZZERDRIVER_H
#define METROTIMER_CFUZZERDRIVER_H
// libFuzzer's entry for programs that keep their own main (clang's compiler-rt, FuzzerInterface.h).
// Defined only when the program is linked with -sanitize=fuzzer; Swift calls it only in a -D FUZZING build.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
