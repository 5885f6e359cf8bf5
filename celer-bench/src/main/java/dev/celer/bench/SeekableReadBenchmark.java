package dev.celer.bench;

import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableLz4Writer;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Random 4 KB reads from a seekable LZ4 file ({@code docs/seekable-format.md}): the whole corpus
 * concatenated (about 30 MB) written with 64 KB blocks, read through a mapping ({@link #source}:
 * one {@code MemorySegment} or chunked {@code MappedByteBuffer}s) or a {@code FileChannel}, beside the only way without an index: decoding the stream from the start
 * up to the position ({@link #fromStart}, with positions limited to the first {@code
 * fromStartLimit} bytes so that an operation stays short). One operation is one 4 KB read.
 *
 * <p>At set-up it prints the index overhead and the compressed size at 64 KB against 4 MB blocks
 * (the price of 64 KB seek granularity). Numbers on a shared machine are relative.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SeekableReadBenchmark {
  private static final int READ = 4096;

  /**
   * How the reader reaches the file: {@code RandomAccessSource.mapped} with {@code
   * dev.celer.seekable.mapping} set to {@code segment} (one {@code MemorySegment}, Java 25+; the
   * chunked buffers below Java 25) or {@code buffers} (chunked {@code MappedByteBuffer}s), or
   * positioned reads of a {@code channel}.
   */
  @Param({"segment", "buffers", "channel"})
  public String source;

  /** {@link #fromStart} picks positions below this many decoded bytes. */
  @Param({"4000000"})
  public int fromStartLimit;

  private Path file;
  private SeekableLz4Reader reader;
  private long size;
  private final SplittableRandom random = new SplittableRandom(14);
  private final byte[] dst = new byte[READ];

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (String name : Corpus.names()) {
      all.write(Corpus.read(name));
    }
    byte[] data = all.toByteArray();
    file = Files.createTempFile("celer-seekable", ".lz4");
    try (OutputStream out = new SeekableLz4Writer(Files.newOutputStream(file))) {
      out.write(data);
    }
    ByteArrayOutputStream big = new ByteArrayOutputStream();
    try (OutputStream out = new SeekableLz4Writer(big, SeekableLz4Writer.DEFAULT_OPTIONS.toBuilder()
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_4MB).build())) {
      out.write(data);
    }
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
    if (!source.equals("channel")) {
      System.setProperty("dev.celer.seekable.mapping", source);
    }
    reader = SeekableLz4Reader.open(source.equals("channel") ? RandomAccessSource.of(ch) : RandomAccessSource.mapped(ch));
    size = reader.size();
    long small = Files.size(file);
    int indexBytes = reader.index().toBytes().length;
    System.out.printf(Locale.ROOT, "%n%d bytes of content: %d compressed with 64 KB blocks (index %d bytes, %.3f%%),"
        + " %d with 4 MB blocks (64 KB costs %+.2f%%)%n", size, small, indexBytes, 100.0 * indexBytes / small,
        big.size(), 100.0 * (small - big.size()) / big.size());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    reader.close();
    Files.deleteIfExists(file);
  }

  /** One 4 KB read at a random position, through the index. */
  @Benchmark
  public byte[] random4K() throws IOException {
    reader.read(random.nextLong(size - READ), dst, 0, READ);
    return dst;
  }

  /** One 4 KB read at a random position below {@link #fromStartLimit}, decoding from the file's start. */
  @Benchmark
  public byte[] fromStart() throws IOException {
    long pos = random.nextLong(Math.min(fromStartLimit, size - READ));
    try (InputStream in = new Lz4FrameInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      skipFully(in, pos);
      in.readNBytes(dst, 0, READ);
    }
    return dst;
  }

  /** {@code InputStream.skipNBytes}, which Java 11 lacks. */
  private static void skipFully(InputStream in, long n) throws IOException {
    while (n > 0) {
      long k = in.skip(n);
      if (k <= 0) {
        if (in.read() < 0) {
          throw new java.io.EOFException(n + " bytes short of the position to skip to");
        }
        k = 1;
      }
      n -= k;
    }
  }
}
