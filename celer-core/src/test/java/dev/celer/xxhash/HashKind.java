package dev.celer.xxhash;

import dev.celer.testsupport.Hex;
import java.nio.ByteBuffer;

/**
 * The one test-side adapter over the four xxHash variants, so that one contract test ({@link
 * AbstractXxHashTest}) runs over XXH32, XXH64, XXH3-64 and XXH3-128 alike. Every one-shot result is
 * the canonical hex text that {@code xxhsum} prints, which makes 32-, 64- and 128-bit values
 * comparable as strings; streaming goes through the library's own {@link StreamingHash}, whose
 * {@code digestBytes()} is turned into the same text by {@link #hex(StreamingHash)}.
 *
 * <p>Each constant calls every public one-shot overload of its class, so the overloads are
 * checked against each other and against the reference vectors.
 */
enum HashKind {
  XXH32("-H0") {
    @Override
    String hash(byte[] b, int off, int len, long seed) {
      return XxHash32.toHex(XxHash32.hash(b, off, len, (int) seed));
    }

    @Override
    String hash(byte[] b, int off, int len) {
      return XxHash32.toHex(XxHash32.hash(b, off, len));
    }

    @Override
    String hash(byte[] b, long seed) {
      return XxHash32.toHex(XxHash32.hash(b, (int) seed));
    }

    @Override
    String hash(byte[] b) {
      return XxHash32.toHex(XxHash32.hash(b));
    }

    @Override
    String hash(ByteBuffer buf, long seed) {
      return XxHash32.toHex(XxHash32.hash(buf, (int) seed));
    }

    @Override
    String hash(ByteBuffer buf) {
      return XxHash32.toHex(XxHash32.hash(buf));
    }

    @Override
    StreamingHash create(long seed) {
      return XxHash32.create((int) seed);
    }

    @Override
    StreamingHash create() {
      return XxHash32.create();
    }

    @Override
    String digest(StreamingHash s) {
      return XxHash32.toHex(((XxHash32) s).digest());
    }
  },

  XXH64("-H1") {
    @Override
    String hash(byte[] b, int off, int len, long seed) {
      return XxHash64.toHex(XxHash64.hash(b, off, len, seed));
    }

    @Override
    String hash(byte[] b, int off, int len) {
      return XxHash64.toHex(XxHash64.hash(b, off, len));
    }

    @Override
    String hash(byte[] b, long seed) {
      return XxHash64.toHex(XxHash64.hash(b, seed));
    }

    @Override
    String hash(byte[] b) {
      return XxHash64.toHex(XxHash64.hash(b));
    }

    @Override
    String hash(ByteBuffer buf, long seed) {
      return XxHash64.toHex(XxHash64.hash(buf, seed));
    }

    @Override
    String hash(ByteBuffer buf) {
      return XxHash64.toHex(XxHash64.hash(buf));
    }

    @Override
    StreamingHash create(long seed) {
      return XxHash64.create(seed);
    }

    @Override
    StreamingHash create() {
      return XxHash64.create();
    }

    @Override
    String digest(StreamingHash s) {
      return XxHash64.toHex(((XxHash64) s).digest());
    }
  },

  XXH3("-H3") {
    @Override
    String hash(byte[] b, int off, int len, long seed) {
      return XxHash3.toHex(XxHash3.hash(b, off, len, seed));
    }

    @Override
    String hash(byte[] b, int off, int len) {
      return XxHash3.toHex(XxHash3.hash(b, off, len));
    }

    @Override
    String hash(byte[] b, long seed) {
      return XxHash3.toHex(XxHash3.hash(b, seed));
    }

    @Override
    String hash(byte[] b) {
      return XxHash3.toHex(XxHash3.hash(b));
    }

    @Override
    String hash(ByteBuffer buf, long seed) {
      return XxHash3.toHex(XxHash3.hash(buf, seed));
    }

    @Override
    String hash(ByteBuffer buf) {
      return XxHash3.toHex(XxHash3.hash(buf));
    }

    @Override
    StreamingHash create(long seed) {
      return XxHash3.create(seed);
    }

    @Override
    StreamingHash create() {
      return XxHash3.create();
    }

    @Override
    String digest(StreamingHash s) {
      return XxHash3.toHex(((XxHash3) s).digest());
    }
  },

  XXH128("-H2") {
    @Override
    String hash(byte[] b, int off, int len, long seed) {
      return XxHash128.hash(b, off, len, seed).toHex();
    }

    @Override
    String hash(byte[] b, int off, int len) {
      return XxHash128.hash(b, off, len).toHex();
    }

    @Override
    String hash(byte[] b, long seed) {
      return XxHash128.hash(b, seed).toHex();
    }

    @Override
    String hash(byte[] b) {
      return XxHash128.hash(b).toHex();
    }

    @Override
    String hash(ByteBuffer buf, long seed) {
      return XxHash128.toHex(XxHash128.hash(buf, seed));
    }

    @Override
    String hash(ByteBuffer buf) {
      return XxHash128.hash(buf).toHex();
    }

    @Override
    StreamingHash create(long seed) {
      return XxHash128.create(seed);
    }

    @Override
    StreamingHash create() {
      return XxHash128.create();
    }

    @Override
    String digest(StreamingHash s) {
      return ((XxHash128) s).digest().toHex();
    }
  };

  private final String xxhsumOption;

  HashKind(String xxhsumOption) {
    this.xxhsumOption = xxhsumOption;
  }

  /** @return the {@code xxhsum} option that selects this variant, e.g. {@code -H0} */
  String xxhsumOption() {
    return xxhsumOption;
  }

  abstract String hash(byte[] b, int off, int len, long seed);

  /** The seedless range overload. */
  abstract String hash(byte[] b, int off, int len);

  /** The whole-array overload with a seed. */
  abstract String hash(byte[] b, long seed);

  /** The seedless whole-array overload. */
  abstract String hash(byte[] b);

  abstract String hash(ByteBuffer buf, long seed);

  /** The seedless buffer overload. */
  abstract String hash(ByteBuffer buf);

  abstract StreamingHash create(long seed);

  /** The seedless factory. */
  abstract StreamingHash create();

  /** @return the class's own {@code digest()} of {@code s}, as hex */
  abstract String digest(StreamingHash s);

  /** @return {@code s.digestBytes()} as lower-case hex, the text {@code xxhsum} prints */
  static String hex(StreamingHash s) {
    return Hex.format(s.digestBytes());
  }
}
