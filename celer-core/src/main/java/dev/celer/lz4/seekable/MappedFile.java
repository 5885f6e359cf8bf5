package dev.celer.lz4.seekable;

import java.io.IOException;

/**
 * A {@link RandomAccessSource} that reads a memory mapping of a file ({@link MappedSource}, and
 * {@code SegmentSource} on Java 25+), so that a file which shrinks while it is mapped makes reads
 * of the lost pages raise {@code SIGBUS}. The JVM survives it: it turns the fault into an {@link
 * InternalError} ("a fault occurred in an unsafe memory access operation"), but delivers that
 * error <em>asynchronously</em>, at the reading thread's next safepoint check, which can be after
 * the copy (and the source's {@code readFully}) has returned: measured on Java 25, it surfaced
 * in {@link SeekableLz4Reader}'s block read, past the source's call. So the source cannot catch it;
 * {@link SeekableLz4Reader} catches it around each whole read and, for a source of this type,
 * rethrows it as {@code Lz4StreamException} of kind {@code TRUNCATED}.
 */
interface MappedFile {
  /** @return the size of the file now (the mapping keeps the size it had when it was made) */
  long fileSizeNow() throws IOException;
}
