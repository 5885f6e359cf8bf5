package dev.celer.hadoop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;

/** Seeded text lines of varied length (empty ones, short ones, some longer than a 64 KB block). */
final class TestData {
  private TestData() {}

  /** Why the tests that use a Hadoop file system run on JDK 17..22 only. */
  static final String HADOOP_19212 =
      "Hadoop 3.4 file systems need Subject.getSubject, which JDK 23+ refuses (HADOOP-19212)";

  static List<String> lines(long seed, int count) {
    SplittableRandom r = new SplittableRandom(seed);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int kind = r.nextInt(100);
      int len = kind < 5 ? 0 : kind < 80 ? r.nextInt(1, 120) : kind < 99 ? r.nextInt(120, 3000) : r.nextInt(70_000, 150_000);
      StringBuilder sb = new StringBuilder(len + 16);
      sb.append(i).append(':');
      while (sb.length() < len) {
        // words from a small vocabulary: compressible like real logs, but not trivially
        sb.append("w").append(r.nextInt(500)).append(r.nextBoolean() ? ' ' : ',');
      }
      lines.add(sb.toString());
    }
    return lines;
  }

  static byte[] join(List<String> lines, String eol) {
    StringBuilder sb = new StringBuilder();
    for (String l : lines) {
      sb.append(l).append(eol);
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  static Configuration conf(int blockSize) {
    Configuration conf = new Configuration(false);
    conf.set("io.compression.codecs", SeekableLz4Codec.class.getName());
    conf.setInt(SeekableLz4Codec.BLOCK_SIZE_KEY, blockSize);
    conf.set("fs.file.impl", "org.apache.hadoop.fs.LocalFileSystem");
    return conf;
  }

  static byte[] compress(CompressionCodec codec, byte[] content) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = codec.createOutputStream(bytes)) {
      // uneven writes, as a record writer makes them
      int i = 0;
      int step = 1;
      while (i < content.length) {
        int n = Math.min(step, content.length - i);
        out.write(content, i, n);
        i += n;
        step = step * 3 % 70_001 + 1;
      }
    }
    return bytes.toByteArray();
  }
}
