/**
 * Seekable LZ4 files ({@code docs/seekable-format.md}, version 1): standard LZ4 frames of
 * independent blocks followed by a seek index in a skippable frame, so that any decoded byte
 * range is read with one positioned read and one (partial) decode per block, while the stock
 * {@code lz4} tool still decodes the whole file.
 *
 * <p>Start at {@link dev.celer.lz4.seekable.SeekableLz4Writer} to write and {@link
 * dev.celer.lz4.seekable.SeekableLz4Reader} to read; {@link
 * dev.celer.lz4.seekable.SeekableLz4Indexer} makes an existing {@code .lz4} file seekable. Guide:
 * {@code docs/guide-seekable.md}.
 *
 * <ul>
 *   <li>{@link dev.celer.lz4.seekable.SeekableLz4Writer} writes a seekable file (an {@code
 *       OutputStream}; the index goes out on {@code close()}), or appends to one.
 *   <li>{@link dev.celer.lz4.seekable.SeekableLz4Indexer} indexes an existing {@code .lz4} file
 *       (one decode pass) and appends the index or writes it to a side-car file.
 *   <li>{@link dev.celer.lz4.seekable.SeekableLz4Reader} reads at any position: {@code
 *       read(ByteBuffer, long)}, {@code readFully}, a read-only {@code SeekableByteChannel}, an
 *       {@code InputStream} from a position; immutable and thread-safe.
 *   <li>{@link dev.celer.lz4.seekable.RandomAccessSource}: what the reader reads through (a byte
 *       array, a {@code FileChannel}, or a chunked memory mapping for files over 2 GB).
 *   <li>{@link dev.celer.lz4.seekable.SeekIndex}: the index itself.
 *   <li>{@link dev.celer.lz4.seekable.LazySeekIndex}: an index read in parts, for readers that
 *       need a few blocks of a file with a large index (one split of a Hadoop job).
 * </ul>
 *
 * <pre>{@code
 * try (SeekableLz4Writer out = new SeekableLz4Writer(Files.newOutputStream(path))) {
 *   out.write(data);
 * }
 * try (SeekableLz4Reader r = SeekableLz4Reader.open(path)) {
 *   byte[] part = r.readFully(123_456_789L, 4096);
 * }
 * }</pre>
 *
 * <p>Errors are {@link dev.celer.lz4.Lz4StreamException}s: {@code NOT_SEEKABLE} when a file has
 * no index (stream it instead, or index it), {@code BAD_INDEX} when the index is malformed or does
 * not fit the file, {@code CHECKSUM} and {@code CORRUPT_BLOCK} for damaged blocks.
 */
package dev.celer.lz4.seekable;
