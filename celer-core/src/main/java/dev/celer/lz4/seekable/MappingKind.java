package dev.celer.lz4.seekable;

import java.util.Locale;

/**
 * How {@link RandomAccessSource#mapped(java.nio.channels.FileChannel)} maps a whole file, as the system property
 * {@value #PROPERTY} asks: {@code auto} (the default), {@code segment} or {@code buffers}. {@link
 * Mapping} decides what each means on the running Java.
 */
enum MappingKind {
  /** Whatever {@link Mapping} measured to be faster on this Java: the buffers, so far. */
  AUTO,
  /** One {@code MemorySegment} for the whole file (Java 25+; elsewhere the same as {@link #BUFFERS}). */
  SEGMENT,
  /** {@code MappedByteBuffer}s of {@link RandomAccessSource#DEFAULT_MAP_CHUNK} bytes each. */
  BUFFERS;

  /** The system property that chooses. */
  static final String PROPERTY = "dev.celer.seekable.mapping";

  /**
   * @return the kind the system property asks for, read at each call (a mapping is made once per
   *     open file, so tests and benchmarks may change it between files)
   * @throws IllegalArgumentException when the property is none of auto, segment, buffers
   */
  static MappingKind requested() {
    String v = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "auto":
        return AUTO;
      case "segment":
        return SEGMENT;
      case "buffers":
        return BUFFERS;
      default:
        throw new IllegalArgumentException(PROPERTY + "=" + v + " is none of auto, segment, buffers");
    }
  }
}
