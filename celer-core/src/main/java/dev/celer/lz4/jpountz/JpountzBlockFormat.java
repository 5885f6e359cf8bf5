package dev.celer.lz4.jpountz;

import dev.celer.internal.Mem;
import dev.celer.xxhash.XxHash32;

/**
 * The layout of lz4-java's {@code LZ4Block} stream, as written by {@code
 * net.jpountz.lz4.LZ4BlockOutputStream} and read by {@code LZ4BlockInputStream} of lz4-java 1.8.0.
 * lz4-java documents the format only through that source; this class is our description of it.
 *
 * <p>A stream is a sequence of blocks; each block is a 21-byte header followed by its data:
 *
 * <pre>
 * offset  size  field
 * ------  ----  ------------------------------------------------------------------
 *      0     8  magic "LZ4Block" (ASCII)
 *      8     1  token: 0bMMMM_LLLL  method (high nibble) | level (low nibble)
 *                 method 0b0001 = RAW (data stored as is), 0b0010 = LZ4 (one LZ4 block)
 *                 level  = ceil(log2(blockSize)) - 10, at least 0: the writer's block size
 *      9     4  compressed length, little-endian
 *     13     4  decompressed length, little-endian (at most 1 &lt;&lt; (10 + level))
 *     17     4  checksum of the decompressed data, little-endian
 *     21     n  data: compressed length bytes
 * </pre>
 *
 * A block whose two lengths and checksum are all 0 marks the end of the stream. The default
 * checksum is XXH32 with seed {@code 0x9747b28c}, masked to its low 28 bits (lz4-java's {@code
 * StreamingXXHash32.asChecksum()} masks {@code getValue()} with {@code 0xFFFFFFF}).
 *
 * <p>This format is not compatible with the LZ4 Frame format.
 */
final class JpountzBlockFormat {
  private JpountzBlockFormat() {}

  /** The 8 bytes that open every block header: "LZ4Block". */
  static final byte[] MAGIC = {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'};

  /** Header size: magic (8) + token (1) + compressed length (4) + decompressed length (4) + checksum (4). */
  static final int HEADER_LENGTH = 21;

  /** Offsets of the header fields after the magic. */
  static final int TOKEN_OFFSET = 8;
  static final int COMPRESSED_LENGTH_OFFSET = 9;
  static final int DECOMPRESSED_LENGTH_OFFSET = 13;
  static final int CHECKSUM_OFFSET = 17;

  /** Token high nibble: the data is stored uncompressed (used when LZ4 does not shrink it). */
  static final int METHOD_RAW = 0b0001_0000;

  /** Token high nibble: the data is one LZ4 block ({@code doc/lz4_Block_format.md}). */
  static final int METHOD_LZ4 = 0b0010_0000;

  /** Token bits of the method and of the level. */
  static final int METHOD_MASK = 0b1111_0000;
  static final int LEVEL_MASK = 0b0000_1111;

  /** The token's level counts from 2^10 = 1 KB ({@code COMPRESSION_LEVEL_BASE} in lz4-java). */
  static final int LEVEL_BASE = 10;

  /** The smallest block size lz4-java's writer accepts. */
  static final int MIN_BLOCK_SIZE = 64;

  /** The largest block size: level 0b1111 means 2^(10+15) = 32 MB. */
  static final int MAX_BLOCK_SIZE = 1 << (LEVEL_BASE + LEVEL_MASK);

  /** The seed of the default checksum ({@code DEFAULT_SEED} in lz4-java). */
  static final int DEFAULT_SEED = 0x9747b28c;

  /** The default checksum keeps the low 28 bits of XXH32, as lz4-java's {@code asChecksum()} does. */
  static final int DEFAULT_CHECKSUM_MASK = 0x0FFF_FFFF;

  /** @return the default checksum of {@code b[off, off+len)}: masked XXH32 with {@link #DEFAULT_SEED} */
  static int defaultChecksum(byte[] b, int off, int len) {
    return XxHash32.hash(b, off, len, DEFAULT_SEED) & DEFAULT_CHECKSUM_MASK;
  }

  /** @return the token's level for a writer's block size: ceil(log2(blockSize)) - 10, at least 0 */
  static int levelOf(int blockSize) {
    int log2Ceil = 32 - Integer.numberOfLeadingZeros(blockSize - 1);
    return Math.max(0, log2Ceil - LEVEL_BASE);
  }

  /** Writes a block header (magic, token, lengths, checksum) at {@code hdr[0, 21)}. */
  static void writeHeader(byte[] hdr, int token, int compressedLength, int decompressedLength, int checksum) {
    System.arraycopy(MAGIC, 0, hdr, 0, MAGIC.length);
    hdr[TOKEN_OFFSET] = (byte) token;
    Mem.putIntLE(hdr, COMPRESSED_LENGTH_OFFSET, compressedLength);
    Mem.putIntLE(hdr, DECOMPRESSED_LENGTH_OFFSET, decompressedLength);
    Mem.putIntLE(hdr, CHECKSUM_OFFSET, checksum);
  }
}
