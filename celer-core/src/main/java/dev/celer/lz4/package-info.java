/**
 * The LZ4 block format ({@code doc/lz4_Block_format.md}): fast and high-compression compressors,
 * the safe decompressor, dictionaries and linked blocks. A block carries no length, magic number
 * or checksum: the caller stores the original length. For files and streams use the frame format
 * ({@code dev.celer.lz4.frame}) instead.
 *
 * <p>Start at {@link dev.celer.lz4.Lz4}, whose factories return the thread-safe {@link
 * dev.celer.lz4.Lz4Compressor}s and {@link dev.celer.lz4.Lz4Decompressor}:
 *
 * <pre>{@code
 * byte[] block = Lz4.fastCompressor().compress(data);          // or Lz4.highCompressor(9)
 * byte[] back = Lz4.decompressor().decompress(block, data.length);
 * }</pre>
 *
 * <p>Also here: {@link dev.celer.lz4.Lz4Dictionary} (a dictionary prepared once for many small
 * blocks), {@link dev.celer.lz4.Lz4StreamCompressor} and {@link
 * dev.celer.lz4.Lz4StreamDecompressor} (linked blocks), {@link dev.celer.lz4.Lz4Level}, and the
 * errors {@link dev.celer.lz4.Lz4Exception} (blocks) and {@link dev.celer.lz4.Lz4StreamException}
 * (streams). Guide: {@code docs/guide-blocks.md}.
 */
package dev.celer.lz4;
