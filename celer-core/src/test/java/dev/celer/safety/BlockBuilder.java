package dev.celer.safety;

import java.io.ByteArrayOutputStream;

/**
 * Writes LZ4 blocks by hand, sequence by sequence, so hostile-input tests can say exactly which
 * rule a block breaks (token, length bytes, literals, offset; {@code doc/lz4_Block_format.md}).
 * Nothing is checked: offsets 0, offsets before the output, any lengths are allowed on purpose.
 * Not thread-safe.
 */
final class BlockBuilder {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  /** A sequence: {@code literals}, then a match of {@code matchLen} (≥ 4) bytes at {@code offset}. */
  BlockBuilder seq(byte[] literals, int offset, int matchLen) {
    int ml = matchLen - 4;
    out.write((Math.min(literals.length, 15) << 4) | Math.min(ml, 15));
    lengthBytes(literals.length);
    out.write(literals, 0, literals.length);
    out.write(offset & 0xFF);
    out.write((offset >>> 8) & 0xFF);
    lengthBytes(ml);
    return this;
  }

  /** The last sequence: literals only. */
  BlockBuilder last(byte[] literals) {
    out.write(Math.min(literals.length, 15) << 4);
    lengthBytes(literals.length);
    out.write(literals, 0, literals.length);
    return this;
  }

  /** Raw bytes, each given as an int 0..255. */
  BlockBuilder raw(int... bytes) {
    for (int b : bytes) {
      out.write(b);
    }
    return this;
  }

  /** {@code count} copies of the byte {@code value}. */
  BlockBuilder repeat(int value, int count) {
    for (int i = 0; i < count; i++) {
      out.write(value);
    }
    return this;
  }

  byte[] build() {
    return out.toByteArray();
  }

  private void lengthBytes(int len) {
    if (len < 15) {
      return;
    }
    int rest = len - 15;
    while (rest >= 255) {
      out.write(255);
      rest -= 255;
    }
    out.write(rest);
  }

  /** {@code n} bytes that do not repeat any 4-byte group (so they are literals for any compressor). */
  static byte[] distinct(int n, int salt) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 7 + salt * 13 + (i >>> 8) * 31);
    }
    return b;
  }
}
