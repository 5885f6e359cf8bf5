package dev.celer.xxhash;

import static dev.celer.internal.UnsignedMultiply.multiplyFold;
import static dev.celer.internal.UnsignedMultiply.multiplyHigh;

import dev.celer.internal.Mem;

/**
 * The XXH3 algorithm (64- and 128-bit), as the xxHash specification describes it ({@code
 * doc/xxhash_spec.md} of Cyan4973/xxHash, version 0.1.1, sections "XXH3 Algorithm Overview" to
 * "XXH3 Algorithm Description (for large inputs)"). The public faces are {@link XxHash3} and
 * {@link XxHash128}; streaming state is {@link Xxh3State}.
 *
 * <p>Inputs are {@code (Object base, int off, int len)} with a {@code byte[]} or a direct/read-only
 * {@code ByteBuffer} base, read little-endian through {@link Mem}; bounds were checked by the
 * caller. Secrets are {@code byte[]} of at least {@link #SECRET_SIZE_MIN} bytes, also read
 * little-endian. Stateless and thread-safe; only seeded hashing of inputs longer than 240 bytes
 * may allocate (a derived secret, cached for the last seed used).
 *
 * <p>The code follows the specification's length classes: 0–16 bytes (empty, 1–3, 4–8, 9–16),
 * 17–128, 129–240 ("medium"), and more than 240 ("large": stripes of 64 bytes, blocks of
 * {@code 64 * stripesPerBlock} bytes, 8 accumulators).
 */
final class Xxh3 {
  private Xxh3() {}

  // Constants of the section "XXH3 Algorithm Overview", as unsigned values in longs.
  static final long PRIME32_1 = 0x9E3779B1L;
  static final long PRIME32_2 = 0x85EBCA77L;
  static final long PRIME32_3 = 0xC2B2AE3DL;
  static final long PRIME64_1 = 0x9E3779B185EBCA87L;
  static final long PRIME64_2 = 0xC2B2AE3D27D4EB4FL;
  static final long PRIME64_3 = 0x165667B19E3779F9L;
  static final long PRIME64_4 = 0x85EBCA77C2B2AE63L;
  static final long PRIME64_5 = 0x27D4EB2F165667C5L;
  static final long PRIME_MX1 = 0x165667919E3779F9L;
  static final long PRIME_MX2 = 0x9FB21C651E98DF25L;

  /** "Seed and Secret": a custom secret has at least 136 bytes (XXH3_SECRET_SIZE_MIN). */
  static final int SECRET_SIZE_MIN = 136;

  /** "Seed and Secret": the default secret has 192 bytes. */
  static final int SECRET_DEFAULT_SIZE = 192;

  /** Inputs up to this length take the small or medium paths (XXH3_MIDSIZE_MAX). */
  static final int MIDSIZE_MAX = 240;

  /** "Process blocks": a stripe is 8 lanes of 8 bytes. */
  static final int STRIPE_LEN = 64;

  /** "129-240 bytes of input": chunks after the first 128 bytes use the secret from offset 3. */
  private static final int MID_START_OFFSET = 3;

  /** "129-240 bytes of input": the last chunk uses the secret at 136 - 17 = 119. */
  private static final int MID_LAST_OFFSET = SECRET_SIZE_MIN - 17;

  /** "Process the last block": the last stripe uses the secret at secretLength - 64 - 7. */
  static final int LAST_STRIPE_SECRET_BACK = STRIPE_LEN + 7;

  /** "Finalization": the low half merges with the secret at offset 11. */
  static final int MERGE_LOW_OFFSET = 11;

  /** "Finalization": the high half (XXH3-128) merges with the secret at secretLength - 64 - 11. */
  static final int MERGE_HIGH_BACK = STRIPE_LEN + 11;

  /** The default secret, as listed in the section "Seed and Secret" (192 bytes, in hex). */
  static final byte[] DEFAULT_SECRET =
      fromHex(
          "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f" +
          "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c" +
          "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8" +
          "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364" +
          "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e" +
          "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e");

