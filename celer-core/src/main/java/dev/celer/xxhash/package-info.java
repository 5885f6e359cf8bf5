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
 * The four classes have the same shape. Static methods, which are thread-safe, hash all of a
 * {@code byte[]}, a range of it, or the remaining bytes of a {@code ByteBuffer} (heap, direct or
 * read-only; the position is kept), each with seed 0 or with a seed: {@code hash(b)}, {@code
 * hash(b, seed)}, {@code hash(b, off, len)}, {@code hash(b, off, len, seed)}, {@code hash(buf)},
 * {@code hash(buf, seed)}; XXH3 adds {@code hashWithSecret}. Instances stream, and are not
 * thread-safe: {@code create()} or {@code create(seed)}, then {@code update}, {@code digest},
 * {@code reset}. All four streaming classes extend {@link dev.celer.xxhash.StreamingHash}, for
 * code that streams without caring which hash it computes; its {@code digestBytes()} gives the
 * canonical big-endian bytes. Each class has a {@code toHex} method printing a hash exactly as
 * {@code xxhsum} does (the canonical form). Results are unsigned values carried in signed Java
 * types; XXH32's seed is an {@code int}, the others' a {@code long}.
 *
 * <p>Start at {@link dev.celer.xxhash.XxHash3} for new uses (what xxHash recommends), or at the
 * class of the hash a format prescribes (XXH32 for LZ4 frames, XXH64 for many file formats):
 *
 * <pre>{@code
 * long h = XxHash3.hash(data);
 * XxHash64 s = XxHash64.create();
 * s.update(buf, 0, n);
 * String hex = XxHash64.toHex(s.digest());
 * }</pre>
 *
 * Guide: {@code docs/guide-xxhash.md}.
 */
package dev.celer.xxhash;
