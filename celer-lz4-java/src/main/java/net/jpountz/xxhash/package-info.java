/**
 * lz4-java's {@code net.jpountz.xxhash} API (XXH32 and XXH64, one-shot and streaming)
 * implemented on Celer's {@code dev.celer.xxhash}, with the same values.
 *
 * <p>Start at {@link net.jpountz.xxhash.XXHashFactory}:
 *
 * <pre>{@code
 * int h = XXHashFactory.fastestInstance().hash32().hash(data, 0, data.length, seed);
 * }</pre>
 *
 * <p>Migration notes: {@code docs/migrating-from-lz4-java.md}.
 */
package net.jpountz.xxhash;
