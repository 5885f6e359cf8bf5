/**
 * lz4-java's {@code net.jpountz.lz4} API (1.8.0, and its fork {@code at.yawk.lz4:lz4-java} up to
 * 1.14.0) implemented on Celer, for code that was written against lz4-java: swap the jar, keep
 * the code. Every factory returns Celer's bounded code; no JNI is loaded.
 *
 * <p>Start at {@link net.jpountz.lz4.LZ4Factory}:
 *
 * <pre>{@code
 * LZ4Factory factory = LZ4Factory.fastestInstance();
 * byte[] compressed = factory.fastCompressor().compress(data);
 * byte[] restored = factory.safeDecompressor().decompress(compressed, data.length);
 * }</pre>
 *
 * <p>What differs from lz4-java on purpose, and how to keep both jars off one class path: {@code
 * docs/migrating-from-lz4-java.md}. New code can use Celer's own {@code dev.celer.lz4} instead.
 */
package net.jpountz.lz4;
