package dev.celer.xxhash;

import dev.celer.internal.NativeBackend;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * XXH3-64, as defined by the xxHash specification ({@code doc/xxhash_spec.md} of Cyan4973/xxHash,
 * version 0.1.1, sections "XXH3 Algorithm Overview" onwards); values equal those of {@code xxhsum
 * -H3} and of the C library's {@code XXH3_64bits}, {@code XXH3_64bits_withSeed} and {@code
 * XXH3_64bits_withSecret}. The 128-bit variant is {@link XxHash128}.
 *
 * <p>One-shot hashing through the static methods, with the default secret and seed 0, with a
 * seed, or with a custom secret (at least {@link #SECRET_SIZE_MIN} bytes; the specification does
 * not combine a seed with a custom secret). Streaming through an instance from {@link #create()},
 * {@link #create(long)} or {@link #createWithSecret(byte[])}: {@link #update} in pieces of any
 * size, then {@link #digest()} (or {@link #digestBytes()}, through the common {@link
 * StreamingHash}). The hash is an unsigned 64-bit value carried in a {@code long};
 * {@link #toHex(long)} prints it as {@code xxhsum} does.
 *
 * <p>Speed: when the JVM runs with {@code --add-modules jdk.incubator.vector} and the CPU has
 * 256-bit vectors, inputs of more than 240 bytes in a {@code byte[]} (or a heap buffer) go
 * through a Vector API kernel, decided once per JVM; {@code -Ddev.celer.vector=false} turns it
 * off. The value is the same on both paths.
 *
 * <p>Thread-safety: the static methods are thread-safe. They allocate nothing, except that a
 * seeded hash of more than 240 bytes derives a 192-byte secret from the seed (the specification's
 * {@code deriveSecret}), cached for the most recent seed. A custom secret passed to a static
 * method is read, not copied: do not change it during the call. An instance is <b>not</b>
 * thread-safe (confine it to one thread, or synchronize); it allocates about 400 bytes of state
 * (and a copy of a custom secret) once, at creation, and nothing per {@code update} or {@code
 * digest}.
 *
 * <pre>{@code
 * long h = XxHash3.hash(data);                   // one shot, seed 0
 * XxHash3 s = XxHash3.create();                  // streaming
 * s.update(part1, 0, part1.length);
 * s.update(part2, 0, part2.length);
 * String hex = XxHash3.toHex(s.digest());        // as xxhsum -H3 prints it
 * }</pre>
 */
public final class XxHash3 extends StreamingHash {

  /** The smallest custom secret allowed, in bytes (the specification's XXH3_SECRET_SIZE_MIN). */
  public static final int SECRET_SIZE_MIN = Xxh3.SECRET_SIZE_MIN;

  /**
   * {@return XXH3-64 of {@code b[off, off+len)} with seed 0 and the default secret}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   */
  public static long hash(byte[] b, int off, int len) {
    return hash(b, off, len, 0L);
  }

  /**
   * {@return XXH3-64 of {@code b[off, off+len)} with {@code seed}}
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
   * {@return XXH3-64 of all of {@code b} with seed 0}
   *
   * @param b the data to hash
   */
  public static long hash(byte[] b) {
    return compute(b, 0, b.length, 0L);
  }

  /**
   * {@return XXH3-64 of all of {@code b} with {@code seed}}
   *
   * @param b the data to hash
   * @param seed the seed
   */
  public static long hash(byte[] b, long seed) {
    return compute(b, 0, b.length, seed);
  }

  /**
   * {@return XXH3-64 of the remaining bytes of {@code buf} with seed 0; the position is kept}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   */
  public static long hash(ByteBuffer buf) {
    return hash(buf, 0L);
  }

  /**
   * {@return XXH3-64 of the remaining bytes of {@code buf} with {@code seed}; the position is kept}
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
   * {@return XXH3-64 of {@code b[off, off+len)} with a custom {@code secret}}
   *
   * @param b the data to hash
   * @param off where the data starts in {@code b}
   * @param len the data's length in bytes
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   * @throws IndexOutOfBoundsException if the range is not inside {@code b}
   */
  public static long hashWithSecret(byte[] b, int off, int len, byte[] secret) {
    Xxh3.checkSecret(secret);
    Objects.checkFromIndexSize(off, len, b.length);
    return computeWithSecret(b, off, len, secret);
  }

  /**
   * {@return XXH3-64 of the remaining bytes of {@code buf} with a custom {@code secret}; the
   * position is kept}
   *
   * @param buf the buffer whose remaining bytes are hashed (its position does not move)
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   */
  public static long hashWithSecret(ByteBuffer buf, byte[] secret) {
    Xxh3.checkSecret(secret);
    int pos = buf.position();
    int len = buf.remaining();
    if (buf.hasArray()) {
      return computeWithSecret(buf.array(), buf.arrayOffset() + pos, len, secret);
    }
    return computeWithSecret(buf, pos, len, secret);
  }

  /**
   * {@return the canonical form of {@code hash} as {@code xxhsum -H3} prints it: 16 lower-case hex
   * digits, most significant first}
   *
   * @param hash the hash
   */
  public static String toHex(long hash) {
    return HexFormatting.hex(hash, 16);
  }

  private static long compute(Object in, int off, int len, long seed) {
    if (NativeBackend.hashable(in, len) && NativeBackend.xxh3Native()) {
      return NativeBackend.xxh3(in, off, len, seed); // the native backend (Lz4.backend())
    }
    if (len <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash64Short(in, off, len, Xxh3.DEFAULT_SECRET, seed);
    }
    return Xxh3.hashLarge(in, off, len, Xxh3.secretForSeed(seed), null);
  }

  private static long computeWithSecret(Object in, int off, int len, byte[] secret) {
    if (NativeBackend.hashableWithSecret(in, len) && NativeBackend.xxh3SecretNative()) {
      return NativeBackend.xxh3WithSecret(in, off, len, secret); // the native backend (Lz4.backend())
    }
    if (len <= Xxh3.MIDSIZE_MAX) {
      return Xxh3.hash64Short(in, off, len, secret, 0);
    }
    return Xxh3.hashLarge(in, off, len, secret, null);
  }

  /** {@return a new streaming hasher with seed 0 and the default secret} */
  public static XxHash3 create() {
    return create(0);
  }

  /**
   * {@return a new streaming hasher with {@code seed}}
   *
   * @param seed the seed
   */
  public static XxHash3 create(long seed) {
    return new XxHash3(new Xxh3State(seed, Xxh3.DEFAULT_SECRET, Xxh3.secretForSeed(seed)));
  }

  /**
   * {@return a new streaming hasher with a custom {@code secret}, which is copied}
   *
   * @param secret the custom secret, at least 136 bytes
   * @throws IllegalArgumentException if {@code secret} has fewer than {@link #SECRET_SIZE_MIN}
   *     bytes
   */
  public static XxHash3 createWithSecret(byte[] secret) {
    byte[] copy = Xxh3.checkSecret(secret).clone();
    return new XxHash3(new Xxh3State(0, copy, copy));
  }

  private final Xxh3State state;

  private XxHash3(Xxh3State state) {
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
  public long digest() {
    return state.digest64();
  }

  /** @return {@link #digest()} in its canonical form: 8 bytes, most significant first */
  @Override
  public byte[] digestBytes() {
    return HexFormatting.bigEndian(digest(), 8);
  }

  /** Forgets all data, keeping the seed or secret. */
  @Override
  public void reset() {
    state.reset();
  }
}
