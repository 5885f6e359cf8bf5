package dev.celer.hadoop;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import java.io.IOException;
import java.io.InputStream;

/**
 * Decodes the block format of Hadoop's own {@code org.apache.hadoop.io.compress.Lz4Codec}
 * ({@code BlockCompressorStream}), which is not the LZ4 frame format and which {@code lz4 -d}
 * cannot read:
 *
 * <pre>
 * ( u32 BE uncompressed length U,  ( u32 BE compressed length C,  C bytes: one LZ4 block )+ )*
 * </pre>
 *
 * The chunks after a length word decode, one after the other, to exactly {@code U} bytes. As in
 * Hadoop's {@code BlockDecompressorStream}, the stream ends cleanly at the end of input before a
 * length word, and at a length word of 0 (what Hadoop writes for empty input). Lengths are checked
 * before anything is allocated: {@code U} at most {@link #MAX_BLOCK} (Hadoop's default buffer is
 * 256 KiB), {@code C} at most LZ4's bound for what is left of {@code U}. Reads of the underlying
 * stream that return 0 bytes are retried a bounded number of times ({@link StreamLatch#readUpTo}).
 * Failures are latched by the stream that owns this one ({@link Lz4DecodingInputStream}).
 */
final class HadoopBlockInputStream extends InputStream {
  /** The largest uncompressed length accepted; Hadoop writes at most its buffer size (256 KiB by default). */
  static final int MAX_BLOCK = 64 << 20;

  private static final Lz4Decompressor DECODER = Lz4.decompressor();

  private final InputStream in;
  private long offset;
  private byte[] out = new byte[0];
  private byte[] chunk = new byte[0];
  /** A length word as read. */
  private final byte[] head = new byte[4];
  private final int[] word = new int[1];
  private int outPos;
  private int outEnd;
  private boolean eof;

  /** @param in the stream at the first length word, which is at {@code offset} (for messages) */
  HadoopBlockInputStream(InputStream in, long offset) {
    this.in = in;
    this.offset = offset;
  }

  /** The buffer of {@link #read()}, so a one-byte read allocates nothing. */
  private final byte[] one = new byte[1];

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    while (outPos == outEnd) {
      if (eof || !nextBlock()) {
        eof = true;
        return -1;
      }
    }
    int n = Math.min(len, outEnd - outPos);
    System.arraycopy(out, outPos, b, off, n);
    outPos += n;
    return n;
  }

  /** Reads and decodes one uncompressed-length block; false at the clean end. */
  private boolean nextBlock() throws IOException {
    long at = offset;
    if (!readInt(word, true)) {
      return false;
    }
    int raw = word[0];
    if (raw == 0) {
      return false; // Hadoop ends the stream here
    }
    if (raw < 0 || raw > MAX_BLOCK) {
      throw new Lz4StreamException(Kind.LIMIT, at, "Hadoop Lz4Codec block at offset " + at
          + " announces " + Integer.toUnsignedString(raw) + " uncompressed bytes; at most " + MAX_BLOCK + " are accepted");
    }
    if (out.length < raw) {
      out = new byte[raw];
    }
    int produced = 0;
    while (produced < raw) {
      long chunkAt = offset;
      readInt(word, false);
      int c = word[0];
      if (c <= 0 || c > Lz4.maxCompressedLength(raw - produced)) {
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, chunkAt, "Hadoop Lz4Codec chunk at offset " + chunkAt
            + " has compressed length " + Integer.toUnsignedString(c) + " for " + (raw - produced) + " bytes left");
      }
      if (chunk.length < c) {
        chunk = new byte[c];
      }
      readFully(chunk, c);
      try {
        produced += DECODER.decompress(chunk, 0, c, out, produced, raw - produced);
      } catch (Lz4Exception e) {
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, chunkAt,
            "Hadoop Lz4Codec chunk at offset " + chunkAt + " is malformed: " + e.getMessage(), e);
      }
    }
    outPos = 0;
    outEnd = raw;
    return true;
  }

  private boolean readInt(int[] word, boolean endAllowed) throws IOException {
    int n = StreamLatch.readUpTo(in, head, 0, 4, offset);
    if (n < 4) {
      if (n == 0 && endAllowed) {
        return false;
      }
      offset += n;
      throw truncated();
    }
    offset += 4;
    word[0] = (head[0] & 0xFF) << 24 | (head[1] & 0xFF) << 16 | (head[2] & 0xFF) << 8 | (head[3] & 0xFF);
    return true;
  }

  private void readFully(byte[] b, int len) throws IOException {
    int n = StreamLatch.readUpTo(in, b, 0, len, offset);
    offset += n;
    if (n < len) {
      throw truncated();
    }
  }

  private Lz4StreamException truncated() {
    return new Lz4StreamException(Kind.TRUNCATED, offset, "Hadoop Lz4Codec data ends inside a block at offset " + offset);
  }

  @Override
  public void close() {
    // the codec's stream owns the underlying stream
  }
}
