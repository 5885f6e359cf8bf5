/**
 * Splittable {@code .lz4} for Hadoop, Spark and Hive: a {@code CompressionCodec} that writes
 * seekable LZ4 files ({@code docs/seekable-format.md}: standard frames plus a seek index, which
 * {@code lz4 -d} still reads) and reads any LZ4 frame file and Hadoop's own {@code Lz4Codec}
 * block format, and input formats that give each split only its own blocks.
 *
 * <p>Start at {@link dev.celer.hadoop.SeekableLz4Codec}: list it in {@code io.compression.codecs}
 * so that it wins {@code .lz4} over Hadoop's {@code Lz4Codec}.
 *
 * <pre>{@code
 * conf.set("io.compression.codecs", SeekableLz4Codec.class.getName());
 * job.setInputFormatClass(SeekableLz4TextInputFormat.class);  // also finds FILE.lz4.idx side-cars
 * }</pre>
 *
 * <p>{@link dev.celer.hadoop.SeekableLz4TextInputFormat} (MapReduce, Spark's {@code
 * newAPIHadoopFile}) and {@link dev.celer.hadoop.SeekableLz4MapredTextInputFormat} (Hive, Spark's
 * {@code hadoopFile}) pass the file length to the codec and use side-car indexes. Guide: {@code
 * docs/hadoop-spark.md}.
 */
package dev.celer.hadoop;
