package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.seekable.LazySeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;

/**
 * A splittable Hadoop codec for {@code .lz4} files, in pure Java.
 *
 * <ul>
 *   <li><b>Writes</b> seekable LZ4 files ({@code docs/seekable-format.md}): one standard LZ4 frame
 *       of independent blocks (block and content checksums on) and a seek index in a trailing
 *       skippable frame. {@code lz4 -d} reads them like any {@code .lz4} file.
 *   <li><b>Reads</b> any LZ4 frame file (concatenated, skippable and legacy frames, as {@code lz4
 *       -d} does) and, told apart by the first four bytes, the block format of Hadoop's own {@code
 *       org.apache.hadoop.io.compress.Lz4Codec}, so existing data keeps reading.
 *   <li><b>Splits</b> files that have a seek index: a split {@code [start, end)} reads the lines
 *       whose preceding line break lies in the blocks starting in {@code [start, end)}, so {@code
 *       LineRecordReader} reads every line exactly once ({@link SeekableSplitInputStream} has the
 *       rule). A file without an index is read whole by the split that starts at 0; other splits
 *       read nothing.
 * </ul>
 *
 * <p>A codec receives no file length, yet the index is at the end of the file; the split stream
 * finds the length with a few one-byte positioned reads ({@link StreamLength}: two when the stream
 * reports how much is left, as HDFS, S3A and local files do; otherwise a bounded search of at most
 * {@code 2·log2(length)}), then reads only the part of the index it needs ({@link
 * dev.celer.lz4.seekable.LazySeekIndex}): the last 64 KiB of the file, which hold the whole index
 * of a file up to about 4,000 blocks; for a larger index, the frame table and two searches
 * of the block table (8 KiB pages, found by interpolation), and later the table entries of the blocks the split reads,
 * 1024 at a time. Splitting needs a
 * stream with positioned reads ({@link PositionedReadable}, as every {@code FSDataInputStream}
 * has); without them the whole-file rule applies. A stock {@code .lz4} file with a side-car index
 * ({@code FILE.idx}) splits when read through {@link SeekableLz4TextInputFormat} or {@link
 * SeekableLz4MapredTextInputFormat}, which find the side-car ({@link #SIDECAR_KEY}).
 *
 * <p>Configuration: {@value #BLOCK_SIZE_KEY} (bytes: 65536, 262144, 1048576 or 4194304; default
 * {@value #DEFAULT_BLOCK_SIZE}, which costs about 0.2% of compressed size against 4 MB blocks)
 * and {@value #LEVEL_KEY} (as {@code lz4 -N}; default 1). Hadoop's {@code Lz4Codec} also claims
 * {@code .lz4}: list this class in {@code io.compression.codecs} (entries there come after the
 * codecs found by service loading, and the last codec for an extension wins).
 *
 * <p>No {@link Compressor} or {@link Decompressor} is used: the streams do their own work, and
 * {@code CodecPool} copes with a codec that has none.
 *
 * <pre>{@code
 * conf.set("io.compression.codecs", SeekableLz4Codec.class.getName());
 * conf.setInt(SeekableLz4Codec.BLOCK_SIZE_KEY, 4 << 20);
 * SeekableLz4Codec codec = ReflectionUtils.newInstance(SeekableLz4Codec.class, conf);
 * try (OutputStream out = codec.createOutputStream(fs.create(new Path("part-00000.lz4")))) {
 *   out.write(data);   // a seekable .lz4 file: splittable, and lz4 -d still reads it
 * }
 * }</pre>
 */
public class SeekableLz4Codec implements SplittableCompressionCodec, Configurable {
  /** The block size of written files, in bytes. */
  public static final String BLOCK_SIZE_KEY = "celer.lz4.blocksize";
  /** The default block size: 1 MiB. */
  public static final int DEFAULT_BLOCK_SIZE = 1 << 20;
  /** The compression level of written files, as {@code lz4 -N}. */
  public static final String LEVEL_KEY = "celer.lz4.level";
  /**
   * The length of the file a split stream opens, when the caller knows it: the input formats set
   * it, from {@code FileStatus}, in a copy of the configuration made for one split, so the codec
   * needs no probes. A length that does not lead to an index is not trusted: the codec then finds
   * the length itself.
   */
  public static final String FILE_LENGTH_KEY = "celer.lz4.file.length";
  /**
   * The side-car index ({@code FILE.idx}, as {@code celer index --sidecar} writes it) of the file a
   * split stream opens, as a path: the input formats set it, in the configuration copy of one
   * split, when they found one beside a {@code .lz4} file. It is used when the file itself has no
   * index, and must then be a valid index of exactly that file (else the split fails: splits that
   * disagreed about the index would lose or repeat lines). The codec alone cannot look for a
   * side-car: Hadoop gives it a stream, never the file's path.
   */
  public static final String SIDECAR_KEY = "celer.lz4.sidecar";
  /** The file name extension. */
  public static final String EXTENSION = ".lz4";

  private Configuration conf;

  /** A codec with the default settings until {@link #setConf} is called. */
  public SeekableLz4Codec() {}

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** @return the frame options written files get from the configuration */
  Lz4FrameOptions writeOptions() {
    int blockSize = conf == null ? DEFAULT_BLOCK_SIZE : conf.getInt(BLOCK_SIZE_KEY, DEFAULT_BLOCK_SIZE);
    int level = conf == null ? 1 : conf.getInt(LEVEL_KEY, 1);
    Lz4FrameOptions.BlockSize size = null;
    for (Lz4FrameOptions.BlockSize s : Lz4FrameOptions.BlockSize.values()) {
      if (s.bytes() == blockSize) {
        size = s;
      }
    }
    if (size == null) {
      throw new IllegalArgumentException(BLOCK_SIZE_KEY + " must be 65536, 262144, 1048576 or 4194304, not " + blockSize);
    }
    return SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder().blockSize(size).level(level).build();
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out) {
    return new SeekableLz4OutputStream(out, writeOptions());
  }

