package dev.celer.lz4.seekable;

import static dev.celer.internal.frame.Lz4FrameFormat.*;

import dev.celer.internal.Mem;
import dev.celer.internal.stream.FailureLatch;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.Lz4Exception;
import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.Lz4StreamException.Kind;
import dev.celer.xxhash.XxHash32;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads any range of the decoded content of a seekable LZ4 file ({@code
 * docs/seekable-format.md}) without decoding what comes before it: the index at the end of the
 * file (or in a side-car file) says which blocks hold the range; each block costs one positioned
 * read of the source and a decode that stops at the last byte needed.
 *
 * <pre>{@code
 * try (SeekableLz4Reader r = SeekableLz4Reader.open(path)) {
 *   byte[] record = r.readFully(1_000_000_000L, 4096);
 *   InputStream rest = r.newInputStream(2_000_000_000L);
 * }
 * }</pre>
 *
 * <ul>
 *   <li>Opening costs at most two positioned reads (the end of the file, then the whole index
 *       when it is longer than 64 KiB) and memory of about the index's size. A file without an
 *       index is {@link Kind#NOT_SEEKABLE} (read it as a stream, or build an index with {@link
 *       SeekableLz4Indexer}); an index that is malformed or does not fit the file is {@link
 *       Kind#BAD_INDEX}.
 *   <li>Each block read checks that the index points at a block that fits where it says,
 *       verifies the block checksum (unless {@link SeekableReadOptions#verifyBlockChecksums()}
 *       is off; {@link Kind#CHECKSUM}), and checks the decoded length against the index: exactly
 *       on a whole-block decode, at least the bytes asked for on a partial one ({@link
 *       Kind#BAD_INDEX}). A malformed block is {@link Kind#CORRUPT_BLOCK}.
 *   <li>Content checksums are not verified here: they cover whole frames. {@code lz4 -t} or
 *       {@code Lz4FrameInputStream} verify them.
 * </ul>
 *
 * <p><b>Immutable after open and thread-safe</b>: any number of threads may read at once (the
 * source must allow it, as the built-in ones do). Each read allocates its buffers (a block's
 * stored bytes, and its decoded prefix when the range starts inside the block). {@link #close()}
 * closes the source(s).
 */
public final class SeekableLz4Reader implements Closeable {
  private static final Lz4Decompressor DECODER = Lz4.decompressor();

  private final RandomAccessSource src;
  private final RandomAccessSource sidecar;
  private final SeekIndex index;
  private final boolean verify;
  private final int parallelism;
  private final Executor executor;
  private final AtomicBoolean closed = new AtomicBoolean();

  private SeekableLz4Reader(RandomAccessSource src, RandomAccessSource sidecar, SeekIndex index,
      SeekableReadOptions options) throws Lz4StreamException {
    this.src = src;
    this.sidecar = sidecar;
    this.index = index;
    this.verify = options.verifyBlockChecksums();
    this.parallelism = options.parallelism();
    this.executor = options.executor();
    for (int j = 0; j < index.frameCount(); j++) {
      if (index.dictId(j) != 0 || (index.frameFlg[j] & FLG_DICT_ID) != 0) {
        throw new Lz4StreamException(Kind.NOT_SEEKABLE, index.frameOffset(j), "frame " + j + " at offset "
            + index.frameOffset(j) + " needs a dictionary; seekable reading of such frames is not supported");
      }
    }
  }

  /**
   * Opens {@code file} with positioned reads of a {@link FileChannel} and the default options.
   *
   * @param file the file
   * @return a reader of the file; close it when done
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekableLz4Reader open(Path file) throws IOException {
    return open(file, SeekableReadOptions.defaults());
  }

  /**
   * Opens {@code file} with positioned reads of a {@link FileChannel}.
   *
   * @param file the file
   * @param options the options
   * @return a reader of the file; close it when done
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekableLz4Reader open(Path file, SeekableReadOptions options) throws IOException {
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
    try {
      return open(RandomAccessSource.of(ch), options);
    } catch (IOException | RuntimeException | Error e) {
      ch.close();
      throw e;
    }
  }

  /**
   * Opens a seekable file read through {@code src}, with the default options.
   *
   * @param src the file's bytes
   * @return a reader of the file; close it when done
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekableLz4Reader open(RandomAccessSource src) throws IOException {
    return open(src, SeekableReadOptions.defaults());
  }

  /**
   * Opens a seekable file read through {@code src}; the reader closes it. On failure the source
   * is left open (the caller may stream it instead).
   *
   * @param src the file's bytes
   * @param options the options
   * @return a reader of the file; close it when done
   * @throws Lz4StreamException {@link Kind#NOT_SEEKABLE} without an index, {@link
   *     Kind#BAD_INDEX} for a bad one, {@link Kind#LIMIT} for one over the options' size limit
   */
  public static SeekableLz4Reader open(RandomAccessSource src, SeekableReadOptions options) throws IOException {
    Objects.requireNonNull(src, "src");
    SeekIndex idx = SeekIndexFormat.read(src, -1, options.maxIndexBytes());
    return new SeekableLz4Reader(src, null, idx, options);
  }

  /**
   * Reads {@code src} through an index already at hand: a {@link LazySeekIndex#window} of the
   * same file (positions are then counted from the window's first block), or the {@link #index()}
   * of another reader of it. The reader closes {@code src}.
   *
   * @param src the file's bytes
   * @param index the file's seek index (or a window of it)
   * @param options the options
   * @return a reader of the file; close it when done
   * @throws Lz4StreamException {@link Kind#NOT_SEEKABLE} when a frame of the index needs a
   *     dictionary
   */
  public static SeekableLz4Reader open(RandomAccessSource src, SeekIndex index, SeekableReadOptions options)
      throws IOException {
    Objects.requireNonNull(src, "src");
    Objects.requireNonNull(index, "index");
    return new SeekableLz4Reader(src, null, index, options);
  }

  /**
   * Opens a plain (or seekable) LZ4 file {@code data} with the index in the side-car file {@code
   * sidecar} (as {@link SeekableLz4Indexer#writeSidecar} writes it); the reader closes both. The
   * side-car must describe exactly {@code data}'s length.
   *
   * @param data the LZ4 file's bytes
   * @param sidecar the side-car index file's bytes
   * @param options the options
   * @return a reader of the file; close it when done
   * @throws IOException when reading fails or the data or its index is not valid
   */
  public static SeekableLz4Reader open(RandomAccessSource data, RandomAccessSource sidecar,
      SeekableReadOptions options) throws IOException {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(sidecar, "sidecar");
    SeekIndex idx = SeekIndexFormat.read(sidecar, data.size(), options.maxIndexBytes());
    return new SeekableLz4Reader(data, sidecar, idx, options);
  }

  /** {@return the decoded size of the file's content} */
  public long size() {
    return index.contentSize();
  }

  /** {@return the seek index (block count, block at a position, offsets)} */
  public SeekIndex index() {
    return index;
  }

  /**
   * Reads decoded bytes from {@code position} into {@code dst}, as {@link
   * FileChannel#read(ByteBuffer, long)} does: as many as {@code dst} has room for, or up to the end
   * of the content.
   *
   * @param dst where the decoded bytes go
   * @param position where to start in the decoded content
   * @throws IOException when reading fails or the data or its index is not valid
   * @return the number of bytes read, or -1 when {@code position} is at or past the end (and
   *     {@code dst} has room)
   */
  public int read(ByteBuffer dst, long position) throws IOException {
    if (dst.isReadOnly()) {
      throw new IllegalArgumentException("read-only buffer");
    }
    int want = dst.remaining();
    if (dst.hasArray()) {
      int n = read(position, dst.array(), dst.arrayOffset() + dst.position(), want);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
      return n;
    }
    if (position < 0) {
      throw new IllegalArgumentException("negative position: " + position);
    }
    if (want == 0) {
      return 0;
    }
    if (position >= size()) {
      return -1;
    }
    byte[] tmp = new byte[(int) Math.min(want, size() - position)];
    int n = read(position, tmp, 0, tmp.length);
    dst.put(tmp, 0, n);
    return n;
  }

  /**
   * Reads up to {@code len} decoded bytes from {@code position} into {@code dst[off, off + len)}.
   *
   * @param position where to start in the decoded content
   * @param dst where the decoded bytes go
   * @param off where they start in {@code dst}
   * @param len how many decoded bytes to read at most
   * @throws IOException when reading fails or the data or its index is not valid
   * @return the number of bytes read ({@code len}, or fewer at the end of the content), or -1 when
   *     {@code position} is at or past the end and {@code len > 0}
   * @throws IllegalArgumentException when {@code position} is negative
   */
  public int read(long position, byte[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (position < 0) {
      throw new IllegalArgumentException("negative position: " + position);
    }
    if (len == 0) {
      return 0;
    }
    long size = size();
    if (position >= size) {
      return -1;
    }
    int n = (int) Math.min(len, size - position);
    try {
      int first = index.blockAt(position);
      int last = index.blockAt(position + n - 1);
      if (parallelism > 1 && last > first) {
        new SpreadRead(position, dst, off, n, first, last).read();
        return n;
      }
      // Not a counted loop (an int from first to last): C2 keeps no safepoint poll in a short
      // counted loop, and on Java 21+ the InternalError of a fault in a mapping (a file truncated
      // under it) comes at the next poll, which must come before this method returns (MappedFile).
      for (int i = first, done = 0; done < n; i++) {
        done += readPart(i, position, dst, off, n);
      }
      return n;
    } catch (InternalError e) {
      throw lostPages(e, position, n);
    }
  }

  /**
   * Reads block {@code i}'s share of the read of {@code n} bytes at {@code position} into {@code
   * dst} at {@code off}: the one place that maps a read onto its blocks, for one thread and several.
   *
   * @return how many bytes that share is
   */
  private int readPart(int i, long position, byte[] dst, int off, int n) throws IOException {
    long start = index.contentOffset(i);
    int from = (int) Math.max(0, position - start);
    int at = (int) Math.max(0, start - position);
    int k = (int) Math.min(n - at, (long) index.decodedLength(i) - from);
    readBlock(i, from, dst, off + at, k);
    return k;
  }

  /**
   * One read of blocks {@code first..last} on several threads ({@link
   * SeekableReadOptions.Builder#parallelism}): the caller and up to {@code parallelism - 1} tasks
   * take blocks in content order from a shared counter and decode each into its place. After a
   * failure no block after it is started; the blocks before it all are (they were taken first),
   * so the failure thrown is that of the first failing block, as on one thread. The caller
   * returns only once no thread is inside a block: a task that starts later finds no block left
   * and never touches the array.
   */
  private final class SpreadRead implements Runnable {
    private final long position;
    private final byte[] dst;
    private final int off;
    private final int n;
    private final int first;
    private final int last;
    private final AtomicInteger next;
    /** The first failing block, or {@code Integer.MAX_VALUE}. */
    private final AtomicInteger failedAt = new AtomicInteger(Integer.MAX_VALUE);
    private final Throwable[] failures;
    /** Threads inside {@link #run} (guarded by this). */
    private int active;

    SpreadRead(long position, byte[] dst, int off, int n, int first, int last) {
      this.position = position;
      this.dst = dst;
      this.off = off;
      this.n = n;
      this.first = first;
      this.last = last;
      this.next = new AtomicInteger(first);
      this.failures = new Throwable[last - first + 1];
    }

    @Override
    public void run() {
      synchronized (this) {
        active++;
      }
      int i = -1;
      try {
        // the loop inside the try: its back-edge's safepoint poll is where an InternalError of a
        // fault in a mapping may be delivered (Java 21+, MappedFile), after readPart has returned
        while (true) {
          i = next.getAndIncrement();
          if (i > last || i > failedAt.get()) {
            return;
          }
          readPart(i, position, dst, off, n);
        }
      } catch (Throwable t) {
        int at = Math.min(Math.max(i, first), last);
        failures[at - first] = t;
        failedAt.accumulateAndGet(at, Math::min);
      } finally {
        synchronized (this) {
          if (--active == 0) {
            notifyAll();
          }
        }
      }
    }

    /** Runs the read on the caller's thread and the helpers; throws what the first failing block threw. */
    void read() throws IOException {
      int helpers = Math.min(parallelism - 1, last - first);
      for (int t = 0; t < helpers; t++) {
        try {
          executor.execute(this);
        } catch (RuntimeException refused) {
          break; // the caller's thread does the rest
        }
      }
      run();
      boolean interrupted = false;
      synchronized (this) {
        while (active > 0) {
          try {
            wait();
          } catch (InterruptedException e) {
            interrupted = true; // a task is inside a block of the caller's array: wait for it
          }
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      int f = failedAt.get();
      if (f != Integer.MAX_VALUE) {
        FailureLatch.rethrow(failures[f - first]);
      }
    }
  }

  /**
   * A read of a mapping touched pages that its file has lost by shrinking ({@link MappedFile}: the
   * JVM's {@code InternalError} for {@code SIGBUS}, delivered at some point of the read): {@link
   * Kind#TRUNCATED}. Any other {@code InternalError} is rethrown as it is.
   */
  private Lz4StreamException lostPages(InternalError e, long position, int len) {
    if (!(src instanceof MappedFile)) {
      throw e;
    }
    String now;
    try {
      now = ((MappedFile) src).fileSizeNow() + " bytes";
    } catch (IOException | RuntimeException sizeUnknown) {
      now = "of unknown size";
    }
    long was;
    try {
      was = src.size();
    } catch (IOException sizeUnknown) {
      was = -1;
    }
    return new Lz4StreamException(Kind.TRUNCATED, Lz4StreamException.UNKNOWN_OFFSET, "reading " + len
        + " decoded bytes at " + position + " failed: the file was " + was + " bytes when it was mapped and is "
        + now + " now (" + e.getMessage() + ")", e);
  }

  /**
   * {@return the {@code length} decoded bytes at {@code position}}
   *
   * @param position where to start in the decoded content
   * @param length how many decoded bytes to read
   * @throws EOFException when the content ends before {@code position + length}
   */
  public byte[] readFully(long position, int length) throws IOException {
    if (length < 0 || position < 0) {
      throw new IllegalArgumentException("negative position or length: " + position + ", " + length);
    }
    if (position > size() - length) {
      throw new EOFException("cannot read " + length + " bytes at " + position + ": the content has " + size());
    }
    byte[] b = new byte[length];
    if (length > 0) {
      read(position, b, 0, length);
    }
    return b;
  }

  /**
   * Decodes bytes {@code [from, from + len)} of block {@code i} into {@code dst[off, off + len)}:
   * one positioned read of the block, then a whole or partial decode.
   */
  void readBlock(int i, int from, byte[] dst, int off, int len) throws IOException {
    int j = index.frameOfBlock(i);
    int max = index.blockMaxSize(j);
    boolean hasChecksum = index.hasBlockChecksum(j);
    long bo = index.blockOffset(i);
    long limit = i + 1 < index.blockCount() ? index.blockOffset(i + 1) : index.dataSize();
    int readLen = (int) Math.min(limit - bo, 4L + max + (hasChecksum ? 4 : 0));
    byte[] buf = new byte[readLen];
    src.readFully(bo, buf, 0, readLen);
    int word = Mem.getIntLE(buf, 0);
    int stored = word & BLOCK_SIZE_MASK;
    boolean raw = (word & BLOCK_UNCOMPRESSED_BIT) != 0;
    long need = 4L + stored + (hasChecksum ? 4 : 0);
    if (word == END_MARK || stored > max || need > readLen) {
      throw SeekIndexFormat.bad(bo, "block " + i + " at offset " + bo + " has size word 0x" + Integer.toHexString(word)
          + ", which is no block of at most " + max + " bytes within the " + readLen + " bytes up to the next entry");
    }
    if (hasChecksum && verify) {
      int computed = XxHash32.hash(buf, 4, stored, XXH32_SEED);
      int expected = Mem.getIntLE(buf, 4 + stored);
      if (computed != expected) {
        throw new Lz4StreamException(Kind.CHECKSUM, bo + 4 + stored, "block checksum mismatch in block " + i
            + " at offset " + bo + ": stored 0x" + Integer.toHexString(expected) + ", computed 0x"
            + Integer.toHexString(computed));
      }
    }
    int d = index.decodedLength(i);
    if (raw) {
      if (stored != d) {
        throw lengthMismatch(i, bo, stored, d);
      }
      System.arraycopy(buf, 4 + from, dst, off, len);
      return;
    }
    if (from == 0 && len == d) {
      int got;
      try {
        got = DECODER.decompress(buf, 4, stored, dst, off, len);
      } catch (Lz4Exception e) {
        throw decodeFailure(i, bo, buf, stored, max, d, e);
      }
      if (got != d) {
        throw lengthMismatch(i, bo, got, d);
      }
      return;
    }
    int target = from + len;
    byte[] out = from == 0 ? dst : new byte[target];
    int outOff = from == 0 ? off : 0;
    int got;
    try {
      got = DECODER.decompressPartial(buf, 4, stored, out, outOff, target);
    } catch (Lz4Exception e) {
      throw new Lz4StreamException(Kind.CORRUPT_BLOCK, bo, "block " + i + " at offset " + bo + " is corrupt: "
          + e.getMessage(), e);
    }
    if (got < target) {
      throw SeekIndexFormat.bad(bo, "block " + i + " at offset " + bo + " decodes to " + got
          + " bytes, fewer than the " + target + " its index entry promises");
    }
    if (from != 0) {
      System.arraycopy(out, from, dst, off, len);
    }
  }

  /** A whole-block decode failed: a block longer than the index says, or a corrupt one. */
  private static Lz4StreamException decodeFailure(int i, long bo, byte[] buf, int stored, int max, int d,
      Lz4Exception e) {
    int actual;
    try {
      actual = DECODER.decompress(buf, 4, stored, new byte[max], 0, max);
    } catch (Lz4Exception again) {
      return new Lz4StreamException(Kind.CORRUPT_BLOCK, bo, "block " + i + " at offset " + bo + " is corrupt: "
          + e.getMessage(), e);
    }
    return lengthMismatch(i, bo, actual, d);
  }

  private static Lz4StreamException lengthMismatch(int i, long bo, int actual, int expected) {
    return SeekIndexFormat.bad(bo, "block " + i + " at offset " + bo + " decodes to " + actual
        + " bytes, but its index entry says " + expected);
  }

  /**
   * {@return a read-only channel over the decoded content, starting at position 0; {@code write}
   * and {@code truncate} throw {@link NonWritableChannelException}. Closing it leaves the
   * reader open. A failed read latches, as in Celer's other streams: every later call but
   * {@code close()} throws an {@link IOException} whose cause is that failure; {@code close()}
   * returns normally. Not thread-safe (its position is its own); make one per thread}
   */
  public SeekableByteChannel newChannel() {
    return new Channel();
  }

  /**
   * {@return a stream of the decoded content from {@code position} to the end, decoding one whole
   * block at a time (kept until the stream moves past it). Closing it leaves the reader open.
   * A failed read latches, as in Celer's other streams: every later {@code read}, {@code
   * skip} and {@code available} throws an {@link IOException} whose cause is that failure;
   * {@code close()} returns normally. Not thread-safe; make one per thread}
   *
   * @param position where to start in the decoded content
   * @throws IllegalArgumentException when {@code position} is negative
   */
  public InputStream newInputStream(long position) {
    if (position < 0) {
      throw new IllegalArgumentException("negative position: " + position);
    }
    return new Stream(position);
  }

  /** Closes the source (and the side-car source); closing again does nothing. */
  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      src.close();
    } finally {
      if (sidecar != null) {
        sidecar.close();
      }
    }
  }

  @Override
  public String toString() {
    return "SeekableLz4Reader[" + index + "]";
  }

  private final class Channel implements SeekableByteChannel {
    private long position;
    private final FailureLatch latch = new FailureLatch("SeekableLz4Reader channel");

    @Override
    public int read(ByteBuffer dst) throws IOException {
      ensureOpen();
      int n;
      try {
        n = SeekableLz4Reader.this.read(dst, position);
      } catch (IOException | RuntimeException | Error e) {
        latch.fail(e);
        throw e;
      }
      if (n > 0) {
        position += n;
      }
      return n;
    }

    @Override
    public int write(ByteBuffer src) {
      throw new NonWritableChannelException();
    }

    @Override
    public long position() throws IOException {
      ensureOpen();
      return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws IOException {
      ensureOpen();
      if (newPosition < 0) {
        throw new IllegalArgumentException("negative position: " + newPosition);
      }
      position = newPosition;
      return this;
    }

    @Override
    public long size() throws IOException {
      ensureOpen();
      return SeekableLz4Reader.this.size();
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new NonWritableChannelException();
    }

    @Override
    public boolean isOpen() {
      return !latch.closed();
    }

    /** Returns normally, also after a failure: the reader, and its source, stay open. */
    @Override
    public void close() throws IOException {
      latch.closeInput(null);
    }

    private void ensureOpen() throws IOException {
      if (latch.closed()) {
        throw new ClosedChannelException();
      }
      latch.check();
    }
  }

  private final class Stream extends InputStream {
    private long position;
    /** The decoded block {@link #block}, or null. */
    private byte[] cache;
    private int block = -1;
    private final FailureLatch latch = new FailureLatch("SeekableLz4Reader stream");
    private final byte[] one = new byte[1];

    Stream(long position) {
      this.position = position;
    }

    @Override
    public int read() throws IOException {
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      ensureOpen();
      if (len == 0) {
        return 0;
      }
      try {
        return readSome(b, off, len);
      } catch (IOException | RuntimeException | Error e) {
        latch.fail(e);
        throw e;
      }
    }

    private int readSome(byte[] b, int off, int len) throws IOException {
      if (position >= size()) {
        return -1;
      }
      int i = index.blockAt(position);
      if (i != block) {
        int d = index.decodedLength(i);
        byte[] c = new byte[d];
        try {
          readBlock(i, 0, c, 0, d);
        } catch (InternalError e) {
          throw lostPages(e, index.contentOffset(i), d);
        }
        cache = c;
        block = i;
      }
      int from = (int) (position - index.contentOffset(i));
      int n = Math.min(len, cache.length - from);
      System.arraycopy(cache, from, b, off, n);
      position += n;
      return n;
    }

    private void ensureOpen() throws IOException {
      latch.check();
      if (latch.closed()) {
        throw new IOException("stream closed");
      }
    }

    @Override
    public long skip(long n) throws IOException {
      latch.check();
      if (n <= 0 || latch.closed()) {
        return 0;
      }
      long k = Math.min(n, Math.max(0, size() - position));
      position += k;
      return k;
    }

    @Override
    public int available() throws IOException {
      latch.check();
      if (latch.closed() || block < 0 || position >= size()) {
        return 0;
      }
      long from = position - index.contentOffset(block);
      return from >= 0 && from < cache.length ? (int) (cache.length - from) : 0;
    }

    /** Returns normally, also after a failure: the reader, and its source, stay open. */
    @Override
    public void close() throws IOException {
      cache = null;
      latch.closeInput(null);
    }
  }
}
