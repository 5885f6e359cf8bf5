package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4StreamCompressor;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.xxhash.XxHash32;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Linked HC blocks at level 12 (or the level given) on the native backend, one liblz4 state per
 * sequence (issue 22), against pure Java, in one JVM: for each input (the first {@code size}
 * bytes of each file), {@link Lz4FrameOutputStream} with linked 64 KB blocks and a content
 * checksum (native: its stream compressor is liblz4's) against the same work in pure Java (an
 * {@link Lz4StreamCompressor} over {@link Lz4#javaHighCompressor(int)} fed the same 64 KB blocks
 * with the frame's room, {@code len - 1}, and the checksum: a frame stream cannot be given the Java
 * compressor while the backend is native), and the two stream compressors alone. Run in turn in
 * slices of thread CPU time, rounds interleaved; the ratio is the median over the rounds of
 * (native speed / Java speed).
 *
 * <pre>{@code
 * java --enable-native-access=ALL-UNNAMED -cp celer-core/target/celer-core-*.jar:celer-bench/target/classes \
 *   dev.celer.bench.LinkedHighRatios [level] [rounds] [size] files...
 * }</pre>
 */
public final class LinkedHighRatios {
  private LinkedHighRatios() {}

  private static final int BLOCK = 64 * 1024;

  /** An output stream that only counts. */
  private static final class Sink extends OutputStream {
    long n;

    @Override
    public void write(int b) {
      n++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      n += len;
    }
  }

  /** The frame stream's linked work on one stream compressor: 64 KB blocks, room len - 1, XXH32 of the content. */
  private static long streamWork(Lz4StreamCompressor sc, byte[] data, byte[] dst) {
    sc.reset();
    XxHash32 h = XxHash32.create(0);
    long out = 0;
    for (int pos = 0; pos < data.length; pos += BLOCK) {
      int len = Math.min(BLOCK, data.length - pos);
      h.update(data, pos, len);
      int n = sc.tryCompress(data, pos, len, dst, 0, len - 1);
      out += n < 0 ? len : n;
    }
    return out + h.digest();
  }

  public static void main(String[] args) throws Exception {
    int level = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    int size = Integer.parseInt(args[2]);
    System.out.println("backend: " + Lz4.backend());
    System.out.printf(Locale.ROOT, "level %d, linked 64 KB blocks, %d rounds, %d bytes per input%n", level, rounds, size);
    Lz4FrameOptions options = Lz4FrameOptions.builder().level(level).linkedBlocks(true)
        .blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).contentChecksum(true).build();
    for (int f = 3; f < args.length; f++) {
      byte[] file = Files.readAllBytes(Path.of(args[f]));
      byte[] data = Arrays.copyOf(file, Math.min(size, file.length));
      byte[] dst = new byte[Lz4.maxCompressedLength(BLOCK)];
      Sink sink = new Sink();
      Lz4StreamCompressor nat = Lz4.streamCompressor(Lz4.highCompressor(level));
      Lz4StreamCompressor java = Lz4.streamCompressor(Lz4.javaHighCompressor(level));
      Measure.Call frame = () -> {
        try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(sink, options)) {
          out.write(data);
        }
      };
      Measure.Call javaWork = () -> streamWork(java, data, dst);
      Measure.Call natWork = () -> streamWork(nat, data, dst);
      if (streamWork(nat, data, dst) != streamWork(java, data, dst)) {
        throw new AssertionError("native and Java give other output sizes");
      }
      long slice = 300_000_000L;
      for (int w = 0; w < 2; w++) { // warm-up
        Measure.cpuSpeed(frame, data.length, slice, 1);
        Measure.cpuSpeed(javaWork, data.length, slice, 1);
        Measure.cpuSpeed(natWork, data.length, slice, 1);
      }
      List<Double> frameRatios = new ArrayList<>();
      List<Double> streamRatios = new ArrayList<>();
      double[] last = new double[3];
      for (int r = 0; r < rounds; r++) {
        double a = Measure.cpuSpeed(frame, data.length, slice, 1);
        double b = Measure.cpuSpeed(javaWork, data.length, slice, 1);
        double c = Measure.cpuSpeed(natWork, data.length, slice, 1);
        frameRatios.add(a / b);
        streamRatios.add(c / b);
        last = new double[] {a, b, c};
      }
      System.out.printf(Locale.ROOT, "%-28s frame stream native / Java %.2f   stream compressor native / Java %.2f   (last round MB/s: frame %.1f, Java %.1f, native %.1f)%n",
          Path.of(args[f]).getFileName(), Measure.median(frameRatios), Measure.median(streamRatios), last[0], last[1], last[2]);
    }
  }
}
