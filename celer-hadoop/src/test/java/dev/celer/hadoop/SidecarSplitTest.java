package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4StreamException;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.RandomAccessSource;
import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.lz4.seekable.SeekableReadOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .lz4} file written by stock {@code lz4} (no index of its own) with a side-car index
 * {@code FILE.lz4.idx} made by {@link SeekableLz4Indexer#writeSidecar} (what {@code celer index
 * --sidecar} runs) splits: through the input formats, which find the side-car, and through the
 * codec given it ({@link SeekableLz4Codec#SIDECAR_KEY}); every line exactly once for many split
 * layouts, including one-byte splits around every block start. A side-car that does not describe
 * the file fails the split instead of being ignored. JDK 17..22 (HADOOP-19212).
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class SidecarSplitTest {
  private static final java.nio.file.Path LZ4 = java.nio.file.Path.of("/usr/bin/lz4");

  @TempDir java.nio.file.Path dir;
  private List<String> lines;
  private java.nio.file.Path data;
  private SeekIndex index;

  /**
   * Lines with breaks next to every 64 KiB of text, compressed by stock {@code lz4 -B4} (64 KiB
   * blocks) when it is installed, else by Celer's plain frame writer (also no index), and a
   * side-car index beside the file.
   */
  @BeforeEach
  void write() throws Exception {
    StringBuilder text = new StringBuilder();
    lines = LineSplitTest.linesAcrossBoundaries(text, true);
    byte[] content = text.toString().getBytes(StandardCharsets.UTF_8);
    java.nio.file.Path plain = dir.resolve("in.txt");
    Files.write(plain, content);
    data = dir.resolve("in.lz4");
    if (Files.isExecutable(LZ4)) {
      Process p = new ProcessBuilder(LZ4.toString(), "-q", "-f", "-B4", plain.toString(), data.toString())
          .redirectErrorStream(true).start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "lz4 failed");
    } else {
      try (OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(data),
          Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build())) {
        out.write(content);
      }
    }
    Files.delete(plain);
    assertEquals(Lz4StreamException.Kind.NOT_SEEKABLE,
        assertThrows(Lz4StreamException.class, () -> SeekableLz4Reader.open(data).close()).kind(), "no index of its own");
    index = SeekableLz4Indexer.writeSidecar(data);
    assertTrue(Files.exists(dir.resolve("in.lz4.idx")));
    assertTrue(index.blockCount() >= 10, index.toString());
  }

  private Path hadoopPath(java.nio.file.Path p) {
    return new Path(p.toUri());
  }

  /** The codec given the side-car, under Hadoop's own LineRecordReaders, for many split layouts. */
  @Test
  void everyLineExactlyOnceThroughTheSidecar() throws IOException {
    Configuration conf = TestData.conf(LineSplitTest.BLOCK);
    long len = Files.size(data);
    conf.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, len);
    conf.set(SeekableLz4Codec.SIDECAR_KEY, hadoopPath(dir.resolve("in.lz4.idx")).toString());
    Path file = hadoopPath(data);
    List<long[]> layouts = new ArrayList<>();
    for (long size : new long[] {len, len / 2 + 1, 30_011, 777}) {
      layouts.add(LineSplitTest.fixed(len, size));
    }
    layouts.add(LineSplitTest.aroundBlocks(len, index));
    for (long[] bounds : layouts) {
      int[] withLines = {0};
      List<String> got = LineSplitTest.readSplits(conf, file, bounds, withLines);
      String what = (bounds.length - 1) + " splits";
      assertEquals(lines.size(), got.size(), what);
      assertEquals(lines, got, what);
      if (bounds.length > 3) {
        assertTrue(withLines[0] > 1, what + ": more than one split reads lines");
      }
    }
    assertEquals(lines, LineSplitTest.readSplitsMapred(conf, file, LineSplitTest.fixed(len, 20_000)), "mapred");
    assertEquals(lines, LineSplitTest.readSplitsMapred(conf, file, LineSplitTest.aroundBlocks(len, index)), "mapred");
  }

  /**
   * Opening a split through the side-car, with the length known (as the input formats give it),
   * costs three positioned reads: the file's tail (no index there), then the tail of file and
   * side-car read as one, which spans both; no probes, no sequential reads.
   */
  @Test
  void openingASplitThroughTheSidecarCostsThreeReads() throws IOException {
    Configuration conf = TestData.conf(LineSplitTest.BLOCK);
    conf.set("fs.file.impl", CountingFileSystemTest.CountingLocalFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    long len = Files.size(data);
    conf.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, len);
    conf.set(SeekableLz4Codec.SIDECAR_KEY, hadoopPath(dir.resolve("in.lz4.idx")).toString());
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(conf);
    Path file = hadoopPath(data);
    org.apache.hadoop.fs.FileSystem fs = file.getFileSystem(conf);
    for (long start : new long[] {0, len / 3, len - 1}) {
      CountingFileSystemTest.POSITIONED.set(0);
      CountingFileSystemTest.SEQUENTIAL.set(0);
      try (SplitCompressionInputStream in = codec.createInputStream(fs.open(file), null, start, len,
          SplittableCompressionCodec.READ_MODE.BYBLOCK)) {
        assertInstanceOf(SeekableSplitInputStream.class, in);
        assertEquals(3, CountingFileSystemTest.POSITIONED.get(), "positioned reads to open a split at " + start);
        assertEquals(0, CountingFileSystemTest.SEQUENTIAL.get());
      }
    }
  }

  /**
   * The mapreduce input format over the directory: the side-car is found in the listing, left out
   * of the input, and carried by every split (through serialization, as a task gets it).
   */
  @Test
  void mapreduceInputFormatFindsTheSidecar() throws Exception {
    Configuration conf = TestData.conf(LineSplitTest.BLOCK);
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 20_000);
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, hadoopPath(dir));
    SeekableLz4TextInputFormat format = new SeekableLz4TextInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() > 5, "splits: " + splits.size());
    List<String> got = new ArrayList<>();
    int withLines = 0;
    for (InputSplit s : splits) {
      SeekableLz4FileSplit split = assertInstanceOf(SeekableLz4FileSplit.class, s);
      assertEquals("in.lz4", split.getPath().getName(), "the side-car is not an input");
      assertNotNull(split.getSidecar());
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      split.write(new DataOutputStream(bytes));
      SeekableLz4FileSplit copy = new SeekableLz4FileSplit();
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(split.getSidecar(), copy.getSidecar());
      TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      int before = got.size();
      try (RecordReader<LongWritable, Text> rr = format.createRecordReader(copy, context)) {
        rr.initialize(copy, context);
        while (rr.nextKeyValue()) {
          got.add(rr.getCurrentValue().toString());
        }
      }
      if (got.size() > before) {
        withLines++;
      }
    }
    assertEquals(lines, got);
    assertTrue(withLines > 1, "splits that read lines: " + withLines);
  }

  /** The mapred input format given the file itself: the side-car is looked up beside it. */
  @Test
  void mapredInputFormatLooksTheSidecarUp() throws Exception {
    JobConf job = new JobConf(TestData.conf(LineSplitTest.BLOCK));
    org.apache.hadoop.mapred.FileInputFormat.setInputPaths(job, hadoopPath(data));
    SeekableLz4MapredTextInputFormat format = new SeekableLz4MapredTextInputFormat();
    format.configure(job);
    org.apache.hadoop.mapred.InputSplit[] splits = format.getSplits(job, 12);
    assertTrue(splits.length > 5, "splits: " + splits.length);
    List<String> got = new ArrayList<>();
    int withLines = 0;
    for (org.apache.hadoop.mapred.InputSplit s : splits) {
      SeekableLz4MapredTextInputFormat.Split split = assertInstanceOf(SeekableLz4MapredTextInputFormat.Split.class, s);
      assertNotNull(split.getSidecar());
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      split.write(new DataOutputStream(bytes));
      SeekableLz4MapredTextInputFormat.Split copy = new SeekableLz4MapredTextInputFormat.Split();
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(split.getSidecar(), copy.getSidecar());
      org.apache.hadoop.mapred.RecordReader<LongWritable, Text> rr = format.getRecordReader(copy, job, Reporter.NULL);
      int before = got.size();
      try {
        LongWritable k = rr.createKey();
        Text v = rr.createValue();
        while (rr.next(k, v)) {
          got.add(v.toString());
        }
      } finally {
        rr.close();
      }
      if (got.size() > before) {
        withLines++;
      }
    }
    assertEquals(lines, got);
    assertTrue(withLines > 1, "splits that read lines: " + withLines);
  }

  /** Without a side-car the input format still reads the file, whole, in its first split. */
  @Test
  void withoutTheSidecarTheFirstSplitReadsAll() throws Exception {
    Files.delete(dir.resolve("in.lz4.idx"));
    JobConf job = new JobConf(TestData.conf(LineSplitTest.BLOCK));
    org.apache.hadoop.mapred.FileInputFormat.setInputPaths(job, hadoopPath(data));
    SeekableLz4MapredTextInputFormat format = new SeekableLz4MapredTextInputFormat();
    format.configure(job);
    org.apache.hadoop.mapred.InputSplit[] splits = format.getSplits(job, 12);
    List<String> got = new ArrayList<>();
    for (org.apache.hadoop.mapred.InputSplit s : splits) {
      assertNull(((SeekableLz4MapredTextInputFormat.Split) s).getSidecar());
      org.apache.hadoop.mapred.RecordReader<LongWritable, Text> rr = format.getRecordReader(s, job, Reporter.NULL);
      try {
        LongWritable k = rr.createKey();
        Text v = rr.createValue();
        while (rr.next(k, v)) {
          got.add(v.toString());
        }
      } finally {
        rr.close();
      }
    }
    assertEquals(lines, got);
  }

  /**
   * A side-car of another version of the file (here: of the file with one more line) fails every
   * split with BAD_INDEX: were it taken as "no index", the first split would read all and the
   * others nothing, while splits that saw a good side-car read their part.
   */
  @Test
  void aSidecarOfAnotherFileFailsTheSplit() throws Exception {
    java.nio.file.Path other = dir.resolve("other.lz4");
    try (OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(other),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build())) {
      out.write(TestData.join(TestData.lines(8, 3000), "\n"));
    }
    SeekableLz4Indexer.writeSidecar(other, dir.resolve("in.lz4.idx"));
    Configuration conf = TestData.conf(LineSplitTest.BLOCK);
    conf.set(SeekableLz4Codec.SIDECAR_KEY, hadoopPath(dir.resolve("in.lz4.idx")).toString());
    long len = Files.size(data);
    for (long known : new long[] {-1, len}) { // the length probed, and given as the input formats do
      conf.setLong(SeekableLz4Codec.FILE_LENGTH_KEY, known);
      for (long[] bounds : new long[][] {{0, len}, {len / 2, len}}) {
        Lz4StreamException e = assertThrows(Lz4StreamException.class,
            () -> LineSplitTest.readSplits(conf, hadoopPath(data), bounds, new int[1]));
        assertEquals(Lz4StreamException.Kind.BAD_INDEX, e.kind(), e.getMessage());
      }
    }
    // the same side-car bytes are refused by the core reader too: one rule
    try (FileChannel d = FileChannel.open(data); FileChannel i = FileChannel.open(dir.resolve("in.lz4.idx"))) {
      assertEquals(Lz4StreamException.Kind.BAD_INDEX, assertThrows(Lz4StreamException.class, () -> SeekableLz4Reader
          .open(RandomAccessSource.of(d), RandomAccessSource.of(i), SeekableReadOptions.defaults())).kind());
    }
  }
}
