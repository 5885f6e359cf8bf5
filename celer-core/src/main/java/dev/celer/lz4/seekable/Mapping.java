package dev.celer.lz4.seekable;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Maps a whole file for {@link RandomAccessSource#mapped(FileChannel)}. This is the Java 11 face
 * of the class: one {@code MappedByteBuffer} holds at most 2 GB, so a file is mapped in chunks
 * ({@link MappedSource}). The multi-release override of this one class in {@code
 * META-INF/versions/25} (source in {@code src/main/java25}) adds one {@code MemorySegment} for the
 * whole file ({@code SegmentSource}) and picks between the two; both faces have the same members.
 */
final class Mapping {
  private Mapping() {}

  /**
   * @return {@code channel} mapped as {@link MappingKind#requested()} asks; here always in {@link
   *     RandomAccessSource#DEFAULT_MAP_CHUNK} chunks
   */
  static RandomAccessSource map(FileChannel channel) throws IOException {
    MappingKind.requested(); // a bad value fails on every Java alike
    return new MappedSource(channel, RandomAccessSource.DEFAULT_MAP_CHUNK);
  }

  /** @return whether {@link #segment(FileChannel)} works on this Java */
  static boolean segmentsAvailable() {
    return false;
  }

  /**
   * @return {@code channel} mapped as one {@code MemorySegment}, unmapped on close
   * @throws UnsupportedOperationException here: it needs the Java 25 layer
   */
  static RandomAccessSource segment(FileChannel channel) throws IOException {
    throw new UnsupportedOperationException(status());
  }

  /** @return what {@link #map(FileChannel)} makes and why, for people */
  static String status() {
    int feature = Runtime.version().feature();
    return feature < 25
        ? "chunked MappedByteBuffers: a MemorySegment mapping needs Java 25 or later (running Java " + feature + ")"
        : "chunked MappedByteBuffers: this copy of Celer has no Java 25 layer";
  }
}
