package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A whole MapReduce job in local mode (LocalJobRunner): a map-only job copies the lines of a
 * seekable {@code .lz4} file, read in many splits, to {@code .lz4} output written by the codec.
 * The map outputs, in task order, are exactly the input's lines, and stock {@code lz4 -d} reads
 * the output files. JDK 17..22 (HADOOP-19212).
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class MapReduceJobTest {
  @TempDir java.nio.file.Path dir;

  /** Emits each line as it is. */
  public static final class CopyLines extends Mapper<LongWritable, Text, Text, NullWritable> {
    @Override
    protected void map(LongWritable key, Text value, Context context) throws IOException, InterruptedException {
      context.write(value, NullWritable.get());
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void mapOnlyJobCopiesEveryLineOnce(boolean seekableFormat) throws Exception {
    List<String> lines = TestData.lines(41, 4000);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(TestData.conf(65_536));
    java.nio.file.Path input = dir.resolve("in");
    Files.createDirectories(input);
    Files.write(input.resolve("lines.lz4"), TestData.compress(codec, TestData.join(lines, "\n")));

    Configuration conf = TestData.conf(65_536);
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    conf.set("mapreduce.cluster.local.dir", dir.resolve("local").toString());
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 30_000);
    Job job = Job.getInstance(conf, "celer-lz4-copy");
    job.setJarByClass(MapReduceJobTest.class);
    job.setInputFormatClass(seekableFormat ? SeekableLz4TextInputFormat.class : TextInputFormat.class);
    job.setMapperClass(CopyLines.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.setInputPaths(job, new Path(input.toUri()));
    java.nio.file.Path output = dir.resolve("out");
    FileOutputFormat.setOutputPath(job, new Path(output.toUri()));
    FileOutputFormat.setCompressOutput(job, true);
    FileOutputFormat.setOutputCompressorClass(job, SeekableLz4Codec.class);
    assertTrue(job.waitForCompletion(false), "job succeeded");

    List<java.nio.file.Path> parts;
    try (Stream<java.nio.file.Path> s = Files.list(output)) {
      parts = s.filter(p -> p.getFileName().toString().startsWith("part-m-")).sorted().collect(Collectors.toList());
    }
    assertTrue(parts.size() > 3, "map tasks: " + parts.size());
    List<String> got = new ArrayList<>();
    int nonEmpty = 0;
    for (java.nio.file.Path part : parts) {
      assertTrue(part.toString().endsWith(".lz4"), part.toString());
      byte[] decoded;
      try (InputStream in = codec.createInputStream(Files.newInputStream(part))) {
        decoded = in.readAllBytes();
      }
      try (SeekableLz4Reader r = SeekableLz4Reader.open(part)) {
        assertEquals(decoded.length, r.size(), "the output is seekable");
      }
      String text = new String(decoded, java.nio.charset.StandardCharsets.UTF_8);
      if (!text.isEmpty()) {
        nonEmpty++;
        got.addAll(List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1));
      }
      java.nio.file.Path lz4 = java.nio.file.Path.of("/usr/bin/lz4");
      if (Files.isExecutable(lz4)) {
        Process p = new ProcessBuilder(lz4.toString(), "-d", "-c", part.toString()).start();
        byte[] stock = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertArrayEquals(decoded, stock, "lz4 -d reads " + part.getFileName());
      }
    }
    assertTrue(nonEmpty > 1, "more than one map task read lines: " + nonEmpty);
    assertEquals(lines, got);
  }
}
