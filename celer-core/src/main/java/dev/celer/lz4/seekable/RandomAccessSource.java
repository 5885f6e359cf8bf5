package dev.celer.lz4.seekable;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * Bytes that can be read at any position: what {@link SeekableLz4Reader} reads a seekable file
 * through. Implementations must be safe to use from many threads at once (every read names its
 * position; there is no shared cursor) and must not change their size while a reader uses them.
 *
 * <p>Three are built in: {@link #of(byte[])} (an array), {@link #of(FileChannel)} (positioned
 * reads of a channel, {@code FileChannel.read(ByteBuffer, long)}) and {@link #mapped(FileChannel)}
 * (the whole file mapped read-only in chunks of {@link #DEFAULT_MAP_CHUNK} bytes, so files over
 * 2 GB map although one {@code MappedByteBuffer} holds at most 2 GB; on Java 25+, optionally, as
 * one {@code MemorySegment}). Other storage (HDFS {@code PositionedReadable}, object stores)
 * implements the two methods.
 *
 * <pre>{@code
 * try (SeekableLz4Reader r = SeekableLz4Reader.open(RandomAccessSource.mapped(FileChannel.open(path)))) {
 *   byte[] page = r.readFully(1_000_000, 4096);
 * }
 * }</pre>
 */
public interface RandomAccessSource extends Closeable {
  /** Chunk size of {@link #mapped(FileChannel)}: 1 GiB, like Lucene's default for 64-bit JVMs. */
  int DEFAULT_MAP_CHUNK = 1 << 30;

  /**
   * {@return the number of bytes, fixed while the source is in use}
   *
   * @throws IOException when the size cannot be read
   */
  long size() throws IOException;

  /**
   * Reads exactly {@code len} bytes from {@code position} into {@code dst[off, off + len)}. A
   * reader calls this once per block it decodes, and at most twice to open a file ({@link
   * LazySeekIndex} a few more times, for small parts of the index).
   *
   * @param position where to start reading in the source
   * @param dst where the bytes go
   * @param off where they start in {@code dst}
   * @param len how many bytes to read
   * @throws java.io.EOFException when the source ends before {@code position + len}
   * @throws IOException when the underlying storage fails
   */
  void readFully(long position, byte[] dst, int off, int len) throws IOException;

  /** Releases what the source holds (the channel). Does nothing by default. */
  @Override
  default void close() throws IOException {}

  /**
   * {@return a source over {@code bytes} (not copied; must not change while in use)}
   *
   * @param bytes the file's bytes (not copied)
   */
  static RandomAccessSource of(byte[] bytes) {
    return new ArraySource(Objects.requireNonNull(bytes, "bytes"));
  }

  /**
   * {@return a source that reads {@code channel} with positioned reads; closing it closes the
   * channel. An interrupt of a reading thread closes the channel ({@code FileChannel}'s rule),
   * and every later read fails}
   *
   * @param channel the file's channel, open for reading
   */
  static RandomAccessSource of(FileChannel channel) {
    return new ChannelSource(Objects.requireNonNull(channel, "channel"));
  }

  /**
   * Maps the whole of {@code channel} read-only. Closing the source closes the channel, and every
   * later read throws {@link java.nio.channels.ClosedChannelException}. How it maps:
   *
   * <ul>
   *   <li>By default, on every Java: in chunks of {@link #DEFAULT_MAP_CHUNK} bytes, as {@link
   *       #mapped(FileChannel, int)}. Java 11 and 17 have no public way to unmap, so the mappings are
   *       released when they are garbage.
   *   <li>On Java 25+ with the system property {@code dev.celer.seekable.mapping=segment}: one
   *       {@code MemorySegment} for the whole file, unmapped on {@code close()} (threads still
   *       reading then get {@code ClosedChannelException}, never unmapped memory). Random reads
   *       are as fast either way (measured: {@code SeekableReadBenchmark}), so this is opt-in.
   *       {@code auto} (the default) and {@code buffers} ask for the chunks; below Java 25, {@code
   *       segment} does too.
   * </ul>
   *
   * A file that shrinks while it is mapped makes {@link SeekableLz4Reader}'s reads past its new end
   * throw {@code Lz4StreamException} of kind {@code TRUNCATED} (with the JVM's {@code
   * InternalError} for the lost pages as the cause); the JVM goes on.
   *
   * @param channel the file's channel, open for reading
   * @return a source over the mapping
   * @throws IOException when mapping fails
   * @throws IllegalArgumentException when {@code dev.celer.seekable.mapping} is none of auto,
   *     segment, buffers
   */
  static RandomAccessSource mapped(FileChannel channel) throws IOException {
    return Mapping.map(Objects.requireNonNull(channel, "channel"));
  }

  /**
   * Maps the whole of {@code channel} read-only as {@code MappedByteBuffer}s of {@code chunkSize}
   * bytes, on every Java (tests use tiny chunks to make reads straddle them). A read that spans
   * chunks is copied piece by piece. Closing the source closes the channel, and every later read
   * throws {@link java.nio.channels.ClosedChannelException}; the mappings are released when they
   * are garbage.
   *
   * @param chunkSize 1..{@link Integer#MAX_VALUE}
   * @param channel the file's channel, open for reading
   * @return a source over the mapping
   * @throws IOException when mapping fails
   */
  static RandomAccessSource mapped(FileChannel channel, int chunkSize) throws IOException {
    return new MappedSource(Objects.requireNonNull(channel, "channel"), chunkSize);
  }
}
