package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameReadOptions;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;

/**
 * Decodes a whole stream: LZ4 frames (seekable or not; concatenated, skippable and legacy frames
 * as {@code lz4 -d} reads them) or, told apart by the first four bytes, Hadoop's old {@code
 * Lz4Codec} block format ({@link HadoopBlockInputStream}). An empty stream decodes to nothing.
 * {@link #resetState()} starts again with a fresh sniff of whatever the underlying stream holds
 * next (Hadoop's {@code SequenceFile} reuses a stream this way, one record at a time).
 *
 * <p>Faults as in celer-core's streams ({@code docs/security.md}, "Faults"): a format error is an
 * {@link Lz4StreamException} with its kind; a failure of the underlying stream ({@link
 * IOException} or unchecked) passes through as it is; any failure latches, so every later call,
 * {@code resetState()} included, throws an {@link IOException} whose cause is the first failure;
 * {@code close()} still closes the underlying stream, once, and returns normally. What was read
 * before a failure is a prefix of the content; nothing after it is read. Reads of the underlying
 * stream that return 0 bytes are retried a bounded number of times.
 */
final class Lz4DecodingInputStream extends CompressionInputStream {
  private static final int FRAME_MAGIC = 0x184D2204;
  private static final int LEGACY_MAGIC = 0x184C2102;
  private static final int SKIPPABLE_MAGIC = 0x184D2A50;
  private static final int SKIPPABLE_MASK = 0xFFFFFFF0;

  private InputStream decoder;
  private boolean ended;
  private final StreamLatch latch = new StreamLatch("Lz4DecodingInputStream");

  Lz4DecodingInputStream(InputStream in) throws IOException {
    super(in);
  }

  /** @return whether the 4 bytes, read as a little-endian u32, start an LZ4 frame of any kind */
  static boolean isFrameMagic(int le) {
    return le == FRAME_MAGIC || le == LEGACY_MAGIC || (le & SKIPPABLE_MASK) == SKIPPABLE_MAGIC;
  }

  /** The buffer of {@link #read()}, so a one-byte read allocates nothing. */
  private final byte[] one = new byte[1];

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xFF;
  }

  /** @throws IOException after a failure */
  @Override
  public long getPos() throws IOException {
    latch.check();
    return super.getPos();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    if (len == 0) {
      return 0;
    }
    try {
      if (decoder == null && !ended && !start()) {
        ended = true;
      }
      if (ended) {
        return -1;
      }
      return decoder.read(b, off, len);
    } catch (IOException | RuntimeException | Error e) {
      latch.fail(e);
      throw e;
    }
  }

  /** @throws IOException when an earlier call failed (a closed stream passes) */
  void checkNotFailed() throws IOException {
    latch.check();
  }

  private void ensureOpen() throws IOException {
    latch.check();
    if (latch.closed()) {
      throw new IOException("stream closed");
    }
  }

  private boolean start() throws IOException {
    byte[] head = new byte[4];
    int n = StreamLatch.readUpTo(in, head, 0, 4, 0);
    if (n == 0) {
      return false;
    }
    if (n < 4) {
      throw new Lz4StreamException(Kind.TRUNCATED, n, "the stream has only " + n + " bytes: neither an LZ4 frame nor Hadoop Lz4Codec data");
    }
    int le = (head[0] & 0xFF) | (head[1] & 0xFF) << 8 | (head[2] & 0xFF) << 16 | (head[3] & 0xFF) << 24;
    InputStream whole = new Prefixed(head, in);
    if (isFrameMagic(le)) {
      decoder = new Lz4FrameInputStream(whole, Lz4FrameReadOptions.builder().closeUnderlying(false).build());
    } else {
      decoder = new HadoopBlockInputStream(whole, 0);
    }
    return true;
  }

  /**
   * The sniffed bytes, then the rest of the underlying stream. Not {@code SequenceInputStream},
   * which closes each stream it reaches the end of: the underlying stream is the caller's.
   */
  private static final class Prefixed extends InputStream {
    private final byte[] head;
    private final InputStream rest;
    private int pos;

    Prefixed(byte[] head, InputStream rest) {
      this.head = head;
      this.rest = rest;
    }

    @Override
    public int read() throws IOException {
      return pos < head.length ? head[pos++] & 0xFF : rest.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (pos < head.length && len > 0) {
        int n = Math.min(len, head.length - pos);
        System.arraycopy(head, pos, b, off, n);
        pos += n;
        return n;
      }
      return rest.read(b, off, len);
    }

    @Override
    public void close() {
      // the underlying stream belongs to the codec's stream
    }
  }

  /** @throws IOException after a failure: a stream that failed cannot start again */
  @Override
  public void resetState() throws IOException {
    ensureOpen();
    decoder = null;
    ended = false;
  }

  /**
   * Closes the underlying stream, once, and returns normally, also after a failure; throws only
   * the underlying stream's own failure to close, on the first call.
   */
  @Override
  public void close() throws IOException {
    latch.closeInput(super::close);
  }
}
