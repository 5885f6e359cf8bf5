/**
 * lz4-java's own {@code LZ4Block} stream format ({@code LZ4BlockOutputStream} / {@code
 * LZ4BlockInputStream}), for systems migrating off lz4-java. This format is <b>not</b> compatible
 * with the LZ4 frame format.
 *
 * <p>Start at {@link dev.celer.lz4.jpountz.JpountzBlockInputStream} (reads what lz4-java's
 * {@code LZ4BlockOutputStream} wrote) and {@link dev.celer.lz4.jpountz.JpountzBlockOutputStream}
 * (writes what its {@code LZ4BlockInputStream} reads). For new data, use the LZ4 frame format
 * ({@code dev.celer.lz4.frame}).
 */
package dev.celer.lz4.jpountz;
