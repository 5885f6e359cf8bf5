package dev.celer.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;

/**
 * lz4-java's block streams ({@code LZ4BlockOutputStream} / {@code LZ4BlockInputStream}, the format
 * of Spark's shuffle) through whichever {@code net.jpountz} implementation is first on the class
 * path: lz4-java 1.8.0 itself (shaded into {@code benchmarks.jar}) or Celer's drop-in put in front
 * of it, so each library runs in its own JVM (issue 26). The input is 20 MB of English text (the
 * corpus's {@code alice29.txt}, {@code book1}, {@code bible.txt} and {@code world192.txt}, in that
 * order, repeated), written with the default constructor's checksum in 32 KB blocks by 8 KB
 * {@code write} calls and read back by 8 KB {@code read} calls; each round writes, then reads, the
 * whole input; the line printed has the best of the rounds each way, in wall time, then ("cpu") in
 * the thread's CPU time, which a loaded machine disturbs less. An untimed pass first checks
 * the bytes read back against the input. {@code -Dceler.blockstream.only=read} (or {@code write})
 * times one direction only, for a profiler. {@code scripts/bench-blockstream} runs it for each library in turn.
 *
 * <pre>{@code
 * java [--enable-native-access=ALL-UNNAMED] -cp [celer-lz4-java.jar:celer-core.jar:]celer-bench/target/benchmarks.jar \
 *     dev.celer.bench.BlockStreamSpeed [label [rounds [corpusDir]]]
 * }</pre>
 */
public final class BlockStreamSpeed {
  private BlockStreamSpeed() {}

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final String[] TEXT = {"alice29.txt", "book1", "bible.txt", "world192.txt"};
  private static final int SIZE = 20_000_000;
  private static final int BLOCK = 32 * 1024;
  private static final int CHUNK = 8 * 1024;

  /** An output stream into a fixed array, so that the sink costs the same for every library. */
  private static final class Sink extends OutputStream {
    final byte[] buf;
    int size;

    Sink(int capacity) {
      buf = new byte[capacity];
    }

    @Override
    public void write(int b) {
      buf[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      System.arraycopy(b, off, buf, size, len);
      size += len;
    }
  }

  private static void write(byte[] input, Sink sink) throws IOException {
    sink.size = 0;
    try (LZ4BlockOutputStream out = new LZ4BlockOutputStream(sink, BLOCK)) {
      for (int at = 0; at < input.length; at += CHUNK) {
        out.write(input, at, Math.min(CHUNK, input.length - at));
      }
    }
  }

  private static void read(byte[] compressed, byte[] chunk, MessageDigest check) throws IOException {
    long total = 0;
    try (LZ4BlockInputStream in = new LZ4BlockInputStream(new ByteArrayInputStream(compressed))) {
      for (int n; (n = in.read(chunk, 0, chunk.length)) > 0; ) {
        total += n;
        if (check != null) {
          check.update(chunk, 0, n);
        }
      }
    }
    if (total != SIZE) {
      throw new IOException("read " + total + " bytes, wrote " + SIZE);
    }
  }

  /** @return Celer's backend when the drop-in is in use, else lz4-java's fastest factory */
  private static String backend() throws ReflectiveOperationException {
    String factory = LZ4Factory.fastestInstance().toString();
    if (!factory.contains("Celer")) {
      return factory;
    }
    // through reflection: the drop-in may come from another Celer build than this class
    return factory + ", " + Class.forName("dev.celer.lz4.Lz4").getMethod("backend").invoke(null);
  }

  public static void main(String[] args) throws Exception {
    String label = args.length > 0 ? args[0] : "?";
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    Path dir = Path.of(args.length > 2 ? args[2] : Corpus.dir().toString());
    byte[] input = new byte[SIZE];
    for (int at = 0, i = 0; at < SIZE; i++) {
      byte[] f = Files.readAllBytes(dir.resolve(TEXT[i % TEXT.length]));
      int n = Math.min(f.length, SIZE - at);
      System.arraycopy(f, 0, input, at, n);
      at += n;
    }
    Sink sink = new Sink(SIZE + SIZE / 8 + (1 << 20));
    byte[] chunk = new byte[CHUNK];
    // one untimed pass that checks the bytes read back; then the timed rounds
    write(input, sink);
    byte[] compressed = Arrays.copyOf(sink.buf, sink.size);
    MessageDigest check = MessageDigest.getInstance("SHA-256");
    read(compressed, chunk, check);
    if (!MessageDigest.isEqual(check.digest(), MessageDigest.getInstance("SHA-256").digest(input))) {
      throw new IOException("read back other bytes than written");
    }
    double bestWrite = 0;
    double bestRead = 0;
    double cpuWrite = 0;
    double cpuRead = 0;
    String only = System.getProperty("celer.blockstream.only", "");
    for (int r = 0; r < rounds; r++) {
      long c0 = THREADS.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      if (!only.equals("read")) {
        write(input, sink);
      }
      long t1 = System.nanoTime();
      long c1 = THREADS.getCurrentThreadCpuTime();
      if (!only.equals("write")) {
        read(compressed, chunk, null);
      }
      long t2 = System.nanoTime();
      long c2 = THREADS.getCurrentThreadCpuTime();
      bestWrite = Math.max(bestWrite, SIZE / ((t1 - t0) / 1e9) / 1e6);
      bestRead = Math.max(bestRead, SIZE / ((t2 - t1) / 1e9) / 1e6);
      cpuWrite = Math.max(cpuWrite, SIZE / ((c1 - c0) / 1e9) / 1e6);
      cpuRead = Math.max(cpuRead, SIZE / ((c2 - c1) / 1e9) / 1e6);
    }
    System.out.printf(Locale.ROOT, "%s write %.0f MB/s read %.0f MB/s cpu %.0f %.0f (best of %d; %,d -> %,d bytes; %s; %s)%n",
        label, bestWrite, bestRead, cpuWrite, cpuRead, rounds, SIZE, compressed.length, LZ4Factory.fastestInstance(),
        backend(), LZ4BlockInputStream.class.getProtectionDomain().getCodeSource().getLocation().getPath());
  }
}
