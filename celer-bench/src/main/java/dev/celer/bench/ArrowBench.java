package dev.celer.bench;

import dev.celer.arrow.CelerCompressionFactory;
import dev.celer.lz4.Lz4;
import dev.celer.lz4.frame.Lz4FrameOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * The Java side of celer-arrow's benchmark, run by hand through {@code scripts/arrow-bench} (never
 * in CI; tests time nothing): writes and reads the benchmark table (an uncompressed IPC file that
 * {@code arrow_bench.py source} made from the corpus) as an IPC file in memory, one thread, with
 * Celer's factory and uncompressed, and prints one line per measurement, {@code "java <what>
 * <seconds> <bytes>"}, the same as the pyarrow side.
 *
 * <p>Usage: {@code ArrowBench SOURCE.arrow ROUNDS LEVEL [blocksizes|commons|readfile=PY.arrow]}:
 * {@code readfile} times reading pyarrow's lz4 file beside Celer's own; {@code blocksizes}
 * times each frame block size instead; {@code commons} times Arrow Java's own codec on a slice of
 * at most 4 MB (its compressor is far slower), beside Celer on the same slices.
 */
public final class ArrowBench {
  private ArrowBench() {}

  /** @param args SOURCE.arrow ROUNDS LEVEL [blocksizes|commons] */
  public static void main(String[] args) throws Exception {
    Path source = Path.of(args[0]);
    int rounds = Integer.parseInt(args[1]);
    int level = Integer.parseInt(args[2]);
    String mode = args.length > 3 ? args[3] : "main";
    try (BufferAllocator allocator = new RootAllocator()) {
      String manager;
      try (org.apache.arrow.memory.ArrowBuf one = allocator.buffer(1)) {
        manager = ((org.apache.arrow.memory.BufferLedger) one.getReferenceManager()).getAllocationManager().getClass()
            .getSimpleName();
      }
      System.out.println("java backend " + Lz4.backend().replace(' ', '_') + ";_Arrow_allocation_manager:_" + manager + " 0 0");
      List<ArrowRecordBatch> batches = new ArrayList<>();
      Schema schema;
      try (FileChannel ch = FileChannel.open(source, StandardOpenOption.READ);
          ArrowFileReader r = new ArrowFileReader(ch, allocator)) {
        schema = r.getVectorSchemaRoot().getSchema();
        while (r.loadNextBatch()) {
          batches.add(new VectorUnloader(r.getVectorSchemaRoot()).getRecordBatch());
        }
      }
      long bytes = 0;
      for (ArrowRecordBatch b : batches) {
        bytes += columnBytes(b);
      }
      System.out.println("java table 0 " + bytes);
      try {
        if (mode.equals("commons")) {
          commons(allocator, schema, batches.get(0), level, rounds);
          return;
        }
        if (mode.startsWith("readfile=")) { // pyarrow's lz4 file (linked 64 KB blocks) beside Celer's own
          byte[] py = java.nio.file.Files.readAllBytes(Path.of(mode.substring("readfile=".length())));
          byte[] celer = write(allocator, schema, batches, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, level);
          for (int round = 0; round < rounds; round++) {
            long t0 = System.nanoTime();
            read(allocator, py, CelerCompressionFactory.INSTANCE);
            long t1 = System.nanoTime();
            read(allocator, celer, CelerCompressionFactory.INSTANCE);
            long t2 = System.nanoTime();
            System.out.printf("java read-pyarrow-file %.4f %d%n", (t1 - t0) / 1e9, py.length);
            System.out.printf("java read-celer-file %.4f %d%n", (t2 - t1) / 1e9, celer.length);
          }
          return;
        }
        List<String> names = new ArrayList<>();
        List<CompressionCodec.Factory> factories = new ArrayList<>();
        List<CodecType> codecs = new ArrayList<>();
        if (mode.equals("blocksizes")) {
          for (Lz4FrameOptions.BlockSize s : Lz4FrameOptions.BlockSize.values()) {
            names.add("lz4-" + s.bytes() / 1024 + "KB");
            factories.add(CelerCompressionFactory.withBlockSize(s));
            codecs.add(CodecType.LZ4_FRAME);
          }
        } else {
          names.add("lz4-1thread");
          factories.add(CelerCompressionFactory.INSTANCE);
          codecs.add(CodecType.LZ4_FRAME);
          names.add("plain-1thread");
          factories.add(CelerCompressionFactory.INSTANCE);
          codecs.add(CodecType.NO_COMPRESSION);
        }
        for (int round = 0; round < rounds; round++) {
          for (int i = 0; i < names.size(); i++) {
            measure(allocator, schema, batches, factories.get(i), codecs.get(i), level, names.get(i));
          }
        }
      } finally {
        for (ArrowRecordBatch b : batches) {
          b.close();
        }
      }
    }
  }