  private static byte[] fromHex(String hex) {
    byte[] b = new byte[hex.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
    }
    return b;
  }

  // ---------------------------------------------------------------- seed and secret

  /** The derived secret of the last seed asked for; immutable, so sharing it is safe. */
  private static final class Derived {
    final long seed;
    final byte[] secret;

    Derived(long seed, byte[] secret) {
      this.seed = seed;
      this.secret = secret;
    }
  }

  private static volatile Derived lastDerived;

  /**
   * "Seed and Secret": the secret used by inputs over 240 bytes when a seed is given: the default
   * secret read as 24 little-endian 64-bit words, {@code + seed} on even and {@code - seed} on odd
   * words. For seed 0 it is the default secret itself. The result must not be modified.
   */
  static byte[] secretForSeed(long seed) {
    if (seed == 0) {
      return DEFAULT_SECRET;
    }
    Derived d = lastDerived;
    if (d != null && d.seed == seed) {
      return d.secret;
    }
    byte[] s = new byte[SECRET_DEFAULT_SIZE];
    for (int i = 0; i < SECRET_DEFAULT_SIZE; i += 16) {
      Mem.putLongLE(s, i, Mem.getLongLE(DEFAULT_SECRET, i) + seed);
      Mem.putLongLE(s, i + 8, Mem.getLongLE(DEFAULT_SECRET, i + 8) - seed);
    }
    lastDerived = new Derived(seed, s);
    return s;
  }

  /**
   * @return {@code secret}, after checking that it is long enough
   * @throws IllegalArgumentException if it has fewer than {@link #SECRET_SIZE_MIN} bytes
   */
  static byte[] checkSecret(byte[] secret) {
    if (secret.length < SECRET_SIZE_MIN) {
      throw new IllegalArgumentException(
          "XXH3 secret of "
              + secret.length
              + " bytes is too short: the specification requires at least "
              + SECRET_SIZE_MIN
              + " (XXH3_SECRET_SIZE_MIN)");
    }
    return secret;
  }

  // ---------------------------------------------------------------- shared mixing steps

  /** "Final Mixing Step": {@code avalanche()}. */
  static long avalanche(long x) {
    x ^= x >>> 37;
    x *= PRIME_MX1;
    return x ^ (x >>> 32);
  }

  /** "Final Mixing Step": {@code avalanche_XXH64()}, XXH64's Step 6. */
  static long avalancheXxh64(long x) {
    return XxHash64.avalanche(x);
  }

  private static long key64(byte[] secret, int off) {
    return Mem.getLongLE(secret, off);
  }

  private static long key32(byte[] secret, int off) {
    return Mem.getIntLE(secret, off) & 0xFFFF_FFFFL;
  }

  /** "Mixing operation": {@code mixStep}, 16 bytes of input with 16 bytes of secret and the seed. */
  private static long mixStep(Object in, int p, byte[] secret, int s, long seed) {
    long lo = Mem.getLongLE(in, p) ^ (key64(secret, s) + seed);
    long hi = Mem.getLongLE(in, p + 8) ^ (key64(secret, s + 8) - seed);
    return multiplyFold(lo, hi);
  }

  // ---------------------------------------------------------------- XXH3-64, 0..240 bytes

