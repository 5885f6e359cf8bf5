package dev.celer.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.seekable.SeekableLz4Reader;
import java.nio.file.Files;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real local Spark job ({@code local[2]}, Spark 3.5 on Hadoop 3.4.1) reads a multi-block
 * seekable {@code .lz4} file with {@code sc.textFile} in many partitions: more than one task reads
 * lines, and together they return exactly the file's lines, in order. JDK 17..22 (HADOOP-19212).
 */
@EnabledForJreRange(max = JRE.JAVA_22)
class SparkJobTest {
  @TempDir java.nio.file.Path dir;

  @Test
  void textFileSplitsASeekableLz4File() throws Exception {
    List<String> lines = TestData.lines(61, 5000);
    SeekableLz4Codec codec = new SeekableLz4Codec();
    codec.setConf(TestData.conf(65_536));
    java.nio.file.Path file = dir.resolve("lines.lz4");
    Files.write(file, TestData.compress(codec, TestData.join(lines, "\n")));
    int blocks;
    try (SeekableLz4Reader r = SeekableLz4Reader.open(file)) {
      blocks = r.index().blockCount();
    }
    assertTrue(blocks > 8, "blocks: " + blocks);

    SparkConf conf = new SparkConf(false).setMaster("local[2]").setAppName("celer-seekable-lz4")
        .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
        .set("spark.local.dir", dir.resolve("spark").toString());
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      sc.hadoopConfiguration().set("io.compression.codecs", SeekableLz4Codec.class.getName());
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
  }
}
