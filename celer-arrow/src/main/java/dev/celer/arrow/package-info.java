/**
 * Apache Arrow Java's {@code LZ4_FRAME} buffer compression on Celer: IPC files and streams (and
 * Flight) compressed and read on Arrow's own memory, byte-compatible with pyarrow and Arrow C++.
 *
 * <p>Start from {@link dev.celer.arrow.CelerCompressionFactory}: pass {@link
 * dev.celer.arrow.CelerCompressionFactory#INSTANCE} to Arrow's writers and readers (it is also
 * registered for {@link java.util.ServiceLoader}).
 *
 * <pre>{@code
 * try (ArrowFileWriter writer = new ArrowFileWriter(root, null, channel, Map.of(), IpcOption.DEFAULT,
 *     CelerCompressionFactory.INSTANCE, CompressionUtil.CodecType.LZ4_FRAME)) {
 *   writer.start();
 *   writer.writeBatch();
 *   writer.end();
 * }
 * }</pre>
 *
 * Guide: {@code docs/arrow.md}.
 */
package dev.celer.arrow;
