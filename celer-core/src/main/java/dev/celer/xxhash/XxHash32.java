package dev.celer.xxhash;

import dev.celer.internal.Mem;
import dev.celer.internal.NativeBackend;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * XXH32, as defined by the xxHash specification ({@code doc/xxhash_spec.md} of
 * Cyan4973/xxHash, version 0.1.1, section "XXH32 Algorithm Description"); values equal those of
 * {@code xxhsum -H0}.
 *
 * <p>One-shot hashing through the static methods, with seed 0 or with a seed; streaming through
 * an instance from {@link #create()} or {@link #create(int)}: {@link #update} in pieces of any
 * size, then {@link #digest()} (or {@link #digestBytes()}, through the common {@link
 * StreamingHash}). The hash is an unsigned 32-bit value carried in an {@code int}; {@link
 * #toHex(int)} prints it as {@code xxhsum} does.
 *
 * <p>Thread-safety: the static methods are thread-safe and allocate nothing. An instance is
 * <b>not</b> thread-safe (confine it to one thread, or synchronize); it allocates its 16-byte
 * buffer and its accumulators once, at creation, and nothing per {@code update} or {@code digest}.
 * With the native backend, updates of at least 1 KB run in {@code libxxhash} ({@code
 * XXH32_update}); the result is the same.
 *
 * <pre>{@code
 * int h = XxHash32.hash(data);                   // one shot, seed 0
 * XxHash32 s = XxHash32.create(seed);            // streaming
 * s.update(part1, 0, part1.length);
 * s.update(part2, 0, part2.length);
 * String hex = XxHash32.toHex(s.digest());       // as xxhsum -H0 prints it
 * }</pre>
 */
public final class XxHash32 extends StripeHasher {

  // Constants of the section "XXH32 Algorithm Description" (32-bit primes).
  static final int PRIME32_1 = 0x9E3779B1;
  static final int PRIME32_2 = 0x85EBCA77;
  static final int PRIME32_3 = 0xC2B2AE3D;
  static final int PRIME32_4 = 0x27D4EB2F;
  static final int PRIME32_5 = 0x165667B1;

  /** A stripe: 4 lanes of 4 bytes, one lane per accumulator (Step 2). */
  static final int STRIPE_LEN = 16;

  /**
   * {@return XXH32 of {@code b[off, off+len)} with seed 0}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static int hash(byte[] b, int off, int len) {
    return hash(b, off, len, 0);
  }

  /**
   * {@return XXH32 of all of {@code b} with seed 0}
   *
   * @param b the data to hash
   */
  public static int hash(byte[] b) {
    return hash(b, 0);
  }

  /**
   * {@return XXH32 of the remaining bytes of {@code buf} with seed 0; its position is not changed}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   */
  public static int hash(ByteBuffer buf) {
    return hash(buf, 0);
  }

  /**
   * {@return XXH32 of {@code b[off, off+len)} with {@code seed}}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @param seed the seed
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static int hash(byte[] b, int off, int len, int seed) {
    Objects.checkFromIndexSize(off, len, b.length);
    return compute(b, off, len, seed);
  }

  /**
   * {@return XXH32 of all of {@code b} with {@code seed}}
   *
   * @param b the data to hash
   * @param seed the seed
   */
  public static int hash(byte[] b, int seed) {
    return compute(b, 0, b.length, seed);
  }

  /**
   * {@return XXH32 of the remaining bytes of {@code buf} with {@code seed}; its position is not
   * changed}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   * @param seed the seed
   */
  public static int hash(ByteBuffer buf, int seed) {
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      return compute(buf.array(), buf.arrayOffset() + pos, len, seed);
    }
    return compute(buf, pos, len, seed);
  }

  /**
   * {@return the canonical form of {@code hash} as {@code xxhsum -H0} prints it: 8 lower-case hex
   * digits, most significant first}
   *
   * @param hash the hash
   */
  public static String toHex(int hash) {
    return HexFormatting.hex(hash & 0xFFFF_FFFFL, 8);
  }

  /** {@return a new streaming hasher with seed 0} */
  public static XxHash32 create() {
    return create(0);
  }

  /**
   * {@return a new streaming hasher with {@code seed}}
   *
   * @param seed the seed
   */
  public static XxHash32 create(int seed) {
    return new XxHash32(seed);
  }

  /**
   * The one algorithm, for a {@code byte[]} or a {@code ByteBuffer} base; {@code [off, off+len)}
   * has been checked by the caller (a buffer's own bounds still apply to each read).
   */
  static int compute(Object base, int off, int len, int seed) {
    if (len >= XxHash64.NATIVE_MIN_LEN && NativeBackend.hashable(base, len) && NativeBackend.xxh32Native()) {
      return NativeBackend.xxh32(base, off, len, seed); // the native backend (Lz4.backend())
    }
    int end = off + len;
    int acc;
    if (len >= STRIPE_LEN) {
      // Step 1: initialize the four accumulators from the seed
      int acc1 = seed + PRIME32_1 + PRIME32_2;
      int acc2 = seed + PRIME32_2;
      int acc3 = seed;
      int acc4 = seed - PRIME32_1;
      // Step 2: process every full stripe
      int limit = end - STRIPE_LEN;
      do {
        acc1 = round(acc1, Mem.getIntLE(base, off));
        acc2 = round(acc2, Mem.getIntLE(base, off + 4));
        acc3 = round(acc3, Mem.getIntLE(base, off + 8));
        acc4 = round(acc4, Mem.getIntLE(base, off + 12));
        off += STRIPE_LEN;
      } while (off <= limit);
      // Step 3: accumulator convergence
      acc = converge(acc1, acc2, acc3, acc4);
    } else {
      // Step 1, special case: fewer than 16 bytes, a single accumulator
      acc = seed + PRIME32_5;
    }
    // Step 4: add the input length (its low 32 bits)
    acc += len;
    // Steps 5 and 6
    return finish(acc, base, off, end - off);
  }

  /** Step 2: one round, one lane into one accumulator. */
  static int round(int acc, int lane) {
    acc += lane * PRIME32_2;
    acc = Integer.rotateLeft(acc, 13);
    return acc * PRIME32_1;
  }

  /** Step 3: merges the four accumulators into one. */
  static int converge(int acc1, int acc2, int acc3, int acc4) {
    return Integer.rotateLeft(acc1, 1)
        + Integer.rotateLeft(acc2, 7)
        + Integer.rotateLeft(acc3, 12)
        + Integer.rotateLeft(acc4, 18);
  }

  /** Step 5 (the last {@code rem < 16} bytes) and Step 6 (avalanche). */
  static int finish(int acc, Object base, int off, int rem) {
    assert rem >= 0 && rem < STRIPE_LEN;
    // Step 5: consume remaining input, 4 bytes at a time, then byte by byte
    while (rem >= 4) {
      acc += Mem.getIntLE(base, off) * PRIME32_3;
      acc = Integer.rotateLeft(acc, 17) * PRIME32_4;
      off += 4;
      rem -= 4;
    }
    while (rem > 0) {
      acc += Mem.getU8(base, off) * PRIME32_5;
      acc = Integer.rotateLeft(acc, 11) * PRIME32_1;
      off++;
      rem--;
    }
    // Step 6: final mix (avalanche)
    acc ^= acc >>> 15;
    acc *= PRIME32_2;
    acc ^= acc >>> 13;
    acc *= PRIME32_3;
    acc ^= acc >>> 16;
    // Step 7: the unsigned 32-bit result
    return acc;
  }

  // ---------------------------------------------------------------- streaming state

  private final int seed;
  /** The four accumulators of Step 2 (an array, so that the native backend can update them in place). */
  private final int[] acc = new int[4];

  private XxHash32(int seed) {
    super(STRIPE_LEN);
    this.seed = seed;
    reset();
  }

  /** Step 2 over {@code n} full stripes at {@code off}. */
  @Override
  void stripes(Object base, int off, int n) {
    int len = n * STRIPE_LEN; // at most the int length of an update: no overflow
    if (len >= XxHash64.NATIVE_STREAM_MIN && NativeBackend.readable(base) && NativeBackend.xxh32Stripes(base, off, len, acc)) {
      return; // done by the native backend (Lz4.backend())
    }
    int a1 = acc[0];
    int a2 = acc[1];
    int a3 = acc[2];
    int a4 = acc[3];
    for (int i = 0; i < n; i++, off += STRIPE_LEN) {
      a1 = round(a1, Mem.getIntLE(base, off));
      a2 = round(a2, Mem.getIntLE(base, off + 4));
      a3 = round(a3, Mem.getIntLE(base, off + 8));
      a4 = round(a4, Mem.getIntLE(base, off + 12));
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
  public int digest() {
    int acc;
    if (total >= STRIPE_LEN) {
      acc = converge(this.acc[0], this.acc[1], this.acc[2], this.acc[3]); // Step 3
    } else {
      acc = seed + PRIME32_5; // Step 1, special case
    }
    acc += (int) total; // Step 4: the low 32 bits of the length
    return finish(acc, buf, 0, bufLen);
  }

  /** @return {@link #digest()} in its canonical form: 4 bytes, most significant first */
  @Override
  public byte[] digestBytes() {
    return HexFormatting.bigEndian(digest(), 4);
  }

  /** Forgets all data, keeping the seed. */
  @Override
  public void reset() {
    // Step 1
    acc[0] = seed + PRIME32_1 + PRIME32_2;
    acc[1] = seed + PRIME32_2;
    acc[2] = seed;
    acc[3] = seed - PRIME32_1;
    bufLen = 0;
    total = 0;
  }
}
