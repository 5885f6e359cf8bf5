package net.jpountz.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Checksum;
import net.jpountz.compat.clients.KafkaBatches;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.junit.jupiter.api.Test;

/**
 * Real clients of lz4-java running on this module, with lz4-java excluded from their dependencies
 * (the pom): kafka-clients' record batches, Hadoop's {@code Lz4Codec} streams, and the block
 * streams with the settings of Spark's codec on lz4-java's native instances (spark-core's own codec
 * and a local job: {@link SparkCodecTest}). Each checks interop both ways with bytes the real
 * lz4-java 1.8.0 wrote.
 */
class RealClientsTest {

  static String[] values(int n, long seed) {
    Random r = new Random(seed);
    String[] v = new String[n];
    for (int i = 0; i < n; i++) {
      v[i] = "event " + i + " user=" + r.nextInt(50) + " " + "payload ".repeat(r.nextInt(40));
    }
    return v;
  }

  /**
   * The Kafka helper in a class loader that sees kafka-clients and the real lz4-java 1.8.0, not
   * this module.
   */
  private static Class<?> kafkaWithRealLz4Java() throws Exception {
    URL helper = KafkaBatches.class.getProtectionDomain().getCodeSource().getLocation();
    URL kafka = MemoryRecords.class.getProtectionDomain().getCodeSource().getLocation();
    URL slf4j = org.slf4j.LoggerFactory.class.getProtectionDomain().getCodeSource().getLocation();
    // parent: the loader of the real lz4-java, where its JNI library is already loaded (a JNI
    // library loads in one class loader only), so Kafka gets lz4-java's native instance
    ClassLoader isolated = new URLClassLoader(new URL[] {kafka, slf4j, helper}, RealLz4Java.v180().loader);
    Class<?> c = Class.forName(KafkaBatches.class.getName(), true, isolated);
    // the isolated Kafka really runs on lz4-java's classes, not on ours
    Class<?> factory = Class.forName("net.jpountz.lz4.LZ4Factory", false, isolated);
    assertEquals(RealLz4Java.v180().jar.toUri().toURL(), factory.getProtectionDomain().getCodeSource().getLocation());
    return c;
  }

  @Test
  void kafkaRecordBatchesWriteAndReadAndInteroperate() throws Exception {
    Class<?> real = kafkaWithRealLz4Java();
    Method realWrite = real.getMethod("write", int.class, String[].class);
    Method realRead = real.getMethod("read", byte[].class);
    for (int level : new int[] {9, 1, 12, 17}) {
      String[] values = values(500, level);
      byte[] ours = KafkaBatches.write(level, values);
      assertArrayEquals(values, KafkaBatches.read(ours), "level " + level);
      byte[] theirs = (byte[]) realWrite.invoke(null, level, values);
      assertArrayEquals(values, KafkaBatches.read(theirs), "ours reads lz4-java's batch, level " + level);
      assertArrayEquals(values, (String[]) realRead.invoke(null, (Object) ours), "lz4-java reads ours, level " + level);
      // the compressed batches are the same bytes: Kafka's LZ4 framing around the same compressor
      assertArrayEquals(theirs, ours, "level " + level);
    }
  }

  @Test
  void kafkaRefusesACorruptedBatch() {
    byte[] batch = KafkaBatches.write(9, values(200, 1));
    batch[batch.length - 20] ^= 0x55;
    assertThrows(RuntimeException.class, () -> KafkaBatches.read(batch));
  }

  @Test
  void hadoopLz4CodecStreamsRoundTripAndInteroperate() throws Throwable {
    Configuration conf = new Configuration(false);
    byte[] data = String.join("\n", values(3000, 7)).getBytes("UTF-8");
    for (boolean hc : new boolean[] {false, true}) {
      conf.setBoolean("io.compression.codec.lz4.use.lz4hc", hc);
      Lz4Codec codec = new Lz4Codec();
      codec.setConf(conf);
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (CompressionOutputStream out = codec.createOutputStream(sink)) {
        out.write(data, 0, 1000);
        out.write(data, 1000, data.length - 1000);
      }
      byte[] z = sink.toByteArray();
      try (CompressionInputStream in = codec.createInputStream(new ByteArrayInputStream(z))) {
        assertArrayEquals(data, StreamsHelper.readAll(in), "hc=" + hc);
      }
      // the blocks inside Hadoop's framing decode with the real lz4-java, and a stream of blocks
      // compressed by the real lz4-java decodes with Hadoop's codec on this module
      assertArrayEquals(data, decodeHadoopFramingWithRealLz4Java(z));
      byte[] theirs = hadoopFramingOfRealLz4Java(data, 256 * 1024);
      try (CompressionInputStream in = codec.createInputStream(new ByteArrayInputStream(theirs))) {
        assertArrayEquals(data, StreamsHelper.readAll(in));
      }
    }
  }

