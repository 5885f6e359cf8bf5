/**
 * lz4-java's own {@code LZ4Block} stream format ({@code LZ4BlockOutputStream} / {@code
 * LZ4BlockInputStream}), for systems migrating off lz4-java. This format is <b>not</b> compatible
 * with the LZ4 frame format.
 */
package dev.celer.lz4.jpountz;