  /** As {@link #createOutputStream(OutputStream)}; {@code compressor} is not used. */
  @Override
  public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) {
    return createOutputStream(out);
  }

  /** @return null: this codec needs no {@link Compressor} */
  @Override
  public Class<? extends Compressor> getCompressorType() {
    return null;
  }

  /** @return null: this codec needs no {@link Compressor} */
  @Override
  public Compressor createCompressor() {
    return null;
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return new Lz4DecodingInputStream(in);
  }

  /** As {@link #createInputStream(InputStream)}; {@code decompressor} is not used. */
  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
    return createInputStream(in);
  }

  /** @return null: this codec needs no {@link Decompressor} */
  @Override
  public Class<? extends Decompressor> getDecompressorType() {
    return null;
  }

  /** @return null: this codec needs no {@link Decompressor} */
  @Override
  public Decompressor createDecompressor() {
    return null;
  }

  @Override
  public String getDefaultExtension() {
    return EXTENSION;
  }

  /**
   * Opens the split {@code [start, end)} of the file {@code seekableIn} reads (both modes read by
   * block). The length of the file is found from the stream ({@link StreamLength}).
   *
   * @throws Lz4StreamException when the file has a seek index that is damaged
   */
  @Override
  public SplitCompressionInputStream createInputStream(InputStream seekableIn, Decompressor decompressor,
      long start, long end, READ_MODE readMode) throws IOException {
    long known = conf == null ? -1 : conf.getLong(FILE_LENGTH_KEY, -1);
    String sidecar = conf == null ? null : conf.get(SIDECAR_KEY);
    return open(seekableIn, start, end, known >= end ? known : -1, sidecar == null ? null : new Path(sidecar));
  }

  /**
   * As {@link #createInputStream(InputStream, Decompressor, long, long, READ_MODE)}, with the
   * file's length when the caller knows it ({@code FileStatus}), which saves the probes; -1 when
   * it does not. A length at which no index is found is not trusted (the probes run).
   *
   * @param seekableIn the file's stream; one that is not {@code Seekable} and {@code
   *     PositionedReadable} is read whole by the split that starts at 0
   * @param start where the split starts in the file
   * @param end where the split ends in the file (exclusive)
   * @param fileLength the file's length, or -1 when not known
   * @return the decoded bytes of the blocks that start in the split
   * @throws IOException when the stream fails or the file is not valid LZ4
   */
  public SplitCompressionInputStream createInputStream(InputStream seekableIn, long start, long end, long fileLength)
      throws IOException {
    return open(seekableIn, start, end, fileLength, null);
  }

  /** The split stream, with the index at the end of the file or else in {@code sidecar} (when not null). */
  private SplitCompressionInputStream open(InputStream seekableIn, long start, long end, long fileLength, Path sidecar)
      throws IOException {
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("bad split [" + start + ", " + end + ")");
    }
    if (!(seekableIn instanceof PositionedReadable) || !(seekableIn instanceof Seekable)) {
      return new WholeFileSplitInputStream(seekableIn, start, end);
    }
    PositionedSource src = null;
    LazySeekIndex index = null;
    boolean noIndexAtKnownLength = false;
    if (fileLength >= 0) {
      try {
        src = new PositionedSource((PositionedReadable) seekableIn, fileLength);
        index = open(src);
        noIndexAtKnownLength = index == null;
      } catch (IOException e) {
        index = null; // a wrong length (EOF, or what looks like a damaged index): find the real one
      }
    }
    if (noIndexAtKnownLength && sidecar != null) {
      // no probes: a wrong length fails the side-car's check of the data's length (BAD_INDEX)
      return openWithSidecar(seekableIn, src, sidecar, start, end);
    }
    if (index == null) {
      src = new PositionedSource((PositionedReadable) seekableIn, StreamLength.find(seekableIn, end));
      index = open(src);
    }
    if (index == null && sidecar != null) {
      return openWithSidecar(seekableIn, src, sidecar, start, end);
    }
    if (index == null) {
      return new WholeFileSplitInputStream(seekableIn, start, end);
    }
    return new SeekableSplitInputStream(seekableIn, src, index, start, end);
  }

  /**
   * The split stream of a file without an index of its own, through its side-car: the file and the
   * side-car read as one ({@link SidecarSource}). Every failure is thrown, NOT_SEEKABLE included.
   */
  private SplitCompressionInputStream openWithSidecar(InputStream seekableIn, PositionedSource data, Path sidecar,
      long start, long end) throws IOException {
    FileSystem fs = sidecar.getFileSystem(conf);
    FSDataInputStream in = fs.open(sidecar);
    try {
      long length = fs.getFileStatus(sidecar).getLen();
      SidecarSource both = new SidecarSource(data, new PositionedSource(in, length), in);
      LazySeekIndex index = LazySeekIndex.open(both, SeekableReadOptions.defaults().maxIndexBytes());
      return new SeekableSplitInputStream(seekableIn, both, index, start, end);
    } catch (IOException | RuntimeException | Error e) {
      try {
        in.close();
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * @return the index at the end of {@code src} (its footer and frame table; the block table is
   *     read in parts, as a split needs it), or null when there is none
   */
  private static LazySeekIndex open(PositionedSource src) throws IOException {
    try {
      return LazySeekIndex.open(src, SeekableReadOptions.defaults().maxIndexBytes());
    } catch (Lz4StreamException e) {
      if (e.kind() == Lz4StreamException.Kind.NOT_SEEKABLE) {
        return null;
      }
      throw e;
    }
  }
}