  /**
   * Hadoop's BlockCompressorStream framing: per chunk, its length (4 bytes, big-endian), then one
   * or more compressed pieces, each its length (4 bytes, big-endian) and an LZ4 block.
   */
  private static byte[] decodeHadoopFramingWithRealLz4Java(byte[] z) throws Throwable {
    RealLz4Java real = RealLz4Java.v180();
    Object f = real.invoke("net.jpountz.lz4.LZ4Factory", null, "safeInstance", new Class<?>[0]);
    Object dec = real.invoke("net.jpountz.lz4.LZ4Factory", f, "safeDecompressor", new Class<?>[0]);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(z));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (in.available() > 0) {
      int raw = in.readInt();
      int done = 0;
      while (done < raw) {
        byte[] block = new byte[in.readInt()];
        in.readFully(block);
        byte[] piece = (byte[]) real.call("net.jpountz.lz4.LZ4SafeDecompressor", dec, "decompress",
            new Class<?>[] {byte[].class, int.class}, block, raw - done);
        out.write(piece);
        done += piece.length;
      }
    }
    return out.toByteArray();
  }

  private static byte[] hadoopFramingOfRealLz4Java(byte[] data, int chunk) throws IOException {
    RealLz4Java real = RealLz4Java.v180();
    Object f = real.invoke("net.jpountz.lz4.LZ4Factory", null, "safeInstance", new Class<?>[0]);
    Object c = real.invoke("net.jpountz.lz4.LZ4Factory", f, "fastCompressor", new Class<?>[0]);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (int off = 0; off < data.length; off += chunk) {
      byte[] raw = Arrays.copyOfRange(data, off, Math.min(data.length, off + chunk));
      byte[] block = (byte[]) real.invoke("net.jpountz.lz4.LZ4Compressor", c, "compress", new Class<?>[] {byte[].class},
          (Object) raw);
      out.writeInt(raw.length);
      out.writeInt(block.length);
      out.write(block);
    }
    return bytes.toByteArray();
  }

  // Spark's LZ4CompressionCodec (spark-core 3.x/4.x): 32 KB blocks by default, the fast compressor,
  // XXH32 with seed 0x9747b28c as a Checksum, syncFlush off; reading with stopOnEmptyBlock off
  // (spark.io.compression.lz4.concatenation... read concatenated streams) and the fast decompressor.
  private static final int SPARK_SEED = 0x9747b28c;

  private static OutputStream sparkOut(OutputStream s) {
    return new LZ4BlockOutputStream(s, 32 * 1024, LZ4Factory.fastestInstance().fastCompressor(),
        XXHashFactory.fastestInstance().newStreamingHash32(SPARK_SEED).asChecksum(), false);
  }

  private static InputStream sparkIn(InputStream s) {
    return new LZ4BlockInputStream(s, LZ4Factory.fastestInstance().fastDecompressor(),
        XXHashFactory.fastestInstance().newStreamingHash32(SPARK_SEED).asChecksum(), false);
  }

  @Test
  void sparkStyleBlockStreamsInteroperateWithLz4Java() throws IOException {
    RealLz4Java real = RealLz4Java.v180();
    byte[] data = String.join(",", values(5000, 11)).getBytes("UTF-8");
    // two shuffle spills concatenated, as Spark reads them
    ByteArrayOutputStream ours = new ByteArrayOutputStream();
    for (int part = 0; part < 2; part++) {
      OutputStream out = sparkOut(nonClosing(ours));
      out.write(data);
      out.close();
    }
    byte[] twice = new byte[2 * data.length];
    System.arraycopy(data, 0, twice, 0, data.length);
    System.arraycopy(data, 0, twice, data.length, data.length);
    assertArrayEquals(twice, StreamsHelper.readAll(sparkIn(new ByteArrayInputStream(ours.toByteArray()))));

    Object rf = real.invoke("net.jpountz.lz4.LZ4Factory", null, "nativeInstance", new Class<?>[0]);
    Object rx = real.invoke("net.jpountz.xxhash.XXHashFactory", null, "nativeInstance", new Class<?>[0]);
    Object realIn = real.construct("net.jpountz.lz4.LZ4BlockInputStream",
        new Class<?>[] {InputStream.class, real.type("net.jpountz.lz4.LZ4FastDecompressor"), Checksum.class, boolean.class},
        new ByteArrayInputStream(ours.toByteArray()),
        real.invoke("net.jpountz.lz4.LZ4Factory", rf, "fastDecompressor", new Class<?>[0]),
        realChecksum(real, rx), false);
    assertArrayEquals(twice, StreamsHelper.readAll((InputStream) realIn));

    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    OutputStream realOut = (OutputStream) real.construct("net.jpountz.lz4.LZ4BlockOutputStream",
        new Class<?>[] {OutputStream.class, int.class, real.type("net.jpountz.lz4.LZ4Compressor"), Checksum.class,
            boolean.class},
        theirs, 32 * 1024, real.invoke("net.jpountz.lz4.LZ4Factory", rf, "fastCompressor", new Class<?>[0]),
        realChecksum(real, rx), false);
    realOut.write(data);
    realOut.close();
    assertArrayEquals(data, StreamsHelper.readAll(sparkIn(new ByteArrayInputStream(theirs.toByteArray()))));
    // same compressor, same settings: the same bytes
    ByteArrayOutputStream one = new ByteArrayOutputStream();
    try (OutputStream out = sparkOut(one)) {
      out.write(data);
    }
    assertArrayEquals(theirs.toByteArray(), one.toByteArray());
  }

  private static Checksum realChecksum(RealLz4Java real, Object xxFactory) {
    Object h = real.invoke("net.jpountz.xxhash.XXHashFactory", xxFactory, "newStreamingHash32",
        new Class<?>[] {int.class}, SPARK_SEED);
    return (Checksum) real.invoke("net.jpountz.xxhash.StreamingXXHash32", h, "asChecksum", new Class<?>[0]);
  }

  private static OutputStream nonClosing(OutputStream sink) {
    return new java.io.FilterOutputStream(sink) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() {}
    };
  }
}
