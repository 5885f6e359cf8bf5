package dev.celer.lz4.seekable;

import dev.celer.internal.Mem;
import java.io.EOFException;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * {@link RandomAccessSource} over a read-only mapping of a whole file, in chunks of at most
 * {@code chunkSize} bytes (one {@link MappedByteBuffer} holds at most 2 GB). Reads use absolute
 * bulk gets, which touch no buffer position, so any number of threads may read at once.
 *
 * <p>Java 11 and 17 cannot unmap a buffer, so closing cannot make the memory go away under a reader:
 * {@link #close()} closes the channel and sets a flag that later reads check (a read that began
 * before completes from the still-mapped pages); the mappings are released when they are garbage.
 * A file that shrinks while mapped: see {@link MappedFile}.
 */
final class MappedSource implements RandomAccessSource, MappedFile {
  private final FileChannel channel;
  private final MappedByteBuffer[] chunks;
  private final int chunkSize;
  private final long size;
  private volatile boolean closed;

  MappedSource(FileChannel channel, int chunkSize) throws IOException {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunk size must be at least 1: " + chunkSize);
    }
    this.channel = channel;
    this.chunkSize = chunkSize;
    this.size = channel.size();
    long count = (size + chunkSize - 1) / chunkSize;
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(size + " bytes need too many chunks of " + chunkSize);
    }
    chunks = new MappedByteBuffer[(int) count];
    for (int i = 0; i < chunks.length; i++) {
      long start = (long) i * chunkSize;
      chunks[i] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(chunkSize, size - start));
    }
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (closed) {
      throw new ClosedChannelException();
    }
    if (position < 0 || position > size - len) {
      throw new EOFException("cannot read " + len + " bytes at " + position + " of " + size);
    }
    long p = position;
    int o = off;
    int left = len;
    while (left > 0) {
      int c = (int) (p / chunkSize);
      int in = (int) (p - (long) c * chunkSize);
      int n = Math.min(left, chunks[c].limit() - in);
      Mem.copy(chunks[c], in, dst, o, n);
      p += n;
      o += n;
      left -= n;
    }
    if (FAULTS_ARRIVE_LATE) {
      takePendingFault();
    }
  }

  /**
   * Whether this JVM delivers the {@code InternalError} of a fault in a mapping asynchronously
   * (measured: Java 11 and 17 do, throwing it wherever the thread next enters the VM, even in
   * the caller's code after the read returned; Java 21 and 25 throw it from the copy itself).
   */
  private static final boolean FAULTS_ARRIVE_LATE = Runtime.version().feature() < 21;

  /** Non-constant 0, so that {@link #takePendingFault} is no array shape the JIT can lay out inline. */
  private static int zero;

  /** Keeps the allocation of {@link #takePendingFault} from being removed as unused. */
  private static Object sink;

  /**
   * Makes a pending fault of this thread's copy surface here, inside the read: a two-dimensional
   * array with a length the JIT does not know is allocated by a call into the VM on every tier,
   * and leaving the VM delivers a pending asynchronous exception (HotSpot checks for one there).
   * Costs one VM call per read, on Java 11-20 only.
   */
  private static void takePendingFault() {
    sink = new byte[zero][0];
  }

  @Override
  public long fileSizeNow() throws IOException {
    return channel.size();
  }

  @Override
  public void close() throws IOException {
    closed = true;
    channel.close();
  }
}
