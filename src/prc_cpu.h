/* pyrankcore: what this compiler can build and what this CPU runs.
 *
 * The one CPU detection of the row-loop tiers (prc_tiers.h calls
 * prc_cpu_features once, at start-up) and the macros each tier header
 * compiles its functions with. The default build flags stay generic, so
 * wheels run on any x86-64 or arm64 machine: the faster loops carry target
 * attributes and run only where the detection finds their instruction set.
 *
 * GCC and Clang compile each such function for its instruction set with a
 * target attribute; MSVC compiles any intrinsic without one (PRC_TARGET is
 * empty there). Defining PRC_MSVC_STYLE takes MSVC's path (no attributes,
 * __cpuidex and _xgetbv) on GCC or Clang, for a test build with the
 * instruction sets switched on by flags. */
#ifndef PRC_CPU_H
#define PRC_CPU_H

#include <stdint.h>

/* PRC_TIERS_X86: this build has the x86-64 tiers (POPCNT, AVX2, and
 * AVX-512 where PRC_TIERS_AVX512 says the compiler knows its intrinsics:
 * GCC 8, Clang 8, any MSVC that compiles this package). PRC_TIERS_NEON:
 * the arm64 tier; NEON is part of arm64's base instruction set, so it needs
 * no run-time check (GCC and Clang; MSVC's arm64 builds run the portable
 * loops). */
#if (defined(__x86_64__) || defined(_M_X64)) && !defined(_M_ARM64EC)
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PRC_MSVC_STYLE)
#define PRC_TIERS_X86 1
#define PRC_TARGET(features) __attribute__((target(features)))
#include <cpuid.h>
#elif defined(_MSC_VER) || defined(PRC_MSVC_STYLE)
#define PRC_TIERS_X86 1
#define PRC_TARGET(features)
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <cpuid.h> /* GCC's and Clang's __cpuidex */
#endif
#else
#define PRC_TIERS_X86 0
#endif
#else
#define PRC_TIERS_X86 0
#endif

#if PRC_TIERS_X86
#include <immintrin.h>
#endif

#if PRC_TIERS_X86 && (defined(_MSC_VER) || defined(PRC_MSVC_STYLE) ||                      \
                      (defined(__clang__) ? __clang_major__ >= 8 : __GNUC__ >= 8))
#define PRC_TIERS_AVX512 1
#else
#define PRC_TIERS_AVX512 0
#endif

#if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define PRC_TIERS_NEON 1
#else
#define PRC_TIERS_NEON 0
#endif

/* Feature bits: what a tier needs (prc_tier_t.needs) and what the CPU and
 * the OS give (prc_cpu_features). */
#define PRC_CPU_POPCNT (1u << 0)
#define PRC_CPU_AVX2 (1u << 1)   /* AVX2, BMI1, BMI2, with YMM state saved */
#define PRC_CPU_AVX512 (1u << 2) /* F, BW, VBMI, VPOPCNTDQ, BITALG, ZMM state */
#define PRC_CPU_NEON (1u << 3)   /* arm64's base */

#if PRC_TIERS_X86
/* CPUID leaf *leaf*, subleaf *sub*: eax, ebx, ecx, edx. */
static inline void prc_cpuid(unsigned leaf, unsigned sub, unsigned regs[4]) {
#if defined(_MSC_VER) || defined(PRC_MSVC_STYLE)
    int r[4];
    __cpuidex(r, (int)leaf, (int)sub);
    for (int i = 0; i < 4; i++) regs[i] = (unsigned)r[i];
#else
    __cpuid_count(leaf, sub, regs[0], regs[1], regs[2], regs[3]);
#endif
}

/* The register state the OS saves (XCR0), or 0 without OSXSAVE: the CPU
 * may have AVX2 or AVX-512 while the OS leaves their registers off. */
static inline uint64_t prc_os_xsave_state(void) {
    unsigned r[4];
    prc_cpuid(1, 0, r);
    if (!(r[2] & (1u << 27))) return 0; /* OSXSAVE */
#if defined(_MSC_VER) || defined(PRC_MSVC_STYLE)
    return (uint64_t)_xgetbv(0);
#else
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
#endif
}


static inline unsigned prc_cpu_features(void) {
    unsigned r1[4], r7[4] = {0, 0, 0, 0}, features = 0;
    prc_cpuid(0, 0, r1);
    unsigned max_leaf = r1[0];
    prc_cpuid(1, 0, r1);
    if (max_leaf >= 7) prc_cpuid(7, 0, r7);
    uint64_t xcr0 = prc_os_xsave_state();
    int ymm = (xcr0 & 0x6) == 0x6;     /* SSE and AVX state */
    int zmm = (xcr0 & 0xE6) == 0xE6;   /* and opmask, ZMM_Hi256, Hi16_ZMM */
    int popcnt = (r1[2] >> 23) & 1, avx = (r1[2] >> 28) & 1;
    int avx2 = (r7[1] >> 5) & 1, bmi1 = (r7[1] >> 3) & 1, bmi2 = (r7[1] >> 8) & 1;
    int avx512 = ((r7[1] >> 16) & 1) /* F */ && ((r7[1] >> 30) & 1) /* BW */ &&
                 ((r7[2] >> 1) & 1) /* VBMI */ && ((r7[2] >> 12) & 1) /* BITALG */ &&
                 ((r7[2] >> 14) & 1) /* VPOPCNTDQ */;
    if (popcnt) features |= PRC_CPU_POPCNT;
    if (popcnt && avx && avx2 && bmi1 && bmi2 && ymm) features |= PRC_CPU_AVX2;
    if ((features & PRC_CPU_AVX2) && avx512 && zmm) features |= PRC_CPU_AVX512;
    return features;
}
#else
static inline unsigned prc_cpu_features(void) { return PRC_TIERS_NEON ? PRC_CPU_NEON : 0; }
#endif

#endif
