/**
 * Celer: LZ4 compression and xxHash hashing in pure Java.
 *
 * <ul>
 *   <li>{@link dev.celer.lz4} — the LZ4 block format: fast and HC compressors, the decompressor.</li>
 *   <li>{@link dev.celer.lz4.frame} — the LZ4 frame format (and the legacy frame) as streams.</li>
 *   <li>{@link dev.celer.lz4.seekable} — seekable LZ4 files: standard frames plus a seek index, read at any position.</li>
 *   <li>{@link dev.celer.lz4.jpountz} — lz4-java's own {@code LZ4Block} stream format, for migration.</li>
 *   <li>{@link dev.celer.xxhash} — XXH32, XXH64, XXH3-64 and XXH3-128.</li>
 * </ul>
 * The package {@code dev.celer.internal} is not exported.
 */
module dev.celer {
  exports dev.celer.lz4;
  exports dev.celer.lz4.frame;
  exports dev.celer.lz4.jpountz;
  exports dev.celer.lz4.seekable;
  exports dev.celer.xxhash;
}