  /** XXH3-64 of {@code len <= 240} bytes with {@code seed} and {@code secret}. */
  static long hash64Short(Object in, int off, int len, byte[] secret, long seed) {
    assert len <= MIDSIZE_MAX;
    if (len <= 16) {
      if (len > 8) {
        // 9-16 bytes
        long lo = Mem.getLongLE(in, off) ^ ((key64(secret, 24) ^ key64(secret, 32)) + seed);
        long hi = Mem.getLongLE(in, off + len - 8) ^ ((key64(secret, 40) ^ key64(secret, 48)) - seed);
        return avalanche(len + Long.reverseBytes(lo) + hi + multiplyFold(lo, hi));
      }
      if (len >= 4) {
        // 4-8 bytes
        long s = seed ^ ((long) Integer.reverseBytes((int) seed) << 32);
        long first = Mem.getIntLE(in, off) & 0xFFFF_FFFFL;
        long last = Mem.getIntLE(in, off + len - 4) & 0xFFFF_FFFFL;
        long v = ((key64(secret, 8) ^ key64(secret, 16)) - s) ^ (last | (first << 32));
        v ^= Long.rotateLeft(v, 49) ^ Long.rotateLeft(v, 24);
        v *= PRIME_MX2;
        v ^= (v >>> 35) + len;
        v *= PRIME_MX2;
        return v ^ (v >>> 28);
      }
      if (len > 0) {
        // 1-3 bytes
        long combined = combined1to3(in, off, len) & 0xFFFF_FFFFL;
        return avalancheXxh64(((key32(secret, 0) ^ key32(secret, 4)) + seed) ^ combined);
      }
      // empty input
      return avalancheXxh64(seed ^ key64(secret, 56) ^ key64(secret, 64));
    }
    long acc = len * PRIME64_1;
    if (len <= 128) {
      // 17-128 bytes: pairs of 16-byte chunks from both ends, innermost pair first
      for (int i = (len - 1) >>> 5; i >= 0; i--) {
        acc += mixStep(in, off + 16 * i, secret, 32 * i, seed);
        acc += mixStep(in, off + len - 16 * i - 16, secret, 32 * i + 16, seed);
      }
      return avalanche(acc);
    }
    // 129-240 bytes: 8 chunks, an intermediate avalanche, the other full chunks, the last 16 bytes
    int chunks = len >>> 4;
    for (int i = 0; i < 8; i++) {
      acc += mixStep(in, off + 16 * i, secret, 16 * i, seed);
    }
    acc = avalanche(acc);
    for (int i = 8; i < chunks; i++) {
      acc += mixStep(in, off + 16 * i, secret, 16 * (i - 8) + MID_START_OFFSET, seed);
    }
    acc += mixStep(in, off + len - 16, secret, MID_LAST_OFFSET, seed);
    return avalanche(acc);
  }

  /** "1-3 bytes of input": last byte, length, first byte and middle byte in one 32-bit value. */
  private static int combined1to3(Object in, int off, int len) {
    int first = Mem.getU8(in, off);
    int middle = Mem.getU8(in, off + (len >>> 1));
    int last = Mem.getU8(in, off + len - 1);
    return last | (len << 8) | (first << 16) | (middle << 24);
  }

  // ---------------------------------------------------------------- XXH3-128, 0..240 bytes

