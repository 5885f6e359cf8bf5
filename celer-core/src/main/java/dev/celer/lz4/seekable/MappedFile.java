package dev.celer.lz4.seekable;

import java.io.IOException;

/**
 * A {@link RandomAccessSource} that reads a memory mapping of a file ({@link MappedSource}, and
 * {@code SegmentSource} on Java 25+), so that a file which shrinks while it is mapped makes reads
 * of the lost pages raise {@code SIGBUS}. The JVM survives it: it turns the fault into an {@link
 * InternalError} ("a fault occurred in an unsafe memory access operation"), but delivers that
 * error <em>asynchronously</em>. On Java 21+ it comes at the thread's next safepoint check, soon
 * after the copy (measured on 25: in {@link SeekableLz4Reader}'s block read, past the source's
 * call). On Java 11-20 it comes wherever the thread next enters the VM, which can be after the read
 * has returned (measured on 11 and 17: even in the caller's code). So {@link MappedSource} ends each read on those versions with a call that
 * enters the VM and takes the pending error there; {@link SeekableLz4Reader} catches it around each
 * whole read and, for a source of this type, rethrows it as {@code Lz4StreamException} of kind
 * {@code TRUNCATED}.
 */
interface MappedFile {
  /** @return the size of the file now (the mapping keeps the size it had when it was made) */
  long fileSizeNow() throws IOException;
}
