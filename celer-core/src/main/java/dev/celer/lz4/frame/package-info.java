/**
 * The LZ4 frame format ({@code doc/lz4_Frame_format.md} of the lz4 repository, version 1.6.x) and
 * the legacy frame format: streams and one-shot helpers, interoperable with the {@code lz4}
 * command (frames either side writes, the other reads).
 *
 * <p>Start at {@link dev.celer.lz4.frame.Lz4FrameOutputStream} and {@link
 * dev.celer.lz4.frame.Lz4FrameInputStream} for streams, or {@link dev.celer.lz4.frame.Lz4Frame}
 * for whole arrays and buffers. Guide: {@code docs/guide-frames.md}.
 *
 * <ul>
 *   <li>{@link dev.celer.lz4.frame.Lz4FrameOutputStream} writes one frame (or one legacy frame),
 *       as {@link dev.celer.lz4.frame.Lz4FrameOptions} say: block size, linked or independent
 *       blocks, checksums, content size, dictionary, level (fast or HC), Kafka's header checksum;
 *       with a parallelism and an {@link java.util.concurrent.Executor} it compresses independent
 *       blocks on several threads (at most two blocks per thread in flight) and writes the same
 *       bytes as one thread.
 *   <li>{@link dev.celer.lz4.frame.Lz4FrameInputStream} reads concatenated frames, skippable and
 *       legacy frames as {@code lz4 -d} does, verifying every checksum and size, with limits in
 *       {@link dev.celer.lz4.frame.Lz4FrameReadOptions}.
 *   <li>{@link dev.celer.lz4.frame.Lz4Frame}: {@code compress}/{@code decompress} of whole arrays,
 *       skippable frames, and {@link dev.celer.lz4.frame.Lz4Frame#list(java.io.InputStream)} to
 *       describe frames ({@link dev.celer.lz4.frame.Lz4FrameInfo}) without decoding them.
 *   <li>{@link dev.celer.lz4.frame.Lz4FrameBlockEncoder}: the per-block step of the writer, for
 *       callers that schedule the blocks themselves ({@code writeEncodedBlock}).
 * </ul>
 *
 * <pre>{@code
 * Lz4FrameOptions opts = Lz4FrameOptions.builder()
 *     .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).linkedBlocks(true).level(9).build();
 * try (OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(path), opts)) {
 *   out.write(data);
 * }
 * try (InputStream in = new Lz4FrameInputStream(Files.newInputStream(path))) {
 *   byte[] back = in.readAllBytes();
 * }
 * ExecutorService pool = Executors.newFixedThreadPool(4);
 * try (OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(path), Lz4FrameOptions.defaults(), 4, pool)) {
 *   in.transferTo(out); // 4 MB blocks compressed four at a time; the bytes of one thread
 * } finally {
 *   pool.shutdown();
 * }
 * byte[] frame = Lz4Frame.compress(data);
 * byte[] same = Lz4Frame.decompress(frame); // capped at 256 MiB by default
 * }</pre>
 *
 * <p>Errors in the input surface as {@link dev.celer.lz4.Lz4StreamException} (an {@link
 * java.io.IOException}) naming the problem ("truncated", "header checksum", "block checksum",
 * "content checksum", "content size mismatch", ...) and the input offset.
 */
package dev.celer.lz4.frame;
