/**
 * The LZ4 block format ({@code doc/lz4_Block_format.md}): fast and high-compression compressors,
 * the safe decompressor, dictionaries and linked blocks. Start at {@link dev.celer.lz4.Lz4}.
 */
package dev.celer.lz4;