  /** XXH3-128 of {@code len <= 240} bytes with {@code seed} and {@code secret}. */
  static Hash128 hash128Short(Object in, int off, int len, byte[] secret, long seed) {
    assert len <= MIDSIZE_MAX;
    if (len <= 16) {
      if (len > 8) {
        // 9-16 bytes
        long first = Mem.getLongLE(in, off);
        long last = Mem.getLongLE(in, off + len - 8);
        long val1 = ((key64(secret, 32) ^ key64(secret, 40)) - seed) ^ first ^ last;
        long val2 = ((key64(secret, 48) ^ key64(secret, 56)) + seed) ^ last;
        long low = val1 * PRIME64_1 + ((long) (len - 1) << 54);
        long high = multiplyHigh(val1, PRIME64_1) + val2 + (val2 & 0xFFFF_FFFFL) * (PRIME32_2 - 1);
        low ^= Long.reverseBytes(high);
        // {low, high} = (u128){low, high} * PRIME64_2
        long high2 = multiplyHigh(low, PRIME64_2) + high * PRIME64_2;
        long low2 = low * PRIME64_2;
        return new Hash128(avalanche(low2), avalanche(high2));
      }
      if (len >= 4) {
        // 4-8 bytes
        long s = seed ^ ((long) Integer.reverseBytes((int) seed) << 32);
        long first = Mem.getIntLE(in, off) & 0xFFFF_FFFFL;
        long last = Mem.getIntLE(in, off + len - 4) & 0xFFFF_FFFFL;
        long v = ((key64(secret, 16) ^ key64(secret, 24)) + s) ^ (first | (last << 32));
        long m = PRIME64_1 + ((long) len << 2);
        long low = v * m;
        long high = multiplyHigh(v, m);
        high += low << 1;
        low ^= high >>> 3;
        low ^= low >>> 35;
        low *= PRIME_MX2;
        low ^= low >>> 28;
        return new Hash128(low, avalanche(high));
      }
      if (len > 0) {
        // 1-3 bytes
        int c = combined1to3(in, off, len);
        long combinedLow = c & 0xFFFF_FFFFL;
        long combinedHigh = Integer.rotateLeft(Integer.reverseBytes(c), 13) & 0xFFFF_FFFFL;
        long low = ((key32(secret, 0) ^ key32(secret, 4)) + seed) ^ combinedLow;
        long high = ((key32(secret, 8) ^ key32(secret, 12)) - seed) ^ combinedHigh;
        return new Hash128(avalancheXxh64(low), avalancheXxh64(high));
      }
      // empty input
      return new Hash128(
          avalancheXxh64(seed ^ key64(secret, 64) ^ key64(secret, 72)),
          avalancheXxh64(seed ^ key64(secret, 80) ^ key64(secret, 88)));
    }
    long acc0 = len * PRIME64_1;
    long acc1 = 0;
    if (len <= 128) {
      // 17-128 bytes: pairs of 16-byte chunks from both ends, innermost pair first
      for (int i = (len - 1) >>> 5; i >= 0; i--) {
        int p1 = off + 16 * i;
        int p2 = off + len - 16 * i - 16;
        acc0 += mixStep(in, p1, secret, 32 * i, seed);
        acc1 += mixStep(in, p2, secret, 32 * i + 16, seed);
        acc0 ^= Mem.getLongLE(in, p2) + Mem.getLongLE(in, p2 + 8);
        acc1 ^= Mem.getLongLE(in, p1) + Mem.getLongLE(in, p1 + 8);
      }
    } else {
      // 129-240 bytes: 32-byte chunks; 4 of them, an intermediate avalanche, the rest, the end
      int chunks = len >>> 5;
      for (int i = 0; i < 4; i++) {
        int p1 = off + 32 * i;
        acc0 += mixStep(in, p1, secret, 32 * i, seed);
        acc1 += mixStep(in, p1 + 16, secret, 32 * i + 16, seed);
        acc0 ^= Mem.getLongLE(in, p1 + 16) + Mem.getLongLE(in, p1 + 24);
        acc1 ^= Mem.getLongLE(in, p1) + Mem.getLongLE(in, p1 + 8);
      }
      acc0 = avalanche(acc0);
      acc1 = avalanche(acc1);
      for (int i = 4; i < chunks; i++) {
        int p1 = off + 32 * i;
        int s = 32 * (i - 4) + MID_START_OFFSET;
        acc0 += mixStep(in, p1, secret, s, seed);
        acc1 += mixStep(in, p1 + 16, secret, s + 16, seed);
        acc0 ^= Mem.getLongLE(in, p1 + 16) + Mem.getLongLE(in, p1 + 24);
        acc1 ^= Mem.getLongLE(in, p1) + Mem.getLongLE(in, p1 + 8);
      }
      // the last 32 bytes, halves swapped, with the negated seed
      int p1 = off + len - 16;
      int p2 = off + len - 32;
      acc0 += mixStep(in, p1, secret, MID_LAST_OFFSET - 16, -seed);
      acc1 += mixStep(in, p2, secret, MID_LAST_OFFSET, -seed);
      acc0 ^= Mem.getLongLE(in, p2) + Mem.getLongLE(in, p2 + 8);
      acc1 ^= Mem.getLongLE(in, p1) + Mem.getLongLE(in, p1 + 8);
    }
    // 17-240 bytes, "Finalization"
    long low = acc0 + acc1;
    long high = acc0 * PRIME64_1 + acc1 * PRIME64_4 + (len - seed) * PRIME64_2;
    return new Hash128(avalanche(low), -avalanche(high));
  }

