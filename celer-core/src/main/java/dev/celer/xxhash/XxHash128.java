package dev.celer.xxhash;

import dev.celer.internal.NativeBackend;
import dev.celer.internal.StatePool;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * XXH3-128 (called XXH128 by {@code xxhsum}), as defined by the xxHash specification ({@code
 * doc/xxhash_spec.md} of Cyan4973/xxHash, version 0.1.1, sections "XXH3 Algorithm Overview"
 * onwards); values equal those of {@code xxhsum -H2} and of the C library's {@code
 * XXH3_128bits}, {@code XXH3_128bits_withSeed} and {@code XXH3_128bits_withSecret}. The 64-bit
 * variant is {@link XxHash3}; for inputs of 1–3 bytes and of more than 240 bytes its value is
 * the {@code low64} of this one, for other lengths an unrelated value.
 *
 * <p>One-shot hashing through the static methods, with the default secret and seed 0, with a
 * seed, or with a custom secret (at least {@link #SECRET_SIZE_MIN} bytes; the specification does
 * not combine a seed with a custom secret). Streaming through an instance from {@link #create()},
 * {@link #create(long)} or {@link #createWithSecret(byte[])}: {@link #update} in pieces of any
 * size, then {@link #digest()} (or {@link #digestBytes()}, through the common {@link
 * StreamingHash}). The hash is a {@link Hash128}; {@link #toHex(Hash128)} (or {@link
 * Hash128#toHex()}) prints it as {@code xxhsum} does.
 *
 * <p>Speed: when the JVM runs with {@code --add-modules jdk.incubator.vector} and the CPU has
 * 256-bit vectors, inputs of more than 240 bytes in a {@code byte[]} (or a heap buffer) go
 * through a Vector API kernel, decided once per JVM; {@code -Ddev.celer.vector=false} turns it
 * off. The value is the same on both paths.
 *
 * <p>Thread-safety: the static methods are thread-safe. Each allocates its {@link Hash128}
 * result; a seeded hash of more than 240 bytes also derives a 192-byte secret from the seed
 * (cached for the most recent seed). A custom secret passed to a static method is read, not
 * copied: do not change it during the call. An instance is <b>not</b> thread-safe (confine it to
 * one thread, or synchronize); it allocates about 400 bytes of state (and a copy of a custom
 * secret) once, at creation, nothing per {@code update}, and the result per {@code digest}.
 *
 * <pre>{@code
 * Hash128 h = XxHash128.hash(data);              // one shot, seed 0
 * XxHash128 s = XxHash128.create(seed);          // streaming
 * s.update(part1, 0, part1.length);
 * s.update(part2, 0, part2.length);
 * Hash128 same = s.digest();                     // equals XxHash128.hash(part1 + part2, seed)
 * }</pre>
 */
public final class XxHash128 extends StreamingHash {

  /** The smallest custom secret allowed, in bytes (the specification's XXH3_SECRET_SIZE_MIN). */
  public static final int SECRET_SIZE_MIN = Xxh3.SECRET_SIZE_MIN;

  /**
   * {@return XXH3-128 of {@code b[off, off+len)} with seed 0 and the default secret}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   */
  public static Hash128 hash(byte[] b, int off, int len) {
    return hash(b, off, len, 0L);
  }

  /**
   * {@return XXH3-128 of {@code b[off, off+len)} with {@code seed}}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @param seed the seed
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static Hash128 hash(byte[] b, int off, int len, long seed) {
    Objects.checkFromIndexSize(off, len, b.length);
    return compute(b, off, len, seed);
  }

  /**
   * {@return XXH3-128 of all of {@code b} with seed 0}
   *
   * @param b the data to hash
   */
  public static Hash128 hash(byte[] b) {
    return compute(b, 0, b.length, 0L);
  }

  /**
   * {@return XXH3-128 of all of {@code b} with {@code seed}}
   *
   * @param b the data to hash
   * @param seed the seed
   */
  public static Hash128 hash(byte[] b, long seed) {
    return compute(b, 0, b.length, seed);
  }

  /**
   * {@return XXH3-128 of the remaining bytes of {@code buf} with seed 0; the position is kept}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   */
  public static Hash128 hash(ByteBuffer buf) {
    return hash(buf, 0L);
  }

  /**
   * {@return XXH3-128 of the remaining bytes of {@code buf} with {@code seed}; the position is kept}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   * @param seed the seed
   */
  public static Hash128 hash(ByteBuffer buf, long seed) {
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      return compute(buf.array(), buf.arrayOffset() + pos, len, seed);
    }
    return compute(buf, pos, len, seed);
  }

  /**
   * {@return XXH3-128 of {@code b[off, off+len)} with a custom {@code secret}}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static Hash128 hashWithSecret(byte[] b, int off, int len, byte[] secret) {
    Xxh3.checkSecret(secret);
    Objects.checkFromIndexSize(off, len, b.length);
    return computeWithSecret(b, off, len, secret);
  }

  /**
   * {@return XXH3-128 of the remaining bytes of {@code buf} with a custom {@code secret}; the
   * position is kept}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   */
  public static Hash128 hashWithSecret(ByteBuffer buf, byte[] secret) {
    Xxh3.checkSecret(secret);
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      return computeWithSecret(buf.array(), buf.arrayOffset() + pos, len, secret);
    }
    return computeWithSecret(buf, pos, len, secret);
  }

  /**
   * {@return the canonical form of {@code hash} as {@code xxhsum -H2} prints it: 32 lower-case hex
   * digits, {@code high64} then {@code low64}, most significant first}
   *
   * @param hash the hash
   */
  public static String toHex(Hash128 hash) {
    return hash.toHex();
  }

  private static Hash128 compute(Object in, int off, int len, long seed) {
    if (len <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash128Short(in, off, len, Xxh3.DEFAULT_SECRET, seed);
    }
    if (NativeBackend.xxhash() && NativeBackend.hashable(in, len)) { // the native backend (Lz4.backend())
      Hash128 h = NATIVE_ACCUMULATE ? nativeLarge(in, off, len, seed, null) : null;
      if (h != null) {
        return h;
      }
      if (NativeBackend.xxh128Native()) {
        return NativeBackend.xxh128(in, off, len, seed);
      }
    }
    long[] high = new long[1];
    long low = Xxh3.hashLarge(in, off, len, Xxh3.secretForSeed(seed), high);
    return new Hash128(low, high[0]);
  }

  /**
   * Accumulators for {@link #nativeLarge}, pooled: the native backend's one-shot XXH3-128 returns
   * its two halves in registers, which the JDK's linker collects in per-call objects; this path
   * allocates nothing but the result.
   */
  private static final StatePool<long[]> ACCUMULATORS = new StatePool<>(() -> new long[8]);

  /** Whether {@link #nativeLarge} gives Java's answers with this libxxhash: checked once, when the backend is native. */
  static final boolean NATIVE_ACCUMULATE = NativeBackend.xxh3StateNative() && nativeLargeAgrees();

  /**
   * XXH3-128 of an input over 240 bytes (with {@code seed}, or {@code customSecret} when it is not
   * null) with the bulk of the work in libxxhash: its streaming
   * state accumulates every stripe up to a tail of 1..256 bytes ({@link
   * NativeBackend#xxh3Accumulate}), and the rest is the large-input algorithm's end, here: the
   * tail's stripes that have input after them, the last stripe, and the two merges.
   *
   * @return the hash, or {@code null} when the library's state was not as expected
   */
  private static Hash128 nativeLarge(Object in, int off, int len, long seed, byte[] customSecret) {
    long[] acc = ACCUMULATORS.acquire();
    try {
      int r = customSecret == null
          ? NativeBackend.xxh3Accumulate(in, off, len, seed, acc)
          : NativeBackend.xxh3AccumulateWithSecret(in, off, len, customSecret, acc);
      if (r < 0) {
        return null;
      }
      int buffered = r & 0xFFFF;
      byte[] secret = customSecret == null ? Xxh3.secretForSeed(seed) : customSecret;
      Xxh3.accumulateStripes(acc, r >>> 16, in, off + len - buffered, (buffered - 1) / Xxh3.STRIPE_LEN, secret);
      Xxh3.accumulateLastStripe(acc, in, off + len - Xxh3.STRIPE_LEN, secret);
      return new Hash128(Xxh3.mergeLow(len, acc, secret), Xxh3.mergeHigh(len, acc, secret));
    } finally {
      ACCUMULATORS.release(acc);
    }
  }

  /** {@link #nativeLarge} against the pure-Java algorithm on lengths around the buffer and block edges, three seeds. */
  private static boolean nativeLargeAgrees() {
    byte[] data = new byte[70_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 131 + (i >>> 7));
    }
    for (int len : new int[] {241, 255, 256, 257, 300, 1024, 1025, 1087, 5000, 70_000}) {
      for (long seed : new long[] {0, 1, 0x9E3779B97F4A7C15L}) {
        long[] high = new long[1];
        long low = Xxh3.hashLarge(data, 0, len, Xxh3.secretForSeed(seed), high);
        if (!new Hash128(low, high[0]).equals(nativeLarge(data, 0, len, seed, null))) {
          return false;
        }
        // a custom secret of another length than the default's (the block length depends on it)
        byte[] secret = java.util.Arrays.copyOf(Xxh3.secretForSeed(seed), 136 + (int) (seed & 63));
        low = Xxh3.hashLarge(data, 0, len, secret, high);
        if (!new Hash128(low, high[0]).equals(nativeLarge(data, 0, len, 0, secret))) {
          return false;
        }
      }
    }
    return true;
  }

  private static Hash128 computeWithSecret(Object in, int off, int len, byte[] secret) {
    if (len <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash128Short(in, off, len, secret, 0);
    }
    if (NATIVE_ACCUMULATE && NativeBackend.hashable(in, len)) { // the native backend (Lz4.backend())
      Hash128 h = nativeLarge(in, off, len, 0, secret);
      if (h != null) {
        return h;
      }
    }
    long[] high = new long[1];
    long low = Xxh3.hashLarge(in, off, len, secret, high);
    return new Hash128(low, high[0]);
  }

  /** {@return a new streaming hasher with seed 0 and the default secret} */
  public static XxHash128 create() {
    return create(0);
  }

  /**
   * {@return a new streaming hasher with {@code seed}}
   *
   * @param seed the seed
   */
  public static XxHash128 create(long seed) {
    return new XxHash128(new Xxh3State(seed, Xxh3.DEFAULT_SECRET, Xxh3.secretForSeed(seed)));
  }

  /**
   * {@return a new streaming hasher with a custom {@code secret}, which is copied}
   *
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   */
  public static XxHash128 createWithSecret(byte[] secret) {
    byte[] copy = Xxh3.checkSecret(secret).clone();
    return new XxHash128(new Xxh3State(0, copy, copy));
  }

  private final Xxh3State state;

  private XxHash128(Xxh3State state) {
    this.state = state;
  }

  /**
   * Adds {@code b[off, off+len)} to the hashed data.
   *
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  @Override
  public void update(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    state.update(b, off, len);
  }

  /** Adds the remaining bytes of {@code buf}, advancing its position to its limit. */
  @Override
  public void update(ByteBuffer buf) {
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      state.update(buf.array(), buf.arrayOffset() + pos, len);
    } else {
      state.update(buf, pos, len);
    }
    buf.position(pos + len);
  }

  /** Adds the single byte {@code b} (its low 8 bits) to the hashed data. */
  @Override
  public void update(int b) {
    state.update(b);
  }

  /**
   * {@return the hash of everything added since creation or the last {@link #reset()}; does not
   * change the state, so more data may be added afterwards}
   */
  public Hash128 digest() {
    return state.digest128();
  }

  /** @return {@link #digest()} in its canonical form: {@link Hash128#toBytes()} */
  @Override
  public byte[] digestBytes() {
    return digest().toBytes();
  }

  /** Forgets all data, keeping the seed or secret. */
  @Override
  public void reset() {
    state.reset();
  }
}
