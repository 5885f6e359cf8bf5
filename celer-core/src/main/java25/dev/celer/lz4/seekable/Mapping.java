package dev.celer.lz4.seekable;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Maps a whole file for {@link RandomAccessSource#mapped(FileChannel)} on Java 25+ (the
 * multi-release override of the Java 17 class of the same name; see there for each member): one
 * {@code MemorySegment} for the whole file ({@link SegmentSource}), or chunked {@code
 * MappedByteBuffer}s ({@link MappedSource}), as {@link MappingKind#requested()} asks.
 */
final class Mapping {
  private Mapping() {}

  /** What {@link MappingKind#AUTO} means here: a segment (true) or chunked buffers. */
  static final boolean AUTO_SEGMENT = true;

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