  // ---------------------------------------------------------------- more than 240 bytes

  /**
   * "Step 2-1": one lane of an accumulation step. Accumulator {@code i} gains the lane of its
   * neighbour {@code i xor 1} and the product of the two 32-bit halves of its own lane xor key.
   */
  static long accumulateLane(long acc, long neighbourLane, long lane, long key) {
    long v = lane ^ key;
    return acc + neighbourLane + (v & 0xFFFF_FFFFL) * (v >>> 32);
  }

  /** "Step 2-2": scrambles one accumulator with one word of the last 64 bytes of the secret. */
  static long scramble(long acc, long key) {
    acc ^= acc >>> 47;
    acc ^= key;
    return acc * PRIME32_1;
  }

  /** "Step 2": stripes per block, for a secret of {@code secretLength} bytes. */
  static int stripesPerBlock(int secretLength) {
    return (secretLength - STRIPE_LEN) >>> 3;
  }

  /** "Step 4": {@code finalMerge} of the 8 accumulators with 64 bytes of secret at {@code s}. */
  static long finalMerge(
      long init, long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7,
      byte[] secret, int s) {
    long r = init;
    r += multiplyFold(a0 ^ key64(secret, s), a1 ^ key64(secret, s + 8));
    r += multiplyFold(a2 ^ key64(secret, s + 16), a3 ^ key64(secret, s + 24));
    r += multiplyFold(a4 ^ key64(secret, s + 32), a5 ^ key64(secret, s + 40));
    r += multiplyFold(a6 ^ key64(secret, s + 48), a7 ^ key64(secret, s + 56));
    return avalanche(r);
  }

