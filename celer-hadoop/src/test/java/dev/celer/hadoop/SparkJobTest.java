package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.lz4.seekable.SeekableLz4Indexer;
import dev.celer.lz4.seekable.SeekableLz4Reader;
import dev.celer.xxhash.XxHash64;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real local Spark job ({@code local[2]}, Spark 3.5.9 on Hadoop 3.4.1) reads a multi-block
 * seekable {@code .lz4} file in many partitions, through {@code sc.textFile} (the RDD API, Hadoop's
 * {@code mapred.TextInputFormat}) and {@code spark.read.text} (Spark SQL's own file scan, with
 * {@code spark.sql.files.maxPartitionBytes} of 32 KiB): more than one task reads lines, and
 * together they return exactly the file's lines, in order, with the same XXH64 as the uncompressed
 * file; and through {@code sc.hadoopFile} with the {@code mapred} input format, a stock-format
 * file split by its side-car index. One Spark session serves all three. JDK 17..22 (HADOOP-19212).
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = TestData.HADOOP_19212)
class SparkJobTest {
  @TempDir static java.nio.file.Path dir;
  private static SparkSession spark;
  private static List<String> lines;
  private static byte[] text;
  private static java.nio.file.Path file;

  @BeforeAll
  static void start() throws Exception {
    lines = TestData.lines(61, 5000);
    text = TestData.join(lines, "\n");
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(TestData.conf(65_536));
    file = dir.resolve("lines.lz4");
    Files.write(file, TestData.compress(codec, text));
    try (SeekableLz4Reader r = SeekableLz4Reader.open(file)) {
      assertTrue(r.index().blockCount() > 8, "blocks: " + r.index().blockCount());
    }
    // a file without an index of its own (as stock lz4 writes it) and its side-car, alone in a folder
    java.nio.file.Path stock = Files.createDirectories(dir.resolve("stock")).resolve("lines.lz4");
    try (java.io.OutputStream out = new Lz4FrameOutputStream(Files.newOutputStream(stock),
        Lz4FrameOptions.builder().blockSize(Lz4FrameOptions.BlockSize.SIZE_64KB).build())) {
      out.write(text);
    }
    SeekableLz4Indexer.writeSidecar(stock);
    SparkConf conf = new SparkConf(false).setMaster("local[2]").setAppName("celer-seekable-lz4")
        .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
        .set("spark.local.dir", dir.resolve("spark").toString())
        .set("spark.hadoop.io.compression.codecs", SeekableLz4Codec.class.getName())
        .set("spark.sql.files.maxPartitionBytes", "32768");
    spark = SparkSession.builder().config(conf).getOrCreate();
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  @Test
  void textFileSplitsASeekableLz4File() {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<String> rdd = sc.textFile(file.toUri().toString(), 8);
    assertTrue(rdd.getNumPartitions() > 4, "partitions: " + rdd.getNumPartitions());
    List<Integer> perPartition = rdd.mapPartitions(it -> {
      int n = 0;
      while (it.hasNext()) {
        it.next();
        n++;
      }
      return List.of(n).iterator();
    }).collect();
    assertTrue(perPartition.stream().filter(n -> n > 0).count() > 1, "tasks that read lines: " + perPartition);
    assertEquals(lines.size(), rdd.count());
    assertEquals(lines, rdd.collect());
  }

  /**
   * {@code sc.hadoopFile} with {@link SeekableLz4MapredTextInputFormat} over a folder holding a
   * stock-format {@code .lz4} file and its side-car index: the file splits, and the side-car is not
   * read as text. ({@code spark.read.text} cannot use a side-car: its reader gives the codec only a
   * stream.)
   */
  @Test
  void hadoopFileSplitsAStockLz4FileThroughItsSidecar() {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<String> rdd = sc.hadoopFile(dir.resolve("stock").toUri().toString(), SeekableLz4MapredTextInputFormat.class,
        LongWritable.class, Text.class, 8).map(kv -> kv._2().toString());
    assertTrue(rdd.getNumPartitions() > 4, "partitions: " + rdd.getNumPartitions());
    List<Integer> perPartition = rdd.mapPartitions(it -> {
      int n = 0;
      while (it.hasNext()) {
        it.next();
        n++;
      }
      return List.of(n).iterator();
    }).collect();
    assertTrue(perPartition.stream().filter(n -> n > 0).count() > 1, "tasks that read lines: " + perPartition);
    assertEquals(lines, rdd.collect());
  }

  @Test
  void readTextSplitsASeekableLz4File() {
    Dataset<Row> df = spark.read().text(file.toUri().toString());
    int partitions = df.rdd().getNumPartitions();
    assertTrue(partitions > 4, "partitions: " + partitions);
    List<Integer> perTask = df.javaRDD().mapPartitions(it -> {
      int n = 0;
      while (it.hasNext()) {
        it.next();
        n++;
      }
      return List.of(n).iterator();
    }).collect();
    assertTrue(perTask.stream().filter(n -> n > 0).count() > 1, "tasks that read lines: " + perTask);
    List<Row> rows = df.collectAsList();
    assertEquals(lines.size(), rows.size(), "rows");
    // the lines in file order, each with its line feed: the file again. (Spark packs a file's
    // splits by length, largest first, with a stable sort: equal splits keep their order and the
    // short last one comes last. Were that to change, this fails; it cannot pass wrongly.)
    ByteArrayOutputStream joined = new ByteArrayOutputStream(text.length);
    for (Row r : rows) {
      byte[] b = r.getString(0).getBytes(StandardCharsets.UTF_8);
      joined.write(b, 0, b.length);
      joined.write('\n');
    }
    assertEquals(XxHash64.hash(text), XxHash64.hash(joined.toByteArray()),
        "XXH64 of the lines read against the uncompressed file");
  }
}
