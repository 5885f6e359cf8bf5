package dev.celer.xxhash;

import java.nio.ByteBuffer;

/**
 * Test-side view of one xxHash variant, so that one contract test ({@link AbstractXxHashTest})
 * runs over XXH32, XXH64, XXH3-64 and XXH3-128 alike. Every result is the canonical hex text
 * that {@code xxhsum} prints, which makes 32-, 64- and 128-bit values comparable as strings.
 */
interface HashKind {

  /** @return the {@code xxhsum} option that selects this variant, e.g. {@code -H0} */
  String xxhsumOption();

  String oneShot(byte[] b, int off, int len, long seed);

  String oneShot(ByteBuffer buf, long seed);

  Streaming create(long seed);

  /** A streaming hasher of this variant. */
  interface Streaming {
    void update(byte[] b, int off, int len);

    void update(ByteBuffer buf);

    void update(int b);

    String digest();

    void reset();
  }
}
