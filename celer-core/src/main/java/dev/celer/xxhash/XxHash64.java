package dev.celer.xxhash;

import dev.celer.internal.Mem;
import dev.celer.internal.NativeBackend;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * XXH64, as defined by the xxHash specification ({@code doc/xxhash_spec.md} of
 * Cyan4973/xxHash, version 0.1.1, section "XXH64 Algorithm Description"); values equal those of
 * {@code xxhsum -H1}.
 *
 * <p>One-shot hashing through the static methods, with seed 0 or with a seed; streaming through
 * an instance from {@link #create()} or {@link #create(long)}: {@link #update} in pieces of any
 * size, then {@link #digest()} (or {@link #digestBytes()}, through the common {@link
 * StreamingHash}). The hash is an unsigned 64-bit value carried in a {@code long}; {@link
 * #toHex(long)} prints it as {@code xxhsum} does.
 *
 * <p>Thread-safety: the static methods are thread-safe and allocate nothing. An instance is
 * <b>not</b> thread-safe (confine it to one thread, or synchronize); it allocates its 32-byte
 * buffer and its accumulators once, at creation, and nothing per {@code update} or {@code digest}.
 * With the native backend, updates of at least 1 KB run in {@code libxxhash} ({@code
 * XXH64_update}); the result is the same.
 *
 * <pre>{@code
 * long h = XxHash64.hash(data);                  // one shot, seed 0
 * XxHash64 s = XxHash64.create(seed);            // streaming
 * s.update(part1, 0, part1.length);
 * s.update(part2, 0, part2.length);
 * String hex = XxHash64.toHex(s.digest());       // as xxhsum -H1 prints it
 * }</pre>
 */
public final class XxHash64 extends StripeHasher {

  // Constants of the section "XXH64 Algorithm Description" (64-bit primes).
  static final long PRIME64_1 = 0x9E3779B185EBCA87L;
  static final long PRIME64_2 = 0xC2B2AE3D27D4EB4FL;
  static final long PRIME64_3 = 0x165667B19E3779F9L;
  static final long PRIME64_4 = 0x85EBCA77C2B2AE63L;
  static final long PRIME64_5 = 0x27D4EB2F165667C5L;

  /** A stripe: 4 lanes of 8 bytes, one lane per accumulator (Step 2). */
  static final int STRIPE_LEN = 32;

  /**
   * {@return XXH64 of {@code b[off, off+len)} with seed 0}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static long hash(byte[] b, int off, int len) {
    return hash(b, off, len, 0L);
  }

  /**
   * {@return XXH64 of all of {@code b} with seed 0}
   *
   * @param b the data to hash
   */
  public static long hash(byte[] b) {
    return hash(b, 0L);
  }

  /**
   * {@return XXH64 of the remaining bytes of {@code buf} with seed 0; its position is not changed}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   */
  public static long hash(ByteBuffer buf) {
    return hash(buf, 0L);
  }

  /**
   * {@return XXH64 of {@code b[off, off+len)} with {@code seed}}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @param seed the seed
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static long hash(byte[] b, int off, int len, long seed) {
    Objects.checkFromIndexSize(off, len, b.length);
    return compute(b, off, len, seed);
  }

  /**
   * {@return XXH64 of all of {@code b} with {@code seed}}
   *
   * @param b the data to hash
   * @param seed the seed
   */
  public static long hash(byte[] b, long seed) {
    return compute(b, 0, b.length, seed);
  }

  /**
   * {@return XXH64 of the remaining bytes of {@code buf} with {@code seed}; its position is not
   * changed}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   * @param seed the seed
   */
  public static long hash(ByteBuffer buf, long seed) {
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      return compute(buf.array(), buf.arrayOffset() + pos, len, seed);
    }
    return compute(buf, pos, len, seed);
  }

  /**
   * {@return the canonical form of {@code hash} as {@code xxhsum -H1} prints it: 16 lower-case hex
   * digits, most significant first}
   *
   * @param hash the hash
   */
  public static String toHex(long hash) {
    return HexFormatting.hex(hash, 16);
  }

  /** {@return a new streaming hasher with seed 0} */
  public static XxHash64 create() {
    return create(0L);
  }

  /**
   * {@return a new streaming hasher with {@code seed}}
   *
   * @param seed the seed
   */
  public static XxHash64 create(long seed) {
    return new XxHash64(seed);
  }

  /**
   * XXH32 and XXH64 of fewer bytes stay in Java even with the native backend: there the downcall
   * costs more than it saves. Measured with {@code dev.celer.bench.OneJvmRatios} on JDK 25
   * ({@code -Dceler.bench.hashSizes=16,32,64 -Dceler.bench.ops=xxh32,xxh64}, three corpus files),
   * ratio to C called in-process, Java / native: XXH32 1.08 / 0.98 at 16 B, 0.75 / 0.97 at 32 B,
   * 0.80 / 0.99 at 64 B; XXH64 0.76 / 0.98, 0.84 / 0.99, 0.70 / 1.00. (Before the native calls
   * stopped allocating per call, native lost up to 64 B and the limit was 256 B.) XXH3 has no
   * such limit.
   */
  static final int NATIVE_MIN_LEN = 32;

  /**
   * The fewest bytes of whole stripes a streaming XXH32 or XXH64 update hands to the native
   * backend ({@code XXH32_update} / {@code XXH64_update} on a pooled state, the accumulators
   * copied in and out); fewer stay in Java. Measured on JDK 25 (GB/s of repeated updates of one
   * size, Java / native; XXH32, then XXH64): with C2, 256 B 9.5 / 7.5 and 14.2 / 10.7, 1 KB 11.1 /
   * 10.2 and 18.6 / 18.6, 64 KB 11.9 / 11.4 and 20.2 / 22.4; with C1 only (what {@code celer} runs
   * where the native backend works), 256 B 2.2 / 1.9 and 4.2 / 2.2, 1 KB 2.5 / 5.1 and 4.4 / 6.7,
   * 64 KB 2.7 / 11.0 and 5.0 / 20.9. From 1 KB on native is within 8% of Java under C2 and 2-4
   * times faster under C1. The system property {@code dev.celer.xxhash.nativeStreamMin} overrides
   * it (for measurements).
   */
  static final int NATIVE_STREAM_MIN = Integer.getInteger("dev.celer.xxhash.nativeStreamMin", 1024);

  /**
   * The one algorithm, for a {@code byte[]} or a {@code ByteBuffer} base; {@code [off, off+len)}
   * has been checked by the caller (a buffer's own bounds still apply to each read).
   */
  static long compute(Object base, int off, int len, long seed) {
    if (len >= NATIVE_MIN_LEN && NativeBackend.hashable(base, len) && NativeBackend.xxh64Native()) {
      return NativeBackend.xxh64(base, off, len, seed); // the native backend (Lz4.backend())
    }
    int end = off + len;
    long acc;
    if (len >= STRIPE_LEN) {
      // Step 1: initialize the four accumulators from the seed
      long acc1 = seed + PRIME64_1 + PRIME64_2;
      long acc2 = seed + PRIME64_2;
      long acc3 = seed;
      long acc4 = seed - PRIME64_1;
      // Step 2: process every full stripe
      int limit = end - STRIPE_LEN;
      do {
        acc1 = round(acc1, Mem.getLongLE(base, off));
        acc2 = round(acc2, Mem.getLongLE(base, off + 8));
        acc3 = round(acc3, Mem.getLongLE(base, off + 16));
        acc4 = round(acc4, Mem.getLongLE(base, off + 24));
        off += STRIPE_LEN;
      } while (off <= limit);
      // Step 3: accumulator convergence
      acc = converge(acc1, acc2, acc3, acc4);
    } else {
      // Step 1, special case: fewer than 32 bytes, a single accumulator
      acc = seed + PRIME64_5;
    }
    // Step 4: add the input length
    acc += len;
    // Steps 5 and 6
    return finish(acc, base, off, end - off);
  }

  /** Step 2: one round, one lane into one accumulator. */
  static long round(long acc, long lane) {
    acc += lane * PRIME64_2;
    acc = Long.rotateLeft(acc, 31);
    return acc * PRIME64_1;
  }

  /** Step 3: {@code mergeAccumulator}. */
  private static long merge(long acc, long accN) {
    acc ^= round(0, accN);
    return acc * PRIME64_1 + PRIME64_4;
  }

  /** Step 3: merges the four accumulators into one. */
  static long converge(long acc1, long acc2, long acc3, long acc4) {
    long acc =
        Long.rotateLeft(acc1, 1)
            + Long.rotateLeft(acc2, 7)
            + Long.rotateLeft(acc3, 12)
            + Long.rotateLeft(acc4, 18);
    acc = merge(acc, acc1);
    acc = merge(acc, acc2);
    acc = merge(acc, acc3);
    return merge(acc, acc4);
  }

  /** Step 5 (the last {@code rem < 32} bytes) and Step 6 (avalanche). */
  static long finish(long acc, Object base, int off, int rem) {
    assert rem >= 0 && rem < STRIPE_LEN;
    // Step 5: consume remaining input, 8 bytes at a time, then at most one 4-byte lane, then bytes
    while (rem >= 8) {
      acc ^= round(0, Mem.getLongLE(base, off));
      acc = Long.rotateLeft(acc, 27) * PRIME64_1 + PRIME64_4;
      off += 8;
      rem -= 8;
    }
    if (rem >= 4) {
      acc ^= (Mem.getIntLE(base, off) & 0xFFFF_FFFFL) * PRIME64_1;
      acc = Long.rotateLeft(acc, 23) * PRIME64_2 + PRIME64_3;
      off += 4;
      rem -= 4;
    }
    while (rem > 0) {
      acc ^= Mem.getU8(base, off) * PRIME64_5;
      acc = Long.rotateLeft(acc, 11) * PRIME64_1;
      off++;
      rem--;
    }
    return avalanche(acc);
  }

  /** Step 6: final mix (avalanche); XXH3 calls it {@code avalanche_XXH64}. */
  static long avalanche(long acc) {
    acc ^= acc >>> 33;
    acc *= PRIME64_2;
    acc ^= acc >>> 29;
    acc *= PRIME64_3;
    acc ^= acc >>> 32;
    // Step 7: the unsigned 64-bit result
    return acc;
  }

  // ---------------------------------------------------------------- streaming state

  private final long seed;
  /** The four accumulators of Step 2 (an array, so that the native backend can update them in place). */
  private final long[] acc = new long[4];

  private XxHash64(long seed) {
    super(STRIPE_LEN);
    this.seed = seed;
    reset();
  }

  /** Step 2 over {@code n} full stripes at {@code off}. */
  @Override
  void stripes(Object base, int off, int n) {
    int len = n * STRIPE_LEN; // at most the int length of an update: no overflow
    if (len >= NATIVE_STREAM_MIN && NativeBackend.readable(base) && NativeBackend.xxh64Stripes(base, off, len, acc)) {
      return; // done by the native backend (Lz4.backend())
    }
    long a1 = acc[0];
    long a2 = acc[1];
    long a3 = acc[2];
    long a4 = acc[3];
    for (int i = 0; i < n; i++, off += STRIPE_LEN) {
      a1 = round(a1, Mem.getLongLE(base, off));
      a2 = round(a2, Mem.getLongLE(base, off + 8));
      a3 = round(a3, Mem.getLongLE(base, off + 16));
      a4 = round(a4, Mem.getLongLE(base, off + 24));
    }
    acc[0] = a1;
    acc[1] = a2;
    acc[2] = a3;
    acc[3] = a4;
  }

  /**
   * {@return the hash of everything added since creation or the last {@link #reset()}; does not
   * change the state, so more data may be added afterwards}
   */
  public long digest() {
    long acc;
    if (total >= STRIPE_LEN) {
      acc = converge(this.acc[0], this.acc[1], this.acc[2], this.acc[3]); // Step 3
    } else {
      acc = seed + PRIME64_5; // Step 1, special case
    }
    acc += total; // Step 4
    return finish(acc, buf, 0, bufLen);
  }

  /** @return {@link #digest()} in its canonical form: 8 bytes, most significant first */
  @Override
  public byte[] digestBytes() {
    return HexFormatting.bigEndian(digest(), 8);
  }

  /** Forgets all data, keeping the seed. */
  @Override
  public void reset() {
    // Step 1
    acc[0] = seed + PRIME64_1 + PRIME64_2;
    acc[1] = seed + PRIME64_2;
    acc[2] = seed;
    acc[3] = seed - PRIME64_1;
    bufLen = 0;
    total = 0;
  }
}
