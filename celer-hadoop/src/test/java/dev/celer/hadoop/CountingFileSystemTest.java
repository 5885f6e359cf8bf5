package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.seekable.SeekIndex;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.SplitCompressionInputStream;
import org.apache.hadoop.io.compress.SplittableCompressionCodec.READ_MODE;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local file system with every read of an opened file counted (each positioned read stands
 * for a GET on an object store): opening a split costs at most four small positioned reads, and a
 * whole {@code LineRecordReader} run reads each block it needs once. JDK 17..22 (HADOOP-19212).
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class CountingFileSystemTest {
  static final AtomicInteger POSITIONED = new AtomicInteger();
  static final AtomicInteger SEQUENTIAL = new AtomicInteger();

  /** {@code file:} with counted reads; registered as {@code fs.file.impl}. */
  public static final class CountingLocalFileSystem extends LocalFileSystem {
    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      return new FSDataInputStream(new Counted(super.open(f, bufferSize)));
    }
  }

  private static final class Counted extends FSInputStream {
    private final FSDataInputStream in;

    Counted(FSDataInputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      SEQUENTIAL.incrementAndGet();
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      SEQUENTIAL.incrementAndGet();
      return in.read(b, off, len);
    }

    @Override
    public int read(long position, byte[] b, int off, int len) throws IOException {
      POSITIONED.incrementAndGet();
      return in.read(position, b, off, len);
    }

    @Override
    public void readFully(long position, byte[] b, int off, int len) throws IOException {
      POSITIONED.incrementAndGet();
      in.readFully(position, b, off, len);
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }

    @Override
    public void seek(long pos) throws IOException {
      in.seek(pos);
    }

    @Override
    public long getPos() throws IOException {
      return in.getPos();
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  @TempDir java.nio.file.Path dir;

  @Test
  void splitsOpenWithFewReadsAndReadEachBlockOnce() throws IOException {
    Configuration conf = TestData.conf(65_536);
    conf.set("fs.file.impl", CountingLocalFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    List<String> lines = TestData.lines(77, 3000);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(conf);
    byte[] compressed = TestData.compress(codec, TestData.join(lines, "\n"));
    java.nio.file.Path local = dir.resolve("c.lz4");
    Files.write(local, compressed);
    SeekIndex index;
    try (SeekableLz4Reader r = SeekableLz4Reader.open(local)) {
      index = r.index();
    }
    Path file = new Path(local.toUri());
    org.apache.hadoop.fs.FileSystem fs = file.getFileSystem(conf);
    assertTrue(fs instanceof CountingLocalFileSystem, fs.getClass().getName());

    long step = compressed.length / 7 + 1;
    List<String> got = new ArrayList<>();
    for (long start = 0; start < compressed.length; start += step) {
      long end = Math.min(compressed.length, start + step);
      POSITIONED.set(0);
      SEQUENTIAL.set(0);
      try (SplitCompressionInputStream in = codec.createInputStream(fs.open(file), null, start, end, READ_MODE.BYBLOCK)) {
        assertTrue(POSITIONED.get() <= 4, "positioned reads to open [" + start + ", " + end + "): " + POSITIONED.get());
        assertTrue(POSITIONED.get() >= 1, "the counting file system is in use");
        assertEquals(0, SEQUENTIAL.get(), "no sequential reads");
        assertTrue(in.getAdjustedStart() <= in.getAdjustedEnd());
      }

      POSITIONED.set(0);
      FileSplit split = new FileSplit(file, start, end - start, null);
      LineRecordReader rr = new LineRecordReader();
      rr.initialize(split, new TaskAttemptContextImpl(conf, new TaskAttemptID()));
      try {
        while (rr.nextKeyValue()) {
          got.add(rr.getCurrentValue().toString());
        }
      } finally {
        rr.close();
      }
      int owned = 0;
      for (int i = 0; i < index.blockCount(); i++) {
        owned += index.blockOffset(i) >= start && index.blockOffset(i) < end ? 1 : 0;
      }
      // its own blocks, the blocks its last line runs into (lines reach 150 KB: 3 blocks), and the open
      assertTrue(POSITIONED.get() >= 1, "LineRecordReader opens through the counting file system");
      assertTrue(POSITIONED.get() <= 4 + owned + 4, "positioned reads for a split with " + owned + " blocks: " + POSITIONED.get());
    }
    assertEquals(lines, got);
  }
}
