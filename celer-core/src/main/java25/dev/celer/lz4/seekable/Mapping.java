package dev.celer.lz4.seekable;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Maps a whole file for {@link RandomAccessSource#mapped(FileChannel)} on Java 25+ (the
 * multi-release override of the Java 11 class of the same name; see there for each member): one
 * {@code MemorySegment} for the whole file ({@link SegmentSource}), or chunked {@code
 * MappedByteBuffer}s ({@link MappedSource}), as {@link MappingKind#requested()} asks.
 */
final class Mapping {
  private Mapping() {}

  /**
   * What {@link MappingKind#AUTO} means here: a segment (true) or chunked buffers (false). The
   * segment is opt-in because it is not faster where it counts: random 4 KB reads of a seekable
   * file ({@code SeekableReadBenchmark.random4K}, Java 25, 64 KB blocks, 12 MB file, median
   * latency per read over three alternating runs of each) took 22.4, 22.7, 22.4 us through the
   * segment and 22.4, 23.1, 22.5 us through the buffers: both copy the block with the same
   * intrinsic, and the decode costs the rest. Decoding straight from a view of the mapping, to
   * save that copy, was slower for both (26 to 50 us): the pure-Java decoder reads a direct
   * buffer more slowly than an array. The segment's gains are elsewhere (unmapped on {@code
   * close()}, one mapping however large the file), so it stays, on request.
   */
  static final boolean AUTO_SEGMENT = false;

  static RandomAccessSource map(FileChannel channel) throws IOException {
    MappingKind k = MappingKind.requested();
    boolean segment = k == MappingKind.SEGMENT || (k == MappingKind.AUTO && AUTO_SEGMENT);
    return segment ? new SegmentSource(channel) : new MappedSource(channel, RandomAccessSource.DEFAULT_MAP_CHUNK);
  }

  static boolean segmentsAvailable() {
    return true;
  }

  static RandomAccessSource segment(FileChannel channel) throws IOException {
    return new SegmentSource(channel);
  }

  static String status() {
    MappingKind k = MappingKind.requested();
    boolean segment = k == MappingKind.SEGMENT || (k == MappingKind.AUTO && AUTO_SEGMENT);
    return (segment ? "one MemorySegment" : "chunked MappedByteBuffers") + " (" + MappingKind.PROPERTY + "="
        + k.name().toLowerCase(java.util.Locale.ROOT) + ")";
  }
}
