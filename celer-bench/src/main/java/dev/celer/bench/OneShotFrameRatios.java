package dev.celer.bench;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.Lz4Compressor;
import dev.celer.lz4.Lz4Decompressor;
import dev.celer.lz4.frame.Lz4Frame;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The one-shot frame calls against the block calls they wrap (issue 26), in one JVM: for each
 * input (a 4 KB, 100 KB and 4 MB slice of corpus files) and content checksum off and on, the
 * block calls (into a buffer, and the forms that return a new array), {@link
 * Lz4Frame#compress(byte[], Lz4FrameOptions)} / {@link Lz4Frame#decompress(byte[])} (a new array
 * per call, against the block call that returns one) and the {@code ByteBuffer} one-shot calls
 * (heap buffers, into a buffer, against the block call into a buffer), run in turn in short slices of thread CPU time, rounds
 * interleaved; the ratio is the median over the rounds of (frame speed / block speed). Allocation
 * per call beyond the output from the thread's allocation counter.
 *
 * <pre>{@code
 * java -cp celer-core/target/celer-core-*.jar:celer-bench/target/classes dev.celer.bench.OneShotFrameRatios [corpusDir] [rounds]
 * }</pre>
 */
public final class OneShotFrameRatios {
  private OneShotFrameRatios() {}


  /** MB/s of {@code call} over {@code bytes} per call, run for about {@code nanos} of thread CPU time. */
  public static void main(String[] args) throws Exception {
    Path corpus = Path.of(args.length > 0 ? args[0] : "../shared/corpus");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    String[][] inputs = {
      {"alice29.txt", "4096"}, {"google.html", "4096"},
      {"alice29.txt", "102400"}, {"google.html", "102400"}, {"world192.txt", "102400"},
      {"bible.txt", "4000000"}, {"world192.txt", "2473400"},
    };
    Lz4Compressor c = Lz4.fastCompressor();
    Lz4Decompressor d = Lz4.decompressor();
    System.out.printf(Locale.ROOT, "# %s %s, backend %s, %d rounds, ratios = median per-round frame/block speed%n",
        System.getProperty("java.vm.name"), System.getProperty("java.version"), Lz4.backend(), rounds);
    System.out.println("| input | C.checksum | block decompress MB/s (into a buffer) | decompress(byte[]) / block's new-array call "
        + "| decompress(ByteBuffer) / block into a buffer | B/call beyond output | block compress MB/s (into a buffer) "
        + "| compress(byte[]) / block's new-array call | compress(ByteBuffer) / block into a buffer | B/call beyond output |");
    System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (String[] in : inputs) {
      byte[] file = Files.readAllBytes(corpus.resolve(in[0]));
      int n = Math.min(file.length, Integer.parseInt(in[1]));
      byte[] data = Arrays.copyOf(file, n);
      for (boolean checksum : new boolean[] {false, true}) {
        Lz4FrameOptions o = Lz4FrameOptions.builder().contentChecksum(checksum).build();
        byte[] block = c.compress(data);
        byte[] frame = Lz4Frame.compress(data, o);
        byte[] out = new byte[n];
        byte[] cbuf = new byte[Lz4.maxCompressedLength(n)];
        ByteBuffer frameBuf = ByteBuffer.wrap(frame);
        ByteBuffer outBuf = ByteBuffer.allocate(n);
        ByteBuffer dataBuf = ByteBuffer.wrap(data);
        ByteBuffer fbuf = ByteBuffer.allocate(Lz4Frame.maxCompressedLength(n, o));
        List<Measure.Call> dec = new ArrayList<>();
        dec.add(() -> d.decompress(block, 0, block.length, out, 0, n));
        dec.add(() -> d.decompress(block, n)); // the block call that returns a new array
        dec.add(() -> Lz4Frame.decompress(frame));
        dec.add(() -> {
          frameBuf.clear();
          outBuf.clear();
          Lz4Frame.decompress(frameBuf, outBuf);
        });
        List<Measure.Call> comp = new ArrayList<>();
        comp.add(() -> c.compress(data, 0, n, cbuf, 0, cbuf.length));
        comp.add(() -> c.compress(data)); // the block call that returns a new array
        comp.add(() -> Lz4Frame.compress(data, o));
        comp.add(() -> {
          dataBuf.clear();
          fbuf.clear();
          Lz4Frame.compress(dataBuf, fbuf, o);
        });
        if (!Arrays.equals(Lz4Frame.decompress(frame), data)) {
          throw new AssertionError("round trip");
        }
        long slice = n > 1_000_000 ? 200_000_000L : 60_000_000L;
        for (Measure.Call k : dec) {
          Measure.cpuSpeed(k, n, 3 * slice, 4); // warm-up
        }
        for (Measure.Call k : comp) {
          Measure.cpuSpeed(k, n, 3 * slice, 4);
        }
        double[][] dr = new double[4][rounds];
        double[][] cr = new double[4][rounds];
        for (int r = 0; r < rounds; r++) {
          for (int k = 0; k < 4; k++) {
            dr[k][r] = Measure.cpuSpeed(dec.get(k), n, slice, 4);
            cr[k][r] = Measure.cpuSpeed(comp.get(k), n, slice, 4);
          }
        }
        double[] dRatio1 = new double[rounds];
        double[] dRatio2 = new double[rounds];
        double[] cRatio1 = new double[rounds];
        double[] cRatio2 = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          dRatio1[r] = dr[2][r] / dr[1][r]; // new array vs new array
          dRatio2[r] = dr[3][r] / dr[0][r]; // into a buffer vs into a buffer
          cRatio1[r] = cr[2][r] / cr[1][r];
          cRatio2[r] = cr[3][r] / cr[0][r];
        }
        long dAlloc = Measure.allocatedPerCall(dec.get(2)) - (16 + ((n + 7) & ~7));
        long cAlloc = Measure.allocatedPerCall(comp.get(2)) - (16 + ((frame.length + 7) & ~7));
        System.out.printf(Locale.ROOT, "| %s, %s | %s | %.0f | %.2f× | %.2f× | %d | %.0f | %.2f× | %.2f× | %d |%n",
            in[0], n >= 1_000_000 ? String.format(Locale.ROOT, "%.1f MB", n / 1e6) : (n / 1024) + " KB",
            checksum ? "on" : "off", Measure.median(dr[0]), Measure.median(dRatio1), Measure.median(dRatio2), dAlloc,
            Measure.median(cr[0]), Measure.median(cRatio1), Measure.median(cRatio2), cAlloc);
      }
    }
  }
}
