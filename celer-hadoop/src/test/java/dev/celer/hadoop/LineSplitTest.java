package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop's own {@code LineRecordReader} (mapreduce and mapred) over splits of {@code .lz4} files on
 * the local file system: for many split layouts, including one-byte splits around every block
 * start, the lines of all splits together are exactly the file's lines, in order. Hadoop 3.4's
 * file system needs {@code Subject.getSubject}, which JDK 23+ refuses (HADOOP-19212), so this
 * runs on JDK 17..22.
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class LineSplitTest {
  @TempDir java.nio.file.Path dir;

  static final int BLOCK = 65_536;

  /** Lines with a line break on each side of every block boundary: LF, CR, and CRLF straddling it. */
  static List<String> linesAcrossBoundaries(StringBuilder text, boolean mixedBreaks) {
    List<String> lines = new ArrayList<>();
    List<String> src = TestData.lines(99, 6000);
    int boundary = BLOCK;
    int k = 0;
    String[] breaks = mixedBreaks ? new String[] {"\n", "\r", "\r\n"} : new String[] {"\n"};
    for (int i = 0; i < src.size(); i++) {
      String line = src.get(i);
      if (mixedBreaks && line.isEmpty()) {
        line = "e"; // an empty line after a CR would join it into one CRLF
      }
      String eol = breaks[i % breaks.length];
      if (text.length() + line.length() + eol.length() >= boundary) {
        // a filler line whose break starts at the last byte of the block
        int fill = boundary - 1 - text.length();
        if (fill >= 1) {
          String b = breaks[k++ % breaks.length];
          String f = "f" + "x".repeat(fill - 1);
          text.append(f).append(b);
          lines.add(f);
        }
        while (boundary <= text.length()) {
          boundary += BLOCK;
        }
      }
      text.append(line).append(eol);
      lines.add(line);
    }
    return lines;
  }

  private static Configuration conf() {
    return TestData.conf(BLOCK);
  }

  private Path write(String name, byte[] compressed) throws IOException {
    java.nio.file.Path p = dir.resolve(name);
    Files.write(p, compressed);
    return new Path(p.toUri());
  }

  /** Reads the splits between consecutive {@code bounds} with mapreduce's LineRecordReader. */
  static List<String> readSplits(Configuration conf, Path file, long[] bounds, int[] splitsWithLines)
      throws IOException {
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < bounds.length; i++) {
      FileSplit split = new FileSplit(file, bounds[i], bounds[i + 1] - bounds[i], null);
      LineRecordReader rr = new LineRecordReader();
      int before = out.size();
      try {
        rr.initialize(split, new TaskAttemptContextImpl(conf, new TaskAttemptID()));
        while (rr.nextKeyValue()) {
          out.add(rr.getCurrentValue().toString());
        }
      } finally {
        rr.close();
      }
      if (out.size() > before) {
        splitsWithLines[0]++;
      }
    }
    return out;
  }

  /** The same with the old mapred API's LineRecordReader (what Hive uses). */
  static List<String> readSplitsMapred(Configuration conf, Path file, long[] bounds) throws IOException {
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < bounds.length; i++) {
      org.apache.hadoop.mapred.FileSplit split =
          new org.apache.hadoop.mapred.FileSplit(file, bounds[i], bounds[i + 1] - bounds[i], (String[]) null);
      org.apache.hadoop.mapred.LineRecordReader rr = new org.apache.hadoop.mapred.LineRecordReader(conf, split);
      try {
        LongWritable key = rr.createKey();
        Text value = rr.createValue();
        while (rr.next(key, value)) {
          out.add(value.toString());
        }
      } finally {
        rr.close();
      }
    }
    return out;
  }

  static long[] fixed(long length, long size) {
    List<Long> b = new ArrayList<>();
    for (long p = 0; p < length; p += size) {
      b.add(p);
    }
    b.add(length);
    return b.stream().mapToLong(Long::longValue).toArray();
  }

  /** Splits of one byte around every block start (and over the frame header), big ones between. */
  static long[] aroundBlocks(long length, SeekIndex index) {
    TreeSet<Long> b = new TreeSet<>();
    for (long p = 0; p <= 12; p++) {
      b.add(p);
    }
    for (int i = 0; i < index.blockCount(); i++) {
      for (long d = -2; d <= 2; d++) {
        b.add(index.blockOffset(i) + d);
      }
    }
    for (long d = -2; d <= 2; d++) {
      b.add(index.dataSize() + d);
    }
    b.add(length - 1);
    b.add(length);
    return b.stream().filter(p -> p >= 0 && p <= length).mapToLong(Long::longValue).toArray();
  }

  private void checkAllLayouts(List<String> lines, byte[] compressed, String name) throws IOException {
    Configuration conf = conf();
    Path file = write(name, compressed);
    SeekIndex index;
    try (SeekableLz4Reader r = SeekableLz4Reader.open(dir.resolve(name))) {
      index = r.index();
    }
    assertTrue(index.blockCount() >= 10, index.toString());
    long len = compressed.length;
    List<long[]> layouts = new ArrayList<>();
    for (long size : new long[] {len, len / 2 + 1, 100_000, BLOCK, 30_011, 4096, 777}) {
      layouts.add(fixed(len, size));
    }
    layouts.add(aroundBlocks(len, index));
    for (long[] bounds : layouts) {
      int[] withLines = {0};
      List<String> got = readSplits(conf, file, bounds, withLines);
      String what = name + " in " + (bounds.length - 1) + " splits";
      assertEquals(lines.size(), got.size(), what);
      assertEquals(lines, got, what);
      if (bounds.length > 3) {
        assertTrue(withLines[0] > 1, what + ": more than one split reads lines");
      }
    }
    assertEquals(lines, readSplitsMapred(conf, file, fixed(len, 20_000)), name + " through mapred");
    assertEquals(lines, readSplitsMapred(conf, file, aroundBlocks(len, index)), name + " through mapred");
  }

  @Test
  void everyLineExactlyOnceWithLineFeeds() throws IOException {
    StringBuilder text = new StringBuilder();
    List<String> lines = linesAcrossBoundaries(text, false);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(conf());
    checkAllLayouts(lines, TestData.compress(codec, text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        "lf.lz4");
  }

  @Test
  void everyLineExactlyOnceWithCrAndCrLf() throws IOException {
    StringBuilder text = new StringBuilder();
    List<String> lines = linesAcrossBoundaries(text, true);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(conf());
    checkAllLayouts(lines, TestData.compress(codec, text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        "crlf.lz4");
  }

  /** Without an index (stock lz4 frames, or Hadoop's old format) the first split reads everything. */
  @Test
  void filesWithoutAnIndexAreReadOnceByTheFirstSplit() throws IOException {
    List<String> lines = TestData.lines(5, 3000);
    byte[] content = TestData.join(lines, "\n");
    java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
    try (OutputStream out = new Lz4FrameOutputStream(plain,
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build())) {
      out.write(content);
    }
    Lz4Codec hadoop = new Lz4Codec();
    hadoop.setConf(new Configuration(false));
    byte[][] files = {plain.toByteArray(), TestData.compress(hadoop, content)};
    for (int f = 0; f < files.length; f++) {
      Path file = write("plain" + f + ".lz4", files[f]);
      for (long size : new long[] {files[f].length, 65_536, 1000}) {
        int[] withLines = {0};
        assertEquals(lines, readSplits(conf(), file, fixed(files[f].length, size), withLines), "file " + f);
        assertEquals(1, withLines[0]);
      }
    }
  }
}
