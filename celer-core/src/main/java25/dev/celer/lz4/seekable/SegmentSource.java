package dev.celer.lz4.seekable;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@link RandomAccessSource} over one read-only {@link MemorySegment} mapping of a whole file
 * (Java 25+): no chunks, any size, and unmapped when the source is closed rather than when the
 * garbage collector gets to it. Opt-in ({@code dev.celer.seekable.mapping=segment}): it reads no
 * faster than the chunked buffers ({@link Mapping#AUTO_SEGMENT}).
 *
 * <h2>Closing while other threads read</h2>
 * The mapping belongs to a shared {@link Arena}. Closing it is safe while other threads read: the
 * JVM stops every thread that is inside an access to the segment at that moment (a handshake)
 * and makes that access throw {@link IllegalStateException}, so no thread ever touches unmapped
 * memory. A read that meets a closed arena, during or after {@link #close()}, throws {@link
 * ClosedChannelException}, as a closed {@code FileChannel} does.
 *
 * <p>A file that shrinks while it is mapped: see {@link MappedFile}.
 */
final class SegmentSource implements RandomAccessSource, MappedFile {
  private final FileChannel channel;
  private final Arena arena;
  private final MemorySegment segment;
  private final long size;
  private final AtomicBoolean closed = new AtomicBoolean();

  SegmentSource(FileChannel channel) throws IOException {
    this.channel = channel;
    this.size = channel.size();
    Arena a = Arena.ofShared();
    try {
      this.segment = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, a);
    } catch (IOException | RuntimeException | Error e) {
      a.close();
      throw e;
    }
    this.arena = a;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void readFully(long position, byte[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (position < 0 || position > size - len) {
      throw new EOFException("cannot read " + len + " bytes at " + position + " of " + size);
    }
    try {
      MemorySegment.copy(segment, JAVA_BYTE, position, dst, off, len);
    } catch (IllegalStateException e) {
      ClosedChannelException c = new ClosedChannelException();
      c.initCause(e);
      throw c;
    }
  }

  @Override
  public long fileSizeNow() throws IOException {
    return channel.size();
  }

  /** Unmaps the file (once; later calls do nothing) and closes the channel. */
  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      arena.close();
    } finally {
      channel.close();
    }
  }

  @Override
  public String toString() {
    return "SegmentSource[" + size + " bytes]";
  }
}