  /** "XXH3_64_large": the low merge. */
  static long mergeLow(long totalLen, long[] acc, byte[] secret) {
    return finalMerge(totalLen * PRIME64_1,
        acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], secret, MERGE_LOW_OFFSET);
  }

  /** "XXH3_128_large": the high merge. */
  static long mergeHigh(long totalLen, long[] acc, byte[] secret) {
    return finalMerge(~(totalLen * PRIME64_2),
        acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], secret,
        secret.length - MERGE_HIGH_BACK);
  }

  /**
   * The whole large-input algorithm, one-shot, for {@code len > 240}: Steps 1 to 4 with the 8
   * accumulators in local variables.
   *
   * <p>Step 2 ("process blocks") and Step 3's leading stripes are one loop: every stripe that
   * ends before the end of the input is accumulated, with the secret at 8 bytes per stripe into
   * its block, and a full block is followed by a scramble. That is exactly the specification's
   * order: the full blocks are those with at least one byte after them, and the last block
   * (1..blockSize bytes) has {@code (len-1)/64} such stripes. Then Step 3's last stripe: the
   * input's last 64 bytes, with the secret at {@code secretLength - 71}.
   *
   * @param high128 if not null, receives the high half of XXH3-128 in element 0
   * @return the XXH3-64 value, which is also the low half of XXH3-128
   */
  static long hashLarge(Object in, int off, int len, byte[] secret, long[] high128) {
    if (Xxh3Vectorization.ENABLED && in instanceof byte[]) {
      return Xxh3Vector.hashLarge((byte[]) in, off, len, secret, high128);
    }
    assert len > MIDSIZE_MAX;
    final int secretLength = secret.length;
    final int stripesPerBlock = stripesPerBlock(secretLength);
    final int scrambleAt = secretLength - STRIPE_LEN;
    // Step 1: initialize the accumulators
    long a0 = PRIME32_3;
    long a1 = PRIME64_1;
    long a2 = PRIME64_2;
    long a3 = PRIME64_3;
    long a4 = PRIME64_4;
    long a5 = PRIME32_2;
    long a6 = PRIME64_5;
    long a7 = PRIME32_1;
    // Step 2 and Step 3 (leading stripes)
    int stripes = (len - 1) >>> 6;
    int p = off;
    while (stripes > 0) {
      int n = Math.min(stripes, stripesPerBlock);
      for (int s = 0; s < n * 8; s += 8, p += STRIPE_LEN) {
        long d0 = Mem.getLongLE(in, p);
        long d1 = Mem.getLongLE(in, p + 8);
        long d2 = Mem.getLongLE(in, p + 16);
        long d3 = Mem.getLongLE(in, p + 24);
        long d4 = Mem.getLongLE(in, p + 32);
        long d5 = Mem.getLongLE(in, p + 40);
        long d6 = Mem.getLongLE(in, p + 48);
        long d7 = Mem.getLongLE(in, p + 56);
        a0 = accumulateLane(a0, d1, d0, key64(secret, s));
        a1 = accumulateLane(a1, d0, d1, key64(secret, s + 8));
        a2 = accumulateLane(a2, d3, d2, key64(secret, s + 16));
        a3 = accumulateLane(a3, d2, d3, key64(secret, s + 24));
        a4 = accumulateLane(a4, d5, d4, key64(secret, s + 32));
        a5 = accumulateLane(a5, d4, d5, key64(secret, s + 40));
        a6 = accumulateLane(a6, d7, d6, key64(secret, s + 48));
        a7 = accumulateLane(a7, d6, d7, key64(secret, s + 56));
      }
      stripes -= n;
      if (n == stripesPerBlock) {
        // Step 2-2: a full block with input after it
        a0 = scramble(a0, key64(secret, scrambleAt));
        a1 = scramble(a1, key64(secret, scrambleAt + 8));
        a2 = scramble(a2, key64(secret, scrambleAt + 16));
        a3 = scramble(a3, key64(secret, scrambleAt + 24));
        a4 = scramble(a4, key64(secret, scrambleAt + 32));
        a5 = scramble(a5, key64(secret, scrambleAt + 40));
        a6 = scramble(a6, key64(secret, scrambleAt + 48));
        a7 = scramble(a7, key64(secret, scrambleAt + 56));
      }
    }
    // Step 3: the last 64 bytes of the input (possibly overlapping stripes already done)
    p = off + len - STRIPE_LEN;
    int s = secretLength - LAST_STRIPE_SECRET_BACK;
    long d0 = Mem.getLongLE(in, p);
    long d1 = Mem.getLongLE(in, p + 8);
    long d2 = Mem.getLongLE(in, p + 16);
    long d3 = Mem.getLongLE(in, p + 24);
    long d4 = Mem.getLongLE(in, p + 32);
    long d5 = Mem.getLongLE(in, p + 40);
    long d6 = Mem.getLongLE(in, p + 48);
    long d7 = Mem.getLongLE(in, p + 56);
    a0 = accumulateLane(a0, d1, d0, key64(secret, s));
    a1 = accumulateLane(a1, d0, d1, key64(secret, s + 8));
    a2 = accumulateLane(a2, d3, d2, key64(secret, s + 16));
    a3 = accumulateLane(a3, d2, d3, key64(secret, s + 24));
    a4 = accumulateLane(a4, d5, d4, key64(secret, s + 32));
    a5 = accumulateLane(a5, d4, d5, key64(secret, s + 40));
    a6 = accumulateLane(a6, d7, d6, key64(secret, s + 48));
    a7 = accumulateLane(a7, d6, d7, key64(secret, s + 56));
    // Step 4: finalization
    if (high128 != null) {
      high128[0] = finalMerge(~(len * PRIME64_2), a0, a1, a2, a3, a4, a5, a6, a7,
          secret, secretLength - MERGE_HIGH_BACK);
    }
    return finalMerge(len * PRIME64_1, a0, a1, a2, a3, a4, a5, a6, a7, secret, MERGE_LOW_OFFSET);
  }

  /**
   * The streaming form of Steps 2 and 3 (leading stripes): accumulates {@code n} stripes at
   * {@code off} into {@code acc}, the caller knowing that input follows each of them. {@code
   * inBlock} stripes of the current block were done before; a block that fills up is scrambled.
   *
   * @return the number of stripes done in the current block afterwards
   */
  static int accumulateStripes(long[] acc, int inBlock, Object in, int off, int n, byte[] secret) {
    if (Xxh3Vectorization.ENABLED && in instanceof byte[]) {
      return Xxh3Vector.accumulateStripes(acc, inBlock, (byte[]) in, off, n, secret);
    }
    final int stripesPerBlock = stripesPerBlock(secret.length);
    final int scrambleAt = secret.length - STRIPE_LEN;
    long a0 = acc[0];
    long a1 = acc[1];
    long a2 = acc[2];
    long a3 = acc[3];
    long a4 = acc[4];
    long a5 = acc[5];
    long a6 = acc[6];
    long a7 = acc[7];
    for (int i = 0; i < n; i++, off += STRIPE_LEN) {
      int s = inBlock * 8;
      long d0 = Mem.getLongLE(in, off);
      long d1 = Mem.getLongLE(in, off + 8);
      long d2 = Mem.getLongLE(in, off + 16);
      long d3 = Mem.getLongLE(in, off + 24);
      long d4 = Mem.getLongLE(in, off + 32);
      long d5 = Mem.getLongLE(in, off + 40);
      long d6 = Mem.getLongLE(in, off + 48);
      long d7 = Mem.getLongLE(in, off + 56);
      a0 = accumulateLane(a0, d1, d0, key64(secret, s));
      a1 = accumulateLane(a1, d0, d1, key64(secret, s + 8));
      a2 = accumulateLane(a2, d3, d2, key64(secret, s + 16));
      a3 = accumulateLane(a3, d2, d3, key64(secret, s + 24));
      a4 = accumulateLane(a4, d5, d4, key64(secret, s + 32));
      a5 = accumulateLane(a5, d4, d5, key64(secret, s + 40));
      a6 = accumulateLane(a6, d7, d6, key64(secret, s + 48));
      a7 = accumulateLane(a7, d6, d7, key64(secret, s + 56));
      if (++inBlock == stripesPerBlock) {
        // Step 2-2
        a0 = scramble(a0, key64(secret, scrambleAt));
        a1 = scramble(a1, key64(secret, scrambleAt + 8));
        a2 = scramble(a2, key64(secret, scrambleAt + 16));
        a3 = scramble(a3, key64(secret, scrambleAt + 24));
        a4 = scramble(a4, key64(secret, scrambleAt + 32));
        a5 = scramble(a5, key64(secret, scrambleAt + 40));
        a6 = scramble(a6, key64(secret, scrambleAt + 48));
        a7 = scramble(a7, key64(secret, scrambleAt + 56));
        inBlock = 0;
      }
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
    acc[4] = a4;
    acc[5] = a5;
    acc[6] = a6;
    acc[7] = a7;
    return inBlock;
  }

  /** Step 3, streaming form: the last stripe (the input's last 64 bytes) at {@code off}. */
  static void accumulateLastStripe(long[] acc, Object in, int off, byte[] secret) {
    int s = secret.length - LAST_STRIPE_SECRET_BACK;
    for (int i = 0; i < 8; i++) {
      acc[i] = accumulateLane(acc[i], Mem.getLongLE(in, off + 8 * (i ^ 1)),
          Mem.getLongLE(in, off + 8 * i), key64(secret, s + 8 * i));
    }
  }

  /** Step 1: the initial accumulators. */
  static void initAccumulators(long[] acc) {
    acc[0] = PRIME32_3;
    acc[1] = PRIME64_1;
    acc[2] = PRIME64_2;
    acc[3] = PRIME64_3;
    acc[4] = PRIME64_4;
    acc[5] = PRIME32_2;
    acc[6] = PRIME64_5;
    acc[7] = PRIME32_1;
  }
}
