package net.jpountz.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.testsupport.Corpus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.Checksum;
import net.jpountz.lz4.LZ4Factory;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.io.LZ4CompressionCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * Spark's own {@code LZ4CompressionCodec} (spark-core, with lz4-java excluded from its dependencies
 * in the pom, so this module is its only {@code net.jpountz}): its streams round-trip, write the
 * bytes the real lz4-java 1.8.0 writes with the codec's settings, and read and are read by lz4-java;
 * and a local Spark job shuffles through the codec.
 */
class SparkCodecTest {

  /** The seed of the XXH32 checksum in the block streams of Spark 3.5's codec ({@code defaultSeed}). */
  private static final int SPARK_SEED = 0x9747b28c;

  private static List<byte[]> corpus() throws IOException {
    List<byte[]> all = new ArrayList<>();
    for (Path f : Corpus.some("alice29.txt", "fireworks.jpeg", "google.html", "world192.txt")) {
      byte[] b = Files.readAllBytes(f);
      all.add(Arrays.copyOf(b, Math.min(b.length, 400_000)));
    }
    all.add(new byte[0]);
    return all;
  }

  private static byte[] sparkWrite(LZ4CompressionCodec codec, byte[] data) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (OutputStream out = codec.compressedOutputStream(sink)) {
      // odd-sized writes, as serializers make them
      for (int off = 0; off < data.length; off += 7001) {
        out.write(data, off, Math.min(7001, data.length - off));
      }
    }
    return sink.toByteArray();
  }

  private static byte[] sparkRead(LZ4CompressionCodec codec, byte[] z) throws IOException {
    return StreamsHelper.readAll(codec.compressedInputStream(new ByteArrayInputStream(z)));
  }

  /**
   * Spark asks for {@code fastestInstance()}: with lz4-java 1.8.0 on the application class path, as
   * in a Spark deployment, that is its JNI instance (lz4's C code); in the class loader of these
   * tests it would be its Java port, so they name the instance.
   */
  private static final String JNI = "nativeInstance";

  /** What lz4-java 1.8.0 writes with Spark's settings, with its factory {@code instance}. */
  private static byte[] realWrite(byte[] data, int blockSize, String instance) throws IOException {
    RealLz4Java real = RealLz4Java.v180();
    Object lz4 = real.invoke("net.jpountz.lz4.LZ4Factory", null, instance, new Class<?>[0]);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    OutputStream out = (OutputStream) real.construct("net.jpountz.lz4.LZ4BlockOutputStream",
        new Class<?>[] {OutputStream.class, int.class, real.type("net.jpountz.lz4.LZ4Compressor"), Checksum.class,
            boolean.class},
        sink, blockSize, real.invoke("net.jpountz.lz4.LZ4Factory", lz4, "fastCompressor", new Class<?>[0]),
        realChecksum(real), false);
    try (out) {
      out.write(data);
    }
    return sink.toByteArray();
  }

  /** lz4-java 1.8.0 reading as Spark's codec does: concatenated streams, not stopping at an end mark. */
  private static byte[] realRead(byte[] z) throws IOException {
    RealLz4Java real = RealLz4Java.v180();
    Object lz4 = real.invoke("net.jpountz.lz4.LZ4Factory", null, JNI, new Class<?>[0]);
    InputStream in = (InputStream) real.construct("net.jpountz.lz4.LZ4BlockInputStream",
        new Class<?>[] {InputStream.class, real.type("net.jpountz.lz4.LZ4FastDecompressor"), Checksum.class,
            boolean.class},
        new ByteArrayInputStream(z), real.invoke("net.jpountz.lz4.LZ4Factory", lz4, "fastDecompressor", new Class<?>[0]),
        realChecksum(real), false);
    return StreamsHelper.readAll(in);
  }

  private static Checksum realChecksum(RealLz4Java real) {
    Object xx = real.invoke("net.jpountz.xxhash.XXHashFactory", null, JNI, new Class<?>[0]);
    Object h = real.invoke("net.jpountz.xxhash.XXHashFactory", xx, "newStreamingHash32", new Class<?>[] {int.class},
        SPARK_SEED);
    return (Checksum) real.invoke("net.jpountz.xxhash.StreamingXXHash32", h, "asChecksum", new Class<?>[0]);
  }

  @Test
  void sparkRunsOnThisModulesNetJpountzOnly() throws Exception {
    // the class Spark's codec links against is this module's, and no other copy is on the class path
    ClassLoader sparks = LZ4CompressionCodec.class.getClassLoader();
    URL ours = LZ4Factory.class.getProtectionDomain().getCodeSource().getLocation();
    assertEquals(ours, Class.forName("net.jpountz.lz4.LZ4Factory", false, sparks)
        .getProtectionDomain().getCodeSource().getLocation());
    assertEquals(1, Collections.list(sparks.getResources("net/jpountz/lz4/LZ4Factory.class")).size());
    assertTrue(ours.getPath().contains("celer-lz4-java"), ours.toString());
  }

  @Test
  void codecStreamsRoundTripMatchLz4JavaByteForByteAndInteroperate() throws IOException {
    for (String blockSize : new String[] {null, "64k", "1k"}) {
      SparkConf conf = new SparkConf(false);
      if (blockSize != null) {
        conf.set("spark.io.compression.lz4.blockSize", blockSize);
      }
      LZ4CompressionCodec codec = new LZ4CompressionCodec(conf);
      int size = blockSize == null ? 32 * 1024 : (int) conf.getSizeAsBytes("spark.io.compression.lz4.blockSize");
      for (byte[] data : corpus()) {
        String what = data.length + " bytes, blockSize " + size;
        byte[] ours = sparkWrite(codec, data);
        assertArrayEquals(data, sparkRead(codec, ours), what);
        byte[] theirs = realWrite(data, size, JNI);
        // same compressor (lz4's) and checksum, same settings: the same bytes
        assertArrayEquals(theirs, ours, what);
        assertArrayEquals(data, realRead(ours), "lz4-java reads Spark-on-Celer, " + what);
        assertArrayEquals(data, sparkRead(codec, theirs), "Spark-on-Celer reads lz4-java, " + what);
        // lz4-java's Java port compresses some blocks differently; Spark-on-Celer reads those too
        byte[] port = realWrite(data, size, "fastestJavaInstance");
        assertArrayEquals(data, sparkRead(codec, port), "Spark-on-Celer reads lz4-java's Java port, " + what);
      }
    }
  }

  @Test
  void codecReadsConcatenatedStreamsAsSparkWritesThem() throws IOException {
    // Spark concatenates compressed streams (shuffle segments, merged spills) and reads them as one
    LZ4CompressionCodec codec = new LZ4CompressionCodec(new SparkConf(false));
    byte[] a = "first segment ".repeat(5000).getBytes(StandardCharsets.UTF_8);
    byte[] b = Corpus.read("alice29.txt");
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.write(sparkWrite(codec, a));
    both.write(realWrite(b, 32 * 1024, JNI));
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.write(a);
    expected.write(b);
    assertArrayEquals(expected.toByteArray(), sparkRead(codec, both.toByteArray()));
    assertArrayEquals(expected.toByteArray(), realRead(both.toByteArray()));
  }

  @Test
  void codecRefusesACorruptedStream() throws IOException {
    LZ4CompressionCodec codec = new LZ4CompressionCodec(new SparkConf(false));
    byte[] z = sparkWrite(codec, Corpus.read("alice29.txt"));
    z[z.length / 2] ^= 0x20;
    assertThrows(IOException.class, () -> sparkRead(codec, z));
  }

  /**
   * A real local Spark job with the LZ4 codec: the shuffle of a {@code reduceByKey} is written and
   * read through this module, its results are right, and the shuffle files it left decode with the
   * real lz4-java. Spark 3.5's Hadoop login needs {@code Subject.getSubject}, which JDK 23 and later
   * refuse (HADOOP-19212), so the job runs on JDK 17 to 22 only.
   */
  @Test
  @EnabledForJreRange(max = JRE.JAVA_22)
  void localJobShufflesThroughThisModule(@TempDir Path tmp) throws IOException {
    SparkConf conf = new SparkConf(false)
        .setMaster("local[2]")
        .setAppName("celer-lz4-java")
        .set("spark.io.compression.codec", "lz4")
        .set("spark.local.dir", tmp.toString())
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1");
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      words.add("word-" + (i % 1000));
    }
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      JavaPairRDD<String, Integer> counts = sc.parallelize(words, 4)
          .mapToPair(w -> new Tuple2<>(w, 1))
          .reduceByKey(Integer::sum, 3);
      List<Tuple2<String, Integer>> result = counts.collect();
      assertEquals(1000, result.size());
      for (Tuple2<String, Integer> t : result) {
        assertEquals(100, t._2(), t._1());
      }
      // the map outputs Spark left in its local directory: LZ4 block streams, one per reduce
      // partition, back to back; lz4-java reads them and finds the words
      List<Path> data;
      try (Stream<Path> s = Files.walk(tmp)) {
        data = s.filter(p -> p.getFileName().toString().matches("shuffle_.*\\.data")).collect(Collectors.toList());
      }
      assertEquals(4, data.size(), data.toString());
      for (Path p : data) {
        byte[] z = Files.readAllBytes(p);
        assertFalse(z.length == 0, p.toString());
        String raw = new String(realRead(z), StandardCharsets.ISO_8859_1);
        assertTrue(raw.contains("word-7"), p.toString());
      }
    }
  }
}
