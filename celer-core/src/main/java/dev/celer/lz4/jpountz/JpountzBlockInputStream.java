package dev.celer.lz4.jpountz;

import static dev.celer.lz4.jpountz.JpountzBlockFormat.CHECKSUM_OFFSET;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.COMPRESSED_LENGTH_OFFSET;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.DECOMPRESSED_LENGTH_OFFSET;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.HEADER_LENGTH;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.LEVEL_BASE;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.LEVEL_MASK;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.MAGIC;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.MAX_BLOCK_SIZE;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.METHOD_LZ4;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.METHOD_MASK;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.METHOD_RAW;
import static dev.celer.lz4.jpountz.JpountzBlockFormat.TOKEN_OFFSET;

import dev.celer.internal.Mem;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.internal.stream.SourceReader;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.Checksum;

/**
 * Reads lz4-java's {@code LZ4Block} stream format, as written by {@code
 * net.jpountz.lz4.LZ4BlockOutputStream} of lz4-java 1.8.0 (and by {@link
 * JpountzBlockOutputStream}). It behaves like lz4-java's {@code LZ4BlockInputStream}, except that
 * it reports every malformed input as an {@link Lz4StreamException}.
 *
 * <p><b>This format is not compatible with the LZ4 Frame format</b>: this class cannot read
 * {@code .lz4} files made by the {@code lz4} tool; use the LZ4 frame input stream for those.
 *
 * <p><b>End of stream.</b> With {@code stopOnEmptyBlock = true} (the default, as in lz4-java) the
 * stream ends at the first empty block (the writer's end mark) and reads nothing after it;
 * input that ends before that block is reported as truncated. With {@code false} it reads on
 * after empty blocks, so concatenated streams read as one, and ends where the input ends at a
 * block boundary (then a stream cut exactly between two blocks cannot be told from a complete
 * one; input that ends inside a block is still reported as truncated).
 *
 * <p><b>Hostile input.</b> Every header is checked before anything is allocated or read: the
 * magic, the method, the decompressed length against the block size its token announces (at most
 * 32 MB, and at most the {@code maxBlockSize} given here), the compressed length against the
 * worst case of LZ4 for that length, an end block's checksum field. Each block's data is decoded
 * by the safe LZ4 decoder, must decode to exactly the announced length, and its checksum is
 * verified. Any failure throws {@link Lz4StreamException} (an {@link IOException}) naming the
 * problem and the stream offset of the block's header; an input that ends early throws it too,
 * never a silent short read. Memory use is bounded by two buffers of at most {@code maxBlockSize}
 * (plus LZ4's worst-case overhead), grown only as large blocks arrive.
 *
 * <p><b>Failures.</b> Any failure latches: a format error, or an {@link IOException} or unchecked
 * exception of the underlying stream (which passes through as it is), makes every later call
 * ({@code read}, {@code skip}, {@code available}) throw an {@link IOException} whose cause is the
 * first failure; a read never starts again in the middle of a block. {@code close()} still closes
 * the underlying stream, once, and returns normally. Reads of
 * the underlying stream that return 0 bytes are retried a bounded number of times (then the
 * input counts as truncated); an interrupt during them ends them with {@code
 * InterruptedIOException}.
 *
 * <p>Not thread-safe: use an instance from one thread at a time. {@code mark}/{@code reset} are not
 * supported.
 *
 * <pre>{@code
 * try (InputStream in = new JpountzBlockInputStream(Files.newInputStream(path))) {
 *   in.transferTo(out);  // what lz4-java's LZ4BlockOutputStream wrote
 * }
 * }</pre>
 */
public final class JpountzBlockInputStream extends FilterInputStream {

  private final Lz4Decompressor decompressor = Lz4.decompressor();
  private final Checksum checksum;
  private final boolean stopOnEmptyBlock;
  private final int maxBlockSize;
  private final byte[] header = new byte[HEADER_LENGTH];
  private byte[] buffer = new byte[0];
  private byte[] compressed = new byte[0];
  private int pos;
  private int limit;
  /** The underlying stream; its offset is the one error messages cite. */
  private final SourceReader src;
  private boolean finished;
  private final FailureLatch latch = new FailureLatch("JpountzBlockInputStream");

  /**
   * Reads one stream (up to its end block), with the default checksum, blocks up to 32 MB.
   *
   * @param in the stream to read
   */
  public JpountzBlockInputStream(InputStream in) {
    this(in, true);
  }

  /**
   * Reads with the default checksum, blocks up to 32 MB.
   *
   * @param in the stream to read
   * @param stopOnEmptyBlock {@code true} to end at the first end-of-stream block; {@code false} to
   *     read concatenated streams until the input ends (see the class documentation)
   */
  public JpountzBlockInputStream(InputStream in, boolean stopOnEmptyBlock) {
    this(in, null, stopOnEmptyBlock, MAX_BLOCK_SIZE);
  }

