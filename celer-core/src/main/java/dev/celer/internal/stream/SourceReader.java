package dev.celer.internal.stream;

import dev.celer.internal.Mem;
import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * Reads exactly the bytes asked for from an underlying stream, counting the offset, and turns an
 * early end of input into a {@link Lz4StreamException} of kind {@code TRUNCATED} that says what
 * was being read and where. Never reads ahead, so nothing after a frame is consumed beyond what
 * the format requires. Failures of the underlying stream pass through unchanged. A read that
 * returns 0 bytes is retried (at most {@link #MAX_EMPTY_READS} times in a row); an interrupt of
 * the reading thread during such reads ends them with {@link InterruptedIOException}. Not
 * thread-safe.
 */
public final class SourceReader {
  /**
   * How many reads of the underlying stream in a row may return 0 bytes before the input is taken
   * as cut off. {@code InputStream.read} should block until it has a byte, yet some streams return
   * 0 now and then; one that kept doing it would otherwise hold the reader in a busy loop forever.
   */
  public static final int MAX_EMPTY_READS = 1000;

  private final InputStream in;
  /**
   * In-memory mode ({@link #SourceReader(Object, int, int)}): the input is {@code base[baseOff,
   * baseEnd)}, a {@code byte[]} or a {@code ByteBuffer} (absolute indexes); {@code null} otherwise.
   */
  private final Object base;
  private final int baseOff;
  private final int baseEnd;
  /** Bytes consumed from {@link #in} so far. */
  private long offset;
  /** Where {@link #skipFully} reads the bytes it skips; allocated on the first skip of more than 16 bytes. */
  private byte[] scratch = new byte[16];
  private static final int SCRATCH_SIZE = 8192;
  /** The last unchecked exception the underlying stream threw, to tell it from the reader's own. */
  private RuntimeException thrown;

  /** @param in the stream to read; never closed here */
  public SourceReader(InputStream in) {
    this.in = in;
    this.base = null;
    this.baseOff = 0;
    this.baseEnd = 0;
  }

  /**
   * Reads {@code base[off, off+len)} in place, a {@code byte[]} or a {@code ByteBuffer} (absolute
   * indexes, position and limit untouched): the one-shot frame calls. Offsets count from {@code
   * off}; the end of the range is the end of the input; {@link #in()} is {@code null}. Truncations
   * are reported at the same offsets, with the same messages, as over a stream of those bytes.
   */
  public SourceReader(Object base, int off, int len) {
    this.in = null;
    this.base = base;
    this.baseOff = off;
    this.baseEnd = off + len;
  }

  /**
   * In-memory mode: when {@code len} more bytes are there, consumes them and returns the index of
   * the first in the base (the caller reads them in place); otherwise consumes the rest of the
   * input and returns -1 (the caller reports the truncation with {@link #truncatedSince}).
   */
  public int inPlace(int len) {
    int at = baseOff + (int) offset;
    if (len > baseEnd - at) {
      offset = baseEnd - baseOff;
      return -1;
    }
    offset += len;
    return at;
  }

  /**
   * When the input is in memory and has {@code len} more bytes, copies them into {@code b[off,
   * off+len)}, consumes them and returns true; otherwise (a stream, or too few bytes) does nothing
   * and returns false. Lets callers build the message of {@link #readFully} only when needed.
   */
  public boolean tryRead(byte[] b, int off, int len) {
    if (base == null) {
      return false;
    }
    int at = baseOff + (int) offset;
    if (len > baseEnd - at) {
      return false;
    }
    Mem.copy(base, at, b, off, len);
    offset += len;
    return true;
  }

  /** @return the truncation exception of {@link #readFully}: {@code what}, begun at {@code start}, cut at the current offset */
  public Lz4StreamException truncatedSince(String what, long start) {
    return truncated(what, start);
  }

  /** @return the underlying stream */
  public InputStream in() {
    return in;
  }

  /** @return the bytes consumed from the underlying stream so far */
  public long offset() {
    return offset;
  }

  /**
   * Reads up to {@code len} bytes, stopping early only at the end of the input.
   *
   * @return the bytes read: {@code len}, or fewer when the input ended
   */
  public int readUpTo(byte[] b, int off, int len) throws IOException {
    int done = 0;
    while (done < len) {
      int n = readSome(b, off + done, len - done);
      if (n < 0) {
        break;
      }
      done += n;
    }
    return done;
  }

  /**
   * Reads {@code len} bytes, or none at a clean end of input.
   *
   * @param what what is being read, for the message of a truncation
   * @return {@code len}, or 0 when the input ended before its first byte
   * @throws Lz4StreamException when the input ends after some but not all of the bytes
   */
  public int readFullyOrNone(byte[] b, int off, int len, String what) throws IOException {
    long start = offset;
    int n = readUpTo(b, off, len);
    if (n > 0 && n < len) {
      throw truncated(what, start);
    }
    return n;
  }

  /** Reads exactly {@code len} bytes, or throws "truncated". */
  public void readFully(byte[] b, int off, int len, String what) throws IOException {
    long start = offset;
    if (readUpTo(b, off, len) < len) {
      throw truncated(what, start);
    }
  }

  /**
   * Skips exactly {@code len} bytes, or throws "truncated". Reads rather than calls {@link
   * InputStream#skip}, which may skip past the end of a file without telling.
   */
  public void skipFully(long len, String what) throws IOException {
    long start = offset;
    if (base != null) {
      if (len > baseEnd - baseOff - offset) {
        offset = baseEnd - baseOff;
        throw truncated(what, start);
      }
      offset += len;
      return;
    }
    if (scratch.length < Math.min(SCRATCH_SIZE, len)) {
      scratch = new byte[SCRATCH_SIZE];
    }
    while (len > 0) {
      int r = readSome(scratch, 0, (int) Math.min(scratch.length, len));
      if (r < 0) {
        throw truncated(what, start);
      }
      len -= r;
    }
  }

  /**
   * One read of the underlying stream that returns at least one byte, or -1 at its end. A read
   * that returns 0 (which {@code InputStream} allows, and some streams do) is retried, yielding
   * the processor in between, up to {@link #MAX_EMPTY_READS} times in a row.
   *
   * @throws InterruptedIOException when the thread is interrupted while the stream returns nothing
   *     (the interrupt status stays set)
   * @throws Lz4StreamException of kind {@code TRUNCATED} after {@link #MAX_EMPTY_READS} empty reads
   *     in a row: the stream neither delivers data nor ends
   */
  private int readSome(byte[] b, int off, int len) throws IOException {
    if (base != null) {
      int at = baseOff + (int) offset;
      int n = Math.min(len, baseEnd - at);
      if (n <= 0) {
        return len == 0 ? 0 : -1;
      }
      Mem.copy(base, at, b, off, n);
      offset += n;
      return n;
    }
    for (int empty = 0; ; ) {
      int n;
      try {
        n = in.read(b, off, len);
      } catch (RuntimeException e) {
        thrown = e;
        throw e;
      }
      if (n != 0) {
        if (n > len) {
          throw new IOException("the underlying stream claims to have read " + n + " bytes into " + len);
        }
        if (n > 0) {
          offset += n;
        }
        return n;
      }
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("interrupted while the underlying stream returned no data, at offset "
            + offset);
      }
      if (++empty == MAX_EMPTY_READS) {
        throw new Lz4StreamException(Lz4StreamException.Kind.TRUNCATED, offset, "the underlying stream returned"
            + " no data " + MAX_EMPTY_READS + " times in a row at offset " + offset
            + ", neither data nor its end: the input is taken as cut off there");
      }
      Thread.yield();
    }
  }

  /** @return whether {@code e} was thrown by the underlying stream (not by the reader's own code) */
  public boolean threw(RuntimeException e) {
    return e == thrown;
  }

  private Lz4StreamException truncated(String what, long start) {
    return new Lz4StreamException(Lz4StreamException.Kind.TRUNCATED, offset, "truncated input: the stream ends inside "
        + what + " (started at offset " + start + ", input ended at offset " + offset + ")");
  }
}
