package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
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

/** The input formats: many splits, each knowing its file's length, together every line once. JDK 17..22 (HADOOP-19212). */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class InputFormatTest {
  @TempDir java.nio.file.Path dir;
  private List<String> lines;
  private Path file;
  private long length;

  @BeforeEach
  void write() throws IOException {
    lines = TestData.lines(31, 4000);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(TestData.conf(65_536));
    byte[] compressed = TestData.compress(codec, TestData.join(lines, "\n"));
    java.nio.file.Path p = dir.resolve("in.lz4");
    Files.write(p, compressed);
    file = new Path(p.toUri());
    length = compressed.length;
  }

  @Test
  void mapreduceSplitsCarryTheLengthAndReadEveryLineOnce() throws Exception {
    Configuration conf = TestData.conf(65_536);
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 20_000);
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, file);
    SeekableLz4TextInputFormat format = new SeekableLz4TextInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() > 5, "splits: " + splits.size());
    List<String> got = new ArrayList<>();
    for (InputSplit s : splits) {
      SeekableLz4FileSplit split = assertInstanceOf(SeekableLz4FileSplit.class, s);
      assertEquals(length, split.getFileLength());
      // as the framework ships it to a task
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      split.write(new DataOutputStream(bytes));
      SeekableLz4FileSplit copy = new SeekableLz4FileSplit();
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(length, copy.getFileLength());
      assertEquals(split.getStart(), copy.getStart());
      TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<LongWritable, Text> rr = format.createRecordReader(copy, context)) {
        rr.initialize(copy, context);
        while (rr.nextKeyValue()) {
          got.add(rr.getCurrentValue().toString());
        }
      }
    }
    assertEquals(lines, got);
  }

  @Test
  void mapredSplitsCarryTheLengthAndReadEveryLineOnce() throws Exception {
    JobConf job = new JobConf(TestData.conf(65_536));
    org.apache.hadoop.mapred.FileInputFormat.setInputPaths(job, file);
    SeekableLz4MapredTextInputFormat format = new SeekableLz4MapredTextInputFormat();
    format.configure(job);
    org.apache.hadoop.mapred.InputSplit[] splits = format.getSplits(job, 12);
    assertTrue(splits.length > 5, "splits: " + splits.length);
    List<String> got = new ArrayList<>();
    for (org.apache.hadoop.mapred.InputSplit s : splits) {
      SeekableLz4MapredTextInputFormat.Split split = assertInstanceOf(SeekableLz4MapredTextInputFormat.Split.class, s);
      assertEquals(length, split.getFileLength());
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      split.write(new DataOutputStream(bytes));
      SeekableLz4MapredTextInputFormat.Split copy = new SeekableLz4MapredTextInputFormat.Split();
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(length, copy.getFileLength());
      org.apache.hadoop.mapred.RecordReader<LongWritable, Text> rr = format.getRecordReader(copy, job, Reporter.NULL);
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

  /** With the length known, a task makes no probes: fewer positioned reads than plain TextInputFormat. */
  @Test
  void theLengthSavesTheProbes() throws Exception {
    Configuration conf = TestData.conf(65_536);
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 20_000);
    conf.set("fs.file.impl", CountingFileSystemTest.CountingLocalFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, file);
    int[] reads = new int[2];
    List<InputSplit> splits = null;
    for (int f = 0; f < 2; f++) {
      org.apache.hadoop.mapreduce.lib.input.TextInputFormat format =
          f == 0 ? new org.apache.hadoop.mapreduce.lib.input.TextInputFormat() : new SeekableLz4TextInputFormat();
      splits = format.getSplits(job);
      List<String> got = new ArrayList<>();
      CountingFileSystemTest.POSITIONED.set(0);
      for (InputSplit s : splits) {
        TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
        try (RecordReader<LongWritable, Text> rr = format.createRecordReader(s, context)) {
          rr.initialize(s, context);
          while (rr.nextKeyValue()) {
            got.add(rr.getCurrentValue().toString());
          }
        }
      }
      reads[f] = CountingFileSystemTest.POSITIONED.get();
      assertEquals(lines, got);
    }
    assertTrue(reads[0] - reads[1] >= splits.size(), "positioned reads: TextInputFormat " + reads[0]
        + ", SeekableLz4TextInputFormat " + reads[1] + ", " + splits.size() + " splits");
  }
}
