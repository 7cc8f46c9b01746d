/* SPDX-License-Identifier: LGPL-2.1-only */
/* Fuzz harness helpers: reading typed values from the fuzzer's bytes. */

#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * The input as a stream of values. Past its end every read gives 0, so any
 * byte string decodes to some call sequence, and a longer input extends a
 * shorter one: libFuzzer's mutations stay meaningful.
 */
struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static inline uint8_t fuzz_u8(struct fuzz_in *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

static inline uint16_t fuzz_u16(struct fuzz_in *in)
{
	uint16_t v = fuzz_u8(in);

	return (uint16_t)(v | fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(struct fuzz_in *in)
{
	uint32_t v = fuzz_u16(in);

	return v | (uint32_t)fuzz_u16(in) << 16;
}

static inline uint64_t fuzz_u64(struct fuzz_in *in)
{
	uint64_t v = fuzz_u32(in);

	return v | (uint64_t)fuzz_u32(in) << 32;
}

/* A finding: say what and stop, so libFuzzer saves the input. */
#define FUZZ_FAIL(...)                                                       \
	do {                                                                 \
		fprintf(stderr, "FUZZ FAILURE %s:%d: ", __FILE__, __LINE__); \
		fprintf(stderr, __VA_ARGS__);                                \
		fputc('\n', stderr);                                         \
		abort();                                                     \
	} while (0)

#define FUZZ_N(a) (sizeof(a) / sizeof((a)[0]))

#endif
