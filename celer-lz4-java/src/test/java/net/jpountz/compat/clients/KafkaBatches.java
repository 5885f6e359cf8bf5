package net.jpountz.compat.clients;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.TimestampType;

/**
 * Kafka's own record-batch code, writing and reading LZ4-compressed batches: whatever {@code
 * net.jpountz} provider the class loader that loads this class sees (this module in the tests'
 * loader; the real lz4-java in an isolated one). Only JDK types cross the boundary.
 */
public final class KafkaBatches {
  private KafkaBatches() {}

  /** @return the bytes of one LZ4 batch holding {@code values} (Kafka's compression {@code level}) */
  public static byte[] write(int level, String[] values) {
    MemoryRecordsBuilder b = MemoryRecords.builder(
        ByteBuffer.allocate(4 << 20), Compression.lz4().level(level).build(), TimestampType.CREATE_TIME, 0L);
    for (int i = 0; i < values.length; i++) {
      b.append(1_000L + i, ("key-" + i).getBytes(StandardCharsets.UTF_8), values[i].getBytes(StandardCharsets.UTF_8));
    }
    ByteBuffer buf = b.build().buffer();
    byte[] out = new byte[buf.remaining()];
    buf.duplicate().get(out);
    return out;
  }

  /** @return the values of every record of every batch in {@code batches}, which must be LZ4 */
  public static String[] read(byte[] batches) {
    List<String> values = new ArrayList<>();
    for (RecordBatch batch : MemoryRecords.readableRecords(ByteBuffer.wrap(batches)).batches()) {
      if (batch.compressionType() != CompressionType.LZ4) {
        throw new IllegalStateException("not an LZ4 batch: " + batch.compressionType());
      }
      batch.ensureValid();
      for (Record r : batch) {
        ByteBuffer v = r.value();
        byte[] bytes = new byte[v.remaining()];
        v.get(bytes);
        values.add(new String(bytes, StandardCharsets.UTF_8));
      }
    }
    return values.toArray(new String[0]);
  }
}