  /** The bytes of the batch's buffers as its IPC body lays them out (what pyarrow's {@code nbytes} counts, padded to 8). */
  static long columnBytes(ArrowRecordBatch b) {
    long n = 0;
    for (org.apache.arrow.vector.ipc.message.ArrowBuffer layout : b.getBuffersLayout()) {
      n += layout.getSize();
    }
    return n;
  }

  private static void measure(BufferAllocator allocator, Schema schema, List<ArrowRecordBatch> batches,
      CompressionCodec.Factory factory, CodecType codec, int level, String name) throws IOException {
    long t0 = System.nanoTime();
    byte[] file = write(allocator, schema, batches, factory, codec, level);
    long t1 = System.nanoTime();
    long rows = read(allocator, file, factory);
    long t2 = System.nanoTime();
    if (rows <= 0) {
      throw new AssertionError("no rows read");
    }
    System.out.printf("java write-%s %.4f %d%n", name, (t1 - t0) / 1e9, file.length);
    System.out.printf("java read-%s %.4f %d%n", name, (t2 - t1) / 1e9, file.length);
  }

  static byte[] write(BufferAllocator allocator, Schema schema, List<ArrowRecordBatch> batches,
      CompressionCodec.Factory factory, CodecType codec, int level) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ArrowFileWriter w = new ArrowFileWriter(root, null, Channels.newChannel(out), Map.of(), IpcOption.DEFAULT,
            factory, codec, Optional.of(level))) {
      VectorLoader loader = new VectorLoader(root);
      w.start();
      for (ArrowRecordBatch b : batches) {
        loader.load(b);
        w.writeBatch();
      }
      w.end();
    }
    return out.toByteArray();
  }

  static long read(BufferAllocator allocator, byte[] file, CompressionCodec.Factory factory) throws IOException {
    long rows = 0;
    try (ArrowFileReader r = new ArrowFileReader(new SeekableReadChannel(new ByteArrayReadableSeekableByteChannel(file)),
        allocator, factory)) {
      while (r.loadNextBatch()) {
        rows += r.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  /**
   * Arrow Java's own codec on slices of the first batch, Celer beside it: writing 64 KB and 256 KB
   * (its compressor is too slow for more: a 1 MB slice had not finished three writes in 4 minutes
   * on a busy machine), reading 4 MB that Celer wrote.
   */
  private static void commons(BufferAllocator allocator, Schema schema, ArrowRecordBatch first, int level, int rounds)
      throws IOException {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      new VectorLoader(root).load(first);
      for (int target : new int[] {64 << 10, 256 << 10, 4 << 20}) {
        int rows = root.getRowCount();
        long perRow = Math.max(1, columnBytes(first) / rows);
        try (VectorSchemaRoot slice = root.slice(0, (int) Math.min(rows, target / perRow))) {
          List<ArrowRecordBatch> one = List.of(new VectorUnloader(slice).getRecordBatch());
          try {
            long size = columnBytes(one.get(0));
            for (int round = 0; round < rounds; round++) {
              if (target < 4 << 20) { // the slow compressor: small slices
                measure(allocator, schema, one, CommonsCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, level,
                    "commons-" + size);
              } else { // reading 4 MB Celer wrote
                byte[] file = write(allocator, schema, one, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, level);
                long t0 = System.nanoTime();
                read(allocator, file, CommonsCompressionFactory.INSTANCE);
                long t1 = System.nanoTime();
                System.out.printf("java read-commons-%d %.4f %d%n", size, (t1 - t0) / 1e9, file.length);
              }
              measure(allocator, schema, one, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, level, "lz4-" + size);
            }
          } finally {
            one.get(0).close();
          }
        }
      }
    }
  }
}
