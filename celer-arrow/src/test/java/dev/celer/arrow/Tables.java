package dev.celer.arrow;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The tables the tests write and read: every column kind the issue names (int, float, string,
 * binary, list, struct, dictionary-encoded), with nulls, in several batches, plus random binary
 * that does not compress; and the IPC file and stream round trips over them.
 */
final class Tables {
  private Tables() {}

  /** The dictionary of column "dict" (id 1). */
  static final long DICT_ID = 1;

  private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"};

  /** A written table: the batches' contents as TSV (Arrow's own rendering), for comparing. */
  static final class Written {
    final List<String> batches = new ArrayList<>();
    final List<String> dictionaries = new ArrayList<>();
  }

  /**
   * Writes {@code rowsPerBatch.length} batches of the test schema to {@code file} as an IPC file
   * ({@code stream == false}) or stream, compressed by {@code factory} as {@code codec} at {@code
   * level} (empty: the factory's default).
   */
  static Written write(BufferAllocator allocator, Path file, boolean stream, CompressionCodec.Factory factory,
      CodecType codec, Optional<Integer> level, int[] rowsPerBatch, long seed) throws IOException {
    Written w = new Written();
    try (VarCharVector dictVector = new VarCharVector("dict-values", allocator)) {
      dictVector.allocateNew();
      for (int i = 0; i < WORDS.length; i++) {
        dictVector.setSafe(i, WORDS[i].getBytes(StandardCharsets.UTF_8));
      }
      dictVector.setValueCount(WORDS.length);
      Dictionary dictionary = new Dictionary(dictVector, new DictionaryEncoding(DICT_ID, false, new ArrowType.Int(32, true)));
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
      w.dictionaries.add(dictVector.toString());
      Schema schema = schema();
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          var channel = Files.newByteChannel(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE);
          ArrowWriter writer = stream
              ? new ArrowStreamWriter(root, provider, channel, IpcOption.DEFAULT, factory, codec, level)
              : new ArrowFileWriter(root, provider, channel, Map.of(), IpcOption.DEFAULT, factory, codec, level)) {
        writer.start();
        Random random = new Random(seed);
        for (int b = 0; b < rowsPerBatch.length; b++) {
          fill(root, dictionary, rowsPerBatch[b], random, b);
          writer.writeBatch();
          w.batches.add(render(root));
        }
        writer.end();
      }
    }
    return w;
  }

  /** The schema: one column of each kind; "dict" holds indexes into dictionary {@link #DICT_ID}. */
  static Schema schema() {
    FieldType nullableInt = FieldType.nullable(new ArrowType.Int(32, true));
    Field list = new Field("list", FieldType.nullable(new ArrowType.List()),
        List.of(new Field("item", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    Field struct = new Field("struct", FieldType.nullable(new ArrowType.Struct()), List.of(
        new Field("a", nullableInt, null),
        new Field("b", FieldType.nullable(new ArrowType.Utf8()), null)));
    Field dict = new Field("dict", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(DICT_ID, false, new ArrowType.Int(32, true))), null);
    return new Schema(List.of(
        new Field("int", nullableInt, null),
        new Field("float", FieldType.nullable(new ArrowType.FloatingPoint(
            org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)), null),
        new Field("string", FieldType.nullable(new ArrowType.Utf8()), null),
        new Field("binary", FieldType.nullable(new ArrowType.Binary()), null),
        new Field("noise", FieldType.notNullable(new ArrowType.Binary()), null),
        new Field("seq", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        list, struct, dict));
  }

  /** Fills {@code root} with {@code rows} rows of batch {@code batch}; every 7th value is null. */
  private static void fill(VectorSchemaRoot root, Dictionary dictionary, int rows, Random random, int batch) {
    root.allocateNew();
    IntVector ints = (IntVector) root.getVector("int");
    Float8Vector floats = (Float8Vector) root.getVector("float");
    VarCharVector strings = (VarCharVector) root.getVector("string");
    VarBinaryVector binary = (VarBinaryVector) root.getVector("binary");
    VarBinaryVector noise = (VarBinaryVector) root.getVector("noise");
    BigIntVector seq = (BigIntVector) root.getVector("seq");
    ListVector list = (ListVector) root.getVector("list");
    StructVector struct = (StructVector) root.getVector("struct");
    IntVector dict = (IntVector) root.getVector("dict");
    IntVector structA = (IntVector) struct.getChild("a");
    VarCharVector structB = (VarCharVector) struct.getChild("b");
    UnionListWriter lw = list.getWriter();
    for (int i = 0; i < rows; i++) {
      boolean isNull = (i + batch) % 7 == 3;
      long v = (long) batch * 1_000_000 + i;
      if (isNull) {
        ints.setNull(i);
        floats.setNull(i);
        strings.setNull(i);
        binary.setNull(i);
        dict.setNull(i);
        struct.setNull(i);
      } else {
        ints.setSafe(i, (int) (v % 1000));
        floats.setSafe(i, v / 8.0);
        strings.setSafe(i, (WORDS[i % WORDS.length] + " " + v).getBytes(StandardCharsets.UTF_8));
        binary.setSafe(i, new byte[] {(byte) i, (byte) (i >> 8), 0, 0, 1});
        dict.setSafe(i, i % WORDS.length);
        struct.setIndexDefined(i);
        structA.setSafe(i, i % 10);
        structB.setSafe(i, WORDS[(i / 3) % WORDS.length].getBytes(StandardCharsets.UTF_8));
      }
      byte[] junk = new byte[64];
      random.nextBytes(junk);
      noise.setSafe(i, junk);
      seq.setSafe(i, v);
      lw.setPosition(i);
      if (i % 5 == 4) {
        // a null list
      } else {
        lw.startList();
        for (int k = 0; k < i % 4; k++) {
          lw.bigInt().writeBigInt(v + k);
        }
        lw.endList();
      }
    }
    root.setRowCount(rows);
    assert dictionary != null;
  }

  /** Reads every batch of {@code file} with {@code factory}; their TSV, and the dictionaries'. */
  static Written read(BufferAllocator allocator, Path file, boolean stream, CompressionCodec.Factory factory)
      throws IOException {
    return read(allocator, file, stream, factory, (root, reader) -> {});
  }

  /** As {@link #read(BufferAllocator, Path, boolean, CompressionCodec.Factory)}, calling {@code each} per batch. */
  static Written read(BufferAllocator allocator, Path file, boolean stream, CompressionCodec.Factory factory,
      BiConsumer<VectorSchemaRoot, ArrowReader> each) throws IOException {
    Written w = new Written();
    try (var channel = Files.newByteChannel(file, StandardOpenOption.READ);
        ArrowReader reader = stream
            ? new ArrowStreamReader(Channels.newInputStream(channel), allocator, factory)
            : new ArrowFileReader(channel, allocator, factory)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        w.batches.add(render(root));
        each.accept(root, reader);
      }
      for (Dictionary d : reader.getDictionaryVectors().values()) {
        w.dictionaries.add(d.getVector().toString());
      }
    }
    return w;
  }

  /** Dictionary-decodes column "dict" of {@code root} (for a readable comparison). */
  static String decodedDict(VectorSchemaRoot root, DictionaryProvider provider) {
    FieldVector indices = root.getVector("dict");
    Dictionary d = provider.lookup(indices.getField().getDictionary().getId());
    try (var values = DictionaryEncoder.decode(indices, d)) {
      return values.toString();
    }
  }

  /** The rows of {@code root} as text, byte arrays in hex (Arrow's TSV prints their identity). */
  static String render(VectorSchemaRoot root) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < root.getRowCount(); i++) {
      for (FieldVector v : root.getFieldVectors()) {
        Object o = v.getObject(i);
        if (o instanceof byte[]) {
          byte[] b = (byte[]) o;
          for (byte x : b) {
            sb.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
          }
        } else {
          sb.append(o);
        }
        sb.append('\t');
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Batch sizes of a table: several batches, one of them empty. */
  static int[] batches(int... rows) {
    return Arrays.copyOf(rows, rows.length);
  }
}
