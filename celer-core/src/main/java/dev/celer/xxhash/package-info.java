/**
 * xxHash ({@code doc/xxhash_spec.md} of Cyan4973/xxHash, version 0.1.1): XXH32, XXH64, XXH3-64
 * and XXH3-128, one-shot and streaming, values equal to the reference {@code xxhsum}.
 *
 * <ul>
 *   <li>{@link dev.celer.xxhash.XxHash32} — XXH32 ({@code xxhsum -H0}), {@code int} results.
 *   <li>{@link dev.celer.xxhash.XxHash64} — XXH64 ({@code xxhsum -H1}), {@code long} results.
 *   <li>{@link dev.celer.xxhash.XxHash3} — XXH3-64 ({@code xxhsum -H3}), {@code long} results,
 *       seeded or with a custom secret.
 *   <li>{@link dev.celer.xxhash.XxHash128} — XXH3-128 ({@code xxhsum -H2}), {@link
 *       dev.celer.xxhash.Hash128} results, seeded or with a custom secret.
 * </ul>
 *
 * Each class hashes a {@code byte[]} range or the remaining bytes of a {@code ByteBuffer} (heap,
 * direct or read-only; the position is kept) through static methods, which are thread-safe, and
 * streams through instances ({@code create(...)}, {@code update}, {@code digest}, {@code reset}),
 * which are not. Each has a {@code toHex} method printing a hash exactly as {@code xxhsum} does
 * (the canonical big-endian form). Results are unsigned values carried in signed Java types.
 */
package dev.celer.xxhash;