  /**
   * Reads with every setting.
   *
   * @param in the stream to read
   * @param checksum the checksum the writer used, or {@code null} for the default (XXH32 with seed
   *     {@code 0x9747b28c}, low 28 bits); the stream owns it from now on
   * @param stopOnEmptyBlock {@code true} to end at the first end-of-stream block; {@code false} to
   *     read concatenated streams until the input ends
   * @param maxBlockSize the largest decompressed block accepted, 1 to 32 MB (33,554,432, the
   *     format's limit and the default): a bound on memory for untrusted input
   * @throws IllegalArgumentException when {@code maxBlockSize} is out of range
   */
  public JpountzBlockInputStream(InputStream in, Checksum checksum, boolean stopOnEmptyBlock, int maxBlockSize) {
    super(Objects.requireNonNull(in, "in"));
    this.src = new SourceReader(in);
    if (maxBlockSize < 1 || maxBlockSize > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException("maxBlockSize must be in 1.." + MAX_BLOCK_SIZE + ", got " + maxBlockSize);
    }
    this.checksum = checksum;
    this.stopOnEmptyBlock = stopOnEmptyBlock;
    this.maxBlockSize = maxBlockSize;
  }

  /** @return the decompressed bytes buffered and readable without blocking (at most one block's) */
  @Override
  public int available() throws IOException {
    ensureOpen();
    return limit - pos;
  }

  @Override
  public int read() throws IOException {
    ensureOpen();
    if (pos == limit && !refillLatched()) {
      return -1;
    }
    return buffer[pos++] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    if (len == 0) {
      return 0;
    }
    if (pos == limit && !refillLatched()) {
      return -1;
    }
    int n = Math.min(len, limit - pos);
    System.arraycopy(buffer, pos, b, off, n);
    pos += n;
    return n;
  }

  /** Skips up to {@code n} decompressed bytes (decoding and verifying them); 0 at the end. */
  @Override
  public long skip(long n) throws IOException {
    ensureOpen();
    long skipped = 0;
    while (skipped < n) {
      if (pos == limit && !refillLatched()) {
        break;
      }
      int k = (int) Math.min(n - skipped, limit - pos);
      pos += k;
      skipped += k;
    }
    return skipped;
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  @Override
  public synchronized void mark(int readlimit) {
    // not supported, as markSupported() says
  }

  @Override
  public synchronized void reset() throws IOException {
    throw new IOException("mark/reset not supported");
  }

  /**
   * Closes the underlying stream and returns normally, also after a failure (which every other
   * call keeps reporting). Reading afterwards throws. Closing again does nothing.
   *
   * @throws IOException only when the underlying stream's own {@code close()} fails (as it is), on
   *     the first call
   */
  @Override
  public void close() throws IOException {
    latch.closeInput(in);
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("JpountzBlockInputStream is closed");
    }
  }

  /** {@link #refill()}; any failure latches, so a later read never starts inside a half-read block. */
  private boolean refillLatched() throws IOException {
    try {
      return refill();
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /**
   * Reads blocks until one with data is decoded into the buffer.
   *
   * @return {@code false} at the end of the stream
   */
  private boolean refill() throws IOException {
    while (!finished) {
      long at = src.offset();
      int got = src.readUpTo(header, 0, HEADER_LENGTH);
      if (got == 0 && !stopOnEmptyBlock) {
        finished = true;
        break;
      }
      if (got < HEADER_LENGTH) {
        if (got == 0) {
          throw new Lz4StreamException(Kind.TRUNCATED, at, "truncated lz4-java block stream: input ends at offset " + at
              + " without the end-of-stream block");
        }
        throw new Lz4StreamException(Kind.TRUNCATED, src.offset(),
            "truncated lz4-java block stream: block header at offset " + at
            + " has " + got + " of " + HEADER_LENGTH + " bytes");
      }
      if (readBlock(at)) {
        return true;
      }
    }
    pos = limit = 0;
    return false;
  }

  /**
   * Checks the header in {@link #header} (read from stream offset {@code at}) and reads its data.
   *
   * @return {@code true} when a block with data is now in the buffer; {@code false} after an empty
   *     block (then {@link #finished} is set if this stream stops on it)
   */
  private boolean readBlock(long at) throws IOException {
    for (int i = 0; i < MAGIC.length; i++) {
      if (header[i] != MAGIC[i]) {
        throw corrupt(Kind.UNKNOWN_MAGIC, at,
            "bad magic (not \"LZ4Block\"); this reader accepts only lz4-java block streams, not LZ4 frames");
      }
    }
    int token = header[TOKEN_OFFSET] & 0xFF;
    int method = token & METHOD_MASK;
    if (method != METHOD_RAW && method != METHOD_LZ4) {
      throw corrupt(Kind.BAD_HEADER, at, String.format("unknown compression method in token 0x%02x", token));
    }
    int announcedBlockSize = 1 << (LEVEL_BASE + (token & LEVEL_MASK));
    int clen = Mem.getIntLE(header, COMPRESSED_LENGTH_OFFSET);
    int dlen = Mem.getIntLE(header, DECOMPRESSED_LENGTH_OFFSET);
    int check = Mem.getIntLE(header, CHECKSUM_OFFSET);
    if (dlen < 0 || dlen > announcedBlockSize) {
      throw corrupt(Kind.BAD_HEADER, at, "decompressed length " + Integer.toUnsignedString(dlen)
          + " exceeds the block size " + announcedBlockSize + " of its token");
    }
    if (dlen > maxBlockSize) {
      throw corrupt(Kind.LIMIT, at, "decompressed length " + dlen + " exceeds the limit maxBlockSize=" + maxBlockSize);
    }
    if (dlen == 0 || clen == 0) {
      if (dlen != 0 || clen != 0) {
        throw corrupt(Kind.BAD_HEADER, at, "only one of the lengths is 0 (compressed " + Integer.toUnsignedString(clen)
            + ", decompressed " + dlen + ")");
      }
      if (check != 0) {
        throw corrupt(Kind.BAD_HEADER, at, "end-of-stream block with a non-zero checksum field");
      }
      if (stopOnEmptyBlock) {
        finished = true;
      }
      return false;
    }
    if (method == METHOD_RAW && clen != dlen) {
      throw corrupt(Kind.BAD_HEADER, at, "uncompressed block with different lengths (compressed "
          + Integer.toUnsignedString(clen) + ", decompressed " + dlen + ")");
    }
    if (clen < 0 || clen > Lz4.maxCompressedLength(dlen)) {
      throw corrupt(Kind.BAD_HEADER, at, "compressed length " + Integer.toUnsignedString(clen)
          + " exceeds what LZ4 can produce from " + dlen + " bytes");
    }
    if (method == METHOD_RAW) {
      buffer = readData(buffer, dlen, dlen, at);
    } else {
      // room for LZ4's worst case of this block's length, so that a later block of the same size
      // that compresses less well finds room too (no new array, no copy)
      compressed = readData(compressed, clen, Lz4.maxCompressedLength(dlen), at);
      // All clen bytes are really there now; LZ4 expands at most about 255 times, so a header
      // claiming more is corrupt, and the output buffer is sized only after this check.
      if (dlen > 255L * clen + 24) {
        throw corrupt(Kind.CORRUPT_BLOCK, at, "decompressed length " + dlen + " is impossible for " + clen
            + " bytes of LZ4 data");
      }
      if (buffer.length < dlen) {
        buffer = new byte[dlen];
      }
      int n;
      try {
        n = decompressor.decompress(compressed, 0, clen, buffer, 0, dlen);
      } catch (Lz4Exception e) {
        throw new Lz4StreamException(Kind.CORRUPT_BLOCK, at,
            "corrupted lz4-java block stream: the LZ4 data of the block at offset "
            + at + " is malformed: " + e.getMessage(), e);
      }
      if (n != dlen) {
        throw corrupt(Kind.CORRUPT_BLOCK, at, "LZ4 data decodes to " + n + " bytes, the header says " + dlen);
      }
    }
    int actual;
    if (checksum == null) {
      actual = JpountzBlockFormat.defaultChecksum(buffer, 0, dlen);
    } else {
      checksum.reset();
      checksum.update(buffer, 0, dlen);
      actual = (int) checksum.getValue();
    }
    if (actual != check) {
      throw corrupt(Kind.CHECKSUM, at,
          String.format("checksum mismatch: header says 0x%08x, data gives 0x%08x", check, actual));
    }
    pos = 0;
    limit = dlen;
    return true;
  }

  /** What a block may have allocated for its data before any of it arrives. */
  private static final int FREE_ROOM = 64 * 1024;

  /**
   * Reads exactly {@code len} bytes into {@code b}, growing it as the bytes arrive (up to 64 KB at
   * once, then doubling), so that a header announcing a large block costs memory only when its
   * data is really there: a short hostile input cannot make the reader allocate the announced
   * size. A new array has room for up to {@code room >= len} bytes (within the same bounds), so
   * that the next blocks, whose lengths vary, seldom need a larger one; an array too small for
   * a block is replaced before its data is read, not copied, while that stays within 64 KB.
   *
   * @return {@code b}, or the larger array that replaced it
   */
  private byte[] readData(byte[] b, int len, int room, long at) throws IOException {
    assert room >= len;
    if (b.length < len && b.length < FREE_ROOM) {
      b = new byte[Math.min(room, FREE_ROOM)];
    }
    int got = 0;
    while (got < len) {
      if (b.length <= got) {
        b = Arrays.copyOf(b, (int) Math.min(room, Math.max(FREE_ROOM, 2L * b.length)));
      }
      int want = Math.min(len, b.length) - got;
      int r = src.readUpTo(b, got, want);
      got += r;
      if (r < want) {
        throw new Lz4StreamException(Kind.TRUNCATED, src.offset(),
            "truncated lz4-java block stream: the block at offset " + at
            + " has " + got + " of its " + len + " data bytes");
      }
    }
    return b;
  }

  private static Lz4StreamException corrupt(Kind kind, long at, String what) {
    return new Lz4StreamException(kind, at, "corrupted lz4-java block stream: block at offset " + at + ": " + what);
  }

  @Override
  public String toString() {
    return "JpountzBlockInputStream(stopOnEmptyBlock=" + stopOnEmptyBlock + ", offset=" + src.offset() + ")";
  }
}
